// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ULIDs as the ULID specification gives them: 48 bits of milliseconds
 * since 1970 (CLOCK_REALTIME), then 80 random bits, the 128 bits written
 * as 26 digits of Crockford's base32 (0-9 and A-Z without I, L, O and U),
 * most significant first; the first digit holds 3 bits, so it is 0 to 7.
 *
 * The spec's monotonic rule: at each new millisecond the 80 bits are
 * fresh; within the same millisecond, or when the clock has stepped back,
 * the last timestamp is kept and the 80 bits go up by one.  So every ULID
 * of one run is greater than the one before, as a number and as text
 * (the digits are in ASCII order).  The bits overflow only after 2^80
 * minus a random start increments: the spec makes that an error, and so
 * does this; a clock past the last millisecond 48 bits hold (the year
 * 10889) is one too.
 */
#include <err.h>
#include <string.h>

#include "uuid.h"
#include "ulid.h"

static const char crockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/* Adds one to the 80 bits; returns false when they wrap to zero. */
static bool increment(unsigned char random[10])
{
	for (int i = 9; i >= 0; i--)
		if (++random[i] != 0)
			return true;
	return false;
}

/* The next timestamp and random bits, greater than the last pair. */
static bool tick(struct ulid_clock *clock, struct draw_source *src)
{
	uint64_t ms = clock_ms();

	if (ms == CLOCK_BEFORE_1970) {
		say_before_1970("a ULID");
		return false;
	}
	if (!clock->started || ms > clock->ms) {
		if (ms > UNIX_MS_MAX) {
			warnx("the clock is past the last time a ULID can hold (%llu ms since 1970)",
			      (unsigned long long)ms);
			return false;
		}
		clock->started = true;
		clock->ms = ms;
		draw_bytes(src, clock->random, sizeof(clock->random));
		return true;
	}
	if (!increment(clock->random)) {
		warnx("ULID overflow: the 80 random bits of millisecond %llu cannot go higher",
		      (unsigned long long)clock->ms);
		return false;
	}
	return true;
}

/*
 * The 5 bits of the 128-bit big-endian number in bytes that start at bit
 * offset (0 the most significant); bits before the first are zeros.  No
 * 128-bit integer type: 32-bit targets have none.
 */
static unsigned int five_bits(const unsigned char bytes[16], int offset)
{
	unsigned int v = 0;

	for (int pos = offset; pos < offset + 5; pos++) {
		unsigned int bit = pos < 0 ? 0 :
				   (bytes[pos / 8] >> (7 - pos % 8)) & 1u;

		v = v << 1 | bit;
	}
	return v;
}

bool put_ulid(struct lines *out, struct draw_source *src,
	      struct ulid_clock *clock)
{
	unsigned char bytes[16];
	char *p;

	if (!tick(clock, src))
		return false;
	/* 48 bits of milliseconds, then the 80 random bits. */
	for (int i = 0; i < 6; i++)
		bytes[i] = (unsigned char)(clock->ms >> (40 - 8 * i));
	memcpy(bytes + 6, clock->random, 10);
	p = lines_room(out, ULID_TEXT + 1);
	/* 26 digits of 5 bits are 130: the first digit holds 2 leading zeros. */
	for (int i = 0; i < ULID_TEXT; i++)
		p[i] = crockford[five_bits(bytes, 5 * i - 2)];
	p[ULID_TEXT] = '\n';
	out->len += ULID_TEXT + 1;
	explicit_bzero(bytes, sizeof(bytes));
	return true;
}

void ulid_wipe(struct ulid_clock *clock)
{
	explicit_bzero(clock, sizeof(*clock));
}
