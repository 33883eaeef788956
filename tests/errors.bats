#!/usr/bin/env bats
# getrandom(2) errors forced with strace's fault injection, so each error
# path runs on any kernel.  Short reads, EFAULT and failures in the
# parallel fill are in robust-faults.bats.  glibc itself may call
# getrandom(2) once at start (malloc), so tests that count calls check the
# trace for the tool's own.
# Call: bats tests/errors.bats (GETRANDOM=path to test another binary)
load helpers

setup() {
	common_setup
	LOG=$BATS_TEST_TMPDIR/trace
	require_native
	require strace
}

@test "EINTR on the first calls still gives exactly N bytes" {
	run -0 --separate-stderr injected EINTR 1..3 --bytes 100 --hex
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq 201 ]
	[[ $(cat "$OUT") =~ ^[0-9a-f]{200}$ ]]
	# At least one interrupted call was the tool's own request.
	grep -Eq 'getrandom\(.*, 100, 0\) += -1 EINTR' "$LOG"
}

@test "EINTR on every call but the last few still gives exactly N bytes" {
	run -0 --separate-stderr injected EINTR 1..50 --bytes 1000
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq 1000 ]
}

@test "EINTR during a multi-chunk stream with threads gives exactly N bytes" {
	run -0 --separate-stderr injected EINTR 2..40 --bytes 2M --threads=4
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq $((2 * 1024 * 1024)) ]
}

@test "ENOSYS fails with status 1, names getrandom(2) and the Linux needed" {
	run -1 --separate-stderr injected ENOSYS 1+ --bytes 16 --hex
	[ "$(size "$OUT")" -eq 0 ]
	[[ $stderr == "getrandom: "*"getrandom(2)"* ]]
	[[ $stderr =~ Linux\ [0-9]+\.[0-9]+ ]]
}

@test "ENOSYS does not fall back to /dev/urandom or /dev/random" {
	run -1 strace -f -qq -o "$LOG" -e trace=open,openat,getrandom \
		-e inject=getrandom:error=ENOSYS "$GETRANDOM" --bytes 16
	grep -q 'ENOSYS' "$LOG"
	run ! grep -E '/dev/(u?random|hwrng)' "$LOG"
}

@test "ENOSYS with --check fails with status 1, not 0 or 3" {
	run -1 --separate-stderr injected ENOSYS 1+ --check
	[[ $stderr == "getrandom: "*"getrandom(2)"* ]]
}

@test "EPERM (a seccomp filter) fails with status 1 and says it is not permitted" {
	run -1 --separate-stderr injected EPERM 1+ --bytes 16 --hex
	[ "$(size "$OUT")" -eq 0 ]
	[[ $stderr == "getrandom: "*"getrandom(2)"*"not permitted"* ]]
}

@test "EAGAIN with --nonblock exits 3 and writes nothing" {
	run -3 --separate-stderr injected EAGAIN 1+ --nonblock --bytes 16 --hex
	[ "$(size "$OUT")" -eq 0 ]
	[[ $stderr == "getrandom: "*"not initialized"* ]]
}

@test "EAGAIN with --nonblock --bytes=0 exits 3" {
	run -3 --separate-stderr injected EAGAIN 1+ --nonblock --bytes=0
	[ "$(size "$OUT")" -eq 0 ]
	[[ $stderr == "getrandom: "* ]]
}

@test "--check exits 3 when the kernel says the pool is not initialized" {
	run -3 --separate-stderr injected EAGAIN 1+ --check
	[ "$(size "$OUT")" -eq 0 ]
}

@test "--timeout expires with status 3 and writes nothing while the pool is not ready" {
	# Every wait is interrupted, as if the pool never got ready; only the
	# timer can end it.
	run -3 --separate-stderr injected EINTR 1+ --timeout=0.2 --bytes 16 --hex
	[ "$(size "$OUT")" -eq 0 ]
	[[ $stderr == "getrandom: "*"timed out"* ]]
}

@test "--timeout that expires leaves no --output file" {
	mkdir -p "$BATS_TEST_TMPDIR/dir"
	run -3 injected EINTR 1+ --timeout=0.2 --output "$BATS_TEST_TMPDIR/dir/key"
	[ -z "$(files_in "$BATS_TEST_TMPDIR/dir")" ]
}

@test "EINVAL with --insecure explains that GRND_INSECURE needs a newer kernel" {
	run -1 --separate-stderr injected EINVAL 1+ --insecure --bytes 16 --hex
	[ "$(size "$OUT")" -eq 0 ]
	[[ $stderr == "getrandom: "*"GRND_INSECURE"* ]]
	[[ $stderr =~ Linux\ [0-9]+\.[0-9]+ ]]
}

@test "EINVAL without --insecure fails with status 1 and the strerror" {
	run -1 --separate-stderr injected EINVAL 1+ --bytes 16
	[[ $stderr == "getrandom: "*"getrandom(2)"*"Invalid argument"* ]]
}

@test "a failure in the middle of a stream stops it with status 1" {
	run -1 --separate-stderr injected EIO 4+ --bytes 4M --threads=1
	[ "$(size "$OUT")" -lt $((4 * 1024 * 1024)) ]
	[[ $stderr == "getrandom: "*"Input/output error"* ]]
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "a failure in the middle of a --force --output keeps the old file" {
	mkdir "$BATS_TEST_TMPDIR/dir"
	echo "old key" >"$BATS_TEST_TMPDIR/dir/key"
	run -1 injected EIO 4+ --bytes 4M --force --output "$BATS_TEST_TMPDIR/dir/key"
	[ "$(cat "$BATS_TEST_TMPDIR/dir/key")" = "old key" ]
	[ "$(files_in "$BATS_TEST_TMPDIR/dir")" = key ]
}
