#!/usr/bin/env bats
# Every option that works: sizes and their suffixes, the GRND_* flags,
# --timeout, --check, --threads, --help and --version.  Bad values are in
# usage.bats, forced kernel errors in errors.bats.
# Call: bats tests/options.bats (GETRANDOM=path to test another binary)
load helpers

# accepts_size N: --bytes N parses and starts writing (the pipe is closed
# after one byte, so huge sizes end with SIGPIPE, status 141, and quietly).
accepts_size() {
	run -0 --separate-stderr bash -c \
		'"$GETRANDOM" --bytes "$1" | head -c 1 | wc -c; echo "${PIPESTATUS[0]}"' \
		_ "$1"
	[ -z "$stderr" ]
	[ "${lines[0]// /}" = 1 ]
	[ "${lines[1]}" = 141 ]
}

# rejects_size N: --bytes N is a usage error.
rejects_size() {
	run --separate-stderr gr --bytes "$1"
	assert_usage_error "'$1'"
}

# counts_size N BYTES: --bytes N writes exactly BYTES bytes.
counts_size() {
	run -0 --separate-stderr gr --bytes "$1"
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq "$2" ]
}

@test "--bytes=N and --bytes N and -n N and -nN all take N" {
	counts_size 7 7
	run -0 gr --bytes=9
	[ "$(size "$OUT")" -eq 9 ]
	run -0 gr -n 11
	[ "$(size "$OUT")" -eq 11 ]
	run -0 gr -n13
	[ "$(size "$OUT")" -eq 13 ]
}

@test "the last --bytes wins" {
	run -0 gr --bytes 5 --bytes 6
	[ "$(size "$OUT")" -eq 6 ]
}

@test "leading zeros are decimal, not octal" {
	counts_size 010 10
}

@test "K and KiB are 1024 bytes, KB is 1000" {
	counts_size 1K 1024
	counts_size 1KiB 1024
	counts_size 1KB 1000
	counts_size 3K 3072
}

@test "M and MiB are 1048576 bytes, MB is 1000000" {
	counts_size 1M 1048576
	counts_size 1MiB 1048576
	counts_size 1MB 1000000
}

@test "G and GiB are 2^30: 17179869183G is accepted, 17179869184G (2^64) is not" {
	accepts_size 17179869183G
	accepts_size 17179869183GiB
	rejects_size 17179869184G
	rejects_size 17179869184GiB
}

@test "GB is 10^9: 18446744073GB is accepted, 18446744074GB is not" {
	accepts_size 18446744073GB
	rejects_size 18446744074GB
}

@test "T and TiB are 2^40: 16777215T is accepted, 16777216T (2^64) is not" {
	accepts_size 16777215T
	accepts_size 16777215TiB
	rejects_size 16777216T
	rejects_size 16777216TiB
}

@test "TB is 10^12: 18446744TB is accepted, 18446745TB is not" {
	accepts_size 18446744TB
	rejects_size 18446745TB
}

@test "--bytes accepts 2^64-1" {
	accepts_size 18446744073709551615
}

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

