//! One integration-test binary (fast links, shared helpers).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod backends;
mod bundle;
mod ceph;
mod ceph_replace;
mod cli;
mod consumers;
mod corpus;
mod corpus_vendor;
mod eventlog;
mod fixtures;
mod freshness;
mod guards;
mod health;
mod hostile;
mod hostile_owner;
mod layout;
mod layout_state;
mod monitor;
mod native;
mod parse_reports;
mod props;
mod qemu;
mod qualify;
mod qualify_signoff;
mod sim;
mod sim_meta;
mod sim_readside;
mod sim_storcli2;
mod sim_vendor;
mod simctl;
mod terminal;
mod util;
mod workflows;
mod workflows_omsa;
mod workflows_raid0;
