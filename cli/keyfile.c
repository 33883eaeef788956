// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A key file must hold all the bytes or not exist, so it is written as an
 * unnamed O_TMPFILE in the target directory, given its owner and mode,
 * synced, and only then given its name.  The directory is looked up by
 * its path once, and held open: the file is made, named, renamed and
 * synced in that directory, wherever its path leads by then.  Where O_TMPFILE is not
 * supported, or such a file could not be given a name, a named temporary
 * file is used instead (sigguard.c removes it on a fatal signal).  FILE
 * never exists with any other owner or mode.
 *
 * Once FILE is in place nothing makes the run fail: a non-zero status
 * means nothing changed.  What comes after (closing the file, syncing its
 * directory) can only warn.
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirsync.h"
#include "keyfile.h"
#include "quote.h"
#include "replace.h"
#include "sigguard.h"
#include "status.h"
#include "tempfile.h"

static const struct keyfile default_key = {
	.mode = KEYFILE_DEFAULT_MODE, .uid = (uid_t)-1, .gid = (gid_t)-1,
};

/*
 * Owner first, then mode: changing the owner clears the set-user-ID and
 * set-group-ID bits, which the mode may ask for.  Then the file must have
 * what was asked: fchmod(2) drops set-group-ID without an error when the
 * file's group is not one of the caller's (a set-group-ID directory's
 * group), and a mode FILE does not have would be a silent half success.
 * Returns 0 or -1 (errno; EPERM for a mode or owner the file did not
 * take), with *what the one that failed: "owner", "group" or "mode".
 */
static int set_owner_and_mode(int fd, const struct keyfile *key,
			      const char **what)
{
	struct stat st;

	*what = key->uid != (uid_t)-1 ? "owner" : "group";
	if ((key->uid != (uid_t)-1 || key->gid != (gid_t)-1) &&
	    fchown(fd, key->uid, key->gid) == -1)
		return -1;
	*what = "mode";
	if (fchmod(fd, key->mode) == -1 || fstat(fd, &st) == -1)
		return -1;
	if ((st.st_mode & 07777) != key->mode ||
	    (key->uid != (uid_t)-1 && st.st_uid != key->uid) ||
	    (key->gid != (gid_t)-1 && st.st_gid != key->gid)) {
		if (key->uid != (uid_t)-1 && st.st_uid != key->uid)
			*what = "owner";
		else if (key->gid != (gid_t)-1 && st.st_gid != key->gid)
			*what = "group";
		errno = EPERM;
		return -1;
	}
	return 0;
}

/*
 * What the kernel refused, named: an --owner alone that fails is not a
 * failure of "owner and mode".  Giving a file away takes root.
 */
static void say_key_refused(const char *what, const char *path)
{
	int error = errno;

	if (error == EPERM && strcmp(what, "owner") == 0)
		warnx("cannot set the owner of %s: %s (giving a file to another user takes root)",
		      quote(path), strerror(error));
	else
		warnx("cannot set the %s of %s: %s", what, quote(path),
		      strerror(error));
}

/*
 * Owner and mode, on the descriptor: when the file is created (so that a
 * refusal comes before any byte is drawn) and again once every byte is
 * written, since a write by a process without CAP_FSETID clears the
 * set-user-ID and set-group-ID bits.
 */
static int apply_key(struct keyfile_out *file)
{
	const char *what;

	if (set_owner_and_mode(file->fd, file->key, &what) == 0)
		return 0;
	say_key_refused(what, file->path);
	return -1;
}

