# Shared by tests/robust-*.bats: the binary, the shim and tools built
# once per file, and wrappers that inject faults with strace or the shim.
# shellcheck shell=bash

GETRANDOM=${GETRANDOM:-$BATS_TEST_DIRNAME/../cli/getrandom}
TESTS=$BATS_TEST_DIRNAME

# ASan refuses to start when a preloaded library comes before it, and
# LeakSanitizer cannot run under ptrace: both only matter under SANITIZE=1.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0

# True when $GETRANDOM was built with SANITIZE=1.
sanitized() {
	ldd "$GETRANDOM" 2>/dev/null | grep -q libasan
}

# Builds tests/shim/faults.c and tests/tools/dupblocks.c into the file's
# temporary directory; call from setup_file.
build_tools() {
	# The guest has no compiler: need_tools then skips what uses them.
	command -v cc >/dev/null || return 0
	cc -O2 -shared -fPIC -o "$BATS_FILE_TMPDIR/faults.so" \
		"$TESTS/shim/faults.c" -ldl
	cc -O2 -o "$BATS_FILE_TMPDIR/dupblocks" "$TESTS/tools/dupblocks.c"
}

# need_tools: skips the test when build_tools had no compiler.
need_tools() {
	[ -x "$BATS_FILE_TMPDIR/dupblocks" ] ||
		skip "no C compiler here to build the fault shim and checkers"
}

# scaled SIZE: SIZE, or a sixteenth of it in the QEMU guest, whose 512 MiB
# of memory holds /tmp and whose emulated CPU is slow.  SIZE in MiB.
scaled() {
	if [ -n "${GETRANDOM_IN_VM:-}" ]; then
		echo "$(($1 / 16))M"
	else
		echo "$1M"
	fi
}

# shim VAR=VALUE... -- ARGS...: runs getrandom ARGS with the shim preloaded.
shim() {
	local vars=()

	while [ "$1" != -- ]; do
		vars+=("$1")
		shift
	done
	shift
	env "${vars[@]}" LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" \
		"$GETRANDOM" "$@"
}

# inject [VAR=VALUE...] SPEC... -- ARGS...: runs getrandom ARGS under
# strace with "-e inject=SPEC" for each SPEC (and with the shim preloaded
# and VAR=VALUE set in getrandom's environment only, when any is given).
# The trace goes to $BATS_TEST_TMPDIR/trace, for injected() to count.
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
	ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 strace -f -qq \
		-o "$BATS_TEST_TMPDIR/trace" "${opts[@]}" "$GETRANDOM" "$@"
}

# injected: how many calls strace made fail or changed.
injected() {
	grep -c 'INJECTED' "$BATS_TEST_TMPDIR/trace"
}

# size FILE: its length in bytes.
size() {
	stat -c %s "$1"
}

# zeros FILE: how many of its bytes are zero.
zeros() {
	tr -cd '\000' <"$1" | wc -c
}

# A fresh, empty directory for --output; leftovers() lists what is in it.
outdir() {
	mkdir -p "$BATS_TEST_TMPDIR/out"
	echo "$BATS_TEST_TMPDIR/out"
}

leftovers() {
	find "$1" -mindepth 1 -printf '%f\n'
}

# to FILE COMMAND...: runs COMMAND with standard output into FILE, so that
# "run" can check its status while the bytes go to a file.
to() {
	local file=$1

	shift
	"$@" >"$file"
}

# unhex FILE: the bytes that one line of hex in FILE stands for.
unhex() {
	xxd -r -p "$1"
}
