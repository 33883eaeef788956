// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output side.  A key file must hold all the bytes or not exist, so it
 * is written as an unnamed O_TMPFILE in the target directory, given its
 * owner and mode, synced, and only then given its name.  Where O_TMPFILE is
 * not supported, a named temporary file is used instead and removed on any
 * error or on any signal whose default action ends the process.
 *
 * Once FILE is in place nothing makes the run fail: a non-zero status
 * means nothing changed.  What comes after (closing the file, syncing its
 * directory) can only warn.
 */
#define _GNU_SOURCE
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <linux/magic.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "quote.h"
#include "sink.h"
#include "status.h"

/* Read by the signal handler, which must not touch the struct. */
static volatile sig_atomic_t have_temp;
static char temp_to_remove[PATH_MAX];
/* The action each signal had before guard_temp(), put back to die by it. */
static struct sigaction previous[NSIG];

/*
 * Every signal whose default action ends the process and that a handler
 * can catch: SIGKILL cannot be, and SIGSTOP, SIGTSTP, SIGCHLD, SIGCONT,
 * SIGURG and SIGWINCH do not end it.  The real-time signals from SIGRTMIN
 * on are added by fatal_set(); below SIGRTMIN are glibc's own.
 */
static const int fatal_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE,
	SIGUSR1, SIGSEGV, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT,
	SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS,
};
#define FATAL_SIGNALS (sizeof(fatal_signals) / sizeof(fatal_signals[0]))

static void fatal_set(sigset_t *set)
{
	sigemptyset(set);
	for (size_t i = 0; i < FATAL_SIGNALS; i++)
		sigaddset(set, fatal_signals[i]);
	for (int signo = SIGRTMIN; signo <= SIGRTMAX; signo++)
		sigaddset(set, signo);
}

/*
 * Removes the temporary file, then lets the signal do what it did before:
 * raised again with the old action back, it is delivered once the
 * handler returns (it is blocked until then) and ends the process.
 */
static void remove_temp_and_die(int signo)
{
	int saved = errno;

	if (have_temp)
		unlink(temp_to_remove);
	sigaction(signo, &previous[signo], NULL);
	raise(signo);
	errno = saved;
}

/* Installs the handler once, for every fatal signal the parent does not ignore. */
static void install_handlers(void)
{
	static bool installed;
	struct sigaction action = { .sa_handler = remove_temp_and_die };
	sigset_t set;

	if (installed)
		return;
	installed = true;
	fatal_set(&set);
	action.sa_mask = set;
	for (int signo = 1; signo < NSIG; signo++) {
		if (sigismember(&set, signo) != 1 ||
		    sigaction(signo, NULL, &previous[signo]) == -1)
			continue;
		/* A signal the parent ignores (nohup, a background job) stays ignored. */
		if (previous[signo].sa_handler == SIG_IGN)
			continue;
		sigaction(signo, &action, NULL);
	}
}

static void guard_temp(const char *path)
{
	snprintf(temp_to_remove, sizeof(temp_to_remove), "%s", path);
	have_temp = 1;
	install_handlers();
}

/*
 * Holds back every fatal signal: from before a temporary file is created
 * until it is guarded (or gone), so no signal finds it unguarded, and
 * from just before FILE is put in place until the exit (commit_file()).
 */
