//! Which compiler builds a submission, with what options, as close to
//! LeetCode's build of today as this machine allows, and the files it
//! builds: the submission with what LeetCode adds around it, and the harness.
//!
//! LeetCode's C++ is clang 19 with `-std=c++23 -O2` and AddressSanitizer;
//! its Rust is edition 2024; its Java is 21; its Python is 3.11 with the
//! usual modules imported for you (see `harness/prelude.py`).

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::super::contain::{self, Limits};
use super::{sanitizer, BuildError, Language};

/// How much memory a native compiler may map (`RLIMIT_AS`): far more than a
/// submission needs, far less than `#include "/dev/zero"` would take.
const COMPILER_ADDRESS_SPACE: u64 = 4 << 30;

/// The Java heap of javac (javac's JVM reserves far more address space than
/// it uses, so it is bounded by its heap instead).
const JAVAC_HEAP: &str = "-J-Xmx768m";

/// The processor time of one compiler process, in seconds: a backstop, the
/// build's wall-clock limit comes first.
const COMPILER_CPU_SECONDS: u64 = 120;

/// The largest file a compiler may write.
const COMPILER_FILE_SIZE: u64 = 512 << 20;

/// The limits of a native compiler (and Python's syntax check).
const NATIVE_LIMITS: Limits = Limits {
    address_space: Some(COMPILER_ADDRESS_SPACE),
    cpu_seconds: Some(COMPILER_CPU_SECONDS),
    file_size: Some(COMPILER_FILE_SIZE),
};

/// The first Rust with edition 2024.
const EDITION_2024: (u32, u32) = (1, 85);

/// The Java and the Python LeetCode runs.
const LEETCODE_JAVA: u32 = 21;
const LEETCODE_PYTHON: &str = "3.11";

/// What the judge adds before a Java submission, on its first line so that
/// line numbers stay the file's own.
const JAVA_IMPORTS: &str = "import java.util.*; ";

/// The compiler (or interpreter) found for a language, and how it builds.
pub struct Toolchain {
    tool: PathBuf,
    /// Java's `java`, beside javac.
    runner: Option<PathBuf>,
    version: String,
    kind: Kind,
}

enum Kind {
    Rust { edition: &'static str },
    Cpp { clang: bool, sanitizer: bool },
    Java,
    Python,
}

/// The build of one submission: the files are written, this says how to
/// compile and run them.
pub struct Plan {
    /// The compiler's command.
    pub compile: Vec<OsString>,
    pub limits: Limits,
    /// The submission's copy, which messages name by the user's name.
    pub source: PathBuf,
    /// The program's command.
    pub run: Vec<OsString>,
    pub environment: Vec<(OsString, OsString)>,
    /// Whether the run may have its address space limited (not under
    /// AddressSanitizer, which maps terabytes of shadow, nor Java, whose
    /// heap has its own limit).
    pub address_space_limited: bool,
    /// Whether it runs under AddressSanitizer, which slows it down.
    pub sanitized: bool,
    /// The build in one line, for the verdict.
    pub description: String,
}

impl Toolchain {
    /// The compiler to build `language` with, or why there is none.
    pub fn find(language: Language) -> Result<Toolchain, BuildError> {
        let missing = |names: &str, install: &str| {
            BuildError::Setup(format!(
                "{names} not found on PATH, needed for {language}: install {install}"
            ))
        };
        Ok(match language {
            Language::Rust => {
                let rustc = contain::find(&["rustc"])
                    .ok_or_else(|| missing("rustc", "the Rust toolchain (https://rustup.rs)"))?;
                let version = version_after(&rustc, &["--version"], "rustc ");
                let edition = if numbers(&version) >= EDITION_2024 {
                    "2024"
                } else {
                    "2021"
                };
                Toolchain {
                    tool: rustc,
                    runner: None,
                    version,
                    kind: Kind::Rust { edition },
                }
            }
            Language::Cpp => {
                let clang = contain::find(&["clang++-19", "clang++"]);
                let (tool, clang, sanitizer) = match clang {
                    Some(clang) if has_address_sanitizer(&clang) => (clang, true, true),
                    clang => match (contain::find(&["g++"]), clang) {
                        (Some(gcc), _) => (gcc, false, false),
                        (None, Some(clang)) => (clang, true, false),
                        (None, None) => {
                            return Err(missing(
                                "clang++-19, clang++ or g++",
                                "Debian's clang-19 and libclang-rt-19-dev packages (LeetCode's compiler, with AddressSanitizer), or g++",
                            ))
                        }
                    },
                };
                let version = if clang {
                    version_after(&tool, &["--version"], "version ")
                } else {
                    version_after(&tool, &["-dumpfullversion"], "")
                };
                Toolchain {
                    tool,
                    runner: None,
                    version,
                    kind: Kind::Cpp { clang, sanitizer },
                }
            }
            Language::Java => {
                let jdk = "a JDK (apt-get install default-jdk-headless)";
                let javac = contain::find(&["javac"]).ok_or_else(|| missing("javac", jdk))?;
                let java = contain::find(&["java"]).ok_or_else(|| missing("java", jdk))?;
                let version = java_version(&javac)
                    .unwrap_or_else(|| version_after(&javac, &["-version"], "javac "));
                Toolchain {
                    tool: javac,
                    runner: Some(java),
                    version,
                    kind: Kind::Java,
                }
            }
            Language::Python => {
                let python = contain::find(&["python3"]).ok_or_else(|| {
                    missing(
                        "python3",
                        "Debian's python3 package (apt-get install python3)",
                    )
                })?;
                let version = version_after(&python, &["--version"], "Python ");
                Toolchain {
                    tool: python,
                    runner: None,
                    version,
                    kind: Kind::Python,
                }
            }
        })
    }

