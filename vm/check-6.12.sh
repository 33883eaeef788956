#!/bin/bash
# Boots a linux-source-6.12 guest kernel with the project's initramfs plus
# the 6.12 checks, and prints the TAP the guest sends back. Until make
# vm-check builds the 6.12 kernels itself, this is how they are checked.
# Call: vm/check-6.12.sh baseline|patched KERNEL INITRAMFS TREE
#   KERNEL     the bzImage built with kernel-patch/6.12/series (baseline:
#              its first patch alone)
#   INITRAMFS  the project's, from vm/mkinitramfs.sh (its kselftest built
#              from the 6.12 tree)
#   TREE       the 6.12 tree with the whole series applied: upstream's
#              vDSO tests and the vDSO parser are built from it, unchanged
# A second cpio archive is appended to INITRAMFS (the kernel unpacks both,
# the later file winning): /extra with vm/probe-6.12.c built static 64-bit
# and 32-bit, upstream's vdso_test_getrandom and vdso_test_chacha built
# static, and vm/guest-6.12.sh as /tests/guest/run.sh, the project's own
# driver beside it as run-project.sh. QEMU runs as vm/run.sh runs it (TCG,
# no RDRAND/RDSEED, random.trust_cpu=off: the pool starts uninitialized),
# without the 9p shares: everything runs from the initramfs.
# Results: build/k612/result-VARIANT.txt (TAP), console-VARIANT.log; the
# exit status is the guest's verdict. VM_TIMEOUT bounds the guest (1800 s).
# shellcheck disable=SC2054 # QEMU's options are lists with commas
set -eu

usage() { echo "usage: vm/check-6.12.sh baseline|patched KERNEL INITRAMFS TREE"; }
case $#:${1:-} in
1:-h | 1:--help) usage; exit 0 ;;
4:baseline | 4:patched) ;;
*) usage >&2; exit 2 ;;
esac
VARIANT=$1 KERNEL=$2 INITRAMFS=$3 TREE=$4
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/build/k612
STAGE=$OUT/overlay-$VARIANT
VDSO=$TREE/tools/testing/selftests/vDSO
die() { echo "vm/check-6.12.sh: $*" >&2; exit 1; }

[ -f "$KERNEL" ] || die "no kernel image $KERNEL"
[ -f "$INITRAMFS" ] || die "no initramfs $INITRAMFS: run vm/mkinitramfs.sh"
[ -f "$VDSO/vdso_test_getrandom.c" ] || die "$TREE has no 6.12 vDSO selftests"

# The probes and upstream's tests, static (the initramfs has no loader).
build_extras() {
	local bin=$OUT/bin
	mkdir -p "$bin"
	gcc -static -O2 -Wall -Wextra -I "$VDSO" -o "$bin/probe-6.12" \
		"$ROOT/vm/probe-6.12.c" "$VDSO/parse_vdso.c" || die "the probe does not build"
	i686-linux-gnu-gcc -static -O2 -Wall -Wextra -I "$VDSO" -o "$bin/probe-6.12_32" \
		"$ROOT/vm/probe-6.12.c" "$VDSO/parse_vdso.c" ||
		die "the 32-bit probe does not build (gcc-i686-linux-gnu)"
	# Upstream's Makefile, its own flags; the uapi headers from the tree.
	make -s -C "$VDSO" OUTPUT="$bin" LDFLAGS=-static KHDR_INCLUDES= \
		TEST_GEN_PROGS="$bin/vdso_test_getrandom $bin/vdso_test_chacha" ||
		die "upstream's vDSO tests do not build"
}

# The overlay archive, appended to the project's.
pack() {
	rm -rf "$STAGE"
	mkdir -p "$STAGE/extra" "$STAGE/tests/guest"
	cp "$OUT/bin/probe-6.12" "$OUT/bin/probe-6.12_32" \
		"$OUT/bin/vdso_test_getrandom" "$OUT/bin/vdso_test_chacha" "$STAGE/extra/"
	cp "$ROOT/tests/guest/run.sh" "$STAGE/tests/guest/run-project.sh"
	cp "$ROOT/vm/guest-6.12.sh" "$STAGE/tests/guest/run.sh"
	cp "$INITRAMFS" "$OUT/initramfs-$VARIANT.cpio"
	(cd "$STAGE" && find . -mindepth 1 | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0 >>"$OUT/initramfs-$VARIANT.cpio")
}

mkdir -p "$OUT"
build_extras
pack
RESULT=$OUT/result-$VARIANT.txt CONSOLE=$OUT/console-$VARIANT.log
APPEND="console=ttyS0 panic=-1 panic_on_warn=1 oops=panic tsc=reliable"
APPEND+=" random.trust_cpu=off random.trust_bootloader=off VM_VARIANT=$VARIANT"
rm -f "$RESULT" "$CONSOLE"
start=$(date +%s)
timeout --foreground "${VM_TIMEOUT:-1800}" qemu-system-x86_64 -nodefaults -nographic \
	-no-reboot -accel tcg,thread=multi -cpu max,-rdrand,-rdseed -smp 2 -m 2G \
	-kernel "$KERNEL" -initrd "$OUT/initramfs-$VARIANT.cpio" -append "$APPEND" \
	-serial "file:$CONSOLE" -serial "file:$RESULT" </dev/null || true
echo "# vm: $VARIANT 6.12 guest ran for $(($(date +%s) - start)) s"
grep -v '^vm-status: ' "$RESULT" 2>/dev/null || true
[ "$(sed -n 's/^vm-status: //p' "$RESULT" 2>/dev/null | tail -n 1)" = 0 ] && exit 0
echo "vm/check-6.12.sh: $VARIANT guest failed; last console lines ($CONSOLE):" >&2
tail -n 30 "$CONSOLE" >&2 2>/dev/null || true
exit 1
