#!/usr/bin/env bats
# --require: every password has a character of each rule's set, the draw
# is uniform over the passwords that meet the rules (chi-square, with a
# control that the check fails on passwords patched to meet a rule), and
# rules that no password, or almost none, can meet are refused.
# Call: bats tests/require.bats (GETRANDOM=path to test another binary)
load helpers

# Chi-square critical values at p = 1e-6 for 4 and 17 degrees of freedom.
CHI_4=33.38
CHI_17=60.13

@test "each password has a digit and a capital, as sites demand" {
	gr --password 8 --require '[:digit:]' --require '[:upper:]' -C 10000
	[ "$(wc -l <"$OUT")" -eq 10000 ]
	run ! grep -vxE '[A-Za-z0-9]{8}' "$OUT"
	run ! grep -v '[0-9]' "$OUT"
	run ! grep -v '[A-Z]' "$OUT"
}

@test "a rule written as a class's name requires the class, not its letters" {
	gr -p 8 -s alnum --require digit --require upper -C 3000
	run ! grep -vxE '[A-Za-z0-9]{8}' "$OUT"
	run ! grep -v '[0-9]' "$OUT"
	run ! grep -v '[A-Z]' "$OUT"
	# Of [:alpha:], digit has none: refused, not met by a 'd'.
	run --separate-stderr gr -p 16 --charset '[:alpha:]' --require digit
	assert_usage_error "the --require set 'digit' has '0', which is not in the --charset"
}

@test "a rule of one character, and rules that overlap, are each met" {
	gr -p 6 -s '[:graph:]' --require '!' --require '#a' --require a-f -C 3000
	run ! grep -vF '!' "$OUT"
	run ! grep -v '[a-f]' "$OUT"
	run ! grep -v '[#a]' "$OUT"
}

@test "uniform over the passwords that meet the rule: 5 of length 2 over abc have an a" {
	gr -p 2 -s abc --require a -C 100000
	[ "$(sort -u "$OUT" | tr '\n' ' ')" = "aa ab ac ba ca " ]
	run -0 uniform 5 "$CHI_4" "$OUT"
}

@test "the same check fails on passwords patched to meet the rule (it can fail)" {
	# A password without an a gets one in its first place: ab and ac then
	# come three times as often as aa, ba and ca.
	"$GETRANDOM" -p 2 -s abc -C 100000 | sed '/a/!s/^./a/' >"$OUT"
	run -1 uniform 5 "$CHI_4" "$OUT"
}

@test "two rules: the 18 passwords of length 3 over abcd with an a and a b are uniform" {
	gr -p 3 -s abcd --require a --require b -C 180000
	# 4^3 - 2 * 3^3 + 2^3 = 18, by inclusion and exclusion.
	[ "$(sort -u "$OUT" | wc -l)" -eq 18 ]
	run -0 uniform 18 "$CHI_17" "$OUT"
}

@test "the same check fails when the missing letters are patched in at the end" {
	"$GETRANDOM" -p 3 -s abcd -C 180000 |
		sed -e '/a/!s/.$/a/' -e '/b/!s/^./b/' -e '/a/!s/.$/a/' >"$OUT"
	run -1 uniform 18 "$CHI_17" "$OUT"
}

@test "a length too short for the rules is refused, naming the least that meets them" {
	run --separate-stderr gr -p 2 --require a --require b --require c
	assert_usage_error "--password=2 is too short for the --require rules: they need at least 3 characters"
	# One character meets two rules (a, A), but none is both lower and upper case.
	run --separate-stderr gr -p 1 --require '[:xdigit:]' --require '[:lower:]' --require '[:upper:]'
	assert_usage_error "--password=1 is too short for the --require rules: they need at least 2 characters"
}

@test "rules that overlap are counted by the characters that meet them, not one a rule" {
	# a to f meet [:xdigit:] and [:lower:] both: two characters meet three rules.
	gr -p 2 --require '[:xdigit:]' --require '[:lower:]' --require '[:upper:]' -C 200
	run ! grep -vxE '[a-z][A-Z]|[A-Z][a-z]' "$OUT"
	run ! grep -v '[a-fA-F]' "$OUT"
	# b meets the first three rules, c the last three, a the middle four:
	# taking a first, as the most rules at once, would leave two to meet.
	gr -p 2 -s a-i --require bd --require abe --require abf --require acg \
		--require ach --require ci -C 100
	run ! grep -vxE 'bc|cb' "$OUT"
}

