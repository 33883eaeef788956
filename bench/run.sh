#!/usr/bin/env bash
# The getrandom benchmark (issue 4): getrandom(1) side by side with the
# tools people use today and with two reference programs, on this machine,
# in one go.  Prints Markdown tables of medians, rates, ratios and peak RSS,
# then each target of issue 4 with its number and "met" or "NOT met".
#
#   make bench                 build cli/getrandom, then run this
#   bench/run.sh [ROUNDS]      ROUNDS rounds of raw bulk (default 7), twice as
#                              many of hex and base64 (their runs are short)
#   BENCH_QUICK=1 bench/run.sh small sizes, one round: checks the script only
#
# GETRANDOM names the binary (default: cli/getrandom).  Contenders take
# turns, round after round, so that a burst of load hits them all alike,
# and each ratio is the median of the ratios within each round, which
# cancels what drifts from one round to the next; record numbers only with
# the machine quiet (load average < 0.5).  Seven rounds take about 8
# minutes on an idle 2-CPU machine.  Not part of the test suite.
set -eu -o pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${1:-7}
GR=${GETRANDOM:-$PWD/cli/getrandom}
CC=${CC:-cc}
RAW=$((1 << 30))		# section 2: 1 GiB
TEXT=$((256 << 20))		# section 3: 256 MiB of input
OPENSSL_HEX=$((32 << 20))	# openssl rand -hex does 256 MiB in ~35 s: less
RSS_SIZE=$((64 << 20))		# section 4
SMALL_ROUNDS=20			# hyperfine calls, each running every contender
SMALL_RUNS=50			# ... this many times
if [ "${BENCH_QUICK:-0}" = 1 ]; then
	ROUNDS=1 RAW=$((16 << 20)) TEXT=$((8 << 20)) OPENSSL_HEX=$((1 << 20))
	RSS_SIZE=$((4 << 20)) SMALL_ROUNDS=2 SMALL_RUNS=20
fi

die() {
	echo "bench: $*" >&2
	exit 1
}

case $ROUNDS in
'' | *[!0-9]* | 0) die "ROUNDS must be a positive number, not '$ROUNDS'" ;;
esac
# A text run lasts under a second, so a hiccup of the machine moves it more.
TEXT_ROUNDS=$((2 * ROUNDS))
[ -x "$GR" ] || die "$GR not found: run 'make' first (or 'make bench')"
tests/need.sh hyperfine jq openssl xxd time coreutils libc6-dev ||
	die "install the packages named above"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'echo "bench: stopped by a failure at line $LINENO" >&2' ERR

# ---------------------------------------------------------------------------
# Reference programs, and a static build of getrandom to weigh linking
# ---------------------------------------------------------------------------

build_references() {
	$CC -O2 -static -o "$tmp/min32" bench/min32.c ||
		die "cannot link bench/min32.c statically: install libc6-dev"
	$CC -O2 -o "$tmp/min32-dynamic" bench/min32.c || die "cannot build bench/min32.c"
	$CC -O2 -o "$tmp/loop" bench/loop.c || die "cannot build bench/loop.c"
	mkdir "$tmp/static"
	cp -r Makefile cli "$tmp/static/"
	rm -f "$tmp/static/cli/getrandom"
	make -s -C "$tmp/static" STATIC=1 cli/getrandom >/dev/null ||
		die "cannot build getrandom with STATIC=1"
}

# ---------------------------------------------------------------------------
# Helpers: medians, and one timed run with the producer's peak RSS
# ---------------------------------------------------------------------------

# The median of the numbers on standard input.
median() {
	sort -g | awk '{ v[NR] = $1 }
		END { if (NR == 0) exit 1
		      print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Records a value: record FILE KEY VALUE.
record() {
	printf '%s\t%s\n' "$2" "$3" >>"$1"
}

values() {
	awk -F '\t' -v k="$2" '$1 == k { print $2 }' "$1"
}

# The median of KEY's values in FILE.
med() {
	values "$1" "$2" | median
}

peak() {
	values "$1" "$2" | sort -g | tail -n 1
}

lowest() {
	values "$1" "$2" | sort -g | awk 'NR == 1'	# head would SIGPIPE sort
}

# speedup REF KEY [SCALE]: how many times REF's rate KEY's rate is, as the
# median over rounds of REF's time / KEY's time in the same round (times
# SCALE, KEY's bytes / REF's bytes, when they differ).
speedup() {
	paste <(values "$tmp/times" "$1") <(values "$tmp/times" "$2") |
		awk -v scale="${3:-1}" '{ printf "%.6f\n", scale * $1 / $2 }' |
		median | awk '{ printf "%.2f", $1 }'
}

# time_run KEY DEST CMD: runs the shell command CMD with its output going to
# DEST (null: /dev/null; pipe: through a pipe to cat, which reads 128 KiB at
# a time and writes them to /dev/null), and records its wall time in
# seconds and its peak RSS in KiB (the largest process of CMD).
time_run() {
	local key=$1 dest=$2 cmd=$3 t0 t1

	t0=$EPOCHREALTIME
	if [ "$dest" = pipe ]; then
		/usr/bin/time -f %M -o "$tmp/rss1" sh -c "$cmd" | cat >/dev/null ||
			die "failed: $cmd | cat"
	else
		/usr/bin/time -f %M -o "$tmp/rss1" sh -c "$cmd" >/dev/null ||
			die "failed: $cmd"
	fi
	t1=$EPOCHREALTIME
	record "$tmp/times" "$key" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')"
	record "$tmp/rss" "$key" "$(tail -n 1 "$tmp/rss1")"
}

# rounds LIST_FILE COUNT: runs every "KEY<TAB>DEST<TAB>CMD" line of
# LIST_FILE, COUNT times, starting each round one contender further along.
rounds() {
	local count=$2 n r i k key dest cmd
	local -a lines

	mapfile -t lines <"$1"
	n=${#lines[@]}
	for ((r = 0; r < count; r++)); do
		printf 'bench: round %d of %d\n' $((r + 1)) "$count" >&2
		for ((i = 0; i < n; i++)); do
			k=$(((i + r) % n))
			IFS=$'\t' read -r key dest cmd <<<"${lines[k]}"
			time_run "$key" "$dest" "$cmd"
		done
	done
}

# A size as getrandom and head take it: 1G, 256M.
human() {
	if [ $(($1 % (1 << 30))) = 0 ]; then echo "$(($1 >> 30))G"; else echo "$(($1 >> 20))M"; fi
}

# MiB/s from a byte count and seconds.
rate() {
	awk -v b="$1" -v s="$2" 'BEGIN { printf "%.0f", b / 1048576 / s }'
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
}

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
		static) label="getrandom --bytes 32 --hex, STATIC=1 (what make install installs)" ;;
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
		case $fmt in
		raw) opt="" ;;
		hex) opt=" --hex" ;;
		b64) opt=" --base64" ;;
		esac
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

