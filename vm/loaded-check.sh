#!/bin/bash
# Runs `make vm-check` several times in a row while a kernel build keeps
# both CPUs busy beside it, to show that nothing in the guest depends on
# the machine's speed. The load is a tinyconfig kernel built again and
# again from the pristine tree (build/linux), in build/load-obj.
# Call: vm/loaded-check.sh [RUNS]   (default 3; after vm/build-kernel.sh)
# Prints a line per run (status, time, the guest's summary) and exits 1
# if any run failed; each run's output is in build/loaded-check-N.log.
# VM_FIRST_STEP=1: the load's first step, then stop.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$ROOT/build

usage() { echo "usage: vm/loaded-check.sh [RUNS]   (a positive whole number, default 3)"; }

# RUNS > 0 in plain digits ("00" would run nothing and pass), checked
# before the load starts.
[ $# -le 1 ] || { usage >&2; exit 2; }
RUNS=${1-3}
case $RUNS in
-h | --help) usage; exit 0 ;;
'' | 0* | *[!0-9]*) usage >&2; exit 2 ;;
esac

die() { echo "vm/loaded-check.sh: $*" >&2; exit 1; }

[ -d "$BUILD/linux" ] || die "build/linux missing: run vm/build-kernel.sh first"

# VM_FIRST_STEP=1: the load's kernel configured once, then stop; make test
# runs make vm-check itself.
if [ "${VM_FIRST_STEP:-0}" = 1 ]; then
	rm -rf "$BUILD/load-obj"
	make -s -C "$BUILD/linux" O="$BUILD/load-obj" ARCH=x86_64 tinyconfig >/dev/null ||
		die "the load's tinyconfig failed"
	rm -rf "$BUILD/load-obj"
	echo "vm/loaded-check.sh: stopped after the first step, the load configured (VM_FIRST_STEP=1)"
	exit 0
fi

# Builds a kernel over and over until killed.
load() {
	local obj=$BUILD/load-obj
	while :; do
		rm -rf "$obj"
		make -s -C "$BUILD/linux" O="$obj" ARCH=x86_64 tinyconfig >/dev/null 2>&1
		make -s -C "$BUILD/linux" O="$obj" ARCH=x86_64 -j"$(nproc)" >/dev/null 2>&1 || true
	done
}

setsid bash -c "$(declare -f load); BUILD='$BUILD'; load" &
loader=$!
trap 'kill -- -"$loader" 2>/dev/null; rm -rf "$BUILD/load-obj"' EXIT

failed=0
for run in $(seq "$RUNS"); do
	log=$BUILD/loaded-check-$run.log
	start=$(date +%s)
	if make -C "$ROOT" vm-check >"$log" 2>&1; then
		result=passed
	else
		result=FAILED
		failed=1
	fi
	echo "run $run: $result in $(($(date +%s) - start)) s, load average" \
		"$(cut -d' ' -f1-3 /proc/loadavg) at the end;" \
		"$("$ROOT/tests/summary.sh" "$BUILD"/tap/guest-*.tap | tail -n 1)"
done
exit "$failed"
