#!/usr/bin/env bash
# Puts a run of bench/run.sh into bench/RESULTS.md, in place of the run
# recorded there, so that the figures the documents quote are the latest
# run's and no one copies them by hand.
#
#   bench/record.sh RUN [RESULTS]   RUN: bench/run.sh's output;
#                                    RESULTS: default bench/RESULTS.md
#
# The run (its own tables, not those of the benchmarks it runs after them)
# goes between the two marker lines below; the rest of the file is left as
# it is.  Exits 1 without changing anything if RUN is no complete
# run (its verdict table missing) or RESULTS lacks either marker.
set -eu -o pipefail

BEGIN='<!-- The latest run: written by make bench (bench/record.sh). -->'
END='<!-- End of the latest run. -->'
# bench/run.sh's own tables end here; the other benchmarks' follow.
OTHERS='<!-- The other benchmarks follow: bench/draws.sh, bench/tokens.sh, bench/features.sh. -->'

die() {
	echo "bench/record.sh: $*" >&2
	exit 1
}

usage="usage: bench/record.sh RUN [RESULTS]"
case ${1-} in
-h | --help) echo "$usage"; exit 0 ;;
-*) echo "$usage" >&2; exit 2 ;;
esac
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "$usage" >&2; exit 2; }
run=$1
results=${2:-$(dirname "$0")/RESULTS.md}
[ -r "$run" ] || die "cannot read the run '$run'"
grep -q '^### Targets$' "$run" || die "'$run' is no complete run of bench/run.sh: no targets"
[ "$(grep -cxF "$BEGIN" "$results")" = 1 ] && [ "$(grep -cxF "$END" "$results")" = 1 ] ||
	die "'$results' needs one line each of: $BEGIN / $END"

new=$(mktemp "$results.XXXXXX")
trap 'rm -f "$new"' EXIT
awk -v begin="$BEGIN" -v end="$END" -v others="$OTHERS" -v run="$run" '
	$0 == begin {
		print
		while ((getline line < run) > 0 && line != others) print line
		skip = 1
		next
	}
	$0 == end { skip = 0 }
	!skip { print }' "$results" >"$new"
chmod --reference="$results" "$new"
mv "$new" "$results"
trap - EXIT
echo "bench/record.sh: the run is in $results"
