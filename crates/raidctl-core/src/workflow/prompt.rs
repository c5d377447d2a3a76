//! Questions to the operator: who answers ([`Prompter`]), and questions that forgive — an
//! answer that is not understood is asked again with what is accepted, a typed confirmation
//! allows three tries without revealing what is expected, and end of input or Ctrl-C stops
//! with a message saying what was left in which state and how to go on.

use super::Env;
use crate::interrupt::StopMessage;
use std::io::{BufRead, IsTerminal, Write};

/// Asks the operator.
pub trait Prompter {
    /// A free-text answer (trimmed); `None` when nobody can answer (no terminal, end of input).
    fn ask(&mut self, question: &str) -> Option<String>;
}

/// Prompts on the terminal (questions on standard error); refuses when standard input is not one.
#[derive(Debug, Default)]
pub struct TtyPrompter;

impl Prompter for TtyPrompter {
    fn ask(&mut self, question: &str) -> Option<String> {
        if !std::io::stdin().is_terminal() {
            return None;
        }
        crate::errprint!("{} ", crate::escape::escape_text(question));
        let _ = std::io::stderr().flush();
        let mut line = String::new();
        match std::io::stdin().lock().read_line(&mut line) {
            // Ctrl-D: the operator ended the input.
            Ok(0) | Err(_) => {
                crate::errln!();
                None
            }
            Ok(_) => Some(line.trim().to_owned()),
        }
    }
}

/// Scripted answers (tests).
#[derive(Debug, Default)]
pub struct ScriptedPrompter {
    /// Answers in order; `None` once they run out (like end of input).
    pub answers: std::collections::VecDeque<String>,
    /// The questions asked, in order.
    pub asked: Vec<String>,
}

impl Prompter for ScriptedPrompter {
    fn ask(&mut self, question: &str) -> Option<String> {
        self.asked.push(question.to_owned());
        self.answers.pop_front()
    }
}

/// How a typed confirmation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typed {
    /// The operator typed the expected text.
    Matched,
    /// Every try was wrong.
    Mismatched,
    /// End of input (or no terminal) before a matching answer.
    NoAnswer,
}

/// Tries a typed confirmation allows.
pub const TYPED_TRIES: u32 = 3;

/// Answers a yes/no question accepts, lowercase.
fn yes_no(answer: &str) -> Option<bool> {
    match answer.to_ascii_lowercase().as_str() {
        "y" | "yes" => Some(true),
        "n" | "no" => Some(false),
        _ => None,
    }
}

impl Env<'_> {
    /// Asks `question` through the prompter with `stop` registered as what an interrupt says.
    fn ask_raw(&mut self, question: &str, stop: &str) -> Option<String> {
        let _guard = StopMessage::set(stop);
        self.prompt.ask(question)
    }

    /// A yes/no question (`[y/N]`: an empty answer is no); anything else is asked again.
    /// `None` at end of input. `stop` is what Ctrl-C at this prompt prints.
    pub fn ask_yes_no(&mut self, question: &str, stop: &str) -> Option<bool> {
        loop {
            let answer = self.ask_raw(&format!("{question} [y/N]"), stop)?;
            if answer.is_empty() {
                return Some(false);
            }
            match yes_no(&answer) {
                Some(b) => return Some(b),
                None => self.say(&format!("  {answer:?} is not an answer here: type y or n.")),
            }
        }
    }

    /// A choice among `choices` (case-insensitive); anything else is asked again with the
    /// list. `None` at end of input.
    pub fn ask_choice(&mut self, question: &str, choices: &[&str], stop: &str) -> Option<String> {
        let list = choices.join("/");
        loop {
            let answer = self.ask_raw(&format!("{question} [{list}]"), stop)?;
            if let Some(c) = choices.iter().find(|c| c.eq_ignore_ascii_case(&answer)) {
                return Some((*c).to_owned());
            }
            let shown = if answer.is_empty() {
                "An empty answer".to_owned()
            } else {
                format!("{answer:?}")
            };
            self.say(&format!(
                "  {shown} is not one of the choices: type one of {}.",
                choices.join(", ")
            ));
        }
    }

    /// Asks the operator to type `want` (`what` names it: "serial number", "word"); three
    /// tries, an empty answer does not count as one. The expected text is never shown.
    pub fn ask_typed(&mut self, question: &str, want: &str, what: &str, stop: &str) -> Typed {
        let mut left = TYPED_TRIES;
        let mut q = question.to_owned();
        loop {
            let Some(answer) = self.ask_raw(&q, stop) else {
                return Typed::NoAnswer;
            };
            if answer.is_empty() {
                q = format!("Nothing typed. Type the {what}:");
                continue;
            }
            if answer.eq_ignore_ascii_case(want) {
                return Typed::Matched;
            }
            left -= 1;
            if left == 0 {
                return Typed::Mismatched;
            }
            let tries = if left == 1 { "try" } else { "tries" };
            self.say(&format!("  That does not match the {what}."));
            q = format!("Check it and type the {what} again ({left} {tries} left):");
        }
    }

    /// `--proactive` on a drive nothing says is failing (guard `target-not-replaceable`):
    /// unattended (`--yes`) the flag is the decision; at a terminal the operator types the
    /// word `proactive` back, so a flag recalled from shell history or pasted with a command
    /// does not take a healthy drive out unread. The serial is never shown (it is read off
    /// the blinking bay later). `Err` says why nothing was changed.
    pub fn confirm_proactive(&mut self, drive: &str) -> Result<(), String> {
        if self.opts.yes {
            return Ok(());
        }
        let question = format!(
            "{drive} is healthy: nothing says it is failing, and taking it out leaves its VD without redundancy until the rebuild ends. Type proactive to replace it anyway:"
        );
        let stop =
            format!("interrupted at the --proactive confirmation of {drive}; nothing was changed");
        match self.ask_typed(&question, PROACTIVE_WORD, "word", &stop) {
            Typed::Matched => Ok(()),
            Typed::Mismatched | Typed::NoAnswer => Err(format!(
                "refused: [{}] replacing the healthy drive {drive} was not confirmed (type proactive at the prompt); nothing was changed",
                super::guards::TARGET_NOT_REPLACEABLE
            )),
        }
    }
}

