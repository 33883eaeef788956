/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every option of getrandom, once: the one list from which getopt_long's
 * table, --help, the combination rules (rules.c) and the bash, zsh and
 * fish completions (completion/generate.c) are made.  Include it with
 * OPTION defined; no include guard, by design.
 *
 * OPTION(ID, NAME, LETTER, ARG, METAVAR, CLASSES, MODES, COMPLETE,
 *        VALUES, SETTER, SUMMARY, HELP)
 *   ID       OPT_ID names the option in rules.c
 *   NAME     the long name, without "--"
 *   LETTER   the short option's letter, or 0
 *   ARG      ARG_NONE, ARG_REQUIRED, ARG_OPTIONAL (--name=VALUE or
 *            --name VALUE, the next word when it is no option; -xVALUE
 *            or -x VALUE), or ARG_COUNT (the same, so that --bits can
 *            set it, or --help alone, but its short form
 *            requires it)
 *   CLASSES  CLASS_* bits: the groups the combination rules name
 *   MODES    MODE_* bits (help-modes.h): the modes whose --help=MODE
 *            shows the option; --help lists it under the first
 *   COMPLETE what a shell offers for the argument: COMPLETE_NONE (free
 *            text), COMPLETE_WORDS (VALUES, blank-separated),
 *            COMPLETE_FILES, COMPLETE_USERS, COMPLETE_GROUPS
 *   SETTER   setters.c's function that takes the argument
 *   SUMMARY  a few words for the completions' menus
 *   HELP     --help's text, lines joined by "\n", wrapped to fit from
 *            column 27 (column 25 for the first line of a short left side)
 *            to column 79
 *
 * --help lists the options of each mode in this order.  A new option is
 * one entry here and its SETTER; a new rule between options is one line
 * in rules.c.
 */

OPTION(BYTES, "bytes", 'n', ARG_REQUIRED, "N", CLASS_BYTES,
	MODE_BYTES | MODE_TEXT,
	COMPLETE_WORDS, "16 32 64 32B 1K 1KiB 1kB 1M 1MiB 1MB 1G 1GiB 1GB",
	set_bytes,
	"write N bytes (default 32)",
	"write N bytes (default 32); N is decimal and may end\n"
	"in a unit, as for head -c: B 1, K or KiB 1024,\n"
	"kB 1000, M or MiB 1024*1024, MB 1000*1000, and so\n"
	"on for G, T, P, E; a leading + is taken, as there;\n"
	"head's b (512) is refused: 32b reads as bits too")
OPTION(HEX, "hex", 'x', ARG_NONE, NULL, CLASS_FORMAT | CLASS_BYTES,
	MODE_TEXT, COMPLETE_NONE, NULL, set_hex,
	"write lowercase hexadecimal",
	"write lowercase hexadecimal, then a newline")
OPTION(BASE64, "base64", 'b', ARG_NONE, NULL, CLASS_FORMAT | CLASS_BYTES,
	MODE_TEXT, COMPLETE_NONE, NULL, set_base64,
	"write base64 (RFC 4648)",
	"write base64 (RFC 4648, padded), then a newline")
OPTION(BASE64URL, "base64url", 0, ARG_NONE, NULL, CLASS_FORMAT | CLASS_BYTES,
	MODE_TEXT, COMPLETE_NONE, NULL, set_base64url,
	"write base64url (RFC 4648 section 5)",
	"write base64url (RFC 4648 section 5: base64 with '-'\n"
	"and '_' for '+' and '/', padded), then a newline")
OPTION(BASE32, "base32", 0, ARG_NONE, NULL, CLASS_FORMAT | CLASS_BYTES,
	MODE_TEXT, COMPLETE_NONE, NULL, set_base32,
	"write base32 (RFC 4648 section 6)",
	"write base32 (RFC 4648 section 6: A-Z and 2-7,\n"
	"padded), then a newline")
OPTION(BASE16, "base16", 0, ARG_NONE, NULL, CLASS_FORMAT | CLASS_BYTES,
	MODE_TEXT, COMPLETE_NONE, NULL, set_base16,
	"write uppercase hexadecimal",
	"write uppercase hexadecimal, then a newline")
OPTION(NO_PADDING, "no-padding", 0, ARG_NONE, NULL, CLASS_BYTES,
	MODE_TEXT, COMPLETE_NONE, NULL, set_no_padding,
	"drop the trailing '=' padding",
	"drop the trailing '=' padding of base64, base64url and\n"
	"base32 text")
