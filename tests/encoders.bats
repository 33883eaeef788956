#!/usr/bin/env bats
# The encoder paths of cli/encode-x86.c: AVX2, SSE2/SSSE3 and scalar.  The
# tool picks them from glibc's record of the CPU, which glibc's tunables
# can edit, so every path runs on this machine: as the CPU is, with AVX2
# off, and with AVX2 and SSSE3 off.  Each must spell exactly the bytes
# getrandom(2) returned, at sizes that end in every path's leftovers.
# Call: bats tests/encoders.bats (GETRANDOM=path to test another binary)
load helpers

HWCAPS=("" -AVX2 -AVX2,-SSSE3)

# with_hwcaps HWCAPS COMMAND...: runs COMMAND with glibc.cpu.hwcaps=HWCAPS.
with_hwcaps() {
	local hwcaps=$1
	shift
	GLIBC_TUNABLES=${hwcaps:+glibc.cpu.hwcaps=$hwcaps} "$@"
}

@test "--hex spells the bytes getrandom(2) returned, on every encoder path" {
	require_native
	require strace
	local hwcaps n returned
	for hwcaps in "${HWCAPS[@]}"; do
		# 1000 = 31 AVX2 blocks + 8; 63 = 1 AVX2 + 1 SSE2 block + 15.
		for n in 1 15 16 31 32 63 1000; do
			with_hwcaps "$hwcaps" traced "$BATS_TEST_TMPDIR/log" --bytes "$n" --hex
			returned=$(returned_hex "$BATS_TEST_TMPDIR/log" "$n" 0)
			[ ${#returned} -eq $((2 * n)) ]
			[ "$(cat "$OUT")" = "$returned" ] ||
				fail_with "--hex of $n bytes, hwcaps '$hwcaps': $(cat "$OUT") is not $returned"
		done
	done
}

@test "--base64 encodes the bytes getrandom(2) returned, on every encoder path" {
	require_native
	require strace
	local hwcaps n returned
	for hwcaps in "${HWCAPS[@]}"; do
		# 1000 = 41 AVX2 groups of 24 + 1 SSSE3 group of 12 + 3 + 1;
		# 40 = 24 + 12 + 3 + 1; 27 is one byte short of an AVX2 load.
		for n in 1 2 3 15 16 27 28 40 1000 1001; do
			with_hwcaps "$hwcaps" traced "$BATS_TEST_TMPDIR/log" --bytes "$n" --base64
			returned=$(returned_hex "$BATS_TEST_TMPDIR/log" "$n" 0)
			[ ${#returned} -eq $((2 * n)) ]
			base64 -d <"$OUT" >"$BATS_TEST_TMPDIR/bytes"
			[ "$(hexdump_of "$BATS_TEST_TMPDIR/bytes")" = "$returned" ] ||
				fail_with "--base64 of $n bytes, hwcaps '$hwcaps' decodes to other bytes"
			[ "$(base64 -w0 <"$BATS_TEST_TMPDIR/bytes")" = "$(cat "$OUT")" ] ||
				fail_with "--base64 of $n bytes, hwcaps '$hwcaps' is not canonical"
		done
	done
}

# paths_run HWCAPS FORMAT: prints the SIMD functions that encoding 1000
# bytes in FORMAT ran, one per line, with the CPU features HWCAPS edits.
paths_run() {
	local script=$BATS_TEST_TMPDIR/paths.gdb
	cat >"$script" <<-'EOF'
		set breakpoint pending on
		break hex_avx2
		break base64_avx2
		break base64_ssse3
		commands 1-3
		silent
		continue
		end
		run
		info breakpoints
	EOF
	with_hwcaps "$1" gdb -nx -batch -x "$script" --args "$GETRANDOM" \
		--bytes 1000 "$2" --force --output "$BATS_TEST_TMPDIR/text" 2>&1 |
		awk '$2 == "breakpoint" { name = $(NF - 2) }
		     /already hit/ { print name }'
}

@test "glibc.cpu.hwcaps decides which encoder path runs" {
	require_native
	require gdb
	grep -qw avx2 /proc/cpuinfo || skip "this CPU has no AVX2: there is no path to turn off"
	nm "$GETRANDOM" 2>/dev/null | grep -qw base64_ssse3 ||
		skip "$GETRANDOM has no symbols to set breakpoints on"
	[ "$(paths_run "" --hex)" = hex_avx2 ]
	[ "$(paths_run "" --base64 | tr '\n' ' ')" = "base64_avx2 base64_ssse3 " ]
	[ -z "$(paths_run -AVX2 --hex)" ]
	[ "$(paths_run -AVX2 --base64)" = base64_ssse3 ]
	[ -z "$(paths_run -AVX2,-SSSE3 --base64)" ]
}
