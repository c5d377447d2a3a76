//! The text form (no `J`): the `CLI Version =` header, `Key = Value` sections, `NAME :`
//! headings and dashed tables with their legends, laid out as the captures show them.

use super::*;

/// Columns storcli right-aligns.
fn right_aligned(table: &str, col: &str) -> bool {
    match table {
        "TOPOLOGY" => matches!(col, "DG" | "Size"),
        "System Overview" => matches!(
            col,
            "Ctl" | "Ports" | "PDs" | "DGs" | "DNOpt" | "VDs" | "VNOpt" | "ASOs"
        ),
        "ASO" => col == "Ctl",
        _ => matches!(
            col,
            "DID" | "DG" | "Size" | "Ctrl" | "ErrCd" | "Port" | "Ctl" | "PDs" | "DGs" | "VDs"
        ),
    }
}

/// The legend printed after a table, and the blank lines before it.
fn legend(table: &str, cli: Cli<'_>) -> Option<(&'static str, &'static str)> {
    if table == "System Overview" {
        return Some(("\n", overview_legend(cli)));
    }
    if table == "ASO" {
        return Some(("\n", ASO_LEGEND));
    }
    // The drive tables of `show all`'s `Need Attention` section: two blank lines.
    if table.starts_with("Controller ") {
        return legend("PD LIST", cli).map(|(_, l)| ("\n\n", l));
    }
    Some((
        "\n",
        match table {
            "TOPOLOGY" => {
                "DG=Disk Group Index|Arr=Array Index|Row=Row Index|EID=Enclosure Device ID\nDID=Device ID|Type=Drive Type|Onln=Online|Rbld=Rebuild|Dgrd=Degraded\nPdgd=Partially degraded|Offln=Offline|BT=Background Task Active\nPDC=PD Cache|PI=Protection Info|SED=Self Encrypting Drive|Frgn=Foreign\nDS3=Dimmer Switch 3|dflt=Default|Msng=Missing|FSpace=Free Space Present"
            }
            "VD LIST" => {
                "Cac=CacheCade|Rec=Recovery|OfLn=OffLine|Pdgd=Partially Degraded|dgrd=Degraded\nOptl=Optimal|RO=Read Only|RW=Read Write|HD=Hidden|B=Blocked|Consist=Consistent|\nR=Read Ahead Always|NR=No Read Ahead|WB=WriteBack|\nAWB=Always WriteBack|WT=WriteThrough|C=Cached IO|D=Direct IO|sCC=Scheduled\nCheck Consistency"
            }
            "PD LIST" | "Drive Information" => {
                "EID-Enclosure Device ID|Slt-Slot No.|DID-Device ID|DG-DriveGroup\nDHS-Dedicated Hot Spare|UGood-Unconfigured Good|GHS-Global Hotspare\nUBad-Unconfigured Bad|Onln-Online|Offln-Offline|Intf-Interface\nMed-Media Type|SED-Self Encryptive Drive|PI-Protection Info\nSeSz-Sector Size|Sp-Spun|U-Up|D-Down|T-Transition|F-Foreign\nUGUnsp-Unsupported|UGShld-UnConfigured shielded|HSPShld-Hotspare shielded\nCFShld-Configured shielded|Cpybck-CopyBack|CBShld-Copyback Shielded"
            }
            _ => return None,
        },
    ))
}

