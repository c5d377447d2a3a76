//! Where each controller's event log stands ([`EventMark`]), from the one call per tool that
//! says so: MegaCli `-AdpEventLog -GetEventLogInfo -aALL`, storcli `/call show eventloginfo J`
//! and OpenManage `omreport system alertlog`. The snapshot cache compares these marks to decide
//! whether a cached snapshot still holds, so every parser here refuses what it does not fully
//! understand: a wrong "nothing changed" would serve a stale state.

use raidctl_model::EventMark;

/// Largest output read (a log-info answer is a few hundred bytes per adapter; an alert log is
/// bounded by OpenManage's own size limit).
const MAX_INPUT: usize = 64 << 20;

fn number(v: &str) -> Option<u64> {
    let v = v.trim();
    match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => v.parse().ok(),
    }
}

/// Which field of a mark a key names (`Newest seqNum`, `Newest sequence number`, ...).
fn field(key: &str) -> Option<&'static str> {
    let k = key.to_ascii_lowercase();
    if !(k.contains("seq") || k.contains("sequence")) {
        return None;
    }
    ["newest", "oldest", "clear", "shutdown", "boot", "reboot"]
        .into_iter()
        .find(|w| {
            k.split(|c: char| !c.is_ascii_alphanumeric())
                .any(|p| p == *w)
        })
        .map(|w| if w == "reboot" { "boot" } else { w })
}

fn set(mark: &mut EventMark, which: &str, n: u64) {
    match which {
        "newest" => mark.newest = n,
        "oldest" => mark.oldest = Some(n),
        "clear" => mark.clear = Some(n),
        "shutdown" => mark.shutdown = Some(n),
        _ => mark.boot = Some(n),
    }
}

/// MegaCli `-AdpEventLog -GetEventLogInfo -aALL`: an `Adapter #N` line, then one
/// `<Which> seqNum: N` line per number.
///
/// # Errors
/// No adapter, an adapter without its newest sequence number, a number that does not parse, or
/// the same adapter twice.
pub fn megacli(text: &str) -> Result<Vec<EventMark>, String> {
    if text.len() > MAX_INPUT {
        return Err("event log info larger than 64 MiB".into());
    }
    let mut out: Vec<(EventMark, bool)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if let Some(rest) = t
            .strip_prefix("Adapter #")
            .or_else(|| t.strip_prefix("Adapter: "))
        {
            let n: u32 = rest
                .trim()
                .parse()
                .map_err(|_| format!("line {}: bad adapter number {rest:?}", i + 1))?;
            if out.iter().any(|(m, _)| m.adapter == Some(n)) {
                return Err(format!("line {}: adapter {n} listed twice", i + 1));
            }
            out.push((
                EventMark {
                    adapter: Some(n),
                    ..EventMark::default()
                },
                false,
            ));
            continue;
        }
        let Some((key, value)) = t.split_once(':') else {
            continue;
        };
        let Some(which) = field(key) else { continue };
        let Some((mark, has_newest)) = out.last_mut() else {
            return Err(format!("line {}: {key:?} before any adapter", i + 1));
        };
        let n = number(value).ok_or_else(|| format!("line {}: bad number {value:?}", i + 1))?;
        set(mark, which, n);
        *has_newest |= which == "newest";
    }
    if out.is_empty() {
        return Err("no adapter in the event log info".into());
    }
    if let Some((m, _)) = out.iter().find(|(_, has)| !has) {
        return Err(format!(
            "adapter {} has no newest sequence number",
            m.adapter.unwrap_or_default()
        ));
    }
    Ok(out.into_iter().map(|(m, _)| m).collect())
}

