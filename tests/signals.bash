# What robust-signals.bats and robust-cleanup.bats share: starting
# getrandom in the background with its signals at their defaults, and
# waiting for the states a signal is sent in.  Loaded after helpers.bash.
# Both build the fault shim once, and each test needs it.

setup_file() {
	build_tools
}

setup() {
	need_tools
}

# start [VAR=VALUE...] -- ARGS...: starts getrandom ARGS in the background,
# with the shim and VAR=VALUE in its environment when any are given, and
# with every signal at its default disposition (bash makes background
# commands ignore SIGINT and SIGQUIT).  Sets $pid.
start() {
	shim_settings "$@"
	shift "$shim_words"
	[ ${#shim_vars[@]} -gt 0 ] &&
		shim_vars+=("LD_PRELOAD=$BATS_FILE_TMPDIR/faults.so")
	perl -e '$SIG{$_} = "DEFAULT" for grep !/^(KILL|STOP|__)/, keys %SIG;
		exec @ARGV or die' \
		env "${shim_vars[@]}" "$GETRANDOM" "$@" \
		</dev/null >"$BATS_TEST_TMPDIR/stdout" 2>"$BATS_TEST_TMPDIR/stderr" 3>&- &
	pid=$!
}

# until_true COMMAND...: retries COMMAND until it succeeds. No deadline of
# its own, which a busy machine could miss: a state that never comes is
# caught by the per-test limit (BATS_TEST_TIMEOUT), which names the test.
until_true() {
	until "$@"; do
		sleep 0.1
	done
}

# temp_has_data DIR: a temporary ".key.XXXXXX" in DIR holds some bytes.
temp_has_data() {
	find "$1" -name '.key.*' -size +1024k | grep -q .
}

gone() {
	! kill -0 "$1" 2>/dev/null
}

# finish PID: waits for it to end and sets $status.
finish() {
	until_true gone "$1"
	status=0
	wait "$1" || status=$?
}
