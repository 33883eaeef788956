#!/usr/bin/env bash
# Runs every suite (what `make test` and CI do) and prints the total.
#   tests/run-all.sh
# 1. the QEMU guests of both trees, 6.1's and 6.12's side by side
#    (vm/check.sh, in the background, its output in build/vm-check.log):
#    on each patched kernel, the test files whose outcome the kernel
#    decides (tests/places), on the build with warnings as errors; then
#    the negative control on each baseline kernel; then,
#    once the guests are done with the 6.1 tree, the documented targets
#    too slow for this run, each as far as its first real step
#    (tests/first-steps.sh);
# 2. meanwhile, on the host: the other test files, once, two files at a
#    time, on the build with AddressSanitizer and UBSan (the few tests that
#    cannot run on it, such as valgrind's, on the plain build);
# 3. meanwhile too, in the background (build/ports.log): the builds for
#    every other Debian architecture (all but i386 under qemu-user), four
#    of them with the files of the code that differs between targets
#    (tests/ports.sh; make check-ports runs every file on all nine); then
#    the fuzzers for a bounded time (FUZZ_SECONDS, default 30 each);
# 4. and in the background (build/release.log): the release's files
#    (tests/dist.bats: make dist, the Debian source package built by sbuild
#    in a clean Debian 12 chroot, autopkgtest), which mostly wait on the
#    Debian mirror and dpkg.
# The four run side by side so that neither CPU waits while work is left:
# one after another, the host's files, the ports and the fuzzers kept one
# CPU busy and left the other idle once the guests were done.  (Not under
# nice(1): starved by the kernel builds, a long host test would run into
# the hang limit, BATS_TEST_TIMEOUT.)
# No file runs in both places: tests/places says which runs where, and why.
# Each step leaves TAP in build/tap/; a failed step does not stop the others.
set -eu

usage() { echo "usage: tests/run-all.sh   (FUZZ_SECONDS: seconds per fuzz run)"; }

# It takes no argument: one it ignored would still start twenty minutes of
# work.  FUZZ_SECONDS is checked here, not by tests/fuzz/run.sh once
# everything else has run.
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -eq 0 ] || { usage >&2; exit 2; }
case ${FUZZ_SECONDS:-30} in
'' | 0* | *[!0-9]*)
	usage >&2
	echo "tests/run-all.sh: FUZZ_SECONDS must be a positive whole number, not '$FUZZ_SECONDS'" >&2
	exit 2 ;;
esac
cd "$(dirname "$0")/.."

status=0
step() {
	echo "=== $*"
	"$@" || { status=1; echo "=== FAILED: $*"; }
}

start=$(date +%s)
rm -rf build/tap
mkdir -p build/tap
# Every package, in one go, before anything runs.
step tests/need.sh --install all
step make WERROR=1 cli/getrandom build/getrandom build/getrandom-asan completions
# The slow targets' first steps share the 6.1 tree with the guests, so they
# follow them, in the same background job (TAP: build/tap/first-steps.tap).
echo "=== make WERROR=1 vm-check, then tests/first-steps.sh, in the background (build/vm-check.log)"
{
	vm=0
	make WERROR=1 vm-check || vm=$?
	echo "=== tests/first-steps.sh"
	tests/first-steps.sh >build/tap/first-steps.tap || vm=1
	exit "$vm"
} >build/vm-check.log 2>&1 &
guests=$!
echo "=== tests/check.sh release release, in the background (build/release.log)"
tests/check.sh release release >build/release.log 2>&1 &
release=$!
echo "=== tests/ports.sh, then tests/fuzz/run.sh, in the background (build/ports.log)"
{
	ports=0
	tests/ports.sh || ports=1
	echo "=== tests/fuzz/run.sh ${FUZZ_SECONDS:-30}"
	tests/fuzz/run.sh "${FUZZ_SECONDS:-30}" >build/tap/fuzz.tap || ports=1
	exit "$ports"
} >build/ports.log 2>&1 &
ports=$!
step env BATS_JOBS=2 GETRANDOM=build/getrandom-asan GETRANDOM_PLAIN=build/getrandom \
	tests/check.sh host-sanitize host
echo "=== waiting for tests/ports.sh and tests/fuzz/run.sh"
wait "$ports" || { status=1; echo "=== FAILED: tests/ports.sh or tests/fuzz/run.sh"; }
cat build/ports.log build/tap/fuzz.tap
echo "=== waiting for make vm-check and tests/first-steps.sh"
wait "$guests" || { status=1; echo "=== FAILED: make WERROR=1 vm-check or tests/first-steps.sh"; }
cat build/vm-check.log build/tap/first-steps.tap
echo "=== waiting for tests/check.sh release release"
wait "$release" || { status=1; echo "=== FAILED: tests/check.sh release release"; }
cat build/release.log
echo "=== summary (make test took $(($(date +%s) - start)) s)"
tests/summary.sh build/tap/*.tap || status=1
exit "$status"
