#!/bin/bash
# Boots the patched kernel (BASELINE=1: the baseline kernel) to an
# interactive shell on this terminal, the entropy pool still uninitialized,
# for trying things by hand. Builds what is missing first. Ctrl-A x quits.
# Call: vm/shell.sh   (what `make vm-shell` runs)
set -eu

# It takes no argument: one given is refused before anything is built.
usage() { echo "usage: vm/shell.sh   (BASELINE=1: the baseline kernel)"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

ROOT=$(cd "$(dirname "$0")/.." && pwd)
variant=patched
[ "${BASELINE:-0}" = 1 ] && variant=baseline
"$ROOT/vm/build-kernel.sh"
"$ROOT/vm/mkinitramfs.sh"
exec "$ROOT/vm/run.sh" "$variant" shell
