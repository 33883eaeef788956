#!/usr/bin/env bats
# The manual: man/getrandom.1 is help2man's output, committed, and must be
# what man/generate.sh makes from the current --help and getrandom.h2m;
# mandoc and groff must find nothing wrong in it or in getrandom(2), whose
# example must build and work, which documents the system call alone, and
# whose syscall numbers are those of each Debian architecture's C library.
# Call: bats tests/man.bats (GETRANDOM=path to test another binary)
load helpers
load ports

MAN=$BATS_TEST_DIRNAME/../man

setup() {
	common_setup
	# The guest gets the tests without the sources: nothing to check.
	[ -d "$MAN" ] || skip "no man/ directory next to the tests"
}

# mandoc_clean PAGE: mandoc -Tlint reports nothing for PAGE.
mandoc_clean() {
	require mandoc
	run mandoc -Tlint "$1"
	[ -z "$output" ] || fail_with "$output"
	[ "$status" -eq 0 ]
}

# groff_clean PAGE: groff -ww reports nothing for PAGE.
groff_clean() {
	require groff
	run groff -ww -z -man "$1"
	[ -z "$output" ] || fail_with "$output"
	[ "$status" -eq 0 ]
}

# rendered_clean PAGE: PAGE, as man shows it, holds no roff request as
# text (".TP" run into a sentence: "in order..TP"), and its source no
# "--" written with hyphens that render as dashes rather than "\-\-".
rendered_clean() {
	require groff
	local requests='TP|PP|IP|HP|LP|P|SH|SS|RS|RE|B|I|BR|BI|IB|IR|RB|RI|SM|SB|EX|EE|TH|br|sp|nf|fi|in|ti'
	run -0 groff -man -Tutf8 -P-cbou "$1"
	run grep -nE "(^|[^[:alnum:]])\.($requests)([[:space:]]|\$)" <<<"$output"
	[ "$status" -eq 1 ] ||
		{ fail_with "roff requests shown as text in $1:"$'\n'"$output"; return 1; }
	run grep -nE -- '--' <(grep -v '^\.\\"' "$1")
	[ "$status" -eq 1 ] ||
		{ fail_with "unescaped -- in $1 (write \\-\\-):"$'\n'"$output"; return 1; }
}

# lexgrog_clean PAGE: lexgrog, which man-db's whatis and apropos use,
# finds PAGE's NAME line, as "getrandom - ...".
lexgrog_clean() {
	require lexgrog
	run -0 lexgrog "$1"
	[[ $output == *': "getrandom - '* ]] || fail_with "$output"
}

@test "man/getrandom.1 is what man/generate.sh makes from the current sources" {
	require help2man
	# The date must come from git, as when the page was made; outside a
	# git checkout (the release tarball), the page's own date is taken,
	# and the rest must still be what --help and getrandom.h2m make.
	local epoch= day
	if ! git -C "$MAN" rev-parse --git-dir >/dev/null 2>&1; then
		day=$(sed -n '2s/^\.TH [^ ]* "[^"]*" "\([0-9-]*\)".*/\1/p' "$MAN/getrandom.1")
		[ -n "$day" ] || fail_with "no date on the .TH line of man/getrandom.1"
		epoch=$(date -u -d "$day" +%s)
	fi
	run -0 env SOURCE_DATE_EPOCH="$epoch" "$MAN/generate.sh" "$BATS_TEST_TMPDIR/getrandom.1"
	# Line 1 names the help2man version; the rest must be identical.
	run diff <(tail -n +2 "$MAN/getrandom.1") \
		<(tail -n +2 "$BATS_TEST_TMPDIR/getrandom.1")
	[ "$status" -eq 0 ] ||
		fail_with "out of date: run 'make man' and commit man/getrandom.1"$'\n'"$output"
}

@test "man/generate.sh gives the same page twice (SOURCE_DATE_EPOCH)" {
	require help2man
	SOURCE_DATE_EPOCH=1700000000 "$MAN/generate.sh" "$BATS_TEST_TMPDIR/a.1"
	SOURCE_DATE_EPOCH=1700000000 "$MAN/generate.sh" "$BATS_TEST_TMPDIR/b.1"
	cmp "$BATS_TEST_TMPDIR/a.1" "$BATS_TEST_TMPDIR/b.1"
	grep -q '^\.TH GETRANDOM "1" "2023-11-14"' "$BATS_TEST_TMPDIR/a.1"
}

