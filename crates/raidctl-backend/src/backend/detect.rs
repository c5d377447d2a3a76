//! Backend selection: which vendor tool fits which controller, from the controller's PCI ID and
//! kernel driver and the tools installed. `raidctl doctor` prints the reasoning.

use serde::Serialize;
use std::path::{Path, PathBuf};

/// A vendor tool raidctl can drive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Tool {
    /// LSI MegaCli (frozen since 2013; SAS2/SAS3 MegaRAID).
    Megacli,
    /// Broadcom storcli (SAS3/SAS3.5 MegaRAID).
    Storcli,
    /// Dell perccli (PERC 9/10/11, storcli syntax).
    Perccli,
    /// Broadcom storcli2 (SAS4 on mpi3mr).
    Storcli2,
    /// Dell perccli2 (PERC 12 on mpi3mr).
    Perccli2,
    /// Dell OpenManage omreport/omconfig.
    Omreport,
}

impl Tool {
    /// Binary names to look for, in order.
    pub fn binaries(self) -> &'static [&'static str] {
        match self {
            Tool::Megacli => &["MegaCli64", "MegaCli", "megacli"],
            Tool::Storcli => &["storcli64", "storcli"],
            Tool::Perccli => &["perccli64", "perccli"],
            Tool::Storcli2 => &["storcli2"],
            Tool::Perccli2 => &["perccli2"],
            Tool::Omreport => &["omreport"],
        }
    }

    /// Where the vendor packages install it besides `PATH`.
    pub fn install_dirs(self) -> &'static [&'static str] {
        match self {
            Tool::Megacli => &["/opt/MegaRAID/MegaCli"],
            Tool::Storcli | Tool::Storcli2 => &["/opt/MegaRAID/storcli", "/opt/MegaRAID/storcli2"],
            Tool::Perccli | Tool::Perccli2 => &["/opt/MegaRAID/perccli", "/opt/MegaRAID/perccli2"],
            Tool::Omreport => &["/opt/dell/srvadmin/bin"],
        }
    }
}

/// A RAID controller seen on the PCI bus.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Controller {
    /// PCI address, e.g. `0000:03:00.0`.
    pub address: String,
    /// Vendor id (0x1000 is LSI/Broadcom).
    pub vendor: u16,
    /// Device id.
    pub device: u16,
    /// Subsystem vendor (0x1028 is Dell).
    pub subsystem_vendor: u16,
    /// Kernel driver bound to it.
    pub driver: Option<String>,
}

/// The generation of a controller, which decides the tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// SAS2 (2108/2208) MegaRAID: MegaCli or storcli.
    MegaraidSas2,
    /// SAS3/3.5 MegaRAID (3108, 3316, 35xx...): storcli (MegaCli only partly).
    MegaraidSas3,
    /// SAS4 tri-mode on mpi3mr (SAS40xx): storcli2/perccli2 only.
    Mpi3mr,
    /// A plain HBA (mpt3sas): no RAID tool needed.
    Hba,
    /// Not an LSI/Broadcom RAID device raidctl knows.
    Other,
}

/// Classifies a controller by driver first (what the kernel decided), then by device id.
pub fn family(c: &Controller) -> Family {
    match c.driver.as_deref() {
        Some("mpi3mr") => return Family::Mpi3mr,
        Some("mpt3sas" | "mpt2sas") => return Family::Hba,
        _ => {}
    }
    if c.vendor != 0x1000 {
        return Family::Other;
    }
    match c.device {
        0x0060 | 0x0078 | 0x0079 | 0x005b | 0x0073 | 0x0071 => Family::MegaraidSas2,
        0x005d | 0x005f | 0x00ce | 0x00cf | 0x0016..=0x001c | 0x10e0..=0x10e7 => {
            Family::MegaraidSas3
        }
        0x00a5 | 0x00b2 | 0x00b3 => Family::Mpi3mr,
        0x0097 | 0x0086 | 0x00ab | 0x00ac | 0x00ae | 0x00af | 0x00c0..=0x00c9 | 0x00e0..=0x00e7 => {
            Family::Hba
        }
        _ if c.driver.as_deref() == Some("megaraid_sas") => Family::MegaraidSas3,
        _ => Family::Other,
    }
}

