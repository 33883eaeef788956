// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A password of length characters, each drawn on its own with
 * draw_below(set size): every character of the set equally likely, the
 * characters independent.  Written in pieces, so any length streams.
 */
#include "password.h"

#define PIECE 4096u

void put_password(struct lines *out, struct draw_source *src,
		  const struct charset *set, uint64_t length)
{
	while (length > 0) {
		size_t piece;
		char *p;

		/* Nothing drawn after a failure may reach the output. */
		if (src->error || out->failed)
			return;
		piece = length < PIECE ? (size_t)length : PIECE;
		p = lines_room(out, piece + 1);

		for (size_t i = 0; i < piece; i++)
			p[i] = set->chars[draw_below(src, set->size)];
		out->len += piece;
		length -= piece;
	}
	if (src->error)
		return;
	*lines_room(out, 1) = '\n';
	out->len++;
}
