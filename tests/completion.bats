#!/usr/bin/env bats
# cli/completion.bash: bash completion for getrandom's options and values.
# It is sourced here and its function called as bash's completion would.
# Call: bats tests/completion.bats (GETRANDOM=path to test another binary)
load helpers

COMPLETION=$BATS_TEST_DIRNAME/../cli/completion.bash

setup() {
	OUT=$BATS_TEST_TMPDIR/out
	# The guest gets the tests without the sources: nothing to check.
	[ -f "$COMPLETION" ] || skip "no cli/completion.bash next to the tests"
	type complete >/dev/null 2>&1 || skip "this bash has no programmable completion"
	source "$COMPLETION"
}

# completes WORD...: prints, one a line, sorted, what completing the last
# WORD of "getrandom WORD..." offers.
completes() {
	COMP_WORDS=(getrandom "$@")
	COMP_CWORD=$#
	COMPREPLY=()
	_getrandom
	printf '%s\n' "${COMPREPLY[@]}" | sort
}

@test "the completion is registered for getrandom" {
	run -0 complete -p getrandom
	[[ $output == *"-F _getrandom"* ]]
}

@test "--he completes to --help and --hex" {
	run -0 completes --he
	[ "$output" = $'--help\n--hex' ]
}

@test "--ba completes to every base format" {
	run -0 completes --ba
	[ "$output" = $'--base16\n--base32\n--base64\n--base64url' ]
}

@test "--wrap= offers the widths people use" {
	run -0 completes --wrap=
	[ "$output" = $'--wrap=0\n--wrap=64\n--wrap=76' ]
}

@test "-C offers counts that getrandom accepts" {
	local count
	run -0 completes -C ''
	[ -n "$output" ]
	for count in $output; do
		"$GETRANDOM" --hex --count "$count" >"$OUT"
		[ "$(wc -l <"$OUT")" -eq "$count" ]
	done
}

@test "an empty word offers every long option of --help" {
	local expected
	expected=$("$GETRANDOM" --help | grep -E -- "^ +(-[a-zA-Z], )?--" |
		sed -E "s/^ +(-[a-zA-Z], )?(--[a-z0-9-]+=?).*/\\2/" | sort -u)
	run -0 completes ''
	[ "$output" = "$expected" ]
}

@test "--threads= offers 1 to 16" {
	run -0 completes --threads =
	[ "$output" = "$(printf '%s\n' {1..16} | sort)" ]
}

@test "-j 1 offers 1 and 10 to 16" {
	run -0 completes -j 1
	[ "$output" = "$(printf '%s\n' 1 {10..16})" ]
}

@test "--output= completes file names" {
	touch "$BATS_TEST_TMPDIR/key.bin" "$BATS_TEST_TMPDIR/other"
	run -0 completes --output = "$BATS_TEST_TMPDIR/ke"
	[ "$output" = "$BATS_TEST_TMPDIR/key.bin" ]
}

@test "-o completes file names" {
	touch "$BATS_TEST_TMPDIR/key.bin"
	run -0 completes -o "$BATS_TEST_TMPDIR/ke"
	[ "$output" = "$BATS_TEST_TMPDIR/key.bin" ]
}

@test "--output=FILE completes when = does not split words" {
	touch "$BATS_TEST_TMPDIR/key.bin"
	run -0 completes "--output=$BATS_TEST_TMPDIR/ke"
	[ "$output" = "--output=$BATS_TEST_TMPDIR/key.bin" ]
}

@test "--timeout offers nothing to complete" {
	run -0 completes --timeout ''
	[ -z "$output" ]
}

@test "--bytes offers sizes that getrandom accepts" {
	run -0 completes --bytes ''
	[ -n "$output" ]
	local size
	for size in $output; do
		run bash -c '"$GETRANDOM" --bytes "$1" | head -c 1 >/dev/null
			exit "${PIPESTATUS[0]}"' _ "$size"
		[ "$status" -eq 0 ] || [ "$status" -eq 141 ]
	done
}
