# shellcheck shell=bash
# The benchmark's tools, sourced by bench/run.sh: the reference programs,
# medians and ratios over the recorded values, and one timed run with its
# peak RSS. Uses bench/run.sh's settings and its scratch directory $tmp.
# shellcheck disable=SC2154 # tmp, CC and the sizes come from bench/run.sh
# ---------------------------------------------------------------------------
# The start every benchmark shares
# ---------------------------------------------------------------------------

die() {
	echo "bench/${0##*/}: $*" >&2
	exit 1
}

# bench_start ARGS...: checks the script's arguments (each benchmark takes
# one, ROUNDS, the script's default when absent) and the binary $GR,
# installs nothing but checks the bench packages, and makes the scratch
# directory $tmp, removed on exit.  Bad arguments are a usage error
# (status 2) before anything runs; -h or --help prints the usage.
bench_start() {
	local usage="usage: bench/${0##*/} [ROUNDS]   (a positive whole number; BENCH_QUICK=1: a quick check of the script)"
	[ $# -le 1 ] || { echo "$usage" >&2; exit 2; }
	# Plain digits: "08" is no number to the shell's arithmetic, "00" none
	# at all.
	case ${1-1} in
	-h | --help) echo "$usage"; exit 0 ;;
	'' | 0* | *[!0-9]*) echo "$usage" >&2; exit 2 ;;
	esac
	[ -x "$GR" ] || die "$GR not found: run 'make build/getrandom' first"
	tests/need.sh bench || die "install the packages named above (make deps)"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
}

# ---------------------------------------------------------------------------
# Reference programs, and a static build of getrandom to weigh linking
# ---------------------------------------------------------------------------

build_references() {
	$CC -O2 -static -o "$tmp/min32" bench/min32.c ||
		die "cannot link bench/min32.c statically: install libc6-dev"
	$CC -O2 -fPIE -static-pie -o "$tmp/min32-pie" bench/min32.c ||
		die "cannot link bench/min32.c as a static PIE"
	$CC -O2 -o "$tmp/min32-dynamic" bench/min32.c || die "cannot build bench/min32.c"
	$CC -O2 -o "$tmp/loop" bench/loop.c || die "cannot build bench/loop.c"
	mkdir "$tmp/static"
	cp -r Makefile VERSION cli "$tmp/static/"
	rm -f "$tmp/static/cli/getrandom"
	make -s -C "$tmp/static" cli/getrandom >/dev/null ||
		die "cannot build the static getrandom (make cli/getrandom)"
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

# 1, 2, 4, ... below the CPU count, then the CPU count itself.
thread_counts() {
	local k=1 cpus
	cpus=$(nproc)
	while [ "$k" -lt "$cpus" ]; do
		echo "$k"
		k=$((k * 2))
	done
	echo "$cpus"
}

# instructions [-i] BINARY ARGS...: the instructions callgrind counts for
# BINARY ARGS, its standard output and error to /dev/null, callgrind's
# report to a log of its own; -i: with an empty environment (glibc's start
# reads every variable of it, so a count to compare takes none).
instructions() {
	local count clean=()
	if [ "$1" = -i ]; then
		clean=(env -i)
		shift
	fi
	"${clean[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		--log-file="$tmp/callgrind.log" "$@" >/dev/null 2>&1 ||
		die "callgrind could not run '$*'"
	count=$(sed -n 's/.*Collected : *//p' "$tmp/callgrind.log" | tail -n 1)
	[ -n "$count" ] || die "callgrind counted nothing for '$*'"
	echo "${count//,/}"
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

# format_option FMT: the options, with a leading space, for raw, hex or b64.
format_option() {
	case $1 in
	raw) echo "" ;;
	hex) echo " --hex" ;;
	b64) echo " --base64" ;;
	esac
}
