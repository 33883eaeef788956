#!/usr/bin/env bats
# The completions for bash, zsh and fish, which make generates from
# cli/option-table.h into build/completion/.  bash's is sourced here and
# its function called as bash's completion would; zsh's and fish's are
# run by the shells themselves (tests/tools/zsh-complete.zsh drives an
# interactive zsh; fish answers `complete -C`).
# Call: bats tests/completion.bats (GETRANDOM=path to test another binary)
load helpers

COMPLETIONS=$BATS_TEST_DIRNAME/../build/completion
COMPLETION=$COMPLETIONS/getrandom.bash

setup() {
	common_setup
	[ -f "$COMPLETION" ] || fail_with "$COMPLETION is not built: run make"
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

# zsh_completes LINE: what zsh offers at the end of "getrandom LINE".
zsh_completes() {
	"$BATS_TEST_DIRNAME/tools/zsh-complete.zsh" "$COMPLETIONS" "getrandom $1"
}

# fish_completes LINE: what fish offers at the end of "getrandom LINE".
fish_completes() {
	fish --no-config -c 'source $argv[1]; complete -C"getrandom $argv[2]"' \
		"$COMPLETIONS/getrandom.fish" "$1" | cut -f 1 | sort -u
}

# help_options: every long option --help lists, "--bytes=" for one with a value.
help_options() {
	"$GETRANDOM" --help | grep -E -- "^ +(-[a-zA-Z], )?--" |
		sed -E "s/^ +(-[a-zA-Z], )?(--[a-z0-9-]+=?).*/\\2/" | sort -u
}

# valued_options: the long options that take a value, without "=": the
# optional ones (--uuid[=VERSION]) too.
valued_options() {
	help_options | sed -n 's/=$//p'
	joined_options
}

# joined_options: the options whose value is optional, so only ever
# joined (--uuid=7): "--uuid[=VERSION]" in --help.
joined_options() {
	"$GETRANDOM" --help | grep -oE -- '--[a-z0-9-]+\[=' | tr -d '[='
}

# is_joined OPTION: OPTION's value is only ever joined.
is_joined() {
	joined_options | grep -qx -- "$1"
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
	run -0 completes ''
	[ "$output" = "$(help_options)" ]
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

@test "--timeout and --bytes offer a value in each of their units" {
	local unit
	run -0 completes --timeout ''
	for unit in s m h d; do
		[[ $output =~ (^|$'\n')[0-9]+$unit($'\n'|$) ]] || fail_with "--timeout: no $unit in $output"
	done
	run -0 completes --bytes ''
	for unit in B K KiB kB M MiB MB G GiB GB; do
		[[ $output =~ (^|$'\n')[0-9]+$unit($'\n'|$) ]] || fail_with "--bytes: no $unit in $output"
	done
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

@test "--charset and --require offer the classes' names, in bash, zsh and fish" {
	local classes rule_classes option
	classes=$(grep -o 'X("[a-z0-9]*", ' "$BATS_TEST_DIRNAME/../cli/charset-classes.h" |
		sed 's/X("\(.*\)", /\1/' | sort)
	[ "$(wc -l <<<"$classes")" -ge 15 ] || fail_with "classes: $classes"
	# print is every character a --charset holds: a rule of it has no effect.
	rule_classes=$(grep -vx print <<<"$classes")
	for option in --charset -s; do
		run -0 completes "$option" ''
		[ "$output" = "$classes" ] || fail_with "bash $option: $output"
	done
	run -0 completes --require ''
	[ "$output" = "$rule_classes" ] || fail_with "bash --require: $output"
	run -0 completes --charset =
	[ "$output" = "$classes" ]
	run -0 completes -s base
	[ "$output" = $'base32\nbase58\nbase64\nbase64url' ]
	# Each is the class: drawn from, it gives more than its own letters.
	for option in $classes; do
		"$GETRANDOM" -p 200 -s "$option" | grep -q "[^$option]" ||
			fail_with "-s $option draws only its letters"
	done
	require zsh
	require fish
	run -0 zsh_completes "--require "
	[ "$output" = "$rule_classes" ] || fail_with "zsh: $output"
	run -0 fish_completes "--charset "
	[ "$output" = "$classes" ] || fail_with "fish: $output"
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

@test "zsh and fish offer every long option of --help" {
	require zsh
	require fish
	local expected
	expected=$(help_options | tr -d =)
	run -0 zsh_completes --
	[ "$output" = "$expected" ] || fail_with "zsh: $output"
	run -0 fish_completes --
	[ "$output" = "$expected" ] || fail_with "fish: $output"
}

# values_by SHELL OPTION: what SHELL offers for OPTION's value, from an
# empty directory that holds one file, f (for the options that take a file).
values_by() {
	mkdir -p "$BATS_TEST_TMPDIR/one" && : >"$BATS_TEST_TMPDIR/one/f"
	cd "$BATS_TEST_TMPDIR/one" || return
	if is_joined "$2"; then
		case $1 in
		bash) completes "$2" = ;;
		zsh) zsh_completes "$2=" ;;
		fish) fish_completes "$2=" | sed "s/^$2=//" ;;
		esac
		return
	fi
	case $1 in
	bash) completes "$2" '' ;;
	zsh) zsh_completes "$2 " ;;
	fish) fish_completes "$2 " ;;
	esac
}

