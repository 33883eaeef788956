#!/bin/bash
# Builds the two guest kernels of the getrandom(2) series:
#   patched:  every patch listed in kernel-patch/series
#   baseline: only the first one (the tree without getrandom(2))
# Call: vm/build-kernel.sh [patched|baseline]...   (default: both, in that order)
# Debian's linux-source-6.1 is unpacked once into build/linux (a git repo
# whose first commit, tagged "pristine", is the tree as packaged). Both
# variants share one worktree, build/src, and each has its out-of-tree
# build build/obj-VARIANT. A variant's series is applied into a commit and
# the worktree checked out to it, so that only the files that differ get
# new times and make rebuilds only what depends on them: the first build
# of a variant starts from a copy of the other variant's objects, so the
# baseline costs a few files (random.c, the syscall tables), not a kernel.
# A variant whose series and vm/kernel.config did not change is not built.
# Before the patched variant is built, every kernel file its series touches
# (outside the kselftest) is compared with a fresh unpack of the tarball:
# patches 2-3 must undo patch 1 exactly, or the build stops.
# The worktree is left at the patched state (vm/mkinitramfs.sh builds the
# kselftest from it). Result: build/bzImage-VARIANT, and the uapi headers
# in build/obj-VARIANT/usr/include.
# KERNEL_PATCH_DIR=dir takes the series from dir instead of kernel-patch/.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$ROOT/build
TREE=$BUILD/linux
SRC=$BUILD/src
PATCHES=${KERNEL_PATCH_DIR:-$ROOT/kernel-patch}
FRAGMENT=$ROOT/vm/kernel.config
TARBALL=/usr/src/linux-source-6.1.tar.xz

die() { echo "vm/build-kernel.sh: $*" >&2; exit 1; }
. "$ROOT/vm/kernel-tree.sh"

# Writes build/obj-VARIANT/.config: allnoconfig plus vm/kernel.config,
# and checks that every option asked for made it.
configure() {
	local line
	mkdir -p "$OBJ"
	make -s -C "$SRC" O="$OBJ" ARCH=x86_64 allnoconfig
	(cd "$SRC" && ARCH=x86_64 scripts/kconfig/merge_config.sh -n -O "$OBJ" \
		"$OBJ/.config" "$FRAGMENT" >"$OBJ/merge_config.log" 2>&1) ||
		die "merge_config.sh failed: see $OBJ/merge_config.log"
	grep '^CONFIG_' "$FRAGMENT" | while read -r line; do
		grep -qxF "$line" "$OBJ/.config" ||
			die "vm/kernel.config asks for $line but .config does not have it (a missing dependency?)"
	done
}

# Writes what was built: kernel version, Debian package, series hash.
record_version() {
	{
		echo "variant: $VARIANT"
		echo "kernelversion: $(make -s --no-print-directory -C "$SRC" kernelversion)"
		echo "kernelrelease: $(make -s --no-print-directory -C "$SRC" O="$OBJ" kernelrelease)"
		echo "debian-package: $(dpkg-query -W -f='${Package} ${Version}' linux-source-6.1)"
		echo "series-sha256: $1"
		echo "patches:"
		series_patches | sed 's,.*/,  ,'
	} >"$OBJ/version.txt"
}

# A hash of what the build depends on: the patches in order and the fragment.
inputs_hash() {
	{ series_patches | xargs -r cat; cat "$FRAGMENT"; echo "$VARIANT"; } |
		sha256sum | cut -d' ' -f1
}

# Builds variant $VARIANT into build/obj-VARIANT, unless it is up to date.
build_variant() {
	local hash other commit
	OBJ=$BUILD/obj-$VARIANT
	hash=$(inputs_hash)
	if [ -f "$BUILD/bzImage-$VARIANT" ] && [ "$(cat "$OBJ/.inputs" 2>/dev/null)" = "$hash" ]; then
		echo "build/bzImage-$VARIANT is up to date"
		return 0
	fi
	[ "$VARIANT" = patched ] && other=baseline || other=patched
	if [ ! -d "$OBJ" ] && [ -f "$BUILD/obj-$other/vmlinux" ]; then
		echo "starting the $VARIANT build from the $other one's objects"
		rm -rf "$OBJ.tmp"
		cp -a --reflink=auto "$BUILD/obj-$other" "$OBJ.tmp"
		rm -f "$OBJ.tmp/.inputs"
		mv "$OBJ.tmp" "$OBJ"
	fi
	commit=$(applied_commit)
	[ "$VARIANT" = baseline ] || check_debian_identical "$commit"
	checkout "$commit"
	configure
	echo "building $VARIANT kernel in $OBJ"
	make -s -C "$SRC" O="$OBJ" ARCH=x86_64 -j"$(nproc)" bzImage ||
		die "kernel build failed ($VARIANT)"
	make -s -C "$SRC" O="$OBJ" ARCH=x86_64 headers ||
		die "make headers failed ($VARIANT)"
	record_version "$hash"
	cp "$OBJ/arch/x86/boot/bzImage" "$BUILD/bzImage-$VARIANT"
	echo "$hash" >"$OBJ/.inputs"
	cat "$OBJ/version.txt"
}

variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(patched baseline)
for VARIANT in "${variants[@]}"; do
	case $VARIANT in
	patched | baseline) ;;
	*) die "usage: vm/build-kernel.sh [patched|baseline]...   (default: both)" ;;
	esac
done
"$ROOT/vm/deps.sh"
VARIANT=patched
[ -n "$(series_patches)" ] ||
	die "$PATCHES/series is missing or lists no patch: nothing to build the kernels from"
mkdir -p "$BUILD"
unpack_tree
# In the order asked; by default the patched kernel first: a fresh build
# takes the long way once, and the baseline starts from its objects.
for VARIANT in "${variants[@]}"; do
	build_variant
done
VARIANT=patched
checkout "$(applied_commit)"
