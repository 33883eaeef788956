#!/usr/bin/env bash
# Runs every suite (what `make test` and CI do) and prints the total.
#   tests/run-all.sh
# 1. the host suite on this machine's kernel, built with AddressSanitizer
#    and UBSan, at full sizes;
# 2. the fuzzers, for a bounded time (FUZZ_SECONDS, default 30 each);
# 3. the QEMU guests (vm/check.sh): the whole suite on the patched kernel,
#    on the build with warnings as errors and with every tool, then the
#    negative control on the baseline kernel.
# The plain build's host run (`make check`) is not repeated here: the guest
# runs the same suite on the same build, and the ASan run covers this
# machine's kernel and the full sizes the guest scales down.
# Each step leaves TAP in build/tap/; a failed step does not stop the others.
set -eu
cd "$(dirname "$0")/.."

status=0
step() {
	echo "=== $*"
	"$@" || { status=1; echo "=== FAILED: $*"; }
}

# Runs a command whose standard output is TAP, keeping it as build/tap/$1.tap.
tap_step() {
	local name=$1
	shift
	echo "=== $*"
	"$@" | tee "build/tap/$name.tap"
	[ "${PIPESTATUS[0]}" -eq 0 ] || { status=1; echo "=== FAILED: $*"; }
}

rm -rf build/tap
mkdir -p build/tap
# Every package, in one go, before anything runs.
step tests/need.sh --install all
step make WERROR=1 SANITIZE=1 cli/getrandom
step tests/check.sh host-sanitize
step make WERROR=1 cli/getrandom
tap_step fuzz tests/fuzz/run.sh "${FUZZ_SECONDS:-30}"
step make WERROR=1 vm-check
echo "=== summary"
tests/summary.sh build/tap/*.tap || status=1
exit "$status"