# ---------------------------------------------------------------------------
# 4. Peak RSS of getrandom by thread count
# ---------------------------------------------------------------------------

rss_by_threads() {
	local n fmt opt

	echo "bench: 4. peak RSS by thread count" >&2
	echo "### 4. Peak RSS of getrandom, $((RSS_SIZE >> 20)) MiB to /dev/null, by --threads"
	echo
	echo "| --threads | raw KiB | --hex KiB | --base64 KiB |"
	echo "|---:|---:|---:|---:|"
	for n in 1 2 4 8 16; do
		printf '| %s ' "$n"
		for fmt in raw hex b64; do
			case $fmt in
			raw) opt="" ;;
			hex) opt=" --hex" ;;
			b64) opt=" --base64" ;;
			esac
			time_run "rss-$n-$fmt" null "$GR --bytes $RSS_SIZE$opt --threads=$n"
			printf '| %s ' "$(peak "$tmp/rss" "rss-$n-$fmt")"
		done
		echo "|"
	done
	echo
}

# ---------------------------------------------------------------------------
# The targets of issue 4
# ---------------------------------------------------------------------------

# target TEXT VALUE OP LIMIT
target() {
	local ok

	ok=$(awk -v v="$2" -v l="$4" -v op="$3" \
		'BEGIN { print (op == ">=" ? v >= l : v <= l) ? "met" : "NOT met" }')
	printf '| %s | %s | %s %s | %s |\n' "$1" "$2" "$3" "$4" "$ok"
}

targets() {
	local gr_rss k

	gr_rss=$(awk -F '\t' '$1 ~ /^(small-getrandom|small-static|gr1-|grN-|t-(raw|hex|b64)-|rss-)/ { print $2 }' \
		"$tmp/rss" | sort -g | tail -n 1)
	echo "### Targets"
	echo
	echo "| target | value | wanted | |"
	echo "|---|---:|---:|---|"
	target "raw, 1 thread, x loop (/dev/null)" \
		"$(speedup loop-null gr1-null)" ">=" 0.95
	target "raw, $THREADS threads, x loop (/dev/null)" \
		"$(speedup loop-null grN-null)" ">=" 1.7
	for n in 1 N; do
		target "--hex, x raw ($([ $n = 1 ] && echo 1 thread || echo "$THREADS threads"))" \
			"$(speedup "t-raw-$n" "t-hex-$n")" ">=" 0.9
		target "--base64, x raw ($([ $n = 1 ] && echo 1 thread || echo "$THREADS threads"))" \
			"$(speedup "t-raw-$n" "t-b64-$n")" ">=" 0.9
	done
	target "small output, installed (STATIC=1) build, x limit, medians" \
		"$(ratio "$(med "$tmp/times" small-static)" "$(med "$tmp/times" small-limit)")" "<=" 1.2
	target "small output, installed (STATIC=1) build, x limit, fastest runs" \
		"$(ratio "$(lowest "$tmp/times" small-static)" "$(lowest "$tmp/times" small-limit)")" "<=" 1.2
	# Not a target: what linking dynamically would cost, the reason for STATIC=1.
	printf '| %s | %s | %s | %s |\n' \
		"small output, dynamic build (not installed), x limit, medians" \
		"$(ratio "$(med "$tmp/times" small-getrandom)" "$(med "$tmp/times" small-limit)")" \
		"" "for comparison"
	target "peak RSS of getrandom, KiB, any run above" "$gr_rss" "<=" 8191
	echo
}

# ---------------------------------------------------------------------------

machine() {
	echo "## $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo
	echo "- CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) online CPUs"
	echo "- kernel: $(uname -r)"
	echo "- load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
	echo "- getrandom: $("$GR" --version | head -n 1), default threads: $THREADS"
	echo "- $(openssl version), $(xxd -v 2>&1 | head -n 1), $(head --version | head -n 1)"
	echo
}

THREADS=$(n=$(nproc); [ "$n" -gt 8 ] && n=8; echo "$n")
build_references
# A snapshot: a rebuild of cli/getrandom during the run must not change it.
cp "$GR" "$tmp/getrandom"
GR=$tmp/getrandom
rm -f "$tmp/times" "$tmp/rss"
touch "$tmp/times" "$tmp/rss"
machine
small_output
raw_bulk
text_bulk
rss_by_threads
targets
echo "- load average at end: $(cut -d ' ' -f 1-3 /proc/loadavg)"
GETRANDOM=$GR bench/draws.sh
GETRANDOM=$GR bench/tokens.sh "$ROUNDS"
