#!/usr/bin/env bats
# --words, --separator and --wordlist: passphrases whose words are those
# of the EFF long list (cli/eff-long.txt, xkcdpass's copy), drawn
# uniformly (chi-square over a million words, with a control that the
# check fails on an index taken modulo the list, and on a list that holds
# a word twice), and word lists refused by line when they are bad, or
# when longer than 4 GiB, without reading an endless one to its end.
# Call: bats tests/words.bats (GETRANDOM=path to test another binary)
load helpers

# The copy compiled in, and the one Debian's xkcdpass package ships.
EFF_LIST=$BATS_TEST_DIRNAME/../cli/eff-long.txt
XKCDPASS_LIST=/usr/lib/python3/dist-packages/xkcdpass/static/eff-long
# Chi-square critical value at p = 1e-6 for 7775 degrees of freedom.
CHI_7775=8382.21

eff_list() {
	[ -r "$EFF_LIST" ] || skip "no cli/eff-long.txt next to the tests"
}

@test "cli/eff-long.txt is the EFF long list as Debian's xkcdpass ships it" {
	eff_list
	[ -r "$XKCDPASS_LIST" ] || skip "xkcdpass is not installed: nothing to compare with"
	cmp "$EFF_LIST" "$XKCDPASS_LIST"
}

@test "--words=6 writes six words of the EFF long list, one space apart" {
	eff_list
	gr --words=6 -C 1000
	[ "$(wc -l <"$OUT")" -eq 1000 ]
	run ! grep -vxE '[a-z-]+( [a-z-]+){5}' "$OUT"
	tr ' ' '\n' <"$OUT" | LC_ALL=C sort -u >"$OUT.words"
	[ -z "$(LC_ALL=C comm -23 "$OUT.words" <(LC_ALL=C sort "$EFF_LIST"))" ]
}

@test "the built-in list is the EFF long list, word for word" {
	eff_list
	# 7776 words a line from --wordlist, each drawn once at least.
	"$GETRANDOM" --words 1000 -C 200 | tr ' ' '\n' | LC_ALL=C sort -u >"$OUT"
	[ "$(wc -l <"$OUT")" -eq 7776 ]
	cmp "$OUT" <(LC_ALL=C sort "$EFF_LIST")
}

@test "the words are uniform over the 7776: chi-square over a million" {
	"$GETRANDOM" --words 1000 -C 1000 | tr ' ' '\n' >"$OUT"
	run -0 uniform 7776 "$CHI_7775" "$OUT"
}

@test "the same check fails on words picked as a 16-bit word % 7776 (it can fail)" {
	"$GETRANDOM" --bytes 2000000 | od -An -v -tu2 | tr -s ' ' '\n' | grep . |
		awk '{ print $1 % 7776 }' >"$OUT"
	[ "$(wc -l <"$OUT")" -eq 1000000 ]
	run -1 uniform 7776 "$CHI_7775" "$OUT"
}

@test "a list of six words is uniform: chi-square over 100000 draws" {
	printf '%s\n' one two three four five six >"$BATS_TEST_TMPDIR/list"
	"$GETRANDOM" --words 1000 -C 100 --wordlist "$BATS_TEST_TMPDIR/list" |
		tr ' ' '\n' >"$OUT"
	run -0 uniform 6 "$CHI_5" "$OUT"
}

@test "the same check fails on a list that holds one of its six words twice" {
	# Seven lines, "one" on two of them: what a list with a repeat gives.
	"$GETRANDOM" --range 1-7 -C 100000 |
		awk '{ split("one two three four five six one", w); print w[$1] }' >"$OUT"
	run -1 uniform 6 "$CHI_5" "$OUT"
}

@test "--separator joins the words with any text, or none" {
	printf '%s\n' ab cd >"$BATS_TEST_TMPDIR/list"
	gr --words 3 --separator=-- --wordlist "$BATS_TEST_TMPDIR/list" -C 50
	run ! grep -vxE '(ab|cd)--(ab|cd)--(ab|cd)' "$OUT"
	gr --words 3 --separator= --wordlist "$BATS_TEST_TMPDIR/list" -C 50
	run ! grep -vxE '(ab|cd){3}' "$OUT"
}

