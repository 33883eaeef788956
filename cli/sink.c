// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output side, as its callers see it: bytes go to standard output,
 * or to --output's FILE (keyfile.c), and the messages name which.
 */
#include <err.h>
#include <errno.h>
#include <unistd.h>

#include "quote.h"
#include "sink.h"
#include "writer.h"

void sink_open_stdout(struct sink *sink, uint64_t length)
{
	*sink = (struct sink){ .path = NULL };
	grow_pipe(STDOUT_FILENO, length);
}

void xsink_open_file(struct sink *sink, const char *path, bool force,
		     const struct keyfile *key)
{
	sink->path = path;
	sink->progress = NULL;
	xkeyfile_open(&sink->file, path, force, key);
}

int sink_write(struct sink *sink, const void *buf, size_t len)
{
	int fd = sink->path != NULL ? sink->file.fd : STDOUT_FILENO;

	if (write_all(fd, buf, len) == 0)
		return sink->progress != NULL ?
		       progress_add(sink->progress, buf, len) : 0;
	if (sink->progress != NULL)
		progress_break(sink->progress);
	if (sink->path == NULL)
		warn("write error on standard output");
	else
		warn("cannot write %s", quote(sink->path));
	return -1;
}

int sink_commit(struct sink *sink)
{
	if (sink->path != NULL)
		return keyfile_commit(&sink->file);
	if (close(STDOUT_FILENO) == -1 && errno != EBADF) {
		warn("write error on standard output");
		return -1;
	}
	return 0;
}

void sink_abort(struct sink *sink)
{
	if (sink->path != NULL)
		keyfile_abort(&sink->file);
}
