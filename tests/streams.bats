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

@test "a stream that is not a multiple of the buffer size is exact" {
	stream_count --bytes $((5 * 1024 * 1024 + 12345))
	[ "${lines[0]// /}" = $((5 * 1024 * 1024 + 12345)) ]
}

@test "a closed pipe ends getrandom --bytes 1G | head -c 10 by SIGPIPE, quietly" {
	run -0 --separate-stderr bash -c \
		'"$GETRANDOM" --bytes 1G | head -c 10 | wc -c; echo "${PIPESTATUS[0]}"'
	[ -z "$stderr" ]
	[ "${lines[0]// /}" = 10 ]
	[ "${lines[1]}" = 141 ]
}

@test "a closed pipe ends an endless stream too (2^64-1 bytes, threads)" {
	run -0 --separate-stderr timeout 600 bash -c \
		'"$GETRANDOM" --bytes 18446744073709551615 --hex | head -c 10 >/dev/null
		echo "${PIPESTATUS[0]}"'
	[ -z "$stderr" ]
	[ "$output" = 141 ]
}

@test "SIGPIPE ends it quietly even when the parent ignored SIGPIPE" {
	run -0 --separate-stderr timeout 600 bash -c \
		'trap "" PIPE
		"$GETRANDOM" --bytes 1G | head -c 10 >/dev/null
		echo "${PIPESTATUS[0]}"'
	[ -z "$stderr" ]
	[ "$output" = 141 ]
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

@test "a non-blocking pipe still gets every byte" {
	# The reader is slow to start, so writes into the O_NONBLOCK pipe
	# fail with EAGAIN until it reads: the tool must wait, not drop bytes.
	require python3 "python3 not installed (sets O_NONBLOCK on the pipe)"
	run -0 --separate-stderr bash -c '
		python3 -c "
import fcntl, os, subprocess, sys
r, w = os.pipe()
fcntl.fcntl(w, fcntl.F_SETFL, fcntl.fcntl(w, fcntl.F_GETFL) | os.O_NONBLOCK)
p = subprocess.Popen([os.environ[\"GETRANDOM\"], \"--bytes\", \"4M\"], stdout=w)
os.close(w)
n = 0
while True:
    b = os.read(r, 65536)
    if not b:
        break
    n += len(b)
print(n, p.wait())
"'
	[ -z "$stderr" ]
	[ "$output" = "$((4 * 1024 * 1024)) 0" ]
}
