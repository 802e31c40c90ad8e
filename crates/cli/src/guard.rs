//! Panics inside an approach become an error for that record, not the end of
//! the run.
//!
//! [`catch`] runs a closure and turns a panic into a message with where it
//! happened. While it runs, the panic hook stays quiet on that thread: the
//! message reaches the user once, as the record's `error:` line and its
//! stderr explanation. A panic anywhere else still goes to the default hook.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// True while [`catch`] runs a closure on this thread.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// Where the last caught panic on this thread happened.
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Puts the hook in place that keeps caught panics quiet (once per process).
fn install_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) {
                let location = info.location().map(ToString::to_string);
                LOCATION.with(|slot| *slot.borrow_mut() = location);
            } else {
                default(info);
            }
        }));
    });
}

/// Runs `work`; a panic inside it becomes `Err` with its message and where
/// it happened (`index out of bounds ... at crates/solvers/x/src/lib.rs:10:5`).
pub fn catch<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    install_hook();
    let was_catching = CATCHING.with(|catching| catching.replace(true));
    // The closures given here own or borrow nothing that a panic could leave
    // half-changed and that is used again afterwards: a board is copied in
    // and the result is thrown away on a panic.
    let result = panic::catch_unwind(AssertUnwindSafe(work));
    CATCHING.with(|catching| catching.set(was_catching));
    result.map_err(|payload| {
        let location = LOCATION.with(|slot| slot.borrow_mut().take());
        let message = payload_message(payload.as_ref());
        match location {
            Some(location) => format!("{message} (at {location})"),
            None => message,
        }
    })
}

/// The text a panic was raised with, when it was a string.
fn payload_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message_and_location() {
        let caught = catch(|| -> u8 { panic!("cell {} is off the board", 81) });
        let message = caught.unwrap_err();
        assert!(
            message.starts_with("cell 81 is off the board (at crates/cli/src/guard.rs:"),
            "{message}"
        );
        let index = 10;
        let caught = catch(|| [1, 2, 3][index]);
        assert!(caught.unwrap_err().contains("index out of bounds"));
        assert_eq!(catch(|| 7), Ok(7));
    }

    #[test]
    fn panics_are_caught_on_every_thread() {
        let handles: Vec<_> = (0..4)
            .map(|_| std::thread::spawn(|| catch(|| -> () { panic!("on a worker") })))
            .collect();
        for handle in handles {
            assert!(handle
                .join()
                .unwrap()
                .unwrap_err()
                .starts_with("on a worker"));
        }
    }
}
