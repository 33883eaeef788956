// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The command line: --help's text, the option table, and the parsing of
 * each option into struct options.  The rules that combine options are
 * in combinations.c.
 */
#define _GNU_SOURCE
#include <err.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpus.h"
#include "entropy.h"
#include "options.h"
#include "parse.h"
#include "pump.h"
#include "quote.h"
#include "sink.h"
#include "strength.h"
#include "uuid.h"

#define VERSION "1.0"

static const char usage_text[] =
"Usage: getrandom [OPTION]...\n"
"Write random bytes from the Linux getrandom(2) system call.\n"
"\n"
"With no option, write 32 raw bytes to standard output, once the kernel's\n"
"entropy pool is initialized.  No file descriptor and no /dev is used\n"
"to get them, so it works with file descriptors exhausted and in a chroot.\n"
"\n"
"  -n, --bytes=N          write N bytes (default 32); N is decimal and may end\n"
"                           in a unit, as for head -c: b 512, K or KiB 1024,\n"
"                           kB 1000, M or MiB 1024*1024, MB 1000*1000, and so\n"
"                           on for G, T, P, E; a leading + is taken, as there\n"
"  -x, --hex              write lowercase hexadecimal, then a newline\n"
"  -b, --base64           write base64 (RFC 4648, padded), then a newline\n"
"      --base64url        write base64url (RFC 4648 section 5: base64 with '-'\n"
"                           and '_' for '+' and '/', padded), then a newline\n"
"      --base32           write base32 (RFC 4648 section 6: A-Z and 2-7,\n"
"                           padded), then a newline\n"
"      --base16           write uppercase hexadecimal, then a newline\n"
"      --no-padding       drop the trailing '=' padding of base64, base64url and\n"
"                           base32 text\n"
"  -C, --count=N          write N outputs, one per line\n"
"  -w, --wrap=COLS        break text into lines of COLS characters (0, the\n"
"                           default: one line); not with --count\n"
"      --no-newline       write no newline after the text\n"
"  -z, --zero-terminated  end each output with a NUL byte, not a newline\n"
"  -r, --random           set GRND_RANDOM: draw as /dev/random does\n"
"  -N, --nonblock         set GRND_NONBLOCK: do not wait for the entropy pool;\n"
"                           exit with status 3 if it is not initialized\n"
"  -i, --insecure         set GRND_INSECURE: never wait, even before the pool\n"
"                           is initialized (Linux 5.6 or later); not for keys\n"
"  -t, --timeout=DURATION\n"
"                           wait at most DURATION for the entropy pool, then\n"
"                           write nothing and exit with status 3; DURATION is\n"
"                           a number of seconds (2, 0.5, .5) with an optional\n"
"                           unit: s, m (minutes), h (hours), d (days)\n"
"  -c, --check            write nothing: exit with status 0 if the entropy\n"
"                           pool is initialized, 3 if not; never waits\n"
"  -o, --output=FILE      write to FILE, mode 0600, instead of standard output;\n"
"                           FILE appears only once it holds every byte; - is\n"
"                           standard output (./- names a file called -)\n"
"  -f, --force            replace FILE if it is a regular file (or a link to\n"
"                           one); without --output, write raw bytes even to a\n"
"                           terminal\n"
"  -m, --mode=MODE        octal mode of FILE (default 0600), whatever the umask\n"
"      --owner=USER[:GROUP]  owner, and group, of FILE: names or numbers; both\n"
"                           set before FILE appears; as for chown, USER: is\n"
"                           USER and USER's login group, :GROUP the group\n"
"                           alone\n"
"      --group=GROUP      group of FILE: a name or a number\n"
"  -j, --threads=N        fill large outputs with N threads, 1 to 1024\n"
"                           (default: one per usable CPU); 1 fills serially\n"
"  -R, --range=LO-HI      instead of bytes, integers from LO to HI, both\n"
"                           included, every one equally likely; LO and HI\n"
"                           from -2^63 to 2^64-1 (e.g. 1-6, -10-10)\n"
"  -p, --password=LEN     instead of bytes, passwords of LEN characters drawn\n"
"                           from the --charset (LEN may be left to --bits)\n"
"  -s, --charset=SET      the characters for --password (default [:alnum:]):\n"
"                           characters, ranges such as A-Z, POSIX classes\n"
"                           such as [:graph:], or the named sets [:base32:],\n"
"                           [:base58:], [:base64url:], [:hex:],\n"
"                           [:unambiguous:]; '\\' quotes the next character\n"
"      --require=SET      each password has at least one character of SET (in\n"
"                           the --charset syntax, and within the --charset);\n"
"                           repeat it for more rules, up to 16: a password\n"
"                           that breaks one is drawn again, never patched\n"
"  -U, --uuid[=VERSION]   instead of bytes, RFC 9562 UUIDs, version 4 (random,\n"
"                           the default) or 7 (time-ordered: -U7, --uuid=7)\n"
"      --words=N          instead of bytes, passphrases of N words, each drawn\n"
"                           from the EFF long list of 7776 words (built in);\n"
"                           N may be left to --bits\n"
"      --separator=SEP    the text between words (default: one space)\n"
"      --wordlist=FILE    draw the words from FILE instead: one word a line,\n"
"                           or diceware's NNNNN<TAB>word lines; a word twice,\n"
"                           an empty word or fewer than 2 words is an error\n"
"      --uuid-format=FORMAT  write each UUID as FORMAT: canonical (8-4-4-4-12,\n"
"                           the default), hex (32 digits, as /etc/machine-id\n"
"                           holds them), urn (urn:uuid:...) or braces ({...});\n"
"                           add ,upper for uppercase digits (hex,upper, or\n"
"                           upper alone)\n"
"      --ulid             instead of bytes, ULIDs: 48-bit milliseconds and 80\n"
"                           random bits in 26 digits of Crockford's base32;\n"
"                           within one run each is greater than the last\n"
"      --bits=N           the least --password length, or number of --words,\n"
"                           whose entropy is N bits or more (with --require:\n"
"                           of the passwords that meet the rules)\n"
"      --entropy          write the entropy of each output, in bits, to\n"
"                           standard error\n"
"      --shuffle          instead of bytes, the lines of standard input in a\n"
"                           random order (-z: NUL-terminated records), or\n"
"                           with --range every integer of the range\n"
"      --sample=K         K lines of standard input, or with --range K of its\n"
"                           integers, none twice, in a random order; all of\n"
"                           them if there are fewer\n"
"      --help     display this help and exit\n"
"      --version  output version information and exit\n"
"\n"
"With --count, --bytes is the size of each output, which is\n"
"encoded on its own (with its own padding) and ends with a newline (with\n"
"-z, a NUL byte).  N goes up to 2^64-1, in constant memory.\n"
"\n"
"An option that would have no effect, or whose promise another option\n"
"breaks, is a usage error: --check takes no other option, and\n"
"--nonblock, --insecure and --timeout exclude one another.\n"
"\n"
"Exit status:\n"
" 0  if OK,\n"
" 1  if getrandom(2) failed, or the output could not be written or was\n"
"    refused (FILE exists, raw bytes to a terminal),\n"
" 2  if the command line is wrong (nothing is written),\n"
" 3  if the entropy pool is not initialized (--nonblock, --timeout,\n"
"    --check; nothing is written).\n";