@test "a rule that every password meets is refused: it would have no effect" {
	run --separate-stderr gr -p 8 -s abc --require cab
	assert_usage_error "the --require set 'cab' has no effect: it is the whole --charset, which every password is drawn from"
	run --separate-stderr gr -p 8 --require alnum
	assert_usage_error "the --require set 'alnum' has no effect: it is the whole --charset"
	run --separate-stderr gr -p 8 --require a --require b --require a
	assert_usage_error "the --require set 'a' is given twice: give each rule once"
	run --separate-stderr gr -p 8 --require ab --require ba
	assert_usage_error "the --require sets 'ab' and 'ba' are the same: give each rule once"
	# A password with a digit has an alphanumeric character too.
	run --separate-stderr gr -p 8 -s '[:graph:]' --require '[:alnum:]' --require digit
	assert_usage_error "the --require set '[:alnum:]' has no effect: every password that meets 'digit' has one of its characters"
	run --separate-stderr gr -p 8 --require ab --require a
	assert_usage_error "the --require set 'ab' has no effect: every password that meets 'a' has one of its characters"
	# Sets that overlap, each with a character of its own, both take effect.
	run -0 gr -p 8 --require ab --require bc
}

@test "a rule with a character outside --charset is refused, naming both" {
	run --separate-stderr gr -p 8 --require '!'
	assert_usage_error "the --require set '!' has '!', which is not in the --charset"
	run --separate-stderr gr -p 8 -s a-z --require 'x-z0'
	assert_usage_error "the --require set 'x-z0' has '0', which is not in the --charset"
	run -0 gr -p 8 -s a-z --require x-z
}

@test "rules that almost no password meets are refused, not drawn for hours" {
	run --separate-stderr gr -p 8 -s '[:graph:]' --require '!' --require '#' \
		--require '$' --require '%' --require '&' --require '(' --require ')'
	assert_usage_error "the --require rules leave about one password in"
	# One in about 2^17 still passes.
	run -0 gr -p 4 -s '[:graph:]' --require '!' --require '#' --require '$'
}

# share_of SETSIZE LEN RULESIZES...: the number of passwords of LEN from a
# set of SETSIZE per one that has a character of each rule's set (rules
# whose sets do not overlap), to three significant digits, from Python's
# exact integers.
share_of() {
	python3 - "$@" <<-'PY'
	import itertools, sys
	from decimal import Decimal, getcontext
	getcontext().prec = 50
	n, length, rules = int(sys.argv[1]), int(sys.argv[2]), [int(r) for r in sys.argv[3:]]
	count = sum((-1) ** k * (n - sum(s)) ** length
	            for k in range(len(rules) + 1)
	            for s in itertools.combinations(rules, k))
	print(Decimal(format(Decimal(n ** length) / Decimal(count), ".3g")).normalize())
	PY
}

# refused_share ARGS...: the share a refusal of ARGS prints, as a number.
refused_share() {
	run --separate-stderr gr "$@"
	assert_usage_error "the --require rules leave about one password in"
	python3 -c 'import sys; from decimal import Decimal; print(Decimal(sys.argv[1]).normalize())' \
		"$(sed -n 's/.*one password in \([^ ]*\) of.*/\1/p' <<<"$stderr")"
}

@test "a refusal's share is right to its three digits where floating point cancels" {
	require python3
	local letters=(a b c d e f g h i j k l m n o p) rules=() len got want r
	for r in "${letters[@]}"; do
		rules+=(--require "$r")
	done
	# 16 letters in 16 characters: 16! passwords of 94^16, 1.78e+18 to one
	# (a floating-point sum said -6.37e+14); 12 in 12 and 16 in 23 too.
	for len in 16 23; do
		got=$(refused_share -p "$len" -s '[:graph:]' "${rules[@]}")
		want=$(share_of 94 "$len" 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1)
		[ "$got" = "$want" ] || fail_with "16 rules, -p $len: $got, want $want"
	done
	got=$(refused_share -p 12 -s '[:graph:]' "${rules[@]:0:24}")
	want=$(share_of 94 12 1 1 1 1 1 1 1 1 1 1 1 1)
	[ "$got" = "$want" ] || fail_with "12 rules, -p 12: $got, want $want"
	rules=()
	for r in ab cd ef gh ij kl mn op qr st uv wx yz AB CD EF; do
		rules+=(--require "$r")
	done
	got=$(refused_share -p 16 -s '[:graph:]' "${rules[@]}")
	want=$(share_of 94 16 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2)
	[ "$got" = "$want" ] || fail_with "16 pairs, -p 16: $got, want $want"
}

@test "--require needs --password, a short enough one, and 16 rules at most" {
	run --separate-stderr gr --require a
	assert_usage_error "--require needs --password"
	run --separate-stderr gr -R 1-6 --require a
	assert_usage_error "--require needs --password"
	run --separate-stderr gr -p 1025 --require a
	assert_usage_error "--require needs a --password of at most 1024 characters"
	run -0 gr -p 1024 --require 0
	[ "$(size "$OUT")" -eq 1025 ]
	local rules=() c
	for c in a b c d e f g h i j k l m n o p q; do
		rules+=(--require "$c")
	done
	run --separate-stderr gr -p 40 -s a-z "${rules[@]}"
	assert_usage_error "too many --require rules (at most 16)"
}

@test "bad --require sets are usage errors that name the set" {
	local s
	for s in z-a '[:foo:]' '' 'a\' $'\t'; do
		run --separate-stderr gr -p 8 --require="$s"
		assert_usage_error "for --require"
	done
}
