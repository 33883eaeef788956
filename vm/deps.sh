#!/bin/bash
# Installs the Debian packages the VM harness needs, when missing.
# Call: vm/deps.sh   (as root; runs `apt-get update` only if a package
# cannot be found in the current lists)
set -eu

PACKAGES="linux-source-6.1 qemu-system-x86 busybox-static bash-static bats
gcc gcc-multilib make flex bison bc libelf-dev libssl-dev cpio xz-utils git
coreutils"

die() { echo "vm/deps.sh: $*" >&2; exit 1; }

missing() {
	local p
	for p in $PACKAGES; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q 'install ok installed' || echo "$p"
	done
}

need=$(missing)
[ -z "$need" ] && exit 0
[ "$(id -u)" = 0 ] || die "missing packages: $(echo $need); install them as root: apt-get install $(echo $need)"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! apt-get install -y --no-install-recommends $need; then
	apt-get update
	apt-get install -y --no-install-recommends $need ||
		die "could not install: $(echo $need)"
fi
