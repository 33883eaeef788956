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
#include "progress.h"
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

/*
 * Where the output goes, decided here for every kind of run: FILE, made
 * with its owner and mode, or standard output, whose pipe is sized for
 * about stdout_bytes.  Exits, status 1, where FILE cannot be made.
 */
static void xopen_output(struct sink *sink, const struct options *opts,
			 uint64_t stdout_bytes)
{
	if (opts->output != NULL)
		xsink_open_file(sink, opts->output, opts->force, keyfile_of(opts));
	else
		sink_open_stdout(sink, stdout_bytes);
}

/* Status 1, as gzip's refusal to write compressed data to a terminal. */
static void xrefuse_raw_terminal(const struct options *opts)
{
	if (opts->output == NULL && opts->format == FORMAT_RAW &&
	    opts->bytes > 0 && !opts->force && isatty(STDOUT_FILENO))
		errx(EXIT_FAIL, "refusing to write raw bytes to a terminal; use --hex or --base64, redirect the output, or --force");
}

/*
 * A zero-byte request, or one with a deadline, waits for the pool first;
 * --nonblock asks whether it is ready, before any output: its status 3
 * means nothing was written, so the bytes' own calls must not be the
 * ones to find out.
 */
static int wait_if_asked(const struct options *opts)
{
	if (opts->flags & GRND_INSECURE && opts->bytes > 0)
		return 0;
	if (opts->timeout == NULL && !(opts->flags & GRND_NONBLOCK) &&
	    opts->bytes > 0)
		return 0;
	return wait_for_pool(opts->flags, opts->timeout);
}

/*
 * Writes a run's output to the sink: 0, or -1 with *random_error set to
 * getrandom(2)'s errno, or to 0 when the failure was already reported.
 */
typedef int produce_fn(const struct options *opts, struct sink *sink,
		       int *random_error);

/*
 * Produces, with --progress counting the sink's writes from the moment the
 * pool is ready; its last line goes out before FILE appears, since a
 * failure to write it fails the run.  0, or -1 with *error as produce
 * leaves it.
 */
static int produce_counted(const struct options *opts, struct sink *sink,
			   const struct progress_plan *plan,
			   produce_fn *produce, int *error)
{
	struct progress progress;
	int ret;

	if (!opts->progress)
		return produce(opts, sink, error);
	progress_start(&progress, plan);
	sink->progress = &progress;
	ret = produce(opts, sink, error);
	sink->progress = NULL;
	if (progress_finish(&progress, ret == 0) == -1)
		return -1;
	return ret;
}

/* Opens the output, waits if asked, produces, then commits or aborts. */
static int run_to_sink(const struct options *opts, uint64_t stdout_bytes,
		       const struct progress_plan *plan, produce_fn *produce)
{
	struct sink sink;
	int error;

	xopen_output(&sink, opts, stdout_bytes);
	error = wait_if_asked(opts);
	if (error == 0 && produce_counted(opts, &sink, plan, produce, &error) == 0)
		return sink_commit(&sink) == 0 ? EXIT_OK : EXIT_FAIL;
	sink_abort(&sink);
	if (error)
		return report_random_error(error, opts->flags, opts->timeout);
	return EXIT_FAIL;
}

/* What a run of bytes writes, raw or as text. */
static struct layout layout_of(const struct options *opts)
{
	return (struct layout){
		.bytes = opts->bytes,
		.count = output_count(opts),
		.flags = opts->flags,
		.format = opts->format,
		.unpadded = opts->unpadded,
		.wrap = opts->wrap,
		.end = output_end(opts),
	};
}

/* Bytes, raw or as text: the pump. */
static int pump_bytes(const struct options *opts, struct sink *sink,
		      int *random_error)
{
	struct ring_failure failure;
	struct pump_job job = {
		.layout = layout_of(opts),
		.threads = opts->threads,
		.sink = sink,
	};

	if (pump(&job, &failure) == 0)
		return 0;
	*random_error = failure.random_error;
	if (!failure.random_error && !failure.write_failed)
		warnx("out of memory");
	return -1;
}

