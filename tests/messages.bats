#!/usr/bin/env bats
# Every message quotes every name it prints, through quote() (cli/quote.c):
# a file name can hold a newline, and printed raw it would forge a second
# "getrandom:" line for whoever reads the errors.  A checker reads the
# sources for calls that fill a %s some other way; then each message that
# names FILE is made to appear, with a newline in the name.
# Call: bats tests/messages.bats (GETRANDOM=path to test another binary)
bats_require_minimum_version 1.5.0
load helpers

setup_file() {
	build_tools
}

setup() {
	common_setup
	DIR=$BATS_TEST_TMPDIR/dir
	mkdir -p "$DIR"
	# A name whose second line looks like a message of its own.
	NAME=$'a\ngetrandom: forged'
	FILE=$DIR/$NAME
	# FILE as quote() writes it.
	Q="'$DIR/a'\$'\\n''getrandom: forged'"
}

@test "the sources fill every %s of a message through quote(), or with the tool's own text" {
	run -0 perl "$TESTS/tools/message-names.pl" "$TESTS"/../cli/*.c
	[ -z "$output" ]
}

@test "the checker finds a name printed raw, a %.*s, a format not a literal, fprintf to stderr" {
	cat >"$BATS_TEST_TMPDIR/bad.c" <<-'EOF'
	static void f(const char *path, const char *fmt, int n, int e)
	{
		warn("cannot open %s", path);
		errx(1, "%s: %s", quote(path), strerror(e));
		warnx(fmt);
		warnx("%d bytes of %.*s", n, n, path);
		fprintf(stderr, "%s\n", path);
		fprintf(out, "%s\n", path);
		usage_error("bad %s", quote_n(1, path));
		/* warn("%s", path); is a comment */
		puts("warn(\"%s\", path)");
		err(1, "%s and %s", quote(path),
		    path);
	}
	EOF
	run -1 perl "$TESTS/tools/message-names.pl" "$BATS_TEST_TMPDIR/bad.c"
	[ "${lines[*]}" = "$BATS_TEST_TMPDIR/bad.c:3: warn: %s filled by 'path', not by quote() $BATS_TEST_TMPDIR/bad.c:5: warnx: the format is not a string literal $BATS_TEST_TMPDIR/bad.c:6: warnx: %s filled by 'path', not by quote() $BATS_TEST_TMPDIR/bad.c:7: fprintf: %s filled by 'path', not by quote() $BATS_TEST_TMPDIR/bad.c:12: err: %s filled by 'path', not by quote()" ]
}

# says EXPECTED COMMAND...: runs COMMAND, whose standard error must be the
# one line EXPECTED once a temporary name's random part reads XXXXXX.
says() {
	local expected=$1 said
	shift
	run --separate-stderr "$@"
	[ "${#stderr_lines[@]}" -eq 1 ] ||
		fail_with "${*@Q} gave ${#stderr_lines[@]} lines: $stderr"
	said=$(sed -E "s/(forged)\.[A-Za-z0-9]{6}'/\1.XXXXXX'/" <<<"$stderr")
	[ "$said" = "$expected" ] || fail_with "${*@Q}: $stderr"
}

@test "FILE exists, is not a regular file, or its directory is missing: the name is quoted" {
	: >"$FILE"
	says "getrandom: $Q: File exists (use --force to replace it)" gr -o "$FILE"
	[ "$status" -eq 1 ]
	rm -- "$FILE"
	mkfifo -- "$FILE"
	says "getrandom: not a regular file: $Q" gr --force -o "$FILE"
	[ "$status" -eq 1 ]
	rm -- "$FILE"
	says "getrandom: cannot create a file in $Q: No such file or directory" \
		gr -o "$FILE/key"
	[ "$status" -eq 1 ]
}

@test "group or mode refused: the name is quoted" {
	require_native
	require strace
	says "getrandom: cannot set the group of $Q: Operation not permitted" \
		inject "$FCHOWN:error=EPERM" -- --group "$(id -g)" -o "$FILE"
	[ "$status" -eq 1 ]
	says "getrandom: cannot set the mode of $Q: Operation not permitted" \
		inject fchmod:error=EPERM:when=1 -- -o "$FILE"
	[ "$status" -eq 1 ]
	[ -z "$(files_in "$DIR")" ]
}

@test "write, sync, link and rename failing: the name is quoted" {
	require_native
	require strace
	says "getrandom: cannot write $Q: No space left on device" \
		inject write:error=ENOSPC:when=1 -- -o "$FILE"
	says "getrandom: cannot sync $Q: Input/output error" \
		inject fsync:error=EIO:when=1 -- -o "$FILE"
	says "getrandom: cannot create $Q: Input/output error" \
		inject linkat:error=EIO -- -o "$FILE"
	says "getrandom: $Q: File exists (use --force to replace it)" \
		inject linkat:error=EEXIST -- -o "$FILE"
	[ -z "$(files_in "$DIR")" ]
	: >"$FILE"
	says "getrandom: not a regular file: $Q" \
		inject renameat:error=EEXIST -- --force -o "$FILE"
	[ "$status" -eq 1 ]
}

@test "warnings once FILE is in place: both names are quoted" {
	require_native
	require strace
	says "getrandom: $Q is in place, but its directory could not be synced: Input/output error" \
		inject fsync:error=EIO:when=2 -- -o "$FILE"
	[ "$status" -eq 0 ]
	rm -- "$FILE"
	says "getrandom: $Q is in place, but its temporary copy '$DIR/.a'\$'\\n''getrandom: forged.XXXXXX' could not be removed: Input/output error" \
		inject FAULT_NO_TMPFILE=1 unlinkat:error=EIO -- -o "$FILE"
	[ "$status" -eq 0 ]
}

@test "a --require character outside the --charset is quoted as its set is" {
	run --separate-stderr gr -p 8 -s ab --require "'"
	assert_usage_error "the --require set \"'\" has \"'\", which is not in the --charset"
}

@test "file names in messages are quoted as ls --quoting-style=shell-escape-always does" {
	local name expected
	ls --quoting-style=shell-escape-always / >/dev/null 2>&1 ||
		skip "GNU ls (coreutils), the reference quoting, is not installed"
	for name in 'plain' 'key file' "it's" "it's \$HOME" $'a\nb' $'\e[2J' $'tab\there' \
		$'\xc3\xa9'; do
		: >"$DIR/$name"
		expected=$(cd "$DIR" && LC_ALL=C ls -d --quoting-style=shell-escape-always -- "$name")
		run -1 --separate-stderr bash -c 'cd "$1" && "$GETRANDOM" --output "$2"' _ "$DIR" "$name"
		[ "$stderr" = "getrandom: $expected: File exists (use --force to replace it)" ] ||
			fail_with "expected $expected: $stderr"
		rm -- "$DIR/$name"
	done
}