    /// Whether what it builds is a program started from the build
    /// directory (which must then allow it: not `noexec`).
    pub fn builds_an_executable(&self) -> bool {
        matches!(self.kind, Kind::Rust { .. } | Kind::Cpp { .. })
    }

    /// Writes the files to build in `directory`: `source` (from the file the
    /// user named `shown`) with what LeetCode adds around it, and the
    /// harness; says how to build and run them, the program's memory
    /// limit being `memory_limit` bytes.
    pub fn prepare(
        &self,
        directory: &Path,
        source: &str,
        shown: &str,
        memory_limit: u64,
    ) -> std::io::Result<Plan> {
        match self.kind {
            Kind::Rust { edition } => self.prepare_rust(directory, source, edition),
            Kind::Cpp { clang, sanitizer } => {
                self.prepare_cpp(directory, source, shown, memory_limit, clang, sanitizer)
            }
            Kind::Java => self.prepare_java(directory, source, memory_limit),
            Kind::Python => self.prepare_python(directory, source),
        }
    }

    /// Rust: the submission, then `struct Solution;` and the harness.
    fn prepare_rust(
        &self,
        directory: &Path,
        source: &str,
        edition: &'static str,
    ) -> std::io::Result<Plan> {
        let tool = OsString::from(&self.tool);
        let binary = directory.join("solution");
        // `struct Solution;` goes after the code, so that its line
        // numbers stay the file's own.
        let file = directory.join("solution.rs");
        std::fs::write(
            &file,
            format!(
                "{source}\nstruct Solution;\n{}",
                include_str!("../harness/harness.rs")
            ),
        )?;
        let mut compile = vec![tool];
        compile.extend(["--edition", edition, "-O", "-A", "warnings", "-o"].map(OsString::from));
        compile.extend([binary.clone().into(), file.clone().into()]);
        let description = if edition == "2024" {
            format!("rustc {}, edition 2024, -O (as LeetCode)", self.version)
        } else {
            format!(
                "rustc {}, edition 2021, -O (LeetCode builds with edition 2024, which needs rustc {}.{})",
                self.version, EDITION_2024.0, EDITION_2024.1
            )
        };
        Ok(Plan {
            compile,
            limits: NATIVE_LIMITS,
            source: file,
            run: vec![binary.into()],
            environment: Vec::new(),
            address_space_limited: true,
            sanitized: false,
            description,
        })
    }

