#!/usr/bin/env bash
# The benchmark of passphrases, shuffles and ULIDs: getrandom --words,
# --shuffle and --ulid against the tools people use for the same jobs, in
# one run, with the peak RSS of each new output.  Prints Markdown: median
# times, the median of the per-round ratios, peak RSS, then each target
# with "met" or "NOT met".
#
#   bench/features.sh [ROUNDS]       ROUNDS rounds (default 3)
#   BENCH_QUICK=1 bench/features.sh  small counts, one round: checks the
#                                    script only
#
# Contenders (each writes to /dev/null):
#   passphrases  getrandom --words 6 -C 100000   xkcdpass -n 6 -c 100000
#   shuffle      getrandom --shuffle < 10^6 lines   shuf < the same
#   ULIDs        getrandom --ulid -C 10^6         a Python loop of the same
# GETRANDOM names the binary (default: build/getrandom, the dynamic build).  Not part of the
# test suite; record numbers with the machine quiet.
set -eu -o pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${1:-3}
WORDS=100000 LINES=1000000 ULIDS=1000000
GR=${GETRANDOM:-$PWD/build/getrandom}
if [ "${BENCH_QUICK:-0}" = 1 ]; then
	ROUNDS=1 WORDS=1000 LINES=10000 ULIDS=10000
fi

# shellcheck source=bench/contest.sh
. bench/contest.sh

bench_start "$@"

# same_count OURS THEIRS: both commands write the same number of lines.
same_count() {
	local a b
	a=$(sh -c "$1" | wc -l)
	b=$(sh -c "$2" | wc -l)
	[ "$a" = "$b" ] || die "'$1' and '$2' write $a and $b lines"
}

cat >"$tmp/ulid.py" <<'PY'
import os
import sys
import time

DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
write = sys.stdout.write
for _ in range(int(sys.argv[1])):
    value = (time.time_ns() // 1000000) << 80 | int.from_bytes(os.urandom(10), "big")
    write("".join(DIGITS[value >> (5 * i) & 31] for i in range(25, -1, -1)) + "\n")
PY
seq "$LINES" >"$tmp/lines"

jobs=(
	"passphrases|$GR --words 6 -C $WORDS|xkcdpass -n 6 -c $WORDS|20"
	"shuffle|$GR --shuffle <$tmp/lines|shuf <$tmp/lines|1"
	"ulids|$GR --ulid -C $ULIDS|python3 $tmp/ulid.py $ULIDS|10"
)

echo "## Passphrases, shuffles, ULIDs: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) online CPUs"
echo "- load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "- $WORDS passphrases, $LINES lines, $ULIDS ULIDs per run; $ROUNDS rounds, contenders taking turns"
echo
jobs_table same_count
echo

# kib CMD: the peak RSS in KiB of the shell command CMD, whose output a
# reader takes the first 200 MB of.
kib() {
	/usr/bin/time -f %M -o "$tmp/rss" sh -c "$1" | head -c 200000000 >/dev/null || true
	tail -n 1 "$tmp/rss"
}

# 50 MB of input for --sample (yes | head would fail the pipeline: SIGPIPE).
awk 'BEGIN { for (i = 0; i < 1400000; i++) print "a line of the input to sample from" }' >"$tmp/big"
echo "| getrandom | peak RSS KiB |"
echo "|---|---|"
worst=0
for cmd in "--words 6 -C 18446744073709551615" \
	"--words 6 -C 1000 --wordlist /usr/lib/python3/dist-packages/xkcdpass/static/eff-long" \
	"--password 12 --require [:digit:] --require [:upper:] -C 18446744073709551615" \
	"--password --bits 128 --entropy -C 1000" \
	"--ulid -C 18446744073709551615" "--uuid --uuid-format=urn -C 18446744073709551615" \
	"--sample 6 --range 1-49" "--sample 1000 --range 0-18446744073709551615" \
	"--sample 10 <$tmp/big"; do
	k=$(kib "$GR $cmd 2>/dev/null")
	[ "$k" -gt "$worst" ] && worst=$k
	echo "| ${cmd/$tmp\//} | $k |"
done
echo
input=$(($(wc -c <"$tmp/lines") / 1024))
shuffled=$(kib "$GR --shuffle <$tmp/lines")
echo "- --shuffle of $LINES lines ($input KiB): peak RSS $shuffled KiB, of which the"
echo "  input is $input KiB and the index of the lines $((LINES * 8 / 1024)) KiB (8 bytes a line)"
echo

targets_table "all but --shuffle"