/// Tools that can drive a family, best first; Dell controllers prefer the Dell builds.
pub fn suitable(family: Family, dell: bool) -> Vec<Tool> {
    match (family, dell) {
        (Family::MegaraidSas2, true) => {
            vec![Tool::Perccli, Tool::Megacli, Tool::Storcli, Tool::Omreport]
        }
        (Family::MegaraidSas2, false) => vec![Tool::Storcli, Tool::Megacli],
        (Family::MegaraidSas3, true) => {
            vec![Tool::Perccli, Tool::Storcli, Tool::Omreport, Tool::Megacli]
        }
        (Family::MegaraidSas3, false) => vec![Tool::Storcli, Tool::Megacli],
        (Family::Mpi3mr, true) => vec![Tool::Perccli2, Tool::Storcli2, Tool::Omreport],
        (Family::Mpi3mr, false) => vec![Tool::Storcli2],
        (Family::Hba | Family::Other, _) => Vec::new(),
    }
}

/// The decision and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The tool raidctl will use, if any.
    pub tool: Option<Tool>,
    /// Its path.
    pub path: Option<PathBuf>,
    /// One line per controller and tool explaining the choice or what is missing.
    pub reasons: Vec<String>,
}

/// When no controller on the PCI bus is a MegaRAID/PERC: what is there instead, in one line
/// (a plain HBA such as an HBA330 on mpt3sas, the common Ceph node, has nothing to manage).
pub fn nothing_to_manage(controllers: &[Controller]) -> Option<String> {
    if controllers
        .iter()
        .any(|c| !matches!(family(c), Family::Hba | Family::Other))
    {
        return None;
    }
    if controllers.is_empty() {
        return Some("no storage controller on the PCI bus".into());
    }
    let seen: Vec<String> = controllers
        .iter()
        .take(8)
        .map(|c| {
            format!(
                "{} [{:04x}:{:04x}] on {}",
                c.address,
                c.vendor,
                c.device,
                c.driver.as_deref().unwrap_or("no driver")
            )
        })
        .collect();
    Some(format!(
        "no MegaRAID/PERC controller, only {}",
        crate::escape::escape(&seen.join(", "))
    ))
}

/// Picks one tool for all controllers (the first that suits every RAID controller and is
/// installed), explaining each step.
pub fn choose(controllers: &[Controller], installed: &[(Tool, PathBuf)]) -> Choice {
    let mut reasons = Vec::new();
    let raid: Vec<(&Controller, Family)> = controllers
        .iter()
        .map(|c| (c, family(c)))
        .filter(|(_, f)| !matches!(f, Family::Hba | Family::Other))
        .collect();
    for c in controllers {
        let f = family(c);
        reasons.push(format!(
            "{} [{:04x}:{:04x}, subsystem {:04x}] on {}: {}",
            c.address,
            c.vendor,
            c.device,
            c.subsystem_vendor,
            c.driver.as_deref().unwrap_or("no driver"),
            match f {
                Family::MegaraidSas2 => "SAS2 MegaRAID (MegaCli, storcli or perccli)",
                Family::MegaraidSas3 => "SAS3 MegaRAID (storcli or perccli; MegaCli only partly)",
                Family::Mpi3mr => "SAS4 tri-mode on mpi3mr (storcli2 or perccli2 only)",
                Family::Hba => "an HBA without RAID (nothing to manage)",
                Family::Other => "not a MegaRAID controller raidctl knows",
            }
        ));
    }
    if raid.is_empty() {
        reasons.push("no MegaRAID controller found on the PCI bus".into());
        let fallback = installed
            .iter()
            .find(|(t, _)| *t == Tool::Megacli)
            .or_else(|| installed.first());
        // Say so: a tool may still see a controller that sysfs does not show (a container, a
        // driver bound late), and the operator should know which one raidctl will ask.
        if let Some((t, p)) = fallback {
            reasons.push(format!(
                "using {} at {} anyway (MegaCli first)",
                format!("{t:?}").to_lowercase(),
                p.display()
            ));
        }
        return Choice {
            tool: fallback.map(|(t, _)| *t),
            path: fallback.map(|(_, p)| p.clone()),
            reasons,
        };
    }
    let mut candidates: Option<Vec<Tool>> = None;
    for (c, f) in &raid {
        let fits = suitable(*f, c.subsystem_vendor == 0x1028);
        candidates = Some(match candidates {
            None => fits,
            Some(prev) => prev.into_iter().filter(|t| fits.contains(t)).collect(),
        });
    }
    let candidates = candidates.unwrap_or_default();
    for t in &candidates {
        if let Some((_, p)) = installed.iter().find(|(i, _)| i == t) {
            // The tool's name in lower case, the path as it is.
            let name = format!("{t:?}").to_lowercase();
            reasons.push(format!("using {name} at {}", p.display()));
            return Choice {
                tool: Some(*t),
                path: Some(p.clone()),
                reasons,
            };
        }
    }
    let have: Vec<String> = installed
        .iter()
        .map(|(t, _)| format!("{t:?}").to_lowercase())
        .collect();
    let need: Vec<String> = candidates
        .iter()
        .map(|t| format!("{t:?}").to_lowercase())
        .collect();
    reasons.push(format!(
        "these controllers need {}; {}",
        if need.is_empty() {
            "tools that do not mix (use --backend per host)".to_owned()
        } else {
            need.join(" or ")
        },
        if have.is_empty() {
            "none is installed".to_owned()
        } else {
            format!("only {} found", have.join(", "))
        }
    ));
    Choice {
        tool: None,
        path: None,
        reasons,
    }
}

