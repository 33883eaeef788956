#!/usr/bin/env bats
# make install and make uninstall: every file in its place under DESTDIR,
# PREFIX, BINDIR and MANDIR, and nothing left after uninstall.
# Call: bats tests/install.bats
load helpers

TOP=$BATS_TEST_DIRNAME/..

setup() {
	# The guest gets the tests without the sources: nothing to install.
	[ -f "$TOP/Makefile" ] || skip "no source tree (Makefile) here"
	require make
	require cc "no C compiler"
	DEST=$BATS_TEST_TMPDIR/dest
}

@test "make install puts the binary, getrandom(1) and the completions under DESTDIR and PREFIX" {
	run -0 make -s -C "$TOP" install DESTDIR="$DEST" PREFIX=/opt/gr
	[ -x "$DEST/opt/gr/bin/getrandom" ]
	cmp "$TOP/man/getrandom.1" "$DEST/opt/gr/share/man/man1/getrandom.1"
	cmp "$TOP/build/completion/getrandom.bash" \
		"$DEST/opt/gr/share/bash-completion/completions/getrandom"
	cmp "$TOP/build/completion/_getrandom" \
		"$DEST/opt/gr/share/zsh/site-functions/_getrandom"
	cmp "$TOP/build/completion/getrandom.fish" \
		"$DEST/opt/gr/share/fish/vendor_completions.d/getrandom.fish"
	run -0 "$DEST/opt/gr/bin/getrandom" --bytes 8 --hex
	[[ $output =~ ^[0-9a-f]{16}$ ]]
}

@test "make install honours BINDIR, MANDIR and the completion directories" {
	run -0 make -s -C "$TOP" install DESTDIR="$DEST" BINDIR=/b MANDIR=/m \
		COMPLETIONDIR=/c ZSH_COMPLETIONDIR=/z FISH_COMPLETIONDIR=/f
	[ -x "$DEST/b/getrandom" ]
	[ -f "$DEST/m/man1/getrandom.1" ]
	[ -f "$DEST/c/getrandom" ]
	[ -f "$DEST/z/_getrandom" ]
	[ -f "$DEST/f/getrandom.fish" ]
}

@test "make install leaves out getrandom(2), which would shadow the distribution's page" {
	run -0 make -s -C "$TOP" install DESTDIR="$DEST" PREFIX=/usr
	[ ! -e "$DEST/usr/share/man/man2" ] || fail_with "$(find "$DEST/usr/share/man/man2")"
}

@test "make install-man2 installs getrandom(2), make uninstall-man2 removes it" {
	run -0 make -s -C "$TOP" install-man2 DESTDIR="$DEST" PREFIX=/opt/gr
	cmp "$TOP/man/getrandom.2" "$DEST/opt/gr/share/man/man2/getrandom.2"
	run -0 make -s -C "$TOP" uninstall-man2 DESTDIR="$DEST" PREFIX=/opt/gr
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
	# make run's binary, and the installed one.
	run -0 make -s -C "$TOP" cli/getrandom.static
	grep -q 'cli/getrandom.static' "$TOP/README.md"
	works_without_descriptors "$TOP/cli/getrandom.static"
	run -0 make -s -C "$TOP" install DESTDIR="$DEST" PREFIX=/usr
	works_without_descriptors "$DEST/usr/bin/getrandom"
	# make run itself.
	run -0 make -s -C "$TOP" run
	[[ ${lines[-1]} =~ ^[0-9a-f]{64}$ ]] || fail_with "make run: $output"
	grep -q '^	cli/getrandom.static --bytes' "$TOP/Makefile"
}

@test "the installed binary is the static build, which needs no libc at run time" {
	run -0 make -s -C "$TOP" install DESTDIR="$DEST" PREFIX=/usr
	run -0 cmp "$TOP/cli/getrandom.static" "$DEST/usr/bin/getrandom"
	require readelf
	run -0 readelf -l "$DEST/usr/bin/getrandom"
	[[ $output != *INTERP* ]] || fail_with "the installed binary asks for a dynamic loader"
}

@test "make uninstall removes every installed file" {
	run -0 make -s -C "$TOP" install DESTDIR="$DEST" PREFIX=/usr
	run -0 make -s -C "$TOP" uninstall DESTDIR="$DEST" PREFIX=/usr
	run -0 find "$DEST" -type f
	[ -z "$output" ]
}
