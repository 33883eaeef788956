// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A buffer of random bytes, refilled from getrandom(2) a batch at a time,
 * and whole numbers drawn uniformly from it.
 *
 * draw_below(n) uses Lemire's multiply-and-reject method ("Fast Random
 * Integer Generation in an Interval", 2019): a w-bit random word x maps
 * to (x * n) >> w, and the words whose low half (x * n mod 2^w) falls
 * below 2^w mod n are rejected and drawn again.  That leaves exactly
 * floor(2^w / n) words for each of the n results, so every result is
 * exactly equally likely.  w is the smallest of 8, 16, 32 and 64 bits
 * that holds n - 1, so a die roll costs one byte of randomness, not eight.
 *
 * A failed getrandom(2) is kept in src->error and the values drawn after
 * it are 0: the caller checks the error once per value, not per byte.
 */
#include <string.h>

#include "draw.h"
#include "entropy.h"
#include "wide.h"

/* hint: about how many bytes the whole run needs, to size the first call. */
void draw_init(struct draw_source *src, unsigned int flags, uint64_t hint)
{
	src->pos = src->len = 0;
	src->flags = flags;
	src->error = 0;
	if (hint < 64)
		hint = 64;
	src->first = hint < DRAW_BATCH ? (size_t)hint : DRAW_BATCH;
}

static void refill(struct draw_source *src)
{
	size_t len = src->first;

	src->first = DRAW_BATCH;
	src->pos = 0;
	src->len = 0;
	if (src->error)
		return;
	src->error = fill_random(src->buf, len, src->flags);
	if (src->error == 0)
		src->len = len;
}

void draw_bytes(struct draw_source *src, void *out, size_t len)
{
	unsigned char *p = out;

	while (len > 0) {
		size_t n;

		if (src->pos == src->len)
			refill(src);
		if (src->error) {
			memset(p, 0, len);
			return;
		}
		n = src->len - src->pos;
		if (n > len)
			n = len;
		memcpy(p, src->buf + src->pos, n);
		src->pos += n;
		p += n;
		len -= n;
	}
}

/* A random word of width bytes (1, 2, 4 or 8). */
static uint64_t draw_word(struct draw_source *src, unsigned int width)
{
	unsigned char b[8];
	uint64_t x = 0;

	if (src->len - src->pos >= width) {
		memcpy(b, src->buf + src->pos, width);
		src->pos += width;
	} else {
		draw_bytes(src, b, width);
	}
	for (unsigned int i = 0; i < width; i++)
		x = x << 8 | b[i];
	explicit_bzero(b, sizeof(b));
	return x;
}

uint64_t draw_u64(struct draw_source *src)
{
	return draw_word(src, 8);
}

/* Uniform in [0, n) for n up to 2^32, from words of width 1, 2 or 4 bytes. */
static uint64_t below_narrow(struct draw_source *src, uint64_t n,
			     unsigned int width)
{
	unsigned int bits = 8 * width;
	uint64_t words = (uint64_t)1 << bits;
	uint64_t threshold = (words - n) % n;	/* 2^w mod n */

	for (;;) {
		uint64_t m = draw_word(src, width) * n;

		if ((m & (words - 1)) >= threshold || src->error)
			return m >> bits;
	}
}

static uint64_t below_wide(struct draw_source *src, uint64_t n)
{
	uint64_t threshold = (0 - n) % n;	/* 2^64 mod n */

	for (;;) {
		uint64_t low, high = mul_wide(draw_u64(src), n, &low);

		if (low >= threshold || src->error)
			return high;
	}
}

/* Uniform in [0, n); n = 0 stands for 2^64, every 64-bit value. */
uint64_t draw_below(struct draw_source *src, uint64_t n)
{
	if (n == 0)
		return draw_u64(src);
	if (n <= 1u << 8)
		return below_narrow(src, n, 1);
	if (n <= 1u << 16)
		return below_narrow(src, n, 2);
	if (n <= (uint64_t)1 << 32)
		return below_narrow(src, n, 4);
	return below_wide(src, n);
}

/*
 * Fills out[0..k) with draws below n: the same numbers k calls of
 * draw_below() would give, with the word width chosen once (a million
 * die rolls spend their time here).
 */
void draw_below_many(struct draw_source *src, uint64_t n, uint64_t *out,
		     size_t k)
{
	uint64_t threshold;

	if (n == 0 || n > 256) {
		for (size_t i = 0; i < k; i++)
			out[i] = draw_below(src, n);
		return;
	}
	threshold = (256 - n) % n;
	for (size_t i = 0; i < k; i++) {
		uint64_t m;

		do {
			if (src->pos == src->len)
				refill(src);
			if (src->error) {
				out[i] = 0;
				return;
			}
			m = src->buf[src->pos++] * n;
		} while ((m & 255) < threshold);
		out[i] = m >> 8;
	}
}

/* The batch may hold bytes not yet used: they are not left behind. */
void draw_wipe(struct draw_source *src)
{
	explicit_bzero(src->buf, sizeof(src->buf));
	src->pos = src->len = 0;
}
