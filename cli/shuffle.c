// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --shuffle and --sample=K, on the records of the FILE operands or of
 * standard input (lines, or NUL-terminated with -z) or on the integers of
 * --range.  The files are read in turn, as shuf and sort read theirs ("-"
 * is standard input), and the last record of each ends there, its end
 * mark or not; each is held as standard input is, in memory that grows
 * as it comes.
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
 *
 * What is held of standard input is bounded, so that an endless input (a
 * device, a line that never ends) stops with a message, not at the end
 * of the machine's memory: --shuffle holds at most HELD_BYTES_MAX bytes
 * of input in at most HELD_RECORDS_MAX records; --sample keeps at most
 * as many, the record being read included.
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "draw.h"
#include "lines.h"
#include "quote.h"
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
	size_t next_file;	/* the FILE operand to open next */
	int fd;			/* the input being read, or -1 */
	const char *name;	/* its FILE operand, or NULL: standard input */
	size_t kept_bytes;	/* of --sample's reservoir */
};

static struct job job;

/* 1 GiB of input and 2^24 records: the bounds --help and the docs give. */
#define HELD_BYTES_MAX ((size_t)1 << 30)
#define HELD_RECORDS_MAX ((size_t)1 << 24)

/*
 * What a bound is said of: standard input, the one FILE, or the inputs
 * together where there are several (a record bound counts them all).
 */
static const char *input_name(const struct job *j)
{
	if (j->req->file_count > 1)
		return "the input";
	return j->name == NULL ? "standard input" : quote(j->name);
}

/* Past a bound: said once, and the run fails (status 1). */
static void too_much(struct job *j, const char *what)
{
	if (!j->failed)
		warnx("%s holds more than %s: %s", input_name(j), what,
		      j->req->shuffle ? "--shuffle takes at most 1 GiB in 16777216 lines" :
		      "--sample keeps at most 1 GiB in 16777216 lines");
	j->failed = true;
}

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

/*
 * Input held in memory: all of standard input for --shuffle, a record for
 * --sample.  Its buffer is mapped pages grown by mremap(), which moves
 * them without a copy: the input is held once, and no piece of it is left
 * behind in freed memory, as realloc() leaves a small block it copied
 * from.
 */
struct input {
	char *buf;
	size_t len, size;
};

/* Wipes and unmaps the input: it may be secrets. */
static void drop_input(struct input *in)
{
	if (in->buf != NULL) {
		explicit_bzero(in->buf, in->len);
		munmap(in->buf, in->size);
	}
	*in = (struct input){ NULL, 0, 0 };
}

static bool grow_input(struct input *in)
{
	size_t bigger = in->size ? 2 * in->size : 65536;
	void *p;

	if (bigger < in->size || bigger > HELD_BYTES_MAX)
		return false;
	if (in->buf == NULL)
		p = mmap(NULL, bigger, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	else
		p = mremap(in->buf, in->size, bigger, MREMAP_MAYMOVE);
	if (p == MAP_FAILED)
		return false;
	in->buf = p;
	in->size = bigger;
	return true;
}

/*
 * read(2) of an input.  A parent may have left standard input
 * non-blocking: EAGAIN then waits in poll(2) until input comes, as a
 * blocking read would.  EINTR and EAGAIN are tried again, but not for
 * ever, as write_all() does (a seccomp filter's errno would keep the run
 * spinning): after READ_TRIES_MAX in a row, -1 with the last errno.
 */
#define READ_TRIES_MAX 100

static ssize_t read_fd(int fd, void *buf, size_t len)
{
	for (int tries = 1;; tries++) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		ssize_t n = read(fd, buf, len);

		if (n >= 0 || (errno != EINTR && errno != EAGAIN) ||
		    tries == READ_TRIES_MAX)
			return n;
		if (errno == EAGAIN && poll(&pfd, 1, -1) == -1 && errno != EINTR)
			return -1;
	}
}

/* A failed read or open, said with the input's name; the run fails. */
static void input_failed(struct job *j)
{
	if (j->name == NULL)
		warn("read error on standard input");
	else
		warn("cannot read %s", quote(j->name));
	j->failed = true;
}

/* Closes the input being read; standard input stays open. */
static void close_input(struct job *j)
{
	if (j->fd > STDIN_FILENO)
		close(j->fd);
	j->fd = -1;
}

/*
 * Opens the next input: the next FILE operand, or standard input when
 * there is none at all.  False at the end of the inputs, or on an error
 * (said).
 */
