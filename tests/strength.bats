#!/usr/bin/env bats
# --bits and --entropy: the entropy of each kind of output, checked against
# Python's exact integers (for --require: the number of passwords that
# meet the rules, counted by inclusion and exclusion in big integers, not
# LEN * log2 of the set), and --bits giving the least length that reaches
# the target, no more (with --require: the least whose passwords meet the
# rules often enough to be drawn).
# Call: bats tests/strength.bats (GETRANDOM=path to test another binary)
load helpers

# exact SETSIZE LEN RULESIZES...: log2 of the number of passwords of LEN
# characters from a set of SETSIZE that have one of each rule's set, for
# rules whose sets do not overlap, rounded down to a tenth, in Python.
exact() {
	python3 - "$@" <<-'PY'
	import itertools, math, sys
	n, length, rules = int(sys.argv[1]), int(sys.argv[2]), [int(r) for r in sys.argv[3:]]
	count = 0
	for k in range(len(rules) + 1):
	    for subset in itertools.combinations(rules, k):
	        count += (-1) ** k * (n - sum(subset)) ** length
	print("%.1f" % (math.floor(math.log2(count) * 10) / 10))
	PY
}

# least SETSIZE BITS RULESIZES...: the least LEN whose count reaches BITS
# and is at least one in 2^20 of all passwords of LEN (fewer are not drawn).
least() {
	python3 - "$@" <<-'PY'
	import itertools, sys
	n, bits, rules = int(sys.argv[1]), int(sys.argv[2]), [int(r) for r in sys.argv[3:]]
	def count(length):
	    return sum((-1) ** k * (n - sum(s)) ** length
	               for k in range(len(rules) + 1)
	               for s in itertools.combinations(rules, k))
	length = max(1, len(rules))
	while count(length) < 2 ** bits or count(length) * 2 ** 20 < n ** length:
	    length += 1
	print(length)
	PY
}

# plural N: "s" unless N is 1.
plural() {
	[ "$1" = 1 ] || echo s
}

entropy_of() {
	"$GETRANDOM" "$@" --entropy 2>&1 >/dev/null
}

@test "--entropy: six words of the EFF list are 77.5 bits, as the example says" {
	[ "$(entropy_of --words 6)" = "getrandom: 77.5 bits: 6 words from a list of 7776" ]
	[ "$(entropy_of --words=1)" = "getrandom: 12.9 bits: 1 word from a list of 7776" ]
}

