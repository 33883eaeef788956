/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Blocks of output made by several threads and written by one, strictly
 * in order: what one thread making them in turn would have written.
 */
#ifndef GETRANDOM_RING_H
#define GETRANDOM_RING_H

#include <stddef.h>
#include <stdint.h>

#include "sink.h"

/*
 * What a ring makes: items blocks, numbered from 0.  Each slot of the
 * ring is slot_size bytes that setup prepares once (allocating slot_heap
 * bytes more for it, which the ring counts against its budget) and
 * teardown wipes;
 * fill makes block index in a slot (0, or getrandom(2)'s errno), and
 * output says where the block's bytes are.  fill runs on any thread, one
 * slot at a time, with only what it is given: work->context is read-only.
 */
struct ring_work {
	uint64_t items;
	size_t slot_size;
	size_t slot_heap;
	const void *context;
	int (*setup)(void *slot, const void *context);	/* 0, or -1: no memory */
	int (*fill)(void *slot, const void *context, uint64_t index);
	const void *(*output)(const void *slot, size_t *length);
	void (*teardown)(void *slot);
	struct sink *sink;
};

/* What went wrong, for the caller to report once every thread has stopped. */
struct ring_failure {
	int random_error;	/* errno of getrandom(2), or 0 */
	int write_failed;	/* the sink already said why */
};

/* The most threads a ring runs: as many as the largest machines have CPUs, and more. */
#define RING_MAX_THREADS 1024u
/* The slots' data past which a ring keeps no spare slots (see ring.c). */
#define RING_SLOTS_BUDGET (4u << 20)

unsigned int ring_threads(unsigned int asked, uint64_t items);
int ring_run(const struct ring_work *work, unsigned int threads,
	     struct ring_failure *failure);

#endif
