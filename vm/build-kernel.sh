#!/bin/bash
# Builds the guest kernels of the getrandom(2) series:
#   patched:  every patch listed in kernel-patch/series
#   baseline: only the first one (the tree without getrandom(2))
#   mutant:   every patch, then kernel-patch/mutants.diff (vm/mutants.sh)
# Call: vm/build-kernel.sh [patched|baseline|mutant]...
#   (default: patched and baseline, in that order)
# Debian's linux-source-6.1 is unpacked once into build/linux (a git repo
# whose first commit, tagged "pristine", is the tree as packaged); it is
# unpacked again when the tarball changes (a Debian update). The
# variants share one worktree, build/src, and each has its out-of-tree
# build build/obj-VARIANT. A variant's series is applied into a commit and
# the worktree checked out to it, so that only the files that differ get
# new times and make rebuilds only what depends on them: the first build
# of a variant starts from a copy of the other variant's objects, built
# in the same directory (build/obj-work, below).  The first patch changes
# no header and no syscall table (tests/kernel-patch.bats: Kbuild writes
# <asm/unistd_64.h> again whenever a table is newer, and most objects
# include it), so the baseline recompiles random.c and sys_ni.c and links.
# A variant whose tree, series and vm/kernel.config did not change is not
# built again.
# Before the patched variant is built, every kernel file its series touches
# (outside the kselftest) is compared with a fresh unpack of the tarball:
# the patches after the first must undo it exactly, or the build stops.
# The worktree is left at the patched state (vm/mkinitramfs.sh builds the
# kselftest from it). Result: build/bzImage-VARIANT, and the uapi headers
# in build/obj-VARIANT/usr/include.
# KERNEL_PATCH_DIR=dir takes the series from dir instead of kernel-patch/.
# VM_FIRST_STEP=1 stops each variant after its first real step: the tree
# unpacked (or found unchanged), the series applied, checked against
# Debian's files and configured; the kernel itself is not built.  make
# test takes the slow targets that far (tests/first-steps.sh).
# VM_ARCH=arm64 builds the arm64 guest's kernels instead (cross-compiled
# with aarch64-linux-gnu-gcc, on vm/kernel-arm64.config, into
# build/obj-arm64-VARIANT and build/Image-arm64-VARIANT), from the same
# series and the same worktree; the default, x86_64, is what the above says.
set -eu

usage() { echo "usage: vm/build-kernel.sh [patched|baseline|mutant]...   (default: patched baseline)"; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$ROOT/build
TREE=$BUILD/linux
SRC=$BUILD/src
PATCHES=${KERNEL_PATCH_DIR:-$ROOT/kernel-patch}
VM_LINUX=${VM_LINUX:-6.1}
# The Debian package whose tree is built; everything below names it
# through these two.
SOURCE_PACKAGE=linux-source-$VM_LINUX
TARBALL=/usr/src/$SOURCE_PACKAGE.tar.xz
# Per architecture: kernel ARCH, cross compiler, fragment, image target and
# path, and the prefix of the object directory and of the copied image.
VM_ARCH=${VM_ARCH:-x86_64}
case $VM_ARCH in
x86_64)
	KARCH=x86_64 CROSS='' FRAGMENT=$ROOT/vm/kernel.config
	IMAGE_TARGET=bzImage IMAGE_PATH=arch/x86/boot/bzImage
	OBJ_PREFIX=obj IMAGE_PREFIX=bzImage ;;
arm64)
	KARCH=arm64 CROSS=aarch64-linux-gnu- FRAGMENT=$ROOT/vm/kernel-arm64.config
	IMAGE_TARGET=Image IMAGE_PATH=arch/arm64/boot/Image
	OBJ_PREFIX=obj-arm64 IMAGE_PREFIX=Image-arm64 ;;
*) echo "vm/build-kernel.sh: VM_ARCH must be x86_64 or arm64, not '$VM_ARCH'" >&2; exit 2 ;;
esac
case $VM_ARCH:$VM_LINUX in
*:6.1) ;;
x86_64:6.12)
	TREE=$BUILD/linux-6.12 SRC=$BUILD/src-6.12
	PATCHES=${KERNEL_PATCH_DIR:-$ROOT/kernel-patch/6.12}
	FRAGMENT=$ROOT/vm/kernel-6.12.config
	OBJ_PREFIX=obj-6.12 IMAGE_PREFIX=bzImage-6.12 ;;
*)
	usage >&2
	echo "vm/build-kernel.sh: VM_LINUX must be 6.1, or 6.12 on x86_64, not '$VM_LINUX' on $VM_ARCH" >&2
	exit 2 ;;
esac
# The kernel's make, for this architecture.
kmake() { make ARCH="$KARCH" CROSS_COMPILE="$CROSS" "$@"; }

die() { echo "vm/build-kernel.sh: $*" >&2; exit 1; }
. "$ROOT/vm/kernel-tree.sh"