@test "--timeout takes whole seconds, -t takes 0" {
	run -0 gr --timeout 2 --bytes 8
	[ "$(size "$OUT")" -eq 8 ]
	run -0 gr -t 0 --bytes 8
	[ "$(size "$OUT")" -eq 8 ]
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

@test "--check with --random, --nonblock, --force or --threads is refused" {
	local option
	for option in --random --nonblock --force --threads=2; do
		run --separate-stderr gr --check "$option"
		assert_usage_error "--check and ${option%=*}"
	done
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

@test "--threads=16 draws the bytes from several threads" {
	require_native
	require strace
	run -0 traced "$BATS_TEST_TMPDIR/log" --bytes 4M --threads=16
	[ "$(size "$OUT")" -eq $((4 * 1024 * 1024)) ]
	[ "$(grep -E 'getrandom\("[^"]+"' "$BATS_TEST_TMPDIR/log" | cut -d ' ' -f 1 | sort -u | wc -l)" -gt 1 ]
}

@test "--threads=1024 starts no more threads than the output has chunks" {
	require_native
	require strace
	# 2 MiB is 22 chunks: the thread that writes and at most 21 more.
	run -0 threads_started "$GETRANDOM" --bytes 2M --threads=1024
	[ "$output" -ge 1 ] && [ "$output" -le 21 ] ||
		fail_with "$output threads for 22 chunks"
}

@test "--help goes to stdout in the GNU layout and exits 0" {
	run -0 --separate-stderr "$GETRANDOM" --help
	[ -z "$stderr" ]
	[ "${lines[0]}" = "Usage: getrandom [OPTION]..." ]
	[[ $output == *$'\n'"      --help "* ]]
	[[ $output == *$'\n'"      --version "* ]]
}

@test "--help describes every long option" {
	run -0 "$GETRANDOM" --help
	local option
	for option in --bytes=N --hex --base64 --random --nonblock --insecure \
		--timeout=DURATION --check --output=FILE --force --threads=N \
		--help --version; do
		[[ $output == *" $option"[$' \n']* ]] || fail_with "no $option in --help"
	done
}

@test "--help lists each option once" {
	run -0 "$GETRANDOM" --help
	# The option lines: "  -x, --long..." or "      --long...".
	local dups
	dups=$(grep -oE '^  (-[a-zA-Z], )?--[a-z0-9-]+|^      --[a-z0-9-]+' <<<"$output" |
		sed -E 's/^ +(-[a-zA-Z], )?//' | sort | uniq -d)
	[ -z "$dups" ] || fail_with "listed twice: $dups"
}

@test "--help lists the exit statuses" {
	run -0 "$GETRANDOM" --help
	[[ $output == *"Exit status:"* ]]
	local code
	for code in 0 1 2 3; do
		[[ $output == *$'\n'" $code  "* ]] || fail_with "no status $code"
	done
}

@test "--version prints 'getrandom X.Y' first, to stdout, and exits 0" {
	run -0 --separate-stderr "$GETRANDOM" --version
	[ -z "$stderr" ]
	[[ ${lines[0]} =~ ^getrandom\ [0-9]+\.[0-9]+(\.[0-9]+)?$ ]]
}

@test "--help to a full disk fails with status 1" {
	run -1 --separate-stderr bash -c '"$GETRANDOM" --help >/dev/full'
	[[ $stderr == "getrandom: "*"No space left on device"* ]]
}

# help_through_full_pipe OPTION ROOM: OPTION's text, written to a
# non-blocking pipe with ROOM bytes of room, all arrives and the status is 0.
help_through_full_pipe() {
	NONBLOCK_ROOM=$2 NONBLOCK_COPY=$BATS_TEST_TMPDIR/copy run -0 --separate-stderr \
		perl "$TESTS/tools/nonblock-pipe.pl" "$GETRANDOM" "$1"
	"$GETRANDOM" "$1" >"$BATS_TEST_TMPDIR/text"
	[ "$output" = "$(size "$BATS_TEST_TMPDIR/text") 0" ] ||
		fail_with "$1, $2 bytes of room: $output $stderr"
	cmp "$BATS_TEST_TMPDIR/copy" "$BATS_TEST_TMPDIR/text"
	[ -z "$stderr" ]
}

@test "--help and --version reach a non-blocking pipe that takes them in pieces" {
	# One page of room: the kernel takes part of --help and says so.
	help_through_full_pipe --help 4096
	# No room at all for a short text: write(2) says EAGAIN.
	help_through_full_pipe --help 100
	help_through_full_pipe --version 100
}

@test "--help and --version survive short and interrupted writes" {
	require_native
	build_tools
	need_tools
	run -0 shim FAULT_WRITE_MAX=7 -- --help
	[ "$output" = "$("$GETRANDOM" --help)" ]
	run -0 shim FAULT_WRITE_MAX=7 -- --version
	[ "$output" = "$("$GETRANDOM" --version)" ]
	require strace
	run -0 strace -qq -o /dev/null -e inject=write:error=EINTR:when=1 "$GETRANDOM" --version
	[ "$output" = "$("$GETRANDOM" --version)" ]
}

@test "the program name in messages is getrandom, whatever it is run as" {
	cp "$GETRANDOM" "$BATS_TEST_TMPDIR/other-name"
	run -2 --separate-stderr "$BATS_TEST_TMPDIR/other-name" --bytes=x
	[[ $stderr == "getrandom: "* ]]
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

@test "--hex of 2^63 bytes and more still grows the pipe (no overflow)" {
	require_native
	require strace
	local n
	for n in 9223372036854775808 18446744073709551615; do
		ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
			run bash -c 'strace -qq -o "$1" -e trace="$FCNTL" "$GETRANDOM" --hex --bytes "$2" |
			head -c 1 >/dev/null' _ "$BATS_TEST_TMPDIR/fcntl.log" "$n"
		grep -q 'F_SETPIPE_SZ, 1048576' "$BATS_TEST_TMPDIR/fcntl.log" ||
			fail_with "--hex --bytes $n: $(cat "$BATS_TEST_TMPDIR/fcntl.log")"
	done
}
