// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writes getrandom's completion for bash, zsh or fish from the option
 * table, so that no shell's list of options is written by hand.
 * Call: generate bash|zsh|fish   (make builds and runs it: build/completion/)
 * For bash this is the data that cli/completion/getrandom.bash.in uses.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../options.h"

/* The table without its setters, which live in setters.c. */
static const struct option_spec specs[] = {
#define OPTION(id, name_, letter_, arg_, metavar_, classes_, modes_, \
	       complete_, values_, set_, summary_, help_) \
	OPTION_SPEC(name_, letter_, arg_, metavar_, classes_, modes_, \
		    complete_, values_, NULL, summary_, help_),
#include "../option-table.h"
#undef OPTION
};

#define SPECS (sizeof(specs) / sizeof(specs[0]))

/* The option's names as a shell pattern: "-n | --bytes", "--sample". */
static void print_pattern(const struct option_spec *s, const char *between)
{
	if (s->letter)
		printf("-%c%s", s->letter, between);
	printf("--%s", s->name);
}

/* The case arm that fills COMPREPLY for the argument of s. */
static void bash_values(const struct option_spec *s)
{
	if (s->arg == ARG_NONE)
		return;
	printf("\t");
	print_pattern(s, " | ");
	printf(")\n\t\t");
	switch (s->complete) {
	case COMPLETE_WORDS:
		printf("mapfile -t COMPREPLY < <(compgen -W '%s' -- \"$2\")",
		       s->values);
		break;
	case COMPLETE_FILES:
		printf("_getrandom_files \"$2\"");
		break;
	case COMPLETE_USERS:
		printf("_getrandom_owner \"$2\"");
		break;
	case COMPLETE_GROUPS:
		printf("mapfile -t COMPREPLY < <(compgen -g -- \"$2\")");
		break;
	case COMPLETE_NONE:
		printf("COMPREPLY=()");
		break;
	}
	printf("\n\t\t;;\n");
}

static void bash(void)
{
	const char *sep = "";

	printf("# Bash completion for getrandom(1): its options and their values,\n");
	printf("# made from cli/option-table.h by cli/completion/generate.c.\n");
	printf("_getrandom_options='");
	for (size_t i = 0; i < SPECS; i++, sep = " ")
		printf("%s--%s%s", sep, specs[i].name,
		       specs[i].arg != ARG_NONE &&
		       !option_value_optional(&specs[i]) ? "=" : "");
	printf("'\n\n# Their value is optional: offered joined (--uuid=7, -U7); after a\n");
	printf("# blank, where the next word may be an option, the options are.\n");
	printf("_getrandom_joined_only='");
	sep = "";
	for (size_t i = 0; i < SPECS; i++)
		if (specs[i].arg == ARG_OPTIONAL) {
			printf("%s", sep);
			print_pattern(&specs[i], " ");
			sep = " ";
		}
	printf("'\n\n# The letters whose value is the next word, or the rest of theirs.\n");
	printf("_getrandom_valued_letters='");
	for (size_t i = 0; i < SPECS; i++)
		if (specs[i].letter && (specs[i].arg == ARG_REQUIRED ||
					specs[i].arg == ARG_COUNT))
			putchar(specs[i].letter);
	printf("'\n\n# _getrandom_values OPTION CUR: fills COMPREPLY with values for OPTION.\n");
	printf("_getrandom_values() {\n\tcase $1 in\n");
	for (size_t i = 0; i < SPECS; i++)
		bash_values(&specs[i]);
	printf("\t*)\n\t\treturn 1\n\t\t;;\n\tesac\n}\n\n");
}

/* text inside zsh's [description] or :message:, in single quotes. */
static void print_zsh_text(const char *text)
{
	for (; *text != '\0'; text++) {
		if (*text == '\'')
			printf("'\\''");
		else if (strchr("[]:\\", *text) != NULL)
			printf("\\%c", *text);
		else
			putchar(*text);
	}
}

/* '(-x --hex -b --base64 ...)': what cannot follow s; its own names too. */
static void zsh_exclusions(const struct option_spec *s)
{
	unsigned int one_of = s->classes & (CLASS_FORMAT | CLASS_DRAW);
	const char *sep = "";

	if (s->classes & CLASS_REPEATED)
		return;
	if (strcmp(s->name, "help") == 0 || strcmp(s->name, "version") == 0 ||
	    strcmp(s->name, "check") == 0) {
		printf("'(- *)'");
		return;
	}
	printf("'(");
	for (size_t i = 0; i < SPECS; i++) {
		const struct option_spec *o = &specs[i];

		if (o != s && !(one_of != 0 && (o->classes & one_of)))
			continue;
		printf("%s", sep);
		print_pattern(o, " ");
		sep = " ";
	}
	printf(")'");
}

static void zsh_action(const struct option_spec *s)
{
	static const char *const actions[] = {
		[COMPLETE_FILES] = "_files", [COMPLETE_GROUPS] = "_groups",
		/* USER[:GROUP]: a group once the word has "USER:". */
		[COMPLETE_USERS] = "{if compset -P \"*\\:\"; then _groups; else _users; fi}",
	};

	if (s->arg == ARG_NONE)
		return;
	printf(s->arg == ARG_OPTIONAL ? "::" : ":");
	print_zsh_text(s->metavar);
	printf(":");
	if (s->complete == COMPLETE_WORDS) {
		printf("(");
		print_zsh_text(s->values);
		printf(")");
	}
	else if (s->complete == COMPLETE_NONE)
		printf(" ");
	else
		printf("%s", actions[s->complete]);
}

