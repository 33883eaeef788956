#!/usr/bin/env bats
# Numbers as GNU tools read them: --bytes takes the suffixes of GNU
# head -c (compared here with the real head) but its b, which reads as
# bytes or bits too, and takes B as bytes; --timeout the DURATION of
# GNU timeout and sleep, and the timeout message never truncates it.
# Every suffix reaches 2^64 - 1 and stops there, and a count past 2^63
# still sizes the pipe without overflowing.
# Call: bats tests/numbers.bats (GETRANDOM=path to test another binary)
load helpers

# GNU head, not busybox's: its suffixes are what --bytes follows.
require_gnu_head() {
	head --version 2>/dev/null | grep -q 'GNU coreutils' ||
		skip "GNU head -c is the reference and is not installed"
}

@test "--bytes counts as head -c counts, suffix by suffix" {
	require_gnu_head
	local n
	# 010 is ten, not eight: head -c reads every count in decimal.
	for n in 1k 1K 1kB 1KB 1KD 1KiB 1kiB 2m 1M 1MB 1MiB 1mB +5 +0 +1K 010 0; do
		run -0 gr --bytes "$n"
		[ "$(size "$OUT")" -eq "$(head -c "$n" /dev/zero | wc -c)" ] ||
			fail_with "--bytes $n: $(size "$OUT") bytes"
	done
}

@test "--bytes accepts and refuses the same large and odd sizes as head -c" {
	require_gnu_head
	local n head_ok ours
	# A size is accepted when the only failure is the full disk (status 1).
	for n in 1G 1GB 1T 1TiB 1P 1PB 1E 8EiB 16EiB 18EB 19EB 0Z 1Z 0Y 1Y 1g 1t 1bB \
		1KiD 1Gi 1c 1w 1x +1G +16EiB ++1G +-1G; do
		head -c "$n" /dev/null 2>/dev/null && head_ok=1 || head_ok=0
		run gr --bytes "$n" --threads 1 --output /dev/full
		# --output /dev/full is refused as a device (1) only once the size parsed.
		[ "$status" -eq 1 ] && ours=1 || ours=0
		[ "$ours" = "$head_ok" ] || fail_with "--bytes $n: status $status, head -c ok=$head_ok"
	done
}

@test "--bytes takes B as bytes and refuses head's b, naming the bytes' spelling" {
	local n
	for n in 1B 32B +5B 0B; do
		run -0 gr --bytes "$n"
		[ "$(size "$OUT")" -eq "${n//[+B]/}" ] || fail_with "--bytes $n: $(size "$OUT") bytes"
	done
	run -0 gr --bytes 32B --hex --output "$BATS_TEST_TMPDIR/key"
	[ "$(size "$BATS_TEST_TMPDIR/key")" -eq 65 ]
	for n in 32b 1b +3b; do
		run --separate-stderr gr --bytes "$n" --hex
		assert_usage_error "invalid byte count '$n': b could be bits, bytes or head's 512-byte blocks; write ${n//[+b]/}B (or ${n//[+b]/}) for bytes"
		run --separate-stderr gr -n "$n" -o "$BATS_TEST_TMPDIR/k$n"
		assert_usage_error "invalid byte count '$n': b could be"
		[ ! -e "$BATS_TEST_TMPDIR/k$n" ]
	done
	# A b after anything but digits is said as any bad count, quoted once.
	run --separate-stderr gr --bytes 1Kb
	assert_usage_error "invalid byte count '1Kb' (decimal, with an optional unit: B, K or KiB"
}

@test "--timeout takes whole seconds, 0, .5, 5., and the units s, m, h, d" {
	local d
	for d in 2 0 .5 5. 0.5s 1m .5m 1h 1d 365d; do
		run -0 --separate-stderr gr --timeout "$d" --bytes 4
		[ "$(size "$OUT")" -eq 4 ] || fail_with "--timeout $d: $stderr"
	done
	run -0 gr -t 0 --bytes 8
	[ "$(size "$OUT")" -eq 8 ]
}

@test "every count takes one leading +, as GNU tools do, and nothing more" {
	run -0 gr --count +2 --bytes +3 --hex
	[ "$(wc -l <"$OUT")" -eq 2 ]
	run -0 gr --bytes 3 --hex --wrap +2
	[ "$(wc -l <"$OUT")" -eq 3 ]
	run -0 gr --threads +2 --bytes 7
	[ "$(size "$OUT")" -eq 7 ]
	run -0 gr --password +5
	[ "$(size "$OUT")" -eq 6 ]
	run -0 gr --timeout +.5 --bytes 4
	[ "$(size "$OUT")" -eq 4 ]
	run -0 gr --words +3
	[ "$(wc -w <"$OUT")" -eq 3 ]
	# 40 bits: 7 characters of [:alnum:].
	run -0 gr --password --bits +40
	[ "$(size "$OUT")" -eq 8 ]
	run -0 gr --sample +2 <<<$'a\nb\nc'
	[ "$(wc -l <"$OUT")" -eq 2 ]
	local bad
	for bad in "--bytes=++5" "--bytes=+" "--bytes= +5" "--bytes=+-5" \
		"--count=++2" "--threads=+" "--wrap=+-1" "--timeout=++1" \
		"--timeout=+" "--password=++5" "--words=++3" "--bits=++40" \
		"--sample=+-2"; do
		run --separate-stderr gr "$bad" --hex
		assert_usage_error "'${bad#*=}'"
	done
}

