//! Running a built program over the cases, one at a time, contained, with
//! its time and memory limits enforced from outside and its output bounded.
//!
//! The harness around the submission (`harness/`) reads a case from stdin
//! and sends each answer on a channel of the judge's own, file descriptor 3
//! (a pipe the judge made), as `<cpu ns> <wall ns> <length>\n<board>\n`, after
//! a first `ready\n` once the program has loaded. Nothing the program
//! prints can forge or corrupt an answer: its stdout is only its own
//! output, kept in part for the verdict and counted against
//! [`OUTPUT_LIMIT`]. Each case's processor time is the kernel's count for
//! the program and everything under it, read from `/proc` while it runs;
//! its own measure (the harness's, around the calls of the solve function)
//! is what the comparison uses.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{ChildStdin, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use command_fds::{CommandFdExt, FdMapping};
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

use super::contain::{self, Contained, Interrupt, Limits, Spec};
use super::language::out_of_memory;

/// The most a submission may print of its own before it is stopped.
pub const OUTPUT_LIMIT: u64 = 1 << 20;

/// How much of the program's own output and of its stderr a verdict shows.
const KEPT: usize = 16 * 1024;

/// The longest answer a harness sends: 81 cells of a few bytes each, with
/// room for a Python cell that is not one character.
const LONGEST_ANSWER: usize = 64 * 1024;

/// How often the judge looks at a running case's time and memory.
const POLL: Duration = Duration::from_millis(5);

/// How long the program may take to load (start its runtime, read the
/// submission) before it is ready for the first case, in processor time,
/// and on the clock (a program stopped or asleep while it loads).
const LOAD_LIMIT: Duration = Duration::from_secs(10);
const LOAD_WALL_LIMIT: Duration = Duration::from_secs(20);

/// The wall-clock backstop of a case whose processor time limit is
/// `limit`: a program that blocks or sleeps uses no processor time.
pub fn backstop(limit: Duration) -> Duration {
    (limit * 5).max(limit + Duration::from_secs(2))
}

/// What the judge needs to run a built program.
pub struct Launch<'a> {
    pub argv: &'a [OsString],
    pub directory: &'a Path,
    pub environment: &'a [(OsString, OsString)],
    /// Whether the memory limit may be set on its address space too (not
    /// for the JVM nor `AddressSanitizer`, which reserve far more than they use).
    pub address_space_limited: bool,
}

/// One board the program gave back, and the times it took.
pub struct Answer {
    pub board: String,
    /// The program's own measure of one solve: the processor time of the
    /// thread that called the solve function, over the calls, per call.
    pub own: Duration,
    /// The kernel's count of the processor time the program (and anything
    /// under it) used from the request to the answer, all calls together.
    pub cpu: Duration,
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
    /// The judge could not run it (an error of the machine, not of the
    /// submission: exit status 2).
    Judge(String),
    /// SIGINT or SIGTERM reached the judge: it ends with this status.
    Interrupted(u8),
}

/// What the answer channel carries.
enum Frame {
    Ready,
    Answer {
        board: String,
        own: Duration,
    },
    /// Something that is not the harness's: the program wrote on the
    /// channel itself, or the harness could not.
    Garbled(String),
}

/// The running program.
pub struct Session {
    child: Contained,
    requests: Option<ChildStdin>,
    frames: Receiver<Frame>,
    stdout: Kept,
    stderr: Kept,
    memory_limit: u64,
}

