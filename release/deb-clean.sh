#!/usr/bin/env bash
# Builds the source package (make deb-src's) in a clean Debian 12 chroot
# with sbuild, as Debian's build daemons do (what `make deb-clean` does):
#   release/deb-clean.sh
# The chroot (release/chroot.sh, made on the first run) holds only
# build-essential: sbuild installs the Build-Depends of debian/control,
# and nothing else, so a build that needs a package they do not name
# fails.  sbuild's unshare mode needs no root.  The .deb files, .buildinfo,
# .changes and the build log land in build/deb-clean/.  Lintian runs
# here, outside the chroot (tests/dist.bats).
set -eu

usage() { echo "usage: release/deb-clean.sh"; }
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -eq 0 ] || { usage >&2; exit 2; }
cd "$(dirname "$0")/.."

tarball=$(release/chroot.sh)
dsc=$PWD/$(release/deb-src.sh | tail -n 1)
out=build/deb-clean
rm -rf "$out"
mkdir -p "$out"
# The changelog's distribution (unstable) is where the package goes; the
# chroot is Debian 12's, as --dist says in the .changes.
(cd "$out" && sbuild --chroot-mode=unshare --chroot="$tarball" --dist=bookworm \
	--no-source-only-changes --no-run-lintian --no-run-piuparts \
	--no-run-autopkgtest --nolog "$dsc") ||
	{ echo "release/deb-clean.sh: sbuild failed: the log above says why" >&2; exit 1; }
ls "$out"/*.deb
