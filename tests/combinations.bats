#!/usr/bin/env bats
# The combination rule: an option that would have no effect, or whose
# promise another option breaks, is a usage error (status 2, nothing
# written, nothing created).  Each combination the man page lists is
# refused here, and the ones it names as allowed are accepted.
# Call: bats tests/combinations.bats (GETRANDOM=path to test another binary)
load helpers

# refused WORDS ARGS...: getrandom ARGS is a usage error whose message
# contains WORDS, and it creates no file in an empty directory.
refused() {
	local words=$1
	shift
	mkdir "$BATS_TEST_TMPDIR/d"
	run --separate-stderr bash -c 'cd "$1" && shift && "$GETRANDOM" "$@" >"$OUT"' \
		_ "$BATS_TEST_TMPDIR/d" "$@"
	assert_usage_error "$words"
	[ -z "$(files_in "$BATS_TEST_TMPDIR/d")" ] || fail_with "a file was created"
	rmdir "$BATS_TEST_TMPDIR/d"
}

@test "--nonblock with --insecure is refused (--insecure breaks the promise of status 3)" {
	refused "--nonblock and --insecure" --nonblock --insecure --bytes 16
	refused "--nonblock and --insecure" -i -N
}

@test "--insecure with --timeout is refused (the timeout would never apply)" {
	refused "--insecure and --timeout" --insecure --timeout=1
}

@test "--nonblock with --timeout is refused (the timeout would never apply)" {
	refused "--nonblock and --timeout" --nonblock --timeout=5
}

@test "--check with any other option is refused, naming it" {
	local option
	for option in --force --threads=2 --random --nonblock --insecure \
		--timeout=1 --hex --base64 --bytes=4 --output=key "--output=-"; do
		refused "--check and ${option%%=*}" --check "$option"
	done
}

@test "--force without --output is refused with a text format" {
	refused "--force" --force --hex
	refused "--force" --base64 -f
	refused "--force" --force --hex --output -
}

@test "--force without --output is refused with --bytes=0" {
	refused "--force" --force --bytes=0
}

@test "--force without --output is accepted for raw bytes, terminal or not" {
	run -0 gr --force --bytes 8
	[ "$(size "$OUT")" -eq 8 ]
	run -0 gr --force --bytes 8 --output -
	[ "$(size "$OUT")" -eq 8 ]
}

@test "--threads with a small output, and --random with --nonblock or --timeout, are accepted" {
	run -0 gr --threads 4 --bytes 16
	[ "$(size "$OUT")" -eq 16 ]
	run -0 gr --random --nonblock --bytes 16
	run -0 gr --random --timeout 5 --bytes 16
	[ "$(size "$OUT")" -eq 16 ]
}

@test "the man page lists every refused combination" {
	local page=$BATS_TEST_DIRNAME/../man/getrandom.1
	[ -f "$page" ] || skip "no man/ directory next to the tests"
	local section
	section=$(sed -n '/^\.SH COMBINATIONS/,/^\.SH /p' "$page" | sed 's/\\-/-/g')
	[ -n "$section" ] || fail_with "no COMBINATIONS section"
	[[ $section == *"--check"* ]] || fail_with "COMBINATIONS lacks --check"
	[[ $section == *"--force"* ]] || fail_with "COMBINATIONS lacks --force"
	[[ $section == *"--uuid-format"* ]] || fail_with "COMBINATIONS lacks --uuid-format"
	[[ $section == *"--require"* ]] || fail_with "COMBINATIONS lacks --require"
	local pair
	for pair in "--insecure and --random" "--nonblock and --insecure" \
		"--insecure and --timeout" "--nonblock and --timeout" \
		"--ulid and --mac"; do
		[[ $section == *"${pair%% and *} \" and \" ${pair##* and }"* ]] ||
			fail_with "COMBINATIONS lacks $pair"
	done
}

@test "--uuid-format needs --uuid, even with --ulid or --uuid=7 alongside another draw" {
	refused "--uuid-format needs --uuid" --uuid-format=hex
	refused "--uuid-format needs --uuid" --ulid --uuid-format=hex
	refused "--uuid-format needs --uuid" --range 1-6 --uuid-format=urn
	run -0 gr --uuid=7 --uuid-format=urn
}

