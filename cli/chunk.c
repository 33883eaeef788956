// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How the output is cut into chunks, each filled by one getrandom(2) call
 * and encoded by one thread.  Outputs of at most PUMP_CHUNK bytes are
 * packed whole into chunks, as many as fit: chunk k holds outputs
 * [k * per, (k+1) * per), each encoded on its own (its own padding) and
 * followed by its end character.  A larger output is cut into parts of
 * PUMP_CHUNK bytes, one per chunk, the last part carrying the padding and
 * the end character.  Either way the writer needs one call per chunk.
 */
#include <stdlib.h>
#include <string.h>

#include "chunk.h"
#include "entropy.h"
#include "pump.h"		/* PUMP_CHUNK, the unit the pump hands out */
#include "wide.h"

/* Whole outputs in one chunk, or 0 when an output spans chunks. */
static uint64_t outputs_per_chunk(const struct layout *spec)
{
	return spec->bytes <= PUMP_CHUNK ? PUMP_CHUNK / spec->bytes : 0;
}

static uint64_t chunks_per_output(const struct layout *spec)
{
	return spec->bytes / PUMP_CHUNK + (spec->bytes % PUMP_CHUNK != 0);
}

/* Outputs (whole or parts) in one chunk, and the bytes they draw. */
static uint64_t pieces_per_chunk(const struct layout *spec)
{
	uint64_t per = outputs_per_chunk(spec);

	if (per == 0)
		return 1;
	return spec->count < per ? spec->count : per;
}

static size_t chunk_capacity(const struct layout *spec)
{
	if (outputs_per_chunk(spec) == 0)
		return PUMP_CHUNK;
	return (size_t)(pieces_per_chunk(spec) * spec->bytes);
}

/*
 * More chunks than fit in 64 bits (2^64 outputs of over 96 KiB) would take
 * longer than anyone waits: the count saturates and the output never ends.
 */
uint64_t chunk_count(const struct layout *spec)
{
	uint64_t per = outputs_per_chunk(spec), parts;

	if (per != 0)
		return spec->count / per + (spec->count % per != 0);
	parts = chunks_per_output(spec);
	if (spec->count > UINT64_MAX / parts)
		return UINT64_MAX;
	return spec->count * parts;
}

/*
 * The bytes the whole run writes, text, line breaks and end characters
 * included (--progress's total): false where that passes 2^64 - 1.
 */
bool layout_length(const struct layout *spec, uint64_t *length)
{
	uint64_t one = spec->bytes;

	*length = 0;
	if (spec->bytes == 0 || spec->count == 0)
		return true;
	/* encoded_length saturates; the unpadded text is never longer. */
	if (spec->format != FORMAT_RAW)
		one = encoded_length(spec->format, spec->bytes);
	if (one == UINT64_MAX)
		return false;
	if (spec->unpadded)
		one = unpadded_length(spec->format, spec->bytes);
	/* A break before each column-0 character but the first (wrap_text). */
	if (spec->wrap != 0) {
		if ((one - 1) / spec->wrap >= UINT64_MAX - one)
			return false;
		one += (one - 1) / spec->wrap;
	}
	one += spec->end >= 0;
	if (spec->count > UINT64_MAX / one)
		return false;
	*length = one * spec->count;
	return true;
}

/* The most text one piece of len bytes becomes: padding, newlines, end. */
static size_t piece_text_size(const struct layout *spec, size_t len)
{
	size_t text = (size_t)encoded_length(spec->format, len);

	if (spec->wrap != 0)
		text += (size_t)(text / spec->wrap) + 1;
	return text + 1;
}

/* The text buffer of a chunk of spec; 0 for raw output. */
static size_t chunk_text_size(const struct layout *spec)
{
	size_t pieces;

	if (spec->format == FORMAT_RAW)
		return 0;
	pieces = (size_t)pieces_per_chunk(spec);
	return pieces * piece_text_size(spec, chunk_capacity(spec) / pieces);
}

/* What chunk_alloc() allocates for a chunk of spec. */
size_t chunk_memory(const struct layout *spec)
{
	return chunk_capacity(spec) + chunk_text_size(spec);
}

/* Small outputs get small buffers: a 32-byte key should not fault in 100 KiB. */
int chunk_alloc(struct chunk *chunk, const struct layout *spec)
{
	size_t raw = chunk_capacity(spec);

	*chunk = (struct chunk){ .raw_size = raw };
	chunk->raw = malloc(raw);
	if (chunk->raw == NULL)
		return -1;
	if (spec->format == FORMAT_RAW)
		return 0;
	chunk->text_size = chunk_text_size(spec);
	chunk->text = malloc(chunk->text_size);
	if (chunk->text == NULL) {
		chunk_free(chunk);
		return -1;
	}
	return 0;
}

/* Random bytes and their text are wiped before the memory goes back. */
void chunk_free(struct chunk *chunk)
{
	if (chunk->raw != NULL) {
		explicit_bzero(chunk->raw, chunk->raw_size);
		free(chunk->raw);
	}
	if (chunk->text != NULL) {
		explicit_bzero(chunk->text, chunk->text_size);
		free(chunk->text);
	}
	*chunk = (struct chunk){ 0 };
}

