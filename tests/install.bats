#!/usr/bin/env bats
# make, make install and make uninstall: make builds the static binary that
# make install puts, with every file, in its place under DESTDIR, PREFIX,
# BINDIR, MANDIR and COMPLETIONDIR, and uninstall leaves nothing; the
# user's compiler and flags reach every build and a change of them
# rebuilds each binary; make clean removes all the build made.
# Every build is made in a copy of the tree: a build in the checkout with
# other flags than make test's would rebuild the binary that the QEMU
# guest's initramfs is being made from, meanwhile.
# Call: bats tests/install.bats
load helpers

TOP=$BATS_TEST_DIRNAME/..

# copy_tree DIR: copies what make and make run need (Makefile, cli/, man/,
# tests/need.sh) to DIR, without what the checkout has built.
copy_tree() {
	mkdir -p "$1/tests"
	cp -r "$TOP/Makefile" "$TOP/VERSION" "$TOP/cli" "$TOP/man" "$1/"
	cp "$TOP/tests/need.sh" "$1/tests/"
	rm -f "$1/cli/getrandom" "$1/cli/getrandom.static"
}

setup_file() {
	# The guest gets the tests without the sources: nothing to install.
	# (bats 1.8 fails a file whose setup_file skips: setup() skips instead.)
	INSTALL_ABSENT=''
	[ -f "$TOP/Makefile" ] || INSTALL_ABSENT="no source tree (Makefile) here"
	type -P make >/dev/null || INSTALL_ABSENT=${INSTALL_ABSENT:-"make not installed"}
	type -P cc >/dev/null || INSTALL_ABSENT=${INSTALL_ABSENT:-"no C compiler"}
	export INSTALL_ABSENT
	[ -z "$INSTALL_ABSENT" ] || return 0
	# The tree that plain `make` built, for the tests that only install.
	BUILT=$BATS_FILE_TMPDIR/built
	export BUILT
	copy_tree "$BUILT"
	make -C "$BUILT" >"$BATS_FILE_TMPDIR/make.log" 2>&1 ||
		{ tail -n 40 "$BATS_FILE_TMPDIR/make.log" >&2; return 1; }
}

setup() {
	[ -z "$INSTALL_ABSENT" ] || skip "$INSTALL_ABSENT"
	DEST=$BATS_TEST_TMPDIR/dest
}

@test "make install puts the binary, getrandom(1) and the completions under DESTDIR and PREFIX" {
	run -0 make -s -C "$BUILT" install DESTDIR="$DEST" PREFIX=/opt/gr
	[ -x "$DEST/opt/gr/bin/getrandom" ]
	cmp "$TOP/man/getrandom.1" "$DEST/opt/gr/share/man/man1/getrandom.1"
	cmp "$BUILT/build/completion/getrandom.bash" \
		"$DEST/opt/gr/share/bash-completion/completions/getrandom"
	cmp "$BUILT/build/completion/_getrandom" \
		"$DEST/opt/gr/share/zsh/site-functions/_getrandom"
	cmp "$BUILT/build/completion/getrandom.fish" \
		"$DEST/opt/gr/share/fish/vendor_completions.d/getrandom.fish"
	run -0 "$DEST/opt/gr/bin/getrandom" --bytes 8 --hex
	[[ $output =~ ^[0-9a-f]{16}$ ]]
}

@test "make install honours BINDIR, MANDIR and the completion directories" {
	run -0 make -s -C "$BUILT" install DESTDIR="$DEST" BINDIR=/b MANDIR=/m \
		COMPLETIONDIR=/c ZSH_COMPLETIONDIR=/z FISH_COMPLETIONDIR=/f
	[ -x "$DEST/b/getrandom" ]
	[ -f "$DEST/m/man1/getrandom.1" ]
	[ -f "$DEST/c/getrandom" ]
	[ -f "$DEST/z/_getrandom" ]
	[ -f "$DEST/f/getrandom.fish" ]
}

