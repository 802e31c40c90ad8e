//! The four languages a submission can be in: what LeetCode adds around it,
//! how to build it, and how to run it under the judge's harness.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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

/// A program on PATH, and the Debian package that provides it.
struct Tool {
    names: &'static [&'static str],
    package: &'static str,
}

/// Why a submission could not be built.
pub enum BuildError {
    /// A compiler or interpreter is not on PATH.
    MissingTool(String),
    /// The compiler refused the submission: its message, in the file's own
    /// names and line numbers.
    Compile(String),
    /// Something went wrong around the build (a temporary file, say).
    Io(std::io::Error),
}

impl From<std::io::Error> for BuildError {
    fn from(error: std::io::Error) -> Self {
        BuildError::Io(error)
    }
}

/// A built submission, in a temporary directory removed when it is dropped.
pub struct Program {
    directory: tempfile::TempDir,
    command: Vec<OsString>,
    /// The submission's copy in the directory, and the name the user gave it:
    /// messages show the second for the first.
    source: PathBuf,
    shown: String,
    /// How long building took.
    pub build_time: Duration,
}

impl Program {
    /// The command that runs the harness over the submission, in its directory.
    pub fn command(&self) -> Command {
        let mut command = Command::new(&self.command[0]);
        command
            .args(&self.command[1..])
            .current_dir(self.directory.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// What the judge needs to run it.
    pub fn launch(&self) -> super::child::Launch<'_> {
        super::child::Launch {
            argv: &self.command,
            directory: self.directory.path(),
            environment: &[],
            address_space_limited: !self.command[0].to_string_lossy().ends_with("java"),
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

    /// What must be on PATH to build and run a submission.
    fn tools(self) -> &'static [Tool] {
        match self {
            Language::Rust => &[Tool {
                names: &["rustc"],
                package: "the Rust toolchain (https://rustup.rs)",
            }],
            Language::Cpp => &[Tool {
                names: &["g++", "clang++"],
                package: "Debian's g++ package (apt-get install g++)",
            }],
            Language::Java => &[
                Tool {
                    names: &["javac"],
                    package: "a JDK (apt-get install default-jdk-headless)",
                },
                Tool {
                    names: &["java"],
                    package: "a JDK (apt-get install default-jdk-headless)",
                },
            ],
            Language::Python => &[Tool {
                names: &["python3"],
                package: "Debian's python3 package (apt-get install python3)",
            }],
        }
    }

    /// The tools on PATH, in the order [`Language::tools`] names them.
    fn find_tools(self) -> Result<Vec<PathBuf>, BuildError> {
        self.tools()
            .iter()
            .map(|tool| {
                tool.names
                    .iter()
                    .find_map(|name| on_path(name))
                    .ok_or_else(|| {
                        BuildError::MissingTool(format!(
                            "{} not found on PATH, needed for {self}: install {}",
                            tool.names.join(" or "),
                            tool.package
                        ))
                    })
            })
            .collect()
    }

    /// Writes the files to build in `dir`: `source` with what LeetCode adds
    /// around it, and the harness. Returns the command that builds (or for
    /// Python, checks) them with the file it names, and the command that
    /// runs the result.
    fn prepare(
        self,
        dir: &Path,
        source: &str,
        shown: &str,
        tools: &[PathBuf],
    ) -> std::io::Result<(Command, PathBuf, Vec<OsString>)> {
        Ok(match self {
            Language::Rust => {
                // `struct Solution;` goes after the code, so that its line
                // numbers stay the file's own.
                let file = dir.join("solution.rs");
                std::fs::write(
                    &file,
                    format!(
                        "{source}\nstruct Solution;\n{}",
                        include_str!("harness/harness.rs")
                    ),
                )?;
                let mut rustc = Command::new(&tools[0]);
                rustc
                    .args(["--edition", "2021", "-O", "-A", "warnings", "-o"])
                    .arg(dir.join("solution"))
                    .arg(&file);
                (rustc, file, vec![dir.join("solution").into()])
            }
            Language::Cpp => {
                // LeetCode's headers first; `#line` keeps the file's own
                // name and line numbers in the compiler's messages.
                let file = dir.join("solution.cpp");
                std::fs::write(
                    &file,
                    format!(
                        "#include <bits/stdc++.h>\nusing namespace std;\n#line 1 {shown:?}\n{source}\n{}",
                        include_str!("harness/harness.cpp")
                    ),
                )?;
                let mut compiler = Command::new(&tools[0]);
                compiler
                    .args(["-O2", "-std=c++20", "-o"])
                    .arg(dir.join("solution"))
                    .arg(&file);
                (compiler, file, vec![dir.join("solution").into()])
            }
            Language::Java => {
                // The import shares the first line, so line numbers stay the file's own.
                let file = dir.join("Solution.java");
                std::fs::write(&file, format!("import java.util.*; {source}"))?;
                std::fs::write(dir.join("Main.java"), include_str!("harness/Main.java"))?;
                let mut javac = Command::new(&tools[0]);
                javac
                    .args(["-encoding", "UTF-8", "-nowarn", "-d"])
                    .arg(dir)
                    .arg(&file)
                    .arg(dir.join("Main.java"));
                let run = vec![
                    tools[1].clone().into(),
                    "-cp".into(),
                    dir.into(),
                    "Main".into(),
                ];
                (javac, file, run)
            }
            Language::Python => {
                // Checked for syntax first, as LeetCode does before running.
                let file = dir.join("solution.py");
                std::fs::write(&file, source)?;
                std::fs::write(dir.join("harness.py"), include_str!("harness/harness.py"))?;
                std::fs::write(dir.join("prelude.py"), include_str!("harness/prelude.py"))?;
                let mut check = Command::new(&tools[0]);
                check.args(["-m", "py_compile"]).arg(&file);
                let run = vec![
                    tools[0].clone().into(),
                    dir.join("harness.py").into(),
                    file.clone().into(),
                ];
                (check, file, run)
            }
        })
    }

    /// Builds `source` (the submission as written, from `shown` as the user
    /// named it) in a new temporary directory, with what LeetCode adds
    /// around a submission and the judge's harness.
    pub fn build(self, source: &str, shown: &str) -> Result<Program, BuildError> {
        let tools = self.find_tools()?;
        let directory = tempfile::Builder::new().prefix("sudoku-judge-").tempdir()?;
        let started = Instant::now();
        let (mut compiler, source, command) =
            self.prepare(directory.path(), source, shown, &tools)?;
        let output = compiler
            .current_dir(directory.path())
            .stdin(Stdio::null())
            .output()?;
        let program = Program {
            directory,
            command,
            source,
            shown: shown.to_string(),
            build_time: started.elapsed(),
        };
        if !output.status.success() {
            let mut message = String::from_utf8_lossy(&output.stderr).into_owned();
            message.push_str(&String::from_utf8_lossy(&output.stdout));
            return Err(BuildError::Compile(
                program.in_users_names(message.trim_end()),
            ));
        }
        Ok(program)
    }
}

/// The path of an executable named `name` on PATH.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|directory| directory.join(name))
        .find(|candidate| candidate.is_file())
}
