// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The command line: each option of option-table.h taken into struct
 * options by its setter, getopt_long's table made from the same list,
 * and the defaults, set in one place once every option is read.  The
 * rules that combine options are in rules.c.
 */
#define _GNU_SOURCE
#include <err.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entropy.h"
#include "mac.h"
#include "options.h"
#include "owner.h"
#include "parse.h"
#include "pump.h"
#include "quote.h"
#include "status.h"
#include "strength.h"
#include "uuid.h"

/* getopt_long's code for an option without a letter: past every char. */
#define CODE_BASE 256

static void __attribute__((noreturn)) try_help(void)
{
	fputs("Try 'getrandom --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

void xusage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnx(fmt, ap);
	va_end(ap);
	try_help();
}

/* Two formats, or two kinds of draw, are refused by rules.c. */
static void set_format(struct options *opts, enum format format,
		       const char *name)
{
	opts->format = format;
	opts->format_option = name;
}

static void set_draw(struct options *opts, enum draw_kind kind,
		     const char *name)
{
	opts->draw.kind = kind;
	opts->draw.option = name;
}

/* --mode, --owner, --group: the first one sets the defaults of the rest. */
static struct keyfile *keyfile_option(struct options *opts, const char *name)
{
	if (opts->key.option == NULL)
		opts->key = (struct keyfile){
			.mode = KEYFILE_DEFAULT_MODE,
			.uid = (uid_t)-1,
			.gid = (gid_t)-1,
		};
	opts->key.option = name;
	return &opts->key;
}

/* A name that could not be looked up: the file failed, not the name. */
static void __attribute__((noreturn)) xlookup_failed(const char *path)
{
	err(EXIT_FAIL, "cannot read %s", quote(path));
}

static void take_group(struct keyfile *key, const char *group)
{
	switch (lookup_group(group, &key->gid)) {
	case LOOKUP_FOUND:
		return;
	case LOOKUP_UNKNOWN:
		xusage_error("unknown group %s", quote(group));
	case LOOKUP_ERROR:
		xlookup_failed(KEYFILE_GROUP);
	}
}

static void set_group(struct options *opts, const char *arg)
{
	take_group(keyfile_option(opts, "--group"), arg);
}

/* USER, USER:GROUP, USER: (USER's login group) or :GROUP, as chown(1) reads them. */
static void set_owner(struct options *opts, const char *arg)
{
	char user[256], group[256];
	struct keyfile *key = keyfile_option(opts, "--owner");
	gid_t login_gid = (gid_t)-1;
	bool colon;

	if (!split_owner(arg, user, group, sizeof(user), &colon))
		xusage_error("invalid owner %s (USER, USER:GROUP, USER: or :GROUP)",
			     quote(arg));
	if (user[0] != '\0') {
		switch (lookup_user(user, &key->uid, &login_gid)) {
		case LOOKUP_FOUND:
			break;
		case LOOKUP_UNKNOWN:
			xusage_error("unknown user %s", quote(user));
		case LOOKUP_ERROR:
			xlookup_failed(KEYFILE_PASSWD);
		}
	}
	if (colon)
		opts->owner_sets_group = true;
	if (group[0] != '\0') {
		take_group(key, group);
	} else if (colon) {
		if (login_gid == (gid_t)-1)
			xusage_error("invalid owner %s (a user given by number has no login group here)",
				     quote(arg));
		key->gid = login_gid;
	}
}

static void set_mode(struct options *opts, const char *arg)
{
	if (!parse_mode(arg, &keyfile_option(opts, "--mode")->mode))
		xusage_error("invalid mode %s (octal, 0 to 7777)", quote(arg));
}

/* A count from 1 to 2^64-1; what names it in the message. */
static uint64_t xcount(const char *arg, const char *what)
{
	uint64_t n;

	if (!parse_count64(arg, &n))
		xusage_error("invalid %s %s (1 to 18446744073709551615)", what,
			     quote(arg));
	return n;
}

static void set_bytes(struct options *opts, const char *arg)
{
	if (!parse_size(arg, &opts->bytes))
		xusage_error("invalid byte count %s", quote(arg));
}

static void set_hex(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_HEX, "--hex");
}