@test "make install leaves out getrandom(2), which would shadow the distribution's page" {
	run -0 make -s -C "$BUILT" install DESTDIR="$DEST" PREFIX=/usr
	[ ! -e "$DEST/usr/share/man/man2" ] || fail_with "$(find "$DEST/usr/share/man/man2")"
}

@test "make install-man2 installs getrandom(2), make uninstall-man2 removes it" {
	run -0 make -s -C "$BUILT" install-man2 DESTDIR="$DEST" PREFIX=/opt/gr
	cmp "$TOP/man/getrandom.2" "$DEST/opt/gr/share/man/man2/getrandom.2"
	run -0 make -s -C "$BUILT" uninstall-man2 DESTDIR="$DEST" PREFIX=/opt/gr
	[ ! -e "$DEST/opt/gr/share/man/man2/getrandom.2" ]
}

@test "README names make install-man2 for the section-2 page" {
	grep -q 'make install-man2' "$TOP/README.md"
}

# works_without_descriptors BINARY: BINARY keeps --help's promise that it
# works with file descriptors exhausted: under ulimit -n 3 (stdin, stdout
# and stderr open, no room for one more) it writes 16 bytes in hex.
works_without_descriptors() {
	run -0 --separate-stderr bash -c 'ulimit -n 3 && exec "$1" --bytes 16 --hex' _ "$1"
	[[ $output =~ ^[0-9a-f]{32}$ ]] || fail_with "$1: status $status, $stderr"
}

@test "every binary README tells a user to run works with file descriptors exhausted" {
	needs_plain_build
	# make's binary, make run's, and the installed one.
	grep -q '`make` alone builds `cli/getrandom`' "$TOP/README.md"
	works_without_descriptors "$BUILT/cli/getrandom"
	run -0 make -s -C "$BUILT" install DESTDIR="$DEST" PREFIX=/usr
	works_without_descriptors "$DEST/usr/bin/getrandom"
	# make run itself.
	run -0 make --no-print-directory -C "$BUILT" run
	[[ ${lines[-1]} =~ ^[0-9a-f]{64}$ ]] || fail_with "make run: $output"
	[[ $output != *"-o cli/getrandom"* ]] || fail_with "make run built again: $output"
	grep -q '^	cli/getrandom --bytes' "$TOP/Makefile"
}

# assert_static BINARY: BINARY asks for no dynamic loader and no shared
# library: it starts where libc cannot be opened.
assert_static() {
	require readelf
	run -0 readelf -lW "$1"
	[[ $output != *INTERP* ]] || fail_with "$1 asks for a dynamic loader"
	run -0 readelf -dW "$1"
	[[ $output != *"(NEEDED)"* ]] || fail_with "$1 needs shared libraries: $output"
}

@test "the installed binary is the static build, which needs no libc at run time" {
	run -0 make -s -C "$BUILT" install DESTDIR="$DEST" PREFIX=/usr
	run -0 cmp "$BUILT/cli/getrandom" "$DEST/usr/bin/getrandom"
	assert_static "$DEST/usr/bin/getrandom"
}

# tree_copy: a copy of the tree of the test's own, $TREE, in which it may
# build, change flags and clean.
tree_copy() {
	TREE=$BATS_TEST_TMPDIR/tree
	copy_tree "$TREE"
}

@test "make alone builds cli/getrandom static, and make install installs that very file" {
	needs_plain_build
	grep -q -- '-o cli/getrandom ' "$BATS_FILE_TMPDIR/make.log"
	[ ! -e "$BUILT/build/getrandom" ] || fail_with "make built the tests' dynamic build too"
	assert_static "$BUILT/cli/getrandom"
	works_without_descriptors "$BUILT/cli/getrandom"
	# Nothing left to build: make install copies what make made.
	run -0 make -C "$BUILT" install DESTDIR="$DEST" PREFIX=/usr
	[[ $output != *"-o cli/getrandom"* ]] || fail_with "make install built again: $output"
	cmp "$BUILT/cli/getrandom" "$DEST/usr/bin/getrandom"
}

