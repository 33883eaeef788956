#!/usr/bin/env bats
# Fault injection deeper than tests/errors.bats: getrandom(2) failing on
# later calls and returning short reads, write(2) interrupted, refused,
# shortened or failing, read(2) of standard input left non-blocking or
# failing, and every step of --output (O_TMPFILE, write,
# fsync, link, rename) failing.  Each case checks the exact status and
# message, and that no output is silently short and no file or temporary
# file is left behind.  strace injects errors; tests/shim/faults.c does
# what strace cannot (short reads and writes, no O_TMPFILE).

bats_require_minimum_version 1.5.0
load helpers

setup_file() {
	build_tools
}

setup() {
	require strace "strace is not installed"
	f=$BATS_TEST_TMPDIR/data
}

# --- getrandom(2) ---

@test "getrandom(2) failing with EINTR on calls 5 to 8 still gives exactly N bytes" {
	require_native
	run -0 --separate-stderr to "$f" \
		inject getrandom:error=EINTR:when=5..8 -- --bytes 1M --threads 1
	[ "$(injections)" -eq 4 ]
	[ "$(size "$f")" -eq 1048576 ]
	[ "$(zeros "$f")" -lt 16384 ]
	[ -z "$stderr" ]
}

@test "getrandom(2) EINTR on later calls of the parallel fill still gives exactly N bytes" {
	require_native
	run -0 --separate-stderr to "$f" \
		inject getrandom:error=EINTR:when=5..8 -- --bytes 4M --threads 4 --hex
	# strace counts per thread: calls 5 to 8 of each worker that got that far.
	[ "$(injections)" -ge 4 ]
	[ "$(size "$f")" -eq $((2 * 4194304 + 1)) ]
	hex_decoded "$f" >"$f.raw"
	[ "$(size "$f.raw")" -eq 4194304 ]
}

@test "short reads from getrandom(2) still fill all N bytes" {
	require_native
	run -0 --separate-stderr to "$f" \
		shim FAULT_GETRANDOM_MAX=7 -- --bytes 100000 --threads 1
	[ "$(size "$f")" -eq 100000 ]
	# Random bytes are zero 1 time in 256; unfilled ones would all be.
	[ "$(zeros "$f")" -lt 1600 ]
}

@test "one byte per getrandom(2) call still gives the whole hex key" {
	require_native
	run -0 shim FAULT_GETRANDOM_MAX=1 -- --bytes 64 --hex
	[[ $output =~ ^[0-9a-f]{128}$ ]]
	[[ ! $output =~ 0000000000000000 ]]
}

@test "short reads on the parallel path still fill every chunk" {
	require_native
	run -0 --separate-stderr to "$f" \
		shim FAULT_GETRANDOM_MAX=5000 -- --bytes 3M --threads 4 --base64
	base64 -d "$f" >"$f.raw"
	[ "$(size "$f.raw")" -eq 3145728 ]
	[ "$(zeros "$f.raw")" -lt 49152 ]
}

@test "getrandom(2) failing with EFAULT: status 1, a message, nothing written" {
	require_native
	run -1 --separate-stderr inject getrandom:error=EFAULT -- --bytes 32 --hex
	[ "$stderr" = "getrandom: getrandom(2) failed: Bad address" ]
	[ -z "$output" ]
}

@test "EFAULT after part of an --output was written leaves no file" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr \
		inject getrandom:error=EFAULT:when=3 -- --bytes 1M --threads 1 --output "$d/key"
	[ "$stderr" = "getrandom: getrandom(2) failed: Bad address" ]
	[ -z "$(files_in "$d")" ]
}

@test "ENOSYS on a later call of the parallel fill is reported once, and no file is left" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr \
		inject getrandom:error=ENOSYS:when=6 -- --bytes 8M --threads 4 --output "$d/key"
	[ "$stderr" = "getrandom: getrandom(2) is not available: Function not implemented (Linux 3.17 or later is needed)" ]
	[ -z "$(files_in "$d")" ]
}

# failing_from N E ARGS...: getrandom ARGS, stdout in $f, with its own
# getrandom(2) calls failing with E from the Nth on (the shim: strace's
# when= would count the C library's calls too).
failing_from() {
	local from=$1 e=$2
	shift 2
	to "$f" shim FAULT_GETRANDOM_ERRNO="$e" FAULT_GETRANDOM_FAIL_FROM="$from" -- "$@"
}

