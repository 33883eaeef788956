// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The command line: getopt_long's tables made from option-table.h, each
 * option handed to its setter (setters.c), what getopt_long refused said
 * in GNU's words, and the defaults, set in one place once every option is
 * read.  The rules that combine options are in rules.c.
 */
#define _GNU_SOURCE
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "parse.h"
#include "quote.h"
#include "status.h"

/* getopt_long's code for an option without a letter: past every char. */
#define CODE_BASE 256

/* getopt_long's code for option id: its letter, or one past every char. */
static int option_code(size_t id)
{
	return option_specs[id].letter ? option_specs[id].letter :
	       CODE_BASE + (int)id;
}

/* The option that getopt_long's code names, or -1. */
static int option_of_code(int code)
{
	for (size_t id = 0; id < OPTIONS_COUNT; id++)
		if (option_code(id) == code)
			return (int)id;
	return -1;
}

/*
 * getopt_long's tables.  A short option's count (-p) is required: an
 * optional one would have to be joined (-p20), which -p 20 never was.
 * The leading ':' makes getopt_long tell a missing argument (':') apart.
 */
static struct option long_options[OPTIONS_COUNT + 1];
static char short_options[1 + 3 * OPTIONS_COUNT + 1];

static void make_getopt_tables(void)
{
	static const int has_arg[] = {
		[ARG_NONE] = no_argument, [ARG_REQUIRED] = required_argument,
		[ARG_OPTIONAL] = optional_argument,
		[ARG_COUNT] = optional_argument,
	};
	char *s = short_options;

	*s++ = ':';
	for (size_t id = 0; id < OPTIONS_COUNT; id++) {
		const struct option_spec *o = &option_specs[id];

		long_options[id] = (struct option){
			o->name, has_arg[o->arg], NULL, option_code(id),
		};
		if (o->letter == 0)
			continue;
		*s++ = (char)o->letter;
		if (o->arg != ARG_NONE)
			*s++ = ':';
		if (o->arg == ARG_OPTIONAL)
			*s++ = ':';
	}
	*s = '\0';
}

/* Without --count there is one output. */
uint64_t output_count(const struct options *opts)
{
	return opts->count;
}

/* What ends each output: a newline, a NUL, or nothing (-1). */
int output_end(const struct options *opts)
{
	if (opts->format == FORMAT_RAW || opts->no_newline)
		return -1;
	return opts->zero_terminated ? '\0' : '\n';
}

/*
 * The long options that name starts, up to an '=': "--h" starts "--hex"
 * and "--help".  Writes them to out as " '--hex' '--help'", and the code
 * of the last to *val.  An exact name is the one match, as getopt_long
 * takes it.
 */
static size_t long_matches(const char *name, char *out, size_t size, int *val)
{
	size_t len = strcspn(name, "="), n = 0, used = 0;

	out[0] = '\0';
	for (const struct option *o = long_options; o->name != NULL; o++) {
		if (strncmp(o->name, name, len) != 0)
			continue;
		if (o->name[len] == '\0') {
			*val = o->val;
			return 1;
		}
		n++;
		*val = o->val;
		used += (size_t)snprintf(out + used, used < size ? size - used : 0,
					 " '--%s'", o->name);
	}
	return n;
}

/* Room for " '--NAME'" of every long option and the end: all may match. */
enum {
	MATCHES_SIZE = 1
#define OPTION(id, name, ...) + sizeof(" '--" name "'") - 1
#include "option-table.h"
#undef OPTION
};

/*
 * What getopt_long refused, said here rather than by getopt_long itself,
 * which prints the word as it was typed: a newline in it would forge a
 * line of its own.  The words are GNU's; the argument goes through quote().
 */
