#!/bin/bash
# Installs the Debian packages the VM harness needs, when missing.
# Call: vm/deps.sh   (as root; otherwise it names the packages to install)
set -eu

# tests/need.sh does the checking and installing for every step.
exec "$(dirname "$0")/../tests/need.sh" linux-source-6.1 qemu-system-x86 \
	busybox-static bash-static bats gcc gcc-multilib make flex bison bc \
	libelf-dev libssl-dev cpio xz-utils git coreutils
