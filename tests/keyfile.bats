#!/usr/bin/env bats
# --mode, --owner and --group: the key file gets them on its descriptor
# before it has a name (fchown and fchmod come before linkat or rename),
# so FILE never exists with another owner or mode; a bad value is a usage
# error that creates nothing.
# Call: bats tests/keyfile.bats (GETRANDOM=path to test another binary)
load helpers

setup() {
	common_setup
	D=$BATS_TEST_TMPDIR/keys
	mkdir -p "$D"
}

# need_root: skips unless this runs as root (only root gives files away).
need_root() {
	[ "$(id -u)" -eq 0 ] || skip "giving a file to another user or group needs root"
}

# need_accounts: skips unless /etc/passwd and /etc/group have Debian's
# daemon, nobody and nogroup (the QEMU guest's have only root).
need_accounts() {
	grep -q '^daemon:' /etc/passwd && grep -q '^nobody:' /etc/passwd &&
		grep -q '^daemon:' /etc/group && grep -q '^nogroup:' /etc/group ||
		skip "no daemon, nobody and nogroup accounts here"
}

# owner_mode FILE: prints "MODE USER GROUP" of FILE, as stat reads them.
owner_mode() {
	stat -c '%a %U %G' "$1"
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

@test "--mode takes leading zeros as chmod and install do: 00600, 000007777" {
	local m
	for m in 00600:600 0000640:640 000007777:7777 0:0; do
		rm -f "$D/key"
		"$GETRANDOM" -n 4 --mode "${m%%:*}" -o "$D/key"
		[ "$(stat -c %a "$D/key")" = "${m#*:}" ] || fail_with "--mode ${m%%:*}"
	done
	# Past 7777 is no mode, however many zeros lead.
	run --separate-stderr gr -n 4 --mode 0010000 -o "$D/other"
	assert_usage_error "'0010000'"
	[ ! -e "$D/other" ]
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
	[ "$stderr" = "getrandom: cannot set the owner and mode of '$D/key': Operation not permitted" ]
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

@test "--group daemon and --owner nobody:nogroup, by name and by number" {
	need_root
	need_accounts
	"$GETRANDOM" -n 32 --group daemon --mode 0640 -o "$D/a"
	[ "$(owner_mode "$D/a")" = "640 root daemon" ]
	"$GETRANDOM" -U --owner nobody:nogroup -m 0400 -o "$D/b"
	[ "$(owner_mode "$D/b")" = "400 nobody nogroup" ]
	"$GETRANDOM" -p 20 --owner 65534:1 -o "$D/c"
	[ "$(owner_mode "$D/c")" = "600 nobody daemon" ]
	"$GETRANDOM" -R 1-6 --owner daemon -o "$D/d"
	[ "$(owner_mode "$D/d")" = "600 daemon root" ]
}

@test "a numeric id that names nobody is still taken, as chown does" {
	need_root
	"$GETRANDOM" -n 32 --owner 54321:54322 -o "$D/key"
	[ "$(stat -c '%u %g' "$D/key")" = "54321 54322" ]
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
	grep -q O_EXCL "$BATS_TEST_TMPDIR/log"	# mkostemp, not O_TMPFILE
	[ "$(order "$BATS_TEST_TMPDIR/log")" = "fchmod fchown fchmod fchown fchmod link " ]
	[ "$(stat -c %a "$D/key")" = 604 ]
	[ "$(files_in "$D")" = key ]
}

@test "bad users, groups and modes are usage errors that create nothing" {
	local args bad
	for args in "--owner=nosuchuser:nosuchuser" "--owner=nosuchuser" \
		"--group=nosuchgroup" "--owner=root:nosuchgroup" \
		"--owner=4294967295" "--group=-1" "--mode=0800" "--mode=12345" \
		"--mode=u+r" "--mode=" "--mode=-1" "--owner=" "--owner=:" \
		"--owner=::" "--owner=0:" "--group="; do
		run --separate-stderr gr -n 32 "$args" -o "$D/key"
		bad=${args#*=}
		case $args in
		--owner=nosuchuser*) bad=nosuchuser ;;
		--owner=root:nosuchgroup) bad=nosuchgroup ;;
		--owner=4294967295) bad=4294967295 ;;
		--owner=::) bad=: ;;
		esac
		assert_usage_error "'$bad'"
		[ -z "$(files_in "$D")" ] || fail_with "$args created $(files_in "$D")"
	done
}

@test "--owner USER: takes USER's login group, and :GROUP the group alone, as chown does" {
	local user group login
	user=$(id -un) group=$(id -gn)
	login=$(awk -F: -v u="$user" '$1 == u { print $4 }' /etc/passwd)
	[ -n "$login" ] || skip "$user is not in /etc/passwd"
	"$GETRANDOM" -n 32 --owner "$user:" -o "$D/a"
	[ "$(stat -c '%u %g' "$D/a")" = "$(id -u) $login" ]
	"$GETRANDOM" -n 32 --owner ":$group" -m 0640 -o "$D/b"
	[ "$(stat -c '%a %u %g' "$D/b")" = "640 $(id -u) $(id -g)" ]
	"$GETRANDOM" -n 32 --owner ":$(id -g)" -o "$D/c"
	[ "$(stat -c '%g' "$D/c")" = "$(id -g)" ]
}

