// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * With N threads (since Linux 5.18 every CPU has its own CRNG, so
 * getrandom(2) scales), this thread and N - 1 workers take blocks in turn
 * and make them in a ring of slots, and this thread writes them out
 * strictly in order, so the output is exactly what one thread would have
 * written.  This thread makes a block itself whenever the next one to
 * write is not ready yet: it does not sit idle while the workers fill,
 * and it seldom has to sleep and be woken, which costs a context switch
 * per block on a machine with no spare CPU.  With one thread, the ring
 * is one slot that this thread fills and writes in turn.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cpus.h"
#include "ring.h"

/*
 * Each slot has a condition of its own, and so has the writer: a thread
 * that waits is woken only by the one event it waits for (its slot freed,
 * or the next block to write made ready), never by every block, so that
 * the wake-ups do not grow with the number of threads.
 */
struct slot {
	void *data;		/* work->slot_size bytes */
	uint64_t index;		/* which block it holds, once ready */
	bool ready;
	pthread_cond_t freed;	/* a worker waits here for the slot */
};

struct ring {
	const struct ring_work *work;
	pthread_mutex_t lock;
	pthread_cond_t next_ready;	/* the writer waits here */
	uint64_t next_to_fill;
	uint64_t written;	/* blocks [0, written) are out */
	bool stop;
	int random_error;
	unsigned int nslots;
	struct slot *slots;
	unsigned char *data;	/* the slots' data, one cache line apart */
};

static struct slot *slot_of(struct ring *ring, uint64_t k)
{
	return &ring->slots[k % ring->nslots];
}

/* Called with the lock held: stops every thread after the first error. */
static void ring_fail(struct ring *ring, int random_error)
{
	if (!ring->stop && random_error)
		ring->random_error = random_error;
	ring->stop = true;
	for (unsigned int i = 0; i < ring->nslots; i++)
		pthread_cond_broadcast(&ring->slots[i].freed);
	pthread_cond_signal(&ring->next_ready);
}

/* Called with the lock held: the next block to fill, once its slot is free. */
static bool ring_claim(struct ring *ring, uint64_t *index)
{
	if (ring->stop || ring->next_to_fill == ring->work->items)
		return false;
	*index = ring->next_to_fill++;
	while (!ring->stop && *index >= ring->written + ring->nslots)
		pthread_cond_wait(&slot_of(ring, *index)->freed, &ring->lock);
	return !ring->stop;
}

/*
 * Called with the lock held, for a block k this thread has claimed: fills
 * it without the lock and marks its slot ready, waking the writer if k is
 * the block it writes next.  False on error.
 */
static bool ring_fill(struct ring *ring, uint64_t k)
{
	const struct ring_work *work = ring->work;
	struct slot *slot = slot_of(ring, k);
	int error;

	pthread_mutex_unlock(&ring->lock);
	error = work->fill(slot->data, work->context, k);
	pthread_mutex_lock(&ring->lock);
	if (error) {
		ring_fail(ring, error);
		return false;
	}
	slot->index = k;
	slot->ready = true;
	if (k == ring->written)
		pthread_cond_signal(&ring->next_ready);
	return true;
}

static void *fill_worker(void *arg)
{
	struct ring *ring = arg;
	uint64_t k;

	pthread_mutex_lock(&ring->lock);
	while (ring_claim(ring, &k) && ring_fill(ring, k))
		;
	pthread_mutex_unlock(&ring->lock);
	return NULL;
}

/*
 * Called with the lock held: writes block k, which is ready, and frees its
 * slot for the worker that waits for it; stops on error.
 */
static void ring_write(struct ring *ring, uint64_t k,
		       struct ring_failure *failure)
{
	const struct ring_work *work = ring->work;
	struct slot *slot = slot_of(ring, k);
	const void *data;
	size_t length;
	int ret;

	pthread_mutex_unlock(&ring->lock);
	data = work->output(slot->data, &length);
	ret = sink_write(work->sink, data, length);
	pthread_mutex_lock(&ring->lock);
	if (ret == -1) {
		failure->write_failed = 1;
		ring_fail(ring, 0);
		return;
	}
	slot->ready = false;
	ring->written = k + 1;
	pthread_cond_broadcast(&slot->freed);
}

/*
 * Called with the lock held: claims the next block and fills it, if its
 * slot is free now (this thread frees slots, so it must never wait for
 * one).  False if there was none to fill, or on error.
 */
static bool ring_fill_one(struct ring *ring)
{
	uint64_t k = ring->next_to_fill;

	if (k == ring->work->items || k >= ring->written + ring->nslots)
		return false;
	ring->next_to_fill++;
	return ring_fill(ring, k);
}

/* Writes every block in order, filling when the next is not ready; false on stop. */
static bool ring_drive(struct ring *ring, struct ring_failure *failure)
{
	bool ok = true;

	pthread_mutex_lock(&ring->lock);
	while (!ring->stop && ring->written < ring->work->items) {
		uint64_t k = ring->written;
		struct slot *slot = slot_of(ring, k);

		if (slot->ready && slot->index == k)
			ring_write(ring, k, failure);
		else if (!ring_fill_one(ring) && !ring->stop)
			pthread_cond_wait(&ring->next_ready, &ring->lock);
	}
	if (ring->stop)
		ok = false;
	ring_fail(ring, 0);	/* no error: only lets the workers go */
	pthread_mutex_unlock(&ring->lock);
	return ok;
}

