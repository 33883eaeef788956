// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Hex and base64 encoders.  At bulk sizes the encoder runs once per byte
 * the kernel hands out and must cost little next to it (issue 4: at least
 * 0.9 of the raw rate), so on x86-64 both work 16 bytes at a time: hex
 * with SSE2, which every x86-64 CPU has, and base64 with SSSE3 where the
 * CPU has it (checked once, in encode_init).  Elsewhere, and for the last
 * few bytes, they are table driven: one table lookup per output pair of
 * characters.  Every path gives the same text.
 */
#include <stdbool.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define ENCODE_X86 1
#endif

#include "encode.h"

static const char hex_digits[] = "0123456789abcdef";
static const char base64_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* hex_pairs[b] is the two hex digits of byte b; base64_pairs[v], of 12 bits v. */
static char hex_pairs[256][2];
static char base64_pairs[4096][2];

#ifdef ENCODE_X86
static bool have_ssse3;
#endif

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
#ifdef ENCODE_X86
	__builtin_cpu_init();
	have_ssse3 = __builtin_cpu_supports("ssse3");
#endif
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

#ifdef ENCODE_X86
/* Sixteen nibbles, one per byte, to their lowercase hex digits. */
static inline __m128i hex_digits16(__m128i nibbles)
{
	__m128i letter = _mm_cmpgt_epi8(nibbles, _mm_set1_epi8(9));

	nibbles = _mm_add_epi8(nibbles, _mm_set1_epi8('0'));
	return _mm_add_epi8(nibbles,
			    _mm_and_si128(letter, _mm_set1_epi8('a' - '0' - 10)));
}

/* Encodes the first len - len % 16 bytes; returns how many. */
static size_t encode_hex_sse2(const unsigned char *in, size_t len, char *out)
{
	const __m128i low4 = _mm_set1_epi8(0x0f);
	size_t i;

	for (i = 0; i + 16 <= len; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(in + i));
		__m128i hi = hex_digits16(_mm_and_si128(_mm_srli_epi16(v, 4), low4));
		__m128i lo = hex_digits16(_mm_and_si128(v, low4));

		_mm_storeu_si128((__m128i *)(out + 2 * i), _mm_unpacklo_epi8(hi, lo));
		_mm_storeu_si128((__m128i *)(out + 2 * i + 16),
				 _mm_unpackhi_epi8(hi, lo));
	}
	return i;
}
#endif

static size_t encode_hex(const unsigned char *in, size_t len, char *out)
{
	size_t i = 0;

#ifdef ENCODE_X86
	i = encode_hex_sse2(in, len, out);
#endif
	for (; i < len; i++)
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

#ifdef ENCODE_X86
/*
 * Wojciech Muła's SSSE3 base64 encoder (http://0x80.pl/notesen/2016-01-12-sse-base64-encoding.html):
 * twelve input bytes are spread over four 32-bit lanes, their 6-bit
 * groups moved into bytes with two multiplies, and each group turned into
 * its character by adding an offset looked up by range.
 */
__attribute__((target("ssse3")))
static inline __m128i base64_indices(__m128i in)
{
	__m128i t0, t1, t2, t3;

	in = _mm_shuffle_epi8(in, _mm_set_epi8(10, 11, 9, 10, 7, 8, 6, 7,
					       4, 5, 3, 4, 1, 2, 0, 1));
	t0 = _mm_and_si128(in, _mm_set1_epi32(0x0fc0fc00));
	t1 = _mm_mulhi_epu16(t0, _mm_set1_epi32(0x04000040));
	t2 = _mm_and_si128(in, _mm_set1_epi32(0x003f03f0));
	t3 = _mm_mullo_epi16(t2, _mm_set1_epi32(0x01000010));
	return _mm_or_si128(t1, t3);
}

/* Sixteen 6-bit values to their base64 characters. */
__attribute__((target("ssse3")))
static inline __m128i base64_chars(__m128i v)
{
	/* 0..51 -> 0, 52..61 -> 1..10, 62 -> 11, 63 -> 12; then 0..25 -> 13 */
	__m128i range = _mm_subs_epu8(v, _mm_set1_epi8(51));
	__m128i upper = _mm_cmpgt_epi8(_mm_set1_epi8(26), v);
	const __m128i offsets = _mm_setr_epi8('a' - 26, '0' - 52, '0' - 52,
		'0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52,
		'0' - 52, '0' - 52, '+' - 62, '/' - 63, 'A', 0, 0);

	range = _mm_or_si128(range, _mm_and_si128(upper, _mm_set1_epi8(13)));
	return _mm_add_epi8(_mm_shuffle_epi8(offsets, range), v);
}

/*
 * Encodes whole groups of 12 bytes while 16 can be read; returns how many
 * input bytes it took (a multiple of 3, so the scalar code carries on).
 */
__attribute__((target("ssse3")))
static size_t encode_base64_ssse3(const unsigned char *in, size_t len,
				  char *out)
{
	size_t i;

	for (i = 0; i + 16 <= len; i += 12) {
		__m128i v = _mm_loadu_si128((const __m128i *)(in + i));

		_mm_storeu_si128((__m128i *)(out + i / 3 * 4),
				 base64_chars(base64_indices(v)));
	}
	return i;
}
#endif

static size_t encode_base64(const unsigned char *in, size_t len, char *out)
{
	size_t whole = len - len % 3, i = 0, n;

#ifdef ENCODE_X86
	if (have_ssse3)
		i = encode_base64_ssse3(in, len, out);
#endif
	for (n = i / 3 * 4; i < whole; i += 3, n += 4) {
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