OPTION(COUNT, "count", 'C', ARG_REQUIRED, "N", 0,
	MODE_COMMON, COMPLETE_WORDS, "1 10 100 1000", set_count,
	"write N outputs, one per line",
	"write N outputs, one per line")
OPTION(WRAP, "wrap", 'w', ARG_REQUIRED, "COLS", CLASS_BYTES,
	MODE_TEXT, COMPLETE_WORDS, "0 64 76", set_wrap,
	"break text into lines of COLS characters",
	"break text into lines of COLS characters (0, the\n"
	"default: one line); not with --count")
OPTION(NO_NEWLINE, "no-newline", 0, ARG_NONE, NULL, CLASS_BYTES,
	MODE_TEXT, COMPLETE_NONE, NULL, set_no_newline,
	"write no newline after the text",
	"write no newline after the text")
OPTION(ZERO, "zero-terminated", 'z', ARG_NONE, NULL, 0,
	MODE_COMMON, COMPLETE_NONE, NULL, set_zero_terminated,
	"end each output with a NUL byte",
	"end each output with a NUL byte, not a newline")
OPTION(RANDOM, "random", 'r', ARG_NONE, NULL, 0,
	MODE_POOL, COMPLETE_NONE, NULL, set_random,
	"set GRND_RANDOM",
	"set GRND_RANDOM: draw as /dev/random does")
OPTION(NONBLOCK, "nonblock", 'N', ARG_NONE, NULL, 0,
	MODE_POOL, COMPLETE_NONE, NULL, set_nonblock,
	"set GRND_NONBLOCK: do not wait for the pool",
	"set GRND_NONBLOCK: do not wait for the entropy pool;\n"
	"exit with status 3 if it is not initialized")
OPTION(INSECURE, "insecure", 'i', ARG_NONE, NULL, 0,
	MODE_POOL, COMPLETE_NONE, NULL, set_insecure,
	"set GRND_INSECURE: never wait; not for keys",
	"set GRND_INSECURE: never wait, even before the pool\n"
	"is initialized (Linux 5.6 or later); not for keys")
OPTION(TIMEOUT, "timeout", 't', ARG_REQUIRED, "DURATION", 0,
	MODE_POOL, COMPLETE_WORDS, "0 5 30s 1m 1h 1d", set_timeout,
	"wait at most DURATION for the entropy pool",
	"wait at most DURATION for the entropy pool, then\n"
	"write nothing and exit with status 3; DURATION is\n"
	"a number of seconds (2, 0.5, .5) with an optional\n"
	"unit: s, m (minutes), h (hours), d (days)")
OPTION(CHECK, "check", 'c', ARG_NONE, NULL, 0,
	MODE_POOL, COMPLETE_NONE, NULL, set_check,
	"exit with status 0 if the pool is initialized, 3 if not",
	"write nothing: exit with status 0 if the entropy\n"
	"pool is initialized, 3 if not; never waits")
OPTION(OUTPUT, "output", 'o', ARG_REQUIRED, "FILE", 0,
	MODE_KEY_FILES, COMPLETE_FILES, NULL, set_output,
	"write to FILE, mode 0600, once it holds every byte",
	"write to FILE, mode 0600, instead of standard output;\n"
	"FILE appears only once it holds every byte; - is\n"
	"standard output (./- names a file called -)")
OPTION(FORCE, "force", 'f', ARG_NONE, NULL, 0,
	MODE_KEY_FILES, COMPLETE_NONE, NULL, set_force,
	"replace FILE; raw bytes even to a terminal",
	"replace FILE if it is a regular file (or a link to\n"
	"one); without --output, write raw bytes even to a\n"
	"terminal")
OPTION(MODE, "mode", 'm', ARG_REQUIRED, "MODE", CLASS_KEYFILE,
	MODE_KEY_FILES, COMPLETE_WORDS, "0600 0640 0400 0440", set_mode,
	"octal mode of FILE (default 0600)",
	"octal mode of FILE (default 0600), whatever the umask")
OPTION(OWNER, "owner", 0, ARG_REQUIRED, "USER[:GROUP]", CLASS_KEYFILE,
	MODE_KEY_FILES, COMPLETE_USERS, NULL, set_owner,
	"owner, and group, of FILE",
	"owner, and group, of FILE: names or numbers; both\n"
	"set before FILE appears; as for chown, USER: is\n"
	"USER and USER's login group, :GROUP the group alone")
