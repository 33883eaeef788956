#!/usr/bin/env bats
# Standard output as a stream: large counts, a reader that goes away
# (SIGPIPE), a full disk, a closed descriptor.
# Call: bats tests/streams.bats (GETRANDOM=path to test another binary)
load helpers

# stream_count ARGS...: prints the byte count that `wc -c` reads from
# getrandom ARGS, then getrandom's exit status.
stream_count() {
	run -0 --separate-stderr bash -c \
		'"$GETRANDOM" "$@" | wc -c; echo "${PIPESTATUS[0]}"' _ "$@"
	[ -z "$stderr" ]
}

@test "a 1 GiB stream is exactly 1073741824 bytes" {
	stream_count --bytes 1G
	[ "${lines[0]// /}" = 1073741824 ]
	[ "${lines[1]}" = 0 ]
}

@test "a 1 GiB stream with --threads=1 is exactly 1073741824 bytes" {
	stream_count --bytes 1GiB --threads=1
	[ "${lines[0]// /}" = 1073741824 ]
	[ "${lines[1]}" = 0 ]
}

@test "a closed pipe ends getrandom --bytes 1G | head -c 10 by SIGPIPE, quietly" {
	run -0 --separate-stderr bash -c \
		'"$GETRANDOM" --bytes 1G | head -c 10 | wc -c; echo "${PIPESTATUS[0]}"'
	[ -z "$stderr" ]
	[ "${lines[0]// /}" = 10 ]
	[ "${lines[1]}" = 141 ]
}

@test "a closed pipe ends an endless stream too (2^64-1 bytes, threads)" {
	run -0 --separate-stderr bash -c \
		'"$GETRANDOM" --bytes 18446744073709551615 --hex | head -c 10 >/dev/null
		echo "${PIPESTATUS[0]}"'
	[ -z "$stderr" ]
	[ "$output" = 141 ]
}

@test "SIGPIPE ends it quietly even when the parent ignored SIGPIPE" {
	run -0 --separate-stderr bash -c \
		'trap "" PIPE
		"$GETRANDOM" --bytes 1G | head -c 10 >/dev/null
		echo "${PIPESTATUS[0]}"'
	[ -z "$stderr" ]
	[ "$output" = 141 ]
}

@test "SIGPIPE ends it quietly even when the parent left SIGPIPE blocked, threads too" {
	local args
	for args in "--bytes 1G --threads 1" "--bytes 1G --threads 4 --hex" \
		"-R 1-6 -C 100000000 --threads 2"; do
		# perl blocks SIGPIPE, and exec keeps the mask for getrandom.
		run -0 --separate-stderr bash -c \
			'perl -MPOSIX -e "sigprocmask(SIG_BLOCK, POSIX::SigSet->new(SIGPIPE)) or die; exec @ARGV" \
				"$GETRANDOM" "$@" | head -c 10 >/dev/null
			echo "${PIPESTATUS[0]}"' _ $args
		[ -z "$stderr" ] || fail_with "$args: $stderr"
		[ "$output" = 141 ] || fail_with "$args: status $output"
	done
}

@test "a full disk (/dev/full) fails with status 1 and says so" {
	run -1 --separate-stderr bash -c '"$GETRANDOM" --bytes 32 >/dev/full'
	[ -z "$output" ]
	[[ $stderr == "getrandom: "*"No space left on device"* ]]
}

@test "a full disk fails once, not once per thread, with --hex and threads" {
	run -1 --separate-stderr bash -c \
		'"$GETRANDOM" --bytes 64M --hex --threads=4 >/dev/full'
	[[ $stderr == "getrandom: "*"No space left on device" ]]
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "a closed standard output fails with status 1 and says so" {
	run -1 --separate-stderr bash -c '"$GETRANDOM" --bytes 32 >&-'
	[[ $stderr == "getrandom: "*"Bad file descriptor"* ]]
}

# piped_fcntl LOG ARGS...: runs getrandom ARGS into `wc -c` under strace,
# its fcntl(2) calls in LOG; prints the byte count, then the exit status.
# INJECT, if set, is an strace fault to inject (e.g. error=EPERM:when=2),
# into fcntl(2) and, on 32-bit targets, fcntl64(2) (FCNTL in helpers.bash).
piped_fcntl() {
	local log=$1
	shift
	export -f strace	# the helper's, for the shell below
	run -0 --separate-stderr bash -c 'strace -qq -o "$1" -e trace="$FCNTL" \
		${INJECT:+-e inject="$FCNTL:$INJECT"} "${@:2}" | wc -c
		echo "${PIPESTATUS[0]}"' _ "$log" "$GETRANDOM" "$@"
	[ -z "$stderr" ]
}

@test "bulk output to a pipe grows the pipe to 1 MiB" {
	require_native
	require strace
	piped_fcntl "$BATS_TEST_TMPDIR/log" --bytes 1M --threads=1
	[ "${lines[0]// /}" = 1048576 ]
	[ "${lines[1]}" = 0 ]
	grep -Eqx 'fcntl(64)?\(1, F_SETPIPE_SZ, 1048576\) *= 1048576' "$BATS_TEST_TMPDIR/log"
}

@test "output that fits a pipe as it is leaves the pipe alone, with no call" {
	require_native
	require strace
	piped_fcntl "$BATS_TEST_TMPDIR/log" --bytes 32K --hex
	[ "${lines[0]// /}" = 65537 ]
	[ "${lines[1]}" = 0 ]
	run ! grep -Eq 'fcntl(64)?\(1' "$BATS_TEST_TMPDIR/log"
}

@test "a pipe that may not grow still gets every byte" {
	require_native
	require strace
	INJECT=error=EPERM:when=2 piped_fcntl "$BATS_TEST_TMPDIR/log" \
		--bytes 3M --hex
	[ "${lines[0]// /}" = $((6 * 1024 * 1024 + 1)) ]
	[ "${lines[1]}" = 0 ]
	grep -q 'F_SETPIPE_SZ.*EPERM' "$BATS_TEST_TMPDIR/log"
}
