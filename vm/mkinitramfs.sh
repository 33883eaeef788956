#!/bin/bash
# Builds the guest's initramfs build/initramfs.cpio (the same for both kernels):
# /init (vm/init.c), busybox-static with its applets, bash-static as
# /bin/bash, bats, the CLI built static as /bin/getrandom, tests/guest/ as
# /tests/guest (the checks run before the host's file system is mounted:
# the uninitialized pool, the negative control), and the kselftest from the
# patched tree (vm/build-kernel.sh leaves build/src at the patched state)
# built static 64-bit and 32-bit by its Makefile, as
# /kselftest/getrandom{,_early}_test_{64,32}.
# Call: vm/mkinitramfs.sh   (quick: no kernel build; run after any test change)
# GETRANDOM_STATIC=path uses that binary instead of building cli/getrandom.
# VM_LINUX=6.12 builds the 6.12 guest's instead, its kselftest from the
# 6.12 tree (build/src-6.12, build/obj-6.12-patched, as VM_LINUX=6.12
# vm/build-kernel.sh leaves them): build/initramfs-6.12.cpio, staged in
# build/initramfs-6.12, the kselftest in build/kselftest-6.12.
set -eu

# It takes no argument: one given is refused before anything is built.
usage() { echo "usage: vm/mkinitramfs.sh   (GETRANDOM_STATIC: the binary to use)"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$ROOT/build
case ${VM_LINUX:-6.1} in
6.1) SUFFIX='' KSRC=$BUILD/src KOBJ=$BUILD/obj-patched ;;
6.12) SUFFIX=-6.12 KSRC=$BUILD/src-6.12 KOBJ=$BUILD/obj-6.12-patched ;;
*)
	usage >&2
	echo "vm/mkinitramfs.sh: VM_LINUX must be 6.1 or 6.12, not '$VM_LINUX'" >&2
	exit 2 ;;
esac
STAGE=$BUILD/initramfs$SUFFIX
CPIO=$BUILD/initramfs$SUFFIX.cpio
KSELFTEST=$KSRC/tools/testing/selftests/getrandom/getrandom_test.c

die() { echo "vm/mkinitramfs.sh: $*" >&2; exit 1; }

# Creates the directory skeleton and the few files in /etc.
make_skeleton() {
	rm -rf "$STAGE"
	mkdir -p "$STAGE"/{bin,sbin,usr/bin,usr/sbin,usr/lib,usr/libexec,etc,root,dev,proc,sys,tmp,run,kselftest}
	# nobody: the guest driver runs the kselftest as an ordinary user too.
	printf '%s\n' 'root:x:0:0:root:/root:/bin/sh' \
		'nobody:x:65534:65534:nobody:/nonexistent:/bin/sh' >"$STAGE/etc/passwd"
	printf '%s\n' 'root:x:0:' 'nogroup:x:65534:' >"$STAGE/etc/group"
	echo 'PS1="guest# "' >"$STAGE/etc/profile"
}

# Installs busybox with one symlink per applet, and bash-static.
install_shells() {
	local applet
	cp /bin/busybox "$STAGE/bin/busybox"
	for applet in $(/bin/busybox --list-full); do
		[ -e "$STAGE/$applet" ] || ln -s /bin/busybox "$STAGE/$applet"
	done
	cp /usr/bin/bash-static "$STAGE/bin/bash"
}

# Copies bats as the Debian package lays it out.
install_bats() {
	local f
	dpkg -L bats | grep -E '^/usr/(bin|lib|libexec)/' | while read -r f; do
		if [ -d "$f" ]; then mkdir -p "$STAGE$f"; else cp -a "$f" "$STAGE$f"; fi
	done
}

# Installs the static CLI as /bin/getrandom.
install_cli() {
	local bin=${GETRANDOM_STATIC:-$ROOT/cli/getrandom}
	if [ -z "${GETRANDOM_STATIC:-}" ]; then
		make -s -C "$ROOT" cli/getrandom ||
			die "cannot build the static CLI: make -C $ROOT cli/getrandom failed"
	fi
	[ -x "$bin" ] || die "$bin is missing: build it with make cli/getrandom"
	cp "$bin" "$STAGE/bin/getrandom"
}

