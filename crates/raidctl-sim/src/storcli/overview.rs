//! The commands scripts run before naming a controller: the version banner (`v`, `-v`), the
//! usage (`help`, `-h`, `-help`, `?`), `show [all]` (the System Overview of every controller)
//! and `show ctrlcount`.
//!
//! Verified against public captures: perccli's 7.x and perccli2's 8.x banners (corpus), the
//! System Overview table of 007.0x–007.27 (`Ctl Model Ports PDs DGs DNOpt VDs VNOpt BBU sPR DS
//! EHS ASOs Hlth`, the model without spaces, counts right-aligned, both legends), and `show
//! all`'s `ASO` table and `Need Attention` section with their legends. The storcli banner,
//! the usage text and the version at which the legend changed are in
//! [`crate::unverified::storcli`].

use super::*;

/// The version banner: blank line, the utility name and version indented by six spaces, a
/// blank line, the copyright indented by four (the perccli 7.2313 and perccli2 8.4 captures).
pub fn banner(cli: Cli<'_>) -> String {
    let (tool, version) = (cli.tool, cli.version);
    let year = version
        .rsplit(' ')
        .next()
        .filter(|y| y.len() == 4)
        .unwrap_or("2021");
    let (name, copyright) = match tool {
        Tool::Perccli => ("PercCli", "Broadcom Inc. All Rights Reserved."),
        Tool::Perccli2 => ("PercCli2", "Broadcom Inc. , All Rights Reserved."),
        Tool::Storcli => (unv::STORCLI_NAME, "Broadcom Inc. All Rights Reserved."),
        Tool::Storcli2 => (unv::STORCLI2_NAME, "Broadcom Inc. , All Rights Reserved."),
    };
    format!(
        "\n      {name} SAS Customization Utility Ver {version}\n\n    (c)Copyright {year}, \
         {copyright}\n"
    )
}

/// What a command line that names no object asks for, when it is one of the meta commands.
pub(super) fn meta(args: &[String], cli: Cli<'_>) -> Option<(String, i32)> {
    let tool = cli.tool;
    let words: Vec<String> = args
        .iter()
        .map(|a| a.trim().to_ascii_lowercase())
        .filter(|a| !a.is_empty() && a != "nolog")
        .collect();
    match words.as_slice() {
        [w] if w == "v" || w == "-v" => {
            // 7.x ends the banner with two more blank lines (the 7.2313 capture), 8.x not.
            let tail = if tool.v2() { "\n" } else { "\n\n\n" };
            Some((banner(cli) + tail, 0))
        }
        [w] if ["help", "-h", "-help", "?"].contains(&w.as_str()) => {
            let prog = match tool {
                Tool::Storcli => "storcli",
                Tool::Perccli => "perccli",
                Tool::Storcli2 => "storcli2",
                Tool::Perccli2 => "perccli2",
            };
            let mut out = banner(cli);
            out.push_str("\n\n");
            for line in unv::USAGE {
                out.push_str(&line.replace("{p}", prog));
                out.push('\n');
            }
            out.push('\n');
            Some((out, 0))
        }
        _ => None,
    }
}

/// The model as the System Overview prints it: without spaces (`PERC H730P Mini` is
/// `PERCH730PMini`, `AVAGO MegaRAID SAS9361-8i` is `AVAGOMegaRAIDSAS9361-8i`).
pub fn overview_model(product: &str) -> String {
    product.split_whitespace().collect()
}

/// Drives the controller reports under `Need Attention`: neither part of a healthy
/// configuration nor usable spare capacity.
fn needs_attention(d: &Drive) -> bool {
    !matches!(
        d.state,
        FirmwareState::Online
            | FirmwareState::UnconfiguredGood
            | FirmwareState::Hotspare
            | FirmwareState::Jbod
    )
}

