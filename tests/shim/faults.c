// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An LD_PRELOAD shim for the faults strace cannot inject: a return value
 * shorter than asked (strace's retval= does not shorten the copy), a pool
 * that is never initialized, and a file system without O_TMPFILE.  Each
 * fault is switched on by an environment variable:
 *
 *   FAULT_GETRANDOM_MAX=N  getrandom(2) fills at most N bytes per call
 *   FAULT_GETRANDOM_BYTE=N getrandom(2) fills its buffer with the byte N
 *                          (0 to 255): a draw whose bytes a test knows
 *   FAULT_GETRANDOM_ERRNO=E, FAULT_GETRANDOM_FAIL_FROM=N
 *                          getrandom(2) fails with E (EAGAIN, EINTR or
 *                          EIO) from the tool's Nth call on (default 1),
 *                          counted over every thread; unlike strace's
 *                          when=, the C library's own calls (malloc's)
 *                          do not count and are not touched
 *   FAULT_REALTIME_MS=N    clock_gettime(CLOCK_REALTIME) says N milliseconds
 *                          since 1970 (before it when N < 0), every time: a
 *                          clock that stands still
 *   FAULT_REALTIME_STEP_MS=S  with FAULT_REALTIME_MS, each call after the
 *                          first says S milliseconds more than the one
 *                          before: S < 0 is a clock stepped back each time
 *   FAULT_MONOTONIC_STEP_MS=N
 *                          clock_gettime(CLOCK_MONOTONIC) says 0 at its
 *                          first call, and N milliseconds more at each
 *                          next one: --progress's clock, moved by the
 *                          tool's own reads alone
 *   FAULT_POOL_BLOCKS=1    getrandom(2) behaves as before the pool is
 *                          initialized: GRND_NONBLOCK gets EAGAIN, a blocking
 *                          call sleeps until a signal and fails with EINTR;
 *                          GRND_INSECURE calls go through.  When
 *                          FAULT_READY_FILE is set, that file is created as
 *                          the call starts to block.
 *   FAULT_WRITE_MAX=N      write(2) writes at most N bytes per call
 *   FAULT_WRITE_ERRNO=E    write(2) fails with E (EAGAIN or EINTR) on every
 *                          call: a descriptor that never takes a byte.
 *                          Standard error is written by the C library's
 *                          own calls, which the shim does not see, so the
 *                          tool's message still gets out
 *   FAULT_WRITE_RACE=1     two failures in one run, in an order that the
 *                          threads would meet only seldom: each thread that
 *                          pthread_create(3) starts waits until the main
 *                          thread has asked getrandom(2) for its first
 *                          block, then its getrandom(2) waits until the main
 *                          thread is writing that block to standard output
 *                          and fails with EIO; the write waits until that
 *                          thread has ended, then fails with EIO
 *   FAULT_GETRANDOM_THREADS=N
 *                          each getrandom(2) call waits until N threads
 *                          (up to 64) have called it: a draw that N threads
 *                          share completes in whatever order the scheduler
 *                          runs them, and one that a single thread makes
 *                          alone never does (the test's time limit ends it)
 *   FAULT_READ_ERRNO=E     read(2) of standard input fails with E (EAGAIN
 *                          or EINTR) on every call: input that never comes
 *   FAULT_NO_TMPFILE=1     open(2) with O_TMPFILE fails with EOPNOTSUPP
 *   FAULT_SIGNAL_AFTER_CREATE=SIG
 *                          openat(2) with O_CREAT and O_EXCL (how the tool
 *                          makes a named temporary in the directory it
 *                          holds open) raises signal number SIG as soon as
 *                          it has created the file: the moment a temporary
 *                          exists but may not be guarded yet
 *
 * The tool calls getrandom(2) through syscall(3), so that is what is
 * wrapped.  Build: cc -shared -fPIC -o faults.so faults.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long env_long(const char *name)
{
	const char *value = getenv(name);

	return value ? strtol(value, NULL, 10) : 0;
}

static void *next(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

/* Sleeps like a getrandom(2) that waits for the pool; returns EINTR. */
static long blocked_pool(void)
{
	const char *ready = getenv("FAULT_READY_FILE");

	if (ready != NULL) {
		int fd = open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);

		if (fd >= 0)
			close(fd);
	}
	pause();
	errno = EINTR;
	return -1;
}

/* FAULT_WRITE_RACE's steps, seen by every thread. */
static int main_drew, main_writing;
static pid_t failed_thread;

static int racing(void)
{
	return env_long("FAULT_WRITE_RACE") != 0;
}

static int in_main_thread(void)
{
	return gettid() == getpid();
}

/* Waits, a millisecond at a time, until *flag is set. */
static void wait_for(int *flag)
{
	const struct timespec ms = { .tv_nsec = 1000000 };

	while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE))
		nanosleep(&ms, NULL);
}

