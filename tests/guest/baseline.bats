#!/usr/bin/env bats
# The negative control, run in the guest on the baseline kernel (the tree
# with getrandom(2) taken out). It asserts exactly what must fail there and
# why: every way the CLI reaches getrandom(2) exits 1 with the ENOSYS
# message, while what needs no system call still works; in the
# uninitialized-pool suite the tests that call getrandom(2) fail and the
# harness checks pass; each kselftest program skips its whole run with the
# reason that getrandom(2) is not implemented, as kselftests do for a
# missing system call. This proves that the suites exercise the patch.
# Call (in the guest): bats --tap /tests/guest/baseline.bats
bats_require_minimum_version 1.5.0

GETRANDOM=${GETRANDOM:-getrandom}
ENOSYS_MESSAGE="getrandom: getrandom(2) is not available: Function not implemented (Linux 3.17 or later is needed)"

# assert_enosys ARGS...: getrandom ARGS exits 1, writes nothing on
# standard output and says that the system call is missing.
assert_enosys() {
	run -1 --separate-stderr "$GETRANDOM" "$@"
	[ -z "$output" ] || { echo "stdout: $output"; return 1; }
	[ "$stderr" = "$ENOSYS_MESSAGE" ] || { echo "stderr: $stderr"; return 1; }
}

# Runs a nested bats suite with a clean environment (by its full path:
# bats puts its internal libexec/bats-core/bats first in $PATH).
nested_bats() {
	env -i PATH=/bin:/sbin:/usr/bin:/usr/sbin HOME="$HOME" TMPDIR="$TMPDIR" \
		GETRANDOM="$GETRANDOM" /usr/bin/bats --tap "$@"
}

# assert_skipped_enosys PROGRAM: the kselftest program skips its whole
# run (status 4, KSFT_SKIP), with the plan "1..0" and the reason
# "getrandom(2) not implemented", and runs no test.
assert_skipped_enosys() {
	[ -x "$1" ] || { echo "$1 missing"; return 1; }
	run -4 "$1"
	echo "# $1: $(grep -F '1..' <<<"$output")" >&3
	grep -qxF '1..0 # SKIP getrandom(2) not implemented' <<<"$output" || { echo "$output"; return 1; }
	run ! grep -E '^(not )?ok ' <<<"$output"
}

# First: later the kernel may have initialized its pool by itself, and the
# harness check that it has not would fail for that reason alone.
@test "baseline: in the uninitialized-pool suite, exactly the tests that call getrandom(2) fail" {
	local line name ran=0
	run ! nested_bats /tests/guest/uninitialized.bats
	while IFS= read -r line; do
		[[ $line =~ ^(not\ )?ok\ [0-9]+\ (.*)$ ]] || continue
		name=${BASH_REMATCH[2]}
		ran=$((ran + 1))
		if [[ $name == harness:* ]]; then
			[[ $line == ok* ]] || { echo "a harness check failed: $line"; return 1; }
		else
			[[ $line == not\ ok* ]] || { echo "passed without getrandom(2): $line"; return 1; }
		fi
	done <<<"$output"
	echo "# $ran nested tests, each as expected" >&3
	[ "$ran" -ge 3 ]
}

@test "baseline: a plain read exits 1 with the ENOSYS message" {
	assert_enosys --bytes 1
}

@test "baseline: --nonblock, --insecure and --timeout exit 1 with the ENOSYS message" {
	assert_enosys --nonblock --bytes 16 --hex
	assert_enosys --insecure --bytes 16 --hex
	assert_enosys --timeout=1 --bytes 16 --hex
}

@test "baseline: --check exits 1 with the ENOSYS message, not 0 or 3" {
	assert_enosys --check
}

@test "baseline: what needs no system call still works (the failure is getrandom(2) alone)" {
	run -0 "$GETRANDOM" --help
	[[ $output == Usage:* ]]
	run -2 "$GETRANDOM" --bytes nonsense
}

@test "baseline: every kselftest program, 64-bit and 32-bit, skips: getrandom(2) not implemented" {
	local p
	for p in /kselftest/getrandom_test_64 /kselftest/getrandom_test_32 \
		/kselftest/getrandom_early_test_64 /kselftest/getrandom_early_test_32; do
		assert_skipped_enosys "$p"
	done
}
