//! What the operator sees and agrees to before the first change: the plan with its commands,
//! the blinking bay, and the serial typed back.

use super::{Confirmation, Flow, ReplaceState, Step};
use crate::backend::ops::{Op, Operations};
use crate::model::PhysicalDrive;
use crate::workflow::engine::{self, PlanLine, continue_from};
use crate::workflow::journal::Journal;
use crate::workflow::{Env, Outcome, WfError};

/// Blinks the bay and confirms the serial, then runs the rest of the flow. Nothing changes
/// before the confirmation.
pub(super) fn locate_and_confirm(
    env: &mut Env<'_>,
    journal: &mut Journal,
    mut st: ReplaceState,
) -> Result<Outcome, WfError> {
    st.next = Step::LocateOn;
    match crate::workflow::steps::locate_on(env, journal, &mut st) {
        Ok(engine::StepResult::Stop(msg)) => return Ok(engine::stop(journal, &st, msg)),
        Ok(engine::StepResult::Next | engine::StepResult::Goto(_)) => {}
        // As inside the engine: a journal that cannot be written is a safe stop that says
        // where the bay is, not an error that leaves it blinking unexplained.
        Err(WfError::Journal(e)) => {
            // The LED op ran before the write failed: the bay blinks.
            let mut said = st.clone();
            said.next = engine::after(&st, Step::LocateOn);
            return Ok(engine::journal_failed(journal, &said, Step::LocateOn, &e));
        }
        Err(e) => return Err(e),
    }
    if let Err(msg) = confirm_serial(env, &st, &journal.id) {
        return Ok(engine::stop(journal, &st, msg));
    }
    st.confirmed = Some(Confirmation {
        unattended: env.opts.yes,
        serial: st.serial.clone(),
    });
    st.next = engine::after(&st, Step::LocateOn);
    continue_from(env, journal, st)
}

pub(super) fn print_plan(env: &mut Env<'_>, st: &ReplaceState, pd: &PhysicalDrive) {
    let header = match st.flow {
        Flow::MegaRaid => "Plan:".to_owned(),
        Flow::SameBay => format!(
            "Plan ({}: no missing rows, the controller rebuilds in the same bay):",
            if env.ops.name() == "omreport" {
                "OpenManage"
            } else {
                "this controller"
            }
        ),
        _ if st.ceph.is_some() => format!(
            "Plan (osd.{} on {}: Ceph drains and destroys it keeping its id, the controller replaces the drive as its {} needs, then the OSD is recreated with its id):",
            st.ceph.as_ref().map_or(0, |c| c.osd),
            st.drive,
            if st.flow == Flow::Jbod {
                "JBOD"
            } else {
                "RAID0 VD"
            }
        ),
        Flow::NoRedundancy => {
            let vd = st.recreate.vd.as_ref();
            format!(
                "Plan (VD {} is {} over {}: the controller has nothing to rebuild it from, so its data goes with the drive{}; the VD is recreated as it was on the new drive):",
                vd.map_or(0, |v| v.target),
                vd.map_or_else(String::new, |v| v.level.to_string()),
                vd.map_or_else(String::new, |v| v
                    .members
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")),
                if vd.is_some_and(|v| v.members.len() > 1) {
                    ", and with it the data of its other members"
                } else {
                    ""
                }
            )
        }
        Flow::Jbod => format!(
            "Plan ({} is a JBOD drive: no VD, no redundancy on the controller; the new drive becomes JBOD):",
            st.drive
        ),
    };
    env.say(&header);
    if let Some(p) = env.opts.plan.as_mut() {
        p.title.clone_from(&header);
    }
    let mut n = 0;
    let lines: Vec<(Step, PlanLine)> = st
        .step_list()
        .iter()
        .flat_map(|s| {
            engine::plan_of(env, st, pd, *s)
                .into_iter()
                .map(move |l| (*s, l))
        })
        .collect();
    for (step, line) in lines {
        n += 1;
        let cmd = line.op.as_ref().map(|op| plan_command(env.ops, op));
        match &cmd {
            Some(cmd) => env.say(&format!("  {n}. {}\n       {cmd}", line.text)),
            None => env.say(&format!("  {n}. {}", line.text)),
        }
        if let Some(p) = env.opts.plan.as_mut() {
            p.push(
                Some(step.name()),
                crate::workflow::plan::phase_of_step(step),
                &line.text,
                cmd,
            );
        }
    }
}

/// The command line of `op` as a plan shows it: values the controller decides later (the
/// missing row, the new VD's target id) as placeholders.
fn plan_command(ops: &dyn Operations, op: &Op) -> String {
    let line = ops.command_line(op);
    match op {
        Op::ReplaceMissing { .. } => line
            .replace("-Array0 -row0", "-Array<A> -row<R>")
            .replace("array=0 row=0", "array=<A> row=<R>")
            .replace("dg=0", "dg=<G>"),
        Op::LdDiskCache { target: 9999, .. } | Op::LdName { target: 9999, .. } => line
            .replace("-L9999", "-L<new VD>")
            .replace("/v9999", "/v<new VD>")
            .replace("vdisk=9999", "vdisk=<new VD>"),
        _ => line,
    }
}

/// Confirms the target by the serial on its label; `Err` says why not, that nothing changed,
/// and how to stop the blinking or go on (the LED stays on for the next try).
fn confirm_serial(env: &mut Env<'_>, st: &ReplaceState, journal_id: &str) -> Result<(), String> {
    let want = st.serial.clone().unwrap_or_else(|| st.drive.megacli_arg());
    let blinking = format!(
        "nothing was changed; the bay of {} is still blinking (stop it with `raidctl pd locate {} -a {} --stop`)",
        st.drive,
        st.drive.megacli_arg(),
        st.adapter
    );
    if env.opts.yes {
        return match &env.opts.serial {
            Some(s) if s.eq_ignore_ascii_case(&want) => Ok(()),
            // The expected serial is never printed: it would let a caller copy it instead of
            // reading the label of the bay that blinks.
            Some(s) => Err(format!(
                "[serial-confirm] --serial {s} is not the serial of the drive in {}; read the label of the blinking bay; {blinking}",
                st.drive
            )),
            None => Err(format!(
                "[serial-confirm] unattended runs need --serial SERIAL, read from the label of the blinking bay {}, to confirm the drive; {blinking}",
                st.drive
            )),
        };
    }
    let interrupted = format!(
        "replace-drive {} interrupted at the serial confirmation; {blinking}; continue with `raidctl resume {journal_id}`",
        st.drive
    );
    let question = format!(
        "The bay of {} is blinking. Type the serial number printed on that drive's label to confirm:",
        st.drive
    );
    match env.ask_typed(&question, &want, "serial number", &interrupted) {
        crate::workflow::Typed::Matched => Ok(()),
        crate::workflow::Typed::Mismatched => Err(format!(
            "[serial-confirm] the serial number typed {} times does not match the drive in {}; {blinking}",
            crate::workflow::prompt::TYPED_TRIES,
            st.drive
        )),
        crate::workflow::Typed::NoAnswer => Err(format!(
            "[serial-confirm] no answer to the serial confirmation; {blinking}"
        )),
    }
}