/// What to install when MegaRAID/PERC controllers are present and no tool that suits them is
/// (`choice` from [`choose`] found none): the controllers, the tools that would do, and where
/// the first one goes. `None` when a tool was chosen or there is no RAID controller (then the
/// state is "nothing to manage", not a missing tool).
pub fn install_hint(controllers: &[Controller], choice: &Choice) -> Option<String> {
    if choice.tool.is_some() {
        return None;
    }
    let raid: Vec<(&Controller, Family)> = controllers
        .iter()
        .map(|c| (c, family(c)))
        .filter(|(_, f)| !matches!(f, Family::Hba | Family::Other))
        .collect();
    let (first, f) = raid.first()?;
    let tools = suitable(*f, first.subsystem_vendor == 0x1028);
    let want = tools.first()?;
    let name = |t: &Tool| format!("{t:?}").to_lowercase();
    Some(format!(
        "no vendor tool for the MegaRAID/PERC controller {} [{:04x}:{:04x}]: install {} ({} on PATH or in {}){}; `raidctl doctor` explains",
        first.address,
        first.vendor,
        first.device,
        name(want),
        want.binaries().first().copied().unwrap_or(""),
        want.install_dirs().first().copied().unwrap_or(""),
        if tools.len() > 1 {
            format!(
                ", or {}",
                tools[1..].iter().map(name).collect::<Vec<_>>().join(" or ")
            )
        } else {
            String::new()
        }
    ))
}

/// Reads the RAID-class PCI devices from sysfs (`sys` is usually `/sys`).
pub fn scan_pci(sys: &Path) -> Vec<Controller> {
    let Ok(entries) = std::fs::read_dir(sys.join("bus/pci/devices")) else {
        return Vec::new();
    };
    let hex = |p: PathBuf| -> Option<u16> {
        let t = std::fs::read_to_string(p).ok()?;
        u16::from_str_radix(t.trim().trim_start_matches("0x"), 16).ok()
    };
    let mut v: Vec<Controller> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let dir = e.path();
            let class = std::fs::read_to_string(dir.join("class")).ok()?;
            // 0x0104xx RAID, 0x0107xx SAS, 0x0100xx SCSI.
            let class = class.trim().trim_start_matches("0x");
            if !(class.starts_with("0104")
                || class.starts_with("0107")
                || class.starts_with("0100"))
            {
                return None;
            }
            Some(Controller {
                address: e.file_name().to_string_lossy().into_owned(),
                vendor: hex(dir.join("vendor"))?,
                device: hex(dir.join("device"))?,
                subsystem_vendor: hex(dir.join("subsystem_vendor")).unwrap_or(0),
                driver: std::fs::read_link(dir.join("driver"))
                    .ok()
                    .and_then(|l| l.file_name().map(|n| n.to_string_lossy().into_owned())),
            })
        })
        .collect();
    v.sort_by(|a, b| a.address.cmp(&b.address));
    v
}

