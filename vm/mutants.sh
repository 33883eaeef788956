#!/bin/bash
# Runs the kselftest against each mutant of kernel-patch/mutants.diff and
# writes which of its tests fail with each: the table of kernel-patch/README
# comes from here, not from a hand. The mutant kernel (the series, then
# mutants.diff) is booted once per mutant of the early state, set on the
# kernel command line (random.getrandom_mutant=N), for the early kselftest
# to its last test, and once for all the others, switched at run time once
# the crng is ready, for the other kselftest; both 64-bit. Mutant 0 (none)
# runs in both ways, and must fail nothing.
# Call: vm/mutants.sh   (what `make vm-mutants` runs, after building what
#   is missing); exits 1 unless mutant 0 fails nothing, every mutant fails
#   a test and every test fails with a mutant. Writes build/mutants.txt and
#   the table in kernel-patch/README (between its "   N  mutation" header
#   and the blank line after the table); the guests' TAP is in
#   build/mutants/.  VM_FIRST_STEP=1: the kernels' first step
#   (vm/build-kernel.sh), then stop.
# VM_LINUX=6.12 (make vm-mutants-6.12): the same for the 6.12 series and
# kernel-patch/6.12/mutants.diff, whose mutants are of the vDSO's
# getrandom() (the system call's are 6.1's): its guests are 6.12's
# (vm/qemu-6.12.bash, vm/guest-6.12.sh), no test may skip, and only the
# kselftest's vDSO tests must each fail with a mutant. Writes
# build/mutants-6.12.txt, build/mutants-6.12/ and the table of
# kernel-patch/6.12/README.
set -eu

usage() { echo "usage: vm/mutants.sh"; }
case $#:${1:-} in
0:) ;;
1:-h | 1:--help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$ROOT/build
die() { echo "vm/mutants.sh: $*" >&2; exit 1; }
export VM_LINUX=${VM_LINUX:-6.1}
case $VM_LINUX in
6.1) PATCHES=$ROOT/kernel-patch OUT=$BUILD/mutants TABLE=$BUILD/mutants.txt ;;
6.12)
	PATCHES=$ROOT/kernel-patch/6.12 OUT=$BUILD/mutants-6.12 TABLE=$BUILD/mutants-6.12.txt
	VDSO=$BUILD/src-6.12/tools/testing/selftests/vDSO
	# shellcheck source=vm/qemu-6.12.bash
	. "$ROOT/vm/qemu-6.12.bash" ;;
*) die "VM_LINUX must be 6.1 or 6.12, not '$VM_LINUX'" ;;
esac
README=$PATCHES/README

# The mutants, "N<tab>what" a line, from the list in mutants.diff.
mutant_list() {
	sed -n 's/^+ \* *\([0-9][0-9]*\)  \(.*\)$/\1\t\2/p' "$PATCHES/mutants.diff"
}

# failed FILE: the names of the kselftest's tests that failed in the TAP
# in FILE (not the harness's own results, "not ok 1000 - why").
failed() {
	sed -n 's/^not ok [0-9][0-9]* \(global\.\)\{0,1\}\([a-z_.0-9]\{1,\}\)$/\2/p' "$1" | sort -u
}

# ran FILE: the names of the tests that ran, passed or failed, in FILE.
ran() {
	sed -n 's/^\(not \)\{0,1\}ok [0-9][0-9]* \(global\.\)\{0,1\}\([a-z_.0-9]\{1,\}\)$/\3/p' "$1" |
		sort -u
}

# boot_early N: the early kselftest on the mutant kernel booted with N.
boot_early() {
	if [ "$VM_LINUX" = 6.12 ]; then
		boot mutant "early-$1" "VM_MODE=early random.getrandom_mutant=$1" || true
		cp "$OUT/result-early-$1.txt" "$OUT/early-$1.tap" 2>/dev/null || : >"$OUT/early-$1.tap"
		return 0
	fi
	VM_APPEND="random.getrandom_mutant=$1" "$ROOT/vm/run.sh" mutant early \
		>"$OUT/early-$1.tap" 2>"$OUT/early-$1.log" || true
}

# boot_late N...: the other kselftest once per mutant, in one boot,
# split into late-N.tap.
boot_late() {
	local list
	list=$(IFS=,; echo "$*")
	if [ "$VM_LINUX" = 6.12 ]; then
		boot mutant late "VM_MODE=mutants VM_MUTANTS=$list" || true
		cp "$OUT/result-late.txt" "$OUT/late.out" 2>/dev/null || : >"$OUT/late.out"
	else
		VM_MUTANTS=$list "$ROOT/vm/run.sh" mutant mutants >"$OUT/late.out" 2>"$OUT/late.log" || true
	fi
	awk -v dir="$OUT" '
		/^# vm-tap: mutant-/ { if (out) close(out); out = dir "/late-" substr($3, 8) ".tap"; next }
		out { print > out }' "$OUT/late.out"
}

