/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Text encodings of random bytes: hexadecimal (lowercase, or uppercase as
 * base16) and the RFC 4648 base64, base64url and base32.
 */
#ifndef GETRANDOM_ENCODE_H
#define GETRANDOM_ENCODE_H

#include <stddef.h>
#include <stdint.h>

enum format {
	FORMAT_RAW,
	FORMAT_HEX,
	FORMAT_BASE64,
	FORMAT_BASE64URL,
	FORMAT_BASE32,
	FORMAT_BASE16,
};

/* Picks the fastest encoders this CPU runs; call once, before any encoding. */
void encode_init(void);

/* How many bytes of text len input bytes become, padded (newline not counted). */
uint64_t encoded_length(enum format format, uint64_t len);

/* The same without the trailing '=' of base64, base64url and base32. */
uint64_t unpadded_length(enum format format, uint64_t len);

/*
 * Encodes len bytes of in into out and returns the text length.  For the
 * base64 formats every block but the last must be a multiple of 3 bytes
 * long, for base32 a multiple of 5, so that padding only ever appears at
 * the very end.
 */
size_t encode(enum format format, const unsigned char *in, size_t len,
	      char *out);

/* The length of text without its trailing '=' padding. */
size_t unpad(const char *text, size_t len);

#endif
