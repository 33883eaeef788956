/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --charset=SET: the characters a password is drawn from. */
#ifndef GETRANDOM_CHARSET_H
#define GETRANDOM_CHARSET_H

#include <stdbool.h>

/* Every printable ASCII character, space included. */
#define CHARSET_MAX 95
#define CHARSET_DEFAULT "[:alnum:]"

struct charset {
	char chars[CHARSET_MAX];	/* each once, in ASCII order */
	unsigned int size;
};

bool parse_charset(const char *text, struct charset *set);
bool parse_required_set(const char *text, struct charset *set);
bool charset_contains(const struct charset *set, char c);

#endif
