#!/usr/bin/env bash
# The token benchmark's report: Markdown tables of medians, rates, ratios
# and peak RSS, then each target with its number and "met" or "NOT met".
# Not run on its own: sourced by bench/tokens.sh after bench/lib.sh, whose
# settings (TOKENS, BULK, REPEAT, ROUNDS, OPENSSL_TOKENS, MAX_COUNT,
# RSS_LINES) and recorded values ($tmp/times, $tmp/rss) it reads.
# Usage: report
# shellcheck disable=SC2154,SC2153 # the settings and tmp come from bench/tokens.sh
set -eu -o pipefail

# The per-byte ratio of --count to bulk in each round, in round order.
round_ratios() {
	paste <(values "$tmp/times" bulk) <(values "$tmp/times" count) |
		awk -v t="$TOKENS" -v b="$BULK" \
			'{ printf "%s%.2f", (NR > 1 ? " " : ""), 33 * t / (2 * b + 1) * $1 / $2 }'
}

row() {
	local key=$1 what=$2 bytes=$3 tokens=$4 t
	t=$(med "$tmp/times" "$key")
	printf '| %s | %s | %s | %s | %s |\n' "$what" "$t" "$(rate "$bytes" "$t")" \
		"$(awk -v n="$tokens" -v s="$t" 'BEGIN { printf "%.0f", n / s }')" \
		"$(peak "$tmp/rss" "$key")"
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
	echo "| peak RSS, --count=$MAX_COUNT (1 and 16 threads, $RSS_LINES lines read), KiB | $(peak "$tmp/rss" max-1), $(peak "$tmp/rss" max-16) |"
	echo
	echo "Targets:"
	echo "- --count hex at least 0.8 of the bulk --hex rate per output byte: $per_byte, $(verdict "$per_byte" 0.8)"
	echo "- peak RSS under 8 MiB for any count: $rss KiB, $(verdict $((8192 - 1)) "$rss")"
}
