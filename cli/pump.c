// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The data path: chunks of random bytes, filled and encoded in a ring
 * (ring.c) by as many threads as the output is worth, and written in
 * order.
 */
#include "chunk.h"
#include "pump.h"

static int chunk_setup(void *slot, const void *context)
{
	return chunk_alloc(slot, context);
}

static int chunk_make(void *slot, const void *context, uint64_t index)
{
	return chunk_fill(slot, context, index);
}

static const void *chunk_output(const void *slot, size_t *length)
{
	const struct chunk *chunk = slot;

	*length = chunk->length;
	return chunk->data;
}

static void chunk_teardown(void *slot)
{
	chunk_free(slot);
}

/* count outputs of bytes each draw this many bytes; UINT64_MAX if more. */
uint64_t pump_input_bytes(uint64_t bytes, uint64_t count)
{
	if (count != 0 && bytes > UINT64_MAX / count)
		return UINT64_MAX;
	return bytes * count;
}

/*
 * One thread for a small output; else --threads, or one per usable CPU
 * (counting them reads /sys: only an output this large asks).
 */
unsigned int pump_threads(unsigned int asked, uint64_t input_bytes,
			  uint64_t blocks)
{
	if (input_bytes < PUMP_PARALLEL_MIN)
		return 1;
	return ring_threads(asked, blocks);
}

/*
 * Writes the outputs job->layout describes to job->sink.  Returns 0, or
 * -1 with *failure saying why (nothing in it: out of memory).
 */
int pump(const struct pump_job *job, struct ring_failure *failure)
{
	const struct layout *layout = &job->layout;
	struct ring_work work = {
		.slot_size = sizeof(struct chunk),
		.context = layout,
		.setup = chunk_setup,
		.fill = chunk_make,
		.output = chunk_output,
		.teardown = chunk_teardown,
		.sink = job->sink,
	};

	*failure = (struct ring_failure){ 0 };
	if (layout->bytes == 0 || layout->count == 0)
		return 0;
	work.items = chunk_count(layout);
	work.slot_heap = chunk_memory(layout);
	return ring_run(&work, pump_threads(job->threads,
			pump_input_bytes(layout->bytes, layout->count),
			work.items), failure);
}
