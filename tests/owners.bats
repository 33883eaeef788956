#!/usr/bin/env bats
# --owner, --group and --mode as getrandom reads them: names looked up in
# /etc/passwd and /etc/group (never through NSS), numbers taken as chown
# takes them, octal modes as chmod takes them, and every bad value a usage
# error that creates nothing; a refused fchown is reported, and leaves
# nothing.  What the kernel does with the ids and the mode (its rules for
# fchown and fchmod, their order before the link) is keyfile.bats'.
# Call: bats tests/owners.bats (GETRANDOM=path to test another binary)
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
# daemon, nobody and nogroup.
need_accounts() {
	grep -q '^daemon:' /etc/passwd && grep -q '^nobody:' /etc/passwd &&
		grep -q '^daemon:' /etc/group && grep -q '^nogroup:' /etc/group ||
		skip "no daemon, nobody and nogroup accounts here"
}

# owner_mode FILE: prints "MODE USER GROUP" of FILE, as stat reads them.
owner_mode() {
	stat -c '%a %U %G' "$1"
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
	run ! grep -q 'nsswitch\|libnss' "$BATS_TEST_TMPDIR/log"
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

@test "a passwd or group file that cannot be read to its end (a seek error, a FIFO) is not an unknown name" {
	require_native
	require strace
	local file args
	# fgetpwent() seeks back to read a long line again: on a FIFO its
	# lseek fails, and it stops as it does at the end of the file.
	for args in "passwd --owner=root" "group --group=root"; do
		file=/etc/${args%% *}
		run -1 --separate-stderr strace -f -qq -o /dev/null -P "$file" \
			-e inject=lseek:error=ESPIPE "$GETRANDOM" -n 32 \
			"${args#* }" -o "$D/key"
		[ "$stderr" = "getrandom: cannot read '$file': Illegal seek" ] ||
			fail_with "${args#* }: status $status: $stderr"
		[ -z "$(files_in "$D")" ]
	done
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

@test "--owner USER: and :GROUP set the group: --group cannot set it too" {
	local args
	for args in "--owner=root:" "--owner=:root"; do
		run --separate-stderr gr -n 32 "$args" --group=root -o "$D/key"
		assert_usage_error "--owner and --group cannot both set the group"
	done
	[ -z "$(files_in "$D")" ]
}

@test "--owner=USER:GROUP and --group cannot both set the group" {
	run --separate-stderr gr -n 32 --owner=root:root --group=root -o "$D/key"
	assert_usage_error "--owner and --group cannot both set the group"
	[ -z "$(files_in "$D")" ]
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

@test "fchown refused: status 1, a message naming FILE, and no file" {
	require_native
	require strace
	run -1 --separate-stderr strace -f -qq -o /dev/null \
		-e inject="$FCHOWN":error=EPERM "$GETRANDOM" -n 32 \
		--group "$(id -g)" -o "$D/key"
	[ "$stderr" = "getrandom: cannot set the group of '$D/key': Operation not permitted" ]
	[ -z "$(files_in "$D")" ]
}

@test "--owner alone refused: the message names the owner, not the mode, and says it takes root" {
	require_native
	require strace
	run -1 --separate-stderr strace -f -qq -o /dev/null \
		-e inject="$FCHOWN":error=EPERM "$GETRANDOM" -n 32 \
		--owner "$(id -u)" -o "$D/key"
	[ "$stderr" = "getrandom: cannot set the owner of '$D/key': Operation not permitted (giving a file to another user takes root)" ]
	[ -z "$(files_in "$D")" ]
}