static int run(const struct options *opts)
{
	uint64_t bytes = pump_input_bytes(opts->bytes, output_count(opts));
	struct layout layout = layout_of(opts);
	struct progress_plan plan = { .record_end = PROGRESS_BYTES };

	plan.total_known = layout_length(&layout, &plan.total);
	encode_init();
	xrefuse_raw_terminal(opts);
	return run_to_sink(opts, encoded_length(opts->format, bytes), &plan,
			   pump_bytes);
}

/* --words: the list, read before any output exists (status 1 if it is bad). */
static int load_words(struct draw_request *req)
{
	if (req->wordlist_path != NULL)
		return wordlist_load(req->wordlist_path, &req->list);
	return wordlist_builtin(&req->list);
}

/* Lines of text: count draws (at least one), or --shuffle and --sample. */
static int draw_lines(const struct options *opts, struct sink *sink,
		      int *random_error)
{
	if (opts->draw.shuffle || opts->draw.sample != 0)
		return shuffle_run(&opts->draw, opts->flags, sink, random_error);
	return draws_run(&opts->draw, output_count(opts), opts->flags,
			 opts->threads, sink, random_error);
}

/*
 * The lines --progress counts: one per value (a passphrase whose
 * --separator breaks lines takes more, and --count is refused with it),
 * or the records a shuffle or sample writes, known in advance for a
 * --range alone.
 */
static struct progress_plan lines_plan(const struct options *opts)
{
	const struct draw_request *req = &opts->draw;
	struct progress_plan plan = { .record_end = '\n', .total_known = true };
	uint64_t size = req->range.size;	/* 0: 2^64 */

	if (req->shuffle || req->sample != 0) {
		plan.record_end = req->zero_terminated ? '\0' : '\n';
		plan.total_known = req->kind == DRAW_RANGE &&
				   (size != 0 || (!req->shuffle));
		plan.total = req->shuffle ? size :
			     size != 0 && size < req->sample ? size : req->sample;
		return plan;
	}
	plan.total = output_count(opts);
	if (req->kind == DRAW_WORDS && req->words > 1)
		for (const char *c = words_separator(req); *c != '\0'; c++)
			plan.total += (*c == '\n') * (req->words - 1);
	return plan;
}

/* A pipe sized for about 16 bytes a line. */
static int run_draws(const struct options *opts)
{
	uint64_t count = output_count(opts);
	struct progress_plan plan = lines_plan(opts);

	return run_to_sink(opts, count > UINT64_MAX / 16 ? UINT64_MAX :
			   count * 16, &plan, draw_lines);
}

/*
 * "getrandom -n 1G | head -c 10" must end quietly, by SIGPIPE, even if the
 * parent ignored SIGPIPE or left it blocked: either would turn the closed
 * pipe into a "Broken pipe" message and status 1.  Before any thread
 * starts, so that every thread inherits it.
 */
static void default_sigpipe(void)
{
	sigset_t pipe;

	/* Neither call can fail for a valid signal that can be caught. */
	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	(void)signal(SIGPIPE, SIG_DFL);
	(void)sigprocmask(SIG_UNBLOCK, &pipe, NULL);
}

int main(int argc, char **argv)
{
	struct options opts;

	/* Messages name the tool, whatever path or link it was run as. */
	program_invocation_short_name = "getrandom";
	default_sigpipe();
	xparse_options(argc, argv, &opts);
	if (opts.check)
		return check_pool(&opts);
	if (opts.draw.kind == DRAW_WORDS) {
		int status;

		if (load_words(&opts.draw) == -1)
			return EXIT_FAIL;
		xapply_bits(&opts);
		xcheck_separator_words(&opts);
		if (opts.draw.words > 1 &&
		    wordlist_check_joins(&opts.draw.list, words_separator(&opts.draw),
					 opts.draw.wordlist_path) == -1) {
			wordlist_free(&opts.draw.list);
			return EXIT_FAIL;
		}
		if (opts.entropy && !report_entropy(&opts)) {
			wordlist_free(&opts.draw.list);
			return EXIT_FAIL;
		}
		status = run_draws(&opts);
		wordlist_free(&opts.draw.list);
		return status;
	}
	xapply_bits(&opts);
	if (opts.entropy && !report_entropy(&opts))
		return EXIT_FAIL;
	if (opts.draw.kind != DRAW_NONE || opts.draw.shuffle ||
	    opts.draw.sample != 0)
		return run_draws(&opts);
	return run(&opts);
}
