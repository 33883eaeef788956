#!/usr/bin/env bats
# make bench, as far as its quick run goes (BENCH_QUICK=1: small sizes,
# one round): every section measured and the run recorded in
# bench/RESULTS.md between its two marker lines, the rest of that file
# left alone (bench/record.sh).  The timings themselves are not judged:
# they are the machine's, and these machines are shared.
# Call: bats tests/bench.bats
load helpers

# A quick run takes about a minute on a quiet machine, and 196 s was seen
# beside a kernel build: 20 minutes (make check gives a test 10), so that
# no load cuts it short.
time_limit_at_least 1200

BEGIN='<!-- The latest run: written by make bench (bench/record.sh). -->'
END='<!-- End of the latest run. -->'

setup() {
	common_setup
	[ -f "$TESTS/../bench/run.sh" ] || skip "no source tree here (bench/)"
	local tool
	for tool in make cc hyperfine jq openssl xxd valgrind; do
		require "$tool"
	done
	[ -x /usr/bin/time ] || skip "GNU time (/usr/bin/time) not installed"
	TREE=$BATS_TEST_TMPDIR/tree
	mkdir "$TREE"
	tar -C "$TESTS/.." --exclude=./build --exclude=./.git -cf - . | tar -C "$TREE" -xf -
	RESULTS=$TREE/bench/RESULTS.md
}

# outside FILE: FILE without the lines between the markers.
outside() {
	awk -v begin="$BEGIN" -v end="$END" '$0 == begin { skip = 1 } !skip { print } $0 == end { skip = 0 }' "$1"
}

# inside FILE: the lines between the markers.
inside() {
	awk -v begin="$BEGIN" -v end="$END" '$0 == end { skip = 0 } skip { print } $0 == begin { skip = 1 }' "$1"
}

@test "make bench records its run in bench/RESULTS.md between the markers, and nothing else there" {
	outside "$RESULTS" >"$BATS_TEST_TMPDIR/before"
	run -0 env BENCH_QUICK=1 make -s -C "$TREE" bench
	inside "$RESULTS" >"$BATS_TEST_TMPDIR/run"
	outside "$RESULTS" | diff "$BATS_TEST_TMPDIR/before" - ||
		fail_with "make bench changed RESULTS.md outside the markers"
	local run
	run=$(cat "$BATS_TEST_TMPDIR/run")
	[[ $run == "Run of "*" UTC at commit "* ]] || fail_with "no first line: ${run:0:200}"
	# The summary, the verdict and each measured section, in that order.
	grep -x '### In short' "$BATS_TEST_TMPDIR/run"
	run -0 grep -E '^### ' "$BATS_TEST_TMPDIR/run"
	[ "${lines[0]}" = "### In short" ] && [ "${lines[1]}" = "### Targets" ] ||
		fail_with "sections: $output"
	[ "${lines[6]}" = "### 5. Start-up: instructions to print 32 bytes in hex" ] ||
		fail_with "sections: $output"
	# Figures, measured: the start-up row counts instructions, each
	# target row has a value and a verdict.
	grep -Eq '^\| instructions from start to exit, same run \| [1-9][0-9]{3,} \| [0-9]+\.[0-9]{2} times' \
		"$BATS_TEST_TMPDIR/run" || fail_with "no instruction count: $run"
	run -0 grep -cE '^\| [^|]+ \| [0-9.]+ \| (>=|<=) [0-9.]+ \| (met|NOT met) \|$' "$BATS_TEST_TMPDIR/run"
	[ "$output" -eq 9 ] || fail_with "$output target rows: $run"
	# The benchmarks run after bench/run.sh's own tables stay out of it.
	run ! grep -q 'draws\|tokens' "$BATS_TEST_TMPDIR/run"
	# The whole output, theirs included, is in build/bench.md.
	grep -q "$(head -n 1 "$BATS_TEST_TMPDIR/run")" "$TREE/build/bench.md"
}

@test "bench/record.sh refuses a run without its verdict, or a file without the markers, and changes nothing" {
	cp "$RESULTS" "$BATS_TEST_TMPDIR/kept"
	printf 'Run of today\n### In short\n' >"$BATS_TEST_TMPDIR/cut"
	run -1 --separate-stderr "$TREE/bench/record.sh" "$BATS_TEST_TMPDIR/cut" "$RESULTS"
	[[ $stderr == "bench/record.sh: "*"no complete run"* ]] || fail_with "$stderr"
	cmp "$BATS_TEST_TMPDIR/kept" "$RESULTS"
	printf 'Run of today\n### Targets\n' >"$BATS_TEST_TMPDIR/whole"
	grep -vxF "$END" "$BATS_TEST_TMPDIR/kept" >"$BATS_TEST_TMPDIR/unmarked"
	cp "$BATS_TEST_TMPDIR/unmarked" "$BATS_TEST_TMPDIR/unmarked.kept"
	run -1 --separate-stderr "$TREE/bench/record.sh" "$BATS_TEST_TMPDIR/whole" "$BATS_TEST_TMPDIR/unmarked"
	[[ $stderr == *"needs one line each of"* ]] || fail_with "$stderr"
	cmp "$BATS_TEST_TMPDIR/unmarked.kept" "$BATS_TEST_TMPDIR/unmarked"
	# The same run, with the markers there: recorded.
	run -0 "$TREE/bench/record.sh" "$BATS_TEST_TMPDIR/whole" "$RESULTS"
	[ "$(inside "$RESULTS")" = "$(cat "$BATS_TEST_TMPDIR/whole")" ]
}