/* A worker's getrandom(2): once the main thread writes, EIO. */
static long racing_getrandom(void)
{
	wait_for(&main_writing);
	__atomic_store_n(&failed_thread, gettid(), __ATOMIC_RELEASE);
	errno = EIO;
	return -1;
}

/* The main thread's write(2): once the failed worker has ended, EIO. */
static ssize_t racing_write(void)
{
	const struct timespec ms = { .tv_nsec = 1000000 };
	pid_t tid;

	__atomic_store_n(&main_writing, 1, __ATOMIC_RELEASE);
	while ((tid = __atomic_load_n(&failed_thread, __ATOMIC_ACQUIRE)) == 0 ||
	       kill(tid, 0) == 0 || errno != ESRCH)
		nanosleep(&ms, NULL);
	errno = EIO;
	return -1;
}

struct start {
	void *(*routine)(void *);
	void *arg;
};

static void *started_late(void *p)
{
	struct start start = *(struct start *)p;

	free(p);
	wait_for(&main_drew);
	return start.routine(start.arg);
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
		   void *(*routine)(void *), void *arg)
{
	static int (*real)(pthread_t *, const pthread_attr_t *,
			   void *(*)(void *), void *);
	struct start *start;
	int error;

	if (real == NULL)
		real = (int (*)(pthread_t *, const pthread_attr_t *,
				void *(*)(void *), void *))next("pthread_create");
	if (!racing())
		return real(thread, attr, routine, arg);
	start = malloc(sizeof(*start));
	if (start == NULL)
		return EAGAIN;
	*start = (struct start){ routine, arg };
	error = real(thread, attr, started_late, start);
	if (error)
		free(start);
	return error;
}

/* FAULT_GETRANDOM_THREADS: the threads seen in getrandom(2), and their meeting. */
static pthread_mutex_t meet_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t meet_more = PTHREAD_COND_INITIALIZER;
static pid_t meet_seen[64];
static int meet_count;

static void meet_threads(long want)
{
	pid_t tid = gettid();
	int i;

	if (want > 64)
		want = 64;
	pthread_mutex_lock(&meet_lock);
	for (i = 0; i < meet_count && meet_seen[i] != tid; i++)
		;
	if (i == meet_count && meet_count < 64) {
		meet_seen[meet_count++] = tid;
		pthread_cond_broadcast(&meet_more);
	}
	while (meet_count < want)
		pthread_cond_wait(&meet_more, &meet_lock);
	pthread_mutex_unlock(&meet_lock);
}

/* The errno that FAULT_GETRANDOM_ERRNO names. */
static int errno_named(const char *name)
{
	if (strcmp(name, "EINTR") == 0)
		return EINTR;
	if (strcmp(name, "EIO") == 0)
		return EIO;
	return EAGAIN;
}

/* True when this getrandom(2) call is one that FAULT_GETRANDOM_ERRNO fails. */
static int failing_call(void)
{
	static unsigned long calls;
	long from = env_long("FAULT_GETRANDOM_FAIL_FROM");

	if (getenv("FAULT_GETRANDOM_ERRNO") == NULL)
		return 0;
	return (long)__atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED) >=
	       (from > 0 ? from : 1);
}

