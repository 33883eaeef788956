#!/bin/sh
# Checks that every place that names the version names the one in VERSION,
# and prints it: debian/changelog's upstream version, NEWS's newest entry,
# the footer of man/getrandom.1 and, given one, a binary's --version.
# make dist names its tarball with what this prints, and runs it first so
# that no release goes out with two versions.
# Call: release/versions.sh [BINARY]
set -eu

usage() { echo "usage: release/versions.sh [BINARY]"; }
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -le 1 ] || { usage >&2; exit 2; }
case ${1:-} in -*) usage >&2; exit 2 ;; esac
# BINARY is taken from where the script is called.
bin=${1:-}
case $bin in '' | /*) ;; *) bin=$PWD/$bin ;; esac
cd "$(dirname "$0")/.."

version=$(cat VERSION)
status=0
# agrees PLACE FOUND: FOUND is VERSION's version, or PLACE is named.
agrees() {
	[ "$2" = "$version" ] && return 0
	echo "release/versions.sh: $1 says '$2', VERSION says '$version'" >&2
	status=1
}

# "getrandom (1:1.0-2) unstable; ...": the part between epoch and revision.
changelog=$(sed -n '1s/^getrandom (\([^)]*\)).*/\1/p' debian/changelog)
changelog=${changelog#*:}
agrees "debian/changelog's upstream version" "${changelog%-*}"
# "* getrandom 1.0 (2026-12-03)": the first entry is the newest.
agrees "NEWS's newest entry" \
	"$(sed -n 's/^\* getrandom \([^ ]*\) .*/\1/p' NEWS | head -n 1)"
# .TH GETRANDOM "1" "DATE" "getrandom 1.0" "User Commands"
agrees "man/getrandom.1's footer" \
	"$(sed -n 's/^\.TH GETRANDOM "1" "[^"]*" "getrandom \([^"]*\)".*/\1/p' man/getrandom.1)"
if [ -n "$bin" ]; then
	agrees "$1 --version" "$("$bin" --version | sed -n '1s/^getrandom //p')"
fi
[ "$status" -eq 0 ] || exit 1
echo "$version"
