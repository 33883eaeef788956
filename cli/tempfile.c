// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A key file is written beside its name, in the same directory, so that
 * putting it in place is a link(2) or rename(2) within one file system.
 * That directory is looked up once and held open: every name here is
 * relative to it, so that the directory renamed, or its path pointed
 * elsewhere, while the bytes are drawn cannot move the key.  The
 * temporary name is hidden (a leading dot) and says whose it is.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sigguard.h"
#include "tempfile.h"

void directory_of(const char *path, char *dir, size_t size)
{
	char copy[PATH_MAX];

	snprintf(copy, sizeof(copy), "%s", path);
	snprintf(dir, size, "%s", dirname(copy));
}

void name_of(const char *path, char *name, size_t size)
{
	char copy[PATH_MAX];

	snprintf(copy, sizeof(copy), "%s", path);
	snprintf(name, size, "%s", basename(copy));
}

/*
 * ".name.XXXXXX": the name is cut so that the temporary one stays within
 * NAME_MAX, so that a FILE whose name is just short enough has one too.
 */
#define TEMP_EXTRA (sizeof("..XXXXXX") - 1)

static int temp_name(const char *name, char *temp, size_t size)
{
	size_t keep = strlen(name);
	int n;

	if (keep > NAME_MAX - TEMP_EXTRA)
		keep = NAME_MAX - TEMP_EXTRA;
	n = snprintf(temp, size, ".%.*s.XXXXXX", (int)keep, name);
	if (n < 0 || (size_t)n >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/*
 * mkostemp(3) in dir: the XXXXXX filled from the clock and a counter
 * (the name needs only to be free; O_EXCL says whether it is), opened
 * for reading too, as mkostemp(3) opens it.  The descriptor, or -1.
 */
static int create_at(int dir, char *temp)
{
	static const char letters[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	static uint64_t counter;
	char *x = temp + strlen(temp) - 6;

	for (int tries = 0; tries < 100; tries++) {
		struct timespec now;
		uint64_t bits;
		int fd;

		clock_gettime(CLOCK_MONOTONIC, &now);
		bits = ((uint64_t)now.tv_nsec ^ (uint64_t)now.tv_sec << 30 ^
			(uint64_t)getpid() << 40) + ++counter * 0x9e3779b97f4a7c15u;
		for (int i = 0; i < 6; i++, bits /= 62)
			x[i] = letters[bits % 62];
		fd = openat(dir, temp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd != -1 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/*
 * Fatal signals are held back from before the file is created until it
 * is guarded, so that no signal finds it unguarded.
 */
int temp_create(int dir, const char *name, char *temp, size_t size)
{
	sigset_t held;
	int fd, saved;

	if (temp_name(name, temp, size) == -1)
		return -1;
	hold_signals(&held);
	fd = create_at(dir, temp);
	if (fd != -1)
		guard_temp(dir, temp);
	saved = errno;
	release_signals(&held);
	errno = saved;
	return fd;
}

/*
 * link_unnamed() has two ways to name fd: AT_EMPTY_PATH, which Linux
 * 6.1 allows only with CAP_DAC_READ_SEARCH, and the file's link
 * in /proc, which needs a mounted /proc.  A user in a chroot without
 * /proc has neither, and would find out only after the last byte: this
 * asks first.  The /proc link must lead to fd's own file; the kernel is
 * asked about AT_EMPTY_PATH with "/" as the new name, which always
 * exists: EEXIST means it would have made the link, and nothing is made.
 */
bool unnamed_linkable(int fd)
{
	char proc[64];
	struct stat by_fd, by_proc;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (fstat(fd, &by_fd) == 0 && stat(proc, &by_proc) == 0 &&
	    by_fd.st_dev == by_proc.st_dev && by_fd.st_ino == by_proc.st_ino)
		return true;
	return linkat(fd, "", AT_FDCWD, "/", AT_EMPTY_PATH) == -1 &&
	       errno == EEXIST;
}

int link_unnamed(int fd, int dir, const char *name)
{
	char proc[64];

	/* AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; /proc needs a mounted /proc. */
	if (linkat(fd, "", dir, name, AT_EMPTY_PATH) == 0)
		return 0;
	if (errno == EEXIST)
		return -1;
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	return linkat(AT_FDCWD, proc, dir, name, AT_SYMLINK_FOLLOW);
}

/* For rename(2) to put the synced file in place of FILE with --force. */
int temp_link(int fd, int dir, const char *name, char *temp, size_t size)
{
	for (int tries = 0; tries < 100; tries++) {
		/* create_at() picks a free name; the empty file it makes is then replaced. */
		int made = temp_create(dir, name, temp, size);

		if (made == -1)
			break;
		close(made);
		/*
		 * A name that cannot be removed (an append-only directory)
		 * stays taken, for the caller to try to remove once more:
		 * another round would only leave another one behind.
		 */
		if (unlinkat(dir, temp, 0) == -1)
			return -1;
		if (link_unnamed(fd, dir, temp) == 0)
			return 0;
		unguard_temp();
		if (errno != EEXIST)
			break;
	}
	/* No file of ours has that name now: another process may take it. */
	temp[0] = '\0';
	return -1;
}
