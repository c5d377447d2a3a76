//! Layout fidelity: for every real capture of a table view in `fixtures/corpus`, a simulator
//! state is built to match it (the drives, groups, VDs and battery raidctl parses from the
//! capture, and the capture's CLI version), the same view is rendered, and the layouts are
//! compared: the header line, the column boundaries, each column's alignment, the shape of its
//! values, the rules, the blank lines around the table and its legend, trailing spaces.
//!
//! Every view gets a score (checks passed / checks made), printed per view. A view whose state
//! can be matched must score 1.0; the views that cannot are listed in [`UNMATCHED`] with the
//! reason, and must score below 1.0 (so the list cannot go stale).

use crate::layout_state::from_doc;
use crate::util::{corpus, files_in, read};
use raidctl::parse::parse;
use raidctl::sim::omreport;
use raidctl::sim::storcli::{self, Tool};

/// One dashed table of storcli text: `NAME :` over a `===` rule, blank lines, the table
/// (rule, header, rule, rows, rule), blank lines, the legend.
#[derive(Debug, Clone)]
struct Table {
    name: String,
    gap_before: usize,
    lines: Vec<String>,
    gap_after: usize,
    legend: Vec<String>,
}

impl Table {
    fn header(&self) -> &str {
        &self.lines[1]
    }
    fn rows(&self) -> &[String] {
        &self.lines[3..self.lines.len() - 1]
    }
}

fn is_rule(l: &str, c: char) -> bool {
    let t = l.trim_end();
    t.len() >= 3 && t.chars().all(|x| x == c)
}

/// The dashed tables of a storcli text output, in order.
fn tables(text: &str) -> Vec<Table> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < lines.len() {
        let Some(name) = lines[i].trim_end().strip_suffix(" :") else {
            i += 1;
            continue;
        };
        if !is_rule(lines[i + 1], '=') {
            i += 1;
            continue;
        }
        let mut j = i + 2;
        let mut gap_before = 0;
        while j < lines.len() && lines[j].trim().is_empty() {
            gap_before += 1;
            j += 1;
        }
        if j + 2 >= lines.len() || !is_rule(lines[j], '-') || !is_rule(lines[j + 2], '-') {
            i += 1;
            continue;
        }
        let start = j;
        j += 3;
        while j < lines.len() && !is_rule(lines[j], '-') {
            j += 1;
        }
        let end = j.min(lines.len() - 1);
        let mut k = end + 1;
        let mut gap_after = 0;
        while k < lines.len() && lines[k].trim().is_empty() {
            gap_after += 1;
            k += 1;
        }
        let mut legend = Vec::new();
        if k < lines.len() && lines[k].contains('|') && !lines[k].contains(" = ") {
            while k < lines.len() && !lines[k].trim().is_empty() {
                legend.push(lines[k].to_owned());
                k += 1;
            }
        }
        out.push(Table {
            name: name.trim().to_owned(),
            gap_before,
            lines: lines[start..=end].iter().map(|l| (*l).to_owned()).collect(),
            gap_after: if legend.is_empty() { 0 } else { gap_after },
            legend,
        });
        i = end + 1;
    }
    out
}

