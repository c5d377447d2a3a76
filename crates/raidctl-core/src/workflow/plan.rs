//! `--dry-run --format json`: the plan a workflow shows as text, recorded as data while the
//! text is printed (the same lines; there is no second plan builder). The layout is
//! documented in docs/json.md and versioned by [`PLAN_SCHEMA`].

use super::guards::{Check, Level, RULES};
use crate::backend::ops::Op;
use serde::Serialize;

/// Layout version of the plan document: bumped on an incompatible change.
pub const PLAN_SCHEMA: u32 = 1;

/// A workflow's plan as `--dry-run --format json` prints it.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PlanDoc {
    /// [`PLAN_SCHEMA`].
    pub schema_version: u32,
    /// The command (`replace-drive`, `ld create`, `hotspare add`...).
    pub command: String,
    /// The backend whose command lines the steps show.
    pub backend: String,
    /// Always `true`: nothing was changed.
    pub dry_run: bool,
    /// The plan's heading as the text shows it (`Plan:`, `Plan (… JBOD drive …):`).
    pub title: String,
    /// The pre-checks evaluated before the plan (replace-drive), in order.
    pub checks: Vec<PlanCheck>,
    /// The steps, in order.
    pub steps: Vec<PlanStep>,
    /// Warnings the plan shows after its steps.
    pub warnings: Vec<String>,
    /// Whether the workflow would refuse (a pre-check said STOP, or the backend cannot do it).
    pub refused: bool,
    /// The closing message (`dry run: nothing was changed`, or why it would stop).
    pub outcome: String,
}

/// One pre-check result.
#[derive(Debug, Clone, Serialize)]
pub struct PlanCheck {
    /// `ok`, `warn` or `stop` (the text's `ok`/`WARN`/`STOP`).
    pub level: &'static str,
    /// The rule id (`null` for plain information).
    pub rule: Option<&'static str>,
    /// The line as shown.
    pub text: String,
}

impl From<&Check> for PlanCheck {
    fn from(c: &Check) -> Self {
        Self {
            level: match c.level {
                Level::Info => "ok",
                Level::Warn => "warn",
                Level::Refuse => "stop",
            },
            rule: (!c.rule.is_empty()).then_some(c.rule),
            text: c.text.clone(),
        }
    }
}

/// One step of a plan.
#[derive(Debug, Clone, Serialize)]
pub struct PlanStep {
    /// 1-based, as numbered in the text.
    pub n: usize,
    /// The workflow step it belongs to (`locate-on`, `offline`…; journal names), `null` for
    /// a one-shot change.
    pub step: Option<&'static str>,
    /// What it does, as the text says.
    pub text: String,
    /// The exact command line it runs, as the text shows it (placeholders such as
    /// `-Array<A> -row<R>` for what the controller decides later); `null` for a step that
    /// runs no vendor command (a wait, a confirmation, a Ceph step described in `text`).
    pub command: Option<String>,
    /// The guards (the rule table of docs/safety.md) that watch this kind of step: what refuses,
    /// warns or stops it.
    pub guards: Vec<PlanGuard>,
}

/// A guard of a step, from the rule table.
#[derive(Debug, Clone, Serialize)]
pub struct PlanGuard {
    /// Rule id, as printed in `[id]`.
    pub rule: &'static str,
    /// `refuse`, `warn`, `stop`, `escalate`.
    pub kind: &'static str,
    /// Where it applies and what it says.
    pub message: &'static str,
}

impl PlanDoc {
    /// An empty plan of `command` on `backend`.
    pub fn new(command: &str, backend: &str) -> Self {
        Self {
            schema_version: PLAN_SCHEMA,
            command: command.to_owned(),
            backend: backend.to_owned(),
            dry_run: true,
            ..Self::default()
        }
    }

    /// Appends a step numbered after the last one.
    pub fn push(
        &mut self,
        step: Option<&'static str>,
        phase: Option<&str>,
        text: &str,
        command: Option<String>,
    ) {
        self.steps.push(PlanStep {
            n: self.steps.len() + 1,
            step,
            text: text.to_owned(),
            command,
            guards: phase.map(guards_of).unwrap_or_default(),
        });
    }
}

/// The guards of the rule table that cover `phase` (`offline`, `identify`, `ld-create`…:
/// the `3.2 PHASE` rows of the reference the table answers).
pub fn guards_of(phase: &str) -> Vec<PlanGuard> {
    let want = format!("3.2 {phase}");
    RULES
        .iter()
        .filter(|r| r.covers.contains(&want.as_str()))
        .filter(|r| r.kind != super::guards::Kind::NotGuarded)
        .map(|r| PlanGuard {
            rule: r.id,
            kind: r.kind.as_str(),
            message: r.message,
        })
        .collect()
}

/// The phase of a replacement step whose guards apply to it.
pub fn phase_of_step(step: super::replace::Step) -> Option<&'static str> {
    use super::replace::Step as S;
    Some(match step {
        S::LocateOn => "identify",
        S::Offline | S::MarkMissing => "offline",
        S::PrepareRemoval | S::AwaitPull => "pull",
        S::AwaitInsert | S::CheckNew => "insert",
        S::ReplaceMissing => "replace-missing",
        S::RebuildStart | S::WatchRebuild => "rebuild",
        S::Recreate => "ld-create",
        _ => return None,
    })
}

/// The phase an operation of a one-shot change belongs to.
pub fn phase_of_op(op: &Op) -> Option<&'static str> {
    Some(match op {
        Op::Offline { .. } | Op::Online { .. } => "offline",
        Op::LocateStart { .. } | Op::LocateStop { .. } => "identify",
        Op::ReplaceMissing { .. } => "replace-missing",
        Op::RebuildStart { .. } | Op::RebuildStop { .. } => "rebuild",
        Op::HotspareSet { .. } | Op::HotspareRemove { .. } => "hot-spare",
        Op::ForeignClear { .. } | Op::ForeignImport { .. } => "foreign-clear",
        Op::Alarm { .. } => "alarm",
        Op::LdCreate { .. } => "ld-create",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_numbered_and_carry_their_guards() {
        let mut p = PlanDoc::new("replace-drive", "megacli");
        p.push(
            Some("offline"),
            Some("offline"),
            "take it offline",
            Some("x".into()),
        );
        p.push(None, None, "wait", None);
        assert_eq!((p.steps[0].n, p.steps[1].n), (1, 2));
        assert!(
            p.steps[0]
                .guards
                .iter()
                .any(|g| g.rule == super::super::guards::OFFLINE_BREAKS_VD)
        );
        assert!(p.steps[1].guards.is_empty());
        assert!(!guards_of("ld-create").is_empty());
    }
}
