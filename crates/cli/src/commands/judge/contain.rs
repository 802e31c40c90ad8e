//! Containing what the judge runs: the compiler and the submission.
//!
//! Every compiler and program the judge runs goes through `sudoku __contain` (only
//! the quick probes of a tool's version, and of bubblewrap, run without it), a
//! launcher (this same binary, under an argument `main` looks for before it
//! parses a command) that sets the limits of [`Limits`] on itself and then
//! runs the program as its child and ends as it ends, so the limits hold
//! from the program's first instruction and pass to anything it starts,
//! and the program's parent is the launcher, not the judge. Around it, where the machine has a working bubblewrap (`bwrap`),
//! the program runs in a sandbox: a read-only view of the file system, a
//! private `/tmp`, no network, its own PID namespace (when the sandbox's
//! first process ends, the kernel ends every process in it). Without one it
//! runs in a session and process group of its own, under the judge as
//! child subreaper: whatever it starts, even in a new session, stays a
//! descendant of the judge, and [`Contained::kill_all`] ends them all.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use process_wrap::std::{ProcessSession, StdChildWrapper, StdCommandWrap};

pub use crate::interrupt::Interrupt;
use crate::output::diagnostic;

/// The exit status of `sudoku __contain` when it could not start the
/// program (as a shell's "cannot execute"); its stderr then starts with
/// [`LAUNCH_FAILED`]. Also, with nothing written, when the process that
/// started it (`--parent`) had ended before it could tie itself to it.
pub const LAUNCH_STATUS: u8 = 126;

/// What `sudoku __contain` writes first when it cannot start the program.
pub const LAUNCH_FAILED: &str = "sudoku __contain: cannot run ";

/// Limits set on a contained process before its program starts (resource
/// limits, inherited by whatever it starts).
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Virtual memory, in bytes (`RLIMIT_AS`): an allocation past it fails.
    pub address_space: Option<u64>,
    /// Processor time, in whole seconds (`RLIMIT_CPU`): a backstop, the
    /// judge's own clock stops a case long before.
    pub cpu_seconds: Option<u64>,
    /// The largest file it may write, in bytes (`RLIMIT_FSIZE`).
    pub file_size: Option<u64>,
}

/// The launcher's first argument: `sudoku __contain [--parent PID]
/// [LIMITS] -- PROGRAM [ARGS]`, which `main` hands here before it parses a
/// command.
pub const LAUNCHER: &str = "__contain";

/// The judge's launcher, which sets its limits and becomes PROGRAM.
#[derive(clap::Parser)]
#[command(name = "sudoku __contain")]
struct Args {
    #[arg(long)]
    address_space: Option<u64>,
    #[arg(long)]
    cpu_seconds: Option<u64>,
    #[arg(long)]
    file_size: Option<u64>,
    /// Become the program (`exec`) instead of running it as a child: the
    /// launcher's second stage, which only sets its death signal first.
    #[arg(long)]
    exec: bool,
    /// The process that started this one (the judge, or for the second
    /// stage the first): if it has already ended by the time the death
    /// signal is set, no signal will come, so the launcher stops there.
    #[arg(long)]
    parent: Option<u32>,
    /// The program and its arguments.
    #[arg(last = true, required = true)]
    program: Vec<OsString>,
}

