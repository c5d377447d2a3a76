//! raidctl's one table style: a header, a dashed rule, columns two spaces apart, no borders.
//! It reads the same on a terminal and pasted into a ticket. On a terminal the table fits
//! its width: prose wraps between words, long text values are cut with `…`, and columns are
//! dropped by priority (a note names them and says `--wide` shows them); identifiers
//! (serials, `[E:S]` addresses, device paths, `smartctl -d` arguments, commands) are never
//! broken. In pipes and with `--wide` every column is shown at full width.

use super::Style;
use crate::model::{Document, human};
use std::fmt::Write as _;
use unicode_width::UnicodeWidthStr;

/// Space between two columns.
const GAP: usize = 2;
/// Joins the words of a value that must never be split across lines (a command).
const GLUE: char = '\u{a0}';
/// The marker a cut value ends with.
const CUT: char = '…';

/// How a column gives way when the screen is narrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Identifiers and numbers: always shown whole.
    Keep,
    /// Free text (models, names): cut to no less than this many columns, ending in `…`.
    Cut(usize),
    /// Prose and lists: wrapped between words (never inside one).
    Wrap,
}

/// A column: its header, how it fits, and when it is dropped.
#[derive(Debug, Clone)]
pub struct Column {
    header: String,
    fit: Fit,
    /// 0: never dropped; otherwise higher numbers are dropped first.
    drop: u8,
}

impl Column {
    /// A column shown whole and never dropped.
    pub fn new(header: &str) -> Self {
        Self {
            header: header.to_owned(),
            fit: Fit::Keep,
            drop: 0,
        }
    }

    /// How the column gives way.
    #[must_use]
    pub fn fit(mut self, fit: Fit) -> Self {
        self.fit = fit;
        self
    }

    /// Dropped on a narrow screen, higher `priority` first.
    #[must_use]
    pub fn droppable(mut self, priority: u8) -> Self {
        self.drop = priority;
        self
    }
}

/// Severity colour of a cell (only drawn when colour is on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tone {
    /// No colour.
    #[default]
    Plain,
    /// Green.
    Good,
    /// Yellow.
    Warn,
    /// Red.
    Bad,
}

/// One cell: lines of text and a tone.
#[derive(Debug, Clone, Default)]
pub struct Cell {
    lines: Vec<String>,
    tone: Tone,
}

impl Cell {
    /// A plain cell; `\n` starts a new line inside it.
    pub fn new(text: impl std::fmt::Display) -> Self {
        Self {
            lines: text.to_string().lines().map(str::to_owned).collect(),
            tone: Tone::Plain,
        }
    }

    /// The same cell in `tone`.
    #[must_use]
    pub fn tone(mut self, tone: Tone) -> Self {
        self.tone = tone;
        self
    }

    /// Adds a line (wrapped like the others in a wrapping column).
    #[must_use]
    pub fn line(mut self, text: &str) -> Self {
        self.lines.push(text.to_owned());
        self
    }

    /// Adds a line that is never wrapped (a command to copy).
    #[must_use]
    pub fn unbroken_line(mut self, text: &str) -> Self {
        self.lines.push(text.replace(' ', &GLUE.to_string()));
        self
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Self::new(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Self::new(s)
    }
}

impl From<&String> for Cell {
    fn from(s: &String) -> Self {
        Self::new(s)
    }
}

/// A table in raidctl's style.
#[derive(Debug, Clone)]
pub struct Table {
    style: Style,
    columns: Vec<Column>,
    rows: Vec<Vec<Cell>>,
}

/// A table whose columns are all shown whole and never dropped.
pub fn new_table(style: Style, header: &[&str]) -> Table {
    Table::with_columns(style, header.iter().map(|h| Column::new(h)).collect())
}

/// A cell coloured by severity when colour is on.
pub fn state_cell(_style: Style, text: &str, bad: bool, warn: bool) -> Cell {
    let tone = if bad {
        Tone::Bad
    } else if warn {
        Tone::Warn
    } else {
        Tone::Good
    };
    Cell::new(text).tone(tone)
}

fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// `s` cut to `w` columns, ending in `…` when anything was cut.
fn cut(s: &str, w: usize) -> String {
    if width(s) <= w {
        return s.to_owned();
    }
    let mut out = String::new();
    for c in s.chars() {
        let next = format!("{out}{c}");
        if width(&next) + 1 > w {
            break;
        }
        out = next;
    }
    out.push(CUT);
    out
}

/// `line` wrapped at spaces into lines of at most `w` columns (a longer word stays whole).
fn wrap(line: &str, w: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for word in line.split(' ') {
        if cur.is_empty() {
            cur = word.to_owned();
        } else if width(&cur) + 1 + width(word) <= w {
            cur.push(' ');
            cur.push_str(word);
        } else {
            out.push(std::mem::take(&mut cur));
            cur = word.to_owned();
        }
    }
    out.push(cur);
    out
}

impl Table {
    /// A table with these columns.
    pub fn with_columns(style: Style, columns: Vec<Column>) -> Self {
        Self {
            style,
            columns,
            rows: Vec::new(),
        }
    }

