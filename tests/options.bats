#!/usr/bin/env bats
# The options whose outcome the kernel decides: the GRND_* flags, --bytes=0's
# call, --timeout and --check against the pool, --threads on the CPUs.
# Sizes are in numbers.bats, bad values and --help in usage.bats, forced
# kernel errors in errors.bats.
# Call: bats tests/options.bats (GETRANDOM=path to test another binary)
load helpers

@test "--bytes=0 writes nothing, in every format" {
	local format
	for format in "" --hex --base64; do
		run -0 --separate-stderr gr --bytes=0 $format
		[ -z "$stderr" ]
		[ "$(size "$OUT")" -eq 0 ]
	done
}

@test "--bytes=0 still asks the kernel, for no bytes: getrandom(BUF, 0, 0)" {
	require_native
	require strace
	run -0 traced "$BATS_TEST_TMPDIR/log" --bytes=0
	grep -Eq 'getrandom\("", 0, 0\) += 0$' "$BATS_TEST_TMPDIR/log"
}

@test "--bytes=0 --nonblock asks with GRND_NONBLOCK" {
	require_native
	require strace
	run -0 traced "$BATS_TEST_TMPDIR/log" --bytes=0 --nonblock
	grep -Eq 'getrandom\("", 0, GRND_NONBLOCK\) += 0$' "$BATS_TEST_TMPDIR/log"
}

@test "--random writes N bytes" {
	run -0 --separate-stderr gr --random --bytes 64
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq 64 ]
}

@test "--random sets GRND_RANDOM" {
	require_native
	require strace
	run -0 traced "$BATS_TEST_TMPDIR/log" -r --bytes 16
	[ "$(size "$OUT")" -eq 16 ]
	grep -Eq 'getrandom\(.*, 16, GRND_RANDOM\) += 16$' "$BATS_TEST_TMPDIR/log"
}

@test "--nonblock writes N bytes on this initialized host" {
	run -0 --separate-stderr gr --nonblock --bytes 64
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq 64 ]
}

@test "--nonblock sets GRND_NONBLOCK" {
	require_native
	require strace
	run -0 traced "$BATS_TEST_TMPDIR/log" -N --bytes 16
	grep -Eq 'getrandom\(.*, 16, GRND_NONBLOCK\) += 16$' "$BATS_TEST_TMPDIR/log"
}

@test "--insecure writes N bytes" {
	run -0 --separate-stderr gr --insecure --bytes 64
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq 64 ]
}

@test "--insecure sets GRND_INSECURE" {
	require_native
	require strace
	run -0 traced "$BATS_TEST_TMPDIR/log" -i --bytes 16
	grep -Eq 'getrandom\(.*, 16, (GRND_INSECURE|0x4)\) += 16$' "$BATS_TEST_TMPDIR/log"
}

@test "--random and --nonblock combine" {
	require_native
	require strace
	run -0 traced "$BATS_TEST_TMPDIR/log" --random --nonblock --bytes 16
	grep -Eq 'getrandom\(.*, 16, (GRND_NONBLOCK\|GRND_RANDOM|GRND_RANDOM\|GRND_NONBLOCK)\) += 16$' \
		"$BATS_TEST_TMPDIR/log"
}

@test "--timeout=0.5 writes N bytes and exits 0 on this initialized host" {
	run -0 --separate-stderr gr --timeout=0.5 --bytes 16 --hex
	[ -z "$stderr" ]
	[[ $(cat "$OUT") =~ ^[0-9a-f]{32}$ ]]
}

@test "--timeout with --bytes=0 exits 0 once the pool is ready" {
	run -0 --separate-stderr gr --timeout=0.5 --bytes=0
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq 0 ]
}

@test "--check exits 0 on this initialized host and writes nothing" {
	run -0 --separate-stderr gr --check
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq 0 ]
}

@test "--check asks the kernel without waiting and without drawing a byte" {
	require_native
	require strace
	run -0 traced "$BATS_TEST_TMPDIR/log" -c
	grep -Eq 'getrandom\("", 0, GRND_NONBLOCK\) += 0$' "$BATS_TEST_TMPDIR/log"
	run ! grep -E 'getrandom\("[^"]+"' "$BATS_TEST_TMPDIR/log"
}

@test "--threads=1 and --threads=16 both write exactly N bytes" {
	local n=$((3 * 1024 * 1024 + 5))
	run -0 --separate-stderr gr --bytes "$n" --threads=1
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq "$n" ]
	run -0 --separate-stderr gr --bytes "$n" -j 16
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq "$n" ]
}

# shared_draw ARGS...: getrandom ARGS, each of whose getrandom(2) calls
# waits (the fault shim) until four threads have made one: it ends only if
# the work is handed to several threads at once, however the scheduler
# runs them; a draw that one thread makes alone waits for ever, and the
# per-test limit (BATS_TEST_TIMEOUT) ends it, naming the test.
shared_draw() {
	shim FAULT_GETRANDOM_THREADS=4 -- "$@" >"$OUT"
}

@test "--threads=16 draws the bytes from several threads" {
	require_native
	build_tools
	need_tools
	run -0 shared_draw --bytes 4M --threads=16
	[ "$(size "$OUT")" -eq $((4 * 1024 * 1024)) ]
}

@test "--threads=1024 starts no more threads than the output has chunks" {
	require_native
	require strace
	# 2 MiB is 22 chunks: the thread that writes and at most 21 more.
	run -0 threads_started "$GETRANDOM" --bytes 2M --threads=1024
	[ "$output" -ge 1 ] && [ "$output" -le 21 ] ||
		fail_with "$output threads for 22 chunks"
}

@test "the default thread count follows the affinity mask, as nproc does" {
	require_native
	require strace
	require taskset
	[ "$(nproc --all)" -gt 1 ] || skip "one CPU: nothing to restrict"
	run -0 threads_started taskset -c 0 "$GETRANDOM" --bytes 4M
	[ "$output" -eq 0 ] || fail_with "$output threads under taskset -c 0"
	# The control: without the mask, the same output starts threads.
	run -0 threads_started "$GETRANDOM" --bytes 4M
	[ "$output" -gt 0 ]
}

@test "the default thread count honours a cgroup v2 CPU quota (cpu.max)" {
	require_native
	require strace
	require unshare
	[ "$(nproc)" -gt 1 ] || skip "one CPU: nothing to restrict"
	grep -q '^0::/$' /proc/self/cgroup ||
		skip "this process is not in the cgroup v2 root, where the quota is staged"
	# This host's cgroup v2 has no cpu controller to set a real quota with:
	# a private mount namespace puts a cpu.max of one CPU where the tool
	# reads it, /sys/fs/cgroup/cpu.max for the root cgroup.
	# An ordinary user gets the mount namespace inside a user namespace
	# of its own.
	local ns=(-m)
	[ "$(id -u)" -eq 0 ] || ns=(-r -m)
	unshare "${ns[@]}" true 2>/dev/null ||
		skip "this user may not make a mount namespace (unshare ${ns[*]})"
	# LeakSanitizer refuses to run under ptrace (see strace in helpers.bash).
	ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" run -0 unshare "${ns[@]}" bash -c '
		mount -t tmpfs quota /sys/fs/cgroup || exit 77
		echo "100000 100000" >/sys/fs/cgroup/cpu.max
		strace -f -qq -o "$1" -e trace=clone,clone3 "$GETRANDOM" --bytes 4M >/dev/null
	' _ "$BATS_TEST_TMPDIR/clone.log"
	run grep -c clone "$BATS_TEST_TMPDIR/clone.log"
	[ "$output" -eq 0 ] || fail_with "$output threads under a one-CPU quota"
}
