//! Exit statuses, documented in docs/commands.md ("Exit status") and the man page.

/// What raidctl's process exit status means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    /// Success; for `status`/`check`, nothing needs attention.
    Ok = 0,
    /// Completed, and found problems of warning severity (Nagios WARNING).
    Warning = 1,
    /// An error (bad input, a failed vendor call) or, for `status`/`check`, a critical problem.
    Error = 2,
    /// The state could not be determined (Nagios UNKNOWN): vendor tool missing, hung or silent.
    Unknown = 3,
    /// `status`/`check --from-bundle`: the bundle is not what its manifest says (a hash that
    /// does not match, a missing, unlisted or duplicated file, a cut archive).
    IntegrityFailed = 4,
    /// Interrupted by the operator (SIGINT).
    Interrupted = 130,
}

impl ExitStatus {
    /// The numeric status.
    pub fn code(self) -> i32 {
        self as i32
    }
}