@test "--ulid excludes the other draws and the options of byte output" {
	local other
	for other in --uuid --uuid=7 --range=1-6 --password=8; do
		refused "cannot be used together" --ulid "$other"
		refused "cannot be used together" "$other" --ulid
	done
	for other in --bytes=16 --hex --base64 --no-padding --wrap=8 \
		--no-newline --zero-terminated; do
		refused "--ulid and ${other%%=*}" --ulid "$other"
	done
	refused "--charset needs --password" --ulid --charset=ab
	refused "--check and --ulid" --check --ulid
}

@test "--ulid takes --count, --output and the flags that choose how bytes are drawn" {
	local flag
	for flag in --random --insecure --nonblock --timeout=5; do
		run -0 gr --ulid -C 3 "$flag"
		[ "$(wc -l <"$OUT")" -eq 3 ]
	done
	run -0 gr --ulid -C 3 --output "$BATS_TEST_TMPDIR/ids" --mode 0644
	[ "$(wc -l <"$BATS_TEST_TMPDIR/ids")" -eq 3 ]
}

@test "--shuffle and --sample: not together, not with --count, nor with the other draws" {
	refused "--shuffle and --sample cannot be used together" --shuffle --sample 3
	refused "--count and --shuffle" --shuffle -C 3
	refused "--count and --sample" --sample 3 --range 1-6 -C 3
	local draw
	for draw in --uuid --ulid --password=8; do
		refused "${draw%%=*} and --shuffle cannot be used together" --shuffle "$draw"
		refused "${draw%%=*} and --sample cannot be used together" "$draw" --sample 2
	done
}

@test "--shuffle and --sample take -z, but none of the options of bytes" {
	local other
	for other in --bytes=16 --hex --base64 --base32 --no-padding \
		--wrap=8 --no-newline; do
		refused "--shuffle and ${other%%=*} cannot be used together" --shuffle "$other"
		refused "--sample and ${other%%=*} cannot be used together" --sample=2 "$other"
	done
	refused "--force has no effect" --shuffle --force
	refused "--charset needs --password" --shuffle --charset=ab
	run -0 bash -c 'printf "a\0b\0" | "$GETRANDOM" --shuffle -z >"$OUT"'
	[ "$(size "$OUT")" -eq 4 ]
	run -0 gr --sample 3 --range 1-9 -z
	[ "$(tr -cd '\0' <"$OUT" | wc -c)" -eq 3 ]
	run -0 gr --sample 3 --range 1-9 --output "$BATS_TEST_TMPDIR/s" --mode 0644
	[ "$(wc -l <"$BATS_TEST_TMPDIR/s")" -eq 3 ]
}

@test "--threads is refused where one thread makes the lines in order, and taken by the other draws" {
	local why="cannot be used together (those lines are made by one thread, in order)"
	refused "--ulid and --threads $why" --ulid --threads=2
	refused "--uuid=7 and --threads $why" --threads=2 --uuid=7
	refused "--shuffle and --threads $why" --shuffle --threads=2
	refused "--sample and --threads $why" --sample=2 --range 1-9 --threads=2
	local draw
	for draw in --range=1-6 --password=8 --uuid --uuid=4 --words=3 --mac; do
		run -0 gr "$draw" --threads=2 -C 2
		[ "$(wc -l <"$OUT")" -eq 2 ] || fail_with "$draw --threads=2"
	done
}

@test "--separator and --wordlist need --words; --words excludes the other draws" {
	refused "--separator needs --words" --separator=-
	refused "--wordlist needs --words" --wordlist=list --password 8
	refused "--words and --uuid cannot be used together" --words 3 --uuid
	refused "--password and --words cannot be used together" -p 8 --words 3
	refused "--words and --shuffle cannot be used together" --words 3 --shuffle
	refused "--words and --hex cannot be used together" --words 3 --hex
	refused "--words and --zero-terminated cannot be used together" --words 3 -z
	refused "empty word list file name" --words 3 --wordlist=
	run -0 gr --words 3 -C 2 --separator=. --output "$BATS_TEST_TMPDIR/pw"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/pw")" -eq 2 ]
}

@test "--count with a --separator that holds a newline is refused: outputs are lines" {
	refused "a --separator with a newline and --count cannot be used together" \
		--words 3 --separator=$'\n' --count 2
	refused "a --separator with a newline and --count cannot be used together" \
		--count 2 --words --bits 40 --separator=$'. \n'
	# Without --count, one passphrase a word a line is what was asked for.
	run -0 gr --words 3 --separator=$'\n'
	[ "$(wc -l <"$OUT")" -eq 3 ]
}