static void zsh(void)
{
	printf("#compdef getrandom\n");
	printf("# zsh completion for getrandom(1), made from cli/option-table.h\n");
	printf("# by cli/completion/generate.c.\n\n");
	printf("_arguments -s -S \\\n");
	for (size_t i = 0; i < SPECS; i++) {
		const struct option_spec *s = &specs[i];
		/* -n+ / --bytes=: the value joined or as the next word. */
		const char *lsuffix = s->arg == ARG_NONE ? "" :
				      s->arg == ARG_OPTIONAL ? "=-" : "=";
		const char *ssuffix = s->arg == ARG_NONE ? "" :
				      s->arg == ARG_OPTIONAL ? "-" : "+";

		printf("  ");
		zsh_exclusions(s);
		if (s->classes & CLASS_REPEATED)
			printf("'*'");
		if (s->letter)
			printf("{-%c%s,--%s%s}", s->letter, ssuffix, s->name,
			       lsuffix);
		else
			printf("--%s%s", s->name, lsuffix);
		printf("'[");
		print_zsh_text(s->summary);
		printf("]");
		zsh_action(s);
		printf("'%s\n", i + 1 < SPECS ? " \\" : "");
	}
}

/* text in fish's single quotes. */
static void print_fish_text(const char *text)
{
	for (; *text != '\0'; text++) {
		if (*text == '\'' || *text == '\\')
			putchar('\\');
		putchar(*text);
	}
}

/* "--uuid=" or, with short, "-U": the start of a word s's value joins. */
static void print_joined_word(const struct option_spec *s, int short_form)
{
	if (short_form)
		printf("-%c", s->letter);
	else
		printf("--%s=", s->name);
}

/*
 * complete's line that offers s's values joined to its name or letter
 * once the word being completed begins with it: --uuid=7, -U7.
 */
static void fish_joined(const struct option_spec *s, int short_form)
{
	printf("complete -c getrandom -n 'string match -q -- \"");
	print_joined_word(s, short_form);
	printf("*\" (commandline -ct)' -a '");
	for (const char *v = s->values; *v != '\0';) {
		size_t len = strcspn(v, " ");

		print_joined_word(s, short_form);
		printf("%.*s%s", (int)len, v, v[len] ? " " : "");
		v += len + (v[len] ? 1 : 0);
	}
	printf("'\n");
}

static void fish_option(const struct option_spec *s)
{
	printf("complete -c getrandom");
	/*
	 * An optional value is offered joined, and the rest of a word that
	 * begins with its letter is that value: -Ux is --uuid=x.  Declared
	 * with -s, fish would offer -Ux as -U and -x grouped; -o (a word
	 * of its own) groups it with nothing.
	 */
	if (s->letter)
		printf(" -%c %c", s->arg == ARG_OPTIONAL ? 'o' : 's', s->letter);
	printf(" -l %s", s->name);
	if (s->arg == ARG_REQUIRED || s->arg == ARG_COUNT) {
		switch (s->complete) {
		case COMPLETE_WORDS:
			printf(" -x -a '%s'", s->values);
			break;
		case COMPLETE_FILES:
			printf(" -r -F");
			break;
		case COMPLETE_USERS:
			/* USER[:GROUP]: "USER:" joined to each group. */
			printf(" -x -a '(__fish_complete_users) "
			       "(string match -r -- \"^[^:]*:\" (commandline -ct))"
			       "(__fish_complete_groups)'");
			break;
		case COMPLETE_GROUPS:
			printf(" -x -a '(__fish_complete_groups)'");
			break;
		case COMPLETE_NONE:
			printf(" -x");
			break;
		}
	}
	printf(" -d '");
	print_fish_text(s->summary);
	printf("'\n");
	if (s->arg == ARG_OPTIONAL && s->complete == COMPLETE_WORDS) {
		fish_joined(s, 0);
		if (s->letter)
			fish_joined(s, 1);
	}
}

static void fish(void)
{
	printf("# fish completion for getrandom(1), made from cli/option-table.h\n");
	printf("# by cli/completion/generate.c.\n\n");
	printf("# File names only for the options that take one: --shuffle's and\n");
	printf("# --sample's FILE operands are left to the user.\n");
	printf("complete -c getrandom -f\n");
	for (size_t i = 0; i < SPECS; i++)
		fish_option(&specs[i]);
}

int main(int argc, char **argv)
{
	if (argc != 2)
		errx(2, "usage: generate bash|zsh|fish");
	if (strcmp(argv[1], "bash") == 0)
		bash();
	else if (strcmp(argv[1], "zsh") == 0)
		zsh();
	else if (strcmp(argv[1], "fish") == 0)
		fish();
	else
		errx(2, "unknown shell '%s' (bash, zsh or fish)", argv[1]);
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "write error on standard output");
	return 0;
}
