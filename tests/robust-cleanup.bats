#!/usr/bin/env bats
# Signals at the tool's own steps, staged where no kernel changes the
# outcome: the shim (FAULT_POOL_BLOCKS) makes getrandom(2) sleep until a
# signal, as the kernel does before the pool is ready, or stops the tool
# just after it names a temporary; strace raises a signal as a call
# begins.  Every signal whose default action ends the process removes the
# named temporary first (SIGKILL aside: nothing can clean up after it); a
# signal the parent ignored stays ignored; --timeout's timer ends the wait
# whatever the parent left blocked, pending or set; once FILE is in place
# a signal no longer changes the status.  The real wait is the guest's
# (tests/guest/uninitialized.bats), signals during real large writes are
# robust-signals.bats'.
# Call: bats tests/robust-cleanup.bats (GETRANDOM=path to test another binary)

bats_require_minimum_version 1.5.0
load helpers
load signals

# The signals whose default action ends the process, by number: the
# standard ones and the real-time ones, SIGRTMIN to SIGRTMAX.
fatal_signals() {
	local name
	for name in HUP INT QUIT ILL TRAP ABRT BUS FPE USR1 SEGV USR2 PIPE ALRM \
		TERM STKFLT XCPU XFSZ VTALRM PROF IO PWR SYS; do
		kill -l "$name"
	done
	seq "$(kill -l RTMIN)" "$(kill -l RTMAX)"
}

@test "every signal that ends the tool removes the temporary first (no O_TMPFILE)" {
	require_native
	local sigs pids=() i d
	read -ra sigs <<<"$(fatal_signals | tr '\n' ' ')"
	ulimit -c 0	# SIGQUIT, SIGSEGV and others would leave a core file
	# The sanitizer build's own handlers would take these three and exit 1.
	export ASAN_OPTIONS=$ASAN_OPTIONS:handle_segv=0:handle_sigbus=0:handle_sigfpe=0
	# One run per signal, all at once (one after the other took minutes under
	# TCG), each waiting in getrandom(2) with its temporary made.
	for i in "${!sigs[@]}"; do
		d=$BATS_TEST_TMPDIR/out$i
		mkdir "$d"
		start FAULT_NO_TMPFILE=1 FAULT_POOL_BLOCKS=1 \
			FAULT_READY_FILE="$BATS_TEST_TMPDIR/waiting$i" -- --bytes 32 --output "$d/key"
		pids[i]=$pid
	done
	for i in "${!sigs[@]}"; do
		until_true test -e "$BATS_TEST_TMPDIR/waiting$i"
		[ -n "$(files_in "$BATS_TEST_TMPDIR/out$i")" ]	# the temporary
		kill -"${sigs[i]}" "${pids[i]}"
	done
	for i in "${!sigs[@]}"; do
		finish "${pids[i]}"
		[ "$status" -eq $((128 + sigs[i])) ] ||
			fail_with "signal ${sigs[i]} ($(kill -l "${sigs[i]}")): status $status"
		[ -z "$(files_in "$BATS_TEST_TMPDIR/out$i")" ] ||
			fail_with "signal ${sigs[i]} ($(kill -l "${sigs[i]}")) left $(files_in "$BATS_TEST_TMPDIR/out$i")"
	done
}

@test "a signal once FILE is linked in place leaves status 0 and the whole FILE" {
	require_native
	require strace
	d=$(outdir)
	# strace raises SIGTERM as the link (or the --force rename) begins.
	run -0 strace -f -qq -o /dev/null -e inject=linkat:signal=SIGTERM \
		"$GETRANDOM" --bytes 32 --output "$d/key"
	[ "$(size "$d/key")" -eq 32 ]
	echo old >"$d/key"
	run -0 strace -f -qq -o /dev/null -e inject=renameat:signal=SIGTERM \
		"$GETRANDOM" --bytes 32 --force --output "$d/key"
	[ "$(size "$d/key")" -eq 32 ]
	[ "$(files_in "$d")" = key ]
}

# What the documents say SIGKILL can leave: --force links the new key
# under a hidden name and renames it over FILE, and no handler runs.
@test "SIGKILL between --force's link and its rename leaves the new key under its hidden name, FILE as it was" {
	require_native
	require strace
	local hidden
	d=$(outdir)
	echo old >"$d/key"
	run -137 strace -f -qq -o /dev/null -e inject=renameat:signal=SIGKILL \
		"$GETRANDOM" --bytes 32 --force --output "$d/key"
	[ "$(cat "$d/key")" = old ]
	hidden=$(files_in "$d" | grep -v '^key$')
	[[ $hidden == .key.?????? ]] || fail_with "left: $(files_in "$d")"
	[ "$(size "$d/$hidden")" -eq 32 ]
	[ "$(stat -c %a "$d/$hidden")" = 600 ]
}

