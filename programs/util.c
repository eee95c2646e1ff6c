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
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "front.h"
#include "util.h"

static void util_vreport(const char *prefix, const char *fmt, va_list ap)
    UTIL_PRINTF(2, 0);

void (*util_report_to)(const char *line);

static size_t util_escape(const char *s, size_t n, char *buf, size_t len);

/*
 * Prints a message after "shutbox: " and a prefix on standard error.  A
 * message longer than the buffer is written whole, never cut: its reason
 * comes last.  (What it quotes of the input is cut by util_shown().)
 */
static void
util_vreport(const char *prefix, const char *fmt, va_list ap)
{
	char small[2048], *line = small;
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(small, sizeof(small), fmt, aq);
	va_end(aq);
	if (n < 0)
		small[0] = '\0';
	else if ((size_t)n >= sizeof(small) &&
		 (line = malloc((size_t)n + 1)) != NULL)
		vsnprintf(line, (size_t)n + 1, fmt, ap);
	else if (line == NULL)
		line = small; /* no memory: the message as far as it fits */
	if (util_report_to != NULL) {
		/* Each byte escaped may take four ("\x1b"). */
		size_t cap = 4 * (strlen(prefix) + strlen(line)) + 16, used;
		char esc[2048], *shown = NULL;

		if (cap > sizeof(esc))
			shown = malloc(cap);
		if (shown == NULL) {
			shown = esc;
			cap = sizeof(esc);
		}
		used = util_escape(prefix, strlen(prefix), shown, cap);
		util_escape(line, strlen(line), shown + used, cap - used);
		util_report_to(shown);
		if (shown != esc)
			free(shown);
	} else {
		/* Whatever the message repeats of the input, it is escaped. */
		fflush(stdout);
		fprintf(stderr, "shutbox: %s", prefix);
		util_print_escaped(stderr, line);
		fputc('\n', stderr);
	}
	if (line != small)
		free(line);
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

/*
 * Reports a failure (not a bad argument) on one line of standard error and
 * returns the exit status of a command that could not finish.
 */
int
util_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	util_vreport("", fmt, ap);
	va_end(ap);
	return CMD_EXIT_FAIL;
}

/*
 * The escaping is the front-end layer's (front_escaped()): control
 * characters, and bytes that are not well-formed UTF-8, as \x1b.
 */
int
util_has_control(const char *s, size_t len)
{
	return front_unshowable(s, len) < len;
}

/*
 * Writes s[0..n) to buf (of size len) escaped; returns the bytes written,
 * at most len - 1.
 */
static size_t
util_escape(const char *s, size_t n, char *buf, size_t len)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	front_escaped(&t, s, n, 0);
	return t.len;
}

/* Prints s escaped, a part at a time, never splitting a character. */
void
util_print_escaped(FILE *f, const char *s)
{
	char buf[4 * 256 + 1];
	size_t n = strlen(s), i, part;

	for (i = 0; i < n; i += part) {
		part = n - i < 256 ? n - i : 256;
		/* Back to the start of a UTF-8 sequence, if one is split. */
		while (i + part < n && part > 252 &&
		       ((unsigned char)s[i + part] & 0xc0) == 0x80)
			part--;
		util_escape(s + i, part, buf, sizeof(buf));
		fputs(buf, f);
	}
}

void
util_put_wrapped(FILE *f, const char *text, int cols)
{
	while (*text != '\0') {
		size_t len = strcspn(text, "\n");
		char line[4096];
		const char *p = line;

		snprintf(line, sizeof(line), "%.*s", (int)len, text);
		do {
			size_t cut = cols > 0 ? front_wrap(p, cols) : strlen(p);

			fprintf(f, "%.*s\n", (int)cut, p);
			for (p += cut; *p == ' '; p++)
				;
		} while (*p != '\0');
		text += len;
		if (*text == '\n')
			text++;
	}
}

/*
 * Input as it may be echoed back: escaped, and cut after UTIL_SHOWN_MAX
 * characters with "...".  The text is in a static buffer, valid until the
 * next call.
 */
const char *
util_shown(const char *s)
{
	static char buf[4 * 4 * UTIL_SHOWN_MAX + 8];
	struct front_text t;

	front_text_init(&t, buf, sizeof(buf));
	front_escaped(&t, s, strnlen(s, 4 * UTIL_SHOWN_MAX + 4),
		      UTIL_SHOWN_MAX);
	return buf;
}

