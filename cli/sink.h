/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where the output goes: standard output, or a key file that appears whole. */
#ifndef GETRANDOM_SINK_H
#define GETRANDOM_SINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "keyfile.h"
#include "progress.h"

struct sink {
	const char *path;	/* NULL: standard output */
	struct keyfile_out file;	/* FILE, where path is set */
	struct progress *progress;	/* --progress, told each write; or NULL */
};

/* length: how many bytes will be written, to size a pipe for them. */
void sink_open_stdout(struct sink *sink, uint64_t length);
void xsink_open_file(struct sink *sink, const char *path, bool force,
		     const struct keyfile *key);
/* Returns 0, or -1 after saying what failed (the write, or --progress's). */
int sink_write(struct sink *sink, const void *buf, size_t len);
/* Finishes the output; 0, or -1 after saying what failed. */
int sink_commit(struct sink *sink);
/* Drops an unfinished output: a key file leaves nothing behind. */
void sink_abort(struct sink *sink);

#endif
