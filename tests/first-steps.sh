#!/usr/bin/env bash
# The documented targets too slow for make test, each run as far as its
# first real step (VM_FIRST_STEP=1), so that none drifts unseen: a kernel
# tree unpacked, its series applied, checked against Debian's files and
# configured (vm/build-kernel.sh), a Debian 13 root made (tests/debian13.sh),
# the load's kernel configured (vm/loaded-check.sh).  TAP on standard output,
# a line a target; each target's output in build/first-steps/TARGET.log.
#   tests/first-steps.sh   (as root; after make vm-check, whose 6.1 tree the
#                          6.1 targets share: tests/run-all.sh runs it then)
# The Debian 13 root is its own, and is made beside the others.  make
# vm-check-6.12 is not here: make vm-check runs it whole.
set -u

usage() { echo "usage: tests/first-steps.sh   (no arguments; after make vm-check)"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
logs=build/first-steps
rm -rf "$logs"
mkdir -p "$logs"
n=0
failed=0

# first_step TARGET: make TARGET with VM_FIRST_STEP=1, its output in the log.
first_step() {
	VM_FIRST_STEP=1 make --no-print-directory "$1" >"$logs/$1.log" 2>&1
}

# verdict TARGET STATUS: the TAP line, and the log's end if it failed.
verdict() {
	n=$((n + 1))
	if [ "$2" = 0 ]; then
		echo "ok $n - make $1, to its first real step"
	else
		echo "not ok $n - make $1, to its first real step: status $2 (see $logs/$1.log)"
		tail -n 15 "$logs/$1.log" | sed 's/^/# /'
		failed=1
	fi
}

echo "TAP version 13"
echo "1..5"
first_step test-debian13 &
debian13=$!
run_first_step() {
	first_step "$1"
	verdict "$1" "$?"
}
run_first_step vm-mutants
run_first_step vm-mutants-6.12
run_first_step vm-check-arm64
run_first_step vm-check-loaded
wait "$debian13"
verdict test-debian13 "$?"
exit "$failed"
