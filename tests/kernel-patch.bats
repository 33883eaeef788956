#!/usr/bin/env bats
# The kernel series in kernel-patch/ (6.1) and kernel-patch/6.12/, read as
# their maintainers would: scripts/checkpatch.pl --strict, from the tree
# each series is for, on every patch and the cover letter, whose diffstats
# must be the patches' own.
# Call: bats tests/kernel-patch.bats
load helpers

KERNEL_PATCH=$TESTS/../kernel-patch

# unpack_checkpatch TARBALL DIR: checkpatch.pl and what it reads, with
# LICENSES/ for its SPDX check, which runs only in a git repository, and
# the top-level files by which it knows a kernel tree.
unpack_checkpatch() {
	local tree=$2
	[ -f "$1" ] || return 0
	mkdir -p "$tree"/{Documentation,arch,include,drivers,fs,init,ipc,kernel,lib}
	tar -xJf "$1" -C "$tree" --strip-components=1 --wildcards \
		--no-wildcards-match-slash '*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
		'*/scripts/spdxcheck.py' '*/scripts/spdxexclude' '*/scripts/const_structs.checkpatch' \
		'*/LICENSES/*/*' \
		'*/COPYING' '*/CREDITS' '*/Kbuild' '*/MAINTAINERS' '*/Makefile' '*/README'
	git -C "$tree" init -q
	git -C "$tree" add -A
	git -C "$tree" -c user.name=t -c user.email=t@localhost commit -q -m tree
}

# Once for the file: each tree's checkpatch.
setup_file() {
	unpack_checkpatch /usr/src/linux-source-6.1.tar.xz "$BATS_FILE_TMPDIR/linux-6.1"
	unpack_checkpatch /usr/src/linux-source-6.12.tar.xz "$BATS_FILE_TMPDIR/linux-6.12"
}

# series VERSION: the series for Debian's linux-source-VERSION, PATCHES
# and its FILES, and TREE, the checkpatch of that tree.
series() {
	[ -f "/usr/src/linux-source-$1.tar.xz" ] ||
		skip "linux-source-$1 not installed: no checkpatch.pl of that tree to run"
	PATCHES=$KERNEL_PATCH
	[ "$1" = 6.1 ] || PATCHES=$KERNEL_PATCH/$1
	TREE=$BATS_FILE_TMPDIR/linux-$1
	mapfile -t FILES < <(ls "$PATCHES"/0*.patch)
	[ "${#FILES[@]}" -ge 5 ] || fail_with "only ${FILES[*]}"
}

# checkpatch.pl, with the system's python3 for its SPDX check (a python3
# of one's own, earlier in PATH, may lack its modules), ignoring two
# message types: UNKNOWN_COMMIT_ID, for the commits cited are upstream's
# and the tree it runs in has no history to look them up in, and
# FILE_PATH_CHANGES, for patch 3 adds files and leaves the MAINTAINERS
# line to patch 4, so that it applies to other trees as it is.
# Usage: checkpatch DIR [NAME=VALUE...]: run in DIR, with those set.
checkpatch() {
	local dir=$1
	shift
	env -C "$dir" "$@" PATH=/usr/bin:/bin perl "$TREE/scripts/checkpatch.pl" --root "$TREE" \
		--strict --ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "${FILES[@]}"
}

# assert_clean: checkpatch's run in $output/$status found nothing.
assert_clean() {
	[ "$status" -eq 0 ] || fail_with "$output"
	run grep -E '^(ERROR|WARNING|CHECK):' <<<"$output"
	[ "$status" -eq 1 ] || fail_with "$output"
}

# The series for VERSION: checkpatch finds nothing in a git tree.
assert_checkpatch_clean() {
	series "$1"
	/usr/bin/python3 -c 'import ply, git' 2>/dev/null ||
		skip "python3-ply or python3-git missing: checkpatch's SPDX check could not run"
	run checkpatch "$TREE"
	assert_clean
}

# In a git tree, checkpatch checks a commit citation's style only once it
# has found the commit; outside one it takes the citation as it is.
# assert_citations VERSION CITATION: none is refused, and CITATION, a
# line of the cover letter, shows there are some to check.
assert_citations() {
	series "$1"
	run checkpatch "$BATS_TEST_TMPDIR" GIT_DIR=/nonexistent
	assert_clean
	grep -qF "$2" "$PATCHES/0000-cover-letter.patch"
}

@test "kernel-patch: checkpatch.pl --strict finds nothing in any patch or the cover letter" {
	assert_checkpatch_clean 6.1
}

