//! `raidctl workflows`: the journals of guided workflows, grouped by how they ended.

use super::Style;
use super::table::{Cell, Column, Fit, Table};
use crate::workflow::journal::{Ending, Summary};
use std::io::Write;
use std::path::Path;

/// Writes the journals in `list` (found in `state_dir`) as tables: unfinished first (what
/// needs an operator), then the rest, each group newest first.
///
/// # Errors
/// I/O errors from `out`.
pub fn write(
    list: &[Summary],
    state_dir: &Path,
    style: Style,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let groups = [
        ("Unfinished", &[Ending::Interrupted, Ending::Stopped][..]),
        ("Refused (nothing was changed)", &[Ending::Refused][..]),
        ("Completed", &[Ending::Completed][..]),
        (
            "Dismissed or unreadable",
            &[Ending::Dismissed, Ending::Unreadable][..],
        ),
    ];
    if list.is_empty() {
        let text = format!("no workflow journals in {}", state_dir.display());
        writeln!(out, "{}", crate::escape::escape(&text))?;
    }
    for (title, endings) in groups {
        let rows: Vec<_> = list
            .iter()
            .filter(|w| endings.contains(&w.ending))
            .collect();
        if !rows.is_empty() {
            writeln!(out, "{title}:")?;
            writeln!(out, "{}", table(&rows, style))?;
        }
    }
    Ok(())
}

/// One group's table. The id is what `resume` and `dismiss` take: whole. On a narrow screen
/// the ending (the group says most of it), the last step and the time (the id begins with
/// it) give way before the detail, which holds the id again in its `resume` command, is
/// squeezed.
fn table(rows: &[&Summary], style: Style) -> Table {
    let mut t = Table::with_columns(
        style,
        vec![
            Column::new("id"),
            Column::new("when").fit(Fit::Wrap).droppable(1),
            Column::new("ended").droppable(3),
            Column::new("last step").fit(Fit::Wrap).droppable(2),
            Column::new("detail").fit(Fit::Wrap).at_least(20),
        ],
    );
    for w in rows {
        // One line per journal in a pipe, for grep; on a terminal the command wraps between
        // its words only (the id stays whole).
        let mut detail = w.detail.lines().next().unwrap_or("").to_owned();
        if let Some(r) = &w.resume {
            detail = format!("{detail} (go on: {r})");
        }
        let detail = Cell::new(detail);
        t.add_row([
            Cell::new(&w.id),
            Cell::new(crate::model::utc_time(w.at)),
            Cell::new(w.ending.as_str()),
            Cell::new(&w.last),
            detail,
        ]);
    }
    t
}
