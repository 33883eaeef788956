// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The EFF long word list, compiled in: build/eff-wordlist.inc is made by
 * cli/wordlist.sh from cli/eff-long.txt, so --words reads no file at run
 * time.  Apart from the parser (wordlist.c), so that
 * the parser builds and is fuzzed without the generated file.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "wordlist.h"

#include "../build/eff-wordlist.inc"

int wordlist_builtin(struct wordlist *list)
{
	const char *p = eff_words;

	*list = (struct wordlist){ .words = eff_words, .count = EFF_WORD_COUNT };
	list->starts = malloc(EFF_WORD_COUNT * sizeof(*list->starts));
	if (list->starts == NULL) {
		warnx("out of memory");
		return -1;
	}
	for (uint32_t i = 0; i < EFF_WORD_COUNT; i++) {
		list->starts[i] = (uint32_t)(p - eff_words);
		p += strlen(p) + 1;
	}
	return 0;
}
