// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Hex and base64 encoders.  On x86-64 the SIMD code of encode-x86.c
 * encodes all but the last few bytes; this file's scalar code encodes
 * those, and everything on other CPUs.  The scalar code uses no tables
 * built at start-up: a 32-byte key is printed before a table would be.
 */
#include <string.h>

#include "encode.h"
#include "encode-x86.h"

static const char hex_digits[] = "0123456789abcdef";
static const char base64_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void encode_init(void)
{
	x86_encode_init();
}

uint64_t encoded_length(enum format format, uint64_t len)
{
	/* Past 2^64 - 1 the text length saturates: it only sizes a pipe. */
	switch (format) {
	case FORMAT_HEX:
		return len > UINT64_MAX / 2 ? UINT64_MAX : len * 2;
	case FORMAT_BASE64:
		return len / 3 + 1 > UINT64_MAX / 4 ? UINT64_MAX :
		       (len / 3 + (len % 3 != 0)) * 4;
	default:
		return len;
	}
}

static size_t encode_hex(const unsigned char *in, size_t len, char *out)
{
	for (size_t i = x86_encode_hex(in, len, out); i < len; i++) {
		out[2 * i] = hex_digits[in[i] >> 4];
		out[2 * i + 1] = hex_digits[in[i] & 15];
	}
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
	size_t whole = len - len % 3, i = x86_encode_base64(in, len, out), n;

	for (n = i / 3 * 4; i < whole; i += 3, n += 4) {
		unsigned int v = (unsigned int)in[i] << 16 |
				 (unsigned int)in[i + 1] << 8 | in[i + 2];

		out[n] = base64_digits[v >> 18];
		out[n + 1] = base64_digits[(v >> 12) & 63];
		out[n + 2] = base64_digits[(v >> 6) & 63];
		out[n + 3] = base64_digits[v & 63];
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
