#!/usr/bin/env bats
# --output=FILE: mode 0600, never replaces without --force, and FILE holds
# all N bytes or does not exist, with no temporary file left behind.
# (Faults injected into write/fsync/rename, the named-temporary fallback
# without O_TMPFILE, and signals are covered by robust*.bats.)
# Call: bats tests/output-file.bats (GETRANDOM=path to test another binary)
load helpers

setup() {
	common_setup
	DIR=$BATS_TEST_TMPDIR/dir
	mkdir "$DIR"
	MOUNTED=
	APPEND_ONLY=
}

teardown() {
	if [ -n "$MOUNTED" ]; then
		umount "$MOUNTED"
	fi
	# bats could not remove the test's directory otherwise.
	if [ -n "$APPEND_ONLY" ]; then
		chattr -a "$APPEND_ONLY"
	fi
}

# small_fs: mounts a 64 KiB tmpfs on $DIR, or skips where that is not allowed.
small_fs() {
	mount -t tmpfs -o size=64k,mode=0755 getrandom-test "$DIR" 2>/dev/null ||
		skip "cannot mount a small tmpfs (needs root)"
	MOUNTED=$DIR
}

# mode_of FILE: prints FILE's permission bits in octal.
mode_of() {
	stat -c %a "$1"
}

@test "--output writes exactly N bytes to FILE and nothing to stdout" {
	run -0 --separate-stderr gr --bytes 100 --output "$DIR/key"
	[ -z "$stderr" ]
	[ "$(size "$OUT")" -eq 0 ]
	[ "$(size "$DIR/key")" -eq 100 ]
}

@test "--output leaves nothing in the directory but FILE" {
	run -0 gr --bytes 100 --output "$DIR/key"
	[ "$(files_in "$DIR")" = key ]
}

@test "-o FILE with --hex writes one line to FILE" {
	run -0 gr --bytes 16 --hex -o "$DIR/token"
	[ "$(size "$DIR/token")" -eq 33 ]
	[[ $(cat "$DIR/token") =~ ^[0-9a-f]{32}$ ]]
}

@test "--output of a large count with threads writes every byte" {
	run -0 gr --bytes 3M --threads=4 --output "$DIR/big"
	[ "$(size "$DIR/big")" -eq $((3 * 1024 * 1024)) ]
	[ "$(files_in "$DIR")" = big ]
}

@test "--output creates FILE with mode 0600 even under umask 000" {
	run -0 bash -c 'umask 000; "$GETRANDOM" --output "$1"' _ "$DIR/key"
	[ "$(mode_of "$DIR/key")" = 600 ]
}

@test "--output with a bare file name writes in the current directory" {
	run -0 bash -c 'cd "$1" && "$GETRANDOM" --bytes 8 --output key' _ "$DIR"
	[ "$(size "$DIR/key")" -eq 8 ]
	[ "$(files_in "$DIR")" = key ]
}

@test "--output refuses an existing FILE with status 1 and leaves it untouched" {
	echo "precious" >"$DIR/key"
	chmod 644 "$DIR/key"
	run -1 --separate-stderr gr --bytes 16 --output "$DIR/key"
	[[ $stderr == "getrandom: '$DIR/key': "* ]]
	[[ $stderr == *"--force"* ]]
	[ "$(size "$OUT")" -eq 0 ]
	[ "$(cat "$DIR/key")" = precious ]
	[ "$(mode_of "$DIR/key")" = 644 ]
	[ "$(files_in "$DIR")" = key ]
}

@test "--output refuses an existing empty FILE" {
	: >"$DIR/key"
	run -1 gr --bytes 16 --output "$DIR/key"
	[ "$(size "$DIR/key")" -eq 0 ]
}

@test "--output refuses a dangling symlink and creates nothing through it" {
	ln -s "$DIR/target" "$DIR/key"
	run -1 gr --bytes 16 --output "$DIR/key"
	[ ! -e "$DIR/target" ]
	[ "$(files_in "$DIR")" = key ]
}