static void ring_free(struct ring *ring)
{
	for (unsigned int i = 0; i < ring->nslots; i++) {
		ring->work->teardown(ring->slots[i].data);
		pthread_cond_destroy(&ring->slots[i].freed);
	}
	free(ring->data);
	free(ring->slots);
	pthread_cond_destroy(&ring->next_ready);
	pthread_mutex_destroy(&ring->lock);
}

/* A slot's size, rounded up to whole cache lines: no two threads share one. */
static size_t slot_stride(const struct ring_work *work)
{
	return (work->slot_size + 63) & ~(size_t)63;
}

/* The memory a slot takes, its buffers included. */
static size_t slot_memory(const struct ring_work *work)
{
	return slot_stride(work) + work->slot_heap;
}

/*
 * Two slots per thread, and two more: while the writer fills a block of
 * its own, each worker can finish one and start the next without waiting
 * for a slot, so the writer's own fills never hold the workers up.  One
 * thread needs one slot.  Past RING_SLOTS_BUDGET bytes (many threads, a
 * text format's slot three times a raw one's) the spare slots go first:
 * one a thread and one more still keeps every worker busy while the
 * writer writes, and memory then grows by one slot a thread, not two.
 */
static unsigned int ring_slots(unsigned int threads, size_t memory)
{
	unsigned int wanted = 2 * threads + 2;
	size_t fitting = RING_SLOTS_BUDGET / memory;

	if (threads == 1)
		return 1;
	if (wanted <= fitting)
		return wanted;
	return fitting > threads + 1 ? (unsigned int)fitting : threads + 1;
}

static int ring_init(struct ring *ring, const struct ring_work *work,
		     unsigned int threads)
{
	size_t stride = slot_stride(work);
	unsigned int nslots = ring_slots(threads, slot_memory(work));

	*ring = (struct ring){
		.work = work,
		.slots = calloc(nslots, sizeof(struct slot)),
		.data = aligned_alloc(64, nslots * stride),
	};
	if (ring->slots == NULL || ring->data == NULL) {
		free(ring->slots);
		free(ring->data);
		return -1;
	}
	pthread_mutex_init(&ring->lock, NULL);
	pthread_cond_init(&ring->next_ready, NULL);
	for (; ring->nslots < nslots; ring->nslots++) {
		struct slot *slot = &ring->slots[ring->nslots];

		slot->data = ring->data + ring->nslots * stride;
		pthread_cond_init(&slot->freed, NULL);
		if (work->setup(slot->data, work->context) == -1) {
			pthread_cond_destroy(&slot->freed);
			ring_free(ring);
			return -1;
		}
	}
	return 0;
}

/*
 * asked threads (0: one per usable CPU, which reads /sys), at most
 * RING_MAX_THREADS, and no more than items: the others would find
 * nothing to fill.
 */
unsigned int ring_threads(unsigned int asked, uint64_t items)
{
	unsigned int threads = asked == 0 ? usable_cpus() : asked;

	if (threads > RING_MAX_THREADS)
		threads = RING_MAX_THREADS;
	if (threads == 0)
		threads = 1;
	return items < threads ? (unsigned int)items : threads;
}

/*
 * The ring for threads threads or, where memory is short (RLIMIT_AS, a
 * container's limit), for this thread alone: one slot instead of
 * 2 * threads + 2, and the same output, only slower.  Returns how many
 * threads it is for, or 0 where not even one slot fits.
 */
static unsigned int ring_init_fitting(struct ring *ring,
				      const struct ring_work *work,
				      unsigned int threads)
{
	if (ring_init(ring, work, threads) == 0)
		return threads;
	if (threads > 1 && ring_init(ring, work, 1) == 0)
		return 1;
	return 0;
}

/*
 * Makes and writes work->items blocks with threads threads (this one
 * among them).  Returns 0, or -1 with *failure saying why (nothing in it:
 * out of memory).  If no worker starts, or there is memory for one
 * thread's slot only, this thread does all the work.
 */
int ring_run(const struct ring_work *work, unsigned int threads,
	     struct ring_failure *failure)
{
	unsigned int started = 0;
	pthread_t *workers;
	struct ring ring;
	bool ok;

	*failure = (struct ring_failure){ 0 };
	threads = ring_init_fitting(&ring, work, threads);
	if (threads == 0)
		return -1;
	workers = calloc(threads, sizeof(pthread_t));
	if (workers == NULL)
		threads = 1;	/* no room for the workers' handles: this one alone */
	for (; started + 1 < threads; started++) {
		if (pthread_create(&workers[started], NULL, fill_worker, &ring))
			break;
	}
	ok = ring_drive(&ring, failure);
	for (unsigned int i = 0; i < started; i++)
		pthread_join(workers[i], NULL);
	/*
	 * A worker's getrandom(2) may fail while this thread is writing, and
	 * the write fail after it: the sink has said why already, and the
	 * run ends with one message, not two.
	 */
	if (!failure->write_failed)
		failure->random_error = ring.random_error;
	ring_free(&ring);
	free(workers);
	return ok ? 0 : -1;
}
