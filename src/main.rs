fn main() {
    println!("railhead");
}