@test "--nonblock: EAGAIN once bytes were written is a failure, status 1, not 3" {
	require_native
	need_tools
	local why="getrandom: getrandom(2) failed: Resource temporarily unavailable"
	# Call 1 asks whether the pool is ready, call 2 fills the first chunk,
	# which is written: status 3 would say that nothing was.
	run -1 --separate-stderr failing_from 3 EAGAIN --nonblock --bytes 1M --threads 1
	[ "$stderr" = "$why" ]
	[ "$(size "$f")" -eq "$PUMP_CHUNK" ]
	run -1 --separate-stderr failing_from 20 EAGAIN --nonblock -R 1-6 -C 1000000 --threads 1
	[ "$stderr" = "$why" ]
	[ "$(size "$f")" -gt 0 ]
	# The pool really not ready: the first call says so, nothing written.
	run -3 --separate-stderr failing_from 1 EAGAIN --nonblock --bytes 1M --threads 1
	[ "$stderr" = "getrandom: the kernel's entropy pool is not initialized yet" ]
	[ "$(size "$f")" -eq 0 ]
}

@test "threads that cannot start (RLIMIT_NPROC): the rest write every byte, status 0" {
	require_native
	need_tools
	local when
	# 1+: no worker starts, this thread does it all; 2+: one worker does.
	for when in 1+ 2+; do
		run -0 --separate-stderr to "$f" inject "clone3:error=EAGAIN:when=$when" \
			"clone:error=EAGAIN:when=$when" -- --bytes 8M --threads 4 --hex
		[ -z "$stderr" ]
		[ "$(injections)" -ge 1 ]
		[ "$(size "$f")" -eq $((2 * 8388608 + 1)) ]
		hex_decoded "$f" >"$f.raw"
		"$BATS_FILE_TMPDIR/dupblocks" "$f.raw"
		run -0 --separate-stderr to "$f" inject "clone3:error=EAGAIN:when=$when" \
			"clone:error=EAGAIN:when=$when" -- -R 1-6 -C 1000000 --threads 4
		[ -z "$stderr" ]
		[ "$(wc -l <"$f")" -eq 1000000 ]
	done
}

# --- write(2) to standard output ---

@test "write(2) failing with EINTR still gives exactly N bytes" {
	require_native
	run -0 --separate-stderr to "$f" \
		inject write:error=EINTR:when=1..3 -- --bytes 1M --threads 1
	[ "$(injections)" -eq 3 ]
	[ "$(size "$f")" -eq 1048576 ]
}

@test "write(2) failing with EAGAIN: the tool polls and carries on" {
	require_native
	run -0 --separate-stderr to "$f" \
		inject write:error=EAGAIN:when=2..4 -- --bytes 2M --threads 2 --hex
	[ "$(injections)" -eq 3 ]
	grep -q 'poll(' "$BATS_TEST_TMPDIR/trace"
	[ "$(size "$f")" -eq $((2 * 2097152 + 1)) ]
}

# never_written E ARGS...: getrandom ARGS with write(2) failing with E on
# every call (the shim), under a limit that only a hang reaches: a writer
# that takes EINTR or EAGAIN for "again" without end would spin there.
never_written() {
	local e=$1
	shift
	timeout -k 10 120 env FAULT_WRITE_ERRNO="$e" \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" "$@"
}

@test "write(2) failing with EINTR or EAGAIN on every call: status 1 and one message, no spin" {
	require_native
	need_tools
	local e why d
	d=$(outdir)
	for e in EINTR EAGAIN; do
		case $e in
		EINTR) why="Interrupted system call" ;;
		EAGAIN) why="Resource temporarily unavailable" ;;
		esac
		run -1 --separate-stderr to "$f" never_written "$e" --bytes 32 --hex
		[ "$stderr" = "getrandom: write error on standard output: $why" ]
		[ "$(size "$f")" -eq 0 ]
		run -1 --separate-stderr to "$f" never_written "$e" --bytes 2M --threads 2 --hex
		[ "$stderr" = "getrandom: write error on standard output: $why" ]
		run -1 --separate-stderr to "$f" never_written "$e" -R 1-6 -C 10
		[ "$stderr" = "getrandom: write error on standard output: $why" ]
		run -1 --separate-stderr to "$f" never_written "$e" --help
		[ "$stderr" = "getrandom: write error on standard output: $why" ]
		run -1 --separate-stderr never_written "$e" --bytes 32 --output "$d/key"
		[ "$stderr" = "getrandom: cannot write '$d/key': $why" ]
		[ -z "$(files_in "$d")" ]
	done
}

