/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One chunk of output: raw bytes and their text, filled by one thread. */
#ifndef GETRANDOM_CHUNK_H
#define GETRANDOM_CHUNK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pump.h"

struct chunk {
	unsigned char *raw;
	char *text;		/* NULL for raw output */
	size_t raw_size;	/* capacities */
	size_t text_size;
	const void *data;	/* what to write */
	size_t length;
};

int chunk_alloc(struct chunk *chunk, const struct pump_job *job);
void chunk_free(struct chunk *chunk);
uint64_t chunk_count(const struct pump_job *job);
int chunk_fill(struct chunk *chunk, const struct pump_job *job,
	       uint64_t index);

#endif