    /// Appends a row (missing cells are empty, extra cells ignored).
    pub fn add_row<C: Into<Cell>>(&mut self, cells: impl IntoIterator<Item = C>) -> &mut Self {
        self.rows.push(cells.into_iter().map(Into::into).collect());
        self
    }

    /// True when no row was added.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    fn natural(&self, i: usize) -> usize {
        let cells = self
            .rows
            .iter()
            .filter_map(|r| r.get(i))
            .flat_map(|c| c.lines.iter())
            .map(|l| width(l));
        cells.max().unwrap_or(0).max(width(&self.columns[i].header))
    }

    fn minimum(&self, i: usize) -> usize {
        let header = width(&self.columns[i].header);
        match self.columns[i].fit {
            Fit::Keep => self.natural(i),
            Fit::Cut(min) => self.natural(i).min(min.max(header)),
            Fit::Wrap => self
                .rows
                .iter()
                .filter_map(|r| r.get(i))
                .flat_map(|c| c.lines.iter())
                .flat_map(|l| l.split(' '))
                .map(width)
                .max()
                .unwrap_or(0)
                .max(header),
        }
    }

    /// The columns shown and their widths at `limit` columns (`None`: no limit).
    fn layout(&self, limit: Option<usize>) -> (Vec<usize>, Vec<usize>) {
        let n = self.columns.len();
        let mut shown: Vec<usize> = (0..n).collect();
        let Some(limit) = limit else {
            let widths = shown.iter().map(|&i| self.natural(i)).collect();
            return (shown, widths);
        };
        let total = |shown: &[usize], w: &dyn Fn(usize) -> usize| {
            shown.iter().map(|&i| w(i)).sum::<usize>() + GAP * shown.len().saturating_sub(1)
        };
        while total(&shown, &|i| self.minimum(i)) > limit {
            let Some(worst) = shown
                .iter()
                .copied()
                .filter(|&i| self.columns[i].drop > 0)
                .max_by_key(|&i| (self.columns[i].drop, i))
            else {
                break;
            };
            shown.retain(|&i| i != worst);
        }
        // A narrow column dropped before a wide one may fit again once the wide one is gone.
        let mut dropped: Vec<usize> = (0..n).filter(|i| !shown.contains(i)).collect();
        dropped.sort_by_key(|&i| (self.columns[i].drop, i));
        for i in dropped {
            let mut with = shown.clone();
            with.push(i);
            with.sort_unstable();
            if total(&with, &|i| self.minimum(i)) <= limit {
                shown = with;
            }
        }
        let mut widths: Vec<usize> = shown.iter().map(|&i| self.minimum(i)).collect();
        let mut spare = limit.saturating_sub(total(&shown, &|i| self.minimum(i)));
        // Unwrapping prose first reads better than showing more of a cut value.
        for want in [Fit::Wrap, Fit::Keep] {
            for (k, &i) in shown.iter().enumerate() {
                if (self.columns[i].fit == Fit::Wrap) == (want == Fit::Wrap) {
                    let more = (self.natural(i) - widths[k]).min(spare);
                    widths[k] += more;
                    spare -= more;
                }
            }
        }
        (shown, widths)
    }