# Writes build/obj-VARIANT/.config: allnoconfig plus vm/kernel.config,
# and checks that every option asked for made it, and that every option
# it turns off ("# CONFIG_X is not set") is off.
configure() {
	local line name
	mkdir -p "$OBJ"
	kmake -s -C "$SRC" O="$OBJ" allnoconfig
	(cd "$SRC" && ARCH=$KARCH CROSS_COMPILE=$CROSS scripts/kconfig/merge_config.sh -n -O "$OBJ" \
		"$OBJ/.config" "$FRAGMENT" >"$OBJ/merge_config.log" 2>&1) ||
		die "merge_config.sh failed: see $OBJ/merge_config.log"
	grep '^CONFIG_' "$FRAGMENT" | while read -r line; do
		grep -qxF "$line" "$OBJ/.config" ||
			die "vm/kernel.config asks for $line but .config does not have it (a missing dependency?)"
	done
	sed -n 's/^# \(CONFIG_[A-Z0-9_]*\) is not set$/\1/p' "$FRAGMENT" | while read -r name; do
		! grep -q "^$name=" "$OBJ/.config" ||
			die "vm/kernel.config turns $name off but .config has $(grep "^$name=" "$OBJ/.config") (selected by another option?)"
	done
}

# Writes what was built: kernel version, Debian package, series hash.
record_version() {
	{
		echo "variant: $VARIANT"
		echo "kernelversion: $(make -s --no-print-directory -C "$SRC" kernelversion)"
		echo "kernelrelease: $(make -s --no-print-directory -C "$SRC" O="$OBJ" kernelrelease)"
		echo "debian-package: $(tree_source)"
		echo "series-sha256: $1"
		echo "patches:"
		series_patches | sed 's,.*/,  ,'
	} >"$OBJ/version.txt"
}

# A hash of what the build depends on: the tree, the patches in order and
# the fragment.
inputs_hash() {
	{ tree_source; series_patches | xargs -r cat; cat "$FRAGMENT"; echo "$VARIANT"; } |
		sha256sum | cut -d' ' -f1
}

# The kernel's build writes its object directory's absolute path into
# objtool's build, and every object depends on objtool: a copy of the
# other variant's objects built under another name would rebuild objtool,
# and with it every object.  So every variant is built in one directory,
# build/obj-work (build/obj-arm64-work, ...), and kept under its own name
# between builds.  A build cut short by a signal may leave it there; the
# next build removes it, and that variant starts again from the other's
# objects.
WORK=$BUILD/$OBJ_PREFIX-work

# in_work_dir COMMAND...: runs COMMAND with $OBJ moved to the work
# directory, and moves it back, failed or not. COMMAND runs in a subshell,
# which die exits, with set -e of its own (outside a condition: in one,
# bash would ignore it); call in_work_dir outside a condition too.
in_work_dir() {
	local kept=$OBJ status
	rm -rf "$WORK"
	mkdir -p "$kept"
	mv "$kept" "$WORK"
	set +e
	(
		set -e
		OBJ=$WORK
		"$@"
	)
	status=$?
	set -e
	mv "$WORK" "$kept"
	return "$status"
}

# Configures $OBJ and, unless VM_FIRST_STEP=1, builds it; $1 is the
# inputs' hash.
configure_and_build() {
	configure
	if [ "${VM_FIRST_STEP:-0}" = 1 ]; then
		echo "vm/build-kernel.sh: first step done: the $VARIANT tree applied, checked and configured; not built (VM_FIRST_STEP=1)"
		return 0
	fi
	echo "building $VARIANT kernel in $OBJ"
	kmake -s -C "$SRC" O="$OBJ" -j"$(nproc)" "$IMAGE_TARGET" ||
		die "kernel build failed ($VARIANT)"
	kmake -s -C "$SRC" O="$OBJ" headers ||
		die "make headers failed ($VARIANT)"
	record_version "$1"
	cp "$OBJ/$IMAGE_PATH" "$BUILD/$IMAGE_PREFIX-$VARIANT"
	echo "$1" >"$OBJ/.inputs"
}

# Builds variant $VARIANT into build/obj-VARIANT, unless it is up to date.
build_variant() {
	local hash other commit
	OBJ=$BUILD/$OBJ_PREFIX-$VARIANT
	hash=$(inputs_hash)
	if [ -f "$BUILD/$IMAGE_PREFIX-$VARIANT" ] && [ "$(cat "$OBJ/.inputs" 2>/dev/null)" = "$hash" ]; then
		echo "build/$IMAGE_PREFIX-$VARIANT is up to date"
		return 0
	fi
	# The mutant kernel differs from the patched one in random.c alone.
	case $VARIANT in
	baseline | mutant) other=patched ;;
	*) other=baseline ;;
	esac
	if [ ! -d "$OBJ" ] && [ -f "$BUILD/$OBJ_PREFIX-$other/vmlinux" ]; then
		echo "starting the $VARIANT build from the $other one's objects"
		rm -rf "$OBJ.tmp"
		cp -a --reflink=auto "$BUILD/$OBJ_PREFIX-$other" "$OBJ.tmp"
		rm -f "$OBJ.tmp/.inputs"
		mv "$OBJ.tmp" "$OBJ"
	fi
	commit=$(applied_commit)
	[ "$VARIANT" != patched ] || check_debian_identical "$commit"
	checkout "$commit"
	in_work_dir configure_and_build "$hash"
	[ "${VM_FIRST_STEP:-0}" = 1 ] || cat "$OBJ/version.txt"
}

variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(patched baseline)
for VARIANT in "${variants[@]}"; do
	case $#:$VARIANT in
	*:patched | *:baseline | *:mutant) ;;
	1:-h | 1:--help) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
# arm64 has its own list: its cross compiler and QEMU, without the x86
# guest's busybox, bash and bats.
if [ "$VM_ARCH" = arm64 ]; then
	"$ROOT/tests/need.sh" arm64vm
else
	"$ROOT/vm/deps.sh"
	[ "$VM_LINUX" = 6.1 ] || "$ROOT/tests/need.sh" vm612
fi
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