/// The launcher: sets the limits and runs the program as its child
/// (through the second stage, `--exec`, which becomes it), and ends as the
/// program ended; or says why it could not start it.
pub fn launch() -> std::process::ExitCode {
    use clap::Parser;
    use rlimit::Resource;
    let args = Args::parse_from(std::env::args_os().skip(1));
    // Die with the parent (the judge; for the second stage, the first): a
    // judge killed by SIGKILL takes what it runs with it. The setting
    // survives `exec`, so the program itself dies with the first stage.
    let _ = rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL));
    // A parent killed before that line leaves this process to another one
    // (init, or a subreaper) and the signal set for nothing: end here, as
    // the signal would have ended it, rather than start the program with
    // nothing left to stop it.
    if let Some(parent) = args.parent {
        let now = rustix::process::Pid::as_raw(rustix::process::getppid());
        if u32::try_from(now).ok() != Some(parent) {
            return LAUNCH_STATUS.into();
        }
    }
    if args.exec {
        use std::os::unix::process::CommandExt;
        let error = Command::new(&args.program[0])
            .args(&args.program[1..])
            .exec();
        diagnostic!(
            "{LAUNCH_FAILED}{}: {error}",
            Path::new(&args.program[0]).display()
        );
        return LAUNCH_STATUS.into();
    }
    let limits = [
        (Resource::AS, args.address_space),
        (Resource::CPU, args.cpu_seconds),
        (Resource::FSIZE, args.file_size),
        // A crash's core dump would be written into the judge's directory.
        (Resource::CORE, Some(0)),
    ];
    for (resource, limit) in limits {
        if let Some(limit) = limit {
            if let Err(error) = resource.set(limit, limit) {
                diagnostic!("{LAUNCH_FAILED}a limit could not be set: {error}");
                return LAUNCH_STATUS.into();
            }
        }
    }
    // The program runs as the launcher's child, not in its place: a
    // program that signals its parent (`kill(getppid(), 9)`) reaches the
    // launcher, never the judge. It starts through the second stage, which
    // ties it to this one's death.
    let second = launcher().map(|mut command| {
        command.args(["--exec", "--"]).args(&args.program);
        command
    });
    let status = match second.and_then(|mut command| command.status()) {
        Ok(status) => status,
        Err(error) => {
            diagnostic!(
                "{LAUNCH_FAILED}{}: {error}",
                Path::new(&args.program[0]).display()
            );
            return LAUNCH_STATUS.into();
        }
    };
    // Ends as the program ended: the same status, or the same signal. The
    // signal is sent twice: Rust's runtime catches a first SIGSEGV or
    // SIGBUS (to report a stack overflow) and then restores the default.
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        if let Some(signal) = rustix::process::Signal::from_named_raw(signal) {
            for _ in 0..2 {
                let _ = rustix::process::kill_process(rustix::process::getpid(), signal);
            }
        }
        // A signal the runtime ignores (SIGPIPE): as a shell reports it.
        return (128 + u8::try_from(signal).unwrap_or(0)).into();
    }
    u8::try_from(status.code().unwrap_or(1)).unwrap_or(1).into()
}

/// `sudoku __contain --parent PID`, PID this process's: the start of the
/// judge's command for the first stage, and of the first stage's for the
/// second.
fn launcher() -> io::Result<Command> {
    let mut command = Command::new(std::env::current_exe()?);
    command
        .arg(LAUNCHER)
        .arg("--parent")
        .arg(std::process::id().to_string());
    Ok(command)
}

/// Whether bubblewrap may be used (see [`Sandbox::allow`]).
static ALLOWED: AtomicBool = AtomicBool::new(true);

/// How the judge contains what it runs on this machine.
#[derive(Debug, Clone)]
pub enum Sandbox {
    /// bubblewrap, at this path, works here.
    Bubblewrap(PathBuf),
    /// No working bubblewrap: a session of its own under the judge.
    Session,
}

impl Sandbox {
    /// Whether [`Sandbox::here`] may choose bubblewrap (`--no-sandbox`
    /// says no); to be said before it is first asked.
    pub fn allow(allowed: bool) {
        ALLOWED.store(allowed, Ordering::Relaxed);
    }

    /// bubblewrap if it is allowed, on PATH and can start a sandbox here (it
    /// needs user namespaces, which some machines turn off), else a
    /// session. Asked once per run.
    pub fn here() -> &'static Sandbox {
        static SANDBOX: OnceLock<Sandbox> = OnceLock::new();
        SANDBOX.get_or_init(|| {
            if !ALLOWED.load(Ordering::Relaxed) {
                return Sandbox::Session;
            }
            let Some(bwrap) = find(&["bwrap"]) else {
                return Sandbox::Session;
            };
            let works = Command::new(&bwrap)
                .args(sandbox_options(Path::new("/"), false))
                .arg("--")
                .arg("true")
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .is_ok_and(|status| status.success());
            if works {
                Sandbox::Bubblewrap(bwrap)
            } else {
                Sandbox::Session
            }
        })
    }

    /// In words, for the verdict's report.
    pub fn describe(&self) -> &'static str {
        match self {
            Sandbox::Bubblewrap(_) => {
                "in a bubblewrap sandbox (read-only files, private /tmp, no network, own PID namespace)"
            }
            Sandbox::Session => {
                "in a session of its own, not sandboxed (no working bubblewrap here, or --no-sandbox): it could read and write your files and use the network"
            }
        }
    }
}