@test "kernel-patch/6.12: checkpatch.pl --strict, the 6.12 tree's, finds nothing in any patch or the cover letter" {
	assert_checkpatch_clean 6.12
}

@test "kernel-patch: commits are cited as checkpatch asks: commit 0123456789ab (\"subject\")" {
	assert_citations 6.1 '  commit c6e9d6f38894 ("random: introduce getrandom(2) system call")'
}

@test "kernel-patch/6.12: commits are cited as checkpatch asks" {
	assert_citations 6.12 '  commit 9fd7874c0e5c ("iov_iter: replace import_single_range() with'
}

# changed_files PATCH: the files PATCH changes, one a line.
changed_files() {
	sed -n 's,^diff --git a/\([^ ]*\) b/.*,\1,p' "$1"
}

# first_patch_files DIR: the files the first patch in DIR changes; fails
# the test if there are none.
first_patch_files() {
	local patch
	patch=$(ls "$1"/0001-*.patch)
	changed_files "$patch"
	[ -n "$(changed_files "$patch")" ] || fail_with "no file in $patch"
}

@test "kernel-patch: the kselftest's patch adds files under tools/testing/selftests/getrandom/ alone" {
	local files PATCHES=$KERNEL_PATCH
	files=$(changed_files "$PATCHES"/0003-selftests-*.patch)
	[ "$(wc -l <<<"$files")" -ge 5 ] || fail_with "$files"
	run grep -v '^tools/testing/selftests/getrandom/[^/]*$' <<<"$files"
	[ "$status" -eq 1 ] || fail_with "outside the directory: $output"
	run grep -c '^new file mode' "$PATCHES"/0003-selftests-*.patch
	[ "$output" -eq "$(wc -l <<<"$files")" ] || fail_with "not all new: $output of $files"
}

# The baseline is built from the patched kernel's objects, and make
# recompiles whatever depends on a file the first patch changes: a header
# (linux/random.h, with the uapi GRND_* flags, is in most objects) or a
# syscall table, from which Kbuild writes <asm/unistd_64.h> again, would
# recompile most of the tree.  A COND_SYSCALL stub in kernel/sys_ni.c
# answers ENOSYS at the call's numbers instead.
@test "kernel-patch: the baseline's patch changes no header and no syscall table" {
	local files
	files=$(first_patch_files "$KERNEL_PATCH")
	run grep -E '(^include/|\.h$|\.tbl$)' <<<"$files"
	[ "$status" -eq 1 ] || fail_with "headers or tables changed: $output"
	run grep -Fx 'kernel/sys_ni.c' <<<"$files"
	[ "$status" -eq 0 ] || fail_with "no COND_SYSCALL stub in kernel/sys_ni.c: $files"
}

# 6.12's baseline is built from the patched kernel's objects too. A
# syscall table changed there makes Kbuild write <asm/unistd_64.h> and the
# other headers generated from the tables again, and every object that
# includes one recompiles; a uapi header changed, nearly as many. The
# tables keep their lines: sys_ni.c's COND_SYSCALL(getrandom) gives 318
# and 355 weak entry points that answer ENOSYS.
@test "kernel-patch/6.12: the baseline's patch changes no syscall table and no uapi header" {
	local files
	files=$(first_patch_files "$KERNEL_PATCH/6.12")
	run grep -E '(\.tbl$|^(arch/[^/]+/)?include/uapi/)' <<<"$files"
	[ "$status" -eq 1 ] || fail_with "changed: $output"
}

# assert_diffstats VERSION: the cover letter of that series shows each
# patch's own diffstat.
assert_diffstats() {
	local p stat cover PATCHES=$KERNEL_PATCH
	[ "$1" = 6.1 ] || PATCHES=$KERNEL_PATCH/$1
	cover=$(cat "$PATCHES/0000-cover-letter.patch")
	for p in "$PATCHES"/000[1-9]-*.patch; do
		stat=$(sed -n '/^---$/,/ changed, /p' "$p" | sed 1d)
		[ -n "$stat" ] || fail_with "$p: no diffstat"
		[[ $cover == *"$stat"* ]] ||
			fail_with "$p: its diffstat is not in the cover letter: $stat"
	done
}

@test "kernel-patch: the cover letter shows each patch's own diffstat" {
	assert_diffstats 6.1
}

@test "kernel-patch/6.12: the cover letter shows each patch's own diffstat" {
	assert_diffstats 6.12
}