fn overview_row(ad: &Adapter) -> J {
    let dnopt = ad
        .groups
        .iter()
        .filter(|g| ad.group_state(g) != LdState::Optimal)
        .count();
    let vnopt = ad
        .vds
        .iter()
        .filter(|v| ad.vd_state(v) != LdState::Optimal)
        .count();
    let attention = dnopt + vnopt > 0 || ad.drives.iter().any(needs_attention);
    Ob::new()
        .n("Ctl", ad.index)
        .s("Model", overview_model(&ad.product))
        .n("Ports", 8)
        .n("PDs", n64(ad.drives.len()))
        .n("DGs", n64(ad.groups.len()))
        .n("DNOpt", n64(dnopt))
        .n("VDs", n64(ad.vds.len()))
        .n("VNOpt", n64(vnopt))
        .s(
            "BBU",
            match &ad.bbu {
                Some(b) if b.good() => "Opt",
                Some(_) => "Dgd",
                // No battery or CacheVault fitted (the RS3DC080 and 9361-8i captures).
                None => "N/A",
            },
        )
        .s("sPR", "On")
        .s("DS", "1&2")
        .s("EHS", "Y")
        .n("ASOs", 3)
        .s("Hlth", if attention { "NdAtn" } else { "Opt" })
        .done()
}

/// One `ASO` row: the advanced software options of a MegaRAID without extra licences (the
/// values of the public 9361-8i capture).
fn aso_row(ad: &Adapter) -> J {
    let mut o = Ob::new().n("Ctl", ad.index);
    for (k, v) in [
        ("Cl", "X"),
        ("SAS", "U"),
        ("MD", "X"),
        ("R6", "U"),
        ("WC", "U"),
        ("R5", "U"),
        ("SS", "X"),
        ("FP", "U"),
        ("Re", "X"),
        ("CR", "X"),
        ("RF", "X"),
        ("CO", "X"),
        ("CW", "X"),
        ("HA", "X"),
        ("SSHA", "X"),
    ] {
        o = o.s(k, v);
    }
    o.done()
}

/// `show`, `show all` and `show ctrlcount`; anything else without a controller is a syntax
/// error.
pub(super) fn no_controller(st: &SimState, cmd: &Cmd) -> Output {
    if cmd.verb() != "show" {
        return syntax_error(cmd.verb());
    }
    let n = n64(st.adapters.len());
    let data = if cmd.has("ctrlcount") {
        Ob::new().n("Controller Count", n).done()
    } else {
        let mut o = Ob::new()
            .n("Number of Controllers", n)
            .s("Host Name", "raidctl-sim")
            .s("Operating System ", OS);
        if !st.adapters.is_empty() {
            o = o.j(
                "System Overview",
                J::A(st.adapters.iter().map(overview_row).collect()),
            );
        }
        if cmd.has("all") && !st.adapters.is_empty() {
            o = o.j("ASO", J::A(st.adapters.iter().map(aso_row).collect()));
            let mut attention = Ob::new();
            let mut any = false;
            for ad in &st.adapters {
                let rows: Vec<J> = sorted_drives(ad)
                    .into_iter()
                    .filter(|d| needs_attention(d))
                    .map(|d| pd_row(ad, d))
                    .collect();
                if !rows.is_empty() {
                    any = true;
                    attention = attention.j(&format!("Controller {}", ad.index), J::A(rows));
                }
            }
            // With nothing to report the section is left out (no capture shows that case).
            if any {
                o = o.j("Need Attention", attention.done());
            }
        }
        o.done()
    };
    Output::Ctrls(vec![Resp {
        ctrl: None,
        ok: true,
        description: "None".to_owned(),
        detailed: Vec::new(),
        data: Some(data),
        code: 0,
    }])
}

