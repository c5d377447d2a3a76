//! One process-wide handler for SIGINT, SIGTERM and SIGHUP, installed only when raidctl has
//! something to clean up: the process groups of running vendor calls are killed (they run in
//! groups of their own, so the terminal's Ctrl-C does not reach them) and private temporary
//! directories are removed before the process exits with status 130, so an interrupted run
//! leaves nothing behind.
//!
//! Interactive prompts register a *stop message* for as long as they wait for the operator
//! ([`StopMessage`]): Ctrl-C at a prompt then prints what was left in which state and how to
//! go on, the same words end of input gets (ctrlc allows one handler per process, so prompts
//! share this one).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

static DIRS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());
static INSTALL: Once = Once::new();
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static HOOKS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());
/// Held while a child process is started and its group registered (see [`spawning`]).
static SPAWN: Mutex<()> = Mutex::new(());

/// Held while a child is started and its group registered: the handler takes it after
/// marking the interrupt, so a child is either registered before the groups are killed or
/// never started (a thread that would start one after the interrupt waits for the exit).
pub fn spawning() -> std::sync::MutexGuard<'static, ()> {
    let guard = SPAWN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if INTERRUPTED.load(Ordering::SeqCst) {
        drop(guard);
        park_if_interrupted();
        return SPAWN
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    }
    guard
}

/// Runs `hook` when the process is interrupted, before running vendor calls are killed (it may
/// run vendor tools itself: a qualification puts a drive's write cache back). Registered once
/// per function; the hook decides what is left to do.
pub fn before_exit(hook: fn()) {
    if let Ok(mut h) = HOOKS.lock() {
        if !h.iter().any(|f| std::ptr::fn_addr_eq(*f, hook)) {
            h.push(hook);
        }
    }
    install();
}

static STOP_MESSAGE: Mutex<Option<String>> = Mutex::new(None);

/// While alive, an interrupt prints `raidctl: stopped: MESSAGE` before raidctl exits. They
/// nest: a prompt's message stands while it waits, and the step's around it comes back after.
#[derive(Debug)]
pub struct StopMessage {
    previous: Option<String>,
}

impl StopMessage {
    /// Registers `message` (over any other, until this one is dropped) and makes sure the
    /// handler is installed.
    pub fn set(message: &str) -> Self {
        let previous = STOP_MESSAGE
            .lock()
            .ok()
            .and_then(|mut m| m.replace(message.to_owned()));
        install();
        Self { previous }
    }
}

impl Drop for StopMessage {
    fn drop(&mut self) {
        if let Ok(mut m) = STOP_MESSAGE.lock() {
            *m = self.previous.take();
        }
    }
}

/// Removes `dir` (recursively; or the file of that name) if the process is interrupted before
/// [`forget`] is called.
pub fn remove_on_interrupt(dir: &Path) {
    install();
    if let Ok(mut dirs) = DIRS.lock() {
        dirs.push(dir.to_path_buf());
    }
}

/// A running child's process group, killed if raidctl is interrupted while it runs.
#[derive(Debug)]
pub struct ChildGroup(u32);

impl ChildGroup {
    /// Tracks the group led by `pid` until the guard is dropped.
    pub fn track(pid: u32) -> Self {
        if let Ok(mut g) = GROUPS.lock() {
            g.push(pid);
        }
        install();
        Self(pid)
    }
}

impl Drop for ChildGroup {
    fn drop(&mut self) {
        if let Ok(mut g) = GROUPS.lock() {
            g.retain(|p| *p != self.0);
        }
    }
}

fn install() {
    INSTALL.call_once(|| {
        // Best effort: when another handler is already installed, the directory is still
        // removed on every normal exit path.
        let _ = ctrlc::set_handler(|| {
            // Hooks first, while vendor calls still work (`park_if_interrupted` would stop
            // the hooks' own calls once INTERRUPTED is set).
            let hooks = HOOKS.lock().map(|h| h.clone()).unwrap_or_default();
            for h in hooks {
                h();
            }
            INTERRUPTED.store(true, Ordering::SeqCst);
            // A child being started right now is registered before its group is killed.
            let _no_more_children = SPAWN
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(m) = STOP_MESSAGE.lock().ok().and_then(|m| m.clone()) {
                // The prompt's line is still open: start a fresh one.
                crate::errln!("\nraidctl: stopped: {}", crate::escape::escape_text(&m));
            }
            cleanup();
            std::process::exit(crate::exit::ExitStatus::Interrupted.code());
        });
    });
}

