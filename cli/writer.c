// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writing to a descriptor: standard output, whatever it is (a file, a
 * pipe, a terminal, a socket, left non-blocking by a parent or not), or
 * a key file.  Short writes, EINTR and EAGAIN are carried on from, the
 * last two a bounded number of times.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include "writer.h"

/*
 * A pipe holds 64 KiB unless asked for more: less than one chunk of
 * output, so every write would wait for the reader to make room, and one
 * thread would fill and write in turn instead of filling while the reader
 * reads (15-25 % slower through `| cat` on one thread).  For more output
 * than that, the pipe grows to 1 MiB, the most an unprivileged process
 * may ask for by default (/proc/sys/fs/pipe-max-size).  Not a pipe,
 * already larger, or not allowed: it stays as it is and nothing else
 * changes.
 */
#define PIPE_DEFAULT_SIZE (64 * 1024)
#define PIPE_BULK_SIZE (1024 * 1024)

void grow_pipe(int fd, uint64_t length)
{
	int size;

	if (length <= PIPE_DEFAULT_SIZE)
		return;
	size = fcntl(fd, F_GETPIPE_SZ);
	if (size != -1 && size < PIPE_BULK_SIZE)
		(void)fcntl(fd, F_SETPIPE_SZ, PIPE_BULK_SIZE);
}

/*
 * EINTR and EAGAIN mean "again", but not for ever: a descriptor that
 * answers nothing else (a seccomp filter's errno, a broken driver) would
 * keep the run spinning.  After this many tries in a row that write
 * nothing, the run fails with the last error.  A real EAGAIN waits in
 * poll(2) first, and a real EINTR needs a signal with a handler, which
 * the tool only has for signals that end it: neither comes this often
 * in a row.
 */
#define IDLE_TRIES_MAX 100

/*
 * Waits until a non-blocking descriptor (left so by a parent) can take
 * more; 0, also when a signal cut the wait short (the caller counts it).
 */
static int wait_writable(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLOUT };

	if (poll(&pfd, 1, -1) == -1 && errno != EINTR)
		return -1;
	return 0;
}

/* Writes all of buf, over short writes, EINTR and EAGAIN; 0 or -1 (errno). */
int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	int idle = 0;

	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n > 0) {
			p += n;
			len -= (size_t)n;
			idle = 0;
			continue;
		}
		if (n == -1 && errno != EINTR && errno != EAGAIN)
			return -1;
		if (n == 0)
			errno = EIO;	/* took nothing, said nothing */
		if (++idle == IDLE_TRIES_MAX)
			return -1;
		if (errno == EAGAIN && wait_writable(fd) == -1)
			return -1;
	}
	return 0;
}
