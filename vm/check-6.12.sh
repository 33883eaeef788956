#!/bin/bash
# The 6.12 series in QEMU, in one command (make vm-check-6.12): builds the
# patched kernel of Debian's linux-source-6.12 with kernel-patch/6.12/series
# and the 6.12 guest's initramfs, boots it, meanwhile builds the baseline
# (the series' first patch alone, an incremental build from the patched
# kernel's objects), and boots that, printing TAP: one subtest per guest
# section, then the times and a summary.
# Call: vm/check-6.12.sh [patched|baseline]...   (default: both)
# The kernels: VM_LINUX=6.12 vm/build-kernel.sh (build/src-6.12,
# build/obj-6.12-VARIANT, on vm/kernel-6.12.config); a variant whose
# series and fragment did not change is not built again. The initramfs:
# VM_LINUX=6.12 vm/mkinitramfs.sh (its kselftest from the 6.12 tree), with
# a second cpio archive appended (the kernel unpacks both, the later file
# winning): /extra with vm/probe-6.12.c built static 64-bit and 32-bit,
# upstream's vdso_test_getrandom and vdso_test_chacha from the patched
# 6.12 tree, unchanged, built static, and vm/guest-6.12.sh as
# /tests/guest/run.sh in place of the 6.1 guest's driver (vm/qemu-6.12.bash
# packs it, and boots the guests). QEMU runs as
# vm/run.sh runs it (TCG, no RDRAND/RDSEED, no virtio-rng,
# random.trust_cpu=off random.trust_bootloader=off: the pool starts
# uninitialized), with the host's root and this repository shared
# read-only over 9p for the host suite's files that the kernel decides
# (the patched guest runs them; build/getrandom must be built).
# Results in build/k612/: result-VARIANT.txt (the guest's TAP),
# console-VARIANT.log, tap/VARIANT-SECTION.tap, times.txt; for make test's
# count, each section's TAP again as build/tap/guest-6.12-VARIANT-SECTION.tap
# and the other lines of the top-level TAP (the builds, the vDSO check,
# each guest's verdict) as build/tap/guest-6.12-steps.tap. Exit status 0
# when every step and every guest section passed. VM_TIMEOUT bounds each
# guest (7200 s). VM_FIRST_STEP=1: the patched tree unpacked, checked and
# configured (vm/build-kernel.sh), then stop.
set -eu

usage() { echo "usage: vm/check-6.12.sh [patched|baseline]...   (default: both)"; }
for arg in "$@"; do
	case $#:$arg in
	*:patched | *:baseline) ;;
	1:-h | 1:--help) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
variants=("$@")
[ $# -gt 0 ] || variants=(patched baseline)

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$ROOT/build
OUT=$BUILD/k612
TREE=$BUILD/src-6.12
VDSO=$TREE/tools/testing/selftests/vDSO
TIMES=$OUT/times.txt
TAP=$BUILD/tap
STEPS=$OUT/steps.tap
export VM_LINUX=6.12
step=0
steps=0
failed=0
# shellcheck source=vm/qemu-6.12.bash
. "$ROOT/vm/qemu-6.12.bash"

# One line of the top-level TAP; a line of its own, not a guest section's
# (which the section's file counts), also goes to $STEPS.
tap() {
	local line="ok"
	[ "$1" = ok ] || { line="not ok"; failed=1; }
	step=$((step + 1))
	echo "$line $step - $2"
	[ "${3:-}" = section ] && return 0
	steps=$((steps + 1))
	echo "$line $steps - 6.12: $2" >>"$STEPS"
}

# The TAP files make test counts, in build/tap/, named for the tree: each
# guest section's, and the steps'.  On every exit, so that a step that
# stopped the script (set -e) still shows in make test's count.
publish_tap() {
	local rc=$? f
	[ "$rc" = 0 ] || grep -q '^not ok' "$STEPS" ||
		tap not "vm/check-6.12.sh stopped with status $rc before its last step"
	mkdir -p "$TAP"
	for f in "$OUT/tap"/*.tap; do
		[ -e "$f" ] && cp "$f" "$TAP/guest-6.12-${f##*/}"
	done
	{ cat "$STEPS"; echo "1..$steps"; } >"$TAP/guest-6.12-steps.tap"
}

# timed NAME CMD...: runs CMD with its output on stderr, records its time.
timed() {
	local name=$1 start rc=0
	shift
	start=$(date +%s)
	"$@" >&2 || rc=$?
	echo "$name: $(($(date +%s) - start)) s" >>"$TIMES"
	return "$rc"
}

# Splits result-VARIANT.txt at its "# vm-tap: NAME" lines into tap/.
split_tap() {
	awk -v dir="$OUT/tap" -v variant="$1" '
		/^# vm-tap: / { if (out) close(out); out = dir "/" variant "-" $3 ".tap"; next }
		/^vm-status: / { next }
		out { print > out }' "$OUT/result-$1.txt"
}

# counts FILE: "P passed, F failed, S skipped" over its top-level results.
counts() {
	awk '/^ok / { if (tolower($0) ~ /# skip/) s++; else p++ } /^not ok / { f++ }
		END { printf "%d passed, %d failed, %d skipped\n", p, f, s }' "$1"
}

