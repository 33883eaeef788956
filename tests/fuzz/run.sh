#!/bin/bash
# Builds the libFuzzer harnesses in tests/fuzz/ with clang (ASan + UBSan),
# replays every input under tests/fuzz/regressions/NAME/, then fuzzes each
# harness for a bounded time, two runs at a time.  The encoders have one path per CPU feature
# (cli/encode-x86.c), chosen from glibc's record of the CPU, so the encode
# harness runs three times: as the CPU is, and with glibc's tunables
# turning AVX2, then AVX2 and SSSE3 off.  Prints TAP on standard output;
# exit status 0 when every line is "ok".
#
#   tests/fuzz/run.sh [SECONDS]     SECONDS per run, default 30
#
# The working corpus grows in build/fuzz/corpus-NAME (seeded from
# tests/fuzz/corpus/NAME, which stays untouched).  A crashing input is
# saved in build/fuzz/artifacts-NAME/: commit it under
# tests/fuzz/regressions/NAME/ with the fix, and every later run replays it.
# shellcheck disable=SC2317 # each_run calls functions shellcheck cannot see
set -eu

usage() { echo "usage: tests/fuzz/run.sh [SECONDS]   (a positive whole number, default 30)"; }

# SECONDS > 0 in plain digits: libFuzzer takes -max_total_time=0 (or 00)
# for no limit at all.  Checked before the build.
[ $# -le 1 ] || { usage >&2; exit 2; }
seconds=${1-30}
case $seconds in
-h | --help) usage; exit 0 ;;
'' | 0* | *[!0-9]*) usage >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$top/build/fuzz
# HARNESS or HARNESS/HWCAPS: the harness, with glibc.cpu.hwcaps=HWCAPS.
# shellcheck disable=SC2054 # the commas are glibc's, inside one element
runs=(parse encode encode/-AVX2 encode/-AVX2,-SSSE3)
CLANG=${CLANG:-clang}
FLAGS="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"

die() {
	echo "Bail out! $*"
	exit 1
}

[ "$CLANG" != clang ] || "$top/tests/need.sh" fuzz >&2 || exit 1
command -v "$CLANG" >/dev/null || die "$CLANG not found"
mkdir -p "$out"

# The harness for NAME fuzzes these sources of cli/.
sources() {
	case $1 in
	parse) echo "$top/cli/parse.c $top/cli/range.c $top/cli/charset.c $top/cli/owner.c $top/cli/uuid-format.c $top/cli/wordlist.c $top/cli/quote.c" ;;
	encode) echo "$top/cli/encode.c $top/cli/encode-x86.c" ;;
	esac
}

build() {
	local name=$1
	# shellcheck disable=SC2046,SC2086
	"$CLANG" $FLAGS -o "$out/fuzz_$name" "$here/fuzz_$name.c" \
		$(sources "$name") 2>"$out/build-$name.log" ||
		die "cannot build fuzz_$name with $CLANG (see $out/build-$name.log; libclang-rt-14-dev installed?)"
}

n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $*"; status=1; }
status=0

# harness NAME [HWCAPS] ARGS...: runs fuzz_NAME, with glibc's tunable
# glibc.cpu.hwcaps=HWCAPS when HWCAPS is not empty.
harness() {
	local name=$1 hwcaps=$2
	shift 2
	if [ -n "$hwcaps" ]; then
		GLIBC_TUNABLES=glibc.cpu.hwcaps=$hwcaps "$out/fuzz_$name" "$@"
	else
		"$out/fuzz_$name" "$@"
	fi
}

# Runs each committed crash input once: it must not crash any more.
replay() {
	local name=$1 hwcaps=$2 label=$3 dir=$here/regressions/$1
	local log=$out/replay-$1$2.log inputs=("$dir"/*)

	if [ ! -e "${inputs[0]}" ]; then
		ok "fuzz $label regressions # SKIP none committed"
		return
	fi
	if harness "$name" "$hwcaps" "${inputs[@]}" >"$log" 2>&1; then
		ok "fuzz $label regressions (${#inputs[@]} inputs replayed)"
	else
		not_ok "fuzz $label regressions"
		sed 's/^/# /' "$log" | tail -30
	fi
}

# fuzz_start NAME HWCAPS: fuzzes NAME for SECONDS in the background; its
# log and exit status go to files that fuzz_report reads.
fuzz_start() {
	local name=$1 hwcaps=$2 log=$out/fuzz-$1$2.log dict=()
	local corpus=$out/corpus-$name artifacts=$out/artifacts-$name/

	mkdir -p "$corpus" "$artifacts"
	[ -f "$here/$name.dict" ] && dict=(-dict="$here/$name.dict")
	rm -f "$log.status"
	# set -e would end the background job at a failure, before its status is written.
	{
		if harness "$name" "$hwcaps" -max_total_time="$seconds" -timeout=10 \
			-rss_limit_mb=2048 -print_final_stats=1 "${dict[@]}" \
			-artifact_prefix="$artifacts" "$corpus" "$here/corpus/$name" \
			>"$log" 2>&1; then
			echo 0
		else
			echo "$?"
		fi >"$log.status"
	} &
}

fuzz_report() {
	local name=$1 hwcaps=$2 label=$3 log=$out/fuzz-$1$2.log
	local artifacts=$out/artifacts-$name/ execs units

	if [ "$(cat "$log.status" 2>/dev/null)" = 0 ]; then
		execs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
		units=$(find "$out/corpus-$name" -type f | wc -l)
		ok "fuzz $label"
		echo "# $label: ${seconds}s, ${execs:-?} exec/s, working corpus $units inputs"
	else
		not_ok "fuzz $label"
		sed 's/^/# /' "$log" | grep -v '^# #[0-9]' | tail -40
		echo "# crashing input in $artifacts: add it to tests/fuzz/regressions/$name/"
	fi
}

# each_run FUNCTION: calls FUNCTION NAME HWCAPS LABEL for every run.
each_run() {
	local run name hwcaps
	for run in "${runs[@]}"; do
		name=${run%%/*} hwcaps=${run#"$name"} hwcaps=${hwcaps#/}
		"$1" "$name" "$hwcaps" "$name${hwcaps:+ (glibc.cpu.hwcaps=$hwcaps)}"
	done
}

build parse
build encode
echo "1..$((${#runs[@]} * 2))"
each_run replay
# The runs are bounded in time, not in work: two at a time, each with a
# CPU of its own where the machine is otherwise idle, take half the time
# one after the other would, and fuzz as much.
started=0
start_pairwise() {
	fuzz_start "$1" "$2"
	started=$((started + 1))
	[ $((started % 2)) -ne 0 ] || wait
}
each_run start_pairwise
wait
each_run fuzz_report
exit $status
