#!/usr/bin/env bats
# --help by mode: a usage line for each mode, the options under a heading
# per mode (the MODES field of cli/option-table.h), and --help=MODE or
# --help MODE for one mode's options alone; an unknown MODE is refused.
# Call: bats tests/help.bats (GETRANDOM=path to test another binary)
load helpers

# The modes a user reaches for, and the two that gather the rest.
MODES="bytes text integers passwords passphrases ids shuffles key-files pool common"

# heading_of MODE: the heading over MODE's options, as --help prints it.
heading_of() {
	"$GETRANDOM" --help | grep -xE "[A-Z][A-Za-z ]* \(--help=$1\):"
}

# option_names: the long options of the --help text on standard input
# ("  -n, --bytes=N  ..." or "      --hex  ..."), one a line.
option_names() {
	grep -oE '^  (-[a-zA-Z], )?--[a-z0-9-]+|^      --[a-z0-9-]+' |
		sed -E 's/^ +(-[a-zA-Z], )?//'
}

# options_under MODE [HELP...]: the long options listed under MODE's
# heading in the output of getrandom --help HELP..., one a line.
options_under() {
	local mode=$1
	shift
	"$GETRANDOM" --help "$@" | awk -v mode="$mode" '
		/^[A-Z].* \(--help=[a-z-]+\):$/ { inside = index($0, "(--help=" mode "):") > 0; next }
		/^$/ { inside = 0 }
		inside' | option_names
}

@test "--help has a usage line for each mode but the common options" {
	run -0 "$GETRANDOM" --help
	local usage
	usage=$(sed -n '/^Usage:/,/^[^ U]/p' <<<"$output" | grep -E '^(Usage:|  or: ) getrandom ')
	[ "$(wc -l <<<"$usage")" -eq 9 ] || fail_with "usage lines: $usage"
	local option
	for option in '[--bytes=N]' --hex --range=LO-HI --password --words --uuid \
		--shuffle --output=FILE --check; do
		grep -qF -- " getrandom $option" <<<"$usage" || fail_with "no usage line for $option"
	done
}

@test "--help lists the options under a heading per mode, each option once" {
	local mode
	for mode in $MODES; do
		heading_of "$mode" >/dev/null || fail_with "no heading for $mode"
	done
	# Where the options a user looks for are, and their neighbours.
	[ "$(options_under ids | tr '\n' ' ')" = "--uuid --uuid-format --ulid --mac " ]
	[ "$(options_under passwords | tr '\n' ' ')" = "--password --charset --require --bits --entropy " ]
	[ "$(options_under key-files | head -n 1)" = --output ]
	[ "$(options_under text | head -n 1)" = --hex ]
	# Every option of --help is under one heading.
	local listed=() all
	for mode in $MODES; do
		listed+=($(options_under "$mode"))
	done
	all=$("$GETRANDOM" --help | option_names | sort)
	[ "$(printf '%s\n' "${listed[@]}" | sort)" = "$all" ] ||
		fail_with "not under one heading: $(comm -3 <(printf '%s\n' "${listed[@]}" | sort) - <<<"$all")"
}

@test "--help=MODE shows that mode alone: its usage line and its options" {
	local mode
	for mode in $MODES; do
		run -0 --separate-stderr "$GETRANDOM" --help="$mode"
		[ -z "$stderr" ]
		[[ ${lines[0]} == "Usage: getrandom "* ]] || fail_with "$mode: ${lines[0]}"
		# One usage line, one heading: no other mode's.
		[ "$(grep -c '^  or: ' <<<"$output")" -eq 0 ] || fail_with "$mode: $output"
		[ "$(grep -cE '\(--help=[a-z-]+\):$' <<<"$output")" -eq 1 ] || fail_with "$mode: $output"
		# Every option --help lists under the mode, and no option of
		# another mode but those the table gives this mode too.
		[ -z "$(comm -23 <(options_under "$mode" | sort) \
			<(options_under "$mode" "$mode" | sort))" ] || fail_with "$mode: $output"
		[[ $output != *"Exit status:"* ]] || fail_with "$mode: the whole help"
	done
	# The options --bits serves are in both its modes; no other is.
	[ "$("$GETRANDOM" --help=passphrases | option_names | tr '\n' ' ')" = \
		"--words --separator --wordlist --bits --entropy " ]
	[ "$("$GETRANDOM" --help=shuffles | option_names | tr '\n' ' ')" = \
		"--range --shuffle --sample " ]
}

@test "--help MODE, the mode as the next word, is --help=MODE" {
	local mode
	for mode in $MODES; do
		[ "$("$GETRANDOM" --help "$mode")" = "$("$GETRANDOM" --help="$mode")" ] ||
			fail_with "$mode"
	done
	# The next word is an option: --help alone.
	[ "$("$GETRANDOM" --help --hex)" = "$("$GETRANDOM" --help)" ]
}

@test "--help with an unknown MODE is a usage error that names the modes" {
	local spelling
	for spelling in --help=password --help=; do
		run --separate-stderr gr "$spelling"
		assert_usage_error "--help knows no mode '${spelling#--help=}': the modes are bytes, text, integers,"
		[[ $stderr == *"key-files, pool or common."* ]] || fail_with "$stderr"
	done
	run --separate-stderr gr --help keys
	assert_usage_error "--help knows no mode 'keys'"
}
