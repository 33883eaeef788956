#!/usr/bin/env bash
# Counts the results in TAP files and prints the closing line CI reads.
#   tests/summary.sh FILE.tap...
# Prints one "NAME: N passed, N failed, N skipped" line per file, then the
# total as "N passed, N failed, N skipped"; exits 1 if anything failed.
set -eu

usage() { echo "usage: tests/summary.sh FILE.tap..."; }

# At least one file, and no option: a name starting with "-" is a mistake
# (a file of that name can be given as ./-NAME).
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -gt 0 ] || { usage >&2; exit 2; }
for file in "$@"; do
	case $file in -*) usage >&2; exit 2 ;; esac
done

# count FILE: prints "passed failed skipped". Tests that the plan line
# ("1..N") promised but that never reported count as failed: a run killed
# halfway must not look shorter and green.
count() {
	awk '
		/^1\.\.[0-9]+$/                  { planned += substr($0, 4) }
		/^ok / && tolower($0) ~ /# skip/ { skipped++; next }
		/^ok /                           { passed++; next }
		/^not ok /                       { failed++ }
		END {
			missing = planned - passed - failed - skipped
			if (missing > 0) failed += missing
			printf "%d %d %d\n", passed, failed, skipped
		}
	' "$1"
}

total_passed=0 total_failed=0 total_skipped=0
for file in "$@"; do
	[ -f "$file" ] || continue
	read -r passed failed skipped < <(count "$file")
	printf '%s: %d passed, %d failed, %d skipped\n' \
		"$(basename "$file" .tap)" "$passed" "$failed" "$skipped"
	total_passed=$((total_passed + passed))
	total_failed=$((total_failed + failed))
	total_skipped=$((total_skipped + skipped))
done
printf '%d passed, %d failed, %d skipped\n' \
	"$total_passed" "$total_failed" "$total_skipped"
[ "$total_failed" -eq 0 ]
