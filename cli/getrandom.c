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
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "draws.h"
#include "encode.h"
#include "entropy.h"
#include "keyfile.h"
#include "options.h"
#include "pump.h"
#include "shuffle.h"
#include "sink.h"
#include "status.h"
#include "strength.h"
#include "wordlist.h"

/* --check: asks without waiting and without drawing a byte. */
static int check_pool(const struct options *opts)
{
	int error = wait_for_pool(opts->flags | GRND_NONBLOCK, NULL);

	if (error == POOL_NOT_READY)
		return EXIT_NOT_READY;
	if (error)
		return report_random_error(error, opts->flags, NULL);
	return EXIT_OK;
}

/* --mode, --owner, --group, or NULL for the defaults (0600, the caller's). */
static const struct keyfile *keyfile_of(const struct options *opts)
{
	return opts->key.option != NULL ? &opts->key : NULL;
}

static void xopen_sink(struct sink *sink, const struct options *opts)
{
	if (opts->output != NULL) {
		xsink_open_file(sink, opts->output, opts->force, keyfile_of(opts));
		return;
	}
	sink_open_stdout(sink, encoded_length(opts->format,
		pump_input_bytes(opts->bytes, output_count(opts))));
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
		.layout = {
			.bytes = opts->bytes,
			.count = output_count(opts),
			.flags = opts->flags,
			.format = opts->format,
			.unpadded = opts->unpadded,
			.wrap = opts->wrap,
			.end = output_end(opts),
		},
		.threads = opts->threads,
		.sink = &sink,
	};
	int error;

	xopen_sink(&sink, opts);
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

/* --words: the list, read before any output exists (status 1 if it is bad). */
static int load_words(struct draw_request *req)
{
	if (req->wordlist_path != NULL)
		return wordlist_load(req->wordlist_path, &req->list);
	return wordlist_builtin(&req->list);
}

/* Lines of text: count draws (at least one), or --shuffle and --sample. */
static int run_draws(const struct options *opts)
{
	uint64_t count = output_count(opts);
	struct sink sink;
	int error;

	if (opts->output != NULL) {
		xsink_open_file(&sink, opts->output, opts->force,
			       keyfile_of(opts));
	} else {
		sink_open_stdout(&sink, count > UINT64_MAX / 16 ? UINT64_MAX :
				 count * 16);
	}
	error = wait_if_asked(opts);
	if (error == 0 &&
	    (opts->draw.shuffle || opts->draw.sample != 0 ?
	     shuffle_run(&opts->draw, opts->flags, &sink, &error) :
	     draws_run(&opts->draw, count, opts->flags, &sink, &error)) == 0)
		return sink_commit(&sink) == 0 ? EXIT_OK : EXIT_FAIL;
	sink_abort(&sink);
	if (error)
		return report_random_error(error, opts->flags, opts->timeout);
	return EXIT_FAIL;
}

int main(int argc, char **argv)
{
	struct options opts;

	/* Messages name the tool, whatever path or link it was run as. */
	program_invocation_short_name = "getrandom";
	/* "getrandom -n 1G | head -c 10" must end quietly, even if the parent ignored SIGPIPE. */
	signal(SIGPIPE, SIG_DFL);
	xparse_options(argc, argv, &opts);
	if (opts.check)
		return check_pool(&opts);
	if (opts.draw.kind == DRAW_WORDS) {
		int status;

		if (load_words(&opts.draw) == -1)
			return EXIT_FAIL;
		xapply_bits(&opts);
		if (opts.entropy)
			report_entropy(&opts);
		status = run_draws(&opts);
		wordlist_free(&opts.draw.list);
		return status;
	}
	xapply_bits(&opts);
	if (opts.entropy)
		report_entropy(&opts);
	if (opts.draw.kind != DRAW_NONE || opts.draw.shuffle ||
	    opts.draw.sample != 0)
		return run_draws(&opts);
	encode_init();
	return run(&opts);
}
