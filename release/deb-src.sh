#!/usr/bin/env bash
# Makes the Debian source package from the release tarball (what `make
# deb-src` does), as Debian makes one from upstream's:
#   release/deb-src.sh
# make dist's build/getrandom-VERSION.tar.gz is copied, byte for byte, to
# build/deb-src/getrandom_VERSION.orig.tar.gz, unpacked beside it, and
# dpkg-buildpackage -S makes the .dsc, the .debian.tar.xz (debian/ as the
# tarball holds it) and the _source.changes there.  Unsigned (-us -uc):
# the maintainer signs what is uploaded (docs/debian.md).
set -eu

usage() { echo "usage: release/deb-src.sh"; }
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -eq 0 ] || { usage >&2; exit 2; }
cd "$(dirname "$0")/.."

# dpkg-dev makes the source package; debian/rules clean needs debhelper.
tests/need.sh deb
tarball=$(release/dist.sh)
version=$(release/versions.sh)
revision=$(dpkg-parsechangelog -S Version)
out=build/deb-src
rm -rf "$out"
mkdir -p "$out"
cp "$tarball" "$out/getrandom_$version.orig.tar.gz"
tar -C "$out" -xzf "$tarball"
(cd "$out/getrandom-$version" && dpkg-buildpackage -S -us -uc -d)
rm -rf "${out:?}/getrandom-$version"
ls "$out/getrandom_$revision.dsc"
