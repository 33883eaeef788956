# shellcheck shell=bash
# The benchmark's verdict, sourced by bench/run.sh: the machine it ran on,
# and each target with its number and "met" or "NOT met".
# ---------------------------------------------------------------------------
# The performance targets
# ---------------------------------------------------------------------------

# The largest peak RSS of any getrandom run recorded, in KiB.
getrandom_peak_rss() {
	awk -F '\t' '$1 ~ /^(small-getrandom|small-static|gr1-|grN-|t-(raw|hex|b64)-|rss-)/ { print $2 }' \
		"$tmp/rss" | sort -g | tail -n 1
}

# target TEXT VALUE OP LIMIT
target() {
	local ok

	ok=$(awk -v v="$2" -v l="$4" -v op="$3" \
		'BEGIN { print (op == ">=" ? v >= l : v <= l) ? "met" : "NOT met" }')
	printf '| %s | %s | %s %s | %s |\n' "$1" "$2" "$3" "$4" "$ok"
}

targets() {
	local gr_rss k

	gr_rss=$(getrandom_peak_rss)
	echo "### Targets"
	echo
	echo "| target | value | wanted | |"
	echo "|---|---:|---:|---|"
	target "raw, 1 thread, x loop (/dev/null)" \
		"$(speedup loop-null gr1-null)" ">=" 0.95
	target "raw, $THREADS threads, x loop (/dev/null)" \
		"$(speedup loop-null grN-null)" ">=" 1.7
	for n in 1 N; do
		target "--hex, x raw ($([ $n = 1 ] && echo 1 thread || echo "$THREADS threads"))" \
			"$(speedup "t-raw-$n" "t-hex-$n")" ">=" 0.9
		target "--base64, x raw ($([ $n = 1 ] && echo 1 thread || echo "$THREADS threads"))" \
			"$(speedup "t-raw-$n" "t-b64-$n")" ">=" 0.9
	done
	target "small output, installed (static) build, x limit, medians" \
		"$(ratio "$(med "$tmp/times" small-static)" "$(med "$tmp/times" small-limit)")" "<=" 1.2
	target "small output, installed (static) build, x limit, fastest runs" \
		"$(ratio "$(lowest "$tmp/times" small-static)" "$(lowest "$tmp/times" small-limit)")" "<=" 1.2
	# Not a target: what linking dynamically would cost, the reason make links statically.
	printf '| %s | %s | %s | %s |\n' \
		"small output, dynamic build (not installed), x limit, medians" \
		"$(ratio "$(med "$tmp/times" small-getrandom)" "$(med "$tmp/times" small-limit)")" \
		"" "for comparison"
	target "peak RSS of getrandom, KiB, any run above" "$gr_rss" "<=" 8191
	echo
}

# ---------------------------------------------------------------------------

machine() {
	local commit

	commit=$(git rev-parse --short HEAD 2>/dev/null || echo "unknown")
	git diff --quiet HEAD -- cli Makefile 2>/dev/null || commit="$commit, with changes to cli/"
	echo "Run of $(date -u '+%Y-%m-%d %H:%M UTC') at commit $commit, $ROUNDS rounds."
	echo
	echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) online CPUs"
	echo "- kernel: $(uname -r)"
	echo "- load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
	echo "- getrandom: $("$GR" --version | head -n 1), default threads: $THREADS"
	echo "- $(openssl version), $(xxd -v 2>&1 | head -n 1), $(head --version | head -n 1)"
	echo
}

# ---------------------------------------------------------------------------
# The figures the other documents quote, from this run
# ---------------------------------------------------------------------------

in_short() {
	local small limit gr_rss

	small=$(med "$tmp/times" small-static)
	limit=$(med "$tmp/times" small-limit)
	gr_rss=$(getrandom_peak_rss)
	echo "### In short"
	echo
	echo "| what | getrandom | against |"
	echo "|---|---|---|"
	printf '| %s | %.2f ms median | %s times the minimal static program; `openssl rand -hex 32` %s times, `head -c 32 /dev/urandom \\| xxd -p` %s times |\n' \
		"32 bytes in hex, start to exit (static build)" \
		"$(awk -v s="$small" 'BEGIN { print s * 1000 }')" "$(ratio "$small" "$limit")" \
		"$(ratio "$(med "$tmp/times" small-openssl)" "$limit")" \
		"$(ratio "$(med "$tmp/times" small-xxd)" "$limit")"
	printf '| %s | %s | %s times the minimal static program, %s times it linked as a static PIE |\n' \
		"instructions from start to exit, same run" "$(values "$tmp/counts" startup-static)" \
		"$(ratio "$(values "$tmp/counts" startup-static)" "$(values "$tmp/counts" startup-limit)")" \
		"$(ratio "$(values "$tmp/counts" startup-static)" "$(values "$tmp/counts" startup-pie)")"
	printf '| %s | %s MiB/s | %s of a bare getrandom(2) loop; `head -c %s /dev/urandom` %s |\n' \
		"$(human "$RAW") raw, one thread" "$(rate "$RAW" "$(med "$tmp/times" gr1-null)")" \
		"$(speedup loop-null gr1-null)" "$(human "$RAW")" "$(speedup loop-null head-null)"
	printf '| %s | %s MiB/s | %s of the single-thread loop |\n' \
		"$(human "$RAW") raw, default ($THREADS threads)" \
		"$(rate "$RAW" "$(med "$tmp/times" grN-null)")" "$(speedup loop-null grN-null)"
	printf '| %s | %s / %s of the raw rate | %s times `xxd -p`, %s times `base64 -w0` |\n' \
		"$(human "$TEXT") \`--hex\` / \`--base64\`, one thread" \
		"$(speedup t-raw-1 t-hex-1)" "$(speedup t-raw-1 t-b64-1)" \
		"$(speedup t-xxd t-hex-1)" "$(speedup t-base64 t-b64-1)"
	printf '| %s | %s KiB | the largest of every getrandom run above, up to 16 threads |\n' \
		"peak RSS" "$gr_rss"
	echo
}
