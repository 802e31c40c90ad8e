//! Building one Rust file as LeetCode's judge builds a submission.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Writes `program` to `dir/<name>.rs` and compiles it on its own, as the
/// judge does (optimised, a binary, no crates), with `compiler` (the
/// command and its first arguments, such as `["rustc"]` or `["rustup",
/// "run", "1.74.1", "rustc"]`) in Rust `edition` (`"2021"`, `"2024"`).
/// Gives the binary's path, or the compiler's messages when it fails.
pub fn build_alone(
    compiler: &[String],
    edition: &str,
    dir: &Path,
    name: &str,
    program: &str,
) -> Result<PathBuf, String> {
    let file = dir.join(format!("{name}.rs"));
    let binary = dir.join(name);
    std::fs::write(&file, program).unwrap();
    let build = Command::new(&compiler[0])
        .args(&compiler[1..])
        .args(["--edition", edition, "-O", "--crate-type", "bin", "-o"])
        .arg(&binary)
        .arg(&file)
        .output()
        .unwrap();
    if build.status.success() {
        Ok(binary)
    } else {
        Err(String::from_utf8_lossy(&build.stderr).into_owned())
    }
}
