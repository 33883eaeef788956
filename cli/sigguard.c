// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where O_TMPFILE is not supported, a key file is written under a named
 * temporary, which must not outlive the run: it is removed on any error
 * (by its owner, keyfile.c) and on any signal whose default action ends
 * the process (here).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sigguard.h"

/* Read by the signal handler, which must not touch the caller's struct. */
static volatile sig_atomic_t have_temp;
static int temp_dir;		/* the directory held open, temp_to_remove's */
static char temp_to_remove[PATH_MAX];
/* The action each signal had before guard_temp(), put back to die by it. */
static struct sigaction previous[NSIG];

/*
 * Every signal whose default action ends the process and that a handler
 * can catch: SIGKILL cannot be, and SIGSTOP, SIGTSTP, SIGCHLD, SIGCONT,
 * SIGURG and SIGWINCH do not end it.  The real-time signals from SIGRTMIN
 * on are added by fatal_set(); below SIGRTMIN are glibc's own.  Not every
 * architecture has every signal: MIPS has SIGEMT and no SIGSTKFLT.
 */
static const int fatal_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE,
	SIGUSR1, SIGSEGV, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM,
	SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS,
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
#ifdef SIGEMT
	SIGEMT,
#endif
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
		unlinkat(temp_dir, temp_to_remove, 0);
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

void guard_temp(int dir, const char *name)
{
	temp_dir = dir;
	snprintf(temp_to_remove, sizeof(temp_to_remove), "%s", name);
	have_temp = 1;
	install_handlers();
}

void unguard_temp(void)
{
	have_temp = 0;
}

/*
 * Fatal signals are held back from before a temporary file is created
 * until it is guarded (tempfile.c), so that no signal finds it
 * unguarded, and by keyfile.c from just before FILE is put in place
 * until the exit.
 */
void hold_signals(sigset_t *old)
{
	sigset_t set;

	fatal_set(&set);
	sigprocmask(SIG_BLOCK, &set, old);
}

void release_signals(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}
