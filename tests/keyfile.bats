#!/usr/bin/env bats
# --mode, --owner and --group: the key file gets them on its descriptor
# before it has a name (fchown and fchmod come before linkat or rename),
# so FILE never exists with another owner or mode.  How the values are
# read, and refused, is owners.bats'.
# Call: bats tests/keyfile.bats (GETRANDOM=path to test another binary)
load helpers

setup() {
	common_setup
	D=$BATS_TEST_TMPDIR/keys
	mkdir -p "$D"
}

@test "--mode 0640 is FILE's mode, whatever the umask" {
	local mask
	for mask in 000 077 022; do
		rm -f "$D/key"
		(umask "$mask" && "$GETRANDOM" -n 32 --mode 0640 -o "$D/key")
		[ "$(stat -c %a "$D/key")" = 640 ]
		[ "$(size "$D/key")" -eq 32 ]
	done
}

@test "-m 440: a mode without write permission still gets every byte" {
	"$GETRANDOM" -n 1M -m 440 -o "$D/key"
	[ "$(stat -c %a "$D/key")" = 440 ]
	[ "$(size "$D/key")" -eq 1048576 ]
}

@test "four-digit modes keep the set-user-ID, set-group-ID and sticky bits" {
	"$GETRANDOM" -n 4 -m 7750 -o "$D/key"
	[ "$(stat -c %a "$D/key")" = 7750 ]
}

# A write by a process without CAP_FSETID clears set-user-ID and
# set-group-ID: the mode must be set after the last byte, or checked.
@test "-m 7750 without root's privileges: FILE has 7750, however many bytes" {
	require_native
	local n
	for n in 4 1M; do
		rm -f "$D/key"
		run -0 --separate-stderr unprivileged "$GETRANDOM" -n "$n" -m 7750 -o "$D/key"
		[ "$(stat -c %a "$D/key")" = 7750 ] || fail_with "-n $n: $(stat -c %a "$D/key")"
	done
	require cc
	build_tools
	run -0 --separate-stderr unprivileged env FAULT_NO_TMPFILE=1 \
		LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" "$GETRANDOM" -n 1M -m 6700 --force -o "$D/key"
	[ "$(stat -c %a "$D/key")" = 6700 ]
	[ "$(files_in "$D")" = key ]
}

@test "a mode the kernel will not give (set-group-ID, a group not the user's): status 1, no file" {
	[ "$(id -u)" -eq 0 ] ||
		skip "only root can give a directory a group its owner is not in"
	# The set-group-ID directory's group is the new file's, and the user,
	# uid 0 without capabilities, is not in group 54321.
	chgrp 54321 "$D"
	chmod 2777 "$D"
	run -1 --separate-stderr unprivileged "$GETRANDOM" -n 32 -m 2750 -o "$D/key"
	[ "$stderr" = "getrandom: cannot set the mode of '$D/key': Operation not permitted" ]
	[ -z "$(files_in "$D")" ]
	echo old >"$D/key"
	run -1 --separate-stderr unprivileged "$GETRANDOM" -n 32 -m 2750 --force -o "$D/key"
	[ "$(cat "$D/key")" = old ]
	[ "$(files_in "$D")" = key ]
}

@test "the mode is set again after the last write, before the file is synced and linked" {
	require_native
	require strace
	strace -f -qq -o "$BATS_TEST_TMPDIR/log" -e trace=write,fchmod,fsync,linkat \
		"$GETRANDOM" -n 1M -m 0640 -o "$D/key"
	grep -Eo '^[0-9]+ +(write|fchmod|fsync|linkat)\(' "$BATS_TEST_TMPDIR/log" |
		sed -E 's/^[0-9]+ +//; s/\($//' | sed '/^linkat$/q' | uniq | tail -4 |
		tr '\n' ' ' >"$BATS_TEST_TMPDIR/order"
	[ "$(cat "$BATS_TEST_TMPDIR/order")" = "write fchmod fsync linkat " ]
}

@test "--group takes the user's own group by name and by number, without root" {
	"$GETRANDOM" -n 32 --group "$(id -gn)" -m 0640 -o "$D/a"
	"$GETRANDOM" -n 32 --group "$(id -g)" -o "$D/b"
	[ "$(stat -c '%a %g' "$D/a")" = "640 $(id -g)" ]
	[ "$(stat -c '%a %g' "$D/b")" = "600 $(id -g)" ]
}

# order LOG: the calls of LOG that matter, as "fchown fchmod linkat" etc.
# (i386's fchown32 is named fchown).
order() {
	grep -Eo '^[0-9]+ +(fchown(32)?|fchmod|linkat|link|rename|renameat2?)\(' "$1" |
		sed -E 's/^[0-9]+ +//; s/\($//; s/^fchown32$/fchown/' | tr '\n' ' '
}

@test "owner and mode are set on the unnamed file before it is linked into place" {
	require_native
	require strace
	strace -f -qq -o "$BATS_TEST_TMPDIR/log" \
		-e trace="$FCHOWN",fchmod,linkat,link,rename,renameat,renameat2 \
		"$GETRANDOM" -n 32 -m 0640 --group "$(id -g)" -o "$D/key"
	# Once when the file is created, again after the last byte.
	[ "$(order "$BATS_TEST_TMPDIR/log")" = "fchmod fchown fchmod fchown fchmod linkat " ]
	grep -Eq 'fchmod\([0-9]+, 0640\)' "$BATS_TEST_TMPDIR/log"
	grep -Eq "fchown(32)?\\([0-9]+, -1, $(id -g)\\)" "$BATS_TEST_TMPDIR/log"
}

@test "with --force too: fchown and fchmod come before the rename" {
	require_native
	require strace
	echo old >"$D/key"
	strace -f -qq -o "$BATS_TEST_TMPDIR/log" \
		-e trace="$FCHOWN",fchmod,linkat,link,rename,renameat,renameat2 \
		"$GETRANDOM" -U7 -m 0644 --group "$(id -g)" --force -o "$D/key"
	[[ $(order "$BATS_TEST_TMPDIR/log") == "fchmod fchown fchmod fchown fchmod linkat rename"* ]]
	[ "$(stat -c %a "$D/key")" = 644 ]
	[ "$(files_in "$D")" = key ]
}

@test "without O_TMPFILE: the hidden temporary gets owner and mode before its link" {
	require_native
	require strace
	require cc
	build_tools
	strace -f -qq -o "$BATS_TEST_TMPDIR/log" \
		-e trace=openat,"$FCHOWN",fchmod,linkat,link,rename,renameat,renameat2 \
		env FAULT_NO_TMPFILE=1 LD_PRELOAD="$BATS_FILE_TMPDIR/faults.so" \
		ASAN_OPTIONS="detect_leaks=0:verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
		"$GETRANDOM" -n 32 -m 0604 --group "$(id -g)" -o "$D/key"
	grep -q O_EXCL "$BATS_TEST_TMPDIR/log"	# a named temporary, not O_TMPFILE
	[ "$(order "$BATS_TEST_TMPDIR/log")" = "fchmod fchown fchmod fchown fchmod linkat " ]
	[ "$(stat -c %a "$D/key")" = 604 ]
	[ "$(files_in "$D")" = key ]
}
