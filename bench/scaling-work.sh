#!/usr/bin/env bash
# The text formats and the draws, thread count by thread count: does the
# work beyond raw bytes scale as raw bytes do?  Prints two Markdown
# tables for k = 1, 2, 4, ... and the number of usable CPUs:
#   text:  raw MiB/s with --threads k, and the rate of --hex, --base64 and
#          32-byte hex tokens (--count) as a share of it, in random bytes
#          drawn (target: 0.9 or more);
#   draws: values per second of --range 1-6, --password 20, --uuid,
#          --words 6 and --mac with --threads k, and each as a share of k
#          times its own one-thread rate (target: 0.8 or more).
#
#   make bench-scaling               runs this after bench/scaling.sh
#   bench/scaling-work.sh [ROUNDS]   rounds (default 3)
#   BENCH_QUICK=1 bench/scaling-work.sh   small sizes, one round: checks the script
#
# GETRANDOM names the binary (default: build/getrandom).  Each share is the
# median over rounds of the two times measured within one round.
set -eu -o pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${1:-3}
GR=${GETRANDOM:-$PWD/build/getrandom}
SIZE=$((256 << 20))
INTEGERS=100000000
[ "${BENCH_QUICK:-0}" = 1 ] && ROUNDS=1 SIZE=$((8 << 20)) INTEGERS=1000000

# shellcheck source=bench/lib.sh
. bench/lib.sh
bench_start "$@"

# Each draw: a key, its options and its count (about 10^8 bytes of text).
draws=(
	"range|-R 1-6|$INTEGERS"
	"password|-p 20|$((INTEGERS / 20))"
	"uuid|-U|$((INTEGERS / 40))"
	"words|--words 6|$((INTEGERS / 50))"
	"mac|--mac|$((INTEGERS / 20))"
)

# Every contender at every thread count goes in one list: a round runs
# them all, so each share compares two runs of the same round.
contenders() {
	local k entry key opts count
	for k in $(thread_counts); do
		printf 'raw-%s\tnull\t%s --bytes %s --threads %s\n' "$k" "$GR" "$SIZE" "$k"
		printf 'hex-%s\tnull\t%s --bytes %s --hex --threads %s\n' "$k" "$GR" "$SIZE" "$k"
		printf 'base64-%s\tnull\t%s --bytes %s --base64 --threads %s\n' "$k" "$GR" "$SIZE" "$k"
		printf 'tokens-%s\tnull\t%s --bytes 32 --hex -C %s --threads %s\n' \
			"$k" "$GR" $((SIZE / 32)) "$k"
		for entry in "${draws[@]}"; do
			IFS='|' read -r key opts count <<<"$entry"
			printf '%s-%s\tnull\t%s %s -C %s --threads %s\n' \
				"$key" "$k" "$GR" "$opts" "$count" "$k"
		done
	done
}

# share_of_linear KEY K: K-thread rate over K times the one-thread rate.
share_of_linear() {
	awk -v s="$(speedup "$1-1" "$1-$2")" -v k="$2" 'BEGIN { printf "%.2f", s / k }'
}

cp "$GR" "$tmp/getrandom"
GR=$tmp/getrandom
: >"$tmp/times"
: >"$tmp/rss"
contenders >"$tmp/list"
rounds "$tmp/list" "$ROUNDS"

echo "## Text and draws by thread count, $(nproc) usable CPUs"
echo
echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "- kernel: $(uname -r); load average at the end: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo
echo "$(human "$SIZE") of random bytes each; shares of the raw rate at the same thread count:"
echo
echo "| threads | raw MiB/s | --hex | --base64 | 32-byte --hex tokens |"
echo "|---:|---:|---:|---:|---:|"
for k in $(thread_counts); do
	echo "| $k | $(rate "$SIZE" "$(med "$tmp/times" "raw-$k")")" \
		"| $(speedup "raw-$k" "hex-$k") | $(speedup "raw-$k" "base64-$k")" \
		"| $(speedup "raw-$k" "tokens-$k") |"
done
echo
echo "Millions of values a second, and (in brackets) the share of k times the"
echo "one-thread rate:"
echo
echo "| threads | -R 1-6 | -p 20 | -U | --words 6 | --mac |"
echo "|---:|---:|---:|---:|---:|---:|"
for k in $(thread_counts); do
	row="| $k |"
	for entry in "${draws[@]}"; do
		IFS='|' read -r key _ count <<<"$entry"
		row+=" $(awk -v n="$count" -v t="$(med "$tmp/times" "$key-$k")" \
			'BEGIN { printf "%.1f", n / t / 1e6 }') ($(share_of_linear "$key" "$k")) |"
	done
	echo "$row"
done
