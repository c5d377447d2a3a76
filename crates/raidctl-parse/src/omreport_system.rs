//! The OpenManage reports outside the storage tree that raidctl's bundle collects: `omreport
//! chassis` and `omreport system` (the `SEVERITY : COMPONENT` health summaries), `omreport
//! about` and `omreport system version` (names and versions), `omreport system alertlog` and
//! `omreport system esmlog` (`Severity`/`ID`/`Date and Time`/`Description` records). Each in
//! the default `Key : Value` text and in `-fmt ssv`.

use super::{Kind, ParseError, first_content_line};
use raidctl_model::{ComponentHealth, ComponentVersion, Document, Event, Warning};

/// Which of these reports a text is, from its first lines.
pub fn detect(head: &str) -> Option<Kind> {
    for l in head.lines().take(40) {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        let squashed: String = t.chars().filter(|c| !c.is_whitespace()).collect();
        if squashed.eq_ignore_ascii_case("SEVERITY:COMPONENT")
            || squashed.eq_ignore_ascii_case("SEVERITY;COMPONENT")
        {
            return Some(Kind::OmreportHealth);
        }
        if t == "Version Report"
            || (t.starts_with("Product name") && (t.contains(" : ") || t.contains(';')))
        {
            return Some(Kind::OmreportVersion);
        }
        if t == "Alert Log" || t == "Hardware Log" || t.starts_with("Severity;ID;") {
            return Some(Kind::OmreportLog);
        }
    }
    None
}

/// One object: its fields in order, the line it starts at and the title above it.
#[derive(Debug, Default)]
struct Rec {
    line: usize,
    title: Option<String>,
    fields: Vec<(String, String)>,
}

impl Rec {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }
}

/// Reads both layouts: `Key : Value` blocks separated by blank lines, and `-fmt ssv` header
/// lines with their rows. Lines with neither separator are titles.
fn records(input: &str) -> Vec<Rec> {
    let mut out: Vec<Rec> = Vec::new();
    let mut title: Option<String> = None;
    let mut header: Option<Vec<String>> = None;
    let mut open = false;
    for line in crate::lex::lines(input) {
        let t = line.text.trim();
        if t.is_empty() {
            open = false;
            header = None;
            continue;
        }
        if t.contains(';') {
            let cells: Vec<String> = t.split(';').map(|c| c.trim().to_owned()).collect();
            match &header {
                None => header = Some(cells),
                Some(h) => out.push(Rec {
                    line: line.no,
                    title: title.clone(),
                    fields: h.iter().cloned().zip(cells).collect(),
                }),
            }
            continue;
        }
        if let Some((k, v)) = t.split_once(" : ").or_else(|| t.split_once(": ")) {
            if !open {
                out.push(Rec {
                    line: line.no,
                    title: title.clone(),
                    fields: Vec::new(),
                });
                open = true;
            }
            if let Some(r) = out.last_mut() {
                r.fields.push((k.trim().to_owned(), v.trim().to_owned()));
            }
            continue;
        }
        title = Some(t.to_owned());
        open = false;
    }
    out
}

fn warning(line: usize, message: impl Into<String>) -> Warning {
    Warning {
        file: None,
        line,
        message: message.into(),
    }
}

/// Parses `omreport chassis` or `omreport system` (either format).
///
/// # Errors
/// A [`ParseError`] when no `SEVERITY : COMPONENT` table is found.
pub fn parse_health(input: &str) -> Result<Document, ParseError> {
    let mut doc = Document::new(Kind::OmreportHealth.name());
    let mut in_table = false;
    let mut scope = "System".to_owned();
    let mut seen = false;
    for line in crate::lex::lines(input) {
        let t = line.text.trim();
        if t.is_empty() {
            in_table = false;
            continue;
        }
        let cells: Option<(&str, &str)> = t.split_once(';').or_else(|| t.split_once(':'));
        match cells {
            Some((a, b)) if a.trim().eq_ignore_ascii_case("SEVERITY") => {
                let _ = b;
                in_table = true;
                seen = true;
            }
            Some((sev, comp)) if in_table => {
                let (sev, comp) = (sev.trim(), comp.trim());
                if sev.is_empty() || comp.is_empty() {
                    doc.warnings
                        .push(warning(line.no, "health row without severity or component"));
                    continue;
                }
                doc.health.push(ComponentHealth {
                    scope: scope.clone(),
                    component: comp.to_owned(),
                    severity: sev.to_owned(),
                });
            }
            _ if t == "Health" || t.starts_with("For further help") => {}
            _ if !in_table => scope = t.to_owned(),
            _ => doc.warnings.push(warning(
                line.no,
                format!("unexpected line in the health table: {t}"),
            )),
        }
    }
    if !seen {
        return Err(ParseError {
            line: first_content_line(input),
            message: "no omreport `SEVERITY : COMPONENT` table found".to_owned(),
        });
    }
    Ok(doc)
}