@test "--owner and --group take +N as the id N, looked up nowhere, as chown does" {
	require_native
	require strace
	run -0 strace -f -qq -o "$BATS_TEST_TMPDIR/log" -e trace=openat,open \
		"$GETRANDOM" -n 32 --owner "+$(id -u):+$(id -g)" -o "$D/a"
	[ "$(stat -c '%u %g' "$D/a")" = "$(id -u) $(id -g)" ]
	run ! grep -q '/etc/passwd\|/etc/group' "$BATS_TEST_TMPDIR/log"
	"$GETRANDOM" -n 32 --group "+$(id -g)" -o "$D/b"
	[ "$(stat -c '%g' "$D/b")" = "$(id -g)" ]
	local args
	for args in "--owner=+root" "--group=+root" "--owner=+" "--owner=++0"; do
		run --separate-stderr gr -n 32 "$args" -o "$D/c"
		assert_usage_error "'${args#*=}'"
	done
	[ ! -e "$D/c" ]
}

@test "--owner USER: and :GROUP set the group: --group cannot set it too" {
	local args
	for args in "--owner=root:" "--owner=:root"; do
		run --separate-stderr gr -n 32 "$args" --group=root -o "$D/key"
		assert_usage_error "--owner and --group cannot both set the group"
	done
	[ -z "$(files_in "$D")" ]
}

@test "/etc/passwd or /etc/group unreadable is a failure to read, not an unknown name" {
	require_native
	require strace
	local e file args
	for e in EMFILE EACCES EIO; do
		for args in "passwd --owner=root" "group --group=root" \
			"passwd --owner=0" "group --owner=0:0"; do
			file=/etc/${args%% *}
			run -1 --separate-stderr strace -f -qq -o /dev/null -P "$file" \
				-e inject=openat:error="$e" "$GETRANDOM" -n 32 \
				"${args#* }" -o "$D/key"
			[[ $stderr == "getrandom: cannot read '$file': "* ]] ||
				fail_with "$e, ${args#* }: $stderr"
			[ "$(grep -c '' <<<"$stderr")" -eq 1 ]
			[ -z "$(files_in "$D")" ] || fail_with "$e, ${args#* }: a file"
		done
	done
	# Failing part-way through is no better.
	run -1 --separate-stderr strace -f -qq -o /dev/null -P /etc/passwd \
		-e inject=read:error=EIO "$GETRANDOM" -n 32 --owner=root -o "$D/key"
	[ "$stderr" = "getrandom: cannot read '/etc/passwd': Input/output error" ]
}

@test "no /etc/passwd or /etc/group: names are unknown, numbers still work" {
	require_native
	require strace
	run -2 --separate-stderr strace -f -qq -o /dev/null -P /etc/passwd \
		-e inject=openat:error=ENOENT "$GETRANDOM" -n 32 --owner=root -o "$D/key"
	[ "$stderr" = "getrandom: unknown user 'root'"$'\n'"Try 'getrandom --help' for more information." ]
	run -0 strace -f -qq -o /dev/null -P /etc/passwd -P /etc/group \
		-e inject=openat:error=ENOENT "$GETRANDOM" -n 32 \
		--owner="$(id -u):$(id -g)" -o "$D/key"
	[ "$(size "$D/key")" -eq 32 ]
}

@test "--mode, --owner and --group without --output are usage errors" {
	local args
	for args in --mode=0640 --owner=root --group=root; do
		run --separate-stderr gr -n 32 "$args"
		assert_usage_error "${args%%=*} needs --output=FILE"
		run --separate-stderr gr -U "$args" -o -
		assert_usage_error "${args%%=*} needs --output=FILE"
	done
}

@test "--owner=USER:GROUP and --group cannot both set the group" {
	run --separate-stderr gr -n 32 --owner=root:root --group=root -o "$D/key"
	assert_usage_error "--owner and --group cannot both set the group"
	[ -z "$(files_in "$D")" ]
}

@test "fchown refused: status 1, a message naming FILE, and no file" {
	require_native
	require strace
	run -1 --separate-stderr strace -f -qq -o /dev/null \
		-e inject="$FCHOWN":error=EPERM "$GETRANDOM" -n 32 \
		--group "$(id -g)" -o "$D/key"
	[ "$stderr" = "getrandom: cannot set the owner and mode of '$D/key': Operation not permitted" ]
	[ -z "$(files_in "$D")" ]
}

@test "names come from /etc/passwd and /etc/group, never through NSS" {
	require_native
	require strace
	# A static glibc loading an NSS module ("passwd: files systemd")
	# crashes; nsswitch.conf is the first thing NSS reads.
	run -2 strace -f -qq -o "$BATS_TEST_TMPDIR/log" -e trace=openat,open \
		"$GETRANDOM" -n 32 --owner nosuchuser -o "$D/key"
	grep -q '"/etc/passwd"' "$BATS_TEST_TMPDIR/log"
	run ! grep -q 'nsswitch\|libnss' "$BATS_TEST_TMPDIR/log"
	run -0 strace -f -qq -o "$BATS_TEST_TMPDIR/log" -e trace=openat,open \
		"$GETRANDOM" -n 32 --owner "$(id -un):$(id -gn)" -o "$D/key"
	! grep -q 'nsswitch\|libnss' "$BATS_TEST_TMPDIR/log"
}
