/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One chunk of output: raw bytes and their text, filled by one thread,
 * and the layout of the outputs that chunks are cut from.
 */
#ifndef GETRANDOM_CHUNK_H
#define GETRANDOM_CHUNK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "encode.h"

/*
 * What a run writes, which is all a chunk needs to know to be cut, filled
 * and encoded: count outputs of bytes random bytes each, drawn with flags.
 */
struct layout {
	uint64_t bytes;		/* in each output */
	uint64_t count;		/* outputs, at least 1 */
	unsigned int flags;	/* GRND_* */
	enum format format;
	bool unpadded;		/* drop the '=' at the end of each output */
	uint64_t wrap;		/* a newline every wrap characters; 0: none */
	int end;		/* '\n' or '\0' after each output; -1: nothing */
};

struct chunk {
	unsigned char *raw;
	char *text;		/* NULL for raw output */
	size_t raw_size;	/* capacities */
	size_t text_size;
	const void *data;	/* what to write */
	size_t length;
};

size_t chunk_memory(const struct layout *spec);
int chunk_alloc(struct chunk *chunk, const struct layout *spec);
void chunk_free(struct chunk *chunk);
uint64_t chunk_count(const struct layout *spec);
bool layout_length(const struct layout *spec, uint64_t *length);
int chunk_fill(struct chunk *chunk, const struct layout *spec,
	       uint64_t index);

#endif
