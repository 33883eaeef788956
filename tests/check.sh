#!/usr/bin/env bash
# Runs the bats suite against this machine's kernel (what `make check` does).
#   tests/check.sh [NAME [host|release]]
# The TAP output is shown and kept in build/tap/NAME.tap (default: host).
# With "host" or "release", only the files that tests/places puts there
# (make test runs the others in the QEMU guest, or beside the host's);
# by default, every file.
# GETRANDOM names the binary under test (default: build/getrandom, the
# dynamic build that `make check` makes).
set -eu -o pipefail

usage() { echo "usage: tests/check.sh [NAME [host|release]]"; }

# NAME becomes build/tap/NAME.tap: a plain file name word, never an option
# (`--help` once ran the whole suite into build/tap/--help.tap) nor a
# path; the only word after it is "host" or "release".  Checked before
# anything runs.
valid_args() {
	[ $# -le 2 ] || return 1
	[ $# -ge 1 ] || return 0
	[[ $1 =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]*$ ]] || return 1
	[ $# -eq 1 ] || [ "$2" = host ] || [ "$2" = release ]
}
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
valid_args "$@" || { usage >&2; exit 2; }
# BATS_JOBS=N: N files at a time (GNU parallel, tests/need.sh tools), each
# file's tests in order; make test runs two, one a CPU.  Checked here too.
jobs=()
case ${BATS_JOBS:-} in
'') ;;
0* | *[!0-9]*)
	usage >&2
	echo "tests/check.sh: BATS_JOBS must be a positive whole number, not '$BATS_JOBS'" >&2
	exit 2 ;;
*) jobs=(--jobs "$BATS_JOBS" --no-parallelize-within-files) ;;
esac
cd "$(dirname "$0")/.."

tests/need.sh suite
# The tools some tests use: each such test skips, naming its tool, when
# it is missing (make test installs them all, so nothing skips there).
tests/need.sh tools || echo "getrandom: the tests that use them will skip" >&2
mkdir -p build/tap
# A hung test fails after 10 minutes, by name, instead of stalling the
# whole run (tests/bats-timeout/pkill ends the whole process tree of the
# test).  The limit is for hangs, not speed: beside a kernel build, with
# the CPUs busy, the slowest test on the sanitizer build took 289 s.  The
# release's tests, which wait on the Debian mirror and on sbuild, give
# themselves 30 (tests/dist.bats).
export BATS_TEST_TIMEOUT=${BATS_TEST_TIMEOUT:-600}
files=(tests/*.bats)
if [ -n "${2:-}" ]; then
	mapfile -t files < <(tests/placed.sh "$2")
	files=("${files[@]/#/tests/}")
fi
PATH=$PWD/tests/bats-timeout:$PATH bats --tap --timing "${jobs[@]}" "${files[@]}" | tee "build/tap/${1:-host}.tap"