@test "short writes still give exactly N bytes" {
	require_native
	run -0 --separate-stderr to "$f" \
		shim FAULT_WRITE_MAX=1000 -- --bytes 300001 --hex
	[ "$(size "$f")" -eq 600003 ]
	[ "$(hex_decoded "$f" | wc -c)" -eq 300001 ]
}

@test "stdout left non-blocking on a slow pipe: all bytes arrive, raw" {
	require_native
	run -0 perl "$TESTS/tools/nonblock-pipe.pl" env ASAN_OPTIONS=detect_leaks=0 \
		strace -f -qq -o "$BATS_TEST_TMPDIR/trace" -e trace=write,poll \
		"$GETRANDOM" --bytes 4M --threads 1
	[ "$output" = "4194304 0" ]
	# The pipe really was full at times, and the tool waited in poll(2).
	grep -q 'EAGAIN' "$BATS_TEST_TMPDIR/trace"
	grep -q 'poll(' "$BATS_TEST_TMPDIR/trace"
}

@test "stdout left non-blocking on a slow pipe: all bytes arrive, hex on the parallel path" {
	NONBLOCK_COPY=$f run -0 perl "$TESTS/tools/nonblock-pipe.pl" \
		"$GETRANDOM" --bytes 3M --threads 4 --hex
	[ "$output" = "$((2 * 3145728 + 1)) 0" ]
	[ "$(hex_decoded "$f" | wc -c)" -eq 3145728 ]
}

@test "stdin left non-blocking and empty: --shuffle and --sample wait for input, and lose none" {
	local option
	printf '%s\n' one two three four five >"$BATS_TEST_TMPDIR/in"
	for option in --shuffle --sample=2 --sample=9; do
		run -0 --separate-stderr perl "$TESTS/tools/nonblock-stdin.pl" \
			"$BATS_TEST_TMPDIR/in" "$GETRANDOM" "$option"
		[ -z "$stderr" ] || fail_with "$option: $stderr"
		case $option in
		--sample=2) [ "${#lines[@]}" -eq 2 ] && [ "${lines[0]}" != "${lines[1]}" ] &&
			grep -Fqx -- "${lines[0]}" "$BATS_TEST_TMPDIR/in" &&
			grep -Fqx -- "${lines[1]}" "$BATS_TEST_TMPDIR/in" ||
			fail_with "$option: $output" ;;
		*) [ "$(printf '%s\n' "${lines[@]}" | sort)" = "$(sort "$BATS_TEST_TMPDIR/in")" ] ||
			fail_with "$option: $output" ;;
		esac
	done
}

@test "read(2) of stdin failing with EINTR or EAGAIN on every call: status 1 and one message, no spin" {
	require_native
	need_tools
	local e why option
	for e in EINTR EAGAIN; do
		case $e in
		EINTR) why="Interrupted system call" ;;
		EAGAIN) why="Resource temporarily unavailable" ;;
		esac
		for option in --shuffle --sample=2; do
			run -1 --separate-stderr timeout -k 10 120 env FAULT_READ_ERRNO="$e" \
				LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" "$option" </dev/null
			[ "$stderr" = "getrandom: read error on standard input: $why" ] ||
				fail_with "$e $option: $stderr"
			[ -z "$output" ]
		done
	done
}

@test "a worker's getrandom(2) failing while a write fails: one message, status 1" {
	require_native
	need_tools
	local why="getrandom: write error on standard output: Input/output error"
	# The shim orders it: block 0 written while a worker's call fails.
	run -1 --separate-stderr to "$f" \
		timeout -k 10 60 env FAULT_WRITE_RACE=1 LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" \
		"$GETRANDOM" --bytes 4M --threads 2 --hex
	[ "$stderr" = "$why" ]
	run -1 --separate-stderr to "$f" \
		timeout -k 10 60 env FAULT_WRITE_RACE=1 LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" \
		"$GETRANDOM" -R 1-6 -C 10000000 --threads 2
	[ "$stderr" = "$why" ]
}

