// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Without --force an existing FILE is never touched; with it, only a key
 * file is replaced: a regular file, or a link that leads to one.  Anything
 * else is refused either way, before a byte is drawn.
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "quote.h"
#include "replace.h"
#include "status.h"
#include "tempfile.h"

/* The longest chain of links followed, as the kernel's MAXSYMLINKS. */
#define MAX_LINKS 40

/*
 * path, relative to dir, lies in a directory of /proc, where links are
 * file descriptors: 1 or 0, or -1 (errno) when statfs(2) cannot tell.
 */
static int in_proc(int dir, const char *path)
{
	char parent[PATH_MAX];
	struct statfs fs;
	int fd, ret;

	directory_of(path, parent, sizeof(parent));
	if (dir == AT_FDCWD)
		return statfs(parent, &fs) == -1 ? -1 : fs.f_type == PROC_SUPER_MAGIC;
	if (strcmp(parent, ".") == 0)
		return fstatfs(dir, &fs) == -1 ? -1 : fs.f_type == PROC_SUPER_MAGIC;
	fd = openat(dir, parent, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd == -1)
		return -1;
	ret = fstatfs(fd, &fs) == -1 ? -1 : fs.f_type == PROC_SUPER_MAGIC;
	close(fd);
	return ret;
}

/* Replaces the link at path by the path its text names: "dir/text" or "/text". */
static int follow(int at, char *path, size_t size)
{
	char text[PATH_MAX], dir[PATH_MAX];
	ssize_t n = readlinkat(at, path, text, sizeof(text) - 1);
	int len;

	if (n <= 0)
		return -1;
	text[n] = '\0';
	directory_of(path, dir, sizeof(dir));
	if (text[0] == '/')
		len = snprintf(path, size, "%s", text);
	else
		len = snprintf(path, size, "%s/%s", dir, text);
	return len < 0 || (size_t)len >= size ? -1 : 0;
}

/* Follows every link from path, one at a time, so that /proc is seen on the way. */
enum existing what_exists_at(int dir, const char *path)
{
	char at[PATH_MAX];
	struct stat st;

	snprintf(at, sizeof(at), "%s", path);
	for (int links = 0; links <= MAX_LINKS; links++) {
		int proc;

		/* Nothing there: creating FILE will say why, if it cannot. */
		if (fstatat(dir, at, &st, AT_SYMLINK_NOFOLLOW) == -1)
			return links == 0 ? EXISTING_NONE : EXISTING_OTHER;
		proc = in_proc(dir, at);
		if (proc == -1)
			return EXISTING_UNKNOWN;
		if (proc)
			return EXISTING_OTHER;
		if (!S_ISLNK(st.st_mode))
			return S_ISREG(st.st_mode) ? EXISTING_REGULAR :
			       EXISTING_OTHER;
		if (follow(dir, at, sizeof(at)) == -1)
			return EXISTING_OTHER;
	}
	return EXISTING_OTHER;	/* a loop, or a chain too long to be a key file */
}

enum existing what_exists(const char *path)
{
	return what_exists_at(AT_FDCWD, path);
}

void say_exists(const char *path)
{
	warnx("%s: %s (use --force to replace it)", quote(path),
	      strerror(EEXIST));
}

/* --force cannot help: it only ever replaces key files. */
void say_not_regular(const char *path)
{
	warnx("not a regular file: %s", quote(path));
}

/*
 * "-o k5/": the name of a directory, there or not.  strerror(EISDIR)
 * alone ("Is a directory") reads as if k5 existed; the message says what
 * to write instead.
 */
static void __attribute__((noreturn)) xnames_directory(const char *path)
{
	/*
	 * On the stack: malloc() may call getrandom(2) for its own keys, and
	 * a refusal draws nothing.  The caller has the path below PATH_MAX.
	 */
	char file[PATH_MAX + sizeof("key")];

	snprintf(file, sizeof(file), "%skey", path);
	errx(EXIT_FAIL, "cannot create %s: a name that ends in '/' is a directory's; give the key file's name, such as %s",
	     quote_n(0, path), quote_n(1, file));
}

/*
 * A name that is not there may still be one that cannot be made: one
 * that lstat(2) refuses for another reason than its absence (a regular
 * file where a directory should be, a name too long), or one that ends
 * in a slash and so names a directory.  Said now, not after the last byte.
 */
static void xcheck_creatable(const char *path)
{
	struct stat st;
	size_t len = strlen(path);

	if (lstat(path, &st) == -1 && errno != ENOENT)
		err(EXIT_FAIL, "cannot create %s", quote(path));
	if (len > 0 && path[len - 1] == '/')
		xnames_directory(path);
}

void xcheck_replaceable(const char *path, bool force)
{
	switch (what_exists(path)) {
	case EXISTING_NONE:
		xcheck_creatable(path);
		return;
	case EXISTING_REGULAR:
		if (force)
			return;
		say_exists(path);
		break;
	case EXISTING_OTHER:
		say_not_regular(path);
		break;
	case EXISTING_UNKNOWN:
		/* Something is there: without --force that is enough to refuse. */
		if (force)
			warn("cannot replace %s", quote(path));
		else
			say_exists(path);
		break;
	}
	exit(EXIT_FAIL);
}
