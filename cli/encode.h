/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Text encodings of random bytes: lowercase hex and RFC 4648 base64. */
#ifndef GETRANDOM_ENCODE_H
#define GETRANDOM_ENCODE_H

#include <stddef.h>
#include <stdint.h>

enum format { FORMAT_RAW, FORMAT_HEX, FORMAT_BASE64 };

/* Picks the fastest encoders this CPU runs; call once, before any encoding. */
void encode_init(void);

/* How many bytes of text len input bytes become (newline not counted). */
uint64_t encoded_length(enum format format, uint64_t len);

/*
 * Encodes len bytes of in into out and returns the text length.  For
 * base64, every block but the last must be a multiple of 3 bytes long, so
 * that padding only ever appears at the very end.
 */
size_t encode(enum format format, const unsigned char *in, size_t len,
	      char *out);

#endif