# The table, as kernel-patch/README shows it: N, what, tests that fail,
# the list wrapped at 30 columns.
table() {
	printf '   N  %-44s  %s\n' "mutation (mutants.diff)" "tests that fail"
	printf '  --  %-44s  %s\n' "$(printf '%044d' 0 | tr 0 -)" "------------------------------"
	while IFS=$'\t' read -r n what; do
		paste -d '\t' <(fold -s -w 44 <<<"$what") <(tr '\n' ' ' <"$OUT/failed-$n" | fold -s -w 31) |
			awk -F '\t' -v n="$n" '{ sub(/ +$/, "", $1); sub(/ +$/, "", $2)
				printf "  %2s  %-44s  %s\n", NR == 1 ? n : "", $1, $2 }' |
			sed 's/ *$//'
	done < <(mutant_list)
}

# Replaces the table in the series' README with $TABLE.
update_readme() {
	awk -v table="$TABLE" '
		/^   N  mutation/ { while ((getline line < table) > 0) print line; skip = 1; next }
		skip && /^$/ { skip = 0 }
		!skip' "$README" >"$README.tmp"
	grep -q '^   N  mutation' "$README.tmp" || die "no table in $README to replace"
	mv "$README.tmp" "$README"
}

[ -n "$(mutant_list)" ] || die "no list of mutants in $PATCHES/mutants.diff"
"$ROOT/vm/build-kernel.sh" patched mutant
if [ "${VM_FIRST_STEP:-0}" = 1 ]; then
	echo "vm/mutants.sh: stopped after the first step, the mutant tree configured (VM_FIRST_STEP=1)"
	exit 0
fi
"$ROOT/vm/mkinitramfs.sh"
rm -rf "$OUT"
mkdir -p "$OUT"
if [ "$VM_LINUX" = 6.12 ]; then
	if ! build_extras || ! pack mutant; then
		die "the 6.12 guest's initramfs for the mutant kernel did not build"
	fi
fi
mapfile -t early < <(mutant_list | awk -F '\t' '$2 ~ /\(early\)$/ { print $1 }')
mapfile -t late < <(mutant_list | awk -F '\t' '$2 !~ /\(early\)$/ { print $1 }')
for n in 0 "${early[@]}"; do
	echo "vm/mutants.sh: early kselftest, mutant $n"
	boot_early "$n"
	failed "$OUT/early-$n.tap" >"$OUT/failed-$n"
done
echo "vm/mutants.sh: the other kselftest, mutants 0 ${late[*]}"
boot_late 0 "${late[@]}"
for n in "${late[@]}"; do
	failed "$OUT/late-$n.tap" >"$OUT/failed-$n"
done
table >"$TABLE"
cat "$TABLE"

# The verdict: mutant 0 fails nothing, each test ran with it, each mutant
# fails something, each test fails with some mutant (on 6.12, each test of
# the vDSO: the mutants are of its code alone).
bad=0
allowed_skip="no __vdso_getrandom in this kernel's vDSO"
mutated='.'
if [ "$VM_LINUX" = 6.12 ]; then
	allowed_skip='^$'
	mutated='^vdso_'
fi
for f in early-0 late-0; do
	[ -s "$OUT/$f.tap" ] && [ -z "$(failed "$OUT/$f.tap")" ] && [ -n "$(ran "$OUT/$f.tap")" ] || {
		echo "vm/mutants.sh: without a mutant, tests failed or none ran: see $OUT/$f.tap" >&2
		bad=1
	}
	# The vDSO tests skip on 6.1, whose vDSO has no getrandom(); on 6.12
	# nothing may.
	! grep '# SKIP' "$OUT/$f.tap" | grep -qv "$allowed_skip" || {
		echo "vm/mutants.sh: without a mutant, tests skipped: see $OUT/$f.tap" >&2
		bad=1
	}
done
while IFS=$'\t' read -r n what; do
	[ -s "$OUT/failed-$n" ] || { echo "vm/mutants.sh: mutant $n ($what) fails no test" >&2; bad=1; }
done < <(mutant_list)
while read -r t; do
	cat "$OUT"/failed-[1-9]* | grep -qxF "$t" ||
		{ echo "vm/mutants.sh: no mutant fails $t" >&2; bad=1; }
done < <({ ran "$OUT/early-0.tap"; ran "$OUT/late-0.tap"; } | grep "$mutated")
[ "$bad" = 0 ] || exit 1
update_readme
echo "vm/mutants.sh: every mutant fails a test, every test fails with a mutant; table in ${README#"$ROOT"/}"
