#!/usr/bin/env bash
# Makes the release tarball (what `make dist` does):
#   release/dist.sh [OUTDIR]     (default build/, in the tree)
# OUTDIR/getrandom-VERSION.tar.gz holds one directory, getrandom-VERSION/,
# with every file git tracks and every new one it does not ignore, as they
# are in the work tree: what a user needs to build, test and package, and
# no .git and no build output.  The same tree gives the same bytes: files
# in name order, owned by 0:0, modes 0644 or 0755, every time the last
# commit's (or SOURCE_DATE_EPOCH), gzip without a name or time.
# VERSION comes from release/versions.sh, which first checks that every
# place that names it agrees.
set -eu

usage() { echo "usage: release/dist.sh [OUTDIR]"; }
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -le 1 ] || { usage >&2; exit 2; }
case ${1:-} in -*) usage >&2; exit 2 ;; esac

die() {
	echo "release/dist.sh: $*" >&2
	exit 1
}

# OUTDIR is taken from where the script is called, the default from the top.
out=${1:-}
case $out in '' | /*) ;; *) out=$PWD/$out ;; esac
cd "$(dirname "$0")/.."
out=${out:-$PWD/build}

git rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
	die "not a git checkout: the tarball holds the files git knows; make it from a clone"
version=$(release/versions.sh)
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
case $epoch in '' | *[!0-9]*) die "SOURCE_DATE_EPOCH must be seconds since 1970, not '$epoch'" ;; esac
[ -z "$(git status --porcelain)" ] ||
	echo "release/dist.sh: warning: the tree has changes not committed; the tarball holds them as they are" >&2

name=getrandom-$version
stage=$(mktemp -d "${TMPDIR:-/tmp}/getrandom-dist.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
# A tracked file deleted in the work tree is left out, as git would.
git ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
	xargs -0 cp --parents -P -t "$stage/$name" --

mkdir -p "$out"
tar -C "$stage" --format=gnu --sort=name --mtime="@$epoch" \
	--owner=0 --group=0 --numeric-owner --mode=u=rwX,go=rX \
	-cf - "$name" | gzip -9 -n >"$out/$name.tar.gz.tmp"
mv -f "$out/$name.tar.gz.tmp" "$out/$name.tar.gz"
echo "$out/$name.tar.gz"
