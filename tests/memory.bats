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