static void hold_signals(sigset_t *old)
{
	sigset_t set;

	fatal_set(&set);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void release_signals(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

static void unguard_temp(void)
{
	have_temp = 0;
}

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

static void grow_pipe(int fd, uint64_t length)
{
	int size;

	if (length <= PIPE_DEFAULT_SIZE)
		return;
	size = fcntl(fd, F_GETPIPE_SZ);
	if (size != -1 && size < PIPE_BULK_SIZE)
		(void)fcntl(fd, F_SETPIPE_SZ, PIPE_BULK_SIZE);
}

/* length: how many bytes will be written, to size a pipe for them. */
void sink_open_stdout(struct sink *sink, uint64_t length)
{
	*sink = (struct sink){ .fd = STDOUT_FILENO };
	grow_pipe(sink->fd, length);
}

static void directory_of(const char *path, char *dir, size_t size)
{
	char copy[PATH_MAX];

	snprintf(copy, sizeof(copy), "%s", path);
	snprintf(dir, size, "%s", dirname(copy));
}

/*
 * "dir/.name.XXXXXX", for mkostemp() and for linking an O_TMPFILE.  The
 * name is cut so that the temporary one stays within NAME_MAX: any FILE
 * that can be created can be written through a temporary.
 */
#define TEMP_EXTRA (sizeof("..XXXXXX") - 1)

static int temp_name(const char *path, char *temp, size_t size)
{
	char copy[PATH_MAX], dir[PATH_MAX];
	const char *base;
	int n, keep;

	directory_of(path, dir, sizeof(dir));
	snprintf(copy, sizeof(copy), "%s", path);
	base = basename(copy);
	keep = (int)(strlen(base) < NAME_MAX - TEMP_EXTRA ?
		     strlen(base) : NAME_MAX - TEMP_EXTRA);
	n = snprintf(temp, size, "%s/.%.*s.XXXXXX", dir, keep, base);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

static int open_named_temp(struct sink *sink)
{
	sigset_t held;
	int saved;

	if (temp_name(sink->path, sink->temp, sizeof(sink->temp)) == -1) {
		errno = ENAMETOOLONG;
		return -1;
	}
	hold_signals(&held);
	sink->fd = mkostemp(sink->temp, O_CLOEXEC);
	if (sink->fd != -1)
		guard_temp(sink->temp);
	saved = errno;
	release_signals(&held);
	errno = saved;
	return sink->fd == -1 ? -1 : 0;
}

/*
 * What stands at path, for --force: EXISTING_NONE, EXISTING_REGULAR (a
 * regular file, or a chain of symbolic links that ends at one), or
 * EXISTING_OTHER (a directory, device, FIFO or socket, a link to one of
 * those or to nothing, or a chain that passes through /proc, such as
 * /dev/stdout or /dev/fd/1: the file descriptor of whoever looks, which
 * may well be a regular file, but not a key file to replace).
 */
enum existing { EXISTING_NONE, EXISTING_REGULAR, EXISTING_OTHER };

/* The longest chain of links followed, as the kernel's MAXSYMLINKS. */
#define MAX_LINKS 40

/* path lies in a directory of /proc, where links are file descriptors. */
static bool in_proc(const char *path)
{
	char dir[PATH_MAX];
	struct statfs fs;

	directory_of(path, dir, sizeof(dir));
	return statfs(dir, &fs) == -1 || fs.f_type == PROC_SUPER_MAGIC;
}

/* Replaces the link at path by the path its text names: "dir/text" or "/text". */
static int follow(char *path, size_t size)
{
	char text[PATH_MAX], dir[PATH_MAX];
	ssize_t n = readlink(path, text, sizeof(text) - 1);
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
static enum existing what_exists(const char *path)
{
	char at[PATH_MAX];
	struct stat st;

	snprintf(at, sizeof(at), "%s", path);
	for (int links = 0; links <= MAX_LINKS; links++) {
		/* Nothing there: creating FILE will say why, if it cannot. */
		if (lstat(at, &st) == -1)
			return links == 0 ? EXISTING_NONE : EXISTING_OTHER;
		if (in_proc(at))
			return EXISTING_OTHER;
		if (!S_ISLNK(st.st_mode))
			return S_ISREG(st.st_mode) ? EXISTING_REGULAR :
			       EXISTING_OTHER;
		if (follow(at, sizeof(at)) == -1)
			return EXISTING_OTHER;
	}
	return EXISTING_OTHER;	/* a loop, or a chain too long to be a key file */
}

/* Exits when FILE exists and may not be replaced. */
static void xcheck_replaceable(const char *path, bool force)
{
	switch (what_exists(path)) {
	case EXISTING_NONE:
		return;
	case EXISTING_REGULAR:
		if (force)
			return;
		errx(EXIT_FAIL, "%s: %s (use --force to replace it)",
		     quote(path), strerror(EEXIST));
	case EXISTING_OTHER:
		/* --force cannot help: it only ever replaces key files. */
		errx(EXIT_FAIL, "not a regular file: %s", quote(path));
	}
}

/*
 * Owner and mode, on the descriptor: when the file is created (so that a
 * refusal comes before any byte is drawn) and again once every byte is
 * written, since a write by a process without CAP_FSETID clears the
 * set-user-ID and set-group-ID bits.  keyfile_apply() also checks that
 * the file has the mode asked for: the kernel drops set-group-ID without
 * a word for a group the caller is not in.
 */
static const struct keyfile default_key = {
	.mode = KEYFILE_DEFAULT_MODE, .uid = (uid_t)-1, .gid = (gid_t)-1,
};

static int apply_key(struct sink *sink)
{
	if (keyfile_apply(sink->fd, sink->key) == 0)
		return 0;
	warn("cannot set the owner and mode of %s", quote(sink->path));
	return -1;
}

/*
 * Whether FILE's directory can be opened to sync it once FILE is in
 * place, asked before anything changes.  A directory that may be written
 * and searched but not read (a drop box, mode 0300) cannot be: then the
 * file system that holds it is synced instead (syncfs), which takes the
 * directory's new entry with it.  Only one descriptor is open at a time.
 */
static bool directory_readable(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd == -1)
		return false;
	close(fd);
	return true;
}

void xsink_open_file(struct sink *sink, const char *path, bool force,
		    const struct keyfile *key)
{
	char dir[PATH_MAX];

	*sink = (struct sink){ .fd = -1, .path = path, .force = force,
			       .key = key != NULL ? key : &default_key };
	if (strlen(path) >= PATH_MAX)
		errx(EXIT_FAIL, "%s: %s", quote(path), strerror(ENAMETOOLONG));
	xcheck_replaceable(path, force);
	directory_of(path, dir, sizeof(dir));
	sink->dir_readable = directory_readable(dir);
	sink->fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	sink->unnamed = sink->fd != -1;
	if (sink->fd == -1 && open_named_temp(sink) == -1)
		err(EXIT_FAIL, "cannot create a file in %s", quote(dir));
	if (fchmod(sink->fd, 0600) == -1) {
		warn("cannot set the owner and mode of %s", quote(path));
		sink_abort(sink);
		exit(EXIT_FAIL);
	}
	if (apply_key(sink) == -1) {
		sink_abort(sink);
		exit(EXIT_FAIL);
	}
}

/* Blocks until a non-blocking descriptor (left so by a parent) can take more. */
static int wait_writable(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLOUT };

	while (poll(&pfd, 1, -1) == -1) {
		if (errno != EINTR)
			return -1;
	}
	return 0;
}

/* Writes all of buf, over short writes, EINTR and EAGAIN; 0 or -1. */
int write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);

		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN) {
			if (wait_writable(fd) == -1)
				return -1;
			continue;
		}
		if (n == -1)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Returns 0, or -1 after saying what failed. */
