#!/bin/bash
# make vm-check-arm64: the kernel series on arm64. Builds both arm64 guest
# kernels from kernel-patch/ (VM_ARCH=arm64 vm/build-kernel.sh), the
# initramfs (vm/arm64/mkinitramfs.sh), boots each in QEMU (vm/arm64/run.sh)
# and prints one TAP stream: a line per step and per check of each guest,
# numbered here, the time each step took as comments, then a final
# "# vm-check-arm64: pass" or "FAIL"; exit status 0 only on pass.
# Call: vm/arm64/check.sh   (VM_FIRST_STEP=1: the kernels' first step,
#   vm/build-kernel.sh's, then stop)
set -u

# It takes no argument: one given is refused before anything is built.
usage() { echo "usage: vm/arm64/check.sh"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
n=0
failed=0

# result OK NAME: one TAP line, numbered here.
result() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=$((failed + 1))
	fi
}

# step NAME CMD...: runs a build step, its output as comments, timed.
step() {
	local name=$1 start status
	shift
	start=$(date +%s)
	"$@" 2>&1 | sed 's/^/# /'
	status=${PIPESTATUS[0]}
	echo "# $name took $(($(date +%s) - start)) s"
	result "$status" "$name"
	return "$status"
}

# guest VARIANT: boots it and renumbers its checks into this stream; then
# the guest's own verdict, since a guest that crashed or hung has no
# failing check to show for it.
guest() {
	local variant=$1 line status verdict=1
	while IFS= read -r line; do
		if [[ $line =~ ^(not\ )?ok\ [0-9]+\ -\ (.*)$ ]]; then
			[ -z "${BASH_REMATCH[1]}" ] && status=0 || status=1
			result "$status" "arm64 $variant: ${BASH_REMATCH[2]}"
		elif [[ $line =~ ^run-status:\ ([0-9]+)$ ]]; then
			verdict=${BASH_REMATCH[1]}
		elif [[ $line == \#* ]]; then
			echo "$line"
		else
			echo "# $line"
		fi
	done < <(
		status=0
		"$ROOT/vm/arm64/run.sh" "$variant" || status=$?
		echo "run-status: $status"
	)
	result "$verdict" "arm64 $variant guest: its verdict is pass"
}

echo "TAP version 13"
# VM_FIRST_STEP=1 (vm/build-kernel.sh): both trees made and configured for
# arm64, and no further.
if [ "${VM_FIRST_STEP:-0}" = 1 ]; then
	if "$ROOT/tests/need.sh" arm64vm; then
		step "arm64 kernels applied and configured (VM_FIRST_STEP=1)" \
			env VM_ARCH=arm64 "$ROOT/vm/build-kernel.sh" patched baseline
	else
		result 1 "arm64 packages (tests/need.sh arm64vm)"
	fi
	echo "1..$n"
	exit "$((failed != 0))"
fi
if "$ROOT/tests/need.sh" arm64vm &&
	step "arm64 kernels built (patched, baseline)" \
		env VM_ARCH=arm64 "$ROOT/vm/build-kernel.sh" patched baseline &&
	step "arm64 initramfs built" "$ROOT/vm/arm64/mkinitramfs.sh"; then
	for variant in patched baseline; do
		guest "$variant"
	done
else
	result 1 "arm64 packages, kernels and initramfs"
fi
echo "1..$n"
if [ "$failed" = 0 ]; then
	echo "# vm-check-arm64: pass"
	exit 0
fi
echo "# vm-check-arm64: FAIL ($failed of $n)"
exit 1
