//! The `ceph-volume` half of the client: runs it with the client's configuration (attached or
//! detached), and reads its `lvm list` / `raw list` answers entry by entry.

use super::{Ceph, CephError, display_argv, first_error};
use crate::backend::runner::{CmdOutput, RunError};
use crate::ceph::answers;
use crate::ceph::types::{LvmList, RawList};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

impl Ceph {
    /// Runs `ceph-volume ARGS` (with `CEPH_CONF` pointing at the client's configuration,
    /// see [`Ceph::child_env`]) and requires exit 0.
    ///
    /// # Errors
    /// See [`CephError`]; `Refused` carries the tail of ceph-volume's output.
    pub fn ceph_volume(&self, args: &[String], deadline: Duration) -> Result<CmdOutput, CephError> {
        self.ceph_volume_to(args, deadline, None)
    }

    /// [`Self::ceph_volume`], detached from raidctl when `log` is given
    /// ([`crate::backend::runner::Sink::Detached`]): its output goes to `log` and killing
    /// raidctl does not kill it.
    fn ceph_volume_to(
        &self,
        args: &[String],
        deadline: Duration,
        log: Option<&Path>,
    ) -> Result<CmdOutput, CephError> {
        let (prog, args) = self.volume_argv(args)?;
        let args = &args[..];
        let out = match log {
            None => self.run_program(&prog, args, deadline)?,
            Some(log) => {
                let line = display_argv(&prog, args);
                match self.runner.run_detached(&prog, args, deadline, log) {
                    Ok(out) => out,
                    Err(RunError::Spawn { .. }) => {
                        return Err(CephError::NotInstalled {
                            program: prog.display().to_string(),
                        });
                    }
                    Err(RunError::Timeout { secs, .. }) => {
                        return Err(CephError::Timeout { argv: line, secs });
                    }
                    Err(e @ (RunError::Crashed { .. } | RunError::Cut { .. })) => {
                        return Err(CephError::Failed {
                            argv: line,
                            reason: e.to_string(),
                        });
                    }
                }
            }
        };
        if out.status == Some(0) {
            return Ok(out);
        }
        let text = format!("{}\n{}", out.stdout, out.stderr);
        let tail: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let mut message = tail
            .iter()
            .rev()
            .take(4)
            .rev()
            .copied()
            .collect::<Vec<_>>()
            .join(" | ");
        // The cause is usually the first error line, long before the tail (ceph-volume's
        // rollback and its traceback come after it).
        if let Some(first) = first_error(&tail) {
            if !message.contains(first) {
                message = format!("{first} | … | {message}");
            }
        }
        Err(CephError::Refused {
            argv: display_argv(&prog, args),
            code: out.status.unwrap_or(-1),
            errno: None,
            message,
        })
    }

    fn volume_json<T: DeserializeOwned + Default>(&self, args: &[&str]) -> Result<T, CephError> {
        let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        let out = self.ceph_volume(&args, self.opts.timeout)?;
        answers::volume_json(&out)
    }

    /// `ceph-volume lvm list --format json`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn lvm_list(&self) -> Result<LvmList, CephError> {
        self.volume_json(&["lvm", "list", "--format", "json"])
    }

    /// `ceph-volume raw list --format json`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn raw_list(&self) -> Result<RawList, CephError> {
        self.volume_json(&["raw", "list", "--format", "json"])
    }

    /// `ceph-volume lvm list` read entry by entry for the status join: a malformed OSD entry
    /// costs a note naming it, and the other OSDs are still placed. (The workflows use the
    /// strict [`Self::lvm_list`]: an entry they cannot read might be the one on their device.)
    ///
    /// # Errors
    /// ceph-volume fails or its output is not a JSON object.
    pub fn lvm_list_entries(&self) -> Result<(LvmList, Vec<String>), CephError> {
        self.volume_entries(&["lvm", "list", "--format", "json"])
    }

    /// `ceph-volume raw list` read entry by entry; see [`Self::lvm_list_entries`].
    ///
    /// # Errors
    /// ceph-volume fails or its output is not a JSON object.
    pub fn raw_list_entries(&self) -> Result<(RawList, Vec<String>), CephError> {
        self.volume_entries(&["raw", "list", "--format", "json"])
    }

    fn volume_entries<V: DeserializeOwned>(
        &self,
        args: &[&str],
    ) -> Result<(BTreeMap<String, V>, Vec<String>), CephError> {
        let owned: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        let out = self.ceph_volume(&owned, self.opts.timeout)?;
        answers::volume_entries(&out, &format!("ceph-volume {}", args[..2].join(" ")))
    }

    /// Runs one step of a [`super::volume::VolumePlan`] (its argument vector).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn run_volume_step(&self, args: &[String]) -> Result<CmdOutput, CephError> {
        self.ceph_volume(args, self.opts.volume_timeout)
    }

    /// [`Self::run_volume_step`] detached from raidctl, its output in `log`: a prepare that
    /// raidctl's death would cut leaves an OSD id half-made (`exists,new`), since ceph-volume's
    /// rollback dies of the broken pipe too.
    ///
    /// # Errors
    /// As [`Self::run_volume_step`].
    pub fn run_volume_detached(&self, args: &[String], log: &Path) -> Result<CmdOutput, CephError> {
        self.ceph_volume_to(args, self.opts.volume_timeout, Some(log))
    }
}
