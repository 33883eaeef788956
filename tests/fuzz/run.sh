#!/bin/bash
# Builds the libFuzzer harnesses in tests/fuzz/ with clang (ASan + UBSan),
# replays every input under tests/fuzz/regressions/NAME/, then fuzzes each
# harness for a bounded time.  Prints TAP on standard output; exit status 0
# when every line is "ok".
#
#   tests/fuzz/run.sh [SECONDS]     SECONDS per harness, default 30
#
# The working corpus grows in build/fuzz/corpus-NAME (seeded from
# tests/fuzz/corpus/NAME, which stays untouched).  A crashing input is
# saved in build/fuzz/artifacts-NAME/: commit it under
# tests/fuzz/regressions/NAME/ with the fix, and every later run replays it.
set -eu

seconds=${1:-30}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$top/build/fuzz
harnesses=(parse encode)
CLANG=${CLANG:-clang}
FLAGS="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"

die() {
	echo "Bail out! $*"
	exit 1
}

case $seconds in
'' | *[!0-9]*) die "SECONDS must be a whole number, not '$seconds'" ;;
esac
[ "$CLANG" != clang ] || "$top/tests/need.sh" clang libclang-rt-14-dev >&2 ||
	die "could not install clang and libclang-rt-14-dev"
command -v "$CLANG" >/dev/null ||
	die "$CLANG not found: install clang and libclang-rt-14-dev (tests/need.sh does)"
mkdir -p "$out"

# The harness for NAME fuzzes these sources of cli/.
sources() {
	case $1 in
	parse) echo "$top/cli/parse.c" ;;
	encode) echo "$top/cli/encode.c" ;;
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

# Runs each committed crash input once: it must not crash any more.
replay() {
	local name=$1 dir=$here/regressions/$1 log=$out/replay-$1.log
	local inputs=("$dir"/*)

	if [ ! -e "${inputs[0]}" ]; then
		ok "fuzz $name regressions # SKIP none committed"
		return
	fi
	if "$out/fuzz_$name" "${inputs[@]}" >"$log" 2>&1; then
		ok "fuzz $name regressions (${#inputs[@]} inputs replayed)"
	else
		not_ok "fuzz $name regressions"
		sed 's/^/# /' "$log" | tail -30
	fi
}

fuzz() {
	local name=$1 log=$out/fuzz-$1.log dict=()
	local corpus=$out/corpus-$name artifacts=$out/artifacts-$name/
	local execs units

	mkdir -p "$corpus" "$artifacts"
	[ -f "$here/$name.dict" ] && dict=(-dict="$here/$name.dict")
	if "$out/fuzz_$name" -max_total_time="$seconds" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 "${dict[@]}" \
		-artifact_prefix="$artifacts" "$corpus" "$here/corpus/$name" \
		>"$log" 2>&1; then
		execs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
		units=$(find "$corpus" -type f | wc -l)
		ok "fuzz $name"
		echo "# $name: ${seconds}s, ${execs:-?} exec/s, working corpus $units inputs"
	else
		not_ok "fuzz $name"
		sed 's/^/# /' "$log" | grep -v '^# #[0-9]' | tail -40
		echo "# crashing input in $artifacts: add it to tests/fuzz/regressions/$name/"
	fi
}

echo "1..$((${#harnesses[@]} * 2))"
for name in "${harnesses[@]}"; do
	build "$name"
	replay "$name"
	fuzz "$name"
done
exit $status
