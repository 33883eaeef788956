# Shared by the host suite: `load helpers` at the top of each tests/*.bats.
# The binary under test is $GETRANDOM; by default the dynamic test build
# build/getrandom next to this directory (`make check` builds it; the QEMU
# guest runs the suite on it too, from the host's file system).  One meaning per name, for every test file.
# shellcheck shell=bash
bats_require_minimum_version 1.5.0

GETRANDOM=${GETRANDOM:-$BATS_TEST_DIRNAME/../build/getrandom}
# Some tests change directory or copy the binary: make the path absolute.
case $GETRANDOM in
/*) ;;
*/*) GETRANDOM=$PWD/$GETRANDOM ;;
*) GETRANDOM=$(command -v "$GETRANDOM" || echo "$GETRANDOM") ;;
esac
export GETRANDOM
TESTS=$BATS_TEST_DIRNAME

# pump_constant NAME: the value of "#define NAME (expression)" in
# cli/pump.h, so that boundary tests follow the source.
pump_constant() {
	local expr
	expr=$(sed -n "s/^#define $1 (\(.*\))\$/\1/p" "$TESTS/../cli/pump.h")
	[ -n "$expr" ] || { echo "cli/pump.h: no #define $1" >&2; return 1; }
	expr=${expr//u/}
	echo $((expr))
}
# The fill unit, and the size from which the pump starts threads.
# shellcheck disable=SC2034 # read by the test files
PUMP_CHUNK=$(pump_constant PUMP_CHUNK)
# shellcheck disable=SC2034
PUMP_PARALLEL_MIN=$(pump_constant PUMP_PARALLEL_MIN)

# ASan refuses to start when a preloaded library comes before it (only the
# SANITIZE=1 build cares).
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0

# forget_outer_make: drops what an outer make hands its recipes, so that
# `make check SANITIZE=1` does not reach the builds the tests make of their
# own tree copies, whose flags they choose and count: make passes its
# command line's variables on in MAKEFLAGS, after " --", and puts each in
# the environment too.  Done once, as a file loads.
forget_outer_make() {
	local word
	if [[ ${MAKEFLAGS:-} == *" -- "* ]]; then
		# A blank in a value is escaped there: its pieces hold no "=".
		for word in ${MAKEFLAGS#* -- }; do
			[[ $word != [A-Za-z_]*=* ]] || unset "${word%%=*}"
		done
	fi
	unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
}
forget_outer_make

# time_limit_at_least SECONDS: each test of the calling file gets at least
# SECONDS before the hang guard (BATS_TEST_TIMEOUT, tests/check.sh's 10
# minutes) ends it, under whichever runner started it: for files whose
# tests build packages or wait on the Debian mirror.  None is timed.
time_limit_at_least() {
	[ "${BATS_TEST_TIMEOUT:-0}" -ge "$1" ] || BATS_TEST_TIMEOUT=$1
}

# common_setup: what every test starts from: $OUT, the file gr writes.
# A test file with a setup() of its own calls it first.
common_setup() {
	OUT=$BATS_TEST_TMPDIR/out
	export OUT
}

setup() {
	common_setup
}

# gr ARGS...: runs getrandom with its standard output in $OUT, so that
# tests can count every byte (`run` drops trailing newlines).
gr() {
	"$GETRANDOM" "$@" >"$OUT"
}

# size FILE: prints the number of bytes in FILE.
size() {
	local n
	n=$(wc -c <"$1")
	echo $((n))
}

# require TOOL [WHY]: skips the test when TOOL is not installed.
require() {
	type -P "$1" >/dev/null || skip "${2:-$1 not installed}"
}

# hexdump_of FILE: prints FILE as one line of lowercase hex pairs.
hexdump_of() {
	od -An -v -tx1 "$1" | tr -d ' \n'
	echo
}

# unhex HEX FILE: writes the bytes spelled by HEX (pairs of lowercase hex
# digits) to FILE; fails on anything else.
unhex() {
	[[ $1 =~ ^([0-9a-f][0-9a-f])*$ ]] || return 1
	# xxd (Debian's, or busybox's) is fast; sed is the slow fallback.
	if command -v xxd >/dev/null; then
		xxd -r -p <<<"$1" >"$2"
	else
		printf '%b' "$(sed 's/../\\x&/g' <<<"$1")" >"$2"
	fi
}

# assert_usage_error STRING: the last `run --separate-stderr gr ...` was a
# usage error: status 2, nothing at all on stdout, and a first stderr line
# that starts with "getrandom: " and contains STRING (the bad value).
assert_usage_error() {
	[ "$status" -eq 2 ] || fail_with "status $status, expected 2"
	[ "$(size "$OUT")" -eq 0 ] || fail_with "stdout is not empty"
	local first=${stderr%%$'\n'*}
	[[ $first == "getrandom: "* ]] || fail_with "stderr: $stderr"
	[[ $first == *"$1"* ]] || fail_with "stderr lacks '$1': $stderr"
}

# assert_bad_counts OPTION WHAT: --OPTION=N, for each N that is no count
# of at least 1 (zero, negative, not a number, a unit suffix, past 2^64-1,
# empty), is a usage error that names it as "invalid WHAT 'N'".
assert_bad_counts() {
	local n
	for n in 0 -1 x 1K 18446744073709551616 ''; do
		run --separate-stderr gr --"$1"="$n"
		assert_usage_error "invalid $2 '$n'"
	done
}

# fail_with MESSAGE: fails the test, saying why.
fail_with() {
	echo "$1" >&2
	return 1
}

# git_ignores TOP PATH: git ignores PATH under TOP by TOP's .gitignore.  In a git checkout, TOP's own rules; in a release tarball
# (no .git), the same .gitignore in a scratch repository, so that the rule
# is checked where the sources are too.
git_ignores() {
	local top=$1 repo
	require git
	repo=$top
	if ! git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
		repo=$BATS_TEST_TMPDIR/ignores
		git init -q "$repo"
		cp "$top/.gitignore" "$repo/"
	fi
	git -C "$repo" check-ignore -q --no-index "$2"
}

# Every strace in the suite runs with LeakSanitizer off: it refuses to run
# under ptrace and would fail the sanitizer build's traced runs (valgrind
# checks for leaks in the normal build).
strace() {
	ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
		command strace "$@"
}

# needs_plain_build [WHY]: for a test that cannot run on the sanitizer
# build.  AddressSanitizer's runtime reads /proc/self/maps at start-up, and
# spins or dies when it cannot, so the tests that take every file
# descriptor or /proc away cannot run there; valgrind cannot run it at all.
# When $GETRANDOM is that build, the test runs on $GETRANDOM_PLAIN instead
# (make test names build/getrandom), or skips with WHY when none is given.
needs_plain_build() {
	on_plain_build || skip "${1:-the AddressSanitizer build needs /proc and file descriptors of its own}"
}

# on_plain_build: GETRANDOM becomes $GETRANDOM_PLAIN when it is the
# sanitizer build and a plain one is given; false when it stays the
# sanitizer build.
on_plain_build() {
	grep -q __asan_init "$GETRANDOM" || return 0
	[ -n "${GETRANDOM_PLAIN:-}" ] || return 1
	GETRANDOM=$(cd "$(dirname "$GETRANDOM_PLAIN")" && pwd)/${GETRANDOM_PLAIN##*/}
	export GETRANDOM
}

# fresh_processes: for a statistical test that starts getrandom hundreds
# of times, because each draw must come from a new process.  A start of
# the sanitizer build costs about 60 ms, ten times the plain build's (most
# of it LeakSanitizer's sweep at exit), and the six hundredth start checks
# nothing for the sanitizers that the first did not, so such a test runs
# on $GETRANDOM_PLAIN where make test gives it, and on the sanitizer build
# where it does not.
fresh_processes() {
	on_plain_build || true
}

# traced LOG ARGS...: runs getrandom under strace, every getrandom(2) call
# written to LOG with its buffer in hex (-xx), stdout in $OUT.
traced() {
	local log=$1
	shift
	strace -f -qq -xx -s 1048576 -o "$log" -e trace=getrandom \
		"$GETRANDOM" "$@" >"$OUT"
}

# threads_started ARGS...: runs ARGS (stdout in $OUT) and prints how many
# threads it started.
threads_started() {
	strace -f -qq -o "$BATS_TEST_TMPDIR/clone.log" -e trace=clone,clone3 \
		"$@" >"$OUT"
	grep -c 'clone' "$BATS_TEST_TMPDIR/clone.log" || true
}

# returned_hex LOG LEN FLAGS: prints, as one hex string, the bytes that the
# getrandom(2) calls of LOG asking for LEN bytes with FLAGS returned.
returned_hex() {
	grep -E "getrandom\(\"[^\"]*\", $2, $3\) += $2\$" "$1" |
		sed -E 's/.*getrandom\("([^"]*)".*/\1/; s/\\x//g' | tr -d '\n'
	echo
}

# injected ERRNO WHEN ARGS...: runs getrandom with getrandom(2) failing with
# ERRNO on calls WHEN (strace syntax, e.g. 1..3 or 1+); stdout in $OUT,
# the trace in $BATS_TEST_TMPDIR/trace (inject's, below).
injected() {
	local errno=$1 when=$2
	shift 2
	inject getrandom:error="$errno":when="$when" -- "$@" >"$OUT"
}

# files_in DIR: lists every entry of DIR, dot files included.
files_in() {
	ls -A "$1"
}

# The fcntl(2) calls, for strace's -e trace= and inject=: 32-bit targets
# make them as fcntl64(2).
export FCNTL='/^fcntl(64)?$'
# The fchown(2) calls, likewise: i386 makes them as fchown32(2).
export FCHOWN='/^fchown(32)?$'

# hex_decoded [FILE]: prints the bytes that the one line of hex in FILE
# (default: standard input) spells, for large outputs (unhex takes a
# string).  xxd where it is installed; else perl, which Debian always has.
hex_decoded() {
	if command -v xxd >/dev/null; then
		xxd -r -p "${1:--}"
	else
		perl -ne 'chomp; print pack("H*", $_)' "${1:--}"
	fi
}

# zeros FILE: how many of its bytes are zero.
zeros() {
	tr -cd '\000' <"$1" | wc -c
}

# to FILE COMMAND...: runs COMMAND with standard output into FILE, so that
# `run` can check its status while the bytes go to a file.
to() {
	local file=$1
	shift
	"$@" >"$file"
}

# holds_no_repeat FILE BYTES: FILE is BYTES long and no 64-byte block of
# it appears twice (the checker tests/tools/dupblocks.c: build_tools).
holds_no_repeat() {
	[ "$(size "$1")" -eq "$2" ]
	run -0 "$BATS_FILE_TMPDIR/dupblocks" "$1"
	[ "$output" = "$(($2 / 64)) blocks, 0 repeated" ]
}

# string_of VAR CHAR N: sets VAR to CHAR repeated N times, with no
# process started: each one costs a good part of a second under TCG.
string_of() {
	local -n string_of_var=$1
	printf -v string_of_var '%*s' "$3" ''
	string_of_var=${string_of_var// /$2}
}

# outdir: prints a fresh, empty directory for --output.
outdir() {
	mkdir -p "$BATS_TEST_TMPDIR/out"
	echo "$BATS_TEST_TMPDIR/out"
}

# require_native: skips a test that needs $GETRANDOM to be a program of
# this machine's: one run under strace, with a library preloaded, under
# valgrind or gdb, or copied elsewhere.  tests/ports.sh sets
# GETRANDOM_EMULATOR when $GETRANDOM runs under qemu-user, which would
# trace, preload or copy the emulator instead.
require_native() {
	[ -z "${GETRANDOM_EMULATOR:-}" ] ||
		skip "needs a native binary (runs under qemu-user here)"
}

# build_tools: puts the fault shim (tests/shim/faults.c) and the checker
# tests/tools/dupblocks.c, built once per bats run (under a lock: files may
# run in parallel), into the file's temporary directory; call from
# setup_file (or a test).  The shim is built with SHIM_CC (default cc), the
# compiler of $GETRANDOM's target (tests/ports.sh sets it): it is preloaded
# into getrandom, while the checkers run here.  need_tools skips the tests
# that use them where there is no C compiler.
build_tools() {
	command -v cc >/dev/null || return 0
	local dir=$BATS_RUN_TMPDIR/tools
	(
		flock 9
		[ -x "$dir/dupblocks" ] && exit 0
		mkdir -p "$dir" &&
			"${SHIM_CC:-cc}" -O2 -shared -fPIC -o "$dir/faults.so" "$TESTS/shim/faults.c" -ldl &&
			cc -O2 -o "$dir/dupblocks.tmp" "$TESTS/tools/dupblocks.c" &&
			mv "$dir/dupblocks.tmp" "$dir/dupblocks"
	) 9>"$BATS_RUN_TMPDIR/tools.lock" || return 1
	ln -sf "$dir/faults.so" "$dir/dupblocks" "$BATS_FILE_TMPDIR/"
}

need_tools() {
	[ -x "$BATS_FILE_TMPDIR/dupblocks" ] ||
		skip "no C compiler here to build the fault shim and checkers"
}

# unprivileged COMMAND...: runs COMMAND as an ordinary user meets the file
# system: permissions bind it, and a write clears set-user-ID.  As root,
# with every capability dropped (uid 0 still owns the test's files); as any
# other user, as it is.
unprivileged() {
	if [ "$(id -u)" -ne 0 ]; then
		"$@"
		return
	fi
	command -v setpriv >/dev/null || {
		echo "setpriv (util-linux) is needed to drop root's capabilities" >&2
		return 1
	}
	setpriv --inh-caps=-all --bounding-set=-all -- "$@"
}

# scaled SIZE: SIZE MiB, or a sixteenth of it in the QEMU guest, whose
# emulated CPU is slow; printed with its M suffix.
scaled() {
	if [ -n "${GETRANDOM_IN_VM:-}" ]; then
		echo "$(($1 / 16))M"
	else
		echo "$1M"
	fi
}

# shim_settings VAR=VALUE... -- ...: sets the array shim_vars to the words
# before "--" (the shim's settings) and shim_words to how many words the
# caller shifts to reach what follows "--".
shim_settings() {
	shim_vars=()
	while [ "$1" != -- ]; do
		shim_vars+=("$1")
		shift
	done
	shim_words=$((${#shim_vars[@]} + 1))
}

# shim VAR=VALUE... -- ARGS...: runs getrandom ARGS with the fault shim
# preloaded and the VARs (its settings) in its environment.
shim() {
	shim_settings "$@"
	shift "$shim_words"
	env "${shim_vars[@]}" LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" \
		"$GETRANDOM" "$@"
}

# inject [VAR=VALUE...] SPEC... -- ARGS...: runs getrandom ARGS under
# strace with "-e inject=SPEC" for each SPEC (and with the shim preloaded
# and VAR=VALUE set in getrandom's environment only, when any is given).
# The trace goes to $BATS_TEST_TMPDIR/trace, for injections to count.
inject() {
	local opts=()
	while [[ $1 =~ ^[A-Z_]+= ]]; do
		opts+=(-E "$1")
		shift
	done
	[ ${#opts[@]} -gt 0 ] &&
		opts+=(-E "LD_PRELOAD=$BATS_FILE_TMPDIR/faults.so")
	while [ "$1" != -- ]; do
		opts+=(-e "inject=$1")
		shift
	done
	shift
	strace -f -qq -o "$BATS_TEST_TMPDIR/trace" "${opts[@]}" "$GETRANDOM" "$@"
}

# injections: how many calls the last inject made fail or changed.
injections() {
	grep -c 'INJECTED' "$BATS_TEST_TMPDIR/trace"
}

# Chi-square critical values at p = 1e-6 (a false alarm once in a million
# runs), for the degrees of freedom the uniformity tests use.
# shellcheck disable=SC2034 # read by the test files
CHI_1=23.93
# shellcheck disable=SC2034
CHI_5=35.89
# shellcheck disable=SC2034
CHI_31=83.64
# shellcheck disable=SC2034
CHI_61=128.52
# shellcheck disable=SC2034
CHI_93=172.75

# uniform K LIMIT FILE: FILE holds one category per line; succeeds when
# there are exactly K categories and the chi-square statistic against
# equal frequencies is below LIMIT.  Prints the statistic.
uniform() {
	awk -v k="$1" -v limit="$2" '
		{ count[$0]++; n++ }
		END {
			for (c in count) {
				seen++
				d = count[c] - n / k	# no ^: busybox awk may lack math
				chi += d * d / (n / k)
			}
			printf "chi-square %.2f over %d categories, %d draws\n", chi, seen, n
			exit !(seen == k && chi < limit)
		}' "$3"
}

# bytes_of N: N random bytes as decimal numbers, one a line (for the
# deliberately biased draws).
bytes_of() {
	"$GETRANDOM" --bytes "$1" | od -An -v -tu1 | tr -s ' ' '\n' | grep .
}
