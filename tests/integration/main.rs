//! One integration-test binary (fast links, shared helpers).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod backends;
mod bundle;
mod cli;
mod corpus;
mod corpus_vendor;
mod fixtures;
mod health;
mod monitor;
mod props;
mod qualify;
mod sim;
mod sim_vendor;
mod terminal;
mod util;
mod workflows;
