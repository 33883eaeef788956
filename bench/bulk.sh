# shellcheck shell=bash
# Sections 2 and 3 of the benchmark, sourced by bench/run.sh: raw bulk to
# /dev/null and to a pipe, then hex and base64 bulk.
# ---------------------------------------------------------------------------
# 2. Raw bulk, 1 GiB, to /dev/null and to a pipe
# ---------------------------------------------------------------------------

raw_bulk() {
	local dest h

	h=$(human "$RAW")
	: >"$tmp/list"
	for dest in null pipe; do
		printf '%s\t%s\t%s\n' \
			"loop-$dest" "$dest" "$tmp/loop $RAW" \
			"gr1-$dest" "$dest" "$GR --bytes $h --threads=1" \
			"grN-$dest" "$dest" "$GR --bytes $h" \
			"head-$dest" "$dest" "head -c $h /dev/urandom" \
			"openssl-$dest" "$dest" "openssl rand $RAW" >>"$tmp/list"
	done
	echo "bench: 2. raw bulk, $((RAW >> 20)) MiB" >&2
	rounds "$tmp/list" "$ROUNDS"

	echo "### 2. Raw bulk: $((RAW >> 20)) MiB"
	echo
	echo "$ROUNDS rounds; the median time, and the median of the ratios"
	echo "within each round.  \"pipe\" is \`| cat >/dev/null\`."
	echo
	echo "| command | to | median s | MiB/s | x loop | peak RSS KiB |"
	echo "|---|---|---:|---:|---:|---:|"
	local key label m
	for dest in null pipe; do
		for key in loop gr1 grN head openssl; do
			case $key in
			loop) label="bench/loop.c: getrandom(2) loop, 1 MiB buffer" ;;
			gr1) label="getrandom --bytes $h --threads=1" ;;
			grN) label="getrandom --bytes $h ($THREADS threads)" ;;
			head) label="head -c $h /dev/urandom" ;;
			openssl) label="openssl rand $RAW" ;;
			esac
			m=$(med "$tmp/times" "$key-$dest")
			printf '| `%s` | %s | %.3f | %s | %s | %s |\n' "$label" \
				"$([ "$dest" = null ] && echo /dev/null || echo pipe)" \
				"$m" "$(rate "$RAW" "$m")" "$(speedup "loop-$dest" "$key-$dest")" \
				"$(peak "$tmp/rss" "$key-$dest")"
		done
	done
	echo
}

# ---------------------------------------------------------------------------
# 3. Hex and base64 bulk, 256 MiB of input, to /dev/null
# ---------------------------------------------------------------------------

# The size each text contender encodes.
text_size() {
	case $1 in
	openssl-hex) echo "$OPENSSL_HEX" ;;
	*) echo "$TEXT" ;;
	esac
}

text_bulk() {
	local key fmt opt

	: >"$tmp/list"
	for fmt in raw hex b64; do
		opt=$(format_option "$fmt")
		printf '%s\tnull\t%s\n' \
			"t-$fmt-1" "$GR --bytes $TEXT$opt --threads=1" \
			"t-$fmt-N" "$GR --bytes $TEXT$opt" >>"$tmp/list"
	done
	printf '%s\tnull\t%s\n' \
		t-openssl-hex "openssl rand -hex $OPENSSL_HEX" \
		t-openssl-b64 "openssl rand -base64 $TEXT" \
		t-xxd "head -c $TEXT /dev/urandom | xxd -p" \
		t-base64 "head -c $TEXT /dev/urandom | base64 -w0" >>"$tmp/list"
	echo "bench: 3. hex and base64 bulk, $((TEXT >> 20)) MiB" >&2
	rounds "$tmp/list" "$TEXT_ROUNDS"

	echo "### 3. Hex and base64 bulk: $((TEXT >> 20)) MiB of random input, to /dev/null"
	echo
	echo "$TEXT_ROUNDS rounds; the median time, and the median of the ratios within"
	echo "each round.  Rates count input bytes; \"x raw\" is against raw"
	echo "getrandom with the same threads (one thread for the other tools)."
	echo
	echo "| command | input MiB | median s | input MiB/s | x raw | peak RSS KiB |"
	echo "|---|---:|---:|---:|---:|---:|"
	local label m size ref
	for key in t-raw-1 t-hex-1 t-b64-1 t-raw-N t-hex-N t-b64-N \
		   t-openssl-hex t-xxd t-openssl-b64 t-base64; do
		case $key in
		t-raw-1) label="getrandom --threads=1" ;;
		t-hex-1) label="getrandom --hex --threads=1" ;;
		t-b64-1) label="getrandom --base64 --threads=1" ;;
		t-raw-N) label="getrandom ($THREADS threads)" ;;
		t-hex-N) label="getrandom --hex ($THREADS threads)" ;;
		t-b64-N) label="getrandom --base64 ($THREADS threads)" ;;
		t-openssl-hex) label="openssl rand -hex" ;;
		t-openssl-b64) label="openssl rand -base64 (64 columns)" ;;
		t-xxd) label="head -c $(human "$TEXT") /dev/urandom | xxd -p" ;;
		t-base64) label="head -c $(human "$TEXT") /dev/urandom | base64 -w0" ;;
		esac
		case $key in
		*-N) ref=t-raw-N ;;
		*) ref=t-raw-1 ;;
		esac
		label=${label//|/\\|}
		size=$(text_size "${key#t-}")
		m=$(med "$tmp/times" "$key")
		printf '| `%s` | %s | %.3f | %s | %s | %s |\n' "$label" \
			"$((size >> 20))" "$m" "$(rate "$size" "$m")" \
			"$(speedup "$ref" "$key" "$(ratio "$size" "$TEXT")")" \
			"$(peak "$tmp/rss" "$key")"
	done
	echo
}
