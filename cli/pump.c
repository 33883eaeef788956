// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The data path.  One thread fills, encodes and writes chunk after chunk.
 * With N threads (since Linux 5.18 every CPU has its own CRNG, so
 * getrandom(2) scales), this thread and N - 1 workers take chunks in turn
 * and fill and encode them in a ring of slots, and this thread writes them
 * out strictly in order, so the output is exactly what one thread would
 * have written.  This thread fills a chunk itself whenever the next one to
 * write is not ready yet: it does not sit idle while the workers fill, and
 * it seldom has to sleep and be woken, which costs a context switch per
 * chunk on a machine with no spare CPU.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "chunk.h"
#include "cpus.h"
#include "entropy.h"
#include "pump.h"

/*
 * Each slot has a condition of its own, and so has the writer: a thread
 * that waits is woken only by the one event it waits for (its slot freed,
 * or the next chunk to write made ready), never by every chunk, so that
 * the wake-ups do not grow with the number of threads.
 */
struct slot {
	struct chunk chunk;
	uint64_t index;		/* which chunk it holds, once ready */
	bool ready;
	pthread_cond_t freed;	/* a worker waits here for the slot */
};

struct ring {
	const struct pump_job *job;
	pthread_mutex_t lock;
	pthread_cond_t next_ready;	/* the writer waits here */
	uint64_t chunks;
	uint64_t next_to_fill;
	uint64_t written;	/* chunks [0, written) are out */
	bool stop;
	int random_error;
	unsigned int nslots;
	struct slot *slots;
};

static int pump_serial(const struct pump_job *job, struct pump_failure *failure)
{
	uint64_t chunks = chunk_count(&job->layout);
	struct chunk chunk;
	int ret = -1;

	if (chunk_alloc(&chunk, &job->layout) == -1)
		return -1;
	for (uint64_t k = 0; k < chunks; k++) {
		failure->random_error = chunk_fill(&chunk, &job->layout, k);
		if (failure->random_error)
			goto out;
		if (sink_write(job->sink, chunk.data, chunk.length) == -1) {
			failure->write_failed = 1;
			goto out;
		}
	}
	ret = 0;
out:
	chunk_free(&chunk);
	return ret;
}

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

/* Called with the lock held: the next chunk index to fill, once its slot is free. */
static bool ring_claim(struct ring *ring, uint64_t *index)
{
	if (ring->stop || ring->next_to_fill == ring->chunks)
		return false;
	*index = ring->next_to_fill++;
	while (!ring->stop && *index >= ring->written + ring->nslots)
		pthread_cond_wait(&slot_of(ring, *index)->freed, &ring->lock);
	return !ring->stop;
}

/*
 * Called with the lock held, for a chunk k this thread has claimed: fills
 * it without the lock and marks its slot ready, waking the writer if k is
 * the chunk it writes next.  False on error.
 */