@test "--force replaces an existing FILE with N new bytes, mode 0600" {
	echo "old key" >"$DIR/key"
	chmod 644 "$DIR/key"
	run -0 --separate-stderr gr --bytes 64 --force --output "$DIR/key"
	[ -z "$stderr" ]
	[ "$(size "$DIR/key")" -eq 64 ]
	[ "$(mode_of "$DIR/key")" = 600 ]
	[ "$(files_in "$DIR")" = key ]
}

@test "-f replaces a symlink itself, not the file it points to" {
	echo "elsewhere" >"$BATS_TEST_TMPDIR/target"
	ln -s "$BATS_TEST_TMPDIR/target" "$DIR/key"
	run -0 gr --bytes 64 -f --output "$DIR/key"
	[ ! -L "$DIR/key" ]
	[ "$(size "$DIR/key")" -eq 64 ]
	[ "$(cat "$BATS_TEST_TMPDIR/target")" = elsewhere ]
}

@test "--force does not replace a directory and leaves nothing behind" {
	mkdir "$DIR/key"
	run -1 --separate-stderr gr --bytes 16 --force --output "$DIR/key"
	[[ $stderr == "getrandom: "*"$DIR/key"* ]]
	[ -d "$DIR/key" ]
	[ "$(files_in "$DIR")" = key ]
	[ -z "$(files_in "$DIR/key")" ]
}

@test "--force does not replace a FIFO or device with a regular file" {
	mkfifo "$DIR/key"
	run -1 --separate-stderr gr --bytes 16 --force --output "$DIR/key"
	[ "$stderr" = "getrandom: not a regular file: '$DIR/key'" ]
	[ -p "$DIR/key" ]
	[ "$(files_in "$DIR")" = key ]
}

@test "-o - writes to stdout" {
	run -0 bash -c 'cd "$1" && "$GETRANDOM" --bytes 16 -o - | wc -c' _ "$DIR"
	[ "${output// /}" = 16 ]
	[ -z "$(files_in "$DIR")" ]
}

@test "--output in a missing directory fails with status 1, naming it" {
	run -1 --separate-stderr gr --output "$DIR/missing/key"
	[[ $stderr == "getrandom: "*"$DIR/missing"*"No such file or directory"* ]]
	[ -z "$(files_in "$DIR")" ]
}

@test "a write that fills the disk leaves no FILE and no temporary file" {
	small_fs
	run -1 --separate-stderr gr --bytes 1M --output "$DIR/key"
	[[ $stderr == "getrandom: "*"$DIR/key"*"No space left on device"* ]]
	[ -z "$(files_in "$DIR")" ]
}

@test "a --force write that fills the disk leaves the old FILE intact" {
	small_fs
	echo "old key" >"$DIR/key"
	run -1 gr --bytes 1M --force --output "$DIR/key"
	[ "$(cat "$DIR/key")" = "old key" ]
	[ "$(files_in "$DIR")" = key ]
}

@test "a disk that is just big enough gets the whole FILE" {
	small_fs
	run -0 gr --bytes 32K --output "$DIR/key"
	[ "$(size "$DIR/key")" -eq 32768 ]
	[ "$(files_in "$DIR")" = key ]
}

@test "--force never replaces a symlink to a device, a directory or nothing" {
	ln -s /dev/null "$DIR/null"
	mkdir "$DIR/sub"
	ln -s sub "$DIR/dir-link"
	ln -s missing "$DIR/dangling"
	local name
	for name in null dir-link dangling; do
		run -1 --separate-stderr gr --bytes 16 --force --output "$DIR/$name"
		[ "$stderr" = "getrandom: not a regular file: '$DIR/$name'" ] ||
			fail_with "$name: $stderr"
		[ -L "$DIR/$name" ] || fail_with "$name was replaced"
	done
	[ "$(files_in "$DIR" | tr '\n' ' ')" = "dangling dir-link null sub " ]
}

@test "--force never replaces a link into /proc, such as /dev/stdout" {
	ln -s /proc/self/fd/1 "$DIR/stdout"
	# Standard output is a regular file here: the link must survive anyway.
	run -1 --separate-stderr gr --bytes 16 --force --output "$DIR/stdout"
	[ "$stderr" = "getrandom: not a regular file: '$DIR/stdout'" ]
	[ -L "$DIR/stdout" ]
	[ "$(size "$OUT")" -eq 0 ]
}