@test "zsh and fish offer for every option's value what bash offers" {
	require zsh
	require fish
	local option shell bash_values
	for option in $(valued_options); do
		bash_values=$(values_by bash "$option")
		for shell in zsh fish; do
			run -0 values_by "$shell" "$option"
			[ "$output" = "$bash_values" ] ||
				fail_with "$shell $option: '$output', bash: '$bash_values'"
		done
	done
}

# accepts OPTION VALUE: getrandom takes VALUE for OPTION, with the other
# options it needs.
accepts() {
	case $1 in
	# A size ends with the first byte read: SIGPIPE (141) is a pass.
	--bytes) "$GETRANDOM" --bytes "$2" | head -c 1
		local writer=${PIPESTATUS[0]}
		[ "$writer" -eq 0 ] || [ "$writer" -eq 141 ] ;;
	--threads) "$GETRANDOM" --threads "$2" --bytes 16 ;;
	--count | --wrap) "$GETRANDOM" --hex "$1" "$2" ;;
	--mode) "$GETRANDOM" -n 1 --mode "$2" --output "$BATS_TEST_TMPDIR/m$2" ;;
	--sample) "$GETRANDOM" --sample "$2" --range 1-9 ;;
	--bits) "$GETRANDOM" --password --bits "$2" ;;
	--charset | --require) "$GETRANDOM" --password 8 --charset print "$1" "$2" ;;
	--uuid-format) "$GETRANDOM" --uuid --uuid-format "$2" ;;
	*) if is_joined "$1"; then "$GETRANDOM" "$1=$2"; else "$GETRANDOM" "$1" "$2"; fi ;;
	esac >/dev/null
}

@test "every value a completion offers from a list is one getrandom accepts" {
	local option value values
	for option in $(valued_options); do
		case $option in
		--output | --wordlist | --owner | --group) continue ;;
		esac
		values=$(values_by bash "$option")
		for value in $values; do
			accepts "$option" "$value" ||
				fail_with "$option $value: status $?"
		done
	done
}

# joined_letters: the letters of the options whose value is optional, so
# the rest of their word: "-U, --uuid[=VERSION]" in --help.
joined_letters() {
	"$GETRANDOM" --help | grep -oE -- '-[a-zA-Z], --[a-z0-9-]+\[=' | cut -c 2
}

@test "fish offers after -U its values, and groups no other option with it" {
	require fish
	local letter word letters
	letters=$(joined_letters)
	[ -n "$letters" ] || fail_with "--help names no short option with an optional value"
	for letter in $letters; do
		run -0 fish_completes "-$letter"
		# -Ux would be -U's value x, not -x: every word must be a value.
		[ "${#lines[@]}" -gt 1 ] || fail_with "-$letter: only '$output'"
		for word in "${lines[@]}"; do
			"$GETRANDOM" "$word" >/dev/null || fail_with "fish offers $word: status $?"
		done
	done
}

# valued_letters: the short options whose value is the next word:
# "-o, --output=FILE" in --help.
valued_letters() {
	"$GETRANDOM" --help | grep -oE -- '^ +-[a-zA-Z], --[a-z0-9-]+=' |
		sed -E 's/^ +-(.).*/\1/'
}

@test "bash completes the value of a short option grouped after a flag (-fo FILE) as zsh and fish do" {
	local letter letters alone grouped
	letters=$(valued_letters)
	[ "$(wc -w <<<"$letters")" -ge 5 ] || fail_with "too few: $letters"
	mkdir -p "$BATS_TEST_TMPDIR/one" && : >"$BATS_TEST_TMPDIR/one/f"
	cd "$BATS_TEST_TMPDIR/one"
	for letter in $letters; do
		alone=$(completes "-$letter" '')
		grouped=$(completes "-f$letter" '')
		[ "$grouped" = "$alone" ] || fail_with "-f$letter: '$grouped', -$letter: '$alone'"
	done
	run -0 completes -fo ''
	[ "$output" = f ] || fail_with "-fo: $output"
	# A value joined to its letter leaves the next word to the options.
	run -0 completes -fn32 --he
	[ "$output" = $'--help\n--hex' ] || fail_with "-fn32 --he: $output"
	run -0 completes -fn32 ''
	[ "$output" = "$(help_options)" ] || fail_with "-fn32: $output"
}

@test "--owner USER: offers group names, in bash, zsh and fish" {
	require zsh
	require fish
	# bash splits at ":" by default (and keeps "USER:" in place), or not.
	run -0 completes --owner root : roo
	[[ $'\n'$output$'\n' == *$'\nroot\n'* ]] || fail_with "bash, split: $output"
	run -0 completes --owner = root : ''
	[[ $'\n'$output$'\n' == *$'\nroot\n'* ]] || fail_with "bash, split after =: $output"
	run -0 completes --owner=root:roo
	[[ $'\n'$output$'\n' == *$'\n--owner=root:root\n'* ]] || fail_with "bash: $output"
	run -0 zsh_completes '--owner root:roo'
	[[ $'\n'$output$'\n' == *$'\nroot\n'* ]] || fail_with "zsh: $output"
	run -0 fish_completes '--owner root:roo'
	[[ $'\n'$output$'\n' == *$'\nroot:root\n'* ]] || fail_with "fish: $output"
	# Groups only after the ":".
	run -0 completes --owner root : ''
	[ "$output" = "$(compgen -g | sort -u)" ] || fail_with "bash: $output"
}