static void set_base64(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_BASE64, "--base64");
}

static void set_base64url(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_BASE64URL, "--base64url");
}

static void set_base32(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_BASE32, "--base32");
}

static void set_base16(struct options *opts, const char *arg)
{
	(void)arg;
	set_format(opts, FORMAT_BASE16, "--base16");
}

static void set_no_padding(struct options *opts, const char *arg)
{
	(void)arg;
	opts->unpadded = true;
}

static void set_count(struct options *opts, const char *arg)
{
	opts->count = xcount(arg, "count");
}

static void set_wrap(struct options *opts, const char *arg)
{
	if (!parse_columns(arg, &opts->wrap))
		xusage_error("invalid line width %s (0 to 18446744073709551615)",
			     quote(arg));
}

static void set_no_newline(struct options *opts, const char *arg)
{
	(void)arg;
	opts->no_newline = true;
}

static void set_zero_terminated(struct options *opts, const char *arg)
{
	(void)arg;
	opts->zero_terminated = true;
	opts->draw.zero_terminated = true;	/* --shuffle's records */
}

static void set_random(struct options *opts, const char *arg)
{
	(void)arg;
	opts->flags |= GRND_RANDOM;
}

static void set_nonblock(struct options *opts, const char *arg)
{
	(void)arg;
	opts->flags |= GRND_NONBLOCK;
}

static void set_insecure(struct options *opts, const char *arg)
{
	(void)arg;
	opts->flags |= GRND_INSECURE;
}

static void set_timeout(struct options *opts, const char *arg)
{
	if (!parse_seconds(arg, &opts->timeout_value))
		xusage_error("invalid timeout %s (a duration such as 2, 0.5, 1.5m or 2h, at most a year)",
			     quote(arg));
	opts->timeout = &opts->timeout_value;
}

static void set_check(struct options *opts, const char *arg)
{
	(void)arg;
	opts->check = true;
}

static void set_output(struct options *opts, const char *arg)
{
	if (*arg == '\0')
		xusage_error("empty output file name");
	opts->output = strcmp(arg, "-") == 0 ? NULL : arg;
}

static void set_force(struct options *opts, const char *arg)
{
	(void)arg;
	opts->force = true;
}

static void set_threads(struct options *opts, const char *arg)
{
	if (!parse_count(arg, PUMP_MAX_THREADS, &opts->threads))
		xusage_error("invalid thread count %s (1 to %u)", quote(arg),
			     PUMP_MAX_THREADS);
}

static void set_range(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_RANGE, "--range");
	if (!parse_range(arg, &opts->draw.range))
		xusage_error("invalid range %s (LO-HI with LO <= HI, from -2^63 to 2^64-1, at most 2^64 values)",
			     quote(arg));
}

/* With no LEN, --bits sets it. */
static void set_password(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_PASSWORD, "--password");
	if (arg != NULL)
		opts->draw.length = xcount(arg, "password length");
}

static void set_charset(struct options *opts, const char *arg)
{
	if (!parse_charset(arg, &opts->draw.charset))
		xusage_error("invalid character set %s (characters, ranges such as a-z, classes such as [:alnum:]; at least 2 different printable ASCII characters)",
			     quote(arg));
	opts->draw.charset_option = "--charset";
}

/* --require=SET, once per rule. */
static void set_require(struct options *opts, const char *arg)
{
	struct password_rules *rules = &opts->draw.rules;

	if (rules->count == PASSWORD_RULES_MAX)
		xusage_error("too many --require rules (at most %d)",
			     PASSWORD_RULES_MAX);
	if (!parse_required_set(arg, &rules->sets[rules->count]))
		xusage_error("invalid character set %s for --require (characters, ranges such as a-z, classes such as [:digit:]; printable ASCII)",
			     quote(arg));
	rules->texts[rules->count++] = arg;
}

