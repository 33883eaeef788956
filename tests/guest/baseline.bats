#!/usr/bin/env bats
# The negative control, run in the guest on the baseline kernel (the tree
# with getrandom(2) taken out). It asserts exactly what must fail there and
# why: every way the CLI reaches getrandom(2) exits 1 with the ENOSYS
# message, while what needs no system call still works; in the
# uninitialized-pool suite the tests that call getrandom(2) fail and the
# harness checks pass; the kselftest skips every test, each with the reason
# that getrandom(2) is not implemented, as kselftests do for a missing
# system call. This proves that the suites exercise the patch.
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

# assert_all_skipped_enosys: the kselftest run in $output/$status ran
# its tests (at least 20) and skipped every one of them, each with the
# reason "getrandom(2) not implemented" and no other.
assert_all_skipped_enosys() {
	local results skipped
	results=$(grep -cE '^(not )?ok [0-9]+ ' <<<"$output" || true)
	# 6.1's harness writes "ok N # SKIP why", 6.12's "ok N NAME # SKIP why".
	skipped=$(grep -cxE 'ok [0-9]+( [A-Za-z0-9_.]+)? # SKIP getrandom\(2\) not implemented' <<<"$output" || true)
	echo "# kselftest exit status $status; $skipped of $results tests skipped for ENOSYS" >&3
	[ "$results" -ge 20 ] || { echo "$output"; return 1; }
	[ "$skipped" -eq "$results" ] || { grep -E '^(not )?ok ' <<<"$output"; return 1; }
	# The harness exits 0 when nothing failed.
	[ "$status" -eq 0 ]
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

@test "baseline: the 64-bit kselftest skips every test: getrandom(2) not implemented" {
	[ -x /kselftest/getrandom_test ]
	run /kselftest/getrandom_test
	assert_all_skipped_enosys
}

@test "baseline: the 32-bit kselftest skips every test: getrandom(2) not implemented" {
	[ -x /kselftest/getrandom_test_32 ]
	run /kselftest/getrandom_test_32
	assert_all_skipped_enosys
}
