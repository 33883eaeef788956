// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A password of length characters, each drawn on its own with
 * draw_below(set size): every character of the set equally likely, the
 * characters independent.  Written in pieces, so any length streams.
 *
 * With --require, whole passwords are drawn so and thrown away until one
 * has a character of every rule's set: each password that satisfies the
 * rules is then exactly as likely as any other (rejection keeps the
 * uniform draw, restricted), where patching a character in would favour
 * some.  The share that passes, by inclusion and exclusion, bounds the
 * work (rules.c refuses rules that almost nothing passes).
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

/* Which rules each character satisfies, one bit a rule. */
static void rule_masks(const struct password_rules *rules, uint32_t mask[128])
{
	for (int c = 0; c < 128; c++)
		mask[c] = 0;
	for (unsigned int r = 0; r < rules->count; r++)
		for (unsigned int i = 0; i < rules->sets[r].size; i++)
			mask[(unsigned char)rules->sets[r].chars[i]] |= 1u << r;
}

void put_ruled_password(struct lines *out, struct draw_source *src,
			const struct charset *set, uint64_t length,
			const struct password_rules *rules)
{
	uint32_t mask[128], all = (1u << rules->count) - 1, seen;
	size_t len = (size_t)length;
	char *p;

	rule_masks(rules, mask);
	if (src->error || out->failed)
		return;
	/* Drawn where it will be written: a rejected one is overwritten. */
	p = lines_room(out, len + 1);
	do {
		seen = 0;
		for (size_t i = 0; i < len; i++) {
			p[i] = set->chars[draw_below(src, set->size)];
			seen |= mask[(unsigned char)p[i]];
		}
	} while (seen != all && !src->error);
	if (src->error)
		return;
	p[len] = '\n';
	out->len += len + 1;
}
