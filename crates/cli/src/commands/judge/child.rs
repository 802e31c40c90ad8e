//! Running a built submission over the cases, one at a time, with the time
//! limit enforced from outside and its output bounded.
//!
//! The harness writes each answer as one line, `\x1eANSWER <board> <ns>`;
//! anything else the program prints is its own output, kept in part for the
//! verdict and counted against [`OUTPUT_LIMIT`].

use std::io::{self, Read, Write};
use std::process::{Child, ChildStdin};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

use super::language::Program;

/// The most a submission may print of its own before it is stopped.
pub const OUTPUT_LIMIT: u64 = 1 << 20;

/// How much of the program's own output and of its stderr a verdict shows.
const KEPT: usize = 16 * 1024;

/// What starts an answer line.
const MARKER: &[u8] = b"\x1eANSWER ";

/// One board the program gave back, and the time its solve took, measured
/// inside the program around the call.
pub struct Answer {
    pub board: String,
    pub time: Duration,
}

/// Why the program gave no answer.
pub enum Stop {
    /// It was killed: its processor time on the case passed the limit
    /// (`cpu`), or, blocked or sleeping, its wall-clock time on the case
    /// passed the backstop (`backstop`, several times the limit).
    TimeLimit {
        cpu: Duration,
        wall: Duration,
        backstop: bool,
    },
    /// It ended (a panic, an exception, a signal): how, and its stderr.
    Runtime { ended: String, stderr: String },
    /// It used more memory than the limit: it was killed when its resident
    /// memory passed it (`resident`, in bytes), or an allocation failed
    /// and it ended (`resident` is `None`; its stderr says how).
    MemoryLimit {
        resident: Option<u64>,
        limit: u64,
        stderr: String,
    },
    /// It printed more than [`OUTPUT_LIMIT`] of its own, and was killed.
    OutputLimit,
}

/// What the stdout reader reports.
enum FromChild {
    Answer(Answer),
    OutputLimit,
    Closed,
}

/// The running program.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<FromChild>,
    own_output: Arc<Mutex<Vec<u8>>>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Session {
    /// Starts `program`; its stdout and stderr are read on threads of their own.
    pub fn start(program: &Program) -> io::Result<Session> {
        let mut child = program.command().spawn()?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
        let stderr = child
            .stderr
            .take()
            .ok_or_else(|| io::Error::other("no stderr"))?;
        let (sender, events) = crossbeam_channel::unbounded();
        let own_output = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&own_output);
        thread::spawn(move || read_stdout(stdout, &sender, &kept));
        let errors = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&errors);
        thread::spawn(move || keep_some(stderr, &kept));
        Ok(Session {
            child,
            stdin,
            events,
            own_output,
            stderr: errors,
        })
    }

    /// Hands `puzzle` (81 characters) to the program, to solve `repeats`
    /// times on a fresh board each (for timing; 1 to judge), and waits for
    /// its answer at most `limit`. The answer's time is the mean of the solves.
    pub fn solve(&mut self, puzzle: &str, repeats: u32, limit: Duration) -> Result<Answer, Stop> {
        let started = Instant::now();
        let request = if repeats > 1 {
            format!("{puzzle} {repeats}\n")
        } else {
            format!("{puzzle}\n")
        };
        let written = self.stdin.as_mut().map(|stdin| {
            stdin
                .write_all(request.as_bytes())
                .and_then(|()| stdin.flush())
        });
        if !matches!(written, Some(Ok(()))) {
            // It is gone already: say how it ended.
            return Err(self.ended());
        }
        match self.events.recv_timeout(limit) {
            Ok(FromChild::Answer(answer)) => Ok(answer),
            Ok(FromChild::OutputLimit) => {
                self.kill();
                Err(Stop::OutputLimit)
            }
            Ok(FromChild::Closed) | Err(RecvTimeoutError::Disconnected) => Err(self.ended()),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(Stop::TimeLimit {
                    cpu: started.elapsed(),
                    wall: started.elapsed(),
                    backstop: false,
                })
            }
        }
    }

    /// What the program printed of its own, as far as it was kept.
    pub fn own_output(&self) -> String {
        String::from_utf8_lossy(
            &self
                .own_output
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        )
        .into_owned()
    }

    /// The program has stopped answering: how it ended, with its stderr.
    fn ended(&mut self) -> Stop {
        drop(self.stdin.take());
        let ended = match self.child.wait() {
            Ok(status) => describe(status),
            Err(error) => format!("could not be waited for: {error}"),
        };
        // Give the stderr reader a moment to take the last of it.
        thread::sleep(Duration::from_millis(50));
        let stderr =
            String::from_utf8_lossy(&self.stderr.lock().unwrap_or_else(PoisonError::into_inner))
                .into_owned();
        Stop::Runtime { ended, stderr }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        drop(self.stdin.take());
        if matches!(self.child.try_wait(), Ok(None)) {
            self.kill();
        }
    }
}

/// How a process ended, in words.
fn describe(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                _ => "",
            };
            return format!("was killed by signal {signal}{name}");
        }
    }
    match status.code() {
        Some(0) => "exited before answering".to_string(),
        Some(code) => format!("exited with status {code}"),
        None => "ended".to_string(),
    }
}

/// Reads the program's stdout: answers go to `sender`, the rest is the
/// program's own output, kept in part and counted against the limit.
fn read_stdout(mut stdout: impl Read, sender: &Sender<FromChild>, kept: &Mutex<Vec<u8>>) {
    let mut line: Vec<u8> = Vec::new();
    let mut own: u64 = 0;
    let mut chunk = [0u8; 8192];
    let own_output = |bytes: &[u8], own: &mut u64| {
        *own += bytes.len() as u64;
        let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
        let room = KEPT.saturating_sub(kept.len());
        kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
        *own <= OUTPUT_LIMIT
    };
    loop {
        let read = match stdout.read(&mut chunk) {
            Ok(0) | Err(_) => {
                let _ = sender.send(FromChild::Closed);
                return;
            }
            Ok(read) => read,
        };
        for &byte in &chunk[..read] {
            if byte != b'\n' {
                line.push(byte);
                // A long line that is not an answer is the program's own.
                if line.len() > KEPT && !line.starts_with(MARKER) {
                    if !own_output(&line, &mut own) {
                        let _ = sender.send(FromChild::OutputLimit);
                        return;
                    }
                    line.clear();
                }
                continue;
            }
            if let Some(answer) = line.strip_prefix(MARKER).and_then(parse_answer) {
                if sender.send(FromChild::Answer(answer)).is_err() {
                    return;
                }
            } else {
                line.push(b'\n');
                if !own_output(&line, &mut own) {
                    let _ = sender.send(FromChild::OutputLimit);
                    return;
                }
            }
            line.clear();
        }
    }
}

/// `<board> <nanoseconds>`.
fn parse_answer(text: &[u8]) -> Option<Answer> {
    let text = String::from_utf8_lossy(text);
    let (board, nanos) = text.rsplit_once(' ')?;
    Some(Answer {
        board: board.to_string(),
        time: Duration::from_nanos(nanos.trim().parse().ok()?),
    })
}

/// Keeps the first [`KEPT`] bytes of `stream`, and reads the rest away so
/// that the program never blocks on a full pipe.
fn keep_some(mut stream: impl Read, kept: &Mutex<Vec<u8>>) {
    let mut chunk = [0u8; 8192];
    while let Ok(read) = stream.read(&mut chunk) {
        if read == 0 {
            return;
        }
        let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
        let room = KEPT.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..read.min(room)]);
    }
}
