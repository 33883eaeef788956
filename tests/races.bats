#!/usr/bin/env bats
# Data races in the ring of threads (ring.c), under ThreadSanitizer: bulk
# bytes in every format and many values of the draws, a run that ends
# normally, one cut by a write error and one cut by a getrandom(2) error.
# A race is the program's own, whatever kernel it runs on, so this file
# runs on the host, where the sanitizer build costs seconds, not minutes.
# Call: bats tests/races.bats (builds cli/ with -fsanitize=thread)

bats_require_minimum_version 1.5.0
load helpers

setup() {
	common_setup
	f=$BATS_TEST_TMPDIR/data
}

# tsan: builds cli/ with ThreadSanitizer (once) and sets $tsan; skips
# where the sources or a ThreadSanitizer runtime are missing (i386 has
# none), and fails where the sources do not build with it.
tsan_build() {
	tsan=$BATS_FILE_TMPDIR/getrandom-tsan
	[ -x "$tsan" ] && return 0
	ls "$TESTS"/../cli/*.c >/dev/null 2>&1 || skip "no cli/ sources to build"
	echo 'int main(void) { return 0; }' |
		cc -fsanitize=thread -x c -o "$BATS_FILE_TMPDIR/tsan-probe" - 2>/dev/null ||
		skip "cc has no ThreadSanitizer runtime here (Debian: libtsan2)"
	cc -std=gnu11 -O1 -g -fsanitize=thread -o "$tsan" "$TESTS"/../cli/*.c \
		-pthread -lm
}

tsan_run() {
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 "$tsan" "$@"
}

@test "the parallel fill has no data race (ThreadSanitizer), in every format" {
	tsan_build
	run -0 --separate-stderr to "$f" tsan_run --bytes 32M --threads 4 --hex
	[ "$(size "$f")" -eq $((2 * 33554432 + 1)) ]
	run -0 --separate-stderr to "$f" tsan_run --bytes 32M --threads 16 --base64
	run -0 --separate-stderr to "$f" tsan_run --bytes $((PUMP_PARALLEL_MIN + 1)) --threads 2
	[ "$(size "$f")" -eq $((PUMP_PARALLEL_MIN + 1)) ]
}

@test "the parallel fill stops without a data race on a write error (ThreadSanitizer)" {
	tsan_build
	run -1 --separate-stderr to /dev/full tsan_run --bytes 32M --threads 4
	[ "$stderr" = "getrandom: write error on standard output: No space left on device" ]
}

@test "the parallel fill stops without a data race on a getrandom(2) error (ThreadSanitizer)" {
	require_native
	tsan_build
	run -1 --separate-stderr to "$f" strace -f -qq -o /dev/null \
		-e inject=getrandom:error=EIO:when=4 \
		env TSAN_OPTIONS=halt_on_error=1:exitcode=66 "$tsan" --bytes 32M --threads 4
	[ "$stderr" = "getrandom: getrandom(2) failed: Input/output error" ]
}

@test "blocks of values made by four threads have no data race (ThreadSanitizer)" {
	tsan_build
	run -0 --separate-stderr to "$f" tsan_run -R 1-6 -C 2000000 --threads 4
	[ "$(wc -l <"$f")" -eq 2000000 ]
	run -0 --separate-stderr to "$f" tsan_run --words 4 -C 200000 --threads 4
	[ "$(wc -l <"$f")" -eq 200000 ]
	run -1 --separate-stderr to /dev/full tsan_run -p 12 -C 1000000 --threads 4
	[ "$stderr" = "getrandom: write error on standard output: No space left on device" ]
}