@test "man/generate.sh makes the same page from a binary and to a file under a blank" {
	require help2man
	local dir="$BATS_TEST_TMPDIR/a b"
	mkdir "$dir" && cp "$GETRANDOM" "$dir/getrandom"
	SOURCE_DATE_EPOCH=1700000000 "$MAN/generate.sh" "$BATS_TEST_TMPDIR/plain.1"
	run -0 env GETRANDOM="$dir/getrandom" SOURCE_DATE_EPOCH=1700000000 \
		"$MAN/generate.sh" "$dir/getrandom.1"
	cmp "$BATS_TEST_TMPDIR/plain.1" "$dir/getrandom.1"
}

@test "man/generate.sh refuses a --help without its Exit status: list and leaves the page as it was" {
	require help2man
	local fake=$BATS_TEST_TMPDIR/getrandom page=$BATS_TEST_TMPDIR/getrandom.1
	# A getrandom whose --help has lost its "Exit status:" list.
	cat >"$fake" <<-'EOF'
		#!/bin/sh
		case $1 in
		--version) echo "getrandom 1.0" ;;
		*) printf 'Usage: getrandom [OPTION]...\n  -x, --hex  write hex\n' ;;
		esac
	EOF
	chmod +x "$fake"
	echo "the page before" >"$page"
	run -1 env GETRANDOM="$fake" SOURCE_DATE_EPOCH=1700000000 "$MAN/generate.sh" "$page"
	[[ $output == *'no "Exit status:" list in'* ]] || fail_with "$output"
	[ "$(cat "$page")" = "the page before" ] || fail_with "the page was replaced"
	run -0 ls "$BATS_TEST_TMPDIR"
	[ "$output" = $'getrandom\ngetrandom.1' ] || fail_with "left behind: $output"
}

@test "man/getrandom.1 has the version that --version prints" {
	local version
	version=$("$GETRANDOM" --version | head -n 1)
	grep -q "^\.TH GETRANDOM \"1\" \"[^\"]*\" \"$version\"" "$MAN/getrandom.1"
}

@test "man/getrandom.1 has EXIT STATUS, EXAMPLES and SECURITY sections" {
	grep -qx '\.SH "EXIT STATUS"' "$MAN/getrandom.1"
	grep -qx '\.SH EXAMPLES' "$MAN/getrandom.1"
	grep -qx '\.SH SECURITY' "$MAN/getrandom.1"
}

@test "man/getrandom.1 refers to getrandom(2), random(4), urandom(4), random(7)" {
	local see_also
	see_also=$(sed -n '/^\.SH "SEE ALSO"/,/^\.SH/p' "$MAN/getrandom.1")
	[[ $see_also == *".BR getrandom (2)"* ]]
	[[ $see_also == *".BR random (4)"* ]]
	[[ $see_also == *".BR urandom (4)"* ]]
	[[ $see_also == *".BR random (7)"* ]]
}

@test "man/getrandom.1 documents every option of --help" {
	local option
	for option in $("$GETRANDOM" --help | grep -o -- '--[a-z0-9]*' | sort -u); do
		grep -qF -- "\\fB\\-\\-${option#--}" "$MAN/getrandom.1" ||
			fail_with "no $option in getrandom.1"
	done
}

