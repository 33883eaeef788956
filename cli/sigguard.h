/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The signal guard: a temporary file that a fatal signal would leave
 * behind is removed by the handler, and fatal signals can be held back
 * while a run must not be cut short.
 */
#ifndef GETRANDOM_SIGGUARD_H
#define GETRANDOM_SIGGUARD_H

#include <signal.h>

/*
 * The temporary file name in the directory dir is removed by a fatal
 * signal from now until unguard_temp().  Called with signals held
 * (hold_signals()) from before the file is made, so none finds it
 * unguarded.
 */
void guard_temp(int dir, const char *name);
/* The temporary is gone, or has its final name: a signal leaves it be. */
void unguard_temp(void);
/* Holds back every fatal signal; release_signals() puts the mask back. */
void hold_signals(sigset_t *old);
void release_signals(const sigset_t *old);

#endif