OPTION(GROUP, "group", 0, ARG_REQUIRED, "GROUP", CLASS_KEYFILE,
	MODE_KEY_FILES, COMPLETE_GROUPS, NULL, set_group,
	"group of FILE",
	"group of FILE: a name or a number")
OPTION(THREADS, "threads", 'j', ARG_REQUIRED, "N", 0,
	MODE_COMMON,
	COMPLETE_WORDS, "1 2 4 8 16 32 64 128 256 512 1024", set_threads,
	"fill large outputs with N threads",
	"fill large outputs, and make many values, with N\n"
	"threads, 1 to 1024 (default: one per usable CPU);\n"
	"1 works serially")
OPTION(RANGE, "range", 'R', ARG_REQUIRED, "LO-HI", CLASS_DRAW,
	MODE_INTEGERS | MODE_SHUFFLES,
	COMPLETE_WORDS, "1-6 1-100 0-255", set_range,
	"integers from LO to HI, both included",
	"instead of bytes, integers from LO to HI, both\n"
	"included, every one equally likely; LO and HI\n"
	"from -2^63 to 2^64-1 (e.g. 1-6, -10-10)")
OPTION(PASSWORD, "password", 'p', ARG_COUNT, "LEN", CLASS_DRAW,
	MODE_PASSWORDS, COMPLETE_WORDS, "12 16 20 32", set_password,
	"passwords of LEN characters",
	"instead of bytes, passwords of LEN characters drawn\n"
	"from the --charset (LEN may be left to --bits, but\n"
	"not by -p, which needs it)")
OPTION(CHARSET, "charset", 's', ARG_REQUIRED, "SET", 0,
	MODE_PASSWORDS, COMPLETE_WORDS, CHARSET_CLASS_NAMES, set_charset,
	"the characters of --password",
	"the characters for --password (default alnum):\n"
	"characters, ranges such as A-Z, and the classes\n"
	"alnum alpha digit lower upper punct xdigit graph\n"
	"print (POSIX's) base32 base58 base64 base64url hex\n"
	"unambiguous, each as a word (alnum, alnum!), in\n"
	"brackets ([alnum]) or as [:alnum:]; '\\' quotes the\n"
	"next character, and one escaped letter makes a name\n"
	"letters (\\hex is h, e and x); a word that begins\n"
	"with a name (digits) and a whole SET in brackets\n"
	"([a-z]) are refused")
OPTION(REQUIRE, "require", 0, ARG_REQUIRED, "SET", CLASS_REPEATED,
	MODE_PASSWORDS, COMPLETE_WORDS, CHARSET_RULE_CLASS_NAMES, set_require,
	"each password has a character of SET",
	"each password has at least one character of SET (in\n"
	"the --charset syntax, and within the --charset);\n"
	"repeat it for more rules, up to 16: a password\n"
	"that breaks one is drawn again, never patched")
OPTION(UUID, "uuid", 'U', ARG_OPTIONAL, "VERSION", CLASS_DRAW,
	MODE_IDS, COMPLETE_WORDS, "4 7", set_uuid,
	"RFC 9562 UUIDs, version 4 or 7",
	"instead of bytes, RFC 9562 UUIDs, version 4 (random,\n"
	"the default) or 7 (time-ordered: --uuid 7, --uuid=7,\n"
	"-U 7 or -U7)")
OPTION(WORDS, "words", 0, ARG_COUNT, "N", CLASS_DRAW,
	MODE_PASSPHRASES, COMPLETE_WORDS, "4 5 6 7 8", set_words,
	"passphrases of N words",
	"instead of bytes, passphrases of N words, each drawn\n"
	"from the EFF long list of 7776 words (built in);\n"
	"N may be left to --bits")
OPTION(SEPARATOR, "separator", 0, ARG_REQUIRED, "SEP", 0,
	MODE_PASSPHRASES, COMPLETE_NONE, NULL, set_separator,
	"the text between words",
	"the text between words (default: one space)")
OPTION(WORDLIST, "wordlist", 0, ARG_REQUIRED, "FILE", 0,
	MODE_PASSPHRASES, COMPLETE_FILES, NULL, set_wordlist,
	"draw the words from FILE",
	"draw the words from FILE instead: one word a line,\n"
	"or diceware's NNNNN<TAB>word lines; a word twice,\n"
	"an empty word or fewer than 2 words is an error")
