//! `-CfgForeign` (scan, display, preview, clear, import) and `-PdGetMissing`.

use super::{Understood, action, adapter_header, inventory};
use crate::Kind;
use crate::fields::leading_u64;
use crate::lex::{self, Line};
use raidctl_model::{Document, ForeignConfig, MissingRow, Warning};

fn number_after(t: &str, word: &str) -> Option<u32> {
    let at = t.find(word)?;
    leading_u64(t[at + word.len()..].trim_start()).and_then(|v| u32::try_from(v).ok())
}

/// Scan, clear and import results.
pub(crate) fn parse_foreign_result(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || lex::exit_code(t).is_some() || lex::is_prompt_or_command(t) {
            continue;
        }
        let lower = t.to_ascii_lowercase();
        if lower.contains("foreign configuration(s) on controller") {
            let count = number_after(t, "There are").unwrap_or(0);
            let adapter = number_after(t, "controller").unwrap_or(0);
            for index in 0..count {
                doc.foreign_configs.push(ForeignConfig {
                    adapter,
                    index,
                    disk_groups: Vec::new(),
                });
            }
            understood += 1;
        } else if lower.contains("no foreign configuration on controller") {
            understood += 1;
        } else if let Some(a) = action::parse_action_line(t) {
            doc.actions.push(a);
            understood += 1;
        } else if t.starts_with("FW error description")
            || t.starts_with("The current operation is not allowed")
        {
            understood += 1;
        } else {
            doc.warnings.push(Warning {
                file: None,
                line: line.no,
                message: format!("unrecognised foreign-config output: {t:?}"),
            });
        }
    }
    understood
}

/// `-CfgForeign -Dsply`/`-Preview`: `Foreign configuration N:` headers, each followed by
/// `-CfgDsply`-shaped text (format unverified; see `fixtures/README.md`).
pub(crate) fn parse_foreign_dsply(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    let mut sections: Vec<(u32, u32, usize, usize)> = Vec::new();
    let mut adapter = 0;
    for (i, line) in lines.iter().enumerate() {
        let t = line.text.trim();
        if let Some(a) = adapter_header(t) {
            adapter = a;
        }
        if t.to_ascii_lowercase().starts_with("foreign configuration") {
            let index = number_after(t, "onfiguration").unwrap_or(0);
            if let Some(last) = sections.last_mut() {
                last.3 = i;
            }
            sections.push((adapter, index, i + 1, lines.len()));
            understood += 1;
        }
    }
    for (adapter, index, from, to) in sections {
        let mut part = Document::default();
        let slice = lines.get(from..to).unwrap_or(&[]);
        understood += inventory::parse(slice.iter().copied(), Kind::CfgDsply, &mut part);
        let mut groups = std::mem::take(&mut part.disk_groups);
        for g in &mut groups {
            g.adapter = adapter;
        }
        for pd in &mut part.physical_drives {
            pd.adapter = adapter;
        }
        for ld in &mut part.logical_drives {
            ld.adapter = adapter;
        }
        doc.foreign_configs.push(ForeignConfig {
            adapter,
            index,
            disk_groups: groups,
        });
        part.adapters.clear();
        doc.merge(part);
    }
    understood
}

/// `-PdGetMissing`.
pub(crate) fn parse_missing(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    let mut adapter = 0;
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || lex::exit_code(t).is_some() || lex::is_prompt_or_command(t) {
            continue;
        }
        if let Some(a) = adapter_header(t) {
            adapter = a;
            understood += 1;
            continue;
        }
        if t.starts_with("No.") || t.contains("No Missing Drive") {
            understood += 1;
            continue;
        }
        let cols: Vec<&str> = t.split_whitespace().collect();
        let nums: Vec<Option<u64>> = cols.iter().take(4).map(|c| c.parse().ok()).collect();
        match nums.as_slice() {
            [Some(n), Some(arr), Some(row), Some(mb)] => {
                let unit = cols.get(4).copied().unwrap_or("MB");
                let mult = if unit.eq_ignore_ascii_case("GB") {
                    1u64 << 30
                } else {
                    1u64 << 20
                };
                doc.missing.push(MissingRow {
                    adapter,
                    number: u32::try_from(*n).unwrap_or(u32::MAX),
                    array: u32::try_from(*arr).unwrap_or(u32::MAX),
                    row: u32::try_from(*row).unwrap_or(u32::MAX),
                    size_expected_bytes: mb.saturating_mul(mult),
                });
                understood += 1;
            }
            _ => doc.warnings.push(Warning {
                file: None,
                line: line.no,
                message: format!("unrecognised missing-drive line: {t:?}"),
            }),
        }
    }
    understood
}
