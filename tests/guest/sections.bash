#!/bin/bash
# shellcheck disable=SC2034 # status is run.sh's, which reports it
# The guest driver's TAP sections: one suite run as one section of the
# result port's output, a "# vm-tap: NAME" line first. Not run on its own:
# sourced by tests/guest/run.sh, whose globals it uses and sets:
#   SECTION_TIMEOUT (seconds a section may take), SECTION_NOTE (a comment
#   line for the next section, optional), status (set to 1 on a failure).
# Usage: section NAME CMD [ARG]...; section_of NAME PROG WHY [CMD [ARG]...]
# No set -e, as in run.sh: a failing suite is reported, and the next runs.
set -u

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
	[ -z "${SECTION_NOTE:-}" ] || echo "# $SECTION_NOTE"
	echo "== $name" >&2
	: >"$out"
	# The console (build/console-VARIANT.log) shows the TAP as it comes,
	# to follow a long section; the file stays what is reported.
	tail -f "$out" >&2 &
	timeout "$SECTION_TIMEOUT" "$@" >"$out"
	rc=$?
	kill_stragglers
	cat "$out"
	# busybox's timeout exits 143 (killed by SIGTERM), coreutils' 124.
	if [ "$rc" = 124 ] || [ "$rc" = 143 ]; then
		status=1
		echo "not ok 1000 - $name killed at its limit of ${SECTION_TIMEOUT} s, after" \
			"$(grep -cE '^(not )?ok ' "$out") tests (the last is named above)"
	elif [ "$rc" != 0 ]; then
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

# The kselftest once the pool is ready, one section each: 64-bit, 32-bit,
# as the user nobody, and under a memory limit that leaves room for the
# static program and its small buffers, none for its 8 MiB ones.  What an
# ordinary user or that limit withholds must skip, never fail.  Both
# guests' drivers (6.1's and 6.12's) run it.  KSELFTEST: the programs'
# path without _test_BITS; NO_KSELFTEST: why they would be missing.
kselftest_sections() {
	section_of kselftest-64 "${KSELFTEST}_test_64" "$NO_KSELFTEST"
	section_of kselftest-32 "${KSELFTEST}_test_32" "$NO_KSELFTEST"
	section_of kselftest-64-user "${KSELFTEST}_test_64" "$NO_KSELFTEST" \
		su -s /bin/sh nobody -c "${KSELFTEST}_test_64"
	section_of kselftest-64-ulimit "${KSELFTEST}_test_64" "$NO_KSELFTEST" \
		sh -c "ulimit -v 4096 && exec ${KSELFTEST}_test_64"
}

# kselftest_alone: for vm/mutants.sh's boots (VM_MODE from the kernel
# command line), the one kselftest run the mode asks for, then exits with
# the status; for VM_MODE=run (the default), returns.
#   early: the 64-bit program of the early state, whose last test
#     (GETRANDOM_TEST_WAKE=1) ends that state: a boot of its own;
#   mutants: the 64-bit program once the crng is ready, once per number in
#     VM_MUTANTS=0,1,2 written to the mutant kernel's getrandom_mutant
#     parameter, a section mutant-N each.
# Both guests' drivers call it, with KSELFTEST and NO_KSELFTEST set.
kselftest_alone() {
	local mutants n
	case ${VM_MODE:-run} in
	early)
		GETRANDOM_TEST_WAKE=1 section_of kselftest-64-wake "${KSELFTEST}_early_test_64" \
			"$NO_KSELFTEST" "${BASH_SOURCE[0]%/*}/early.sh" "${KSELFTEST}_early_test_64"
		exit "$status" ;;
	mutants)
		# A read of /dev/random returns once the crng is ready.
		head -c 1 /dev/random >/dev/null
		IFS=, read -ra mutants <<<"${VM_MUTANTS:-0}"
		for n in "${mutants[@]}"; do
			if echo "$n" >/sys/module/random/parameters/getrandom_mutant; then
				section_of "mutant-$n" "${KSELFTEST}_test_64" "$NO_KSELFTEST"
			else
				printf '# vm-tap: mutant-%s\n1..1\nnot ok 1 - %s\n' "$n" \
					"no getrandom_mutant parameter: not the mutant kernel"
				status=1
			fi
		done
		exit "$status" ;;
	esac
}
