#!/usr/bin/env bats
# Load and the parallel fill on the kernel's CPUs: many tools at once,
# several large parallel runs at once, and no 64-byte block written twice.
# The exact counts at the tool's own chunk and threshold boundaries are
# formats.bats'.

bats_require_minimum_version 1.5.0
load helpers

setup_file() {
	build_tools
}

setup() {
	f=$BATS_TEST_TMPDIR/data
}

@test "500 concurrent --bytes 16 --hex all succeed with 500 distinct keys" {
	# Not `yes -- --hex`: busybox's yes prints the "--" too.
	printf -- '--hex\n%.0s' $(seq 500) >"$BATS_TEST_TMPDIR/args"
	run -0 xargs -P 500 -n 1 "$GETRANDOM" --bytes 16 <"$BATS_TEST_TMPDIR/args"
	[ "${#lines[@]}" -eq 500 ]
	for line in "${lines[@]}"; do
		[[ $line =~ ^[0-9a-f]{32}$ ]]
	done
	[ "$(printf '%s\n' "${lines[@]}" | sort -u | wc -l)" -eq 500 ]
}

@test "--threads 4 really uses threads from the parallel threshold on" {
	require_native
	require strace "strace is not installed"
	ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 strace -f -qq -o "$f.below" \
		-e trace=clone,clone3 "$GETRANDOM" --bytes $((PUMP_PARALLEL_MIN - 1)) --threads 4 >/dev/null
	ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 strace -f -qq -o "$f.at" \
		-e trace=clone,clone3 "$GETRANDOM" --bytes $PUMP_PARALLEL_MIN --threads 4 >/dev/null
	[ "$(grep -c clone "$f.below")" -eq 0 ]
	[ "$(grep -c clone "$f.at")" -ge 1 ]
}

# holds_no_repeat FILE BYTES: FILE is BYTES long and no 64-byte block of
# it appears twice.
holds_no_repeat() {
	[ "$(size "$1")" -eq "$2" ]
	run -0 "$BATS_FILE_TMPDIR/dupblocks" "$1"
	[ "$output" = "$(($2 / 64)) blocks, 0 repeated" ]
}

@test "three concurrent 256 MiB parallel runs each give exactly 256 MiB, no block twice" {
	need_tools
	local i pids=() big b64 bytes
	big=$(scaled 256) b64=$(scaled 96)
	bytes=$((${big%M} * 1048576))

	for i in 1 2 3; do
		"$GETRANDOM" --bytes "$big" --threads 2 >"$f.$i" 3>&- &
		pids+=($!)
	done
	"$GETRANDOM" --bytes "$b64" --threads 2 --base64 >"$f.b64" 3>&- &
	pids+=($!)
	for i in "${pids[@]}"; do
		wait "$i"
	done
	for i in 1 2 3; do
		[ "$(size "$f.$i")" -eq "$bytes" ]
	done
	[ "$(base64 -d "$f.b64" | wc -c)" -eq $((${b64%M} * 1048576)) ]
	cat "$f.1" "$f.2" "$f.3" >"$f.all"
	rm "$f.1" "$f.2" "$f.3"
	holds_no_repeat "$f.all" $((3 * bytes))
}

@test "no 64-byte block repeats in 1 GiB of parallel output" {
	need_tools
	local big bytes
	big=$(scaled 1024)
	bytes=$((${big%M} * 1048576))
	"$GETRANDOM" --bytes "$big" --threads 4 >"$f"
	holds_no_repeat "$f" "$bytes"
}

@test "no 64-byte block repeats in 64 MiB of parallel hex, decoded" {
	need_tools
	local big bytes
	big=$(scaled 64)
	bytes=$((${big%M} * 1048576))
	"$GETRANDOM" --bytes "$big" --threads 4 --hex | hex_decoded >"$f"
	holds_no_repeat "$f" "$bytes"
}
