#!/usr/bin/env bats
# Tokens: the base64url, base32 and base16 encoders, --no-padding, --count,
# --wrap, --no-newline and --zero-terminated.  The text is checked against
# decoders no one here wrote (coreutils' basenc, Python's base64 module) and,
# under strace, against the very bytes getrandom(2) returned, on every
# encoder path (see encoders.bats for how glibc's tunables pick them).
# Call: bats tests/tokens.bats (GETRANDOM=path to test another binary)
load helpers

# shellcheck disable=SC2054 # commas inside one element: glibc's syntax
HWCAPS=("" -AVX2 -AVX2,-SSSE3)
# From cli/pump.h: the size from which threads fill in parallel.
PARALLEL_MIN=1048576

# with_hwcaps HWCAPS COMMAND...: runs COMMAND with glibc.cpu.hwcaps=HWCAPS.
with_hwcaps() {
	local hwcaps=$1
	shift
	GLIBC_TUNABLES=${hwcaps:+glibc.cpu.hwcaps=$hwcaps} "$@"
}

# decode FORMAT: basenc's decoder for the tool's --FORMAT, stdin to stdout.
decode() {
	case $1 in
	base16) basenc -d --base16 ;;
	base32) basenc -d --base32 ;;
	base64url) basenc -d --base64url ;;
	esac
}

