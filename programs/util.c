/*
 * util.c - what the commands share: error lines, option errors, and the
 * parsing and printing of rule sets, throws, moves and tile lists.
 *
 * The parsers here read what a person types, so they are lenient about
 * separators (a move is "3+5", "3 5", "3,5" or, on a box of single-digit
 * tiles, "35") and strict about numbers: every number must be a face of the
 * dice or a tile of the box, and the reason for refusing one names it.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

static void util_vreport(const char *prefix, const char *fmt, va_list ap)
    UTIL_PRINTF(2, 0);

/* Prints a message after "shutbox: " and a prefix on standard error. */
static void
util_vreport(const char *prefix, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "shutbox: %s", prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

/*
 * Reports an error on one line of standard error and returns the exit
 * status of a bad argument, so that a command can end with
 * "return util_error(...)".
 */
int
util_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	util_vreport("", fmt, ap);
	va_end(ap);
	return CMD_EXIT_USAGE;
}

/* Reports a warning on one line of standard error; the command goes on. */
void
util_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	util_vreport("warning: ", fmt, ap);
	va_end(ap);
}

/*
 * Names the option getopt_long() stopped at.  With opterr off and a
 * leading ':' in the option string, it returns ':' for an option missing its
 * argument and '?' for an unknown one (or a long option given an argument
 * it does not take); the option as typed is the last argument it read.
 */
int
util_option_error(const struct cmd_entry *e, const struct option *longopts,
		  char **argv, int c)
{
	const char *arg = optind > 0 ? argv[optind - 1] : "";
	const char *eq = strchr(arg, '=');
	int len = eq ? (int)(eq - arg) : (int)strlen(arg);
	int i, matches = 0;

	if (c == ':')
		return util_error("%s: option %.*s needs an argument", e->name,
				  len, arg);
	if (strncmp(arg, "--", 2) == 0 && eq != NULL && optopt != 0)
		return util_error("%s: option %.*s takes no argument", e->name,
				  len, arg);
	if (strncmp(arg, "--", 2) != 0 && optopt != 0)
		return util_error("%s: unknown option -%c", e->name, optopt);
	/* A prefix of several long options is refused as ambiguous. */
	for (i = 0; len > 2 && longopts[i].name != NULL; i++)
		matches +=
		    strncmp(longopts[i].name, arg + 2, (size_t)(len - 2)) == 0;
	if (matches > 1)
		return util_error("%s: option %.*s is ambiguous", e->name, len,
				  arg);
	return util_error("%s: unknown option %.*s", e->name, len, arg);
}

/*
 * Prints a command's usage line, its help and its options: what
 * "shutbox NAME --help" shows.
 */
void
util_usage(const struct cmd_entry *e, FILE *f)
{
	fprintf(f, "usage: shutbox %s%s%s\n", e->name, *e->usage ? " " : "",
		e->usage);
	fprintf(f, "%c%s.\n", toupper((unsigned char)e->help[0]), e->help + 1);
	if (e->options != NULL)
		fprintf(f, "\n%s", e->options);
}

/* Prints a command's help, unless an argument was given with --help. */
int
util_help(const struct cmd_entry *e, int argc, char **argv)
{
	if (optind < argc)
		return util_error("%s: unexpected argument '%s'", e->name,
				  argv[optind]);
	util_usage(e, stdout);
	return CMD_EXIT_OK;
}

/*
 * Reads --open: a tile list within the tiles of the box, or, with
 * in_start, within the start set (the boards a solver knows).
 */
