// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The encoders.  On x86-64 the SIMD code of encode-x86.c encodes all but
 * the last few bytes of hex, base16, base64 and base64url; this file's
 * scalar code encodes those, base32, and everything on other CPUs.  The
 * scalar code uses no tables built at start-up: a 32-byte key is printed
 * before a table would be.
 */
#include <stdbool.h>
#include <string.h>

#include "encode.h"
#include "encode-x86.h"

static const char hex_lower[] = "0123456789abcdef";
static const char hex_upper[] = "0123456789ABCDEF";
static const char base64_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char base64url_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
static const char base32_digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/* Base32 characters for a last group of 0 to 4 bytes, before padding. */
static const unsigned char base32_tail_chars[5] = { 0, 2, 4, 5, 7 };

void encode_init(void)
{
	x86_encode_init();
}

uint64_t encoded_length(enum format format, uint64_t len)
{
	/* Past 2^64 - 1 the text length saturates: it only sizes a pipe. */
	switch (format) {
	case FORMAT_HEX:
	case FORMAT_BASE16:
		return len > UINT64_MAX / 2 ? UINT64_MAX : len * 2;
	case FORMAT_BASE64:
	case FORMAT_BASE64URL:
		return len / 3 + 1 > UINT64_MAX / 4 ? UINT64_MAX :
		       (len / 3 + (len % 3 != 0)) * 4;
	case FORMAT_BASE32:
		return len / 5 + 1 > UINT64_MAX / 8 ? UINT64_MAX :
		       (len / 5 + (len % 5 != 0)) * 8;
	default:
		return len;
	}
}

uint64_t unpadded_length(enum format format, uint64_t len)
{
	switch (format) {
	case FORMAT_BASE64:
	case FORMAT_BASE64URL:
		/* 1 byte: 2 characters, 2 bytes: 3. */
		return len / 3 * 4 + (len % 3 != 0) * (len % 3 + 1);
	case FORMAT_BASE32:
		return len / 5 * 8 + base32_tail_chars[len % 5];
	default:
		return encoded_length(format, len);
	}
}

static size_t encode_hex(const unsigned char *in, size_t len, char *out,
			 bool upper)
{
	const char *digits = upper ? hex_upper : hex_lower;

	for (size_t i = x86_encode_hex(in, len, out, upper); i < len; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	return 2 * len;
}

/* The last one or two bytes of a base64 stream, with '=' padding. */
static size_t encode_base64_tail(const unsigned char *in, size_t len,
				 char *out, const char *digits)
{
	unsigned int v = (unsigned int)in[0] << 16;

	if (len == 2)
		v |= (unsigned int)in[1] << 8;
	out[0] = digits[v >> 18];
	out[1] = digits[(v >> 12) & 63];
	out[2] = len == 2 ? digits[(v >> 6) & 63] : '=';
	out[3] = '=';
	return 4;
}

static size_t encode_base64(const unsigned char *in, size_t len, char *out,
			    bool url)
{
	const char *digits = url ? base64url_digits : base64_digits;
	size_t whole = len - len % 3, n;
	size_t i = x86_encode_base64(in, len, out, url);

	for (n = i / 3 * 4; i < whole; i += 3, n += 4) {
		unsigned int v = (unsigned int)in[i] << 16 |
				 (unsigned int)in[i + 1] << 8 | in[i + 2];

		out[n] = digits[v >> 18];
		out[n + 1] = digits[(v >> 12) & 63];
		out[n + 2] = digits[(v >> 6) & 63];
		out[n + 3] = digits[v & 63];
	}
	if (len > whole)
		n += encode_base64_tail(in + whole, len - whole, out + n, digits);
	return n;
}

/* Five bytes (fewer at the end, as zeros) to eight base32 characters. */
static void base32_group(const unsigned char *in, size_t len, char *out)
{
	uint64_t v = 0;

	for (size_t i = 0; i < 5; i++)
		v = v << 8 | (i < len ? in[i] : 0u);
	for (int i = 7; i >= 0; i--, v >>= 5)
		out[i] = base32_digits[v & 31];
}

static size_t encode_base32(const unsigned char *in, size_t len, char *out)
{
	size_t whole = len - len % 5, n = 0;

	for (size_t i = 0; i < whole; i += 5, n += 8)
		base32_group(in + i, 5, out + n);
	if (len > whole) {
		base32_group(in + whole, len - whole, out + n);
		memset(out + n + base32_tail_chars[len - whole], '=',
		       8 - base32_tail_chars[len - whole]);
		n += 8;
	}
	return n;
}

size_t encode(enum format format, const unsigned char *in, size_t len,
	      char *out)
{
	switch (format) {
	case FORMAT_HEX:
	case FORMAT_BASE16:
		return encode_hex(in, len, out, format == FORMAT_BASE16);
	case FORMAT_BASE64:
	case FORMAT_BASE64URL:
		return encode_base64(in, len, out, format == FORMAT_BASE64URL);
	case FORMAT_BASE32:
		return encode_base32(in, len, out);
	default:
		memcpy(out, in, len);
		return len;
	}
}

size_t unpad(const char *text, size_t len)
{
	while (len > 0 && text[len - 1] == '=')
		len--;
	return len;
}
