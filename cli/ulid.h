/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --ulid: ULIDs, 48 bits of milliseconds and 80 random bits in Crockford's base32. */
#ifndef GETRANDOM_ULID_H
#define GETRANDOM_ULID_H

#include <stdbool.h>
#include <stdint.h>

#include "draw.h"
#include "lines.h"

#define ULID_TEXT 26

/* The last ULID written, so that the next is greater (the monotonic rule). */
struct ulid_clock {
	bool started;
	uint64_t ms;
	unsigned char random[10];	/* big-endian */
};

/* Writes one ULID; returns false, with a message, when none can be made. */
bool put_ulid(struct lines *out, struct draw_source *src,
	      struct ulid_clock *clock);
void ulid_wipe(struct ulid_clock *clock);

#endif
