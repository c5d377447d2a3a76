//! cephadm's side of the client: `ceph-volume` run as `cephadm ceph-volume` (a cephadm host
//! has none of its own: it lives in the Ceph image) and the orchestrator's commands a
//! replacement of a cephadm OSD takes (`ceph orch osd rm --replace` and its status,
//! `ceph orch device ls|zap`, `ceph cephadm osd activate`). Every call goes through the same
//! runner and deadlines as the rest of [`Ceph`].

use super::answers;
use super::client::{Ceph, CephError};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// How `ceph-volume` is reached on a cephadm host: `cephadm ceph-volume --fsid F --config C
/// [--keyring K] -- ARGS` (the keyring only where ceph-volume creates an OSD:
/// `client.bootstrap-osd`'s).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CephadmVolume {
    /// The cluster's fsid (cephadm refuses a conf of another cluster).
    pub fsid: String,
    /// The keyring passed to the container.
    pub keyring: Option<PathBuf>,
    /// The cluster's Ceph image (`ceph config get osd container_image`): without it cephadm
    /// takes the newest local image labelled as Ceph's, or pulls its default.
    pub image: Option<String>,
}

/// The answer `ceph orch osd rm status` gives for an empty queue, whatever the format asked.
const NO_REMOVALS: &str = "No OSD remove/replace operations reported";

/// One OSD in the orchestrator's removal queue (`ceph orch osd rm status -f json`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Removal {
    /// The OSD id.
    pub osd_id: u32,
    /// The removal has begun.
    #[serde(default)]
    pub started: bool,
    /// Its data is being moved off.
    #[serde(default)]
    pub draining: bool,
    /// `ceph orch osd rm stop` stopped it.
    #[serde(default)]
    pub stopped: bool,
    /// `--replace`: the id is kept `destroyed`.
    #[serde(default)]
    pub replace: bool,
    /// The host the OSD is on.
    #[serde(default)]
    pub hostname: Option<String>,
}

/// Reads `ceph orch osd rm status -f json`: the queue, empty when the orchestrator says so
/// in words (it does, even when JSON was asked for).
///
/// # Errors
/// Anything else than a JSON list of removals or that sentence.
pub fn removals(out: &crate::backend::runner::CmdOutput) -> Result<Vec<Removal>, CephError> {
    if out.stdout.trim() == NO_REMOVALS {
        return Ok(Vec::new());
    }
    answers::json(out)
}

/// The device paths `ceph orch device ls HOST -f json` lists for `host`.
///
/// # Errors
/// The answer is not the orchestrator's list of hosts with their devices.
pub fn device_paths(
    out: &crate::backend::runner::CmdOutput,
    host: &str,
) -> Result<Vec<String>, CephError> {
    #[derive(Deserialize)]
    struct Dev {
        path: String,
    }
    #[derive(Deserialize)]
    struct Host {
        name: String,
        #[serde(default)]
        devices: Vec<Dev>,
    }
    let hosts: Vec<Host> = answers::json(out)?;
    Ok(hosts
        .into_iter()
        .filter(|h| h.name == host)
        .flat_map(|h| h.devices.into_iter().map(|d| d.path))
        .collect())
}

impl Ceph {
    /// This client with `ceph-volume` run through `cephadm ceph-volume` for cluster `fsid`.
    #[must_use]
    pub fn via_cephadm(&self, fsid: &str, keyring: Option<PathBuf>) -> Self {
        let mut c = self.clone();
        let image = self.cephadm_volume().and_then(|v| v.image.clone());
        c.set_cephadm(Some(CephadmVolume {
            fsid: fsid.to_owned(),
            keyring,
            image,
        }));
        c
    }

    /// This client's `cephadm ceph-volume` route with the cluster's image, as the orchestrator
    /// runs it (`ceph config get osd container_image`); unchanged when Ceph does not say.
    #[must_use]
    pub fn with_cluster_image(mut self) -> Self {
        let Some(mut v) = self.cephadm_volume().cloned() else {
            return self;
        };
        if v.image.is_none() {
            v.image = self
                .ceph_ok(&["config", "get", "osd", "container_image"])
                .ok()
                .map(|i| i.trim().to_owned())
                .filter(|i| !i.is_empty() && !i.contains(char::is_whitespace));
            self.set_cephadm(Some(v));
        }
        self
    }

    /// The program and arguments of a `ceph-volume ARGS` call: the host's ceph-volume, or
    /// `cephadm ceph-volume ... -- ARGS`.
    pub fn volume_argv(&self, args: &[String]) -> Result<(PathBuf, Vec<String>), CephError> {
        let Some(v) = self.cephadm_volume() else {
            let prog = self
                .which("ceph-volume")
                .ok_or_else(|| CephError::NotInstalled {
                    program: "ceph-volume".into(),
                })?;
            return Ok((prog, args.to_vec()));
        };
        let prog = self
            .which("cephadm")
            .ok_or_else(|| CephError::NotInstalled {
                program: "cephadm".into(),
            })?;
        let mut v2 = Vec::new();
        if let Some(i) = &v.image {
            v2.push("--image".to_owned());
            v2.push(i.clone());
        }
        v2.extend([
            "ceph-volume".to_owned(),
            "--fsid".into(),
            v.fsid.clone(),
            "--config".into(),
            self.conf().display().to_string(),
        ]);
        if let Some(k) = &v.keyring {
            v2.push("--keyring".into());
            v2.push(k.display().to_string());
        }
        v2.push("--".into());
        v2.extend(args.iter().cloned());
        Ok((prog, v2))
    }

