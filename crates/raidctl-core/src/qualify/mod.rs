//! Pre-OSD disk qualification (`raidctl qualify`, `raidctl osd-prep`): a native O_DIRECT I/O
//! engine, device identification, safety checks, SMART health gates, the performance suite,
//! verdicts with rule ids, peer comparison, and exports (JSON, CSV, Markdown, SVG).
//!
//! Reference: `support-bundle-and-qualification.md` section B (recipes B.5, gates B.6, peer
//! outliers B.7, host-bound detection B.3).

pub mod cache;
pub mod compare;
pub mod device;
pub mod engine;
pub mod fleet;
pub mod hist;
pub mod html;
pub mod osdprep;
pub mod precondition;
mod prep_change;
pub mod profile;
pub mod repeat;
pub mod report;
pub mod result;
pub mod run;
pub mod safety;
pub mod selftest;
pub mod smart;
pub mod suite;
pub mod verdict;

pub use suite::ProfileKind;