int
util_open(const struct shut_rules *rules, const char *text, int in_start,
	  uint32_t *open)
{
	uint32_t allowed =
	    in_start ? shut_rules_start(rules) : shut_rules_tiles(rules);
	char why[128], list[UTIL_MOVE_LEN];
	uint32_t outside;
	int t;

	if (shut_tiles_parse(text, open, why, sizeof(why)) < 0)
		return util_error("bad --open: %s", why);
	outside = *open & ~allowed;
	if (outside == 0)
		return CMD_EXIT_OK;
	for (t = 1; !(outside & SHUT_TILE(t)); t++)
		continue;
	if (!in_start)
		return util_error("bad --open: %s: tile %d is not on the box "
				  "(tiles %d-%d)",
				  text, t, rules->tile_lo, rules->tile_hi);
	util_tiles_format(allowed, list, sizeof(list));
	return util_error("bad --open: %s: tile %d is not in the start set "
			  "(%s)",
			  text, t, list);
}

/* The tiles above the largest total all the dice can throw. */
static uint32_t
util_beyond_dice(const struct shut_rules *rules)
{
	int most = rules->dice * rules->faces;

	return most >= SHUT_TILES_MAX ? 0 : ~(SHUT_TILE(most + 1) - 1u);
}

/*
 * Parses a spec, reporting a bad one with the library's reason and warning
 * about tiles that no throw can reach.
 */
int
util_rules(const char *spec, struct shut_rules *rules)
{
	char why[256];
	char tiles[UTIL_MOVE_LEN];
	char dice[32];
	uint32_t never;

	if (shut_rules_parse(rules, spec, why, sizeof(why)) < 0) {
		util_error("bad rules: %s", why);
		return -1;
	}
	never = shut_rules_unreachable(rules);
	if (never != 0) {
		util_tiles_format(never, tiles, sizeof(tiles));
		util_dice_format(rules, dice, sizeof(dice));
		/* Above the largest throw, the dice say why; else the rules. */
		if (never & ~util_beyond_dice(rules))
			util_warning("%s %s can never be shut under these "
				     "rules",
				     shut_tiles_count(never) == 1 ? "tile"
								  : "tiles",
				     tiles);
		else
			util_warning("%s %s can never be shut with %s",
				     shut_tiles_count(never) == 1 ? "tile"
								  : "tiles",
				     tiles, dice);
	}
	return 0;
}

/* Writes the dice of a rule set as "NdS". */
void
util_dice_format(const struct shut_rules *rules, char *buf, size_t len)
{
	snprintf(buf, len, "%dd%d", rules->dice, rules->faces);
}

/*
 * Writes the dice counts of a mask of choices as "1 or 2", "1, 3 or 4" or
 * "2 to 8".
 */
