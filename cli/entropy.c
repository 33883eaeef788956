// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Everything that talks to getrandom(2).  The call is made with syscall(2),
 * not libc's wrapper: this tool exists to use the system call itself, with
 * no file descriptor, no /dev and no user-space generator in between.
 */
#include <errno.h>
#include <err.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "entropy.h"
#include "status.h"

static ssize_t sys_getrandom(void *buf, size_t len, unsigned int flags)
{
	return syscall(SYS_getrandom, buf, len, flags);
}

/*
 * A call for no bytes: it only waits for the pool (or, with GRND_NONBLOCK,
 * asks whether it is ready).  Linux takes a NULL buffer for it, but
 * qemu-user, which runs this tool's ARM builds on other machines, answers
 * EFAULT; an address that exists does for both.
 */
static ssize_t sys_getrandom_none(unsigned int flags)
{
	static char nothing;

	return sys_getrandom(&nothing, 0, flags);
}

/*
 * No handler of this tool lets a signal interrupt getrandom(2) outside
 * --timeout's wait, so EINTR is rare there; one that comes back on every
 * try is a filter's answer, not a signal, and after this many in a row it
 * is a failure rather than a hang.
 */
#define EINTR_RETRIES 1000

/* A failed call's errno, or POOL_NOT_READY for a pool that is not ready. */
static int call_error(int error, unsigned int flags)
{
	if (error == EAGAIN && (flags & GRND_NONBLOCK))
		return POOL_NOT_READY;
	return error;
}

/*
 * Fills all of buf.  The kernel may return fewer bytes than asked (a signal
 * during a large request) or fail with EINTR; both just mean "go on".
 * Returns 0 or the errno value of the call that failed.  EAGAIN is a
 * failure here even with GRND_NONBLOCK: --nonblock asks about the pool
 * once, before any output (wait_for_pool), and an initialized pool never
 * becomes uninitialized again, so an EAGAIN after that is a filter's
 * answer, and after bytes were written it cannot claim status 3's
 * "nothing is written".
 */