@test "--output /dev/stdout says what FILE is, and does not suggest --force" {
	run -1 --separate-stderr gr --bytes 16 --output /dev/stdout
	[ "$stderr" = "getrandom: not a regular file: '/dev/stdout'" ]
	run -1 --separate-stderr gr --bytes 16 --output /dev/null
	[ "$stderr" = "getrandom: not a regular file: '/dev/null'" ]
	# Standard output is a regular file here, and /dev/fd/1 leads to it.
	run -1 --separate-stderr gr --bytes 16 --output /dev/fd/1
	[ "$stderr" = "getrandom: not a regular file: '/dev/fd/1'" ]
	[ "$(size "$OUT")" -eq 0 ]
}

# to_root DIR: the relative path from DIR up to /, as ../../.. .
to_root() {
	realpath --relative-to="$1" /
}

@test "--force never replaces a path that leads through /proc, by any link or spelling" {
	ln -s /dev/stdout "$DIR/dev-stdout"
	ln -s "$(to_root "$DIR")/proc/self/fd/1" "$DIR/relative"
	ln -s //proc/self/fd/1 "$DIR/double-slash"
	ln -s dev-stdout "$DIR/chain"
	local path
	# Standard output is a regular file here: only the way there tells.
	for path in "$DIR/dev-stdout" "$DIR/relative" "$DIR/double-slash" \
		"$DIR/chain" /dev/fd/1 //proc/self/fd/1 /proc/self/fd/1; do
		run -1 --separate-stderr gr --bytes 16 --force --output "$path"
		[ "$stderr" = "getrandom: not a regular file: '$path'" ] ||
			fail_with "$path: $stderr"
		[ "$(size "$OUT")" -eq 0 ] || fail_with "$path: wrote to stdout"
	done
	[ "$(files_in "$DIR" | tr '\n' ' ')" = "chain dev-stdout double-slash relative " ]
	[ "$(readlink "$DIR/relative")" = "$(to_root "$DIR")/proc/self/fd/1" ]
}

@test "--force follows a chain of links to a regular file and replaces the first link" {
	echo old >"$DIR/target"
	ln -s target "$DIR/middle"
	ln -s "$DIR/middle" "$DIR/key"
	run -0 gr --bytes 16 --force --output "$DIR/key"
	[ ! -L "$DIR/key" ]
	[ "$(size "$DIR/key")" -eq 16 ]
	[ "$(cat "$DIR/target")" = old ]
	[ -L "$DIR/middle" ]
}

@test "--force never replaces a loop of links" {
	ln -s b "$DIR/a"
	ln -s a "$DIR/b"
	run -1 --separate-stderr gr --bytes 16 --force --output "$DIR/a"
	[ "$stderr" = "getrandom: not a regular file: '$DIR/a'" ]
	[ -L "$DIR/a" ]
}

@test "--force replaces a symlink to a regular file (the link, not its target)" {
	echo old >"$DIR/target"
	ln -s target "$DIR/key"
	run -0 gr --bytes 16 --force --output "$DIR/key"
	[ ! -L "$DIR/key" ]
	[ "$(size "$DIR/key")" -eq 16 ]
	[ "$(cat "$DIR/target")" = old ]
}

@test "-o ./- writes a file called -, -o - is standard output" {
	run -0 bash -c 'cd "$1" && "$GETRANDOM" --bytes 16 -o ./-' _ "$DIR"
	[ "$(size "$DIR/-")" -eq 16 ]
	run -0 bash -c 'cd "$1" && "$GETRANDOM" --bytes 16 --hex -o -' _ "$DIR"
	[[ $output =~ ^[0-9a-f]{32}$ ]]
	[ "$(files_in "$DIR")" = - ]
}

@test "--force replaces, and --output creates, names of 248 to 255 bytes" {
	local n name
	for n in 248 250 255; do
		string_of name k "$n"
		run -0 --separate-stderr gr --bytes 16 --output "$DIR/$name"
		[ "$(size "$DIR/$name")" -eq 16 ] || fail_with "$n: $stderr"
		run -0 --separate-stderr gr --bytes 32 --force --output "$DIR/$name"
		[ "$(size "$DIR/$name")" -eq 32 ] || fail_with "$n --force: $stderr"
	done
	[ "$(files_in "$DIR" | wc -l)" -eq 3 ]
}