    /// The table at `limit` columns, and the headers of the columns left out.
    pub fn render_at(&self, limit: Option<usize>) -> (String, Vec<String>) {
        let (shown, widths) = self.layout(limit);
        let mut out = String::new();
        let line = |cells: &[(String, Tone)], out: &mut String| {
            let mut text = String::new();
            for (k, (s, tone)) in cells.iter().enumerate() {
                if k > 0 {
                    text.push_str(&" ".repeat(GAP));
                }
                let pad = " ".repeat(widths[k].saturating_sub(width(s)));
                let s = s.replace(GLUE, " ");
                match (self.style.color, tone) {
                    (true, Tone::Bad) => {
                        let _ = write!(text, "\x1b[31m{s}\x1b[0m{pad}");
                    }
                    (true, Tone::Warn) => {
                        let _ = write!(text, "\x1b[33m{s}\x1b[0m{pad}");
                    }
                    (true, Tone::Good) => {
                        let _ = write!(text, "\x1b[32m{s}\x1b[0m{pad}");
                    }
                    _ => {
                        text.push_str(&s);
                        text.push_str(&pad);
                    }
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        };
        let header: Vec<(String, Tone)> = shown
            .iter()
            .map(|&i| (self.columns[i].header.clone(), Tone::Plain))
            .collect();
        line(&header, &mut out);
        let rule: Vec<(String, Tone)> = widths
            .iter()
            .map(|&w| ("-".repeat(w), Tone::Plain))
            .collect();
        line(&rule, &mut out);
        let empty = Cell::default();
        for row in &self.rows {
            let cells: Vec<(Vec<String>, Tone)> = shown
                .iter()
                .zip(&widths)
                .map(|(&i, &w)| {
                    let cell = row.get(i).unwrap_or(&empty);
                    let lines = cell
                        .lines
                        .iter()
                        .flat_map(|l| match self.columns[i].fit {
                            Fit::Keep => vec![l.clone()],
                            Fit::Cut(_) => vec![cut(l, w)],
                            Fit::Wrap => wrap(l, w),
                        })
                        .collect();
                    (lines, cell.tone)
                })
                .collect();
            let height = cells.iter().map(|(l, _)| l.len()).max().unwrap_or(0).max(1);
            for h in 0..height {
                let at: Vec<(String, Tone)> = cells
                    .iter()
                    .map(|(l, t)| (l.get(h).cloned().unwrap_or_default(), *t))
                    .collect();
                line(&at, &mut out);
            }
        }
        out.pop();
        let dropped = (0..self.columns.len())
            .filter(|i| !shown.contains(i))
            .map(|i| self.columns[i].header.clone())
            .collect();
        (out, dropped)
    }
}

/// Free text (notes, legends) wrapped between words to the style's width.
pub fn fill(text: &str, style: Style) -> String {
    match style.width {
        Some(w) => text
            .lines()
            .flat_map(|l| wrap(l, w))
            .collect::<Vec<_>>()
            .join("\n"),
        None => text.to_owned(),
    }
}

impl std::fmt::Display for Table {
    /// The table fitted to the style's width, with a note naming any column left out.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (text, dropped) = self.render_at(self.style.width);
        f.write_str(&text)?;
        if !dropped.is_empty() {
            let note = format!(
                "(not shown at {} columns: {}; --wide shows every column)",
                self.style.width.unwrap_or(0),
                dropped.join(", ")
            );
            write!(f, "\n{}", fill(&note, self.style))?;
        }
        Ok(())
    }
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

fn size(v: Option<u64>) -> String {
    v.map_or_else(|| "-".to_owned(), human)
}

/// Renders every non-empty part of a parsed document.
pub fn render_document(doc: &Document, style: Style) -> String {
    let mut out = String::new();
    let mut section = |title: &str, t: Table| {
        out.push_str(title);
        out.push('\n');
        out.push_str(&t.to_string());
        out.push_str("\n\n");
    };
    if !doc.adapters.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter", "product", "serial", "firmware", "BBU", "memory", "VDs", "degraded",
                "offline",
            ],
        );
        for a in &doc.adapters {
            t.add_row(vec![
                a.adapter.to_string(),
                opt(a.product_name.as_ref()),
                opt(a.serial.as_ref()),
                opt(a.fw_package.as_ref().or(a.fw_version.as_ref())),
                opt(a.bbu_present.map(|b| if b { "present" } else { "absent" })),
                size(a.memory_bytes),
                opt(a.virtual_drive_count),
                opt(a.degraded_count),
                opt(a.offline_count),
            ]);
        }
        section("Adapters", t);
    }
    if !doc.enclosures.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter",
                "enclosure",
                "device id",
                "slots",
                "drives",
                "status",
                "product",
            ],
        );
        for e in &doc.enclosures {
            t.add_row(vec![
                e.adapter.to_string(),
                e.index.to_string(),
                opt(e.device_id),
                opt(e.slots),
                opt(e.physical_drives),
                opt(e.status.as_ref()),
                opt(e.product.as_ref()),
            ]);
        }
        section("Enclosures", t);
    }
    if !doc.logical_drives.is_empty() {
        let mut t = Table::with_columns(
            style,
            vec![
                Column::new("adapter"),
                Column::new("VD"),
                Column::new("target").droppable(3),
                Column::new("RAID"),
                Column::new("size").droppable(2),
                Column::new("state"),
                Column::new("drives").droppable(4),
                Column::new("spans").droppable(5),
                Column::new("cache").fit(Fit::Wrap).droppable(1),
                Column::new("members").fit(Fit::Wrap),
            ],
        );
        for ld in &doc.logical_drives {
            let bad = matches!(
                ld.state,
                crate::model::LdState::Offline | crate::model::LdState::Degraded
            );
            let warn = ld.state != crate::model::LdState::Optimal;
            let members: Vec<String> = ld.members.iter().map(ToString::to_string).collect();
            t.add_row(vec![
                Cell::new(ld.adapter),
                Cell::new(ld.number),
                Cell::new(ld.target_id),
                Cell::new(ld.raid_level.as_str()),
                Cell::new(ld.size_raw.clone().unwrap_or_else(|| size(ld.size_bytes))),
                state_cell(
                    style,
                    ld.state_raw.as_deref().unwrap_or(ld.state.as_str()),
                    bad,
                    warn,
                ),
                Cell::new(opt(ld.number_of_drives)),
                Cell::new(opt(ld.span_depth)),
                Cell::new(match &ld.current_cache_policy {
                    Some(c) if !style.wide => super::short::cache_policy(c),
                    c => opt(c.as_ref()),
                }),
                Cell::new(if style.wide {
                    members.join(" ")
                } else {
                    super::short::members(&ld.members)
                }),
            ]);
        }
        section("Logical drives", t);
    }
    if !doc.physical_drives.is_empty() {
        let mut t = Table::with_columns(
            style,
            vec![
                Column::new("adapter"),
                Column::new("drive"),
                Column::new("dev id").droppable(5),
                Column::new("state"),
                Column::new("type").droppable(4),
                Column::new("model").fit(Fit::Cut(10)).droppable(2),
                Column::new("serial"),
                Column::new("size").droppable(3),
                Column::new("media err"),
                Column::new("other err").droppable(6),
                Column::new("pred fail"),
                Column::new("SMART"),
                Column::new("temp").droppable(7),
                Column::new("VD").droppable(1),
            ],
        );
        for pd in &doc.physical_drives {
            use crate::model::FirmwareState as F;
            let bad = matches!(
                pd.firmware_state,
                F::Failed | F::Offline | F::UnconfiguredBad
            );
            let warn = matches!(pd.firmware_state, F::Rebuild | F::Copyback)
                || pd.media_error_count.unwrap_or(0) > 0
                || pd.predictive_failure_count.unwrap_or(0) > 0
                || pd.smart_alert == Some(true)
                || pd.foreign == Some(true);
            let state = pd
                .firmware_state_raw
                .as_deref()
                .unwrap_or(pd.firmware_state.as_str());
            let state = if style.wide {
                state
            } else {
                super::short::firmware_state(state)
            };
            let state = if pd.foreign == Some(true) {
                format!("{state} (foreign)")
            } else {
                state.to_owned()
            };
            t.add_row(vec![
                Cell::new(pd.adapter),
                Cell::new(pd.address()),
                Cell::new(opt(pd.device_id)),
                state_cell(style, &state, bad, warn),
                Cell::new(format!(
                    "{}/{}",
                    pd.pd_type.as_str(),
                    pd.media_type.as_str()
                )),
                Cell::new(opt(pd.model.as_ref())),
                Cell::new(opt(pd.serial.as_ref())),
                Cell::new(size(pd.raw_size_bytes.or(pd.coerced_size_bytes))),
                Cell::new(opt(pd.media_error_count)),
                Cell::new(opt(pd.other_error_count)),
                Cell::new(opt(pd.predictive_failure_count)),
                Cell::new(opt(pd.smart_alert.map(|s| if s { "ALERT" } else { "ok" }))),
                Cell::new(opt(pd.temperature_c.map(|c| format!("{c}C")))),
                Cell::new(opt(pd.logical_drive.or(pd.disk_group))),
            ]);
        }
        section("Physical drives", t);
    }
    if !doc.bbus.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter",
                "type",
                "state",
                "charging",
                "learn cycle",
                "replace",
                "charge",
                "temp",
            ],
        );
        for b in &doc.bbus {
            let state = if b.status_failed {
                "status failed".to_owned()
            } else {
                b.state_raw
                    .clone()
                    .unwrap_or_else(|| b.state.as_str().to_owned())
            };
            t.add_row(vec![
                b.adapter.to_string(),
                opt(b.battery_type.as_ref()),
                state,
                b.charging.as_str().to_owned(),
                opt(b
                    .learn_cycle_active
                    .map(|l| if l { "active" } else { "no" })),
                opt(b.replacement_required.map(|r| if r { "YES" } else { "no" })),
                opt(b.relative_charge_pct.map(|c| format!("{c}%"))),
                opt(b.temperature_c.map(|c| format!("{c}C"))),
            ]);
        }
        section("Batteries", t);
    }
    if !doc.disk_groups.is_empty() {
        let mut t = new_table(
            style,
            &["adapter", "disk group", "span", "array", "rows", "VDs"],
        );
        for g in &doc.disk_groups {
            for s in &g.spans {
                let rows: Vec<String> = s
                    .rows
                    .iter()
                    .map(|r| {
                        format!(
                            "{}:{}",
                            r.row,
                            r.drive
                                .map_or_else(|| "MISSING".to_owned(), |d| d.to_string())
                        )
                    })
                    .collect();
                let vds: Vec<String> = g.logical_drives.iter().map(ToString::to_string).collect();
                t.add_row(vec![
                    g.adapter.to_string(),
                    g.index.to_string(),
                    s.index.to_string(),
                    opt(s.array_ref),
                    rows.join(" "),
                    vds.join(","),
                ]);
            }
        }
        section("Configuration", t);
    }
    if !doc.foreign_configs.is_empty() {
        let mut t = new_table(style, &["adapter", "foreign config", "disk groups"]);
        for f in &doc.foreign_configs {
            t.add_row(vec![
                f.adapter.to_string(),
                f.index.to_string(),
                f.disk_groups.len().to_string(),
            ]);
        }
        section("Foreign configurations", t);
    }
    if !doc.missing.is_empty() {
        let mut t = new_table(style, &["adapter", "no.", "array", "row", "size expected"]);
        for m in &doc.missing {
            t.add_row(vec![
                m.adapter.to_string(),
                m.number.to_string(),
                m.array.to_string(),
                m.row.to_string(),
                human(m.size_expected_bytes),
            ]);
        }
        section("Missing drives", t);
    }
    if !doc.progress.is_empty() {
        let mut t = new_table(
            style,
            &[
                "adapter",
                "operation",
                "target",
                "running",
                "percent",
                "elapsed",
            ],
        );
        for p in &doc.progress {
            let target = p
                .drive
                .map(|d| d.to_string())
                .or_else(|| p.logical_drive.map(|l| format!("VD {l}")))
                .unwrap_or_default();
            t.add_row(vec![
                p.adapter.to_string(),
                p.kind.as_str().to_owned(),
                target,
                if p.in_progress {
                    "yes".to_owned()
                } else {
                    "no".to_owned()
                },
                opt(p.percent.map(|v| format!("{v}%"))),
                opt(p.elapsed_minutes.map(|m| format!("{m} min"))),
            ]);
        }
        section("Progress", t);
    }
    if !doc.events.is_empty() {
        let mut t = Table::with_columns(
            style,
            vec![
                Column::new("seq"),
                Column::new("time").droppable(1),
                Column::new("code"),
                Column::new("class").droppable(2),
                Column::new("description").fit(Fit::Wrap),
            ],
        );
        for e in &doc.events {
            t.add_row(vec![
                e.seq_num.to_string(),
                match e.since_boot_s {
                    Some(n) => format!("+{n} s after boot"),
                    None => opt(e.time.as_ref()),
                },
                opt(e.code.map(|c| format!("0x{c:04x}"))),
                opt(e.class),
                e.description.clone(),
            ]);
        }
        section("Events", t);
    }
    if !doc.actions.is_empty() {
        let mut t = Table::with_columns(
            style,
            vec![
                Column::new("result"),
                Column::new("kind"),
                Column::new("drive"),
                Column::new("message").fit(Fit::Wrap),
            ],
        );
        for a in &doc.actions {
            t.add_row(vec![
                if a.success {
                    "ok".to_owned()
                } else {
                    "FAILED".to_owned()
                },
                a.kind.as_str().to_owned(),
                opt(a.drive),
                a.message.clone(),
            ]);
        }
        section("Actions", t);
    }
    let mut facts = Vec::new();
    if let Some(c) = doc.adapter_count {
        facts.push(format!("controller count: {c}"));
    }
    if let Some(v) = &doc.tool_version {
        facts.push(format!("tool version: {v}"));
    }
    if let Some(e) = &doc.fw_error {
        facts.push(format!("firmware error: {e}"));
    }
    if !doc.term_log.is_empty() {
        facts.push(format!("terminal log: {} lines", doc.term_log.len()));
    }
    if let Some(c) = doc.exit_code {
        facts.push(format!("exit code: 0x{c:02x}"));
    }
    for f in facts {
        out.push_str(&f);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(style: Style) -> Table {
        let mut t = Table::with_columns(
            style,
            vec![
                Column::new("drive"),
                Column::new("model").fit(Fit::Cut(6)).droppable(1),
                Column::new("serial"),
                Column::new("temp").droppable(2),
                Column::new("note").fit(Fit::Wrap),
            ],
        );
        t.add_row([
            Cell::new("[32:10]"),
            Cell::new("SEAGATE ST600MM0006"),
            Cell::new("S0K1A2B0A"),
            Cell::new("31C"),
            Cell::new("media errors grew since yesterday").unbroken_line("raidctl collect -a 0"),
        ]);
        t
    }

    #[test]
    fn narrow_screens_cut_wrap_and_drop_but_never_split_identifiers() {
        let (text, dropped) = sample(Style::PLAIN).render_at(Some(56));
        assert!(dropped.is_empty(), "{text}");
        for line in text.lines() {
            assert!(width(line) <= 56, "{line:?}\n{text}");
        }
        assert!(
            text.contains("[32:10]") && text.contains("S0K1A2B0A"),
            "{text}"
        );
        assert!(
            text.contains('…'),
            "the model is cut with a marker:\n{text}"
        );
        assert!(text.contains("raidctl collect -a 0"), "{text}");
        // Narrower: the temperature goes first, then the model; the rest stays whole.
        let (text, dropped) = sample(Style::PLAIN).render_at(Some(36));
        assert_eq!(dropped, ["model", "temp"], "{text}");
        assert!(
            text.contains("S0K1A2B0A") && text.contains("raidctl collect -a 0"),
            "{text}"
        );
        // No limit: everything in full on one line per row.
        let (text, dropped) = sample(Style::PLAIN).render_at(None);
        assert!(dropped.is_empty());
        assert!(text.contains("SEAGATE ST600MM0006"), "{text}");
        assert!(text.contains("media errors grew since yesterday"), "{text}");
    }

    #[test]
    fn the_note_names_what_was_left_out() {
        let text = sample(Style::PLAIN.at_width(36))
            .to_string()
            .replace('\n', " ");
        assert!(
            text.contains("(not shown at 36 columns: model, temp; --wide shows every column)"),
            "{text}"
        );
    }

    #[test]
    fn cut_and_wrap() {
        assert_eq!(cut("SEAGATE ST600", 6), "SEAGA…");
        assert_eq!(cut("short", 6), "short");
        assert_eq!(wrap("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(wrap("averyverylongword x", 4), ["averyverylongword", "x"]);
    }
}
