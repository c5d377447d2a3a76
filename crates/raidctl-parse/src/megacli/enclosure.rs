//! `-EncInfo`: `Enclosure N:` blocks, indented, with an `Inquiry data` sub-block.

use super::{Understood, adapter_header};
use crate::fields::Record;
use crate::lex::{self, Line};
use raidctl_model::{Document, Enclosure, Warning};

pub(crate) fn parse(lines: &[Line<'_>], doc: &mut Document) -> Understood {
    let mut understood = 0;
    let mut adapter = 0;
    let mut open: Option<(u32, Record<'_>)> = None;
    for line in lines {
        let t = line.text.trim();
        if t.is_empty() || lex::exit_code(t).is_some() || lex::is_prompt_or_command(t) {
            continue;
        }
        if let Some(a) = adapter_header(t) {
            flush(&mut open, adapter, doc);
            adapter = a;
            understood += 1;
            continue;
        }
        if let Some(rest) = t.strip_prefix("Enclosure ") {
            if let Some(n) = rest
                .strip_suffix(':')
                .and_then(|n| n.trim().parse::<u32>().ok())
            {
                flush(&mut open, adapter, doc);
                open = Some((n, Record::new(line.no)));
                understood += 1;
                continue;
            }
        }
        match (lex::split_kv(t), open.as_mut()) {
            (Some((k, v)), Some((_, r))) => {
                r.push(k, v, line.text, line.no);
                understood += 1;
            }
            (Some(_), None) | (None, _) => {
                doc.warnings.push(Warning {
                    file: None,
                    line: line.no,
                    message: format!("unrecognised line: {t:?}"),
                });
            }
        }
    }
    flush(&mut open, adapter, doc);
    understood
}

fn flush(open: &mut Option<(u32, Record<'_>)>, adapter: u32, doc: &mut Document) {
    let Some((index, mut r)) = open.take() else {
        return;
    };
    let w = &mut doc.warnings;
    let mut e = Enclosure {
        adapter,
        index,
        ..Enclosure::default()
    };
    e.device_id = r.u32("deviceid", w);
    e.slots = r.u32("numberofslots", w);
    e.physical_drives = r.u32("numberofphysicaldrives", w);
    e.power_supplies = r.u32("numberofpowersupplies", w);
    e.fans = r.u32("numberoffans", w);
    e.temperature_sensors = r.u32("numberoftemperaturesensors", w);
    e.status = r.text("status");
    e.enclosure_type = r.text("enclosuretype");
    e.vendor = r.text("vendoridentification");
    e.product = r.text("productidentification");
    e.revision = r.text("productrevisionlevel");
    let _ = r.take_field("inquirydata");
    r.into_extra(&mut e.extra);
    doc.enclosures.push(e);
}