static void set_uuid(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_UUID, "--uuid");
	if (!parse_uuid_version(arg, &opts->draw.uuid_version))
		xusage_error("invalid UUID version %s (4 or 7)", quote(arg));
}

/* With no N, --bits sets it. */
static void set_words(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_WORDS, "--words");
	if (arg != NULL)
		opts->draw.words = xcount(arg, "word count");
}

static void set_separator(struct options *opts, const char *arg)
{
	opts->draw.separator = arg;
}

static void set_wordlist(struct options *opts, const char *arg)
{
	if (*arg == '\0')
		xusage_error("empty word list file name");
	opts->draw.wordlist_path = arg;
}

static void set_uuid_format(struct options *opts, const char *arg)
{
	if (!parse_uuid_format(arg, &opts->draw.uuid_format))
		xusage_error("invalid UUID format %s (canonical, hex, urn or braces, upper, or a style and upper joined by a comma)",
			     quote(arg));
}

static void set_ulid(struct options *opts, const char *arg)
{
	(void)arg;
	set_draw(opts, DRAW_ULID, "--ulid");
}

static void set_mac(struct options *opts, const char *arg)
{
	set_draw(opts, DRAW_MAC, "--mac");
	if (!parse_mac_prefix(arg, &opts->draw.mac_prefix))
		xusage_error("invalid MAC prefix %s (1 to 5 hex pairs joined by ':', e.g. 52:54:00, the first even: not multicast)",
			     quote(arg));
}

static void set_bits(struct options *opts, const char *arg)
{
	unsigned int bits;

	if (!parse_count(arg, BITS_MAX, &bits))
		xusage_error("invalid number of bits %s (1 to %u)", quote(arg),
			     BITS_MAX);
	opts->bits = bits;
}

static void set_entropy(struct options *opts, const char *arg)
{
	(void)arg;
	opts->entropy = true;
}

static void set_shuffle(struct options *opts, const char *arg)
{
	(void)arg;
	opts->draw.shuffle = true;
}

static void set_sample(struct options *opts, const char *arg)
{
	opts->draw.sample = xcount(arg, "sample size");
}

static void show_help(struct options *opts, const char *arg)
{
	(void)opts;
	(void)arg;
	xshow_help();
}

static void show_version(struct options *opts, const char *arg)
{
	(void)opts;
	(void)arg;
	xshow_version();
}

const struct option_spec option_specs[OPTIONS_COUNT] = {
#define OPTION(id, ...) [OPT_##id] = OPTION_SPEC(__VA_ARGS__),
#include "option-table.h"
#undef OPTION
};

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

/*
 * What getopt_long refused, said here rather than by getopt_long itself,
 * which prints the word as it was typed: a newline in it would forge a
 * line of its own.  The words are GNU's; the argument goes through quote().
 */
static void __attribute__((noreturn)) xbad_option(int c, const char *arg)
{
	char matches[512], letter[2] = { (char)optopt, '\0' };
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
 * --password and --words take their count as --password=20 or, as they
 * always did, --password 20; their count is optional only so that --bits
 * can set it.  So a next word that is not an option is their count, and
 * so is a negative number ("-1"), to be refused as a count, not as an
 * unknown option.
 */
static const char *separate_count(size_t id, int argc, char **argv)
{
	const char *next = optind < argc ? argv[optind] : NULL;

	if (option_specs[id].arg == ARG_COUNT && optarg == NULL &&
	    next != NULL &&
	    (next[0] != '-' || (next[1] >= '0' && next[1] <= '9')))
		return argv[optind++];
	return optarg;
}

/* Every default, once every option is read. */
static void set_defaults(struct options *opts)
{
	if (opts->count == 0)
		opts->count = DEFAULT_COUNT;
	if (opts->draw.kind == DRAW_PASSWORD &&
	    opts->draw.charset_option == NULL)
		parse_charset(CHARSET_DEFAULT, &opts->draw.charset);
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
	if (optind < argc)
		xusage_error("extra operand %s", quote(argv[optind]));
	set_defaults(opts);
	xcheck_combinations(opts);
}
