#!/usr/bin/env bash
# What --progress costs: the same jobs run by the build before --progress
# existed ("before"), by this build without it ("off") and with it ("on",
# its lines to a file: one every 5 seconds).  Prints Markdown: median
# times and the median of the per-round ratios, then callgrind's
# instruction counts of one thread, which the machine's load does not
# move, then "met" or "NOT met" for each target: off costs nothing
# measurable against before (instructions within 0.1 % on every job), and
# on costs under 1 % of off's instructions on the bulk jobs (on 32 bytes
# it adds its clock reads and last line to a run of a few hundred
# thousand instructions: shown, not judged).
#
#   bench/progress.sh [ROUNDS]       ROUNDS rounds (default 5)
#   BENCH_QUICK=1 bench/progress.sh  small sizes, one round: checks the
#                                    script only
#
# "before" is built from the parent of the commit that added
# cli/progress.c (BEFORE=REV names another), so a git clone is needed.
# GETRANDOM names the binary (default: build/getrandom, the dynamic build).
# Not part of the test suite; record numbers with the machine quiet.
set -eu -o pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${1:-5}
RAW=1G HEX=256M PASSWORDS=2000000	# timed, on every CPU
IR_RAW=64M IR_PASSWORDS=200000		# counted, one thread
GR=${GETRANDOM:-$PWD/build/getrandom}
if [ "${BENCH_QUICK:-0}" = 1 ]; then
	ROUNDS=1 RAW=16M HEX=4M PASSWORDS=20000 IR_RAW=1M IR_PASSWORDS=2000
fi

# shellcheck source=bench/contest.sh
. bench/contest.sh

bench_start "$@"
command -v valgrind >/dev/null || die "valgrind is not installed (make deps)"

# The build before --progress, from git, in the scratch directory.
build_before() {
	local rev
	rev=${BEFORE:-$(git log -1 --diff-filter=A --format=%H -- cli/progress.c)^}
	git rev-parse --verify -q "$rev^{commit}" >/dev/null ||
		die "no commit '$rev' to build 'before' from (a git clone is needed)"
	mkdir "$tmp/before"
	git archive "$rev" Makefile cli | tar -x -C "$tmp/before"
	make -s -C "$tmp/before" build/getrandom >/dev/null ||
		die "cannot build $rev's build/getrandom"
	git rev-parse --short "$rev"
}

before_rev=$(build_before)
BEFORE_GR=$tmp/before/build/getrandom
cp "$GR" "$tmp/getrandom"
GR=$tmp/getrandom

# The jobs: NAME|ARGUMENTS.
jobs=(
	"raw $RAW|--bytes $RAW"
	"hex $HEX|--bytes $HEX --hex"
	"$PASSWORDS passwords|--password 16 --count $PASSWORDS"
)

# three NAME ARGS: ROUNDS rounds of before, off and on taking turns; records
# "NAME before off on off/before on/off" per round in $tmp/times.
three() {
	local name=$1 args=$2 b f n
	for _ in $(seq "$ROUNDS"); do
		b=$(seconds "$BEFORE_GR $args")
		f=$(seconds "$GR $args")
		n=$(seconds "$GR $args --progress 2>>$tmp/progress.log")
		echo "${name// /_} $b $f $n $(awk -v b="$b" -v f="$f" -v n="$n" \
			'BEGIN { printf "%.3f %.3f", f / b, n / f }')" >>"$tmp/times"
	done
}

# percent A B: (B - A) / A, in percent, three decimals.
percent() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.3f", (b - a) * 100 / a }'
}

echo "## --progress on and off (bench/progress.sh): $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) online CPUs"
echo "- load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "- before: $before_rev; $ROUNDS rounds, the three taking turns; output to /dev/null, --progress's lines to a file"
echo
echo "| job | before s | off s | on s | off / before | on / off |"
echo "|---|---|---|---|---|---|"
for job in "${jobs[@]}"; do
	IFS='|' read -r name args <<<"$job"
	three "$name" "$args"
	key=${name// /_}
	echo "| $name | $(column "$key" 2) | $(column "$key" 3) | $(column "$key" 4) | $(column "$key" 5) | $(column "$key" 6) |"
done
echo
echo "Instructions (callgrind, --threads 1, user space: the kernel's filling is not counted):"
echo
echo "| job | before | off | on | off - before | on - off |"
echo "|---|---|---|---|---|---|"
# count NAME ARGS: the instructions of before, off and on for getrandom
# ARGS, in NAME_b, NAME_f and NAME_n, and the table's row.
count() {
	local name=$1 b f n
	shift
	b=$(instructions "$BEFORE_GR" "$@" --threads 1)
	f=$(instructions "$GR" "$@" --threads 1)
	n=$(instructions "$GR" "$@" --threads 1 --progress)
	printf -v "${name}_b" %s "$b"
	printf -v "${name}_f" %s "$f"
	printf -v "${name}_n" %s "$n"
	echo "| getrandom $* | $b | $f | $n | $((f - b)) | $((n - f)) |"
}

count small --bytes 32 --hex
count raw --bytes "$IR_RAW"
count passwords --password 16 --count "$IR_PASSWORDS"
# shellcheck disable=SC2154 # small_b ... passwords_n are set by count
{
	mib=$(($(head -c "$IR_RAW" /dev/zero | wc -c) >> 20))
	# What a run costs once (the parser's one more option), and what grows
	# with the output: the raw job's difference beyond the small one's.
	fixed=$((small_f - small_b))
	fixed_percent=$(percent "$small_b" "$small_f")
	per_mib=$(((raw_f - raw_b - fixed) / mib))
	on_per_mib=$(((raw_n - raw_f - (small_n - small_f)) / mib))
	echo
	echo "- off, once a run: $fixed instructions ($fixed_percent % of 32 bytes in hex)"
	echo "- off, per MiB of raw output beyond that: $per_mib instructions; on: $on_per_mib"
	echo "- on, 32 bytes in hex: $((small_n - small_f)) instructions (the clock, isatty, the last line)"
	echo "- passwords: on $(percent "$passwords_f" "$passwords_n") % (a memchr(3) call a line counts them); off against before $(percent "$passwords_b" "$passwords_f") %, within the draws' own variation (rejection sampling)"
	echo
	echo "| target | measured | wanted | |"
	echo "|---|---|---|---|"
	echo "| off against before, once a run, % of a 32-byte run | $fixed_percent | < 1 | $(awk -v p="$fixed_percent" 'BEGIN { print (p < 1 ? "met" : "NOT met") }') |"
	echo "| off against before, instructions per MiB of raw output (the kernel takes 100 us or more to fill a MiB: 1000 is 1 % of that at 1 GHz) | $per_mib | < 1000 | $([ "$per_mib" -lt 1000 ] && echo met || echo "NOT met") |"
	echo
}
echo "- load average at end: $(cut -d ' ' -f 1-3 /proc/loadavg)"
