#!/bin/bash
# The host suite in a guest: the test files whose outcome the kernel
# decides (tests/places puts them in the guest), run from the host's file
# system over 9p, chrooted there with the host's tools. Not run on its own:
# both guests' drivers source it (tests/guest/run.sh on 6.1,
# vm/guest-6.12.sh on 6.12), after sections.bash and mounts.bash, with
# BATS_TEST_TIMEOUT set.
# No set -e, as in the drivers: a step that fails is said in its section.
set -u

# Where the host's root goes, and the tree under test in it (mounts.bash
# mounts them there): one fixed path wherever the clone lies on the host,
# since a clone under /tmp or /run would be hidden by the guest's own tmpfs.
HOST=/host
REPO=/src/getrandom

# host_suite_section: mounts the host's root and the repository, then runs
# the files as the section "bats"; with VM_TESTS=a.bats,b.bats, only those.
# Returns 1, after a failed section saying why, when the shares cannot be
# mounted.
host_suite_section() {
	local suite host_bats
	# Longer than the drivers' other sections: a hundred tests under TCG.
	# shellcheck disable=SC2034 # read by section (sections.bash)
	local SECTION_TIMEOUT=${VM_SECTION_TIMEOUT:-7200}
	if ! mount_host || ! mount_repo; then
		section_of bats "$HOST$REPO/tests" "no host file system shared with the guest"
		return 1
	fi
	# man-db's dpkg trigger rebuilds the manual's index after each package
	# change: about a minute of emulated time for each `dpkg -i` and `dpkg
	# --purge` in tests/deb.bats, for an index no test reads (`man -w`
	# looks at the files). Turned off as build chroots do, in the overlay
	# only: the host's own setting stays as it is.
	rm -f "$HOST/var/lib/man-db/auto-update"
	if [ -n "${VM_TESTS:-}" ]; then
		IFS=, read -ra suite <<<"$VM_TESTS"
		suite=("${suite[@]##*/}")
	else
		mapfile -t suite < <(chroot "$HOST" "$REPO/tests/placed.sh" guest)
	fi
	suite=("${suite[@]/#/$REPO/tests/}")
	# Chrooted in the host's root, on the dynamic build, in a clean
	# environment, each result with its time ("in N ms": what TCG makes
	# slow). The files run one per vCPU at a time (GNU parallel); the tests
	# of a file, in order.
	host_bats=(chroot "$HOST" /usr/bin/env -i -C "$REPO"
		PATH="$REPO/tests/bats-timeout:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
		HOME=/tmp TMPDIR=/tmp LANG=C.UTF-8 TERM=dumb
		GETRANDOM="$REPO/build/getrandom" GETRANDOM_IN_VM=1
		BATS_TEST_TIMEOUT="$BATS_TEST_TIMEOUT" bats --tap --timing
		--jobs "$(nproc)" --no-parallelize-within-files)
	SECTION_NOTE="runs: ${suite[*]##*/}" section_of bats "$HOST${suite[0]:-$REPO/tests/places}" \
		"no test file to run (tests/placed.sh guest failed)" "${host_bats[@]}" "${suite[@]}"
}
