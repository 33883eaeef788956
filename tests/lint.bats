#!/usr/bin/env bats
# The suite's own files: no test line that cannot fail.
# Call: bats tests/lint.bats
load helpers

BARE_BANG=$BATS_TEST_DIRNAME/tools/bare-bang.sh

@test "lint: no test file has a bare ! line that cannot fail its test" {
	run "$BARE_BANG" "$TESTS"/*.bats "$TESTS"/guest/*.bats "$TESTS"/*.bash
	[ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "lint: the check flags a bare ! in mid-test, and only there" {
	# Built line by line: bats would take an "@test" at a line's start
	# here for one of its own.
	local t=$BATS_TEST_TMPDIR/t.bats
	printf '%s\n' '@test "bad" {' '	! grep -q x file' '	true' '}' \
		'@test "good" {' '	run ! grep -q x file' \
		'	! grep -q y file || false' '	if true &&' \
		'		! grep -q z file; then :; fi' '	! grep -q w file' '}' >"$t"
	run -1 "$BARE_BANG" "$t"
	[ "$output" = "$t:2: 	! grep -q x file" ]
}
