#!/usr/bin/env bash
# Finds include and call cycles between the files of a C directory.
#   tests/tools/cycles.sh DIR
# Two graphs, one check: a header depends on each header it includes
# (an include cycle), and a .c file on each .c file that defines a
# function or object it uses, read from their objects' symbol tables (a
# call cycle, whatever header declares what is called).  Prints the
# files of each cycle and exits 1 when there is one, 0 when there is none.
# CC (default cc) compiles; build/ is searched for generated includes.
set -eu -o pipefail
usage() { echo "usage: tests/tools/cycles.sh DIR"; }
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -eq 1 ] && [ -d "$1" ] || { usage >&2; exit 2; }
dir=$1
objs=$(mktemp -d)
trap 'rm -rf "$objs"' EXIT

edges() {
	local f name inc
	for f in "$dir"/*.h; do
		name=$(basename "$f")
		sed -n 's/^#include "\([^"]*\.h\)".*/\1/p' "$f" | while read -r inc; do
			echo "$name $inc"
		done
	done
	for f in "$dir"/*.c; do
		name=$(basename "${f%.c}")
		${CC:-cc} -std=gnu11 -I"$dir" -Ibuild -c -o "$objs/$name.o" "$f"
	done
	for f in "$objs"/*.o; do
		name=$(basename "${f%.o}").c
		nm --defined-only -g "$f" | awk -v s="$name" 'NF == 3 { print $3, s }'
	done | sort >"$objs/defined"
	for f in "$objs"/*.o; do
		name=$(basename "${f%.o}").c
		nm --undefined-only -g "$f" | awk '{ print $NF }' | sort -u |
			join - "$objs/defined" | awk -v s="$name" '$2 != s { print s, $2 }'
	done
}

# tsort orders a graph and names the files of each loop it finds.
edges | sort -u >"$objs/edges"
if ! tsort "$objs/edges" >/dev/null 2>"$objs/loops"; then
	cat "$objs/loops"
	exit 1
fi