/// Parses `omreport about` or `omreport system version` (either format).
///
/// # Errors
/// A [`ParseError`] when neither a product name nor a `Name`/`Version` pair is found.
pub fn parse_versions(input: &str) -> Result<Document, ParseError> {
    let mut doc = Document::new(Kind::OmreportVersion.name());
    for r in records(input) {
        if let Some(product) = r.get("Product name") {
            let version = r.get("Version").unwrap_or_default().to_owned();
            doc.tool_version = Some(version.clone()).filter(|v| !v.is_empty());
            doc.versions.push(ComponentVersion {
                name: product.to_owned(),
                version,
            });
        } else if let (Some(n), Some(v)) = (r.get("Name"), r.get("Version")) {
            if n == "Server Administrator" {
                doc.tool_version = Some(v.to_owned());
            }
            doc.versions.push(ComponentVersion {
                name: n.to_owned(),
                version: v.to_owned(),
            });
        } else {
            doc.warnings.push(warning(
                r.line,
                "record without `Name` and `Version` ignored",
            ));
        }
    }
    if doc.versions.is_empty() {
        return Err(ParseError {
            line: first_content_line(input),
            message: "no omreport `Product name` or `Name`/`Version` record found".to_owned(),
        });
    }
    Ok(doc)
}

/// OMSA severity → controller event class (0 info, 1 warning, 2 critical).
fn class(severity: &str) -> Option<i32> {
    match severity.trim().to_ascii_lowercase().as_str() {
        "ok" | "informational" => Some(0),
        "non-critical" | "warning" => Some(1),
        "critical" => Some(2),
        _ => None,
    }
}

/// Parses `omreport system alertlog` or `omreport system esmlog` (either format). A log with
/// no entry (`No hardware log entries found.`) is a document without events.
///
/// # Errors
/// A [`ParseError`] when the text is neither a log title nor log records.
pub fn parse_log(input: &str) -> Result<Document, ParseError> {
    let mut doc = Document::new(Kind::OmreportLog.name());
    let titled = crate::lex::lines(input).any(|l| {
        let t = l.text.trim();
        t == "Alert Log" || t == "Hardware Log"
    });
    for (n, r) in records(input).into_iter().enumerate() {
        let Some(description) = r.get("Description") else {
            doc.warnings
                .push(warning(r.line, "log record without `Description` ignored"));
            continue;
        };
        let severity = r.get("Severity").unwrap_or_default();
        let c = class(severity);
        if c.is_none() {
            doc.warnings
                .push(warning(r.line, format!("unknown severity {severity:?}")));
        }
        let mut data = Vec::new();
        if let Some(cat) = r.get("Category") {
            data.push(("Category".to_owned(), cat.to_owned()));
        }
        if let Some(t) = &r.title {
            data.push(("Log".to_owned(), t.clone()));
        }
        doc.events.push(Event {
            adapter: 0,
            seq_num: u64::try_from(n).unwrap_or(u64::MAX),
            time: r.get("Date and Time").map(str::to_owned),
            since_boot_s: None,
            code: r.get("ID").and_then(|v| v.trim().parse().ok()),
            class: c,
            locale: None,
            description: description.to_owned(),
            data,
        });
    }
    if doc.events.is_empty() && !titled {
        return Err(ParseError {
            line: first_content_line(input),
            message: "no omreport log title or record found".to_owned(),
        });
    }
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHASSIS: &str = "Health\n\nMain System Chassis\n\nSEVERITY : COMPONENT\n\
Ok       : Fans\nCritical : Power Supplies\n\nFor further help, type the command followed by -?\n";

    #[test]
    fn health_in_both_formats() {
        assert_eq!(detect(CHASSIS), Some(Kind::OmreportHealth));
        let doc = parse_health(CHASSIS).unwrap();
        assert_eq!(doc.health.len(), 2);
        assert_eq!(doc.health[1].component, "Power Supplies");
        assert_eq!(doc.health[1].severity, "Critical");
        assert_eq!(doc.health[0].scope, "Main System Chassis");
        assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
        let ssv = "Health\n\nSEVERITY;COMPONENT\nOk;Main System Chassis\nNon-Critical;Storage\n";
        let doc = parse_health(ssv).unwrap();
        assert_eq!(doc.health[1].severity, "Non-Critical");
        assert_eq!(doc.health[1].scope, "System");
        assert!(parse_health("Health\n").is_err());
    }

    #[test]
    fn versions_and_logs() {
        let about = "Product name : Server Administrator\nVersion      : 11.0.1.0\n";
        assert_eq!(detect(about), Some(Kind::OmreportVersion));
        let doc = parse_versions(about).unwrap();
        assert_eq!(doc.tool_version.as_deref(), Some("11.0.1.0"));
        let report = "Version Report\n\nName : Server Administrator\nVersion : 9.5.0\n\n\
Name : PERC H730P Mini\nVersion : 25.5.9\n";
        let doc = parse_versions(report).unwrap();
        assert_eq!(doc.versions.len(), 2);
        let log = "Alert Log\n\nSeverity : Critical\nID : 2048\nDate and Time : Mon Mar  4 \
08:00:40 2024\nCategory : Storage Service\nDescription : Device failed\n";
        assert_eq!(detect(log), Some(Kind::OmreportLog));
        let doc = parse_log(log).unwrap();
        assert_eq!(doc.events[0].class, Some(2));
        assert_eq!(doc.events[0].code, Some(2048));
        let empty = parse_log("Hardware Log\n\nNo hardware log entries found.\n").unwrap();
        assert!(empty.events.is_empty());
    }
}
