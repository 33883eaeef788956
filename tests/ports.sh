#!/usr/bin/env bash
# Builds getrandom for other Debian architectures with Debian's own cross
# compilers (warnings as errors, through the Makefile as a user would) and
# runs bats files on each build:
#   tests/ports.sh [PORT...]        (make test) the files of the code that
#                                   differs between targets; TAP in
#                                   build/tap/port-PORT.tap; default: every
#                                   port built and checked, the files run
#                                   on the four of TEST_PORTS
#   tests/ports.sh --all [PORT...]  (make check-ports) every test file; TAP
#                                   in build/tap/port-PORT-all.tap; default:
#                                   all nine ports
# PORT: i386, arm64, armhf, armel, mipsel, mips64el, ppc64el, riscv64,
# s390x (tests/ports.bash says why make test runs the files on four).  The
# files of the code that differs between targets are the integer draws
# and ranges (64x64-bit products without a 128-bit type on the 32-bit
# ports), the encoders (no SIMD path off x86; s390x's bytes big-endian),
# the number parsers, and the pump's chunk and stream boundaries; what
# else differs is the C library's and the
# kernel's numbers (MIPS has its own errno values, signals and open(2)
# flags) and the float ABI (armel's soft float).
# An i386 program runs natively on x86_64 where the kernel can run it
# (elsewhere the i386 port is built and checked, and skips its files;
# tests/ports.bash says why); the others run under
# qemu-user, called by name (not through binfmt_misc, which CI may lack),
# from a wrapper script build/port-PORT/getrandom that the tests take as
# $GETRANDOM.  There GETRANDOM_EMULATOR is set, and the tests that need a
# native binary (strace, LD_PRELOAD, valgrind, gdb) skip, saying so.
# Each port checks what really runs: the ELF machine of its build, and a
# line of the running program's auxiliary vector that only the port's
# programs have.
# The builds are out of the tree, in build/port-PORT, so build/getrandom
# stays the host's dynamic test build.  Every port runs; exits 1 if any
# failed.
set -eu -o pipefail
cd "$(dirname "$0")/.."
. tests/ports.bash

FILES=(draws.bats encoders.bats formats.bats tokens.bats numbers.bats
	usage.bats combinations.bats streams.bats)

# build PORT DIR: builds DIR/cli/getrandom (static, what make install
# installs) and DIR/build/getrandom (dynamic, the one tested) with the
# port's compiler, and writes DIR/getrandom, what the tests run.
build() {
	local dir=$2 real
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -r Makefile VERSION cli "$dir/"
	make -s -C "$dir" WERROR=1 CC="$cc" cli/getrandom build/getrandom || return 1
	real=$PWD/$dir/build/getrandom
	if ! elf_is "$real" "$class" "$machine" "$flags" ||
		! elf_is "$dir/cli/getrandom" "$class" "$machine" "$flags"; then
		echo "tests/ports.sh: $dir: $cc did not build $1 programs" \
			"(ELF class $class, machine $machine, flags $flags)" >&2
		return 1
	fi
	if [ -z "$emulator" ]; then
		ln -s "build/getrandom" "$dir/getrandom"
		return 0
	fi
	# The tests run $GETRANDOM by its path: one executable that runs the
	# build under qemu-user, with the target's libraries (-L).
	printf '#!/bin/sh\nexec %s -L %s %s "$@"\n' "$emulator" "$sysroot" "$real" >"$dir/getrandom"
	chmod +x "$dir/getrandom"
}

# check_runs PORT DIR: the program that DIR/getrandom runs is the port's:
# the C library prints the auxiliary vector (LD_SHOW_AUXV), which is the
# running program's, not the file's.
check_runs() {
	local vector
	vector=$(LD_SHOW_AUXV=1 "$2/getrandom" --version)
	grep -Eq "$auxv" <<<"$vector" || {
		echo "tests/ports.sh: $2/getrandom runs a program whose auxiliary vector" \
			"has no line like '$auxv': not one for $1" >&2
		return 1
	}
}

