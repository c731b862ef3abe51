// The titles are embedded in the binary (src/title/source.rs): rebuild
// when any file under titles/ changes, or tests would run stale copies.
//
// The kind of build (optimized or not, profile-guided) is recorded for
// `railhead bench`, whose timings mean little without it
// (`railhead::bench::BUILD`).
fn main() {
    println!("cargo:rerun-if-changed=titles");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    let optimized = std::env::var("OPT_LEVEL").is_ok_and(|l| l != "0");
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let mut kind = String::from(if optimized { "optimized" } else { "unoptimized (debug): timings far slower than a release build" });
    // (`-Cprofile-use=F` or `-C profile-use=F`: the name alone tells.)
    if flags.contains("profile-use") {
        kind.push_str(", profile-guided (scripts/build-pgo.sh)");
    }
    if flags.contains("profile-generate") {
        kind.push_str(", instrumented for profile-guided optimization (slower)");
    }
    println!("cargo:rustc-env=RAILHEAD_BUILD={kind}");
}
