//! The bundle reader and replay on arbitrary archives: no panic, memory within the budget
//! (libFuzzer's `-rss_limit_mb`). The first byte says whether the rest is the file as it is
//! (gzip and all) or a tar stream to gzip first, so the fuzzer also reaches the tar and
//! manifest checks behind the gzip checksum.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Write;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let file = if mode & 1 == 0 {
        rest.to_vec()
    } else {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        let _ = gz.write_all(rest);
        gz.finish().unwrap_or_default()
    };
    let Ok(contents) = raidctl::bundle::reader::read_from(file.as_slice(), "fuzz.tar.gz") else {
        return;
    };
    assert_eq!(contents.integrity.ok, contents.integrity.errors.is_empty());
    let _ = raidctl::bundle::replay::replay_contents(contents, std::path::Path::new("fuzz.tar.gz"));
});
