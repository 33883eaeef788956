// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The combination rule: an option that would have no effect, or whose
 * promise another option breaks, is a usage error, so that a script never
 * believes an option took effect when it did not.  The rules are the
 * table below, checked in its order by xcheck_combinations(); the man
 * page lists every one (man/getrandom.h2m, COMBINATIONS): add a new one
 * there too.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "charset.h"
#include "options.h"
#include "password.h"
#include "quote.h"
#include "strength.h"

/* What a rule holds of the options once they are parsed. */
enum fact {
	FACT_NONE,
	FACT_TEXT,		/* the output is text: a format, a draw, lines */
	FACT_OUTPUT_FILE,	/* --output names a file, not - */
	FACT_WRAPPING,		/* --wrap with a width other than 0 */
	FACT_UUID7,		/* --uuid=7 */
	FACT_OWNER_GROUP,	/* --owner sets the group too */
	FACT_LINES_SEPARATOR,	/* --separator holds a newline */
};

/* A side of a rule: any of these options, any of these classes, or a fact. */
struct side {
	uint64_t options;	/* bits by enum option_id */
	unsigned int classes;
	enum fact fact;
};

#define BIT(id) ((uint64_t)1 << OPT_##id)
#define OPTIONS(bits) { .options = (bits) }
#define CLASS(bits) { .classes = (bits) }
#define FACT(f) { .fact = (f) }
#define ANY_OTHER CLASS(~0u)
#define SIDE(bits, classes_) { .options = (bits), .classes = (classes_) }
#define DRAWN CLASS(CLASS_DRAW | CLASS_REORDER)
#define ONE_THREAD \
	{ .options = BIT(ULID), .classes = CLASS_REORDER, .fact = FACT_UUID7 }

_Static_assert(OPTIONS_COUNT <= 64, "a side's options are bits of a uint64_t");

enum rule_kind {
	ONE_OF,		/* a's options: one at most ("A and B cannot...") */
	EXCLUDES,	/* not a and b: "A and B" then text */
	NEEDS,		/* a needs b: "A needs " then text */
	CHECK,		/* check() refuses what the others cannot say */
};

struct rule {
	enum rule_kind kind;
	struct side a, b;
	const char *text;
	struct side unless;	/* the rule holds unless this side matches */
	void (*check)(const struct options *opts);
};

/*
 * The rows of the table.  A rule with a last side holds unless that side
 * matches.  Fields left out are zero: no side.
 */
#define ONE(a_) { .kind = ONE_OF, .a = a_ }
#define EXCLUDE(a_, b_, text_, ...) \
	{ .kind = EXCLUDES, .a = a_, .b = b_, .text = text_ UNLESS(__VA_ARGS__) }
#define NEED(a_, b_, text_, ...) \
	{ .kind = NEEDS, .a = a_, .b = b_, .text = text_ UNLESS(__VA_ARGS__) }
#define CHECKED(check_, ...) { .kind = CHECK, .check = check_ UNLESS(__VA_ARGS__) }
#define UNLESS(...) __VA_OPT__(, .unless = __VA_ARGS__)

/* --shuffle or --sample: lines or integers reordered, not drawn. */
static bool reorders(const struct options *opts)
{
	return opts->given[OPT_SHUFFLE] || opts->given[OPT_SAMPLE];
}

static bool fact_holds(const struct options *opts, enum fact fact)
{
	switch (fact) {
	case FACT_NONE:
		return false;
	case FACT_TEXT:
		return opts->format != FORMAT_RAW ||
		       opts->draw.kind != DRAW_NONE || reorders(opts);
	case FACT_OUTPUT_FILE:
		return opts->output != NULL;
	case FACT_WRAPPING:
		return opts->wrap != 0;
	case FACT_UUID7:
		return opts->draw.kind == DRAW_UUID &&
		       opts->draw.uuid_version == 7;
	case FACT_OWNER_GROUP:
		return opts->owner_sets_group;
	case FACT_LINES_SEPARATOR:
		return opts->draw.separator != NULL &&
		       strchr(opts->draw.separator, '\n') != NULL;
	}
	return false;
}

