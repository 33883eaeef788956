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

#include "encode.h"
#include "entropy.h"
#include "parse.h"
#include "pump.h"
#include "sink.h"

#define VERSION "1.0"
#define DEFAULT_BYTES 32
#define DEFAULT_MAX_THREADS 8u

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
	const char *check_conflict;	/* an option --check cannot take */
	uint64_t count;		/* -C: outputs; 0 = not given */
	bool unpadded;		/* --no-padding */
	bool no_newline;	/* --no-newline */
	bool zero_terminated;	/* -z */
	bool wrap_given;	/* -w, even -w 0 */
	uint64_t wrap;		/* -w: columns; 0 = no wrapping */
};

static const char usage_text[] =
"Usage: getrandom [OPTION]...\n"
"Write random bytes from the Linux getrandom(2) system call.\n"
"\n"
"With no option, write 32 raw bytes to standard output, once the kernel's\n"
"entropy pool is initialized.  No file descriptor and no /dev is used\n"
"to get them, so it works with file descriptors exhausted and in a chroot.\n"
"\n"
"  -n, --bytes=N          write N bytes (default 32); N may end in K, M, G, T\n"
"                           or KiB, MiB, GiB, TiB (powers of 1024), or in\n"
"                           KB, MB, GB, TB (powers of 1000)\n"
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
"  -t, --timeout=SECONDS  wait at most SECONDS (e.g. 0.5) for the entropy\n"
"                           pool; then write nothing and exit with status 3\n"
"  -c, --check            write nothing: exit with status 0 if the entropy\n"
"                           pool is initialized, 3 if not; never waits\n"
"  -o, --output=FILE      write to FILE, mode 0600, instead of standard output;\n"
"                           FILE appears only once it holds every byte\n"
"  -f, --force            replace an existing FILE; write raw bytes even to a\n"
"                           terminal\n"
"  -j, --threads=N        fill large outputs with N threads, 1 to 16 (default:\n"
"                           one per online CPU, up to 8); 1 fills serially\n"
"      --help     display this help and exit\n"
"      --version  output version information and exit\n"
"\n"
"Exit status:\n"
" 0  if OK,\n"
" 1  if getrandom(2) or the output failed,\n"
" 2  if the command line is wrong,\n"
" 3  if the entropy pool is not initialized (--nonblock, --timeout,\n"
"    --check).\n"
"\n"
"With --count, --bytes is the size of each output, which is\n"
"encoded on its own (with its own padding) and ends with a newline (with\n"
"-z, a NUL byte).  N goes up to 2^64-1, in constant memory.\n";

static const char version_text[] =
"getrandom " VERSION "\n"
"Copyright (C) 2026 the getrandom developers.\n"
"License GPLv2+: GNU GPL version 2 or later <https://gnu.org/licenses/gpl.html>.\n"
"This is free software: you are free to change and redistribute it.\n"
"There is NO WARRANTY, to the extent permitted by law.\n";

enum { OPT_HELP = 256, OPT_VERSION };
/* The text layout options without a short form. */
enum {
	OPT_BASE64URL = 400, OPT_BASE32, OPT_BASE16, OPT_NO_PADDING,
	OPT_NO_NEWLINE,
};

static const char short_options[] = ":n:xbrNit:co:fj:C:w:z";
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
	{ "base64url", no_argument, NULL, OPT_BASE64URL },
	{ "base32", no_argument, NULL, OPT_BASE32 },
	{ "base16", no_argument, NULL, OPT_BASE16 },
	{ "no-padding", no_argument, NULL, OPT_NO_PADDING },
	{ "count", required_argument, NULL, 'C' },
	{ "wrap", required_argument, NULL, 'w' },
	{ "no-newline", no_argument, NULL, OPT_NO_NEWLINE },
	{ "zero-terminated", no_argument, NULL, 'z' },
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

static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnx(fmt, ap);
	va_end(ap);
	fprintf(stderr, "Try 'getrandom --help' for more information.\n");
	exit(EXIT_USAGE);
}

