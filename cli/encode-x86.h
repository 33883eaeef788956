/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SIMD encoders for x86-64 (cli/encode-x86.c).  Each encodes a prefix of
 * its input and returns its length: for base64 a multiple of 3, which may
 * be 0.  Elsewhere they encode nothing and the scalar code does it all.
 * upper picks uppercase hex digits; url the base64url alphabet.
 */
#ifndef GETRANDOM_ENCODE_X86_H
#define GETRANDOM_ENCODE_X86_H

#include <stdbool.h>
#include <stddef.h>

#if defined(__x86_64__)
void x86_encode_init(void);
size_t x86_encode_hex(const unsigned char *in, size_t len, char *out,
		      bool upper);
size_t x86_encode_base64(const unsigned char *in, size_t len, char *out,
			 bool url);
#else
static inline void x86_encode_init(void)
{
}

static inline size_t x86_encode_hex(const unsigned char *in, size_t len,
				    char *out, bool upper)
{
	(void)in, (void)len, (void)out, (void)upper;
	return 0;
}

static inline size_t x86_encode_base64(const unsigned char *in, size_t len,
				       char *out, bool url)
{
	(void)in, (void)len, (void)out, (void)url;
	return 0;
}
#endif

#endif
