/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Writing to a descriptor: all of a buffer, and a pipe sized for the bulk. */
#ifndef GETRANDOM_WRITER_H
#define GETRANDOM_WRITER_H

#include <stddef.h>
#include <stdint.h>

/* The one writer of every output, --help and --version included: 0 or -1. */
int write_all(int fd, const void *buf, size_t len);
/* length: how many bytes will be written to fd, to size a pipe for them. */
void grow_pipe(int fd, uint64_t length);

#endif
