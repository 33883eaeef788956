#!/usr/bin/env bats
# An option given twice takes its last value (getrandom(1), COMBINATIONS):
# the last one replaces the whole of what the first set, so nothing of an
# earlier value is left to take effect or to be refused.  (--require is
# the one option that adds; tests/words.bats and others cover it.)
# Call: bats tests/repeated.bats (GETRANDOM=path to test another binary)
load helpers

setup() {
	common_setup
	D=$BATS_TEST_TMPDIR/keys
	mkdir -p "$D"
}

@test "--password or --words again without a length leaves it to --bits" {
	# 40 bits: 7 characters of [:alnum:] (6 give 35.7), 4 EFF words (3 give 38.8).
	run -0 --separate-stderr gr --password=5 --password --bits=40
	[ "$(size "$OUT")" -eq 8 ] || fail_with "password: $(cat "$OUT")"
	run -0 --separate-stderr gr --words=3 --words --bits=40
	[ "$(wc -w <"$OUT")" -eq 4 ] || fail_with "words: $(cat "$OUT")"
}

@test "a later --owner without a group lets --group set it" {
	local uid gid
	uid=$(id -u)
	gid=$(id -g)
	run -0 --separate-stderr "$GETRANDOM" --owner="$uid:$gid" --owner="$uid" \
		--group="$gid" -o "$D/key"
	[ "$(size "$D/key")" -eq 32 ]
}

@test "a later --owner replaces the user and the group of the one before" {
	[ "$(id -u)" -eq 0 ] || skip "giving a file to another user or group needs root"
	grep -q '^daemon:x:1:1:' /etc/passwd && grep -q '^daemon:x:1:' /etc/group ||
		skip "no daemon account (uid 1, gid 1) here"
	# USER: set daemon's group; the --owner that replaces it sets none.
	"$GETRANDOM" --owner=daemon: --owner=root -o "$D/a"
	[ "$(stat -c '%u %g' "$D/a")" = "0 $(id -g)" ]
	# :GROUP names no user: the user is the caller, not the earlier daemon.
	"$GETRANDOM" --owner=daemon --owner=:daemon -o "$D/b"
	[ "$(stat -c '%u %g' "$D/b")" = "0 1" ]
}

@test "the last --bytes wins" {
	run -0 gr --bytes 5 --bytes 6
	[ "$(size "$OUT")" -eq 6 ]
}