long syscall(long number, ...)
{
	static long (*real)(long, ...);
	long a[6];
	va_list ap;

	va_start(ap, number);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (real == NULL)
		real = (long (*)(long, ...))next("syscall");
	if (number == SYS_getrandom) {
		long max = env_long("FAULT_GETRANDOM_MAX");
		unsigned int flags = (unsigned int)a[2];

		if (env_long("FAULT_POOL_BLOCKS") && !(flags & GRND_INSECURE)) {
			if (flags & GRND_NONBLOCK) {
				errno = EAGAIN;
				return -1;
			}
			return blocked_pool();
		}
		if (env_long("FAULT_GETRANDOM_THREADS") > 0)
			meet_threads(env_long("FAULT_GETRANDOM_THREADS"));
		if (racing() && in_main_thread())
			__atomic_store_n(&main_drew, 1, __ATOMIC_RELEASE);
		else if (racing())
			return racing_getrandom();
		if (failing_call()) {
			errno = errno_named(getenv("FAULT_GETRANDOM_ERRNO"));
			return -1;
		}
		if (max > 0 && a[1] > max)
			a[1] = max;
		if (getenv("FAULT_GETRANDOM_BYTE") != NULL) {
			long got = real(number, a[0], a[1], a[2], a[3], a[4], a[5]);

			if (got > 0)
				memset((void *)a[0], (int)env_long("FAULT_GETRANDOM_BYTE"),
				       (size_t)got);
			return got;
		}
	}
	return real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* FAULT_MONOTONIC_STEP_MS: the clock's next reading, in ms; -1 if unset. */
static long long stepped_ms(clockid_t id)
{
	static long long calls;
	long step = env_long("FAULT_MONOTONIC_STEP_MS");

	if (step <= 0 || id != CLOCK_MONOTONIC)
		return -1;
	return __atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED) * step;
}

/*
 * FAULT_REALTIME_MS, moved on by FAULT_REALTIME_STEP_MS a call, as
 * seconds and nanoseconds (floored: -1 ms is -1 s and 999 ms).
 */
static void fake_realtime(const char *frozen, long long *sec, long *nsec)
{
	static long long calls;
	long long ms = strtoll(frozen, NULL, 10) +
		       __atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED) *
		       env_long("FAULT_REALTIME_STEP_MS");
	long long rest = ((ms % 1000) + 1000) % 1000;

	*sec = (ms - rest) / 1000;
	*nsec = (long)rest * 1000000;
}

int clock_gettime(clockid_t id, struct timespec *ts)
{
	static int (*real)(clockid_t, struct timespec *);
	const char *frozen = getenv("FAULT_REALTIME_MS");
	long long stepped = stepped_ms(id);

	if (stepped >= 0) {
		ts->tv_sec = (time_t)(stepped / 1000);
		ts->tv_nsec = (long)(stepped % 1000) * 1000000;
		return 0;
	}

	if (frozen != NULL && id == CLOCK_REALTIME) {
		long long sec;
		long nsec;

		fake_realtime(frozen, &sec, &nsec);
		ts->tv_sec = (time_t)sec;
		ts->tv_nsec = nsec;
		return 0;
	}
	if (real == NULL)
		real = (int (*)(clockid_t, struct timespec *))next("clock_gettime");
	return real(id, ts);
}

#if defined(__i386__) || (defined(__arm__) && !defined(__aarch64__))
/*
 * A 32-bit program built with a 64-bit time_t (the Makefile asks for one:
 * its clock must go past 2038) calls this instead; its struct is glibc's
 * __timespec64 on a little-endian target.
 */
struct timespec_time64 {
	long long tv_sec;
	int tv_nsec;
	int padding;
};