/*
 * Breaks len characters of text into lines of cols characters, in place;
 * returns the new length.  The text starts at column (0 to cols - 1) of a
 * line; continued when earlier text of the same output came before it.  A
 * separator goes before every character at column 0 but the output's
 * first, never after the last one (the end character does).
 */
static size_t wrap_text(char *text, size_t len, uint64_t column,
			bool continued, uint64_t cols, char separator)
{
	/*
	 * In 64 bits until the values are known to be below len: a --wrap
	 * past SIZE_MAX (on 32-bit targets) must mean no break in this
	 * text, not its remainder modulo 2^32.
	 */
	uint64_t first64 = column != 0 ? cols - column : continued ? 0 : cols;
	size_t first, breaks, at, end = len, step;

	if (first64 >= len)
		return len;
	first = (size_t)first64;
	breaks = (size_t)((len - 1 - first) / cols) + 1;
	/* A second break lies within the text: cols < len fits a size_t. */
	step = breaks > 1 ? (size_t)cols : 0;
	at = first + (breaks - 1) * step;
	/* From the end, so that each line moves once, into free space. */
	for (size_t b = breaks; ; b--) {
		memmove(text + at + b, text + at, end - at);
		text[at + b - 1] = separator;
		if (b == 1)
			break;
		end = at;
		at -= step;
	}
	return len + breaks;
}

/*
 * Where the text of part of a large output starts, modulo --wrap (part
 * times the text of a chunk passes 2^64 after some 10^14 bytes).
 */
static uint64_t column_of(const struct layout *spec, uint64_t part)
{
	if (spec->wrap == 0)
		return 0;
	return mul_mod(part, encoded_length(spec->format, PUMP_CHUNK), spec->wrap);
}

/*
 * Encodes part of an output, len bytes; the last part carries the
 * padding and the end character.  Returns the text length.
 */
static size_t encode_piece(const struct layout *spec, const unsigned char *in,
			   size_t len, uint64_t part, bool last, char *out)
{
	size_t n = encode(spec->format, in, len, out);

	if (last && spec->unpadded)
		n = unpad(out, n);
	if (spec->wrap != 0)
		n = wrap_text(out, n, column_of(spec, part), part > 0,
			      spec->wrap, '\n');
	if (last && spec->end >= 0)
		out[n++] = (char)spec->end;
	return n;
}

/*
 * When no output but the last of a run has padding, many outputs encode as
 * one block, which the SIMD encoders take at full speed, and the end
 * characters are then put between them in place: for short tokens this
 * is several times faster than one encoder call per output.
 */
static bool encodes_as_one(const struct layout *spec)
{
	return spec->wrap == 0 && spec->end >= 0 &&
	       encoded_length(spec->format, spec->bytes) ==
	       unpadded_length(spec->format, spec->bytes);
}

static size_t encode_outputs(const struct layout *spec,
			     const unsigned char *in, size_t outputs, char *out)
{
	size_t len = (size_t)spec->bytes, text = 0;

	if (encodes_as_one(spec)) {
		text = encode(spec->format, in, outputs * len, out);
		text = wrap_text(out, text, 0, false,
				 encoded_length(spec->format, len), (char)spec->end);
		out[text++] = (char)spec->end;
		return text;
	}
	for (size_t i = 0; i < outputs; i++)
		text += encode_piece(spec, in + i * len, len, 0, true, out + text);
	return text;
}

/* How many whole outputs chunk index holds, and their bytes in *len. */
static size_t packed_outputs(const struct layout *spec, uint64_t index,
			     size_t *len)
{
	uint64_t per = outputs_per_chunk(spec), first = index * per;
	size_t n = (size_t)(spec->count - first < per ? spec->count - first : per);

	*len = n * (size_t)spec->bytes;
	return n;
}

/* Returns 0, or the errno value of the failed getrandom(2). */
int chunk_fill(struct chunk *chunk, const struct layout *spec, uint64_t index)
{
	uint64_t parts = chunks_per_output(spec), part = index % parts;
	size_t pieces = 1, len, text;
	int error;

	if (outputs_per_chunk(spec) != 0) {
		pieces = packed_outputs(spec, index, &len);
		part = 0;
	} else {
		len = part + 1 < parts ? PUMP_CHUNK :
		      (size_t)(spec->bytes - (parts - 1) * PUMP_CHUNK);
	}
	error = fill_random(chunk->raw, len, spec->flags);
	if (error)
		return error;
	if (spec->format == FORMAT_RAW) {
		chunk->data = chunk->raw;
		chunk->length = len;
		return 0;
	}
	if (outputs_per_chunk(spec) != 0)
		text = encode_outputs(spec, chunk->raw, pieces, chunk->text);
	else
		text = encode_piece(spec, chunk->raw, len, part, part + 1 == parts,
				    chunk->text);
	chunk->data = chunk->text;
	chunk->length = text;
	return 0;
}
