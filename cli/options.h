/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The command line: the options of option-table.h, parsed into struct options. */
#ifndef GETRANDOM_OPTIONS_H
#define GETRANDOM_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "charset-classes.h"	/* the option table's CHARSET_CLASS_NAMES */
#include "draws.h"
#include "encode.h"
#include "help-modes.h"
#include "keyfile.h"

#define DEFAULT_BYTES 32
#define DEFAULT_COUNT 1

/* OPT_BYTES, OPT_HEX, ...: each option's index in option_specs[]. */
enum option_id {
#define OPTION(id, ...) OPT_##id,
#include "option-table.h"
#undef OPTION
	OPTIONS_COUNT
};

/* What an option's argument is; see option-table.h. */
enum option_arg { ARG_NONE, ARG_REQUIRED, ARG_OPTIONAL, ARG_COUNT };

/* What a shell completes for an option's argument. */
enum option_complete {
	COMPLETE_NONE, COMPLETE_WORDS, COMPLETE_FILES, COMPLETE_USERS,
	COMPLETE_GROUPS,
};

/* The groups of options that the combination rules name. */
enum option_class {
	CLASS_FORMAT = 1 << 0,	/* a text format: one at most */
	CLASS_DRAW = 1 << 1,	/* values instead of bytes: one kind at most */
	CLASS_BYTES = 1 << 2,	/* shapes an output of bytes: no draw takes it */
	CLASS_REORDER = 1 << 3,	/* reorders lines or a range */
	CLASS_KEYFILE = 1 << 4,	/* how FILE is created: needs --output */
	CLASS_REPEATED = 1 << 5,	/* each use adds to the last */
};

struct options;

struct option_spec {
	const char *name;
	int letter;
	enum option_arg arg;
	const char *metavar;
	unsigned int classes;
	unsigned int modes;
	enum option_complete complete;
	const char *values;
	void (*set)(struct options *opts, const char *arg);
	const char *summary;
	const char *help;
};

/* An entry of option-table.h, without its ID, as a struct option_spec. */
#define OPTION_SPEC(name_, letter_, arg_, metavar_, classes_, modes_, \
		    complete_, values_, set_, summary_, help_) \
	{ \
		.name = name_, .letter = letter_, .arg = arg_, \
		.metavar = metavar_, .classes = classes_, .modes = modes_, \
		.complete = complete_, .values = values_, .set = set_, \
		.summary = summary_, .help = help_, \
	}

extern const struct option_spec option_specs[OPTIONS_COUNT];

/*
 * Whether every spelling of o may leave its value out: --uuid[=VERSION],
 * --words[=N], --help[=MODE]; not --password, whose -p needs LEN.
 */
static inline bool option_value_optional(const struct option_spec *o)
{
	return o->arg == ARG_OPTIONAL || (o->arg == ARG_COUNT && !o->letter);
}

struct options {
	uint64_t bytes;
	enum format format;
	unsigned int flags;
	bool check;
	bool force;
	const char *output;
	const struct timespec *timeout;
	struct timespec timeout_value;
	unsigned int threads;	/* 0: pump() chooses */
	const char *format_option;	/* "--hex", ... for messages */
	/* By option: 0 if not given, else its place among the options given. */
	unsigned int given[OPTIONS_COUNT];
	uint64_t count;		/* -C: outputs */
	struct draw_request draw;	/* --range, --password, --uuid, --ulid */
	struct keyfile key;	/* --mode, --owner, --group */
	bool owner_sets_group;	/* the last --owner is USER:GROUP, USER: or :GROUP */
	gid_t owner_gid;	/* that --owner's group */
	gid_t group_gid;	/* --group's */
	bool unpadded;		/* --no-padding */
	bool no_newline;	/* --no-newline */
	bool zero_terminated;	/* -z */
	uint64_t wrap;		/* -w: columns; 0 = no wrapping */
	uint64_t bits;		/* --bits: the entropy to reach; 0 = not given */
	bool entropy;		/* --entropy */
	bool progress;		/* --progress */
};

/* Parses argv into *opts, or exits with status 2 and a message. */
void xparse_options(int argc, char **argv, struct options *opts);
/* Refuses, with status 2, an option that has no effect or breaks another's promise. */
void xcheck_combinations(const struct options *opts);
/* The same, for --separator once --bits has set the number of words. */
void xcheck_separator_words(const struct options *opts);
/* Prints the message, suggests --help, and exits with status 2. */
void __attribute__((noreturn, format(printf, 1, 2)))
xusage_error(const char *fmt, ...);

/*
 * --help and --version: the text on standard output, then exit 0.  With a
 * MODE (help-modes.h's NAME), --help shows that mode's options alone; an
 * unknown MODE is a usage error.  The table is handed to --help, so that
 * help.c, which setters.c calls, does not reach back into setters.c.
 */
void __attribute__((noreturn))
xshow_help(const struct option_spec specs[OPTIONS_COUNT], const char *mode);
void __attribute__((noreturn)) xshow_version(void);

/* How many outputs, and what ends each: '\n', '\0', or -1 for nothing. */
uint64_t output_count(const struct options *opts);
int output_end(const struct options *opts);

#endif
