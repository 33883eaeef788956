#!/bin/bash
# Installs the Debian packages the VM harness needs, when missing: its own
# and the host suite's (the guest runs the suite with the host's tools).
# Call: vm/deps.sh   (as root; otherwise it names the packages to install)
set -eu

# It takes no argument: one given is refused before anything is built.
usage() { echo "usage: vm/deps.sh"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

# tests/need.sh holds the lists and does the checking and installing.
exec "$(dirname "$0")/../tests/need.sh" vm suite tools