# joins_refused SEP 'W1\nW2\n...' 'A' 'B': the list with --separator SEP is
# refused, naming A and B, status 1, and no FILE is made.
joins_refused() {
	local list=$BATS_TEST_TMPDIR/list d=$BATS_TEST_TMPDIR/d
	printf "$2" >"$list"
	mkdir -p "$d"
	run -1 --separate-stderr "$GETRANDOM" --words 3 --separator "$1" \
		--wordlist "$list" -o "$d/pw"
	[ "$stderr" = "getrandom: word list '$list', with --separator '$1': '$3' and '$4' can run together, so two draws could read alike (use a separator that no word holds)" ] ||
		fail_with "$stderr"
	[ -z "$(files_in "$d")" ]
}

@test "a --separator with one word is refused: it would have no effect" {
	run --separate-stderr gr --words 1 --separator ''
	assert_usage_error "--separator has no effect with --words=1: a separator goes between words"
	# --bits=12 is one word of the EFF list's 12.9 bits.
	run --separate-stderr gr --words --bits 12 --separator -
	assert_usage_error "--separator has no effect: --bits=12 gives one word, and a separator goes between words"
	[ -z "$output" ]
	run -0 gr --words --bits 13 --separator -
	[[ $(cat "$OUT") == *-* ]]
}

@test "a separator with which two draws could read alike is refused" {
	# "in" "to" and "into" would both be "into": the entropy would be less
	# than the count of draws says.
	joins_refused '' 'in\nto\ninto\nx\n' in into
	joins_refused - 'a\nb\na-\n' a a-
	joins_refused ab 'x\nxaby\nz\n' x xaby
	# With a separator the words never hold, it is fine.
	printf '%s\n' in to into x >"$BATS_TEST_TMPDIR/list"
	gr --words 3 --separator - --wordlist "$BATS_TEST_TMPDIR/list" -C 20
	run ! grep -vxE '(in|to|into|x)(-(in|to|into|x)){2}' "$OUT"
	# The built-in list: no word starts another, none holds a hyphen after
	# a word of its own.
	gr --words 6 --separator '' -C 5
	gr --words 6 --separator - -C 5
}

@test "diceware's NNNNN<TAB>word lines give the words alone" {
	printf '11111\tabacus\n11112\tabdomen\n11113\t12345\n' >"$BATS_TEST_TMPDIR/list"
	gr --words 300 --wordlist "$BATS_TEST_TMPDIR/list"
	[ "$(tr ' ' '\n' <"$OUT" | sort -u | tr '\n' ,)" = "12345,abacus,abdomen," ]
}

@test "a word longer than the output buffer comes out whole" {
	{ head -c 100000 /dev/zero | tr '\0' a; echo; echo b; } >"$BATS_TEST_TMPDIR/list"
	gr --words 4 --separator=, --wordlist "$BATS_TEST_TMPDIR/list" -C 4
	[ "$(wc -l <"$OUT")" -eq 4 ]
	run ! grep -vxE '(a{100000}|b)(,(a{100000}|b)){3}' "$OUT"
}

# bad_list TEXT MESSAGE: a --wordlist holding TEXT fails with status 1,
# the message, nothing written and no --output file.
bad_list() {
	local list=$BATS_TEST_TMPDIR/list
	printf "$1" >"$list"
	mkdir -p "$BATS_TEST_TMPDIR/d"
	run -1 --separate-stderr "$GETRANDOM" --words 3 --wordlist "$list" \
		-o "$BATS_TEST_TMPDIR/d/pw"
	[ "$stderr" = "getrandom: word list '$list'$2" ] || fail_with "$stderr"
	[ -z "$(files_in "$BATS_TEST_TMPDIR/d")" ]
}

@test "a list that repeats a word is refused, with both lines" {
	bad_list 'a\nb\nc\nb\na\n' ", line 4: 'b' repeats line 2"
	bad_list '11111\tx\n11112\ty\nx\n' ", line 3: 'x' repeats line 1"
}

