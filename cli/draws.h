/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Values drawn from random bytes: --range, --password, --uuid, --ulid, ... */
#ifndef GETRANDOM_DRAWS_H
#define GETRANDOM_DRAWS_H

#include <stdint.h>

#include "charset.h"
#include "mac.h"
#include "password.h"
#include "range.h"
#include "sink.h"
#include "uuid-format.h"
#include "wordlist.h"

enum draw_kind {
	DRAW_NONE, DRAW_RANGE, DRAW_PASSWORD, DRAW_UUID, DRAW_ULID, DRAW_WORDS,
	DRAW_MAC,
};

struct draw_request {
	enum draw_kind kind;
	const char *option;	/* "--range", "--password", "--words", ... */
	struct range range;
	uint64_t length;	/* of a password */
	struct charset charset;
	const char *charset_option;	/* "--charset" when given, or NULL */
	struct password_rules rules;	/* --require */
	int uuid_version;	/* 4 or 7 */
	struct uuid_format uuid_format;
	struct mac_prefix mac_prefix;	/* --mac=PREFIX */
	bool shuffle;		/* --shuffle: lines of input, or the range */
	uint64_t sample;	/* --sample=K; 0 = not given */
	bool zero_terminated;	/* -z: records end with NUL, for those two */
	char *const *files;	/* their FILE operands ("-": standard input) */
	size_t file_count;	/* 0: standard input */
	uint64_t words;		/* --words=N */
	const char *separator;	/* --separator, or NULL for one space */
	const char *wordlist_path;	/* --wordlist=FILE, or NULL for EFF's */
	struct wordlist list;	/* loaded before the run */
};

/*
 * What went wrong: random_error is getrandom(2)'s errno; else the sink, or
 * the draw (a ULID that cannot be made), said why.
 */
const char *words_separator(const struct draw_request *req);
int draws_run(const struct draw_request *req, uint64_t count,
	      unsigned int flags, unsigned int threads, struct sink *sink,
	      int *random_error);

#endif
