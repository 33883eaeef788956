#!/usr/bin/env bats
# The suite's own files: no test line that cannot fail.
# Call: bats tests/lint.bats
load helpers

BARE_BANG=$BATS_TEST_DIRNAME/tools/bare-bang.sh

@test "lint: no test file has a bare ! line that cannot fail its test" {
	run "$BARE_BANG" "$TESTS"/*.bats "$TESTS"/guest/*.bats "$TESTS"/*.bash
	[ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "lint: the check flags a bare ! in mid-test, and only there" {
	# Built line by line: bats would take an "@test" at a line's start
	# here for one of its own.
	local t=$BATS_TEST_TMPDIR/t.bats
	printf '%s\n' '@test "bad" {' '	! grep -q x file' '	true' '}' \
		'@test "good" {' '	run ! grep -q x file' \
		'	! grep -q y file || false' '	if true &&' \
		'		! grep -q z file; then :; fi' '	! grep -q w file' '}' >"$t"
	run -1 "$BARE_BANG" "$t"
	[ "$output" = "$t:2: 	! grep -q x file" ]
}

@test "lint: every test file has one place in tests/places, guest or host" {
	run -0 "$TESTS/placed.sh" guest
	local guest=("${lines[@]}")
	run -0 "$TESTS/placed.sh" host
	[ $((${#guest[@]} + ${#lines[@]})) -eq "$(find "$TESTS" -maxdepth 1 -name '*.bats' | wc -l)" ]
}

@test "lint: a test file missing from tests/places stops both runners" {
	local t=$BATS_TEST_TMPDIR/tests
	mkdir "$t"
	cp "$TESTS/placed.sh" "$TESTS/places" "$TESTS"/*.bats "$t/"
	: >"$t/new.bats"
	run -1 --separate-stderr "$t/placed.sh" guest
	[ "$stderr" = "tests/places: no place for: new.bats" ]
	rm "$t/new.bats" "$t/usage.bats"
	run -1 --separate-stderr "$t/placed.sh" host
	[ "$stderr" = "tests/places: no such test file: usage.bats" ]
}

@test "lint: need.sh counts a package whose trigger is pending as installed" {
	# tests/deb.bats runs dpkg -i on the host while a kernel build checks
	# its packages: man-db is "triggers-pending" for that moment.
	local bin=$BATS_TEST_TMPDIR/bin
	mkdir "$bin"
	printf '#!/bin/sh\necho "install ok $DPKG_STATE"\n' >"$bin/dpkg-query"
	chmod +x "$bin/dpkg-query"
	DPKG_STATE=triggers-pending PATH=$bin:$PATH run -0 "$TESTS/need.sh" ports
	DPKG_STATE=triggers-awaited PATH=$bin:$PATH run -0 "$TESTS/need.sh" ports
	DPKG_STATE=half-configured PATH=$bin:$PATH run -1 --separate-stderr "$TESTS/need.sh" ports
	[[ $stderr == *"missing packages: gcc-aarch64-linux-gnu gcc-arm-linux-gnueabi gcc-arm-linux-gnueabihf "* ]]
}
