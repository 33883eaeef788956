// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A key file is written beside its name, in the same directory, so that
 * putting it in place is a link(2) or rename(2) within one file system.
 * Its temporary name is hidden (a leading dot) and says whose it is.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sigguard.h"
#include "tempfile.h"

void directory_of(const char *path, char *dir, size_t size)
{
	char copy[PATH_MAX];

	snprintf(copy, sizeof(copy), "%s", path);
	snprintf(dir, size, "%s", dirname(copy));
}

/*
 * "dir/.name.XXXXXX", for mkostemp() and for linking an O_TMPFILE.  The
 * name is cut so that the temporary one stays within NAME_MAX, and the
 * whole path within size (PATH_MAX): a FILE whose path is just short
 * enough has a temporary too, unless its directory's own path leaves no
 * room for the dots and XXXXXX.
 */
#define TEMP_EXTRA (sizeof("..XXXXXX") - 1)

static int temp_name(const char *path, char *temp, size_t size)
{
	char copy[PATH_MAX], dir[PATH_MAX];
	const char *base;
	size_t keep, fixed;
	int n;

	directory_of(path, dir, sizeof(dir));
	snprintf(copy, sizeof(copy), "%s", path);
	base = basename(copy);
	fixed = strlen(dir) + 1 + TEMP_EXTRA;	/* "dir/" and the dots and XXXXXX */
	if (fixed >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	keep = strlen(base);
	if (keep > NAME_MAX - TEMP_EXTRA)
		keep = NAME_MAX - TEMP_EXTRA;
	if (keep > size - 1 - fixed)
		keep = size - 1 - fixed;
	n = snprintf(temp, size, "%s/.%.*s.XXXXXX", dir, (int)keep, base);
	if (n < 0 || (size_t)n >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

int temp_create(const char *path, char *temp, size_t size)
{
	if (temp_name(path, temp, size) == -1)
		return -1;
	return guarded_mkostemp(temp);
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

int link_unnamed(int fd, const char *path)
{
	char proc[64];

	/* AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; /proc needs a mounted /proc. */
	if (linkat(fd, "", AT_FDCWD, path, AT_EMPTY_PATH) == 0)
		return 0;
	if (errno == EEXIST)
		return -1;
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	return linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

/* For rename(2) to put the synced file in place of FILE with --force. */
int temp_link(int fd, const char *path, char *temp, size_t size)
{
	for (int tries = 0; tries < 100; tries++) {
		/* mkstemp() picks a free name; the empty file it makes is then replaced. */
		int made = temp_create(path, temp, size);

		if (made == -1)
			break;
		close(made);
		/*
		 * A name that cannot be removed (an append-only directory)
		 * stays taken, for the caller to try to remove once more:
		 * another round would only leave another one behind.
		 */
		if (unlink(temp) == -1)
			return -1;
		if (link_unnamed(fd, temp) == 0)
			return 0;
		unguard_temp();
		if (errno != EEXIST)
			break;
	}
	/* No file of ours has that name now: another process may take it. */
	temp[0] = '\0';
	return -1;
}
