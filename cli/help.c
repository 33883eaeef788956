// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --help and --version.  The options' lines come from option-table.h,
 * laid out as GNU's tools lay theirs out, which help2man reads to make
 * getrandom(1).
 */
#define _GNU_SOURCE
#include <err.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "quote.h"
#include "status.h"
#include "writer.h"

/* VERSION, made from the file VERSION at the top of the tree. */
#include "../build/version.h"

/* Where an option's text starts, and where its further lines start. */
#define HELP_COLUMN 25
#define HELP_MORE_COLUMN 27

/* After the "Usage:" lines: what the tool is, then the options. */
static const char help_intro[] =
"Write random bytes from the Linux getrandom(2) system call, or text,\n"
"integers, passwords, passphrases, identifiers or shuffles drawn from them.\n"
"\n"
"With no option, write 32 raw bytes to standard output, once the kernel's\n"
"entropy pool is initialized.  No file descriptor and no /dev is used\n"
"to get them, so it works with file descriptors exhausted and in a chroot.\n"
"\n"
"An option that would have no effect, or whose promise another option\n"
"breaks, is a usage error: --check takes no other option, and\n"
"--nonblock, --insecure and --timeout exclude one another.\n"
"\n";

static const char help_tail[] =
"\n"
"With --count, --bytes is the size of each output, which is\n"
"encoded on its own (with its own padding) and ends with a newline (with\n"
"-z, a NUL byte).  N goes up to 2^64-1, in constant memory.\n"
"\n"
"Exit status:\n"
" 0  if OK,\n"
" 1  if getrandom(2) failed, an input (the --wordlist FILE, standard\n"
"    input, the passwd or group file) could not be read or was refused,\n"
"    or the output could not be written or was refused (FILE exists, raw\n"
"    bytes to a terminal), or --progress's lines could not be written,\n"
" 2  if the command line is wrong (nothing is written),\n"
" 3  if the entropy pool is not initialized (--nonblock, --timeout,\n"
"    --check; nothing is written).\n";

/* Each mode's NAME, TITLE and SYNOPSIS, in help-modes.h's order. */
static const struct help_mode_text {
	const char *name;
	const char *title;
	const char *synopsis;
} help_modes[HELP_MODES_COUNT] = {
#define HELP_MODE_TEXT(id, name_, title_, synopsis_) \
	[MODE_BIT_##id] = { name_, title_, synopsis_ },
	HELP_MODES(HELP_MODE_TEXT)
#undef HELP_MODE_TEXT
};

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

	if (option_value_optional(o))
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

/* The option table, as xshow_help() was handed it. */
static const struct option_spec *help_specs;

/* The mode --help lists an option under: the first of its modes. */
static unsigned int listing_mode(const struct option_spec *o)
{
	if (o->modes == 0)	/* an entry without MODES is still listed */
		return MODE_BIT_COMMON;
	return (unsigned int)__builtin_ctz(o->modes);
}

/* "Usage: getrandom ..." for one mode, or "  or:  ..." for each mode. */
static void print_usage(FILE *out, int only)
{
	const char *lead = "Usage:";

	for (int m = 0; m < HELP_MODES_COUNT; m++) {
		if ((only >= 0 && m != only) || help_modes[m].synopsis == NULL)
			continue;
		fprintf(out, "%s getrandom %s\n", lead, help_modes[m].synopsis);
		lead = "  or: ";
	}
	if (only >= 0 && help_modes[only].synopsis == NULL)
		fputs("Usage: getrandom [OPTION]...\n", out);
}

/* Mode m's heading and options: those listed under it, or all it has. */
static void print_mode(FILE *out, unsigned int m, bool listed_only)
{
	bool heading = false;

	for (size_t i = 0; i < OPTIONS_COUNT; i++) {
		const struct option_spec *o = &help_specs[i];

		if (listed_only ? listing_mode(o) != m :
				  listing_mode(o) != m && !(o->modes & (1U << m)))
			continue;
		if (!heading)
			fprintf(out, "\n%s (--help=%s):\n", help_modes[m].title,
				help_modes[m].name);
		heading = true;
		print_option(out, o);
	}
}

/*
 * The modes' names: ", " between them, " or " before the last, and a
 * period.  With wrap, a line ends by column 72; column is where they start.
 */
static void print_mode_names(FILE *out, int column, bool wrap)
{
	for (int m = 0; m < HELP_MODES_COUNT; m++) {
		const char *sep = m == 0 ? "" :
				  m == HELP_MODES_COUNT - 1 ? " or" : ",";
		int len = (int)strlen(help_modes[m].name);

		fputs(sep, out);
		column += (int)strlen(sep);
		if (wrap && column + 1 + len > 72) {
			fputc('\n', out);
			column = 0;
		} else if (m > 0) {
			fputc(' ', out);
			column++;
		}
		column += fprintf(out, "%s", help_modes[m].name);
	}
	fputs(".", out);
}

/* help-modes.h's place of the mode called name, or -1. */
static int mode_named(const char *name)
{
	for (int m = 0; m < HELP_MODES_COUNT; m++)
		if (strcmp(help_modes[m].name, name) == 0)
			return m;
	return -1;
}

static void print_full_help(FILE *out)
{
	static const char modes[] = "--help=MODE lists the options of one MODE: ";

	print_usage(out, -1);
	fputs(help_intro, out);
	fputs(modes, out);
	print_mode_names(out, (int)strlen(modes), true);
	fputs("\n\nOptions:\n", out);
	for (unsigned int m = 0; m < HELP_MODES_COUNT; m++)
		print_mode(out, m, true);
	fputs(help_tail, out);
}

static void print_mode_help(FILE *out, int m)
{
	print_usage(out, m);
	print_mode(out, (unsigned int)m, false);
	if (m == MODE_BIT_COMMON)
		return;
	fprintf(out, "\nThe options of every mode: getrandom --help=%s; "
		"all: getrandom --help\n",
		help_modes[MODE_BIT_COMMON].name);
}

/* --help's text: the whole (m < 0) or mode m's. */
static void print_help(FILE *out, int m)
{
	if (m < 0)
		print_full_help(out);
	else
		print_mode_help(out, m);
}

/* The names of the modes on one line, for a message. */
static void print_names(FILE *out, int unused)
{
	(void)unused;
	print_mode_names(out, 0, false);
}

/* What print writes for m, composed in memory: its length to *len. */
static char *xcompose(void (*print)(FILE *out, int m), int m, size_t *len)
{
	char *text = NULL;
	FILE *out = open_memstream(&text, len);

	if (out == NULL)
		err(EXIT_FAIL, "cannot compose --help");
	print(out, m);
	if (fclose(out) == EOF)
		err(EXIT_FAIL, "cannot compose --help");
	return text;
}

void xshow_help(const struct option_spec specs[OPTIONS_COUNT], const char *mode)
{
	int m = mode == NULL ? -1 : mode_named(mode);
	size_t len;
	char *text;

	help_specs = specs;

	if (mode != NULL && m < 0)
		xusage_error("--help knows no mode %s: the modes are %s",
			     quote(mode), xcompose(print_names, 0, &len));
	text = xcompose(print_help, m, &len);
	xprint_and_exit(text, len);
}

void xshow_version(void)
{
	xprint_and_exit(version_text, strlen(version_text));
}
