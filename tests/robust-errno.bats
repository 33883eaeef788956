#!/usr/bin/env bats
# Any errno from any system call the tool makes, as a seccomp filter may
# return it, ends in one message "getrandom: ..." and a documented status
# (1, or 3 where the pool is not ready), never in a signal or a hang, and
# leaves no output and no file behind.  The tool's own conditions (its
# --timeout expiring, a pool that is not ready) are not errno values, so
# an ETIMEDOUT or EAGAIN from a call cannot pass for them.  strace injects
# the errors (tests/robust-faults.bats checks the exact messages of the
# usual ones; this file sweeps the whole table).
# Call: bats tests/robust-errno.bats

bats_require_minimum_version 1.5.0
load helpers

# Errno values a filter may return: the ones the tool reads a meaning
# into, everyday ones, and ones no kernel would give for these calls.
ERRNOS="ETIMEDOUT EAGAIN EINTR EPERM ENOSYS EINVAL EFAULT EIO ENOMEM ENOSPC
EACCES EBADF EEXIST ENOENT EROFS EDQUOT EMFILE EOVERFLOW EPIPE ESRCH"

setup() {
	require strace "strace is not installed"
	D=$BATS_TEST_TMPDIR/out
	mkdir -p "$D"
	f=$BATS_TEST_TMPDIR/stdout
	err=$BATS_TEST_TMPDIR/stderr
}

# sweep WHAT SPEC WANT ARGS...: for every errno E of $ERRNOS, runs
# getrandom ARGS under strace with -e inject=SPEC:error=E (SPEC may carry
# strace options before it, "-P PATH inject"), standard output in $f, and
# checks: the status is WANT (or 3 where the E named in WANT3 gives it),
# stderr is one line "getrandom: ...", nothing is written when WANT_EMPTY
# is set, and $D holds nothing but what was there before.
sweep() {
	local spec=$1 e status lines before
	shift
	before=$(files_in "$D")
	for e in $ERRNOS; do
		local want=1 opts=()
		case " ${WANT3:-} " in *" $e "*) want=3 ;; esac
		[ -n "${ONLY_PATH:-}" ] && opts=(-P "$ONLY_PATH")
		status=0
		# The limit is reached only by a hang: status 124, a failure.
		# (timeout runs strace itself, not helpers.bash's strace(), so
		# LeakSanitizer, which cannot run traced, is turned off here.)
		ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
			timeout -k 10 120 strace -f -qq -o /dev/null "${opts[@]}" \
			-e inject="$spec":error="$e" "$GETRANDOM" "$@" >"$f" 2>"$err" ||
			status=$?
		[ "$status" -eq "$want" ] ||
			fail_with "$spec:error=$e, $*: status $status, not $want: $(cat "$err")" ||
			return 1
		if [ "$want" -eq 3 ] && [ -n "${QUIET3:-}" ]; then
			[ ! -s "$err" ] || fail_with "$spec:error=$e, $*: $(cat "$err")" || return 1
		else
			lines=$(grep -c '' "$err" || true)
			[ "$lines" -eq 1 ] && grep -q '^getrandom: ' "$err" ||
				fail_with "$spec:error=$e, $*: stderr: $(cat "$err")" || return 1
		fi
		if [ -n "${WANT_EMPTY:-}" ]; then
			[ ! -s "$f" ] || fail_with "$spec:error=$e, $*: wrote $(size "$f") bytes" ||
				return 1
		fi
		[ "$(files_in "$D")" = "$before" ] ||
			fail_with "$spec:error=$e, $*: left $(files_in "$D")" || return 1
	done
}

@test "getrandom(2) failing with any errno: bytes, text and the parallel fill" {
	require_native
	WANT_EMPTY=1 sweep getrandom -n 32 --hex
	WANT_EMPTY=1 sweep getrandom -n 32
	WANT_EMPTY=1 sweep getrandom -n 2M --threads 2 --base64
	WANT_EMPTY=1 sweep getrandom -n 32 --random --hex
	WANT_EMPTY=1 sweep getrandom -n 0
}

