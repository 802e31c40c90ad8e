//! Standard output, one record per input record; diagnostics on stderr; and
//! the exit status.

use std::fmt::{self, Write as _};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The exit status, ordered so that the worst of several wins with `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every record succeeded: 0.
    Success,
    /// Some record failed: 1.
    RecordFailed,
    /// A usage or I/O error: 2.
    UsageOrIo,
    /// Stopped by a signal it caught, SIGINT, SIGTERM or SIGHUP: 128 and
    /// the signal's number (130, 143, 129), as a shell reports it.
    Signal(u8),
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(match status {
            Status::Success => 0,
            Status::RecordFailed => 1,
            Status::UsageOrIo => 2,
            Status::Signal(status) => status,
        })
    }
}

/// Writes one line to stderr, and carries on if it cannot: a diagnostic
/// that nobody can read (stderr closed, full, or a pipe whose reader left)
/// must not cost a record on stdout, nor the exit status. While a
/// [`HeldDiagnostics`] lives, the line is held back and written later with
/// others. Use it through [`diagnostic!`], never `eprintln!`, which panics
/// when the write fails.
pub fn write_diagnostic(arguments: fmt::Arguments) {
    emit(|text| {
        // Writing to a `String` cannot fail.
        let _ = writeln!(text, "{arguments}");
    });
}

/// Writes `KIND: SOURCE:LINE: MESSAGE` as [`write_diagnostic`] does, its
/// pieces pushed one after the other: the line every record with a warning
/// or an error has. Through `format_args!` it took a few percent of
/// `sudoku solve`'s time on a file where every puzzle has two solutions.
pub fn write_located(kind: &str, source: &str, line: usize, message: &str) {
    emit(|text| {
        text.push_str(kind);
        text.push_str(": ");
        text.push_str(source);
        text.push(':');
        push_decimal(text, line);
        text.push_str(": ");
        text.push_str(message);
        text.push('\n');
    });
}

/// Appends `number` in decimal.
fn push_decimal(text: &mut String, number: usize) {
    // Enough for any usize (20 digits).
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = number;
    loop {
        start -= 1;
        // A remainder of 10 fits in a u8.
        #[allow(clippy::cast_possible_truncation)]
        let digit = (rest % 10) as u8;
        digits[start] = b'0' + digit;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    text.extend(digits[start..].iter().map(|&digit| char::from(digit)));
}

/// Writes the diagnostic line that `write` appends to a `String` (with its
/// newline), and carries on if it cannot: see [`write_diagnostic`].
fn emit(write: impl FnOnce(&mut String)) {
    if cfg!(test) {
        // Under `cargo test`, where the test harness captures it.
        let mut text = String::new();
        write(&mut text);
        eprint!("{text}");
    } else {
        // One write per line at most: stderr is unbuffered, and `writeln!`
        // on it makes a system call for every piece of the format (eight
        // for a warning naming its file and line). A file of puzzles with
        // several solutions each paid for that in `sudoku solve`'s time.
        let mut held = lock_held();
        if let Some(text) = held.as_mut() {
            write(text);
            if text.len() >= HELD_AT_MOST {
                write_stderr(text);
                text.clear();
            }
        } else {
            drop(held);
            let mut text = String::new();
            write(&mut text);
            write_stderr(&text);
        }
    }
}

/// Diagnostics held back while a [`HeldDiagnostics`] lives, to be written
/// together; `None` when they go out one by one.
static HELD: Mutex<Option<String>> = Mutex::new(None);

/// Held diagnostics go out once they come to this many bytes.
const HELD_AT_MOST: usize = 8192;

fn lock_held() -> MutexGuard<'static, Option<String>> {
    // A panic while the lock was held leaves the text whole: a line is
    // pushed or not.
    HELD.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes `text` to stderr as it is, and carries on if it cannot.
fn write_stderr(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Writes `text` to stderr if that can be done without waiting, and
/// otherwise drops it: the last word of a run that is stuck, perhaps on
/// stderr itself (see [`crate::interrupt`]). A regular file never keeps a
/// write waiting. Anything else (a pipe, a terminal) is opened again,
/// without waiting, as a description of its own: descriptor 2's own
/// cannot be made non-blocking without making it so for every process
/// that shares it, the shell's terminal among them.
pub fn write_diagnostic_without_waiting(text: &str) {
    use std::os::unix::fs::OpenOptionsExt;
    const STDERR: &str = "/proc/self/fd/2";
    if std::fs::metadata(STDERR).is_ok_and(|stderr| stderr.is_file()) {
        write_stderr(text);
        return;
    }
    let flags = rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOCTTY;
    // The flags are small positive numbers: the cast keeps them.
    #[allow(clippy::cast_possible_wrap)]
    let flags = flags.bits() as i32;
    if let Ok(mut stderr) = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(flags)
        .open(STDERR)
    {
        let _ = stderr.write_all(text.as_bytes());
    }
}

/// A name for messages (a file's path): as it is, but with its control
/// characters escaped as record text is (`\n`, `\u{1b}`), so that a name
/// holding a line end cannot forge a line of diagnostics, nor an escape
/// sequence move the terminal's cursor.
pub fn escaped_name(name: &Path) -> String {
    let name = name.display().to_string();
    if !name.chars().any(char::is_control) {
        return name;
    }
    let mut shown = String::with_capacity(name.len() + 8);
    for character in name.chars() {
        if character.is_control() {
            shown.extend(character.escape_debug());
        } else {
            shown.push(character);
        }
    }
    shown
}

/// Standard output, to write records to, as a file of its own: through it,
/// a write that fails is an error, where Rust's `Stdout` takes a write to
/// a closed descriptor (`EBADF`) for a success and loses the record.
///
/// # Errors
/// When standard output was closed when the program started (`>&-`).
/// Rust's runtime then opens `/dev/null` in its place, for reading and
/// writing, which `> /dev/null` never does (`1<> /dev/null` does, and is
/// refused too); a record written there would be lost without a word.
pub fn standard_output() -> Result<std::fs::File, String> {
    use std::os::fd::AsFd;
    let stdout = io::stdout();
    let descriptor = stdout.as_fd();
    let read_write = rustix::fs::fcntl_getfl(descriptor)
        .is_ok_and(|flags| flags & rustix::fs::OFlags::RWMODE == rustix::fs::OFlags::RDWR);
    if read_write && same_target("/proc/self/fd/1", "/dev/null") == Some(true) {
        return Err("standard output is closed: the output would be lost".to_string());
    }
    descriptor
        .try_clone_to_owned()
        .map(std::fs::File::from)
        .map_err(|error| format!("standard output: {error}"))
}

/// Writes out the diagnostics held so far, and goes on holding.
fn write_held() {
    if let Some(text) = lock_held().as_mut() {
        write_stderr(text);
        text.clear();
    }
}

/// While it lives, diagnostics are held back and written together: at
/// each flush of stdout, every [`HELD_AT_MOST`] bytes, and when it is
/// dropped (also while unwinding from a panic). Otherwise a file where
/// every record has a warning (every puzzle with two solutions, say) makes
/// a system call per record, a good part of `sudoku solve`'s time when
/// stderr goes to a file. Only made where no one reads the two streams
/// side by side: see [`Output::hold_diagnostics`].
pub struct HeldDiagnostics(());

impl Drop for HeldDiagnostics {
    fn drop(&mut self) {
        if let Some(text) = lock_held().take() {
            write_stderr(&text);
        }
    }
}

/// Whether stdout and stderr end up in one place, where a diagnostic must
/// follow the records before it: one terminal, or one file or pipe for both
/// (`2>&1`). The two descriptors are compared through Linux's /proc; where
/// that cannot be done, they are taken to meet. Output thrown away
/// (`> /dev/null 2>&1`, as benchmarking tools run a command) keeps no
/// order to follow: there, keeping one cost a write per record with a
/// warning, a fifth of `sudoku solve`'s time on a file where every puzzle
/// has several solutions.
pub fn streams_meet() -> bool {
    meet("/proc/self/fd/1", "/proc/self/fd/2", "/dev/null")
}

/// [`streams_meet`] for the descriptors `out` and `err`, with `discard`
/// the file that keeps nothing.
fn meet(out: &str, err: &str, discard: &str) -> bool {
    if same_target(out, discard) == Some(true) {
        return false;
    }
    same_target(out, err).unwrap_or(true)
}

/// Whether two paths name the same file (device and inode), when both can
/// be looked at.
#[cfg(unix)]
pub fn same_target(one: impl AsRef<Path>, other: impl AsRef<Path>) -> Option<bool> {
    use std::os::unix::fs::MetadataExt;
    let (one, other) = (std::fs::metadata(one).ok()?, std::fs::metadata(other).ok()?);
    Some(one.dev() == other.dev() && one.ino() == other.ino())
}

#[cfg(not(unix))]
pub fn same_target(_: impl AsRef<Path>, _: impl AsRef<Path>) -> Option<bool> {
    None
}

/// `eprintln!` for diagnostics, without its panic: see [`write_diagnostic`].
macro_rules! diagnostic {
    ($($argument:tt)*) => {
        $crate::output::write_diagnostic(format_args!($($argument)*))
    };
}
pub(crate) use diagnostic;

/// Buffered standard output that remembers whether a record failed, and
/// puts a blank line between records when they are asked to stand apart.
pub struct Output<W: Write> {
    writer: BufWriter<W>,
    /// The worst status met so far: see [`Output::status`].
    status: Status,
    separate: bool,
    records: u64,
    /// Whether stdout is flushed before each diagnostic, so that the two
    /// streams read in order where they meet (see [`streams_meet`]).
    ordered: bool,
}

impl<W: Write> Output<W> {
    pub fn new(writer: W) -> Self {
        Output {
            writer: BufWriter::new(writer),
            status: Status::Success,
            separate: false,
            records: 0,
            ordered: true,
        }
    }

    /// Flushes stdout before each diagnostic only when `ordered`: when
    /// stdout and stderr end up in one place (see [`streams_meet`]).
    /// Otherwise a file with a warning for every record would pay a write
    /// to stdout for every record.
    pub fn ordered(mut self, ordered: bool) -> Self {
        self.ordered = ordered;
        self
    }

    /// Holds diagnostics back until stdout is flushed (see
    /// [`HeldDiagnostics`]) when the two streams do not meet and stderr is
    /// not a terminal: then nobody reads them side by side, or watches the
    /// warnings come one by one (or a progress bar, drawn only there).
    pub fn hold_diagnostics(&self) -> Option<HeldDiagnostics> {
        if self.ordered || io::stderr().is_terminal() {
            return None;
        }
        let mut held = lock_held();
        if held.is_some() {
            // Already held, by an outer caller.
            return None;
        }
        *held = Some(String::new());
        Some(HeldDiagnostics(()))
    }

    /// Before a diagnostic about the records written so far: flushes them
    /// first when the two streams meet, so that they read in order.
    pub fn before_diagnostic(&mut self) -> io::Result<()> {
        if self.ordered {
            self.writer.flush()?;
        }
        Ok(())
    }

    /// From now on, a blank line between records (grids and tables read
    /// better so), or not.
    pub fn separate_records(&mut self, separate: bool) {
        self.separate = separate;
    }

    /// Starts a record: the blank line before every record but the first,
    /// when records stand apart.
    fn start_record(&mut self) -> io::Result<()> {
        self.records += 1;
        if self.separate && self.records > 1 {
            self.writer.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Writes one line of text (a newline is added).
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.writer, "{text}")
    }

    /// Writes one successful record, already ending in a newline.
    pub fn record(&mut self, text: &str) -> io::Result<()> {
        self.start_record()?;
        self.writer.write_all(text.as_bytes())
    }

    /// Writes `error: <message>` in the record's place and explains it on
    /// stderr with the file and line.
    pub fn record_error(&mut self, source: &str, line: usize, message: &str) -> io::Result<()> {
        self.record_failed(&format!("error: {message}\n"), source, line, message)
    }

    /// Writes `shown` (ending in a newline) in a failed record's place,
    /// and explains the failure, `message`, on stderr with the file and
    /// line.
    pub fn record_failed(
        &mut self,
        shown: &str,
        source: &str,
        line: usize,
        message: &str,
    ) -> io::Result<()> {
        self.fail();
        self.start_record()?;
        self.writer.write_all(shown.as_bytes())?;
        self.before_diagnostic()?;
        write_located("error", source, line, message);
        Ok(())
    }

    /// Counts the run as failed without writing a record (what was cut off
    /// by a timeout, say).
    pub fn fail(&mut self) {
        self.settle(Status::RecordFailed);
    }

    /// Counts the run as ending with `status` at least (the worst wins).
    /// A command settles its status here as soon as it knows it, before
    /// it writes what it found: a write to a reader that has left (`sudoku
    /// judge x.py | true`) fails, and the command stops there, but the exit
    /// status must still be the verdict's.
    pub fn settle(&mut self, status: Status) {
        self.status = self.status.max(status);
    }

    /// The worst status settled so far: `RecordFailed` once any record
    /// has failed.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Flushes stdout, then writes out the diagnostics held back so far.
    pub fn flush(&mut self) -> io::Result<()> {
        let flushed = self.writer.flush();
        write_held();
        flushed
    }

    /// What was written, for tests that write to memory.
    #[cfg(test)]
    pub fn into_inner(self) -> W {
        self.writer
            .into_inner()
            .unwrap_or_else(|_| panic!("flushing to memory cannot fail"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_numbers_are_written_in_decimal() {
        for (number, written) in [(0, "0"), (7, "7"), (10, "10"), (12_345, "12345")] {
            let mut text = String::from("x:");
            push_decimal(&mut text, number);
            assert_eq!(text, format!("x:{written}"));
        }
        let mut text = String::new();
        push_decimal(&mut text, usize::MAX);
        assert_eq!(text, usize::MAX.to_string());
    }

    #[cfg(unix)]
    #[test]
    fn streams_meet_when_they_are_one_file_and_not_when_two() {
        let folder = tempfile::tempdir().unwrap();
        let (one, two) = (folder.path().join("one"), folder.path().join("two"));
        std::fs::write(&one, "").unwrap();
        std::fs::write(&two, "").unwrap();
        let (one, two) = (one.to_str().unwrap(), two.to_str().unwrap());
        assert_eq!(same_target(one, one), Some(true));
        assert_eq!(same_target(one, two), Some(false));
        assert_eq!(same_target(one, "/no/such/file"), None);
        assert!(meet(one, one, two));
        assert!(!meet(one, two, "/dev/null"));
        assert!(meet(one, "/no/such/file", "/dev/null"));
        // Both thrown away: no order to keep.
        assert!(!meet(one, one, one));
        assert!(!meet("/dev/null", "/dev/null", "/dev/null"));
    }

    #[test]
    fn a_failed_record_sets_the_status_even_when_its_write_fails() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
        }
        let mut output = Output::new(Closed);
        assert_eq!(output.status(), Status::Success);
        assert!(output.record_error("file", 1, "bad").is_err());
        assert_eq!(output.status(), Status::RecordFailed);
    }

    #[test]
    fn records_that_stand_apart_get_a_blank_line_between_them_errors_too() {
        let mut output = Output::new(Vec::new());
        output.separate_records(true);
        output.record("a\n").unwrap();
        output.record_error("file", 2, "bad").unwrap();
        output.record("c\n").unwrap();
        assert_eq!(
            String::from_utf8(output.into_inner()).unwrap(),
            "a\n\nerror: bad\n\nc\n"
        );
        let mut output = Output::new(Vec::new());
        output.record("a\n").unwrap();
        output.record("b\n").unwrap();
        assert_eq!(String::from_utf8(output.into_inner()).unwrap(), "a\nb\n");
    }
}
