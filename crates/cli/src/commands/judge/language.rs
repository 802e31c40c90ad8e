//! The four languages a submission can be in: what LeetCode adds around it,
//! how to build it, and how to run it under the judge's harness.
//!
//! Here: the language, the build's steps and the built program; in
//! `submission`, reading the file and checking the temporary directory; in
//! `toolchain`, which compiler with which options, and the files it builds;
//! in `build`, running the compiler contained and bounded; in `sanitizer`,
//! AddressSanitizer's options and reports, and how each language says it
//! ran out of memory.

mod build;
mod sanitizer;
mod submission;
mod toolchain;

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use self::toolchain::Toolchain;
use super::contain;

pub use self::sanitizer::{out_of_memory, sanitizer_summary};
pub use self::submission::read_submission;

/// A language `sudoku judge` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Language {
    Rust,
    #[value(name = "cpp", alias = "c++")]
    Cpp,
    Java,
    #[value(name = "python", alias = "python3")]
    Python,
}

impl fmt::Display for Language {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Language::Rust => "Rust",
            Language::Cpp => "C++",
            Language::Java => "Java",
            Language::Python => "Python 3",
        })
    }
}

/// Why a submission could not be built.
pub enum BuildError {
    /// The judge cannot build here (a compiler is not on PATH, the
    /// temporary directory cannot run programs): a sentence that says what
    /// to do. A judge error, not a verdict.
    Setup(String),
    /// The compiler refused the submission: its first errors, in the
    /// file's own names and line numbers; or the build ran too long.
    Compile(String),
    /// Something went wrong around the build (a temporary file, say).
    Io(std::io::Error),
    /// SIGINT or SIGTERM came during the build: the exit status to end with
    /// (130 or 143), once the build's directory is removed.
    Interrupted(u8),
}

impl From<std::io::Error> for BuildError {
    fn from(error: std::io::Error) -> Self {
        BuildError::Io(error)
    }
}

/// The limits of a build and of the program it makes.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The memory the program may use, in bytes.
    pub memory: u64,
    /// How long the build may take, wall-clock (`--build-time-limit`).
    pub build_time: Duration,
}

/// A built submission, in a temporary directory removed when it is dropped.
pub struct Program {
    directory: tempfile::TempDir,
    command: Vec<OsString>,
    environment: Vec<(OsString, OsString)>,
    address_space_limited: bool,
    sanitized: bool,
    description: String,
    /// The submission's copy in the directory, and the name the user gave it:
    /// messages show the second for the first.
    source: PathBuf,
    shown: String,
    /// How long building took.
    pub build_time: Duration,
}

impl Program {
    /// Whether it runs under AddressSanitizer (C++ built as LeetCode
    /// builds it), which costs it time.
    pub fn sanitized(&self) -> bool {
        self.sanitized
    }

    /// The build in one line: the compiler, its version and options, and
    /// how it differs from LeetCode's.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// What the judge needs to run it.
    pub fn launch(&self) -> super::child::Launch<'_> {
        super::child::Launch {
            argv: &self.command,
            directory: self.directory.path(),
            environment: &self.environment,
            address_space_limited: self.address_space_limited,
        }
    }

    /// `text` (a compiler's or the program's message) with the copy's path
    /// replaced by the name the user gave the file, and the judge's other
    /// files named without their temporary directory.
    pub fn in_users_names(&self, text: &str) -> String {
        let directory = format!("{}/", self.directory.path().display());
        text.replace(&self.source.display().to_string(), &self.shown)
            .replace(&directory, "")
    }
}

impl Language {
    /// The language of a file, from its extension.
    pub fn of(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "rs" => Some(Language::Rust),
            "cpp" | "cc" | "cxx" => Some(Language::Cpp),
            "java" => Some(Language::Java),
            "py" => Some(Language::Python),
            _ => None,
        }
    }

    /// The empty submission LeetCode shows for this language.
    pub fn template(self) -> &'static str {
        match self {
            Language::Rust => include_str!("templates/solution.rs"),
            Language::Cpp => include_str!("templates/solution.cpp"),
            Language::Java => include_str!("templates/Solution.java"),
            Language::Python => include_str!("templates/solution.py"),
        }
    }

    /// Builds `source` (the submission as written, from `shown` as the user
    /// named it) in a new temporary directory, with what LeetCode adds
    /// around a submission and the judge's harness, as LeetCode builds it
    /// where this machine can; the program will run with a memory limit of
    /// `limits.memory` bytes. The compiler runs contained, within limits on
    /// its memory and on its time (`limits.build_time`), and stops when the
    /// judge is interrupted.
    pub fn build(self, source: &str, shown: &str, limits: Limits) -> Result<Program, BuildError> {
        let memory_limit = limits.memory;
        contain::Interrupt::catch();
        let toolchain = Toolchain::find(self)?;
        let directory = tempfile::Builder::new().prefix("sudoku-judge-").tempdir()?;
        if toolchain.builds_an_executable() {
            submission::check_runnable(directory.path()).map_err(BuildError::Setup)?;
        }
        let started = Instant::now();
        let plan = toolchain.prepare(directory.path(), source, shown, memory_limit)?;
        // The compiler's temporary files go in the build directory, which it
        // may write (in a sandbox, the TMPDIR outside is not writable).
        let environment = [(OsString::from("TMPDIR"), OsString::from(directory.path()))];
        // A compile error ends with the build's line: which compiler, and
        // how it differs from LeetCode's.
        let built_with = |message: String| format!("{message}\n\nbuilt with {}", plan.description);
        let compiled = build::compile(
            &plan.compile,
            directory.path(),
            plan.limits,
            &environment,
            limits.build_time,
        )
        .map_err(|error| match error {
            BuildError::Compile(message) => BuildError::Compile(built_with(message)),
            error => error,
        })?;
        let failed = (!compiled.success).then(|| {
            let message = toolchain.unprefixed(&compiled.message, &plan.source);
            (message, compiled.lines)
        });
        let program = Program {
            directory,
            command: plan.run,
            environment: plan.environment,
            address_space_limited: plan.address_space_limited,
            sanitized: plan.sanitized,
            description: plan.description,
            source: plan.source,
            shown: shown.to_string(),
            build_time: started.elapsed(),
        };
        if let Some((message, lines)) = failed {
            let message = build::first_errors(&program.in_users_names(&message), lines);
            return Err(BuildError::Compile(format!(
                "{message}\n\nbuilt with {}",
                program.description
            )));
        }
        Ok(program)
    }
}
