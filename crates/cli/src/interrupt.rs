//! How a run is stopped from outside: a signal (SIGINT, SIGTERM, SIGHUP),
//! or its own `--timeout` when the run is stuck.
//!
//! [`Interrupt`] catches the signals and keeps the last one. The code that
//! reads records looks at it between records and stops: it writes what is
//! finished, says where reading stopped, and the process exits 130, 143 or
//! 129 (the judge looks at it between the programs it runs). But a run can
//! be stuck where it cannot look: in a write to a pipe whose reader has
//! stopped reading, or in a read of input that never comes (signal-hook
//! installs its handlers with `SA_RESTART`, so the system call goes on
//! waiting). The [`watch`]dog ends the process
//! then, [`GRACE`] after the signal or the deadline, with the status the
//! run would have ended with.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError};

use crate::output::write_diagnostic_without_waiting;

/// SIGINT, SIGTERM or SIGHUP (a closed terminal), once received: the
/// run then stops what it does and exits 130, 143 or 129. (SIGKILL cannot
/// be caught: the judge's launcher's death signal ends its program then,
/// but the judge's directory stays.)
pub struct Interrupt {
    /// The number of the signal that came (the last, if several), 0 until one does.
    signal: Arc<AtomicUsize>,
}

/// The signals' catcher, once they are caught.
static INTERRUPT: OnceLock<Interrupt> = OnceLock::new();

/// The exit status of a signal that came (see [`Interrupt::status`]), if
/// the signals are caught; `None` where they are not (a signal then ends
/// the process as it always does).
pub fn signalled() -> Option<u8> {
    INTERRUPT.get().and_then(Interrupt::status)
}

impl Interrupt {
    /// Catches the three signals from now on (once per run), but not one
    /// that the process started with ignored: `nohup` ignores SIGHUP, and
    /// a shell script's `command &` SIGINT, so that a closed terminal or a
    /// Ctrl-C meant for another program does not stop this one.
    pub fn catch() -> &'static Interrupt {
        INTERRUPT.get_or_init(|| {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let signal = Arc::new(AtomicUsize::new(0));
            let ignored = ignored_signals();
            for number in [SIGINT, SIGTERM, SIGHUP] {
                if is_ignored(&ignored, number) {
                    continue;
                }
                let signal = Arc::clone(&signal);
                let value = usize::try_from(number).unwrap_or(0);
                let _ = signal_hook::flag::register_usize(number, signal, value);
            }
            Interrupt { signal }
        })
    }

    /// The exit status the run ends with, 128 and the signal's number, if
    /// a signal came.
    pub fn status(&self) -> Option<u8> {
        match self.signal.load(Ordering::Relaxed) {
            0 => None,
            signal => Some(128 + u8::try_from(signal).unwrap_or(0)),
        }
    }
}

/// The `SigIgn:` line of the process's `/proc/self/status`: the signals
/// it ignores, as a mask in hexadecimal (bit 0 for signal 1). Signals
/// ignored by the parent stay ignored across `exec`. Empty where it
/// cannot be read (the signals are then caught).
fn ignored_signals() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .map_or_else(String::new, |mask| mask.trim().to_string())
}

/// Whether the mask of [`ignored_signals`] holds `signal`.
fn is_ignored(mask: &str, signal: i32) -> bool {
    let (Ok(mask), Ok(bit)) = (u64::from_str_radix(mask, 16), u32::try_from(signal - 1)) else {
        return false;
    };
    mask.checked_shr(bit)
        .is_some_and(|shifted| shifted & 1 == 1)
}

/// The time a run has, after a signal or its deadline, to write what it
/// has finished and end by itself. Writing what is left then takes far less
/// (a few chunks of records); past it, the run is stuck.
pub const GRACE: Duration = Duration::from_secs(2);

/// How often the watchdog looks for a signal.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// The earliest deadline the watchdog was given.
static DEADLINE: Mutex<Option<Instant>> = Mutex::new(None);

