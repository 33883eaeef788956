#!/bin/bash
# The 6.12 guest's test driver: vm/check-6.12.sh installs it as
# /tests/guest/run.sh in the project's initramfs (in place of the 6.1
# guest's driver), so that /init runs it with standard output
# on the result port. TAP, one "# vm-tap: NAME" section per suite, as
# tests/guest/run.sh prints it; exit status 0 when every section passed.
#   both kernels: the probe of the system call and of the vDSO
#     (/extra/probe-6.12, 64-bit and 32-bit), and the same probe told the
#     other kernel, which must fail
#   baseline: the project's negative control (tests/guest/baseline.bats),
#     and upstream's vdso_test_getrandom, which
#     must skip for want of the symbol
#   mutant, with VM_MODE=early or mutants (vm/mutants.sh): that kselftest
#     run alone (tests/guest/sections.bash's kselftest_alone)
#   patched: the kselftest's early program (64-bit and 32-bit) before the
#     pool is initialized, the uninitialized-pool checks, upstream's
#     vdso_test_getrandom and vdso_test_chacha, the host suite's files
#     whose outcome the kernel decides (from the host's file system over
#     9p, as on 6.1: tests/guest/host-suite.bash), then the kselftest's
#     program for a ready crng (64-bit, 32-bit, as nobody, under ulimit -v)
# shellcheck disable=SC2034 # SECTION_TIMEOUT and status: sections.bash's
# shellcheck disable=SC2317 # the functions run through bash -c
set -u

usage() { echo "usage: /tests/guest/run.sh   (the 6.12 guest's; VM_VARIANT from the kernel command line)"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

export GETRANDOM=/bin/getrandom
# Per test of the host suite, a net for a hang only, as on 6.1.
export BATS_TEST_TIMEOUT=${VM_TEST_TIMEOUT:-900}
SECTION_TIMEOUT=${VM_SECTION_TIMEOUT:-1200}
VARIANT=${VM_VARIANT:-patched}
status=0
GUEST_DIR=${BASH_SOURCE[0]%/*}
# shellcheck source=tests/guest/sections.bash
. "$GUEST_DIR/sections.bash"
# shellcheck source=tests/guest/mounts.bash
. "$GUEST_DIR/mounts.bash"
# shellcheck source=tests/guest/host-suite.bash
. "$GUEST_DIR/host-suite.bash"

# probe_can_fail OTHER: the probes, told the other kernel, exit 1.
probe_can_fail() {
	local bits prog rc n=0 failed=0
	for bits in 64 32; do
		n=$((n + 1))
		prog=/extra/probe-6.12
		[ "$bits" = 32 ] && prog=/extra/probe-6.12_32
		"$prog" "$1" >/dev/null
		rc=$?
		if [ "$rc" = 1 ]; then
			echo "ok $n - the $bits-bit probe, told this is the $1 kernel, fails"
		else
			echo "not ok $n - the $bits-bit probe, told this is the $1 kernel, exited $rc"
			failed=1
		fi
	done
	echo "1..$n"
	return "$failed"
}

# vdso_skips: upstream's test exits 4 (skip) for want of the symbol.
vdso_skips() {
	local out rc
	out=$(/extra/vdso_test_getrandom 2>&1)
	rc=$?
	printf "# %s\n" "${out//$'\n'/$'\n# '}"
	if [ "$rc" = 4 ] && [[ $out == *"__vdso_getrandom@LINUX_2.6 symbol is missing from vDSO"* ]]; then
		echo "ok 1 - vdso_test_getrandom skips: the vDSO has no __vdso_getrandom"
	else
		echo "not ok 1 - vdso_test_getrandom exited $rc, not a skip for the missing symbol"
	fi
	echo "1..1"
	[ "$rc" = 4 ]
}

cd /tmp || exit 1
echo "guest: $(uname -r), variant $VARIANT (6.12 driver)" >&2
KSELFTEST=/kselftest/getrandom
NO_KSELFTEST="the 6.12 series has no kselftest"
# The mutant kernel's boots (vm/mutants.sh, VM_MODE=early or mutants): the
# one kselftest run each asks for, and no more.
kselftest_alone
other=baseline
[ "$VARIANT" = baseline ] && other=patched
section probe-64 /extra/probe-6.12 "$VARIANT"
section probe-32 /extra/probe-6.12_32 "$VARIANT"
# section runs programs (under timeout): the two checks below are
# functions, so they run in a bash that has them.
export -f probe_can_fail vdso_skips
# shellcheck disable=SC2016 # $1 is the inner bash's
section probe-can-fail bash -c 'probe_can_fail "$1"' - "$other"
if [ "$VARIANT" = baseline ]; then
	# The project's negative control, as tests/guest/run.sh runs it on 6.1:
	# run here, not through that driver, whose sections end by killing
	# every process but PID 1 and their own shell (this one included).
	section negative bats --tap "$GUEST_DIR/baseline.bats"
	section vdso-test-getrandom bash -c vdso_skips
	exit "$status"
fi
# The kselftest as tests/guest/run.sh runs it on 6.1: first, before
# anything has initialized the pool, the early program (tests/guest/early.sh
# fails any skip: the run was not early), then the others' checks, then
# the program for a ready crng, as root, as an ordinary user and under a
# memory limit too small for its 8 MiB buffers (what they withhold must
# skip, never fail).
for bits in 64 32; do
	section_of "kselftest-$bits-early" "${KSELFTEST}_early_test_$bits" "$NO_KSELFTEST" \
		"$GUEST_DIR/early.sh" "${KSELFTEST}_early_test_$bits"
done
section uninitialized bats --tap "$GUEST_DIR/uninitialized.bats"
section vdso-test-getrandom /extra/vdso_test_getrandom
section vdso-test-chacha /extra/vdso_test_chacha
host_suite_section || exit 1
kselftest_sections
exit "$status"
