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

# fake_check_children STAGE: vm/check.sh in the scratch tree with fakes
# for what it starts: a 6.12 check whose child runs on, as its QEMU does,
# and a kernel build that blocks at STAGE (patched: 6.1's, in the
# foreground; baseline: in the background, while check.sh waits for it).
fake_check_children() {
	cp "$TESTS/../vm/check.sh" "$T/vm/"
	cat >"$T/vm/check-6.12.sh" <<-FAKE
		#!/bin/bash
		sleep 1000 &
		echo \$! >"$T/child612"
		wait
	FAKE
	cat >"$T/vm/build-kernel.sh" <<-FAKE
		#!/bin/bash
		[ "\$1" = $1 ] || exit 1
		echo \$\$ >"$T/building"
		exec sleep 1000
	FAKE
	chmod +x "$T/vm/check-6.12.sh" "$T/vm/build-kernel.sh"
}

# stopped_after SIGNAL TARGET...: waits for the fakes to start, sends
# SIGNAL to TARGET, waits for check.sh ($pid) and fails unless 6.12's
# child is gone (or a zombie waiting for init) soon after.
stopped_after() {
	local i signal=$1 child state
	shift
	for ((i = 0; i < 600; i++)); do
		[ -s "$T/child612" ] && [ -s "$T/building" ] && break
		sleep 0.1
	done
	[ -s "$T/child612" ] && [ -s "$T/building" ] ||
		fail_with "the fakes never started: $(cat "$BATS_TEST_TMPDIR/out")"
	child=$(cat "$T/child612")
	kill "-$signal" -- "$@"
	wait "$pid" || true
	for ((i = 0; i < 100; i++)); do
		state=$(ps -o stat= -p "$child" || true)
		[[ -z $state || $state == Z* ]] && break
		sleep 0.1
	done
	# What a failure would leave running, bats would wait for.
	kill "$child" "$(cat "$T/building")" 2>/dev/null || true
	[[ -z $state || $state == Z* ]] ||
		fail_with "6.12's check still running (state $state) after check.sh got SIG$signal"
}

@test "vm/check.sh: a Ctrl-C stops 6.12's check running beside it" {
	fake_check_children patched
	# As a Ctrl-C reaches make test: SIGINT to the whole process group,
	# in which SIGINT is not ignored (setsid: a group of its own, away
	# from bats; perl: SIGINT back to its default, which bats's & ignores).
	perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' setsid "$T/vm/check.sh" \
		>"$BATS_TEST_TMPDIR/out" 2>&1 &
	pid=$!
	stopped_after INT "-$pid"
}

@test "vm/check.sh: a SIGTERM to it alone stops 6.12's check running beside it" {
	fake_check_children baseline
	"$T/vm/check.sh" >"$BATS_TEST_TMPDIR/out" 2>&1 &
	pid=$!
	stopped_after TERM "$pid"
}
