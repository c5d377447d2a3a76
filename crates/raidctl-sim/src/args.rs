//! MegaCli's forgiving command line: options case-insensitive, leading dash optional,
//! `-PhysDrv[E:S,E:S]` or `-PhysDrv [E:S]`, `[:S]`, `-aN`/`-a0,1`/`-aALL`, `-Lall`/`-LN`,
//! `{ RebuildRate -60 }`, `-array2,row0`.

use raidctl_model::DriveAddress;

/// Commands the simulator knows, by normalised name (lowercase, no dash).
pub const COMMANDS: &[&str] = &[
    "adpallinfo",
    "adpcount",
    "adpgetpciinfo",
    "encinfo",
    "ldinfo",
    "ldgetnum",
    "pdlist",
    "pdinfo",
    "ldpdinfo",
    "adpbbucmd",
    "adpeventlog",
    "cfgdsply",
    "cfgforeign",
    "pdgetmissing",
    "pdrbld",
    "pdcpybk",
    "ldbi",
    "fwtermlog",
    "showsummary",
    "getpreservedcachelist",
    "discardpreservedcache",
    "adpgetprop",
    "adpsetprop",
    "adpautorbld",
    "pdoffline",
    "pdonline",
    "pdmakegood",
    "pdmakejbod",
    "pdmarkmissing",
    "pdreplacemissing",
    "pdprprmv",
    "pdlocate",
    "pdhsp",
    "cfgldadd",
    "cfgspanadd",
    "cfglddel",
    "cfgeachdskraid0",
    "ldsetprop",
    "pdgetnum",
    "adpgettime",
    "ldgetprop",
    "encstatus",
    "phyerrorcounters",
    "cfgfreespaceinfo",
    "pdclear",
    "ldcc",
    "ldinit",
    "ldrecon",
    "adppr",
    "adpccsched",
    "directpdmapping",
    "adpalilog",
    "version",
    "v",
    "h",
    "help",
];

/// Option words MegaCli accepts besides commands (lowercase, no dash).
const WORDS: &[&str] = &[
    "start",
    "stop",
    "showprog",
    "progdsply",
    "suspend",
    "resume",
    "force",
    "set",
    "rmv",
    "dedicated",
    "enclaffinity",
    "nonrevertible",
    "undo",
    "scan",
    "dsply",
    "preview",
    "import",
    "clear",
    "getevents",
    "geteventloginfo",
    "getlatest",
    "getsinceshutdown",
    "getsincereboot",
    "includedeleted",
    "warning",
    "critical",
    "fatal",
    "info",
    "debug",
    "enbl",
    "dsbl",
    "getbbustatus",
    "getbbucapacityinfo",
    "getbbudesigninfo",
    "getbbuproperties",
    "bbulearn",
    "alarmsilence",
    "alarmenbl",
    "alarmdsbl",
    "alarmdsply",
    "rebuildrate",
    "batwarndsbl",
    "copybackdsbl",
    "enablejbod",
    "maintainpdfailhistoryenbl",
    "rstrhotspareoninsert",
    "wt",
    "wb",
    "nora",
    "ra",
    "adra",
    "direct",
    "cached",
    "cachedbadbbu",
    "nocachedbadbbu",
    "endskcache",
    "disdskcache",
    "name",
    "all",
    "securitykey",
    "page",
    "cache",
    "access",
    "dskcache",
    "ps",
    "cli",
    "ctrl",
    "driver",
    "pd",
];

fn known_word(w: &str) -> bool {
    WORDS.contains(&w)
        || crate::readout::PROPERTIES.contains(&w)
        || ["strpsz", "sz", "afterld"].iter().any(|p| w.starts_with(p))
}

/// Which adapters `-aN` names.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum AdapterSel {
    /// No `-a` option.
    #[default]
    None,
    /// `-aALL`.
    All,
    /// `-aN` or `-a0,1`.
    List(Vec<u32>),
}

/// Which logical drives `-LN` names.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum LdSel {
    /// No `-L` option.
    #[default]
    None,
    /// `-Lall`.
    All,
    /// `-LN` or `-L0,1`.
    List(Vec<u32>),
}

/// A parsed invocation.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Invocation {
    /// Normalised command name (one of [`COMMANDS`]).
    pub command: String,
    /// The command token as given (`-adpEventLog`), for syntax errors.
    pub command_token: String,
    /// `-a` selection.
    pub adapters: AdapterSel,
    /// `-L` selection.
    pub lds: LdSel,
    /// `-PhysDrv[...]` list.
    pub drives: Vec<DriveAddress>,
    /// `-rX[...]` of `-CfgLdAdd`: level number and drives.
    pub raid: Option<(u32, Vec<DriveAddress>)>,
    /// `-ArrayN[...]` lists of `-CfgSpanAdd`.
    pub span_arrays: Vec<Vec<DriveAddress>>,
    /// `-Hsp[...]` of `-CfgLdAdd`.
    pub hsp: Vec<DriveAddress>,
    /// `-ArrayN` numbers without a drive list (`-PDHSP -Dedicated -Array1,2`, `-PdReplaceMissing`).
    pub arrays: Vec<u32>,
    /// `-RowN`.
    pub row: Option<u32>,
    /// `-f FILE`.
    pub file: Option<String>,
    /// Remaining words, lowercased, without dashes (`start`, `force`, `rebuildrate`...).
    pub words: Vec<String>,
    /// Remaining numbers in order (`RebuildRate -60` gives 60; `-Import 0` gives 0).
    pub numbers: Vec<i64>,
    /// The value of `-Name NAME` (`-LDSetProp`), as given.
    pub name: Option<String>,
}

