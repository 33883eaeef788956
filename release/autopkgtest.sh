#!/usr/bin/env bash
# Runs Debian's autopkgtest on the package make deb-clean built (what
# `make autopkgtest` does):
#   release/autopkgtest.sh
# autopkgtest installs build/deb-clean's getrandom and each test's
# Depends in a fresh copy of the clean Debian 12 chroot (release/chroot.sh;
# its unshare backend, no root needed) and runs debian/tests from the
# source package (build/deb-src).  Its log and summary land in
# build/autopkgtest/; the status is autopkgtest's (0: all passed, 2: some
# skipped, 4: a test failed, 8: none ran, 12 and up: the runner failed).
# Run make deb-clean first.
set -eu

usage() { echo "usage: release/autopkgtest.sh"; }
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -eq 0 ] || { usage >&2; exit 2; }
cd "$(dirname "$0")/.."

die() {
	echo "release/autopkgtest.sh: $*" >&2
	exit 1
}

tarball=$(release/chroot.sh)
changes=(build/deb-clean/getrandom_*.changes)
[ -f "${changes[0]}" ] || die "no package in build/deb-clean/: run make deb-clean first"
version=$(dpkg-parsechangelog -S Version)
deb=build/deb-clean/getrandom_${version}_$(dpkg --print-architecture).deb
dsc=build/deb-src/getrandom_$version.dsc
if [ ! -f "$deb" ] || [ ! -f "$dsc" ]; then
	die "no $deb and $dsc of this version: run make deb-clean again"
fi
rm -rf build/autopkgtest
# The chroot keeps no package lists (mmdebstrap drops them): apt-get update
# first, so that each test's Depends can be installed.
autopkgtest --output-dir build/autopkgtest --setup-commands='apt-get update -q' \
	"$deb" "$dsc" -- \
	unshare --release bookworm --tarball "$tarball"
