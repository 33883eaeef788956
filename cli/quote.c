// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Quotes a file name for a message, the way GNU tools do in the C locale
 * (ls --quoting-style=shell-escape-always): 'key file', "it's",
 * 'a'$'\n''b'.  A name can hold any byte but '/' and NUL; printed raw, a
 * newline or an escape sequence in it could fake a second message or
 * move the terminal's cursor.  The result can be pasted into a shell.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "quote.h"

/* Each byte takes at most 9: close, $'\ooo', reopen.  Longer names are cut. */
#define QUOTE_SLOTS 4
#define QUOTE_SIZE (PATH_MAX * 9 + 8)

static bool is_control(unsigned char c)
{
	return c < 0x20 || c >= 0x7f;
}

/* A name with a ' and nothing that double quotes would expand: "it's". */
static bool fits_double_quotes(const char *name)
{
	if (strchr(name, '\'') == NULL)
		return false;
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		if (is_control(*p) || strchr("\"$`\\!", *p) != NULL)
			return false;
	return true;
}

static const char *c_escape(unsigned char c, char *buf, size_t size)
{
	static const char named[] = "\aa\bb\ff\nn\rr\tt\vv";
	const char *found = c != '\0' ? strchr(named, c) : NULL;

	if (found != NULL && (found - named) % 2 == 0)
		snprintf(buf, size, "\\%c", found[1]);
	else
		snprintf(buf, size, "\\%03o", c);
	return buf;
}

/* Appends text to out at *len, as far as it fits. */
static void append(char *out, size_t *len, const char *text)
{
	size_t n = strlen(text);

	if (*len + n >= QUOTE_SIZE)
		n = 0;
	memcpy(out + *len, text, n);
	*len += n;
	out[*len] = '\0';
}

/* Where quote_into() stands: in '...', between quotes, or in $'...'. */
enum quote_state { IN_QUOTES, BETWEEN, IN_ESCAPES };

static void quote_into(const char *name, char *out)
{
	enum quote_state state = IN_QUOTES;
	size_t len = 0;
	char esc[8], one[2] = "";

	out[0] = '\0';
	append(out, &len, "'");
	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		if (is_control(*p)) {
			/* Control bytes in a row share one $'...'. */
			if (state != IN_ESCAPES)
				append(out, &len, state == IN_QUOTES ? "'$'" : "$'");
			append(out, &len, c_escape(*p, esc, sizeof(esc)));
			state = IN_ESCAPES;
			continue;
		}
		if (state == IN_ESCAPES)
			append(out, &len, "'");
		if (*p == '\'') {
			append(out, &len, state == IN_QUOTES ? "'\\'" : "\\'");
			state = BETWEEN;
			continue;
		}
		if (state != IN_QUOTES)
			append(out, &len, "'");
		state = IN_QUOTES;
		one[0] = (char)*p;
		append(out, &len, one);
	}
	if (state != BETWEEN)
		append(out, &len, "'");
}

/* The quoted name, valid until the next call with the same slot (0 to 3). */
const char *quote_n(int slot, const char *name)
{
	static char buffers[QUOTE_SLOTS][QUOTE_SIZE];
	char *out = buffers[slot % QUOTE_SLOTS];

	if (strlen(name) > PATH_MAX) {
		snprintf(out, QUOTE_SIZE, "%s", "(a name too long to print)");
		return out;
	}
	if (fits_double_quotes(name))
		snprintf(out, QUOTE_SIZE, "\"%s\"", name);
	else
		quote_into(name, out);
	return out;
}

const char *quote(const char *name)
{
	return quote_n(0, name);
}