/// Dashed table: every cell padded to the column width and followed by one space.
fn table(name: &str, rows: &[J], cli: Cli<'_>) -> String {
    let Some(J::O(first)) = rows.first() else {
        return String::new();
    };
    let newer = |c: &str| match name {
        "TOPOLOGY" => c == "TR",
        "VD LIST" => c == "Cac",
        _ => c == "Type" && first.iter().any(|(k, _)| k == "EID:Slt"),
    };
    let cols: Vec<&str> = first
        .iter()
        .map(|(k, _)| k.as_str())
        .filter(|c| cli.has_newer_columns() || !newer(c))
        .collect();
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            cols.iter()
                .map(|c| {
                    let v = r.get(c).map(J::scalar).unwrap_or_default();
                    if cli.has_newer_columns() {
                        v
                    } else {
                        older_value(c, v)
                    }
                })
                .collect()
        })
        .collect();
    let widths: Vec<usize> = cols
        .iter()
        .enumerate()
        .map(|(i, c)| {
            cells
                .iter()
                .map(|r| r[i].chars().count())
                .chain(std::iter::once(c.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |vals: &[String]| -> String {
        let mut s = String::new();
        for (i, v) in vals.iter().enumerate() {
            if right_aligned(name, cols[i]) {
                s.push_str(&format!("{v:>w$} ", w = widths[i]));
            } else {
                s.push_str(&format!("{v:<w$} ", w = widths[i]));
            }
        }
        s
    };
    let dash = "-".repeat(widths.iter().map(|w| w + 1).sum());
    let head: Vec<String> = cols.iter().map(|c| (*c).to_owned()).collect();
    let mut out = String::new();
    out.push_str(&dash);
    out.push('\n');
    out.push_str(&line(&head));
    out.push('\n');
    out.push_str(&dash);
    out.push('\n');
    for r in &cells {
        out.push_str(&line(r));
        out.push('\n');
    }
    out.push_str(&dash);
    out.push('\n');
    if let Some((gap, l)) = legend(name, cli) {
        out.push_str(gap);
        out.push_str(l);
        out.push('\n');
    }
    out
}

/// A table value as releases before 007.10 print it (the 007.04/007.05 captures): sizes
/// without trailing zeros (`465.25 GB`, `931.0 GB`), no scheduled-CC state (`sCC` is `-`).
fn older_value(col: &str, v: String) -> String {
    match col {
        "sCC" => "-".to_owned(),
        "Size" => match v.split_once(' ') {
            Some((num, unit))
                if num.contains('.') && num.chars().all(|c| c.is_ascii_digit() || c == '.') =>
            {
                let t = num.trim_end_matches('0');
                let t = if t.ends_with('.') {
                    format!("{t}0")
                } else {
                    t.to_owned()
                };
                format!("{t} {unit}")
            }
            _ => v,
        },
        _ => v,
    }
}

pub(crate) fn is_table(v: &J) -> bool {
    matches!(v, J::A(rows) if rows.iter().all(|r| matches!(r, J::O(kv) if kv.iter().all(|(_, x)| !matches!(x, J::O(_) | J::A(_))))))
}

fn heading(out: &mut String, key: &str) {
    out.push_str(key);
    out.push_str(" :\n");
    out.push_str(&"=".repeat(key.chars().count()));
    out.push('\n');
}

fn text_entries(out: &mut String, kv: &[(String, J)], cli: Cli<'_>) {
    for (k, v) in kv {
        match v {
            J::S(_) | J::N(_) => {
                out.push_str(k);
                out.push_str(" = ");
                out.push_str(&v.scalar());
                out.push('\n');
            }
            J::O(inner) => {
                out.push('\n');
                heading(out, k);
                text_entries(out, inner, cli);
                out.push('\n');
            }
            J::A(rows) if is_table(v) => {
                out.push('\n');
                heading(out, k);
                out.push('\n');
                out.push_str(&table(k, rows, cli));
                out.push('\n');
            }
            J::A(items) => {
                out.push('\n');
                heading(out, k);
                for it in items {
                    if let J::O(inner) = it {
                        text_entries(out, inner, cli);
                    } else {
                        out.push_str(&it.scalar());
                        out.push('\n');
                    }
                }
                out.push('\n');
            }
        }
    }
}

pub(crate) fn text_resp(r: &Resp, cli: Cli<'_>) -> String {
    let mut out = String::new();
    out.push_str(&format!("CLI Version = {}\n", cli.version));
    out.push_str(&format!("Operating system = {OS}\n"));
    match r.ctrl {
        Some(c) => out.push_str(&format!("Controller = {c}\n")),
        None => out.push_str(&format!(
            "Status Code = {}\n",
            if r.ok { 0 } else { r.code }
        )),
    }
    out.push_str(&format!(
        "Status = {}\n",
        if r.ok { "Success" } else { "Failure" }
    ));
    out.push_str(&format!("Description = {}\n", r.description));
    out.push('\n');
    if !r.detailed.is_empty() {
        heading(&mut out, "Detailed Status");
        out.push('\n');
        out.push_str(&table("Detailed Status", &r.detailed, cli));
        out.push('\n');
    }
    match &r.data {
        Some(J::O(kv)) => text_entries(&mut out, kv, cli),
        Some(J::A(rows)) if is_table(&J::A(rows.clone())) => {
            out.push('\n');
            out.push_str(&table("", rows, cli));
        }
        _ => {}
    }
    out.push('\n');
    out
}
