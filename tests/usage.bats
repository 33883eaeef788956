#!/usr/bin/env bats
# Every bad command line: status 2, a message on stderr that starts with
# "getrandom: " and names the bad value, and not one byte on stdout.  Then
# the forms a good one takes (-n N, -nN, --bytes=N), the program's name in
# messages, and --help and --version: their text, and how it is written.
# Call: bats tests/usage.bats (GETRANDOM=path to test another binary)
load helpers

# bad_size N: --bytes N is refused.
bad_size() {
	run --separate-stderr gr --bytes "$1" --hex
	assert_usage_error "'$1'"
}

# bad_timeout S: --timeout S is refused.
bad_timeout() {
	run --separate-stderr gr --timeout "$1" --hex
	assert_usage_error "'$1'"
}

@test "--bytes=-1 is refused" {
	bad_size -1
}

@test "--bytes=1.5 is refused" {
	bad_size 1.5
}

@test "--bytes=1g and 1t (lowercase, which head -c refuses too) are refused" {
	bad_size 1g
	bad_size 1t
}

@test "--bytes='1 K' (blank before the suffix) is refused" {
	bad_size '1 K'
}

@test "--bytes with blanks around the number is refused" {
	bad_size ' 5'
	bad_size '5 '
}

@test "--bytes with more than one sign, or a sign alone, is refused" {
	# One leading + is GNU's habit and taken (tests/numbers.bats).
	bad_size ++5
	bad_size +
	bad_size +-5
	bad_size -+5
}

@test "--bytes=0x10 is refused" {
	bad_size 0x10
}

@test "--bytes with a suffix and no digits is refused" {
	bad_size K
}

@test "--bytes with junk after the suffix is refused" {
	bad_size 1KiBB
	bad_size 1Kb
}

@test "an empty --bytes is refused" {
	run --separate-stderr gr --bytes= --hex
	assert_usage_error "''"
}

@test "--bytes=99999999999999999999 (over 2^64-1) is refused" {
	bad_size 99999999999999999999
}

@test "--bytes=18446744073709551616 (2^64) is refused" {
	bad_size 18446744073709551616
}

@test "--bytes=17179869184T (overflow by the suffix) is refused" {
	bad_size 17179869184T
}

@test "--timeout=-1 is refused" {
	bad_timeout -1
}

@test "--timeout=abc is refused" {
	bad_timeout abc
}

@test "an empty --timeout is refused" {
	run --separate-stderr gr --timeout= --hex
	assert_usage_error "''"
}

@test "--timeout with a dot and no digit, or two dots, is refused" {
	bad_timeout .
	bad_timeout .s
	bad_timeout 1.2.3
}

@test "--timeout with an exponent, inf or an unknown unit is refused" {
	bad_timeout 1e3
	bad_timeout inf
	bad_timeout 1ms
	bad_timeout 1S
	bad_timeout 1w
	bad_timeout '1 s'
}

@test "--hex with --base64 is refused" {
	run --separate-stderr gr --hex --base64
	assert_usage_error "--hex and --base64"
}

@test "-b with -x is refused" {
	run --separate-stderr gr -b -x
	assert_usage_error "--base64 and --hex"
}

@test "--insecure with --random is refused" {
	run --separate-stderr gr --insecure --random --hex
	assert_usage_error "--insecure and --random"
}

@test "an unknown long option is refused" {
	run --separate-stderr gr --bogus
	assert_usage_error "--bogus"
}

@test "an unknown short option is refused" {
	run --separate-stderr gr -Q
	assert_usage_error "'Q'"
}

@test "a long option given a value it does not take is refused" {
	run --separate-stderr gr --hex=yes
	assert_usage_error "--hex"
}

@test "--bytes without its argument is refused" {
	run --separate-stderr gr --bytes
	assert_usage_error "--bytes"
}

@test "-n without its argument is refused, in getopt's words" {
	run --separate-stderr gr -n
	assert_usage_error "option requires an argument -- 'n'"
}

