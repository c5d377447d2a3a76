//! The table form of the small reports `raidctl parse` reads besides drives and VDs:
//! component health, versions, PHY error counters and other name/value facts, one line each.

use crate::model::Document;

/// One line per health entry, version, PHY and property of `doc`, in document order.
pub(crate) fn lines(doc: &Document) -> Vec<String> {
    let mut out = Vec::new();
    for h in &doc.health {
        out.push(format!(
            "health: {} / {}: {}",
            h.scope, h.component, h.severity
        ));
    }
    for v in &doc.versions {
        out.push(format!("version: {}: {}", v.name, v.version));
    }
    let n = |v: Option<u64>| v.map_or_else(|| "-".to_owned(), |v| v.to_string());
    for p in &doc.phy_errors {
        out.push(format!(
            "phy: adapter {} phy {}: invalid dword {}, running disparity {}, loss of sync {}, \
             phy reset {}",
            p.adapter,
            p.phy,
            n(p.invalid_dword),
            n(p.running_disparity),
            n(p.loss_of_sync),
            n(p.phy_reset)
        ));
    }
    for p in &doc.properties {
        match p.adapter {
            Some(a) => out.push(format!("adapter {a}: {}: {}", p.key, p.value)),
            None => out.push(format!("{}: {}", p.key, p.value)),
        }
    }
    out
}
