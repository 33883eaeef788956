// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --shuffle and --sample=K, on the records of standard input (lines, or
 * NUL-terminated with -z) or on the integers of --range.
 *
 * Every order and every sample is exactly equally likely: the only source
 * of chance is draw_below(), whose integers are unbiased (draw.c).
 *
 * --shuffle reads the whole input (it must: the last record may come
 * first) and permutes an index of the records, one word each, with
 * Fisher-Yates: for i from n-1 down to 1, swap i with a uniform j in
 * [0, i].  Each of the n! orders comes from exactly one sequence of draws.
 *
 * --sample=K of records keeps K of them, never more (reservoir sampling,
 * Algorithm R): the first K fill the reservoir; record i (from 0) then
 * takes slot j = draw_below(i + 1) when j < K.  Each K-subset is then
 * equally likely; the reservoir's order is not, so it is shuffled before
 * it is written.
 *
 * --sample=K of a range keeps K integers, never the range (Floyd's
 * algorithm): for j from N-K to N-1, t = draw_below(j + 1); add t, or j
 * when t is already in.  Each K-subset is equally likely, in O(K) memory;
 * a hash set answers "already in", and the K values are shuffled as
 * above.  When K is the whole range (and for --shuffle of a range) the
 * values are simply listed and shuffled.
 *
 * A K above the number of records or integers gives all of them, in
 * random order, as shuf -n does.
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "draw.h"
#include "lines.h"
#include "shuffle.h"

/* One record: where it starts and how long it is, its end mark left out. */
struct record {
	char *text;
	size_t len;
};

struct job {
	const struct draw_request *req;
	struct draw_source src;
	struct lines out;
	char end;		/* '\n', or '\0' with -z */
	bool failed;		/* reported already: input, memory */
};

static struct job job;

static void out_of_memory(struct job *j)
{
	if (!j->failed)
		warnx("out of memory");
	j->failed = true;
}

static bool stopped(const struct job *j)
{
	return j->src.error || j->out.failed || j->failed;
}

/* Writes one record and its end mark, in pieces if it is long. */
static void put_record(struct job *j, const char *text, size_t len)
{
	while (len > 0 && !j->out.failed) {
		size_t piece = len < LINES_BUFFER / 2 ? len : LINES_BUFFER / 2;

		memcpy(lines_room(&j->out, piece), text, piece);
		j->out.len += piece;
		text += piece;
		len -= piece;
	}
	*lines_room(&j->out, 1) = j->end;
	j->out.len++;
}

/*
 * Fisher-Yates over n items of size bytes (at most 16): the one shuffle
 * of records, of the reservoir and of integers.
 */
static void shuffle(struct job *j, void *items, size_t n, size_t size)
{
	unsigned char *base = items, t[16];

	for (size_t i = n; i > 1 && !j->src.error; i--) {
		size_t k = (size_t)draw_below(&j->src, i);

		memcpy(t, base + (i - 1) * size, size);
		memcpy(base + (i - 1) * size, base + k * size, size);
		memcpy(base + k * size, t, size);
	}
}

static void put_records(struct job *j, const struct record *r, size_t n)
{
	if (j->src.error)
		return;		/* an order drawn from zeros is not random */
	for (size_t i = 0; i < n && !j->out.failed; i++)
		put_record(j, r[i].text, r[i].len);
}

/* Reads all of standard input into *buf; returns its length, or -1. */
static ssize_t read_input(struct job *j, char **buf)
{
	size_t len = 0, size = 0;

	*buf = NULL;
	for (;;) {
		ssize_t n;

		if (len == size) {
			size_t bigger = size ? 2 * size : 65536;
			char *p = bigger > size ? realloc(*buf, bigger) : NULL;

			if (p == NULL) {
				out_of_memory(j);
				return -1;
			}
			*buf = p;
			size = bigger;
		}
		n = read(STDIN_FILENO, *buf + len, size - len);
		if (n == 0)
			return (ssize_t)len;
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			warn("read error on standard input");
			j->failed = true;
			return -1;
		}
		len += (size_t)n;
	}
}

/*
 * Where each record of buf[0..len) starts: one word a record is all the
 * index costs, as its end is found again when it is written.
 */
