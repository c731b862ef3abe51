#!/usr/bin/env bash
# Builds railhead with profile-guided optimization (PGO) for long batch
# work (`simulate`, `fuzz`, `bench`): the release build, compiled a second
# time with the branch and call counts of a training run, so that the hot
# paths are laid out and inlined for how the engine is really used.
# The result is target/pgo/release/railhead; `cargo build --release` is
# untouched. See docs/performance.md ("Profile-guided build").
#
# Needs the toolchain's llvm-tools (installed here with rustup). Takes two
# release builds and the training (about 30 minutes on 2 cores).
#
# The training plays random and greedy games of every title, searches the
# synthetic and full-board route positions and, where
# ../shared/fixtures/18xx.games is present, replays the recorded games
# (else the import is trained on nothing and stays as the plain release
# build optimizes it).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

if command -v rustup >/dev/null 2>&1; then
  rustup component add llvm-tools >/dev/null
fi
profdata="$(find "$(rustc --print sysroot)/lib/rustlib" -name llvm-profdata -type f 2>/dev/null | head -n 1 || true)"
if [ ! -x "$profdata" ]; then
  echo "llvm-profdata not found in the toolchain: install the llvm-tools component (rustup component add llvm-tools)" >&2
  exit 1
fi

profiles="$root/target/pgo-profiles"
rm -rf "$profiles"
mkdir -p "$profiles"

echo "1/3 instrumented build (target/pgo-gen)..."
RUSTFLAGS="-Cprofile-generate=$profiles" cargo build --release --bin railhead --target-dir "$root/target/pgo-gen"
bin="$root/target/pgo-gen/release/railhead"

echo "2/3 training..."
"$bin" fuzz 1849 --players 4 --games 40 --seed 11 --threads 1 >/dev/null
"$bin" fuzz 1849 --players 3 --option bonds --option acquiring_station_tokens --option electric_dreams --games 10 --seed 12 --threads 1 >/dev/null
"$bin" fuzz 1844 --players 5 --games 8 --seed 13 --threads 1 >/dev/null
"$bin" fuzz 1865 --players 4 --games 10 --seed 14 --threads 1 >/dev/null
"$bin" fuzz 18fb --players 4 --games 6 --seed 15 --threads 1 >/dev/null
"$bin" simulate 1849 --players 4 --games 40 --bots greedy --seed 16 --threads 1 >/dev/null
"$bin" simulate 1844 --players 5 --games 6 --bots greedy --seed 17 --threads 1 >/dev/null
"$bin" bench routes --only synthetic --repeat 1 --parallel 1 --fixtures /nonexistent >/dev/null
"$bin" bench routes --only "full board" --repeat 3 --parallel 1 --fixtures /nonexistent >/dev/null
if [ -d ../shared/fixtures/18xx.games ]; then
  "$bin" bench replay --repeat 3 >/dev/null
fi

echo "3/3 optimized build (target/pgo)..."
"$profdata" merge -o "$profiles/merged.profdata" "$profiles"
# Named by its content: cargo rebuilds when the flags change, and a
# path in the flags says nothing of the file's content.
counts="$profiles/$(md5sum "$profiles/merged.profdata" | cut -c1-16).profdata"
mv "$profiles/merged.profdata" "$counts"
RUSTFLAGS="-Cprofile-use=$counts" cargo build --release --bin railhead --target-dir "$root/target/pgo"
echo "built target/pgo/release/railhead"
