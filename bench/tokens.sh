#!/usr/bin/env bash
# The token benchmark: many short outputs from one call (--count) against
# one bulk output of the same bytes, and against the tools people use for
# tokens today (a shell loop of `openssl rand -hex 16`, Python's secrets
# module in a loop, pwgen -s), on this machine, in one go.  Prints Markdown
# tables of medians, rates, ratios and peak RSS, then each target with its
# number and "met" or "NOT met".
#
#   bench/tokens.sh [ROUNDS]    ROUNDS rounds (default 7)
#   BENCH_QUICK=1 bench/tokens.sh   small counts, one round: checks the script
#
# GETRANDOM names the binary (default: build/getrandom, the dynamic build).  Every contender
# writes through a pipe to cat, which reads and drops.  Contenders take
# turns, round after round, each round starting one further along, and a
# ratio is the median over rounds of the ratio within each round, which
# cancels what drifts between rounds; record numbers only with the machine
# quiet.  Peak RSS is the largest process of each command
# (/usr/bin/time -f %M).  Not part of the test suite.
set -eu -o pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${1:-7}
GR=${GETRANDOM:-$PWD/build/getrandom}
TOKENS=1000000			# tokens of 16 bytes, as the target says
OPENSSL_TOKENS=1000		# one process each: a thousand take seconds
MAX_COUNT=18446744073709551615
RSS_LINES=20000000		# lines read from --count=MAX_COUNT
# getrandom's runs last a tenth of a second, which a busy machine can
# double: each of its contenders runs REPEAT times in a row, timed together.
REPEAT=10
if [ "${BENCH_QUICK:-0}" = 1 ]; then
	ROUNDS=1 TOKENS=20000 OPENSSL_TOKENS=20 RSS_LINES=100000 REPEAT=2
fi
BULK=$((16 * TOKENS))		# the same random bytes as one output

die() {
	echo "bench/tokens: $*" >&2
	exit 1
}

case $ROUNDS in
'' | *[!0-9]* | 0) die "ROUNDS must be a positive number, not '$ROUNDS'" ;;
esac
[ -x "$GR" ] || die "$GR not found: run 'make' first"
tests/need.sh bench ||
	die "install the packages named above"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

values() {
	awk -F '\t' -v k="$2" '$1 == k { print $2 }' "$1"
}

