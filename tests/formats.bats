#!/usr/bin/env bats
# Output formats: raw bytes, --hex and --base64.  Every text output is
# decoded back and its bytes counted; under strace, it is also compared with
# the bytes getrandom(2) returned, which checks the encoders themselves.
# Counts are exact at every chunk and threshold boundary, on one thread
# and on four; threads start from the parallel threshold on, and no
# 64-byte block of their output is written twice.
# Call: bats tests/formats.bats (GETRANDOM=path to test another binary)
load helpers

setup_file() {
	build_tools
}

# check_hex N ARGS...: --hex of N bytes is one line of 2N lowercase digits
# plus a newline, and decodes to N bytes.
check_hex() {
	local n=$1
	shift
	run -0 --separate-stderr gr --bytes "$n" --hex "$@"
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq $((2 * n + 1)) ]
	[ "$(tail -c 1 "$OUT" | od -An -c | tr -d ' ')" = '\n' ]
	[ "$(wc -l <"$OUT")" -eq 1 ]
	unhex "$(cat "$OUT")" "$BATS_TEST_TMPDIR/bytes"
	[ "$(size "$BATS_TEST_TMPDIR/bytes")" -eq "$n" ]
}

# check_base64 N ARGS...: --base64 of N bytes is one padded RFC 4648 line
# plus a newline, and decodes to N bytes that encode back to the same text.
check_base64() {
	local n=$1 text padding
	shift
	run -0 --separate-stderr gr --bytes "$n" --base64 "$@"
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq $(((n + 2) / 3 * 4 + 1)) ]
	[ "$(tail -c 1 "$OUT" | od -An -c | tr -d ' ')" = '\n' ]
	[ "$(wc -l <"$OUT")" -eq 1 ]
	text=$(cat "$OUT")
	[[ $text =~ ^[A-Za-z0-9+/]*=*$ ]]
	padding=${text##*[!=]}
	[ "${#padding}" -eq $(((3 - n % 3) % 3)) ]
	base64 -d <"$OUT" >"$BATS_TEST_TMPDIR/bytes"
	[ "$(size "$BATS_TEST_TMPDIR/bytes")" -eq "$n" ]
	[ "$(base64 <"$BATS_TEST_TMPDIR/bytes" | tr -d '\n')" = "$text" ]
}

# sizes: around the chunk size, the parallel threshold, and odd multiples.
sizes() {
	echo 1 2 3 4 $((PUMP_CHUNK - 1)) $PUMP_CHUNK $((PUMP_CHUNK + 1)) \
		$((2 * PUMP_CHUNK + 1)) $((PUMP_PARALLEL_MIN - 1)) $PUMP_PARALLEL_MIN \
		$((PUMP_PARALLEL_MIN + 1)) $((3 * PUMP_CHUNK * 5 + 7)) \
		$((11 * PUMP_CHUNK)) $((11 * PUMP_CHUNK - 1))
}

# exact FORMAT: for every size and 1 and 4 threads, the output of FORMAT
# has the exact length and decodes back to exactly that many bytes.
exact() {
	local format=$1 n threads text f=$BATS_TEST_TMPDIR/data

	for n in $(sizes); do
		for threads in 1 4; do
			"$GETRANDOM" --bytes "$n" --threads "$threads" ${format:+"$format"} >"$f"
			case $format in
			'') text=$n ;;
			--hex) text=$((2 * n + 1)) ;;
			--base64) text=$((4 * ((n + 2) / 3) + 1)) ;;
			esac
			if [ "$(size "$f")" -ne "$text" ]; then
				echo "--bytes $n --threads $threads $format: $(size "$f") bytes, not $text" >&2
				return 1
			fi
			case $format in
			--hex) [ "$(hex_decoded "$f" | wc -c)" -eq "$n" ] ;;
			--base64) [ "$(base64 -d "$f" | wc -c)" -eq "$n" ] ;;
			esac || { echo "--bytes $n --threads $threads $format: does not decode to $n bytes" >&2; return 1; }
			[ "$format" = '' ] || [ "$(wc -l <"$f")" -eq 1 ] ||
				{ echo "--bytes $n --threads $threads $format: not one line" >&2; return 1; }
		done
	done
}

@test "raw output is 32 bytes by default" {
	run -0 --separate-stderr gr
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq 32 ]
}

