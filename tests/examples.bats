#!/usr/bin/env bats
# Every example in README.md and in the EXAMPLES section of getrandom(1)
# is extracted and run, twice, so that an example can never rot.
# Call: bats tests/examples.bats (GETRANDOM=path to test another binary)
#
# Where examples are found (add yours in these forms and they are run):
#   README.md   a fenced block opened with ```sh: each run of lines between
#               blank lines is one example (its comment lines included);
#               a block opened with ```console: each line that starts with
#               "$ " is one example (the output lines below it are not
#               compared: they are random).  Blocks with any other or no
#               language (```, ```text) are not run: use them for make
#               targets and synopses; ```bash, ```shell and ```zsh are
#               refused (write ```sh), lest an example never run.
#   getrandom(1)  in EXAMPLES, each .EX ... .EE block is one example; the
#               paragraph before it is its description.  A .EX block in
#               another section is refused.
#
# How each is run: in a fresh scratch directory, with `getrandom` on PATH
# being the binary under test.  Absolute paths under /etc, /var, /tmp,
# /run, /srv, /opt, /home and /root are rewritten into the scratch
# directory's root/ (so /etc/wireguard/psk becomes root/etc/wireguard/psk),
# and their parent directories are made first, as the system they are
# written for would have them; nothing else is changed, and nothing is
# written outside the scratch directory.
#
# What is checked:
#   - the first run exits 0 and writes nothing to standard error;
#   - each getrandom --output FILE and > FILE of it leaves FILE holding
#     --bytes N (default 32) bytes in the example's format (raw, --hex,
#     --base64), and an --output FILE has mode 0600, or the one --mode
#     asks for; N is counted by GNU head -c, whose suffixes --bytes takes;
#   - a FILE whose reader wants a format gets it: WireGuard's pre-shared
#     key (a path with "wireguard") is 32 bytes in base64;
#   - the second run, in the same directory (a script run again, the next
#     boot), succeeds the same way; only an example that writes a key with
#     --output and no --force may instead be refused with "File exists",
#     leaving the first key as it was, and not one that says it runs at
#     boot (its text or description has "boot"): that one must succeed.
load helpers

TOP=$BATS_TEST_DIRNAME/..

setup() {
	common_setup
	[ -f "$TOP/README.md" ] || skip "no README.md next to the tests"
	[ -f "$TOP/man/getrandom.1" ] || skip "no man/ directory next to the tests"
	head --version 2>/dev/null | grep -q 'GNU coreutils' ||
		skip "GNU head -c counts the --bytes of the examples"
	EXAMPLES=$BATS_TEST_TMPDIR/examples
	mkdir -p "$EXAMPLES"
}

