/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Text built up in a buffer and written to the sink a buffer at a time. */
#ifndef GETRANDOM_LINES_H
#define GETRANDOM_LINES_H

#include <stdbool.h>
#include <stddef.h>

#include "sink.h"

#define LINES_BUFFER 65536u

struct lines {
	struct sink *sink;
	size_t len;
	bool failed;		/* a write failed; the sink said why */
	char buf[LINES_BUFFER];
};

void lines_init(struct lines *out, struct sink *sink);
char *lines_room(struct lines *out, size_t need);
void lines_flush(struct lines *out);
/* Adds len bytes of text, in pieces if need be: any length. */
void lines_put(struct lines *out, const char *text, size_t len);
void lines_wipe(struct lines *out);

#endif
