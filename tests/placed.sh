#!/usr/bin/env bash
# Prints the test files that tests/places puts in one place, one a line.
#   tests/placed.sh guest|host|release
# Fails, naming them, when a tests/*.bats file has no line in tests/places
# or a line names a file that does not exist: a test file is never left
# out of make test unnoticed.
set -eu
cd "$(dirname "$0")"

usage() { echo "usage: tests/placed.sh guest|host|release"; }
case $#:${1:-} in
1:guest | 1:host | 1:release) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac
listed=$(awk '!/^#/ && NF { print $1 }' places | sort)
present=$(printf '%s\n' *.bats | sort)
unlisted=$(comm -13 <(echo "$listed") <(echo "$present"))
missing=$(comm -23 <(echo "$listed") <(echo "$present"))
[ -z "$unlisted" ] || { echo "tests/places: no place for:" $unlisted >&2; exit 1; }
[ -z "$missing" ] || { echo "tests/places: no such test file:" $missing >&2; exit 1; }
awk -v where="$1" '!/^#/ && NF && $2 == where { print $1 }' places