/// Catches the signals ([`Interrupt`]) for the commands that read records,
/// and from a thread of its own
/// (started once) ends the process when the run has not ended [`GRACE`]
/// after a signal (status 128 and its number) or after `deadline` (status
/// 1, as a timeout ends), saying why on stderr if that can be done without
/// waiting. Where no thread can be started, the run goes on without one.
pub fn watch(deadline: Option<Instant>) {
    static STARTED: OnceLock<()> = OnceLock::new();
    Interrupt::catch();
    if let Some(deadline) = deadline {
        let mut earliest = DEADLINE.lock().unwrap_or_else(PoisonError::into_inner);
        *earliest = Some(earliest.map_or(deadline, |earliest| earliest.min(deadline)));
    }
    STARTED.get_or_init(|| {
        let _ = thread::Builder::new()
            .name("sudoku-watchdog".into())
            .spawn(watchdog);
    });
}

/// The watchdog's thread: looks every [`LOOK_EVERY`] until the run is
/// past its grace (the process normally ends long before).
fn watchdog() {
    let mut signalled: Option<(Instant, u8)> = None;
    loop {
        let now = Instant::now();
        if signalled.is_none() {
            signalled = self::signalled().map(|status| (now, status));
        }
        let deadline = *DEADLINE.lock().unwrap_or_else(PoisonError::into_inner);
        let stuck = match (signalled, deadline) {
            (Some((at, status)), _) if now >= at + GRACE => Some(("interrupted", status)),
            (_, Some(deadline)) if now >= deadline + GRACE => Some(("timed out", 1)),
            _ => None,
        };
        if let Some((why, status)) = stuck {
            write_diagnostic_without_waiting(&stuck_message(why));
            std::process::exit(i32::from(status));
        }
        thread::sleep(LOOK_EVERY);
    }
}

/// Why [`receive`] ended without a message.
pub enum Stopped {
    /// The deadline passed.
    TimedOut,
    /// A signal came: the run ends with this status.
    Signal(u8),
    /// The sender is gone.
    Disconnected,
}

/// The next message of `received`, for a thread that waits on another one's
/// work: waits until `deadline` at most, and looks for a signal every
/// [`LOOK_EVERY`] meanwhile, so that a run waiting on work it cannot stop
/// (a read, a long search) still ends as a signal asks, not by the watchdog.
pub fn receive<T>(received: &Receiver<T>, deadline: Option<Instant>) -> Result<T, Stopped> {
    loop {
        if let Some(status) = signalled() {
            return Err(Stopped::Signal(status));
        }
        let look_again = Instant::now() + LOOK_EVERY;
        match received.recv_deadline(deadline.map_or(look_again, |end| end.min(look_again))) {
            Ok(message) => return Ok(message),
            Err(RecvTimeoutError::Disconnected) => return Err(Stopped::Disconnected),
            Err(RecvTimeoutError::Timeout) => {
                if deadline.is_some_and(|end| Instant::now() >= end) {
                    return Err(Stopped::TimedOut);
                }
            }
        }
    }
}

/// What the watchdog says as it ends a run that was `why` (`timed out`).
fn stuck_message(why: &str) -> String {
    format!(
        "error: {why}, and {} s later the run had not ended (a reader of the output that stopped reading? input that never came?): ending now; what was not written is lost\n",
        GRACE.as_secs()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signal_ignored_at_start_is_read_from_the_mask() {
        // SIGHUP (1) and SIGINT (2) ignored, as under `nohup` in a script.
        assert!(is_ignored("0000000000000003", 1));
        assert!(is_ignored("0000000000000003", 2));
        assert!(!is_ignored("0000000000000003", 15));
        assert!(is_ignored("0000000000004000", 15));
        assert!(!is_ignored("", 1));
        assert!(!is_ignored("0000000000000001", 0));
    }

    #[test]
    fn the_watchdog_says_why_it_ends_the_run_on_one_line() {
        let message = stuck_message("timed out");
        assert!(message.starts_with("error: timed out, and 2 s later"));
        assert_eq!(message.lines().count(), 1);
        assert!(message.ends_with('\n'));
    }
}
