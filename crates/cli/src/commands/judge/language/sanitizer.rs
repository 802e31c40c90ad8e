//! AddressSanitizer, as LeetCode's C++ runs with it: its run-time options
//! for the judge's memory limit, the symbolizer that lets its report name
//! your file and line, and the one line of a report a verdict shows. Also
//! how each language says it ran out of memory.

use std::ffi::OsString;
use std::path::PathBuf;

use super::super::contain;

/// The environment of a program built with AddressSanitizer, for a memory
/// limit of `memory_limit` bytes: no leak check (LeetCode reports none), an
/// allocation past the limit is an error report rather than a null pointer,
/// and a resident size past it ends the program with a report. With a
/// symbolizer, the report names the file and line of each frame.
pub fn environment(memory_limit: u64) -> Vec<(OsString, OsString)> {
    let megabytes = (memory_limit / (1 << 20)).max(1);
    let mut environment = vec![(
        OsString::from("ASAN_OPTIONS"),
        OsString::from(format!(
            "detect_leaks=0:allocator_may_return_null=0:hard_rss_limit_mb={megabytes}:max_allocation_size_mb={megabytes}"
        )),
    )];
    if let Some(symbolizer) = symbolizer() {
        environment.push(("ASAN_SYMBOLIZER_PATH".into(), symbolizer.into()));
    }
    environment
}

/// An llvm-symbolizer, by its real path: AddressSanitizer refuses one whose
/// name is not `llvm-symbolizer` (Debian's `/usr/bin/llvm-symbolizer-19` is
/// a link to `/usr/lib/llvm-19/bin/llvm-symbolizer`). LLVM 19's first,
/// LeetCode's clang.
pub fn symbolizer() -> Option<PathBuf> {
    contain::find(&["llvm-symbolizer-19"])
        .or_else(|| {
            let path = PathBuf::from("/usr/lib/llvm-19/bin/llvm-symbolizer");
            which::which(&path).ok()
        })
        .or_else(|| contain::find(&["llvm-symbolizer"]))
        .and_then(|path| std::fs::canonicalize(path).ok())
}

/// The file the judge's harness is compiled as (`#line` in harness.cpp).
const HARNESS: &str = "sudoku-judge-harness.cpp";

/// One line for an AddressSanitizer report in `stderr`: the kind of error,
/// whether it read or wrote, and the first frame of the report in the
/// submission, for example "AddressSanitizer: heap-buffer-overflow: a WRITE
/// of size 1 at my.cpp:12". `None` if there is no report.
pub fn sanitizer_summary(stderr: &str) -> Option<String> {
    let start = stderr.find("AddressSanitizer")?;
    let report: Vec<&str> = stderr[start..].lines().collect();
    let kind = report.iter().find_map(|line| error_kind(line))?;
    let mut summary = format!("AddressSanitizer: {kind}");
    if let Some(access) = report.iter().find_map(|line| access(line)) {
        summary.push_str(": ");
        summary.push_str(&access);
    }
    // The error's own stack, not where the memory was allocated or freed.
    let place = report
        .iter()
        .take_while(|line| !line.contains(" by thread ") && !line.starts_with("SUMMARY:"))
        .find_map(|line| users_frame(line));
    if let Some(place) = place {
        summary.push_str(" at ");
        summary.push_str(&place);
    }
    Some(summary)
}

/// The error's kind, from the report's `ERROR:` line (or its `SUMMARY:`
/// line, or the resident-size limit's own line).
fn error_kind(line: &str) -> Option<String> {
    if let Some((_, rest)) = line.split_once("ERROR: AddressSanitizer: ") {
        let kind = if rest.starts_with("requested allocation size") {
            "allocation-size-too-big"
        } else if rest.starts_with("out of memory") {
            "out-of-memory"
        } else if rest.starts_with("SEGV") {
            "SEGV on unknown address"
        } else {
            // "heap-buffer-overflow on address ...", "attempting double-free on ...".
            let end = rest
                .find(" on ")
                .or_else(|| rest.find(':'))
                .unwrap_or(rest.len());
            &rest[..end]
        };
        return Some(kind.to_string());
    }
    if let Some((_, rest)) = line.split_once("SUMMARY: AddressSanitizer: ") {
        return rest.split_whitespace().next().map(str::to_string);
    }
    line.contains("AddressSanitizer: hard rss limit exhausted")
        .then(|| "rss-limit-exceeded (hard rss limit exhausted)".to_string())
}

