# shellcheck shell=bash
# Two commands taking turns, round after round, for bench/draws.sh and
# bench/features.sh (sourced): each round's times and their ratio go to
# $tmp/times, and column reads back the medians.  Uses the caller's
# ROUNDS and $tmp.
# shellcheck disable=SC2154 # ROUNDS and tmp come from the caller

# median, die and bench_start, from the main benchmark's helpers.
# shellcheck source=bench/lib.sh
. bench/lib.sh

# seconds CMD: runs CMD (a shell command) with its output to /dev/null
# and prints how long it took, in seconds.
seconds() {
	local start end
	start=$(date +%s%N)
	sh -c "$1" >/dev/null
	end=$(date +%s%N)
	awk -v ns=$((end - start)) 'BEGIN { printf "%.4f\n", ns / 1e9 }'
}

# contest NAME OURS THEIRS: ROUNDS rounds, the two taking turns; records
# "NAME ours-seconds theirs-seconds ratio" per round in $tmp/times.
contest() {
	local name=$1 ours=$2 theirs=$3 a b
	for _ in $(seq "$ROUNDS"); do
		a=$(seconds "$ours")
		b=$(seconds "$theirs")
		echo "$name $a $b $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')" \
			>>"$tmp/times"
	done
}

# column NAME FIELD: the median of FIELD (2 ours, 3 theirs, 4 ratio).
column() {
	awk -v name="$1" -v f="$2" '$1 == name { print $f }' "$tmp/times" | median
}

# targets_table WHAT: the targets, each job of $jobs (NAME|OURS|THEIRS|WANT)
# with its median ratio against the one it wants, then $worst, the peak
# RSS of getrandom over WHAT, against 8 MiB.
targets_table() {
	local job name theirs want got verdict
	echo "| target | measured | wanted | |"
	echo "|---|---|---|---|"
	for job in "${jobs[@]}"; do
		IFS='|' read -r name _ theirs want <<<"$job"
		got=$(column "$name" 4)
		verdict=$(awk -v g="$got" -v w="$want" 'BEGIN { print (g >= w ? "met" : "NOT met") }')
		echo "| $name: '${theirs//$tmp\//}' time / getrandom's | $got | >= $want | $verdict |"
	done
	verdict=$([ "$worst" -lt 8192 ] && echo met || echo "NOT met")
	echo "| peak RSS of getrandom, KiB, $1 | $worst | < 8192 | $verdict |"
	echo
	echo "- load average at end: $(cut -d ' ' -f 1-3 /proc/loadavg)"
}

# jobs_table SAME: each job of $jobs (NAME|OURS|THEIRS|WANT) checked by
# SAME OURS THEIRS (both write the same), then run in turns by contest,
# one table row each with the medians.
jobs_table() {
	local job name ours theirs
	echo "| job | getrandom s | other s | other / getrandom (median of rounds) |"
	echo "|---|---|---|---|"
	for job in "${jobs[@]}"; do
		IFS='|' read -r name ours theirs _ <<<"$job"
		"$1" "$ours" "$theirs"
		contest "$name" "$ours" "$theirs"
		echo "| $name | $(column "$name" 2) | $(column "$name" 3) | $(column "$name" 4) |"
	done
}
