/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --uuid: RFC 9562 UUIDs, version 4 (random) or 7 (time-ordered). */
#ifndef GETRANDOM_UUID_H
#define GETRANDOM_UUID_H

#include <stdbool.h>
#include <stdint.h>

#include "draw.h"
#include "lines.h"
#include "uuid-format.h"

/* The last millisecond since 1970 that 48 bits hold: version 7's and ULID's. */
#define UNIX_MS_MAX ((UINT64_C(1) << 48) - 1)

/* Version 7: the last timestamp and counter, so the next is greater. */
struct uuid_clock {
	uint64_t ms;
	unsigned int counter;	/* 12 bits, in rand_a */
};

bool parse_uuid_version(const char *text, int *version);
/*
 * Milliseconds since 1970, from CLOCK_REALTIME: version 7's and ULID's
 * time; CLOCK_BEFORE_1970 for a clock set before it (a board whose
 * real-time clock has no battery), which neither can hold.
 */
#define CLOCK_BEFORE_1970 UINT64_MAX
uint64_t clock_ms(void);
/* The message for CLOCK_BEFORE_1970: what is "a ULID", "a version 7 UUID". */
void say_before_1970(const char *what);
void put_uuid4(struct lines *out, struct draw_source *src,
	       const struct uuid_format *format);
/* False, said why, when the time no longer fits (the year 10889). */
bool put_uuid7(struct lines *out, struct draw_source *src,
	       struct uuid_clock *clock, const struct uuid_format *format);

#endif