@test "getrandom(2) failing with any errno: --check, and --nonblock's EAGAIN is status 3" {
	require_native
	WANT_EMPTY=1 WANT3=EAGAIN QUIET3=1 sweep getrandom --check
	WANT_EMPTY=1 WANT3=EAGAIN sweep getrandom -n 32 --nonblock --hex
	WANT_EMPTY=1 sweep getrandom -n 32 --insecure --hex
}

@test "getrandom(2) failing with any errno: --range, --password, --uuid" {
	require_native
	WANT_EMPTY=1 sweep getrandom -R 1-6
	WANT_EMPTY=1 sweep getrandom -R 1-6 -C 1000
	WANT_EMPTY=1 sweep getrandom --password 12
	WANT_EMPTY=1 sweep getrandom --uuid
	WANT_EMPTY=1 sweep getrandom --uuid=7 -C 3
}

@test "getrandom(2) failing with any errno: --output leaves no file" {
	require_native
	WANT_EMPTY=1 sweep getrandom -n 32 -o "$D/key"
	WANT_EMPTY=1 sweep getrandom -U -o "$D/key"
	echo old >"$D/old"
	WANT_EMPTY=1 sweep getrandom -n 32 --force -o "$D/old"
	[ "$(cat "$D/old")" = old ]
}

@test "getrandom(2) failing with any errno while --timeout waits: only the timer's end is a time-out" {
	require_native
	# EINTR on every call is a wait that the timer alone ends: status 3.
	WANT_EMPTY=1 WANT3=EINTR sweep getrandom -n 32 --timeout 0.1 --hex
	WANT_EMPTY=1 WANT3=EINTR sweep getrandom -n 0 --timeout 0.1
	WANT_EMPTY=1 WANT3=EINTR sweep getrandom -R 1-6 --timeout 0.1 -o "$D/key"
}

@test "the --timeout timer's calls failing with any errno" {
	require_native
	local call calls="timer_create timer_settime timer_delete rt_sigaction rt_sigprocmask"
	# rt_sigtimedwait is left out: it only takes a pending expiry, and its
	# failure means there is none.  AddressSanitizer's runtime installs
	# handlers of its own at start-up and aborts when sigaction fails, so
	# only the plain build can be given that one.
	if grep -q __asan_init "$GETRANDOM"; then
		calls=${calls/rt_sigaction /}
	fi
	for call in $calls; do
		WANT_EMPTY=1 sweep "$call" -n 32 --timeout 5 --hex
	done
}

@test "write(2) to standard output failing with any errno" {
	require_native
	# EINTR and EAGAIN mean "again" to the writer, but not for ever: on
	# every call they end the run as any other errno does.
	WANT_EMPTY=1 ONLY_PATH=$f sweep write -n 32 --hex
	WANT_EMPTY=1 ONLY_PATH=$f sweep write -R 1-6 -C 10
}

@test "write(2), fsync, fchmod, fchown, linkat and renameat of --output failing with any errno" {
	require_native
	local no_again=${ERRNOS//EINTR/}
	no_again=${no_again//EAGAIN/}
	ERRNOS=$no_again sweep write:when=1 -n 32 -o "$D/key"
	sweep fsync:when=1 -n 32 -o "$D/key"
	sweep fchmod:when=1 -U -o "$D/key"
	sweep "$FCHOWN" -n 32 --group "$(id -g)" -o "$D/key"
	# EEXIST from link is FILE appearing meanwhile: one message all the same.
	sweep linkat -n 32 -o "$D/key"
	echo old >"$D/old"
	sweep renameat -n 32 --force -o "$D/old"
	[ "$(cat "$D/old")" = old ]
}

@test "close(2) of standard output failing with any errno but EBADF" {
	require_native
	# EBADF is a standard output that was never open, which --bytes=0
	# may meet without an error (tests/errors.bats).
	ERRNOS=${ERRNOS//EBADF/} ONLY_PATH=$f sweep close -n 32 --hex
}
