#!/usr/bin/env bash
# Runs the bats suite against this machine's kernel (what `make check` does).
#   tests/check.sh [NAME]
# The TAP output is shown and kept in build/tap/NAME.tap (default: host).
# GETRANDOM names the binary under test (default: cli/getrandom).
set -eu -o pipefail
cd "$(dirname "$0")/.."

tests/need.sh bats strace gdb bsdutils help2man mandoc groff-base valgrind rng-tools5 xxd \
	gcc libc6-dev python3 time build-essential debhelper dpkg-dev lintian man-db bash-completion
mkdir -p build/tap
# A hung test fails after 5 minutes instead of stalling the whole run.
export BATS_TEST_TIMEOUT=${BATS_TEST_TIMEOUT:-300}
bats --tap tests/*.bats | tee "build/tap/${1:-host}.tap"
