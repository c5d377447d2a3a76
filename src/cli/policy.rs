//! The new-VD policy flags of `ld create`, `ld set` and `osd-prep`: the choices of
//! [`crate::workflow::vdpolicy`] as a command line takes them.

use crate::workflow::vdpolicy::{
    CacheChoices, IoChoice, PdCacheChoice, PolicyChoices, ReadChoice, WriteChoice,
};

/// The cache options of `ld create`, `ld set` and `osd-prep`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
pub struct CacheArgs {
    /// Write policy: auto (write-back when the adapter's battery or CacheVault is healthy,
    /// else write-through; the default of ld create and osd-prep), wt or wb.
    #[arg(long, value_enum, value_name = "POLICY")]
    pub write: Option<WriteChoice>,
    /// Read-ahead: nora (the default of ld create and osd-prep), ra or adra.
    #[arg(long, value_enum, value_name = "POLICY")]
    pub read: Option<ReadChoice>,
    /// I/O policy: direct (the default of ld create and osd-prep) or cached.
    #[arg(long, value_enum, value_name = "POLICY")]
    pub io: Option<IoChoice>,
    /// The drives' own write cache: on, off, or default (left as the drive has it: the
    /// default of ld create and osd-prep).
    #[arg(long, value_enum, value_name = "POLICY")]
    pub pdcache: Option<PdCacheChoice>,
}

/// The options of a new VD: its cache options and strip size.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct PolicyArgs {
    /// Cache options.
    #[command(flatten)]
    pub cache: CacheArgs,
    /// Strip size in KiB: 8, 16, 32, 64, 128, 256, 512 or 1024 (default: the controller's).
    #[arg(long, value_name = "KIB", value_parser = crate::workflow::vdpolicy::strip_kib)]
    pub strip: Option<u32>,
}

impl From<CacheArgs> for CacheChoices {
    fn from(a: CacheArgs) -> Self {
        Self {
            write: a.write,
            read: a.read,
            io: a.io,
            pdcache: a.pdcache,
        }
    }
}

impl From<PolicyArgs> for PolicyChoices {
    fn from(a: PolicyArgs) -> Self {
        Self {
            cache: a.cache.into(),
            strip: a.strip,
        }
    }
}
