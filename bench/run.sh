#!/usr/bin/env bash
# The getrandom benchmark: getrandom(1) side by side with the
# tools people use today and with two reference programs, on this machine,
# in one go.  Prints Markdown tables of medians, rates, ratios and peak RSS,
# then each performance target with its number and "met" or "NOT met".
#
#   make bench                 build build/getrandom, then run this
#   bench/run.sh [ROUNDS]      ROUNDS rounds of raw bulk (default 7), twice as
#                              many of hex and base64 (their runs are short)
#   BENCH_QUICK=1 bench/run.sh small sizes, one round: checks the script only
#
# The parts, each to read on its own: bench/lib.sh (reference programs,
# medians, timed runs), bench/small.sh, bench/bulk.sh and bench/rss.sh (the
# measurements), bench/report.sh (the machine and the targets).
#
# GETRANDOM names the binary (default: build/getrandom, the dynamic build).  Contenders take
# turns, round after round, so that a burst of load hits them all alike,
# and each ratio is the median of the ratios within each round, which
# cancels what drifts from one round to the next; record numbers only with
# the machine quiet (load average < 0.5).  Seven rounds take about 8
# minutes on an idle 2-CPU machine.  Not part of the test suite.
set -eu -o pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${1:-7}
GR=${GETRANDOM:-$PWD/build/getrandom}
CC=${CC:-cc}
RAW=$((1 << 30))		# section 2: 1 GiB
TEXT=$((256 << 20))		# section 3: 256 MiB of input
OPENSSL_HEX=$((32 << 20))	# openssl rand -hex does 256 MiB in ~35 s: less
RSS_SIZE=$((64 << 20))		# section 4
SMALL_ROUNDS=20			# hyperfine calls, each running every contender
SMALL_RUNS=50			# ... this many times
if [ "${BENCH_QUICK:-0}" = 1 ]; then
	ROUNDS=1 RAW=$((16 << 20)) TEXT=$((8 << 20)) OPENSSL_HEX=$((1 << 20))
	RSS_SIZE=$((4 << 20)) SMALL_ROUNDS=2 SMALL_RUNS=20
fi


trap 'echo "bench: stopped by a failure at line $LINENO" >&2' ERR

# shellcheck source=bench/lib.sh
. bench/lib.sh
bench_start "$@"
# A text run lasts under a second, so a hiccup of the machine moves it more.
TEXT_ROUNDS=$((2 * ROUNDS))
# shellcheck source=bench/small.sh
. bench/small.sh
# shellcheck source=bench/bulk.sh
. bench/bulk.sh
# shellcheck source=bench/rss.sh
. bench/rss.sh
# shellcheck source=bench/startup.sh
. bench/startup.sh
# shellcheck source=bench/report.sh
. bench/report.sh

THREADS=$(n=$(nproc); [ "$n" -gt 8 ] && n=8; echo "$n")
build_references
# A snapshot: a rebuild of build/getrandom during the run must not change it.
cp "$GR" "$tmp/getrandom"
GR=$tmp/getrandom
rm -f "$tmp/times" "$tmp/rss" "$tmp/counts"
touch "$tmp/times" "$tmp/rss" "$tmp/counts"
# Each section is measured in turn; the summary and the verdict, which read
# them all, are printed first.
machine >"$tmp/0-machine.md"
small_output >"$tmp/1-small.md"
raw_bulk >"$tmp/2-raw.md"
text_bulk >"$tmp/3-text.md"
rss_by_threads >"$tmp/4-rss.md"
startup_instructions >"$tmp/5-startup.md"
cat "$tmp/0-machine.md"
in_short
targets
echo "- load average at end: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo
cat "$tmp"/[1-5]-*.md
# bench/record.sh records the run above this line in bench/RESULTS.md.
echo "<!-- The other benchmarks follow: bench/draws.sh, bench/tokens.sh, bench/features.sh. -->"
GETRANDOM=$GR bench/draws.sh
GETRANDOM=$GR bench/tokens.sh "$ROUNDS"
GETRANDOM=$GR bench/features.sh "$ROUNDS"