int __clock_gettime64(clockid_t id, struct timespec_time64 *ts);
int __clock_gettime64(clockid_t id, struct timespec_time64 *ts)
{
	static int (*real)(clockid_t, struct timespec_time64 *);
	const char *frozen = getenv("FAULT_REALTIME_MS");
	long long stepped = stepped_ms(id);

	if (stepped >= 0) {
		ts->tv_sec = stepped / 1000;
		ts->tv_nsec = (int)(stepped % 1000) * 1000000;
		ts->padding = 0;
		return 0;
	}

	if (frozen != NULL && id == CLOCK_REALTIME) {
		long nsec;

		fake_realtime(frozen, &ts->tv_sec, &nsec);
		ts->tv_nsec = (int)nsec;
		ts->padding = 0;
		return 0;
	}
	if (real == NULL)
		real = (int (*)(clockid_t, struct timespec_time64 *))next("__clock_gettime64");
	return real(id, ts);
}
#endif

ssize_t write(int fd, const void *buf, size_t len)
{
	static ssize_t (*real)(int, const void *, size_t);
	long max = env_long("FAULT_WRITE_MAX");
	const char *fail = getenv("FAULT_WRITE_ERRNO");

	if (fail != NULL) {
		errno = strcmp(fail, "EINTR") == 0 ? EINTR : EAGAIN;
		return -1;
	}
	if (fd == STDOUT_FILENO && racing() && in_main_thread())
		return racing_write();
	if (real == NULL)
		real = (ssize_t (*)(int, const void *, size_t))next("write");
	if (max > 0 && len > (size_t)max)
		len = (size_t)max;
	return real(fd, buf, len);
}

ssize_t read(int fd, void *buf, size_t len)
{
	static ssize_t (*real)(int, void *, size_t);
	const char *fail = getenv("FAULT_READ_ERRNO");

	if (fail != NULL && fd == STDIN_FILENO) {
		errno = strcmp(fail, "EINTR") == 0 ? EINTR : EAGAIN;
		return -1;
	}
	if (real == NULL)
		real = (ssize_t (*)(int, void *, size_t))next("read");
	return real(fd, buf, len);
}

/* The mode argument is there only with O_CREAT or O_TMPFILE. */
static mode_t open_mode(int flags, va_list ap)
{
	if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE)
		return (mode_t)va_arg(ap, int);
	return 0;
}

static int no_tmpfile(int flags)
{
	if ((flags & O_TMPFILE) == O_TMPFILE && env_long("FAULT_NO_TMPFILE")) {
		errno = EOPNOTSUPP;
		return 1;
	}
	return 0;
}

int open(const char *path, int flags, ...)
{
	static int (*real)(const char *, int, ...);
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (no_tmpfile(flags))
		return -1;
	if (real == NULL)
		real = (int (*)(const char *, int, ...))next("open");
	return real(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	static int (*real)(const char *, int, ...);
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (no_tmpfile(flags))
		return -1;
	if (real == NULL)
		real = (int (*)(const char *, int, ...))next("open64");
	return real(path, flags, mode);
}

/* openat(2) through REAL, then the signal of FAULT_SIGNAL_AFTER_CREATE. */
static int signal_after_create(int fd, int flags)
{
	long sig = env_long("FAULT_SIGNAL_AFTER_CREATE");

	if (fd != -1 && sig > 0 && (flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL))
		raise((int)sig);
	return fd;
}

typedef int (*openat_fn)(int, const char *, int, ...);

/* openat and openat64 alike, the real one found by its name once. */
static int faulty_openat(const char *name, openat_fn *real, int dir,
			 const char *path, int flags, mode_t mode)
{
	if (no_tmpfile(flags))
		return -1;
	if (*real == NULL)
		*real = (openat_fn)next(name);
	return signal_after_create((*real)(dir, path, flags, mode), flags);
}

int openat(int dir, const char *path, int flags, ...)
{
	static openat_fn real;
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	return faulty_openat("openat", &real, dir, path, flags, mode);
}

/* A program built with a 64-bit off_t (the Makefile asks for one) calls this. */
int openat64(int dir, const char *path, int flags, ...)
{
	static openat_fn real;
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	return faulty_openat("openat64", &real, dir, path, flags, mode);
}
