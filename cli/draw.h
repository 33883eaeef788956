/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Random bytes in batches, and unbiased whole numbers drawn from them. */
#ifndef GETRANDOM_DRAW_H
#define GETRANDOM_DRAW_H

#include <stddef.h>
#include <stdint.h>

/* 16 KiB per getrandom(2) call: one call per thousands of values. */
#define DRAW_BATCH 16384u

struct draw_source {
	unsigned char buf[DRAW_BATCH];
	size_t pos, len;
	size_t first;		/* size of the first batch, from the hint */
	unsigned int flags;	/* GRND_* */
	int error;		/* errno of a failed getrandom(2), else 0 */
};

void draw_init(struct draw_source *src, unsigned int flags, uint64_t hint);
void draw_bytes(struct draw_source *src, void *out, size_t len);
uint64_t draw_below(struct draw_source *src, uint64_t n);
uint64_t draw_u64(struct draw_source *src);
void draw_below_many(struct draw_source *src, uint64_t n, uint64_t *out,
		     size_t k);
void draw_wipe(struct draw_source *src);

#endif
