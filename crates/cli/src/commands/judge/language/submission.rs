//! Reading the submission, and checking that the judge can run what it
//! builds: the judge's own errors (exit status 2), each one sentence that
//! says what to do.

use std::io::Read;
use std::path::Path;

/// The largest submission the judge reads. LeetCode's editor takes far less;
/// a file past this is not a submission (and a device that never ends, such
/// as `/dev/zero` behind a symbolic link, cannot make the judge hold it).
pub const SUBMISSION_LIMIT: u64 = 1 << 20;

/// The submission at `path`, as text: refused unless it is a regular file
/// (after symbolic links), at most [`SUBMISSION_LIMIT`] bytes, and UTF-8.
/// The error is a sentence naming the file (and the line and column of a
/// byte that is not UTF-8).
pub fn read_submission(path: &Path) -> Result<String, String> {
    let shown = path.display();
    // The path's kind first: opening a named pipe would wait for a writer.
    let metadata = std::fs::metadata(path).map_err(|error| format!("{shown}: {error}"))?;
    if !metadata.is_file() {
        return Err(format!(
            "{shown}: not a regular file ({}): give the judge your submission's file",
            kind(&metadata)
        ));
    }
    let file = std::fs::File::open(path).map_err(|error| format!("{shown}: {error}"))?;
    let mut bytes = Vec::new();
    file.take(SUBMISSION_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("{shown}: {error}"))?;
    if bytes.len() as u64 > SUBMISSION_LIMIT {
        return Err(format!(
            "{shown}: larger than {} MiB, which is not a LeetCode submission",
            SUBMISSION_LIMIT >> 20
        ));
    }
    // A byte-order mark, which some editors write, is not part of the code
    // (javac refuses it).
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(error) => {
            let (line, column) = position(bytes, error.valid_up_to());
            Err(format!(
                "{shown}:{line}:{column}: not UTF-8 (byte 0x{:02X}): save the file as UTF-8",
                bytes[error.valid_up_to()]
            ))
        }
    }
}

/// The line and column (from 1, in characters) of byte `offset` of `bytes`,
/// all of which before it are UTF-8.
fn position(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = String::from_utf8_lossy(&bytes[..offset]);
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .map_or(0, |text| text.chars().count())
        + 1;
    (line, column)
}

/// What a file that is not regular is, in words.
fn kind(metadata: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = metadata.file_type();
    if kind.is_dir() {
        "a directory"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_fifo() {
        "a named pipe"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

/// Refuses a `directory` on a file system mounted `noexec`, where the
/// program the judge builds could not be started: without this, a correct
/// submission would get "Runtime Error: Permission denied".
pub fn check_runnable(directory: &Path) -> Result<(), String> {
    match rustix::fs::statvfs(directory) {
        Ok(status)
            if status
                .f_flag
                .contains(rustix::fs::StatVfsMountFlags::NOEXEC) =>
        {
            Err(noexec_message(directory))
        }
        // If the kernel cannot say, running the program will.
        _ => Ok(()),
    }
}

/// The error for a temporary directory on a `noexec` file system.
fn noexec_message(directory: &Path) -> String {
    let temporary = directory.parent().unwrap_or(directory);
    format!(
        "the temporary directory {} is on a file system mounted noexec, so the judge cannot run \
         the program it builds there: set TMPDIR to a directory on another file system \
         (for example: mkdir -p ~/.cache/tmp && TMPDIR=~/.cache/tmp sudoku judge ...)",
        temporary.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_counts_lines_and_characters_from_one() {
        assert_eq!(position(b"abc", 0), (1, 1));
        assert_eq!(position(b"ab\ncd\nef", 7), (3, 2));
        // "é" is one character of two bytes.
        assert_eq!(position("x\n\u{e9}\u{e9}z".as_bytes(), 6), (2, 3));
    }

    #[test]
    fn the_noexec_message_names_the_directory_and_says_to_set_tmpdir() {
        let message = noexec_message(Path::new("/mnt/small/sudoku-judge-x1"));
        assert!(
            message.starts_with(
                "the temporary directory /mnt/small is on a file system mounted noexec"
            ),
            "{message}"
        );
        assert!(message.contains("set TMPDIR to a directory"), "{message}");
    }

    #[test]
    fn latin_1_is_refused_at_the_first_bad_byte() {
        let directory = tempfile::tempdir().unwrap();
        let file = directory.path().join("my.py");
        std::fs::write(&file, b"class Solution:\n    pass\n    # caf\xE9 au lait\n").unwrap();
        let message = read_submission(&file).unwrap_err();
        assert_eq!(
            message,
            format!(
                "{}:3:10: not UTF-8 (byte 0xE9): save the file as UTF-8",
                file.display()
            )
        );
    }
}
