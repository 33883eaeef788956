// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Word lists for --words.  A --wordlist FILE has one word a line, or
 * diceware's "NNNNN<TAB>word" lines (five dice, 1 to 6, then a tab), the
 * two forms mixed if need be.  Its words are drawn with equal chances, so
 * a list that repeats a word would draw that word more often: it is
 * refused, and so are an empty word (an empty line), a word holding a
 * blank or a control character (it could not be told apart from the
 * separator; a carriage return ending the line, from a DOS file, is
 * named as such), and a list of fewer than two words (no choice at all).
 * A file that starts with a UTF-8 byte order mark is refused too.
 * Words may be in any encoding that keeps ASCII's control characters out
 * (UTF-8 does): they are compared byte by byte.
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "quote.h"
#include "wordlist.h"

/* "NNNNN<TAB>": the dice of a diceware line, skipped. */
static size_t dice_prefix(const char *line, size_t len)
{
	if (len < 6 || line[5] != '\t')
		return 0;
	for (int i = 0; i < 5; i++)
		if (line[i] < '1' || line[i] > '6')
			return 0;
	return 6;
}

/*
 * "NNNNN word": five dice and a blank where diceware's tab belongs, so
 * that the line would be one word with a blank in it.
 */
static bool dice_then_blank(const char *line, size_t len)
{
	if (len < 6 || line[5] != ' ')
		return false;
	for (int i = 0; i < 5; i++)
		if (line[i] < '1' || line[i] > '6')
			return false;
	return true;
}

static bool clean_word(const char *word, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)word[i];

		if (c <= ' ' || c == 0x7f)
			return false;
	}
	return true;
}

/* For qsort: the list whose lines are sorted by word, then by line. */
static const struct wordlist *sorting;

static int by_word(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int c = strcmp(sorting->words + sorting->starts[x],
		       sorting->words + sorting->starts[y]);

	return c != 0 ? c : (x > y) - (x < y);
}

/*
 * The list's line numbers (from 0) in the order compare gives them, or
 * NULL when out of memory; compare reads the list through sorting.
 */
static uint32_t *sorted_lines(const struct wordlist *list,
			      int (*compare)(const void *, const void *))
{
	uint32_t *order = malloc((size_t)list->count * sizeof(*order));

	if (order == NULL)
		return NULL;
	for (uint32_t i = 0; i < list->count; i++)
		order[i] = i;
	sorting = list;
	qsort(order, list->count, sizeof(*order), compare);
	return order;
}

/* The first line that repeats an earlier one, and that earlier line. */
static enum wordlist_error find_repeat(const struct wordlist *list,
				       size_t *line, size_t *first)
{
	uint32_t *order = sorted_lines(list, by_word);
	enum wordlist_error error = WORDLIST_OK;
	uint32_t run = 0;	/* where the current word's lines start */

	if (order == NULL)
		return WORDLIST_NO_MEMORY;
	for (uint32_t i = 1; i < list->count; i++) {
		if (strcmp(list->words + list->starts[order[run]],
			   list->words + list->starts[order[i]]) != 0) {
			run = i;
			continue;
		}
		/* Within a run lines ascend: order[i] repeats order[run]. */
		if (error == WORDLIST_OK || order[i] + 1 < *line) {
			*line = (size_t)order[i] + 1;
			*first = (size_t)order[run] + 1;
			error = WORDLIST_REPEAT;
		}
	}
	free(order);
	return error;
}