static size_t *index_records(struct job *j, const char *buf, size_t len,
			     size_t *count)
{
	size_t n = 0, size = 0, *starts = NULL;

	for (size_t start = 0; start < len;) {
		const char *mark = memchr(buf + start, j->end, len - start);

		if (n == size) {
			size_t bigger = size ? 2 * size : 1024;
			size_t *p = reallocarray(starts, bigger, sizeof(*p));

			if (p == NULL) {
				free(starts);
				out_of_memory(j);
				return NULL;
			}
			starts = p;
			size = bigger;
		}
		starts[n++] = start;
		start = mark ? (size_t)(mark - buf) + 1 : len;
	}
	*count = n;
	return starts;
}

static void shuffle_input(struct job *j)
{
	size_t *starts = NULL, n = 0;
	char *buf;
	ssize_t len = read_input(j, &buf);

	if (len > 0)
		starts = index_records(j, buf, (size_t)len, &n);
	if (starts != NULL)
		shuffle(j, starts, n, sizeof(*starts));
	for (size_t i = 0; starts != NULL && i < n && !stopped(j); i++) {
		const char *text = buf + starts[i];
		const char *mark = memchr(text, j->end, (size_t)len - starts[i]);

		put_record(j, text, mark ? (size_t)(mark - text) :
			   (size_t)len - starts[i]);
	}
	/* The input may be secrets: none stays behind in freed memory. */
	if (len > 0)
		explicit_bzero(buf, (size_t)len);
	free(buf);
	free(starts);
}

/* A copy of a record for the reservoir. */
static bool keep(struct job *j, struct record *slot, const char *text,
		 size_t len)
{
	char *copy = malloc(len ? len : 1);

	if (copy == NULL) {
		out_of_memory(j);
		return false;
	}
	memcpy(copy, text, len);
	if (slot->text != NULL) {
		explicit_bzero(slot->text, slot->len);
		free(slot->text);
	}
	*slot = (struct record){ copy, len };
	return true;
}

/* Makes room for slot i of at most k; false when memory ran out. */
static bool reservoir_room(struct job *j, struct record **slots, size_t *size,
			   size_t i, size_t k)
{
	size_t bigger;
	struct record *p;

	if (i < *size)
		return true;
	bigger = *size > k / 2 ? k : (*size ? 2 * *size : 1024);
	if (bigger > k)
		bigger = k;
	p = reallocarray(*slots, bigger, sizeof(**slots));
	if (p == NULL) {
		out_of_memory(j);
		return false;
	}
	memset(p + *size, 0, (bigger - *size) * sizeof(*p));
	*slots = p;
	*size = bigger;
	return true;
}

/*
 * Algorithm R over the records of standard input, into *slots (grown as
 * records come, never past k); returns how many are kept.
 */
static size_t fill_reservoir(struct job *j, struct record **slots, size_t k)
{
	char *line = NULL;
	size_t cap = 0, kept = 0, size = 0;
	ssize_t got;

	for (uint64_t i = 0; !stopped(j) &&
	     (got = getdelim(&line, &cap, j->end, stdin)) != -1; i++) {
		size_t len = (size_t)got;
		uint64_t slot = i;

		if (len > 0 && line[len - 1] == j->end)
			len--;
		if (i >= k)
			slot = draw_below(&j->src, i + 1);
		if (slot >= k || !reservoir_room(j, slots, &size, (size_t)slot, k))
			continue;
		if (keep(j, &(*slots)[slot], line, len) && i < k)
			kept++;
	}
	if (ferror(stdin) && !j->failed) {
		warn("read error on standard input");
		j->failed = true;
	}
	if (line != NULL)
		explicit_bzero(line, cap);
	free(line);
	return kept;
}

static void sample_input(struct job *j, uint64_t k)
{
	/* stdio's buffer for the input, ours so that it can be wiped. */
	static char input_buffer[65536];
	struct record *slots = NULL;
	size_t kept;

	if (setvbuf(stdin, input_buffer, _IOFBF, sizeof(input_buffer)) != 0) {
		out_of_memory(j);
		return;
	}
	/* More slots than memory can hold are never needed: it would run out first. */
	if (k > SIZE_MAX / sizeof(*slots))
		k = SIZE_MAX / sizeof(*slots);
	kept = fill_reservoir(j, &slots, (size_t)k);
	if (!stopped(j)) {
		shuffle(j, slots, kept, sizeof(*slots));
		put_records(j, slots, kept);
	}
	for (size_t i = 0; i < kept; i++) {
		explicit_bzero(slots[i].text, slots[i].len);
		free(slots[i].text);
	}
	free(slots);
	explicit_bzero(input_buffer, sizeof(input_buffer));
}