/* The option as the user typed it: "--bytes" or "-n", never "--bytes=". */
static const char *option_name(char **argv, int c, char *buf, size_t size)
{
	const char *typed = argv[optind - 1];

	if (strncmp(typed, "--", 2) == 0)
		snprintf(buf, size, "%.*s", (int)strcspn(typed, "="), typed);
	else
		snprintf(buf, size, "-%c", c);
	return buf;
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

/* The formats and line layout of text output. */
static void parse_text_option(struct options *opts, int c, const char *arg)
{
	switch (c) {
	case OPT_BASE64URL:
		set_format(opts, FORMAT_BASE64URL, "--base64url");
		opts->check_conflict = "--base64url";
		break;
	case OPT_BASE32:
		set_format(opts, FORMAT_BASE32, "--base32");
		opts->check_conflict = "--base32";
		break;
	case OPT_BASE16:
		set_format(opts, FORMAT_BASE16, "--base16");
		opts->check_conflict = "--base16";
		break;
	case OPT_NO_PADDING:
		opts->unpadded = true;
		opts->check_conflict = "--no-padding";
		break;
	case 'w':
		if (!parse_columns(arg, &opts->wrap))
			usage_error("invalid line width '%s' (0 to 18446744073709551615)",
				    arg);
		opts->wrap_given = true;
		opts->check_conflict = "--wrap";
		break;
	case OPT_NO_NEWLINE:
		opts->no_newline = true;
		opts->check_conflict = "--no-newline";
		break;
	case 'z':
		opts->zero_terminated = true;
		opts->check_conflict = "--zero-terminated";
		break;
	}
}

static void parse_option(struct options *opts, int c, const char *arg)
{
	switch (c) {
	case 'n':
		if (!parse_size(arg, &opts->bytes))
			usage_error("invalid byte count '%s'", arg);
		opts->check_conflict = "--bytes";
		break;
	case 'x':
		set_format(opts, FORMAT_HEX, "--hex");
		opts->check_conflict = "--hex";
		break;
	case 'b':
		set_format(opts, FORMAT_BASE64, "--base64");
		opts->check_conflict = "--base64";
		break;
	case 'r':
		opts->flags |= GRND_RANDOM;
		break;
	case 'N':
		opts->flags |= GRND_NONBLOCK;
		break;
	case 'i':
		opts->flags |= GRND_INSECURE;
		opts->check_conflict = "--insecure";
		break;
	case 't':
		if (!parse_seconds(arg, &opts->timeout_value))
			usage_error("invalid timeout '%s' (seconds, e.g. 2 or 0.5, at most a year)",
				    arg);
		opts->timeout = &opts->timeout_value;
		opts->check_conflict = "--timeout";
		break;
	case 'c':
		opts->check = true;
		break;
	case 'o':
		if (*arg == '\0')
			usage_error("empty output file name");
		opts->output = strcmp(arg, "-") == 0 ? NULL : arg;
		opts->check_conflict = "--output";
		break;
	case 'f':
		opts->force = true;
		break;
	case 'j':
		if (!parse_count(arg, PUMP_MAX_THREADS, &opts->threads))
			usage_error("invalid thread count '%s' (1 to %u)", arg,
				    PUMP_MAX_THREADS);
		break;
	case 'C':
		if (!parse_count64(arg, &opts->count))
			usage_error("invalid count '%s' (1 to 18446744073709551615)",
				    arg);
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
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	if (cpus < 1)
		return 1;
	return cpus > DEFAULT_MAX_THREADS ? DEFAULT_MAX_THREADS : (unsigned int)cpus;
}

static bool padded_format(enum format format)
{
	return format == FORMAT_BASE64 || format == FORMAT_BASE64URL ||
	       format == FORMAT_BASE32;
}

/* Raw bytes have no lines, padding or end: each layout option needs text. */
static void check_raw_layout(const struct options *opts)
{
	if (opts->count != 0)
		usage_error("--count needs a text format (--hex, --base64, ...): raw bytes have no lines");
	if (opts->wrap_given)
		usage_error("--wrap needs a text format (--hex, --base64, ...)");
	if (opts->no_newline)
		usage_error("--no-newline needs a text format: raw output has no newline");
	if (opts->zero_terminated)
		usage_error("--zero-terminated needs a text format: raw output has no end mark");
	if (opts->unpadded)
		usage_error("--no-padding needs --base64, --base64url or --base32");
}

/* Layout options that would have no effect, or break another's promise. */
static void check_text_layout(const struct options *opts)
{
	if (opts->check && opts->count != 0)
		usage_error("--check and --count cannot be used together");
	if (opts->format == FORMAT_RAW) {
		check_raw_layout(opts);
		return;
	}
	if (opts->unpadded && !padded_format(opts->format))
		usage_error("--no-padding and %s cannot be used together: it has no padding",
			    opts->format_option);
	if (opts->count != 0 && opts->bytes == 0)
		usage_error("invalid byte count '0' with --count: each output needs at least 1 byte");
	if (opts->count != 0 && opts->wrap != 0)
		usage_error("--wrap and --count cannot be used together: each output is one line");
	if (opts->count != 0 && opts->no_newline)
		usage_error("--no-newline and --count cannot be used together: outputs are lines");
	if (opts->zero_terminated && opts->no_newline)
		usage_error("--zero-terminated and --no-newline cannot be used together");
	if (opts->zero_terminated && opts->wrap != 0)
		usage_error("--zero-terminated and --wrap cannot be used together");
}

static void check_combinations(const struct options *opts)
{
	if ((opts->flags & GRND_INSECURE) && (opts->flags & GRND_RANDOM))
		usage_error("--insecure and --random cannot be used together");
	if (opts->check && opts->check_conflict != NULL)
		usage_error("--check and %s cannot be used together",
			    opts->check_conflict);
	check_text_layout(opts);
}

/* Without --count there is one output. */
static uint64_t output_count(const struct options *opts)
{
	return opts->count != 0 ? opts->count : 1;
}

/* What ends each output: a newline, a NUL, or nothing (-1). */
static int output_end(const struct options *opts)
{
	if (opts->format == FORMAT_RAW || opts->no_newline)
		return -1;
	return opts->zero_terminated ? '\0' : '\n';
}

static void parse_options(int argc, char **argv, struct options *opts)
{
	char name[32];
	int c;

	*opts = (struct options){ .bytes = DEFAULT_BYTES };
	opterr = 0;
	while ((c = getopt_long(argc, argv, short_options, long_options,
				NULL)) != -1) {
		if (c == '?' && optopt != 0 &&
		    strncmp(argv[optind - 1], "--", 2) == 0)
			usage_error("option '%s' doesn't allow an argument",
				    option_name(argv, optopt, name, sizeof(name)));
		if (c == '?' && optopt != 0)
			usage_error("invalid option -- '%c'", optopt);
		if (c == '?')
			usage_error("unrecognized option '%s'", argv[optind - 1]);
		if (c == ':')
			usage_error("option '%s' requires an argument",
				    option_name(argv, optopt, name, sizeof(name)));
		parse_option(opts, c, optarg);
	}
	if (optind < argc)
		usage_error("extra operand '%s'", argv[optind]);
	/* Counting CPUs reads /sys: only outputs that start threads need it. */
	if (opts->threads == 0)
		opts->threads = pump_input_bytes(opts->bytes, output_count(opts)) >=
				PUMP_PARALLEL_MIN ? default_threads() : 1;
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
	sink_open_stdout(sink, encoded_length(opts->format,
		pump_input_bytes(opts->bytes, output_count(opts))));
	if (opts->format == FORMAT_RAW && opts->bytes > 0 && !opts->force &&
	    isatty(STDOUT_FILENO))
		usage_error("refusing to write raw bytes to a terminal; use --hex or --base64, redirect the output, or --force");
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
		.count = output_count(opts),
		.unpadded = opts->unpadded,
		.wrap = opts->wrap,
		.end = output_end(opts),
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