@test "--timeout, --output and --threads without an argument are refused" {
	local option
	for option in --timeout --output --threads; do
		run --separate-stderr gr "$option"
		assert_usage_error "$option"
	done
}

@test "an empty --output is refused" {
	run --separate-stderr gr --output= --hex
	assert_usage_error "output"
}

@test "an extra operand is refused" {
	run --separate-stderr gr 32
	assert_usage_error "'32'"
}

@test "a format given a byte count, as openssl rand takes it, is told where the count goes" {
	local format n long
	for format in --hex -x --base64 -b --base32; do
		long=$format
		case $format in -x) long=--hex ;; -b) long=--base64 ;; esac
		for n in 16 32B 1K; do
			run --separate-stderr gr "$format" "$n"
			assert_usage_error "extra operand '$n': $long takes no byte count; write $long --bytes $n for what openssl rand ${long#-} $n writes"
		done
	done
	run --separate-stderr gr -b 32
	assert_usage_error "--base64 takes no byte count; write --base64 --bytes 32 for what openssl rand -base64 32 writes"
}

@test "an operand after -- is refused" {
	run --separate-stderr gr --hex -- 16
	assert_usage_error "'16'"
}

@test "--threads=0 is refused" {
	run --separate-stderr gr --threads=0
	assert_usage_error "'0'"
}

@test "--threads=1025 is refused, 1024 taken" {
	run --separate-stderr gr --threads=1025
	assert_usage_error "'1025'"
	[[ $stderr == *"(1 to 1024)"* ]]
	run -0 gr --threads=1024 --bytes 1
}

@test "--threads=x is refused" {
	run --separate-stderr gr --threads=x
	assert_usage_error "'x'"
}

@test "--threads=4K is refused" {
	run --separate-stderr gr --threads=4K
	assert_usage_error "'4K'"
}

@test "a usage error suggests --help" {
	run --separate-stderr gr --bogus
	[[ $stderr == *"--help"* ]]
}

@test "an ambiguous abbreviation is reported in getopt_long's own words" {
	run --separate-stderr gr --h
	assert_usage_error "option '--h' is ambiguous; possibilities: '--hex' '--help'"
	run --separate-stderr gr --b 3
	assert_usage_error "option '--b' is ambiguous; possibilities: '--bytes' '--base64'"
}

@test "an abbreviation that every option starts lists them all, none cut off" {
	# An empty name, --=, is a start of every long option --help lists.
	local want got
	want=$("$GETRANDOM" --help | grep -oE '^ +(-[a-zA-Z0-9], )?--[a-z0-9-]+' |
		sed 's/.*--//' | sort -u)
	run --separate-stderr gr --=
	assert_usage_error "option '--=' is ambiguous; possibilities: '--"
	got=$(printf '%s\n' "$stderr" | head -n 1 | grep -oE "'--[a-z0-9-]+'" |
		sed "s/^'--//; s/'\$//" | sort)
	[ "$got" = "$want" ] || fail_with "listed: $got"
}

@test "an unambiguous abbreviation is accepted" {
	run -0 gr --hex --byt 4
	[ "$(size "$OUT")" -eq 9 ]
}

@test "a bad value or operand is quoted as GNU tools quote it" {
	run --separate-stderr gr --bytes $'1\nK'
	assert_usage_error "invalid byte count '1'\$'\\n''K'"
	run --separate-stderr gr $'\e[2J'
	assert_usage_error "extra operand ''\$'\\033''[2J'"
}

@test "a refused option is quoted: a newline in it cannot forge a line" {
	local bad
	for bad in $'--a\ngetrandom: forged' $'--hex=\ngetrandom: forged' $'--he=\ngetrandom: x'; do
		run -2 --separate-stderr gr "$bad"
		[ "${#stderr_lines[@]}" -eq 2 ] || fail_with "$bad: $stderr"
		[[ ${stderr_lines[0]} == "getrandom: "*"'\$'\\n''getrandom: "* ]] ||
			fail_with "$bad: $stderr"
		[ "${stderr_lines[1]}" = "Try 'getrandom --help' for more information." ]
	done
}

