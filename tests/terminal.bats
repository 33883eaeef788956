#!/usr/bin/env bats
# Raw bytes are never written to a terminal unless --force.  script(1) from
# util-linux gives the tool a pseudo-terminal as its standard output.
# Call: bats tests/terminal.bats (GETRANDOM=path to test another binary)
load helpers

# on_terminal ARGS...: runs getrandom ARGS with a terminal as stdin,
# stdout and stderr; its output (both streams) is in $output.
on_terminal() {
	local command
	command=$(printf '%q ' "$GETRANDOM" "$@")
	script -qec "$command" /dev/null </dev/null
}

setup() {
	common_setup
	script -qec true /dev/null </dev/null >/dev/null 2>&1 ||
		skip "script (util-linux) not installed"
}

@test "raw bytes to a terminal are refused with status 1 and a hint" {
	run -1 on_terminal
	[[ ${lines[0]} == "getrandom: "*"terminal"* ]]
	[[ ${lines[0]} == *"--hex"* ]]
	[[ ${lines[0]} == *"--force"* ]]
}

@test "the refusal writes no random byte to the terminal" {
	run -1 on_terminal --bytes 4096
	# Only the message, nothing else: not a usage error, so no --help hint.
	[ "${#lines[@]}" -eq 1 ]
	[ "${#output}" -lt 300 ]
}

@test "-o - to a terminal is refused like stdout" {
	run -1 on_terminal -o -
	[[ ${lines[0]} == "getrandom: "*"terminal"* ]]
}

@test "--hex to a terminal writes one line of hex" {
	run -0 on_terminal --bytes 16 --hex
	[[ ${output%$'\r'} =~ ^[0-9a-f]{32}$ ]]
}

@test "--base64 to a terminal writes one line of base64" {
	run -0 on_terminal --bytes 3 --base64
	[[ ${output%$'\r'} =~ ^[A-Za-z0-9+/]{4}$ ]]
}

@test "--force writes raw bytes to a terminal" {
	run -0 bash -c "$(declare -f on_terminal)
		on_terminal --force --bytes 4 | wc -c; echo \${PIPESTATUS[0]}"
	# The terminal may turn each newline byte into CR LF: 4 to 8 bytes.
	[ "${lines[0]// /}" -ge 4 ]
	[ "${lines[0]// /}" -le 8 ]
	[ "${lines[1]}" = 0 ]
}

@test "--output to a file is not refused when stdout is a terminal" {
	run -0 on_terminal --bytes 16 --output "$BATS_TEST_TMPDIR/key"
	[ -z "$output" ]
	[ "$(size "$BATS_TEST_TMPDIR/key")" -eq 16 ]
}

@test "--bytes=0 to a terminal writes nothing and is not refused" {
	run -0 on_terminal --bytes=0
	[ -z "$output" ]
}
