//! One executable, many names: invoked as `MegaCli64`, `storcli64`, `perccli`, `omreport`, ...
//! (through a link, or by `raidctl sim exec TOOL -- ARGS`), raidctl answers as that simulated
//! vendor tool. One artifact to build, install and package, and any third-party script that
//! calls a vendor tool by name can be pointed at the simulator with `PATH`.

use crate::store::STATE_ENV;
use std::path::{Path, PathBuf};

/// The simulated front ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Front {
    /// MegaCli 8.07.
    MegaCli,
    /// storcli / perccli 7.x, and storcli2 / perccli2 8.x (the name says which).
    Storcli,
    /// Dell OpenManage `omreport`.
    Omreport,
    /// Dell OpenManage `omconfig`.
    Omconfig,
    /// smartmontools' `smartctl` (SMART of the drives through the controller).
    Smartctl,
}

/// Every name the simulator answers to, the names vendor tools are installed under.
pub const TOOL_NAMES: &[(&str, Front)] = &[
    ("MegaCli64", Front::MegaCli),
    ("MegaCli", Front::MegaCli),
    ("megacli", Front::MegaCli),
    ("storcli64", Front::Storcli),
    ("storcli", Front::Storcli),
    ("perccli64", Front::Storcli),
    ("perccli", Front::Storcli),
    ("storcli2", Front::Storcli),
    ("perccli2", Front::Storcli),
    ("omreport", Front::Omreport),
    ("omconfig", Front::Omconfig),
    ("smartctl", Front::Smartctl),
];

/// The front end a program name (`argv[0]`, possibly a path) stands for, if any.
pub fn front_for(prog: &str) -> Option<(&'static str, Front)> {
    let base = Path::new(prog).file_name()?.to_str()?;
    TOOL_NAMES
        .iter()
        .find(|(name, _)| *name == base)
        .map(|(name, f)| (*name, *f))
}

/// The simulator's state directory from the environment (`RAIDCTL_SIM_STATE`), as the vendor
/// front ends read it.
pub fn state_from_env() -> Option<PathBuf> {
    std::env::var_os(STATE_ENV)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// Runs the front end that `name` stands for with `args`, against the state in `dir`
/// (a private `healthy` controller when `None`); returns the process exit status.
pub fn run(name: &str, args: &[String], dir: Option<PathBuf>) -> Option<i32> {
    let (name, front) = front_for(name)?;
    Some(match front {
        Front::MegaCli => crate::main_with_args(args, dir),
        Front::Storcli => crate::storcli::main_with_args(name, args, dir),
        Front::Omreport => crate::omreport::omreport_main(name, args, dir),
        Front::Omconfig => crate::omreport::omconfig_main(name, args, dir),
        Front::Smartctl => crate::smartctl::smartctl_main(args, dir),
    })
}

/// Creates (or refreshes) `dir/bin` with a link named after every vendor tool pointing at
/// `exe` (default: this executable), and returns `dir/bin`. Links are replaced atomically (rename over), so
/// concurrent raidctl processes and a moved or rebuilt executable are both safe.
///
/// # Errors
/// When the directory or a link cannot be created.
pub fn ensure_bin_dir(dir: &Path, exe: Option<&Path>) -> Result<PathBuf, String> {
    let exe = match exe {
        Some(e) => Ok(e.to_path_buf()),
        None => std::env::current_exe(),
    }
    .and_then(|e| e.canonicalize())
    .map_err(|e| format!("cannot locate raidctl itself: {e}"))?;
    let bin = dir.join("bin");
    if std::fs::symlink_metadata(&bin).is_err() {
        raidctl_sys::fsutil::create_private_dir_all(&bin)
            .map_err(|e| format!("{}: {e}", bin.display()))?;
    }
    // raidctl runs what is in here (as root when it runs as root): a link or a directory of
    // another user's is refused, never followed.
    raidctl_sys::fsutil::check_private_dir(&bin).map_err(|e| e.to_string())?;
    for (name, _) in TOOL_NAMES {
        let link = bin.join(name);
        if std::fs::read_link(&link).is_ok_and(|t| t == exe) {
            continue;
        }
        let tmp = bin.join(format!(".{name}.{}", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        std::os::unix::fs::symlink(&exe, &tmp)
            .and_then(|()| std::fs::rename(&tmp, &link))
            .map_err(|e| format!("{}: {e}", link.display()))?;
    }
    Ok(bin)
}

/// Quotes a value for a POSIX shell (single quotes, `'` spelled `'\''`).
pub fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The shell lines `raidctl sim env` prints: `bin` first on `PATH`, the state directory for
/// the front ends.
pub fn env_lines(dir: &Path, bin: &Path) -> String {
    format!(
        "export PATH={}:\"$PATH\"\nexport {STATE_ENV}={}\n",
        shell_quote(&bin.display().to_string()),
        shell_quote(&dir.display().to_string())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_front_ends() {
        assert_eq!(
            front_for("/usr/sbin/MegaCli64"),
            Some(("MegaCli64", Front::MegaCli))
        );
        assert_eq!(front_for("perccli64"), Some(("perccli64", Front::Storcli)));
        assert_eq!(
            front_for("/usr/sbin/storcli2"),
            Some(("storcli2", Front::Storcli))
        );
        assert_eq!(front_for("perccli2"), Some(("perccli2", Front::Storcli)));
        assert_eq!(front_for("omconfig"), Some(("omconfig", Front::Omconfig)));
        assert_eq!(front_for("raidctl"), None);
        assert_eq!(front_for("MegaCli64.bak"), None);
    }

    #[test]
    fn quoting_survives_quotes() {
        assert_eq!(shell_quote("a'b c"), r"'a'\''b c'");
    }

    #[test]
    fn bin_dir_links_every_tool_and_is_idempotent() {
        let d = tempfile::tempdir().expect("tempdir");
        let bin = ensure_bin_dir(d.path(), None).expect("bin");
        let bin2 = ensure_bin_dir(d.path(), None).expect("again");
        assert_eq!(bin, bin2);
        for (name, _) in TOOL_NAMES {
            assert!(std::fs::read_link(bin.join(name)).is_ok(), "{name}");
        }
        let text = env_lines(d.path(), &bin);
        assert!(text.contains("export PATH='"), "{text}");
        assert!(text.contains(STATE_ENV), "{text}");
    }
}
