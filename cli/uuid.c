// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RFC 9562 UUIDs in lowercase 8-4-4-4-12 form.
 *
 * Version 4: 122 random bits; the version nibble is 4 and the variant
 * bits are 10.
 *
 * Version 7: unix_ts_ms (48 bits, milliseconds since 1970 from
 * CLOCK_REALTIME), then rand_a (12 bits), then 62 random bits.  rand_a is
 * a counter, RFC 9562 section 6.2 method 1 ("fixed bit-length dedicated
 * counter"): at each new millisecond it starts from 11 random bits (its
 * top bit clear, which leaves at least 2048 increments of room), and
 * within the same millisecond it goes up by one.  When it would overflow,
 * or when the clock steps back, the timestamp is carried forward to the
 * last one used plus one millisecond instead of waiting for the clock.
 * So within one run every UUID is strictly greater than the one before,
 * as 128-bit numbers and as text, whatever the clock does.  A time past
 * the last millisecond 48 bits hold (the year 10889) would wrap to 1970
 * and break that order: it is an error, as for ULIDs.
 *
 * --uuid-format writes the same 128 bits in another form: 32 digits alone,
 * after "urn:uuid:", in braces, in uppercase.
 */
#include <err.h>
#include <string.h>
#include <time.h>

#include "uuid.h"

static const char lower_digits[] = "0123456789abcdef";
static const char upper_digits[] = "0123456789ABCDEF";

bool parse_uuid_version(const char *text, int *version)
{
	if (text == NULL || strcmp(text, "4") == 0)
		*version = 4;
	else if (strcmp(text, "7") == 0)
		*version = 7;
	else
		return false;
	return true;
}

/* Writes the 32 digits, with the hyphens of 8-4-4-4-12 unless bare; returns the end. */
static char *put_digits(char *p, const unsigned char uuid[16], bool upper,
			bool bare)
{
	const char *digits = upper ? upper_digits : lower_digits;

	for (int i = 0; i < 16; i++) {
		if (!bare && (i == 4 || i == 6 || i == 8 || i == 10))
			*p++ = '-';
		*p++ = digits[uuid[i] >> 4];
		*p++ = digits[uuid[i] & 15];
	}
	return p;
}

static void put_text(struct lines *out, const unsigned char uuid[16],
		     const struct uuid_format *format)
{
	char *start = lines_room(out, UUID_FORMAT_TEXT_MAX + 1), *p = start;

	if (format->style == UUID_URN) {
		memcpy(p, "urn:uuid:", 9);
		p += 9;
	} else if (format->style == UUID_BRACES) {
		*p++ = '{';
	}
	p = put_digits(p, uuid, format->upper, format->style == UUID_HEX);
	if (format->style == UUID_BRACES)
		*p++ = '}';
	*p++ = '\n';
	out->len += (size_t)(p - start);
}

static void set_version_and_variant(unsigned char uuid[16], int version)
{
	uuid[6] = (unsigned char)((uuid[6] & 0x0f) | version << 4);
	uuid[8] = (unsigned char)((uuid[8] & 0x3f) | 0x80);
}

void put_uuid4(struct lines *out, struct draw_source *src,
	       const struct uuid_format *format)
{
	unsigned char uuid[16];

	draw_bytes(src, uuid, sizeof(uuid));
	set_version_and_variant(uuid, 4);
	put_text(out, uuid, format);
	explicit_bzero(uuid, sizeof(uuid));
}

uint64_t clock_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	if (ts.tv_sec < 0)
		return CLOCK_BEFORE_1970;
	/* Past what 64 bits of milliseconds hold: past any 48-bit time. */
	if ((uint64_t)ts.tv_sec > (CLOCK_BEFORE_1970 - 1) / 1000 - 1)
		return CLOCK_BEFORE_1970 - 1;
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void say_before_1970(const char *what)
{
	warnx("the clock is before 1970, a time %s cannot hold (is the real-time clock set?)",
	      what);
}

static unsigned int fresh_counter(struct draw_source *src)
{
	unsigned char b[2];

	unsigned int counter;

	draw_bytes(src, b, sizeof(b));
	counter = (unsigned int)(b[0] << 8 | b[1]) & 0x7ff;
	explicit_bzero(b, sizeof(b));
	return counter;
}

/*
 * The next timestamp and counter, each pair greater than the last; false,
 * said why, when the timestamp no longer fits its 48 bits.
 */
static bool tick(struct uuid_clock *clock, struct draw_source *src)
{
	uint64_t ms = clock_ms();

	if (ms == CLOCK_BEFORE_1970) {
		say_before_1970("a version 7 UUID");
		return false;
	}
	if (ms > clock->ms) {
		clock->ms = ms;
		clock->counter = fresh_counter(src);
	} else if (++clock->counter > 0xfff) {
		clock->ms++;
		clock->counter = fresh_counter(src);
	}
	if (clock->ms > UNIX_MS_MAX) {
		warnx("the time is past the last millisecond a version 7 UUID can hold (%llu ms since 1970)",
		      (unsigned long long)clock->ms);
		return false;
	}
	return true;
}

bool put_uuid7(struct lines *out, struct draw_source *src,
	       struct uuid_clock *clock, const struct uuid_format *format)
{
	unsigned char uuid[16];

	if (!tick(clock, src))
		return false;
	for (int i = 0; i < 6; i++)
		uuid[i] = (unsigned char)(clock->ms >> (40 - 8 * i));
	uuid[6] = (unsigned char)(clock->counter >> 8);
	uuid[7] = (unsigned char)clock->counter;
	draw_bytes(src, uuid + 8, 8);
	set_version_and_variant(uuid, 7);
	put_text(out, uuid, format);
	explicit_bzero(uuid, sizeof(uuid));
	return true;
}