static const char version_text[] =
"getrandom " VERSION "\n"
"Copyright (C) 2026 the getrandom developers.\n"
"License GPLv2+: GNU GPL version 2 or later <https://gnu.org/licenses/gpl.html>.\n"
"This is free software: you are free to change and redistribute it.\n"
"There is NO WARRANTY, to the extent permitted by law.\n";

/* The leading ':' makes getopt_long tell a missing argument (':') apart. */
static const char short_options[] = ":n:xbrNit:co:fj:C:R:p:s:U::m:w:z";
const struct option long_options[] = {
	{ "bytes", required_argument, NULL, 'n' },
	{ "hex", no_argument, NULL, 'x' },
	{ "base64", no_argument, NULL, 'b' },
	{ "random", no_argument, NULL, 'r' },
	{ "nonblock", no_argument, NULL, 'N' },
	{ "insecure", no_argument, NULL, 'i' },
	{ "timeout", required_argument, NULL, 't' },
	{ "check", no_argument, NULL, 'c' },
	{ "output", required_argument, NULL, 'o' },
	{ "force", no_argument, NULL, 'f' },
	{ "threads", required_argument, NULL, 'j' },
	{ "base64url", no_argument, NULL, OPT_BASE64URL },
	{ "base32", no_argument, NULL, OPT_BASE32 },
	{ "base16", no_argument, NULL, OPT_BASE16 },
	{ "no-padding", no_argument, NULL, OPT_NO_PADDING },
	{ "count", required_argument, NULL, 'C' },
	{ "wrap", required_argument, NULL, 'w' },
	{ "no-newline", no_argument, NULL, OPT_NO_NEWLINE },
	{ "zero-terminated", no_argument, NULL, 'z' },
	{ "range", required_argument, NULL, 'R' },
	{ "password", optional_argument, NULL, 'p' },
	{ "charset", required_argument, NULL, 's' },
	{ "uuid", optional_argument, NULL, 'U' },
	{ "uuid-format", required_argument, NULL, OPT_UUID_FORMAT },
	{ "ulid", no_argument, NULL, OPT_ULID },
	{ "require", required_argument, NULL, OPT_REQUIRE },
	{ "words", optional_argument, NULL, OPT_WORDS },
	{ "bits", required_argument, NULL, OPT_BITS },
	{ "entropy", no_argument, NULL, OPT_ENTROPY },
	{ "separator", required_argument, NULL, OPT_SEPARATOR },
	{ "wordlist", required_argument, NULL, OPT_WORDLIST },
	{ "shuffle", no_argument, NULL, OPT_SHUFFLE },
	{ "sample", required_argument, NULL, OPT_SAMPLE },
	{ "mode", required_argument, NULL, 'm' },
	{ "owner", required_argument, NULL, OPT_OWNER },
	{ "group", required_argument, NULL, OPT_GROUP },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

/* Through the writer of every output: a pipe may take the text in pieces. */
static void print_and_exit(const char *text)
{
	if (write_all(STDOUT_FILENO, text, strlen(text)) == -1)
		err(EXIT_FAIL, "write error on standard output");
	if (close(STDOUT_FILENO) == -1)
		err(EXIT_FAIL, "write error on standard output");
	exit(EXIT_OK);
}

static void __attribute__((noreturn)) try_help(void)
{
	fprintf(stderr, "Try 'getrandom --help' for more information.\n");
	exit(EXIT_USAGE);
}

void usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnx(fmt, ap);
	va_end(ap);
	try_help();
}