void
util_counts_format(unsigned choices, char *buf, size_t len)
{
	size_t used = 0;
	int d, lo = 0, hi = 0, left = 0;

	if (len == 0)
		return;
	for (d = 1; d <= SHUT_DICE_MAX; d++) {
		if (!(choices & (1u << d)))
			continue;
		left++;
		lo = lo ? lo : d;
		hi = d;
	}
	/* Three counts or more in a row read better as a range. */
	if (left >= 3 && hi - lo + 1 == left) {
		snprintf(buf, len, "%d to %d", lo, hi);
		return;
	}
	buf[0] = '\0';
	for (d = 1; d <= SHUT_DICE_MAX && used < len; d++) {
		int n;

		if (!(choices & (1u << d)))
			continue;
		left--;
		n = snprintf(buf + used, len - used, "%d%s", d,
			     left > 1	 ? ", "
			     : left == 1 ? " or "
					 : "");
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

/* Writes a move as its tiles in increasing order, joined by '+'. */
void
util_move_format(uint32_t move, char *buf, size_t len)
{
	size_t used = 0;
	int t;

	if (len == 0)
		return;
	buf[0] = '\0';
	if (move == 0) {
		snprintf(buf, len, "nothing");
		return;
	}
	for (t = 1; t <= SHUT_TILES_MAX && used < len; t++) {
		int n;

		if (!(move & SHUT_TILE(t)))
			continue;
		n = snprintf(buf + used, len - used, "%s%d", used ? "+" : "",
			     t);
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

/* Writes a set of tiles as the library writes lists: "1,3,5-9". */
void
util_tiles_format(uint32_t tiles, char *buf, size_t len)
{
	if (shut_tiles_print(tiles, buf, len) < 0 && len > 0)
		buf[0] = '\0';
}

/*
 * Splits the first n bytes of text (or all of it, up to its NUL) into
 * tokens of characters that are not separators, calling fn on each with
 * its length.  Returns what fn returned when that was non-zero, else 0.
 */
static int
util_each_token(const char *text, size_t n, const char *seps,
		int (*fn)(void *ctx, const char *tok, size_t len), void *ctx)
{
	size_t i = 0;

	for (;;) {
		size_t len = 0;
		int rc;

		while (i < n && text[i] != '\0' && strchr(seps, text[i]))
			i++;
		if (i == n || text[i] == '\0')
			return 0;
		while (i + len < n && text[i + len] != '\0' &&
		       !strchr(seps, text[i + len]))
			len++;
		rc = fn(ctx, text + i, len);
		if (rc != 0)
			return rc;
		i += len;
	}
}

/*
 * Reads a token of digits as a number, at most 9999 (anything larger is as
 * wrong as 9999, and is reported as typed).  Returns -1 when the token is
 * not all digits.
 */
static int
util_token_number(const char *tok, size_t len)
{
	int v = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (tok[i] < '0' || tok[i] > '9')
			return -1;
		if (v < 9999)
			v = v * 10 + (tok[i] - '0');
	}
	return v > 9999 ? 9999 : v;
}

/*
 * Whether a token of digits is single digits run together ("35"): more
 * than one digit and no 0, which is never a face or a tile of its own.
 * Anything else ("10", "105") is one number.
 */
static int
util_token_run(const char *tok, size_t len)
{
	return len > 1 && memchr(tok, '0', len) == NULL;
}

/* The state of util_parse_throw() while it reads the tokens. */
struct util_throw_parse {
	int faces;
	int runs;
	struct shut_throw *t;
	char *why;
	size_t whylen;
};

/*
 * Adds one face to the throw being parsed, typed as the len characters at
 * tok; -1 with a reason if bad.
 */
static int
util_throw_add(struct util_throw_parse *tp, int face, const char *tok,
	       size_t len)
{
	if (face < 1 || face > tp->faces) {
		snprintf(tp->why, tp->whylen,
			 "a face must be between 1 and %d, not %.*s%s",
			 tp->faces, (int)(len > 20 ? 20 : len), tok,
			 len > 20 ? "..." : "");
		return -1;
	}
	if (tp->t->n >= SHUT_DICE_MAX) {
		snprintf(tp->why, tp->whylen, "more than %d dice",
			 SHUT_DICE_MAX);
		return -1;
	}
	tp->t->face[tp->t->n++] = face;
	return 0;
}

/*
 * Reads one token of a throw: a face, or single-digit faces run together
 * when runs are allowed and every face is below 10.
 */
static int
util_throw_token(void *ctx, const char *tok, size_t len)
{
	struct util_throw_parse *tp = ctx;
	int v = util_token_number(tok, len);
	size_t i;

	if (v < 0) {
		snprintf(tp->why, tp->whylen, "'%.*s' is not a number",
			 (int)(len > 20 ? 20 : len), tok);
		return -1;
	}
	if (!tp->runs || tp->faces >= 10 || !util_token_run(tok, len))
		return util_throw_add(tp, v, tok, len);
	for (i = 0; i < len; i++)
		if (util_throw_add(tp, tok[i] - '0', tok + i, 1) < 0)
			return -1;
	return 0;
}

/*
 * Reads a throw from text, face by face, stopping at the first bad token
 * with its reason.  Commas separate items, each of one or more faces
 * separated by blanks; an item with no face ("1,,2", "1,2,") is refused,
 * as a tile list refuses one.
 */
int
util_parse_throw(const char *text, int faces, int runs, struct shut_throw *t,
		 char *why, size_t whylen)
{
	struct util_throw_parse tp = {
		.faces = faces,
		.runs = runs,
		.t = t,
		.why = why,
		.whylen = whylen,
	};
	static const char blanks[] = " \t\r\n";
	const char *s = text;

	memset(t, 0, sizeof(*t));
	if (text[strspn(text, blanks)] == '\0') {
		snprintf(why, whylen, "no dice");
		return -1;
	}
	for (;;) {
		size_t len = strcspn(s, ",");

		if (len == strspn(s, blanks)) {
			snprintf(why, whylen,
				 "a face is missing next to a comma");
			return -1;
		}
		if (util_each_token(s, len, blanks, util_throw_token, &tp) != 0)
			return -1;
		s += len;
		if (*s == '\0')
			break;
		s++;
	}
	return 0;
}

/* The state of util_parse_move() while it reads the tokens. */
struct util_move_parse {
	const struct shut_rules *rules;
	uint32_t move;
	char *why;
	size_t whylen;
};

/*
 * Adds one tile to the move being parsed, typed as the len characters at
 * tok; -1 with a reason if bad.  A number that is no tile but could be
 * tiles run together, on a box where they are not split, gets a hint.
 */
static int
util_move_add(struct util_move_parse *mp, int tile, const char *tok, size_t len)
{
	const struct shut_rules *r = mp->rules;
	int joined = r->tile_hi >= 10 && len <= 4 && util_token_run(tok, len);

	if (tile < r->tile_lo || tile > r->tile_hi) {
		snprintf(mp->why, mp->whylen,
			 "%.*s%s is not a tile of this box (tiles %d-%d)%s",
			 (int)(len > 20 ? 20 : len), tok, len > 20 ? "..." : "",
			 r->tile_lo, r->tile_hi,
			 joined ? "; write several tiles as 3+5" : "");
		return -1;
	}
	if (mp->move & SHUT_TILE(tile)) {
		snprintf(mp->why, mp->whylen, "%d is named twice", tile);
		return -1;
	}
	mp->move |= SHUT_TILE(tile);
	return 0;
}

/*
 * Reads one token of a move: a tile number, or single-digit tiles run
 * together ("35", but not "10") on a box whose tiles are all below 10.
 */
static int
util_move_token(void *ctx, const char *tok, size_t len)
{
	struct util_move_parse *mp = ctx;
	int v = util_token_number(tok, len);
	size_t i;

	if (v < 0) {
		snprintf(mp->why, mp->whylen,
			 "'%.*s' is not a tile number (type tiles like 3+5)",
			 (int)(len > 20 ? 20 : len), tok);
		return -1;
	}
	if (mp->rules->tile_hi >= 10 || !util_token_run(tok, len))
		return util_move_add(mp, v, tok, len);
	for (i = 0; i < len; i++)
		if (util_move_add(mp, tok[i] - '0', tok + i, 1) < 0)
			return -1;
	return 0;
}

/*
 * Reads a move from text, tile by tile, stopping at the first bad token
 * with its reason.
 */
int
util_parse_move(const struct shut_rules *rules, const char *text,
		uint32_t *move, char *why, size_t whylen)
{
	struct util_move_parse mp = {
		.rules = rules,
		.move = 0,
		.why = why,
		.whylen = whylen,
	};

	if (util_each_token(text, SIZE_MAX, "+, \t\r\n", util_move_token,
			    &mp) != 0)
		return -1;
	if (mp.move == 0) {
		snprintf(why, whylen, "no tiles named");
		return -1;
	}
	*move = mp.move;
	return 0;
}

/* The comparison of qsort() in the canonical order of moves. */
static int
util_moves_cmp(const void *a, const void *b)
{
	return shut_move_cmp(*(const uint32_t *)a, *(const uint32_t *)b);
}

/* Sorts moves into canonical order: fewer tiles first, then tile by tile. */
void
util_moves_sort(uint32_t *moves, size_t n)
{
	if (n > 1)
		qsort(moves, n, sizeof(moves[0]), util_moves_cmp);
}
