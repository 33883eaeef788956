#!/bin/bash
# The kernel source side of vm/build-kernel.sh: the series, the unpacked
# tree and its one shared worktree. Not run on its own: sourced by
# vm/build-kernel.sh, which sets ROOT, BUILD, TREE, SRC, PATCHES,
# SOURCE_PACKAGE, TARBALL and VARIANT (patched|baseline|mutant) and defines
# die() first. Usage:
#   . "$ROOT/vm/kernel-tree.sh"; unpack_tree; checkout "$(applied_commit)"
# Debian's tarball is unpacked once into build/linux (a git repo whose
# first commit, tagged "pristine", is the tree as packaged), and again when
# the tarball is no longer the one unpacked. A variant's series is applied
# into a commit and the worktree build/src checked out to it, so that only
# the files that differ get new times.
set -eu

# shellcheck disable=SC2153 # TREE is the caller's, tree is a local below
git_tree() { git -C "$TREE" -c user.name=vm -c user.email=vm@localhost "$@"; }

# The patch files for this variant, in series order, one path a line: the
# first alone for the baseline, all of them for the patched kernel, and
# mutants.diff after them for the mutant one.
series_patches() {
	local series=$PATCHES/series
	[ -f "$series" ] || return 0
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$series" |
		if [ "$VARIANT" = baseline ]; then head -n 1; else cat; fi |
		while read -r p; do echo "$PATCHES/$p"; done
	[ "$VARIANT" != mutant ] || echo "$PATCHES/mutants.diff"
}

# What the tarball is now: the package, its version and the file's size
# and time. A Debian update changes the version and the file.
tarball_identity() {
	echo "$SOURCE_PACKAGE $(dpkg-query -W -f='${Version}' "$SOURCE_PACKAGE" 2>/dev/null)" \
		"$(stat -c '%s bytes, %y' "$TARBALL")"
}

# What build/linux was unpacked from (recorded beside its git data).
tree_source() {
	cat "$TREE/.git/getrandom-source"
}

# Unpacks the tarball into build/linux and commits it as "pristine",
# unless build/linux holds this very tarball already. A tree from another
# tarball (Debian updated the package) is removed first, with the
# worktree: its objects rebuild from the new times.
unpack_tree() {
	local now
	[ -f "$TARBALL" ] || die "$TARBALL missing: run vm/deps.sh as root"
	now=$(tarball_identity)
	if [ -e "$TREE/.git" ]; then
		# A tree unpacked before the setting below was made.
		git_tree config gc.auto 0
		[ "$(tree_source 2>/dev/null)" != "$now" ] || return 0
		echo "build/linux is from $(tree_source 2>/dev/null || echo 'an unrecorded tarball'), not $now: unpacking again"
		rm -rf "$TREE" "$SRC"
	fi
	rm -rf "$TREE.tmp"
	mkdir -p "$TREE.tmp"
	echo "unpacking $TARBALL into $TREE"
	tar -xf "$TARBALL" -C "$TREE.tmp" --strip-components=1
	git -C "$TREE.tmp" init -q
	git -C "$TREE.tmp" config core.autocrlf false
	# Some 80,000 loose objects: left alone, the next commit starts git's
	# automatic repack of the whole kernel in the background, minutes of
	# CPU that the kernel build beside it would have had.  Loose objects
	# cost this tree nothing.
	git -C "$TREE.tmp" config gc.auto 0
	git -C "$TREE.tmp" add -A -f
	git -C "$TREE.tmp" -c user.name=vm -c user.email=vm@localhost \
		commit -q -m "$SOURCE_PACKAGE as packaged by Debian"
	git -C "$TREE.tmp" tag pristine
	echo "$now" >"$TREE.tmp/.git/getrandom-source"
	mv "$TREE.tmp" "$TREE"
}

# Applies this variant's patches onto pristine in a scratch index and
# prints the resulting commit; stops at the first patch that fails.  The
# index lies in the tree's own git directory: 6.1's and 6.12's variants,
# which may be made at once (make vm-check-6.12 beside another), have one each.
applied_commit() {
	local index=$TREE/.git/getrandom-index-$VARIANT tree commit=pristine p
	rm -f "$index"
	GIT_INDEX_FILE=$index git_tree read-tree pristine
	for p in $(series_patches); do
		[ -f "$p" ] || die "patch of the $VARIANT kernel not found: $p"
		GIT_INDEX_FILE=$index git_tree apply --cached "$p" ||
			die "patch does not apply: $(basename "$p")"
	done
	tree=$(GIT_INDEX_FILE=$index git_tree write-tree)
	rm -f "$index"
	commit=$(echo "vm: $VARIANT" | git_tree commit-tree "$tree" -p pristine)
	echo "$commit"
}

# The patched variant's proof that the series undoes its first patch:
# every file the series touches, outside the kselftest
# (tools/testing/selftests/ and its MAINTAINERS entry), must be
# byte-identical in commit $1 to the same file in a fresh unpack of the
# tarball, so that the tests run against the getrandom(2) Debian ships.
# Stops the build otherwise. The fresh files go beside the tree they are
# compared with: 6.1's and 6.12's checks may run at once.
check_debian_identical() {
	local commit=$1 dir=$TREE.debian-files f differ=()
	local -a files
	mapfile -t files < <(series_patches | xargs -r sed -n 's,^diff --git a/\([^ ]*\) b/.*,\1,p' |
		grep -v -e '^tools/testing/selftests/' -e '^MAINTAINERS$' | sort -u)
	[ ${#files[@]} -gt 0 ] || die "the series touches no kernel file outside the kselftest"
	rm -rf "$dir"
	mkdir -p "$dir"
	tar -xf "$TARBALL" -C "$dir" --strip-components=1 --wildcards "${files[@]/#/*/}" ||
		die "cannot unpack the series' files from $TARBALL"
	for f in "${files[@]}"; do
		[ -f "$dir/$f" ] || die "$f: in the series, not in $TARBALL"
		git_tree show "$commit:$f" 2>/dev/null | cmp -s - "$dir/$f" || differ+=("$f")
	done
	rm -rf "$dir"
	[ ${#differ[@]} = 0 ] ||
		die "after the series, these files differ from Debian's: ${differ[*]} (the patches after the first must be its exact reverse)"
	echo "after the series, its kernel files are byte-identical to Debian's: ${files[*]}"
}

# Checks out the commit in the shared worktree (changed files only).
checkout() {
	local commit=$1
	if [ ! -e "$SRC/.git" ]; then
		git_tree worktree prune
		git_tree worktree add -q --detach "$SRC" "$commit"
	else
		git -C "$SRC" checkout -q -f --detach "$commit"
		git -C "$SRC" clean -q -f -d
	fi
}
