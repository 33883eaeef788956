// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer harness for cli/encode.c.  The first input byte picks the
 * format (hex or base64) and a block size; the rest is the data.  The data
 * is encoded whole and in blocks (as the pump does: base64 blocks are
 * multiples of 3), and the text must be the same both ways, have the
 * length encoded_length() promises, use only the format's alphabet, and
 * decode back to the data with the strict reference decoders below.
 * Output buffers are exactly as large as promised, so ASan sees overruns.
 *
 * Build and run: tests/fuzz/run.sh
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/encode.h"

#define CHECK(cond) do { if (!(cond)) abort(); } while (0)

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;	/* uppercase is not what the tool promises */
}

/* Strict: even length, lowercase digits only. Returns the length or -1. */
static long ref_hex_decode(const char *in, size_t len, unsigned char *out)
{
	if (len % 2)
		return -1;
	for (size_t i = 0; i < len; i += 2) {
		int hi = hex_value(in[i]), lo = hex_value(in[i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		out[i / 2] = (unsigned char)(hi << 4 | lo);
	}
	return (long)(len / 2);
}

static int b64_value(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/*
 * Strict RFC 4648 section 4: groups of four, '=' only at the very end,
 * and the bits that padding leaves over must be zero (canonical form).
 */
static long ref_base64_decode(const char *in, size_t len, unsigned char *out)
{
	size_t n = 0;

	if (len % 4)
		return -1;
	for (size_t i = 0; i < len; i += 4) {
		int v[4], pad = 0;
		unsigned long bits = 0;

		for (int j = 0; j < 4; j++) {
			if (in[i + j] == '=' && i + 4 == len && j >= 2) {
				v[j] = 0;
				pad++;
				continue;
			}
			if (pad)	/* data after '=' */
				return -1;
			v[j] = b64_value(in[i + j]);
			if (v[j] < 0)
				return -1;
		}
		for (int j = 0; j < 4; j++)
			bits = bits << 6 | (unsigned long)v[j];
		if ((pad == 1 && (bits & 0xff)) || (pad == 2 && (bits & 0xffff)))
			return -1;	/* non-canonical */
		out[n++] = (unsigned char)(bits >> 16);
		if (pad < 2)
			out[n++] = (unsigned char)(bits >> 8);
		if (pad < 1)
			out[n++] = (unsigned char)bits;
	}
	return (long)n;
}

static int in_alphabet(enum format format, const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		char c = text[i];

		if (format == FORMAT_HEX && hex_value(c) < 0)
			return 0;
		if (format == FORMAT_BASE64 && b64_value(c) < 0 &&
		    !(c == '=' && i + 2 >= len))
			return 0;
	}
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int initialized;
	enum format format;
	size_t block, len, whole_len, pieces_len = 0;
	char *whole, *pieces;
	unsigned char *back;

	if (!initialized) {
		encode_init();
		initialized = 1;
	}
	if (size == 0)
		return 0;
	format = data[0] & 1 ? FORMAT_BASE64 : FORMAT_HEX;
	block = (size_t)(data[0] >> 1) + 1;	/* 1 to 128 */
	if (format == FORMAT_BASE64)
		block *= 3;
	data++;
	size--;

	len = (size_t)encoded_length(format, size);
	CHECK(len == (format == FORMAT_HEX ? 2 * size : (size + 2) / 3 * 4));
	whole = malloc(len ? len : 1);
	pieces = malloc(len ? len : 1);
	back = malloc(size ? size : 1);
	CHECK(whole && pieces && back);

	whole_len = encode(format, data, size, whole);
	CHECK(whole_len == len);
	for (size_t off = 0; off < size; off += block) {
		size_t n = size - off < block ? size - off : block;

		pieces_len += encode(format, data + off, n, pieces + pieces_len);
	}
	CHECK(pieces_len == len);
	CHECK(memcmp(whole, pieces, len) == 0);
	CHECK(in_alphabet(format, whole, len));
	if (format == FORMAT_HEX)
		CHECK(ref_hex_decode(whole, len, back) == (long)size);
	else
		CHECK(ref_base64_decode(whole, len, back) == (long)size);
	CHECK(memcmp(back, data, size) == 0);

	free(whole);
	free(pieces);
	free(back);
	return 0;
}