impl Session {
    /// Starts the program, contained, and waits until it is ready for the
    /// first case. It will be asked at most `requests` times, each with a
    /// processor time limit of at most `limit`: past all of them together
    /// (and its loading), the kernel stops it (a backstop: the judge's
    /// own watch stops each request long before).
    pub fn start(
        launch: &Launch,
        memory_limit: u64,
        requests: usize,
        limit: Duration,
    ) -> Result<Session, Stop> {
        // The judge's end is closed in the program (close-on-exec); the
        // program's end becomes its descriptor 3.
        let (reader, writer) = rustix::pipe::pipe_with(rustix::pipe::PipeFlags::CLOEXEC)
            .map_err(|error| Stop::Judge(format!("a pipe for the answers: {error}")))?;
        let reader = std::fs::File::from(reader);
        let limits = Limits {
            address_space: launch.address_space_limited.then_some(memory_limit),
            cpu_seconds: Some(
                (limit.as_secs() + 1)
                    .saturating_mul(u64::try_from(requests).unwrap_or(u64::MAX))
                    .saturating_add(LOAD_LIMIT.as_secs() + 60),
            ),
            file_size: Some(OUTPUT_LIMIT),
        };
        let mut command = contain::command(&Spec {
            argv: launch.argv,
            directory: launch.directory,
            writable: false,
            environment: launch.environment,
            limits,
        })
        .map_err(|error| Stop::Judge(error.to_string()))?;
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .fd_mappings(vec![FdMapping {
                parent_fd: writer,
                child_fd: 3,
            }])
            .map_err(|error| Stop::Judge(error.to_string()))?;
        let mut child =
            Contained::spawn(command).map_err(|error| Stop::Judge(error.to_string()))?;
        // The judge's copy of the channel's write end went with the command,
        // so the channel closes when the program's copies do.
        let inner = child.inner_mut();
        let requests = inner.stdin.take();
        let stdout = inner.stdout.take().map(Kept::read_counting);
        let stderr = inner.stderr.take().map(|stream| Kept::read(stream, None));
        let (Some(stdout), Some(stderr)) = (stdout, stderr) else {
            return Err(Stop::Judge("the program's pipes are missing".to_string()));
        };
        let (sender, frames) = crossbeam_channel::bounded(4);
        thread::spawn(move || read_frames(reader, &sender));
        let mut session = Session {
            child,
            requests,
            frames,
            stdout,
            stderr,
            memory_limit,
        };
        let before = session.child.processor_time();
        match session.wait_from(before, LOAD_LIMIT, LOAD_WALL_LIMIT)? {
            Frame::Ready => Ok(session),
            Frame::Answer { .. } => Err(session.garbled("an answer before any case")),
            Frame::Garbled(what) => Err(session.garbled(&what)),
        }
    }

    /// Hands `puzzle` (81 characters) to the program, to solve `repeats`
    /// times on a fresh board each (for timing; 1 to judge), and waits for
    /// its answer while its processor time on the case stays under `limit`
    /// (all repeats together).
    pub fn solve(&mut self, puzzle: &str, repeats: u32, limit: Duration) -> Result<Answer, Stop> {
        let request = format!("{puzzle} {repeats}\n");
        let before = self.child.processor_time();
        let written = self.requests.as_mut().map(|requests| {
            requests
                .write_all(request.as_bytes())
                .and_then(|()| requests.flush())
        });
        if !matches!(written, Some(Ok(()))) {
            // It is gone already: say how it ended.
            return Err(self.ended());
        }
        let frame = self.wait_from(before, limit, backstop(limit))?;
        let cpu = self.child.processor_time().saturating_sub(before);
        match frame {
            Frame::Answer { board, own } => Ok(Answer { board, own, cpu }),
            Frame::Ready => Err(self.garbled("a second `ready`")),
            Frame::Garbled(what) => Err(self.garbled(&what)),
        }
    }

    /// What the program printed of its own, as far as it was kept, once the
    /// session is over: its input is closed, so that the program ends by
    /// itself and writes out what its runtime still buffers (Python's print
    /// to a pipe), and the output is read to its end (a second at most).
    /// Read sooner, on a busy machine, the verdict missed lines the program
    /// had printed.
    pub fn own_output(&mut self) -> String {
        drop(self.requests.take());
        self.stdout.finish();
        self.stdout.text()
    }

