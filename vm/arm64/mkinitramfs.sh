#!/bin/bash
# Builds the arm64 guest's initramfs, build/arm64/initramfs.cpio (the same
# for both kernels), uncompressed (the guest kernel has no decompressor):
#   /init                      vm/arm64/init.c, the runner, static
#   /bin/getrandom             the CLI, with the static build's flags
#   /kselftest/getrandom_test, getrandom_early_test  the kselftest from the
#                              patched tree, static,
#                              against the arm64 uapi headers that
#                              VM_ARCH=arm64 vm/build-kernel.sh installed
# all cross-built with aarch64-linux-gnu-gcc. No shell: init runs the rest.
# Call: vm/arm64/mkinitramfs.sh   (after VM_ARCH=arm64 vm/build-kernel.sh)
set -eu

# It takes no argument: one given is refused before anything is built.
usage() { echo "usage: vm/arm64/mkinitramfs.sh"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$ROOT/build
OUT=$BUILD/arm64
STAGE=$OUT/initramfs
KOBJ=$BUILD/obj-arm64-patched
KSELFTEST_DIR=$BUILD/src/tools/testing/selftests/getrandom
CROSS=aarch64-linux-gnu-

die() { echo "vm/arm64/mkinitramfs.sh: $*" >&2; exit 1; }

# The CLI, compiled with the command line of the Makefile's static build
# (cli/getrandom), the cross compiler as CC.
build_cli() {
	local link
	make -s -C "$ROOT" build/eff-wordlist.inc build/version.h ||
		die "cannot make build/eff-wordlist.inc and build/version.h"
	# shellcheck disable=SC2016 # $(LINK_static) is make's, not the shell's
	link=$(make -s --no-print-directory -C "$ROOT" CC="${CROSS}gcc" WERROR=1 \
		--eval 'arm64-link: ; @echo $(LINK_static)' arm64-link)
	(cd "$ROOT" && $link -o "$OUT/getrandom" cli/*.c -pthread -lm) ||
		die "the CLI does not build for arm64"
}

# The kselftest, with its own Makefile (lib.mk takes CC from CROSS_COMPILE;
# for a target other than x86_64 it builds each program once, unsuffixed).
build_kselftest() {
	[ -f "$KSELFTEST_DIR/getrandom_test.c" ] ||
		die "no $KSELFTEST_DIR/getrandom_test.c: run VM_ARCH=arm64 vm/build-kernel.sh"
	[ -d "$KOBJ/usr/include/asm" ] ||
		die "no arm64 uapi headers in $KOBJ/usr/include: run VM_ARCH=arm64 vm/build-kernel.sh patched"
	rm -rf "$OUT/kselftest"
	mkdir -p "$OUT/kselftest"
	make -s -C "$KSELFTEST_DIR" OUTPUT="$OUT/kselftest" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		LDFLAGS=-static KHDR_INCLUDES="-isystem $KOBJ/usr/include" ||
		die "the kselftest does not build for arm64"
	[ -x "$OUT/kselftest/getrandom_test" ] && [ -x "$OUT/kselftest/getrandom_early_test" ] ||
		die "the kselftest does not build for arm64"
}

# /init, and everything packed into the cpio archive.
pack() {
	rm -rf "$STAGE"
	mkdir -p "$STAGE"/{bin,dev,proc,sys,tmp,kselftest}
	"${CROSS}gcc" -std=gnu11 -static -O2 -Wall -Wextra -Werror \
		-o "$STAGE/init" "$ROOT/vm/arm64/init.c" || die "vm/arm64/init.c does not build"
	cp "$OUT/getrandom" "$STAGE/bin/getrandom"
	cp "$OUT/kselftest/getrandom_test" "$OUT/kselftest/getrandom_early_test" "$STAGE/kselftest/"
	(cd "$STAGE" && find . -mindepth 1 | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0 >"$OUT/initramfs.cpio.tmp")
	mv "$OUT/initramfs.cpio.tmp" "$OUT/initramfs.cpio"
}

"$ROOT/tests/need.sh" arm64vm
mkdir -p "$OUT"
build_cli
build_kselftest
pack
echo "build/arm64/initramfs.cpio: $(du -h "$OUT/initramfs.cpio" | cut -f1)"
