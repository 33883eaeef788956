// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A name that link(2) or rename(2) has just made is durable only once
 * its directory is synced.  A directory that may be written and searched
 * but not read (a drop box, mode 0300) cannot be opened to sync it: it
 * is held as O_PATH, and the file system that holds it is synced instead
 * (syncfs), which takes the directory's new entry with it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "dirsync.h"

int open_directory(const char *dir, int *readable)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	*readable = fd != -1;
	if (fd == -1 && errno == EACCES)
		fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	return fd;
}

/* A sync that the file system cannot do (EINVAL) has nothing to do. */
static int sync_result(int ret)
{
	return ret == -1 && errno != EINVAL ? errno : 0;
}

int sync_directory(int dir)
{
	return sync_result(fsync(dir));
}

int sync_file_system(int fd)
{
	return sync_result(syncfs(fd));
}
