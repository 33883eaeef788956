# shellcheck shell=bash
# Section 4 of the benchmark, sourced by bench/run.sh: getrandom's peak
# RSS by thread count.
# ---------------------------------------------------------------------------
# 4. Peak RSS of getrandom by thread count
# ---------------------------------------------------------------------------

rss_by_threads() {
	local n fmt opt

	echo "bench: 4. peak RSS by thread count" >&2
	echo "### 4. Peak RSS of getrandom, $((RSS_SIZE >> 20)) MiB to /dev/null, by --threads"
	echo
	echo "| --threads | raw KiB | --hex KiB | --base64 KiB |"
	echo "|---:|---:|---:|---:|"
	for n in 1 2 4 8 16; do
		printf '| %s ' "$n"
		for fmt in raw hex b64; do
			opt=$(format_option "$fmt")
			time_run "rss-$n-$fmt" null "$GR --bytes $RSS_SIZE$opt --threads=$n"
			printf '| %s ' "$(peak "$tmp/rss" "rss-$n-$fmt")"
		done
		echo "|"
	done
	echo
}