fn walk(v: &serde_json::Value, mark: &mut EventMark, seen_newest: &mut bool) -> Result<(), String> {
    match v {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                if let Some(which) = field(k) {
                    let n = match v {
                        serde_json::Value::Number(n) => n.as_u64(),
                        serde_json::Value::String(s) => number(s),
                        _ => None,
                    }
                    .ok_or_else(|| format!("{k:?}: not a sequence number: {v}"))?;
                    set(mark, which, n);
                    *seen_newest |= which == "newest";
                } else {
                    walk(v, mark, seen_newest)?;
                }
            }
        }
        serde_json::Value::Array(a) => {
            for v in a {
                walk(v, mark, seen_newest)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// storcli/perccli (7.x and 8.x) `/call show eventloginfo J`: one `Controllers` entry per
/// controller, each with its `Command Status` and the sequence numbers in `Response Data`.
///
/// # Errors
/// Not JSON, no controller, a controller whose command failed or that has no newest number.
pub fn storcli_json(text: &str) -> Result<Vec<EventMark>, String> {
    if text.len() > MAX_INPUT {
        return Err("event log info larger than 64 MiB".into());
    }
    let doc: serde_json::Value =
        serde_json::from_str(text.trim()).map_err(|e| format!("not storcli JSON: {e}"))?;
    let ctrls = doc
        .get("Controllers")
        .and_then(|c| c.as_array())
        .ok_or("no Controllers array")?;
    let mut out: Vec<EventMark> = Vec::new();
    for c in ctrls {
        let status = c
            .get("Command Status")
            .ok_or("a controller without Command Status")?;
        // 7.x prints the number, 8.x a string of it.
        let n = status
            .get("Controller")
            .and_then(|c| c.as_u64().or_else(|| c.as_str().and_then(number)))
            .and_then(|n| u32::try_from(n).ok())
            .ok_or("Command Status without a controller number")?;
        let ok = status.get("Status").and_then(|s| s.as_str()) == Some("Success");
        if !ok {
            return Err(format!("controller {n}: event log info failed: {status}"));
        }
        let mut mark = EventMark {
            adapter: Some(n),
            ..EventMark::default()
        };
        let mut newest = false;
        walk(
            c.get("Response Data").unwrap_or(&serde_json::Value::Null),
            &mut mark,
            &mut newest,
        )?;
        if !newest {
            return Err(format!("controller {n} has no newest sequence number"));
        }
        if out.iter().any(|m| m.adapter == mark.adapter) {
            return Err(format!("controller {n} listed twice"));
        }
        out.push(mark);
    }
    if out.is_empty() {
        return Err("no controller in the event log info".into());
    }
    Ok(out)
}

/// 64-bit FNV-1a: a change detector, not a security measure (the input is what the local
/// vendor tool printed, and a collision only costs a full read deferred to the next bound).
fn fnv64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// OpenManage `omreport system alertlog` (text): its entries carry no sequence number, so the
/// mark is the number of entries and a digest of the whole log, newest entry first; any new
/// entry changes both or at least the digest.
///
/// # Errors
/// Output that is not an alert log.
pub fn omreport_alertlog(text: &str) -> Result<Vec<EventMark>, String> {
    if text.len() > MAX_INPUT {
        return Err("alert log larger than 64 MiB".into());
    }
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if lines.next() != Some("Alert Log") {
        return Err("not an OpenManage alert log (no `Alert Log` heading)".into());
    }
    let entries = text
        .lines()
        .filter(|l| {
            l.split_once(':')
                .is_some_and(|(k, _)| k.trim().eq_ignore_ascii_case("severity"))
        })
        .count();
    Ok(vec![EventMark {
        adapter: None,
        newest: u64::try_from(entries).unwrap_or(u64::MAX),
        digest: Some(format!("fnv64:{:016x}", fnv64(text.as_bytes()))),
        ..EventMark::default()
    }])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn megacli_two_adapters() {
        let t = "\nAdapter #0\n\nNewest seqNum: 14372\nOldest seqNum: 10812\nClear seqNum: 10811\nShutdown seqNum: 14340\nBoot seqNum: 14341\nAdapter #1\n\nNewest seqNum: 0x20\n\nExit Code: 0x00\n";
        let m = megacli(t).unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!(
            m[0],
            EventMark {
                adapter: Some(0),
                newest: 14372,
                oldest: Some(10812),
                clear: Some(10811),
                shutdown: Some(14340),
                boot: Some(14341),
                digest: None,
            }
        );
        assert_eq!((m[1].adapter, m[1].newest), (Some(1), 32));
    }

    #[test]
    fn megacli_refuses_doubt() {
        assert!(megacli("Exit Code: 0x00\n").is_err());
        assert!(megacli("Adapter #0\nOldest seqNum: 3\n").is_err());
        assert!(megacli("Adapter #0\nNewest seqNum: x3\n").is_err());
        assert!(megacli("Newest seqNum: 3\n").is_err());
        assert!(megacli("Adapter #0\nNewest seqNum: 3\nAdapter #0\nNewest seqNum: 3\n").is_err());
    }

    #[test]
    fn storcli_marks() {
        let t = r#"{"Controllers":[{"Command Status":{"Controller":0,"Status":"Success","Description":"None"},"Response Data":{"Event Log Information":{"Newest Sequence Number":"0x1f","Oldest Sequence Number":1,"Reboot Sequence Number":4}}}]}"#;
        let m = storcli_json(t).unwrap();
        assert_eq!(
            (m[0].adapter, m[0].newest, m[0].boot),
            (Some(0), 31, Some(4))
        );
        let v8 = t.replace(r#""Controller":0"#, r#""Controller":"0""#);
        assert_eq!(storcli_json(&v8).unwrap(), m);
        let failed = r#"{"Controllers":[{"Command Status":{"Controller":0,"Status":"Failure"}}]}"#;
        assert!(storcli_json(failed).is_err());
        assert!(storcli_json("{}").is_err());
        let no_newest = r#"{"Controllers":[{"Command Status":{"Controller":0,"Status":"Success"},"Response Data":{}}]}"#;
        assert!(storcli_json(no_newest).is_err());
    }

    #[test]
    fn alertlog_digest_moves_with_any_entry() {
        let one = "Alert Log\n\nSeverity      : Ok\nID            : 2049\nDescription   : x\n";
        let two = "Alert Log\n\nSeverity      : Ok\nID            : 2049\nDescription   : y\n\nSeverity      : Ok\nID            : 2049\nDescription   : x\n";
        let a = omreport_alertlog(one).unwrap();
        let b = omreport_alertlog(two).unwrap();
        assert_eq!((a[0].newest, b[0].newest), (1, 2));
        assert_ne!(a, b);
        assert!(omreport_alertlog("Error! No such report").is_err());
    }
}
