# shellcheck shell=bash
# Section 1 of the benchmark, sourced by bench/run.sh: small output, from
# start to exit, getrandom beside the tools people use and the limit.
# ---------------------------------------------------------------------------
# 1. Small output, start to exit
# ---------------------------------------------------------------------------

xxd_small() {
	# xxd before 2022 has no "-c 0" (no line breaks); then 64 columns do.
	if [ "$(head -c 40 /dev/zero | xxd -p -c 0 2>/dev/null | wc -l)" = 1 ]; then
		echo "head -c 32 /dev/urandom | xxd -p -c 0"
	else
		echo "head -c 32 /dev/urandom | xxd -p -c 64"
	fi
}

small_output() {
	local -a names cmds
	local r i n xxd

	xxd=$(xxd_small)
	names=(limit limit-dynamic getrandom static openssl xxd)
	cmds=("$tmp/min32" "$tmp/min32-dynamic" "$GR --bytes 32 --hex"
	      "$tmp/static/cli/getrandom --bytes 32 --hex"
	      "openssl rand -hex 32" "sh -c '$xxd'")
	n=${#names[@]}
	echo "bench: 1. small output (hyperfine)" >&2
	for ((r = 0; r < SMALL_ROUNDS; r++)); do
		local -a order=()
		for ((i = 0; i < n; i++)); do
			order+=("${cmds[(i + r) % n]}")
		done
		hyperfine -N --style none --warmup 5 --runs "$SMALL_RUNS" \
			--export-json "$tmp/small-$r.json" "${order[@]}" \
			>"$tmp/hyperfine.log" 2>&1 ||
			die "hyperfine failed: $(cat "$tmp/hyperfine.log")"
		for ((i = 0; i < n; i++)); do
			jq -r --arg c "${cmds[i]}" \
				'.results[] | select(.command == $c) | .times[]' \
				"$tmp/small-$r.json" |
				sed "s/^/small-${names[i]}\t/" >>"$tmp/times"
		done
	done
	for ((i = 0; i < n; i++)); do
		for r in 1 2 3; do
			/usr/bin/time -f %M -o "$tmp/rss1" sh -c "${cmds[i]}" >/dev/null
			record "$tmp/rss" "small-${names[i]}" "$(tail -n 1 "$tmp/rss1")"
		done
	done

	echo "### 1. Small output: 32 bytes in hex, start to exit"
	echo
	echo "hyperfine -N, $SMALL_ROUNDS rounds x $SMALL_RUNS runs, each round in a"
	echo "different order; the median and the fastest of all runs (on a busy"
	echo "machine the fastest run is the better estimate of the cost itself)."
	echo
	echo "| command | median ms | x limit | fastest ms | x limit | peak RSS KiB |"
	echo "|---|---:|---:|---:|---:|---:|"
	local label limit m fast low
	limit=$(med "$tmp/times" small-limit)
	low=$(lowest "$tmp/times" small-limit)
	for ((i = 0; i < n; i++)); do
		case ${names[i]} in
		limit) label="bench/min32.c, static (the limit)" ;;
		limit-dynamic) label="bench/min32.c, linked dynamically" ;;
		getrandom) label="getrandom --bytes 32 --hex, linked dynamically (the tests' build)" ;;
		static) label="getrandom --bytes 32 --hex, static (what make installs)" ;;
		openssl) label="openssl rand -hex 32" ;;
		xxd) label="sh -c '$xxd'" ;;
		esac
		label=${label//|/\\|}	# a | would end the table cell
		m=$(med "$tmp/times" "small-${names[i]}")
		fast=$(lowest "$tmp/times" "small-${names[i]}")
		printf '| `%s` | %.3f | %s | %.3f | %s | %s |\n' "$label" \
			"$(awk -v s="$m" 'BEGIN { print s * 1000 }')" \
			"$(ratio "$m" "$limit")" \
			"$(awk -v s="$fast" 'BEGIN { print s * 1000 }')" \
			"$(ratio "$fast" "$low")" "$(peak "$tmp/rss" "small-${names[i]}")"
	done
	echo
}
