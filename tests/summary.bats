#!/usr/bin/env bats
# tests/summary.sh, which prints the line CI reads: what each TAP file
# says, and a run cut short (fewer results than its plan) counted as failed.
# Call: bats tests/summary.bats
load helpers

SUMMARY=$BATS_TEST_DIRNAME/summary.sh

@test "summary: passes, failures and skips are counted per file and in total" {
	printf '1..3\nok 1 a\nok 2 b # skip no tool\nnot ok 3 c\n' >"$BATS_TEST_TMPDIR/one.tap"
	printf '1..1\nok 1 d in 12ms\n' >"$BATS_TEST_TMPDIR/two.tap"
	run -1 "$SUMMARY" "$BATS_TEST_TMPDIR/one.tap" "$BATS_TEST_TMPDIR/two.tap"
	[ "${lines[0]}" = "one: 1 passed, 1 failed, 1 skipped" ]
	[ "${lines[1]}" = "two: 1 passed, 0 failed, 0 skipped" ]
	[ "${lines[2]}" = "2 passed, 1 failed, 1 skipped" ]
}

@test "summary: a run with every planned result and no failure exits 0" {
	printf '1..2\nok 1 a\nok 2 b\n' >"$BATS_TEST_TMPDIR/all.tap"
	run -0 "$SUMMARY" "$BATS_TEST_TMPDIR/all.tap"
	[ "${lines[-1]}" = "2 passed, 0 failed, 0 skipped" ]
}

@test "summary: tests the plan promised that never reported count as failed" {
	# What bats printed when a test was killed from outside: "Executed 2
	# instead of expected 4 tests", with no "not ok" line for the rest.
	printf '1..4\nok 1 a\nok 2 b\n' >"$BATS_TEST_TMPDIR/cut.tap"
	run -1 "$SUMMARY" "$BATS_TEST_TMPDIR/cut.tap"
	[ "${lines[-1]}" = "2 passed, 2 failed, 0 skipped" ]
}