/* --- integers of a range --- */

/* Floyd's "already in?": open addressing over the values kept so far. */
struct value_set {
	size_t *slots;		/* index + 1 into values, 0 for empty */
	unsigned int bits;	/* 2^bits slots, at least twice the values */
	const uint64_t *values;
};

static size_t slot_of(const struct value_set *set, uint64_t v)
{
	return (size_t)((v * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - set->bits));
}

/* Adds v (the n-th value) unless it is in; returns whether it was. */
static bool set_add(struct value_set *set, uint64_t v, size_t n)
{
	size_t mask = ((size_t)1 << set->bits) - 1;

	for (size_t i = slot_of(set, v);; i = (i + 1) & mask) {
		if (set->slots[i] == 0) {
			set->slots[i] = n + 1;
			return false;
		}
		if (set->values[set->slots[i] - 1] == v)
			return true;
	}
}

/* Floyd's algorithm: k distinct offsets below n (0 for 2^64) into values. */
static void floyd(struct job *j, uint64_t n, uint64_t *values, size_t k)
{
	struct value_set set = { NULL, 1, values };

	while (((size_t)1 << set.bits) < 2 * k)
		set.bits++;
	set.slots = calloc((size_t)1 << set.bits, sizeof(*set.slots));
	if (set.slots == NULL) {
		out_of_memory(j);
		return;
	}
	for (size_t i = 0; i < k && !j->src.error; i++) {
		uint64_t top = n - k + i;	/* mod 2^64: n = 0 is 2^64 */
		uint64_t t = draw_below(&j->src, top + 1);

		values[i] = set_add(&set, t, i) ? top : t;
		if (values[i] == top && t != top)
			set_add(&set, top, i);
	}
	free(set.slots);
}

static void put_values(struct job *j, const uint64_t *v, size_t n)
{
	for (size_t i = 0; i < n && !j->out.failed && !j->src.error; i++) {
		char *p = lines_room(&j->out, RANGE_DIGITS_MAX + 1);
		size_t len = format_in_range(&j->req->range, v[i], p);

		p[len] = j->end;
		j->out.len += len + 1;
	}
}

/* k distinct integers of the range, or all of them, in random order. */
static void sample_range(struct job *j, uint64_t k, bool all)
{
	uint64_t n = j->req->range.size;
	uint64_t *values;

	if (all || (n != 0 && k > n))
		k = n;
	/* 2^64 integers (n = 0 with all) are beyond any memory too. */
	if (k == 0 || k > SIZE_MAX / 2 / sizeof(*values) ||
	    (values = malloc((size_t)k * sizeof(*values))) == NULL) {
		out_of_memory(j);
		return;
	}
	if (k == n) {
		for (size_t i = 0; i < k; i++)
			values[i] = i;
	} else {
		floyd(j, n, values, (size_t)k);
	}
	if (!stopped(j)) {
		shuffle(j, values, (size_t)k, sizeof(*values));
		put_values(j, values, (size_t)k);
	}
	explicit_bzero(values, (size_t)k * sizeof(*values));
	free(values);
}

int shuffle_run(const struct draw_request *req, unsigned int flags,
		struct sink *sink, int *random_error)
{
	struct job *j = &job;

	j->req = req;
	j->end = req->zero_terminated ? '\0' : '\n';
	j->failed = false;
	draw_init(&j->src, flags, DRAW_BATCH);
	lines_init(&j->out, sink);
	if (req->kind == DRAW_RANGE)
		sample_range(j, req->sample, req->shuffle);
	else if (req->shuffle)
		shuffle_input(j);
	else
		sample_input(j, req->sample);
	if (!j->src.error && !j->failed)
		lines_flush(&j->out);
	*random_error = j->src.error;
	draw_wipe(&j->src);
	lines_wipe(&j->out);
	return stopped(j) ? -1 : 0;
}
