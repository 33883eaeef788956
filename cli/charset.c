// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The --charset syntax, in the C locale (printable ASCII only):
 *   c        the character itself
 *   a-z      a range, both ends included, first <= last
 *   \c       c taken literally, for '\', '-' and '[' where they would
 *            start something else ('-' is also literal first and last)
 *   [:name:] a POSIX class (alnum alpha digit lower upper punct xdigit
 *            graph print, see named_sets[]) or one of the named sets
 *            below; an unknown name is an error, never literal characters,
 *            so a named set cannot be mistaken for the characters of its
 *            name.
 * The result is a set: a character given twice counts once, so that
 * "aab" draws 'a' and 'b' alike.  At least two characters are needed.
 */
#include <string.h>

#include "charset.h"

struct named_set {
	const char *name;
	const char *members;	/* in the same syntax, without named sets */
};

static const struct named_set named_sets[] = {
	/* POSIX classes, as in the C locale; print has the space, graph not. */
	{ "alnum", "A-Za-z0-9" },
	{ "alpha", "A-Za-z" },
	{ "digit", "0-9" },
	{ "lower", "a-z" },
	{ "upper", "A-Z" },
	{ "xdigit", "0-9A-Fa-f" },
	{ "punct", "!-/:-@\\[-`{-~" },
	{ "graph", "!-~" },
	{ "print", " -~" },
	/* Named sets for common token alphabets. */
	{ "base32", "A-Z2-7" },				/* RFC 4648 section 6 */
	{ "base58", "1-9A-HJ-NP-Za-km-z" },		/* no 0 O I l */
	{ "base64url", "A-Za-z0-9\\-_" },		/* RFC 4648 section 5 */
	{ "hex", "0-9a-f" },
	{ "unambiguous", "2-9A-HJ-NP-Za-km-z" },	/* no 0 1 O I l */
};

static bool is_printable(char c)
{
	return c >= ' ' && c <= '~';
}

static bool add_members(const char *text, bool *in);

/* "[:name:]" at text: marks its members and returns the rest, or NULL. */
static const char *add_named(const char *text, bool *in)
{
	const char *name = text + 2, *end = strstr(name, ":]");

	if (end == NULL)
		return NULL;
	for (size_t i = 0; i < sizeof(named_sets) / sizeof(named_sets[0]); i++) {
		const struct named_set *set = &named_sets[i];

		if (strlen(set->name) == (size_t)(end - name) &&
		    strncmp(set->name, name, (size_t)(end - name)) == 0)
			return add_members(set->members, in) ? end + 2 : NULL;
	}
	return NULL;
}

/* One character, escaped or not; returns the rest, or NULL. */
static const char *read_char(const char *text, char *c)
{
	if (*text == '\\')
		text++;
	if (!is_printable(*text))
		return NULL;
	*c = *text;
	return text + 1;
}

/* A character or a range at text: marks it and returns the rest, or NULL. */
static const char *add_char_or_range(const char *text, bool *in)
{
	char first, last;

	text = read_char(text, &first);
	if (text == NULL)
		return NULL;
	last = first;
	if (text[0] == '-' && text[1] != '\0') {
		text = read_char(text + 1, &last);
		if (text == NULL || last < first)
			return NULL;
	}
	for (int c = first; c <= last; c++)
		in[c] = true;
	return text;
}

static bool add_members(const char *text, bool *in)
{
	while (*text != '\0') {
		if (text[0] == '[' && text[1] == ':')
			text = add_named(text, in);
		else
			text = add_char_or_range(text, in);
		if (text == NULL)
			return false;
	}
	return true;
}

/* A set of at least min characters. */
static bool parse_set(const char *text, struct charset *set, unsigned int min)
{
	bool in[128] = { false };
	unsigned int size = 0;

	if (!add_members(text, in))
		return false;
	for (int c = ' '; c <= '~'; c++)
		if (in[c])
			set->chars[size++] = (char)c;
	if (size < min)
		return false;
	set->size = size;
	return true;
}

bool parse_charset(const char *text, struct charset *set)
{
	return parse_set(text, set, 2);
}

/* --require's SET: one character is a rule too ("at least one !"). */
bool parse_required_set(const char *text, struct charset *set)
{
	return parse_set(text, set, 1);
}

bool charset_contains(const struct charset *set, char c)
{
	return memchr(set->chars, c, set->size) != NULL;
}
