/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --progress: what has been written so far, told on standard error while
 * the output goes out, and a last line at the end.
 */
#ifndef GETRANDOM_PROGRESS_H
#define GETRANDOM_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a report counts: bytes, or records (the byte that ends each). */
#define PROGRESS_BYTES (-1)

/* What a run will write, as --progress counts it. */
struct progress_plan {
	int record_end;		/* PROGRESS_BYTES, or the byte ending a record */
	bool total_known;
	uint64_t total;
};

struct progress {
	int record_end;		/* PROGRESS_BYTES, '\n' (lines) or '\0' */
	bool total_known;
	uint64_t total;
	uint64_t done;		/* bytes, or records whose end is written */
	bool in_place;		/* standard error is a terminal */
	size_t shown;		/* length of the line in place; 0: none */
	uint64_t start_ns;
	uint64_t next_ns;	/* when the next report is due */
};

/* Starts the clock; a record is counted once its end byte is written. */
void progress_start(struct progress *p, const struct progress_plan *plan);
/* buf was written: counts it, and reports if one is due.  0, or -1 after saying why. */
int progress_add(struct progress *p, const void *buf, size_t len);
/* Ends the line in place, so that a message can follow on a line of its own. */
void progress_break(struct progress *p);
/* The last line when ok, else only the line in place ended.  0, or -1 after saying why. */
int progress_finish(struct progress *p, bool ok);

#endif