@test "each option of --help is one item of getrandom(1), its text not split off" {
	# help2man starts a new item where --help's indentation changes; an
	# item whose tag is not an option is a piece of the one before.
	local tags
	tags=$(awk '/^\.SH OPTIONS/ { d = 1; next } /^\.SH/ { d = 0 }
		d && /^\.TP/ { getline; print }' "$MAN/getrandom.1")
	[ -n "$tags" ]
	run ! grep -v '^\\fB\\-' <<<"$tags"
}

@test "mandoc -Tlint reports nothing for getrandom(1)" {
	mandoc_clean "$MAN/getrandom.1"
}

@test "groff -ww reports nothing for getrandom(1)" {
	groff_clean "$MAN/getrandom.1"
}

@test "getrandom(1) shows no roff request as text, and lexgrog reads its NAME" {
	rendered_clean "$MAN/getrandom.1"
	lexgrog_clean "$MAN/getrandom.1"
}

@test "getrandom(2) shows no roff request as text, and lexgrog reads its NAME" {
	[ -f "$MAN/getrandom.2" ] || skip "man/getrandom.2 not written yet"
	rendered_clean "$MAN/getrandom.2"
	lexgrog_clean "$MAN/getrandom.2"
}

@test "the rendering check finds a request run into a sentence, and a bare --" {
	require groff
	local page=$BATS_TEST_TMPDIR/bad.1
	printf '%s\n' '.TH BAD 1' '.SH NAME' 'bad \- a page' '.SH DESCRIPTION' \
		'written in order..TP' '.B \-\-charset' 'needs it.' >"$page"
	run rendered_clean "$page"
	[ "$status" -ne 0 ] && [[ $output == *"requests shown as text"* ]] || fail_with "$output"
	printf '%s\n' '.TH BAD 1' '.SH NAME' 'bad \- a page' '.SH DESCRIPTION' \
		'written in order.' '.B --charset' >"$page"
	run rendered_clean "$page"
	[ "$status" -ne 0 ] && [[ $output == *"unescaped --"* ]] || fail_with "$output"
}

@test "getrandom(1) gives SYNOPSIS, DESCRIPTION, OPTIONS, EXIT STATUS and EXAMPLES first, the details after" {
	local order
	order=$(sed -n 's/^\.SH "\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$MAN/getrandom.1" | head -n 7 | tr '\n' ,)
	[ "$order" = "NAME,SYNOPSIS,DESCRIPTION,OPTIONS,EXIT STATUS,EXAMPLES,TEXT FORMATS," ] ||
		fail_with "$order"
	# A usage line for each mode, and a heading over each mode's options.
	[ "$(sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$MAN/getrandom.1" | grep -c '^\.B getrandom$')" -eq 9 ]
	[ "$(grep -c '^\.SS ".*(\\-\\-help=.*):"$' "$MAN/getrandom.1")" -eq 10 ]
	# What getrandom.h2m adds after a paragraph of --help is there: a
	# paragraph whose /pattern/ matches nothing is dropped without a word.
	grep -q '^The options follow, under the mode that each serves, as$' "$MAN/getrandom.1"
	grep -q "^The bytes come from the kernel's cryptographically secure generator" "$MAN/getrandom.1"
}

@test "mandoc -Tlint reports nothing for getrandom(2)" {
	[ -f "$MAN/getrandom.2" ] || skip "man/getrandom.2 not written yet"
	mandoc_clean "$MAN/getrandom.2"
}

@test "groff -ww reports nothing for getrandom(2)" {
	[ -f "$MAN/getrandom.2" ] || skip "man/getrandom.2 not written yet"
	groff_clean "$MAN/getrandom.2"
}

# help_statuses: --help's exit statuses, one "N text" a line.
help_statuses() {
	"$GETRANDOM" --help | sed -n '/^Exit status:$/,$p' | tail -n +2 |
		awk '/^ [0-9]  / { if (line) print line; line = $1 " " substr($0, 5); next }
			{ sub(/^ +/, ""); line = line " " $0 }
			END { print line }'
}

@test "--help, the man page and README give the exit statuses in the same words" {
	local readme=$BATS_TEST_DIRNAME/../README.md
	[ -f "$readme" ] || skip "no README.md next to the tests"
	local help page table
	help=$(help_statuses)
	[ "$(wc -l <<<"$help")" -eq 4 ] || fail_with "--help: $help"
	# The page's only list, in EXIT STATUS: ".TP", the number, its text.
	[ "$(grep -c '^\.SS "Exit status:"' "$MAN/getrandom.1")" -eq 0 ] ||
		fail_with "a second exit-status list in DESCRIPTION"
	page=$(sed -n '/^\.SH "EXIT STATUS"/,/^\.PP/p' "$MAN/getrandom.1" |
		sed -e 's/\\f[BRI]//g; s/\\-/-/g' |
		awk '/^\.TP/ { if (line) print line; getline; line = $0; next }
			/^\./ { next }
			{ line = line " " $0 }
			END { print line }' | sed 's/^\([0-9]\) /\1 /')
	page=$(sed -E 's/^([0-9]) +/\1 /' <<<"$page")
	[ "$page" = "$help" ] || fail_with "man page:"$'\n'"$page"$'\n'"--help:"$'\n'"$help"
	# README's table: the same words, without the list's "if" and its
	# trailing commas.
	table=$(grep -E '^\| [0-9] \|' "$readme" | sed -E 's/^\| ([0-9]) \| (.*) \|$/\1 \2/')
	help=$(sed -E 's/^([0-9]) if /\1 /; s/[,.]$//' <<<"$help")
	[ "$table" = "$help" ] || fail_with "README:"$'\n'"$table"$'\n'"--help, as a table:"$'\n'"$help"
}

@test "the man page says what --output - means and how --bytes counts" {
	local page
	page=$(sed 's/\\-/-/g; s/\\f[BRI]//g' "$MAN/getrandom.1")
	[[ $page == *"--output -"*"standard output"* ]]
	[[ $page == *"head -c"* ]]
	[[ $page != *"N and the byte count"* ]] || fail_with "the garbled sentence is back"
}

@test "the example in getrandom(2) builds and fills or refuses a buffer" {
	require cc
	local src=$BATS_TEST_TMPDIR/example.c
	# The code between .EX and .EE, with roff's escapes undone, and a main.
	sed -n '/^\.EX$/,/^\.EE$/{/^\.E[XE]$/d;s/\\-/-/g;s/\\e/\\/g;p}' \
		"$MAN/getrandom.2" >"$src"
	grep -q '^fill_random(void \*buf, size_t buflen)$' "$src"
	cat >>"$src" <<-'MAIN'
		#include <stdio.h>
		#include <string.h>

		int
		main(void)
		{
		    static const unsigned char zero[256];
		    unsigned char buf[256] = { 0 };

		    if (fill_random(buf, sizeof(buf)) != 0 ||
		        memcmp(buf, zero, sizeof(buf)) == 0)
		        return 1;
		    if (fill_random(buf, sizeof(buf) + 1) != -1 || errno != EIO)
		        return 2;
		    puts("ok");
		    return 0;
		}
	MAIN
	run -0 cc -std=c99 -D_DEFAULT_SOURCE -Wall -Wextra -Werror \
		-o "$BATS_TEST_TMPDIR/example" "$src"
	run -0 "$BATS_TEST_TMPDIR/example"
	[ "$output" = ok ]
}

@test "getrandom(2) speaks of the system call, not of a patch series" {
	run ! grep -inE 'series|patch' "$MAN/getrandom.2"
}

# syscall_number CC: SYS_getrandom as CC's C library defines it, evaluated
# (MIPS defines it as its ABI's base plus an offset).
syscall_number() {
	local expr
	expr=$(printf '#include <sys/syscall.h>\nSYS_getrandom\n' | "$1" -E -P -x c - | tail -n 1)
	[[ $expr =~ ^[0-9\ +()]+$ ]] || { echo "$1: SYS_getrandom is '$expr'" >&2; return 1; }
	echo $((expr))
}

@test "getrandom(2) gives SYS_getrandom's number as each Debian architecture's C library has it" {
	local text port phrase number
	text=$(tr '\n' ' ' <"$MAN/getrandom.2")
	for port in amd64 $ALL_PORTS; do
		case $port in
		amd64) cc=gcc phrase=x86_64 ;;
		i386) phrase=i386 ;;
		armhf | armel) phrase="32-bit arm" ;;
		mipsel) phrase="mips o32" ;;
		mips64el) phrase="mips n64" ;;
		ppc64el) phrase=powerpc ;;
		s390x) phrase=s390 ;;
		arm64 | riscv64) phrase="the architectures that use the generic table" ;;
		*) fail_with "no phrase of getrandom(2) for the port $port" ;;
		esac
		[ "$port" = amd64 ] || port_settings "$port"
		require "$cc" "no $port cross compiler (tests/need.sh ports)"
		number=$(syscall_number "$cc")
		[[ $text == *" $number on $phrase"[\ ,\(]* ]] ||
			fail_with "$port: SYS_getrandom is $number; getrandom(2) has no '$number on $phrase'"
	done
}

@test "getrandom(2) has a LIBRARY section" {
	grep -qx '\.SH LIBRARY' "$MAN/getrandom.2"
}

# rendered PAGE: PAGE as man(1) shows it, plain text, one space between words.
rendered() {
	MANWIDTH=1000 groff -man -Tutf8 -P-cbou "$1" 2>/dev/null | tr -s ' '
}

@test "getrandom(1) shows no roff request as text (a macro glued to a sentence's end)" {
	require groff
	local page
	for page in getrandom.1 getrandom.2; do
		run -0 rendered "$MAN/$page"
		run ! grep -nE '[^ ]\.(TP|PP|SH|SS|IP|HP|LP|RS|RE|BR|RB|IR|RI|BI|IB|B|I|br|sp|nf|fi)( |$)' <<<"$output"
		[ -z "$output" ] || fail_with "$page: $output"
	done
}

@test "getrandom(1): the file called - is written as --output ./-, a space between" {
	require groff
	run -0 rendered "$MAN/getrandom.1"
	[[ $output == *"the file called - is --output ./-."* ]] || fail_with "$(grep -F 'called -' <<<"$output")"
}