    /// Waits for the next frame, looking every [`POLL`] at what can end
    /// the wait: the program's end, its output, memory, processor time
    /// since `before` (at most `limit`), the wall clock (at most
    /// `wall_limit`), a signal to the judge.
    fn wait_from(
        &mut self,
        before: Duration,
        limit: Duration,
        wall_limit: Duration,
    ) -> Result<Frame, Stop> {
        let started = Instant::now();
        loop {
            match self.frames.recv_timeout(POLL) {
                Ok(frame) => {
                    // An answer that came after the limit is still too late.
                    let cpu = self.child.processor_time().saturating_sub(before);
                    if cpu > limit {
                        return Err(self.time_limit(cpu, started.elapsed(), false));
                    }
                    return Ok(frame);
                }
                Err(RecvTimeoutError::Timeout) => {}
                // The channel closed: the program ended, or closed it.
                Err(RecvTimeoutError::Disconnected) => {
                    thread::sleep(POLL);
                }
            }
            if let Some(status) = Interrupt::catch().status() {
                self.child.kill_all();
                return Err(Stop::Interrupted(status));
            }
            if self.stdout.over_limit() {
                self.child.kill_all();
                return Err(Stop::OutputLimit);
            }
            if matches!(self.child.try_wait(), Ok(Some(_)) | Err(_)) {
                return Err(self.ended());
            }
            let (used, resident) = self.child.usage();
            if resident > self.memory_limit {
                self.child.kill_all();
                return Err(Stop::MemoryLimit {
                    resident: Some(resident),
                    limit: self.memory_limit,
                    stderr: self.stderr_text(),
                });
            }
            let cpu = used.saturating_sub(before);
            let wall = started.elapsed();
            if cpu > limit {
                return Err(self.time_limit(cpu, wall, false));
            }
            if wall > wall_limit {
                return Err(self.time_limit(cpu, wall, true));
            }
        }
    }

    fn time_limit(&mut self, cpu: Duration, wall: Duration, backstop: bool) -> Stop {
        self.child.kill_all();
        Stop::TimeLimit {
            cpu,
            wall,
            backstop,
        }
    }

    /// The program has stopped: how it ended, with its stderr.
    fn ended(&mut self) -> Stop {
        drop(self.requests.take());
        self.child.kill_all();
        let status = self.child.try_wait().ok().flatten();
        let stderr = self.stderr_text();
        if contain::launch_failed(status, &stderr) {
            return Stop::Judge(stderr.trim().to_string());
        }
        if out_of_memory(&stderr) {
            return Stop::MemoryLimit {
                resident: None,
                limit: self.memory_limit,
                stderr,
            };
        }
        let ended = status.map_or_else(|| "ended".to_string(), describe);
        Stop::Runtime { ended, stderr }
    }

    fn garbled(&mut self, what: &str) -> Stop {
        self.child.kill_all();
        Stop::Runtime {
            ended: format!(
                "broke the judge's answer channel (file descriptor 3): {what}; does your code write to it?"
            ),
            stderr: self.stderr_text(),
        }
    }

    /// The program's stderr, as far as it was kept, once every process
    /// that held it has ended (or after a second).
    fn stderr_text(&mut self) -> String {
        self.stderr.finish();
        self.stderr.text()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        drop(self.requests.take());
        self.child.kill_all();
    }
}

/// How a process ended, in words.
fn describe(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    // bubblewrap, between the launcher and the program, reports a program
    // killed by signal N as exit status 128 + N, as a shell does (and the
    // launcher does too for a signal it cannot raise on itself): read it
    // back as the signal, which is what a learner needs to see.
    let signal = status.signal().or_else(|| {
        status
            .code()
            .filter(|code| (129..=192).contains(code))
            .map(|code| code - 128)
    });
    if let Some(signal) = signal {
        let name = match signal {
            4 => " (SIGILL)",
            6 => " (SIGABRT)",
            7 => " (SIGBUS)",
            8 => " (SIGFPE)",
            9 => " (SIGKILL)",
            11 => " (SIGSEGV)",
            13 => " (SIGPIPE)",
            24 => " (SIGXCPU)",
            25 => " (SIGXFSZ)",
            _ => "",
        };
        return format!("was killed by signal {signal}{name}");
    }
    match status.code() {
        Some(0) => "exited before answering".to_string(),
        Some(code) => format!("exited with status {code}"),
        None => "ended".to_string(),
    }
}

