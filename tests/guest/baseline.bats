#!/usr/bin/env bats
# The negative control, run in the guest on the baseline kernel (the tree
# with getrandom(2) taken out): the CLI must report the missing system call
# and the suites that pass on the patched kernel must not pass here. This
# proves that they exercise the patch.
# Call (in the guest): bats --tap /tests/guest/baseline.bats
bats_require_minimum_version 1.5.0

GETRANDOM=${GETRANDOM:-getrandom}

# Runs a nested bats suite with a clean environment (by its full path:
# bats puts its internal libexec/bats-core/bats first in $PATH).
nested_bats() {
	env -i PATH=/bin:/sbin:/usr/bin:/usr/sbin HOME="$HOME" TMPDIR="$TMPDIR" \
		GETRANDOM="$GETRANDOM" /usr/bin/bats --tap "$@"
}

# Succeeds when the nested run in $output ran tests and some failed;
# says how many on the TAP stream.
some_tests_failed() {
	local failed total
	failed=$(grep -c '^not ok ' <<<"$output" || true)
	total=$(grep -cE '^(not )?ok ' <<<"$output" || true)
	echo "# $failed of $total tests failed, as they should" >&3
	[ "$failed" -gt 0 ]
}

# Succeeds when kselftest output $output with status $status failed, or
# skipped every test.
failed_or_skipped() {
	echo "# kselftest exit status $status;" \
		"$(grep -c '^ok .*# SKIP' <<<"$output" || true) skipped," \
		"$(grep -c '^not ok ' <<<"$output" || true) failed" >&3
	[ "$status" != 0 ] && return 0
	! grep -E '^ok ' <<<"$output" | grep -vq '# SKIP'
}

@test "baseline: CLI reports missing getrandom(2)" {
	run -1 --separate-stderr "$GETRANDOM" --bytes 16 --hex
	[ -z "$output" ]
	[[ $stderr == *"getrandom(2)"* ]]
}

@test "baseline: --check exits 1, not 0 or 3" {
	run -1 "$GETRANDOM" --check
}

@test "baseline: the uninitialized-pool tests do not pass" {
	run ! nested_bats /tests/guest/uninitialized.bats
	some_tests_failed
}

@test "baseline: the host bats suite does not pass" {
	local files=(/tests/*.bats)
	[ -f "${files[0]}" ]
	run ! nested_bats "${files[@]}"
	some_tests_failed
}

@test "baseline: the 64-bit kselftest fails or skips" {
	[ -x /kselftest/getrandom_test ]
	run /kselftest/getrandom_test
	failed_or_skipped
}

@test "baseline: the 32-bit kselftest fails or skips" {
	[ -x /kselftest/getrandom_test_32 ]
	run /kselftest/getrandom_test_32
	failed_or_skipped
}
