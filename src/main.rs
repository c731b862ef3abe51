mod cli;

// Route searches, replays and random games make many small, short-lived
// allocations (route candidates, state copies, Lua tables); mimalloc
// serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main()
}