/// bubblewrap's options for a program that works in `directory`.
fn sandbox_options(directory: &Path, writable: bool) -> Vec<OsString> {
    let mut options: Vec<OsString> = [
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        // Private and small: files kept there are memory the limit does
        // not see.
        "--size",
        "67108864",
        "--tmpfs",
        "/dev/shm",
        "--remount-ro",
        "/dev",
        "--size",
        "67108864",
        "--tmpfs",
        "/tmp",
        // Where the host's Unix sockets live (a session bus, an agent):
        // hidden, since a read-only view still lets a socket be reached.
        "--tmpfs",
        "/run",
        "--remount-ro",
        "/run",
        "--tmpfs",
        "/var/tmp",
        "--remount-ro",
        "/var/tmp",
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        // Run as root, bubblewrap would keep every capability, and with
        // them the power to remount the file system writable.
        "--cap-drop",
        "ALL",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    options.push(if writable { "--bind" } else { "--ro-bind" }.into());
    options.push(directory.into());
    options.push(directory.into());
    // This binary runs inside too (the approaches behind the harness): it
    // must stay visible where it is, even under a hidden /tmp.
    if let Ok(exe) = std::env::current_exe() {
        options.push("--ro-bind".into());
        options.push(exe.clone().into());
        options.push(exe.into());
    }
    options.push("--chdir".into());
    options.push(directory.into());
    options
}

/// What to run, contained.
pub struct Spec<'a> {
    /// The program and its arguments.
    pub argv: &'a [OsString],
    /// Where it runs; the only place it may write, if `writable`.
    pub directory: &'a Path,
    pub writable: bool,
    /// Set in its environment.
    pub environment: &'a [(OsString, OsString)],
    pub limits: Limits,
}

/// The command that runs `spec` contained: `sudoku __contain --parent
/// PID LIMITS -- [bwrap OPTIONS --] PROGRAM ARGS`, PID this process's. Its
/// stdio is the caller's to set.
pub fn command(spec: &Spec) -> io::Result<Command> {
    let mut command = launcher()?;
    let Limits {
        address_space,
        cpu_seconds,
        file_size,
    } = spec.limits;
    for (name, value) in [
        ("--address-space", address_space),
        ("--cpu-seconds", cpu_seconds),
        ("--file-size", file_size),
    ] {
        if let Some(value) = value {
            command.arg(name).arg(value.to_string());
        }
    }
    command.arg("--");
    if let Sandbox::Bubblewrap(bwrap) = Sandbox::here() {
        command
            .arg(bwrap)
            .args(sandbox_options(spec.directory, spec.writable))
            .arg("--");
    }
    command
        .args(spec.argv)
        .current_dir(spec.directory)
        .envs(spec.environment.iter().map(|(key, value)| (key, value)));
    Ok(command)
}

/// A contained process: its session is killed when this is dropped (process-wrap kills only on request).
pub struct Contained {
    child: Box<dyn StdChildWrapper>,
    status: Option<ExitStatus>,
}

impl Contained {
    /// Starts `command` (made by [`command`]) in a session of its own.
    pub fn spawn(command: Command) -> io::Result<Contained> {
        become_subreaper();
        let mut wrapped = StdCommandWrap::from(command);
        wrapped.wrap(ProcessSession);
        let child = wrapped.spawn()?;
        live().push(child.id());
        Ok(Contained {
            child,
            status: None,
        })
    }

    /// The process's id (the launcher's, which became the program or bwrap).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The std child, for its pipes.
    pub fn inner_mut(&mut self) -> &mut std::process::Child {
        self.child.inner_mut()
    }

    /// How it ended, if it has.
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        if self.status.is_none() {
            self.status = self.child.try_wait()?;
        }
        Ok(self.status)
    }

    /// Kills it and everything it started, and waits for them.
    pub fn kill_all(&mut self) {
        let _ = self.child.start_kill();
        if self.status.is_none() {
            self.status = self.child.wait().ok();
        }
        let id = self.id();
        live().retain(|&pid| pid != id);
        kill_orphans();
    }

    /// The processor time used so far by it and every process under it
    /// that is still running, as the kernel counts it.
    pub fn processor_time(&self) -> Duration {
        tree(self.id()).iter().map(|&pid| process_time(pid)).sum()
    }

    /// [`Contained::processor_time`], and the resident memory of it and
    /// every process under it in bytes, from one walk of the processes (the
    /// judge's watch asks for both every few milliseconds). The judge's own
    /// processes between it and the program (the launcher, bubblewrap) are
    /// not counted in the memory: the limit is the program's.
    pub fn usage(&self) -> (Duration, u64) {
        let pids = tree(self.id());
        let time = pids.iter().map(|&pid| process_time(pid)).sum();
        (time, resident_memory_of(&pids))
    }
}

impl Drop for Contained {
    fn drop(&mut self) {
        self.kill_all();
    }
}

/// Makes the judge the child subreaper of its descendants (once): a process
/// the submission starts and abandons becomes the judge's child, not
/// init's, so [`kill_orphans`] can end it.
fn become_subreaper() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
    });
}