@test "a short option refused inside a cluster is named by its letter" {
	run --separate-stderr gr --hex -Qx
	assert_usage_error "invalid option -- 'Q'"
	run --separate-stderr gr --hex -xo
	assert_usage_error "option requires an argument -- 'o'"
	run --separate-stderr gr --hex=3
	assert_usage_error "option '--hex=3' doesn't allow an argument"
}

@test "a negative length after --password or --words is refused as a length" {
	run --separate-stderr gr --password -1
	assert_usage_error "invalid password length '-1'"
	run --separate-stderr gr --words -3
	assert_usage_error "invalid word count '-3'"
}

@test "-p needs its LEN, as --help says: only --password leaves it to --bits" {
	run --separate-stderr gr -p --bits 40
	assert_usage_error "invalid password length '--bits'"
	run --separate-stderr gr --bits 40 -p
	assert_usage_error "option requires an argument -- 'p'"
	run -0 gr --password --bits 40
	[ "$(size "$OUT")" -eq 8 ]
}

@test "--help's lines fit in 79 columns, as GNU's do" {
	run -0 "$GETRANDOM" --help
	local line
	for line in "${lines[@]}"; do
		[ "${#line}" -le 79 ] || fail_with "${#line} columns: $line"
	done
}

@test "--help's status 1 names the inputs whose failure gives it" {
	printf 'same\nsame\n' >"$BATS_TEST_TMPDIR/list"
	run -1 --separate-stderr gr --words 2 --wordlist "$BATS_TEST_TMPDIR/list"
	run -1 --separate-stderr bash -c '"$GETRANDOM" --shuffle </'
	# Status 1's text, its lines joined.
	local text word
	text=$("$GETRANDOM" --help | sed -n '/^ 1  /,/^ 2  /p' | sed '$d' | tr -s ' \n' ' ')
	for word in "--wordlist FILE" "standard input" "passwd or group file" \
		"output could not be written"; do
		[[ $text == *"$word"* ]] || fail_with "status 1 lacks '$word': $text"
	done
}

@test "--help and --version fail with status 1 on a closed stdout, or when closing it fails" {
	local option n
	for option in --help --version; do
		run -1 --separate-stderr bash -c '"$GETRANDOM" "$1" >&-' _ "$option"
		[ "$stderr" = "getrandom: write error on standard output: Bad file descriptor" ] ||
			fail_with "$option >&-: $stderr"
	done
	for option in --help --version; do
		run -1 --separate-stderr bash -c '"$GETRANDOM" "$1" >/dev/full' _ "$option"
		[ "$stderr" = "getrandom: write error on standard output: No space left on device" ] ||
			fail_with "$option >/dev/full: $stderr"
	done
	# The text is all written; only close(2) can tell of a write that failed late (NFS).
	require_native
	require strace
	for option in --help --version; do
		strace -qq -o "$BATS_TEST_TMPDIR/closes" -e trace=close "$GETRANDOM" "$option" >/dev/null
		n=$(grep -n '^close(1)' "$BATS_TEST_TMPDIR/closes" | cut -d: -f1)
		[ -n "$n" ] || fail_with "$option never closes standard output"
		run -1 --separate-stderr inject close:error=EIO:when="$n" -- "$option"
		[ "$stderr" = "getrandom: write error on standard output: Input/output error" ] ||
			fail_with "$option, close(1) failing: $stderr"
	done
}

@test "--bytes=N and --bytes N and -n N and -nN all take N" {
	run -0 gr --bytes 7
	[ "$(size "$OUT")" -eq 7 ]
	run -0 gr --bytes=9
	[ "$(size "$OUT")" -eq 9 ]
	run -0 gr -n 11
	[ "$(size "$OUT")" -eq 11 ]
	run -0 gr -n13
	[ "$(size "$OUT")" -eq 13 ]
}