# run_port PORT [built-only]: builds the port, checks it, runs its files,
# with TAP in $tap; a build or check that fails is a failed test there, so
# that the summary counts it; built-only, the build and check are the one
# test.  The time of each step goes to the TAP as a comment.
run_port() {
	local name=$1 dir=build/port-$1 start built tested files
	port_settings "$name"
	tap=build/tap/port-$name$suffix.tap
	start=$(date +%s)
	if [ "${2:-}" = built-only ]; then
		echo "# port $name: built and checked; its files: make check-ports" | tee "$tap"
	else
		echo "# port $name: ${FILES[*]}" | tee "$tap"
	fi
	if [ -n "$unrunnable" ]; then
		build "$name" "$dir" || {
			printf '1..1\nnot ok 1 port %s: build and check (see above)\n' "$name" | tee -a "$tap"
			return 1
		}
		printf '1..2\nok 1 port %s: built with warnings as errors, of its ELF machine\nok 2 port %s: its programs run # skip %s\n' \
			"$name" "$name" "$unrunnable" | tee -a "$tap"
		return 0
	fi
	if ! build "$name" "$dir" || ! check_runs "$name" "$dir"; then
		printf '1..1\nnot ok 1 port %s: build and check (see above)\n' "$name" | tee -a "$tap"
		return 1
	fi
	if [ "${2:-}" = built-only ]; then
		printf '1..1\nok 1 port %s: built with warnings as errors, and what runs is its program\n' \
			"$name" | tee -a "$tap"
		return 0
	fi
	built=$(date +%s)
	files=("${FILES[@]/#/tests/}")
	GETRANDOM=$PWD/$dir/getrandom GETRANDOM_EMULATOR=$emulator SHIM_CC=$cc \
		PATH=$PWD/tests/bats-timeout:$PATH \
		bats --tap --timing "${files[@]}" | tee -a "$tap" || status=1
	tested=$(date +%s)
	echo "# port $name: built in $((built - start)) s, tested in $((tested - built)) s" | tee -a "$tap"
}

usage() {
	echo "usage: tests/ports.sh [--all] [PORT...]"
	echo "  PORT: $ALL_PORTS"
	echo "  (default: every port built and checked, the files run on"
	echo "  $TEST_PORTS; with --all, every file on every port)"
}

case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
suffix='' with_files=$TEST_PORTS
if [ "${1:-}" = --all ]; then
	shift
	suffix=-all with_files=$ALL_PORTS
	mapfile -t FILES < <(cd tests && ls -- *.bats)
fi
ports=("$@")
# Ports named on the command line run their files, whichever they are.
[ ${#ports[@]} -eq 0 ] || with_files="${ports[*]}"
[ ${#ports[@]} -gt 0 ] || read -ra ports <<<"$ALL_PORTS"
# Every port is known before any package check or build.
for port in "${ports[@]}"; do
	case " $ALL_PORTS " in
	*" $port "*) ;;
	*) usage >&2; echo "tests/ports.sh: unknown port '$port'" >&2; exit 2 ;;
	esac
done

tests/need.sh suite build ports
# What some files read from the tree, made by the host's compiler: the
# completions (completion.bats), the word list and the version header
# (races.bats's ThreadSanitizer build).
make -s WERROR=1 completions build/eff-wordlist.inc build/version.h
mkdir -p build/tap
# The limit is for hangs, not speed, as in tests/check.sh.
export BATS_TEST_TIMEOUT=${BATS_TEST_TIMEOUT:-600}
status=0
for port in "${ports[@]}"; do
	case " $with_files " in
	*" $port "*) mode='' ;;
	*) mode=built-only ;;
	esac
	run_port "$port" $mode || { status=1; echo "# port $port: FAILED" >&2; }
done
exit "$status"
