#!/usr/bin/env bash
# Builds the Debian package (what `make deb` does), as root or not.
#   debian/build.sh [OUTDIR [ARCH]]
# The tree is copied to OUTDIR/getrandom-VERSION and built there with
# dpkg-buildpackage -us -uc -b, so the work tree stays as it was; the .deb
# files, .buildinfo and .changes land in OUTDIR (default build/deb, in the
# tree; a relative OUTDIR is taken from the caller's directory).  With
# ARCH (any port in tests/ports.bash: arm64, armel, armhf, i386, mips64el,
# mipsel, ppc64el, riscv64, s390x), a cross build (-a ARCH) with Debian's
# cross compiler for it.  The copy holds the files git tracks and new ones
# it does not ignore, as they are in the work tree; outside a git checkout,
# everything but build/.
set -eu

# The architectures the package is built for: debian/control's.
architectures() { sed -n 's/^Architecture: //p' "$(dirname "$0")/control"; }
usage() {
	echo "usage: debian/build.sh [OUTDIR [ARCH]]"
	echo "  ARCH: $(architectures)"
}

# Checked before anything is copied or built: OUTDIR is a directory, never
# an option (./-NAME names one starting with "-"), and ARCH one that
# debian/control names.
case $#:${1:-} in 1:-h | 1:--help) usage; exit 0 ;; esac
[ $# -le 2 ] || { usage >&2; exit 2; }
case ${1:-} in -*) usage >&2; exit 2 ;; esac
case ${2:-} in
'') ;;
*[!a-z0-9]*) usage >&2; exit 2 ;;
*) case " $(architectures) " in *" $2 "*) ;; *) usage >&2; exit 2 ;; esac ;;
esac

# OUTDIR is taken from where the script is called, the default from the top.
out=${1:-}
case $out in
'' | /*) ;;
*) out=$PWD/$out ;;
esac
cd "$(dirname "$0")/.."
out=${out:-build/deb}
arch=${2:-}

# debhelper and dpkg-dev from debian/control, build-essential for gcc,
# make and libc6-dev (whose libc.a the static link needs).
tests/need.sh deb

version=$(dpkg-parsechangelog -S Version)
src=$out/getrandom-${version%-*}
rm -rf "$src"
rm -f "$out"/getrandom*_"$version"_*
mkdir -p "$src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z --cached --others --exclude-standard |
		xargs -0 cp --parents -a -t "$src" --
else
	tar -cf - --exclude=./build --exclude=./.git . | tar -xf - -C "$src"
fi

(cd "$src" && dpkg-buildpackage -us -uc -b ${arch:+-a "$arch"})
rm -rf "$src"
ls "$out"/*.deb