median() {
	sort -g | awk '{ v[NR] = $1 }
		END { if (NR == 0) exit 1
		      print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

med() {
	values "$tmp/times" "$1" | median
}

peak_rss() {
	values "$tmp/rss" "$1" | sort -g | tail -n 1
}

# speedup REF KEY SCALE: how many times REF's rate KEY's rate is, as the
# median over rounds of SCALE * REF's time / KEY's time in the same round;
# SCALE is KEY's work over REF's (bytes or tokens).
speedup() {
	paste <(values "$tmp/times" "$1") <(values "$tmp/times" "$2") |
		awk -v scale="$3" '{ printf "%.6f\n", scale * $1 / $2 }' |
		median | awk '{ printf "%.2f", $1 }'
}

# time_run KEY CMD: runs the shell command CMD through a pipe to cat and
# records its wall time in seconds and its peak RSS in KiB.
time_run() {
	local key=$1 cmd=$2 t0 t1

	t0=$EPOCHREALTIME
	/usr/bin/time -f %M -o "$tmp/rss1" sh -c "$cmd" | cat >/dev/null ||
		die "failed: $cmd"
	t1=$EPOCHREALTIME
	printf '%s\t%s\n' "$key" \
		"$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')" >>"$tmp/times"
	printf '%s\t%s\n' "$key" "$(tail -n 1 "$tmp/rss1")" >>"$tmp/rss"
}

# One Python process writing one token a line, as a script would.
cat >"$tmp/loop.py" <<'EOF'
import secrets, sys
make = getattr(secrets, sys.argv[1])
write = sys.stdout.write
for _ in range(int(sys.argv[2])):
    write(make(16) + "\n")
EOF

python_loop() {
	echo "python3 $tmp/loop.py $1 $TOKENS"
}

# repeated CMD: CMD, REPEAT times in a row.
repeated() {
	echo "for i in \$(seq $REPEAT); do $1; done"
}

# KEY<TAB>CMD, one contender a line.
contenders() {
	printf '%s\t%s\n' \
		bulk "$(repeated "$GR --bytes $BULK --hex")" \
		count "$(repeated "$GR --count $TOKENS --bytes 16 --hex")" \
		url "$(repeated "$GR --count $TOKENS --bytes 16 --base64url --no-padding")" \
		openssl "for i in \$(seq $OPENSSL_TOKENS); do openssl rand -hex 16; done" \
		python-hex "$(python_loop token_hex)" \
		python-url "$(python_loop token_urlsafe)" \
		pwgen "pwgen -s -1 32 $TOKENS"
}

run_rounds() {
	local n r i key cmd
	local -a lines

	mapfile -t lines < <(contenders)
	n=${#lines[@]}
	for ((r = 0; r < ROUNDS; r++)); do
		printf 'bench/tokens: round %d of %d\n' $((r + 1)) "$ROUNDS" >&2
		for ((i = 0; i < n; i++)); do
			IFS=$'\t' read -r key cmd <<<"${lines[(i + r) % n]}"
			time_run "$key" "$cmd"
		done
	done
}

# The largest count, read until RSS_LINES lines: memory must not grow.
max_count_rss() {
	local threads

	for threads in 1 16; do
		/usr/bin/time -f %M -o "$tmp/rss1" "$GR" --count "$MAX_COUNT" \
			--bytes 16 --hex --threads "$threads" 2>/dev/null |
			head -n "$RSS_LINES" >/dev/null || true
		printf '%s\t%s\n' "max-$threads" "$(tail -n 1 "$tmp/rss1")" >>"$tmp/rss"
	done
}

# The per-byte ratio of --count to bulk in each round, in round order.
round_ratios() {
	paste <(values "$tmp/times" bulk) <(values "$tmp/times" count) |
		awk -v t="$TOKENS" -v b="$BULK" \
			'{ printf "%s%.2f", (NR > 1 ? " " : ""), 33 * t / (2 * b + 1) * $1 / $2 }'
}

rate() {
	awk -v b="$1" -v s="$2" 'BEGIN { printf "%.0f", b / 1048576 / s }'
}

row() {
	local key=$1 what=$2 bytes=$3 tokens=$4 t
	t=$(med "$key")
	printf '| %s | %s | %s | %s | %s |\n' "$what" "$t" "$(rate "$bytes" "$t")" \
		"$(awk -v n="$tokens" -v s="$t" 'BEGIN { printf "%.0f", n / s }')" \
		"$(peak_rss "$key")"
}

verdict() {
	if awk -v v="$1" -v l="$2" 'BEGIN { exit !(v >= l) }'; then echo met; else echo "NOT met"; fi
}

report() {
	local per_byte rss
	echo "## Tokens: $TOKENS tokens of 16 bytes ($ROUNDS rounds, $(nproc) CPUs)"
	echo
	echo "| contender | median s | MiB/s out | tokens/s | peak RSS KiB |"
	echo "|---|---|---|---|---|"
	row bulk "getrandom --bytes $BULK --hex (bulk), $REPEAT runs" \
		$((REPEAT * (2 * BULK + 1))) $((REPEAT * TOKENS))
	row count "getrandom --count $TOKENS --bytes 16 --hex, $REPEAT runs" \
		$((REPEAT * 33 * TOKENS)) $((REPEAT * TOKENS))
	row url "getrandom --count $TOKENS --bytes 16 --base64url --no-padding, $REPEAT runs" \
		$((REPEAT * 23 * TOKENS)) $((REPEAT * TOKENS))
	row openssl "openssl rand -hex 16, shell loop of $OPENSSL_TOKENS" $((33 * OPENSSL_TOKENS)) "$OPENSSL_TOKENS"
	row python-hex "Python secrets.token_hex(16) loop" $((33 * TOKENS)) "$TOKENS"
	row python-url "Python secrets.token_urlsafe(16) loop" $((23 * TOKENS)) "$TOKENS"
	row pwgen "pwgen -s -1 32 $TOKENS" $((33 * TOKENS)) "$TOKENS"
	echo
	# Per output byte: the tokens write 33 bytes for 16, the bulk hex 32.
	per_byte=$(speedup bulk count "$(awk -v t="$TOKENS" -v b="$BULK" \
		'BEGIN { printf "%.9f", 33 * t / (2 * b + 1) }')")
	rss=$(values "$tmp/rss" count; values "$tmp/rss" url; values "$tmp/rss" max-1
	      values "$tmp/rss" max-16)
	rss=$(echo "$rss" | sort -g | tail -n 1)
	echo "| ratio (median of per-round ratios) | value |"
	echo "|---|---|"
	echo "| --count hex rate per output byte / bulk --hex | $per_byte (rounds: $(round_ratios)) |"
	echo "| --count hex tokens/s / openssl rand -hex 16 loop | $(speedup openssl count "$((REPEAT * TOKENS / OPENSSL_TOKENS))") |"
	echo "| --count hex tokens/s / Python token_hex loop | $(speedup python-hex count "$REPEAT") |"
	echo "| --count base64url tokens/s / Python token_urlsafe loop | $(speedup python-url url "$REPEAT") |"
	echo "| --count hex tokens/s / pwgen -s 32 | $(speedup pwgen count "$REPEAT") |"
	echo "| peak RSS, --count=$MAX_COUNT (1 and 16 threads, $RSS_LINES lines read), KiB | $(peak_rss max-1), $(peak_rss max-16) |"
	echo
	echo "Targets:"
	echo "- --count hex at least 0.8 of the bulk --hex rate per output byte: $per_byte, $(verdict "$per_byte" 0.8)"
	echo "- peak RSS under 8 MiB for any count: $rss KiB, $(verdict $((8192 - 1)) "$rss")"
}

run_rounds
max_count_rss
report
