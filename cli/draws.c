// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * count values, one per line: integers in a range, passwords, UUIDs,
 * ULIDs, passphrases or MAC addresses.
 * Random bytes come from getrandom(2) in batches (draw.c), text goes out
 * a buffer at a time (lines.c): both sizes are fixed, so any count up to
 * 2^64-1 runs in the same memory.
 *
 * Many values that do not depend on each other are made in blocks, each a
 * buffer's worth, by as many threads as bulk output uses (ring.c), and
 * written in order.  Each value is still drawn alone from its own bytes,
 * so the values are exactly as likely as one thread would make them.
 * UUIDv7s and ULIDs carry a clock from one to the next: one thread
 * makes those.
 */
#include <err.h>
#include <string.h>

#include "draws.h"
#include "draw.h"
#include "lines.h"
#include "password.h"
#include "pump.h"
#include "ring.h"
#include "ulid.h"
#include "uuid.h"

/* Bytes of randomness one value takes, about: sizes the first batch. */
static uint64_t bytes_per_value(const struct draw_request *req)
{
	switch (req->kind) {
	case DRAW_RANGE:
		return req->range.size == 0 || req->range.size > (1ull << 32) ?
		       8 : 4;
	case DRAW_PASSWORD:
		return req->length > UINT32_MAX ? UINT32_MAX : 2 * req->length;
	case DRAW_WORDS:
		return req->words > UINT32_MAX ? UINT32_MAX : 3 * req->words;
	default:
		return 16;
	}
}

static uint64_t first_batch_hint(const struct draw_request *req,
				 uint64_t count)
{
	uint64_t per = bytes_per_value(req);

	return count > DRAW_BATCH / per ? DRAW_BATCH : count * per + 16;
}

/* Integers come a block at a time: a die roll is too small to go alone. */
#define RANGE_BLOCK 256u

/* Writes up to RANGE_BLOCK integers of the range; returns how many. */
static uint64_t put_in_range(struct lines *out, struct draw_source *src,
			     const struct range *range, uint64_t want)
{
	uint64_t offsets[RANGE_BLOCK];
	size_t k = want < RANGE_BLOCK ? (size_t)want : RANGE_BLOCK;
	char *p;

	draw_below_many(src, range->size, offsets, k);
	if (src->error)
		return 0;
	p = lines_room(out, k * (range_text_max(range) + 1));
	for (size_t i = 0; i < k; i++) {
		size_t len = format_in_range(range, offsets[i], p);

		p[len] = '\n';
		p += len + 1;
		out->len += len + 1;
	}
	explicit_bzero(offsets, k * sizeof(*offsets));
	return k;
}

/* What goes between the words of a passphrase: --separator, or a space. */
const char *words_separator(const struct draw_request *req)
{
	return req->separator ? req->separator : " ";
}

/* A passphrase: words drawn independently and uniformly, joined by sep. */
static void put_words(struct lines *out, struct draw_source *src,
		      const struct draw_request *req)
{
	const struct wordlist *list = &req->list;
	const char *sep = words_separator(req);
	size_t sep_len = strlen(sep);

	for (uint64_t i = 0; i < req->words; i++) {
		const char *word;

		/* Nothing drawn after a failure may reach the output. */
		if (src->error || out->failed)
			return;
		if (i > 0)
			lines_put(out, sep, sep_len);
		word = list->words + list->starts[draw_below(src, list->count)];
		lines_put(out, word, strlen(word));
	}
	if (src->error)
		return;
	lines_put(out, "\n", 1);
}

/* The state one run keeps from a value to the next. */
struct clocks {
	struct uuid_clock uuid;
	struct ulid_clock ulid;
	bool failed;		/* a value could not be made, and said why */
};

/* Writes up to want values; returns how many. */
static uint64_t put_values(const struct draw_request *req, struct lines *out,
			   struct draw_source *src, struct clocks *clocks,
			   uint64_t want)
{
	switch (req->kind) {
	case DRAW_RANGE:
		return put_in_range(out, src, &req->range, want);
	case DRAW_PASSWORD:
		if (req->rules.count > 0)
			put_ruled_password(out, src, &req->charset, req->length,
					   &req->rules);
		else
			put_password(out, src, &req->charset, req->length);
		break;
	case DRAW_UUID:
		if (req->uuid_version == 4) {
			put_uuid4(out, src, &req->uuid_format);
		} else if (!put_uuid7(out, src, &clocks->uuid, &req->uuid_format)) {
			clocks->failed = true;
			return 0;
		}
		break;
	case DRAW_WORDS:
		put_words(out, src, req);
		break;
	case DRAW_MAC:
		put_mac(out, src, &req->mac_prefix);
		break;
	case DRAW_ULID:
		if (!put_ulid(out, src, &clocks->ulid)) {
			clocks->failed = true;
			return 0;
		}
		break;
	case DRAW_NONE:
		break;
	}
	return 1;
}