const char *
util_shown_n(const char *s, size_t len)
{
	char head[UTIL_SHOWN_MAX + 2];

	snprintf(head, sizeof(head), "%.*s",
		 (int)(len < sizeof(head) - 1 ? len : sizeof(head) - 1), s);
	return util_shown(head);
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
/*
 * An unknown long option arg[0..len), shown as opt: with the nearest of
 * longopts, as a mistyped command gets (--dcie: did you mean --dice?).
 */
static int
util_unknown_option(const struct cmd_entry *e, const struct option *longopts,
		    const char *arg, size_t len, const char *opt)
{
	const char *names[64], *near;
	char typed[64];
	size_t n = 0;

	for (; longopts[n].name != NULL && n < 64; n++)
		names[n] = longopts[n].name;
	snprintf(typed, sizeof(typed), "%.*s", (int)(len > 2 ? len - 2 : 0),
		 arg + 2);
	near = strncmp(arg, "--", 2) == 0 && len < sizeof(typed)
		   ? shut_name_nearest(typed, names, n)
		   : NULL;
	if (near != NULL)
		return util_error("%s: unknown option %s (did you mean --%s?)",
				  e->name, opt, near);
	return util_error("%s: unknown option %s", e->name, opt);
}

int
util_option_error(const struct cmd_entry *e, const struct option *longopts,
		  char **argv, int c)
{
	const char *arg = optind > 0 ? argv[optind - 1] : "";
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	const char *opt = util_shown_n(arg, len);
	int i, matches = 0;

	if (c == ':')
		return util_error("%s: option %s needs an argument", e->name,
				  opt);
	if (strncmp(arg, "--", 2) == 0 && eq != NULL && optopt != 0)
		return util_error("%s: option %s takes no argument", e->name,
				  opt);
	if (strncmp(arg, "--", 2) != 0 && optopt != 0)
		return util_error("%s: unknown option -%c", e->name, optopt);
	/* A prefix of several long options is refused as ambiguous, with
	 * the options it could be. */
	for (i = 0; len > 2 && longopts[i].name != NULL; i++)
		matches += strncmp(longopts[i].name, arg + 2, len - 2) == 0;
	if (matches > 1) {
		char which[256];
		size_t at = 0;

		which[0] = '\0';
		for (i = 0; longopts[i].name != NULL && at < sizeof(which); i++)
			if (strncmp(longopts[i].name, arg + 2, len - 2) == 0)
				at += (size_t)snprintf(
				    which + at, sizeof(which) - at, "%s--%s",
				    at ? ", " : "", longopts[i].name);
		return util_error("%s: option %s is ambiguous: %s", e->name,
				  opt, which);
	}
	return util_unknown_option(e, longopts, arg, len, opt);
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
				  util_shown(argv[optind]));
	util_usage(e, stdout);
	return CMD_EXIT_OK;
}

/*
 * Reads --open: a tile list within the tiles of the box, or, with
 * in_start, within the start set (the boards a solver knows).
 */
/*
 * The first tile that a tile list already parsed names twice ("9,9",
 * "1-5,3"), or 0.
 */
static int
util_named_twice(const char *text)
{
	uint32_t seen = 0;
	const char *s = text;

	while (*s != '\0') {
		char *end;
		long lo = strtol(s, &end, 10), hi = lo, t;

		if (end == s)
			return 0; /* "none": nothing named */
		s = end;
		if (*s == '-') {
			hi = strtol(s + 1, &end, 10);
			s = end;
		}
		for (t = lo; t <= hi && t >= 1 && t <= SHUT_TILES_MAX; t++) {
			if (seen & SHUT_TILE(t))
				return (int)t;
			seen |= SHUT_TILE(t);
		}
		s += strspn(s, ", \t");
	}
	return 0;
}

/*
 * Copies a tile list typed with blanks around its commas and dashes, or at
 * its ends ("1, 3", "1-3 "), into buf without them, as a spec's list is
 * written; a blank between two numbers ("1 3") is kept, for the parser to
 * refuse.  Returns buf, or text itself when it does not fit.
 */
