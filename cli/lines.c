// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The draws (integers, passwords, UUIDs) are small; writing each would
 * cost a system call per line.  They are formatted into one 64 KiB buffer
 * instead, which goes to the sink whenever the next item might not fit,
 * so memory stays the same for any count.
 */
#include <stdlib.h>
#include <string.h>

#include "lines.h"

void lines_init(struct lines *out, struct sink *sink)
{
	out->sink = sink;
	out->len = 0;
	out->failed = false;
}

void lines_flush(struct lines *out)
{
	/*
	 * A block of draws (draws.c) has no sink: it holds only as many
	 * values as fit.  Text that did not fit could go nowhere, so a
	 * mistake in that count must stop the run, not lose lines.
	 */
	if (out->sink == NULL && out->len > 0)
		abort();
	if (out->len > 0 && !out->failed &&
	    sink_write(out->sink, out->buf, out->len) == -1)
		out->failed = true;
	out->len = 0;
}

/*
 * Returns where the next need bytes (at most LINES_BUFFER) go; the caller
 * adds them to out->len.  After a failed write the buffer is reused and
 * nothing more is written.
 */
char *lines_room(struct lines *out, size_t need)
{
	if (LINES_BUFFER - out->len < need)
		lines_flush(out);
	return out->buf + out->len;
}

void lines_put(struct lines *out, const char *text, size_t len)
{
	while (len > 0 && !out->failed) {
		size_t piece = len < LINES_BUFFER ? len : LINES_BUFFER;

		memcpy(lines_room(out, piece), text, piece);
		out->len += piece;
		text += piece;
		len -= piece;
	}
}

/* Passwords and keys are secrets: none stays behind in the buffer. */
void lines_wipe(struct lines *out)
{
	explicit_bzero(out->buf, sizeof(out->buf));
	out->len = 0;
}