enum wordlist_error wordlist_parse(char *text, size_t len,
				   struct wordlist *list, size_t *line,
				   size_t *first)
{
	size_t size = 0;

	*list = (struct wordlist){ .words = text };
	*line = *first = 0;
	if (len > UINT32_MAX)
		return WORDLIST_TOO_MANY;
	for (size_t at = 0; at < len;) {
		char *end = memchr(text + at, '\n', len - at);
		size_t stop = end ? (size_t)(end - text) : len;
		size_t skip = dice_prefix(text + at, stop - at);

		*line = (size_t)list->count + 1;
		if (stop - at - skip == 0)
			return WORDLIST_EMPTY_WORD;
		/* The usual cause of a control character: say what it is. */
		if (text[stop - 1] == '\r')
			return WORDLIST_CRLF;
		if (!clean_word(text + at + skip, stop - at - skip))
			return skip == 0 && dice_then_blank(text + at, stop - at) ?
			       WORDLIST_DICE_BLANK : WORDLIST_BLANK;
		if (list->count == size) {
			size_t bigger = size ? 2 * size : 8192;
			uint32_t *p = reallocarray(list->starts, bigger,
						   sizeof(*p));

			if (p == NULL)
				return WORDLIST_NO_MEMORY;
			list->starts = p;
			size = bigger;
		}
		list->starts[list->count++] = (uint32_t)(at + skip);
		if (end == NULL)
			break;	/* the word runs to len: the caller's NUL ends it */
		*end = '\0';
		at = stop + 1;
	}
	*line = 0;
	if (list->count < 2)
		return WORDLIST_FEW;
	return find_repeat(list, line, first);
}

/*
 * The most a buffer grows to: one byte past the 4 GiB that offsets of 32
 * bits reach, so that a longer list is seen to be longer, and its NUL.
 * An endless input (/dev/zero, a pipe that never ends) stops there, not
 * at the end of memory.
 */
#define TEXT_BUFFER_MAX (SIZE_MAX > UINT32_MAX ? (size_t)UINT32_MAX + 2 : SIZE_MAX)

/*
 * The whole file, with a NUL after it, or its first 4 GiB and a byte
 * (wordlist_parse refuses more); NULL with errno set.
 */
static char *read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t size = 0, used = 0;
	char *text = NULL;

	if (fd == -1)
		return NULL;
	for (;;) {
		ssize_t n;

		if (size - used < 2) {
			size_t bigger = size ? 2 * size : 65536;
			char *p;

			if (bigger > TEXT_BUFFER_MAX || bigger < size)
				bigger = TEXT_BUFFER_MAX;
			p = bigger > size ? realloc(text, bigger) : NULL;
			if (p == NULL) {
				errno = ENOMEM;
				break;
			}
			text = p;
			size = bigger;
		}
		n = read(fd, text + used, size - used - 1);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			break;
		used += (size_t)n;
		if (n == 0 || used > UINT32_MAX) {
			close(fd);
			text[used] = '\0';
			*len = used;
			return text;
		}
	}
	int saved = errno;

	close(fd);
	free(text);
	errno = saved;
	return NULL;
}

static void report(enum wordlist_error error, const char *path,
		   const struct wordlist *list, size_t line, size_t first)
{
	switch (error) {
	case WORDLIST_EMPTY_WORD:
		warnx("word list %s, line %zu: empty word", quote(path), line);
		break;
	case WORDLIST_BLANK:
		warnx("word list %s, line %zu: a blank or control character in a word",
		      quote(path), line);
		break;
	case WORDLIST_DICE_BLANK:
		warnx("word list %s, line %zu: a blank after the dice, where diceware's tab belongs (NNNNN<TAB>word; sed 's/^\\([1-6]\\{5\\}\\) /\\1\\t/' puts it there)",
		      quote(path), line);
		break;
	case WORDLIST_CRLF:
		warnx("word list %s, line %zu: a carriage return at the end (DOS line ends; tr -d '\\r' removes them)",
		      quote(path), line);
		break;
	case WORDLIST_REPEAT:
		warnx("word list %s, line %zu: %s repeats line %zu", quote_n(0, path),
		      line, quote_n(1, list->words + list->starts[line - 1]), first);
		break;
	case WORDLIST_FEW:
		warnx("word list %s: fewer than 2 words", quote(path));
		break;
	case WORDLIST_TOO_MANY:
		warnx("word list %s: more than 4 GiB", quote(path));
		break;
	case WORDLIST_NO_MEMORY:
		warnx("out of memory");
		break;
	case WORDLIST_OK:
		break;
	}
}

/*
 * A UTF-8 byte order mark, which some editors put first: it would be
 * drawn as part of the first word, where no one sees it or can type it.
 */