# spells FORMAT N: under strace, --bytes N --FORMAT decodes to exactly the
# bytes getrandom(2) returned, and is what basenc makes of those bytes.
spells() {
	local format=$1 n=$2 hwcaps=${3:-} returned
	require basenc
	with_hwcaps "$hwcaps" traced "$BATS_TEST_TMPDIR/log" --bytes "$n" "--$format"
	returned=$(returned_hex "$BATS_TEST_TMPDIR/log" "$n" 0)
	[ ${#returned} -eq $((2 * n)) ] || fail_with "no getrandom(2) call of $n bytes"
	decode "$format" <"$OUT" >"$BATS_TEST_TMPDIR/bytes" ||
		fail_with "basenc cannot decode --$format of $n bytes (hwcaps '$hwcaps')"
	[ "$(hexdump_of "$BATS_TEST_TMPDIR/bytes")" = "$returned" ] ||
		fail_with "--$format of $n bytes (hwcaps '$hwcaps') decodes to other bytes"
	[ "$(basenc -w0 "--$format" <"$BATS_TEST_TMPDIR/bytes")" = "$(cat "$OUT")" ] ||
		fail_with "--$format of $n bytes (hwcaps '$hwcaps') is not what basenc writes"
}

@test "--base64url spells the bytes getrandom(2) returned, on every encoder path" {
	require_native
	require strace
	local hwcaps n
	for hwcaps in "${HWCAPS[@]}"; do
		# As for --base64: the leftovers of AVX2 (24) and SSSE3 (12) groups.
		for n in 1 2 3 15 16 27 28 40 1000 1001; do
			spells base64url "$n" "$hwcaps"
		done
	done
}

@test "--base16 spells the bytes getrandom(2) returned, on every encoder path" {
	require_native
	require strace
	local hwcaps n
	for hwcaps in "${HWCAPS[@]}"; do
		for n in 1 15 16 31 32 63 1000; do
			spells base16 "$n" "$hwcaps"
		done
	done
}

@test "--base32 spells the bytes getrandom(2) returned" {
	require_native
	require strace
	local n
	for n in 1 2 3 4 5 6 9 10 11 1000 1003; do
		spells base32 "$n"
	done
}

@test "base64url, base32 and base16 use their alphabets only" {
	gr --bytes 3000 --base64url
	[[ $(cat "$OUT") =~ ^[A-Za-z0-9_-]{4000}$ ]]
	# 4000 characters without '-' or '_' would happen once in 10^27 runs.
	grep -q -- - "$OUT"
	grep -q _ "$OUT"
	gr --bytes 3000 --base32
	[[ $(cat "$OUT") =~ ^[A-Z2-7]{4800}$ ]]
	gr --bytes 3000 --base16
	[[ $(cat "$OUT") =~ ^[0-9A-F]{6000}$ ]]
	grep -q '[A-F]' "$OUT"
}

@test "each format pads as RFC 4648 says, and --no-padding drops the '=' only" {
	local n
	for n in 1 2 3 4 5 6 7 8 9 10; do
		gr --bytes "$n" --base32
		[ "$(size "$OUT")" -eq $((8 * ((n + 4) / 5) + 1)) ]
		gr --bytes "$n" --base32 --no-padding
		[ "$(size "$OUT")" -eq $(((8 * n + 4) / 5 + 1)) ]
		run ! grep -q = "$OUT"
		gr --bytes "$n" --base64url
		[ "$(size "$OUT")" -eq $((4 * ((n + 2) / 3) + 1)) ]
		gr --bytes "$n" --base64url --no-padding
		[ "$(size "$OUT")" -eq $(((4 * n + 2) / 3 + 1)) ]
		run ! grep -q = "$OUT"
		gr --bytes "$n" --base64 --no-padding
		[ "$(size "$OUT")" -eq $(((4 * n + 2) / 3 + 1)) ]
		run ! grep -q = "$OUT"
	done
	gr --bytes 1 --base32
	[[ $(cat "$OUT") =~ ^[A-Z2-7]{2}======$ ]]
}

@test "Python's base64 module decodes every format, padded and unpadded" {
	require python3
	local format unpadded
	for format in base16 base32 base64url base64; do
		unpadded=(--no-padding)
		[ "$format" != base16 ] || unpadded=()	# it has no padding
		"$GETRANDOM" --count 300 --bytes 7 "--$format" >"$BATS_TEST_TMPDIR/padded"
		"$GETRANDOM" --count 300 --bytes 7 "--$format" "${unpadded[@]}" \
			>"$BATS_TEST_TMPDIR/bare"
		python3 - "$format" "$BATS_TEST_TMPDIR/padded" "$BATS_TEST_TMPDIR/bare" <<-'EOF'
			import base64, binascii, sys
			decoders = {
			    "base16": base64.b16decode,  # uppercase only by default
			    "base32": base64.b32decode,
			    "base64": lambda s: base64.b64decode(s, validate=True),
			    "base64url": base64.urlsafe_b64decode,
			}
			encoders = {
			    "base16": base64.b16encode, "base32": base64.b32encode,
			    "base64": base64.b64encode, "base64url": base64.urlsafe_b64encode,
			}
			fmt, padded, bare = sys.argv[1:]
			for name, pad in ((padded, False), (bare, True)):
			    lines = open(name, "rb").read().split(b"\n")
			    assert lines.pop() == b"", "no newline after the last line"
			    assert len(lines) == 300, len(lines)
			    for line in lines:
			        group = {"base16": 2, "base32": 8}.get(fmt, 4)
			        text = line + b"=" * (-len(line) % group) if pad else line
			        data = decoders[fmt](text)
			        assert len(data) == 7, (fmt, line)
			        assert encoders[fmt](data) == text, (fmt, line)
		EOF
	done
}

@test "--count writes N lines, each its own output with its own padding" {
	gr --count 5 --bytes 1 --base64
	[ "$(size "$OUT")" -eq 25 ]
	[ "$(grep -c '^[A-Za-z0-9+/]\{2\}==$' "$OUT")" -eq 5 ]
	gr --count 3 --bytes 2 --base32
	[ "$(grep -c '^[A-Z2-7]\{4\}====$' "$OUT")" -eq 3 ]
	gr -C 1000 --bytes 16 --hex
	[ "$(grep -c '^[0-9a-f]\{32\}$' "$OUT")" -eq 1000 ]
	[ "$(size "$OUT")" -eq 33000 ]
}

# counted_spells FORMAT BYTES: under strace, --count 20 --bytes BYTES
# --FORMAT gives 20 lines that decode, one by one, to the bytes returned.
counted_spells() {
	local format=$1 n=$2 returned line
	traced "$BATS_TEST_TMPDIR/log" --count 20 --bytes "$n" "--$format"
	returned=$(returned_hex "$BATS_TEST_TMPDIR/log" $((20 * n)) 0)
	[ ${#returned} -eq $((40 * n)) ] || fail_with "no getrandom(2) call of $((20 * n)) bytes"
	[ "$(wc -l <"$OUT")" -eq 20 ]
	while read -r line; do
		printf %s "$line" | decode "$format"
	done <"$OUT" >"$BATS_TEST_TMPDIR/bytes"
	[ "$(hexdump_of "$BATS_TEST_TMPDIR/bytes")" = "$returned" ] ||
		fail_with "--count 20 --bytes $n --$format: other bytes than returned"
}

@test "--count spells the bytes getrandom(2) returned, one output after another" {
	require_native
	require strace
	require basenc
	# Outputs without padding are encoded as one block, the others one by one.
	counted_spells base16 5
	counted_spells base32 10
	counted_spells base32 7
	counted_spells base64url 9
	counted_spells base64url 16
}

@test "--count through the parallel fill: exactly N distinct lines of the right length" {
	local n=$((PARALLEL_MIN / 16 + 1000)) threads
	for threads in 1 4; do
		gr --count "$n" --bytes 16 --hex --threads "$threads"
		[ "$(size "$OUT")" -eq $((33 * n)) ]
		[ "$(grep -c '^[0-9a-f]\{32\}$' "$OUT")" -eq "$n" ]
		[ "$(sort -u "$OUT" | wc -l)" -eq "$n" ] ||
			fail_with "a token repeats with $threads threads"
	done
	gr --count "$n" --bytes 16 --base64url --no-padding --threads 4
	[ "$(grep -c '^[A-Za-z0-9_-]\{22\}$' "$OUT")" -eq "$n" ]
	[ "$(sort -u "$OUT" | wc -l)" -eq "$n" ]
}

@test "--count on the threaded path spells exactly the bytes getrandom(2) returned" {
	require_native
	require strace
	local n=$((PARALLEL_MIN / 16 + 7)) total=0 chunk hex
	traced "$BATS_TEST_TMPDIR/log" --count "$n" --bytes 16 --base16 --threads 4
	[ "$(wc -l <"$OUT")" -eq "$n" ]
	hex=$(tr -d '\n' <"$OUT" | tr A-F a-f)
	# Each buffer a thread filled is in the output, and they add up to it.
	# shellcheck disable=SC2013 # each word is one buffer in hex
	for chunk in $(grep -E '(getrandom\(|resumed>)"[^"]*", [0-9]+, 0\) += [0-9]+$' \
		"$BATS_TEST_TMPDIR/log" |
		sed -E 's/.*(getrandom\(|resumed>)"([^"]*)".*/\2/; s/\\x//g'); do
		total=$((total + ${#chunk} / 2))
		[[ $hex == *"$chunk"* ]] || fail_with "a returned buffer is not in the output"
	done
	[ "$total" -eq $((16 * n)) ] || fail_with "getrandom(2) returned $total bytes, not $((16 * n))"
}

@test "--count with outputs larger than a chunk: each line decodes whole" {
	local line
	require basenc
	gr --count 3 --bytes 200001 --base32 --threads 4
	[ "$(wc -l <"$OUT")" -eq 3 ]
	while read -r line; do
		[ "$(printf %s "$line" | basenc -d --base32 | wc -c)" -eq 200001 ]
	done <"$OUT"
}

@test "--count=18446744073709551615 streams in little memory" {
	require_native
	needs_plain_build
	require /usr/bin/time "GNU time (package time) not installed"
	/usr/bin/time -f %M -o "$BATS_TEST_TMPDIR/rss" "$GETRANDOM" \
		--count 18446744073709551615 --bytes 16 --hex |
		head -n 200000 >"$OUT" || true
	[ "$(grep -c '^[0-9a-f]\{32\}$' "$OUT")" -eq 200000 ]
	# Peak resident set in KiB: the same for any count, under 8 MiB.
	[ "$(tail -n 1 "$BATS_TEST_TMPDIR/rss")" -lt 8192 ]
}

@test "-z ends each output with a NUL byte" {
	gr --count 4 --bytes 8 --base16 -z
	[ "$(size "$OUT")" -eq 68 ]
	[ "$(tr -cd '\0' <"$OUT" | wc -c)" -eq 4 ]
	[ "$(tr -d '\n' <"$OUT" | tr '\0' '\n' | grep -c '^[0-9A-F]\{16\}$')" -eq 4 ]
	gr --bytes 3 --hex --zero-terminated
	[ "$(size "$OUT")" -eq 7 ]
	[ "$(tail -c 1 "$OUT" | od -An -tx1 | tr -d ' ')" = 00 ]
}

@test "--no-newline writes the text alone, to standard output and to a file" {
	gr --bytes 32 --hex --no-newline
	[ "$(size "$OUT")" -eq 64 ]
	[[ $(cat "$OUT") =~ ^[0-9a-f]{64}$ ]]
	"$GETRANDOM" --bytes 32 --hex --no-newline --output "$BATS_TEST_TMPDIR/key.hex"
	[ "$(size "$BATS_TEST_TMPDIR/key.hex")" -eq 64 ]
	[ "$(tail -c 1 "$BATS_TEST_TMPDIR/key.hex")" != "" ]
	gr --bytes 16 --base32 --no-newline --no-padding
	[ "$(size "$OUT")" -eq 26 ]
}

# wraps_like_base64 N COLS [ARGS...]: --base64 --wrap COLS of N bytes is
# what `base64 -w COLS` makes of the same bytes.
wraps_like_base64() {
	local n=$1 cols=$2
	shift 2
	gr --bytes "$n" --base64 --wrap "$cols" "$@"
	tr -d '\n' <"$OUT" | base64 -d >"$BATS_TEST_TMPDIR/bytes"
	[ "$(size "$BATS_TEST_TMPDIR/bytes")" -eq "$n" ]
	base64 -w "$cols" <"$BATS_TEST_TMPDIR/bytes" | cmp -s - "$OUT" ||
		fail_with "--wrap $cols of $n bytes differs from base64 -w $cols"
}

@test "--wrap breaks lines as base64 -w does, across chunks and threads" {
	# 57 bytes make exactly one 76-column line; 300000 spans chunks.
	wraps_like_base64 57 76
	wraps_like_base64 58 76
	wraps_like_base64 1 1
	wraps_like_base64 100 7
	wraps_like_base64 300000 76 --threads 1
	# 80 columns divide the 131040 characters of a chunk: a part starts a line.
	wraps_like_base64 300000 80 --threads 1
	wraps_like_base64 $((PARALLEL_MIN + 5)) 77 --threads 4
	# 0: one line, as base64 -w 0 writes it, with the usual newline.
	gr --bytes 300 --base64 --wrap 0
	[ "$(wc -l <"$OUT")" -eq 1 ]
	[ "$(size "$OUT")" -eq 401 ]
}

@test "--wrap breaks base32 and base16 as basenc -w does" {
	require basenc
	gr --bytes 200000 --base32 --wrap 64
	tr -d '\n' <"$OUT" | basenc -d --base32 >"$BATS_TEST_TMPDIR/bytes"
	basenc --base32 -w 64 <"$BATS_TEST_TMPDIR/bytes" | cmp - "$OUT"
	gr --bytes 1000 --base16 --wrap 60
	tr -d '\n' <"$OUT" | basenc -d --base16 >"$BATS_TEST_TMPDIR/bytes"
	basenc --base16 -w 60 <"$BATS_TEST_TMPDIR/bytes" | cmp - "$OUT"
}

@test "--wrap with --no-newline leaves the last line without one" {
	gr --bytes 30 --base64 --wrap 8 --no-newline
	[ "$(size "$OUT")" -eq 44 ]
	[ "$(wc -l <"$OUT")" -eq 4 ]
}

@test "--count refuses 0, a minus, suffixes, blanks and values over 2^64-1" {
	local bad
	for bad in 0 -1 ++1 1K 1.5 ' 1' '1 ' '' 0x10 18446744073709551616 99999999999999999999; do
		run --separate-stderr gr --hex --count "$bad"
		assert_usage_error "invalid count '$bad'"
	done
}

@test "--count takes one leading +, as every count does" {
	gr --hex --bytes 4 --count +3
	[ "$(wc -l <"$OUT")" -eq 3 ]
}

@test "--wrap refuses what is not a column count" {
	local bad
	for bad in -1 x 1K '' 18446744073709551616; do
		run --separate-stderr gr --hex --wrap "$bad"
		assert_usage_error "invalid line width '$bad'"
	done
}

@test "--no-padding with a format that has no padding is refused" {
	run --separate-stderr gr --hex --no-padding
	assert_usage_error "--hex"
	run --separate-stderr gr --no-padding --base16
	assert_usage_error "--base16"
	run --separate-stderr gr --no-padding
	assert_usage_error "--no-padding"
}

@test "layout options that mean nothing for raw bytes are refused" {
	local option
	for option in --count=3 --wrap=0 --no-newline -z; do
		run --separate-stderr gr "$option"
		assert_usage_error "${option%%=*}"
	done
	run --separate-stderr gr -z
	assert_usage_error "--zero-terminated"
}

@test "layout options that contradict --count or each other are refused" {
	run --separate-stderr gr --hex --count 3 --wrap 10
	assert_usage_error "--wrap and --count"
	run --separate-stderr gr --hex --count 3 --no-newline
	assert_usage_error "--no-newline and --count"
	run --separate-stderr gr --hex -z --no-newline
	assert_usage_error "--zero-terminated and --no-newline"
	run --separate-stderr gr --hex -z --wrap 10
	assert_usage_error "--zero-terminated and --wrap"
	run --separate-stderr gr --hex --count 3 --bytes 0
	assert_usage_error "'0'"
	run --separate-stderr gr --base32 --base64url
	assert_usage_error "--base32 and --base64url"
	run --separate-stderr gr --check --base16
	assert_usage_error "--check and --base16"
	run --separate-stderr gr --check --count 2
	assert_usage_error "--check and --count"
}

@test "a refused --count with --output creates nothing" {
	run --separate-stderr gr --count 0 --hex --output "$BATS_TEST_TMPDIR/tokens"
	assert_usage_error "'0'"
	[ ! -e "$BATS_TEST_TMPDIR/tokens" ]
}