static const char *
util_tiles_unblank(const char *text, char *buf, size_t len)
{
	size_t n = 0;

	for (const char *s = text; *s != '\0'; s++) {
		if (*s == ' ' || *s == '\t') {
			const char *next = s + strspn(s, " \t");

			if (n == 0 || *next == '\0' || *next == ',' ||
			    *next == '-' || buf[n - 1] == ',' ||
			    buf[n - 1] == '-')
				continue;
		}
		if (n + 1 >= len)
			return text;
		buf[n++] = *s;
	}
	buf[n] = '\0';
	return buf;
}

int
util_open(const struct shut_rules *rules, const char *text, int in_start,
	  uint32_t *open)
{
	uint32_t allowed =
	    in_start ? shut_rules_start(rules) : shut_rules_tiles(rules);
	char why[128], list[UTIL_MOVE_LEN], plain[256];
	const char *typed = text; /* quoted in a refusal as it was typed */
	uint32_t outside;
	int t;

	if (text[strspn(text, " \t")] == '\0')
		return util_error("bad --open: no tiles (name the open tiles, "
				  "or none for a shut box)");
	text = util_tiles_unblank(text, plain, sizeof(plain));
	if (shut_tiles_parse(text, open, why, sizeof(why)) < 0)
		return util_error("bad --open: %s", why);
	if ((t = util_named_twice(text)) != 0)
		return util_error("bad --open: %s: tile %d is named twice",
				  util_shown(typed), t);
	outside = *open & ~allowed;
	if (outside == 0)
		return CMD_EXIT_OK;
	for (t = 1; !(outside & SHUT_TILE(t)); t++)
		continue;
	if (!in_start)
		return util_error("bad --open: %s: tile %d is not on the box "
				  "(tiles %d-%d)",
				  util_shown(typed), t, rules->tile_lo,
				  rules->tile_hi);
	util_tiles_format(allowed, list, sizeof(list));
	return util_error("bad --open: %s: tile %d is not in the start set "
			  "(%s)",
			  util_shown(typed), t, list);
}

/*
 * Parses a spec, reporting a bad one with the library's reason and warning
 * about what of it does not do what it seems to (front_rules_warning()).
 */
int
util_rules(const char *spec, struct shut_rules *rules)
{
	char why[256];

	if (shut_rules_parse(rules, spec, why, sizeof(why)) < 0) {
		util_error("bad rules: %s", why);
		return -1;
	}
	if (util_rules_warning(rules, why, sizeof(why)))
		util_warning("%s", why);
	return 0;
}

int
util_rules_warning(const struct shut_rules *rules, char *buf, size_t len)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	return front_rules_warning(&t, rules) > 0;
}

/*
 * The formats and parsers below are the front-end layer's (front.h), under
 * the names the commands have used.
 */
void
util_dice_format(const struct shut_rules *rules, char *buf, size_t len)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	front_dice(&t, rules);
}

void
util_counts_format(unsigned choices, char *buf, size_t len)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	front_counts(&t, choices);
}

void
util_move_format(uint32_t move, char *buf, size_t len)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	front_move(&t, move);
}

void
util_tiles_format(uint32_t tiles, char *buf, size_t len)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	front_tiles(&t, tiles);
}

int
util_parse_throw(const char *text, int faces, int runs, struct shut_throw *t,
		 char *why, size_t whylen)
{
	return front_parse_throw(text, faces, runs, t, why, whylen);
}

int
util_throw_arg(const struct shut_rules *rules, uint32_t board, uint32_t open,
	       const char *text, struct shut_throw *t)
{
	char why[128], tiles[UTIL_MOVE_LEN], counts[64];
	const char *shown = util_shown(text);
	unsigned choices;

	if (text[strspn(text, " \t")] == '\0')
		return util_error("bad --throw: no faces (give them like 3,5)");
	if (util_parse_throw(text, rules->faces, 0, t, why, sizeof(why)) < 0)
		return util_error("bad --throw: %s: %s", shown, why);
	if (t->n > rules->dice)
		return util_error("bad --throw: %s: %d dice, but the rules "
				  "throw at most %d",
				  shown, t->n, rules->dice);
	if (shut_throw_check(rules, t) < 0)
		return util_error("bad --throw: %s: %s", shown,
				  shut_strerror(SHUT_ETHROW));
	choices = shut_dice_choices(rules, board);
	if (!(choices & (1u << t->n))) {
		util_tiles_format(open, tiles, sizeof(tiles));
		util_counts_format(choices, counts, sizeof(counts));
		return util_error("bad --throw: %s: %d %s not allowed with "
				  "tiles %s open (the rules allow %s)",
				  shown, t->n,
				  t->n == 1 ? "die is" : "dice are", tiles,
				  counts);
	}
	return CMD_EXIT_OK;
}