OPTION(UUID_FORMAT, "uuid-format", 0, ARG_REQUIRED, "FORMAT", 0,
	MODE_IDS, COMPLETE_WORDS,
	"canonical hex urn braces upper hex,upper urn,upper braces,upper",
	set_uuid_format,
	"how each UUID is written",
	"write each UUID as FORMAT: canonical (8-4-4-4-12,\n"
	"the default), hex (32 digits, as /etc/machine-id\n"
	"holds them), urn (urn:uuid:...) or braces ({...});\n"
	"add ,upper for uppercase digits (hex,upper, or\n"
	"upper alone)")
OPTION(ULID, "ulid", 0, ARG_NONE, NULL, CLASS_DRAW,
	MODE_IDS, COMPLETE_NONE, NULL, set_ulid,
	"ULIDs, each greater than the last",
	"instead of bytes, ULIDs: 48-bit milliseconds and 80\n"
	"random bits in 26 digits of Crockford's base32;\n"
	"within one run each is greater than the last")
OPTION(MAC, "mac", 0, ARG_OPTIONAL, "PREFIX", CLASS_DRAW,
	MODE_IDS, COMPLETE_WORDS, "02 52:54:00", set_mac,
	"MAC addresses, random after PREFIX",
	"instead of bytes, MAC addresses (xx:xx:xx:xx:xx:xx):\n"
	"locally administered and unicast, or PREFIX (1 to 5\n"
	"hex pairs, e.g. QEMU's 52:54:00) and random bytes")
OPTION(BITS, "bits", 0, ARG_REQUIRED, "N", 0,
	MODE_PASSWORDS | MODE_PASSPHRASES,
	COMPLETE_WORDS, "64 80 128 256", set_bits,
	"the length that gives N bits of entropy",
	"the least --password length, or number of --words,\n"
	"whose entropy is N bits or more (with --require:\n"
	"of the passwords that meet the rules, at a length\n"
	"where one in 2^20 or more does, so they are drawn)")
OPTION(ENTROPY, "entropy", 0, ARG_NONE, NULL, 0,
	MODE_PASSWORDS | MODE_PASSPHRASES, COMPLETE_NONE, NULL, set_entropy,
	"write the entropy of each output to standard error",
	"write the entropy of each output, in bits, to\n"
	"standard error")
OPTION(PROGRESS, "progress", 0, ARG_NONE, NULL, 0,
	MODE_COMMON, COMPLETE_NONE, NULL, set_progress,
	"show the bytes or lines written on standard error",
	"write to standard error the bytes (or lines) written,\n"
	"the rate and, where the total is known, the time\n"
	"left: in place every second on a terminal, else a\n"
	"line every 5 seconds; and a last line at the end")
OPTION(SHUFFLE, "shuffle", 0, ARG_NONE, NULL, CLASS_REORDER,
	MODE_SHUFFLES, COMPLETE_NONE, NULL, set_shuffle,
	"the lines of FILEs or standard input in a random order",
	"instead of bytes, the lines of the FILE operands, or\n"
	"of standard input (and where FILE is -), in a random\n"
	"order (-z: NUL-terminated records; at most 1 GiB in\n"
	"16777216 lines), or with --range every integer of\n"
	"the range")
OPTION(SAMPLE, "sample", 0, ARG_REQUIRED, "K", CLASS_REORDER,
	MODE_SHUFFLES, COMPLETE_WORDS, "1 2 6 10", set_sample,
	"K lines of FILEs or standard input, none twice",
	"K lines of the FILE operands or standard input, as\n"
	"--shuffle reads them, or with --range K of its\n"
	"integers, none twice, in a random order; all of\n"
	"them if there are fewer (K lines kept: at most\n"
	"1 GiB in 16777216)")
OPTION(HELP, "help", 0, ARG_COUNT, "MODE", 0,
	MODE_COMMON, COMPLETE_WORDS, HELP_MODE_NAMES, show_help,
	"display this help, or one MODE's options, and exit",
	"display this help and exit; with a MODE, only the\n"
	"options of that mode")
OPTION(VERSION, "version", 0, ARG_NONE, NULL, 0,
	MODE_COMMON, COMPLETE_NONE, NULL, show_version,
	"output version information and exit",
	"output version information and exit")