/// Finds the installed tools on `PATH` and in the vendors' install directories.
pub fn installed_tools() -> Vec<(Tool, PathBuf)> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut found = Vec::new();
    for tool in [
        Tool::Megacli,
        Tool::Storcli,
        Tool::Perccli,
        Tool::Storcli2,
        Tool::Perccli2,
        Tool::Omreport,
    ] {
        let dirs: Vec<PathBuf> = std::env::split_paths(&path)
            .chain(tool.install_dirs().iter().map(PathBuf::from))
            .collect();
        let hit = dirs
            .iter()
            .flat_map(|d| tool.binaries().iter().map(move |b| d.join(b)))
            .find(|p| {
                std::fs::metadata(p)
                    .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            });
        if let Some(p) = hit {
            found.push((tool, p));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctl(device: u16, sub: u16, driver: &str) -> Controller {
        Controller {
            address: "0000:03:00.0".into(),
            vendor: 0x1000,
            device,
            subsystem_vendor: sub,
            driver: Some(driver.into()),
        }
    }

    #[test]
    fn sas4_on_mpi3mr_needs_perccli2() {
        let c = choose(
            &[ctl(0x00a5, 0x1028, "mpi3mr")],
            &[(
                Tool::Perccli,
                PathBuf::from("/opt/MegaRAID/perccli/perccli64"),
            )],
        );
        assert_eq!(c.tool, None);
        let last = c.reasons.last().unwrap();
        assert!(
            last.contains("perccli2") && last.contains("only perccli found"),
            "{last}"
        );
    }

    #[test]
    fn a_perc_without_its_tool_names_what_to_install() {
        let perc = [ctl(0x005d, 0x1028, "megaraid_sas")];
        let c = choose(&perc, &[]);
        let hint = install_hint(&perc, &c).unwrap();
        assert!(
            hint.contains("0000:03:00.0 [1000:005d]: install perccli (perccli64 on PATH or in /opt/MegaRAID/perccli), or storcli or omreport or megacli"),
            "{hint}"
        );
        // A tool that suits, or nothing to manage: no hint.
        let installed = [(
            Tool::Megacli,
            PathBuf::from("/opt/MegaRAID/MegaCli/MegaCli64"),
        )];
        assert_eq!(install_hint(&perc, &choose(&perc, &installed)), None);
        let hba = [ctl(0x0097, 0x1000, "mpt3sas")];
        assert_eq!(install_hint(&hba, &choose(&hba, &[])), None);
    }

    #[test]
    fn dell_h730_prefers_perccli_then_megacli() {
        let installed = vec![
            (
                Tool::Megacli,
                PathBuf::from("/opt/MegaRAID/MegaCli/MegaCli64"),
            ),
            (Tool::Perccli, PathBuf::from("/usr/sbin/perccli64")),
        ];
        let c = choose(&[ctl(0x005d, 0x1028, "megaraid_sas")], &installed);
        assert_eq!(c.tool, Some(Tool::Perccli));
        let c = choose(&[ctl(0x005d, 0x1028, "megaraid_sas")], &installed[..1]);
        assert_eq!(c.tool, Some(Tool::Megacli));
    }

    #[test]
    fn hba_is_not_a_raid_controller() {
        assert_eq!(family(&ctl(0x0097, 0x1000, "mpt3sas")), Family::Hba);
        let c = choose(&[ctl(0x0097, 0x1000, "mpt3sas")], &[]);
        assert!(
            c.reasons
                .iter()
                .any(|r| r.contains("no MegaRAID controller"))
        );
        // With a tool installed, the fallback is named, its path as it is.
        let installed = [(
            Tool::Megacli,
            PathBuf::from("/opt/MegaRAID/MegaCli/MegaCli64"),
        )];
        let c = choose(&[], &installed);
        assert_eq!(c.tool, Some(Tool::Megacli));
        assert_eq!(
            c.reasons.last().unwrap(),
            "using megacli at /opt/MegaRAID/MegaCli/MegaCli64 anyway (MegaCli first)"
        );
    }

    #[test]
    fn scans_sysfs() {
        let sys = tempfile::tempdir().unwrap();
        let dev = sys.path().join("bus/pci/devices/0000:03:00.0");
        std::fs::create_dir_all(&dev).unwrap();
        for (f, v) in [
            ("class", "0x010400"),
            ("vendor", "0x1000"),
            ("device", "0x005b"),
            ("subsystem_vendor", "0x1028"),
        ] {
            std::fs::write(dev.join(f), format!("{v}\n")).unwrap();
        }
        std::fs::create_dir_all(sys.path().join("bus/pci/drivers/megaraid_sas")).unwrap();
        std::os::unix::fs::symlink(
            sys.path().join("bus/pci/drivers/megaraid_sas"),
            dev.join("driver"),
        )
        .unwrap();
        let found = scan_pci(sys.path());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].driver.as_deref(), Some("megaraid_sas"));
        assert_eq!(family(&found[0]), Family::MegaraidSas2);
    }
}