# without_proc COMMAND...: runs COMMAND in a mount namespace of its own
# with an empty tmpfs on /proc (a chroot without /proc, as a container
# may be), or skips where this user may not make one.
without_proc() {
	local ns=(-m)
	[ "$(id -u)" -eq 0 ] || ns=(-r -m)
	unshare "${ns[@]}" true 2>/dev/null ||
		skip "this user may not make a mount namespace (unshare ${ns[*]})"
	unshare "${ns[@]}" sh -c 'mount -t tmpfs none /proc && exec "$@"' sh "$@"
}

@test "no /proc and no linking by descriptor (Linux 6.1, a user): the named temporary is used" {
	require_native
	require strace
	needs_plain_build "AddressSanitizer's runtime needs /proc"
	# Linux 6.1 refuses linkat's AT_EMPTY_PATH (ENOENT) to a user without
	# CAP_DAC_READ_SEARCH; the first linkat fails so here too, and
	# with no /proc the unnamed file could never be given its name.
	local inject=(strace -f -qq -o "$BATS_TEST_TMPDIR/trace"
		-e inject=linkat:error=ENOENT:when=1 "$GETRANDOM")
	run -0 --separate-stderr without_proc "${inject[@]}" --bytes 40 --output "$DIR/key"
	[ -z "$stderr" ]
	[ "$(size "$DIR/key")" -eq 40 ]
	echo old >"$DIR/old"
	run -0 --separate-stderr without_proc "${inject[@]}" --bytes 24 --force --output "$DIR/old"
	[ -z "$stderr" ]
	[ "$(size "$DIR/old")" -eq 24 ]
	[ "$(files_in "$DIR" | tr '\n' ' ')" = "key old " ]
}

@test "a name that cannot be created is refused before a byte is drawn, saying why" {
	require_native
	require strace
	echo old >"$DIR/file"
	local long force path why
	string_of long k 256
	for force in "" --force; do
		for path in "$DIR/new/" "$DIR/file/" "$DIR/file/key" "$DIR/$long"; do
			case $path in
			*/new/) why="a name that ends in '/' is a directory's; give the key file's name, such as '${path}key'" ;;
			*/file*) why="Not a directory" ;;
			*) why="File name too long" ;;
			esac
			run -1 --separate-stderr traced "$BATS_TEST_TMPDIR/log" \
				--bytes 16 $force --output "$path"
			[ "$stderr" = "getrandom: cannot create '$path': $why" ] ||
				fail_with "$force $path: $stderr"
			run ! grep -q getrandom "$BATS_TEST_TMPDIR/log"
		done
	done
	[ "$(files_in "$DIR")" = file ]
	[ "$(cat "$DIR/file")" = old ]
}

@test "--force in an append-only directory is refused before anything is made" {
	require chattr
	echo old >"$DIR/key"
	chattr +a "$DIR" 2>/dev/null ||
		skip "cannot make a directory append-only here (needs root and ext4, tmpfs...)"
	APPEND_ONLY=$DIR
	local name
	# Its rename could not remove the temporary name, nor replace FILE.
	for name in key new; do
		run -1 --separate-stderr gr --bytes 16 --force --output "$DIR/$name"
		[ "$stderr" = "getrandom: --force cannot write '$DIR/$name': its directory '$DIR' is append-only" ]
	done
	[ "$(files_in "$DIR")" = key ]
	[ "$(cat "$DIR/key")" = old ]
	# Without --force a new FILE is only a link: that works.
	run -0 gr --bytes 16 --output "$DIR/new"
	[ "$(size "$DIR/new")" -eq 16 ]
}

@test "--force: the temporary name that cannot be removed is not tried again, nothing left" {
	require_native
	require strace
	echo old >"$DIR/key"
	# The first unlink(2) is the one that frees the temporary name it took.
	run -1 --separate-stderr inject unlinkat:error=EPERM:when=1 -- --bytes 16 --force --output "$DIR/key"
	[ "$stderr" = "getrandom: cannot replace '$DIR/key': Operation not permitted" ]
	[ "$(files_in "$DIR")" = key ]
	[ "$(cat "$DIR/key")" = old ]
}

