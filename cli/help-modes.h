/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The modes of getrandom, in --help's order: each is a synopsis line of
 * --help (and so of getrandom(1)'s SYNOPSIS), a heading over its options,
 * and a MODE that --help=MODE shows alone.  An option names its modes in
 * the MODES field of option-table.h and is listed under the first.
 *
 * HELP_MODE(ID, NAME, TITLE, SYNOPSIS)
 *   ID        MODE_ID is the mode's bit in option-table.h
 *   NAME      what --help=NAME takes
 *   TITLE     the heading over its options
 *   SYNOPSIS  its "Usage:" line after "getrandom ", or NULL for none
 */
#ifndef GETRANDOM_HELP_MODES_H
#define GETRANDOM_HELP_MODES_H

#define HELP_MODES(HELP_MODE) \
	HELP_MODE(BYTES, "bytes", "Raw bytes", \
		  "[--bytes=N] [OPTION]...") \
	HELP_MODE(TEXT, "text", "Bytes as text", \
		  "--hex|--base16|--base32|--base64|--base64url [OPTION]...") \
	HELP_MODE(INTEGERS, "integers", "Integers", \
		  "--range=LO-HI [OPTION]...") \
	HELP_MODE(PASSWORDS, "passwords", "Passwords", \
		  "--password[=LEN] [--charset=SET] [--require=SET]...") \
	HELP_MODE(PASSPHRASES, "passphrases", "Passphrases", \
		  "--words[=N] [--wordlist=FILE] [OPTION]...") \
	HELP_MODE(IDS, "ids", "Identifiers", \
		  "--uuid[=VERSION]|--ulid|--mac[=PREFIX] [OPTION]...") \
	HELP_MODE(SHUFFLES, "shuffles", "Shuffles and samples", \
		  "--shuffle|--sample=K [--range=LO-HI] [OPTION]... [FILE]...") \
	HELP_MODE(KEY_FILES, "key-files", "Key files", \
		  "--output=FILE [--mode=MODE] [--owner=USER[:GROUP]]") \
	HELP_MODE(POOL, "pool", "The entropy pool", \
		  "--check") \
	HELP_MODE(COMMON, "common", "Every mode", NULL)

/* MODE_BIT_BYTES, ...: each mode's place in --help. */
enum help_mode_bit {
#define HELP_MODE_BIT(id, ...) MODE_BIT_##id,
	HELP_MODES(HELP_MODE_BIT)
#undef HELP_MODE_BIT
	HELP_MODES_COUNT
};

/* MODE_BYTES, ...: the bits of option-table.h's MODES field. */
enum help_mode {
#define HELP_MODE_FLAG(id, ...) MODE_##id = 1 << MODE_BIT_##id,
	HELP_MODES(HELP_MODE_FLAG)
#undef HELP_MODE_FLAG
};

/* "bytes text ... common ": the names, for the completions of --help. */
#define HELP_MODE_WORD(id, name, ...) name " "
#define HELP_MODE_NAMES HELP_MODES(HELP_MODE_WORD)

#endif