/// "a WRITE of size 1" from "WRITE of size 1 at 0x... thread T0", or "a
/// WRITE" from "The signal is caused by a WRITE memory access."
fn access(line: &str) -> Option<String> {
    for kind in ["READ", "WRITE"] {
        if let Some(size) = line
            .strip_prefix(kind)
            .and_then(|rest| rest.strip_prefix(" of size "))
            .and_then(|rest| rest.split_whitespace().next())
        {
            return Some(format!("a {kind} of size {size}"));
        }
        if line.contains(&format!("caused by a {kind} memory access")) {
            return Some(format!("a {kind}"));
        }
    }
    None
}

/// `FILE:LINE` of a stack frame (`#0 0x... in FUNCTION FILE:LINE:COLUMN`)
/// in the submission: not the harness's, not a system header's or
/// library's. The function's name ends at the first space outside
/// brackets (a template's name holds spaces), and the file is the rest, so
/// a file name with spaces is whole.
fn users_frame(line: &str) -> Option<String> {
    let line = line.trim_start();
    if !line.starts_with('#') {
        return None;
    }
    let (_, named) = line.split_once(" in ")?;
    let mut depth = 0i32;
    let split = named.char_indices().find_map(|(index, character)| {
        match character {
            '(' | '[' | '<' => depth += 1,
            ')' | ']' | '>' => depth -= 1,
            ' ' if depth <= 0 => return Some(index),
            _ => {}
        }
        None
    })?;
    let place = &named[split + 1..];
    // FILE:LINE:COLUMN, or FILE:LINE.
    let (rest, last) = place.rsplit_once(':')?;
    if !is_number(last) {
        return None;
    }
    let (file, line_number) = match rest.rsplit_once(':') {
        Some((file, line_number)) if is_number(line_number) => (file, line_number),
        _ => (rest, last),
    };
    let file = file.strip_prefix("./").unwrap_or(file);
    let system = ["/usr/", "/lib/", "csu/", "../sysdeps/"]
        .iter()
        .any(|prefix| file.starts_with(prefix));
    if file.ends_with(HARNESS) || system || file.contains("compiler-rt") {
        return None;
    }
    Some(format!("{file}:{line_number}"))
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

/// Whether `stderr` says the program ran out of memory, in any of the
/// judge's languages: C++'s `std::bad_alloc`, AddressSanitizer's
/// allocation-size-too-big, out-of-memory and hard RSS limit, Python's
/// `MemoryError`, Java's `OutOfMemoryError`, Rust's failed allocation.
pub fn out_of_memory(stderr: &str) -> bool {
    const SIGNS: &[&str] = &[
        "std::bad_alloc",
        "AddressSanitizer: allocation-size-too-big",
        "AddressSanitizer: requested allocation size",
        "AddressSanitizer: out-of-memory",
        "AddressSanitizer: out of memory",
        "AddressSanitizer: rss-limit-exceeded",
        "AddressSanitizer: hard rss limit exhausted",
        "java.lang.OutOfMemoryError",
    ];
    SIGNS.iter().any(|sign| stderr.contains(sign))
        || stderr.lines().any(|line| {
            let line = line.trim();
            line == "MemoryError"
                || line.starts_with("MemoryError:")
                || (line.starts_with("memory allocation of ") && line.ends_with(" bytes failed"))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    // Captured from programs built as the judge builds them (clang++ 19.1.7,
    // -O2 -fsanitize=address -gline-tables-only -fdebug-compilation-dir=.).

    const HEAP_OVERFLOW: &str = r"=================================================================
==6573==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x502000000039 at pc 0x55629ae1b597 bp 0x7fff73b10ed0 sp 0x7fff73b10ec8
WRITE of size 1 at 0x502000000039 thread T0
    #0 0x55629ae1b596 in solveSudoku tests/judge/cpp/oob.cpp:4:50
    #1 0x55629ae1b596 in main ./sudoku-judge-harness.cpp:1:73
    #2 0x7f3ab1245249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16
    #3 0x7f3ab1245304 in __libc_start_main csu/../csu/libc-start.c:360:3
    #4 0x55629ad39440 in _start (/tmp/asx/oob+0x2c440) (BuildId: 595a5e48833241a60dc37e84b09c6381ffaeb870)

0x502000000039 is located 0 bytes after 9-byte region [0x502000000030,0x502000000039)
allocated by thread T0 here:
    #0 0x55629ae18bdd in operator new(unsigned long) (/tmp/asx/oob+0x10bbdd) (BuildId: 595a5e48833241a60dc37e84b09c6381ffaeb870)
    #1 0x55629ae1b8ae in allocate /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/new_allocator.h:137:27
    #15 0x55629ae1b0d0 in main ./sudoku-judge-harness.cpp:1:35

SUMMARY: AddressSanitizer: heap-buffer-overflow tests/judge/cpp/oob.cpp:4:50 in solveSudoku
";

    const NULL_WRITE: &str = r"AddressSanitizer:DEADLYSIGNAL
=================================================================
==7129==ERROR: AddressSanitizer: SEGV on unknown address 0x00000000000c (pc 0x55efec92e085 bp 0x7ffcaf2ecc00 sp 0x7ffcaf2ecbc0 T0)
==7129==The signal is caused by a WRITE memory access.
==7129==Hint: address points to the zero page.
    #0 0x55efec92e085 in main ./big.cpp:4:62
    #1 0x7f8e79165249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16
";

    const STACK_OVERFLOW: &str = r"AddressSanitizer:DEADLYSIGNAL
=================================================================
==7422==ERROR: AddressSanitizer: stack-overflow on address 0x7fff21928ff8 (pc 0x55f829c12ff2 bp 0x7fff21929010 sp 0x7fff21929000 T0)
    #0 0x55f829c12ff2 in depth(int) ./big2.cpp:1:76
    #1 0x55f829c12ff6 in depth(int) ./big2.cpp:1:76
";

    const TOO_BIG: &str = r"=================================================================
==11348==ERROR: AddressSanitizer: requested allocation size 0xb2d05e00 (0xb2d06e00 after adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x40000000 (thread T0)
    #0 0x562c8003968f in malloc (/tmp/asx/big3+0xcb68f) (BuildId: 6393f527ee193ce0f20a15b62de9dd208ee25e90)
    #1 0x562c8007bfb8 in main ./big3.cpp:3:23
    #2 0x7f44a4f45249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16

==11348==HINT: if you don't care about these errors you may set allocator_may_return_null=1
SUMMARY: AddressSanitizer: allocation-size-too-big (/tmp/asx/big3+0xcb68f) (BuildId: 6393f527ee193ce0f20a15b62de9dd208ee25e90) in malloc
==11348==ABORTING
";

    const RSS_LIMIT: &str = "==7088==AddressSanitizer: hard rss limit exhausted (1024Mb vs 1036Mb)\n==7088==Process memory map follows:\n\t0x00007fff7000-0x00008fff7000\t\n";

    const BAD_ALLOC: &str =
        "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n";

    const PYTHON: &str = "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nMemoryError\n";

    const JAVA: &str = "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat M.main(M.java:1)\n";

    const RUST: &str = "memory allocation of 8589934592 bytes failed\n";

    #[test]
    fn a_heap_overflow_is_summed_up_with_the_access_and_the_users_line() {
        assert_eq!(
            sanitizer_summary(HEAP_OVERFLOW).as_deref(),
            Some("AddressSanitizer: heap-buffer-overflow: a WRITE of size 1 at tests/judge/cpp/oob.cpp:4")
        );
    }

    #[test]
    fn a_segv_says_what_access_caused_it() {
        assert_eq!(
            sanitizer_summary(NULL_WRITE).as_deref(),
            Some("AddressSanitizer: SEGV on unknown address: a WRITE at big.cpp:4")
        );
        assert_eq!(
            sanitizer_summary(STACK_OVERFLOW).as_deref(),
            Some("AddressSanitizer: stack-overflow at big2.cpp:1")
        );
    }

    #[test]
    fn an_allocation_past_the_limit_is_summed_up_and_is_out_of_memory() {
        assert_eq!(
            sanitizer_summary(TOO_BIG).as_deref(),
            Some("AddressSanitizer: allocation-size-too-big at big3.cpp:3")
        );
        assert!(out_of_memory(TOO_BIG));
    }

    #[test]
    fn a_frame_is_split_after_a_function_name_that_holds_spaces() {
        // As the judge reported tests/judge/cpp/out_of_bounds.cpp.
        let frame = "    #0 0x5563f71a3a02 in Solution::solveSudoku(std::vector<std::vector<char, std::allocator<char> >, std::allocator<std::vector<char, std::allocator<char> > > >&) crates/cli/tests/judge/cpp/out_of_bounds.cpp:11:74";
        assert_eq!(
            users_frame(frame).as_deref(),
            Some("crates/cli/tests/judge/cpp/out_of_bounds.cpp:11")
        );
        // A file name with spaces is whole.
        assert_eq!(
            users_frame("    #0 0x1 in solveSudoku my \"odd\" name.cpp:4:50").as_deref(),
            Some("my \"odd\" name.cpp:4")
        );
        assert_eq!(
            users_frame("    #1 0x5 in main ./sudoku-judge-harness.cpp:37:22"),
            None
        );
        assert_eq!(
            users_frame("    #1 0x5 in allocate /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/new_allocator.h:137:27"),
            None
        );
    }

    #[test]
    fn no_report_no_summary() {
        assert_eq!(sanitizer_summary("Traceback: ValueError\n"), None);
        assert_eq!(sanitizer_summary(BAD_ALLOC), None);
    }

    #[test]
    fn every_languages_out_of_memory_is_recognised() {
        for text in [RSS_LIMIT, BAD_ALLOC, PYTHON, JAVA, RUST, TOO_BIG] {
            assert!(out_of_memory(text), "{text}");
        }
        for text in [
            HEAP_OVERFLOW,
            NULL_WRITE,
            STACK_OVERFLOW,
            "thread 'main' panicked at src/main.rs:3:5:\nout of ideas\n",
            "ValueError: MemoryError is not this\n",
        ] {
            assert!(!out_of_memory(text), "{text}");
        }
    }

    #[test]
    fn the_environment_holds_the_limit_in_megabytes() {
        let environment = environment(1 << 30);
        let options = environment[0].1.to_string_lossy().into_owned();
        assert!(options.contains("detect_leaks=0"), "{options}");
        assert!(options.contains("allocator_may_return_null=0"), "{options}");
        assert!(options.contains("hard_rss_limit_mb=1024"), "{options}");
        assert!(options.contains("max_allocation_size_mb=1024"), "{options}");
        if let Some((_, symbolizer)) = environment.get(1) {
            let path = PathBuf::from(symbolizer);
            assert_eq!(
                path.file_name().unwrap(),
                "llvm-symbolizer",
                "{}",
                path.display()
            );
            assert_eq!(std::fs::canonicalize(&path).unwrap(), path);
        }
    }
}
