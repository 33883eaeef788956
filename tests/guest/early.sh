#!/bin/bash
# Runs a kselftest of the crng's early state (getrandom_early_test_64 or
# _32) for the guest driver, which runs it before anything has initialized
# the pool: its TAP as it comes, then, if any test skipped, a failure of
# its own. A run that found the crng ready skips as a whole, and a test
# that found it readied skips: either means the run was not early, which
# the driver promised it would be. The skips allowed: the last test's
# when GETRANDOM_TEST_WAKE is unset (it credits the pool only when asked),
# and the vDSO tests' where the vDSO has no getrandom() (6.1, the 6.12
# baseline, a 32-bit program), which vm/check-6.12.sh forbids on the
# patched 6.12 kernel's 64-bit run.
# Call (in the guest): /tests/guest/early.sh PROGRAM
set -u

usage() { echo "usage: /tests/guest/early.sh PROGRAM"; }
case $#:${1:-} in
1:-h | 1:--help) usage; exit 0 ;;
1:-*) usage >&2; exit 2 ;;
1:*) ;;
*) usage >&2; exit 2 ;;
esac

VDSO_MISSING="no __vdso_getrandom in this kernel's vDSO"
out=$("$1")
status=$?
printf '%s\n' "$out"
skips=$(grep -i '^ok .*# SKIP\|^1\.\.0 # SKIP' <<<"$out" | grep -v -e 'GETRANDOM_TEST_WAKE' -e "$VDSO_MISSING")
if [ -n "$skips" ]; then
	echo "not ok 1000 - $1 skipped in the early run: not early after all"
	exit 1
fi
exit "$status"
