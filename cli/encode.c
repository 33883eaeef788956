// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Hex and base64 encoders.  Both are table driven, one table lookup per
 * output pair of characters, because at bulk sizes the encoder runs once
 * per byte the kernel hands out and must cost little next to it.
 */
#include <string.h>

#include "encode.h"

static const char hex_digits[] = "0123456789abcdef";
static const char base64_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* hex_pairs[b] is the two hex digits of byte b; base64_pairs[v], of 12 bits v. */
static char hex_pairs[256][2];
static char base64_pairs[4096][2];

void encode_init(void)
{
	for (int b = 0; b < 256; b++) {
		hex_pairs[b][0] = hex_digits[b >> 4];
		hex_pairs[b][1] = hex_digits[b & 15];
	}
	for (int v = 0; v < 4096; v++) {
		base64_pairs[v][0] = base64_digits[v >> 6];
		base64_pairs[v][1] = base64_digits[v & 63];
	}
}

uint64_t encoded_length(enum format format, uint64_t len)
{
	switch (format) {
	case FORMAT_HEX:
		return len * 2;
	case FORMAT_BASE64:
		return (len / 3 + (len % 3 != 0)) * 4;
	default:
		return len;
	}
}

static size_t encode_hex(const unsigned char *in, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++)
		memcpy(out + 2 * i, hex_pairs[in[i]], 2);
	return 2 * len;
}

/* The last one or two bytes of a base64 stream, with '=' padding. */
static size_t encode_base64_tail(const unsigned char *in, size_t len,
				 char *out)
{
	unsigned int v = (unsigned int)in[0] << 16;

	if (len == 2)
		v |= (unsigned int)in[1] << 8;
	out[0] = base64_digits[v >> 18];
	out[1] = base64_digits[(v >> 12) & 63];
	out[2] = len == 2 ? base64_digits[(v >> 6) & 63] : '=';
	out[3] = '=';
	return 4;
}

static size_t encode_base64(const unsigned char *in, size_t len, char *out)
{
	size_t whole = len - len % 3, n = 0;

	for (size_t i = 0; i < whole; i += 3, n += 4) {
		unsigned int v = (unsigned int)in[i] << 16 |
				 (unsigned int)in[i + 1] << 8 | in[i + 2];

		memcpy(out + n, base64_pairs[v >> 12], 2);
		memcpy(out + n + 2, base64_pairs[v & 4095], 2);
	}
	if (len > whole)
		n += encode_base64_tail(in + whole, len - whole, out + n);
	return n;
}

size_t encode(enum format format, const unsigned char *in, size_t len,
	      char *out)
{
	switch (format) {
	case FORMAT_HEX:
		return encode_hex(in, len, out);
	case FORMAT_BASE64:
		return encode_base64(in, len, out);
	default:
		memcpy(out, in, len);
		return len;
	}
}