static void set_format(struct options *opts, enum format format,
		       const char *name)
{
	if (opts->format_option != NULL && opts->format != format)
		usage_error("%s and %s cannot be used together",
			    opts->format_option, name);
	opts->format = format;
	opts->format_option = name;
}

/* One of --range, --password, --uuid and --ulid; only one kind per run. */
static void set_draw(struct options *opts, enum draw_kind kind,
		     const char *name)
{
	if (opts->draw.kind != DRAW_NONE && opts->draw.kind != kind)
		usage_error("%s and %s cannot be used together",
			    opts->draw.option, name);
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

/* Claims the group for option name: only one option may set it. */
static struct keyfile *group_option(struct options *opts, const char *name)
{
	struct keyfile *key = keyfile_option(opts, name);

	if (key->group_option != NULL && strcmp(key->group_option, name) != 0)
		usage_error("%s and %s cannot both set the group",
			    key->group_option, name);
	key->group_option = name;
	return key;
}

/* A name that could not be looked up: the file failed, not the name. */
static void __attribute__((noreturn)) lookup_failed(const char *path)
{
	err(EXIT_FAIL, "cannot read %s", quote(path));
}

static void set_group(struct options *opts, const char *group,
		      const char *name)
{
	struct keyfile *key = group_option(opts, name);

	switch (lookup_group(group, &key->gid)) {
	case LOOKUP_FOUND:
		return;
	case LOOKUP_UNKNOWN:
		usage_error("unknown group %s", quote(group));
	case LOOKUP_ERROR:
		lookup_failed(KEYFILE_GROUP);
	}
}

/* USER, USER:GROUP, USER: (USER's login group) or :GROUP, as chown(1) reads them. */
static void set_owner(struct options *opts, const char *arg)
{
	char user[256], group[256];
	struct keyfile *key = keyfile_option(opts, "--owner");
	gid_t login_gid = (gid_t)-1;
	bool colon;

	if (!split_owner(arg, user, group, sizeof(user), &colon))
		usage_error("invalid owner %s (USER, USER:GROUP, USER: or :GROUP)",
			    quote(arg));
	if (user[0] != '\0') {
		switch (lookup_user(user, &key->uid, &login_gid)) {
		case LOOKUP_FOUND:
			break;
		case LOOKUP_UNKNOWN:
			usage_error("unknown user %s", quote(user));
		case LOOKUP_ERROR:
			lookup_failed(KEYFILE_PASSWD);
		}
	}
	if (group[0] != '\0') {
		set_group(opts, group, "--owner");
	} else if (colon) {
		if (login_gid == (gid_t)-1)
			usage_error("invalid owner %s (a user given by number has no login group here)",
				    quote(arg));
		group_option(opts, "--owner")->gid = login_gid;
	}
}

/* --require=SET, once per rule. */
static void add_rule(struct options *opts, const char *arg)
{
	struct password_rules *rules = &opts->draw.rules;

	if (rules->count == PASSWORD_RULES_MAX)
		usage_error("too many --require rules (at most %d)",
			    PASSWORD_RULES_MAX);
	if (!parse_required_set(arg, &rules->sets[rules->count]))
		usage_error("invalid character set %s for --require (characters, ranges such as a-z, classes such as [:digit:]; printable ASCII)",
			    quote(arg));
	rules->texts[rules->count++] = arg;
}

static void parse_draw_option(struct options *opts, int c, const char *arg)
{
	unsigned int bits;

	switch (c) {
	case 'R':
		set_draw(opts, DRAW_RANGE, "--range");
		if (!parse_range(arg, &opts->draw.range))
			usage_error("invalid range %s (LO-HI with LO <= HI, from -2^63 to 2^64-1, at most 2^64 values)",
				    quote(arg));
		break;
	case 'p':
		set_draw(opts, DRAW_PASSWORD, "--password");
		if (arg == NULL)
			break;	/* --bits will set the length */
		if (!parse_count64(arg, &opts->draw.length))
			usage_error("invalid password length %s (1 to 18446744073709551615)",
				    quote(arg));
		break;
	case 's':
		if (!parse_charset(arg, &opts->draw.charset))
			usage_error("invalid character set %s (characters, ranges such as a-z, classes such as [:alnum:]; at least 2 different printable ASCII characters)",
				    quote(arg));
		opts->draw.charset_option = "--charset";
		break;
	case 'U':
		set_draw(opts, DRAW_UUID, "--uuid");
		if (!parse_uuid_version(arg, &opts->draw.uuid_version))
			usage_error("invalid UUID version %s (4 or 7)", quote(arg));
		break;
	case OPT_UUID_FORMAT:
		if (!parse_uuid_format(arg, &opts->draw.uuid_format))
			usage_error("invalid UUID format %s (canonical, hex, urn or braces, upper, or a style and upper joined by a comma)",
				    quote(arg));
		break;
	case OPT_ULID:
		set_draw(opts, DRAW_ULID, "--ulid");
		break;
	case OPT_SHUFFLE:
		opts->draw.shuffle = true;
		break;
	case OPT_REQUIRE:
		add_rule(opts, arg);
		break;
	case OPT_BITS:
		if (!parse_count(arg, BITS_MAX, &bits))
			usage_error("invalid number of bits %s (1 to %u)", quote(arg),
				    BITS_MAX);
		opts->bits = bits;
		break;
	case OPT_ENTROPY:
		opts->entropy = true;
		break;
	case OPT_WORDS:
		set_draw(opts, DRAW_WORDS, "--words");
		if (arg == NULL)
			break;	/* --bits will set the number */
		if (!parse_count64(arg, &opts->draw.words))
			usage_error("invalid word count %s (1 to 18446744073709551615)",
				    quote(arg));
		break;
	case OPT_SEPARATOR:
		opts->draw.separator = arg;
		break;
	case OPT_WORDLIST:
		if (*arg == '\0')
			usage_error("empty word list file name");
		opts->draw.wordlist_path = arg;
		break;
	case OPT_SAMPLE:
		if (!parse_count64(arg, &opts->draw.sample))
			usage_error("invalid sample size %s (1 to 18446744073709551615)",
				    quote(arg));
		break;
	}
}

static void parse_keyfile_option(struct options *opts, int c, const char *arg)
{
	switch (c) {
	case 'm':
		if (!parse_mode(arg, &keyfile_option(opts, "--mode")->mode))
			usage_error("invalid mode %s (octal, 0 to 7777)", quote(arg));
		break;
	case OPT_OWNER:
		set_owner(opts, arg);
		break;
	case OPT_GROUP:
		set_group(opts, arg, "--group");
		break;
	}
}

/* The formats and line layout of text output. */
static void parse_text_option(struct options *opts, int c, const char *arg)
{
	switch (c) {
	case OPT_BASE64URL:
		set_format(opts, FORMAT_BASE64URL, "--base64url");
		break;
	case OPT_BASE32:
		set_format(opts, FORMAT_BASE32, "--base32");
		break;
	case OPT_BASE16:
		set_format(opts, FORMAT_BASE16, "--base16");
		break;
	case OPT_NO_PADDING:
		opts->unpadded = true;
		break;
	case 'w':
		if (!parse_columns(arg, &opts->wrap))
			usage_error("invalid line width %s (0 to 18446744073709551615)",
				    quote(arg));
		opts->wrap_given = true;
		break;
	case OPT_NO_NEWLINE:
		opts->no_newline = true;
		break;
	case 'z':
		opts->zero_terminated = true;
		break;
	}
}

static void parse_option(struct options *opts, int c, const char *arg)
{
	switch (c) {
	case 'n':
		if (!parse_size(arg, &opts->bytes))
			usage_error("invalid byte count %s", quote(arg));
		break;
	case 'x':
		set_format(opts, FORMAT_HEX, "--hex");
		break;
	case 'b':
		set_format(opts, FORMAT_BASE64, "--base64");
		break;
	case 'r':
		opts->flags |= GRND_RANDOM;
		break;
	case 'N':
		opts->flags |= GRND_NONBLOCK;
		break;
	case 'i':
		opts->flags |= GRND_INSECURE;
		break;
	case 't':
		if (!parse_seconds(arg, &opts->timeout_value))
			usage_error("invalid timeout %s (a duration such as 2, 0.5, 1.5m or 2h, at most a year)",
				    quote(arg));
		opts->timeout = &opts->timeout_value;
		break;
	case 'c':
		opts->check = true;
		break;
	case 'o':
		if (*arg == '\0')
			usage_error("empty output file name");
		opts->output = strcmp(arg, "-") == 0 ? NULL : arg;
		break;
	case 'f':
		opts->force = true;
		break;
	case 'j':
		if (!parse_count(arg, PUMP_MAX_THREADS, &opts->threads))
			usage_error("invalid thread count %s (1 to %u)", quote(arg),
				    PUMP_MAX_THREADS);
		break;
	case 'C':
		if (!parse_count64(arg, &opts->count))
			usage_error("invalid count %s (1 to 18446744073709551615)",
				    quote(arg));
		break;
	case 'R': case 'p': case 's': case 'U': case OPT_UUID_FORMAT:
	case OPT_ULID: case OPT_SHUFFLE: case OPT_SAMPLE: case OPT_WORDS:
	case OPT_SEPARATOR: case OPT_WORDLIST: case OPT_REQUIRE: case OPT_BITS:
	case OPT_ENTROPY:
		parse_draw_option(opts, c, arg);
		break;
	case 'm': case OPT_OWNER: case OPT_GROUP:
		parse_keyfile_option(opts, c, arg);
		break;
	case OPT_BASE64URL:
	case OPT_BASE32:
	case OPT_BASE16:
	case OPT_NO_PADDING:
	case 'w':
	case OPT_NO_NEWLINE:
	case 'z':
		parse_text_option(opts, c, arg);
		break;
	case OPT_HELP:
		print_and_exit(usage_text);
		break;
	case OPT_VERSION:
		print_and_exit(version_text);
		break;
	}
}

static unsigned int default_threads(void)
{
	unsigned int cpus = usable_cpus();

	return cpus > PUMP_MAX_THREADS ? PUMP_MAX_THREADS : cpus;
}

/* Without --count there is one output. */
uint64_t output_count(const struct options *opts)
{
	return opts->count != 0 ? opts->count : 1;
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
static void __attribute__((noreturn)) bad_option(int c, const char *arg)
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
		usage_error("option requires an argument -- %s", quote(letter));
	if (optopt != 0 && !(n == 1 && val == optopt))
		usage_error("invalid option -- %s", quote(letter));
	if (c == ':')
		usage_error("option %s requires an argument", quote(arg));
	if (n == 0)
		usage_error("unrecognized option %s", quote(arg));
	if (n == 1)
		usage_error("option %s doesn't allow an argument", quote(arg));
	usage_error("option %s is ambiguous; possibilities:%s", quote(arg), matches);
}

/*
 * --password and --words take their count as --password=20 or, as they
 * always did, --password 20; their count is optional only so that --bits
 * can set it.  So a next word that is not an option is their count, and
 * so is a negative number ("-1"), to be refused as a count, not as an
 * unknown option.
 */
static const char *separate_count(int c, int argc, char **argv)
{
	const char *next = optind < argc ? argv[optind] : NULL;

	if ((c == 'p' || c == OPT_WORDS) && optarg == NULL && next != NULL &&
	    (next[0] != '-' || (next[1] >= '0' && next[1] <= '9')))
		return argv[optind++];
	return optarg;
}

void parse_options(int argc, char **argv, struct options *opts)
{
	int c;

	*opts = (struct options){ .bytes = DEFAULT_BYTES };
	opterr = 0;
	argv[0] = (char *)"getrandom";
	while ((c = getopt_long(argc, argv, short_options, long_options,
				NULL)) != -1) {
		if (c == '?' || c == ':')
			bad_option(c, argv[optind - 1]);
		if (c >= 0 && c < OPTION_CODES)
			opts->given[c] = true;
		parse_option(opts, c, separate_count(c, argc, argv));
	}
	if (optind < argc)
		usage_error("extra operand %s", quote(argv[optind]));
	/* Counting CPUs reads /sys: only outputs that start threads need it. */
	if (opts->threads == 0)
		opts->threads = pump_input_bytes(opts->bytes, output_count(opts)) >=
				PUMP_PARALLEL_MIN ? default_threads() : 1;
	check_combinations(opts);
}