int sink_write(struct sink *sink, const void *buf, size_t len)
{
	if (write_all(sink->fd, buf, len) == 0)
		return 0;
	if (sink->path == NULL)
		warn("write error on standard output");
	else
		warn("cannot write %s", quote(sink->path));
	return -1;
}

static int link_unnamed(int fd, const char *path)
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

/* Gives the synced unnamed file a temporary name, for rename(2) to replace with. */
static int name_unnamed(struct sink *sink)
{
	for (int tries = 0; tries < 100; tries++) {
		sigset_t held;
		int fd;

		if (temp_name(sink->path, sink->temp, sizeof(sink->temp)) == -1) {
			errno = ENAMETOOLONG;
			return -1;
		}
		/* mkstemp() picks a free name; the empty file it makes is then replaced. */
		hold_signals(&held);
		fd = mkostemp(sink->temp, O_CLOEXEC);
		if (fd != -1) {
			close(fd);
			unlink(sink->temp);
			guard_temp(sink->temp);
		}
		release_signals(&held);
		if (fd == -1)
			return -1;
		if (link_unnamed(sink->fd, sink->temp) == 0)
			return 0;
		unguard_temp();
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/*
 * Puts the finished file in place: link (no --force) or rename (--force),
 * an unnamed one under the temporary name name_unnamed() gave it.
 */
static int place_file(struct sink *sink)
{
	if (!sink->force && sink->unnamed)
		return link_unnamed(sink->fd, sink->path);
	if (sink->force) {
		/* What stood there may have changed since it was checked. */
		if (what_exists(sink->path) == EXISTING_OTHER) {
			errno = EEXIST;
			return -1;
		}
		if (rename(sink->temp, sink->path) == -1)
			return -1;
		unguard_temp();
		sink->temp[0] = '\0';
		return 0;
	}
	return link(sink->temp, sink->path);
}

static void say_placement_failed(const struct sink *sink)
{
	if (errno == EEXIST && sink->force)
		warnx("not a regular file: %s", quote(sink->path));
	else if (errno == EEXIST)
		warnx("%s: %s (use --force to replace it)",
		      quote(sink->path), strerror(errno));
	else
		warn("cannot create %s", quote(sink->path));
}

/* fsync(2) of a directory that cannot sync (EINVAL) has nothing to do. */
static int sync_fd(int fd, bool whole_fs)
{
	int ret = whole_fs ? syncfs(fd) : fsync(fd);

	return ret == -1 && errno == EINVAL ? 0 : ret;
}

/*
 * After FILE is in place: the rest only makes the new name durable, and
 * its failures are warnings, status 0.  The temporary name (no O_TMPFILE,
 * no --force) goes first, then the directory is synced: through its own
 * descriptor, or, where it cannot be read, through the file system's.
 */
static void finish_placed(struct sink *sink)
{
	char dir[PATH_MAX];
	int fd, error = 0;

	if (sink->temp[0] != '\0' && unlink(sink->temp) == -1 && errno != ENOENT)
		warn("%s is in place, but its temporary copy %s could not be removed",
		     quote_n(0, sink->path), quote_n(1, sink->temp));
	unguard_temp();
	sink->temp[0] = '\0';
	if (!sink->dir_readable && sync_fd(sink->fd, true) == -1)
		error = errno;
	/* The bytes are synced: a late error from close(2) has none left to lose. */
	if (close(sink->fd) == -1)
		warn("%s is in place, but closing it failed", quote(sink->path));
	sink->fd = -1;
	if (sink->dir_readable) {
		directory_of(sink->path, dir, sizeof(dir));
		fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd == -1 || sync_fd(fd, false) == -1)
			error = errno;
		if (fd != -1)
			close(fd);
	}
	if (error != 0)
		warnx("%s is in place, but its directory could not be synced: %s",
		      quote(sink->path), strerror(error));
}

static int commit_file(struct sink *sink)
{
	sigset_t held;

	if (apply_key(sink) == -1) {
		sink_abort(sink);
		return -1;
	}
	if (fsync(sink->fd) == -1) {
		warn("cannot sync %s", quote(sink->path));
		sink_abort(sink);
		return -1;
	}
	if (sink->force && sink->unnamed && name_unnamed(sink) == -1) {
		say_placement_failed(sink);
		sink_abort(sink);
		return -1;
	}
	/*
	 * From here a signal would end the run after FILE has changed, and
	 * its status would say that the run failed: signals wait until exit,
	 * which drops them.  A Ctrl-C during the last sync waits for it too.
	 */
	hold_signals(&held);
	if (place_file(sink) == -1) {
		say_placement_failed(sink);
		sink_abort(sink);
		release_signals(&held);
		return -1;
	}
	finish_placed(sink);
	return 0;
}

/* Finishes the output; 0, or -1 after saying what failed. */
int sink_commit(struct sink *sink)
{
	if (sink->path != NULL)
		return commit_file(sink);
	if (close(sink->fd) == -1 && errno != EBADF) {
		warn("write error on standard output");
		return -1;
	}
	return 0;
}

/* Drops an unfinished file: an unnamed one vanishes, a named temporary is removed. */
void sink_abort(struct sink *sink)
{
	if (sink->path == NULL)
		return;
	if (sink->temp[0] != '\0')
		unlink(sink->temp);
	unguard_temp();
	sink->temp[0] = '\0';
	if (sink->fd != -1)
		close(sink->fd);
	sink->fd = -1;
}
