//! The progress bar: a count of records written, drawn on stderr when the
//! run is long and stderr is a terminal that the output does not go to.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A run longer than this shows a progress bar (on a terminal).
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// Whether a run may show a progress bar: only when stderr is a terminal to
/// draw it on, and stdout is not (on a terminal the output itself shows
/// progress, and would be drawn over by the bar).
fn progress_wanted(stderr_is_terminal: bool, stdout_is_terminal: bool) -> bool {
    stderr_is_terminal && !stdout_is_terminal
}

/// A count of records written, drawn on stderr when [`progress_wanted`]
/// says so and the run has lasted [`PROGRESS_AFTER`].
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: bool,
}

impl Progress {
    pub fn new() -> Self {
        let wanted = progress_wanted(io::stderr().is_terminal(), io::stdout().is_terminal());
        let bar = wanted.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} {human_pos} records, {per_sec}, {elapsed}")
            {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            shown: false,
        }
    }

    pub fn tick(&mut self) {
        let Some(bar) = &self.bar else { return };
        bar.inc(1);
        if !self.shown && self.started.elapsed() >= PROGRESS_AFTER {
            self.shown = true;
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Runs `write` with the bar cleared, so that stderr lines do not mix
    /// with it.
    pub fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.shown => bar.suspend(write),
            _ => write(),
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_stderr_with_redirected_stdout_is_the_only_place_for_a_bar() {
        assert!(progress_wanted(true, false));
        assert!(!progress_wanted(true, true));
        assert!(!progress_wanted(false, false));
        assert!(!progress_wanted(false, true));
    }
}
