#!/usr/bin/env bats
# The negative control, run in the guest on the baseline kernel (the tree
# with getrandom(2) taken out): the CLI must report the missing system call
# and the suites that pass on the patched kernel must not pass here. This
# proves that they exercise the patch.
# Call (in the guest): bats --tap /tests/guest/baseline.bats
bats_require_minimum_version 1.5.0

GETRANDOM=${GETRANDOM:-getrandom}

# Runs a nested bats suite with a clean environment.
nested_bats() {
	env -i PATH="$PATH" HOME="$HOME" TMPDIR="$TMPDIR" GETRANDOM="$GETRANDOM" \
		bats --tap "$@"
}

# Succeeds when kselftest output $output with status $status failed, or
# skipped every test.
failed_or_skipped() {
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
}

@test "baseline: the host bats suite does not pass" {
	local files=(/tests/*.bats)
	[ -f "${files[0]}" ]
	run ! nested_bats "${files[@]}"
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
