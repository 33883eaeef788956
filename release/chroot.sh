#!/usr/bin/env bash
# Makes the clean Debian 12 (bookworm) chroot that make deb-clean builds
# in (sbuild) and make autopkgtest tests in (autopkgtest), once, and
# prints its path:
#   release/chroot.sh        -> build/chroot/bookworm-amd64.tar
# A tarball made by mmdebstrap --variant=buildd from this machine's Debian
# mirror (release/mirror.sh, or MIRROR): the essential packages, apt and
# build-essential, nothing of the Build-Depends, so that a build needs
# every one it uses.  It is kept and reused; delete it to take newer
# packages.  Debian 12's sbuild makes no such tarball of its own.
# sbuild and autopkgtest unpack it in a user namespace (their unshare
# modes), which maps the caller's subordinate IDs (/etc/subuid,
# /etc/subgid): as root, a range is added for root where it has none.
set -eu

usage() { echo "usage: release/chroot.sh   (MIRROR: the Debian archive)"; }
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -eq 0 ] || { usage >&2; exit 2; }
cd "$(dirname "$0")/.."

die() {
	echo "release/chroot.sh: $*" >&2
	exit 1
}

tests/need.sh chroot

# 65536 subordinate IDs for the caller in /etc/subuid and /etc/subgid.
subordinate_ids() {
	local user file
	user=$(id -un)
	for file in /etc/subuid /etc/subgid; do
		grep -q "^$user:" "$file" 2>/dev/null && continue
		[ "$(id -u)" -eq 0 ] ||
			die "$user has no range in $file for sbuild's and autopkgtest's user namespace; as root: usermod --add-subuids 100000-165535 --add-subgids 100000-165535 $user"
		# After every range already given, so that none overlaps.
		local first
		first=$(awk -F: 'BEGIN { n = 100000 } $2 + $3 > n { n = $2 + $3 } END { print n }' "$file" 2>/dev/null || echo 100000)
		echo "release/chroot.sh: giving $user the IDs $first-$((first + 65535)) in $file (usermod)" >&2
		case $file in
		*/subuid) usermod --add-subuids "$first-$((first + 65535))" "$user" ;;
		*) usermod --add-subgids "$first-$((first + 65535))" "$user" ;;
		esac
	done
}

subordinate_ids
tarball=$PWD/build/chroot/bookworm-amd64.tar
if [ ! -f "$tarball" ]; then
	mirror=${MIRROR:-$(release/mirror.sh)}
	security=${mirror%/debian}/debian-security
	mkdir -p build/chroot
	echo "release/chroot.sh: mmdebstrap bookworm from $mirror, into $tarball" >&2
	# dpkg without fsync and man-db without its index: installing the
	# Build-Depends takes a third of the time, and neither changes what
	# is built.  ($1 is mmdebstrap's: the root it makes.)
	# shellcheck disable=SC2016
	mmdebstrap --variant=buildd --format=tar --dpkgopt=force-unsafe-io \
		--customize-hook='echo "man-db man-db/auto-update boolean false" | chroot "$1" debconf-set-selections' \
		bookworm "$tarball.tmp" \
		"deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
		"deb $security bookworm-security main" >&2 ||
		{ rm -f "$tarball.tmp"; die "mmdebstrap failed: is $mirror reachable? (MIRROR names another)"; }
	mv -f "$tarball.tmp" "$tarball"
fi
echo "$tarball"
