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

@test "--threads= offers the powers of two from 1 to 1024" {
	run -0 completes --threads =
	[ "$output" = "$(printf '%s\n' 1 2 4 8 16 32 64 128 256 512 1024 | sort)" ]
}

@test "-j 1 offers 1, 16, 128 and 1024" {
	run -0 completes -j 1
	[ "$output" = "$(printf '%s\n' 1 16 128 1024 | sort)" ]
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

# in_dir DIR WORD...: completes like `completes`, from DIR.
in_dir() {
	local dir=$1
	shift
	cd "$dir" && completes "$@"
}

# file_cases: the names that broke word splitting and globbing.
file_cases() {
	cd "$BATS_TEST_TMPDIR" && mkdir names && cd names &&
		touch "my key" "key" "star*" "starfish" "it's" "[ab]" "a"
}

@test "-o completes a name with a blank as one name (compgen alone)" {
	file_cases
	run -0 in_dir "$BATS_TEST_TMPDIR/names" -o my
	[ "$output" = "my key" ]
}

@test "-o does not glob-expand the names it found (compgen alone)" {
	file_cases
	run -0 in_dir "$BATS_TEST_TMPDIR/names" -o star
	[ "$output" = $'star*\nstarfish' ]
	run -0 in_dir "$BATS_TEST_TMPDIR/names" -o '['
	[ "$output" = '[ab]' ]
}

@test "-o completes what was typed with a quote or a backslash (compgen alone)" {
	file_cases
	run -0 in_dir "$BATS_TEST_TMPDIR/names" -o '"my k'
	[ "$output" = "my key" ]
	run -0 in_dir "$BATS_TEST_TMPDIR/names" -o 'my\ '
	[ "$output" = "my key" ]
	run -0 in_dir "$BATS_TEST_TMPDIR/names" -o "it\\'"
	[ "$output" = "it's" ]
}

@test "-o completes file names with bash-completion's _filedir where it is loaded" {
	local lib=/usr/share/bash-completion/bash_completion
	[ -f "$lib" ] || skip "bash-completion is not installed"
	file_cases
	run -0 bash -c 'source "$1" && source "$2" && cd "$3" &&
		declare -F _filedir >/dev/null &&
		COMP_WORDS=(getrandom -o "$4") && COMP_CWORD=2 && _getrandom &&
		printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$lib" "$COMPLETION" \
		"$BATS_TEST_TMPDIR/names" my
	[ "$output" = "my key" ]
	run -0 bash -c 'source "$1" && source "$2" && cd "$3" &&
		COMP_WORDS=(getrandom --output = "$4") && COMP_CWORD=3 && _getrandom &&
		printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$lib" "$COMPLETION" \
		"$BATS_TEST_TMPDIR/names" star
	[ "$output" = $'star*\nstarfish' ]
}

@test "--uuid= offers the versions 4 and 7" {
	run -0 completes --uuid =
	[ "$output" = $'4\n7' ]
}

@test "--uuid followed by a space offers options, not versions" {
	run -0 completes --uuid --ra
	[ "$output" = $'--random\n--range=' ]
	run -0 completes --uuid ''
	[[ $output != *$'\n4\n'* ]]
	[[ $output == *--uuid* ]]
}

@test "--owner offers user names and --group group names" {
	run -0 completes --owner ro
	[[ $'\n'$output$'\n' == *$'\nroot\n'* ]]
	run -0 completes --group roo
	[[ $'\n'$output$'\n' == *$'\nroot\n'* ]]
}

@test "--mode, --range, --password and --sample offer values that getrandom accepts" {
	local option value
	for option in --mode --range --password --sample --words; do
		run -0 completes "$option" ''
		[ -n "$output" ]
		for value in $output; do
			case $option in
			--mode) run "$GETRANDOM" -n 1 --mode "$value" \
				--output "$BATS_TEST_TMPDIR/m$value" ;;
			--sample) run "$GETRANDOM" "$option" "$value" --range 1-9 ;;
			*) run "$GETRANDOM" "$option" "$value" ;;
			esac
			[ "$status" -eq 0 ] || fail_with "$option $value: $output"
		done
	done
}

@test "--wordlist completes file names" {
	mkdir "$BATS_TEST_TMPDIR/names" && : >"$BATS_TEST_TMPDIR/names/words.txt"
	run -0 bash -c 'source "$1" && cd "$2" &&
		COMP_WORDS=(getrandom --wordlist wo) && COMP_CWORD=2 && _getrandom &&
		printf "%s\n" "${COMPREPLY[@]}"' _ "$COMPLETION" "$BATS_TEST_TMPDIR/names"
	[ "$output" = words.txt ]
}

@test "--uuid-format offers every format, each one getrandom accepts" {
	local value
	run -0 completes --uuid-format ''
	[ "$output" = "$(printf '%s\n' canonical hex urn braces upper hex,upper urn,upper braces,upper | sort)" ]
	for value in $output; do
		run "$GETRANDOM" --uuid --uuid-format "$value"
		[ "$status" -eq 0 ] || fail_with "--uuid-format $value: $output"
	done
	run -0 completes --uu
	[ "$output" = $'--uuid\n--uuid-format=' ]
}
