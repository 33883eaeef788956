#!/usr/bin/env bats
# --range, --password, --charset, --uuid and --count: the values are
# exact (checked against Python's uuid and string modules, and against
# Python's own integers), uniform (chi-square over a million draws, with a
# check that the same test fails on a modulo-biased draw), batched, and
# their bad inputs refused by name.
# Call: bats tests/draws.bats (GETRANDOM=path to test another binary)
load helpers

# --- --range ---

@test "--range=1-6 writes one integer from 1 to 6 and a newline" {
	gr --range=1-6
	[[ $(cat "$OUT") =~ ^[1-6]$ ]]
	[ "$(size "$OUT")" -eq 2 ]
}

@test "a bound may carry a +, as shuf -i takes it: +1-+6" {
	local r
	for r in +1-+6 +1-6 1-+6 -6-+6; do
		run -0 gr --range="$r" -C 100
		[ "$(wc -l <"$OUT")" -eq 100 ] || fail_with "--range=$r"
		run ! grep -v -E '^-?[0-6]$' "$OUT"
	done
	run -0 gr --range=+5-+5
	[ "$(cat "$OUT")" = 5 ]
}

@test "-R 1-6 -C 1000 writes 1000 lines, every face of the die among them" {
	gr -R 1-6 -C 1000
	[ "$(wc -l <"$OUT")" -eq 1000 ]
	run ! grep -qvx '[1-6]' "$OUT"
	[ "$(sort -u "$OUT" | tr -d '\n')" = 123456 ]
}

@test "a negative LO: -10-10 gives -10 to 10 and both signs" {
	gr --range=-10-10 --count=2000
	run ! grep -Eqvx -- '-?[0-9]+' "$OUT"
	awk '$0 < -10 || $0 > 10 { exit 1 }' "$OUT"
	[ "$(sort -nu "$OUT" | wc -l)" -eq 21 ]
}

@test "two negative bounds: -9--7" {
	gr --range=-9--7 -C 300
	[ "$(sort -u "$OUT" | tr '\n' ' ')" = "-7 -8 -9 " ]
}

@test "a range of one value gives that value, at both ends of both spans" {
	local v
	for v in 0 -9223372036854775808 9223372036854775807 18446744073709551615; do
		gr -R "$v-$v" -C 3
		[ "$(cat "$OUT")" = "$v"$'\n'"$v"$'\n'"$v" ]
	done
}

@test "the whole signed 64-bit span: every value in range, both signs, as Python reads them" {
	require python3
	gr -R -9223372036854775808-9223372036854775807 -C 2000
	python3 - "$OUT" <<-'PY'
	import sys
	v = [int(line) for line in open(sys.argv[1])]
	assert len(v) == 2000
	assert all(-2**63 <= x < 2**63 for x in v)
	assert min(v) < -2**62 and max(v) > 2**62, (min(v), max(v))
	PY
}

@test "the whole unsigned 64-bit span: values above 2^63 too" {
	require python3
	gr -R 0-18446744073709551615 -C 2000
	python3 - "$OUT" <<-'PY'
	import sys
	lines = open(sys.argv[1]).read().split("\n")
	assert lines[-1] == "" and len(lines) == 2001
	v = [int(s) for s in lines[:-1]]
	assert all(str(x) == s for x, s in zip(v, lines))	# no sign, no zeros
	assert all(0 <= x < 2**64 for x in v)
	assert max(v) >= 2**63 + 2**62 and min(v) < 2**62
	PY
}

@test "the top six unsigned values, and a span of 2^64 values with a negative LO" {
	require python3
	gr -R 18446744073709551610-18446744073709551615 -C 600
	[ "$(sort -u "$OUT" | wc -l)" -eq 6 ]
	python3 -c 'import sys; assert all(2**64 - 6 <= int(l) < 2**64 for l in open(sys.argv[1]))' "$OUT"
	gr -R -1-18446744073709551614 -C 2000
	python3 -c '
import sys
v = [int(l) for l in open(sys.argv[1])]
assert all(-1 <= x <= 2**64 - 2 for x in v) and max(v) > 2**63' "$OUT"
}

