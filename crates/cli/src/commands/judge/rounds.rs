//! "How you compare": the submission and the catalog's approaches (and,
//! for Python and Java, the reference solutions of notes/solutions/ in the
//! same language) timed the same way: each in a contained process of its
//! own behind the same harness, each case solved again and again for about
//! [`WINDOW`] and measured in processor time, over several rounds taken in
//! turn, so that a busy machine slows every one alike; each figure is the
//! median of the rounds, with its spread.

use std::time::{Duration, Instant};

use sudoku_catalog::{Family, APPROACHES};

use super::cases::Case;
use super::child::{Launch, Session, Stop};

/// How long, about, each case is solved again and again in a round: long
/// enough that a fast solve's first-call costs do not dominate.
pub const WINDOW: Duration = Duration::from_millis(5);

/// The rounds taken; fewer (but [`MIN_ROUNDS`]) once [`BUDGET`] is spent.
/// A first round before them warms every subject up (a JIT compiler, the
/// caches) and is not counted.
const ROUNDS: usize = 5;
const MIN_ROUNDS: usize = 3;

/// About how long the comparison may take, all rounds together.
const BUDGET: Duration = Duration::from_secs(30);

/// A subject that takes longer than this on one solve of a group's case
/// is not timed on that group (it would hold the comparison for minutes).
const TOO_SLOW: Duration = Duration::from_millis(500);

/// The spread, (highest − lowest) / median, above which a ratio is
/// marked as hard to read.
pub const WIDE: f64 = 0.25;

/// One thing timed: the submission, a reference solution, an approach.
pub struct Subject<'a> {
    pub name: String,
    pub launch: Launch<'a>,
    /// Whether it runs on the cases of a group: the classics are left out
    /// where a case needs over ten million placements.
    pub runs_on: Box<dyn Fn(&str) -> bool + 'a>,
}

/// A subject's timing of one group.
pub enum Timed {
    /// Its mean processor time per solve over the group's cases, one per round.
    Rounds(Vec<Duration>),
    /// Not timed there, and why (in a few words).
    Skipped(String),
}

/// Each subject's timing of each group (`timed[subject][group]`), and the
/// kernel's check of the first subject's own measure.
pub struct Comparison {
    pub groups: Vec<String>,
    pub timed: Vec<Vec<Timed>>,
    /// The first subject's own measure and the kernel's count of its
    /// processor time over every round, all solves together.
    pub own_total: Duration,
    pub kernel_total: Duration,
    pub rounds: usize,
}

/// A subject's state while the rounds go.
struct Running {
    session: Option<Session>,
    why_not: Option<String>,
    /// Per case: how many solves fill a window, or `None` if not timed.
    repeats: Vec<Option<u32>>,
    /// Per round, per case: the mean processor time per solve.
    times: Vec<Vec<Option<Duration>>>,
}