@test "write(2) failing with ENOSPC on stdout: status 1 and the reason" {
	require_native
	run -1 --separate-stderr to "$f" \
		inject write:error=ENOSPC:when=2 -- --bytes 1M --threads 1
	[ "$stderr" = "getrandom: write error on standard output: No space left on device" ]
}

@test "write(2) failing with EIO on stdout: status 1 and the reason" {
	require_native
	run -1 --separate-stderr to "$f" \
		inject write:error=EIO:when=1 -- --bytes 32 --hex
	[ "$stderr" = "getrandom: write error on standard output: Input/output error" ]
	[ "$(size "$f")" -eq 0 ]
}

# --- --output: write, fsync, link, rename ---

@test "--output: write(2) failing with ENOSPC leaves no file and no temporary" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr \
		inject write:error=ENOSPC:when=3 -- --bytes 1M --threads 1 --output "$d/key"
	[ "$stderr" = "getrandom: cannot write '$d/key': No space left on device" ]
	[ -z "$(files_in "$d")" ]
}

@test "--output: write(2) failing with EIO on the parallel path leaves nothing" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr \
		inject write:error=EIO:when=5 -- --bytes 8M --threads 4 --hex --output "$d/key"
	[ "$stderr" = "getrandom: cannot write '$d/key': Input/output error" ]
	[ -z "$(files_in "$d")" ]
}

@test "--output: write(2) interrupted by EINTR still gives exactly N bytes" {
	require_native
	d=$(outdir)
	run -0 inject write:error=EINTR:when=1..3 -- --bytes 5M --threads 4 --output "$d/key"
	[ "$(size "$d/key")" -eq 5242880 ]
	[ "$(files_in "$d")" = key ]
}

@test "--output: fsync failing leaves no file" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr inject fsync:error=EIO:when=1 -- --output "$d/key"
	[ "$stderr" = "getrandom: cannot sync '$d/key': Input/output error" ]
	[ -z "$(files_in "$d")" ]
}

# Once FILE is in place the run has done what it was asked: status 1
# would tell a script that nothing changed while the old key is gone.
@test "--output: the directory's fsync failing after FILE is placed is a warning, status 0" {
	require_native
	d=$(outdir)
	run -0 --separate-stderr inject fsync:error=EIO:when=2 -- --bytes 100 --output "$d/key"
	[ "$stderr" = "getrandom: '$d/key' is in place, but its directory could not be synced: Input/output error" ]
	[ "$(files_in "$d")" = key ]
	[ "$(size "$d/key")" -eq 100 ]
}

@test "--output --force: the directory's fsync failing still leaves the new key, status 0" {
	require_native
	d=$(outdir)
	echo old >"$d/key"
	run -0 --separate-stderr inject fsync:error=EIO:when=2 -- --bytes 100 --force --output "$d/key"
	[ "$stderr" = "getrandom: '$d/key' is in place, but its directory could not be synced: Input/output error" ]
	[ "$(files_in "$d")" = key ]
	[ "$(size "$d/key")" -eq 100 ]
}

@test "--output: closing FILE failing after it is placed is a warning, status 0" {
	require_native
	d=$(outdir)
	echo old >"$d/key"
	# Which close(2) is FILE's: the first after the rename, in a clean run.
	strace -f -qq -o "$BATS_TEST_TMPDIR/calls" -e trace=close,renameat \
		"$GETRANDOM" --bytes 100 --force --output "$d/key"
	n=$(grep -Eo '(close|renameat)\(' "$BATS_TEST_TMPDIR/calls" |
		sed -n '1,/renameat/p' | grep -c close)
	run -0 --separate-stderr inject "close:error=EIO:when=$((n + 1))" -- \
		--bytes 100 --force --output "$d/key"
	[ "$(injections)" -eq 1 ]
	grep -A1 'renameat(' "$BATS_TEST_TMPDIR/trace" | grep -q 'INJECTED'
	[ "$stderr" = "getrandom: '$d/key' is in place, but closing it failed: Input/output error" ]
	[ "$(size "$d/key")" -eq 100 ]
	[ "$(files_in "$d")" = key ]
}

# --- a directory that may be written and searched, not read (mode 0300) ---

# dropbox: a fresh directory of mode 0300 whose key, "psk", holds "old".
dropbox() {
	d=$(outdir)
	echo old >"$d/psk"
	chmod 0300 "$d"
}

