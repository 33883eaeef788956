#!/usr/bin/env bats
# Statistical sanity of what the tool writes.  This does not test the
# kernel's generator; it catches encoder and buffer bugs (a stuck byte, an
# unfilled or reused buffer, a wrong digit table) that exact byte counts
# cannot see.
#
# rngtest (rng-tools5) runs the FIPS 140-2 tests on 20000-bit blocks.  A
# good source fails a block about 0.08% of the time (measured here: 82
# failures in 100000 blocks of getrandom output), so 1000 blocks give on
# average 0.8 failures.  Allowing up to 6 makes a false alarm about
# 1 in 12000 per test (Poisson(0.82), P(X >= 7) = 8e-5); any of the bugs
# above fails nearly every block.

bats_require_minimum_version 1.5.0
load helpers

BLOCKS=1000
MAX_FAILURES=6
# 1000 blocks of 2500 bytes, plus the 4 bytes rngtest reads first.
BYTES=2500004

setup_file() {
	build_tools
}

setup() {
	require rngtest "rngtest is not installed (Debian: rng-tools5)"
	f=$BATS_TEST_TMPDIR/data
}

# fips FILE: FILE passes rngtest within the false-alarm allowance.
fips() {
	local failures

	[ "$(size "$1")" -ge "$BYTES" ] || { echo "$1: too short for $BLOCKS blocks" >&2; return 1; }
	rngtest -c "$BLOCKS" <"$1" 2>"$1.rngtest" || true
	failures=$(sed -n 's/^rngtest: FIPS 140-2 failures: //p' "$1.rngtest")
	echo "rngtest: ${failures:-?} of $BLOCKS blocks failed" >&2
	grep '^rngtest: FIPS 140-2' "$1.rngtest" >&2
	[ -n "$failures" ] && [ "$failures" -le "$MAX_FAILURES" ]
}

@test "raw output passes FIPS 140-2 (rngtest), one thread" {
	"$GETRANDOM" --bytes $BYTES --threads 1 >"$f"
	fips "$f"
}

@test "raw output passes FIPS 140-2 (rngtest), parallel fill" {
	"$GETRANDOM" --bytes $BYTES --threads 4 >"$f"
	fips "$f"
}

@test "decoded hex passes FIPS 140-2 (rngtest), one thread" {
	"$GETRANDOM" --bytes $BYTES --threads 1 --hex | hex_decoded >"$f"
	fips "$f"
}

@test "decoded hex passes FIPS 140-2 (rngtest), parallel fill" {
	"$GETRANDOM" --bytes $BYTES --threads 4 --hex | hex_decoded >"$f"
	fips "$f"
}

@test "decoded base64 passes FIPS 140-2 (rngtest), one thread" {
	"$GETRANDOM" --bytes $BYTES --threads 1 --base64 | base64 -d >"$f"
	fips "$f"
}

@test "decoded base64 passes FIPS 140-2 (rngtest), parallel fill" {
	"$GETRANDOM" --bytes $BYTES --threads 4 --base64 | base64 -d >"$f"
	fips "$f"
}

@test "--output files pass FIPS 140-2 (rngtest)" {
	"$GETRANDOM" --bytes $BYTES --output "$f"
	fips "$f"
}

@test "rngtest does fail output with one stuck byte in 64 (the check can fail)" {
	"$GETRANDOM" --bytes $BYTES --threads 1 |
		perl -0777 -pe 's/(.{63})./$1\0/gs' >"$f"
	run ! fips "$f"
}

@test "no 64-byte block repeats in 256 MiB, one thread" {
	"$GETRANDOM" --bytes 256M --threads 1 >"$f"
	run -0 "$BATS_FILE_TMPDIR/dupblocks" "$f"
	[ "$output" = "4194304 blocks, 0 repeated" ]
}

@test "no 64-byte block repeats in 256 MiB, parallel fill" {
	"$GETRANDOM" --bytes 256M --threads 4 >"$f"
	run -0 "$BATS_FILE_TMPDIR/dupblocks" "$f"
	[ "$output" = "4194304 blocks, 0 repeated" ]
}

@test "dupblocks does find a repeated block (the check can fail)" {
	"$GETRANDOM" --bytes 6400 >"$f"
	head -c 64 "$f" >>"$f.tail"
	cat "$f.tail" >>"$f"
	run -1 "$BATS_FILE_TMPDIR/dupblocks" "$f"
	[ "${lines[-1]}" = "101 blocks, 1 repeated" ]
}
