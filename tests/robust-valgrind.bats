#!/usr/bin/env bats
# Valgrind memcheck on small, large and parallel runs and on the error
# paths: no invalid access, no uninitialized value used, no leak
# (definite, indirect or possible; "still reachable" after err() is not a
# leak), and the tool's own exit status unchanged.  Valgrind's status 99
# means it found an error.  An ASan build (SANITIZE=1) cannot run under
# valgrind: on it, these run on GETRANDOM_PLAIN (make test gives the plain
# build), or skip.

bats_require_minimum_version 1.5.0
load helpers

setup_file() {
	build_tools
}

setup() {
	require valgrind "valgrind is not installed"
	needs_plain_build "SANITIZE=1 build: ASan checks memory instead of valgrind"
	valgrind_starts
	f=$BATS_TEST_TMPDIR/data
}

# valgrind_starts: skips when valgrind cannot start $GETRANDOM at all, as
# for an i386 build on a host without that target's glibc symbols
# (libc6-dbg:i386, a foreign architecture's package): valgrind then says
# so, and checks nothing.  Any other failure is left to the tests.
valgrind_starts() {
	local why
	why=$(valgrind -q "$GETRANDOM" --version 2>&1 >/dev/null |
		sed -n 's/^valgrind: *\(Fatal error at startup.*\)/\1/p')
	[ -z "$why" ] ||
		skip "valgrind cannot start this build: $why (needs this target's libc6-dbg)"
}

memcheck() {
	valgrind -q --error-exitcode=99 --leak-check=full \
		--show-leak-kinds=definite,indirect,possible \
		--errors-for-leak-kinds=definite,indirect,possible \
		"$GETRANDOM" "$@"
}

@test "valgrind: 32 bytes in hex" {
	require_native
	run -0 --separate-stderr memcheck --bytes 32 --hex
	[[ $output =~ ^[0-9a-f]{64}$ ]]
	[ -z "$stderr" ]
}

@test "valgrind: 4 MiB in base64, one thread" {
	require_native
	run -0 --separate-stderr to "$f" memcheck --bytes 4M --threads 1 --base64
	[ "$(base64 -d "$f" | wc -c)" -eq 4194304 ]
	[ -z "$stderr" ]
}

@test "valgrind: 8 MiB in hex, parallel fill with 4 threads" {
	require_native
	run -0 --separate-stderr to "$f" memcheck --bytes 8M --threads 4 --hex
	[ "$(size "$f")" -eq $((2 * 8388608 + 1)) ]
	[ -z "$stderr" ]
}

@test "valgrind: passwords and passphrases made in blocks by 4 threads" {
	require_native
	run -0 --separate-stderr to "$f" memcheck -p 16 -C 100000 --threads 4
	[ "$(size "$f")" -eq $((17 * 100000)) ]
	[ -z "$stderr" ]
	run -0 --separate-stderr to "$f" memcheck --words 4 -C 100000 --threads 4
	[ "$(wc -l <"$f")" -eq 100000 ]
	[ -z "$stderr" ]
}

@test "valgrind: --output, and --force over it" {
	require_native
	run -0 --separate-stderr memcheck --bytes 3M --threads 2 --output "$f"
	[ -z "$stderr" ]
	run -0 --separate-stderr memcheck --bytes 100 --force --output "$f"
	[ -z "$stderr" ]
	[ "$(size "$f")" -eq 100 ]
}

@test "valgrind: --output without O_TMPFILE (the named temporary)" {
	require_native
	run -0 --separate-stderr memcheck --bytes 1000 --output "$f"
	rm "$f"
	run -0 --separate-stderr env FAULT_NO_TMPFILE=1 \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" \
		valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect,possible \
		"$GETRANDOM" --bytes 1000 --output "$f"
	[ -z "$stderr" ]
	[ "$(size "$f")" -eq 1000 ]
}

@test "valgrind: usage error" {
	require_native
	run -2 --separate-stderr memcheck --bytes 12X
	[ "${stderr_lines[0]}" = "getrandom: invalid byte count '12X' (decimal, with an optional unit: B, K or KiB, kB, M or MiB, MB, and so on to E)" ]
}

@test "valgrind: --check" {
	require_native
	run -0 --separate-stderr memcheck --check
	[ -z "$stderr" ]
}

@test "valgrind: write error, one thread" {
	require_native
	run -1 --separate-stderr to /dev/full memcheck --bytes 1M --threads 1
	[ "$stderr" = "getrandom: write error on standard output: No space left on device" ]
}

@test "valgrind: write error on the parallel path stops every thread" {
	require_native
	run -1 --separate-stderr to /dev/full memcheck --bytes 8M --threads 4 --hex
	[ "$stderr" = "getrandom: write error on standard output: No space left on device" ]
}

@test "valgrind: write error while 4 threads make integers" {
	require_native
	run -1 --separate-stderr to /dev/full memcheck -R 1-6 -C 10000000 --threads 4
	[ "$stderr" = "getrandom: write error on standard output: No space left on device" ]
}

@test "valgrind: refusing to replace an existing --output" {
	require_native
	echo old >"$f"
	run -1 --separate-stderr memcheck --output "$f"
	[ "$stderr" = "getrandom: '$f': File exists (use --force to replace it)" ]
}

@test "valgrind: pool not initialized with --nonblock, and a --timeout that expires" {
	require_native
	run -3 --separate-stderr env FAULT_POOL_BLOCKS=1 \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" \
		valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect,possible \
		"$GETRANDOM" --nonblock --bytes 32
	[ "$stderr" = "getrandom: the kernel's entropy pool is not initialized yet" ]
	run -3 --separate-stderr env FAULT_POOL_BLOCKS=1 \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" \
		valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect,possible \
		"$GETRANDOM" --timeout 0.3 --hex
	[ "$stderr" = "getrandom: timed out after 0.3 s waiting for the kernel's entropy pool to be initialized" ]
}

@test "valgrind does report a leak (the check can fail)" {
	require_native
	printf '#include <stdlib.h>\nint main(void){void *p = malloc(99); p = 0; return p != 0;}\n' >"$f.c"
	cc -O0 -o "$f.leak" "$f.c"
	run -99 valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect,possible "$f.leak"
}