# readme_examples FILE: writes README's examples as $EXAMPLES/readme-N.sh.
readme_examples() {
	awk -v dir="$EXAMPLES" '
	function flush() { if (buf != "") { n++; printf "%s", buf > (dir "/readme-" n ".sh"); close(dir "/readme-" n ".sh") } buf = "" }
	/^```/ { if (inside) { flush(); inside = 0 } else { inside = 1; lang = substr($0, 4) } next }
	inside && lang == "sh" { if ($0 ~ /^[[:space:]]*$/) flush(); else buf = buf $0 "\n"; next }
	inside && lang == "console" && /^\$ / { buf = substr($0, 3) "\n"; flush() }
	' "$1"
}

# man_examples PAGE: writes the EXAMPLES of PAGE as $EXAMPLES/man-N.sh, and
# the paragraph before each as man-N.about.
man_examples() {
	sed -n '/^\.SH EXAMPLES/,/^\.SH [^E]/p' "$1" |
		sed -e 's/\\-/-/g; s/\\(aq/'"'"'/g; s/\\e/\\/g; s/\\&//g' |
		awk -v dir="$EXAMPLES" '
		/^\.EX/ { n++; inside = 1; printf "%s", about > (dir "/man-" n ".about"); close(dir "/man-" n ".about"); about = ""; next }
		/^\.EE/ { inside = 0; close(dir "/man-" n ".sh"); next }
		inside { print > (dir "/man-" n ".sh"); next }
		/^\.PP/ && about ~ /:\n$/ { next }
		/^\.(PP|RS|RE)/ { next }
		/^[^.]/ { about = about $0 "\n" }
		'
}

# rewrite EXAMPLE ROOT: prints EXAMPLE with its system paths under ROOT.
rewrite() {
	sed -E "s#(^|[[:space:]=>])/(etc|var|tmp|run|srv|opt|home|root)/#\\1$2/\\2/#g" "$1"
}

# expected_size N FORMAT COUNT END PAD: the size of COUNT outputs of N
# bytes each in FORMAT, each followed by END newlines (1 or 0), padded
# with '=' if PAD is 1.
expected_size() {
	local n text
	n=$(head -c "$1" /dev/zero | wc -c)
	case $2 in
	hex | base16) text=$((n * 2)) ;;
	base64 | base64url)
		text=$(((4 * n + 2) / 3))
		[ "$5" = 0 ] || text=$(((n + 2) / 3 * 4))
		;;
	base32)
		text=$(((8 * n + 4) / 5))
		[ "$5" = 0 ] || text=$(((n + 4) / 5 * 8))
		;;
	*)
		echo "$n"
		return
		;;
	esac
	echo $(((text + $4) * $3))
}

# check_outputs SCRIPT DIR: every file a getrandom command of SCRIPT writes
# holds what it asked for.  Prints a complaint for each one that does not.
check_outputs() {
	local line words i file bytes format mode asked count end pad
	while IFS= read -r line; do
		[[ $line == *getrandom\ * ]] || continue
		read -ra words <<<"${line#*getrandom }"
		file='' bytes=32 format=raw mode='' asked=600 count=1 end=1 pad=1
		for ((i = 0; i < ${#words[@]}; i++)); do
			case ${words[i]} in
			--bytes | -n) bytes=${words[i + 1]} ;;
			--bytes=*) bytes=${words[i]#*=} ;;
			--hex | -x) format=hex ;;
			--base64 | -b) format=base64 ;;
			--base16 | --base32 | --base64url) format=${words[i]#--} ;;
			--no-padding) pad=0 ;;
			--no-newline) end=0 ;;
			--count | -C) count=${words[i + 1]} ;;
			--count=*) count=${words[i]#*=} ;;
			--output | -o) file=${words[i + 1]} mode=output ;;
			--output=*) file=${words[i]#*=} mode=output ;;
			--mode | -m) asked=${words[i + 1]} ;;
			--mode=*) asked=${words[i]#*=} ;;
			'>') file=${words[i + 1]} ;;
			esac
		done
		if [ -z "$file" ] || [ "$file" = - ] || [ "$bytes" = 0 ]; then
			continue
		fi
		# An --output FILE has mode 0600, or the --mode asked for.
		[ "$mode" != output ] || mode=$((8#$asked)) mode=$(printf '%o' "$mode")
		[[ $file == /* ]] || file=$2/$file
		if [ ! -f "$file" ]; then
			echo "no file $file"
			continue
		fi
		[ "$(size "$file")" -eq "$(expected_size "$bytes" "$format" "$count" "$end" "$pad")" ] ||
			echo "$file: $(size "$file") bytes, not $count times $bytes as $format"
		[ -z "$mode" ] || [ "$(stat -c %a "$file")" = "$mode" ] ||
			echo "$file: mode $(stat -c %a "$file")"
		case $format in
		hex) grep -Eqx '[0-9a-f]*' "$file" || echo "$file: not hex" ;;
		base16) grep -Eqx '[0-9A-F]*' "$file" || echo "$file: not base16" ;;
		base32) grep -Eqx '[A-Z2-7]*=*' "$file" || echo "$file: not base32" ;;
		base64url) grep -Eqx '[A-Za-z0-9_-]*=*' "$file" || echo "$file: not base64url" ;;
		base64) base64 -d "$file" >/dev/null 2>&1 || echo "$file: not base64" ;;
		esac
		if [[ $file == *wireguard* ]]; then
			[ "$format" = base64 ] && [ "$(base64 -d "$file" | wc -c)" -eq 32 ] ||
				echo "$file: WireGuard wants 32 bytes in base64"
		fi
	done <"$1"
}

# run_example NAME: runs $EXAMPLES/NAME.sh twice; prints what went wrong.
run_example() {
	local name=$1 dir=$BATS_TEST_TMPDIR/run-$1 script status first again
	mkdir -p "$dir/bin" "$dir/root"
	ln -s "$GETRANDOM" "$dir/bin/getrandom"
	script=$dir/example.sh
	rewrite "$EXAMPLES/$name.sh" "$dir/root" >"$script"
	grep -oE "$dir/root/[^[:space:]\"')]+" "$script" | while read -r path; do
		mkdir -p "$(dirname "$path")"
	done
	(cd "$dir" && PATH=$dir/bin:$PATH bash "$script" >"$dir/stdout" 2>"$dir/stderr")
	status=$?
	if [ "$status" -ne 0 ] || [ -s "$dir/stderr" ]; then
		echo "$name: status $status: $(cat "$dir/stderr")"
		return
	fi
	check_outputs "$script" "$dir" | sed "s|^|$name: |"
	first=$(cd "$dir" && find root -type f -exec cksum {} + | sort)
	(cd "$dir" && PATH=$dir/bin:$PATH bash "$script" >"$dir/stdout" 2>"$dir/stderr")
	status=$?
	if [ "$status" -eq 0 ] && [ ! -s "$dir/stderr" ]; then
		return
	fi
	again="status $status: $(cat "$dir/stderr")"
	if grep -q -- '--output' "$script" && ! grep -q -- '--force' "$script" &&
		! cat "$EXAMPLES/$name.sh" "$EXAMPLES/$name.about" 2>/dev/null | grep -qi boot &&
		[ "$status" -eq 1 ] && grep -q 'File exists (use --force to replace it)' "$dir/stderr"; then
		[ "$(cd "$dir" && find root -type f -exec cksum {} + | sort)" = "$first" ] ||
			echo "$name: the refused second run changed a file"
		return
	fi
	echo "$name: second run: $again"
}

@test "README.md and getrandom(1) have examples to run" {
	readme_examples "$TOP/README.md"
	man_examples "$TOP/man/getrandom.1"
	[ "$(find "$EXAMPLES" -name 'readme-*.sh' | wc -l)" -ge 5 ]
	[ "$(find "$EXAMPLES" -name 'man-*.sh' | wc -l)" -ge 5 ]
	# None is left out: every .EX block of the page is in EXAMPLES, and
	# no README block is in a shell's language that is not run.
	[ "$(find "$EXAMPLES" -name 'man-*.sh' | wc -l)" -eq \
		"$(grep -c '^\.EX' "$TOP/man/getrandom.1")" ] ||
		fail_with "getrandom(1) has a .EX block outside EXAMPLES"
	run ! grep -nE '^```[[:space:]]*(bash|shell|zsh|console-?session|shell-?session)' "$TOP/README.md"
	# Build commands are not examples: they are in a block that is not run.
	run ! grep -l '^make ' "$EXAMPLES"/*.sh
}

# gives_away EXAMPLE: the example hands a file to another owner or group
# (--owner, --group), which only root may do.
gives_away() {
	grep -Eq -- '--(owner|group)' "$EXAMPLES/$1.sh"
}

# run_examples PREFIX WHICH: runs every $EXAMPLES/PREFIX-N.sh that gives
# nothing away (WHICH=own) or that does (WHICH=others); fails with the
# problems of all of them.
run_examples() {
	local example problems='' ran=0
	for example in "$EXAMPLES/$1"-*.sh; do
		example=${example##*/}
		example=${example%.sh}
		if gives_away "$example"; then
			[ "$2" = others ] || continue
		else
			[ "$2" = own ] || continue
		fi
		ran=$((ran + 1))
		problems+="$(run_example "$example")"$'\n'
	done
	[ "$ran" -gt 0 ] || fail_with "no $1 example of this kind"
	[ -z "${problems//$'\n'/}" ] || fail_with "$problems"
}

# needs_root: skips a test that gives files away unless run as root.
needs_root() {
	[ "$(id -u)" -eq 0 ] || skip "giving a file to another owner or group needs root"
}

@test "every example of README.md runs, twice, and does what it says" {
	readme_examples "$TOP/README.md"
	run_examples readme own
}

@test "README.md's examples that give a key to a group run, twice" {
	needs_root
	readme_examples "$TOP/README.md"
	run_examples readme others
}

@test "every example of getrandom(1) runs, twice, and does what it says" {
	man_examples "$TOP/man/getrandom.1"
	run_examples man own
}

@test "getrandom(1)'s examples that give a key to a group run, twice" {
	needs_root
	man_examples "$TOP/man/getrandom.1"
	run_examples man others
}