    /// C++: LeetCode's headers, the submission under its own name, the harness.
    fn prepare_cpp(
        &self,
        directory: &Path,
        source: &str,
        shown: &str,
        memory_limit: u64,
        clang: bool,
        sanitizer: bool,
    ) -> std::io::Result<Plan> {
        let tool = OsString::from(&self.tool);
        let binary = directory.join("solution");
        // LeetCode's headers first; `#line` keeps the file's own
        // name and line numbers in the compiler's messages and in
        // the debug information AddressSanitizer reports from.
        let file = directory.join("solution.cpp");
        std::fs::write(
            &file,
            format!(
                "#include <bits/stdc++.h>\nusing namespace std;\n#line 1 {}\n{source}\n{}",
                cpp_string_literal(shown),
                include_str!("../harness/harness.cpp")
            ),
        )?;
        let standard = self.cpp_standard(clang);
        let mut options = vec![standard, "-O2"];
        if sanitizer {
            // Line tables for the report's file and line; frame
            // pointers for its stacks; names relative to the build
            // directory, so the report shows the name as given.
            options.extend([
                "-fsanitize=address",
                "-fno-omit-frame-pointer",
                "-gline-tables-only",
                "-fdebug-compilation-dir=.",
            ]);
        }
        let mut compile = vec![tool];
        compile.extend(options.iter().map(OsString::from));
        compile.extend(["-o".into(), binary.clone().into(), file.clone().into()]);
        let name = if clang { "clang++" } else { "g++" };
        let description = if sanitizer {
            format!(
                "{name} {}, {standard} -O2 -fsanitize=address (as LeetCode)",
                self.version
            )
        } else {
            let why = if clang {
                "its runtime is not installed: apt-get install libclang-rt-19-dev"
            } else {
                "LeetCode's clang++ with its runtime is not here"
            };
            format!(
                "{name} {}, {standard} -O2, without AddressSanitizer ({why}): an out-of-bounds write can pass here and fail on LeetCode",
                self.version
            )
        };
        Ok(Plan {
            compile,
            limits: NATIVE_LIMITS,
            source: file,
            run: vec![binary.into()],
            environment: if sanitizer {
                sanitizer::environment(memory_limit)
            } else {
                Vec::new()
            },
            address_space_limited: !sanitizer,
            sanitized: sanitizer,
            description,
        })
    }

    /// Java: the imports and the submission on its first line, the harness beside it.
    fn prepare_java(
        &self,
        directory: &Path,
        source: &str,
        memory_limit: u64,
    ) -> std::io::Result<Plan> {
        let tool = OsString::from(&self.tool);
        let file = directory.join("Solution.java");
        std::fs::write(&file, format!("{JAVA_IMPORTS}{source}"))?;
        let main = directory.join("Main.java");
        std::fs::write(&main, include_str!("../harness/Main.java"))?;
        let mut compile = vec![tool];
        compile.extend(
            [
                JAVAC_HEAP,
                "-J-XX:+UseSerialGC",
                "-J-XX:TieredStopAtLevel=1",
                "-encoding",
                "UTF-8",
                "-nowarn",
                "-d",
            ]
            .map(OsString::from),
        );
        compile.extend([directory.into(), file.clone().into(), main.into()]);
        let java = self.runner.clone().unwrap_or_else(|| PathBuf::from("java"));
        // The heap is the memory limit; one garbage collector
        // thread keeps the JVM's own threads few.
        let run = vec![
            java.into(),
            format!("-Xmx{}m", (memory_limit >> 20).max(16)).into(),
            "-XX:+UseSerialGC".into(),
            "-cp".into(),
            directory.into(),
            "Main".into(),
        ];
        let major = numbers(&self.version).0;
        let major = if major == 1 {
            numbers(&self.version).1
        } else {
            major
        };
        let description = if major >= LEETCODE_JAVA {
            format!("javac {}", self.version)
        } else {
            format!(
                "javac {} (LeetCode runs Java {LEETCODE_JAVA}: what is newer than Java {major} is a Compile Error here)",
                self.version
            )
        };
        Ok(Plan {
            compile,
            limits: Limits {
                address_space: None,
                ..NATIVE_LIMITS
            },
            source: file,
            run,
            environment: Vec::new(),
            address_space_limited: false,
            sanitized: false,
            description,
        })
    }

