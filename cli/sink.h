/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where the output goes: standard output, or a key file that appears whole. */
#ifndef GETRANDOM_SINK_H
#define GETRANDOM_SINK_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "keyfile.h"

struct sink {
	int fd;
	const char *path;	/* NULL: standard output */
	bool force;		/* replace an existing path */
	bool unnamed;		/* fd is an O_TMPFILE, not yet linked */
	bool dir_readable;	/* FILE's directory can be opened to sync it */
	const struct keyfile *key;	/* owner and mode of FILE */
	char temp[PATH_MAX];	/* a named temporary file, or "" */
};

void sink_open_stdout(struct sink *sink, uint64_t length);
void xsink_open_file(struct sink *sink, const char *path, bool force,
		    const struct keyfile *key);
int sink_write(struct sink *sink, const void *buf, size_t len);
int sink_commit(struct sink *sink);
void sink_abort(struct sink *sink);
/* The one writer of every output, --help and --version included: 0 or -1. */
int write_all(int fd, const char *buf, size_t len);

#endif