/// The System Overview legend of this CLI version: 007.27 and later name `DNOpt` "Array
/// NotOptimal" and add the certificate and charging abbreviations.
pub(super) fn overview_legend(cli: Cli<'_>) -> &'static str {
    if cli.version >= unv::NEW_OVERVIEW_LEGEND_FROM {
        "Ctl=Controller Index|DGs=Drive groups|VDs=Virtual drives|Fld=Failed\n\
         PDs=Physical drives|DNOpt=Array NotOptimal|VNOpt=VD NotOptimal|Opt=Optimal\n\
         Msng=Missing|Dgd=Degraded|NdAtn=Need Attention|Unkwn=Unknown\n\
         sPR=Scheduled Patrol Read|DS=DimmerSwitch|EHS=Emergency Spare Drive\n\
         Y=Yes|N=No|ASOs=Advanced Software Options|BBU=Battery backup unit/CV\n\
         Hlth=Health|Safe=Safe-mode boot|CertProv-Certificate Provision mode\n\
         Chrg=Charging | MsngCbl=Cable Failure"
    } else {
        "Ctl=Controller Index|DGs=Drive groups|VDs=Virtual drives|Fld=Failed\n\
         PDs=Physical drives|DNOpt=DG NotOptimal|VNOpt=VD NotOptimal|Opt=Optimal\n\
         Msng=Missing|Dgd=Degraded|NdAtn=Need Attention|Unkwn=Unknown\n\
         sPR=Scheduled Patrol Read|DS=DimmerSwitch|EHS=Emergency Hot Spare\n\
         Y=Yes|N=No|ASOs=Advanced Software Options|BBU=Battery backup unit\n\
         Hlth=Health|Safe=Safe-mode boot"
    }
}

/// The `ASO` legend (its last two lines end in a space, as captured).
pub(super) const ASO_LEGEND: &str = "Cl=Cluster|MD=Max Disks|WC=Wide Cache|SS=Safe Store|FP=Fast Path|Re=Recovery\n\
     CR=CacheCade(Read)|RF=Reduced Feature Set|CO=Cache Offload\n\
     CW=CacheCade(Read/Write)|X=Not Available/Not Installed|U=Unlimited|T=Trial\n\
     |HA=High Availability |SSHA=Single server High Availability ";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios;

    fn run(st: &mut SimState, tool: Tool, line: &str) -> (String, i32) {
        let args: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        super::super::run(st, tool, &args)
    }

    #[test]
    fn version_banner_is_the_captured_one() {
        let mut st = scenarios::build("healthy").unwrap();
        let (text, code) = run(&mut st, Tool::Perccli, "v");
        assert_eq!(code, 0);
        assert_eq!(
            text,
            "\n      PercCli SAS Customization Utility Ver 007.2313.0000.0000 Mar 07, 2023\n\n    \
             (c)Copyright 2023, Broadcom Inc. All Rights Reserved.\n\n\n\n"
        );
        assert_eq!(run(&mut st, Tool::Perccli, "-v"), (text, 0));
        let (text, _) = run(&mut st, Tool::Storcli, "-v");
        assert!(text.contains("StorCli SAS Customization Utility Ver 007.1704"));
        let (text, code) = run(&mut st, Tool::Storcli, "help");
        assert_eq!(code, 0);
        assert!(text.contains("storcli /cx show all"), "{text}");
    }

    #[test]
    fn system_overview_squeezes_the_model_and_right_aligns_counts() {
        let mut st = scenarios::build("degraded").unwrap();
        let (text, code) = run(&mut st, Tool::Storcli, "show");
        assert_eq!(code, 0);
        let row = text.lines().find(|l| l.starts_with("  0 ")).unwrap();
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[1], overview_model(&st.adapters[0].product));
        assert!(!cells[1].contains(' '));
        // Splitting on whitespace gives the counts in their columns.
        assert_eq!(cells[3], st.adapters[0].drives.len().to_string());
        assert_eq!(cells[5], "1", "DNOpt: {row}");
        assert!(text.contains("\nCtl=Controller Index|DGs=Drive groups"));
        let (all, _) = run(&mut st, Tool::Storcli, "show all");
        assert!(all.contains("\nASO :\n===\n"), "{all}");
        assert!(all.contains("\nNeed Attention :\n==============\n\nController 0 :\n"));
    }
}
