// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Chunk k of the output covers input bytes [k * PUMP_CHUNK, (k+1) * PUMP_CHUNK).
 * Filling one is getrandom(2) plus the encoder; the last chunk of a text
 * format also carries the final newline, so the writer needs no extra call.
 */
#include <stdlib.h>
#include <string.h>

#include "chunk.h"
#include "entropy.h"

static size_t chunk_capacity(const struct pump_job *job)
{
	return job->bytes < PUMP_CHUNK ? (size_t)job->bytes : PUMP_CHUNK;
}

uint64_t chunk_count(const struct pump_job *job)
{
	return job->bytes / PUMP_CHUNK + (job->bytes % PUMP_CHUNK != 0);
}

/* Small outputs get small buffers: a 32-byte key should not fault in 100 KiB. */
int chunk_alloc(struct chunk *chunk, const struct pump_job *job)
{
	size_t raw = chunk_capacity(job);

	*chunk = (struct chunk){ .raw_size = raw };
	chunk->raw = malloc(raw);
	if (chunk->raw == NULL)
		return -1;
	if (job->format == FORMAT_RAW)
		return 0;
	chunk->text_size = (size_t)encoded_length(job->format, raw) + 1;
	chunk->text = malloc(chunk->text_size);
	if (chunk->text == NULL) {
		chunk_free(chunk);
		return -1;
	}
	return 0;
}

/* Random bytes and their text are wiped before the memory goes back. */
void chunk_free(struct chunk *chunk)
{
	if (chunk->raw != NULL) {
		explicit_bzero(chunk->raw, chunk->raw_size);
		free(chunk->raw);
	}
	if (chunk->text != NULL) {
		explicit_bzero(chunk->text, chunk->text_size);
		free(chunk->text);
	}
	*chunk = (struct chunk){ 0 };
}

/* Returns 0, or the errno value of the failed getrandom(2). */
int chunk_fill(struct chunk *chunk, const struct pump_job *job, uint64_t index)
{
	uint64_t offset = index * PUMP_CHUNK;
	size_t len = job->bytes - offset < PUMP_CHUNK ?
		     (size_t)(job->bytes - offset) : PUMP_CHUNK;
	int error = fill_random(chunk->raw, len, job->flags);

	if (error)
		return error;
	if (job->format == FORMAT_RAW) {
		chunk->data = chunk->raw;
		chunk->length = len;
		return 0;
	}
	chunk->length = encode(job->format, chunk->raw, len, chunk->text);
	if (index + 1 == chunk_count(job))
		chunk->text[chunk->length++] = '\n';
	chunk->data = chunk->text;
	return 0;
}
