#!/usr/bin/env bats
# --progress: its report lines to the digit, under a clock that moves only
# when the tool reads it (FAULT_MONOTONIC_STEP_MS, tests/shim/faults.c), so
# that nothing depends on the machine's speed; figures truncated, never
# rounded up; the totals of every layout of bytes and of the draws; only
# what was written counted, with threads too; standard output and the key
# file untouched; a report that cannot be written fails the run; and, on a
# terminal (script(1)), the line rewritten in place and fitted to the width.
# Call: bats tests/progress.bats (GETRANDOM=path to test another binary)
load helpers

setup_file() {
	build_tools
}

setup() {
	common_setup
	require_native
	need_tools
}

# stepped MS ARGS...: getrandom ARGS --progress, its output in $OUT, under
# a monotonic clock that moves MS milliseconds at each read.
stepped() {
	local ms=$1
	shift
	shim FAULT_MONOTONIC_STEP_MS="$ms" -- "$@" --progress >"$OUT"
}

# last_report: the last line of $stderr before the last one.
last_report() {
	local report=("${stderr_lines[@]}")
	echo "${report[${#report[@]} - 2]}"
}

@test "the reports of a run of bytes, to the digit, with one thread and with two" {
	local threads
	# 1 MiB is 11 chunks, one write each: the writes read the clock at
	# 1 s, 2 s, ... 11 s, a report every 5 s, and the last line reads 12 s.
	for threads in 1 2; do
		run -0 --separate-stderr stepped 1000 --bytes 1M --threads "$threads"
		[ "$stderr" = "getrandom: 479 KiB of 1.00 MiB (46%) in 0:00:05, 95.9 KiB/s, about 0:00:05 left
getrandom: 959 KiB of 1.00 MiB (93%) in 0:00:10, 95.9 KiB/s, about 0:00:00 left
getrandom: 1048576 bytes (1.00 MiB) written in 12.00 s, 85.3 KiB/s" ]
		[ "$(size "$OUT")" -eq 1048576 ]
	done
}

@test "every figure is truncated, never rounded up: 1023.99 KiB reads 1023 KiB" {
	# 6 chunks (589680 bytes, 575.9 KiB) at 5.988 s: 96.17 KiB/s, 4.66 s
	# left; the whole 1048575 bytes (1023.999 KiB) at 11.976 s.
	run -0 --separate-stderr stepped 998 --bytes 1048575 --threads 1
	[ "$stderr" = "getrandom: 575 KiB of 1023 KiB (56%) in 0:00:05, 96.1 KiB/s, about 0:00:04 left
getrandom: 1048575 bytes (1023 KiB) written in 11.97 s, 85.5 KiB/s" ]
}

@test "the total of each layout of text is the bytes it writes" {
	local layout
	# A clock 5 s a read reports at every write: the last report's share
	# is 100% only if the total is exact.
	for layout in "--hex --wrap 7 --bytes 50" \
		"--base64 --no-padding --bytes 5 --count 7" \
		"--base32 --bytes 11 --wrap 8" "--hex -z --count 3 --bytes 4" \
		"--base64 --no-newline --bytes 10" "--bytes 1000" \
		"--base64url --wrap 76 --bytes 300000" \
		"--base16 --count 20000 --bytes 16"; do
		# shellcheck disable=SC2086 # the layout's words
		run -0 --separate-stderr stepped 5000 $layout
		[[ $(last_report) == *" (100%) in "*", about 0:00:00 left" ]] ||
			fail_with "$layout: $(last_report), $(size "$OUT") bytes written"
		if [ "$(size "$OUT")" -lt 1024 ]; then
			[ "$(last_report)" = "getrandom: $(size "$OUT") bytes of $(size "$OUT") bytes (100%) in 0:00:05, $(($(size "$OUT") / 5)) bytes/s, about 0:00:00 left" ] ||
				fail_with "$layout: $(last_report)"
		fi
		[[ ${stderr_lines[-1]} == "getrandom: $(size "$OUT") bytes "* ]] ||
			fail_with "$layout: ${stderr_lines[-1]}"
	done
}

@test "draws count lines, and know their total" {
	local threads
	for threads in 1 2; do
		run -0 --separate-stderr stepped 5000 --password 8 --count 100000 \
			--threads "$threads"
		[ "$(wc -l <"$OUT")" -eq 100000 ]
		[[ $(last_report) == "getrandom: 100000 of 100000 lines (100%) in "*", about 0:00:00 left" ]]
		# A report at each write: several, the first of them partial.
		[ "${#stderr_lines[@]}" -gt 3 ]
		[[ ${stderr_lines[0]} != "getrandom: 100000 of "* ]]
		[[ ${stderr_lines[-1]} == "getrandom: 100000 lines written in "*" s, "*" lines/s" ]]
	done
	# A passphrase whose separator breaks lines: one value, four lines.
	run -0 --separate-stderr stepped 5000 --words 4 --separator $'\n'
	[ "$(wc -l <"$OUT")" -eq 4 ]
	[ "$(last_report)" = "getrandom: 4 of 4 lines (100%) in 0:00:05, 0 lines/s, about 0:00:00 left" ]
	[[ ${stderr_lines[-1]} == "getrandom: 4 lines written in 10.00 s, 0 lines/s" ]]
	run -0 --separate-stderr stepped 5000 --uuid
	[ "${stderr_lines[-1]}" = "getrandom: 1 line written in 10.00 s, 0 lines/s" ]
}

@test "a shuffle counts its records; of a --range, it knows the total" {
	run -0 --separate-stderr stepped 5000 --shuffle --range 1-100000
	[[ $(last_report) == "getrandom: 100000 of 100000 lines (100%) in "* ]]
	run -0 --separate-stderr stepped 5000 --sample 10 --range 1-5
	[ "$(last_report)" = "getrandom: 5 of 5 lines (100%) in 0:00:05, 1 lines/s, about 0:00:00 left" ]
	run -0 --separate-stderr stepped 5000 --shuffle --range 1-10 -z
	[ "${stderr_lines[-1]}" = "getrandom: 10 records written in 10.00 s, 1 records/s" ]
	# Lines of input: the total is not known before they are read.
	run -0 --separate-stderr stepped 5000 --shuffle < <(seq 3)
	[ "$(last_report)" = "getrandom: 3 lines in 0:00:05, 0 lines/s" ]
}

@test "nothing goes to standard output or the key file: the same bytes as without it" {
	local without
	without=$BATS_TEST_TMPDIR/without
	shim FAULT_GETRANDOM_BYTE=7 -- --bytes 300000 --hex >"$without"
	run -0 --separate-stderr shim FAULT_GETRANDOM_BYTE=7 \
		FAULT_MONOTONIC_STEP_MS=5000 -- --bytes 300000 --hex --progress
	[ "$output" = "$(cat "$without")" ]
	# 4 chunks, a report at each write, and the last line.
	[ "${#stderr_lines[@]}" -eq 5 ]
	run -0 --separate-stderr shim FAULT_GETRANDOM_BYTE=7 \
		FAULT_MONOTONIC_STEP_MS=5000 -- --bytes 300000 --hex --progress \
		--output "$BATS_TEST_TMPDIR/key"
	[ -z "$output" ]
	cmp "$without" "$BATS_TEST_TMPDIR/key"
	[[ ${stderr_lines[-1]} == "getrandom: 600001 bytes (585 KiB) written in "* ]]
}

# limited KIB ARGS...: getrandom ARGS with standard output in $OUT, which
# may not grow past KIB KiB (the write past it fails with EFBIG).
limited() {
	local kib=$1
	shift
	(
		trap '' XFSZ
		ulimit -f "$kib"
		stepped 5000 "$@"
	)
}

@test "only what was written is counted, with the workers filling ahead" {
	local threads reported
	# Two-byte lines in 64 KiB blocks: the file stops within the 16th.
	for threads in 1 2 4; do
		run -1 --separate-stderr limited 1000 --range 0-9 --count 10000000 \
			--threads "$threads"
		[[ $stderr == *"File too large"* ]]
		reported=$(printf '%s\n' "${stderr_lines[@]}" |
			sed -n 's/^getrandom: \([0-9]*\) of 10000000 lines.*/\1/p' | tail -n 1)
		[ "$reported" -gt 0 ]
		[ "$reported" -le "$(wc -l <"$OUT")" ] ||
			fail_with "-j $threads: $reported lines reported, $(wc -l <"$OUT") written"
		[ "$reported" -gt $(($(wc -l <"$OUT") - 32768)) ]
	done
}

# to_full COMMAND...: runs COMMAND with standard error on /dev/full, and
# without_stderr with standard error closed.
to_full() {
	"$@" 2>/dev/full
}

without_stderr() {
	"$@" 2>&-
}

@test "a report that cannot be written fails the run, and no key file is made" {
	local dir=$BATS_TEST_TMPDIR/keys
	mkdir "$dir"
	run -1 to_full "$GETRANDOM" --bytes 64 --progress --output "$dir/key"
	[ -z "$(ls -A "$dir")" ]
	# To standard output the bytes are out, but the status says it failed.
	run -1 to_full gr --bytes 64 --progress
	[ "$(size "$OUT")" -eq 64 ]
	# With standard error closed, the same.
	run -1 without_stderr "$GETRANDOM" --bytes 64 --progress --output "$dir/key"
	[ -z "$(ls -A "$dir")" ]
	# A report that fails during the run stops it there: after one chunk.
	run -1 to_full stepped 5000 --bytes 10M --threads 1
	[ "$(size "$OUT")" -eq "$PUMP_CHUNK" ]
}

@test "--check and --progress cannot be used together" {
	run -2 --separate-stderr gr --check --progress
	assert_usage_error "--check and --progress cannot be used together"
}

# on_terminal COLS STEP ARGS...: getrandom ARGS --progress with a terminal
# COLS wide as standard error, standard output to $OUT, the clock moved
# STEP ms a read; what the terminal shows is in $output.
on_terminal() {
	local cols=$1 step=$2 command
	shift 2
	command=$(printf '%q ' env FAULT_MONOTONIC_STEP_MS="$step" \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" "$@" --progress)
	script -qec "stty cols $cols; $command >$(printf '%q' "$OUT")" /dev/null </dev/null
}

needs_script() {
	script -qec true /dev/null </dev/null >/dev/null 2>&1 ||
		skip "script (util-linux) not installed"
}

@test "on a terminal the line is rewritten in place, and the last line ends it" {
	needs_script
	run -0 on_terminal 200 300 --bytes 1M --threads 1
	# Eleven writes at 0.3 s, 0.6 s, ... 3.3 s: reports at 1.2 s and 2.4 s
	# (a second after the last), the last line at 3.6 s, covering the
	# longer line before it with spaces; the tty ends it with CR LF.
	[ "$output" = $'\r'"getrandom: 383 KiB of 1.00 MiB (37%) in 0:00:01, 319 KiB/s, about 0:00:02 left"$'\r'"getrandom: 767 KiB of 1.00 MiB (74%) in 0:00:02, 319 KiB/s, about 0:00:00 left"$'\r'"getrandom: 1048576 bytes (1.00 MiB) written in 3.60 s, 284 KiB/s              "$'\r' ]
	[ "$(size "$OUT")" -eq 1048576 ]
}

@test "on a narrow terminal whole fields are dropped, never a figure cut" {
	needs_script
	local wide narrow i
	run -0 on_terminal 200 300 --bytes 1M --threads 1
	# Split at each carriage return (read drops the empty field before the first).
	IFS=$'\r' read -ra wide <<<"$output"
	run -0 on_terminal 60 300 --bytes 1M --threads 1
	IFS=$'\r' read -ra narrow <<<"$output"
	[ "${#narrow[@]}" -eq "${#wide[@]}" ]
	[ "${narrow[0]}" = "getrandom: 383 KiB of 1.00 MiB (37%) in 0:00:01, 319 KiB/s" ]
	for ((i = 0; i < ${#wide[@]} - 1; i++)); do
		[ "${#narrow[i]}" -le 59 ]
		# Its text, without the spaces that cover a longer line.
		[[ ${wide[i]} == "${narrow[i]%"${narrow[i]##*[! ]}"}"* ]]
	done
}
