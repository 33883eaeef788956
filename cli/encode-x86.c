// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86-64 fast paths of cli/encode.c.  At bulk sizes the encoder runs
 * once for every byte the kernel hands out and must cost little next to
 * it (the target: text at least 0.9 of the raw rate), so both formats work
 * 32 bytes at a time with AVX2, or 16 with SSE2 (hex; every x86-64 CPU
 * has it) and SSSE3 (base64) on CPUs without AVX2.  Each function encodes
 * a prefix of its input and returns how long it was; encode.c does the
 * rest.  Every path gives the same text as the scalar code.  Uppercase
 * hex (base16) and base64url differ only in a few constants, so they share
 * these paths.
 *
 * Which paths run is read from glibc's record of the CPU, so
 * GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-SSSE3 turns them off (the tests
 * use this to check the older paths on a newer CPU) and start-up runs no
 * CPUID of its own, which costs a VM exit under a hypervisor.
 */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdbool.h>

#include "encode-x86.h"

#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#endif

static bool have_ssse3, have_avx2;

void x86_encode_init(void)
{
#ifdef CPU_FEATURE_ACTIVE
	have_ssse3 = CPU_FEATURE_ACTIVE(SSSE3);
	have_avx2 = CPU_FEATURE_ACTIVE(AVX2);
#else	/* not glibc 2.33 or later: libgcc asks the CPU itself */
	__builtin_cpu_init();
	have_ssse3 = __builtin_cpu_supports("ssse3");
	have_avx2 = __builtin_cpu_supports("avx2");
#endif
}

/*
 * Sixteen nibbles, one per byte, to their hex digits; letter_gap is what
 * takes '0' + 10 to 'a' (or to 'A').
 */
static inline __m128i hex_digits16(__m128i nibbles, __m128i letter_gap)
{
	__m128i letter = _mm_cmpgt_epi8(nibbles, _mm_set1_epi8(9));

	nibbles = _mm_add_epi8(nibbles, _mm_set1_epi8('0'));
	return _mm_add_epi8(nibbles, _mm_and_si128(letter, letter_gap));
}

static size_t hex_sse2(const unsigned char *in, size_t len, char *out,
		       bool upper)
{
	const __m128i low4 = _mm_set1_epi8(0x0f);
	const __m128i gap = _mm_set1_epi8(upper ? 'A' - '0' - 10 : 'a' - '0' - 10);
	size_t i;

	for (i = 0; i + 16 <= len; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(in + i));
		__m128i hi = hex_digits16(_mm_and_si128(_mm_srli_epi16(v, 4), low4),
					  gap);
		__m128i lo = hex_digits16(_mm_and_si128(v, low4), gap);

		_mm_storeu_si128((__m128i *)(out + 2 * i), _mm_unpacklo_epi8(hi, lo));
		_mm_storeu_si128((__m128i *)(out + 2 * i + 16),
				 _mm_unpackhi_epi8(hi, lo));
	}
	return i;
}

/*
 * The nibbles are looked up in a 16-byte table of digits with one
 * shuffle.  AVX2 interleaves within each 128-bit lane, so the two halves
 * of the output are put back in order across lanes before they are stored.
 */
__attribute__((target("avx2")))
static size_t hex_avx2(const unsigned char *in, size_t len, char *out,
		       bool upper)
{
	const __m256i digits = _mm256_broadcastsi128_si256(
		_mm_loadu_si128((const __m128i *)(upper ? "0123456789ABCDEF" :
							  "0123456789abcdef")));
	const __m256i low4 = _mm256_set1_epi8(0x0f);
	size_t i;

	for (i = 0; i + 32 <= len; i += 32) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(in + i));
		__m256i hi = _mm256_shuffle_epi8(digits,
			_mm256_and_si256(_mm256_srli_epi16(v, 4), low4));
		__m256i lo = _mm256_shuffle_epi8(digits, _mm256_and_si256(v, low4));
		__m256i first = _mm256_unpacklo_epi8(hi, lo);	/* bytes 0-7, 16-23 */
		__m256i second = _mm256_unpackhi_epi8(hi, lo);	/* 8-15, 24-31 */

		_mm256_storeu_si256((__m256i *)(out + 2 * i),
				    _mm256_permute2x128_si256(first, second, 0x20));
		_mm256_storeu_si256((__m256i *)(out + 2 * i + 32),
				    _mm256_permute2x128_si256(first, second, 0x31));
	}
	return i;
}

size_t x86_encode_hex(const unsigned char *in, size_t len, char *out,
		      bool upper)
{
	size_t done = have_avx2 ? hex_avx2(in, len, out, upper) : 0;

	return done + hex_sse2(in + done, len - done, out + 2 * done, upper);
}

/*
 * Base64 after Wojciech Muła's SIMD encoder
 * (http://0x80.pl/notesen/2016-01-12-sse-base64-encoding.html), in each
 * 128-bit lane: twelve input bytes are spread over four 32-bit words, the
 * four 6-bit groups of each word moved into its four bytes with two
 * 16-bit multiplies, and each group turned into its character by adding
 * an offset looked up by range.  The constants are the same for SSSE3 and
 * AVX2, one lane's worth each; base64url differs only in the offsets of
 * 62 and 63.
 */
