// The titles are embedded in the binary (src/title/source.rs): rebuild
// when any file under titles/ changes, or tests would run stale copies.
fn main() {
    println!("cargo:rerun-if-changed=titles");
}