@test "a signal just before FILE is placed still ends the run, nothing changed" {
	require_native
	require strace
	d=$(outdir)
	echo old >"$d/key"
	run -143 strace -f -qq -o /dev/null -e inject=fsync:signal=SIGTERM:when=1 \
		"$GETRANDOM" --bytes 32 --force --output "$d/key"
	[ "$(cat "$d/key")" = old ]
	[ "$(files_in "$d")" = key ]
}

@test "fatal signals ignored by the parent (nohup) stay ignored in the fallback" {
	require_native
	d=$(outdir)
	perl -e '$SIG{$_} = "IGNORE" for qw(HUP USR1 QUIT); exec @ARGV or die' \
		env FAULT_NO_TMPFILE=1 LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" \
		"$GETRANDOM" --bytes 256M --output "$d/key" \
		</dev/null >/dev/null 2>"$BATS_TEST_TMPDIR/stderr" 3>&- &
	pid=$!
	until_true temp_has_data "$d"
	kill -HUP "$pid"
	kill -USR1 "$pid"
	kill -QUIT "$pid"
	finish "$pid"
	[ "$status" -eq 0 ]
	[ "$(files_in "$d")" = key ]
	[ "$(size "$d/key")" -eq 268435456 ]
}

# --- a blocking wait for the pool (simulated by the shim) ---

signal_during_wait() {
	local sig=$1

	shift
	start FAULT_POOL_BLOCKS=1 FAULT_READY_FILE="$BATS_TEST_TMPDIR/waiting" -- "$@"
	until_true test -e "$BATS_TEST_TMPDIR/waiting"
	kill -"$sig" "$pid"
	finish "$pid"
	[ "$status" -eq $((128 + $(kill -l "$sig"))) ]
	[ ! -s "$BATS_TEST_TMPDIR/stdout" ]
}

@test "SIGINT while getrandom(2) waits for the pool ends the tool at once" {
	signal_during_wait INT --bytes 32 --hex
}

@test "SIGINT while --bytes 0 waits for the pool ends the tool at once" {
	signal_during_wait INT --bytes 0
}

@test "SIGINT during a --timeout wait ends the tool at once" {
	signal_during_wait INT --timeout 3600 --hex
}

# sleeping PID: the process is asleep (state S): in the shim's pause(),
# once it has made its FAULT_READY_FILE, not about to call it.
sleeping() {
	[ "$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f1)" = S ]
}

@test "a SIGRTMIN sent by kill(1) during a --timeout wait is not taken for its time-out" {
	require_native
	# --timeout's timer signals with SIGRTMIN; one from outside is not
	# its expiry, and must not end the wait with "timed out after 3600 s".
	start FAULT_POOL_BLOCKS=1 FAULT_READY_FILE="$BATS_TEST_TMPDIR/waiting" \
		-- --timeout 3600 --hex
	until_true test -e "$BATS_TEST_TMPDIR/waiting"
	until_true sleeping "$pid"
	rm "$BATS_TEST_TMPDIR/waiting"
	kill -RTMIN "$pid"
	# Waiting again (the shim makes the file anew), or ended.
	until_true eval 'test -e "$BATS_TEST_TMPDIR/waiting" || gone "$pid"'
	kill -TERM "$pid" 2>/dev/null || true
	finish "$pid"
	[ "$status" -eq 143 ]
	[ ! -s "$BATS_TEST_TMPDIR/stderr" ]
	[ ! -s "$BATS_TEST_TMPDIR/stdout" ]
}

@test "SIGTERM while waiting for the pool ends the tool at once" {
	signal_during_wait TERM --bytes 16
}

@test "SIGINT while waiting for the pool with --output leaves no file" {
	d=$(outdir)
	signal_during_wait INT --bytes 32 --output "$d/key"
	[ -z "$(files_in "$d")" ]
}

@test "SIGINT while waiting for the pool, no O_TMPFILE: the temporary is removed" {
	require_native
	d=$(outdir)
	start FAULT_NO_TMPFILE=1 FAULT_POOL_BLOCKS=1 \
		FAULT_READY_FILE="$BATS_TEST_TMPDIR/waiting" -- --bytes 32 --output "$d/key"
	until_true test -e "$BATS_TEST_TMPDIR/waiting"
	[ -n "$(files_in "$d")" ]	# the temporary exists while it waits
	kill -INT "$pid"
	finish "$pid"
	[ "$status" -eq 130 ]
	[ -z "$(files_in "$d")" ]
}

# times_out DURATION: with the pool's wait simulated, --timeout DURATION
# ends it with status 3 and the message that names DURATION as given, and
# writes nothing.
times_out() {
	run -3 --separate-stderr env FAULT_POOL_BLOCKS=1 \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" --timeout "$1" --hex
	[ "$stderr" = "getrandom: timed out after $1 s waiting for the kernel's entropy pool to be initialized" ]
	[ -z "$output" ]
}

@test "the simulated pool wait really blocks: --timeout expires with status 3" {
	require_native
	times_out 0.2
}

