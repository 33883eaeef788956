#!/bin/bash
# Boots build/bzImage-VARIANT with build/initramfs.cpio in QEMU (TCG, no
# RDRAND/RDSEED, no virtio-rng, random.trust_cpu=off, so the guest starts
# with its entropy pool uninitialized) and runs the guest tests. The host's
# root file system (tag "root") and this repository (tag "repo", wherever
# it lies) are shared read-only over 9p: the guest runs the host suite from
# this repository with the host's tools.
# Call: vm/run.sh patched|baseline|mutant [run|shell|early|mutants]
#   run (the default): the guest suites (tests/guest/run.sh); the TAP the
#     guest sends over its second serial port (build/result-VARIANT.txt)
#     is printed, the console goes to build/console-VARIANT.log, and the
#     exit status is the guest's verdict;
#   early, mutants: the same, for the kselftest alone (early: of the early
#     state, ending it; mutants: once the crng is ready, for each mutant
#     in VM_MUTANTS=0,1,2 in turn; see tests/guest/run.sh);
#   shell: an interactive shell on this terminal (`exit`, `reboot -f`,
#     `poweroff -f` or Ctrl-A x quit).
# Environment: VM_TIMEOUT (seconds, default 10800: a net for a hung guest,
#   which has its own per-test and per-section limits), VM_KVM=1 to use KVM,
#   VM_TESTS=formats.bats,usage.bats to run only those files of the host
#   suite (after the uninitialized-pool checks, without the kselftests),
#   VM_APPEND: more for the kernel command line (vm/mutants.sh sets
#   random.getrandom_mutant=N there).
# shellcheck disable=SC2054 # QEMU's options are lists with commas
set -eu

VARIANT=${1:-}
MODE=${2:-run}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$ROOT/build
KERNEL=$BUILD/bzImage-$VARIANT
INITRD=$BUILD/initramfs.cpio
# Per variant, and per mode but the default's.
case $MODE in run | shell) TAG=$VARIANT ;; *) TAG=$VARIANT-$MODE ;; esac
RESULT=$BUILD/result-$TAG.txt
CONSOLE=$BUILD/console-$TAG.log

die() { echo "vm/run.sh: $*" >&2; exit 1; }

usage() { echo "usage: vm/run.sh patched|baseline|mutant [run|shell|early|mutants]"; }
case $#:$VARIANT in 1:-h | 1:--help) usage; exit 0 ;; esac
case $# in 1 | 2) ;; *) usage >&2; exit 2 ;; esac
case $VARIANT in patched | baseline | mutant) ;; *) usage >&2; exit 2 ;; esac
case $MODE in run | shell | early | mutants) ;; *) usage >&2; exit 2 ;; esac
[ -f "$KERNEL" ] || die "$KERNEL missing: run vm/build-kernel.sh $VARIANT"
[ -f "$INITRD" ] || die "$INITRD missing: run vm/mkinitramfs.sh"

# TCG unless asked: nested KVM hangs on these machines. Multi-threaded TCG
# runs each of the VM_CPUS vCPUs (default 2) on a host thread; "max" gives
# the guest AVX2, so the encoders' AVX2 paths run there too.
ACCEL=(-accel tcg,thread=multi -cpu max,-rdrand,-rdseed)
[ "${VM_KVM:-0}" = 1 ] && ACCEL=(-accel kvm -cpu host,-rdrand,-rdseed)

# tsc=reliable: TCG's CPU says AMD and has no constant-TSC flag, so with two
# CPUs the guest kernel guesses that their TSCs are out of step, marks the
# TSC unstable and falls back to the HPET, whose every read leaves the
# translated code for QEMU's device model. Both vCPUs read one host clock,
# so the guess is wrong here. On two guests side by side, the TSC made the
# same 102 tests 8 % faster.
APPEND="console=ttyS0 panic=-1 panic_on_warn=1 oops=panic tsc=reliable"
APPEND+=" random.trust_cpu=off random.trust_bootloader=off"
APPEND+=" VM_VARIANT=$VARIANT VM_MODE=$MODE"
[ -n "${VM_TESTS:-}" ] && APPEND+=" VM_TESTS=$VM_TESTS"
[ -n "${VM_MUTANTS:-}" ] && APPEND+=" VM_MUTANTS=$VM_MUTANTS"
[ -n "${VM_APPEND:-}" ] && APPEND+=" $VM_APPEND"

# The QEMU command line, with the console and the result port to add.
QEMU=(qemu-system-x86_64 -nodefaults -nographic -no-reboot
	"${ACCEL[@]}" -smp "${VM_CPUS:-2}" -m 6G
	-virtfs local,path=/,mount_tag=root,security_model=none,readonly=on,multidevs=remap
	-virtfs "local,path=${ROOT//,/,,},mount_tag=repo,security_model=none,readonly=on,multidevs=remap"
	-kernel "$KERNEL" -initrd "$INITRD" -append "$APPEND")

if [ "$MODE" = shell ]; then
	exec "${QEMU[@]}" -serial mon:stdio -serial null
fi

rm -f "$RESULT" "$CONSOLE"
start=$(date +%s)
qemu_status=0
timeout --foreground "${VM_TIMEOUT:-10800}" "${QEMU[@]}" -serial "file:$CONSOLE" -serial "file:$RESULT" </dev/null ||
	qemu_status=$?
echo "# vm: $VARIANT guest ran for $(($(date +%s) - start)) s"
if [ -s "$RESULT" ]; then
	grep -v '^vm-status: ' "$RESULT" || true
fi
verdict=$(sed -n 's/^vm-status: //p' "$RESULT" 2>/dev/null | tail -n 1)
[ "$verdict" = 0 ] && exit 0
# Every way the guest can fail: say which, then what the console saw last.
if [ -n "$verdict" ]; then
	why="its tests failed (status $verdict)"
elif [ "$qemu_status" = 124 ]; then
	why="it was stopped after VM_TIMEOUT=${VM_TIMEOUT:-10800} s without a verdict"
elif [ "$qemu_status" != 0 ]; then
	why="QEMU exited with status $qemu_status before the guest gave a verdict"
else
	why="it powered off without giving a verdict"
fi
echo "vm/run.sh: $VARIANT guest failed: $why; last console lines ($CONSOLE):" >&2
if [ -s "$CONSOLE" ]; then
	tail -n 30 "$CONSOLE" >&2
else
	echo "  (the console is empty: QEMU stopped before the kernel printed anything)" >&2
fi
exit 1
