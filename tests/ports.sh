#!/usr/bin/env bash
# Builds getrandom for i386 (gcc -m32, warnings as errors) and runs on it
# the test files of the code that differs between targets: the integer
# draws and ranges (64x64-bit products without a 128-bit type), the
# encoders (no SIMD path off x86_64), the number parsers, and the pump's
# chunk and stream boundaries.  An i386 binary runs natively on x86_64.
#   tests/ports.sh       (make test runs it; TAP in build/tap/port-i386.tap)
# The build is out of the tree, in build/port-i386, so build/getrandom stays;
# it is the dynamic test build, as on the host.
set -eu -o pipefail
cd "$(dirname "$0")/.."

FILES=(draws.bats encoders.bats formats.bats tokens.bats numbers.bats
	usage.bats combinations.bats robust-load.bats streams.bats)
DIR=build/port-i386

tests/need.sh suite build ports
rm -rf "$DIR"
mkdir -p "$DIR" build/tap
cp -r Makefile cli "$DIR/"
make -s -C "$DIR" WERROR=1 CFLAGS="-O2 -g -m32" LDFLAGS=-m32 build/getrandom
# ELF class 1 (32-bit), machine 3 (i386): the flags did take.
[ "$(od -An -tu1 -j4 -N1 "$DIR/build/getrandom" | tr -d ' ')" = 1 ] &&
	[ "$(od -An -tu2 -j18 -N2 "$DIR/build/getrandom" | tr -d ' ')" = 3 ] ||
	{ echo "tests/ports.sh: $DIR/build/getrandom is not an i386 program" >&2; exit 1; }
files=("${FILES[@]/#/tests/}")
echo "# port i386: ${FILES[*]}"
export BATS_TEST_TIMEOUT=${BATS_TEST_TIMEOUT:-300}
GETRANDOM=$PWD/$DIR/build/getrandom PATH=$PWD/tests/bats-timeout:$PATH \
	bats --tap --timing "${files[@]}" | tee build/tap/port-i386.tap
