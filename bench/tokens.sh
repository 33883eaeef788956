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
#
# The report (tables and targets) is bench/tokens-report.bash; medians,
# ratios and the timed runs are bench/lib.sh's.
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


# shellcheck source=bench/lib.sh
. bench/lib.sh
bench_start "$@"
# shellcheck source=bench/tokens-report.bash
. bench/tokens-report.bash

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

# KEY<TAB>pipe<TAB>CMD, one contender a line, as bench/lib.sh's rounds reads them.
contenders() {
	printf '%s\tpipe\t%s\n' \
		bulk "$(repeated "$GR --bytes $BULK --hex")" \
		count "$(repeated "$GR --count $TOKENS --bytes 16 --hex")" \
		url "$(repeated "$GR --count $TOKENS --bytes 16 --base64url --no-padding")" \
		openssl "for i in \$(seq $OPENSSL_TOKENS); do openssl rand -hex 16; done" \
		python-hex "$(python_loop token_hex)" \
		python-url "$(python_loop token_urlsafe)" \
		pwgen "pwgen -s -1 32 $TOKENS"
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

contenders >"$tmp/contenders"
rounds "$tmp/contenders" "$ROUNDS"
max_count_rss
report
