//! Every command example in README.md and the notes runs as written (issue
//! 28): a reader who copies one gets what the page shows.
//!
//! The rule, for each Markdown file (README.md, notes/*.md; the Chinese
//! twins hold the same code blocks, which `tests/notes_sync.rs` checks):
//!
//! - A `console` block is a session: each line starting with `$ ` is a
//!   command, and the lines after it, up to the next command, are what it
//!   prints on standard output. Its output must match them: a line `...`
//!   stands for any number of lines, and `[..]` within a line for any text
//!   (for what changes from run to run, such as timings). Standard error is
//!   not shown unless the command says `2>&1`; a block that drops it says
//!   `2>/dev/null`, so what a reader sees in a terminal is what is shown.
//! - In a `sh` block, every line that runs `sudoku` (first word `sudoku`,
//!   or `echo`/`printf` piped into it) is run, and must not fail as a usage
//!   error or panic: exit status 0, or 1 where a record is meant to fail.
//! - A line of another command is not run here (it builds, installs or
//!   times things), but what it names must exist: a `-p` package, a
//!   `--test`, `--bench` or `--example` target, the test modules its filters
//!   name (`cargo test --test main -- docs::` needs a tests/docs.rs), a
//!   `--manifest-path` or a `scripts/` program. Its first word must be one
//!   of `OTHER_COMMANDS`, so a new kind of example is a decision, not an
//!   accident.
//!
//! With `SUDOKU_LAB_BLESS=1`, a `console` example whose output differs is
//! rewritten with what the command printed, in the file and in its Chinese
//! twin, unless it shows `...` or `[..]` (those are edited by hand).
//!
//! Each file's examples run in order in a fresh folder (so a file one line
//! writes, the next can read), with `sudoku` on the PATH, `HOME` in that
//! folder and `EDITOR=true`. A command is run by `sh -c`, since the examples
//! pipe one command into another (which `trycmd`, the clap authors' crate
//! for this, does not do).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::bless_mode::{blessing, write};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The documents whose examples run: the README and every English note
/// (the record of experiments in notes/lab/ keeps its commands as they
/// were, and is not a guide).
fn documents() -> Vec<PathBuf> {
    let root = repository();
    let mut files = vec![root.join("README.md")];
    let mut notes: Vec<PathBuf> = std::fs::read_dir(root.join("notes"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    notes.sort();
    files.extend(notes);
    files
}

/// The first words of a shell line that is not run here, with what it is.
const OTHER_COMMANDS: &[&str] = &[
    "cargo",   // builds, tests, benches: checked for the targets it names
    "rustup",  // installs a toolchain
    "scripts", // a measurement script of this repository: checked to exist
    "SUDOKU_LAB_DATA",
    "TDOKU_SRC",
    "ANCHORS",
    "FUZZ_SEED",
    "apt-get",
    "chromium",
    "for",
    "done",
    "man",
];

/// A shell line, and where it stands.
struct Line {
    file: String,
    number: usize,
    text: String,
}

/// The fenced blocks of `text` whose info string is `info`, each as its
/// lines with their numbers in the file (from 1).
fn blocks<'a>(text: &'a str, info: &str) -> Vec<Vec<(usize, &'a str)>> {
    let mut blocks = Vec::new();
    let mut open: Option<Vec<(usize, &str)>> = None;
    let mut inside_other = false;
    for (index, line) in text.lines().enumerate() {
        if let Some(fence_info) = line.trim_start().strip_prefix("```") {
            match open.take() {
                Some(block) => blocks.push(block),
                None if inside_other => inside_other = false,
                None if fence_info.trim() == info => open = Some(Vec::new()),
                None => inside_other = true,
            }
        } else if let Some(block) = &mut open {
            block.push((index + 1, line));
        }
    }
    blocks
}

/// The shell lines of `text`'s `sh` blocks, continuation lines (`\`)
/// joined, comments and blank lines left out.
fn shell_lines(file: &str, text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    for block in blocks(text, "sh") {
        let mut pending: Option<Line> = None;
        for (number, raw) in block {
            let code = strip_comment(raw).trim_end();
            let continued = code.ends_with('\\');
            let code = code.trim_end_matches('\\').trim();
            match &mut pending {
                Some(line) => {
                    line.text.push(' ');
                    line.text.push_str(code);
                }
                None if code.is_empty() => continue,
                None => {
                    pending = Some(Line {
                        file: file.to_string(),
                        number,
                        text: code.to_string(),
                    });
                }
            }
            if !continued {
                lines.extend(pending.take());
            }
        }
        lines.extend(pending);
    }
    lines
}

/// The line without a trailing `# comment` (a `#` after a space, outside
/// quotes).
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    for (at, ch) in line.char_indices() {
        match quote {
            Some(open) if ch == open => quote = None,
            None if ch == '\'' || ch == '"' => quote = Some(ch),
            None if ch == '#' && previous.is_whitespace() => return &line[..at],
            Some(_) | None => {}
        }
        previous = ch;
    }
    line
}

