#!/usr/bin/env bash
# Bulk output against the kernel's aggregate limit, thread count by thread
# count: the limit is k independent one-thread getrandom(2) loops
# (bench/loop.c, 1 MiB buffers) run side by side, getrandom is one process
# with --threads k, both writing SIZE bytes in all to /dev/null.  Prints a
# Markdown table (threads, limit MiB/s, getrandom MiB/s, ratio) for k = 1,
# 2, 4, ... and the number of usable CPUs, with `openssl rand` (one thread,
# a user-space generator) as a reference; then what a 2-CPU machine can
# show of the cost of many threads: CPU seconds per GiB and futex calls per
# chunk with 1 thread and with 16.  Draws the table as bench/scaling.png
# when gnuplot is installed.
#
#   make bench-scaling             build build/getrandom, then run this
#   bench/scaling.sh [ROUNDS]      rounds per thread count (default 5)
#   BENCH_QUICK=1 bench/scaling.sh small sizes, one round: checks the script
#
# GETRANDOM names the binary (default: build/getrandom, the dynamic build).  Each ratio is the
# median over rounds of the two rates measured within one round.
set -eu -o pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${1:-5}
GR=${GETRANDOM:-$PWD/build/getrandom}
CC=${CC:-cc}
SIZE=$((1 << 30))
[ "${BENCH_QUICK:-0}" = 1 ] && ROUNDS=1 SIZE=$((32 << 20))


# shellcheck source=bench/lib.sh
. bench/lib.sh
bench_start "$@"

# The contenders for k threads, one "KEY<TAB>DEST<TAB>CMD" line each.
contenders() {
	local k=$1 i loops=''
	for ((i = 0; i < k; i++)); do
		loops+="$tmp/loop $((SIZE / k)) & "
	done
	printf 'limit-%s\tnull\t%swait\n' "$k" "$loops"
	printf 'getrandom-%s\tnull\t%s --bytes %s --threads %s\n' "$k" "$GR" "$SIZE" "$k"
}

# cpu_per_gib THREADS: user + system seconds per GiB written, median of 3.
cpu_per_gib() {
	local i
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S' -o "$tmp/cpu" "$GR" --bytes "$SIZE" --threads "$1" >/dev/null
		awk -v size="$SIZE" '{ printf "%.3f\n", ($1 + $2) * 1073741824 / size }' "$tmp/cpu"
	done | median | awk '{ printf "%.2f", $1 }'
}

# futex_per_chunk THREADS: futex(2) calls per chunk of output, under strace.
futex_per_chunk() {
	local chunk calls
	chunk=$(sed -n 's/^#define PUMP_CHUNK (\(.*\))$/\1/p' cli/pump.h | tr -d u)
	strace -f -c -e trace=futex -o "$tmp/futex" "$GR" --bytes "$SIZE" --threads "$1" >/dev/null
	calls=$(awk '$NF == "futex" { print $4 }' "$tmp/futex")
	awk -v c="${calls:-0}" -v size="$SIZE" -v chunk="$((chunk))" \
		'BEGIN { printf "%.2f", c / ((size + chunk - 1) / chunk) }'
}

$CC -O2 -o "$tmp/loop" bench/loop.c || die "cannot build bench/loop.c"
cp "$GR" "$tmp/getrandom"
GR=$tmp/getrandom
: >"$tmp/times"
: >"$tmp/rss"

echo "## Scaling: $(human "$SIZE") to /dev/null, $(nproc) usable CPUs"
echo
echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "- kernel: $(uname -r); load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo
echo "| threads | limit MiB/s | getrandom MiB/s | ratio |"
echo "|---:|---:|---:|---:|"
: >"$tmp/plot.dat"
for k in $(thread_counts); do
	contenders "$k" >"$tmp/list"
	rounds "$tmp/list" "$ROUNDS"
	limit=$(rate "$SIZE" "$(med "$tmp/times" "limit-$k")")
	ours=$(rate "$SIZE" "$(med "$tmp/times" "getrandom-$k")")
	echo "| $k | $limit | $ours | $(speedup "limit-$k" "getrandom-$k") |"
	echo "$k $limit $ours" >>"$tmp/plot.dat"
done
printf 'openssl\tnull\topenssl rand %s\n' "$SIZE" >"$tmp/list"
rounds "$tmp/list" "$ROUNDS"
openssl=$(rate "$SIZE" "$(med "$tmp/times" openssl)")
echo
echo "- \`openssl rand\` (one thread): $openssl MiB/s"
one=$(cpu_per_gib 1)
many=$(cpu_per_gib 16)
echo "- CPU seconds per GiB: $one with 1 thread, $many with 16 ($(ratio "$many" "$one") times)"
echo "- futex calls per chunk: $(futex_per_chunk 2) with 2 threads, $(futex_per_chunk 16) with 16 (under strace)"
echo "- load average at end: $(cut -d ' ' -f 1-3 /proc/loadavg)"

if command -v gnuplot >/dev/null; then
	gnuplot <<-PLOT
	set terminal pngcairo size 800,500
	set output "bench/scaling.png"
	set title "Bulk output to /dev/null, $(nproc) usable CPUs"
	set xlabel "threads"
	set ylabel "MiB/s"
	set key left top
	set grid
	set logscale x 2
	set yrange [0:*]
	plot "$tmp/plot.dat" using 1:2 with linespoints title "kernel limit (independent loops)", \
	     "$tmp/plot.dat" using 1:3 with linespoints title "getrandom --threads", \
	     $openssl with lines dashtype 2 title "openssl rand (one thread)"
	PLOT
	echo "- plot: bench/scaling.png"
else
	echo "- no plot: gnuplot is not installed (make deps)"
fi