@test "--entropy of passwords without rules is LEN * log2 of the set, rounded down" {
	require python3
	local len set
	for set in 62:'[:alnum:]' 94:'[:graph:]' 16:'[:hex:]' 2:01; do
		for len in 1 8 20 64; do
			[ "$(entropy_of -p "$len" -s "${set#*:}")" = \
				"getrandom: $(exact "${set%%:*}" "$len") bits: $len character$(plural "$len") from a set of ${set%%:*}" ] ||
				fail_with "-p $len -s ${set#*:}: $(entropy_of -p "$len" -s "${set#*:}")"
		done
	done
}

@test "--entropy with --require counts the passwords that meet the rules, not LEN * log2(set)" {
	require python3
	# 2 characters of abc with an a: 5 passwords, 2.3 bits, where 2 * log2(3) is 3.1.
	[ "$(entropy_of -p 2 -s abc --require a)" = \
		"getrandom: 2.3 bits: 2 characters from a set of 3 that meet 1 --require rule" ]
	local len want
	for len in 2 4 8 12; do
		want=$(exact 62 "$len" 10 26)
		[ "$(entropy_of -p "$len" --require '[:digit:]' --require '[:upper:]')" = \
			"getrandom: $want bits: $len characters from a set of 62 that meet 2 --require rules" ] ||
			fail_with "-p $len: $(entropy_of -p "$len" --require '[:digit:]' --require '[:upper:]'), want $want"
	done
	want=$(exact 94 10 10 26 26 32)
	[ "$(entropy_of -p 10 -s '[:graph:]' --require '[:digit:]' --require '[:upper:]' \
		--require '[:lower:]' --require '[:punct:]')" = \
		"getrandom: $want bits: 10 characters from a set of 94 that meet 4 --require rules" ]
}

@test "--entropy of an integer, a UUID and bytes" {
	[ "$(entropy_of -R 1-6)" = "getrandom: 2.5 bits: an integer from a range of 6" ]
	[ "$(entropy_of -R 1-1024)" = "getrandom: 10.0 bits: an integer from a range of 1024" ]
	[ "$(entropy_of -R 0-18446744073709551615)" = "getrandom: 64.0 bits: an integer from a range of 18446744073709551616" ]
	[ "$(entropy_of --uuid)" = "getrandom: 122.0 bits: a version 4 UUID" ]
	[ "$(entropy_of --hex)" = "getrandom: 256.0 bits: 32 bytes" ]
	[ "$(entropy_of -n 16 --base64 -C 3)" = "getrandom: 128.0 bits: 16 bytes" ]
	[ "$(entropy_of -n 1 --hex)" = "getrandom: 8.0 bits: 1 byte" ]
}

# tenths_of TIMES X: TIMES * log2(X) rounded down to a tenth, from
# Python's decimals at 80 digits.
tenths_of() {
	python3 - "$@" <<-'PY'
	import sys
	from decimal import Decimal, getcontext, ROUND_FLOOR
	getcontext().prec = 80
	times, x = int(sys.argv[1]), int(sys.argv[2])
	tenths = (times * Decimal(x).ln() / Decimal(2).ln() * 10).to_integral_value(ROUND_FLOOR)
	print("%d.%d" % divmod(int(tenths), 10))
	PY
}

# entropy_only ARGS...: the report of an output too long to wait for; the
# pipe's closing ends the run.
entropy_only() {
	"$GETRANDOM" "$@" --entropy 2>"$BATS_TEST_TMPDIR/report" | head -c 1 >/dev/null
	cat "$BATS_TEST_TMPDIR/report"
}

@test "--entropy rounds down at the edges, never up to the next tenth" {
	require python3
	# log2(2^64 - 1) is 63.99999999999999999992: 64.0 in floating point.
	[ "$(entropy_of -R 0-18446744073709551614)" = \
		"getrandom: 63.9 bits: an integer from a range of 18446744073709551615" ]
	[ "$(entropy_of -R 1-17179869183)" = \
		"getrandom: 33.9 bits: an integer from a range of 17179869183" ]
	[ "$(entropy_of -R 1-17179869184)" = \
		"getrandom: 34.0 bits: an integer from a range of 17179869184" ]
	local max=18446744073709551615
	[ "$(entropy_only -n "$max")" = \
		"getrandom: 147573952589676412920.0 bits: $max bytes" ]
	[ "$(entropy_only -p "$max")" = \
		"getrandom: $(tenths_of "$max" 62) bits: $max characters from a set of 62" ]
	[ "$(entropy_only --words "$max")" = \
		"getrandom: $(tenths_of "$max" 7776) bits: $max words from a list of 7776" ]
	local n
	for n in 3 1000 4294967295; do
		[ "$(entropy_of -R "1-$n")" = "getrandom: $(tenths_of 1 "$n") bits: an integer from a range of $n" ] ||
			fail_with "-R 1-$n: $(entropy_of -R "1-$n")"
	done
}

@test "an --entropy report that cannot be written fails the run, before any output" {
	local args
	for args in "--hex" "--words 3" "-p 8" "-R 1-6" "--uuid" "--mac"; do
		# shellcheck disable=SC2086
		run -1 bash -c '"$@" 2>/dev/full' _ "$GETRANDOM" $args --entropy
		[ -z "$output" ] || fail_with "$args, standard error full: $output"
		# shellcheck disable=SC2086
		run -1 bash -c '"$@" 2>&-' _ "$GETRANDOM" $args --entropy
		[ -z "$output" ] || fail_with "$args, standard error closed: $output"
	done
	run -1 bash -c '"$@" 2>/dev/full' _ "$GETRANDOM" --entropy -n 32 -o "$BATS_TEST_TMPDIR/key"
	[ ! -e "$BATS_TEST_TMPDIR/key" ]
}

@test "--entropy writes one line, to standard error only" {
	run -0 --separate-stderr gr --words 6 -C 5 --entropy
	[ "$(wc -l <"$OUT")" -eq 5 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "--bits: the least password length that reaches N bits, and no less" {
	require python3
	local bits set
	for set in 62:'[:alnum:]' 94:'[:graph:]' 16:'[:hex:]' 32:'[:base32:]' 58:'[:base58:]'; do
		for bits in 1 64 80 128 256; do
			gr --password --bits "$bits" -s "${set#*:}"
			[ "$(($(size "$OUT") - 1))" -eq "$(least "${set%%:*}" "$bits")" ] ||
				fail_with "--bits $bits -s ${set#*:}: $(cat "$OUT")"
		done
	done
	# A power of two: 128 bits of hex are 32 digits exactly.
	gr --password=32 -s '[:hex:]'
	gr --password --bits 128 -s '[:hex:]'
	[ "$(size "$OUT")" -eq 33 ]
}

@test "--bits with --require counts only the passwords that meet the rules" {
	require python3
	local bits want
	for bits in 20 40 64 100; do
		want=$(least 62 "$bits" 10 26)
		gr --password --bits "$bits" --require '[:digit:]' --require '[:upper:]'
		[ "$(($(size "$OUT") - 1))" -eq "$want" ] ||
			fail_with "--bits $bits: $(cat "$OUT"), want $want characters"
	done
	# 2 characters of abc with an a hold 2.3 bits (5 passwords), where
	# 2 * log2(3) would say 3.1: 3 bits need 3 characters (19 passwords).
	gr --password --bits 2 -s abc --require a
	[ "$(size "$OUT")" -eq 3 ]
	gr --password --bits 3 -s abc --require a
	[ "$(size "$OUT")" -eq 4 ]
}

@test "--bits with many rules: a longer password they leave drawable, not a refusal" {
	require python3
	local bits want c
	# 8 characters holding a to h are 8! passwords, 15.3 bits, but one in
	# 5e9 of all: rejection would take hours, so --bits goes on to 16.
	# At 100 bits the bits decide again.
	for bits in 1 15 64 100; do
		want=$(least 62 "$bits" 1 1 1 1 1 1 1 1)
		gr --password --bits "$bits" --require a --require b --require c \
			--require d --require e --require f --require g --require h
		[ "$(($(size "$OUT") - 1))" -eq "$want" ] ||
			fail_with "--bits $bits: $(cat "$OUT"), want $want characters"
		for c in a b c d e f g h; do
			grep -q "$c" "$OUT" || fail_with "--bits $bits: no $c in $(cat "$OUT")"
		done
	done
}

@test "--bits with rules that overlap: one character may meet several" {
	# a to f meet both [:xdigit:] and [:lower:]: 6 passwords of one
	# character, 2.5 bits; 3 bits need two.
	local two=(--require '[:xdigit:]' --require '[:lower:]')
	gr --password --bits 2 "${two[@]}"
	[ "$(size "$OUT")" -eq 2 ] || fail_with "--bits 2: $(cat "$OUT")"
	gr --password --bits 3 "${two[@]}"
	[ "$(size "$OUT")" -eq 3 ] || fail_with "--bits 3: $(cat "$OUT")"
	# A lower and an upper case letter, one of them a to f: 552 passwords
	# of two characters meet all three rules, 9.1 bits.
	gr --password --bits 9 "${two[@]}" --require '[:upper:]'
	grep -qxE '[a-z][A-Z]|[A-Z][a-z]' "$OUT" || fail_with "--bits 9: $(cat "$OUT")"
	grep -q '[a-fA-F]' "$OUT" || fail_with "--bits 9: $(cat "$OUT")"
}

@test "--bits: the least number of words" {
	gr --words --bits 77
	[ "$(wc -w <"$OUT")" -eq 6 ]
	gr --words --bits 78
	[ "$(wc -w <"$OUT")" -eq 7 ]
	printf '%s\n' a b c d >"$BATS_TEST_TMPDIR/list"
	# Four words: 2 bits each, exactly.
	gr --words --bits 8 --wordlist "$BATS_TEST_TMPDIR/list"
	[ "$(wc -w <"$OUT")" -eq 4 ]
}

@test "--password 20 and --words 6 still take their count as the next word" {
	gr --password 20
	[ "$(size "$OUT")" -eq 21 ]
	gr --words 6
	[ "$(wc -w <"$OUT")" -eq 6 ]
	run --separate-stderr gr --password x
	assert_usage_error "invalid password length 'x'"
}

@test "--bits and --entropy: what they need and refuse" {
	run --separate-stderr gr --bits 64
	assert_usage_error "--bits needs --password or --words"
	run --separate-stderr gr -R 1-6 --bits 64
	assert_usage_error "--bits needs --password or --words"
	run --separate-stderr gr --password 8 --bits 64
	assert_usage_error "--bits and a length for --password cannot both be given"
	run --separate-stderr gr --words=6 --bits 64
	assert_usage_error "--bits and a length for --words cannot both be given"
	run --separate-stderr gr --password
	assert_usage_error "--password needs a length, or --bits"
	run --separate-stderr gr --words
	assert_usage_error "--words needs a length, or --bits"
	run --separate-stderr gr --ulid --entropy
	assert_usage_error "--entropy and --ulid cannot be used together"
	run --separate-stderr gr --uuid=7 --entropy
	assert_usage_error "--entropy and --uuid=7 cannot be used together"
	run --separate-stderr gr --shuffle --entropy
	assert_usage_error "--entropy and --shuffle cannot be used together"
	run --separate-stderr gr --check --entropy
	assert_usage_error "--check and --entropy cannot be used together"
	local n
	for n in 0 -1 x 65537 1K ''; do
		run --separate-stderr gr --password --bits="$n"
		assert_usage_error "invalid number of bits '$n'"
	done
}
