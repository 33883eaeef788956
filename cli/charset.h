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
	const char *class_name;	/* CHARSET_CLASS_PREFIX: the class begun */
};

/* Why a SET was refused: the setters' messages say each its own way. */
enum charset_status {
	CHARSET_OK,
	CHARSET_INVALID,	/* not the syntax, or an unknown [:name:] */
	CHARSET_TOO_SMALL,	/* fewer characters than the option needs */
	CHARSET_BRACKETED,	/* [a-z], [[:digit:]]: brackets around it all */
	CHARSET_UNPRINTABLE,	/* space, blank, cntrl: no password class */
	CHARSET_CLASS_PREFIX,	/* digits, uppercase: a class name, and more */
};

enum charset_status parse_charset(const char *text, struct charset *set);
enum charset_status parse_required_set(const char *text, struct charset *set);
bool charset_contains(const struct charset *set, char c);

#endif
