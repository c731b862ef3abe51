#!/usr/bin/env bash
# The whole test suite on a fresh machine (the README's test command; CI
# runs exactly this). It installs what the tests need beyond the Rust
# toolchain: Chromium, from Debian's packages, for the live view's browser
# test (tests/live_view.rs), which skips with a message where no browser
# can be had. Lua is vendored and compiled by cargo.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "installing chromium (Debian) for the live view's browser test..."
    { apt-get install -y --no-install-recommends chromium || { apt-get update && apt-get install -y --no-install-recommends chromium; }; } >/dev/null 2>&1 \
      || echo "chromium could not be installed: the browser test will skip"
  else
    echo "no chromium, and no apt-get as root to install it: the live view's browser test will skip"
  fi
fi
# The `ci` profile: release code without line tables (Cargo.toml).
cargo test --profile ci
