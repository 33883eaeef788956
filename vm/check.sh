#!/bin/bash
# The guests of both trees, 6.1's here and 6.12's (vm/check-6.12.sh, its
# output in build/vm-check-6.12.log, shown at the end) beside them.
# For 6.1: builds what is missing (both kernels, the initramfs), runs the
# guest suites on the patched kernel (they must pass), then in a second,
# short boot of it the kselftest of the early state to its last test, which
# ends that state (vm/run.sh's mode early), and the negative control on
# the baseline kernel (its assertions: the tests do not pass there), and
# leaves one TAP file per guest suite in
# build/tap/guest-6.1-VARIANT-SUITE.tap (6.12's: build/tap/guest-6.12-*.tap).
# Call: vm/check.sh   (what `make vm-check` runs); exit status 0 when all passed.
set -eu

# It takes no argument: one given is refused before anything is built.
usage() { echo "usage: vm/check.sh"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$ROOT/build
TAP=$BUILD/tap
failed=0

# Writes a one-line TAP file saying that step $1 failed.
tap_failure() {
	printf '1..1\nnot ok 1 - %s\n' "$2" >"$TAP/guest-6.1-$1.tap"
	failed=1
}

# Splits the guest output on stdin at its "# vm-tap: NAME" lines into
# build/tap/guest-6.1-VARIANT-NAME.tap.
split_tap() {
	awk -v dir="$TAP" -v variant="$1" '
		/^# vm-tap: / { if (out) close(out); out = dir "/guest-6.1-" variant "-" $3 ".tap"; next }
		out { print > out }'
}

# Runs the guest for variant $1 in mode $2 (default run), shows its TAP
# and files it.
run_guest() {
	local out=$BUILD/guest-$1-${2:-run}.out
	if "$ROOT/vm/run.sh" "$1" "${2:-run}" >"$out"; then
		split_tap "$1" <"$out"
	else
		split_tap "$1" <"$out"
		grep -q '^not ok' "$out" ||
			tap_failure "$1-${2:-run}" "$1 guest (${2:-run}) did not finish: see build/console-$1${2:+-$2}.log"
		failed=1
	fi
	cat "$out"
}

# descendants PID: every process under PID, a PID a line, but the
# subshell that asks.
descendants() {
	local child
	for child in $(pgrep -P "$1"); do
		[ "$child" != "$BASHPID" ] || continue
		echo "$child"
		descendants "$child"
	done
}

# When this script ends before what it started in the background (6.12's
# check, with its kernel builds and QEMU; 6.1's baseline build), because a
# step failed or make was interrupted, those are stopped too. Not by
# process group: a Ctrl-C reaches them as SIGINT, which a non-interactive
# bash ignores in what it starts with &, and a SIGTERM sent to this script
# alone reaches nothing else.
stop_started() {
	# shellcheck disable=SC2046 # one PID a word
	kill -TERM $(descendants $$) 2>/dev/null || true
}
# bash runs it after a SIGINT or SIGTERM too.
trap stop_started EXIT

start=$(date +%s)
mkdir -p "$TAP"
rm -f "$TAP"/guest-6.1-*.tap "$BUILD/kernel-baseline.log"
# 6.12's builds and guests share nothing with 6.1's but the CPUs.  One
# tree after the other left a CPU idle for most of the second tree's
# guests, at the end of make test, with nothing else left to run.
"$ROOT/vm/check-6.12.sh" >"$BUILD/vm-check-6.12.log" 2>&1 &
check612=$!
"$ROOT/vm/build-kernel.sh" patched || tap_failure build-patched "vm/build-kernel.sh patched"
"$ROOT/vm/mkinitramfs.sh" || tap_failure initramfs "vm/mkinitramfs.sh"
# The patched guest runs the whole suite, most of the time this takes; the
# baseline kernel builds meanwhile, beside its two vCPU threads.
baseline_build() {
	"$ROOT/vm/build-kernel.sh" baseline >"$BUILD/kernel-baseline.log" 2>&1
}
baseline_build &
builder=$!
if [ -f "$BUILD/bzImage-patched" ] && [ -f "$BUILD/initramfs.cpio" ]; then
	run_guest patched
	run_guest patched early
fi
wait "$builder" || tap_failure build-baseline "vm/build-kernel.sh baseline: see build/kernel-baseline.log"
tail -n 12 "$BUILD/kernel-baseline.log"
[ -f "$BUILD/bzImage-baseline" ] && [ -f "$BUILD/initramfs.cpio" ] && run_guest baseline
echo "# vm/check.sh: 6.1's guests took $(($(date +%s) - start)) s"
wait "$check612" || failed=1
cat "$BUILD/vm-check-6.12.log"
echo "# vm/check.sh: $(($(date +%s) - start)) s; TAP in build/tap/"
[ "$failed" = 0 ] || { echo "vm/check.sh: FAILED (see above)" >&2; exit 1; }
echo "vm/check.sh: all guest suites passed"
