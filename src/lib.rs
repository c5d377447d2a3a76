//! raidctl: typed models, parsers, backends, workflows and tooling for LSI/Broadcom MegaRAID and
//! Dell PERC controllers.

pub mod model;
pub mod parse;
