// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The --charset syntax, in the C locale (printable ASCII only):
 *   c        the character itself
 *   a-z      a range, both ends included, first <= last
 *   \c       c taken literally, for '\', '-' and '[' where they would
 *            start something else ('-' is also literal first and last),
 *            and for a letter of a word that would name a class
 *   [:name:] a class of charset-classes.h (POSIX's alnum alpha digit
 *            lower upper punct xdigit graph print, and named token
 *            alphabets); an unknown name is an error
 *   [name]   the same class
 *   name     the same class, where the name starts a word (no letter
 *            just before it) and ends it (no letter just after):
 *            "alnum!" is [:alnum:] and '!', "a-zalnum" is letters
 * tr reads "alnum" as five letters, and a password tool that did would
 * turn the natural ways to ask for a strong password into weak ones.  So
 * a word that names a class is never its letters unless one of them is
 * escaped ("\alnum"), and these are refused, not read as characters:
 *   - a word that begins with a class's name and goes on ("digits",
 *     "uppercase"), which meant the class, or letters;
 *   - a SET wholly in one pair of brackets, a regular expression's
 *     bracket expression ("[a-z]", "[[:digit:]]"), whose brackets would
 *     be two of its characters;
 *   - the POSIX classes with no printable character but the space
 *     (blank, cntrl, space), in any spelling.
 * The result is a set: a character given twice counts once, so that
 * "aab" draws 'a' and 'b' alike.
 */
#include <string.h>

#include "charset.h"
#include "charset-classes.h"

struct named_set {
	const char *name;
	const char *members;	/* in the same syntax, without named sets */
};

#define NAMED_SET(name, members) { name, members },
static const struct named_set named_sets[] = {
	CHARSET_CLASSES(NAMED_SET)
};
#undef NAMED_SET

#define UNPRINTABLE_NAME(name) name,
static const char *const unprintable_names[] = {
	CHARSET_UNPRINTABLE_CLASSES(UNPRINTABLE_NAME)
};
#undef UNPRINTABLE_NAME

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* What the members read so far came to, and what the parse found wrong. */
struct reading {
	bool in[128];
	enum charset_status status;
	const char *class_name;	/* CHARSET_CLASS_PREFIX: the class begun */
};

static bool is_printable(char c)
{
	return c >= ' ' && c <= '~';
}

static bool is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool add_members(const char *text, struct reading *r);

/*
 * The class named by the len characters at name: marks its members and
 * returns true; false, with r->status set, for a name that is none.
 */
static bool add_class(const char *name, size_t len, struct reading *r)
{
	for (size_t i = 0; i < COUNT(named_sets); i++)
		if (strlen(named_sets[i].name) == len &&
		    strncmp(named_sets[i].name, name, len) == 0)
			return add_members(named_sets[i].members, r);
	for (size_t i = 0; i < COUNT(unprintable_names); i++)
		if (strlen(unprintable_names[i]) == len &&
		    strncmp(unprintable_names[i], name, len) == 0) {
			r->status = CHARSET_UNPRINTABLE;
			return false;
		}
	r->status = CHARSET_INVALID;
	return false;
}

/*
 * The longest class name, of any kind, that starts a word at text (no
 * letter just before it), or NULL.  "base64url" is base64url, not base64
 * and "url".
 */
static const char *class_at(const char *start, const char *text)
{
	const char *found = NULL;

	if (text > start && is_letter(text[-1]))
		return NULL;
	for (size_t i = 0; i < COUNT(named_sets) + COUNT(unprintable_names); i++) {
		const char *name = i < COUNT(named_sets) ? named_sets[i].name :
				   unprintable_names[i - COUNT(named_sets)];

		if (strncmp(text, name, strlen(name)) == 0 &&
		    (found == NULL || strlen(name) > strlen(found)))
			found = name;
	}
	return found;
}

/*
 * A class at text, "[:name:]", "[name]" or a name as a word: marks its
 * members and returns the rest; text itself if none is there; NULL for
 * a class that is not one, or a word that begins with a class's name and
 * goes on ("digits", "uppercase"): r->status says which.
 */
static const char *add_class_at(const char *start, const char *text,
				struct reading *r)
{
	const char *name;
	size_t len;

	if (text[0] == '[' && text[1] == ':') {
		const char *end = strstr(text + 2, ":]");

		if (end == NULL) {
			r->status = CHARSET_INVALID;
			return NULL;
		}
		len = (size_t)(end - (text + 2));
		return add_class(text + 2, len, r) ? end + 2 : NULL;
	}
	if (text[0] == '[') {
		name = class_at(start, text + 1);
		len = name != NULL ? strlen(name) : 0;
		if (name != NULL && text[1 + len] == ']')
			return add_class(name, len, r) ? text + len + 2 : NULL;
		return text;
	}
	name = class_at(start, text);
	if (name == NULL)
		return text;
	len = strlen(name);
	if (is_letter(text[len])) {
		r->status = CHARSET_CLASS_PREFIX;
		r->class_name = name;
		return NULL;
	}
	return add_class(name, len, r) ? text + len : NULL;
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

/*
 * Reads the members at text.  At the top (bracketed not NULL) it also
 * tells whether the first member is a lone '[' and the last a lone ']':
 * a regular expression's bracket expression ("[a-z]", "[[:digit:]]"),
 * whose brackets would be two characters of the set, and --require
 * '[0-9]' met by a '['.
 */
static bool add_members_of(const char *text, struct reading *r,
			   bool *bracketed)
{
	const char *start = text;
	bool opens = false, closes = false;

	while (*text != '\0') {
		const char *rest = add_class_at(start, text, r);

		if (rest == text) {
			rest = add_char_or_range(text, r->in);
			opens = opens || (text == start && rest == text + 1 &&
					  *text == '[');
			closes = rest == text + 1 && *text == ']' && *rest == '\0';
		}
		if (rest == NULL) {
			if (r->status == CHARSET_OK)
				r->status = CHARSET_INVALID;
			return false;
		}
		text = rest;
	}
	/* "[]" is no bracket expression: the two characters are meant. */
	if (bracketed != NULL)
		*bracketed = opens && closes && text - start > 2;
	return true;
}

static bool add_members(const char *text, struct reading *r)
{
	return add_members_of(text, r, NULL);
}

/* A set of at least min characters. */
static enum charset_status parse_set(const char *text, struct charset *set,
				     unsigned int min)
{
	struct reading r = { .status = CHARSET_OK };
	unsigned int size = 0;
	bool bracketed;

	if (!add_members_of(text, &r, &bracketed)) {
		set->class_name = r.class_name;
		return r.status;
	}
	if (bracketed)
		return CHARSET_BRACKETED;
	for (int c = ' '; c <= '~'; c++)
		if (r.in[c])
			set->chars[size++] = (char)c;
	if (size < min)
		return CHARSET_TOO_SMALL;
	set->size = size;
	return CHARSET_OK;
}

enum charset_status parse_charset(const char *text, struct charset *set)
{
	return parse_set(text, set, 2);
}

/* --require's SET: one character is a rule too ("at least one !"). */
enum charset_status parse_required_set(const char *text, struct charset *set)
{
	return parse_set(text, set, 1);
}

bool charset_contains(const struct charset *set, char c)
{
	return memchr(set->chars, c, set->size) != NULL;
}