static bool ring_fill(struct ring *ring, uint64_t k)
{
	struct slot *slot = slot_of(ring, k);
	int error;

	pthread_mutex_unlock(&ring->lock);
	error = chunk_fill(&slot->chunk, &ring->job->layout, k);
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
 * Called with the lock held: writes chunk k, which is ready, and frees its
 * slot for the worker that waits for it; stops on error.
 */
static void ring_write(struct ring *ring, uint64_t k,
		       struct pump_failure *failure)
{
	struct slot *slot = slot_of(ring, k);
	int ret;

	pthread_mutex_unlock(&ring->lock);
	ret = sink_write(ring->job->sink, slot->chunk.data, slot->chunk.length);
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
 * Called with the lock held: claims the next chunk and fills it, if its
 * slot is free now (this thread frees slots, so it must never wait for
 * one).  False if there was none to fill, or on error.
 */
static bool ring_fill_one(struct ring *ring)
{
	uint64_t k = ring->next_to_fill;

	if (k == ring->chunks || k >= ring->written + ring->nslots)
		return false;
	ring->next_to_fill++;
	return ring_fill(ring, k);
}

/* Writes every chunk in order, filling when the next is not ready; false on stop. */
static bool ring_drive(struct ring *ring, struct pump_failure *failure)
{
	bool ok = true;

	pthread_mutex_lock(&ring->lock);
	while (!ring->stop && ring->written < ring->chunks) {
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
		chunk_free(&ring->slots[i].chunk);
		pthread_cond_destroy(&ring->slots[i].freed);
	}
	free(ring->slots);
	pthread_cond_destroy(&ring->next_ready);
	pthread_mutex_destroy(&ring->lock);
}

/*
 * Two slots per thread, and two more: while the writer fills a chunk of
 * its own, each worker can finish one and start the next without waiting
 * for a slot, so the writer's own fills never hold the workers up.
 */
static int ring_init(struct ring *ring, const struct pump_job *job,
		     unsigned int threads)
{
	unsigned int nslots = 2 * threads + 2;

	*ring = (struct ring){
		.job = job,
		.chunks = chunk_count(&job->layout),
		.slots = calloc(nslots, sizeof(struct slot)),
	};
	if (ring->slots == NULL)
		return -1;
	pthread_mutex_init(&ring->lock, NULL);
	pthread_cond_init(&ring->next_ready, NULL);
	for (; ring->nslots < nslots; ring->nslots++) {
		struct slot *slot = &ring->slots[ring->nslots];

		pthread_cond_init(&slot->freed, NULL);
		if (chunk_alloc(&slot->chunk, &job->layout) == -1) {
			pthread_cond_destroy(&slot->freed);
			ring_free(ring);
			return -1;
		}
	}
	return 0;
}

/*
 * --threads, or one per usable CPU; no more threads than chunks: the
 * others would find nothing to fill.
 */
static unsigned int threads_for(const struct pump_job *job)
{
	uint64_t chunks = chunk_count(&job->layout);
	unsigned int threads = job->threads;

	if (threads == 0)
		threads = usable_cpus();
	if (threads > PUMP_MAX_THREADS)
		threads = PUMP_MAX_THREADS;
	return chunks < threads ? (unsigned int)chunks : threads;
}

static int pump_parallel(const struct pump_job *job, unsigned int threads,
			 struct pump_failure *failure)
{
	unsigned int started = 0;
	pthread_t *workers = calloc(threads, sizeof(pthread_t));
	struct ring ring;
	bool ok;

	if (workers == NULL || ring_init(&ring, job, threads) == -1) {
		free(workers);
		return -1;
	}
	/* This thread is the Nth; if no worker starts, it does all the work. */
	for (; started + 1 < threads; started++) {
		if (pthread_create(&workers[started], NULL, fill_worker, &ring))
			break;
	}
	ok = ring_drive(&ring, failure);
	for (unsigned int i = 0; i < started; i++)
		pthread_join(workers[i], NULL);
	failure->random_error = ring.random_error;
	ring_free(&ring);
	free(workers);
	return ok ? 0 : -1;
}

/* count outputs of bytes each draw this many bytes; UINT64_MAX if more. */
uint64_t pump_input_bytes(uint64_t bytes, uint64_t count)
{
	if (count != 0 && bytes > UINT64_MAX / count)
		return UINT64_MAX;
	return bytes * count;
}

/*
 * Writes the outputs job->layout describes to job->sink.  Returns 0, or
 * -1 with *failure saying why (nothing in it: out of memory or threads).
 */
int pump(const struct pump_job *job, struct pump_failure *failure)
{
	const struct layout *layout = &job->layout;
	unsigned int threads;

	*failure = (struct pump_failure){ 0 };
	if (layout->bytes == 0 || layout->count == 0)
		return 0;
	/* Counting CPUs reads /sys: only an output this large asks. */
	if (pump_input_bytes(layout->bytes, layout->count) < PUMP_PARALLEL_MIN)
		return pump_serial(job, failure);
	threads = threads_for(job);
	if (threads > 1)
		return pump_parallel(job, threads, failure);
	return pump_serial(job, failure);
}