int
util_parse_move(const struct shut_rules *rules, const char *text,
		uint32_t *move, char *why, size_t whylen)
{
	return front_parse_move(rules, text, move, why, whylen);
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

int
util_output_error(const char *name)
{
	int err = errno;

	if (!ferror(stdout))
		return util_fail("out of memory");
	return util_fail("%s%scannot write the output: %s", name,
			 *name ? ": " : "", strerror(err));
}

int
util_written(const char *name, int rc)
{
	if (rc == CMD_EXIT_OK && (fflush(stdout) != 0 || ferror(stdout)))
		return util_output_error(name);
	return rc;
}

int
util_json_print(const char *name, const json_t *o)
{
	if (o == NULL)
		return util_fail("out of memory");
	if (json_dumpf(o, stdout,
		       JSON_INDENT(2) | JSON_PRESERVE_ORDER |
			   JSON_REAL_PRECISION(17)) < 0 ||
	    putchar('\n') == EOF)
		return util_output_error(name);
	return CMD_EXIT_OK;
}

/* jansson takes v even when the set fails; with no container, so do we. */
void
util_json_set(json_t *o, const char *key, json_t *v, int *bad)
{
	if (o == NULL) {
		json_decref(v);
		*bad = 1;
	} else if (json_object_set_new(o, key, v) != 0) {
		*bad = 1;
	}
}

/* jansson takes v even when the set fails; with no container, so do we. */
void
util_json_append(json_t *a, json_t *v, int *bad)
{
	if (a == NULL) {
		json_decref(v);
		*bad = 1;
	} else if (json_array_append_new(a, v) != 0) {
		*bad = 1;
	}
}

int
util_db(const char *text, const char **db)
{
	if (text[0] == '\0')
		return util_error("bad --db: an empty name");
	*db = text;
	return 0;
}

/* The program as it was run (util_set_self()). */
static const char *util_self = "shutbox";

void
util_set_self(const char *argv0)
{
	if (argv0 != NULL && argv0[0] != '\0')
		util_self = argv0;
}

/* Word w for a shell: as it is where it needs no quotes, else quoted. */
static void
util_shell_word(struct front_text *t, const char *w)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "0123456789_./+:,@%-";

	if (w[0] != '\0' && w[strspn(w, plain)] == '\0') {
		front_printf(t, "%s", w);
		return;
	}
	/* In single quotes, a ' as '\''. */
	front_printf(t, "'");
	for (const char *c = w; *c != '\0'; c++) {
		if (*c == '\'')
			front_printf(t, "'\\''");
		else
			front_printf(t, "%c", *c);
	}
	front_printf(t, "'");
}

/*
 * "shutbox VERB", the program named as it was run, with "--db PATH" where
 * db is given, each quoted for a shell where it needs it.
 */
static void
util_db_command(struct front_text *t, const char *verb, const char *db)
{
	util_shell_word(t, util_self);
	front_printf(t, " %s", verb);
	if (db != NULL) {
		front_printf(t, " --db ");
		util_shell_word(t, db);
	}
}

void
util_resume_command(char *buf, size_t len, const char *db, int64_t id)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	util_db_command(&t, "play", db);
	front_printf(&t, " --resume");
	if (id > 0)
		front_printf(&t, " %" PRId64, id);
}

void
util_game_command(char *buf, size_t len, const char *verb, const char *db,
		  int64_t id)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	util_db_command(&t, verb, db);
	front_printf(&t, " %" PRId64, id);
}

int
util_game_id(const char *what, const char *text, int64_t *id)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 ||
	    v < 1)
		return util_error("%s %s: not a game number", what,
				  util_shown(text));
	*id = (int64_t)v;
	return 0;
}

size_t
util_trim(const char **s, size_t len)
{
	while (len > 0 && (**s == ' ' || **s == '\t')) {
		(*s)++;
		len--;
	}
	while (len > 0 && ((*s)[len - 1] == ' ' || (*s)[len - 1] == '\t'))
		len--;
	return len;
}
