/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Moves random bytes from getrandom(2), through an encoder, to a sink: one
 * output of N bytes, or many outputs of N bytes each, one per line.
 */
#ifndef GETRANDOM_PUMP_H
#define GETRANDOM_PUMP_H

#include <stdbool.h>
#include <stdint.h>

#include "encode.h"
#include "sink.h"

/*
 * One fill-and-encode unit, about 96 KiB: a multiple of 3 and of 5, so
 * that base64 and base32 pad only at the end of an output that spans
 * chunks, and of 8, to keep the SIMD encoders' blocks aligned.
 */
#define PUMP_CHUNK (15u * 6552u)
/* Below this, starting threads costs more than it saves. */
#define PUMP_PARALLEL_MIN (1u << 20)
/* As many as the largest machines have CPUs, and more. */
#define PUMP_MAX_THREADS 1024u

struct pump_job {
	uint64_t bytes;		/* in each output */
	uint64_t count;		/* outputs, at least 1 */
	unsigned int flags;	/* GRND_* */
	enum format format;
	unsigned int threads;	/* 0: one per usable CPU */
	struct sink *sink;
	bool unpadded;		/* drop the '=' at the end of each output */
	uint64_t wrap;		/* a newline every wrap characters; 0: none */
	int end;		/* '\n' or '\0' after each output; -1: nothing */
};

/* What went wrong, for the caller to report once every thread has stopped. */
struct pump_failure {
	int random_error;	/* errno of getrandom(2), or 0 */
	int write_failed;	/* the sink already said why */
};

uint64_t pump_input_bytes(uint64_t bytes, uint64_t count);
int pump(const struct pump_job *job, struct pump_failure *failure);

#endif
