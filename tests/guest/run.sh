#!/bin/bash
# The guest's test driver: /init runs it with standard output on the result
# port, so everything it prints is TAP, one section per suite, each section
# starting with a "# vm-tap: NAME" line (vm/check.sh splits them into
# build/tap/guest-VARIANT-NAME.tap). Exit status 0 when every section passed.
# Call (in the guest): /tests/guest/run.sh, with from the kernel command line
#   VM_VARIANT=patched|baseline
#   VM_TESTS=a.bats,b.bats   optionally: only those host test files
# vm/run.sh shares two trees read-only over 9p: the host's root (tag
# "root") and the repository under test (tag "repo").
# The uninitialized-pool checks run first, from the initramfs with the
# static build, before anything can initialize the pool. Then the host's
# root is mounted at /host (writable through a tmpfs overlay), with the
# guest's own /proc, /sys, /dev and a tmpfs on /tmp, the repository at
# $REPO in it, and the host suite's files that tests/places puts in the
# guest (those whose outcome the kernel decides) run chrooted there, with the
# host's tools (strace, valgrind, gdb, cc, rngtest, script, python3), on the
# dynamic build build/getrandom (the LD_PRELOAD shim, valgrind and gdb need
# it; the static one makes the same system calls).
set -u

export GETRANDOM=/bin/getrandom
# Per test, a net for a hang only: nothing in the suite is timed.
export BATS_TEST_TIMEOUT=${VM_TEST_TIMEOUT:-900}
# Tells the host suite it runs in the guest (scaled() sizes its streams).
export GETRANDOM_IN_VM=1
VARIANT=${VM_VARIANT:-patched}
# One fixed path for the tree under test, wherever the clone lies on the
# host: a clone under /tmp or /run would be hidden by the guest's own
# tmpfs there.
REPO=/src/getrandom
HOST=/host
SECTION_TIMEOUT=${VM_SECTION_TIMEOUT:-7200}
status=0

