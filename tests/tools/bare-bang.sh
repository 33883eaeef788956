#!/usr/bin/env bash
# Lists the lines of test files that start with a bare `!` and so can never
# fail their test.  Bash's errexit, which bats relies on, ignores the status
# of a negated command: `! grep -q x out` in the middle of a test passes
# whatever grep finds.  Only three forms are safe, and allowed:
#   ! cmd || false        the `|| false` carries the failure
#   ! cmd  (then `}`)     the last command of a test or function: its status
#                         is the result
#   a line continuing a condition (the line before ends in && or ||)
# Everywhere else, write `run ! cmd`.
#   tests/tools/bare-bang.sh FILE...
# Prints FILE:LINE: TEXT for each offending line; exits 1 if there is one.
set -eu

usage() { echo "usage: tests/tools/bare-bang.sh FILE..."; }
# Files only: a name starting with "-" is an option awk would take as its
# own (a file of that name can be given as ./-NAME).
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -gt 0 ] || { usage >&2; exit 2; }
for file in "$@"; do
	case $file in -*) usage >&2; exit 2 ;; esac
done

awk '
function flush() {
	if (pending != "") {
		print pending
		found = 1
	}
	pending = ""
}
FNR == 1 { flush(); prev = "" }
/^[[:space:]]*(#|$)/ { next }
{
	if (pending != "" && $0 ~ /^[[:space:]]*}[[:space:]]*$/)
		pending = ""	# the last command: its status counts
	flush()
	if ($0 ~ /^[[:space:]]*![[:space:]]/ &&
	    $0 !~ /\|\|[[:space:]]*false[[:space:]]*$/ &&
	    prev !~ /(&&|\|\|)[[:space:]]*$/)
		pending = FILENAME ":" FNR ": " $0
	prev = $0
}
END {
	flush()
	exit found ? 1 : 0
}' "$@"
