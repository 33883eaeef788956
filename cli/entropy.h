/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The getrandom(2) system call, its waits and its errors. */
#ifndef GETRANDOM_ENTROPY_H
#define GETRANDOM_ENTROPY_H

#include <stddef.h>
#include <sys/random.h>
#include <time.h>

#ifndef GRND_INSECURE
#define GRND_INSECURE 0x0004	/* Linux 5.6; older libc headers lack it */
#endif

/*
 * The tool's own outcomes, kept out of the errno space (errno values are
 * positive): a seccomp filter can make getrandom(2) fail with any errno,
 * ETIMEDOUT and EAGAIN included, and those must read as the failures they
 * are, not as a time-out of ours or a pool that is not ready.
 */
enum {
	POOL_NOT_READY = -1,	/* EAGAIN from the wait's call with GRND_NONBLOCK */
	POOL_TIMED_OUT = -2,	/* --timeout's timer expired */
	POOL_REPORTED = -3,	/* failed, and already said why */
};

int fill_random(unsigned char *buf, size_t len, unsigned int flags);
int wait_for_pool(unsigned int flags, const struct timespec *timeout);
int report_random_error(int error, unsigned int flags,
			const struct timespec *timeout);

#endif
