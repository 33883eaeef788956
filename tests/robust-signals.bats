#!/usr/bin/env bats
# Signals while the kernel reads and writes a large --output: with SIGINT,
# SIGTERM or SIGKILL in the middle of 4 GiB, FILE is complete or absent and
# no temporary is left; with the named-temporary fallback (no O_TMPFILE)
# too, and when the file size limit raises SIGXFSZ.  Signals at the tool's
# own steps, staged by the shim and strace, are robust-cleanup.bats'.
# Call: bats tests/robust-signals.bats (GETRANDOM=path to test another binary)

bats_require_minimum_version 1.5.0
load helpers
load signals

# has_written PID BYTES: the process wrote at least BYTES so far.
has_written() {
	local wchar

	wchar=$(sed -n 's/^wchar: //p' "/proc/$1/io" 2>/dev/null) || return 1
	[ "${wchar:-0}" -ge "$2" ]
}

# complete_or_absent DIR BYTES: DIR is empty, or holds exactly "key" of BYTES.
complete_or_absent() {
	local left

	left=$(files_in "$1")
	[ -z "$left" ] && return 0
	[ "$left" = key ] && [ "$(size "$1/key")" -eq "$2" ]
}

signal_during_output() {
	local sig=$1 d

	shift
	d=$(outdir)
	start "$@" -- --bytes 4G --output "$d/key"
	until_true has_written "$pid" 1048576
	kill -"$sig" "$pid"
	finish "$pid"
	[ "$status" -eq $((128 + $(kill -l "$sig"))) ]
	complete_or_absent "$d" 4294967296
}

@test "SIGINT during a 4 GiB --output: the file is complete or absent, no temporary" {
	signal_during_output INT
}

@test "SIGTERM during a 4 GiB --output: the file is complete or absent, no temporary" {
	signal_during_output TERM
}

@test "SIGKILL during a 4 GiB --output: the file is complete or absent, no temporary" {
	signal_during_output KILL
}

signal_during_fallback() {
	local sig=$1 d

	d=$(outdir)
	start FAULT_NO_TMPFILE=1 -- --bytes 4G --output "$d/key"
	until_true temp_has_data "$d"
	kill -"$sig" "$pid"
	finish "$pid"
	[ "$status" -eq $((128 + $(kill -l "$sig"))) ]
	complete_or_absent "$d" 4294967296
}

@test "SIGINT during a --output without O_TMPFILE removes the temporary" {
	signal_during_fallback INT
}

@test "SIGTERM during a --output without O_TMPFILE removes the temporary" {
	signal_during_fallback TERM
}

@test "SIGHUP during a --output without O_TMPFILE removes the temporary" {
	signal_during_fallback HUP
}

@test "SIGXFSZ from a file size limit (ulimit -f) leaves no temporary (no O_TMPFILE)" {
	require_native
	d=$(outdir)
	run -$((128 + $(kill -l XFSZ))) bash -c 'ulimit -c 0 && ulimit -f 1024 &&
		exec env FAULT_NO_TMPFILE=1 LD_PRELOAD="$1" "$GETRANDOM" --bytes 4M --output "$2"' \
		_ "$BATS_FILE_TMPDIR/faults.so" "$d/key"
	[ -z "$(files_in "$d")" ]
}
