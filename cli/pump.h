/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Moves N random bytes from getrandom(2), through an encoder, to a sink. */
#ifndef GETRANDOM_PUMP_H
#define GETRANDOM_PUMP_H

#include <stdint.h>

#include "encode.h"
#include "sink.h"

/* One fill-and-encode unit: a multiple of 3, so base64 pads only at the end. */
#define PUMP_CHUNK (3u * 32768u)
/* Below this, starting threads costs more than it saves. */
#define PUMP_PARALLEL_MIN (1u << 20)
#define PUMP_MAX_THREADS 16u

struct pump_job {
	uint64_t bytes;
	unsigned int flags;	/* GRND_* */
	enum format format;
	unsigned int threads;
	struct sink *sink;
};

/* What went wrong, for the caller to report once every thread has stopped. */
struct pump_failure {
	int random_error;	/* errno of getrandom(2), or 0 */
	int write_failed;	/* the sink already said why */
};

int pump(const struct pump_job *job, struct pump_failure *failure);

#endif
