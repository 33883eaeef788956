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
	gr -p 6 -s '[:graph:]' --require '!' --require '[:punct:]' --require a-f -C 3000
	run ! grep -vF '!' "$OUT"
	run ! grep -v '[a-f]' "$OUT"
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
	# One character meets several rules, but no one character is a digit and a capital.
	run --separate-stderr gr -p 1 --require '[:alnum:]' --require '[:digit:]' --require '[:upper:]'
	assert_usage_error "--password=1 is too short for the --require rules: they need at least 2 characters"
}

@test "rules that overlap are counted by the characters that meet them, not one a rule" {
	gr -p 1 --require a --require a
	[ "$(cat "$OUT")" = a ]
	# A digit meets [:alnum:] and [:digit:] both: two characters meet three rules.
	gr -p 2 --require '[:alnum:]' --require '[:digit:]' --require '[:upper:]' -C 200
	run ! grep -vxE '[0-9][A-Z]|[A-Z][0-9]' "$OUT"
	# b meets the first three rules, c the last three, a the middle four:
	# taking a first, as the most rules at once, would leave two to meet.
	gr -p 2 -s abc --require b --require ab --require ab --require ac \
		--require ac --require c -C 100
	run ! grep -vxE 'bc|cb' "$OUT"
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

@test "--require needs --password, a short enough one, and 16 rules at most" {
	run --separate-stderr gr --require a
	assert_usage_error "--require needs --password"
	run --separate-stderr gr -R 1-6 --require a
	assert_usage_error "--require needs --password"
	run --separate-stderr gr -p 65536 --require a
	assert_usage_error "--require needs a --password of at most 65535 characters"
	run -0 gr -p 65535 --require 0
	[ "$(size "$OUT")" -eq 65536 ]
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