int fill_random(unsigned char *buf, size_t len, unsigned int flags)
{
	unsigned int interrupted = 0;

	while (len > 0) {
		ssize_t n = sys_getrandom(buf, len, flags);

		if (n < 0 && errno == EINTR && ++interrupted < EINTR_RETRIES)
			continue;
		if (n < 0)
			return errno;
		/* Neither comes from the kernel: nothing, or more than asked. */
		if (n == 0 || (size_t)n > len)
			return EIO;
		interrupted = 0;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

static volatile sig_atomic_t timer_expired;

/*
 * Only the timer's own expiry (SI_TIMER) ends the wait: the same signal
 * sent by kill(1) or left pending by the parent is not the deadline, and
 * taking it for one would end the wait early, claiming "timed out after"
 * a time that had not passed.  It is dropped, and the wait goes on.
 */
static void on_timer(int signo, siginfo_t *info, void *context)
{
	(void)signo;
	(void)context;
	if (info->si_code == SI_TIMER)
		timer_expired = 1;
}

/*
 * --timeout's timer signals with a real-time signal of its own, not
 * SIGALRM: an alarm the parent set survives exec (`perl -e 'alarm 5;
 * exec @ARGV' getrandom ...` is a common way to bound a command), and
 * taking SIGALRM over, or stopping the ITIMER_REAL it shares, would
 * silently cancel it.  This timer leaves both alone.
 */
static int timer_signal(void)
{
	return SIGRTMIN;
}

/* The set of the timer's signal alone. */
static sigset_t timer_set(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, timer_signal());
	return set;
}

/*
 * Deletes the repeating timer and gives its signal its old action, and the
 * signal mask its old state, back.  An expiry just before the timer was
 * deleted may still be pending (under valgrind, or on a busy machine):
 * delivered after the old action is back, the default one, it would kill
 * the process.  So the signal is blocked while the timer goes, any pending
 * one is taken, and only then is the old action restored.  A timer that
 * would not go keeps the harmless handler, for the same reason.
 * Returns 0 or an errno value.
 */
static int stop_timer(timer_t timer, const struct sigaction *old,
		      const sigset_t *saved)
{
	const struct timespec no_wait = { 0 };
	sigset_t set = timer_set();
	int error = 0;

	if (sigprocmask(SIG_BLOCK, &set, NULL) == -1)
		error = errno;
	if (timer_delete(timer) == -1 && error == 0)
		error = errno;
	if (error != 0)
		return error;
	while (sigtimedwait(&set, NULL, &no_wait) == timer_signal())
		;
	if (sigaction(timer_signal(), old, NULL) == -1)
		error = errno;
	if (sigprocmask(SIG_SETMASK, saved, NULL) == -1 && error == 0)
		error = errno;
	return error;
}

/* Puts the timer signal's action and the mask back, for a failed start. */
static void restore_signal(const struct sigaction *old, const sigset_t *saved)
{
	(void)sigaction(timer_signal(), old, NULL);
	(void)sigprocmask(SIG_SETMASK, saved, NULL);
}

/*
 * A zero-length getrandom(2) applies the blocking rules and nothing else.
 * With a timeout, the timer's signal (handled without SA_RESTART)
 * interrupts the wait, which is the only way to bound it without a file
 * descriptor.  The timer repeats every 10 ms after it first expires: an
 * expiry that lands before the wait has started (a tiny timeout, or a
 * preemption just before the call) is not lost, the next one interrupts
 * the wait.  It runs on the monotonic clock, so setting the date does
 * not move the deadline.
 */
static int wait_with_timer(unsigned int flags, const struct timespec *timeout)
{
	struct sigaction action = {
		.sa_sigaction = on_timer, .sa_flags = SA_SIGINFO,
	}, old;
	struct sigevent event = {
		.sigev_notify = SIGEV_SIGNAL,
		.sigev_signo = timer_signal(),
	};
	struct itimerspec when = {
		.it_value = *timeout,
		.it_interval.tv_nsec = 10000000,
	};
	sigset_t set = timer_set(), saved;
	timer_t timer;
	int error = 0, stop_error;

	if (sigaction(timer_signal(), &action, &old) == -1) {
		warn("cannot set up the timer for --timeout");
		return POOL_REPORTED;
	}
	/*
	 * A parent may leave every signal blocked; the timer would then never
	 * cut the wait short.  Unblocked only with the handler in place: a
	 * signal that was already pending is taken by it rather than by the
	 * default action, which would kill the process, and it does not end
	 * the wait: it is not the timer's (on_timer).
	 */
	if (sigprocmask(SIG_UNBLOCK, &set, &saved) == -1) {
		warn("cannot set up the timer for --timeout");
		(void)sigaction(timer_signal(), &old, NULL);
		return POOL_REPORTED;
	}
	if (timer_create(CLOCK_MONOTONIC, &event, &timer) == -1) {
		warn("cannot start the timer for --timeout");
		restore_signal(&old, &saved);
		return POOL_REPORTED;
	}
	if (timer_settime(timer, 0, &when, NULL) == -1) {
		warn("cannot start the timer for --timeout");
		(void)stop_timer(timer, &old, &saved);
		return POOL_REPORTED;
	}
	while (sys_getrandom_none(flags) == -1) {
		error = errno;
		if (error != EINTR)
			break;
		if (timer_expired) {
			error = POOL_TIMED_OUT;
			break;
		}
		error = 0;
	}
	stop_error = stop_timer(timer, &old, &saved);
	/* The wait's own failure is the one to report; the tool ends anyway. */
	if (error != 0)
		return call_error(error, flags);
	if (stop_error != 0) {
		errno = stop_error;
		warn("cannot stop the timer for --timeout");
		return POOL_REPORTED;
	}
	return 0;
}

/*
 * Waits until the pool is initialized, at most timeout (NULL: forever).
 * Returns 0, POOL_NOT_READY (not initialized, without waiting),
 * POOL_TIMED_OUT, POOL_REPORTED, or the errno value of a failed call.
 */
int wait_for_pool(unsigned int flags, const struct timespec *timeout)
{
	bool no_wait = timeout != NULL && timeout->tv_sec == 0 &&
		       timeout->tv_nsec == 0;
	unsigned int interrupted = 0;

	if (no_wait)
		flags |= GRND_NONBLOCK;
	if (timeout != NULL && !(flags & GRND_NONBLOCK))
		return wait_with_timer(flags, timeout);
	while (sys_getrandom_none(flags) == -1) {
		if (errno != EINTR || ++interrupted == EINTR_RETRIES)
			return call_error(errno, flags);
	}
	return 0;
}

/*
 * The duration in seconds, exactly: "0.0001", "1.9999", "60".  Rounding to
 * milliseconds would print a tiny timeout as zero.
 */
static const char *seconds_text(const struct timespec *t, char *buf,
				size_t size)
{
	size_t len;

	snprintf(buf, size, "%lld.%09ld", (long long)t->tv_sec, t->tv_nsec);
	len = strlen(buf);
	while (buf[len - 1] == '0')
		buf[--len] = '\0';
	if (buf[len - 1] == '.')
		buf[len - 1] = '\0';
	return buf;
}

/* The duration waited, in seconds, exactly as given. */
static void report_timeout(const struct timespec *timeout)
{
	char text[48];

	warnx("timed out after %s s waiting for the kernel's entropy pool to be initialized",
	      seconds_text(timeout, text, sizeof(text)));
}

/*
 * Says what went wrong with getrandom(2), or that the tool's own wait
 * ended; returns the exit status.  Every errno value, whatever it is,
 * is reported as the call's failure.
 */
int report_random_error(int error, unsigned int flags,
			const struct timespec *timeout)
{
	switch (error) {
	case POOL_REPORTED:
		return EXIT_FAIL;
	case POOL_NOT_READY:
		warnx("the kernel's entropy pool is not initialized yet");
		return EXIT_NOT_READY;
	case POOL_TIMED_OUT:
		report_timeout(timeout);
		return EXIT_NOT_READY;
	case ENOSYS:
		warnx("getrandom(2) is not available: %s (Linux 3.17 or later is needed)",
		      strerror(error));
		return EXIT_FAIL;
	case EPERM:
		warnx("getrandom(2) is not permitted: %s (blocked by a seccomp filter or security policy?)",
		      strerror(error));
		return EXIT_FAIL;
	case EINVAL:
		if (flags & GRND_INSECURE) {
			warnx("the kernel rejected GRND_INSECURE: %s (--insecure needs Linux 5.6 or later)",
			      strerror(error));
			return EXIT_FAIL;
		}
		break;
	}
	warnx("getrandom(2) failed: %s", strerror(error));
	return EXIT_FAIL;
}
