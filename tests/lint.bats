#!/usr/bin/env bats
# The suite's own files: no test line that cannot fail; and the project's
# scripts: each refuses arguments it does not take before doing anything.
# Call: bats tests/lint.bats
load helpers

BARE_BANG=$BATS_TEST_DIRNAME/tools/bare-bang.sh

@test "lint: no test file has a bare ! line that cannot fail its test" {
	run "$BARE_BANG" "$TESTS"/*.bats "$TESTS"/guest/*.bats "$TESTS"/*.bash
	[ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "lint: the check flags a bare ! in mid-test, and only there" {
	# Built line by line: bats would take an "@test" at a line's start
	# here for one of its own.
	local t=$BATS_TEST_TMPDIR/t.bats
	printf '%s\n' '@test "bad" {' '	! grep -q x file' '	true' '}' \
		'@test "good" {' '	run ! grep -q x file' \
		'	! grep -q y file || false' '	if true &&' \
		'		! grep -q z file; then :; fi' '	! grep -q w file' '}' >"$t"
	run -1 "$BARE_BANG" "$t"
	[ "$output" = "$t:2: 	! grep -q x file" ]
}

@test "lint: no include or call cycle between the files of cli/" {
	require nm
	run "$TESTS/tools/cycles.sh" "$TESTS/../cli"
	[ "$status" -eq 0 ] || fail_with "$output"
}

@test "lint: the cycle check flags a call cycle and an include cycle, and only those" {
	require nm
	local d=$BATS_TEST_TMPDIR/c
	mkdir "$d"
	printf '%s\n' 'int a(void);' 'int b(void);' >"$d/ab.h"
	printf '%s\n' '#include "ab.h"' 'int a(void) { return 1; }' >"$d/a.c"
	printf '%s\n' '#include "ab.h"' 'int b(void) { return a(); }' >"$d/b.c"
	run -0 "$TESTS/tools/cycles.sh" "$d"
	printf '%s\n' '#include "ab.h"' 'int a(void) { return b(); }' >"$d/a.c"
	run -1 "$TESTS/tools/cycles.sh" "$d"
	[[ $output == *a.c* && $output == *b.c* ]] || fail_with "$output"
	printf '%s\n' '#include "ab.h"' 'int a(void) { return 1; }' >"$d/a.c"
	printf '%s\n' '#include "x.h"' >"$d/y.h"
	printf '%s\n' '#include "y.h"' >"$d/x.h"
	run -1 "$TESTS/tools/cycles.sh" "$d"
	[[ $output == *x.h* && $output == *y.h* ]] || fail_with "$output"
}

@test "lint: every test file has one place in tests/places, guest, host or release" {
	run -0 "$TESTS/placed.sh" guest
	local guest=("${lines[@]}")
	run -0 "$TESTS/placed.sh" release
	local release=("${lines[@]}")
	run -0 "$TESTS/placed.sh" host
	[ $((${#guest[@]} + ${#release[@]} + ${#lines[@]})) -eq "$(find "$TESTS" -maxdepth 1 -name '*.bats' | wc -l)" ]
}

@test "lint: a test file missing from tests/places stops both runners" {
	local t=$BATS_TEST_TMPDIR/tests
	mkdir "$t"
	cp "$TESTS/placed.sh" "$TESTS/places" "$TESTS"/*.bats "$t/"
	: >"$t/new.bats"
	run -1 --separate-stderr "$t/placed.sh" guest
	[ "$stderr" = "tests/places: no place for: new.bats" ]
	rm "$t/new.bats" "$t/usage.bats"
	run -1 --separate-stderr "$t/placed.sh" host
	[ "$stderr" = "tests/places: no such test file: usage.bats" ]
}

@test "lint: need.sh counts a package whose trigger is pending as installed" {
	# tests/deb.bats runs dpkg -i on the host while a kernel build checks
	# its packages: man-db is "triggers-pending" for that moment, then
	# "half-configured" while its trigger runs.
	local bin=$BATS_TEST_TMPDIR/bin
	mkdir "$bin"
	printf '#!/bin/sh\necho "install ok $DPKG_STATE"\n' >"$bin/dpkg-query"
	chmod +x "$bin/dpkg-query"
	DPKG_STATE=triggers-pending PATH=$bin:$PATH run -0 "$TESTS/need.sh" ports
	DPKG_STATE=triggers-awaited PATH=$bin:$PATH run -0 "$TESTS/need.sh" ports
	# Half-configured for longer than the wait: missing.
	NEED_DPKG_WAIT=1 DPKG_STATE=half-configured PATH=$bin:$PATH \
		run -1 --separate-stderr "$TESTS/need.sh" ports
	[[ $stderr == *"missing packages: gcc-aarch64-linux-gnu gcc-arm-linux-gnueabi gcc-arm-linux-gnueabihf "* ]]
	# Half-configured for the first queries only, as while a trigger runs:
	# installed, once dpkg is done.
	printf '#!/bin/sh\nn=$(cat "$COUNT"); echo $((n + 1)) >"$COUNT"\n' >"$bin/dpkg-query"
	printf '[ "$n" -lt 30 ] && echo "install ok half-configured" || echo "install ok installed"\n' \
		>>"$bin/dpkg-query"
	echo 0 >"$BATS_TEST_TMPDIR/count"
	COUNT=$BATS_TEST_TMPDIR/count PATH=$bin:$PATH run -0 "$TESTS/need.sh" ports
	[ "$(cat "$BATS_TEST_TMPDIR/count")" -gt 30 ]
}

# The project's scripts, and how each is called.
SCRIPT_DIRS=(tests vm bench debian man cli release)

# scripts_run TOP: the scripts under TOP meant to be run, one path a line:
# every executable *.sh in SCRIPT_DIRS.  (A script only sourced is not
# executable, and says so: see the test after the next.)
scripts_run() {
	(cd "$1" && find "${SCRIPT_DIRS[@]}" -name '*.sh' -type f -perm -u+x | sort)
}

# tree_copy DIR: a copy of the repository in DIR, without build/, for the
# scripts to run in: whatever they write lands there, out of the way of
# anything else running in the tree, and a snapshot shows it.
tree_copy() {
	mkdir "$1"
	tar -C "$TESTS/.." --exclude=./build --exclude=./.git -cf - . | tar -C "$1" -xf -
}

# snapshot DIR: every path under DIR with its size and time, directories'
# included (a file made and removed again changes its directory's time).
snapshot() {
	find "$1" -printf '%P %s %T@\n' | sort
}

# refused DIR [NAME=VALUE...] SCRIPT ARGS...: the call is a usage error,
# run in DIR under `timeout 60` (without its check, a script would start
# its work: the timeout bounds it): status 2, a usage line first on
# standard error, nothing on standard output, no file made, changed or
# removed under DIR.
refused() {
	local dir=$1 vars=() script before after
	shift
	while [[ $1 == *=* ]]; do vars+=("$1"); shift; done
	script=$1
	shift
	before=$(snapshot "$dir")
	run --separate-stderr env -C "$dir" "${vars[@]}" timeout 60 "$dir/$script" "$@"
	after=$(snapshot "$dir")
	set -- "$script" "$@"	# the call, as the messages name it
	[ "$status" -eq 2 ] || fail_with "${vars[*]} $*: status $status, not 2: $stderr"
	[[ $stderr == usage:* ]] || fail_with "${vars[*]} $*: no usage line first: $stderr"
	[ -z "$output" ] || fail_with "${vars[*]} $*: wrote on standard output: $output"
	[ "$before" = "$after" ] ||
		fail_with "${vars[*]} $*: changed the tree: $(diff <(echo "$before") <(echo "$after"))"
}

@test "lint: every script refuses an option it does not take: usage, status 2, nothing written" {
	local copy=$BATS_TEST_TMPDIR/tree script
	tree_copy "$copy"
	mapfile -t scripts < <(scripts_run "$copy")
	# The search finds them all: tests/check.sh, vm/run.sh, bench/run.sh...
	[ "${#scripts[@]}" -ge 25 ] || fail_with "only ${scripts[*]}"
	for script in "${scripts[@]}"; do
		refused "$copy" "$script" --no-such-option
	done
}

@test "lint: every script prints its usage for -h and --help, status 0, nothing written" {
	local copy=$BATS_TEST_TMPDIR/tree script option before
	tree_copy "$copy"
	mapfile -t scripts < <(scripts_run "$copy")
	for script in "${scripts[@]}"; do
		for option in -h --help; do
			before=$(snapshot "$copy")
			run --separate-stderr env -C "$copy" timeout 60 "$copy/$script" "$option"
			[ "$status" -eq 0 ] || fail_with "$script $option: status $status: $stderr"
			[[ $output == "usage: "* ]] || fail_with "$script $option: $output"
			[ -z "$stderr" ] || fail_with "$script $option: $stderr"
			[ "$before" = "$(snapshot "$copy")" ] || fail_with "$script $option: changed the tree"
		done
	done
}

@test "lint: a *.sh that is not executable says it is sourced, so none escapes the checks above" {
	local f unmarked=()
	while IFS= read -r f; do
		head -n 10 "$f" | grep -qi 'sourced' || unmarked+=("$f")
	done < <(cd "$TESTS/.." && find "${SCRIPT_DIRS[@]}" -name '*.sh' -type f ! -perm -u+x)
	[ ${#unmarked[@]} -eq 0 ] || fail_with "neither executable nor sourced: ${unmarked[*]}"
}

@test "lint: scripts refuse a bad count or form of arguments before any work" {
	local copy=$BATS_TEST_TMPDIR/tree call
	tree_copy "$copy"
	# One call a line: [NAME=VALUE...] SCRIPT ARGS...
	while read -ra call; do
		refused "$copy" "${call[@]}"
	done <<-'CALLS'
	tests/check.sh -x
	tests/check.sh a/b
	tests/check.sh .hidden
	tests/check.sh name guest
	tests/check.sh name host more
	tests/check.sh name release more
	tests/run-all.sh anything
	tests/first-steps.sh now
	FUZZ_SECONDS=0 tests/run-all.sh
	FUZZ_SECONDS=x tests/run-all.sh
	BATS_JOBS=0 tests/check.sh
	BATS_JOBS=2x tests/check.sh
	tests/fuzz/run.sh 0
	tests/fuzz/run.sh 00
	tests/fuzz/run.sh 08
	tests/fuzz/run.sh 1x
	tests/fuzz/run.sh 5 5
	tests/summary.sh
	tests/summary.sh a.tap -x
	tests/placed.sh
	tests/placed.sh host more
	tests/need.sh
	tests/need.sh --install
	tests/need.sh build nostep
	tests/ports.sh nosuchport
	tests/ports.sh arm64 --all
	tests/tools/bare-bang.sh
	vm/loaded-check.sh 0
	vm/loaded-check.sh 00
	vm/loaded-check.sh 1 1
	vm/run.sh
	vm/run.sh nosuchvariant
	vm/run.sh patched nosuchmode
	vm/run.sh patched shell more
	vm/arm64/run.sh patched -x
	vm/arm64/run.sh patched image more
	vm/build-kernel.sh patched nosuchvariant
	VM_LINUX=6.2 vm/build-kernel.sh
	VM_ARCH=arm64 VM_LINUX=6.12 vm/build-kernel.sh
	VM_LINUX=6.2 vm/mkinitramfs.sh
	vm/check-6.12.sh nosuchvariant
	vm/check-6.12.sh patched -x
	bench/run.sh 0
	bench/record.sh
	bench/record.sh run results more
	bench/scaling.sh 08
	bench/scaling-work.sh 1.5
	bench/tokens.sh -1
	bench/draws.sh 3 3
	bench/features.sh x
	bench/progress.sh 0
	debian/build.sh out nosucharch
	debian/build.sh out all
	debian/build.sh out arm64 more
	man/generate.sh -x
	man/generate.sh out more
	cli/wordlist.sh list
	cli/wordlist.sh list out more
	cli/version.sh VERSION
	cli/version.sh VERSION out more
	release/dist.sh out more
	release/versions.sh bin more
	release/deb-src.sh x
	release/deb-clean.sh x
	release/autopkgtest.sh x
	release/chroot.sh x
	release/mirror.sh x
	CALLS
}

@test "lint: make test-debian13 installs in its root every package the build needs" {
	# Its root is a bare debootstrap: it has only what the build step
	# names.
	run -0 grep -E '^mapfile -t packages < <\(tests/need.sh --list .*\)$' "$TESTS/debian13.sh"
	local steps=${output#*--list }
	steps=${steps%)}
	[[ " $steps " == *" build "* ]] || fail_with "debian13.sh installs $steps, not build"
}

# What runs each target the Makefile's header documents, a row a target:
# TARGET, the suite's FILE that runs it, and after a "|" the COMMAND a line
# of that file (not a comment) holds: `make ... TARGET` itself, or the
# script its recipe calls; or "-", "|" and why no run of the suite takes it.
documented_targets() {
	cat <<-'TABLE'
	deps            tests/run-all.sh   | tests/need.sh --install all
	run             tests/install.bats | make --no-print-directory -C "$BUILT" run
	check           tests/run-all.sh   | tests/check.sh host-sanitize host
	test            .ci/run            | make test
	check-ports     tests/run-all.sh   | tests/ports.sh || ports=1
	vm-check        tests/run-all.sh   | make WERROR=1 vm-check
	vm-check-loaded tests/first-steps.sh | run_first_step vm-check-loaded
	vm-check-6.12   vm/check.sh        | "$ROOT/vm/check-6.12.sh"
	vm-check-arm64  tests/first-steps.sh | run_first_step vm-check-arm64
	vm-shell        -                  | an interactive shell on the guest's console
	vm-mutants      tests/first-steps.sh | run_first_step vm-mutants
	vm-mutants-6.12 tests/first-steps.sh | run_first_step vm-mutants-6.12
	bench           tests/bench.bats   | run -0 env BENCH_QUICK=1 make -s -C "$TREE" bench
	bench-scaling   -                  | timings by thread count, not tests
	install         tests/install.bats | make -s -C "$BUILT" install DESTDIR=
	uninstall       tests/install.bats | make -s -C "$BUILT" uninstall DESTDIR=
	install-man2    tests/install.bats | make -s -C "$BUILT" install-man2 DESTDIR=
	deb             tests/deb.bats     | make -C "$TOP" deb
	test-debian13   tests/first-steps.sh | first_step test-debian13 &
	dist            tests/dist.bats    | make -s -C "$TOP" dist
	deb-src         tests/dist.bats    | make -s -C "$TOP" deb-src
	deb-clean       tests/dist.bats    | make -s -C "$TOP" deb-clean
	autopkgtest     tests/dist.bats    | make -s -C "$TOP" autopkgtest
	mostlyclean     tests/install.bats | make -s -C "$TREE" mostlyclean
	clean           tests/install.bats | make -s -C "$TREE" clean
	TABLE
}

@test "lint: every target the Makefile documents is run by the suite, or named with why not" {
	local makefile=$TESTS/../Makefile target file command missing=
	# "make NAME" in the header, and "; NAME:" after an entry's first.
	while read -r target; do
		file=$(documented_targets | awk -v t="$target" '$1 == t { print $2 }')
		[ -n "$file" ] || { missing+=" $target"; continue; }
		[ "$file" != - ] || continue
		command=$(documented_targets | awk -v t="$target" '$1 == t { sub(/^[^|]*\| /, ""); print }')
		grep -vE '^\s*#' "$TESTS/../$file" | grep -qF -- "$command" ||
			fail_with "$file does not run make $target: no line holds '$command'"
	done < <(sed -n '1,/^$/p' "$makefile" | grep -oE 'make [a-z0-9-]+(\.[0-9]+)?|; [a-z0-9-]+:' |
		sed -E 's/^make //; s/^; //; s/:$//' | sort -u)
	[ -z "$missing" ] || fail_with "documented in the Makefile, but not in tests/lint.bats's table:$missing"
	# Each target of the table is in the Makefile, as a target.
	while read -r target _; do
		grep -q "^$target:" "$makefile" || fail_with "the table names $target, which the Makefile does not make"
	done < <(documented_targets)
}