# report VARIANT: each section of its guest as a subtest, then its verdict.
report() {
	local f name verdict sum
	for f in "$OUT/tap/$1"-*.tap; do
		[ -e "$f" ] || continue
		name=${f##*/"$1"-}
		name=${name%.tap}
		sum=$(counts "$f")
		echo "# Subtest: $1 $name"
		sed 's/^/    /' "$f"
		verdict=ok
		grep -q '^not ok' "$f" && verdict=not
		tap "$verdict" "$1 guest: $name ($sum)" section
		echo "$1 $name: $sum" >>"$OUT/summary.txt"
	done
}

# vdso_ran: the patched kernel's 64-bit kselftest, early and late, ran
# its vDSO tests, none skipped for want of the vDSO's getrandom() (which
# tests/guest/early.sh allows, for the 32-bit programs and 6.1).
vdso_ran() {
	local f
	for f in "$OUT/tap/patched-kselftest-64-early.tap" "$OUT/tap/patched-kselftest-64.tap"; do
		grep -q '^ok [0-9]* global\.vdso_' "$f" 2>/dev/null || return 1
		! grep -q "no __vdso_getrandom" "$f" || return 1
	done
}

mkdir -p "$OUT"
rm -rf "$OUT/tap" "$OUT/summary.txt" "$TIMES" "$STEPS" "$TAP"/guest-6.12-*.tap
mkdir -p "$OUT/tap"
: >"$STEPS"
trap publish_tap EXIT
echo "TAP version 14"
echo "# linux-source-6.12 $(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo '(not installed)')"
# The patched kernel always: the kselftest, the headers and upstream's
# tests come from its tree.
built=1
if timed "build patched" "$ROOT/vm/build-kernel.sh" patched; then
	tap ok "build the patched kernel (build/bzImage-6.12-patched)"
else
	tap not "build the patched kernel: vm/build-kernel.sh patched failed"
	built=0
fi
# VM_FIRST_STEP=1 (vm/build-kernel.sh): the patched tree made, checked and
# configured, and no further.
if [ "${VM_FIRST_STEP:-0}" = 1 ]; then
	echo "1..$step"
	echo "# vm/check-6.12.sh: stopped after the first step (VM_FIRST_STEP=1)"
	exit "$failed"
fi
# build-kernel.sh leaves build/src-6.12 at the patched state.
if [ "$built" = 1 ] && timed initramfs "$ROOT/vm/mkinitramfs.sh" &&
	timed "probe and vDSO tests" build_extras; then
	tap ok "the 6.12 initramfs, the probe and upstream's vDSO tests build"
else
	tap not "the 6.12 initramfs, the probe or upstream's vDSO tests do not build"
	built=0
fi
# The baseline builds from the patched kernel's objects while the patched
# guest runs (as vm/check.sh does): each slows the other, and both end
# sooner. Its log: build/k612/build-baseline.log.
builder=
if [[ " ${variants[*]} " == *" baseline "* ]]; then
	timed "build baseline" "$ROOT/vm/build-kernel.sh" baseline \
		2>"$OUT/build-baseline.log" &
	builder=$!
fi
for v in "${variants[@]}"; do
	if [ "$v" = baseline ] && [ -n "$builder" ]; then
		if wait "$builder"; then
			tap ok "build the baseline kernel (build/bzImage-6.12-baseline)"
		else
			tap not "build the baseline kernel: see build/k612/build-baseline.log"
			tail -n 12 "$OUT/build-baseline.log" | sed 's/^/# /'
		fi
	fi
	if [ "$built" = 0 ] || [ ! -f "$BUILD/bzImage-6.12-$v" ]; then
		tap not "$v guest: not booted, its kernel or initramfs is missing"
		continue
	fi
	pack "$v"
	timed "boot $v" boot "$v" "$v" || true
	if [ ! -s "$OUT/result-$v.txt" ]; then
		tap not "$v guest: no result; last console lines:"
		tail -n 30 "$OUT/console-$v.log" 2>/dev/null | sed 's/^/# /'
		continue
	fi
	split_tap "$v"
	report "$v"
	if [ "$v" = patched ]; then
		if vdso_ran; then
			tap ok "patched guest: the 64-bit kselftest ran its vDSO tests"
		else
			tap not "patched guest: the 64-bit kselftest's vDSO tests skipped or did not run"
		fi
	fi
	status=$(sed -n 's/^vm-status: //p' "$OUT/result-$v.txt" | tail -n 1)
	if [ "$status" = 0 ]; then
		tap ok "$v guest's verdict: status 0"
	else
		tap not "$v guest's verdict: status ${status:-none (see build/k612/console-$v.log)}"
		tail -n 30 "$OUT/console-$v.log" 2>/dev/null | sed 's/^/# /'
	fi
done
echo "1..$step"
sed 's/^/# time: /' "$TIMES"
sed 's/^/# summary: /' "$OUT/summary.txt" 2>/dev/null || true
[ "$failed" = 0 ] || { echo "vm/check-6.12.sh: FAILED (see above)" >&2; exit 1; }
echo "# vm/check-6.12.sh: every step and guest section passed"
