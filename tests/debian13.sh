#!/usr/bin/env bash
# Builds getrandom and runs the host suite on Debian 13 (trixie: GCC 14,
# glibc 2.41), in a minimal root made with debootstrap under build/.
#   tests/debian13.sh            (what `make test-debian13` does; as root)
# The root is made once (build/debian13/root) and reused; delete it to
# start afresh.  MIRROR names the archive (default: the Debian mirror this
# machine's apt uses).  The TAP is shown and kept in build/tap/debian13.tap.
# VM_FIRST_STEP=1 stops once the root is made (as vm/build-kernel.sh stops
# once a tree is configured): how far make test takes it.
set -eu -o pipefail

usage() { echo "usage: tests/debian13.sh   (as root; MIRROR: the Debian archive)"; }
# No argument: refused before the root check, debootstrap and the mounts.
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
top=$PWD

if [ "$(id -u)" -ne 0 ]; then
	echo "getrandom: test-debian13 needs root (debootstrap, chroot, mount)" >&2
	exit 1
fi
tests/need.sh debian13

# The packages the build (xkcdpass's word list, compiled into --words),
# the suite and the package build need inside, from the one list
# (tests/check.sh and tests/deb.bats would install them too; one apt run
# is quicker).
mapfile -t packages < <(tests/need.sh --list build suite tools deb)

root=$top/build/debian13/root
mirror=${MIRROR:-$(release/mirror.sh)}

mounts=()
# shellcheck disable=SC2317  # run by the EXIT trap
unmount_all() {
	local i
	for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
		umount -l "${mounts[i]}" || true
	done
}
trap unmount_all EXIT

mount_in_root() {
	mkdir -p "$root$2"
	mount "${@:3}" "$1" "$root$2"
	mounts+=("$root$2")
}

start=$(date +%s)
# Never delete through a bind mount of /dev that an earlier run left.
if findmnt -rn -o TARGET | grep -q "^$root/"; then
	echo "getrandom: still mounted under $root; unmount it first" >&2
	exit 1
fi
if [ ! -e "$root/.made" ]; then
	rm -rf --one-file-system "$root"
	mkdir -p "$root"
	echo "debian13: debootstrap trixie from $mirror" >&2
	debootstrap --variant=minbase trixie "$root" "$mirror" >&2
	touch "$root/.made"
fi
if [ "${VM_FIRST_STEP:-0}" = 1 ]; then
	echo "debian13: stopped after the first step, the root in $root (VM_FIRST_STEP=1)" >&2
	exit 0
fi

mount_in_root proc /proc -t proc
mount_in_root sysfs /sys -t sysfs
mount_in_root /dev /dev --bind
mount_in_root devpts /dev/pts -t devpts -o newinstance,ptmxmode=0666
cp /etc/resolv.conf "$root/etc/resolv.conf"

in_root() {
	chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

in_root sh -c 'apt-get install -y -q --no-install-recommends "$@" ||
	{ apt-get update -q && apt-get install -y -q --no-install-recommends "$@"; }' \
	sh "${packages[@]}" >&2

# A fresh checkout of HEAD (the manual's test takes its date from git),
# then the work tree's uncommitted changes over it; no build products.
rm -rf --one-file-system "$root/src"
mkdir -p "$root/src"
git -C "$root/src" init -q
git -C "$root/src" fetch -q "$top" HEAD
git -C "$root/src" checkout -q FETCH_HEAD
git ls-files -z --cached --others --exclude-standard |
	xargs -0 cp --parents -a -t "$root/src" --
prepared=$(date +%s)

mkdir -p build/tap
status=0
{
	echo "# Debian $(cat "$root/etc/debian_version"), $(in_root gcc --version | head -n 1)," \
		"glibc $(in_root ldd --version | head -n 1 | sed 's/.* //')," \
		"kernel $(uname -r)"
	in_root sh -c 'cd /src && make WERROR=1 build/getrandom >&2 &&
		tests/check.sh debian13'
} | tee build/tap/debian13.tap || status=$?
end=$(date +%s)
echo "debian13: root and packages $((prepared - start)) s," \
	"build and suite $((end - prepared)) s" >&2
exit "$status"