#define SPREAD_12_BYTES 10, 11, 9, 10, 7, 8, 6, 7, 4, 5, 3, 4, 1, 2, 0, 1
#define GROUPS_HIGH_MASK 0x0fc0fc00
#define GROUPS_HIGH_MULTIPLIER 0x04000040
#define GROUPS_LOW_MASK 0x003f03f0
#define GROUPS_LOW_MULTIPLIER 0x01000010
/*
 * What to add to a 6-bit value to get its character, by range: index 0
 * for 26..51 ('a'..'z'), 1..10 for 52..61 ('0'..'9'), 11 for 62 ('+'),
 * 12 for 63 ('/') and 13 for 0..25 ('A'..'Z').  The index is the value
 * minus 51, saturated at 0, or 13 where the value is under 26.
 */
#define OFFSETS_BY_RANGE(c62, c63) 'a' - 26, '0' - 52, '0' - 52, \
	'0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, \
	'0' - 52, (c62) - 62, (c63) - 63, 'A', 0, 0
#define BASE64_OFFSETS OFFSETS_BY_RANGE('+', '/')
#define BASE64URL_OFFSETS OFFSETS_BY_RANGE('-', '_')

__attribute__((target("ssse3")))
static inline __m128i base64_groups16(__m128i in)
{
	__m128i high, low;

	in = _mm_shuffle_epi8(in, _mm_set_epi8(SPREAD_12_BYTES));
	high = _mm_mulhi_epu16(_mm_and_si128(in, _mm_set1_epi32(GROUPS_HIGH_MASK)),
			       _mm_set1_epi32(GROUPS_HIGH_MULTIPLIER));
	low = _mm_mullo_epi16(_mm_and_si128(in, _mm_set1_epi32(GROUPS_LOW_MASK)),
			      _mm_set1_epi32(GROUPS_LOW_MULTIPLIER));
	return _mm_or_si128(high, low);
}

__attribute__((target("ssse3")))
static inline __m128i base64_chars16(__m128i v, __m128i offsets)
{
	__m128i range = _mm_subs_epu8(v, _mm_set1_epi8(51));
	__m128i upper = _mm_cmpgt_epi8(_mm_set1_epi8(26), v);

	range = _mm_or_si128(range, _mm_and_si128(upper, _mm_set1_epi8(13)));
	return _mm_add_epi8(_mm_shuffle_epi8(offsets, range), v);
}

/* Whole groups of 12 bytes while 16 can be read. */
__attribute__((target("ssse3")))
static size_t base64_ssse3(const unsigned char *in, size_t len, char *out,
			   bool url)
{
	const __m128i offsets = url ? _mm_setr_epi8(BASE64URL_OFFSETS) :
				      _mm_setr_epi8(BASE64_OFFSETS);
	size_t i;

	for (i = 0; i + 16 <= len; i += 12) {
		__m128i v = _mm_loadu_si128((const __m128i *)(in + i));

		_mm_storeu_si128((__m128i *)(out + i / 3 * 4),
				 base64_chars16(base64_groups16(v), offsets));
	}
	return i;
}

__attribute__((target("avx2")))
static inline __m256i base64_groups32(__m256i in)
{
	__m256i high, low;

	in = _mm256_shuffle_epi8(in, _mm256_set_epi8(SPREAD_12_BYTES,
						     SPREAD_12_BYTES));
	high = _mm256_mulhi_epu16(
		_mm256_and_si256(in, _mm256_set1_epi32(GROUPS_HIGH_MASK)),
		_mm256_set1_epi32(GROUPS_HIGH_MULTIPLIER));
	low = _mm256_mullo_epi16(
		_mm256_and_si256(in, _mm256_set1_epi32(GROUPS_LOW_MASK)),
		_mm256_set1_epi32(GROUPS_LOW_MULTIPLIER));
	return _mm256_or_si256(high, low);
}

__attribute__((target("avx2")))
static inline __m256i base64_chars32(__m256i v, __m256i offsets)
{
	__m256i range = _mm256_subs_epu8(v, _mm256_set1_epi8(51));
	__m256i upper = _mm256_cmpgt_epi8(_mm256_set1_epi8(26), v);

	range = _mm256_or_si256(range, _mm256_and_si256(upper, _mm256_set1_epi8(13)));
	return _mm256_add_epi8(_mm256_shuffle_epi8(offsets, range), v);
}

/*
 * Whole groups of 24 bytes while 28 can be read: bytes 0-11 go to the low
 * lane and 12-23 to the high one, so each lane holds what SSSE3 would.
 */
__attribute__((target("avx2")))
static size_t base64_avx2(const unsigned char *in, size_t len, char *out,
			  bool url)
{
	const __m256i offsets = url ?
		_mm256_setr_epi8(BASE64URL_OFFSETS, BASE64URL_OFFSETS) :
		_mm256_setr_epi8(BASE64_OFFSETS, BASE64_OFFSETS);
	size_t i;

	for (i = 0; i + 28 <= len; i += 24) {
		__m256i v = _mm256_inserti128_si256(
			_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(in + i))),
			_mm_loadu_si128((const __m128i *)(in + i + 12)), 1);

		_mm256_storeu_si256((__m256i *)(out + i / 3 * 4),
				    base64_chars32(base64_groups32(v), offsets));
	}
	return i;
}

size_t x86_encode_base64(const unsigned char *in, size_t len, char *out,
			 bool url)
{
	size_t done = have_avx2 ? base64_avx2(in, len, out, url) : 0;

	if (have_ssse3)
		done += base64_ssse3(in + done, len - done, out + done / 3 * 4,
				     url);
	return done;
}
#endif
