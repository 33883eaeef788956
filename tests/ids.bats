#!/usr/bin/env bats
# --ulid, --uuid-format and --mac: ULIDs decoded by an independent decoder
# (Python's int() on the Crockford digits) with their time inside the
# call's window, the spec's monotonic rule and its overflow error (with a
# clock held still by tests/shim/faults.c), the random digits uniform
# (with a control that the check fails on a modulo-biased digit), and each
# UUID format parsed back by Python's uuid module; version 7's counter and
# its carried millisecond under a clock held still, and the end of its 48
# bits an error; MAC addresses local and
# unicast, or with their prefix, and every other bit seen to vary.
# Call: bats tests/ids.bats (GETRANDOM=path to test another binary)
load helpers

setup_file() {
	build_tools
}

# The decoder every ULID test uses: Crockford's digits mapped to the
# digits int(s, 32) reads, written here from the spec, not from the tool.
ulid_decoder='
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
PLAIN = "0123456789abcdefghijklmnopqrstuv"
def decode(s):
    assert len(s) == 26 and all(c in CROCKFORD for c in s), s
    value = int(s.translate(str.maketrans(CROCKFORD, PLAIN)), 32)
    assert value < 2**128, s
    return value >> 80, value & (2**80 - 1)
'

now_ms() {
	python3 -c 'import time; print(time.time_ns() // 1000000)'
}

# --- --ulid ---

@test "--ulid writes 26 Crockford digits and a newline" {
	gr --ulid
	[ "$(size "$OUT")" -eq 27 ]
	grep -Eqx '[0-7][0-9A-HJKMNP-TV-Z]{25}' "$OUT"
}

@test "ULIDs decode to the call's milliseconds and increase strictly over a count" {
	require python3
	local before after
	before=$(now_ms)
	gr --ulid -C 20000
	after=$(now_ms)
	python3 - "$OUT" "$before" "$after" <<-PY
	import sys
	$ulid_decoder
	path, before, after = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
	lines = open(path).read().split("\n")
	assert lines[-1] == "" and len(lines) == 20001
	ids = [decode(s) for s in lines[:-1]]
	assert before <= ids[0][0] and ids[-1][0] <= after, (before, ids[0][0], ids[-1][0], after)
	for (t1, r1), (t2, r2), s1, s2 in zip(ids, ids[1:], lines, lines[1:]):
	    # The spec's monotonic rule: the same millisecond adds one.
	    assert t2 > t1 or (t2 == t1 and r2 == r1 + 1), (s1, s2)
	    assert s1 < s2
	PY
}