@test "--timeout refuses more than a year, whatever the unit" {
	local d
	for d in 366d 8761h 525601m 31536001 99999999999999999999; do
		run --separate-stderr gr --timeout "$d" --hex
		assert_usage_error "'$d'"
	done
}

@test "the timeout message prints the duration exactly, never truncated to zero" {
	require_native
	require strace
	local d expected
	for d in 0.0001:0.0001 1.9999:1.9999 0.002m:0.12 .25:0.25; do
		expected=${d#*:}
		run -3 --separate-stderr injected EINTR 1+ --timeout="${d%%:*}" --bytes 4
		[[ $stderr == *"timed out after $expected s "* ]] ||
			fail_with "--timeout ${d%%:*}: $stderr"
	done
}

# accepts_size N: --bytes N parses and starts writing (the pipe is closed
# after one byte, so huge sizes end with SIGPIPE, status 141, and quietly).
accepts_size() {
	run -0 --separate-stderr bash -c \
		'"$GETRANDOM" --bytes "$1" | head -c 1 | wc -c; echo "${PIPESTATUS[0]}"' \
		_ "$1"
	[ -z "$stderr" ] && [ "${lines[0]// /}" = 1 ] && [ "${lines[1]}" = 141 ] ||
		fail_with "--bytes $1: ${lines[*]} $stderr"
}

@test "each suffix takes the largest count below 2^64, and not one more" {
	local n
	# 2^64 - 1 = 17179869183G + (2^30 - 1) = 16777215T + (2^40 - 1).
	for n in 18446744073709551615 17179869183G 17179869183GiB 18446744073GB \
		16777215T 16777215TiB 18446744TB; do
		accepts_size "$n"
	done
	for n in 17179869184G 17179869184GiB 18446744074GB 16777216T 16777216TiB \
		18446745TB; do
		run --separate-stderr gr --bytes "$n"
		assert_usage_error "'$n'"
	done
}

@test "--hex of 2^63 bytes and more still grows the pipe (no overflow)" {
	require_native
	require strace
	local n
	for n in 9223372036854775808 18446744073709551615; do
		ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
			run bash -c 'strace -qq -o "$1" -e trace="$FCNTL" "$GETRANDOM" --hex --bytes "$2" |
			head -c 1 >/dev/null' _ "$BATS_TEST_TMPDIR/fcntl.log" "$n"
		grep -q 'F_SETPIPE_SZ, 1048576' "$BATS_TEST_TMPDIR/fcntl.log" ||
			fail_with "--hex --bytes $n: $(cat "$BATS_TEST_TMPDIR/fcntl.log")"
	done
}

# Every number parsed in 64 bits, at the values a 32-bit size_t cannot
# hold (2^32 and just past it) and at 2^64 - 1: on the 32-bit ports
# (tests/ports.sh runs this file on i386 and armhf) a value narrowed to
# size_t would wrap to a small one; here each must mean what it says.
@test "numbers past 2^32 keep their meaning on 32-bit builds too" {
	local w
	# A width past the text: one line, unbroken (not a width of 5, nor
	# a division by the 0 that 2^32 narrows to).
	for w in 4294967296 4294967301 18446744073709551615; do
		run -0 --separate-stderr gr --hex --bytes 8 --wrap "$w"
		[ "$(cat "$OUT")" != "" ] && [ "$(wc -l <"$OUT")" -eq 1 ] &&
			[ "$(size "$OUT")" -eq 17 ] ||
			fail_with "--wrap $w: status $status, $(size "$OUT") bytes: $stderr"
	done
	# A text as long as the width past 2^32 would wrap at: one line still.
	run -0 --separate-stderr gr --hex --bytes 3 --wrap 4294967298
	[ "$(wc -l <"$OUT")" -eq 1 ] && [ "$(size "$OUT")" -eq 7 ]
	# Counts and lengths past 2^32: the first lines are whole, not short.
	"$GETRANDOM" --password 4294967297 --threads 1 | head -c 100000 >"$OUT" || true
	[ "$(size "$OUT")" -eq 100000 ] && [ "$(wc -l <"$OUT")" -eq 0 ]
	"$GETRANDOM" --count 4294967297 --hex --bytes 1 --threads 1 |
		head -n 1000 >"$OUT" || true
	[ "$(wc -l <"$OUT")" -eq 1000 ] && [ "$(sort -u "$OUT" | wc -l)" -le 256 ]
	# K past 2^32 of 3 lines or 10 integers: all of them, once each.
	run -0 gr --sample 4294967297 <<<$'a\nb\nc'
	[ "$(sort "$OUT" | tr '\n' ,)" = "a,b,c," ]
	run -0 gr --sample 4294967297 --range 1-10
	[ "$(sort -n "$OUT" | tr '\n' ,)" = "1,2,3,4,5,6,7,8,9,10," ]
}