/// Called by a thread whose vendor call just ended: when that was the interrupt handler
/// killing it, the thread waits for the handler to end the process instead of going on (and,
/// say, re-creating a directory the handler has just removed).
pub fn park_if_interrupted() {
    while INTERRUPTED.load(Ordering::SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Ends the process once `limit` has passed (a monitoring plugin's whole-run timeout): what
/// an interrupt does (running vendor calls killed with their groups, private directories
/// removed), with `message(running)` on standard output first, where `running` names the
/// vendor calls still running; exits 3 (UNKNOWN).
pub fn deadline(
    limit: std::time::Duration,
    message: impl FnOnce(Vec<String>) -> String + Send + 'static,
) {
    install();
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        INTERRUPTED.store(true, Ordering::SeqCst);
        let _no_more_children = SPAWN
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let groups = GROUPS.lock().map(|g| g.clone()).unwrap_or_default();
        let running = groups.iter().filter_map(|p| cmdline(*p)).collect();
        let text = message(running);
        // Straight to the descriptor: the command holds the locked, buffered stdout.
        let _ = rustix::io::write(rustix::stdio::stdout(), text.as_bytes());
        cleanup();
        std::process::exit(crate::exit::ExitStatus::Unknown.code());
    });
}

/// `/proc/PID/cmdline` as words, at most 200 characters.
fn cmdline(pid: u32) -> Option<String> {
    let raw = crate::fsutil::read_capped(Path::new(&format!("/proc/{pid}/cmdline")), 4096).ok()?;
    let words: Vec<String> = raw
        .split(|b| *b == 0)
        .filter(|w| !w.is_empty())
        .map(|w| String::from_utf8_lossy(w).into_owned())
        .collect();
    let mut s = words.join(" ");
    if s.chars().count() > 200 {
        s = s.chars().take(200).collect::<String>() + "...";
    }
    Some(s).filter(|s| !s.is_empty())
}

/// A new private directory under the system temporary directory: a random name starting
/// with `prefix`, mode 0700, removed when the returned guard drops and on interrupt. The one
/// way raidctl makes scratch directories (runner, Ceph client, event log, simulator).
///
/// # Errors
/// It cannot be created.
pub fn private_temp_dir(prefix: &str) -> std::io::Result<tempfile::TempDir> {
    use std::os::unix::fs::PermissionsExt;
    // The handler before the directory: a signal in between ended the process the default
    // way (not 130) and left the directory behind.
    install();
    // Made and registered under the lock the handler's clean-up takes, so a signal never
    // falls between the two; after an interrupt, the thread waits for the exit instead.
    let mut dirs = loop {
        let dirs = DIRS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !INTERRUPTED.load(Ordering::SeqCst) {
            break dirs;
        }
        drop(dirs);
        park_if_interrupted();
    };
    let t = tempfile::Builder::new()
        .prefix(prefix)
        .permissions(std::fs::Permissions::from_mode(0o700))
        .tempdir()?;
    dirs.push(t.path().to_path_buf());
    Ok(t)
}

/// A [`private_temp_dir`] made on the first [`ScratchDir::path`] call, not before (most
/// runs never need one), and removed with its owner: a runner's working directory.
#[derive(Debug)]
pub struct ScratchDir {
    prefix: &'static str,
    dir: std::sync::OnceLock<Result<tempfile::TempDir, String>>,
}

impl ScratchDir {
    /// A directory to be named `prefix` and a random suffix.
    pub const fn new(prefix: &'static str) -> Self {
        Self {
            prefix,
            dir: std::sync::OnceLock::new(),
        }
    }

    /// The directory, made now if it is not yet; every later call gives the first answer.
    ///
    /// # Errors
    /// It cannot be created.
    pub fn path(&self) -> Result<PathBuf, String> {
        self.dir
            .get_or_init(|| {
                private_temp_dir(self.prefix)
                    .map_err(|e| format!("cannot create a scratch directory: {e}"))
            })
            .as_ref()
            .map(|t| t.path().to_path_buf())
            .map_err(Clone::clone)
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        if let Some(Ok(t)) = self.dir.take() {
            remove_private(t);
        }
    }
}

/// Removes a directory made to be removed on interrupt ([`private_temp_dir`],
/// [`remove_on_interrupt`]), then forgets it: a signal in between finds nothing left to
/// remove, where the other order left the directory to an exit that no longer knew it.
pub fn remove_private(dir: tempfile::TempDir) {
    let path = dir.path().to_path_buf();
    drop(dir);
    forget(&path);
}

/// `dir` no longer needs removing on interrupt (its owner removes it, or it is gone).
pub fn forget(dir: &Path) {
    if let Ok(mut dirs) = DIRS.lock() {
        dirs.retain(|d| d != dir);
    }
}

fn cleanup() {
    let groups = GROUPS.lock().map(|g| g.clone()).unwrap_or_default();
    for pid in groups {
        if let Some(pid) = rustix::process::Pid::from_raw(i32::try_from(pid).unwrap_or(0)) {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
    }
    let dirs = DIRS.lock().map(|d| d.clone()).unwrap_or_default();
    for d in dirs {
        if std::fs::symlink_metadata(&d).is_ok_and(|m| !m.is_dir()) {
            let _ = std::fs::remove_file(&d);
            continue;
        }
        // SIGKILL is not synchronous: a child running on another CPU can still create a file
        // in the directory for a moment, and removal then fails with "not empty". Retry.
        for _ in 0..50 {
            let _ = std::fs::remove_dir_all(&d);
            if !d.exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}
