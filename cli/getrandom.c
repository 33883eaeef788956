// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getrandom - write random bytes from the getrandom(2) system call.
 *
 * The bytes come straight from the kernel's CRNG: no file descriptor, no
 * /dev, no user-space generator, and no fallback to /dev/urandom.
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpus.h"
#include "encode.h"
#include "entropy.h"
#include "parse.h"
#include "pump.h"
#include "quote.h"
#include "sink.h"

#define VERSION "1.0"
#define DEFAULT_BYTES 32
#define DEFAULT_MAX_THREADS 8u
/* getopt_long's codes: a short option's letter, or 256 and up. */
#define OPTION_CODES 512

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
};

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
"                           on for G, T, P, E\n"
"  -x, --hex              write lowercase hexadecimal, then a newline\n"
"  -b, --base64           write base64 (RFC 4648, padded), then a newline\n"
"  -r, --random           set GRND_RANDOM: draw as /dev/random does\n"
"  -N, --nonblock         set GRND_NONBLOCK: do not wait for the entropy pool;\n"
"                           exit with status 3 if it is not initialized\n"
"  -i, --insecure         set GRND_INSECURE: never wait, even before the pool\n"
"                           is initialized (Linux 5.6 or later); not for keys\n"
"  -t, --timeout=DURATION\n"
"                         wait at most DURATION for the entropy pool, then\n"
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
"  -j, --threads=N        fill large outputs with N threads, 1 to 16 (default:\n"
"                           one per usable CPU, up to 8); 1 fills serially\n"
"      --help     display this help and exit\n"
"      --version  output version information and exit\n"
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

enum { OPT_HELP = 256, OPT_VERSION };

