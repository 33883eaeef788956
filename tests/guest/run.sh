#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# The guest's test driver: /init runs it with standard output on the result
# port, so everything it prints is TAP, one section per suite, each section
# starting with a "# vm-tap: NAME" line (vm/check.sh splits them into
# build/tap/guest-6.1-VARIANT-NAME.tap). Exit status 0 when every section passed.
# Call (in the guest): /tests/guest/run.sh, with from the kernel command line
#   VM_VARIANT=patched|baseline|mutant
#   VM_MODE=run (the default), early or mutants:
#     early: only the 64-bit kselftest of the early state, whose last test
#       (GETRANDOM_TEST_WAKE=1) ends that state: a boot of its own;
#     mutants: only the 64-bit kselftest once the crng is ready, once per
#       number in VM_MUTANTS=0,1,2 written to the mutant kernel's
#       getrandom_mutant parameter, a section mutant-N each (vm/mutants.sh)
#   VM_TESTS=a.bats,b.bats   optionally: only those host test files
# vm/run.sh shares two trees read-only over 9p: the host's root (tag
# "root") and the repository under test (tag "repo").
# The uninitialized-pool checks run first, from the initramfs with the
# static build, before anything can initialize the pool. Then the host's
# root is mounted at /host (writable through a tmpfs overlay), with the
# guest's own /proc, /sys, /dev and a tmpfs on /tmp, the repository at
# $REPO in it, and the host suite's files that tests/places puts in the
# guest (those whose outcome the kernel decides) run chrooted there, with the
# host's tools (strace, valgrind, gdb, cc, rngtest, script, python3), on the
# dynamic build build/getrandom (the LD_PRELOAD shim, valgrind and gdb need
# it; the static one makes the same system calls).
set -u

# Its settings come from the kernel command line; /init passes no argument.
usage() { echo "usage: /tests/guest/run.sh   (VM_VARIANT, VM_TESTS: from the kernel command line)"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

export GETRANDOM=/bin/getrandom
# Per test, a net for a hang only: nothing in the suite is timed.
export BATS_TEST_TIMEOUT=${VM_TEST_TIMEOUT:-900}
# Tells the host suite it runs in the guest (scaled() sizes its streams).
export GETRANDOM_IN_VM=1
VARIANT=${VM_VARIANT:-patched}
SECTION_TIMEOUT=${VM_SECTION_TIMEOUT:-7200}
status=0

# The TAP sections, the mounts and the host suite, from the files beside
# this one.
GUEST_DIR=${BASH_SOURCE[0]%/*}
. "$GUEST_DIR/sections.bash"
. "$GUEST_DIR/mounts.bash"
. "$GUEST_DIR/host-suite.bash"

cd /tmp || exit 1
echo "guest: $(uname -r), variant $VARIANT, $(nproc) CPUs" >&2
KSELFTEST=/kselftest/getrandom
NO_KSELFTEST="kernel-patch/ has no kselftest yet"
if [ "$VARIANT" = baseline ]; then
	section negative bats --tap /tests/guest/baseline.bats
	exit "$status"
fi
kselftest_alone
# First, while nothing has initialized the entropy pool yet: the kselftests
# test the waiting (keeping each wait short, so the pool stays
# uninitialized; any skip fails them), then the CLI's checks.
if [ -z "${VM_TESTS:-}" ]; then
	for bits in 64 32; do
		section_of "kselftest-$bits-early" "${KSELFTEST}_early_test_$bits" \
			"$NO_KSELFTEST" /tests/guest/early.sh "${KSELFTEST}_early_test_$bits"
	done
fi
section uninitialized bats --tap /tests/guest/uninitialized.bats
host_suite_section || exit 1
[ -n "${VM_TESTS:-}" ] || kselftest_sections
exit "$status"