@test "each value is Lemire's multiply-and-reject of the byte getrandom(2) returned" {
	require_native
	require strace
	require python3
	traced "$BATS_TEST_TMPDIR/log" -R 1-6 -C 200
	local hex
	hex=$(grep -E 'getrandom\(' "$BATS_TEST_TMPDIR/log" |
		sed -E 's/.*getrandom\("([^"]*)".*/\1/; s/\\x//g' | tr -d '\n')
	# 256 mod 6 = 4: a byte x gives (6x >> 8) + 1 unless 6x mod 256 < 4.
	python3 - "$hex" "$OUT" <<-'PY'
	import sys
	data = bytes.fromhex(sys.argv[1])
	want = [(x * 6 >> 8) + 1 for x in data if x * 6 % 256 >= 4][:200]
	got = [int(l) for l in open(sys.argv[2])]
	assert got == want, (got[:10], want[:10])
	PY
}

@test "1-6 is uniform: chi-square over a million rolls" {
	gr -R 1-6 -C 1000000
	run -0 uniform 6 "$CHI_5" "$OUT"
}

@test "the chi-square check fails on a die rolled as byte % 6 (it can fail)" {
	bytes_of 1000000 | awk '{ print $1 % 6 + 1 }' >"$OUT"
	run -1 uniform 6 "$CHI_5" "$OUT"
}

# 0 to 2^63 + 2^62 holds 3 * 2^62 + 1 values: six buckets of 2^61 each,
# the one value 3 * 2^62 counted in the last.  A 64-bit word reduced
# modulo that count would put twice the weight below 2^62 - 1.
bucket_program='{ b = int($1 / 2305843009213693952); print (b > 5 ? 5 : b) }'

@test "a range near 2^63 that is not a power of two is uniform over six buckets" {
	gr -R 0-13835058055282163712 -C 1000000
	awk "$bucket_program" "$OUT" >"$OUT.buckets"
	run -0 uniform 6 "$CHI_5" "$OUT.buckets"
}

@test "the same check fails on 64-bit words reduced modulo 3 * 2^62 + 1" {
	"$GETRANDOM" --bytes 8000000 | od -An -v -tu8 | tr -s ' ' '\n' | grep . |
		awk '{ x = $1; if (x >= 13835058055282163713) x -= 13835058055282163713; print x }' |
		awk "$bucket_program" >"$OUT"
	[ "$(wc -l <"$OUT")" -eq 1000000 ]
	run -1 uniform 6 "$CHI_5" "$OUT"
}

@test "a million draws take a handful of getrandom(2) calls, not one each" {
	require_native
	require strace
	strace -f -qq -o "$BATS_TEST_TMPDIR/log" -e trace=getrandom \
		"$GETRANDOM" -R 1-100 -C 1000000 >"$OUT"
	[ "$(wc -l <"$OUT")" -eq 1000000 ]
	local calls
	calls=$(grep -c 'getrandom(' "$BATS_TEST_TMPDIR/log")
	# A byte is kept 200 times in 256 (256 mod 100 = 56 are rejected):
	# 1.28 MB in batches of 16 KiB, about 79 calls.
	[ "$calls" -le 100 ] || fail_with "$calls calls"
}

@test "a count of one asks getrandom(2) for a little, not a whole batch" {
	require_native
	require strace
	traced "$BATS_TEST_TMPDIR/log" -R 1-6
	grep -Eq 'getrandom\("[^"]*", 64, 0\) = 64' "$BATS_TEST_TMPDIR/log"
}

@test "bad ranges are usage errors that name the value" {
	local r
	for r in 6-1 1- -6 1 1-6x ++1-6 '1 -6' 1-++6 -+1-6 '+ 1-6' + '' - -- 1--1 \
		-9223372036854775809-0 0-18446744073709551616 \
		-1-18446744073709551615 99999999999999999999-1 0x1-2; do
		run --separate-stderr gr --range="$r"
		assert_usage_error "invalid range '$r'"
	done
}

# --- --password and --charset ---

@test "--password=20 writes 20 characters of [:alnum:] and a newline" {
	gr --password=20
	[ "$(size "$OUT")" -eq 21 ]
	grep -Eqx '[A-Za-z0-9]{20}' "$OUT"
}