@test "a clock that stands still: the last 80 bits plus one, every time" {
	require_native
	need_tools
	run -0 --separate-stderr shim FAULT_REALTIME_MS=1700000000123 \
		FAULT_GETRANDOM_BYTE=0 -- --ulid -C 3
	# 1700000000123 in Crockford's base32 is 01HF7YAT3V.
	[ "$output" = "01HF7YAT3V0000000000000000
01HF7YAT3V0000000000000001
01HF7YAT3V0000000000000002" ]
}

@test "the 80 bits overflowing within one millisecond is an error, as the spec says" {
	require_native
	need_tools
	run -1 --separate-stderr shim FAULT_REALTIME_MS=1700000000123 \
		FAULT_GETRANDOM_BYTE=255 -- --ulid -C 3
	# The first is whole and valid; nothing is written after the error.
	[ "$output" = 01HF7YAT3VZZZZZZZZZZZZZZZZ ]
	[ "$stderr" = "getrandom: ULID overflow: the 80 random bits of millisecond 1700000000123 cannot go higher" ]
	mkdir "$BATS_TEST_TMPDIR/d"
	run -1 --separate-stderr shim FAULT_REALTIME_MS=1700000000123 \
		FAULT_GETRANDOM_BYTE=255 -- --ulid -C 3 -o "$BATS_TEST_TMPDIR/d/ids"
	[[ $stderr == "getrandom: ULID overflow:"* ]]
	[ -z "$(files_in "$BATS_TEST_TMPDIR/d")" ]
}

@test "the last millisecond 48 bits hold is written; the next is an error" {
	require_native
	need_tools
	run -0 --separate-stderr shim FAULT_REALTIME_MS=281474976710655 \
		FAULT_GETRANDOM_BYTE=0 -- --ulid
	[ "$output" = 7ZZZZZZZZZ0000000000000000 ]
	run -1 --separate-stderr shim FAULT_REALTIME_MS=281474976710656 -- --ulid
	[ -z "$output" ]
	[ "$stderr" = "getrandom: the clock is past the last time a ULID can hold (281474976710656 ms since 1970)" ]
}

@test "a clock stepped back: ULIDs keep the later time and count up from it" {
	require_native
	need_tools
	# Each call of the clock a second earlier than the one before: the
	# time of the first stays, and the 80 bits go up by one, never fresh
	# bits at the earlier time (which would sort before the first).
	run -0 --separate-stderr shim FAULT_REALTIME_MS=1700000000123 \
		FAULT_REALTIME_STEP_MS=-1000 FAULT_GETRANDOM_BYTE=0 -- --ulid -C 3
	[ "$output" = "01HF7YAT3V0000000000000000
01HF7YAT3V0000000000000001
01HF7YAT3V0000000000000002" ]
	run -0 --separate-stderr shim FAULT_REALTIME_MS=1700000000123 \
		FAULT_REALTIME_STEP_MS=-1000 FAULT_GETRANDOM_BYTE=0 -- --uuid=7 -C 3
	[ "$output" = "018bcfe5-687b-7000-8000-000000000000
018bcfe5-687b-7001-8000-000000000000
018bcfe5-687b-7002-8000-000000000000" ]
}

@test "a clock before 1970 is said to be so, for a ULID and a version 7 UUID" {
	require_native
	need_tools
	local ms what
	for ms in -1 -1000 -86400000000; do
		for what in "--ulid:a ULID" "--uuid=7:a version 7 UUID"; do
			run -1 --separate-stderr shim FAULT_REALTIME_MS="$ms" -- "${what%%:*}"
			[ -z "$output" ]
			[ "$stderr" = "getrandom: the clock is before 1970, a time ${what#*:} cannot hold (is the real-time clock set?)" ] ||
				fail_with "$ms ms, ${what%%:*}: $stderr"
		done
	done
}

# --- --uuid=7 under a clock held still ---

@test "version 7, clock still: the counter counts up, then carries the millisecond" {
	require_native
	need_tools
	# Bytes of 255: the counter starts at 0x7ff, the top of its 11 bits.
	run -0 --separate-stderr shim FAULT_REALTIME_MS=1700000000123 \
		FAULT_GETRANDOM_BYTE=255 -- --uuid=7 -C 2050
	# 1700000000123 is 0x18bcfe5687b; 2048 steps fill the 12-bit counter.
	[ "${lines[0]}" = 018bcfe5-687b-77ff-bfff-ffffffffffff ]
	[ "${lines[1]}" = 018bcfe5-687b-7800-bfff-ffffffffffff ]
	[ "${lines[2048]}" = 018bcfe5-687b-7fff-bfff-ffffffffffff ]
	[ "${lines[2049]}" = 018bcfe5-687c-77ff-bfff-ffffffffffff ]
	[ "${#lines[@]}" -eq 2050 ]
}

@test "version 7: a time past 48 bits of milliseconds is an error, never 1970 again" {
	require_native
	need_tools
	# The last millisecond holds 2049 UUIDs; the carry past it fails.
	run -1 --separate-stderr shim FAULT_REALTIME_MS=281474976710655 \
		FAULT_GETRANDOM_BYTE=255 -- --uuid=7 -C 2050
	[ "${#lines[@]}" -eq 2049 ]
	[ "${lines[2048]}" = ffffffff-ffff-7fff-bfff-ffffffffffff ]
	[ "$stderr" = "getrandom: the time is past the last millisecond a version 7 UUID can hold (281474976710656 ms since 1970)" ]
	run -1 --separate-stderr shim FAULT_REALTIME_MS=281474976710656 -- --uuid=7
	[ -z "$output" ]
	[ "$stderr" = "getrandom: the time is past the last millisecond a version 7 UUID can hold (281474976710656 ms since 1970)" ]
	mkdir "$BATS_TEST_TMPDIR/d"
	run -1 --separate-stderr shim FAULT_REALTIME_MS=281474976710656 -- \
		--uuid=7 -o "$BATS_TEST_TMPDIR/d/ids"
	[ -z "$(files_in "$BATS_TEST_TMPDIR/d")" ]
}

# ulid_digits: the 16 random digits of fresh ULIDs, one a line, from 1000
# runs: each run's first ULID takes new bits (later ones count up).
ulid_digits() {
	local i
	for ((i = 0; i < 1000; i++)); do
		"$GETRANDOM" --ulid
	done | cut -c 11- | fold -w 1
}

@test "the random digits are uniform: chi-square over 16000 digits of fresh ULIDs" {
	fresh_processes
	ulid_digits >"$OUT"
	[ "$(wc -l <"$OUT")" -eq 16000 ]
	run -0 uniform 32 "$CHI_31" "$OUT"
}

@test "the check fails on a digit drawn as byte % 40 % 32 (it can fail)" {
	bytes_of 16000 | awk '{ print $1 % 40 % 32 }' >"$OUT"
	run -1 uniform 32 "$CHI_31" "$OUT"
}

@test "every one of the 80 random bits varies over fresh ULIDs" {
	fresh_processes
	require python3
	local i
	for ((i = 0; i < 64; i++)); do
		"$GETRANDOM" --ulid
	done >"$OUT"
	python3 - "$OUT" <<-PY
	import sys
	$ulid_decoder
	ids = [decode(s) for s in open(sys.argv[1]).read().split()]
	varied = 0
	for _, r in ids[1:]:
	    varied |= r ^ ids[0][1]
	assert varied == 2**80 - 1, hex(varied)
	PY
}

# --- --uuid-format ---

@test "each --uuid-format is what Python's uuid module parses and writes" {
	require python3
	local format version
	for version in 4 7; do
		for format in canonical hex urn braces upper hex,upper urn,upper \
			braces,upper upper,braces canonical,upper; do
			gr --uuid="$version" --uuid-format="$format" -C 200
			python3 - "$OUT" "$format" "$version" <<-'PY' ||
			import sys, uuid
			path, format, version = sys.argv[1], sys.argv[2], int(sys.argv[3])
			words = format.split(",")
			upper = "upper" in words
			style = ([w for w in words if w != "upper"] or ["canonical"])[0]
			lines = open(path).read().split("\n")
			assert lines[-1] == "" and len(lines) == 201
			for line in lines[:-1]:
			    u = uuid.UUID(line)
			    assert u.version == version and u.variant == uuid.RFC_4122
			    text = {"canonical": str(u), "hex": u.hex,
			            "urn": str(u), "braces": str(u)}[style]
			    if upper:
			        text = text.upper()
			    text = {"urn": "urn:uuid:" + text,
			            "braces": "{" + text + "}"}.get(style, text)
			    assert line == text, (line, text)
			PY
				fail_with "--uuid=$version --uuid-format=$format"
		done
	done
}

@test "--uuid-format=hex is 32 lowercase digits, as systemd-id128 new writes them" {
	gr -U --uuid-format=hex -C 100
	[ "$(size "$OUT")" -eq 3300 ]
	run ! grep -vEx '[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}' "$OUT"
}

@test "bad UUID formats are usage errors that name the format" {
	local f
	for f in '' , hex, ,hex hex,urn hex,hex upper,upper HEX Upper x \
		'hex upper' hex,upper,upper 'hex ' machine-id; do
		run --separate-stderr gr -U --uuid-format="$f"
		assert_usage_error "invalid UUID format '$f'"
	done
}

# --- --mac ---

# mac_bits: each address of $OUT as 48 bits, one line each, most
# significant first: python3 reads the hex, not the tool.
mac_bits() {
	python3 -c 'import sys
for line in open(sys.argv[1]):
    print(format(int(line.strip().replace(":", ""), 16), "048b"))' "$OUT"
}

# varying_bits FIRST LAST: fails unless each of bits FIRST..LAST (0 is the
# most significant) is 0 in some address of $OUT and 1 in another.
varying_bits() {
	mac_bits | python3 -c 'import sys
first, last = int(sys.argv[1]), int(sys.argv[2])
rows = [l.strip() for l in sys.stdin]
fixed = [i for i in range(first, last + 1) if len({r[i] for r in rows}) < 2]
sys.exit("bits that never change: %s" % fixed if fixed else 0)' "$1" "$2"
}

@test "--mac writes locally administered unicast addresses, the other 46 bits random" {
	require python3
	gr --mac --count 2000
	[ "$(wc -l <"$OUT")" -eq 2000 ]
	run grep -Evx '([0-9a-f]{2}:){5}[0-9a-f]{2}' "$OUT"
	[ -z "$output" ] || fail_with "not an address: $output"
	# The first byte's two low bits are bits 6 and 7: 1 (local), 0 (unicast).
	[ "$(mac_bits | cut -c 7-8 | sort -u)" = 10 ] ||
		fail_with "first byte's low bits: $(mac_bits | cut -c 7-8 | sort -u)"
	run varying_bits 0 5
	[ "$status" -eq 0 ] || fail_with "$output"
	run varying_bits 8 47
	[ "$status" -eq 0 ] || fail_with "$output"
}

@test "--mac=52:54:00 keeps the prefix and draws the other 24 bits" {
	require python3
	gr --mac=52:54:00 --count 1000
	run grep -vc '^52:54:00:[0-9a-f]\{2\}:[0-9a-f]\{2\}:[0-9a-f]\{2\}$' "$OUT"
	[ "$output" = 0 ] || fail_with "$output lines without the prefix"
	run varying_bits 24 47
	[ "$status" -eq 0 ] || fail_with "$output"
}

@test "--mac's prefix is taken as given: 02 alone, or five bytes and one random" {
	gr --mac=02 --count 3
	grep -Eqx '02(:[0-9a-f]{2}){5}' "$OUT"
	gr --mac=AA:bb:CC:dd:EE
	grep -Eqx 'aa:bb:cc:dd:ee:[0-9a-f]{2}' "$OUT"
}

@test "--entropy counts a MAC address's random bits" {
	run -0 --separate-stderr gr --mac --entropy
	[ "$stderr" = "getrandom: 46.0 bits: a MAC address" ]
	run -0 --separate-stderr gr --mac=52:54:00 --entropy
	[ "$stderr" = "getrandom: 24.0 bits: a MAC address" ]
}

@test "bad MAC prefixes, and a multicast one, are usage errors that name the prefix" {
	local prefix
	for prefix in 5 zz 52:54: 52-54-00 aa:bb:cc:dd:ee:ff 01 03:00 ''; do
		run --separate-stderr gr "--mac=$prefix"
		assert_usage_error "invalid MAC prefix '$prefix'"
		[ "$(size "$OUT")" -eq 0 ]
	done
}

@test "--mac and --uuid take their value as the next word too, as --words and --password do" {
	run -0 gr --mac 52:54:00
	[[ $(cat "$OUT") =~ ^52:54:00(:[0-9a-f]{2}){3}$ ]] || fail_with "--mac 52:54:00: $(cat "$OUT")"
	local option
	for option in --uuid -U; do
		run -0 gr "$option" 7 -C 2
		[ "$(cut -c 15 "$OUT" | tr -d '\n')" = 77 ] || fail_with "$option 7: $(cat "$OUT")"
		run -0 gr "$option" 4
		[ "$(cut -c 15 "$OUT")" = 4 ]
		run --separate-stderr gr "$option" 5
		assert_usage_error "invalid UUID version '5'"
	done
	run --separate-stderr gr --mac 01
	assert_usage_error "invalid MAC prefix '01'"
	# An option after them is an option, not their value.
	run -0 gr --uuid --count 2
	[ "$(wc -l <"$OUT")" -eq 2 ]
}