# Builds the kselftest from the patched tree with its own Makefile,
# against that tree's uapi headers (from build-kernel.sh's `make
# headers`), if the series has added it (the guest reports it missing
# otherwise), through the Makefile's x86_64 path: vm/biarch-cc as $(CC)
# (see there). Twice, so that both of the Makefile's 32-bit paths run:
# first with a $(CC) that cannot build 32-bit programs, whose _32
# programs must be skip scripts, then with one that can, which must
# replace them with static i386 programs. The guest kernel runs those
# through CONFIG_IA32_EMULATION.
KSELFTEST_PROGRAMS=(getrandom_test getrandom_early_test)
install_kselftest() {
	local dir out=$BUILD/kselftest$SUFFIX p rc
	dir=$(dirname "$KSELFTEST")
	if [ ! -f "$KSELFTEST" ]; then
		echo "vm/mkinitramfs.sh: warning: no $KSELFTEST (series without the kselftest?)" >&2
		return 0
	fi
	[ -d "$KOBJ/usr/include" ] ||
		die "no uapi headers in $KOBJ/usr/include: run vm/build-kernel.sh patched"
	rm -rf "$out"
	mkdir -p "$out"
	kselftest_make "$dir" "$out" BIARCH_CC_NO_32=1
	for p in "${KSELFTEST_PROGRAMS[@]}"; do
		rc=0
		"$out/${p}_32" >"$out/skip.tap" 2>&1 || rc=$?
		[ "$rc" = 4 ] && grep -q '^1\.\.0 # SKIP .*cannot build 32-bit programs' "$out/skip.tap" ||
			die "${p}_32 from a \$(CC) without -m32 is not a script that skips: $(cat "$out/skip.tap")"
	done
	kselftest_make "$dir" "$out"
	for p in "${KSELFTEST_PROGRAMS[@]}"; do
		is_static_i386 "$out/${p}_32" ||
			die "$out/${p}_32 is not a static i386 program: the skip script was not replaced"
		cp "$out/${p}_64" "$out/${p}_32" "$STAGE/kselftest/"
	done
}

# kselftest_make DIR OUT [NAME=VALUE...]: the kselftest's make, static,
# with vm/biarch-cc as $(CC), in the environment given.
kselftest_make() {
	local dir=$1 out=$2
	shift 2
	env "$@" make -s -C "$dir" OUTPUT="$out" CC="$ROOT/vm/biarch-cc" LDFLAGS=-static \
		KHDR_INCLUDES="-isystem $KOBJ/usr/include" ||
		die "the kselftest does not build (make -C $dir, $*)"
}

# is_static_i386 FILE: FILE is an ELF program for i386 (class 1, machine
# 3) with no program interpreter: the initramfs has no 32-bit loader.
is_static_i386() {
	[ "$(head -c 4 "$1")" = $'\x7fELF' ] &&
		[ "$(od -An -tu1 -j4 -N1 "$1" | tr -d ' ')" = 1 ] &&
		[ "$(od -An -tu2 -j18 -N2 "$1" | tr -d ' ')" = 3 ] &&
		! LC_ALL=C readelf -l "$1" | grep -q 'INTERP'
}

# Copies tests/guest/: the checks that run from the initramfs (the host
# suite runs from the host's file system).
install_tests() {
	mkdir -p "$STAGE/tests"
	cp -a "$ROOT/tests/guest" "$STAGE/tests/guest"
}

# Compiles /init and packs everything into build/initramfs.cpio.
pack() {
	gcc -static -O2 -Wall -Wextra -o "$STAGE/init" "$ROOT/vm/init.c" ||
		die "vm/init.c does not build"
	(cd "$STAGE" && find . -mindepth 1 | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0 >"$CPIO.tmp")
	mv "$CPIO.tmp" "$CPIO"
}

"$ROOT/vm/deps.sh"
[ -d "$ROOT/tests/guest" ] || die "tests/guest/ is missing"
make_skeleton
install_shells
install_bats
install_cli
install_kselftest
install_tests
pack
echo "build/${CPIO##*/}: $(du -h "$CPIO" | cut -f1)"