/* An O_TMPFILE in dir that can be given its name later, or -1. */
static int open_unnamed(int dir)
{
	int fd = openat(dir, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);

	if (fd != -1 && !unnamed_linkable(fd)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/*
 * No name can be removed from an append-only directory (chattr +a), so
 * --force, which renames its file over FILE, cannot work there, and would
 * leave its temporary name behind: it is refused before anything is made.
 * Where the flags cannot be read (a directory held as O_PATH), the rename
 * says what failed.
 */
static bool append_only(int dir)
{
	int flags = 0;

	return ioctl(dir, FS_IOC_GETFLAGS, &flags) == 0 &&
	       (flags & FS_APPEND_FL) != 0;
}

/*
 * With standard input, output or error closed, a new descriptor (the
 * file's, its directory's) takes that number: --shuffle would read it as
 * its input, and a warning would be written into it.  It is moved above
 * them, or the run fails: 0, or -1 (errno; EMFILE where the limit on
 * descriptors leaves none above).
 */
static int above_stdio(int *fd)
{
	int moved;

	if (*fd > STDERR_FILENO)
		return 0;
	moved = fcntl(*fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
	if (moved == -1) {
		/* F_DUPFD says EINVAL for a floor at or above the limit. */
		if (errno == EINVAL)
			errno = EMFILE;
		return -1;
	}
	close(*fd);
	*fd = moved;
	return 0;
}

/* FILE's directory, held open above standard error, or exits, status 1. */
static void xopen_directory(struct keyfile_out *file, const char *dir)
{
	int readable;

	file->dir = open_directory(dir, &readable);
	file->dir_readable = readable;
	if (file->dir == -1)
		err(EXIT_FAIL, "cannot create a file in %s", quote(dir));
	if (above_stdio(&file->dir) == -1) {
		warn("cannot create a file in %s", quote(dir));
		keyfile_abort(file);
		exit(EXIT_FAIL);
	}
}

void xkeyfile_open(struct keyfile_out *file, const char *path, bool force,
		   const struct keyfile *key)
{
	char dir[PATH_MAX];

	*file = (struct keyfile_out){ .fd = -1, .dir = -1, .path = path,
				      .force = force,
				      .key = key != NULL ? key : &default_key };
	if (strlen(path) >= PATH_MAX)
		errx(EXIT_FAIL, "%s: %s", quote(path), strerror(ENAMETOOLONG));
	xcheck_replaceable(path, force);
	directory_of(path, dir, sizeof(dir));
	name_of(path, file->name, sizeof(file->name));
	xopen_directory(file, dir);
	if (force && append_only(file->dir)) {
		warnx("--force cannot write %s: its directory %s is append-only",
		      quote_n(0, path), quote_n(1, dir));
		keyfile_abort(file);
		exit(EXIT_FAIL);
	}
	file->fd = open_unnamed(file->dir);
	file->unnamed = file->fd != -1;
	if (file->fd == -1)
		file->fd = temp_create(file->dir, file->name, file->temp,
				       sizeof(file->temp));
	if (file->fd == -1) {
		warn("cannot create a file in %s", quote(dir));
		keyfile_abort(file);
		exit(EXIT_FAIL);
	}
	if (above_stdio(&file->fd) == -1) {
		warn("cannot create a file in %s", quote(dir));
		keyfile_abort(file);
		exit(EXIT_FAIL);
	}
	if (fchmod(file->fd, 0600) == -1) {
		say_key_refused("mode", path);
		keyfile_abort(file);
		exit(EXIT_FAIL);
	}
	if (apply_key(file) == -1) {
		keyfile_abort(file);
		exit(EXIT_FAIL);
	}
}

/*
 * Puts the finished file in place: link (no --force) or rename (--force),
 * an unnamed one under the temporary name temp_link() gave it.
 */
static int place_file(struct keyfile_out *file)
{
	if (!file->force && file->unnamed)
		return link_unnamed(file->fd, file->dir, file->name);
	if (file->force) {
		/* What stood there may have changed since it was checked. */
		enum existing now = what_exists_at(file->dir, file->name);

		if (now == EXISTING_UNKNOWN)
			return -1;	/* statfs(2)'s errno */
		if (now == EXISTING_OTHER) {
			errno = EEXIST;
			return -1;
		}
		if (renameat(file->dir, file->temp, file->dir, file->name) == -1)
			return -1;
		unguard_temp();
		file->temp[0] = '\0';
		return 0;
	}
	return linkat(file->dir, file->temp, file->dir, file->name, 0);
}

static void say_placement_failed(const struct keyfile_out *file)
{
	struct stat old;
	int error = errno;

	if (error == EEXIST && file->force) {
		say_not_regular(file->path);
	} else if (error == EEXIST) {
		say_exists(file->path);
	} else {
		/* With --force, a FILE that is still there was not replaced. */
		bool there = file->force &&
			     fstatat(file->dir, file->name, &old, AT_SYMLINK_NOFOLLOW) == 0;

		errno = error;
		if (there)
			warn("cannot replace %s", quote(file->path));
		else
			warn("cannot create %s", quote(file->path));
	}
}

/* The temporary's name, with FILE's directory as FILE's path names it. */
static void say_temp_left(const struct keyfile_out *file, int error)
{
	char dir[PATH_MAX], temp[PATH_MAX + NAME_MAX + 2];

	directory_of(file->path, dir, sizeof(dir));
	snprintf(temp, sizeof(temp), "%s/%s", dir, file->temp);
	warnx("%s is in place, but its temporary copy %s could not be removed: %s",
	      quote_n(0, file->path), quote_n(1, temp), strerror(error));
}

/*
 * After FILE is in place: the rest only makes the new name durable, and
 * its failures are warnings, status 0.  The temporary name (no O_TMPFILE,
 * no --force) goes first, then the directory is synced: through its own
 * descriptor, or, where it cannot be read, through the file system's.
 * Nothing is said before FILE is closed: with standard error closed, FILE
 * may be descriptor 2, and a warning would land in the key.
 */
static void finish_placed(struct keyfile_out *file)
{
	int error = 0, unlink_error = 0, close_error = 0;

	if (file->temp[0] != '\0' && unlinkat(file->dir, file->temp, 0) == -1 &&
	    errno != ENOENT)
		unlink_error = errno;
	unguard_temp();
	if (!file->dir_readable)
		error = sync_file_system(file->fd);
	/* The bytes are synced: a late error from close(2) has none left to lose. */
	if (close(file->fd) == -1)
		close_error = errno;
	file->fd = -1;
	if (unlink_error != 0)
		say_temp_left(file, unlink_error);
	file->temp[0] = '\0';
	if (close_error != 0)
		warnx("%s is in place, but closing it failed: %s",
		      quote(file->path), strerror(close_error));
	if (file->dir_readable)
		error = sync_directory(file->dir);
	close(file->dir);
	file->dir = -1;
	if (error != 0)
		warnx("%s is in place, but its directory could not be synced: %s",
		      quote(file->path), strerror(error));
}

int keyfile_commit(struct keyfile_out *file)
{
	sigset_t held;

	if (apply_key(file) == -1) {
		keyfile_abort(file);
		return -1;
	}
	if (fsync(file->fd) == -1) {
		warn("cannot sync %s", quote(file->path));
		keyfile_abort(file);
		return -1;
	}
	if (file->force && file->unnamed &&
	    temp_link(file->fd, file->dir, file->name, file->temp,
		      sizeof(file->temp)) == -1) {
		say_placement_failed(file);
		keyfile_abort(file);
		return -1;
	}
	/*
	 * From here a signal would end the run after FILE has changed, and
	 * its status would say that the run failed: signals wait until exit,
	 * which drops them.  A Ctrl-C during the last sync waits for it too.
	 */
	hold_signals(&held);
	if (place_file(file) == -1) {
		say_placement_failed(file);
		keyfile_abort(file);
		release_signals(&held);
		return -1;
	}
	finish_placed(file);
	return 0;
}

/* An unnamed file vanishes with its descriptor; a named temporary is removed. */
void keyfile_abort(struct keyfile_out *file)
{
	if (file->temp[0] != '\0')
		unlinkat(file->dir, file->temp, 0);
	unguard_temp();
	file->temp[0] = '\0';
	if (file->fd != -1)
		close(file->fd);
	file->fd = -1;
	if (file->dir != -1)
		close(file->dir);
	file->dir = -1;
}
