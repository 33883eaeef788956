// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer harness for cli/encode.c.  The first input byte picks the
 * format (hex, base16, base64, base64url or base32) and a block size; the
 * rest is the data.  The data is encoded whole and in blocks (as the pump
 * does: blocks are multiples of 15, so base64 and base32 pad only at the
 * end), and the text must be the same both ways, have the length
 * encoded_length() promises, and decode back to the data with the strict
 * reference decoder below, which refuses any character outside the
 * format's alphabet, misplaced padding and non-canonical trailing bits.
 * Without its padding (unpad()), the text must be as long as
 * unpadded_length() says.  Output buffers are exactly as large as
 * promised, so ASan sees overruns.
 *
 * Build and run: tests/fuzz/run.sh
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/encode.h"

#define CHECK(cond) do { if (!(cond)) abort(); } while (0)

/* A format as RFC 4648 describes it: its alphabet and group size. */
struct reference {
	enum format format;
	const char *alphabet;
	unsigned int bits;		/* per character */
	size_t group;			/* characters per padded group */
	size_t bytes;			/* bytes per group */
};

static const struct reference references[] = {
	{ FORMAT_HEX, "0123456789abcdef", 4, 2, 1 },
	{ FORMAT_BASE16, "0123456789ABCDEF", 4, 2, 1 },
	{ FORMAT_BASE64,
	  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
	  6, 4, 3 },
	{ FORMAT_BASE64URL,
	  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
	  6, 4, 3 },
	{ FORMAT_BASE32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 5, 8, 5 },
};
#define REFERENCES (sizeof(references) / sizeof(references[0]))

static int digit_value(const struct reference *ref, char c)
{
	const char *p = c != '\0' ? strchr(ref->alphabet, c) : NULL;

	return p != NULL ? (int)(p - ref->alphabet) : -1;
}

/*
 * Strict decoding: whole groups, '=' only at the end and fewer than a
 * group of it, and the bits left over at the end fewer than a character
 * and zero.  Returns the length or -1.
 */
static long ref_decode(const struct reference *ref, const char *in,
		       size_t len, unsigned char *out)
{
	size_t data = len, n = 0;
	unsigned long acc = 0;
	unsigned int held = 0;

	if (len % ref->group)
		return -1;
	while (data > 0 && in[data - 1] == '=')
		data--;
	if (len - data >= ref->group || (len > data && ref->bits == 4))
		return -1;
	for (size_t i = 0; i < data; i++) {
		int v = digit_value(ref, in[i]);

		if (v < 0)
			return -1;
		acc = acc << ref->bits | (unsigned long)v;
		held += ref->bits;
		if (held >= 8) {
			held -= 8;
			out[n++] = (unsigned char)(acc >> held);
			acc &= (1ul << held) - 1;
		}
	}
	if (held >= ref->bits || acc != 0)
		return -1;
	return (long)n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int initialized;
	const struct reference *ref;
	size_t block, len, whole_len, pieces_len = 0, bare;
	char *whole, *pieces;
	unsigned char *back;

	if (!initialized) {
		encode_init();
		initialized = 1;
	}
	if (size == 0)
		return 0;
	ref = &references[data[0] % REFERENCES];
	block = (size_t)(data[0] / REFERENCES) + 1;	/* 1 to 52 */
	if (ref->bytes > 1)
		block *= 15;
	data++;
	size--;

	len = (size_t)encoded_length(ref->format, size);
	CHECK(len == (size + ref->bytes - 1) / ref->bytes * ref->group);
	whole = malloc(len ? len : 1);
	pieces = malloc(len ? len : 1);
	back = malloc(size ? size : 1);
	CHECK(whole && pieces && back);

	whole_len = encode(ref->format, data, size, whole);
	CHECK(whole_len == len);
	for (size_t off = 0; off < size; off += block) {
		size_t n = size - off < block ? size - off : block;

		pieces_len += encode(ref->format, data + off, n,
				     pieces + pieces_len);
	}
	CHECK(pieces_len == len);
	CHECK(memcmp(whole, pieces, len) == 0);
	CHECK(ref_decode(ref, whole, len, back) == (long)size);
	CHECK(memcmp(back, data, size) == 0);

	/* Unpadded: the padded text up to its '=', ceil(8 * size / bits) long. */
	bare = unpad(whole, len);
	CHECK(bare == unpadded_length(ref->format, size));
	CHECK(bare == (size * 8 + ref->bits - 1) / ref->bits);
	for (size_t i = bare; i < len; i++)
		CHECK(whole[i] == '=');

	free(whole);
	free(pieces);
	free(back);
	return 0;
}