# dropbox_files: what the drop box holds (read with its mode put back).
dropbox_files() {
	chmod 0700 "$d"
	files_in "$d"
}

@test "a drop box (mode 0300): --force replaces the key, syncs its file system, status 0" {
	require_native
	dropbox
	run -0 --separate-stderr unprivileged env ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" \
		strace -f -qq -o "$BATS_TEST_TMPDIR/trace" \
		-e trace=syncfs,fsync "$GETRANDOM" --bytes 40 --force --output "$d/psk"
	[ -z "$stderr" ]
	grep -q '^[0-9]* *syncfs(' "$BATS_TEST_TMPDIR/trace"
	[ "$(dropbox_files)" = psk ]
	[ "$(size "$d/psk")" -eq 40 ]
}

@test "a drop box (mode 0300): a new key is created and synced, status 0" {
	dropbox
	run -0 --separate-stderr unprivileged "$GETRANDOM" --bytes 40 --output "$d/new"
	[ -z "$stderr" ]
	[ "$(dropbox_files | tr '\n' ' ')" = "new psk " ]
	[ "$(size "$d/new")" -eq 40 ]
}

@test "a drop box (mode 0300): the file system's sync failing is a warning, the new key stays" {
	require_native
	dropbox
	run -0 --separate-stderr unprivileged env ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" \
		strace -f -qq -o "$BATS_TEST_TMPDIR/trace" \
		-e inject=syncfs:error=EIO "$GETRANDOM" --bytes 40 --force --output "$d/psk"
	[ "$stderr" = "getrandom: '$d/psk' is in place, but its directory could not be synced: Input/output error" ]
	[ "$(dropbox_files)" = psk ]
	[ "$(size "$d/psk")" -eq 40 ]
}

@test "a drop box (mode 0300), no O_TMPFILE: --force replaces the key, no temporary left" {
	require_native
	dropbox
	run -0 --separate-stderr unprivileged env FAULT_NO_TMPFILE=1 \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" --bytes 40 --force --output "$d/psk"
	[ -z "$stderr" ]
	[ "$(dropbox_files)" = psk ]
	[ "$(size "$d/psk")" -eq 40 ]
}

@test "no O_TMPFILE: removing the temporary name failing after the link is a warning, status 0" {
	require_native
	d=$(outdir)
	run -0 --separate-stderr inject FAULT_NO_TMPFILE=1 unlinkat:error=EIO -- --bytes 40 --output "$d/key"
	[[ $stderr == "getrandom: '$d/key' is in place, but its temporary copy '$d/.key."??????"' could not be removed: Input/output error" ]]
	[ "$(size "$d/key")" -eq 40 ]
}

@test "--output: linkat failing leaves no file" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr inject linkat:error=EIO -- --output "$d/key"
	[ "$stderr" = "getrandom: cannot create '$d/key': Input/output error" ]
	[ -z "$(files_in "$d")" ]
}

@test "--output: linkat with AT_EMPTY_PATH refused, the /proc link is used" {
	require_native
	d=$(outdir)
	run -0 inject linkat:error=EPERM:when=1 -- --bytes 77 --output "$d/key"
	[ "$(injections)" -eq 1 ]
	grep -q '/proc/self/fd/' "$BATS_TEST_TMPDIR/trace"
	[ "$(size "$d/key")" -eq 77 ]
	[ "$(files_in "$d")" = key ]
}

@test "--output: FILE appearing before the link is reported, nothing replaced" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr inject linkat:error=EEXIST -- --output "$d/key"
	[ "$stderr" = "getrandom: '$d/key': File exists (use --force to replace it)" ]
	[ -z "$(files_in "$d")" ]
}

@test "--output --force: rename failing keeps the old file and leaves no temporary" {
	require_native
	d=$(outdir)
	echo old >"$d/key"
	run -1 --separate-stderr inject renameat:error=EIO -- --force --output "$d/key"
	[ "$stderr" = "getrandom: cannot replace '$d/key': Input/output error" ]
	[ "$(cat "$d/key")" = old ]
	[ "$(files_in "$d")" = key ]
}

@test "--output --force: rename failing says replace for an old file, create for a new one" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr inject renameat:error=EIO -- --force --output "$d/new"
	[ "$stderr" = "getrandom: cannot create '$d/new': Input/output error" ]
	[ -z "$(files_in "$d")" ]
}

