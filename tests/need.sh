#!/usr/bin/env bash
# The one list of the Debian packages every step needs, and the one place
# that installs them.
#   tests/need.sh --install STEP...  install what is missing (as root; `make
#                                    deps` and `make test` do this, for all)
#   tests/need.sh STEP...            check only: name what is missing, and fail
#   tests/need.sh --list STEP...     print the packages, one a line
# STEP: build, suite, tools, fuzz, vm, vm612, bench, ports, deb, debian13, chroot, arm64vm, or all.  Each runner
# checks its step, so that a missing tool stops it with the command that
# installs it instead of failing halfway.
set -eu

usage() {
	echo "usage: tests/need.sh [--install | --list] STEP..."
	echo "  STEP: build, suite, tools, fuzz, vm, vm612, bench, ports, deb, debian13, chroot, arm64vm, or all"
}

# The packages of step $1, one a line; fails, silent, on an unknown step.
packages_of() {
	case $1 in
	build) echo make gcc libc6-dev ;;
	# The host suite, on the host and in the guest (which runs it from the
	# host's file system, with the host's tools): what it cannot start
	# without, then the tools some of its tests use.  `make check` needs
	# only the first; a test whose tool is missing skips, naming it.
	suite) echo bats coreutils ;;
	tools) echo strace gdb bsdutils help2man mandoc groff-base valgrind \
		rng-tools5 xxd gcc libc6-dev python3 time git parallel \
		build-essential debhelper dpkg-dev lintian man-db bash-completion \
		zsh fish ;;
	fuzz) echo clang libclang-rt-14-dev ;;
	vm) echo linux-source-6.1 qemu-system-x86 busybox-static bash-static bats \
		gcc gcc-i686-linux-gnu libc6-dev-i386-cross make flex bison bc libelf-dev libssl-dev cpio \
		xz-utils git coreutils python3-ply python3-git ;;
	# make vm-check-6.12: the 6.12 series' tree, beside the vm step.
	vm612) echo linux-source-6.12 ;;
	bench) echo hyperfine jq openssl xxd time coreutils libc6-dev pwgen python3 valgrind \
		strace gnuplot-nox xkcdpass ;;
	# tests/ports.sh: Debian's cross compilers (each with its target's
	# libc) and qemu-user-static to run every build but i386's.  They
	# conflict with gcc-multilib: nothing here builds with gcc -m32.
	ports) echo gcc-i686-linux-gnu libc6-dev-i386-cross \
		gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
		gcc-arm-linux-gnueabihf libc6-dev-armhf-cross \
		gcc-arm-linux-gnueabi libc6-dev-armel-cross \
		gcc-mipsel-linux-gnu libc6-dev-mipsel-cross \
		gcc-mips64el-linux-gnuabi64 libc6-dev-mips64el-cross \
		gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross \
		gcc-riscv64-linux-gnu libc6-dev-riscv64-cross \
		gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-user-static ;;
	# make vm-check-arm64: the arm64 guest, cross-built and run under TCG.
	arm64vm) echo linux-source-6.1 gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
		qemu-system-arm gcc make flex bison bc libelf-dev libssl-dev cpio \
		xz-utils git coreutils ;;
	deb) echo build-essential debhelper dpkg-dev fakeroot ;;
	debian13) echo debootstrap debian-archive-keyring git ;;
	# make deb-clean and make autopkgtest (release/): the clean chroot,
	# Debian's builder and test runner in it, lintian, uscan (with
	# libwww-perl, its HTTP client).
	chroot) echo mmdebstrap sbuild autopkgtest uidmap debian-archive-keyring \
		lintian devscripts libwww-perl dpkg-dev ;;
	all) for step in build suite tools fuzz vm vm612 bench ports deb debian13 chroot arm64vm; do packages_of "$step"; done ;;
	*) return 1 ;;
	esac
}

mode=check
case $#:${1:-} in
1:-h | 1:--help) usage; exit 0 ;;
*:--list | *:--install) mode=${1#--}; shift ;;
esac
[ $# -gt 0 ] || { usage >&2; exit 2; }
# Every step is known before anything is checked or installed.
wanted=()
for step in "$@"; do
	names=$(packages_of "$step") || {
		usage >&2
		echo "tests/need.sh: unknown step '$step'" >&2
		exit 2
	}
	read -ra list <<<"${names//$'\n'/ }"
	wanted+=("${list[@]}")
done
if [ "$mode" = list ]; then
	printf '%s\n' "${wanted[@]}" | sort -u
	exit 0
fi
# missing_of PACKAGE...: sets missing to those not installed, and
# configuring to those dpkg is configuring now.  A trigger pending (man-db's,
# while tests/deb.bats runs dpkg -i beside this check) leaves the package
# installed and usable; while the trigger runs, dpkg calls it
# half-configured.
missing_of() {
	local package status
	missing=() configuring=()
	for package in "$@"; do
		status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
		case $status in
		"install ok installed" | "install ok triggers-pending" | "install ok triggers-awaited") ;;
		"install ok half-configured") missing+=("$package") configuring+=("$package") ;;
		*) missing+=("$package") ;;
		esac
	done
}

mapfile -t wanted < <(printf '%s\n' "${wanted[@]}" | sort -u)
missing_of "${wanted[@]}"
# A package half-configured for longer than dpkg takes to run a trigger
# (NEED_DPKG_WAIT seconds, default 120) is broken: it counts as missing.
waited=0
while [ ${#configuring[@]} -gt 0 ] && [ "$waited" -lt "${NEED_DPKG_WAIT:-120}" ]; do
	sleep 1
	waited=$((waited + 1))
	missing_of "${missing[@]}"
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$mode" = check ]; then
	echo "getrandom: missing packages: ${missing[*]}" >&2
	echo "getrandom: install them with: sudo tests/need.sh --install $* (sudo make deps: every step's)" >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
	echo "getrandom: missing packages: ${missing[*]}" >&2
	echo "getrandom: install them as root: sudo apt-get install ${missing[*]}" >&2
	exit 1
fi
echo "need: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >&2; then
	apt-get update -q >&2
	apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
fi