    /// Python: the submission, the harness and the prelude of implicit imports.
    fn prepare_python(&self, directory: &Path, source: &str) -> std::io::Result<Plan> {
        let tool = OsString::from(&self.tool);
        // Checked for syntax first, as LeetCode does before running.
        let file = directory.join("solution.py");
        std::fs::write(&file, source)?;
        let harness = directory.join("harness.py");
        std::fs::write(&harness, include_str!("../harness/harness.py"))?;
        std::fs::write(
            directory.join("prelude.py"),
            include_str!("../harness/prelude.py"),
        )?;
        let mut compile = vec![tool.clone()];
        compile.extend(["-m", "py_compile"].map(OsString::from));
        compile.push(file.clone().into());
        let mut description = format!(
            "Python {}, with the modules LeetCode imports for you",
            self.version
        );
        if !self.version.starts_with(&format!("{LEETCODE_PYTHON}.")) {
            let _ = write!(description, " (LeetCode runs Python {LEETCODE_PYTHON})");
        }
        Ok(Plan {
            compile,
            limits: NATIVE_LIMITS,
            source: file.clone(),
            run: vec![tool, harness.into(), file.into()],
            // The run writes nothing into the build directory.
            environment: vec![("PYTHONDONTWRITEBYTECODE".into(), "1".into())],
            address_space_limited: true,
            sanitized: false,
            description,
        })
    }

    /// `-std=c++23`, or its draft name for a compiler older than the
    /// standard's name (clang 17, g++ 11).
    fn cpp_standard(&self, clang: bool) -> &'static str {
        let major = numbers(&self.version).0;
        if major >= if clang { 17 } else { 11 } {
            "-std=c++23"
        } else {
            "-std=c++2b"
        }
    }

    /// The compiler's message made to read as if the judge had added
    /// nothing: for Java, the imports on line 1 taken out of the source
    /// line javac echoes, and its caret moved back.
    pub fn unprefixed(&self, message: &str, source: &Path) -> String {
        match self.kind {
            Kind::Java => without_java_imports(message, &source.display().to_string()),
            _ => message.to_string(),
        }
    }
}

/// Whether `clang` has AddressSanitizer's runtime to link with (Debian
/// ships it apart, in libclang-rt-19-dev): clang names the library's path
/// when it has it, and only its name when not.
fn has_address_sanitizer(clang: &Path) -> bool {
    let arch = std::env::consts::ARCH;
    [
        format!("libclang_rt.asan-{arch}.a"),
        "libclang_rt.asan.a".to_string(),
    ]
    .iter()
    .any(|name| {
        let printed = output_of(clang, &[&format!("-print-file-name={name}")]);
        let path = Path::new(printed.trim());
        path.is_absolute() && path.is_file()
    })
}

/// What `tool ARGS` prints (stdout, else stderr), or nothing.
fn output_of(tool: &Path, args: &[&str]) -> String {
    Command::new(tool)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map(|output| {
            let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
            if stdout.trim().is_empty() {
                String::from_utf8_lossy(&output.stderr).into_owned()
            } else {
                stdout
            }
        })
        .unwrap_or_default()
}

/// The version `tool ARGS` prints on its first line after `marker` ("1.95.0"
/// from "rustc 1.95.0 (...)"), or "(version unknown)".
fn version_after(tool: &Path, args: &[&str], marker: &str) -> String {
    let printed = output_of(tool, args);
    printed
        .lines()
        .next()
        .and_then(|line| line.split_once(marker).map(|(_, rest)| rest))
        .and_then(|rest| rest.split_whitespace().next())
        .map_or_else(|| "(version unknown)".to_string(), str::to_string)
}