@test "the static PIE packs its relative relocations, which every start pays for" {
	needs_plain_build
	require readelf
	# Where the toolchain links a static PIE with glibc 2.36 or later (the
	# Makefile asks it), the relocations are packed: DT_RELR, not RELA.
	run -0 readelf -dW "$BUILT/cli/getrandom"
	[[ $output == *"(FLAGS_1)"*PIE* ]] || skip "this toolchain links no static PIE"
	[ "$(printf '%s\n' 2.36 "$(getconf GNU_LIBC_VERSION | cut -d' ' -f2)" | sort -V | head -n 1)" = 2.36 ] ||
		skip "glibc before 2.36: its static start reads no packed relocations"
	[[ $output == *"(RELR)"* ]] || fail_with "no packed relocations: $output"
	run -0 readelf -rW "$BUILT/cli/getrandom"
	[[ $output != *R_X86_64_RELATIVE* ]] || fail_with "RELA relocations left: ${output:0:400}"
}

@test "make compiles --words' list from the copy in the sources, needing no package's" {
	needs_plain_build
	grep -qx 'cli/wordlist.sh cli/eff-long.txt build/eff-wordlist.inc' \
		"$BATS_FILE_TMPDIR/make.log" || fail_with "$(cat "$BATS_FILE_TMPDIR/make.log")"
	run ! grep -q xkcdpass "$BATS_FILE_TMPDIR/make.log" "$BUILT/build/eff-wordlist.inc"
}

@test "the tests' build, build/getrandom, is dynamic, for their LD_PRELOAD shims" {
	tree_copy
	run -0 make -s -C "$TREE" build/getrandom
	run -0 readelf -lW "$TREE/build/getrandom"
	[[ $output == *INTERP* ]] || fail_with "build/getrandom is static: $output"
	# The suite runs on it unless told otherwise.
	grep -qx 'GETRANDOM=${GETRANDOM:-$BATS_TEST_DIRNAME/../build/getrandom}' \
		"$TESTS/helpers.bash"
}

# fake_cc: writes $FAKE_CC, a compiler that compiles nothing: each link
# (an -o other than /dev/null, the Makefile's probes) appends its command
# line to $CC_LOG and creates the output, so that a test sees which
# binaries make rebuilt and with what, in no time.
fake_cc() {
	FAKE_CC=$BATS_TEST_TMPDIR/fake-cc CC_LOG=$BATS_TEST_TMPDIR/cc.log
	cat >"$FAKE_CC" <<-'EOF'
		#!/bin/sh
		out= prev=
		for arg; do
			[ "$prev" = -o ] && out=$arg
			prev=$arg
		done
		case $out in '' | /dev/null) exit 0 ;; esac
		echo "$*" >>"$CC_LOG" && : >"$out"
	EOF
	chmod +x "$FAKE_CC"
	export CC_LOG
	: >"$CC_LOG"
}

# built ARGS...: runs make ARGS for the three binaries with the fake
# compiler, and prints, one a line, the binaries it linked.
built() {
	: >"$CC_LOG"
	make -s -C "$TREE" CC="$FAKE_CC" "$@" cli/getrandom build/getrandom \
		build/getrandom-asan >"$BATS_TEST_TMPDIR/make.log" 2>&1 ||
		{ cat "$BATS_TEST_TMPDIR/make.log"; return 1; }
	sed 's/.* -o \([^ ]*\) .*/\1/' "$CC_LOG" | sort | paste -s -d ' '
}

