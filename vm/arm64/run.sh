#!/bin/bash
# Boots the arm64 guest in QEMU (TCG) and prints the TAP its runner,
# vm/arm64/init.c, writes on the console; the exit status is its verdict.
# The crng starts uninitialized: a Cortex-A57 has no RNDR (and
# random.trust_cpu=off would not credit it), the "virt" machine gets no
# virtio-rng and, with dtb-randomness=off, no rng-seed in its device tree.
# That seed must not be there at all: arm64 reads the device tree before
# the command line, so random.trust_bootloader=off comes too late for it,
# and only RANDOM_TRUST_BOOTLOADER, off in vm/kernel-arm64.config's
# allnoconfig, keeps it from being credited.
# Call: vm/arm64/run.sh patched|baseline [IMAGE]
#   IMAGE: the kernel to boot (default build/Image-arm64-VARIANT); the
#   runner runs the checks of VARIANT whatever the kernel is.
# The whole console goes to build/arm64/console-VARIANT.log.
# Environment: VM_TIMEOUT (seconds, default 900: a net for a hung guest).
set -eu

VARIANT=${1:-}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$ROOT/build
KERNEL=${2:-$BUILD/Image-arm64-$VARIANT}
INITRD=$BUILD/arm64/initramfs.cpio
CONSOLE=$BUILD/arm64/console-$VARIANT.log

die() { echo "vm/arm64/run.sh: $*" >&2; exit 1; }

usage() { echo "usage: vm/arm64/run.sh patched|baseline [IMAGE]"; }
case $#:$VARIANT in 1:-h | 1:--help) usage; exit 0 ;; esac
# IMAGE is a file: one starting with "-" is a mistyped option (./-NAME
# names such a file).
case $#:$VARIANT:${2:-} in
[12]:patched:-* | [12]:baseline:-*) usage >&2; exit 2 ;;
[12]:patched:* | [12]:baseline:*) ;;
*) usage >&2; exit 2 ;;
esac
[ -f "$KERNEL" ] || die "$KERNEL missing: run VM_ARCH=arm64 vm/build-kernel.sh $VARIANT"
[ -f "$INITRD" ] || die "$INITRD missing: run vm/arm64/mkinitramfs.sh"

# loglevel=1: only emergencies (a panic) interleave with the TAP on the
# console; the runner reads the whole log back through klogctl.
APPEND="console=ttyAMA0 loglevel=1 panic=-1 panic_on_warn=1 oops=panic"
APPEND+=" random.trust_cpu=off random.trust_bootloader=off VM_VARIANT=$VARIANT"

rm -f "$CONSOLE"
start=$(date +%s)
qemu_status=0
timeout --foreground "${VM_TIMEOUT:-900}" qemu-system-aarch64 -nodefaults -nographic \
	-no-reboot -M virt,dtb-randomness=off -cpu cortex-a57 -accel tcg -smp 1 -m 512M \
	-kernel "$KERNEL" -initrd "$INITRD" -append "$APPEND" \
	-serial "file:$CONSOLE" </dev/null || qemu_status=$?
echo "# vm: arm64 $VARIANT guest ran for $(($(date +%s) - start)) s (kernel $(basename "$KERNEL"))"
# The runner's lines, from its TAP header to its verdict, without the
# console's carriage returns.
tr -d '\r' <"$CONSOLE" 2>/dev/null | sed -n '/^TAP version 13$/,/^vm-status: /p' |
	grep -v -e '^TAP version 13$' -e '^vm-status: ' || true
verdict=$(tr -d '\r' <"$CONSOLE" 2>/dev/null | sed -n 's/^vm-status: //p' | tail -n 1)
[ "$verdict" = 0 ] && exit 0
if [ -n "$verdict" ]; then
	why="its checks failed"
elif [ "$qemu_status" = 124 ]; then
	why="it was stopped after VM_TIMEOUT=${VM_TIMEOUT:-900} s without a verdict"
else
	why="QEMU exited with status $qemu_status without a verdict"
fi
echo "# vm/arm64/run.sh: arm64 $VARIANT guest failed: $why; last console lines ($CONSOLE):"
tail -n 20 "$CONSOLE" 2>/dev/null | tr -d '\r' | sed 's/^/#   /'
exit 1