/* What each fact is called in a message; every one that holds has a name. */
static const char *const fact_names[] = {
	[FACT_TEXT] = "a text format",
	[FACT_OUTPUT_FILE] = "--output=FILE",
	[FACT_WRAPPING] = "--wrap",
	[FACT_UUID7] = "--uuid=7",
	[FACT_OWNER_GROUP] = "--owner",
	[FACT_LINES_SEPARATOR] = "a --separator with a newline",
};

static bool in_side(const struct side *s, size_t id)
{
	return (s->options >> id & 1) ||
	       (s->classes & option_specs[id].classes) ||
	       (s->classes == ~0u);
}

/*
 * The option of side s given first on the command line, other than those
 * of side not; -1 if none.
 */
/*
 * The options given, one bit each, set once by xcheck_combinations(): a
 * rule looks at the two or three options of a command line, not at every
 * option there is, and every run pays for the rules.
 */
static uint64_t given_options;
static unsigned int given_classes;	/* the classes of those options */

/* Whether any option given can be of side s: most sides of most rules cannot. */
static bool may_be_given(const struct side *s)
{
	return (s->options & given_options) || (s->classes & given_classes) ||
	       (s->classes == ~0u && given_options != 0);
}

static int first_given(const struct options *opts, const struct side *s,
		       const struct side *not)
{
	int first = -1;

	if (!may_be_given(s))
		return -1;
	for (uint64_t left = given_options; left != 0; left &= left - 1) {
		size_t id = (size_t)__builtin_ctzll(left);

		if (in_side(s, id) &&
		    !(not != NULL && in_side(not, id)) &&
		    (first < 0 || opts->given[id] < opts->given[first]))
			first = (int)id;
	}
	return first;
}

/* The name side s goes by in a message, "--hex"; NULL if it does not match. */
static const char *matched(const struct options *opts, const struct side *s,
			   const struct side *not, char *buf, size_t size)
{
	int id = first_given(opts, s, not);

	if (id >= 0) {
		snprintf(buf, size, "--%s", option_specs[id].name);
		return buf;
	}
	if (s->fact != FACT_NONE && fact_holds(opts, s->fact))
		return fact_names[s->fact];
	return NULL;
}

/* A side that stands for one option, for the ONE_OF rule's second name. */
static struct side only(int id)
{
	return (struct side){ .options = (uint64_t)1 << id };
}

static void check_rule(const struct options *opts, const struct rule *r)
{
	char a[32], b[32];
	const char *first, *second;
	struct side self;

	/* Every kind but CHECK needs side a: most rules end here, cheaply. */
	if (r->kind != CHECK && !may_be_given(&r->a) &&
	    !(r->a.fact != FACT_NONE && fact_holds(opts, r->a.fact)))
		return;
	if (matched(opts, &r->unless, NULL, a, sizeof(a)))
		return;
	switch (r->kind) {
	case ONE_OF:
		first = matched(opts, &r->a, NULL, a, sizeof(a));
		if (first == NULL)
			return;
		self = only(first_given(opts, &r->a, NULL));
		second = matched(opts, &r->a, &self, b, sizeof(b));
		if (second != NULL)
			xusage_error("%s and %s cannot be used together", first,
				     second);
		return;
	case EXCLUDES:
		first = matched(opts, &r->a, NULL, a, sizeof(a));
		second = first ? matched(opts, &r->b, &r->a, b, sizeof(b)) : NULL;
		if (second != NULL)
			xusage_error("%s and %s%s", first, second, r->text);
		return;
	case NEEDS:
		first = matched(opts, &r->a, NULL, a, sizeof(a));
		if (first != NULL && !matched(opts, &r->b, NULL, b, sizeof(b)))
			xusage_error("%s needs %s", first, r->text);
		return;
	case CHECK:
		r->check(opts);
		return;
	}
}