@test "--help goes to stdout in the GNU layout and exits 0" {
	run -0 --separate-stderr "$GETRANDOM" --help
	[ -z "$stderr" ]
	[[ ${lines[0]} == "Usage: getrandom "*"[OPTION]..." ]]
	[[ $output == *$'\n'"      --help[=MODE] "* ]]
	[[ $output == *$'\n'"      --version "* ]]
}

@test "--help describes every long option" {
	run -0 "$GETRANDOM" --help
	local option
	for option in --bytes=N --hex --base64 --random --nonblock --insecure \
		--timeout=DURATION --check --output=FILE --force --threads=N \
		--help[=MODE] --version; do
		[[ $output == *" $option"[$' \n']* ]] || fail_with "no $option in --help"
	done
}

@test "--help lists each option once" {
	run -0 "$GETRANDOM" --help
	# The option lines: "  -x, --long..." or "      --long...".
	local dups
	dups=$(grep -oE '^  (-[a-zA-Z], )?--[a-z0-9-]+|^      --[a-z0-9-]+' <<<"$output" |
		sed -E 's/^ +(-[a-zA-Z], )?//' | sort | uniq -d)
	[ -z "$dups" ] || fail_with "listed twice: $dups"
}

@test "--help lists the exit statuses" {
	run -0 "$GETRANDOM" --help
	[[ $output == *"Exit status:"* ]]
	local code
	for code in 0 1 2 3; do
		[[ $output == *$'\n'" $code  "* ]] || fail_with "no status $code"
	done
}

@test "--version prints 'getrandom X.Y' first, to stdout, and exits 0" {
	run -0 --separate-stderr "$GETRANDOM" --version
	[ -z "$stderr" ]
	[[ ${lines[0]} =~ ^getrandom\ [0-9]+\.[0-9]+(\.[0-9]+)?$ ]]
}

# help_through_full_pipe OPTION ROOM: OPTION's text, written to a
# non-blocking pipe with ROOM bytes of room, all arrives and the status is 0.
help_through_full_pipe() {
	NONBLOCK_ROOM=$2 NONBLOCK_COPY=$BATS_TEST_TMPDIR/copy run -0 --separate-stderr \
		perl "$TESTS/tools/nonblock-pipe.pl" "$GETRANDOM" "$1"
	"$GETRANDOM" "$1" >"$BATS_TEST_TMPDIR/text"
	[ "$output" = "$(size "$BATS_TEST_TMPDIR/text") 0" ] ||
		fail_with "$1, $2 bytes of room: $output $stderr"
	cmp "$BATS_TEST_TMPDIR/copy" "$BATS_TEST_TMPDIR/text"
	[ -z "$stderr" ]
}

@test "--help and --version reach a non-blocking pipe that takes them in pieces" {
	# One page of room: the kernel takes part of --help and says so.
	help_through_full_pipe --help 4096
	# No room at all for a short text: write(2) says EAGAIN.
	help_through_full_pipe --help 100
	help_through_full_pipe --version 100
}

@test "--help and --version survive short and interrupted writes" {
	require_native
	build_tools
	need_tools
	run -0 shim FAULT_WRITE_MAX=7 -- --help
	[ "$output" = "$("$GETRANDOM" --help)" ]
	run -0 shim FAULT_WRITE_MAX=7 -- --version
	[ "$output" = "$("$GETRANDOM" --version)" ]
	require strace
	run -0 strace -qq -o /dev/null -e inject=write:error=EINTR:when=1 "$GETRANDOM" --version
	[ "$output" = "$("$GETRANDOM" --version)" ]
}

@test "the program name in messages is getrandom, whatever it is run as" {
	cp "$GETRANDOM" "$BATS_TEST_TMPDIR/other-name"
	run -2 --separate-stderr "$BATS_TEST_TMPDIR/other-name" --bytes=x
	[[ $stderr == "getrandom: "* ]]
}
