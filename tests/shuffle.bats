#!/usr/bin/env bats
# --shuffle and --sample: every line (or integer) once, in an order whose
# uniformity is checked by chi-square, each check with a control that
# fails it (a shuffle by sort on random keys, a reservoir that draws with
# modulo or skips its final shuffle, Floyd's draws reduced with modulo);
# samples without repeats in O(K) memory; input errors reported; the
# input, and the order drawn, wiped before their memory is freed (a
# preloaded check on free).
# Call: bats tests/shuffle.bats (GETRANDOM=path to test another binary)
load helpers

# Chi-square critical values at p = 1e-6 for 2, 9 and 23 degrees of freedom.
CHI_2=27.63
CHI_9=44.81
CHI_23=70.55

# orders FILE: FILE holds a permutation of 1..N, N a multiple of 4; prints,
# for each group of four consecutive values {4g+1..4g+4}, the order they
# came in (one of 24).  In a uniform permutation the groups' orders are
# independent and uniform: one shuffle gives N/4 draws.
orders() {
	awk '{ g = int(($1 - 1) / 4); seq[g] = seq[g] (($1 - 1) % 4) }
		END { for (g in seq) print seq[g] }' "$1"
}

# ascents FILE: "up" or "down" for each pair of consecutive lines of FILE
# (numbers): in a uniform order as many go up as down.
ascents() {
	awk 'NR > 1 { print ($1 > last ? "up" : "down") } { last = $1 }' "$1"
}

# keyed_sort BITS N: 1..N sorted on random keys of BITS bits, ties in
# their input order (a stable sort): the shuffle people write with sort.
keyed_sort() {
	bytes_of "$2" | awk -v bits="$1" '{ print $1 % 2 ^ bits, NR }' |
		sort -s -n -k1,1 | cut -d' ' -f2
}

# --- --shuffle ---