/// The shape of a value: runs of digits are `9`, runs of letters `a`, words mixing both
/// (serials, SAS addresses, part numbers) `w`, the rest kept (`278.464 GB` is `9.9 a`,
/// `24:10` is `9:9`, `500056B3B43B8CFD` is `w`).
fn shape(v: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.is_empty() {
            return;
        }
        let digits = word.chars().any(|c| c.is_ascii_digit());
        let letters = word.chars().any(char::is_alphabetic);
        out.push(match (digits, letters) {
            (true, true) => 'w',
            (true, false) => '9',
            _ => 'a',
        });
        word.clear();
    };
    for c in v.trim().chars() {
        if c.is_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Start offsets of the header's column names.
fn starts(header: &str) -> Vec<usize> {
    let b = header.as_bytes();
    (0..b.len())
        .filter(|&i| b[i] != b' ' && (i == 0 || b[i - 1] == b' '))
        .collect()
}

/// Cells of a row cut at the header's boundaries; each with whether it touches the left edge
/// and the right edge of its column.
fn cells(row: &str, bounds: &[usize]) -> Vec<(String, bool, bool)> {
    let chars: Vec<char> = row.chars().collect();
    (0..bounds.len())
        .map(|c| {
            let from = bounds[c].min(chars.len());
            let to = bounds
                .get(c + 1)
                .map_or(chars.len(), |n| (n - 1).min(chars.len()));
            let cell: String = chars[from..to.max(from)].iter().collect();
            let left = !cell.starts_with(' ');
            let right = !cell.ends_with(' ');
            (cell.trim().to_owned(), left, right)
        })
        .collect()
}

/// Alignment of a column over its rows: `L`, `R`, or `-` when every cell fills the width.
fn alignment(t: &Table, col: usize, bounds: &[usize]) -> char {
    let mut l = false;
    let mut r = false;
    for row in t.rows() {
        let (v, left, right) = &cells(row, bounds)[col];
        if v.is_empty() || (*left && *right) {
            continue;
        }
        l |= *left;
        r |= *right;
    }
    match (l, r) {
        (true, false) => 'L',
        (false, true) => 'R',
        _ => '-',
    }
}

/// A view's checks: what was compared and whether it matched.
#[derive(Debug, Default)]
struct Score {
    checks: Vec<(String, bool)>,
}

impl Score {
    fn check(&mut self, what: impl Into<String>, ok: bool) {
        self.checks.push((what.into(), ok));
    }
    fn value(&self) -> f64 {
        let ok = self.checks.iter().filter(|(_, o)| *o).count();
        ok as f64 / self.checks.len().max(1) as f64
    }
    fn failed(&self) -> Vec<&str> {
        self.checks
            .iter()
            .filter(|(_, o)| !o)
            .map(|(w, _)| w.as_str())
            .collect()
    }
}

/// Compares a simulated table with the captured one. `trailing`: whether the capture kept its
/// trailing spaces (some sources stripped them from the whole file).
fn compare_tables(real: &Table, sim: &Table, trailing: bool) -> Score {
    let mut s = Score::default();
    let strip = |l: &str| {
        if trailing {
            l.to_owned()
        } else {
            l.trim_end().to_owned()
        }
    };
    s.check("header line", strip(real.header()) == strip(sim.header()));
    s.check(
        "rule width",
        real.lines[0].trim_end().len() == sim.lines[0].trim_end().len(),
    );
    s.check("row count", real.rows().len() == sim.rows().len());
    s.check(
        "blank lines before the table",
        real.gap_before == sim.gap_before,
    );
    s.check(
        "blank lines before the legend",
        real.gap_after == sim.gap_after,
    );
    s.check(
        "legend",
        real.legend.iter().map(|l| strip(l)).collect::<Vec<_>>()
            == sim.legend.iter().map(|l| strip(l)).collect::<Vec<_>>(),
    );
    let (rb, sb) = (starts(real.header()), starts(sim.header()));
    s.check("column boundaries", rb == sb);
    if rb != sb {
        return s;
    }
    let names: Vec<&str> = real.header().split_whitespace().collect();
    for (c, name) in names.iter().enumerate() {
        let (ra, sa) = (alignment(real, c, &rb), alignment(sim, c, &sb));
        if ra != '-' && sa != '-' {
            s.check(format!("{name}: alignment {ra}/{sa}"), ra == sa);
        }
        let set = |t: &Table| {
            let mut v: Vec<String> = t
                .rows()
                .iter()
                .map(|r| shape(&cells(r, &rb)[c].0))
                .collect();
            v.sort();
            v.dedup();
            v
        };
        let (rs, ss) = (set(real), set(sim));
        s.check(format!("{name}: value formats {rs:?}/{ss:?}"), rs == ss);
    }
    // Row for row, cells end where the capture's end (widths from the values).
    for (n, (r, m)) in real.rows().iter().zip(sim.rows()).enumerate() {
        s.check(
            format!("row {n} length"),
            strip(r).chars().count() == strip(m).chars().count(),
        );
    }
    s
}

/// Views whose state cannot be matched, and why: (part of the capture's file name, part of
/// the view's name `cN TABLE` or `ssv`, reason).
const UNMATCHED: &[(&str, &str, &str)] = &[
    (
        "",
        "json Advanced Software Option",
        "the controller's licensed options: the simulated controllers carry no licences",
    ),
    (
        "canonical-hwexp__cALL_show_all",
        "json Enclosure LIST",
        "an SGPIO backplane (`SIM` 0, `Port#` `2I`, no `ProdID`): the simulated enclosures \
         are SES expanders",
    ),
    (
        "puppetstorcli__storcli_call_show_cc",
        "",
        "`show cc` (consistency-check schedule) is not simulated",
    ),
    (
        "puppetstorcli__storcli_call_show_patrolread",
        "",
        "`show patrolread` is not simulated",
    ),
    (
        "telegrafstorcli__showtemperature",
        "",
        "`show temperature` is not simulated",
    ),
    (
        "puppetstorcli__perccli_call_show_fail",
        "envelope",
        "perccli on a host without a controller (`No Controller found`): the simulated host \
         has one",
    ),
    (
        "snappystorcli__storcli.call.eall.sall",
        "json Drive /",
        "4K-sector drives (`SeSz` `4 KB`): the simulated drives have 512-byte sectors",
    ),
    (
        "snappystorcli__storcli.call.sall",
        "json",
        "an HBA's direct-attached drives beside a controller whose `/cN/sall` failed: the \
         simulated controllers are MegaRAIDs with their drives behind an enclosure",
    ),
    (
        "telegrafstorcli__",
        "json",
        "an IT-firmware HBA 9400-16i (mpt3sas): `IT System Overview`, `-` for SED/PI/Sp, \
         per-drive enclosure sections; the simulated controllers are MegaRAIDs",
    ),
    (
        "-perccli__output",
        "json BBU_Info",
        "a PERC's battery as perccli 7.2x shows it (`RetentionTime` `48 hour(s)`, `Mode` `-`, \
         no `Next Learn`); the simulator prints the MegaRAID BBU of the storcli captures",
    ),
    (
        "bodik-perccli__output_8.4.0.22_controllers_ok",
        "json Enclosure List",
        "`DeviceType` of two words in perccli2 8.4; the simulated 8.x enclosure has one",
    ),
    (
        "storclicheck__",
        "Advanced Software Option",
        "007.0x lists the controller's licensed options (`Adv S/W Opt`, `Time Remaining`, \
         `Mode`): the simulated controllers carry no licences",
    ),
    (
        "storclicheck__single-controller-",
        "Detailed Status",
        "the captured `show all` partly failed (`Status = Failure`, ErrCd 2 `command invalid`); \
         the simulator's succeeds",
    ),
    (
        "storclicheck__single-controller-hba",
        "Drive /",
        "an IT-firmware HBA (mpt3sas): its `show all` has per-drive, port and enclosure \
         sections the simulated MegaRAID does not print",
    ),
    (
        "storclicheck__single-controller-hba",
        "Port Information",
        "an IT-firmware HBA (mpt3sas): its `show all` has per-drive, port and enclosure \
         sections the simulated MegaRAID does not print",
    ),
    (
        "storclicheck__single-controller-hba",
        "Enclosure Information",
        "an IT-firmware HBA (mpt3sas): its `show all` has per-drive, port and enclosure \
         sections the simulated MegaRAID does not print",
    ),
    (
        "storclicheck__single-controller-",
        "TOPOLOGY",
        "the drives are 278.464 GB / 476.437 GB (coercion off); the simulator coerces to \
         128 MiB, so sizes, and with them the Size column's width, differ",
    ),
    (
        "storclicheck__single-controller-",
        "VD LIST",
        "VD sizes of drives with coercion off (278.464 GB, 476.375 GB): not a multiple of \
         128 MiB, which the simulator coerces to",
    ),
    (
        "storclicheck__single-controller-",
        "PD LIST",
        "drive sizes of 278.464 GB / 476.437 GB (coercion off), not a multiple of 128 MiB; \
         `pd-not-parsed` also has a row the parser rejects on purpose",
    ),
    (
        "single-controller-degraded",
        "Policies Table",
        "`Cache Flush Interval 255s`: the simulated controllers flush every 4s",
    ),
    (
        "single-controller-missing-drive-count",
        "Policies Table",
        "`Cache Flush Interval 255s`: the simulated controllers flush every 4s",
    ),
    (
        "single-controller-offline",
        "Policies Table",
        "`Cache Flush Interval 255s`: the simulated controllers flush every 4s",
    ),
    (
        "storclicheck__mu",
        "c2 PD LIST",
        "this controller's section left-aligns `DG` (`UGood -  931.0 GB`), every other \
         capture right-aligns it, as the simulator does",
    ),
    (
        "storclicheck__mu",
        "c2 VD LIST",
        "a 100 GB VD on a 3.6 TB RAID10 group: the simulator's VDs fill their group",
    ),
    (
        "storage-pdisk-h730",
        "ssv",
        "`Part Number` (`CN0…`): the simulated drives have none (`Not Available`)",
    ),
    (
        "storage-pdisk-h330",
        "ssv",
        "an OMSA release with the `Encryption Protocol` column; the simulator prints the \
         H730 capture's columns",
    ),
    (
        "storage-vdisk-",
        "ssv",
        "each capture's OMSA release has its own vdisk columns (`Hot Spare Policy violated`, \
         `Virtual Disk Bad Blocks`, `Progress`, `Strip`/`Stripe Element Size`); the \
         simulator prints one set (the bad-blocks capture's plus `Progress`)",
    ),
];

fn unmatched(file: &str, view: &str) -> Option<&'static str> {
    unmatched_at(file, view).map(|i| UNMATCHED[i].2)
}

