#!/bin/bash
# Installs the Debian packages the VM harness needs, when missing: its own
# and the host suite's (the guest runs the suite with the host's tools).
# Call: vm/deps.sh   (as root; otherwise it names the packages to install)
set -eu

# tests/need.sh holds the lists and does the checking and installing.
exec "$(dirname "$0")/../tests/need.sh" vm suite tools
