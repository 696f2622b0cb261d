//! Ctrl-C as the terminal's interrupt, not as a key: takes the terminal
//! raw mode left in, gives a flag that Ctrl-C raises.
//!
//! crossterm holds every byte after the start of a bracketed paste
//! (`ESC[200~`) until its end (`ESC[201~`); text pasted with a stray start
//! and no end would swallow every key after it, Ctrl-C and Esc included.
//! The terminal driver sees Ctrl-C before any parser does: with `ISIG` back
//! on, it sends SIGINT, which a thread of its own records whatever crossterm
//! is waiting for. crossterm may then be blocked reading the rest of the
//! paste: when the session has not ended shortly after, the thread restores
//! the terminal and ends the program itself. Ctrl-\ and Ctrl-Z stay plain keys, so neither stops the
//! program with the terminal still raw.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Raised when the user presses Ctrl-C.
pub struct Interrupt {
    raised: Arc<AtomicBool>,
}

impl Interrupt {
    /// Lets the terminal turn Ctrl-C into SIGINT, and listens for it. A
    /// terminal that cannot be set this way keeps Ctrl-C as a key, which
    /// quits as before wherever no paste is open.
    pub fn listen() -> Interrupt {
        let raised = Arc::new(AtomicBool::new(false));
        #[cfg(target_os = "linux")]
        if let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT])
        {
            let flag = Arc::clone(&raised);
            std::thread::spawn(move || {
                if signals.forever().next().is_some() {
                    flag.store(true, std::sync::atomic::Ordering::Relaxed);
                    // The session sees the flag within a poll unless a read
                    // of the paste holds it.
                    std::thread::sleep(std::time::Duration::from_millis(500));
                    super::restore();
                    std::process::exit(0);
                }
            });
            // Without the handler, SIGINT would end the program with the
            // terminal raw: the driver is told only once it is in place.
            let _ = interrupt_on_ctrl_c();
        }
        Interrupt { raised }
    }

    /// Whether Ctrl-C was pressed.
    pub fn raised(&self) -> bool {
        self.raised.load(std::sync::atomic::Ordering::Relaxed)
    }
}

#[cfg(target_os = "linux")]
fn interrupt_on_ctrl_c() -> std::io::Result<()> {
    use rustix::termios::{self, LocalModes, OptionalActions, SpecialCodeIndex};
    // The terminal crossterm set raw (it reads /dev/tty, not stdin).
    let tty = std::fs::File::open("/dev/tty")?;
    let mut modes = termios::tcgetattr(&tty)?;
    modes.local_modes |= LocalModes::ISIG;
    // 0 is `_POSIX_VDISABLE` on Linux: no key quits or suspends.
    modes.special_codes[SpecialCodeIndex::VQUIT] = 0;
    modes.special_codes[SpecialCodeIndex::VSUSP] = 0;
    termios::tcsetattr(&tty, OptionalActions::Now, &modes)?;
    Ok(())
}