/* One thread, value after value. */
static int draws_serial(const struct draw_request *req, uint64_t count,
			unsigned int flags, struct sink *sink,
			int *random_error)
{
	static struct draw_source src;
	static struct lines out;
	struct clocks clocks = { .failed = false };

	draw_init(&src, flags, first_batch_hint(req, count));
	lines_init(&out, sink);
	for (uint64_t done = 0; done < count && !src.error && !out.failed &&
	     !clocks.failed;)
		done += put_values(req, &out, &src, &clocks, count - done);
	/* The lines before a failed ULID or UUID are whole and valid: they go out. */
	if (!src.error)
		lines_flush(&out);
	*random_error = src.error;
	draw_wipe(&src);
	lines_wipe(&out);
	ulid_wipe(&clocks.ulid);
	return src.error || out.failed || clocks.failed ? -1 : 0;
}

/* The most text one value can take, newline included; 0 if unbounded. */
static uint64_t value_text_max(const struct draw_request *req)
{
	const char *sep = words_separator(req);

	switch (req->kind) {
	case DRAW_RANGE:
		return range_text_max(&req->range) + 1;
	case DRAW_PASSWORD:
		return req->length < LINES_BUFFER ? req->length + 1 : 0;
	case DRAW_UUID:
		return req->uuid_version == 4 ? UUID_FORMAT_TEXT_MAX + 1 : 0;
	case DRAW_MAC:
		return 3 * MAC_BYTES;
	case DRAW_WORDS:
		if (req->words >= LINES_BUFFER)
			return 0;
		return req->words * (wordlist_longest(&req->list) +
				     strlen(sep)) + 1;
	default:
		return 0;
	}
}

/* Fewer values than this to a block would cost more than threads save. */
#define BLOCK_VALUES_MIN 16u

/* A block of values: its own random bytes and its own text. */
struct draw_block {
	struct draw_source src;
	struct lines out;
};

struct draw_job {
	const struct draw_request *req;
	uint64_t count;
	uint64_t per_block;	/* values; their text fits in LINES_BUFFER */
	unsigned int flags;
};

static int block_setup(void *slot, const void *context)
{
	const struct draw_job *job = context;
	struct draw_block *block = slot;

	draw_init(&block->src, job->flags, DRAW_BATCH);
	/* No sink: a block is counted to fit its buffer, and never flushes. */
	lines_init(&block->out, NULL);
	return 0;
}

/* Makes block index: values [index * per_block, ...) of the run. */
static int block_fill(void *slot, const void *context, uint64_t index)
{
	const struct draw_job *job = context;
	struct draw_block *block = slot;
	uint64_t first = index * job->per_block;
	uint64_t want = job->count - first < job->per_block ?
			job->count - first : job->per_block;
	struct clocks none = { .failed = false };	/* no kind here uses them */

	block->out.len = 0;
	for (uint64_t done = 0; done < want && !block->src.error;)
		done += put_values(job->req, &block->out, &block->src, &none,
				   want - done);
	return block->src.error;
}

static const void *block_output(const void *slot, size_t *length)
{
	const struct draw_block *block = slot;

	*length = block->out.len;
	return block->out.buf;
}

static void block_teardown(void *slot)
{
	struct draw_block *block = slot;

	draw_wipe(&block->src);
	lines_wipe(&block->out);
}

/* Values to a block: as many as the longest fills a buffer with; 0: none. */
static uint64_t values_per_block(const struct draw_request *req)
{
	uint64_t text_max = value_text_max(req);

	return text_max == 0 ? 0 : LINES_BUFFER / text_max;
}

/* Returns 0, or -1 with *random_error set (0 when the sink failed). */
int draws_run(const struct draw_request *req, uint64_t count,
	      unsigned int flags, unsigned int threads, struct sink *sink,
	      int *random_error)
{
	struct draw_job job = { .req = req, .count = count, .flags = flags };
	struct ring_work work = {
		.slot_size = sizeof(struct draw_block),
		.context = &job,
		.setup = block_setup,
		.fill = block_fill,
		.output = block_output,
		.teardown = block_teardown,
		.sink = sink,
	};
	struct ring_failure failure;

	/* A small run asks nothing more: not the CPUs, not the longest word. */
	threads = pump_threads(threads, pump_input_bytes(bytes_per_value(req),
							 count), UINT64_MAX);
	if (threads > 1)
		job.per_block = values_per_block(req);
	/* Values that depend on each other, or too long to block: one thread. */
	if (job.per_block < BLOCK_VALUES_MIN)
		return draws_serial(req, count, flags, sink, random_error);
	work.items = count / job.per_block + (count % job.per_block != 0);
	if (work.items < threads)
		threads = (unsigned int)work.items;
	*random_error = 0;
	if (ring_run(&work, threads, &failure) == 0)
		return 0;
	*random_error = failure.random_error;
	if (!failure.random_error && !failure.write_failed)
		warnx("out of memory");
	return -1;
}
