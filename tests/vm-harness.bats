#!/usr/bin/env bats
# vm/run.sh, the QEMU harness, on its failure paths: a guest that dies
# says why, and never fails without a word.
# Call: bats tests/vm-harness.bats
load helpers

setup() {
	[ -z "${GETRANDOM_IN_VM:-}" ] ||
		skip "the harness runs on the host; the guest boots no guest of its own"
	require qemu-system-x86_64 "qemu-system-x86 not installed (make deps)"
	# A scratch tree: vm/run.sh reads its kernel from ../build.
	T=$BATS_TEST_TMPDIR/tree
	mkdir -p "$T/vm" "$T/build"
	cp "$TESTS/../vm/run.sh" "$T/vm/"
}

@test "vm/run.sh: QEMU dying before the guest starts is reported, with the console" {
	# Not a kernel: QEMU refuses it and exits at once.
	head -c 4096 /dev/zero >"$T/build/bzImage-patched"
	: >"$T/build/initramfs.cpio"
	run -1 --separate-stderr "$T/vm/run.sh" patched
	[[ $stderr == *"patched guest failed: QEMU exited with status "*" before the guest gave a verdict"* ]] ||
		fail_with "$stderr"
	[[ $stderr == *"the console is empty"* ]] || fail_with "$stderr"
}

@test "vm/run.sh: a missing kernel is named before QEMU starts" {
	: >"$T/build/initramfs.cpio"
	run -1 --separate-stderr "$T/vm/run.sh" patched
	[ "$stderr" = "vm/run.sh: $T/build/bzImage-patched missing: run vm/build-kernel.sh patched" ]
}