@test "--timeout=0 on a pool not ready never waits: status 3 at once, not a zero timer" {
	require_native
	local t
	# A zero timer is no timer (timer_settime disarms it): a wait armed
	# with one would block for ever on the simulated pool.  timeout(1)
	# only bounds that hang; it times nothing.
	for t in 0 0s 0.0 .0m; do
		run -3 --separate-stderr timeout -k 10 120 env FAULT_POOL_BLOCKS=1 \
			LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" --timeout "$t" --hex
		[ "$stderr" = "getrandom: the kernel's entropy pool is not initialized yet" ] ||
			fail_with "--timeout $t: status $status: $stderr"
		[ -z "$output" ]
	done
}

@test "a --timeout that expires before the wait has started still ends the wait" {
	require_native
	# The first SIGALRM lands before getrandom(2) blocks; a one-shot timer
	# would leave the tool waiting forever (until the per-test limit).
	times_out 0.000001
}

@test "a --timeout finer than a microsecond is kept to the nanosecond" {
	require_native
	times_out 0.0000015
}

# signals_blocked [pending] [VAR=VALUE...] -- ARGS...: getrandom ARGS with
# every signal blocked in the mask it inherits (and, with "pending", a
# SIGALRM and a signal of --timeout's timer already waiting), with the shim
# and VAR=VALUE in its environment when any are given, under a limit that
# only a hang reaches.
signals_blocked() {
	local raise=0 with=()
	[ "$1" != pending ] || { raise=1; shift; }
	shim_settings "$@"
	shift "$shim_words"
	[ ${#shim_vars[@]} -eq 0 ] ||
		with=(env "${shim_vars[@]}" LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so")
	timeout -k 10 60 perl -MPOSIX -e '
		my $every = POSIX::SigSet->new;
		$every->fillset;
		sigprocmask(SIG_BLOCK, $every) or die;
		kill("ALRM", $$) && kill(SIGRTMIN, $$) or die if shift;
		exec @ARGV or die' "$raise" "${with[@]}" "$GETRANDOM" "$@"
}

@test "a --timeout expires even when the parent left every signal blocked" {
	require_native
	run -3 --separate-stderr signals_blocked FAULT_POOL_BLOCKS=1 -- --timeout 0.2 --hex
	[ "$stderr" = "getrandom: timed out after 0.2 s waiting for the kernel's entropy pool to be initialized" ]
	[ -z "$output" ]
}

@test "signals already pending and blocked neither kill a --timeout run nor end its wait" {
	require_native
	run -0 signals_blocked pending -- --timeout 60 --hex
	[[ $output =~ ^[0-9a-f]{64}$ ]]
	run -3 --separate-stderr signals_blocked pending FAULT_POOL_BLOCKS=1 -- --timeout 0.2 --hex
	[ "$stderr" = "getrandom: timed out after 0.2 s waiting for the kernel's entropy pool to be initialized" ]
}

# with_alarm SECONDS COMMAND...: COMMAND, output discarded, under an
# alarm set before exec (which exec keeps), as `perl -e 'alarm N; exec'`
# bounds a command; under a limit that only a lost alarm reaches.
with_alarm() {
	local seconds=$1
	shift
	timeout -k 10 60 perl -e '
		alarm shift;
		open STDOUT, ">", "/dev/null" or die;
		exec @ARGV or die' "$seconds" "$@"
}

@test "an alarm set before exec still ends a --timeout run at its time" {
	require_native
	# During the output (a terabyte would take an hour), and during a wait
	# whose own deadline is far later: SIGALRM's default action, status
	# 142, not the limit's 124.
	run -142 with_alarm 1 "$GETRANDOM" --timeout 600 --bytes 1T
	run -142 with_alarm 1 env FAULT_POOL_BLOCKS=1 \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" --timeout 600 --hex
}

@test "a tiny --timeout with the pool initialized still writes the bytes" {
	run -0 "$GETRANDOM" --timeout 0.000001 --hex
	[[ $output =~ ^[0-9a-f]{64}$ ]]
}

# --- the moment a temporary file has just been created ---

@test "SIGINT just as the named temporary is created (no O_TMPFILE) leaves nothing" {
	require_native
	d=$(outdir)
	# SIGINT at its default disposition: a run started in the background
	# (as CI may be) inherits it ignored, and an ignored SIGINT stays so.
	run -130 perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' \
		env FAULT_NO_TMPFILE=1 FAULT_SIGNAL_AFTER_CREATE=2 \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" --output "$d/key"
	[ -z "$(files_in "$d")" ]
}

@test "SIGTERM just as the --force temporary name is taken leaves only the old file" {
	require_native
	d=$(outdir)
	echo old >"$d/key"
	run -143 env FAULT_SIGNAL_AFTER_CREATE=15 \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" --force --output "$d/key"
	[ "$(files_in "$d")" = key ]
	[ "$(cat "$d/key")" = old ]
}
