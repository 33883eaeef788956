#!/usr/bin/env bats
# Peak memory against the thread count: every slot of the ring holds a
# block, so memory grows with --threads, and must stay under 8 MiB and
# 1 MiB a thread for any size and count, up to the most threads
# --threads takes (1024).  The draws' memory for a count of 2^64-1 on the
# default threads is in draws.bats.
# Call: bats tests/memory.bats (GETRANDOM=path to test another binary)
load helpers

# peak_kib ARGS...: getrandom ARGS to /dev/null; prints its peak RSS in KiB.
peak_kib() {
	command time -f %M -o "$BATS_TEST_TMPDIR/rss" "$GETRANDOM" "$@" >/dev/null
	tail -n 1 "$BATS_TEST_TMPDIR/rss"
}

@test "peak RSS stays under 8 MiB + 1 MiB a thread, at 16, 256 and 1024 threads" {
	command time -f %M -o "$BATS_TEST_TMPDIR/rss" true 2>/dev/null ||
		skip "no time(1) that takes -f %M (GNU time) installed"
	require_native	# under qemu-user, the peak would be the emulator's
	needs_plain_build "AddressSanitizer's shadow memory is not the program's"
	local threads job kib
	for threads in 16 256 1024; do
		for job in "--bytes 200M --hex" "--bytes 200M --base64" \
			"-R 1-6 -C 50000000" "-p 20 -C 2000000" "--words 6 -C 1000000"; do
			# shellcheck disable=SC2086
			kib=$(peak_kib $job --threads "$threads")
			[ "$kib" -lt $(((8 + threads) * 1024)) ] ||
				fail_with "$job --threads $threads: peak RSS $kib KiB"
		done
	done
}

@test "at 16 threads text stays under 8 MiB: past 4 MiB of slots the ring keeps no spares" {
	command time -f %M -o "$BATS_TEST_TMPDIR/rss" true 2>/dev/null ||
		skip "no time(1) that takes -f %M (GNU time) installed"
	require_native
	needs_plain_build "AddressSanitizer's shadow memory is not the program's"
	local job kib
	# A hex slot holds 96 KiB of bytes and 192 KiB of text: 34 slots, two
	# a thread and two more, would be 9.6 MiB; 17 are 4.8 MiB.
	for job in "--hex" "--base64" "--base32" ""; do
		# shellcheck disable=SC2086
		kib=$(peak_kib --bytes 64M $job --threads 16)
		[ "$kib" -lt 8192 ] || fail_with "--bytes 64M $job --threads 16: peak RSS $kib KiB"
	done
}

# limited_as KIB ARGS...: getrandom ARGS, stdout in $OUT, with its address
# space limited to KIB KiB (RLIMIT_AS: malloc fails past it).
limited_as() {
	local kib=$1
	shift
	bash -c 'ulimit -v "$1" && exec "${@:2}"' _ "$kib" "$GETRANDOM" "$@" >"$OUT"
}

@test "memory for one thread's buffers only (RLIMIT_AS): one thread writes every byte, status 0" {
	require_native	# qemu-user would need the address space itself
	needs_plain_build "AddressSanitizer's shadow memory does not fit a small RLIMIT_AS"
	# 171 chunks of hex take at least 171 + 1 slots of some 290 KiB each,
	# far past 64 MiB; one slot fits easily.
	run -0 --separate-stderr limited_as 65536 --bytes 16M --hex --threads 1024
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq $((2 * 16777216 + 1)) ]
	[ "$(hex_decoded "$OUT" | wc -c)" -eq 16777216 ]
}

# residue MODE ARGS...: what a run of getrandom ARGS leaves, at its exit,
# of its random bytes and of the values it printed (tests/tools/residue.py).
residue() {
	RESIDUE_OUT=$BATS_TEST_TMPDIR/printed RESIDUE_MODE=$1 RESIDUE_LO=${RESIDUE_LO:-0} \
		gdb -nx -batch -x "$TESTS/tools/residue.py" --args "$GETRANDOM" "${@:2}" 2>&1 |
		grep -E '^(residue|clean)'
}

@test "the random bytes, and the values made of them, are wiped from memory before the exit" {
	require_native
	require gdb
	[ "$(uname -m)" = x86_64 ] || skip "tests/tools/residue.py reads x86_64's registers"
	# ASan keeps stack arrays where the script does not look.
	needs_plain_build "the AddressSanitizer build keeps stack arrays on a stack of its own"
	local mode args
	while read -r mode args; do
		# shellcheck disable=SC2086 # the words of args
		run -0 residue "$mode" $args
		[ "$output" = clean ] || fail_with "$args: $output"
	done <<-'EOF'
		uuid --uuid
		uuid --uuid=7
		ulid --ulid
		range --range 0-1000000000000000000
		x --range 1-6 --count 100
		x --bytes 32 --hex
		x --password 20
		x --words 3
		x --mac
	EOF
}