@test "--shuffle writes each line of standard input once" {
	seq 1000 >"$BATS_TEST_TMPDIR/in"
	gr --shuffle <"$BATS_TEST_TMPDIR/in"
	[ "$(sort -n "$OUT")" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
	! cmp -s "$OUT" "$BATS_TEST_TMPDIR/in" || false
}

@test "a last line without a newline gets one; blank and repeated lines are lines" {
	printf 'a\n\nb\na\nc' | gr --shuffle
	[ "$(size "$OUT")" -eq 9 ]
	[ "$(LC_ALL=C sort "$OUT" | tr '\n' ,)" = ",a,a,b,c," ]
}

@test "empty input: nothing written, status 0" {
	run -0 gr --shuffle </dev/null
	[ "$(size "$OUT")" -eq 0 ]
	run -0 gr --sample 3 </dev/null
	[ "$(size "$OUT")" -eq 0 ]
}

@test "-z: NUL-terminated records, newlines inside them kept" {
	printf 'a\nb\0c\0d' | gr --shuffle -z
	[ "$(size "$OUT")" -eq 8 ]
	[ "$(tr '\0' '\n' <"$OUT" | LC_ALL=C sort | tr '\n' ,)" = "a,b,c,d," ]
	printf 'a\nb\0c\0d' | gr --sample 2 -z
	[ "$(tr -cd '\0' <"$OUT" | wc -c)" -eq 2 ]
}

@test "a line longer than the output buffer comes out whole" {
	{ head -c 200000 /dev/zero | tr '\0' x; echo; echo short; } >"$BATS_TEST_TMPDIR/in"
	gr --shuffle <"$BATS_TEST_TMPDIR/in"
	[ "$(sort "$OUT" | md5sum)" = "$(sort "$BATS_TEST_TMPDIR/in" | md5sum)" ]
	gr --sample 1 <"$BATS_TEST_TMPDIR/in"
	[ "$(wc -l <"$OUT")" -eq 1 ]
}

@test "the orders of groups of four lines are uniform: chi-square over 24000 groups" {
	seq 96000 | gr --shuffle
	orders "$OUT" >"$OUT.orders"
	run -0 uniform 24 "$CHI_23" "$OUT.orders"
}

@test "the same check fails on a sort on random keys of 2 bits (it can fail)" {
	keyed_sort 2 96000 >"$OUT"
	orders "$OUT" >"$OUT.orders"
	run -1 uniform 24 "$CHI_23" "$OUT.orders"
}

# sattolo N RUNS: RUNS shuffles of 1..N, one a line, each drawing j from
# [0, i) instead of [0, i]: the off-by-one that gives only the cyclic
# orders.  One stream of bytes feeds them all (four a position is far more
# than the rejections take; running out is an error, not a short answer).
sattolo() {
	bytes_of $(($1 * $2 * 4)) | awk -v n="$1" -v runs="$2" '
		function below(m,   x) {	# byte by byte, rejecting the bias
			do {
				if ((getline x) <= 0) { print "sattolo: out of bytes" >"/dev/stderr"; exit 2 }
			} while (x >= 256 - 256 % m)
			return x % m
		}
		BEGIN { for (r = 0; r < runs; r++) {
				for (i = 1; i <= n; i++) a[i] = i
				for (i = n; i > 1; i--) {
					j = below(i - 1) + 1; t = a[i]; a[i] = a[j]; a[j] = t
				}
				for (i = 1; i <= n; i++) printf "%s", a[i]
				print ""
			} }'
}

@test "all six orders of three are equally likely: chi-square over 600 shuffles" {
	local run
	fresh_processes
	for ((run = 0; run < 600; run++)); do
		"$GETRANDOM" --shuffle --range 1-3 | tr -d '\n'
		echo
	done >"$OUT"
	run -0 uniform 6 "$CHI_5" "$OUT"
}

@test "the same check fails on Fisher-Yates drawing from [0, i) (Sattolo's cycles)" {
	sattolo 3 600 >"$OUT"
	[ "$(wc -l <"$OUT")" -eq 600 ]
	run -1 uniform 6 "$CHI_5" "$OUT"
}

@test "as many neighbours go up as down in a shuffle of 100000 lines" {
	seq 100000 | gr --shuffle
	ascents "$OUT" >"$OUT.pairs"
	run -0 uniform 2 "$CHI_1" "$OUT.pairs"
}

@test "the same check fails on a sort on random keys of 8 bits (it can fail)" {
	keyed_sort 8 100000 >"$OUT"
	ascents "$OUT" >"$OUT.pairs"
	run -1 uniform 2 "$CHI_1" "$OUT.pairs"
}

@test "--shuffle with --range writes every integer of the range once" {
	gr --shuffle --range 1-1000
	[ "$(sort -n "$OUT")" = "$(seq 1000)" ]
	gr --shuffle --range -5-+5
	[ "$(sort -n "$OUT" | tr '\n' ' ')" = "-5 -4 -3 -2 -1 0 1 2 3 4 5 " ]
	gr --shuffle --range 18446744073709551614-18446744073709551615
	[ "$(sort "$OUT" | tr '\n' ' ')" = "18446744073709551614 18446744073709551615 " ]
}

@test "--shuffle --range: groups of four integers in uniform orders" {
	gr --shuffle --range 1-96000
	orders "$OUT" >"$OUT.orders"
	run -0 uniform 24 "$CHI_23" "$OUT.orders"
}

@test "--shuffle of more integers than memory holds fails with status 1, no file" {
	mkdir "$BATS_TEST_TMPDIR/d"
	run -1 --separate-stderr gr --shuffle --range 0-18446744073709551615 \
		-o "$BATS_TEST_TMPDIR/d/f"
	[ "$stderr" = "getrandom: out of memory" ]
	[ -z "$(files_in "$BATS_TEST_TMPDIR/d")" ]
}

# --- --sample ---

@test "a lottery draw: --sample 6 --range 1-49 gives 6 different numbers" {
	local draw
	for ((draw = 0; draw < 50; draw++)); do
		gr --sample 6 --range 1-49
		[ "$(wc -l <"$OUT")" -eq 6 ]
		[ "$(sort -u "$OUT" | wc -l)" -eq 6 ]
		! grep -vxE '[1-9]|[1-4][0-9]' "$OUT" || false
	done
}

@test "--sample of nearly the whole range: every number but one, none twice" {
	gr --sample 999 --range 1-1000
	[ "$(sort -nu "$OUT" | wc -l)" -eq 999 ]
	awk '$1 < 1 || $1 > 1000 { exit 1 }' "$OUT"
}

@test "a K above the lines or the integers there are gives them all, as shuf -n" {
	seq 5 | gr --sample 10
	[ "$(sort -n "$OUT" | tr '\n' ' ')" = "1 2 3 4 5 " ]
	gr --sample 18446744073709551615 --range 1-5
	[ "$(sort -n "$OUT" | tr '\n' ' ')" = "1 2 3 4 5 " ]
}

@test "--sample of the whole 64-bit span: distinct values in it" {
	require python3
	gr --sample 5000 --range 0-18446744073709551615
	python3 -c '
import sys
v = [int(l) for l in open(sys.argv[1])]
assert len(v) == 5000 == len(set(v))
assert all(0 <= x < 2**64 for x in v) and max(v) > 2**63' "$OUT"
}

# Six buckets of 2^61 over 0 to 3 * 2^62 (as in tests/draws.bats).
bucket_program='{ b = int($1 / 2305843009213693952); print (b > 5 ? 5 : b) }'

@test "Floyd's sample of a range near 2^63 is uniform over six buckets" {
	gr --sample 1000000 --range 0-13835058055282163712
	[ "$(sort -u "$OUT" | wc -l)" -eq 1000000 ]
	awk "$bucket_program" "$OUT" >"$OUT.buckets"
	run -0 uniform 6 "$CHI_5" "$OUT.buckets"
}

@test "the same check fails on a sample drawn as 64-bit words modulo the range" {
	"$GETRANDOM" --bytes 8000000 | od -An -v -tu8 | tr -s ' ' '\n' | grep . |
		awk '{ x = $1; if (x >= 13835058055282163713) x -= 13835058055282163713; print x }' |
		awk "$bucket_program" >"$OUT"
	run -1 uniform 6 "$CHI_5" "$OUT"
}

@test "--sample of a range: groups of four in uniform orders (the sample is shuffled)" {
	gr --sample 96000 --range 1-96001
	grep -vx 96001 "$OUT" >"$OUT.perm" || true
	# The one value left out breaks its group: drop that group.
	orders "$OUT.perm" | awk 'length($0) == 4' >"$OUT.orders"
	run -0 uniform 24 "$CHI_23" "$OUT.orders"
}

# reservoir MODE N K: Algorithm R over 1..N from getrandom's bytes,
# written here: MODE fair, modulo (slots drawn as 16-bit words modulo
# i + 1) or unshuffled (the reservoir in slot order).
reservoir() {
	"$GETRANDOM" --bytes 4M | python3 -c '
import sys
mode, n, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data, pos = sys.stdin.buffer.read(), 0
def word():
    global pos
    pos += 4
    return int.from_bytes(data[pos - 4:pos], "big")
def below(m):
    limit = 2**32 - 2**32 % m
    while True:
        x = word()
        if x < limit:
            return x % m
slots = list(range(1, k + 1))
for i in range(k, n):
    j = word() % 65536 % (i + 1) if mode == "modulo" else below(i + 1)
    if j < k:
        slots[j] = i + 1
if mode != "unshuffled":
    for i in range(k - 1, 0, -1):
        j = below(i + 1)
        slots[i], slots[j] = slots[j], slots[i]
print("\n".join(map(str, slots)))' "$@"
}

# deciles FILE: the tenth of 1..100000 each line of FILE falls in.
deciles() {
	awk '{ print int(($1 - 1) / 10000) }' "$1"
}

@test "--sample of lines: each line as likely as any, chi-square over deciles" {
	seq 100000 | gr --sample 20000
	[ "$(sort -u "$OUT" | wc -l)" -eq 20000 ]
	deciles "$OUT" >"$OUT.d"
	run -0 uniform 10 "$CHI_9" "$OUT.d"
	reservoir fair 100000 20000 >"$OUT.fair"
	deciles "$OUT.fair" >"$OUT.d"
	run -0 uniform 10 "$CHI_9" "$OUT.d"
}

@test "the same check fails on a reservoir that draws its slots with modulo" {
	require python3
	reservoir modulo 100000 20000 >"$OUT"
	deciles "$OUT" >"$OUT.d"
	run -1 uniform 10 "$CHI_9" "$OUT.d"
}

@test "--sample 1 of three lines: each equally likely, chi-square over 600 calls" {
	local run
	fresh_processes
	for ((run = 0; run < 600; run++)); do
		printf '1\n2\n3\n' | "$GETRANDOM" --sample 1
	done >"$OUT"
	run -0 uniform 3 "$CHI_2" "$OUT"
}

@test "the same check fails on a reservoir that draws line i's slot below i, not i + 1" {
	# Line 2 always replaces line 1, line 3 then half the time.
	bytes_of 600 | awk '{ print ($1 % 2 == 0 ? 3 : 2) }' >"$OUT"
	run -1 uniform 3 "$CHI_2" "$OUT"
}

@test "--sample of lines comes in random order: as many neighbours up as down" {
	seq 100000 | gr --sample 50000
	ascents "$OUT" >"$OUT.pairs"
	run -0 uniform 2 "$CHI_1" "$OUT.pairs"
}

@test "the same check fails on a reservoir written in slot order" {
	require python3
	reservoir unshuffled 100000 50000 >"$OUT"
	ascents "$OUT" >"$OUT.pairs"
	run -1 uniform 2 "$CHI_1" "$OUT.pairs"
}

@test "memory: --sample stays under 8 MiB on 50 MB of input and on the 64-bit span" {
	require_native
	command time -f %M -o "$BATS_TEST_TMPDIR/rss" true 2>/dev/null ||
		skip "no time(1) that takes -f %M (GNU time) installed"
	needs_plain_build
	local kib
	yes 'a line of the input to sample from' | head -c 50000000 |
		command time -f %M -o "$BATS_TEST_TMPDIR/rss" "$GETRANDOM" --sample 10 >"$OUT"
	kib=$(tail -n 1 "$BATS_TEST_TMPDIR/rss")
	[ "$kib" -lt 8192 ] || fail_with "--sample 10: peak RSS $kib KiB"
	[ "$(wc -l <"$OUT")" -eq 10 ]
	command time -f %M -o "$BATS_TEST_TMPDIR/rss" "$GETRANDOM" --sample 6 \
		--range 0-18446744073709551615 >"$OUT"
	kib=$(tail -n 1 "$BATS_TEST_TMPDIR/rss")
	[ "$kib" -lt 8192 ] || fail_with "--sample 6 --range: peak RSS $kib KiB"
}

@test "memory: --shuffle holds the input and one word a line, no more" {
	require_native
	command time -f %M -o "$BATS_TEST_TMPDIR/rss" true 2>/dev/null ||
		skip "no time(1) that takes -f %M (GNU time) installed"
	needs_plain_build
	local kib
	# 40 MB in 1 MB lines: the index is nothing, the input all.  (Not
	# yes "$line": an argument of 1 MB is too long for exec.)
	head -c 999999 /dev/zero | tr '\0' x >"$BATS_TEST_TMPDIR/line"
	echo >>"$BATS_TEST_TMPDIR/line"
	local i
	for ((i = 0; i < 40; i++)); do
		cat "$BATS_TEST_TMPDIR/line"
	done >"$BATS_TEST_TMPDIR/in"
	[ "$(size "$BATS_TEST_TMPDIR/in")" -eq 40000000 ]
	command time -f %M -o "$BATS_TEST_TMPDIR/rss" "$GETRANDOM" --shuffle \
		<"$BATS_TEST_TMPDIR/in" >/dev/null
	kib=$(tail -n 1 "$BATS_TEST_TMPDIR/rss")
	# The input (39063 KiB) and 8 MiB for the program and its buffers.
	[ "$kib" -lt $((39063 + 8192)) ] || fail_with "peak RSS $kib KiB"
}

# unwiped_shim: builds $BATS_TEST_TMPDIR/unwiped.so, preloaded to say
# "unwiped input freed" on standard error when a block holding the marker
# MARKER-7f3a9c is freed, by free() or by a realloc() that moves it; with
# READ_FAIL set, the second read of standard input fails with EIO.
unwiped_shim() {
	require cc
	cat >"$BATS_TEST_TMPDIR/unwiped.c" <<-'EOF'
	#define _GNU_SOURCE
	#include <dlfcn.h>
	#include <errno.h>
	#include <malloc.h>
	#include <stdlib.h>
	#include <string.h>
	#include <unistd.h>

	static const char marker[] = "MARKER-7f3a9c";

	static int holds(void *p)
	{
		return p != NULL && memmem(p, malloc_usable_size(p), marker,
					   sizeof(marker) - 1) != NULL;
	}

	static void say(void)
	{
		static const char text[] = "unwiped input freed\n";

		if (write(2, text, sizeof(text) - 1) < 0)
			abort();
	}

	void free(void *p)
	{
		static void (*real)(void *);

		if (real == NULL)
			real = (void (*)(void *))dlsym(RTLD_NEXT, "free");
		if (holds(p))
			say();
		real(p);
	}

	void *realloc(void *p, size_t size)
	{
		static void *(*real)(void *, size_t);
		int held = holds(p);
		void *q;

		if (real == NULL)
			real = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
		q = real(p, size);
		if (held && q != NULL && q != p)
			say();
		return q;
	}

	ssize_t read(int fd, void *buf, size_t count)
	{
		static ssize_t (*real)(int, void *, size_t);
		static int reads;

		if (real == NULL)
			real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
		if (fd == 0 && getenv("READ_FAIL") != NULL && ++reads == 2) {
			errno = EIO;
			return -1;
		}
		return real(fd, buf, count);
	}
	EOF
	cc -O2 -shared -fPIC -o "$BATS_TEST_TMPDIR/unwiped.so" \
		"$BATS_TEST_TMPDIR/unwiped.c" -ldl
}

# marked_lines N SIZE: N lines of SIZE bytes, each starting with the marker.
marked_lines() {
	local i
	for ((i = 0; i < $1; i++)); do
		printf MARKER-7f3a9c
		head -c "$(($2 - 13))" /dev/zero | tr '\0' x
		echo
	done
}

@test "the input is wiped before its memory is freed: long input, long lines, a read error" {
	require_native
	needs_plain_build
	unwiped_shim
	local shim=$BATS_TEST_TMPDIR/unwiped.so i
	# The check can fail: a word list is no secret, and is freed as it is.
	printf 'MARKER-7f3a9c\nb\n' >"$BATS_TEST_TMPDIR/list"
	run -0 --separate-stderr env LD_PRELOAD="$shim" "$GETRANDOM" --words 1 \
		--wordlist "$BATS_TEST_TMPDIR/list"
	[ "$stderr" = "unwiped input freed" ]
	# --shuffle's buffer grows past its first 64 KiB.
	marked_lines 4 50000 >"$BATS_TEST_TMPDIR/in"
	run -0 --separate-stderr env LD_PRELOAD="$shim" "$GETRANDOM" --shuffle \
		<"$BATS_TEST_TMPDIR/in"
	[ -z "$stderr" ] || fail_with "--shuffle: $stderr"
	[ "${#lines[@]}" -eq 4 ]
	# --sample's record grows with each longer line.
	for ((i = 1; i <= 6; i++)); do
		marked_lines 1 $((i * 3000))
	done >"$BATS_TEST_TMPDIR/in"
	run -0 --separate-stderr env LD_PRELOAD="$shim" "$GETRANDOM" --sample 2 \
		<"$BATS_TEST_TMPDIR/in"
	[ -z "$stderr" ] || fail_with "--sample: $stderr"
	[ "${#lines[@]}" -eq 2 ]
	# A read that fails after the first: what was read is wiped too.
	local option
	for option in --shuffle --sample=2; do
		run -1 --separate-stderr env READ_FAIL=1 LD_PRELOAD="$shim" \
			"$GETRANDOM" "$option" <"$BATS_TEST_TMPDIR/in"
		[ "$stderr" = "getrandom: read error on standard input: Input/output error" ] ||
			fail_with "$option: $stderr"
		[ -z "$output" ]
	done
}

# order_shim: builds $BATS_TEST_TMPDIR/order.so, preloaded to say
# "unwiped order freed" on standard error when a block freed holds, as
# words, every multiple of $ORDER_STEP from $ORDER_STEP to
# ($ORDER_COUNT - 1) * $ORDER_STEP: the record offsets of a shuffle of
# $ORDER_COUNT lines of $ORDER_STEP bytes, or Floyd's "already in" slots,
# 1 to K.  In whatever order they lie, they are the order drawn.
order_shim() {
	require cc
	cat >"$BATS_TEST_TMPDIR/order.c" <<-'EOF'
	#define _GNU_SOURCE
	#include <dlfcn.h>
	#include <malloc.h>
	#include <stdlib.h>
	#include <string.h>
	#include <unistd.h>

	static int holds_order(void *p)
	{
		const char *step_text = getenv("ORDER_STEP");
		const char *count_text = getenv("ORDER_COUNT");
		size_t step, count, found = 0, n, w;
		static unsigned char seen[4096];	/* no malloc within free */

		if (p == NULL || step_text == NULL || count_text == NULL)
			return 0;
		step = strtoul(step_text, NULL, 10);
		count = strtoul(count_text, NULL, 10);
		if (step == 0 || count < 2 || count > sizeof(seen))
			return 0;
		memset(seen, 0, count);
		n = malloc_usable_size(p) / sizeof(size_t);
		for (size_t i = 0; i < n; i++) {
			memcpy(&w, (char *)p + i * sizeof(w), sizeof(w));
			if (w != 0 && w % step == 0 && w / step < count &&
			    !seen[w / step]) {
				seen[w / step] = 1;
				found++;
			}
		}
		return found == count - 1;
	}

	void free(void *p)
	{
		static void (*real)(void *);
		static const char text[] = "unwiped order freed\n";

		if (real == NULL)
			real = (void (*)(void *))dlsym(RTLD_NEXT, "free");
		if (holds_order(p) && write(2, text, sizeof(text) - 1) < 0)
			abort();
		real(p);
	}
	EOF
	cc -O2 -shared -fPIC -o "$BATS_TEST_TMPDIR/order.so" \
		"$BATS_TEST_TMPDIR/order.c" -ldl
	# The control: 300 offsets of 1000 bytes, out of order, freed unwiped.
	cat >"$BATS_TEST_TMPDIR/order-control.c" <<-'EOF'
	#include <stdlib.h>

	int main(void)
	{
		size_t *order = malloc(300 * sizeof(*order));

		if (order == NULL)
			return 1;
		for (size_t i = 0; i < 300; i++)
			order[i] = (i * 7 % 300) * 1000;
		free(order);
		return 0;
	}
	EOF
	cc -O0 -o "$BATS_TEST_TMPDIR/order-control" "$BATS_TEST_TMPDIR/order-control.c"
}

@test "the order drawn is wiped before its memory is freed: --shuffle, --sample of a range" {
	require_native
	needs_plain_build
	order_shim
	local shim=$BATS_TEST_TMPDIR/order.so
	# The check can fail: a block of the offsets, shuffled, freed as it is.
	run -0 --separate-stderr env ORDER_STEP=1000 ORDER_COUNT=300 LD_PRELOAD="$shim" \
		"$BATS_TEST_TMPDIR/order-control"
	[ "$stderr" = "unwiped order freed" ]
	printf '%999s\n' $(seq 300) >"$BATS_TEST_TMPDIR/in"
	# 300 lines of 1000 bytes: their offsets, once shuffled, are the output's order.
	run -0 --separate-stderr env ORDER_STEP=1000 ORDER_COUNT=300 LD_PRELOAD="$shim" \
		"$GETRANDOM" --shuffle <"$BATS_TEST_TMPDIR/in"
	[ "${#lines[@]}" -eq 300 ]
	[ -z "$stderr" ] || fail_with "--shuffle: $stderr"
	# Floyd's set holds 1 to K at the places the values drawn hash to.
	run -0 --separate-stderr env ORDER_STEP=1 ORDER_COUNT=201 LD_PRELOAD="$shim" \
		"$GETRANDOM" --sample 200 --range 1-1000000
	[ "${#lines[@]}" -eq 200 ]
	[ -z "$stderr" ] || fail_with "--sample --range: $stderr"
}

@test "a read error on standard input is reported, status 1, no file" {
	mkdir "$BATS_TEST_TMPDIR/d"
	local option
	for option in --shuffle --sample=3; do
		run -1 --separate-stderr bash -c '"$GETRANDOM" "$1" -o "$2" <"$3"' _ \
			"$option" "$BATS_TEST_TMPDIR/d/f" "$BATS_TEST_TMPDIR/d"
		[ "$stderr" = "getrandom: read error on standard input: Is a directory" ] ||
			fail_with "$option: $stderr"
		[ -z "$(files_in "$BATS_TEST_TMPDIR/d")" ]
	done
}

# --- FILE operands ---

@test "--shuffle and --sample read FILE operands in turn, - as standard input, as shuf and sort do" {
	local d=$BATS_TEST_TMPDIR option
	printf 'a\nb\nc' >"$d/one"	# the last line of one file ends there
	printf 'd\ne\n' >"$d/two"
	: >"$d/empty"
	run -0 bash -c 'echo x | "$GETRANDOM" --shuffle "$1" - "$2" "$3" >"$OUT"' _ \
		"$d/one" "$d/empty" "$d/two"
	[ "$(LC_ALL=C sort "$OUT" | tr '\n' ,)" = "a,b,c,d,e,x," ]
	run -0 bash -c 'echo x | "$GETRANDOM" --sample 9 "$1" - "$2" >"$OUT"' _ "$d/one" "$d/two"
	[ "$(LC_ALL=C sort "$OUT" | tr '\n' ,)" = "a,b,c,d,e,x," ]
	gr --sample=2 "$d/one"
	[ "$(wc -l <"$OUT")" -eq 2 ]
	run ! grep -vx '[abc]' "$OUT"
	[ "$(sort -u "$OUT" | wc -l)" -eq 2 ]
	# -z: a file's last record ends at its end too.
	printf 'p\0q' >"$d/z1" && printf 'r\0' >"$d/z2"
	gr --shuffle -z "$d/z1" "$d/z2"
	[ "$(tr '\0' '\n' <"$OUT" | LC_ALL=C sort | tr '\n' ,)" = "p,q,r," ]
}

@test "a FILE that cannot be read: its name said, status 1, nothing written, no file" {
	local d=$BATS_TEST_TMPDIR option bad
	printf 'a\nb\n' >"$d/good"
	mkdir "$d/dir" "$d/keys"
	for option in --shuffle --sample=1; do
		for bad in missing dir; do
			run -1 --separate-stderr "$GETRANDOM" "$option" "$d/good" "$d/$bad"
			[ "$stderr" = "getrandom: cannot read '$d/$bad': $([ $bad = dir ] && echo 'Is a directory' || echo 'No such file or directory')" ] ||
				fail_with "$option $bad: $stderr"
			[ -z "$output" ] || fail_with "$option $bad wrote: $output"
			run -1 --separate-stderr "$GETRANDOM" "$option" "$d/$bad" "$d/good" -o "$d/keys/out"
			[ -z "$(files_in "$d/keys")" ] || fail_with "$option $bad: $(files_in "$d/keys")"
		done
	done
}

@test "FILE operands are for lines alone: other modes name the operand and what takes one" {
	run --separate-stderr gr --range 1-9 --shuffle "$BATS_TEST_TMPDIR/f"
	assert_usage_error "extra operand '$BATS_TEST_TMPDIR/f': --range takes no FILE"
	run --separate-stderr gr --password "$BATS_TEST_TMPDIR/f"
	assert_usage_error "invalid password length"
	run --separate-stderr gr --hex words.txt
	assert_usage_error "extra operand 'words.txt' (only --shuffle and --sample read FILE operands)"
}

@test "bad sample sizes are usage errors" {
	assert_bad_counts sample "sample size"
}

# --- bounds: an endless input ends with a message, not the machine's memory ---

# Each run below has 3 GB of address space (ulimit -v): more than the
# bounds need, less than reading on would, so that a broken bound fails
# the test with "out of memory" instead of starving the machine.

@test "an endless line stops at 1 GiB held, with its message and status 1" {
	require_native	# qemu-user would need the address space itself
	needs_plain_build "AddressSanitizer's runtime reserves more address space than the limit"
	[ "$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)" -gt 2500000 ] ||
		skip "fewer than 2.5 GB of memory free to hold 1 GiB of input"
	run -1 --separate-stderr bash -c 'ulimit -v 3000000 && exec "$@"' _ \
		"$GETRANDOM" --shuffle </dev/zero
	[ "$stderr" = "getrandom: standard input holds more than 1 GiB: --shuffle takes at most 1 GiB in 16777216 lines" ]
	[ -z "$output" ] || fail_with "wrote: ${output:0:80}"
	run -1 --separate-stderr bash -c 'ulimit -v 3000000 && exec "$@"' _ \
		"$GETRANDOM" --sample 1 </dev/zero
	[ "$stderr" = "getrandom: standard input holds more than 1 GiB: --sample keeps at most 1 GiB in 16777216 lines" ]
	[ -z "$output" ] || fail_with "wrote: ${output:0:80}"
}

@test "more than 16777216 lines stop with their message and status 1" {
	require_native
	needs_plain_build "AddressSanitizer's runtime reserves more address space than the limit"
	run -1 --separate-stderr bash -c 'ulimit -v 3000000 && exec "$@"' _ \
		"$GETRANDOM" --shuffle < <(yes | head -n 16777217)
	[ "$stderr" = "getrandom: standard input holds more than 16777216 lines: --shuffle takes at most 1 GiB in 16777216 lines" ]
	[ -z "$output" ] || fail_with "wrote: ${output:0:80}"
	run -1 --separate-stderr bash -c 'ulimit -v 3000000 && exec "$@"' _ \
		"$GETRANDOM" --sample 20000000 < <(yes | head -n 16777217)
	[ "$stderr" = "getrandom: standard input holds more than 16777216 lines: --sample keeps at most 1 GiB in 16777216 lines" ]
	[ -z "$output" ] || fail_with "wrote: ${output:0:80}"
}