/// The word an operator types back to replace a healthy drive with `--proactive`.
pub const PROACTIVE_WORD: &str = "proactive";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::ops::Operations;

    fn with_env<R>(
        answers: &[&str],
        f: impl FnOnce(&mut Env<'_>) -> R,
    ) -> (R, String, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        // Never called: the prompts do not touch the controller.
        let mc = crate::backend::megacli::MegaCli::new(
            "/nonexistent/MegaCli64".into(),
            std::sync::Arc::new(crate::backend::runner::OsRunner::new(dir.path().into())),
            std::time::Duration::from_secs(1),
        );
        let ops: &dyn Operations = &mc;
        let mut prompt = ScriptedPrompter {
            answers: answers.iter().map(|a| (*a).to_owned()).collect(),
            asked: Vec::new(),
        };
        let mut out = Vec::new();
        let r = {
            let mut env = Env {
                ops,
                state_dir: dir.path().to_path_buf(),
                prompt: &mut prompt,
                opts: super::super::WfOptions::default(),
                world: Box::new(crate::workflow::RealWorld),
                out: &mut out,
                host: None,
                ceph: None,
                osds: crate::ceph::OsdJoin::default(),
            };
            f(&mut env)
        };
        (r, String::from_utf8(out).unwrap(), prompt.asked)
    }

    #[test]
    fn yes_no_asks_again_on_nonsense() {
        let (r, out, asked) = with_env(&["blank", "Y"], |e| e.ask_yes_no("Pull?", "s"));
        assert_eq!(r, Some(true));
        assert!(
            out.contains("\"blank\" is not an answer here: type y or n."),
            "{out}"
        );
        assert_eq!(asked, ["Pull? [y/N]", "Pull? [y/N]"]);
        assert_eq!(with_env(&[""], |e| e.ask_yes_no("Q", "s")).0, Some(false));
        assert_eq!(with_env(&["no"], |e| e.ask_yes_no("Q", "s")).0, Some(false));
        assert_eq!(with_env(&["maybe"], |e| e.ask_yes_no("Q", "s")).0, None);
    }

    #[test]
    fn choice_lists_what_it_accepts() {
        let (r, out, asked) = with_env(&["y", "", "BLANK"], |e| {
            e.ask_choice("Insert?", &["blank", "none"], "s")
        });
        assert_eq!(r.as_deref(), Some("blank"));
        assert!(
            out.contains("\"y\" is not one of the choices: type one of blank, none."),
            "{out}"
        );
        assert!(
            out.contains("An empty answer is not one of the choices"),
            "{out}"
        );
        assert_eq!(asked.len(), 3);
        assert_eq!(asked[0], "Insert? [blank/none]");
    }

    #[test]
    fn proactive_is_typed_back_at_a_terminal_and_not_asked_unattended() {
        let (r, _, asked) = with_env(&["yes", "Proactive"], |e| e.confirm_proactive("[32:3]"));
        assert_eq!(r, Ok(()));
        assert_eq!(asked.len(), 2);
        assert!(
            asked[0].starts_with("[32:3] is healthy")
                && asked[0].ends_with("Type proactive to replace it anyway:"),
            "{asked:?}"
        );
        let (r, _, _) = with_env(&["y", "yes", "ok"], |e| e.confirm_proactive("[32:3]"));
        let e = r.unwrap_err();
        assert!(
            e.starts_with("refused: [target-not-replaceable]") && e.contains("nothing was changed"),
            "{e}"
        );
        assert!(with_env(&[], |e| e.confirm_proactive("[32:3]")).0.is_err());
        let (r, _, asked) = with_env(&[], |e| {
            e.opts.yes = true;
            e.confirm_proactive("[32:3]")
        });
        assert_eq!((r, asked.len()), (Ok(()), 0));
    }

    #[test]
    fn typed_allows_three_tries_and_never_shows_the_answer() {
        let (r, out, asked) = with_env(&["S0K1A2B0", "", "s0k1a2b04"], |e| {
            e.ask_typed("Type the serial:", "S0K1A2B04", "serial number", "s")
        });
        assert_eq!(r, Typed::Matched);
        assert_eq!(asked.len(), 3);
        assert!(asked[1].contains("(2 tries left)"), "{asked:?}");
        assert!(asked[2].contains("Nothing typed"), "{asked:?}");
        let (r, out2, asked) = with_env(&["a", "b", "c", "S0K1A2B04"], |e| {
            e.ask_typed("Type the serial:", "S0K1A2B04", "serial number", "s")
        });
        assert_eq!(r, Typed::Mismatched);
        assert_eq!(asked.len(), 3);
        assert!(asked[2].contains("(1 try left)"), "{asked:?}");
        for text in [out, out2, asked.join("\n")] {
            assert!(!text.contains("S0K1A2B04"), "{text}");
        }
        let (r, _, _) = with_env(&["a"], |e| e.ask_typed("Q", "W", "word", "s"));
        assert_eq!(r, Typed::NoAnswer);
    }
}
