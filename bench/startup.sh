# shellcheck shell=bash
# Section 5 of the benchmark, sourced by bench/run.sh: what a start costs,
# in instructions, which no load on the machine moves.
# ---------------------------------------------------------------------------
# 5. Start-up: instructions to print 32 bytes in hex
# ---------------------------------------------------------------------------

startup_instructions() {
	local limit pie static

	echo "bench: 5. start-up instructions (callgrind)" >&2
	limit=$(instructions -i "$tmp/min32")
	pie=$(instructions -i "$tmp/min32-pie")
	static=$(instructions -i "$tmp/static/cli/getrandom" --bytes 32 --hex)
	record "$tmp/counts" startup-limit "$limit"
	record "$tmp/counts" startup-pie "$pie"
	record "$tmp/counts" startup-static "$static"
	echo "### 5. Start-up: instructions to print 32 bytes in hex"
	echo
	echo "callgrind's count, start to exit, with an empty environment.  make"
	echo "links getrandom as a static PIE, for ASLR; the plain static program"
	echo "skips the relocation at start that a PIE does."
	echo
	echo "| command | instructions | x limit |"
	echo "|---|---:|---:|"
	printf '| `%s` | %s | 1.00 |\n' "bench/min32.c, static (the limit)" "$limit"
	# What keeping ASLR costs at start: the relocation a static PIE does.
	printf '| `%s` | %s | %s |\n' "bench/min32.c, static PIE" "$pie" \
		"$(ratio "$pie" "$limit")"
	printf '| `%s` | %s | %s |\n' \
		"getrandom --bytes 32 --hex, static (what make installs)" "$static" \
		"$(ratio "$static" "$limit")"
	echo
}