/* The rules that depend on values: each exits with a usage error if broken. */
static void xforce_without_effect(const struct options *opts)
{
	if (!opts->force || opts->output != NULL)
		return;
	if (fact_holds(opts, FACT_TEXT))
		xusage_error("--force has no effect without --output FILE: text is never refused on a terminal");
	if (opts->bytes == 0)
		xusage_error("--force has no effect with --bytes=0 and no --output FILE");
}

static void xempty_outputs(const struct options *opts)
{
	if (opts->given[OPT_COUNT] && opts->bytes == 0)
		xusage_error("invalid byte count '0' with --count: each output needs at least 1 byte");
}

/* The character is quoted as the set is: a quote mark in '%c' reads as three. */
static void __attribute__((noreturn)) xnot_in_charset(const char *set, char c)
{
	char one[2] = { c, '\0' };

	xusage_error("the --require set %s has %s, which is not in the --charset",
		     quote(set), quote_n(1, one));
}

/* --require: each set within the --charset. */
static void xrules_outside_charset(const struct options *opts)
{
	const struct draw_request *req = &opts->draw;
	const struct password_rules *rules = &req->rules;

	for (unsigned int r = 0; r < rules->count; r++)
		for (unsigned int i = 0; i < rules->sets[r].size; i++)
			if (!charset_contains(&req->charset, rules->sets[r].chars[i]))
				xnot_in_charset(rules->texts[r], rules->sets[r].chars[i]);
}

/* Whether every character of small is in big. */
static bool within(const struct charset *small, const struct charset *big)
{
	for (unsigned int i = 0; i < small->size; i++)
		if (!charset_contains(big, small->chars[i]))
			return false;
	return true;
}

/* Two --require rules with the same set, as given or in other words. */
static void __attribute__((noreturn)) xrule_repeated(const char *first,
						       const char *again)
{
	if (strcmp(first, again) == 0)
		xusage_error("the --require set %s is given twice: give each rule once",
			     quote(first));
	xusage_error("the --require sets %s and %s are the same: give each rule once",
		     quote_n(0, first), quote_n(1, again));
}

/*
 * --require: a rule that every password meets has no effect: one whose
 * set is the whole --charset, one that repeats another, and one whose set
 * holds all of another's (a password that meets the smaller meets it).
 */
static void xrules_without_effect(const struct options *opts)
{
	const struct password_rules *rules = &opts->draw.rules;

	for (unsigned int r = 0; r < rules->count; r++) {
		if (rules->sets[r].size == opts->draw.charset.size)
			xusage_error("the --require set %s has no effect: it is the whole --charset, which every password is drawn from",
				     quote(rules->texts[r]));
		for (unsigned int o = 0; o < rules->count; o++) {
			if (o == r || !within(&rules->sets[o], &rules->sets[r]))
				continue;
			if (rules->sets[o].size == rules->sets[r].size && o < r)
				xrule_repeated(rules->texts[o], rules->texts[r]);
			if (rules->sets[o].size < rules->sets[r].size)
				xusage_error("the --require set %s has no effect: every password that meets %s has one of its characters",
					     quote_n(0, rules->texts[r]),
					     quote_n(1, rules->texts[o]));
		}
	}
}

/*
 * --separator goes between words: with one word it has no effect.  The
 * number of words is known once --bits is applied.
 */
void xcheck_separator_words(const struct options *opts)
{
	if (!opts->given[OPT_SEPARATOR] || opts->draw.words != 1)
		return;
	if (opts->bits != 0)
		xusage_error("--separator has no effect: --bits=%llu gives one word, and a separator goes between words",
			     (unsigned long long)opts->bits);
	xusage_error("--separator has no effect with --words=1: a separator goes between words");
}

/*
 * --require: rules that some password, and not one in a million alone,
 * meets.  With --bits the length is not known yet: strength.c checks it
 * once it is.
 */