@test "a change of CC, CPPFLAGS, CFLAGS or LDFLAGS rebuilds every binary, and the same flags none" {
	tree_copy
	fake_cc
	local all='build/getrandom build/getrandom-asan cli/getrandom' var
	run -0 built
	[ "$output" = "$all" ] || fail_with "first build: $output"
	run -0 built
	[ -z "$output" ] || fail_with "rebuilt with nothing changed: $output"
	for var in CPPFLAGS=-DGR_MARK CFLAGS=-DGR_MARK LDFLAGS=-Wl,-Map=/dev/null; do
		run -0 built "$var"
		[ "$output" = "$all" ] || fail_with "$var rebuilt only: $output"
		run -0 built "$var"
		[ -z "$output" ] || fail_with "$var twice rebuilt: $output"
	done
	# Every command line carried the flag.
	run -0 built CPPFLAGS=-DGR_OTHER
	[ "$(grep -c ' -DGR_OTHER ' "$CC_LOG")" -eq 3 ] || fail_with "$(cat "$CC_LOG")"
	# The same flags, another compiler.
	ln -s "$FAKE_CC" "$BATS_TEST_TMPDIR/other-cc"
	: >"$CC_LOG"
	run -0 make -s -C "$TREE" CC="$BATS_TEST_TMPDIR/other-cc" CPPFLAGS=-DGR_OTHER \
		cli/getrandom build/getrandom build/getrandom-asan
	[ "$(wc -l <"$CC_LOG")" -eq 3 ] || fail_with "a new CC rebuilt: $(cat "$CC_LOG")"
	# SANITIZE=1 changes the tests' dynamic build alone.
	run -0 built
	run -0 built SANITIZE=1
	[ "$output" = build/getrandom ] || fail_with "SANITIZE=1 rebuilt: $output"
	grep -q -- '-fsanitize=address' "$CC_LOG"
}

@test "make check SANITIZE=1: the outer make's variables do not reach the tests' own builds" {
	tree_copy
	fake_cc
	# What make passes a recipe for `make check SANITIZE=1 CPPFLAGS=-DGR_OUTER`:
	# the variables in MAKEFLAGS, and in the environment too.
	export MAKEFLAGS=' -- SANITIZE=1 CPPFLAGS=-DGR_OUTER' MAKELEVEL=1
	export SANITIZE=1 CPPFLAGS=-DGR_OUTER
	forget_outer_make
	run -0 built
	[ "$output" = 'build/getrandom build/getrandom-asan cli/getrandom' ] || fail_with "$output"
	[ "$(grep -c -- '-fsanitize=address' "$CC_LOG")" -eq 1 ] || fail_with "$(cat "$CC_LOG")"
	run -1 grep -- -DGR_OUTER "$CC_LOG"
}

@test "the Makefile's _FORTIFY_SOURCE gives way to one in CPPFLAGS, as dpkg-buildflags sets" {
	tree_copy
	fake_cc
	run -0 built
	[ "$(grep -c -- '-D_FORTIFY_SOURCE=2 ' "$CC_LOG")" -eq 3 ] || fail_with "$(cat "$CC_LOG")"
	run -0 built CPPFLAGS='-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=3'
	run -1 grep -c -- '-D_FORTIFY_SOURCE=2' "$CC_LOG"
	[ "$(grep -c -- ' -D_FORTIFY_SOURCE=3 ' "$CC_LOG")" -eq 3 ] || fail_with "$(cat "$CC_LOG")"
}

@test "CPPFLAGS reach the compiler: an #error they include stops the build" {
	tree_copy
	echo '#error CPPFLAGS reached the compiler' >"$BATS_TEST_TMPDIR/stop.h"
	run -2 make -s -C "$TREE" CPPFLAGS="-include $BATS_TEST_TMPDIR/stop.h"
	[[ $output == *"#error CPPFLAGS reached the compiler"* ]] || fail_with "$output"
	[ ! -e "$TREE/cli/getrandom" ] || fail_with "a failed build left cli/getrandom"
}

