// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --uuid-format=FORMAT: one style (canonical, hex, urn, braces), the word
 * upper, or both joined by a comma in either order ("braces,upper").  Each
 * word at most once, nothing empty, lowercase only: the option is a
 * name, not a pattern, so "HEX" does not mean uppercase.
 */
#include <string.h>

#include "uuid-format.h"

static const char *const style_names[] = {
	[UUID_CANONICAL] = "canonical",
	[UUID_HEX] = "hex",
	[UUID_URN] = "urn",
	[UUID_BRACES] = "braces",
};

/* Reads one word of len bytes; returns false if it is unknown or repeated. */
static bool read_word(const char *word, size_t len, struct uuid_format *format,
		      bool *style_given)
{
	if (len == 5 && strncmp(word, "upper", 5) == 0) {
		if (format->upper)
			return false;
		format->upper = true;
		return true;
	}
	for (size_t i = 0; i < sizeof(style_names) / sizeof(style_names[0]); i++)
		if (strlen(style_names[i]) == len &&
		    strncmp(word, style_names[i], len) == 0) {
			if (*style_given)
				return false;
			*style_given = true;
			format->style = (enum uuid_style)i;
			return true;
		}
	return false;
}

bool parse_uuid_format(const char *text, struct uuid_format *format)
{
	struct uuid_format f = { UUID_CANONICAL, false };
	bool style_given = false;

	for (;;) {
		const char *comma = strchr(text, ',');
		size_t len = comma ? (size_t)(comma - text) : strlen(text);

		if (!read_word(text, len, &f, &style_given))
			return false;
		if (comma == NULL)
			break;
		text = comma + 1;
	}
	*format = f;
	return true;
}