/// One command of a `console` block and the output shown for it.
struct Session {
    line: Line,
    expected: Vec<String>,
}

fn console_sessions(file: &str, text: &str) -> Vec<Session> {
    let mut sessions: Vec<Session> = Vec::new();
    for block in blocks(text, "console") {
        let first = sessions.len();
        for (number, raw) in block {
            if let Some(command) = raw.strip_prefix("$ ") {
                sessions.push(Session {
                    line: Line {
                        file: file.to_string(),
                        number,
                        text: command.to_string(),
                    },
                    expected: Vec::new(),
                });
            } else if sessions.len() > first {
                sessions.last_mut().unwrap().expected.push(raw.to_string());
            } else {
                panic!("{file}:{number}: a console block starts with output, not a `$ ` command");
            }
        }
    }
    sessions
}

/// Whether `actual` matches `expected`, where a line `...` matches any
/// lines and `[..]` any text within a line.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, others)| line_matches(first, line) && matches(rest, others)),
    }
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let expected = expected.trim_end();
    let actual = actual.trim_end();
    let mut parts = expected.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (index, part) in parts.iter().enumerate() {
        if index + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Runs `command` with `sh -c` in `folder`, `sudoku` first on the PATH.
fn run(command: &str, folder: &Path) -> Output {
    let binary = crate::common::binary();
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    Command::new("sh")
        .args(["-c", command])
        .current_dir(folder)
        .env("PATH", path)
        .env("HOME", folder)
        .env("EDITOR", "true")
        .env_remove("SUDOKU_LAB_DATA")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

/// Fails unless `output` is a success, or a record's failure (status 1);
/// never a usage error, a panic or a signal.
fn ran_well(line: &Line, output: &Output) -> Result<(), String> {
    let stderr = String::from_utf8_lossy(&output.stderr);
    let status = output.status.code();
    if matches!(status, Some(0 | 1)) && !stderr.contains("panicked") {
        Ok(())
    } else {
        Err(format!(
            "{}:{}: `{}` failed ({:?}):\n{stderr}",
            line.file, line.number, line.text, output.status
        ))
    }
}

/// Whether the shell line runs the `sudoku` command.
fn runs_sudoku(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    first == "sudoku" || (matches!(first, "echo" | "printf") && text.contains("| sudoku"))
}

#[test]
fn every_command_example_in_the_docs_runs_as_written() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for document in documents() {
        let mut rewrites = Vec::new();
        let name = document
            .strip_prefix(repository())
            .unwrap()
            .display()
            .to_string();
        let text = std::fs::read_to_string(&document).unwrap();
        let folder = tempfile::tempdir().unwrap();
        // The blocks run in the order they appear in the file.
        let mut examples: Vec<(usize, Result<Line, Session>)> = shell_lines(&name, &text)
            .into_iter()
            .map(|line| (line.number, Ok(line)))
            .chain(
                console_sessions(&name, &text)
                    .into_iter()
                    .map(|session| (session.line.number, Err(session))),
            )
            .collect();
        examples.sort_by_key(|(number, _)| *number);
        for (_, example) in examples {
            match example {
                Ok(line) if runs_sudoku(&line.text) => {
                    ran += 1;
                    if let Err(failure) = ran_well(&line, &run(&line.text, folder.path())) {
                        failures.push(failure);
                    }
                }
                Ok(line) => {
                    if let Err(failure) = names_what_exists(&line) {
                        failures.push(failure);
                    }
                }
                Err(session) => {
                    ran += 1;
                    let output = run(&session.line.text, folder.path());
                    if let Err(failure) = ran_well(&session.line, &output) {
                        failures.push(failure);
                        continue;
                    }
                    let stdout = String::from_utf8_lossy(&output.stdout);
                    let actual: Vec<&str> = stdout.lines().collect();
                    if !matches(&session.expected, &actual) {
                        let blessable = !session
                            .expected
                            .iter()
                            .any(|line| line == "..." || line.contains("[..]"));
                        if blessable && blessing() {
                            let printed = actual.iter().map(ToString::to_string).collect();
                            rewrites.push((session, printed));
                            continue;
                        }
                        failures.push(format!(
                            "{}:{}: `{}` printed\n{stdout}\nbut the page shows\n{}\n({})\n",
                            session.line.file,
                            session.line.number,
                            session.line.text,
                            session.expected.join("\n"),
                            if blessable {
                                "run with SUDOKU_LAB_BLESS=1 to rewrite it"
                            } else {
                                "it has `...` or `[..]`: edit it by hand"
                            }
                        ));
                    }
                }
            }
        }
        if !rewrites.is_empty() {
            if let Err(failure) = rewrite_sessions(&document, &rewrites) {
                failures.push(failure);
            }
        }
    }
    assert!(ran >= 20, "only {ran} examples ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Blessing: writes in `document`, for each session, the lines it printed in
/// place of those the page showed, and the same in the Chinese twin, whose
/// code blocks are the same (`tests/notes_sync.rs`).
fn rewrite_sessions(document: &Path, rewrites: &[(Session, Vec<String>)]) -> Result<(), String> {
    let text = std::fs::read_to_string(document).unwrap();
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    // From the last, so that the line numbers of the others still hold.
    for (session, printed) in rewrites.iter().rev() {
        // Its command is line `number` (from 1), its output the lines after.
        let first = session.line.number;
        let printed = printed.iter().map(|line| format!("{line}\n"));
        lines.splice(first..first + session.expected.len(), printed);
    }
    write(document, &lines.concat());
    for (session, _) in rewrites {
        eprintln!(
            "{}:{}: `{}` rewritten (SUDOKU_LAB_BLESS)",
            session.line.file, session.line.number, session.line.text
        );
    }
    let root = repository();
    let relative = document.strip_prefix(&root).unwrap();
    let twin = if relative == Path::new("README.md") {
        root.join("README.zh-CN.md")
    } else {
        root.join("notes/zh").join(relative.file_name().unwrap())
    };
    if !twin.is_file() {
        return Ok(());
    }
    let shown = |session: &Session, output: &[String]| {
        let mut text = format!("$ {}\n", session.line.text);
        for line in output {
            text.push_str(line);
            text.push('\n');
        }
        text
    };
    let mut text = std::fs::read_to_string(&twin).unwrap();
    for (session, printed) in rewrites {
        let old = shown(session, &session.expected);
        if !text.contains(&old) {
            return Err(format!(
                "{}: `{}` is not shown as in {}: rewrite it by hand",
                twin.display(),
                session.line.text,
                session.line.file
            ));
        }
        text = text.replacen(&old, &shown(session, printed), 1);
    }
    write(&twin, &text);
    Ok(())
}

/// A package of the workspace (or of anchors/): its folder and manifest.
struct Package {
    folder: PathBuf,
    manifest: String,
}

impl Package {
    /// Whether its manifest declares the test target `name` (every package
    /// here with integration tests sets `autotests = false`: a file of
    /// tests/ is not a target by itself, but a module of `main`).
    fn has_test(&self, name: &str) -> bool {
        let declared = format!("name = \"{name}\"");
        self.manifest.split("[[test]]").skip(1).any(|section| {
            section
                .lines()
                .find(|line| line.starts_with("name = "))
                .is_some_and(|line| line == declared)
        })
    }

    /// Whether a test filter such as `docs::` names a module of its tests,
    /// tests/docs.rs or tests/docs/mod.rs.
    fn has_test_module(&self, filter: &str) -> bool {
        let module = filter.split("::").next().unwrap_or("");
        let tests = self.folder.join("tests");
        tests.join(format!("{module}.rs")).is_file() || tests.join(module).join("mod.rs").is_file()
    }
}

/// The packages of the workspace, by name.
fn packages() -> BTreeMap<String, Package> {
    let root = repository();
    let mut folders = vec![root.clone()];
    for folder in ["crates", "crates/solvers", "anchors"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            folders.push(entry.unwrap().path());
        }
    }
    folders
        .into_iter()
        .filter_map(|folder| {
            let manifest = std::fs::read_to_string(folder.join("Cargo.toml")).ok()?;
            let line = manifest.lines().find(|line| line.starts_with("name = "))?;
            let name = line
                .trim_start_matches("name = ")
                .trim_matches('"')
                .to_string();
            Some((name, Package { folder, manifest }))
        })
        .collect()
}

/// The name of the package at the repository's root, which `cargo test`
/// means without `-p`.
fn root_package(packages: &BTreeMap<String, Package>) -> &str {
    let root = repository();
    packages
        .iter()
        .find(|(_, package)| package.folder == root)
        .map(|(name, _)| name.as_str())
        .expect("the root is a package")
}

/// Whether a file named `name` with extension `.rs` is in a `folder`
/// (`benches` or `examples`) of the repository, at the root or in a crate.
fn target_exists(folder: &str, name: &str) -> bool {
    let root = repository();
    let file = format!("{name}.rs");
    let mut places = vec![root.join(folder).join(&file)];
    for parent in ["crates", "crates/solvers", "anchors"] {
        for entry in std::fs::read_dir(root.join(parent)).unwrap() {
            places.push(entry.unwrap().path().join(folder).join(&file));
        }
    }
    places.iter().any(|place| place.is_file())
}

/// For a line not run here: its first word is known, and the packages,
/// targets, paths and scripts it names exist.
fn names_what_exists(line: &Line) -> Result<(), String> {
    let words: Vec<&str> = line.text.split_whitespace().collect();
    let first = words[0].split(['=', '/']).next().unwrap_or("");
    if !OTHER_COMMANDS.contains(&first) {
        return Err(format!(
            "{}:{}: `{}`: a command this test does not know; run `sudoku` in examples, \
             or add its first word to OTHER_COMMANDS in {}",
            line.file,
            line.number,
            line.text,
            file!()
        ));
    }
    let root = repository();
    let packages = packages();
    // Cargo's own arguments, and what it hands the test binaries after `--`.
    let (words, for_tests) = match words.iter().position(|word| *word == "--") {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (&words[..], &[][..]),
    };
    let package = words
        .windows(2)
        .find(|pair| matches!(pair[0], "-p" | "--package"))
        .map_or_else(|| root_package(&packages), |pair| pair[1]);
    let mut problems = Vec::new();
    for pair in words.windows(2) {
        let value = pair[1].trim_matches(['\'', '"']);
        let known = match pair[0] {
            "-p" | "--package" => packages.contains_key(value),
            "--test" => packages
                .get(package)
                .is_some_and(|package| package.has_test(value)),
            "--bench" => target_exists("benches", value),
            "--example" => target_exists("examples", value),
            "--manifest-path" | "--path" => root.join(value).exists(),
            _ => true,
        };
        if !known {
            problems.push(format!("{} {value} names nothing here", pair[0]));
        }
    }
    if words.contains(&"--test") {
        for filter in for_tests {
            let names_a_module = filter.ends_with("::");
            if names_a_module
                && !packages
                    .get(package)
                    .is_some_and(|package| package.has_test_module(filter))
            {
                problems.push(format!("{filter} names no test module of {package}"));
            }
        }
    }
    for word in words {
        if let Some(script) = word.strip_prefix("scripts/") {
            if !root.join("scripts").join(script).is_file() {
                problems.push(format!("no script scripts/{script}"));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}:{}: `{}`: {}",
            line.file,
            line.number,
            line.text,
            problems.join("; ")
        ))
    }
}

#[test]
fn the_matcher_reads_wildcards() {
    let shown = |lines: &[&str]| lines.iter().map(ToString::to_string).collect::<Vec<_>>();
    assert!(matches(&shown(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&shown(&["a", "..."]), &["a"]));
    assert!(!matches(&shown(&["a", "d"]), &["a", "b", "d"]));
    assert!(matches(
        &shown(&["took [..] ms, [..]"]),
        &["took 3.5 ms, done"]
    ));
    assert!(!matches(&shown(&["took [..] ms"]), &["took 3.5 s"]));
    assert!(line_matches("x [..] z", "x y z"));
    assert_eq!(
        strip_comment("sudoku list   # the approaches"),
        "sudoku list   "
    );
    assert_eq!(
        strip_comment("echo '# not a comment'"),
        "echo '# not a comment'"
    );
}

#[test]
fn blocks_are_read_by_their_info_string_alone() {
    let text = "```sh\na\n```\n```text\nsudoku x\n```\n```sh\nb \\\n  c\n```\n";
    assert_eq!(
        blocks(text, "sh"),
        [vec![(2, "a")], vec![(8, "b \\"), (9, "  c")]]
    );
    let joined: Vec<String> = shell_lines("f", text)
        .into_iter()
        .map(|line| line.text)
        .collect();
    assert_eq!(joined, ["a", "b c"]);
}

#[test]
fn a_broken_example_is_caught() {
    let folder = tempfile::tempdir().unwrap();
    let line = |text: &str| Line {
        file: "planted.md".into(),
        number: 1,
        text: text.into(),
    };
    let broken = line("sudoku solve --sovler bitmask");
    assert!(ran_well(&broken, &run(&broken.text, folder.path())).is_err());
    assert!(names_what_exists(&line("cargo test --test no_such_test")).is_err());
    assert!(names_what_exists(&line("cargo run -p no-such-package")).is_err());
    assert!(names_what_exists(&line("wget https://example.com")).is_err());
    assert!(names_what_exists(&line("cargo test --test main -- docs::")).is_ok());
    assert!(names_what_exists(&line(
        "cargo test -p sudoku-cli --test main -- --ignored judge::"
    ))
    .is_ok());
    // A file of tests/ is a module of `main`, no longer a target of its own.
    assert!(names_what_exists(&line("cargo test --test docs")).is_err());
    assert!(names_what_exists(&line("cargo test --test main -- no_such_file::")).is_err());
    assert!(names_what_exists(&line("cargo test -p sudoku-cli --test main -- docs::")).is_err());
}