@test "-p 20 -C 200: 200 passwords, all 62 alphanumerics among them" {
	require python3
	gr -p 20 -C 200
	python3 - "$OUT" <<-'PY'
	import string, sys
	lines = open(sys.argv[1]).read().split("\n")
	assert lines[-1] == "" and len(lines) == 201
	assert all(len(l) == 20 for l in lines[:-1])
	assert set("".join(lines)) == set(string.ascii_letters + string.digits)
	PY
}

# alphabet SET: the characters that 4000 draws from SET gave, sorted.
alphabet() {
	"$GETRANDOM" -p 4000 -s "$1" | fold -w 1 | LC_ALL=C sort -u | tr -d '\n'
	echo
}

@test "POSIX classes are the C locale's, as Python's string module spells them" {
	require python3
	local class got=() want
	for class in alnum alpha digit lower upper xdigit punct graph print; do
		got+=("$(alphabet "[:$class:]")")
	done
	want=$(python3 -c '
from string import ascii_letters as letters, ascii_lowercase as lower, \
	ascii_uppercase as upper, digits, hexdigits, punctuation
for chars in (letters + digits, letters, digits, lower, upper, hexdigits,
	      punctuation, letters + digits + punctuation,
	      letters + digits + punctuation + " "):
	print("".join(sorted(set(chars))))')
	[ "$(printf '%s\n' "${got[@]}")" = "$want" ]
}

@test "characters, ranges, escapes and named sets" {
	[ "$(alphabet 'a-cx')" = abcx ]
	[ "$(alphabet 'A-Za-z0-9')" = "$(alphabet '[:alnum:]')" ]
	[ "$(alphabet '-ab')" = -ab ]
	[ "$(alphabet 'ab-')" = -ab ]
	[ "$(alphabet 'a\-c')" = -ac ]
	[ "$(alphabet '\[:x:]')" = ':[]x' ]
	[ "$(alphabet '\\q')" = '\q' ]
	[ "$(alphabet '[:digit:]x')" = 0123456789x ]
	[ "$(alphabet '[:hex:]')" = 0123456789abcdef ]
	[ "$(alphabet '[:base32:]')" = 234567ABCDEFGHIJKLMNOPQRSTUVWXYZ ]
	[ "$(alphabet '[:base64url:]')" = -0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz ]
	# Bitcoin's base58: no 0, O, I or l.
	[ "$(alphabet '[:base58:]')" = 123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz ]
	[ "$(alphabet '[:unambiguous:]')" = 23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz ]
}

# The classes' names, from the one list the parser and the completions read.
class_names() {
	grep -o 'X("[a-z0-9]*", ' "$TESTS/../cli/charset-classes.h" | sed 's/X("\(.*\)", /\1/'
}

@test "a class's name alone, in brackets or as a word among others is the class, never its letters" {
	local name n=0
	for name in $(class_names); do
		n=$((n + 1))
		[ "$(alphabet "$name")" = "$(alphabet "[:$name:]")" ] || fail_with "$name"
		[ "$(alphabet "[$name]")" = "$(alphabet "[:$name:]")" ] || fail_with "[$name]"
	done
	[ "$n" -ge 15 ] || fail_with "only $n class names read from cli/charset-classes.h"
	[ "$(alphabet 'digit!')" = '!0123456789' ]
	[ "$(alphabet 'a-c[digit]')" = 0123456789abc ]
	[ "$(alphabet '0-1hex')" = 0123456789abcdef ]
	# A letter escaped, or a letter touching the name, makes letters.
	[ "$(alphabet '\alnum')" = almnu ]
	[ "$(alphabet 'd\igit')" = dgit ]
	[ "$(alphabet 'x-zhex')" = ehxyz ]
	# Brackets around nothing, or escaped, are characters.
	[ "$(alphabet '[]')" = '[]' ]
	[ "$(alphabet '\[a-c]')" = '[]abc' ]
}

@test "a word that begins with a class's name, a set in brackets and the blank classes are refused, with the spelling that works" {
	local s
	for s in digits uppercase 'alphanumeric!' '[lowercase]'; do
		local name
		name=$(class_names | while read -r n; do [[ ${s#[} == "$n"* ]] && echo "$n"; done | tail -1)
		run --separate-stderr gr -p 8 --charset "$s"
		assert_usage_error "invalid character set '$s' for --charset: it begins with the class name $name; write $name or [:$name:] for the class, or '\\${s}' for the letters"
	done
	run --separate-stderr gr -p 8 --charset '[a-z]'
	assert_usage_error "invalid character set '[a-z]' for --charset: its brackets would be two of its characters; write 'a-z' without them, or '\\[a-z]' with them"
	run --separate-stderr gr -p 8 --charset '[[:alnum:]]'
	assert_usage_error "write '[:alnum:]' without them"
	for s in space blank cntrl '[:space:]' '[cntrl]' 'a-z blank'; do
		run --separate-stderr gr -p 8 --charset "$s"
		assert_usage_error "invalid character set '$s' for --charset: a password has no control character, and no blank but the space; write ' ' for the space"
	done
	# What was refused for --charset is refused for --require too.
	for s in digits '[0-9]' space; do
		run --separate-stderr gr -p 8 --require "$s"
		assert_usage_error "invalid character set '$s' for --require: "
	done
}

@test "a character given twice is not drawn twice as often" {
	# Without deduplication 'a' would come 8 times in 9.
	"$GETRANDOM" -p 100000 -s aaaaaaaab | fold -w 1 >"$OUT"
	run -0 uniform 2 "$CHI_1" "$OUT"
}

@test "62 characters are uniform: chi-square over a million" {
	"$GETRANDOM" -p 1000 -C 1000 | tr -d '\n' | fold -w 1 >"$OUT"
	run -0 uniform 62 "$CHI_61" "$OUT"
}

@test "94 characters ([:graph:]) are uniform: chi-square over a million" {
	"$GETRANDOM" -p 1000 -C 1000 -s '[:graph:]' | tr -d '\n' | fold -w 1 >"$OUT"
	run -0 uniform 94 "$CHI_93" "$OUT"
}

@test "the check fails on 62 characters picked as byte % 62 (it can fail)" {
	bytes_of 1000000 | awk '{ print $1 % 62 }' >"$OUT"
	run -1 uniform 62 "$CHI_61" "$OUT"
}

@test "a password longer than the output buffer is one whole line" {
	gr -p 200000 -s 01
	[ "$(size "$OUT")" -eq 200001 ]
	[ "$(wc -l <"$OUT")" -eq 1 ]
	! grep -q '[^01]' "$OUT"
}

@test "bad character sets are usage errors that name the set" {
	local s
	for s in z-a '[:foo:]' '[:alpha' '[:' a aaaa '' 'a\' '[:space:]'; do
		run --separate-stderr gr -p 8 --charset="$s"
		assert_usage_error "invalid character set '$s'"
	done
	# Control characters and non-ASCII bytes are quoted as GNU tools do.
	run --separate-stderr gr -p 8 --charset=$'a\tb'
	assert_usage_error "invalid character set 'a'\$'\\t''b' for --charset ("
	run --separate-stderr gr -p 8 --charset=$'\xc3\xa9a'
	assert_usage_error "invalid character set ''\$'\\303\\251''a' for --charset ("
}

@test "bad password lengths are usage errors" {
	assert_bad_counts password "password length"
}

# --- --uuid ---

@test "--uuid writes RFC 9562 version 4 UUIDs that Python's uuid module parses back" {
	require python3
	gr --uuid -C 2000
	python3 - "$OUT" <<-'PY'
	import sys, uuid
	lines = open(sys.argv[1]).read().split("\n")
	assert lines[-1] == "" and len(lines) == 2001
	ids = [uuid.UUID(s) for s in lines[:-1]]
	assert [str(u) for u in ids] == lines[:-1]	# canonical, lowercase
	assert all(u.version == 4 and u.variant == uuid.RFC_4122 for u in ids)
	assert len(set(ids)) == 2000
	# The 122 random bits all vary.
	fixed = 0xffffffffffffffffffffffffffffffff
	for u in ids[1:]:
	    fixed &= ~(u.int ^ ids[0].int)
	assert fixed == 0xf << 76 | 0x3 << 62, hex(fixed)
	PY
}

@test "-U and --uuid=4 are version 4, -U7 and --uuid=7 version 7" {
	require python3
	local args want v
	for args in -U:4 --uuid:4 --uuid=4:4 -U4:4 -U7:7 --uuid=7:7; do
		want=${args#*:} args=${args%:*}
		v=$("$GETRANDOM" "$args" | python3 -c 'import sys, uuid; print(uuid.UUID(sys.stdin.read().strip()).version)')
		[ "$v" = "$want" ] || fail_with "$args gave version $v"
	done
}

@test "version 7: the clock's milliseconds, strictly increasing over a count" {
	require python3
	local before after
	before=$(python3 -c 'import time; print(time.time_ns() // 1000000)')
	gr --uuid=7 -C 20000
	after=$(python3 -c 'import time; print(time.time_ns() // 1000000)')
	python3 - "$OUT" "$before" "$after" <<-'PY'
	import sys, uuid
	path, before, after = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
	lines = open(path).read().split("\n")[:-1]
	ids = [uuid.UUID(s) for s in lines]
	assert len(ids) == 20000
	assert all(u.version == 7 and u.variant == uuid.RFC_4122 for u in ids)
	assert [str(u) for u in ids] == lines
	assert all(a.int < b.int for a, b in zip(ids, ids[1:])), "not increasing"
	stamps = [u.int >> 80 for u in ids]
	# The counter holds at least 2048 UUIDs a millisecond before the
	# timestamp is carried forward: at most 20000 / 2048 ms ahead.
	assert before <= stamps[0] and stamps[-1] <= after + 10, (before, stamps[0], stamps[-1], after)
	PY
}

@test "bad UUID versions are usage errors" {
	local v
	for v in 5 1 47 '' x; do
		run --separate-stderr gr --uuid="$v"
		assert_usage_error "invalid UUID version '$v'"
	done
	run --separate-stderr gr -U8
	assert_usage_error "invalid UUID version '8'"
}

# --- --count and combinations ---

@test "bad counts are usage errors" {
	local n
	for n in 0 -1 1K x 18446744073709551616 ''; do
		run --separate-stderr gr -R 1-6 --count="$n"
		assert_usage_error "invalid count '$n'"
	done
}

@test "--range, --password and --uuid exclude each other" {
	run --separate-stderr gr -R 1-6 -U
	assert_usage_error "--range and --uuid cannot be used together"
	run --separate-stderr gr -p 8 -R 1-6
	assert_usage_error "--password and --range cannot be used together"
	run --separate-stderr gr -U7 -p 8
	assert_usage_error "--uuid and --password cannot be used together"
}

@test "the draws refuse --bytes, --hex and --base64" {
	local draw other
	for draw in --range=1-6 --password=8 --uuid; do
		for other in --bytes=16 --hex --base64; do
			run --separate-stderr gr "$draw" "$other"
			assert_usage_error "${draw%%=*} and ${other%%=*} cannot be used together"
			run --separate-stderr gr "$other" "$draw"
			assert_usage_error "cannot be used together"
		done
	done
}

@test "--charset without --password, --count of raw bytes, --check with a draw" {
	run --separate-stderr gr -s abc
	assert_usage_error "--charset needs --password"
	run --separate-stderr gr -U -s abc
	assert_usage_error "--charset needs --password"
	run --separate-stderr gr -C 3
	assert_usage_error "--count needs a text format"
	run --separate-stderr gr --check -U
	assert_usage_error "--check and --uuid cannot be used together"
}

@test "--random, --insecure, --nonblock and --timeout still choose how bytes are drawn" {
	local flag
	for flag in --random --insecure --nonblock --timeout=5; do
		gr "$flag" -R 1-6 -C 5
		[ "$(wc -l <"$OUT")" -eq 5 ]
	done
}

@test "--random reaches getrandom(2) as GRND_RANDOM for a draw" {
	require_native
	require strace
	traced "$BATS_TEST_TMPDIR/log" --random -U
	grep -q 'GRND_RANDOM' "$BATS_TEST_TMPDIR/log"
}

@test "--output gets every line, mode 0600, and nothing on stdout" {
	gr -U7 -C 5000 --output "$BATS_TEST_TMPDIR/ids"
	[ "$(size "$OUT")" -eq 0 ]
	[ "$(wc -l <"$BATS_TEST_TMPDIR/ids")" -eq 5000 ]
	[ "$(size "$BATS_TEST_TMPDIR/ids")" -eq $((5000 * 37)) ]
	[ "$(stat -c %a "$BATS_TEST_TMPDIR/ids")" = 600 ]
}

@test "getrandom(2) failing half-way through a draw to --output leaves no file" {
	require_native
	require strace
	mkdir "$BATS_TEST_TMPDIR/d"
	run -1 --separate-stderr strace -f -qq -o /dev/null \
		-e inject=getrandom:error=EIO:when=5 \
		"$GETRANDOM" -p 20 -C 100000 -o "$BATS_TEST_TMPDIR/d/pw"
	[ "$stderr" = "getrandom: getrandom(2) failed: Input/output error" ]
	[ -z "$(files_in "$BATS_TEST_TMPDIR/d")" ]
}

# assert_real_uuid_lines: each line run caught is a whole version 4 UUID,
# none made of the zeros a failed batch leaves.
assert_real_uuid_lines() {
	: >"$OUT"
	[ "${#lines[@]}" -eq 0 ] || printf '%s\n' "${lines[@]}" >"$OUT"
	run ! grep -vEx '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}' "$OUT"
	run ! grep -q 00000000-0000 "$OUT"
}

@test "getrandom(2) failing half-way: what reached stdout is whole lines of real draws" {
	require_native
	require strace
	run -1 --separate-stderr strace -f -qq -o /dev/null \
		-e inject=getrandom:error=EIO:when=5 "$GETRANDOM" -U -C 100000 --threads 1
	# Four batches of 16 KiB were drawn: at most 4096 UUIDs, all valid.
	# (strace counts calls per thread: the threaded case is further down.)
	[ "${#lines[@]}" -le 4096 ]
	assert_real_uuid_lines
}

@test "a huge count streams: the first lines come, the reader stops it" {
	run bash -c '"$GETRANDOM" -R 1-6 -C 18446744073709551615 | head -n 3'
	[ "${#lines[@]}" -eq 3 ]
}

@test "memory stays under 8 MiB for a count of 2^64-1 (read for 50 MB)" {
	require_native
	command time -f %M -o "$BATS_TEST_TMPDIR/rss" true 2>/dev/null ||
		skip "no time(1) that takes -f %M (GNU time) installed"
	needs_plain_build
	local draw kib
	for draw in "-R 1-6" "-p 20" "-p 1000000" "-U7"; do
		# shellcheck disable=SC2086
		command time -f %M -o "$BATS_TEST_TMPDIR/rss" "$GETRANDOM" $draw \
			-C 18446744073709551615 | head -c 50000000 >/dev/null || true
		kib=$(tail -n 1 "$BATS_TEST_TMPDIR/rss")
		[ "$kib" -lt 8192 ] || fail_with "$draw: peak RSS $kib KiB"
	done
}

# --- many values, on several threads ---

# Each kind of value that does not depend on the one before, and a
# regular expression its lines match.
independent_draws=(
	"-R 1-6:[1-6]"
	"-p 12:[A-Za-z0-9]{12}"
	"-U:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
	"--mac:[0-9a-f][26ae](:[0-9a-f]{2}){5}"
	"--words 6:[a-z-]+( [a-z-]+){5}"
)

@test "--threads=4: many values of each kind come from four threads, every line whole" {
	require_native
	require strace
	local entry draw
	for entry in "${independent_draws[@]}"; do
		draw=${entry%%:*}
		# shellcheck disable=SC2086
		run -0 threads_started "$GETRANDOM" $draw -C 300000 --threads 4
		[ "$output" -eq 3 ] || fail_with "$draw: $output threads started"
		[ "$(wc -l <"$OUT")" -eq 300000 ] || fail_with "$draw: $(wc -l <"$OUT") lines"
		run ! grep -vEx "${entry#*:}" "$OUT"
	done
}

@test "--threads=1, or a count too small to gain, starts no thread" {
	require_native
	require strace
	run -0 threads_started "$GETRANDOM" -R 1-6 -C 300000 --threads 1
	[ "$output" -eq 0 ] && [ "$(wc -l <"$OUT")" -eq 300000 ]
	run -0 threads_started "$GETRANDOM" -R 1-6 -C 1000 --threads 4
	[ "$output" -eq 0 ] && [ "$(wc -l <"$OUT")" -eq 1000 ]
}

@test "--threads=1024 starts no more threads than the run has blocks" {
	require_native
	require strace
	# 16 passwords of 4095 characters fill a 64 KiB block: 600 make 38.
	run -0 threads_started "$GETRANDOM" -p 4095 -C 600 --threads 1024
	[ "$output" -eq 37 ] || fail_with "$output threads for 38 blocks"
	[ "$(wc -l <"$OUT")" -eq 600 ]
}

@test "blocks made by threads are written once each: a million 64-bit values, none twice" {
	gr -R 0-18446744073709551615 -C 1000000 --threads 4
	[ "$(wc -l <"$OUT")" -eq 1000000 ]
	[ "$(sort -u "$OUT" | wc -l)" -eq 1000000 ]
}

@test "1-6 from four threads is uniform: chi-square over a million rolls" {
	gr -R 1-6 -C 1000000 --threads 4
	run -0 uniform 6 "$CHI_5" "$OUT"
}

@test "the longest values fit a thread's block: 4095-character passwords, extreme integers, URNs" {
	gr -p 4095 -C 600 --threads 4
	[ "$(wc -l <"$OUT")" -eq 600 ]
	run ! grep -vEx '[A-Za-z0-9]{4095}' "$OUT"
	gr -R -9223372036854775808-9223372036854775807 -C 300000 --threads 4
	[ "$(wc -l <"$OUT")" -eq 300000 ]
	gr -U --uuid-format=urn -C 300000 --threads 4
	[ "$(wc -l <"$OUT")" -eq 300000 ]
	run ! grep -vEx 'urn:uuid:[0-9a-f-]{36}' "$OUT"
}

@test "long words and a long separator fit a thread's block" {
	local sep
	sep=$(printf '%0500d' 0)
	gr --words 2 --separator "$sep" -C 180000 --threads 4
	[ "$(wc -l <"$OUT")" -eq 180000 ]
	run ! grep -vEx "[a-z-]+$sep[a-z-]+" "$OUT"
	{ echo a; printf '%0300d\n' 0; } >"$BATS_TEST_TMPDIR/list"
	gr --words 2 --separator=- --wordlist "$BATS_TEST_TMPDIR/list" -C 200000 --threads 4
	[ "$(wc -l <"$OUT")" -eq 200000 ]
	run ! grep -vEx '(a|0{300})-(a|0{300})' "$OUT"
}

@test "getrandom(2) failing in a thread: status 1, one message, only whole lines of real draws" {
	require_native
	require strace
	run -1 --separate-stderr strace -f -qq -o /dev/null \
		-e inject=getrandom:error=EIO:when=9 \
		"$GETRANDOM" -U -C 1000000 --threads 4
	[ "$stderr" = "getrandom: getrandom(2) failed: Input/output error" ]
	[ "${#lines[@]}" -lt 1000000 ]
	assert_real_uuid_lines
}

@test "a full disk stops the threads with status 1 and one message" {
	run -1 --separate-stderr bash -c \
		'"$GETRANDOM" -R 1-6 -C 10000000 --threads=4 >/dev/full'
	[[ $stderr == "getrandom: "*"No space left on device" ]]
	[ "${#stderr_lines[@]}" -eq 1 ]
}

# getrandom(1) and docs/usage.md: threads start where the count times a
# fixed guess of each value's bytes reaches 1 MiB (4 for a die roll,
# which draws 1), not at 1 MiB drawn.
@test "a die roll counts 4 bytes toward the 1 MiB from which threads start" {
	require_native
	require strace
	run -0 threads_started "$GETRANDOM" --range 1-6 --count $((PUMP_PARALLEL_MIN / 4 - 1)) --threads=2
	[ "$output" -eq 0 ] || fail_with "$output threads below the threshold"
	run -0 threads_started "$GETRANDOM" --range 1-6 --count $((PUMP_PARALLEL_MIN / 4)) --threads=2
	[ "$output" -ge 1 ] || fail_with "no thread at the threshold"
}