@test "a FILE whose path is PATH_MAX - 1 bytes long is created and replaced, through either temporary" {
	require_native
	build_tools
	need_tools
	local max dir file hundred name
	max=$(getconf PATH_MAX /)
	string_of hundred d 100
	# Directories up to 60 to 160 bytes short of PATH_MAX, then a name
	# that fills the path: the temporary's dots and XXXXXX fit only
	# where the name is cut.
	dir=$DIR
	while [ $((${#dir} + 101)) -lt $((max - 60)) ]; do
		dir=$dir/$hundred
	done
	mkdir -p "$dir"
	string_of name k $((max - 2 - ${#dir}))
	file=$dir/$name
	[ ${#file} -eq $((max - 1)) ]
	run -0 --separate-stderr gr --bytes 16 --output "$file"
	[ -z "$stderr" ]
	run -0 --separate-stderr gr --bytes 24 --force --output "$file"
	[ -z "$stderr" ]
	[ "$(size "$file")" -eq 24 ]
	rm "$file"
	run -0 --separate-stderr shim FAULT_NO_TMPFILE=1 -- --bytes 8 --output "$file"
	[ -z "$stderr" ]
	run -0 --separate-stderr shim FAULT_NO_TMPFILE=1 -- --bytes 32 --force --output "$file"
	[ -z "$stderr" ]
	[ "$(size "$file")" -eq 32 ]
	[ "$(files_in "$dir" | wc -l)" -eq 1 ]
}

# without_stderr COMMAND...: runs COMMAND with standard error closed, and
# without_stdin with standard input closed (run would give it both).
without_stderr() {
	"$@" 2>&-
}

without_stdin() {
	"$@" 0<&-
}

@test "with standard error closed, a warning once FILE is in place does not land in FILE" {
	require_native
	require strace
	build_tools
	need_tools
	# FILE takes descriptor 2; the named temporary's removal then fails.
	run -0 without_stderr inject FAULT_NO_TMPFILE=1 unlinkat:error=EIO -- \
		--bytes 16 --output "$DIR/key"
	[ "$(size "$DIR/key")" -eq 16 ]
	grep -q 'O_EXCL|O_CLOEXEC, 0600) = 2$' "$BATS_TEST_TMPDIR/trace"
}

@test "with standard input closed, --shuffle --output does not read its own file" {
	require_native
	build_tools
	need_tools
	local way
	# The named temporary is opened for reading too: as descriptor 0 it
	# was read as the (empty) input, and the run succeeded.
	for way in FAULT_NONE=1 FAULT_NO_TMPFILE=1; do
		run -1 --separate-stderr without_stdin shim "$way" -- --shuffle --output "$DIR/key"
		[ "$stderr" = "getrandom: read error on standard input: Bad file descriptor" ] ||
			fail_with "$way: $stderr"
		[ -z "$(files_in "$DIR")" ] || fail_with "$way: $(files_in "$DIR")"
	done
}

@test "FILE is never given descriptor 0, 1 or 2: with none free above them, status 1" {
	require_native
	needs_plain_build
	# Standard input closed and room for one descriptor: the file's.
	run -1 --separate-stderr bash -c 'cd "$1" && exec 0<&- && ulimit -n 1 &&
		exec "$GETRANDOM" --bytes 16 --output key' _ "$DIR"
	[ "$stderr" = "getrandom: cannot create a file in '.': Too many open files" ]
	[ -z "$(files_in "$DIR")" ]
}

@test "--force puts a new file in place: the old mode and other hard links are not kept" {
	echo old >"$DIR/key"
	chmod 644 "$DIR/key"
	ln "$DIR/key" "$DIR/other"
	run -0 gr --bytes 16 --force --output "$DIR/key"
	[ "$(size "$DIR/key")" -eq 16 ]
	[ "$(mode_of "$DIR/key")" = 600 ]
	[ "$(cat "$DIR/other")" = old ]
	[ "$(mode_of "$DIR/other")" = 644 ]
}

# --- FILE's directory renamed or replaced while the bytes are drawn ---

# holds_file_in PID DIR: process PID has a file in DIR open (the unnamed
# O_TMPFILE, or the named temporary): FILE's directory has been looked up.
holds_file_in() {
	local fd
	for fd in /proc/"$1"/fd/*; do
		[[ $(readlink "$fd") == "$2"/* ]] && return 0
	done
	return 1
}

# swapped_mid_run HOW [VAR=VALUE...]: --shuffle --force --output dir/key
# with its input from a FIFO, so that the run waits, its key file already
# open in dir, for as long as the test likes: then dir is renamed to
# dir.moved and HOW (mkdir, or symlink to $BATS_TEST_TMPDIR/other, which
# holds a file "key") puts something else at its path, and the input comes.
swapped_mid_run() {
	local how=$1 pid fifo=$BATS_TEST_TMPDIR/fifo
	shift
	mkfifo "$fifo"
	mkdir "$BATS_TEST_TMPDIR/other"
	echo other >"$BATS_TEST_TMPDIR/other/key"
	echo old >"$DIR/key"
	env "$@" "$GETRANDOM" --shuffle --force --output "$DIR/key" <"$fifo" &
	pid=$!
	exec 5>"$fifo"
	until_true holds_file_in "$pid" "$DIR"
	mv "$DIR" "$DIR.moved"
	case $how in
	mkdir) mkdir "$DIR" ;;
	symlink) ln -s "$BATS_TEST_TMPDIR/other" "$DIR" ;;
	esac
	printf '%s\n' a b c >&5
	exec 5>&-
	wait "$pid"
}

# until_true COMMAND...: retries COMMAND until it succeeds (a state that
# never comes is caught by the per-test limit, BATS_TEST_TIMEOUT).
until_true() {
	until "$@"; do
		sleep 0.1
	done
}

@test "FILE's directory renamed while the bytes are drawn: the key stays in it, nothing lands at the old path" {
	require_native
	build_tools
	need_tools
	local way
	for way in FAULT_NONE=1 "FAULT_NO_TMPFILE=1 LD_PRELOAD=$BATS_FILE_TMPDIR/faults.so"; do
		rm -rf "$DIR" "$DIR.moved" "$BATS_TEST_TMPDIR/other" "$BATS_TEST_TMPDIR/fifo"
		mkdir "$DIR"
		# shellcheck disable=SC2086 # the words of $way, one setting each
		swapped_mid_run mkdir $way || fail_with "$way: status $?"
		[ "$(sort "$DIR.moved/key" | paste -s -d ' ')" = "a b c" ] || fail_with "$way: $(cat "$DIR.moved/key")"
		[ "$(files_in "$DIR.moved")" = key ] || fail_with "$way: $(files_in "$DIR.moved")"
		[ -z "$(files_in "$DIR")" ] || fail_with "$way: at the old path: $(files_in "$DIR")"
	done
}

@test "FILE's directory replaced by a symlink while the bytes are drawn: --force replaces nothing there" {
	require_native
	build_tools
	need_tools
	local way
	for way in FAULT_NONE=1 "FAULT_NO_TMPFILE=1 LD_PRELOAD=$BATS_FILE_TMPDIR/faults.so"; do
		rm -rf "$DIR" "$DIR.moved" "$BATS_TEST_TMPDIR/other" "$BATS_TEST_TMPDIR/fifo"
		mkdir "$DIR"
		# shellcheck disable=SC2086
		swapped_mid_run symlink $way || fail_with "$way: status $?"
		[ "$(cat "$BATS_TEST_TMPDIR/other/key")" = other ] || fail_with "$way: the file behind the link was replaced"
		[ "$(files_in "$BATS_TEST_TMPDIR/other")" = key ] || fail_with "$way: $(files_in "$BATS_TEST_TMPDIR/other")"
		[ "$(sort "$DIR.moved/key" | paste -s -d ' ')" = "a b c" ] || fail_with "$way: $(cat "$DIR.moved/key")"
		[ "$(files_in "$DIR.moved")" = key ] || fail_with "$way: $(files_in "$DIR.moved")"
	done
}
