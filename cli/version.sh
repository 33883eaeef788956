#!/bin/sh
# Writes the C header that gives --version its number, from the VERSION
# file at the top of the tree: the one place the version is kept (the
# tarball's name, debian/changelog and NEWS are checked against it by
# release/versions.sh).
# Call: cli/version.sh VERSION OUTPUT   (the Makefile: build/version.h)
set -eu

usage() { echo "usage: cli/version.sh VERSION OUTPUT"; }
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -eq 2 ] || { usage >&2; exit 2; }
case $1$2 in -*) usage >&2; exit 2 ;; esac

# One line: digits first, then what an upstream version may hold in a
# Debian version and a file name (letters, digits, ".", "+", "~").
version=$(cat "$1")
case $version in
[0-9]*[!0-9A-Za-z.+~]* | [!0-9]* | '')
	echo "cli/version.sh: $1 must hold one version such as 1.2 (digits, letters, . + ~), not '$(head -c 40 "$1")'" >&2
	exit 1 ;;
esac
printf '#define VERSION "%s"\n' "$version" >"$2.tmp"
mv -f "$2.tmp" "$2"
