/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The words of --words: the EFF long list built in, or a --wordlist FILE. */
#ifndef GETRANDOM_WORDLIST_H
#define GETRANDOM_WORDLIST_H

#include <stddef.h>
#include <stdint.h>

struct wordlist {
	char *text;		/* a FILE's text, words NUL-terminated; or NULL */
	const char *words;	/* where starts[] point into */
	uint32_t *starts;	/* each word's offset in words */
	uint32_t count;
};

/* What is wrong with a list, found at line (and, for a repeat, first). */
enum wordlist_error {
	WORDLIST_OK,
	WORDLIST_EMPTY_WORD,
	WORDLIST_BLANK,		/* a blank or control character in a word */
	WORDLIST_DICE_BLANK,	/* "NNNNN word": a blank where the tab belongs */
	WORDLIST_CRLF,		/* a line that ends in "\r\n" */
	WORDLIST_REPEAT,
	WORDLIST_FEW,		/* fewer than two words */
	WORDLIST_TOO_MANY,	/* over 2^32 - 1 words, or 4 GiB of text */
	WORDLIST_NO_MEMORY,
};

/*
 * Parses text[0..len) in place (one word a line, or diceware's
 * "NNNNN<TAB>word"), filling list->starts and list->count; list->words is
 * text.  On an error, *line is where (from 1) and *first the earlier line
 * a repeat repeats.
 */
enum wordlist_error wordlist_parse(char *text, size_t len,
				   struct wordlist *list, size_t *line,
				   size_t *first);
/* The EFF long list: 0, or -1 when out of memory (said). */
int wordlist_builtin(struct wordlist *list);
/* Reads and parses FILE: 0, or -1 with a message naming it and the line. */
int wordlist_load(const char *path, struct wordlist *list);
/*
 * 0 if every passphrase of words joined by sep reads back as one draw;
 * -1, said, if two draws could read alike (path: the --wordlist FILE,
 * or NULL for the built-in list).
 */
int wordlist_check_joins(const struct wordlist *list, const char *sep,
			 const char *path);
size_t wordlist_longest(const struct wordlist *list);
void wordlist_free(struct wordlist *list);

#endif