static bool open_next_input(struct job *j)
{
	const struct draw_request *req = j->req;
	const char *file;

	close_input(j);
	if (req->file_count == 0 && j->next_file++ == 0) {
		j->fd = STDIN_FILENO;
		j->name = NULL;
		return true;
	}
	if (j->next_file >= req->file_count || req->file_count == 0)
		return false;
	file = req->files[j->next_file++];
	j->name = strcmp(file, "-") == 0 ? NULL : file;
	j->fd = j->name == NULL ? STDIN_FILENO :
		open(file, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (j->fd == -1) {
		input_failed(j);
		return false;
	}
	return true;
}

/*
 * Reads from the input being read: how much came, 0 at its end, or -1
 * on an error (said).
 */
static ssize_t read_input_fd(struct job *j, void *buf, size_t len)
{
	ssize_t n = read_fd(j->fd, buf, len);

	if (n == -1)
		input_failed(j);
	return n;
}

/* At the bound: whether the input being read ends there; false, said, if not. */
static bool input_ends(struct job *j)
{
	char more;
	ssize_t n = read_input_fd(j, &more, 1);

	explicit_bzero(&more, sizeof(more));
	if (n == 0)
		return true;
	if (n > 0)
		too_much(j, "1 GiB");
	return false;
}

/* Room in *in for one more byte; false, said, at the bound or out of memory. */
static bool input_room(struct job *j, struct input *in)
{
	if (in->len < in->size)
		return true;
	if (in->len == HELD_BYTES_MAX) {
		too_much(j, "1 GiB");
		return false;
	}
	if (!grow_input(in)) {
		out_of_memory(j);
		return false;
	}
	return true;
}

/*
 * Reads the input being read onto the end of *in; false, said, on an
 * error or past the bound.  An input whose last record has no end mark
 * gets one, so that it does not run into the next input's first.
 */
static bool append_input(struct job *j, struct input *in)
{
	size_t start = in->len;

	for (;;) {
		ssize_t n;

		/* Exactly at the bound is allowed: only a byte more is not. */
		if (in->len == HELD_BYTES_MAX) {
			if (!input_ends(j))
				return false;
			break;
		}
		if (!input_room(j, in))
			return false;
		n = read_input_fd(j, in->buf + in->len, in->size - in->len);
		if (n == 0)
			break;
		if (n == -1)
			return false;
		in->len += (size_t)n;
	}
	if (in->len > start && in->buf[in->len - 1] != j->end) {
		if (!input_room(j, in))
			return false;
		in->buf[in->len++] = j->end;
	}
	return true;
}

/* Reads every input into *in, one after the other; false, said, on an error. */
static bool read_input(struct job *j, struct input *in)
{
	*in = (struct input){ NULL, 0, 0 };
	while (open_next_input(j))
		if (!append_input(j, in)) {
			drop_input(in);
			return false;
		}
	if (j->failed)
		drop_input(in);
	return !j->failed;
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

		if (n == HELD_RECORDS_MAX) {
			free(starts);
			too_much(j, "16777216 lines");
			return NULL;
		}
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
	struct input in;

	if (read_input(j, &in) && in.len > 0)
		starts = index_records(j, in.buf, in.len, &n);
	if (starts != NULL)
		shuffle(j, starts, n, sizeof(*starts));
	for (size_t i = 0; starts != NULL && i < n && !stopped(j); i++) {
		const char *text = in.buf + starts[i];
		const char *mark = memchr(text, j->end, in.len - starts[i]);

		put_record(j, text, mark ? (size_t)(mark - text) :
			   in.len - starts[i]);
	}
	drop_input(&in);
	/* Shuffled, the index is the order written: as secret as the lines. */
	if (starts != NULL)
		explicit_bzero(starts, n * sizeof(*starts));
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
	j->kept_bytes += len;
	if (slot->text != NULL) {
		explicit_bzero(slot->text, slot->len);
		free(slot->text);
		j->kept_bytes -= slot->len;
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
	if (i == HELD_RECORDS_MAX) {
		too_much(j, "16777216 lines");
		return false;
	}
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
 * Standard input for --sample, a buffer at a time, and the record being
 * read.  Not stdio's getdelim(): it grows its line with realloc(), which
 * frees the old block, a piece of the input, without wiping it.  The
 * record grows as --shuffle's input does, and line.len is the most it
 * has held, all of which is wiped at the end.
 */
struct reader {
	char buf[65536];
	size_t pos, len;
	bool done;		/* every input is read */
	struct input line;	/* the record, its end mark left out */
};

/* Room for need more bytes after used in r->line; false, said, if none. */
static bool line_room(struct job *j, struct reader *r, size_t used, size_t need)
{
	if (need > HELD_BYTES_MAX - j->kept_bytes - used) {
		too_much(j, "1 GiB");
		return false;
	}
	while (r->line.buf == NULL || r->line.size - used < need)
		if (!grow_input(&r->line)) {
			out_of_memory(j);
			return false;
		}
	return true;
}

/*
 * Refills r->buf from the input being read, opening the next one where
 * none is open; returns how much came, 0 at the end of an input (closed
 * then; r->done at the end of them all), or -1, said.  An input is closed
 * at its end, never read again: a terminal would wait for more.
 */
static ssize_t refill_input(struct job *j, struct reader *r)
{
	ssize_t n;

	if (j->fd == -1 && !open_next_input(j)) {
		r->done = !j->failed;
		return j->failed ? -1 : 0;
	}
	n = read_input_fd(j, r->buf, sizeof(r->buf));
	if (n == -1)
		return -1;
	if (n == 0)
		close_input(j);
	r->pos = 0;
	r->len = (size_t)n;
	return n;
}

/*
 * The next record into r->line, its length into *len; false at the end of
 * the inputs, or on an error (said).  The last record of an input, with
 * its end mark or without, is a record.
 */
static bool next_record(struct job *j, struct reader *r, size_t *len)
{
	size_t used = 0;
	bool any = false;

	for (;;) {
		const char *start = r->buf + r->pos, *mark;
		size_t take;

		if (r->pos == r->len) {
			ssize_t n = refill_input(j, r);

			*len = used;
			if (n == -1)
				return false;
			if (n == 0 && any)
				return true;	/* the last record of an input */
			if (n == 0 && r->done)
				return false;
			if (n == 0)
				continue;
			start = r->buf;
		}
		any = true;
		mark = memchr(start, j->end, r->len - r->pos);
		take = mark ? (size_t)(mark - start) : r->len - r->pos;
		if (!line_room(j, r, used, take))
			return false;
		memcpy(r->line.buf + used, start, take);
		used += take;
		if (used > r->line.len)
			r->line.len = used;
		r->pos += take + (mark != NULL);
		if (mark != NULL) {
			*len = used;
			return true;
		}
	}
}

/*
 * Algorithm R over the records of standard input, into *slots (grown as
 * records come, never past k); returns how many are kept.
 */
static size_t fill_reservoir(struct job *j, struct reader *r,
			     struct record **slots, size_t k)
{
	size_t kept = 0, size = 0, len;

	for (uint64_t i = 0; !stopped(j) && next_record(j, r, &len); i++) {
		uint64_t slot = i;

		if (i >= k)
			slot = draw_below(&j->src, i + 1);
		if (slot >= k || !reservoir_room(j, slots, &size, (size_t)slot, k))
			continue;
		if (keep(j, &(*slots)[slot], r->line.buf, len) && i < k)
			kept++;
	}
	return kept;
}

static void sample_input(struct job *j, uint64_t k)
{
	/* Static: 64 KiB is too much for a stack; wiped, as what it held. */
	static struct reader reader;
	struct record *slots = NULL;
	size_t kept;

	/* More slots than memory can hold are never needed: it would run out first. */
	if (k > SIZE_MAX / sizeof(*slots))
		k = SIZE_MAX / sizeof(*slots);
	kept = fill_reservoir(j, &reader, &slots, (size_t)k);
	if (!stopped(j)) {
		shuffle(j, slots, kept, sizeof(*slots));
		put_records(j, slots, kept);
	}
	for (size_t i = 0; i < kept; i++) {
		explicit_bzero(slots[i].text, slots[i].len);
		free(slots[i].text);
	}
	/* The records' addresses, in the order written, are the order drawn. */
	if (slots != NULL)
		explicit_bzero(slots, kept * sizeof(*slots));
	free(slots);
	drop_input(&reader.line);
	explicit_bzero(reader.buf, sizeof(reader.buf));
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
	/* Where each value landed in the set says which values were drawn. */
	explicit_bzero(set.slots, ((size_t)1 << set.bits) * sizeof(*set.slots));
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
	j->next_file = 0;
	j->fd = -1;
	j->kept_bytes = 0;
	draw_init(&j->src, flags, DRAW_BATCH);
	lines_init(&j->out, sink);
	if (req->kind == DRAW_RANGE)
		sample_range(j, req->sample, req->shuffle);
	else if (req->shuffle)
		shuffle_input(j);
	else
		sample_input(j, req->sample);
	close_input(j);
	if (!j->src.error && !j->failed)
		lines_flush(&j->out);
	*random_error = j->src.error;
	draw_wipe(&j->src);
	lines_wipe(&j->out);
	return stopped(j) ? -1 : 0;
}
