#!/bin/sh
# Generates the manual page getrandom(1) with help2man, from the binary's
# --help and --version and from man/getrandom.h2m.
# Call: man/generate.sh [OUTPUT]   (default: man/getrandom.1; `make man`)
# GETRANDOM names the binary (default: cli/getrandom).  The page's date
# comes from SOURCE_DATE_EPOCH; when unset, from the last commit of the
# inputs, so that regenerating an unchanged page gives the same file.
set -eu

usage() { echo "usage: man/generate.sh [OUTPUT]   (default: man/getrandom.1)"; }

# One OUTPUT at most, never an option: "--help" would be a file name.
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -le 1 ] || { usage >&2; exit 2; }
case ${1:-} in -*) usage >&2; exit 2 ;; esac

top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/man/getrandom.1}
bin=${GETRANDOM:-$top/cli/getrandom}

die() {
	echo "man/generate.sh: $*" >&2
	exit 1
}

command -v help2man >/dev/null ||
	die "help2man is not installed (Debian: apt-get install help2man)"
[ -x "$bin" ] || die "$bin is not built: run make first"
case ${bin##*/} in
*[!A-Za-z0-9._+-]*) die "help2man cannot run '$bin': rename it without blanks or quotes" ;;
esac
case $out in
/*) ;;
*) out=$PWD/$out ;;
esac

if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
	SOURCE_DATE_EPOCH=$(git -C "$top" log -1 --format=%ct -- \
		cli/option-table.h cli/help-modes.h cli/help.c man/getrandom.h2m \
		2>/dev/null) ||
		die "not a git checkout: set SOURCE_DATE_EPOCH for the page's date"
	[ -n "$SOURCE_DATE_EPOCH" ] ||
		die "cli/option-table.h, cli/help.c and man/getrandom.h2m are not committed yet"
fi
export SOURCE_DATE_EPOCH

# help2man dates the page "December 2026", which mandoc cannot parse; the
# same day in ISO 8601 (YYYY-MM-DD) replaces it.
day=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d) ||
	die "cannot turn SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH into a date"

trap 'rm -f "$out.tmp" "$out.new"' EXIT

# help2man's month names and its parsing must not depend on the locale.
# It runs the binary through the shell with its name unquoted: it is
# given ./NAME, run from the binary's directory, which may hold blanks.
(cd "$(dirname "$bin")" && LC_ALL=C help2man --no-info \
	--include="$top/man/getrandom.h2m" --output="$out.tmp" "./${bin##*/}")
# --help's "Exit status:" list is the page's only one: it moves from the
# end of OPTIONS into the EXIT STATUS section, so that --help and the
# page say the same thing in the same words.  The page is written beside
# OUTPUT and renamed over it once whole: a failure leaves OUTPUT as it was.
sed "2s/^\(\.TH [^ ]* \"[^\"]*\"\) \"[^\"]*\"/\1 \"$day\"/" "$out.tmp" |
	awk '
	/^\.SS "Exit status:"$/ { moving = 1; next }
	moving && /^\.(SH|SS) / { moving = 0 }
	moving { list = list $0 "\n"; next }
	/^\.\\" man\/generate.sh moves the list/ {
		if (list == "") exit 1
		printf "%s", list; placed = 1; next
	}
	{ print }
	END { if (!placed) exit 1 }
	' >"$out.new" ||
	die "no \"Exit status:\" list in $bin --help to move into EXIT STATUS"
# help2man puts EXAMPLES near the end, after every section of the include
# file; a reader wants it after EXIT STATUS, before the sections that say
# how the outputs are made.  help2man leaves the hyphens of the usage
# lines and of the headings over each mode's options unescaped: escaped,
# they read and paste as the minus signs of an option.
awk '
/^\.SH / { synopsis = $0 == ".SH SYNOPSIS" }
(synopsis && !/^\./) || /^\.SS / { gsub(/-/, "\\-") }
/^\.SH EXAMPLES$/ { moving = 1 }
moving && /^\.SH / && $0 != ".SH EXAMPLES" { moving = 0 }
moving { examples = examples $0 "\n"; next }
{ page[++n] = $0 }
END {
	if (examples == "") exit 1
	for (i = 1; i <= n; i++)
		if (page[i] ~ /^\.\\" man\/generate.sh moves the EXAMPLES/) {
			printf "%s", examples
			placed = 1
		} else
			print page[i]
	if (!placed) exit 1
}
' "$out.new" >"$out.tmp" ||
	die "no EXAMPLES section, or no place for it, in man/getrandom.h2m"
mv -f "$out.tmp" "$out"
