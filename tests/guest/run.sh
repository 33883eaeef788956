#!/bin/bash
# The guest's test driver: /init runs it with standard output on the result
# port, so everything it prints is TAP, one section per suite, each section
# starting with a "# vm-tap: NAME" line (vm/check.sh splits them into
# build/tap/guest-VARIANT-NAME.tap). Exit status 0 when every section passed.
# Call (in the guest): /tests/guest/run.sh, with VM_VARIANT=patched|baseline
# in the environment (from the kernel command line), and optionally
# VM_TESTS=a.bats,b.bats to run only those host test files (no kselftest).
set -u

export GETRANDOM=/bin/getrandom
export BATS_TEST_TIMEOUT=${VM_TEST_TIMEOUT:-120}
# Tells the host suite it runs in the guest (TCG: slow; no strace, no libc).
export GETRANDOM_IN_VM=1
VARIANT=${VM_VARIANT:-patched}
SECTION_TIMEOUT=${VM_SECTION_TIMEOUT:-600}
status=0

# Kills what a suite left running (only PID 1 and this shell stay), so that
# a stray background process cannot hold the next section up.
kill_stragglers() {
	local p
	for p in /proc/[0-9]*; do
		p=${p#/proc/}
		[ "$p" = 1 ] || [ "$p" = $$ ] || kill -9 "$p" 2>/dev/null
	done
	return 0
}

# Runs one suite as a TAP section; a failure without a "not ok" line of its
# own (a crash, a timeout) gets one. Its output goes to a file first: a
# pipe would wait for every process the suite left behind.
section() {
	local name=$1 out=/tmp/section.out rc
	shift
	echo "# vm-tap: $name"
	echo "== $name" >&2
	timeout "$SECTION_TIMEOUT" "$@" >"$out"
	rc=$?
	kill_stragglers
	cat "$out"
	if [ "$rc" != 0 ]; then
		status=1
		grep -q '^not ok' "$out" ||
			echo "not ok 1000 - $name exited with status $rc"
	fi
}

# Runs a section whose program must be in the initramfs, or fails it
# with the reason.
section_of() {
	local name=$1 prog=$2 why=$3
	if [ -e "$prog" ]; then
		shift 3
		[ $# = 0 ] && set -- "$prog"
		section "$name" "$@"
		return
	fi
	echo "# vm-tap: $name"
	echo "1..1"
	echo "not ok 1 - $prog missing: $why"
	status=1
}

cd /tmp || exit 1
echo "guest: $(uname -r), variant $VARIANT" >&2
if [ "$VARIANT" = baseline ]; then
	# One of its tests runs the whole host suite: no per-test limit.
	section negative env -u BATS_TEST_TIMEOUT bats --tap /tests/guest/baseline.bats
else
	# First, while nothing has initialized the entropy pool yet: the
	# kselftests test the waiting (keeping each wait short, so the pool
	# stays uninitialized), then the CLI's checks.
	if [ -z "${VM_TESTS:-}" ]; then
		section_of kselftest-64-early /kselftest/getrandom_test "kernel-patch/ has no kselftest yet"
		section_of kselftest-32-early /kselftest/getrandom_test_32 "kernel-patch/ has no kselftest yet"
	fi
	section uninitialized bats --tap /tests/guest/uninitialized.bats
	if [ -n "${VM_TESTS:-}" ]; then
		# Only the host test files named (vm/run.sh's VM_TESTS=a.bats,b.bats).
		IFS=, read -ra suite <<<"$VM_TESTS"
		suite=("${suite[@]##*/}")
		suite=("${suite[@]/#//tests/}")
	else
		suite=(/tests/*.bats)
	fi
	section_of bats "${suite[0]}" "no ${suite[0]} in the initramfs" \
		bats --tap "${suite[@]}"
	if [ -z "${VM_TESTS:-}" ]; then
		section_of kselftest-64 /kselftest/getrandom_test "kernel-patch/ has no kselftest yet"
		section_of kselftest-32 /kselftest/getrandom_test_32 "kernel-patch/ has no kselftest yet"
	fi
fi
exit "$status"
