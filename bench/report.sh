# shellcheck shell=bash
# The benchmark's verdict, sourced by bench/run.sh: the machine it ran on,
# and each target with its number and "met" or "NOT met".
# ---------------------------------------------------------------------------
# The performance targets
# ---------------------------------------------------------------------------

# target TEXT VALUE OP LIMIT
target() {
	local ok

	ok=$(awk -v v="$2" -v l="$4" -v op="$3" \
		'BEGIN { print (op == ">=" ? v >= l : v <= l) ? "met" : "NOT met" }')
	printf '| %s | %s | %s %s | %s |\n' "$1" "$2" "$3" "$4" "$ok"
}

targets() {
	local gr_rss k

	gr_rss=$(awk -F '\t' '$1 ~ /^(small-getrandom|small-static|gr1-|grN-|t-(raw|hex|b64)-|rss-)/ { print $2 }' \
		"$tmp/rss" | sort -g | tail -n 1)
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
	echo "## $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo
	echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) online CPUs"
	echo "- kernel: $(uname -r)"
	echo "- load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
	echo "- getrandom: $("$GR" --version | head -n 1), default threads: $THREADS"
	echo "- $(openssl version), $(xxd -v 2>&1 | head -n 1), $(head --version | head -n 1)"
	echo
}