# Kills what a suite left running (only PID 1 and this shell stay), so that
# a stray background process cannot hold the next section up.
kill_stragglers() {
	local p
	for p in /proc/[0-9]*; do
		p=${p#/proc/}
		[ "$p" = 1 ] || [ "$p" = $$ ] || kill -9 "$p" 2>/dev/null
	done
	return 0
}

# Runs one suite as a TAP section; a failure without a "not ok" line of its
# own (a crash, a timeout) gets one. Its output goes to a file first: a
# pipe would wait for every process the suite left behind.
section() {
	local name=$1 out=/tmp/section.out rc
	shift
	echo "# vm-tap: $name"
	[ -z "${SECTION_NOTE:-}" ] || echo "# $SECTION_NOTE"
	echo "== $name" >&2
	: >"$out"
	# The console (build/console-VARIANT.log) shows the TAP as it comes,
	# to follow a long section; the file stays what is reported.
	tail -f "$out" >&2 &
	timeout "$SECTION_TIMEOUT" "$@" >"$out"
	rc=$?
	kill_stragglers
	cat "$out"
	# busybox's timeout exits 143 (killed by SIGTERM), coreutils' 124.
	if [ "$rc" = 124 ] || [ "$rc" = 143 ]; then
		status=1
		echo "not ok 1000 - $name killed at its limit of ${SECTION_TIMEOUT} s, after" \
			"$(grep -cE '^(not )?ok ' "$out") tests (the last is named above)"
	elif [ "$rc" != 0 ]; then
		status=1
		grep -q '^not ok' "$out" ||
			echo "not ok 1000 - $name exited with status $rc"
	fi
}

# Mounts the host's root file system at /host: the 9p share (read-only)
# under a tmpfs overlay, so that what the suite writes (a package build,
# dpkg's database) stays in the guest; with this guest's /proc, /sys (and
# cgroup2, as systemd mounts it), /dev (devpts and /dev/shm added) and a
# fresh tmpfs on /tmp and /run. Prints
# what failed and returns 1 otherwise.
mount_host() {
	mkdir -p "$HOST" /lower /overlay /dev/pts /dev/shm &&
		mount -t devpts -o ptmxmode=0666 devpts /dev/pts &&
		mount -t tmpfs -o mode=1777 tmpfs /dev/shm &&
		mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 \
			root /lower &&
		mount -t tmpfs tmpfs /overlay &&
		mkdir /overlay/upper /overlay/work &&
		mount -t overlay -o lowerdir=/lower,upperdir=/overlay/upper,workdir=/overlay/work,redirect_dir=on \
			overlay "$HOST" &&
		mount -o rbind /dev "$HOST/dev" &&
		mount -t proc proc "$HOST/proc" &&
		mount -t sysfs sysfs "$HOST/sys" &&
		mount -t cgroup2 cgroup2 "$HOST/sys/fs/cgroup" &&
		mount -t tmpfs -o mode=1777 tmpfs "$HOST/tmp" &&
		mount -t tmpfs tmpfs "$HOST/run" && return 0
	echo "guest: cannot mount the host's root file system at $HOST" >&2
	return 1
}

# Mounts the repository's own 9p share at $HOST$REPO, writable through a
# tmpfs overlay of its own (the suite builds its checkers under build/).
mount_repo() {
	mkdir -p /repo-lower /overlay/repo-upper /overlay/repo-work "$HOST$REPO" &&
		mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 \
			repo /repo-lower &&
		mount -t overlay -o lowerdir=/repo-lower,upperdir=/overlay/repo-upper,workdir=/overlay/repo-work \
			overlay "$HOST$REPO" && return 0
	echo "guest: cannot mount the repository (9p tag repo) at $HOST$REPO" >&2
	return 1
}

# The host suite's command, test files to append (paths in the host):
# chrooted in the host's root, on the dynamic build, in a clean environment,
# each result with its time ("in N ms": what TCG makes slow). The files run
# one per vCPU at a time (GNU parallel); the tests of a file, in order.
host_bats=(chroot "$HOST" /usr/bin/env -i -C "$REPO"
	PATH="$REPO/tests/bats-timeout:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
	HOME=/tmp TMPDIR=/tmp LANG=C.UTF-8 TERM=dumb
	GETRANDOM="$REPO/build/getrandom" GETRANDOM_IN_VM=1
	BATS_TEST_TIMEOUT="$BATS_TEST_TIMEOUT" bats --tap --timing
	--jobs "$(nproc)" --no-parallelize-within-files)

# Runs a section whose program must be in the initramfs, or fails it
# with the reason.
section_of() {
	local name=$1 prog=$2 why=$3
	if [ -e "$prog" ]; then
		shift 3
		[ $# = 0 ] && set -- "$prog"
		section "$name" "$@"
		return
	fi
	echo "# vm-tap: $name"
	echo "1..1"
	echo "not ok 1 - $prog missing: $why"
	status=1
}

cd /tmp || exit 1
echo "guest: $(uname -r), variant $VARIANT, $(nproc) CPUs" >&2
if [ "$VARIANT" = baseline ]; then
	section negative bats --tap /tests/guest/baseline.bats
	exit "$status"
fi
# First, while nothing has initialized the entropy pool yet: the kselftests
# test the waiting (keeping each wait short, so the pool stays
# uninitialized), then the CLI's checks.
if [ -z "${VM_TESTS:-}" ]; then
	section_of kselftest-64-early /kselftest/getrandom_test "kernel-patch/ has no kselftest yet"
	section_of kselftest-32-early /kselftest/getrandom_test_32 "kernel-patch/ has no kselftest yet"
fi
section uninitialized bats --tap /tests/guest/uninitialized.bats
if ! mount_host || ! mount_repo; then
	section_of bats "$HOST$REPO/tests" "no host file system shared with the guest"
	exit 1
fi
# man-db's dpkg trigger rebuilds the manual's index after each package
# change: about a minute of emulated time for each `dpkg -i` and `dpkg
# --purge` in tests/deb.bats, for an index no test reads (`man -w` looks
# at the files). Turned off as build chroots do, in the overlay only: the
# host's own setting stays as it is.
rm -f "$HOST/var/lib/man-db/auto-update"
if [ -n "${VM_TESTS:-}" ]; then
	# Only the host test files named (vm/run.sh's VM_TESTS=a.bats,b.bats).
	IFS=, read -ra suite <<<"$VM_TESTS"
	suite=("${suite[@]##*/}")
	suite=("${suite[@]/#/$REPO/tests/}")
else
	# The files whose outcome the kernel decides (tests/places).
	mapfile -t suite < <(chroot "$HOST" "$REPO/tests/placed.sh" guest)
	suite=("${suite[@]/#/$REPO/tests/}")
fi
SECTION_NOTE="runs: ${suite[*]##*/}" section_of bats "$HOST${suite[0]:-$REPO/tests/places}" \
	"no test file to run (tests/placed.sh guest failed)" "${host_bats[@]}" "${suite[@]}"
if [ -z "${VM_TESTS:-}" ]; then
	section_of kselftest-64 /kselftest/getrandom_test "kernel-patch/ has no kselftest yet"
	section_of kselftest-32 /kselftest/getrandom_test_32 "kernel-patch/ has no kselftest yet"
fi
exit "$status"