/// Times every subject on every case, the first subject (the submission)
/// first in each round; stops at once if the judge is interrupted.
pub fn compare(
    subjects: &[Subject],
    cases: &[Case],
    memory_limit: u64,
    time_limit: Duration,
) -> Result<Comparison, u8> {
    let mut groups: Vec<String> = Vec::new();
    for case in cases {
        if !groups.contains(&case.group) {
            groups.push(case.group.clone());
        }
    }
    let started = Instant::now();
    let mut running: Vec<Running> = Vec::new();
    let (mut own_total, mut kernel_total) = (Duration::ZERO, Duration::ZERO);
    for (index, subject) in subjects.iter().enumerate() {
        let mut state = Running {
            session: None,
            why_not: None,
            repeats: vec![None; cases.len()],
            times: Vec::new(),
        };
        // A solve to size each case's window, then every round's.
        let requests = cases.len() * (ROUNDS + 2);
        match Session::start(&subject.launch, memory_limit, requests, time_limit * 4) {
            Ok(session) => state.session = Some(session),
            Err(Stop::Interrupted(status)) => return Err(status),
            Err(_) => state.why_not = Some("could not start".to_string()),
        }
        // One solve of each case, to size its window.
        for (case_index, case) in cases.iter().enumerate() {
            let Some(session) = state.session.as_mut() else {
                break;
            };
            if !(subject.runs_on)(&case.group) {
                continue;
            }
            match session.solve(&case.puzzle.to_line(), 1, time_limit) {
                Ok(answer) if answer.own <= TOO_SLOW => {
                    let repeats = WINDOW.as_nanos() / answer.own.as_nanos().max(1_000);
                    state.repeats[case_index] =
                        Some(u32::try_from(repeats.clamp(1, 5_000)).unwrap_or(1));
                }
                Ok(_) => {}
                Err(Stop::Interrupted(status)) => return Err(status),
                Err(_) => {
                    state.session = None;
                    state.why_not = Some(if index == 0 {
                        "stopped while timed".to_string()
                    } else {
                        "failed here".to_string()
                    });
                }
            }
        }
        running.push(state);
    }
    // Round 0 warms up; rounds 1 to ROUNDS count.
    let mut rounds = 0;
    while rounds <= ROUNDS && (rounds <= MIN_ROUNDS || started.elapsed() < BUDGET) {
        for (index, state) in running.iter_mut().enumerate() {
            let mut times = vec![None; cases.len()];
            for (case_index, case) in cases.iter().enumerate() {
                let (Some(session), Some(repeats)) =
                    (state.session.as_mut(), state.repeats[case_index])
                else {
                    continue;
                };
                match session.solve(&case.puzzle.to_line(), repeats, time_limit * 4) {
                    Ok(answer) => {
                        times[case_index] = Some(answer.own);
                        if index == 0 && rounds > 0 {
                            own_total += answer.own * repeats;
                            kernel_total += answer.cpu;
                        }
                    }
                    Err(Stop::Interrupted(status)) => return Err(status),
                    Err(_) => {
                        state.session = None;
                        state.why_not = Some("stopped while timed".to_string());
                    }
                }
            }
            if rounds > 0 {
                state.times.push(times);
            }
        }
        rounds += 1;
    }
    let rounds = rounds - 1;
    let timed = subjects
        .iter()
        .zip(&running)
        .map(|(subject, state)| {
            groups
                .iter()
                .map(|group| timed_group(subject, state, cases, group))
                .collect()
        })
        .collect();
    Ok(Comparison {
        groups,
        timed,
        own_total,
        kernel_total,
        rounds,
    })
}

/// A subject's rounds on one group: per round, the mean over the group's
/// cases; skipped if any of its cases was not timed.
fn timed_group(subject: &Subject, state: &Running, cases: &[Case], group: &str) -> Timed {
    if !(subject.runs_on)(group) {
        return Timed::Skipped("over ten million placements a case".to_string());
    }
    if let Some(why) = &state.why_not {
        return Timed::Skipped(why.clone());
    }
    let members: Vec<usize> = (0..cases.len())
        .filter(|&index| cases[index].group == group)
        .collect();
    if members.iter().any(|&index| state.repeats[index].is_none()) {
        return Timed::Skipped(format!("over {} ms a solve", TOO_SLOW.as_millis()));
    }
    let mut rounds = Vec::new();
    for round in &state.times {
        let times: Option<Vec<Duration>> = members.iter().map(|&index| round[index]).collect();
        match times {
            Some(times) => {
                rounds
                    .push(times.iter().sum::<Duration>() / u32::try_from(times.len()).unwrap_or(1));
            }
            None => return Timed::Skipped("stopped while timed".to_string()),
        }
    }
    Timed::Rounds(rounds)
}

/// The median of `values` and their spread, (highest − lowest) / median.
pub fn median_and_spread(values: &[f64]) -> (f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    if sorted.is_empty() {
        return (f64::NAN, 0.0);
    }
    let middle = sorted.len() / 2;
    let median = if sorted.len() % 2 == 0 {
        f64::midpoint(sorted[middle - 1], sorted[middle])
    } else {
        sorted[middle]
    };
    let spread = (sorted[sorted.len() - 1] - sorted[0]) / median;
    (median, spread)
}

/// The catalog's approaches as subjects: `runs_on` leaves the classics out
/// of the groups in `too_hard`.
pub fn approaches<'a>(
    argvs: &'a [Vec<std::ffi::OsString>],
    directory: &'a std::path::Path,
    too_hard: &'a [String],
) -> Vec<Subject<'a>> {
    APPROACHES
        .iter()
        .zip(argvs)
        .map(|(approach, argv)| Subject {
            name: approach.id.to_string(),
            launch: Launch {
                argv,
                directory,
                environment: &[],
                address_space_limited: true,
            },
            runs_on: Box::new(move |group: &str| {
                approach.family != Family::Published || !too_hard.iter().any(|hard| hard == group)
            }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_of_an_even_count_is_the_middle_pair_s_mean() {
        assert_eq!(median_and_spread(&[4.0, 1.0, 3.0, 2.0]), (2.5, 3.0 / 2.5));
        assert_eq!(median_and_spread(&[2.0, 2.0, 2.0]), (2.0, 0.0));
    }
}