@test "raw output is exactly N bytes, no newline" {
	run -0 gr --bytes 100
	[ "$(size "$OUT")" -eq 100 ]
}

@test "two runs give different bytes" {
	run -0 gr --bytes 32 --hex
	local first
	first=$(cat "$OUT")
	run -0 gr --bytes 32 --hex
	[ "$(cat "$OUT")" != "$first" ]
}

@test "--hex writes 32 bytes by default as 64 lowercase digits and a newline" {
	run -0 gr --hex
	[ "$(size "$OUT")" -eq 65 ]
	[[ $(cat "$OUT") =~ ^[0-9a-f]{64}$ ]]
}

@test "--hex of 1 byte decodes to 1 byte" {
	check_hex 1
}

@test "--hex of 1000 bytes decodes to 1000 bytes" {
	check_hex 1000
}

@test "-x is --hex" {
	run -0 gr --bytes 16 -x
	[[ $(cat "$OUT") =~ ^[0-9a-f]{32}$ ]]
	[ "$(size "$OUT")" -eq 33 ]
}

@test "--hex over many chunks and threads is one line that decodes to N bytes" {
	check_hex $((1024 * 1024 + 7)) --threads=4
}

@test "--hex uses every digit, in lowercase" {
	run -0 gr --bytes 4096 --hex
	local digit
	for digit in 0 1 2 3 4 5 6 7 8 9 a b c d e f; do
		grep -q "$digit" "$OUT"
	done
	run ! grep -q '[A-F]' "$OUT"
}

@test "--base64 of 0 mod 3 bytes (3) has no padding" {
	check_base64 3
}

@test "--base64 of 1 mod 3 bytes (1) ends in ==" {
	check_base64 1
}

@test "--base64 of 2 mod 3 bytes (2) ends in =" {
	check_base64 2
}

@test "--base64 of 4 bytes ends in ==" {
	check_base64 4
}

@test "--base64 of 31 bytes ends in =" {
	check_base64 31
}

@test "--base64 of 32 bytes (the default) ends in =" {
	check_base64 32
}

@test "--base64 of 33 bytes has no padding" {
	check_base64 33
}

@test "--base64 over many chunks and threads is one line that decodes to N bytes" {
	check_base64 $((1024 * 1024 + 2)) --threads=4
}

@test "-b is --base64" {
	run -0 gr --bytes 3 -b
	[[ $(cat "$OUT") =~ ^[A-Za-z0-9+/]{4}$ ]]
	[ "$(size "$OUT")" -eq 5 ]
}

@test "--base64 uses all 64 digits" {
	run -0 gr --bytes 3000 --base64
	local text
	text=$(cat "$OUT")
	[ "$(printf '%s' "$text" | fold -w 1 | sort -u | wc -l)" -eq 64 ]
}

@test "repeating the same format option is allowed" {
	run -0 gr --bytes 4 --hex -x
	[[ $(cat "$OUT") =~ ^[0-9a-f]{8}$ ]]
}

