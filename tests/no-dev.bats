#!/usr/bin/env bats
# The two failures getrandom(2) exists to fix: no file descriptor left, and
# no /dev (a chroot).  The tool must open nothing to get its bytes.
# Call: bats tests/no-dev.bats (GETRANDOM=path to test another binary)
load helpers

# no_dev_access ARGS...: getrandom ARGS calls getrandom(2) and touches no
# path under /dev (open, openat, stat, access...) on the way.
no_dev_access() {
	local log=$BATS_TEST_TMPDIR/strace.log
	run -0 strace -f -qq -o "$log" -e trace=%file,getrandom \
		"$GETRANDOM" "$@" >/dev/null
	grep -q 'getrandom(' "$log"
	run ! grep -F '"/dev/' "$log"
}

@test "no /dev access for raw bytes" {
	require_native
	require strace
	no_dev_access --bytes 64
}

@test "no /dev access with --random" {
	require_native
	require strace
	no_dev_access --random --bytes 64
}

@test "no /dev access with --insecure" {
	require_native
	require strace
	no_dev_access --insecure --bytes 64
}

@test "no /dev access with --nonblock, --check, --timeout, --bytes=0" {
	require_native
	require strace
	no_dev_access --nonblock --bytes 64
	no_dev_access --check
	no_dev_access --timeout=1 --bytes 64
	no_dev_access --bytes=0
}

@test "no /dev access for a threaded stream in hex" {
	require_native
	require strace
	no_dev_access --bytes 4M --hex --threads=4
}

# at_fd_floor ARGS...: runs getrandom ARGS, stdout in $OUT, with the lowest
# descriptor limit it can start with.  A static binary needs none: the limit
# is 0.  A dynamic one needs one for ld.so to open its libraries: the limit
# is 1 and stdin is closed to make room.
at_fd_floor() {
	local limit='ulimit -n 0'
	if bash -c 'ulimit -n 0; exec "$GETRANDOM" --version' 2>&1 >/dev/null |
		grep -q 'error while loading shared libraries'; then
		limit='exec 0<&-; ulimit -n 1'
	fi
	bash -c "$limit"' && exec "$GETRANDOM" "$@"' _ "$@" >"$OUT"
}

@test "works with the file descriptor limit at its floor" {
	require_native
	needs_plain_build
	run -0 --separate-stderr at_fd_floor --bytes 16 --hex
	[ -z "$stderr" ]
	[[ $(cat "$OUT") =~ ^[0-9a-f]{32}$ ]]
}

@test "a large threaded stream works with the file descriptor limit at its floor" {
	require_native
	needs_plain_build
	run -0 --separate-stderr at_fd_floor --bytes 4M --threads=4
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq $((4 * 1024 * 1024)) ]
}

@test "--output needs two free file descriptors: its directory's and the file's" {
	require_native
	needs_plain_build
	# 0, 1 and 2 are open, and 3 and 4 are closed (bats keeps them for
	# itself): a limit of 5 leaves two descriptors, for FILE's directory
	# (held open, so that every step happens in it) and the file.
	mkdir "$BATS_TEST_TMPDIR/dir"
	run -0 --separate-stderr bash -c 'cd "$1" && exec 3>&- 4>&- && ulimit -n 5 &&
		exec "$GETRANDOM" --bytes 32 --output key' _ "$BATS_TEST_TMPDIR/dir"
	[ -z "$stderr" ]
	[ "$(size "$BATS_TEST_TMPDIR/dir/key")" -eq 32 ]
	[ "$(files_in "$BATS_TEST_TMPDIR/dir")" = key ]
	# One descriptor less: refused, and nothing made.
	rm "$BATS_TEST_TMPDIR/dir/key"
	run -1 --separate-stderr bash -c 'cd "$1" && exec 3>&- 4>&- && ulimit -n 4 &&
		exec "$GETRANDOM" --bytes 32 --output key' _ "$BATS_TEST_TMPDIR/dir"
	[ "$stderr" = "getrandom: cannot create a file in '.': Too many open files" ]
	[ -z "$(files_in "$BATS_TEST_TMPDIR/dir")" ]
}

# is_dynamic FILE: FILE names an ELF interpreter (ld.so) in its first KiB.
is_dynamic() {
	dd if="$1" bs=1024 count=1 2>/dev/null | tr -c 'a-zA-Z0-9/._-' '\n' |
		grep -q '^/.*/ld-[a-z0-9_.-]*\.so'
}

# make_chroot DIR: a root with the binary as /getrandom and, when it is
# dynamically linked, its libraries; no /dev, /proc or /sys.
make_chroot() {
	local root=$1 lib
	[ "$(id -u)" -eq 0 ] || skip "chroot needs root"
	require chroot
	mkdir -p "$root"
	cp "$GETRANDOM" "$root/getrandom"
	is_dynamic "$GETRANDOM" || return 0
	require ldd "dynamically linked and no ldd to find its libraries"
	for lib in $(ldd "$GETRANDOM" | grep -o '/[^ ]*'); do
		mkdir -p "$root${lib%/*}"
		cp "$lib" "$root$lib"
	done
}

@test "works in a chroot without /dev, /proc or /sys" {
	require_native
	needs_plain_build
	make_chroot "$BATS_TEST_TMPDIR/root"
	run -0 --separate-stderr chroot "$BATS_TEST_TMPDIR/root" /getrandom --bytes 16 --hex
	[ -z "$stderr" ]
	[[ $output =~ ^[0-9a-f]{32}$ ]]
	[ ! -e "$BATS_TEST_TMPDIR/root/dev" ]
}

@test "--output works in a chroot without /dev or /proc" {
	require_native
	needs_plain_build
	make_chroot "$BATS_TEST_TMPDIR/root"
	mkdir "$BATS_TEST_TMPDIR/root/keys"
	run -0 --separate-stderr chroot "$BATS_TEST_TMPDIR/root" /getrandom \
		--bytes 32 --output /keys/key
	[ -z "$stderr" ]
	[ "$(size "$BATS_TEST_TMPDIR/root/keys/key")" -eq 32 ]
	[ "$(files_in "$BATS_TEST_TMPDIR/root/keys")" = key ]
}
