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

@test "make install puts the binary, both pages and the completion under DESTDIR and PREFIX" {
	run -0 make -s -C "$TOP" install DESTDIR="$DEST" PREFIX=/opt/gr
	[ -x "$DEST/opt/gr/bin/getrandom" ]
	cmp "$TOP/man/getrandom.1" "$DEST/opt/gr/share/man/man1/getrandom.1"
	cmp "$TOP/man/getrandom.2" "$DEST/opt/gr/share/man/man2/getrandom.2"
	cmp "$TOP/cli/completion.bash" \
		"$DEST/opt/gr/share/bash-completion/completions/getrandom"
	run -0 "$DEST/opt/gr/bin/getrandom" --bytes 8 --hex
	[[ $output =~ ^[0-9a-f]{16}$ ]]
}

@test "make install honours BINDIR and MANDIR" {
	run -0 make -s -C "$TOP" install DESTDIR="$DEST" BINDIR=/b MANDIR=/m \
		COMPLETIONDIR=/c
	[ -x "$DEST/b/getrandom" ]
	[ -f "$DEST/m/man1/getrandom.1" ]
	[ -f "$DEST/m/man2/getrandom.2" ]
	[ -f "$DEST/c/getrandom" ]
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