static void xrules_unmet(const struct options *opts)
{
	const struct draw_request *req = &opts->draw;
	const struct password_rules *rules = &req->rules;
	unsigned int least;

	if (rules->count == 0 || opts->bits != 0)
		return;
	if (req->length > PASSWORD_RULED_LENGTH_MAX)
		xusage_error("--require needs a --password of at most %d characters",
			     PASSWORD_RULED_LENGTH_MAX);
	least = rules_least_length(rules);
	if (req->length < least)
		xusage_error("--password=%llu is too short for the --require rules: they need at least %u characters",
			     (unsigned long long)req->length, least);
	xcheck_rules_share(req);
}

/* --bits sets a length: a length is given by one of the two. */
static void xlength_unknown(const struct options *opts)
{
	const struct draw_request *req = &opts->draw;
	bool length_given = req->kind == DRAW_PASSWORD ? req->length != 0 :
			    req->words != 0;

	if (req->kind != DRAW_PASSWORD && req->kind != DRAW_WORDS)
		return;
	if (opts->bits != 0 && length_given)
		xusage_error("--bits and a length for %s cannot both be given (--bits sets it)",
			     req->option);
	if (opts->bits == 0 && !length_given)
		xusage_error("%s needs a length, or --bits", req->option);
}

/* In the order they are checked: a line breaking two gets the first's message. */
static const struct rule rules[] = {
	ONE(CLASS(CLASS_FORMAT)),
	ONE(CLASS(CLASS_DRAW)),
	EXCLUDE(OPTIONS(BIT(CHECK)), ANY_OTHER,
		" cannot be used together (--check takes no other option)"),
	EXCLUDE(OPTIONS(BIT(INSECURE)), OPTIONS(BIT(RANDOM)),
		" cannot be used together (--insecure bypasses the pool --random draws from)"),
	EXCLUDE(OPTIONS(BIT(NONBLOCK)), OPTIONS(BIT(INSECURE)),
		" cannot be used together (--insecure writes bytes where --nonblock promises status 3)"),
	EXCLUDE(OPTIONS(BIT(INSECURE)), OPTIONS(BIT(TIMEOUT)),
		" cannot be used together (--insecure never waits)"),
	EXCLUDE(OPTIONS(BIT(NONBLOCK)), OPTIONS(BIT(TIMEOUT)),
		" cannot be used together (--nonblock never waits)"),
	EXCLUDE(FACT(FACT_OWNER_GROUP), OPTIONS(BIT(GROUP)),
		" cannot both set the group"),
	CHECKED(xforce_without_effect),
	/* --shuffle and --sample take -z for their records, and nothing else of bytes. */
	EXCLUDE(OPTIONS(BIT(SHUFFLE)), OPTIONS(BIT(SAMPLE)),
		" cannot be used together (--sample writes its lines in random order too)"),
	EXCLUDE(CLASS(CLASS_DRAW), CLASS(CLASS_REORDER),
		" cannot be used together (only lines or --range are reordered)",
		OPTIONS(BIT(RANGE))),
	EXCLUDE(OPTIONS(BIT(COUNT)), OPTIONS(BIT(SHUFFLE)),
		" cannot be used together (--shuffle writes each line once)"),
	EXCLUDE(OPTIONS(BIT(COUNT)), OPTIONS(BIT(SAMPLE)),
		" cannot be used together (--sample=K says how many)"),
	EXCLUDE(CLASS(CLASS_REORDER), CLASS(CLASS_BYTES),
		" cannot be used together"),
	/* A shuffle needs all its lines, a ULID or UUIDv7 the one before. */
	EXCLUDE(ONE_THREAD, OPTIONS(BIT(THREADS)),
		" cannot be used together (those lines are made by one thread, in order)"),
	/* Raw bytes have no lines, padding or end: each layout option needs text. */
	NEED(OPTIONS(BIT(COUNT)), FACT(FACT_TEXT),
	     "a text format (--hex, --base64, ...): raw bytes have no lines"),
	NEED(OPTIONS(BIT(WRAP)), FACT(FACT_TEXT),
	     "a text format (--hex, --base64, ...)"),
	NEED(OPTIONS(BIT(NO_NEWLINE)), FACT(FACT_TEXT),
	     "a text format: raw output has no newline"),
	NEED(OPTIONS(BIT(ZERO)), FACT(FACT_TEXT),
	     "a text format: raw output has no end mark"),
	/* The layout of encoded bytes; a draw's lines are refused below. */
	EXCLUDE(OPTIONS(BIT(NO_PADDING)), OPTIONS(BIT(HEX) | BIT(BASE16)),
		" cannot be used together: it has no padding", DRAWN),
	NEED(OPTIONS(BIT(NO_PADDING)),
	     OPTIONS(BIT(BASE64) | BIT(BASE64URL) | BIT(BASE32)),
	     "--base64, --base64url or --base32", DRAWN),
	CHECKED(xempty_outputs, DRAWN),
	EXCLUDE(FACT(FACT_WRAPPING), OPTIONS(BIT(COUNT)),
		" cannot be used together: each output is one line", DRAWN),
	EXCLUDE(OPTIONS(BIT(NO_NEWLINE)), OPTIONS(BIT(COUNT)),
		" cannot be used together: outputs are lines", DRAWN),
	EXCLUDE(OPTIONS(BIT(ZERO)), OPTIONS(BIT(NO_NEWLINE)),
		" cannot be used together", DRAWN),
	EXCLUDE(OPTIONS(BIT(ZERO)), FACT(FACT_WRAPPING),
		" cannot be used together", DRAWN),
	/* A draw writes its own lines: nothing that shapes bytes applies. */
	EXCLUDE(CLASS(CLASS_DRAW), SIDE(BIT(ZERO), CLASS_BYTES),
		" cannot be used together", CLASS(CLASS_REORDER)),
	NEED(OPTIONS(BIT(CHARSET)), OPTIONS(BIT(PASSWORD)), "--password"),
	NEED(OPTIONS(BIT(UUID_FORMAT)), OPTIONS(BIT(UUID)), "--uuid"),
	NEED(OPTIONS(BIT(SEPARATOR)), OPTIONS(BIT(WORDS)), "--words"),
	/* A passphrase over several lines: --count's outputs could not be told apart. */
	EXCLUDE(FACT(FACT_LINES_SEPARATOR), OPTIONS(BIT(COUNT)),
		" cannot be used together: outputs are lines"),
	NEED(OPTIONS(BIT(WORDLIST)), OPTIONS(BIT(WORDS)), "--words"),
	NEED(CLASS(CLASS_KEYFILE), FACT(FACT_OUTPUT_FILE), "--output=FILE"),
	NEED(OPTIONS(BIT(REQUIRE)), OPTIONS(BIT(PASSWORD)), "--password"),
	CHECKED(xrules_outside_charset),
	CHECKED(xrules_without_effect),
	CHECKED(xrules_unmet),
	NEED(OPTIONS(BIT(BITS)), OPTIONS(BIT(PASSWORD) | BIT(WORDS)),
	     "--password or --words"),
	CHECKED(xlength_unknown),
	/* --entropy needs an output whose entropy is fixed. */
	EXCLUDE(OPTIONS(BIT(ENTROPY)), OPTIONS(BIT(ULID)),
		" cannot be used together (a ULID after the first of its millisecond adds one to it: no fixed entropy)"),
	EXCLUDE(OPTIONS(BIT(ENTROPY)), FACT(FACT_UUID7),
		" cannot be used together (its counter goes up by one within a millisecond: no fixed entropy)"),
	EXCLUDE(OPTIONS(BIT(ENTROPY)), CLASS(CLASS_REORDER),
		" cannot be used together (the entropy depends on the input)"),
};

void xcheck_combinations(const struct options *opts)
{
	_Static_assert(OPTIONS_COUNT <= 64, "one bit an option in given_options");
	given_options = 0;
	given_classes = 0;
	for (size_t id = 0; id < OPTIONS_COUNT; id++)
		if (opts->given[id]) {
			given_options |= (uint64_t)1 << id;
			given_classes |= option_specs[id].classes;
		}
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		check_rule(opts, &rules[i]);
}