fn unmatched_at(file: &str, view: &str) -> Option<usize> {
    UNMATCHED
        .iter()
        .position(|(f, v, _)| file.contains(f) && view.contains(v))
}

/// Which [`UNMATCHED`] entries excused an imperfect view, for the files a test read: an
/// entry about those files that excused none is stale.
#[derive(Default)]
struct Excuses {
    files: Vec<String>,
    used: Vec<usize>,
}

impl Excuses {
    fn file(&mut self, f: &str) {
        self.files.push(f.to_owned());
    }
    /// Records a view's score; returns a complaint when the view is imperfect and unlisted.
    fn view(
        &mut self,
        file: &str,
        key: &str,
        score: f64,
        detail: impl FnOnce() -> String,
    ) -> Option<String> {
        match unmatched_at(file, key) {
            Some(i) => {
                if score < 1.0 {
                    self.used.push(i);
                }
                None
            }
            None if score < 1.0 => Some(detail()),
            None => None,
        }
    }
    fn stale(&self, kind: impl Fn(&str) -> bool) -> Vec<String> {
        UNMATCHED
            .iter()
            .enumerate()
            .filter(|(i, (f, v, _))| {
                kind(v) && self.files.iter().any(|x| x.contains(f)) && !self.used.contains(i)
            })
            .map(|(_, (f, v, why))| {
                format!(
                    "UNMATCHED entry ({f:?}, {v:?}) excuses no imperfect view ({why}): remove it"
                )
            })
            .collect()
    }
}

