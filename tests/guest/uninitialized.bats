#!/usr/bin/env bats
# Runs first in the guest, before anything has initialized the kernel's
# entropy pool (no RDRAND/RDSEED, no virtio-rng, random.trust_cpu=off).
# If the pool is already initialized here the harness is wrong: the tests
# fail rather than skip. The blocking read near the end initializes it.
# Call (in the guest): bats --tap /tests/guest/uninitialized.bats
bats_require_minimum_version 1.5.0

GETRANDOM=${GETRANDOM:-getrandom}

# Each check reads its source first and fails if it cannot: an unreadable
# /proc/cpuinfo or a dmesg that fails must not pass for "not found".
@test "harness: the guest CPU has no RDRAND or RDSEED" {
	local flags
	flags=$(grep -m 1 '^flags' /proc/cpuinfo)
	[[ " $flags " == *" fpu "* ]] || { echo "not a CPU flags line: $flags"; return 1; }
	[[ " $flags " != *" rdrand "* ]] || { echo "the CPU has RDRAND: $flags"; return 1; }
	[[ " $flags " != *" rdseed "* ]] || { echo "the CPU has RDSEED: $flags"; return 1; }
}

@test "harness: the kernel has not initialized its random pool yet" {
	run -0 dmesg
	[[ $output == *"Linux version"* ]] || { echo "not the boot log: $output"; return 1; }
	[[ $output != *"crng init done"* ]] || { echo "$output" | grep 'crng init'; return 1; }
}

@test "--check exits 3 while the pool is not initialized" {
	run -3 "$GETRANDOM" --check
}

@test "--nonblock exits 3 and writes nothing" {
	run -3 --separate-stderr "$GETRANDOM" --nonblock --bytes 16 --hex
	[ -z "$output" ]
}

@test "--timeout=0.1 exits 3" {
	run -3 --separate-stderr "$GETRANDOM" --timeout=0.1 --bytes 16 --hex
	[ -z "$output" ]
}

@test "--insecure returns bytes at once" {
	run -0 --separate-stderr timeout 10 "$GETRANDOM" --insecure --bytes 16 --hex
	[[ $output =~ ^[0-9a-f]{32}$ ]]
}

@test "a blocking read returns its bytes once the kernel has gathered entropy" {
	run -0 --separate-stderr timeout 120 "$GETRANDOM" --bytes 32 --hex
	[[ $output =~ ^[0-9a-f]{64}$ ]]
}

@test "--check exits 0 once the pool is initialized" {
	run -0 "$GETRANDOM" --check
}