static void __attribute__((noreturn)) xbad_option(int c, const char *arg)
{
	char matches[MATCHES_SIZE], letter[2] = { (char)optopt, '\0' };
	int val = 0;
	size_t n = strncmp(arg, "--", 2) == 0 ?
		   long_matches(arg + 2, matches, sizeof(matches), &val) : 0;

	/*
	 * arg, the word before optind, is the one refused when it is a long
	 * option; a short option's letter (optopt) may sit inside another word.
	 */
	if (optopt != 0 && !(n == 1 && val == optopt) && c == ':')
		xusage_error("option requires an argument -- %s", quote(letter));
	if (optopt != 0 && !(n == 1 && val == optopt))
		xusage_error("invalid option -- %s", quote(letter));
	if (c == ':')
		xusage_error("option %s requires an argument", quote(arg));
	if (n == 0)
		xusage_error("unrecognized option %s", quote(arg));
	if (n == 1)
		xusage_error("option %s doesn't allow an argument", quote(arg));
	xusage_error("option %s is ambiguous; possibilities:%s", quote(arg),
		     matches);
}

/*
 * An optional value is given as --password=20 or --password 20, as
 * --uuid=7 or --uuid 7, alike: a next word that is not an option is the
 * value, and so is a negative number ("-1"), to be refused as a value,
 * not as an unknown option.
 */
static const char *separate_count(size_t id, int argc, char **argv)
{
	const char *next = optind < argc ? argv[optind] : NULL;
	enum option_arg arg = option_specs[id].arg;

	if ((arg == ARG_COUNT || arg == ARG_OPTIONAL) && optarg == NULL &&
	    next != NULL &&
	    (next[0] != '-' || (next[1] >= '0' && next[1] <= '9')))
		return argv[optind++];
	return optarg;
}

/*
 * FILE's group: the last --owner's or --group's (rules.c refuses both),
 * else the caller's.  Taken once every option is read, so that a later
 * --owner without a group drops the group of the one it replaces.
 */
static gid_t keyfile_group(const struct options *opts)
{
	if (opts->owner_sets_group)
		return opts->owner_gid;
	return opts->given[OPT_GROUP] ? opts->group_gid : (gid_t)-1;
}

/* Every default, once every option is read. */
static void set_defaults(struct options *opts)
{
	if (opts->key.option != NULL)
		opts->key.gid = keyfile_group(opts);
	if (opts->count == 0)
		opts->count = DEFAULT_COUNT;
	if (opts->draw.kind == DRAW_PASSWORD &&
	    opts->draw.charset_option == NULL)
		parse_charset(CHARSET_DEFAULT, &opts->draw.charset);
}

/*
 * An operand nothing takes.  A format given a count, as openssl rand
 * -hex 16 takes it, is told where the count goes.
 */
static void __attribute__((noreturn)) xextra_operand(const struct options *opts,
						     const char *operand)
{
	uint64_t bytes;

	/* A size is digits, a '+' and a unit's letters: nothing to quote. */
	if (opts->format_option != NULL && parse_size(operand, &bytes))
		xusage_error("extra operand %s: %s takes no byte count; write %s --bytes %s for what openssl rand %s %s writes",
			     quote(operand), opts->format_option,
			     opts->format_option, operand,
			     opts->format_option + 1, operand);
	if (opts->draw.kind == DRAW_RANGE)
		xusage_error("extra operand %s: --range takes no FILE", quote(operand));
	xusage_error("extra operand %s (only --shuffle and --sample read FILE operands)",
		     quote(operand));
}

/* The FILE operands of --shuffle and --sample (lines, not --range). */
static void take_operands(struct options *opts, int count, char **operands)
{
	struct draw_request *draw = &opts->draw;

	if (count == 0)
		return;
	if (!(draw->shuffle || draw->sample != 0) || draw->kind == DRAW_RANGE)
		xextra_operand(opts, operands[0]);
	draw->files = operands;
	draw->file_count = (size_t)count;
}

void xparse_options(int argc, char **argv, struct options *opts)
{
	unsigned int place = 0;
	int c;

	*opts = (struct options){ .bytes = DEFAULT_BYTES };
	make_getopt_tables();
	opterr = 0;		/* xbad_option() says what was wrong */
	while ((c = getopt_long(argc, argv, short_options, long_options,
				NULL)) != -1) {
		int id = c == '?' || c == ':' ? -1 : option_of_code(c);

		if (id < 0)
			xbad_option(c, argv[optind - 1]);
		if (opts->given[id] == 0)
			opts->given[id] = ++place;
		option_specs[id].set(opts, separate_count((size_t)id, argc, argv));
	}
	take_operands(opts, argc - optind, argv + optind);
	set_defaults(opts);
	xcheck_combinations(opts);
}
