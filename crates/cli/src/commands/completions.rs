//! `sudoku completions`: shell completions for `sudoku`, and its man page,
//! made from the same clap definitions `--help` prints, so they never
//! offer an option the command does not have.
//!
//! They are printed rather than installed: `cargo install` puts only the
//! binary in place, and each shell looks for its completions somewhere of
//! its own (`sudoku completions --help` says where), as ripgrep's
//! `rg --generate` and rustup's `rustup completions` do.

use std::io::{self, Write};

use clap_complete::Shell;
use clap_mangen::Man;

use crate::output::{Output, Status};

/// Print shell completions for `sudoku`, or its man page.
///
/// The script for SHELL, or with `man` the man page (roff), goes to
/// stdout: save it where your shell or `man` looks, as below. Both are
/// made from the options `--help` shows, so make them again after
/// installing a new version.
#[derive(clap::Args)]
#[command(after_help = INSTALL)]
pub struct Args {
    /// The shell to complete in, or `man` for the man page.
    #[arg(value_enum, value_name = "SHELL")]
    shell: Target,
}

/// What `sudoku completions` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Target {
    /// Completions for bash.
    Bash,
    /// Completions for zsh.
    Zsh,
    /// Completions for fish.
    Fish,
    /// Completions for PowerShell.
    Powershell,
    /// Completions for elvish.
    Elvish,
    /// The man page, in roff, for `man`.
    Man,
}

impl Target {
    /// The shell whose completions this is; `None` for the man page.
    fn shell(self) -> Option<Shell> {
        match self {
            Target::Bash => Some(Shell::Bash),
            Target::Zsh => Some(Shell::Zsh),
            Target::Fish => Some(Shell::Fish),
            Target::Powershell => Some(Shell::PowerShell),
            Target::Elvish => Some(Shell::Elvish),
            Target::Man => None,
        }
    }
}

/// Under `sudoku completions --help`: where each one goes.
const INSTALL: &str = "\
Install, after `cargo install --path crates/cli --locked`; then open a new shell.
  bash:
    sudoku completions bash > ~/.local/share/bash-completion/completions/sudoku
  zsh (with `fpath=(~/.zfunc $fpath)` before `compinit` in ~/.zshrc):
    sudoku completions zsh > ~/.zfunc/_sudoku
  fish:
    sudoku completions fish > ~/.config/fish/completions/sudoku.fish
  PowerShell:
    sudoku completions powershell >> $PROFILE
  elvish:
    sudoku completions elvish >> ~/.config/elvish/rc.elv
  the man page (then `man sudoku`):
    mkdir -p ~/.local/share/man/man1
    sudoku completions man > ~/.local/share/man/man1/sudoku.1
  or read the man page without installing it:
    sudoku completions man | man -l -";

/// Prints the chosen completions or man page for `command`, the whole
/// `sudoku` command.
pub fn run(
    output: &mut Output<impl Write>,
    args: &Args,
    mut command: clap::Command,
) -> io::Result<Status> {
    // Made in memory, then written through `output` as any record is, so
    // a reader that leaves early ends the command quietly.
    let text = match args.shell.shell() {
        Some(shell) => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "sudoku", &mut script);
            String::from_utf8_lossy(&script).into_owned()
        }
        None => man_page(command)?,
    };
    output.record(&text)?;
    Ok(Status::Success)
}

/// The man page: one page for the whole command, every subcommand with its
/// options in a COMMANDS section.
///
/// `clap_mangen`'s own page for a command only lists its subcommands, each
/// pointing to a page of its own (`sudoku-solve(1)`) that one printed page
/// cannot bring along. So the page here is `clap_mangen`'s for `sudoku`
/// itself, with each subcommand's synopsis, description and options, as
/// `clap_mangen` renders them, set under a subheading of its own.
fn man_page(command: clap::Command) -> io::Result<String> {
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let man = Man::new(command.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    page.extend_from_slice(b".SH COMMANDS\n");
    for subcommand in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        let name = subcommand
            .get_bin_name()
            .unwrap_or_else(|| subcommand.get_name());
        writeln!(page, ".SS \"{name}\"")?;
        let man = Man::new(subcommand.clone());
        let mut sections = Vec::new();
        man.render_synopsis_section(&mut sections)?;
        man.render_description_section(&mut sections)?;
        man.render_options_section(&mut sections)?;
        for line in String::from_utf8_lossy(&sections).lines() {
            match section_heading(line) {
                // The heading is the command's name, set above.
                Some("SYNOPSIS") => {}
                Some("OPTIONS") => page.extend_from_slice(b".PP\nOptions:\n"),
                Some(_) => page.extend_from_slice(b".PP\n"),
                None => writeln!(page, "{line}")?,
            }
        }
        if let Some(text) = subcommand.get_after_help() {
            page.extend_from_slice(b".PP\n");
            page.extend_from_slice(unfilled(&text.to_string()).as_bytes());
        }
    }
    if let Some(text) = command.get_after_help() {
        page.extend_from_slice(b".SH \"START HERE\"\n");
        page.extend_from_slice(unfilled(&text.to_string()).as_bytes());
    }
    man.render_version_section(&mut page)?;
    let page = String::from_utf8_lossy(&page).into_owned();
    // Each piece rendered apart repeats the preamble: only the first,
    // before the title, is kept.
    let (first, rest) = page.split_at(page.find(".TH ").unwrap_or(0));
    let mut kept = first.to_string();
    for line in rest.lines().filter(|line| !PREAMBLE.contains(line)) {
        kept.push_str(line);
        kept.push('\n');
    }
    Ok(kept)
}

/// The two lines the roff crate puts before every piece it renders: they
/// define the apostrophe once for the whole page.
const PREAMBLE: [&str; 2] = [r".ie \n(.g .ds Aq \(aq", ".el .ds Aq '"];

/// `text` as roff lines set as they are, not filled: the after-help texts
/// hold commands to copy, which filling would join, justify and hyphenate.
/// Backslashes and hyphens are escaped (an unescaped `-` may print as a
/// hyphen that a shell does not read as a minus), and a line starting with
/// `.` or `'` is kept from being read as a request.
fn unfilled(text: &str) -> String {
    let mut roff = String::from(".nf\n");
    for line in text.lines() {
        let line = line.replace('\\', "\\e").replace('-', "\\-");
        if line.starts_with('.') || line.starts_with('\'') {
            roff.push_str("\\&");
        }
        roff.push_str(&line);
        roff.push('\n');
    }
    roff.push_str(".fi\n");
    roff
}

/// The name of the section that `line` opens, if it is a `.SH` request.
fn section_heading(line: &str) -> Option<&str> {
    line.strip_prefix(".SH ").map(|name| name.trim_matches('"'))
}
