// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --help and --version.  The options' lines come from option-table.h,
 * laid out as GNU's tools lay theirs out, which help2man reads to make
 * getrandom(1).
 */
#define _GNU_SOURCE
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "status.h"
#include "writer.h"

/* VERSION, made from the file VERSION at the top of the tree. */
#include "../build/version.h"

/* Where an option's text starts, and where its further lines start. */
#define HELP_COLUMN 25
#define HELP_MORE_COLUMN 27

static const char help_head[] =
"Usage: getrandom [OPTION]...\n"
"Write random bytes from the Linux getrandom(2) system call.\n"
"\n"
"With no option, write 32 raw bytes to standard output, once the kernel's\n"
"entropy pool is initialized.  No file descriptor and no /dev is used\n"
"to get them, so it works with file descriptors exhausted and in a chroot.\n"
"\n";

static const char help_tail[] =
"\n"
"With --count, --bytes is the size of each output, which is\n"
"encoded on its own (with its own padding) and ends with a newline (with\n"
"-z, a NUL byte).  N goes up to 2^64-1, in constant memory.\n"
"\n"
"An option that would have no effect, or whose promise another option\n"
"breaks, is a usage error: --check takes no other option, and\n"
"--nonblock, --insecure and --timeout exclude one another.\n"
"\n"
"Exit status:\n"
" 0  if OK,\n"
" 1  if getrandom(2) failed, an input (the --wordlist FILE, standard\n"
"    input, the passwd or group file) could not be read or was refused,\n"
"    or the output could not be written or was refused (FILE exists, raw\n"
"    bytes to a terminal),\n"
" 2  if the command line is wrong (nothing is written),\n"
" 3  if the entropy pool is not initialized (--nonblock, --timeout,\n"
"    --check; nothing is written).\n";

static const char version_text[] =
"getrandom " VERSION "\n"
"Copyright (C) 2026 the getrandom developers.\n"
"License GPLv2+: GNU GPL version 2 or later <https://gnu.org/licenses/gpl.html>.\n"
"This is free software: you are free to change and redistribute it.\n"
"There is NO WARRANTY, to the extent permitted by law.\n";

/* Through the writer of every output: a pipe may take the text in pieces. */
static void __attribute__((noreturn)) xprint_and_exit(const char *text,
						       size_t len)
{
	if (write_all(STDOUT_FILENO, text, len) == -1)
		err(EXIT_FAIL, "write error on standard output");
	if (close(STDOUT_FILENO) == -1)
		err(EXIT_FAIL, "write error on standard output");
	exit(EXIT_OK);
}

/* "  -n, --bytes=N", "      --uuid[=VERSION]": an option's left side. */
static int print_left(FILE *out, const struct option_spec *o)
{
	int n = o->letter ? fprintf(out, "  -%c, --%s", o->letter, o->name) :
			    fprintf(out, "      --%s", o->name);

	if (o->arg == ARG_OPTIONAL)
		n += fprintf(out, "[=%s]", o->metavar);
	else if (o->arg != ARG_NONE)
		n += fprintf(out, "=%s", o->metavar);
	return n;
}

/* The text starts on the left side's line if two blanks still fit. */
static void print_option(FILE *out, const struct option_spec *o)
{
	int left = print_left(out, o);
	const char *line = o->help;

	if (left + 2 <= HELP_COLUMN)
		fprintf(out, "%*s", HELP_COLUMN - left, "");
	else
		fprintf(out, "\n%*s", HELP_MORE_COLUMN, "");
	for (;;) {
		size_t len = strcspn(line, "\n");

		fprintf(out, "%.*s\n", (int)len, line);
		if (line[len] == '\0')
			return;
		line += len + 1;
		fprintf(out, "%*s", HELP_MORE_COLUMN, "");
	}
}

void xshow_help(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	if (out == NULL)
		err(EXIT_FAIL, "cannot compose --help");
	fputs(help_head, out);
	for (size_t i = 0; i < OPTIONS_COUNT; i++)
		print_option(out, &option_specs[i]);
	fputs(help_tail, out);
	if (fclose(out) == EOF)
		err(EXIT_FAIL, "cannot compose --help");
	xprint_and_exit(text, len);
}

void xshow_version(void)
{
	xprint_and_exit(version_text, strlen(version_text));
}
