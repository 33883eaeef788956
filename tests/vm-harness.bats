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

@test "vm/kernel-tree.sh: a tarball that changed (a Debian update) is unpacked again, and named" {
	local tar=$BATS_TEST_TMPDIR/src.tar.xz tree=$T/build/linux
	mkdir -p "$BATS_TEST_TMPDIR/v/linux-source-x"
	echo old >"$BATS_TEST_TMPDIR/v/linux-source-x/Makefile"
	tar -C "$BATS_TEST_TMPDIR/v" -cJf "$tar" linux-source-x
	# What vm/build-kernel.sh sets before it sources the file.
	load_tree() {
		ROOT=$T BUILD=$T/build TREE=$tree SRC=$T/build/src SOURCE_PACKAGE=linux-source-x \
			TARBALL=$tar
		die() { echo "die: $*"; return 1; }
		. "$TESTS/../vm/kernel-tree.sh"
	}
	load_tree
	unpack_tree
	[ "$(cat "$tree/Makefile")" = old ]
	first=$(tree_source)
	[[ $first == "linux-source-x "*" bytes, "* ]] || fail_with "$first"
	# The same tarball: the tree is kept (a file added to it stays).
	touch "$tree/kept"
	unpack_tree
	[ -e "$tree/kept" ]
	# A new one, as after an update: unpacked again, the record follows.
	echo new >"$BATS_TEST_TMPDIR/v/linux-source-x/Makefile"
	tar -C "$BATS_TEST_TMPDIR/v" -cJf "$tar" linux-source-x
	touch -d '2000-01-01' "$tar"
	run -0 unpack_tree
	[[ $output == *"unpacking again"* ]] || fail_with "$output"
	[ "$(cat "$tree/Makefile")" = new ]
	[ ! -e "$tree/kept" ]
	[ "$(tree_source)" != "$first" ] || fail_with "still $first"
	git -C "$tree" rev-parse -q --verify pristine >/dev/null
}