@test "raw output is the bytes getrandom(2) returned, unchanged" {
	require_native
	require strace
	traced "$BATS_TEST_TMPDIR/log" --bytes 48
	local returned
	returned=$(returned_hex "$BATS_TEST_TMPDIR/log" 48 0)
	[ ${#returned} -eq 96 ]
	[ "$(hexdump_of "$OUT")" = "$returned" ]
}

@test "--hex spells the bytes getrandom(2) returned" {
	require_native
	require strace
	traced "$BATS_TEST_TMPDIR/log" --bytes 48 --hex
	local returned
	returned=$(returned_hex "$BATS_TEST_TMPDIR/log" 48 0)
	[ ${#returned} -eq 96 ]
	[ "$(cat "$OUT")" = "$returned" ]
}

@test "--base64 encodes the bytes getrandom(2) returned, for every padding" {
	require_native
	require strace
	local n returned
	for n in 30 31 32; do
		traced "$BATS_TEST_TMPDIR/log" --bytes "$n" --base64
		returned=$(returned_hex "$BATS_TEST_TMPDIR/log" "$n" 0)
		[ ${#returned} -eq $((2 * n)) ]
		base64 -d <"$OUT" >"$BATS_TEST_TMPDIR/bytes"
		[ "$(hexdump_of "$BATS_TEST_TMPDIR/bytes")" = "$returned" ]
	done
}

# returned_chunks_make HEX LOG N: the buffers that the tool's getrandom(2)
# calls in LOG filled add up to N bytes and each is found in HEX, so HEX is
# all of them, each once, whatever order the threads filled them in.
returned_chunks_make() {
	local hex=$1 log=$2 n=$3 total=0 chunk
	# With threads, strace splits calls: "getrandom( <unfinished ...>" and
	# "<... getrandom resumed>"\x..", 98280, 0) = 98280".
	for chunk in $(grep -E '(getrandom\(|resumed>)"[^"]*", [0-9]+, 0\) += [0-9]+$' "$log" |
		sed -E 's/.*(getrandom\(|resumed>)"([^"]*)".*/\2/; s/\\x//g'); do
		total=$((total + ${#chunk} / 2))
		[[ $hex == *"$chunk"* ]] || fail_with "a returned buffer is not in the output"
	done
	[ "$total" -eq "$n" ] || fail_with "getrandom(2) returned $total bytes, not $n"
}

@test "--hex on the threaded path spells exactly the bytes getrandom(2) returned" {
	require_native
	require strace
	local n=$((1024 * 1024 + 7))
	run -0 traced "$BATS_TEST_TMPDIR/log" --bytes "$n" --hex --threads=4
	returned_chunks_make "$(cat "$OUT")" "$BATS_TEST_TMPDIR/log" "$n"
}

@test "--base64 on the threaded path encodes exactly the bytes getrandom(2) returned" {
	require_native
	require strace
	local n=$((1024 * 1024 + 8))
	run -0 traced "$BATS_TEST_TMPDIR/log" --bytes "$n" --base64 --threads=4
	base64 -d <"$OUT" >"$BATS_TEST_TMPDIR/bytes"
	returned_chunks_make "$(hexdump_of "$BATS_TEST_TMPDIR/bytes")" \
		"$BATS_TEST_TMPDIR/log" "$n"
}

@test "raw output on the threaded path is exactly the bytes getrandom(2) returned" {
	require_native
	require strace
	local n=$((2 * 1024 * 1024 + 1))
	run -0 traced "$BATS_TEST_TMPDIR/log" --bytes "$n" --threads=4
	returned_chunks_make "$(hexdump_of "$OUT")" "$BATS_TEST_TMPDIR/log" "$n"
}

@test "exact raw byte counts around chunk and threshold boundaries, 1 and 4 threads" {
	exact ''
}

@test "hex decodes to exactly N bytes around the boundaries, 1 and 4 threads" {
	exact --hex
}

@test "base64 decodes to exactly N bytes around the boundaries, 1 and 4 threads" {
	exact --base64
}

@test "--threads 4 really uses threads from the parallel threshold on" {
	local f=$BATS_TEST_TMPDIR/data
	require_native
	require strace "strace is not installed"
	ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 strace -f -qq -o "$f.below" \
		-e trace=clone,clone3 "$GETRANDOM" --bytes $((PUMP_PARALLEL_MIN - 1)) --threads 4 >/dev/null
	ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 strace -f -qq -o "$f.at" \
		-e trace=clone,clone3 "$GETRANDOM" --bytes $PUMP_PARALLEL_MIN --threads 4 >/dev/null
	[ "$(grep -c clone "$f.below")" -eq 0 ]
	[ "$(grep -c clone "$f.at")" -ge 1 ]
}

@test "no 64-byte block repeats in 1 GiB of parallel output" {
	need_tools
	local big bytes f=$BATS_TEST_TMPDIR/data
	big=$(scaled 1024)
	bytes=$((${big%M} * 1048576))
	"$GETRANDOM" --bytes "$big" --threads 4 >"$f"
	holds_no_repeat "$f" "$bytes"
}

@test "no 64-byte block repeats in 64 MiB of parallel hex, decoded" {
	need_tools
	local big bytes f=$BATS_TEST_TMPDIR/data
	big=$(scaled 64)
	bytes=$((${big%M} * 1048576))
	"$GETRANDOM" --bytes "$big" --threads 4 --hex | hex_decoded >"$f"
	holds_no_repeat "$f" "$bytes"
}