@test "empty words, blanks and control characters, and short lists are refused" {
	bad_list 'a\n\nb\n' ", line 2: empty word"
	bad_list 'a\nb\n\n' ", line 3: empty word"
	bad_list 'a\n11111\t\n' ", line 2: empty word"
	bad_list 'a b\nc\n' ", line 1: a blank or control character in a word"
	bad_list 'a\nb\r\n' ", line 2: a carriage return at the end (DOS line ends; tr -d '\\r' removes them)"
	bad_list 'a\r\nb\n' ", line 1: a carriage return at the end (DOS line ends; tr -d '\\r' removes them)"
	bad_list 'a\nb\rc\n' ", line 2: a blank or control character in a word"
	bad_list 'a\nb\tc\n' ", line 2: a blank or control character in a word"
	# A byte order mark would be drawn as part of the first word, unseen.
	bad_list '\357\273\277a\nb\n' ", line 1: a byte order mark (U+FEFF) before the word"
	bad_list 'a\n' ": fewer than 2 words"
	bad_list '' ": fewer than 2 words"
}

@test "a diceware line with a blank where its tab belongs says so, and how to fix it" {
	local fix="(NNNNN<TAB>word; sed 's/^\\([1-6]\\{5\\}\\) /\\1\\t/' puts it there)"
	bad_list '11111 apple\n11112 pear\n' ", line 1: a blank after the dice, where diceware's tab belongs $fix"
	bad_list '11111\tapple\n11112 pear\n' ", line 2: a blank after the dice, where diceware's tab belongs $fix"
	# Not dice, or a blank after the tab: a blank in a word, as before.
	bad_list '11117 apple\npear\n' ", line 1: a blank or control character in a word"
	bad_list '11111\tap ple\npear\n' ", line 1: a blank or control character in a word"
	# The sed the message gives makes the list one that is read.
	printf '11111 apple\n11112 pear\n' | sed 's/^\([1-6]\{5\}\) /\1\t/' >"$BATS_TEST_TMPDIR/fixed"
	run -0 gr --words 2 --wordlist "$BATS_TEST_TMPDIR/fixed"
	[[ $(cat "$OUT") =~ ^(apple|pear)\ (apple|pear)$ ]]
}

@test "a list that cannot be read fails, status 1, naming it" {
	run -1 --separate-stderr "$GETRANDOM" --words 3 --wordlist "$BATS_TEST_TMPDIR/none"
	[ "$stderr" = "getrandom: cannot read word list '$BATS_TEST_TMPDIR/none': No such file or directory" ]
	run -1 --separate-stderr "$GETRANDOM" --words 3 --wordlist "$BATS_TEST_TMPDIR"
	[ "$stderr" = "getrandom: cannot read word list '$BATS_TEST_TMPDIR': Is a directory" ]
}

@test "an endless list stops at 4 GiB with its message, not at the end of memory" {
	require_native
	needs_plain_build "AddressSanitizer's runtime reserves more address space than the limit below"
	# 4 GiB of list need a 64-bit binary (ELF class 2) and the memory.
	[ "$(od -An -tx1 -j4 -N1 "$GETRANDOM" | tr -d ' ')" = 02 ] ||
		skip "a 32-bit binary cannot hold a 4 GiB list"
	[ "$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)" -gt 5000000 ] ||
		skip "fewer than 5 GB of memory free to hold a 4 GiB list"
	# Under 6 GB of address space: what reading on to the end needs is refused.
	run -1 --separate-stderr bash -c \
		'ulimit -v 6000000 && exec "$GETRANDOM" --words 2 --wordlist /dev/zero'
	[ "$stderr" = "getrandom: word list '/dev/zero': more than 4 GiB" ]
	[ -z "$output" ]
}

@test "bad word counts are usage errors" {
	assert_bad_counts words "word count"
}

@test "no file is opened for the built-in list: it is compiled in" {
	require_native
	require strace
	needs_plain_build "AddressSanitizer's runtime opens files of its own"
	strace -f -qq -o "$BATS_TEST_TMPDIR/log" -e trace=open,openat \
		"$GETRANDOM" --words 6 >"$OUT"
	[[ $(cat "$OUT") =~ ^[a-z-]+( [a-z-]+){5}$ ]]
	# The loader opens its cache and libraries (*.so*), nothing else.
	run ! grep -v -e '\.so' -e '+++ exited' "$BATS_TEST_TMPDIR/log"
}
