#!/usr/bin/env bash
# The draws benchmark: getrandom --range, --password and --uuid against
# the tools people use for the same jobs, in one run.  Prints Markdown:
# the median time of each contender, the median of the per-round ratios,
# the peak RSS of getrandom at counts up to 2^64-1, then each target with
# "met" or "NOT met".
#
#   bench/draws.sh [ROUNDS]     ROUNDS rounds (default 3; a pwgen run of a
#                               million passwords takes about 10 s here)
#   BENCH_QUICK=1 bench/draws.sh    10000 values, one round: checks the
#                                   script only
#
# Contenders (each writes the same lines to /dev/null):
#   integers   getrandom -R 1-6 -C N        shuf -r -i 1-6 -n N
#   passwords  getrandom -p 20 -C N         pwgen -s 20 N
#   UUIDs      getrandom -U -C N            a Python uuid.uuid4() loop
# GETRANDOM names the binary (default: build/getrandom, the dynamic build).  Not part of the
# test suite; record numbers with the machine quiet.
set -eu -o pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${1:-3}
N=1000000
GR=${GETRANDOM:-$PWD/build/getrandom}
if [ "${BENCH_QUICK:-0}" = 1 ]; then
	ROUNDS=1 N=10000
fi

# shellcheck source=bench/contest.sh
. bench/contest.sh

bench_start "$@"

# same_lines OURS THEIRS: both commands write N lines of the same length.
same_lines() {
	local a b
	a=$(sh -c "$1" | awk '{ n++; len[length($0)]++ } END { for (l in len) print n, l }')
	b=$(sh -c "$2" | awk '{ n++; len[length($0)]++ } END { for (l in len) print n, l }')
	[ "$a" = "$b" ] || die "'$1' and '$2' write different lines: $a / $b"
}

cat >"$tmp/uuid4.py" <<'PY'
import sys
import uuid

write = sys.stdout.write
for _ in range(int(sys.argv[1])):
    write(str(uuid.uuid4()) + "\n")
PY

jobs=(
	"integers|$GR -R 1-6 -C $N|shuf -r -i 1-6 -n $N|2"
	"passwords|$GR -p 20 -C $N|pwgen -s 20 $N|2"
	"uuids|$GR -U -C $N|python3 $tmp/uuid4.py $N|10"
)

echo "## Draws: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) online CPUs"
echo "- load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "- $N values per run, $ROUNDS rounds, contenders taking turns"
echo
jobs_table same_lines
echo

# Peak RSS in KiB of getrandom writing COUNT values (a reader takes the
# first 200 MB of the largest count, then closes the pipe).
rss() {
	/usr/bin/time -f %M -o "$tmp/rss" "$GR" "$@" | head -c 200000000 >/dev/null || true
	tail -n 1 "$tmp/rss"
}

echo "| getrandom | peak RSS KiB, count 1 | count $N | count 2^64-1, first 200 MB |"
echo "|---|---|---|---|"
worst=0
for draw in "-R 1-6" "-R 0-18446744073709551615" "-p 20" "-p 100000" "-U" "-U7"; do
	row="| $draw |"
	for count in 1 "$N" 18446744073709551615; do
		# shellcheck disable=SC2086
		kib=$(rss $draw -C "$count")
		[ "$kib" -gt "$worst" ] && worst=$kib
		row="$row $kib |"
	done
	echo "$row"
done
echo

targets_table "any count"