# statfs(2) tells whether FILE's directory is in /proc; when it fails,
# the regular file that stands there is still one, and the message says
# what failed, before the first byte and again just before the rename.
@test "--output: statfs failing is named as the failure, not as \"not a regular file\"" {
	require_native
	local when
	d=$(outdir)
	echo old >"$d/key"
	# statfs(2) of the path first, then fstatfs(2) of the directory held open.
	for when in statfs fstatfs; do
		run -1 --separate-stderr inject $when:error=EIO:when=1 -- \
			--force --output "$d/key"
		[ "$stderr" = "getrandom: cannot replace '$d/key': Input/output error" ] ||
			fail_with "$when: $stderr"
		[ "$(cat "$d/key")" = old ]
		[ "$(files_in "$d")" = key ]
	done
	run -1 --separate-stderr inject statfs:error=EIO -- --output "$d/key"
	[ "$stderr" = "getrandom: '$d/key': File exists (use --force to replace it)" ]
}

# --- --output without O_TMPFILE: the named temporary file ---

@test "no O_TMPFILE: the named-temporary fallback writes the whole file, mode 0600" {
	require_native
	d=$(outdir)
	run -0 inject FAULT_NO_TMPFILE=1 -- --bytes 4M --threads 4 --hex --output "$d/key"
	grep -q 'O_EXCL' "$BATS_TEST_TMPDIR/trace"	# a named temporary, not O_TMPFILE
	[ "$(files_in "$d")" = key ]
	[ "$(stat -c %a "$d/key")" = 600 ]
	[ "$(size "$d/key")" -eq $((2 * 4194304 + 1)) ]
}

@test "no O_TMPFILE: names of 248 to 255 bytes are created and replaced" {
	require_native
	d=$(outdir)
	local n name
	for n in 248 255; do
		name=$(printf 'k%.0s' $(seq "$n"))
		run -0 --separate-stderr shim FAULT_NO_TMPFILE=1 -- --bytes 16 --output "$d/$name"
		[ "$(size "$d/$name")" -eq 16 ] || { echo "$n: $stderr" >&2; false; }
		run -0 --separate-stderr shim FAULT_NO_TMPFILE=1 -- --bytes 8 --force --output "$d/$name"
		[ "$(size "$d/$name")" -eq 8 ] || { echo "$n --force: $stderr" >&2; false; }
	done
	[ "$(files_in "$d" | wc -l)" -eq 2 ]
}

@test "no O_TMPFILE: --force replaces the file and leaves no temporary" {
	require_native
	d=$(outdir)
	echo old >"$d/key"
	run -0 shim FAULT_NO_TMPFILE=1 -- --bytes 33 --force --output "$d/key"
	[ "$(files_in "$d")" = key ]
	[ "$(size "$d/key")" -eq 33 ]
	[ "$(stat -c %a "$d/key")" = 600 ]
}

@test "no O_TMPFILE: write(2) failing removes the temporary" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr inject FAULT_NO_TMPFILE=1 \
		write:error=ENOSPC:when=2 -- --bytes 1M --threads 1 --output "$d/key"
	[ "$stderr" = "getrandom: cannot write '$d/key': No space left on device" ]
	[ -z "$(files_in "$d")" ]
}

@test "no O_TMPFILE: fsync failing removes the temporary" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr inject FAULT_NO_TMPFILE=1 \
		fsync:error=EIO:when=1 -- --output "$d/key"
	[ "$stderr" = "getrandom: cannot sync '$d/key': Input/output error" ]
	[ -z "$(files_in "$d")" ]
}

@test "no O_TMPFILE: link failing removes the temporary" {
	require_native
	d=$(outdir)
	run -1 --separate-stderr inject FAULT_NO_TMPFILE=1 \
		linkat:error=EIO -- --output "$d/key"
	[ "$stderr" = "getrandom: cannot create '$d/key': Input/output error" ]
	[ -z "$(files_in "$d")" ]
}

@test "no O_TMPFILE: rename failing with --force keeps the old file, removes the temporary" {
	require_native
	d=$(outdir)
	echo old >"$d/key"
	run -1 --separate-stderr inject FAULT_NO_TMPFILE=1 \
		renameat:error=EIO -- --force --output "$d/key"
	[ "$stderr" = "getrandom: cannot replace '$d/key': Input/output error" ]
	[ "$(cat "$d/key")" = old ]
	[ "$(files_in "$d")" = key ]
}
