// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A usage error: the message, the hint at --help, status 2.  Its own
 * file, since the parser and the rules that follow it both refuse.
 */
#include <err.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "options.h"
#include "status.h"

static void __attribute__((noreturn)) try_help(void)
{
	fputs("Try 'getrandom --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

void xusage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnx(fmt, ap);
	va_end(ap);
	try_help();
}
