#!/bin/sh
# Prints the Debian archive this machine's apt uses (deb822 .sources or
# one-line sources.list), http://deb.debian.org/debian when none is named:
# the mirror the project's chroots are made from.
# Call: release/mirror.sh   (release/chroot.sh, tests/debian13.sh)
set -eu

usage() { echo "usage: release/mirror.sh"; }
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -eq 0 ] || { usage >&2; exit 2; }

uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
	sed -n 's|^URIs:[[:space:]]*\([^[:space:]]*/debian\)/*$|\1|p' | head -n 1)
[ -n "$uri" ] || uri=$(cat /etc/apt/sources.list \
	/etc/apt/sources.list.d/*.list 2>/dev/null |
	sed -n 's|^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*/debian\)/*[[:space:]].*|\2|p' |
	head -n 1)
echo "${uri:-http://deb.debian.org/debian}"
