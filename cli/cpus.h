/* SPDX-License-Identifier: GPL-2.0-or-later */
/* How many CPUs this process may use, as nproc(1) counts them. */
#ifndef GETRANDOM_CPUS_H
#define GETRANDOM_CPUS_H

unsigned int usable_cpus(void);

#endif