static bool starts_with_bom(const char *text, size_t len)
{
	return len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0;
}

int wordlist_load(const char *path, struct wordlist *list)
{
	size_t len, line, first;
	enum wordlist_error error;
	char *text = read_file(path, &len);

	if (text == NULL) {
		warn("cannot read word list %s", quote(path));
		return -1;
	}
	if (starts_with_bom(text, len)) {
		warnx("word list %s, line 1: a byte order mark (U+FEFF) before the word",
		      quote(path));
		free(text);
		return -1;
	}
	error = wordlist_parse(text, len, list, &line, &first);
	list->text = text;
	if (error == WORDLIST_OK)
		return 0;
	report(error, path, list, line, first);
	wordlist_free(list);
	return -1;
}

/*
 * Compares word a followed by sep with word b followed by sep, byte by
 * byte.  *prefix is set when one of the two ends where the other goes
 * on: it is then the start of the other.
 */
static int compare_joined(const char *a, const char *b, const char *sep,
			  bool *prefix)
{
	bool a_in_sep = false, b_in_sep = false;

	for (;; a++, b++) {
		if (*a == '\0' && !a_in_sep) {
			a = sep;
			a_in_sep = true;
		}
		if (*b == '\0' && !b_in_sep) {
			b = sep;
			b_in_sep = true;
		}
		if (*a == '\0' || *b == '\0' || *a != *b)
			break;
	}
	*prefix = *a == '\0' || *b == '\0';
	return (unsigned char)*a - (unsigned char)*b;
}

/* For qsort: the separator that follows each word of sorting. */
static const char *joining;

static int by_joined(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	bool prefix;

	return compare_joined(sorting->words + sorting->starts[x],
			      sorting->words + sorting->starts[y], joining,
			      &prefix);
}

/*
 * Whether the words of a passphrase always read back apart: no word
 * followed by sep may be the start of another followed by sep ("in" and
 * "into" with no separator, or "a-" and "a-b-" with "-"), or different
 * draws could give the same text and the passphrase would hold less
 * entropy than --entropy says.  Once sorted so, a word that starts
 * another comes right before one that it starts.  A separator that
 * begins with a blank or a control character, which no word holds,
 * needs no look.  Returns 0, or -1 after saying why (path: the list's
 * FILE, or NULL for the built-in one).
 */
int wordlist_check_joins(const struct wordlist *list, const char *sep,
			 const char *path)
{
	unsigned char first = (unsigned char)sep[0];
	uint32_t *order;
	int status = 0;

	if (first != '\0' && (first <= ' ' || first == 0x7f))
		return 0;
	joining = sep;
	order = sorted_lines(list, by_joined);
	if (order == NULL) {
		warnx("out of memory");
		return -1;
	}
	for (uint32_t i = 1; i < list->count && status == 0; i++) {
		const char *a = list->words + list->starts[order[i - 1]];
		const char *b = list->words + list->starts[order[i]];
		bool prefix;

		(void)compare_joined(a, b, sep, &prefix);
		if (!prefix)
			continue;
		if (path != NULL)
			warnx("word list %s, with --separator %s: %s and %s can run together, so two draws could read alike (use a separator that no word holds)",
			      quote_n(3, path), quote_n(0, sep), quote_n(1, a),
			      quote_n(2, b));
		else
			warnx("the built-in word list, with --separator %s: %s and %s can run together, so two draws could read alike (use a separator that no word holds)",
			      quote_n(0, sep), quote_n(1, a), quote_n(2, b));
		status = -1;
	}
	free(order);
	return status;
}

/* The longest word's length, in bytes: sizes output buffers. */
size_t wordlist_longest(const struct wordlist *list)
{
	size_t longest = 0;

	for (uint32_t i = 0; i < list->count; i++) {
		size_t len = strlen(list->words + list->starts[i]);

		if (len > longest)
			longest = len;
	}
	return longest;
}

void wordlist_free(struct wordlist *list)
{
	free(list->text);
	free(list->starts);
	*list = (struct wordlist){ .words = NULL };
}
