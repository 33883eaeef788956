#!/bin/bash
# The 6.12 guest's initramfs and QEMU: upstream's vDSO tests and the probe
# built, the project's initramfs packed with them and the 6.12 driver,
# and the guest booted. Not run on its own: sourced by vm/check-6.12.sh and
# vm/mutants.sh, which set ROOT, BUILD, OUT (where the results go:
# build/k612 for check-6.12.sh) and VDSO (the 6.12 tree's
# tools/testing/selftests/vDSO).
# Usage: build_extras && pack VARIANT && boot VARIANT NAME [APPEND]
# shellcheck disable=SC2054 # QEMU's options are lists with commas
set -eu

# The probes and upstream's tests, static (the initramfs has no loader).
build_extras() {
	local bin=$OUT/bin
	rm -rf "$bin"
	mkdir -p "$bin"
	gcc -static -O2 -Wall -Wextra -I "$VDSO" -o "$bin/probe-6.12" \
		"$ROOT/vm/probe-6.12.c" "$VDSO/parse_vdso.c" || return 1
	i686-linux-gnu-gcc -static -O2 -Wall -Wextra -I "$VDSO" -o "$bin/probe-6.12_32" \
		"$ROOT/vm/probe-6.12.c" "$VDSO/parse_vdso.c" || return 1
	# Upstream's Makefile and flags; KHDR_INCLUDES empty: the tree's own
	# include/uapi, which its Makefile adds (the host's are 6.1's).
	make -s -C "$VDSO" OUTPUT="$bin" LDFLAGS=-static KHDR_INCLUDES= \
		"$bin/vdso_test_getrandom" "$bin/vdso_test_chacha"
}

# pack VARIANT: the project's initramfs with the overlay archive appended.
pack() {
	local stage=$OUT/overlay-$1
	rm -rf "$stage"
	mkdir -p "$stage/extra" "$stage/tests/guest"
	cp "$OUT/bin/probe-6.12" "$OUT/bin/probe-6.12_32" \
		"$OUT/bin/vdso_test_getrandom" "$OUT/bin/vdso_test_chacha" "$stage/extra/"
	cp "$ROOT/vm/guest-6.12.sh" "$stage/tests/guest/run.sh"
	cp "$BUILD/initramfs-6.12.cpio" "$OUT/initramfs-$1.cpio"
	(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0 >>"$OUT/initramfs-$1.cpio")
}

# boot VARIANT NAME [APPEND]: runs the guest of VARIANT's kernel and
# initramfs, APPEND added to its command line; its TAP in
# result-NAME.txt, "vm-status: N" last (vm/init.c), its console in
# console-NAME.log.
boot() {
	local append="console=ttyS0 panic=-1 panic_on_warn=1 oops=panic tsc=reliable"
	append+=" random.trust_cpu=off random.trust_bootloader=off VM_VARIANT=$1${3:+ $3}"
	rm -f "$OUT/result-$2.txt" "$OUT/console-$2.log"
	timeout --foreground "${VM_TIMEOUT:-7200}" qemu-system-x86_64 -nodefaults -nographic \
		-no-reboot -accel tcg,thread=multi -cpu max,-rdrand,-rdseed -smp 2 -m 6G \
		-virtfs local,path=/,mount_tag=root,security_model=none,readonly=on,multidevs=remap \
		-virtfs "local,path=${ROOT//,/,,},mount_tag=repo,security_model=none,readonly=on,multidevs=remap" \
		-kernel "$BUILD/bzImage-6.12-$1" -initrd "$OUT/initramfs-$1.cpio" -append "$append" \
		-serial "file:$OUT/console-$2.log" -serial "file:$OUT/result-$2.txt" </dev/null
}

