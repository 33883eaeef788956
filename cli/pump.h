/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Moves random bytes from getrandom(2), through an encoder, to a sink: one
 * output of N bytes, or many outputs of N bytes each, one per line.
 */
#ifndef GETRANDOM_PUMP_H
#define GETRANDOM_PUMP_H

#include <stdbool.h>
#include <stdint.h>

#include "chunk.h"
#include "ring.h"
#include "sink.h"

/*
 * One fill-and-encode unit, about 96 KiB: a multiple of 3 and of 5, so
 * that base64 and base32 pad only at the end of an output that spans
 * chunks, and of 8, to keep the SIMD encoders' blocks aligned.
 */
#define PUMP_CHUNK (15u * 6552u)
/* Below this much randomness, starting threads costs more than it saves. */
#define PUMP_PARALLEL_MIN (1u << 20)

struct pump_job {
	struct layout layout;	/* what to write */
	unsigned int threads;	/* 0: one per usable CPU */
	struct sink *sink;
};

uint64_t pump_input_bytes(uint64_t bytes, uint64_t count);
unsigned int pump_threads(unsigned int asked, uint64_t input_bytes,
			  uint64_t blocks);
int pump(const struct pump_job *job, struct ring_failure *failure);

#endif
