#!/usr/bin/env bats
# Load on the kernel: many tools drawing at once, and several large
# parallel runs at once, each whole and none repeating a 64-byte block of
# another.  The tool's own chunks and threads, alone, are formats.bats'.

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
