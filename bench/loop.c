// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's single-CPU rate: getrandom(2) into one 1 MiB buffer, again
 * and again, each buffer written to standard output, until N bytes are out.
 * Usage: loop N
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#define BUF_SIZE (1u << 20)

static unsigned char buf[BUF_SIZE];

static void write_all(const unsigned char *p, size_t len)
{
	while (len > 0) {
		ssize_t n = write(STDOUT_FILENO, p, len);

		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			err(1, "write");
		p += n;
		len -= (size_t)n;
	}
}

int main(int argc, char **argv)
{
	unsigned long long left;
	char *end;

	if (argc != 2)
		errx(2, "usage: loop N");
	errno = 0;
	left = strtoull(argv[1], &end, 10);
	if (errno || *end != '\0' || end == argv[1])
		errx(2, "invalid byte count '%s'", argv[1]);
	while (left > 0) {
		size_t want = left < BUF_SIZE ? (size_t)left : BUF_SIZE;
		size_t got = 0;

		while (got < want) {
			long n = syscall(SYS_getrandom, buf + got, want - got, 0);

			if (n == -1 && errno == EINTR)
				continue;
			if (n <= 0)
				err(1, "getrandom");
			got += (size_t)n;
		}
		write_all(buf, want);
		left -= want;
	}
	return 0;
}