    /// `ceph orch osd rm N --replace`: the orchestrator marks the OSD out, waits until it is
    /// safe to destroy, removes its daemon and destroys it, keeping the id.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn orch_osd_rm_replace(&self, id: u32) -> Result<String, CephError> {
        self.ceph_ok(&["orch", "osd", "rm", &id.to_string(), "--replace"])
    }

    /// `ceph orch osd rm status`.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn orch_osd_rm_status(&self) -> Result<Vec<Removal>, CephError> {
        let out = self.ceph_raw(&["orch", "osd", "rm", "status"], true)?;
        answers::check(&out)?;
        removals(&out)
    }

    /// The devices the orchestrator knows on `host` (`refresh`: ask it to look again first).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn orch_device_paths(&self, host: &str, refresh: bool) -> Result<Vec<String>, CephError> {
        let mut args = vec!["orch", "device", "ls", host];
        if refresh {
            args.push("--refresh");
        }
        let out = self.ceph_raw(&args, true)?;
        answers::check(&out)?;
        device_paths(&out, host)
    }

    /// `ceph orch device zap HOST DEV --force` (the orchestrator refuses a device an OSD of
    /// its cluster is active on).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn orch_device_zap(&self, host: &str, dev: &Path) -> Result<String, CephError> {
        self.ceph_ok(&[
            "orch",
            "device",
            "zap",
            host,
            &dev.display().to_string(),
            "--force",
        ])
    }

    /// `ceph cephadm osd activate HOST`: the orchestrator deploys a daemon for every OSD
    /// ceph-volume finds prepared on the host.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn cephadm_osd_activate(&self, host: &str) -> Result<String, CephError> {
        self.ceph_ok(&["cephadm", "osd", "activate", host])
    }

    /// `ceph orch daemon add osd HOST:DEV lvm` (the orchestrator reuses the host's destroyed
    /// id).
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn orch_daemon_add_osd(&self, host: &str, dev: &Path) -> Result<String, CephError> {
        self.ceph_ok(&[
            "orch",
            "daemon",
            "add",
            "osd",
            &format!("{host}:{}", dev.display()),
            "lvm",
        ])
    }

    /// `ceph auth get ENTITY`: the keyring text.
    ///
    /// # Errors
    /// See [`CephError`].
    pub fn auth_get(&self, entity: &str) -> Result<String, CephError> {
        let out = self.ceph_raw(&["auth", "get", entity], false)?;
        answers::check(&out)?;
        Ok(out.stdout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::runner::CmdOutput;

    fn out(stdout: &str) -> CmdOutput {
        CmdOutput {
            argv: vec!["ceph".into()],
            stdout: stdout.into(),
            status: Some(0),
            ..CmdOutput::default()
        }
    }

    #[test]
    fn the_removal_queue_in_json_and_in_words() {
        assert!(removals(&out(NO_REMOVALS)).unwrap().is_empty());
        let q = removals(&out(
            r#"[{"osd_id": 1, "started": true, "draining": true, "stopped": false, "replace": true, "force": false, "zap": false, "hostname": "cephnode1", "drain_started_at": "2026-12-06T03:00:00.000000Z", "drain_stopped_at": null, "drain_done_at": null, "process_started_at": "2026-12-06T02:59:00.000000Z"}]"#,
        ))
        .unwrap();
        assert_eq!(q.len(), 1);
        assert!(q[0].replace && q[0].draining && q[0].osd_id == 1);
        // Anything else is not an empty queue.
        assert!(removals(&out("Error: the orchestrator is busy")).is_err());
    }

    #[test]
    fn devices_of_one_host_only() {
        let o = out(
            r#"[{"addr": "127.0.0.1", "name": "cephnode1", "labels": [], "devices": [{"path": "/dev/loop3", "available": true}]},
                {"addr": "10.0.0.2", "name": "other", "devices": [{"path": "/dev/sdb"}]}]"#,
        );
        assert_eq!(device_paths(&o, "cephnode1").unwrap(), vec!["/dev/loop3"]);
        assert!(device_paths(&o, "nohost").unwrap().is_empty());
        assert!(device_paths(&out("{}"), "cephnode1").is_err());
    }

    #[test]
    fn ceph_volume_through_cephadm() {
        use std::os::unix::fs::PermissionsExt;
        let bin = tempfile::tempdir().unwrap();
        let adm = bin.path().join("cephadm");
        std::fs::write(&adm, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&adm, std::fs::Permissions::from_mode(0o755)).unwrap();
        let c = Ceph::new(crate::ceph::CephOptions {
            conf: Some("/etc/ceph/ceph.conf".into()),
            path: Some(bin.path().as_os_str().to_owned()),
            ..crate::ceph::CephOptions::default()
        });
        let (prog, args) = c
            .via_cephadm("f00", Some("/run/k".into()))
            .volume_argv(&["raw".into(), "list".into()])
            .unwrap();
        assert_eq!(prog, adm);
        assert_eq!(
            args.join(" "),
            "ceph-volume --fsid f00 --config /etc/ceph/ceph.conf --keyring /run/k -- raw list"
        );
    }
}