impl Invocation {
    /// True when the word was given (`-Start`, `start`, `-START`).
    pub fn has(&self, word: &str) -> bool {
        self.words.iter().any(|w| w == word)
    }

    /// The number given right after a word, else the first number.
    pub fn number(&self) -> Option<i64> {
        self.numbers.first().copied()
    }

    /// Resolves the adapter selection against the adapters present.
    pub fn adapter_list(&self, present: &[u32]) -> Vec<u32> {
        match &self.adapters {
            AdapterSel::All => present.to_vec(),
            AdapterSel::List(l) => l.clone(),
            AdapterSel::None => present.first().copied().into_iter().collect(),
        }
    }
}

/// A token MegaCli would reject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The token as given.
    pub token: String,
}

fn parse_addresses(inner: &str, token: &str) -> Result<Vec<DriveAddress>, SyntaxError> {
    let err = || SyntaxError {
        token: token.to_owned(),
    };
    inner
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| p.parse::<DriveAddress>().map_err(|_| err()))
        .collect()
}

fn parse_numbers(list: &str) -> Option<Vec<u32>> {
    list.split(',')
        .filter(|p| !p.is_empty())
        .map(|p| p.parse().ok())
        .collect()
}

/// Splits `word[...]` into the word and the bracket content; joins a bracket list that the
/// shell split (`[32:4,` `32:5]`) by reading further tokens.
fn take_bracket(first: &str, rest: &mut std::slice::Iter<'_, String>) -> Option<String> {
    let open = first.find('[')?;
    let mut s = first[open + 1..].to_owned();
    while !s.contains(']') {
        match rest.next() {
            Some(t) => s.push_str(t),
            None => break,
        }
    }
    Some(s.split(']').next().unwrap_or("").to_owned())
}