# kernel_objects: stands in for what vm/build-kernel.sh leaves in build/.
KERNEL_FILES=(build/linux/Makefile build/src/Makefile build/obj-patched/vmlinux
	build/bzImage-patched build/linux.debian-files/x
	build/linux-6.12/Makefile build/src-6.12/Makefile build/linux-6.12.debian-files/x)
kernel_objects() {
	local f
	for f in "${KERNEL_FILES[@]}"; do
		mkdir -p "$TREE/${f%/*}" && echo kernel >"$TREE/$f"
	done
}

# products: every file and directory below $TREE that is not in the copy.
products() {
	(cd "$TREE" && find . -mindepth 1 | sort) | comm -13 "$BATS_TEST_TMPDIR/sources" -
}

# make_everything: a copy of the tree in which the three binaries are
# built (by the fake compiler), a suite has left its TAP and the kernel
# its objects.
make_everything() {
	tree_copy
	fake_cc
	(cd "$TREE" && find . -mindepth 1 | sort) >"$BATS_TEST_TMPDIR/sources"
	built >/dev/null
	mkdir -p "$TREE/build/tap" && : >"$TREE/build/tap/host.tap"
	kernel_objects
}

@test "make clean removes all that make, the tests' builds and the guests made; git ignores it all" {
	make_everything
	run -0 products
	local made=("${lines[@]}") f
	[ "${#made[@]}" -gt 8 ] || fail_with "too few products: $output"
	for f in "${made[@]}"; do
		git_ignores "$TOP" "${f#./}" ||
			fail_with "git does not ignore ${f#./}"
	done
	run -0 make -s -C "$TREE" clean
	run -0 products
	[ -z "$output" ] || fail_with "left by make clean: $output"
}

@test "make mostlyclean keeps the kernel trees and objects alone" {
	make_everything
	run -0 make -s -C "$TREE" mostlyclean
	local f
	for f in "${KERNEL_FILES[@]}"; do
		[ "$(cat "$TREE/$f")" = kernel ] || fail_with "mostlyclean removed $f"
	done
	run -0 products
	local left
	left=$(grep -Ev '^\./build($|/(linux|src|linux-6\.12|src-6\.12|obj-patched|bzImage-patched|linux\.debian-files|linux-6\.12\.debian-files)($|/))' <<<"$output") || true
	[ -z "$left" ] || fail_with "left by make mostlyclean: $left"
}

@test "make uninstall removes every installed file" {
	run -0 make -s -C "$BUILT" install DESTDIR="$DEST" PREFIX=/usr
	run -0 make -s -C "$BUILT" uninstall DESTDIR="$DEST" PREFIX=/usr
	run -0 find "$DEST" -type f
	[ -z "$output" ]
}

# installs_into DEST: make install and install-man2 put their six files
# under DEST, and make uninstall and uninstall-man2 remove them.
installs_into() {
	run -0 make -s -C "$BUILT" install install-man2 DESTDIR="$1" PREFIX=/usr
	run -0 find "$1" -type f
	[ "${#lines[@]}" -eq 6 ] || fail_with "installed: $output"
	cmp "$BUILT/cli/getrandom" "$1/usr/bin/getrandom"
	run -0 make -s -C "$BUILT" uninstall uninstall-man2 DESTDIR="$1" PREFIX=/usr
	run -0 find "$1" -type f
	[ -z "$output" ] || fail_with "left by uninstall: $output"
}

@test "make install and uninstall take a DESTDIR with a blank or a quote as one directory" {
	# Split at the blank, uninstall would remove $decoy's getrandom: a
	# file outside DESTDIR.
	local decoy=$BATS_TEST_TMPDIR/decoy
	mkdir -p "$decoy/usr/bin" && echo decoy >"$decoy/usr/bin/getrandom"
	installs_into "$BATS_TEST_TMPDIR/my $decoy"
	[ "$(cat "$decoy/usr/bin/getrandom")" = decoy ] || fail_with "uninstall removed $decoy's file"
	installs_into "$BATS_TEST_TMPDIR/it's"
}