/// The contained processes still running (their ids): the judge's
/// children that are not orphans.
fn live() -> std::sync::MutexGuard<'static, Vec<u32>> {
    static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Kills every child the judge has left (under [`become_subreaper`], the
/// abandoned descendants of what it ran) and everything under them, and
/// reaps them; gives up after a second. Live contained processes are not
/// touched.
fn kill_orphans() {
    use rustix::process::{kill_process, waitpid, Pid, Signal, WaitOptions};
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(1) {
        let live = live().clone();
        let mut orphans = children(std::process::id());
        orphans.retain(|pid| !live.contains(pid));
        if orphans.is_empty() {
            return;
        }
        for orphan in orphans {
            // Everything under it becomes the judge's child as it dies,
            // and an orphan of the next turn.
            for pid in tree(orphan) {
                if let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) {
                    let _ = kill_process(pid, Signal::KILL);
                }
            }
            if let Some(pid) = i32::try_from(orphan).ok().and_then(Pid::from_raw) {
                let _ = waitpid(Some(pid), WaitOptions::empty());
            }
        }
    }
}

/// The children of `pid`, from `/proc/PID/task/*/children`.
fn children(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    let mut children = Vec::new();
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            children.extend(
                text.split_whitespace()
                    .filter_map(|pid| pid.parse::<u32>().ok()),
            );
        }
    }
    children
}

/// `pid` and every process under it.
fn tree(pid: u32) -> Vec<u32> {
    let mut pids = vec![pid];
    let mut next = 0;
    while next < pids.len() && pids.len() < 100_000 {
        let more = children(pids[next]);
        pids.extend(more);
        next += 1;
    }
    pids
}

/// The processor time of process `pid`: the sum over its threads of the
/// nanoseconds the scheduler ran each (`/proc/PID/task/TID/schedstat`),
/// or, where that is missing, its user and system time in clock ticks.
fn process_time(pid: u32) -> Duration {
    let mut nanos: u64 = 0;
    if let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) {
        for task in tasks.flatten() {
            if let Some(ran) = std::fs::read_to_string(task.path().join("schedstat"))
                .ok()
                .and_then(|text| text.split_whitespace().next()?.parse::<u64>().ok())
            {
                nanos += ran;
            }
        }
    }
    let ticks = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|text| {
            // The fields after the command name, which is in parentheses.
            let fields: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
            // utime and stime are fields 14 and 15 of the whole line;
            // cutime and cstime, 16 and 17, what its children used that it
            // waited for.
            let field = |index: usize| fields.get(index)?.parse::<u64>().ok();
            Some((field(11)? + field(12)?, field(13)? + field(14)?))
        })
        .unwrap_or((0, 0));
    // The kernel's USER_HZ is 100 on every Linux the judge runs on. Work
    // done in children that have ended is counted too: a program cannot
    // hide its work in short-lived processes between two looks.
    let (own, children) = ticks;
    Duration::from_nanos(nanos).max(Duration::from_millis(own * 10))
        + Duration::from_millis(children * 10)
}

/// The resident memory of the processes `pids` but the judge's own (the
/// launcher, bubblewrap), in bytes.
fn resident_memory_of(pids: &[u32]) -> u64 {
    pids.iter()
        .filter(|&&pid| {
            std::fs::read_link(format!("/proc/{pid}/exe"))
                .map_or(true, |exe| !ours().contains(&exe))
        })
        .map(|&pid| resident(pid))
        .sum()
}

/// The programs of the judge's own processes around a submission: this
/// binary (the launcher) and the sandbox's, resolved once per run.
fn ours() -> &'static [PathBuf] {
    static OURS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    OURS.get_or_init(|| {
        let bubblewrap = match Sandbox::here() {
            Sandbox::Bubblewrap(path) => std::fs::canonicalize(path).ok(),
            Sandbox::Session => None,
        };
        [std::env::current_exe().ok(), bubblewrap]
            .into_iter()
            .flatten()
            .collect()
    })
}

/// The resident memory of process `pid`, in bytes (`/proc/PID/statm`).
fn resident(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/statm"))
        .ok()
        .and_then(|text| text.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

/// The first of `names` that is an executable on PATH.
pub fn find(names: &[&str]) -> Option<PathBuf> {
    names.iter().find_map(|name| which::which(name).ok())
}

/// Whether `text` names the launcher's own failure.
pub fn launch_failed(status: Option<ExitStatus>, stderr: &str) -> bool {
    status.and_then(|status| status.code()) == Some(i32::from(LAUNCH_STATUS))
        && stderr.contains(LAUNCH_FAILED.trim_end())
}