/// Parses argv (without the program name).
///
/// # Errors
/// [`SyntaxError`] naming the first token MegaCli would not accept.
pub fn parse(args: &[String]) -> Result<Invocation, SyntaxError> {
    // `-array2,row0` is two options.
    let mut tokens: Vec<String> = Vec::new();
    for a in args {
        if !a.contains('[') && a.contains(',') && a.to_ascii_lowercase().contains("row") {
            tokens.extend(a.split(',').map(str::to_owned));
        } else {
            tokens.push(a.clone());
        }
    }
    let mut inv = Invocation::default();
    let mut it = tokens.iter();
    while let Some(tok) = it.next() {
        let t = tok.trim();
        if t.is_empty() || t == "{" || t == "}" {
            continue;
        }
        let bare = t.trim_start_matches('-');
        let lower = bare.to_ascii_lowercase();
        let err = || SyntaxError { token: tok.clone() };
        // Numbers (`-60`, `60`, `0`).
        if let Ok(n) = bare.parse::<i64>() {
            inv.numbers.push(n);
            continue;
        }
        if inv.command.is_empty() && COMMANDS.contains(&lower.as_str()) {
            inv.command = lower;
            inv.command_token = t.to_owned();
            continue;
        }
        if lower == "nolog" || lower == "silent" || lower == "page" {
            continue;
        }
        if lower.starts_with("physdrv") {
            let list = if lower.contains('[') {
                take_bracket(bare, &mut it).ok_or_else(err)?
            } else {
                let next = it.next().ok_or_else(err)?;
                take_bracket(next, &mut it).ok_or_else(err)?
            };
            inv.drives.extend(parse_addresses(&list, tok)?);
            continue;
        }
        if lower.starts_with("hsp[") || (lower == "hsp" && inv.command == "cfgldadd") {
            let list = if lower.contains('[') {
                take_bracket(bare, &mut it).ok_or_else(err)?
            } else {
                let next = it.next().ok_or_else(err)?;
                take_bracket(next, &mut it).ok_or_else(err)?
            };
            inv.hsp.extend(parse_addresses(&list, tok)?);
            continue;
        }
        if let Some(rest) = lower.strip_prefix('r') {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if !digits.is_empty() && matches!(inv.command.as_str(), "cfgldadd" | "cfgspanadd") {
                let level: u32 = digits.parse().map_err(|_| err())?;
                let drives = if rest.len() > digits.len() {
                    parse_addresses(&take_bracket(bare, &mut it).ok_or_else(err)?, tok)?
                } else {
                    Vec::new()
                };
                inv.raid = Some((level, drives));
                continue;
            }
        }
        if let Some(rest) = lower.strip_prefix("array") {
            if rest.contains('[') {
                inv.span_arrays.push(parse_addresses(
                    &take_bracket(bare, &mut it).ok_or_else(err)?,
                    tok,
                )?);
                continue;
            }
            let rest = rest.trim_start_matches(['-', '=']);
            if rest.is_empty() {
                // `-Array 2` style.
                continue;
            }
            inv.arrays.extend(parse_numbers(rest).ok_or_else(err)?);
            continue;
        }
        if let Some(rest) = lower.strip_prefix("row") {
            let rest = rest.trim_start_matches(['-', '=']);
            if rest.is_empty() {
                continue;
            }
            inv.row = Some(rest.parse().map_err(|_| err())?);
            continue;
        }
        if lower == "f" {
            inv.file = Some(it.next().ok_or_else(err)?.clone());
            continue;
        }
        if lower == "name" && inv.command == "ldsetprop" {
            inv.name = Some(it.next().ok_or_else(err)?.clone());
            continue;
        }
        if let Some(rest) = lower.strip_prefix('a') {
            if rest == "all" {
                inv.adapters = AdapterSel::All;
                continue;
            }
            if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit() || c == ',') {
                inv.adapters = AdapterSel::List(parse_numbers(rest).ok_or_else(err)?);
                continue;
            }
        }
        if let Some(rest) = lower.strip_prefix('l') {
            if rest == "all" {
                inv.lds = LdSel::All;
                continue;
            }
            if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit() || c == ',') {
                inv.lds = LdSel::List(parse_numbers(rest).ok_or_else(err)?);
                continue;
            }
        }
        if lower
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '=' || c == '.' || c == '/')
        {
            // `RebuildRate=60` style.
            if let Some((w, v)) = lower.split_once('=') {
                if !known_word(w) {
                    return Err(err());
                }
                inv.words.push(w.to_owned());
                if let Ok(n) = v.parse() {
                    inv.numbers.push(n);
                }
            } else if known_word(&lower) {
                inv.words.push(lower);
            } else {
                return Err(err());
            }
            continue;
        }
        return Err(err());
    }
    if inv.command.is_empty() {
        let token = args.first().cloned().unwrap_or_default();
        return Err(SyntaxError { token });
    }
    Ok(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Invocation {
        let v: Vec<String> = s.split_whitespace().map(str::to_owned).collect();
        parse(&v).unwrap()
    }

    #[test]
    fn forgiving_forms() {
        let i = p("PDOffline PhysDrv [32:4] -a0");
        assert_eq!(i.command, "pdoffline");
        assert_eq!(i.drives, vec![DriveAddress::new(32, 4)]);
        assert_eq!(i.adapters, AdapterSel::List(vec![0]));
        let i = p("-pdlocate -START -physdrv[32:4,32:5] -a0,1");
        assert!(i.has("start"));
        assert_eq!(i.drives.len(), 2);
        assert_eq!(i.adapters, AdapterSel::List(vec![0, 1]));
        let i = p("-PDInfo -PhysDrv [:4] -aALL -NoLog");
        assert_eq!(
            i.drives,
            vec![DriveAddress {
                enclosure: None,
                slot: 4
            }]
        );
        assert_eq!(i.adapters, AdapterSel::All);
        let i = p("-AdpSetProp { RebuildRate -60 } -a0");
        assert!(i.has("rebuildrate"));
        assert_eq!(i.number(), Some(60));
        let i = p("-PdReplaceMissing -PhysDrv[32:4] -array2,row0 -a0");
        assert_eq!((i.arrays.clone(), i.row), (vec![2], Some(0)));
        let i = p("-PdReplaceMissing -PhysDrv[32:4] -Array2 -row1 -a0");
        assert_eq!((i.arrays.clone(), i.row), (vec![2], Some(1)));
        let i = p("-CfgLdAdd -r5[32:2,32:3,32:4] WB RA Direct -Hsp[32:5] -a0");
        assert_eq!(i.raid.as_ref().map(|r| (r.0, r.1.len())), Some((5, 3)));
        assert_eq!(i.hsp, vec![DriveAddress::new(32, 5)]);
        assert!(i.has("wb"));
        let i = p("-CfgSpanAdd -r10 -Array0[32:2,32:3] -Array1[32:4,32:5] -a0");
        assert_eq!(i.span_arrays.len(), 2);
        let i = p("-LDInfo -Lall -aALL");
        assert_eq!(i.lds, LdSel::All);
        let i = p("-LDInfo -L1 -a0");
        assert_eq!(i.lds, LdSel::List(vec![1]));
        let i = p("-AdpEventLog -GetEvents -f /tmp/x.log -a0");
        assert_eq!(i.file.as_deref(), Some("/tmp/x.log"));
    }

    #[test]
    fn rejects_junk() {
        let v = vec!["-ladpallinfo".to_owned(), "-aALL".to_owned()];
        assert_eq!(parse(&v).unwrap_err().token, "-ladpallinfo");
        let v = vec!["-PDList".to_owned(), "-PhysDrv[x:y]".to_owned()];
        assert!(parse(&v).is_err());
    }
}