/// The CLI version a storcli text capture names (`CLI Version = 007.0504...`), if any.
fn cli_version(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("CLI Version = "))
        .map(|v| v.trim().to_owned())
}

/// One controller's section of a (possibly concatenated) storcli text capture.
fn controller_sections(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for l in text.lines() {
        let head = l.starts_with("CLI Version = ") || l.starts_with("Generating detailed summary");
        if head && cur.contains("\nController = ") {
            out.push(std::mem::take(&mut cur));
        }
        cur.push_str(l);
        cur.push('\n');
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn storcli_text_tables_are_laid_out_as_captured() {
    let mut report = Vec::new();
    let mut bad = Vec::new();
    let mut ex = Excuses::default();
    for f in files_in(&corpus().join("storcli-text")) {
        let file = f.file_name().unwrap().to_string_lossy().into_owned();
        ex.file(&file);
        let text = read(&f);
        let trailing = text.lines().any(|l| l.ends_with(' '));
        for section in controller_sections(&text) {
            let real = tables(&section);
            if real.is_empty() {
                continue;
            }
            let Ok(doc) = parse(&section, None) else {
                continue;
            };
            let mut st = from_doc(&doc);
            // Answer as the release that printed the capture (`CLI Version`), or as 007.05,
            // the release of the dated captures of the same source, when the capture does not say.
            st.storcli_version = Some(
                cli_version(&section)
                    .unwrap_or_else(|| "007.0504.0000.0000 Nov 22, 2017".to_owned()),
            );
            let ctrl = doc.adapters.first().map_or(0, |a| a.adapter);
            let Some(i) = st.adapters.iter().position(|a| a.index == ctrl) else {
                continue;
            };
            let idx = st.adapters[i].index;
            let (out, _) = storcli::run(
                &mut st,
                Tool::Storcli,
                &[format!("/c{idx}"), "show".to_owned(), "all".to_owned()],
            );
            let sim = tables(&out);
            for t in &real {
                let key = format!("c{idx} {}", t.name);
                let view = format!("{file} {key}");
                let Some(m) = sim.iter().find(|s| s.name == t.name) else {
                    report.push(format!(
                        "{view}: not rendered ({})",
                        unmatched(&file, &key).unwrap_or("?")
                    ));
                    bad.extend(ex.view(&file, &key, 0.0, || {
                        format!("{view}: the simulator prints no such table")
                    }));
                    continue;
                };
                let score = compare_tables(t, m, trailing);
                let v = score.value();
                report.push(format!("{view}: {v:.3}"));
                bad.extend(ex.view(&file, &key, v, || {
                    format!(
                        "{view}: {v:.3}, failed {:?}\n real:\n{}\n sim:\n{}",
                        score.failed(),
                        t.lines.join("\n"),
                        m.lines.join("\n")
                    )
                }));
            }
        }
    }
    bad.extend(
        ex.stale(|v| v.starts_with('c') || !v.starts_with("json") && v != "ssv" && v != "envelope"),
    );
    eprintln!("storcli text layout, per view:\n{}", report.join("\n"));
    assert!(!report.is_empty());
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// One `omreport -fmt ssv` output as line kinds (title `T`, blank `B`, header `H`, row `R`)
/// with the header and the rows' cells.
fn ssv_shape(text: &str) -> (String, Vec<String>, Vec<Vec<String>>) {
    let mut kinds = String::new();
    let mut headers = Vec::new();
    let mut rows = Vec::new();
    let mut open = false;
    for l in text.lines() {
        if l.trim().is_empty() {
            kinds.push('B');
            open = false;
        } else if l.contains(';') {
            if open {
                kinds.push('R');
                rows.push(l.split(';').map(str::to_owned).collect());
            } else {
                kinds.push('H');
                headers.push(l.to_owned());
                open = true;
            }
        } else {
            kinds.push('T');
        }
    }
    (kinds, headers, rows)
}

#[test]
fn omreport_ssv_reports_are_laid_out_as_captured() {
    let mut report = Vec::new();
    let mut bad = Vec::new();
    let mut ex = Excuses::default();
    for f in files_in(&corpus().join("omreport")) {
        let file = f.file_name().unwrap().to_string_lossy().into_owned();
        ex.file(&file);
        let text = read(&f);
        let doc = parse(&text, None).unwrap();
        let st = from_doc(&doc);
        let object = ["battery", "controller", "enclosure", "pdisk", "vdisk"]
            .into_iter()
            .find(|o| file.contains(&format!("storage-{o}")))
            .unwrap();
        let mut args = vec!["storage".to_owned(), object.to_owned()];
        if object == "pdisk" {
            args.push("controller=0".to_owned());
        }
        args.extend(["-fmt".to_owned(), "ssv".to_owned()]);
        let (out, code) = omreport::omreport(&st, &args);
        assert_eq!(code, 0, "{file}: {out}");
        let (rk, rh, rr) = ssv_shape(&text);
        let (sk, sh, sr) = ssv_shape(&out);
        let mut s = Score::default();
        s.check(
            format!("line kinds {rk}/{sk}"),
            rk.trim_end_matches('B') == sk.trim_end_matches('B'),
        );
        s.check("header lines", rh == sh);
        s.check("row count", rr.len() == sr.len());
        if let Some(h) = rh.first() {
            let names: Vec<&str> = h.split(';').collect();
            for (c, name) in names.iter().enumerate() {
                let set = |rows: &[Vec<String>]| {
                    let mut v: Vec<String> = rows
                        .iter()
                        .filter_map(|r| r.get(c))
                        .map(|x| shape(x))
                        .collect();
                    v.sort();
                    v.dedup();
                    v
                };
                let (a, b) = (set(&rr), set(&sr));
                s.check(format!("{name}: value formats {a:?}/{b:?}"), a == b);
            }
        }
        let v = s.value();
        report.push(format!("{file}: {v:.3}"));
        bad.extend(ex.view(&file, "ssv", v, || {
            format!(
                "{file}: {v:.3}, failed {:?}\n real:\n{text}\n sim:\n{out}",
                s.failed()
            )
        }));
    }
    bad.extend(ex.stale(|v| v == "ssv"));
    eprintln!("omreport ssv layout, per view:\n{}", report.join("\n"));
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// The rows of the table array `name` in native storcli JSON: each row's lines, as printed.
fn json_rows(text: &str, name: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = text.lines().collect();
    let open = format!("\"{name}\" : [");
    let Some(start) = lines.iter().position(|l| l.trim_start() == open) else {
        return Vec::new();
    };
    let depth = lines[start].len() - lines[start].trim_start().len();
    let mut rows = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    for l in &lines[start + 1..] {
        let d = l.len() - l.trim_start().len();
        if d == depth && l.trim_start().starts_with(']') {
            break;
        }
        cur.push((*l).to_owned());
        if d == depth + 1 && l.trim_start().starts_with('}') {
            rows.push(std::mem::take(&mut cur));
        }
    }
    rows
}

/// A JSON line's layout: its tabs, its key, the kind of its value (`9` a number, a string by
/// its [`shape`]).
fn json_line(l: &str) -> String {
    let tabs = l.len() - l.trim_start_matches('\t').len();
    let t = l.trim();
    match t.split_once("\" : ") {
        Some((k, v)) => {
            let v = v.trim_end_matches(',');
            let kind = if v.starts_with('"') {
                format!("\"{}\"", shape(v.trim_matches('"')))
            } else {
                v.chars().next().map_or(String::new(), |c| {
                    if c.is_ascii_digit() || c == '-' {
                        "9".to_owned()
                    } else {
                        c.to_string()
                    }
                })
            };
            format!("{tabs}{k}\" : {kind}")
        }
        None => format!("{tabs}{t}"),
    }
}

/// Flat tables (arrays of objects of scalars) of a parsed storcli JSON document, by name.
fn json_tables(j: &storcli::J, out: &mut Vec<String>) {
    use storcli::J;
    match j {
        J::O(kv) => {
            for (k, v) in kv {
                if let J::A(rows) = v {
                    let flat = !rows.is_empty()
                        && rows.iter().all(|r| {
                            matches!(r, J::O(f) if f.iter().all(|(_, x)| !matches!(x, J::O(_) | J::A(_))))
                        });
                    if flat {
                        if !out.contains(k) {
                            out.push(k.clone());
                        }
                        continue;
                    }
                }
                json_tables(v, out);
            }
        }
        J::A(items) => items.iter().for_each(|x| json_tables(x, out)),
        _ => {}
    }
}

/// Captures whose `MANIFEST.tsv` command is a guess the content contradicts: the command that
/// prints what the file holds.
const COMMAND_FIXES: &[(&str, &str)] = &[
    (
        "raidtelegraf__storcli_output_1.txt",
        "storcli /call/eall/sall show all J",
    ),
    // `PDs for VD N` and `VDN Properties` are what `show all` adds to `/cN/vN show`.
    (
        "puppetstorcli__storcli_call_show_vdisk0.json",
        "storcli /call/v0 show all J",
    ),
    (
        "puppetstorcli__storcli_call_show_vdisk234.json",
        "storcli /call/vall show all J",
    ),
];

/// The command a corpus file was captured with (`MANIFEST.tsv`), as simulator argv.
fn manifest_command(file: &str) -> Option<String> {
    let manifest = read(&corpus().join("MANIFEST.tsv"));
    manifest.lines().find_map(|l| {
        let cols: Vec<&str> = l.split('\t').collect();
        (cols.first()?.ends_with(file)).then(|| cols.get(5).map(|c| (*c).to_owned()))?
    })
}

#[test]
fn storcli_json_tables_are_laid_out_as_captured() {
    let mut report = Vec::new();
    let mut bad = Vec::new();
    let mut files = files_in(&corpus().join("storcli-json"));
    files.extend(files_in(&corpus().join("perccli")));
    let mut ex = Excuses::default();
    for f in files {
        let file = f.file_name().unwrap().to_string_lossy().into_owned();
        let text = read(&f);
        ex.file(&file);
        // Only the tool's own layout: captures re-serialised by their source (spaces,
        // `"key":`) say nothing about how storcli lays JSON out.
        if text.lines().nth(3) != Some("\t\"Command Status\" : {") {
            continue;
        }
        let Some(command) = COMMAND_FIXES
            .iter()
            .find(|(f, _)| *f == file)
            .map(|(_, c)| (*c).to_owned())
            .or_else(|| manifest_command(&file))
        else {
            continue;
        };
        let Ok(real) = storcli::J::parse(&text) else {
            continue;
        };
        let Ok(doc) = parse(&text, None) else {
            continue;
        };
        let version = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("\"CLI Version\" : \""))
            .map(|v| v.trim_end_matches("\",").to_owned());
        let v2 = version.as_deref().is_some_and(|v| v.starts_with("008"));
        let tool = match (command.starts_with("perccli"), v2) {
            (true, true) => Tool::Perccli2,
            (true, false) => Tool::Perccli,
            (false, true) => Tool::Storcli2,
            (false, false) => Tool::Storcli,
        };
        let args: Vec<String> = command
            .replace("(guess)", "")
            .replace("(failure)", "")
            .replace("[all]", "all")
            .split_whitespace()
            .skip(1)
            .filter(|w| !w.eq_ignore_ascii_case("nolog"))
            .map(str::to_owned)
            .collect();
        let mut st = from_doc(&doc);
        st.storcli_version = version.clone();
        let (out, _) = storcli::run(&mut st, tool, &args);
        // The envelope: `{`, `"Controllers":[`, `{` at the margin, then one tab per level.
        let mut env = Score::default();
        let head = |t: &str| t.lines().take(4).map(json_line).collect::<Vec<_>>();
        env.check("envelope", head(&text) == head(&out));
        // Sources that stored the capture often dropped its closing blank line.
        if text.ends_with("}\n\n") {
            env.check("blank line at the end", out.ends_with("}\n\n"));
        }
        report.push(format!("{file} envelope: {:.3}", env.value()));
        let ev = env.value();
        bad.extend(ex.view(&file, "envelope", ev, || {
            format!("{file}: envelope {:?}\n{out}", env.failed())
        }));
        let mut names = Vec::new();
        json_tables(&real, &mut names);
        for name in names {
            let key = format!("json {name}");
            let rr = json_rows(&text, &name);
            let sr = json_rows(&out, &name);
            let mut s = Score::default();
            if sr.is_empty() {
                report.push(format!(
                    "{file} {name}: not rendered ({})",
                    unmatched(&file, &key).unwrap_or("?")
                ));
                bad.extend(ex.view(&file, &key, 0.0, || {
                    format!("{file} {name}: the simulator prints no such table")
                }));
                continue;
            }
            s.check("row count", rr.len() == sr.len());
            let skel = |rows: &[Vec<String>]| -> Vec<String> {
                rows.first()
                    .map(|r| {
                        r.iter()
                            .map(|l| {
                                // The first row's key order and indentation; values by kind only.
                                let j = json_line(l);
                                j.split_once(" : ").map_or(j.clone(), |(k, v)| {
                                    format!("{k} : {}", if v.starts_with('"') { "\"\"" } else { v })
                                })
                            })
                            .collect()
                    })
                    .unwrap_or_default()
            };
            s.check("keys, order and indentation", skel(&rr) == skel(&sr));
            let shapes = |rows: &[Vec<String>]| {
                let mut v: Vec<String> = rows.iter().flatten().map(|l| json_line(l)).collect();
                v.sort();
                v.dedup();
                v
            };
            let (a, b) = (shapes(&rr), shapes(&sr));
            let missing: Vec<&String> = a.iter().filter(|x| !b.contains(x)).collect();
            let extra: Vec<&String> = b.iter().filter(|x| !a.contains(x)).collect();
            s.check(
                format!("value formats: capture only {missing:?}, simulator only {extra:?}"),
                missing.is_empty() && extra.is_empty(),
            );
            let v = s.value();
            report.push(format!("{file} {name}: {v:.3}"));
            bad.extend(ex.view(&file, &key, v, || {
                format!("{file} {name}: {v:.3}, failed {:?}", s.failed())
            }));
        }
    }
    bad.extend(ex.stale(|v| v.starts_with("json") || v == "envelope" || v.is_empty()));
    eprintln!("storcli JSON layout, per view:\n{}", report.join("\n"));
    assert!(!report.is_empty());
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}
