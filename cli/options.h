/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The command line: options, their parsing, and the rules that combine them. */
#ifndef GETRANDOM_OPTIONS_H
#define GETRANDOM_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "draws.h"
#include "encode.h"
#include "keyfile.h"

#define DEFAULT_BYTES 32
/* getopt_long's codes: a short option's letter, or 256 and up. */
#define OPTION_CODES 512

/* The long options without a short form, by getopt code. */
enum { OPT_HELP = 256, OPT_VERSION };
enum { OPT_OWNER = 320, OPT_GROUP };
/* The draws' options without a short form. */
enum {
	OPT_ULID = 440, OPT_UUID_FORMAT, OPT_SHUFFLE, OPT_SAMPLE, OPT_WORDS,
	OPT_SEPARATOR, OPT_WORDLIST, OPT_REQUIRE, OPT_BITS, OPT_ENTROPY,
};
/* The text layout options without a short form. */
enum {
	OPT_BASE64URL = 400, OPT_BASE32, OPT_BASE16, OPT_NO_PADDING,
	OPT_NO_NEWLINE,
};

struct options {
	uint64_t bytes;
	enum format format;
	unsigned int flags;
	bool check;
	bool force;
	const char *output;
	const struct timespec *timeout;
	struct timespec timeout_value;
	unsigned int threads;
	const char *format_option;	/* for the message when two are given */
	bool given[OPTION_CODES];	/* by getopt code: for check_combinations() */
	uint64_t count;		/* -C: outputs; 0 = not given */
	struct draw_request draw;	/* --range, --password, --uuid, --ulid */
	struct keyfile key;	/* --mode, --owner, --group */
	bool unpadded;		/* --no-padding */
	bool no_newline;	/* --no-newline */
	bool zero_terminated;	/* -z */
	bool wrap_given;	/* -w, even -w 0 */
	uint64_t wrap;		/* -w: columns; 0 = no wrapping */
	uint64_t bits;		/* --bits: the entropy to reach; 0 = not given */
	bool entropy;		/* --entropy */
};

extern const struct option long_options[];

/* Parses argv into *opts, or exits with status 2 and a message. */
void parse_options(int argc, char **argv, struct options *opts);
/* Refuses, with status 2, an option that has no effect or breaks another's promise. */
void check_combinations(struct options *opts);
/* --require: refuses rules that fewer than one password in 2^20 meets. */
void check_rules_share(const struct draw_request *req);
void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...);

/* How many outputs, and what ends each: '\n', '\0', or -1 for nothing. */
uint64_t output_count(const struct options *opts);
int output_end(const struct options *opts);

#endif