static const char short_options[] = "n:xbrNit:co:fj:";
static const struct option long_options[] = {
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
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static void print_and_exit(const char *text)
{
	size_t len = strlen(text);

	if (write(STDOUT_FILENO, text, len) != (ssize_t)len)
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

static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
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

	return cpus > DEFAULT_MAX_THREADS ? DEFAULT_MAX_THREADS : cpus;
}

/* The long name of the option with getopt code c: "--hex". */
static const char *long_name(int c, char *buf, size_t size)
{
	for (const struct option *o = long_options; o->name != NULL; o++)
		if (o->val == c) {
			snprintf(buf, size, "--%s", o->name);
			return buf;
		}
	snprintf(buf, size, "-%c", c);
	return buf;
}

/*
 * The combination rule: an option that would have no effect, or whose
 * promise another option breaks, is a usage error, so that a script never
 * believes an option took effect when it did not.  The man page lists
 * every rule (man/getrandom.h2m); add a new one there too.
 *
 * Pairs that exclude each other, by getopt code, with the reason.
 */
static const struct excluded_pair {
	int first, second;
	const char *why;
} excluded_pairs[] = {
	{ 'i', 'r', "--insecure bypasses the pool --random draws from" },
	{ 'N', 'i', "--insecure writes bytes where --nonblock promises status 3" },
	{ 'i', 't', "--insecure never waits" },
	{ 'N', 't', "--nonblock never waits" },
};

/* Rules that depend on values: each returns why the line is wrong, or NULL. */
static const char *force_without_effect(const struct options *opts)
{
	if (!opts->given['f'] || opts->output != NULL)
		return NULL;
	if (opts->format != FORMAT_RAW)
		return "--force has no effect without --output FILE: text is never refused on a terminal";
	if (opts->bytes == 0)
		return "--force has no effect with --bytes=0 and no --output FILE";
	return NULL;
}

static const char *(*const value_rules[])(const struct options *) = {
	force_without_effect,
};

/* --check writes nothing and never waits: every other option is void. */
static void check_alone(const struct options *opts)
{
	char name[32];

	if (!opts->given['c'])
		return;
	for (const struct option *o = long_options; o->name != NULL; o++)
		if (o->val != 'c' && opts->given[o->val])
			usage_error("--check and %s cannot be used together (--check takes no other option)",
				    long_name(o->val, name, sizeof(name)));
}

static void check_combinations(const struct options *opts)
{
	char a[32], b[32];

	check_alone(opts);
	for (size_t i = 0; i < sizeof(excluded_pairs) / sizeof(excluded_pairs[0]); i++) {
		const struct excluded_pair *p = &excluded_pairs[i];

		if (opts->given[p->first] && opts->given[p->second])
			usage_error("%s and %s cannot be used together (%s)",
				    long_name(p->first, a, sizeof(a)),
				    long_name(p->second, b, sizeof(b)), p->why);
	}
	for (size_t i = 0; i < sizeof(value_rules) / sizeof(value_rules[0]); i++) {
		const char *why = value_rules[i](opts);

		if (why != NULL)
			usage_error("%s", why);
	}
}

static void parse_options(int argc, char **argv, struct options *opts)
{
	int c;

	*opts = (struct options){ .bytes = DEFAULT_BYTES };
	/*
	 * getopt_long says what is wrong in GNU's own words ("option '--h'
	 * is ambiguous; possibilities: '--hex' '--help'"), naming the tool
	 * by argv[0]: messages start "getrandom: " whatever path ran it.
	 */
	opterr = 1;
	argv[0] = (char *)"getrandom";
	while ((c = getopt_long(argc, argv, short_options, long_options,
				NULL)) != -1) {
		if (c == '?')
			try_help();
		if (c >= 0 && c < OPTION_CODES)
			opts->given[c] = true;
		parse_option(opts, c, optarg);
	}
	if (optind < argc)
		usage_error("extra operand %s", quote(argv[optind]));
	/* Counting CPUs reads /sys: only outputs that start threads need it. */
	if (opts->threads == 0)
		opts->threads = opts->bytes >= PUMP_PARALLEL_MIN ?
				default_threads() : 1;
	check_combinations(opts);
}

/* --check: asks without waiting and without drawing a byte. */
static int check_pool(const struct options *opts)
{
	int error = wait_for_pool(opts->flags | GRND_NONBLOCK, NULL);

	if (error == EAGAIN)
		return EXIT_NOT_READY;
	if (error)
		return report_random_error(error, opts->flags, NULL);
	return EXIT_OK;
}

static void open_sink(struct sink *sink, const struct options *opts)
{
	if (opts->output != NULL) {
		sink_open_file(sink, opts->output, opts->force);
		return;
	}
	sink_open_stdout(sink, encoded_length(opts->format, opts->bytes));
	/* Status 1, as gzip's refusal to write compressed data to a terminal. */
	if (opts->format == FORMAT_RAW && opts->bytes > 0 && !opts->force &&
	    isatty(STDOUT_FILENO))
		errx(EXIT_FAIL, "refusing to write raw bytes to a terminal; use --hex or --base64, redirect the output, or --force");
}

/* A zero-byte request, or one with a deadline, waits for the pool first. */
static int wait_if_asked(const struct options *opts)
{
	if (opts->flags & GRND_INSECURE && opts->bytes > 0)
		return 0;
	if (opts->timeout == NULL && opts->bytes > 0)
		return 0;
	return wait_for_pool(opts->flags, opts->timeout);
}

static int run(const struct options *opts)
{
	struct pump_failure failure;
	struct sink sink;
	struct pump_job job = {
		.bytes = opts->bytes,
		.flags = opts->flags,
		.format = opts->format,
		.threads = opts->threads,
		.sink = &sink,
	};
	int error;

	open_sink(&sink, opts);
	error = wait_if_asked(opts);
	if (error) {
		sink_abort(&sink);
		return report_random_error(error, opts->flags, opts->timeout);
	}
	if (pump(&job, &failure) == -1) {
		sink_abort(&sink);
		if (failure.random_error)
			return report_random_error(failure.random_error,
						   opts->flags, opts->timeout);
		if (!failure.write_failed)
			warnx("out of memory");
		return EXIT_FAIL;
	}
	return sink_commit(&sink) == 0 ? EXIT_OK : EXIT_FAIL;
}

int main(int argc, char **argv)
{
	struct options opts;

	/* Messages name the tool, whatever path or link it was run as. */
	program_invocation_short_name = "getrandom";
	/* "getrandom -n 1G | head -c 10" must end quietly, even if the parent ignored SIGPIPE. */
	signal(SIGPIPE, SIG_DFL);
	parse_options(argc, argv, &opts);
	if (opts.check)
		return check_pool(&opts);
	encode_init();
	return run(&opts);
}