/// Reads the answer channel into frames until it closes or garbles.
fn read_frames(reader: impl Read, sender: &Sender<Frame>) {
    let mut reader = BufReader::new(reader.take(u64::MAX));
    loop {
        let mut header = Vec::new();
        match (&mut reader).take(256).read_until(b'\n', &mut header) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let frame = parse_header(&header).and_then(|header| match header {
            None => Ok(Frame::Ready),
            Some((own, length)) => {
                let mut board = vec![0; length + 1];
                reader
                    .read_exact(&mut board)
                    .map_err(|_| "an answer cut short".to_string())?;
                if board.pop() != Some(b'\n') {
                    return Err("an answer longer than it said".to_string());
                }
                Ok(Frame::Answer {
                    board: String::from_utf8_lossy(&board).into_owned(),
                    own,
                })
            }
        });
        let garbled = frame.is_err();
        if sender.send(frame.unwrap_or_else(Frame::Garbled)).is_err() || garbled {
            return;
        }
    }
}

/// A frame's first line: `ready` (`None`), or an answer's time and length.
fn parse_header(header: &[u8]) -> Result<Option<(Duration, usize)>, String> {
    let text = std::str::from_utf8(header).map_err(|_| "bytes that are not text".to_string())?;
    let Some(text) = text.strip_suffix('\n') else {
        return Err("a line with no end".to_string());
    };
    if text == "ready" {
        return Ok(None);
    }
    let fields: Vec<&str> = text.split(' ').collect();
    let numbers: Option<Vec<u64>> = fields.iter().map(|field| field.parse().ok()).collect();
    match numbers.as_deref() {
        Some(&[own, _wall, length]) if length <= LONGEST_ANSWER as u64 => Ok(Some((
            Duration::from_nanos(own),
            usize::try_from(length).unwrap_or(LONGEST_ANSWER),
        ))),
        _ => Err(format!("{text:?} where an answer's header should be")),
    }
}

/// One of the program's output streams, read on a thread of its own: its
/// first [`KEPT`] bytes kept, the rest read away (so the program never
/// blocks on a full pipe) and counted.
struct Kept {
    bytes: Arc<Mutex<Vec<u8>>>,
    over: Arc<AtomicBool>,
    reader: Option<JoinHandle<()>>,
}

impl Kept {
    /// Its stdout: past [`OUTPUT_LIMIT`] bytes the reader stops and says so.
    fn read_counting(stream: impl Read + Send + 'static) -> Kept {
        Kept::read(stream, Some(OUTPUT_LIMIT))
    }

    fn read(mut stream: impl Read + Send + 'static, limit: Option<u64>) -> Kept {
        let kept = Arc::new(Mutex::new(Vec::new()));
        let over = Arc::new(AtomicBool::new(false));
        let (into, flag) = (Arc::clone(&kept), Arc::clone(&over));
        let reader = thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            let mut total: u64 = 0;
            while let Ok(read) = stream.read(&mut chunk) {
                if read == 0 {
                    return;
                }
                total += read as u64;
                {
                    let mut kept = into.lock().unwrap_or_else(PoisonError::into_inner);
                    let room = KEPT.saturating_sub(kept.len());
                    kept.extend_from_slice(&chunk[..read.min(room)]);
                }
                if limit.is_some_and(|limit| total > limit) {
                    flag.store(true, Ordering::Relaxed);
                    return;
                }
            }
        });
        Kept {
            bytes: kept,
            over,
            reader: Some(reader),
        }
    }

    fn over_limit(&self) -> bool {
        self.over.load(Ordering::Relaxed)
    }

    /// Waits for the reader to reach the stream's end (every writer gone),
    /// a second at most: a process that escaped could hold it open.
    fn finish(&mut self) {
        let started = Instant::now();
        while self
            .reader
            .as_ref()
            .is_some_and(|reader| !reader.is_finished())
        {
            if started.elapsed() > Duration::from_secs(1) {
                return;
            }
            thread::sleep(Duration::from_millis(2));
        }
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes.lock().unwrap_or_else(PoisonError::into_inner))
            .into_owned()
    }
}