/// The major and minor numbers of a version ("1.95.0" gives (1, 95)).
fn numbers(version: &str) -> (u32, u32) {
    let mut parts = version
        .split(|character: char| !character.is_ascii_digit())
        .map(|part| part.parse::<u32>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

/// The version of the JDK of `javac`, from the `release` file beside its
/// `bin` directory (cheaper than starting a JVM to ask).
fn java_version(javac: &Path) -> Option<String> {
    let real = std::fs::canonicalize(javac).ok()?;
    let home = real.parent()?.parent()?;
    let release = std::fs::read_to_string(home.join("release")).ok()?;
    release
        .lines()
        .find_map(|line| line.strip_prefix("JAVA_VERSION="))
        .map(|version| version.trim().trim_matches('"').to_string())
}

/// `text` as a C++ string literal that holds exactly it: backslash and
/// quote escaped, control characters (and `?`, against trigraphs) as
/// octal escapes of their bytes.
pub fn cpp_string_literal(text: &str) -> String {
    let mut literal = String::from("\"");
    for character in text.chars() {
        match character {
            '\\' => literal.push_str("\\\\"),
            '"' => literal.push_str("\\\""),
            '?' => literal.push_str("\\?"),
            character if character.is_control() => {
                let mut bytes = [0; 4];
                for byte in character.encode_utf8(&mut bytes).bytes() {
                    let _ = write!(literal, "\\{byte:03o}");
                }
            }
            character => literal.push(character),
        }
    }
    literal.push('"');
    literal
}

/// javac's `message` with the judge's imports taken out of line 1 of
/// `source` (the copy's path): javac echoes the line it reports, with a
/// caret under the place, and on line 1 both would show
/// [`JAVA_IMPORTS`].
fn without_java_imports(message: &str, source: &str) -> String {
    let header = format!("{source}:1: ");
    let mut lines: Vec<String> = Vec::new();
    let mut after_header = false;
    let mut caret_next = false;
    for line in message.lines() {
        if line.starts_with(&format!("{source}:")) {
            after_header = line.starts_with(&header);
            caret_next = false;
            lines.push(line.to_string());
            continue;
        }
        if after_header {
            if let Some(rest) = line.strip_prefix(JAVA_IMPORTS) {
                lines.push(rest.to_string());
                after_header = false;
                caret_next = true;
                continue;
            }
        }
        if caret_next {
            caret_next = false;
            if line.trim_start().starts_with('^') {
                let spaces = line.len() - line.trim_start().len();
                let keep = spaces.saturating_sub(JAVA_IMPORTS.len());
                lines.push(format!("{}{}", " ".repeat(keep), line.trim_start()));
                continue;
            }
        }
        lines.push(line.to_string());
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_is_a_cpp_literal_of_itself() {
        assert_eq!(cpp_string_literal("my.cpp"), r#""my.cpp""#);
        assert_eq!(
            cpp_string_literal("a\"b\\c\u{1}d\ne?f\u{e9}.cpp"),
            r#""a\"b\\c\001d\012e\?fé.cpp""#
        );
        // A C1 control character is two bytes in UTF-8.
        assert_eq!(cpp_string_literal("\u{85}"), r#""\302\205""#);
    }

    #[test]
    fn versions_are_compared_by_their_numbers() {
        assert_eq!(numbers("1.95.0"), (1, 95));
        assert_eq!(numbers("1.84.1"), (1, 84));
        assert_eq!(numbers("17.0.15"), (17, 0));
        assert_eq!(numbers("1.8.0_392"), (1, 8));
        assert!(numbers("1.85.0") >= EDITION_2024);
        assert!(numbers("1.84.1") < EDITION_2024);
    }

    /// What javac 17 says for `package foo;` on line 1, after the judge's
    /// imports.
    #[test]
    fn javac_on_line_one_shows_the_files_own_line() {
        let message = "/tmp/x/Solution.java:1: error: class, interface, enum, or record expected\nimport java.util.*; package foo;\n                    ^\n/tmp/x/Solution.java:3: error: ';' expected\n        int x = 1\n                 ^\n2 errors";
        assert_eq!(
            without_java_imports(message, "/tmp/x/Solution.java"),
            "/tmp/x/Solution.java:1: error: class, interface, enum, or record expected\npackage foo;\n^\n/tmp/x/Solution.java:3: error: ';' expected\n        int x = 1\n                 ^\n2 errors"
        );
    }
}
