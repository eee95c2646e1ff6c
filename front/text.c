/*
 * text.c - text buffers, and moves, throws, tiles, dice and money as text
 * and back.
 *
 * The parsers read what a person types, so they are lenient about
 * separators (a move is "3+5", "3 5", "3,5" or, on a box of single-digit
 * tiles, "35"; a throw "3+5", "3,5", "3 5" or "35") and strict about
 * numbers: every number must be a face of the dice or a tile of the box,
 * and the reason for refusing one quotes it as typed.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"

/* ---------------------------------------------------------------------
 * Text buffers
 */

void
front_text_init(struct front_text *t, char *buf, size_t size)
{
	t->buf = buf;
	t->size = size;
	t->len = 0;
	t->cut = 0;
	if (size > 0)
		buf[0] = '\0';
}

/*
 * The length of text's first end bytes without a character cut short at
 * its end: text cut there is UTF-8 still, as JSON and a terminal need.
 */
static size_t
front_text_whole(const char *text, size_t end)
{
	const unsigned char *b = (const unsigned char *)text;
	size_t lead = end, need;

	while (lead > 0 && (b[lead - 1] & 0xC0) == 0x80)
		lead--;
	if (lead == 0)
		return end;
	need = b[lead - 1] >= 0xF0   ? 4
	       : b[lead - 1] >= 0xE0 ? 3
	       : b[lead - 1] >= 0xC0 ? 2
				     : 1;
	return end - (lead - 1) < need ? lead - 1 : end;
}

void
front_printf(struct front_text *t, const char *fmt, ...)
{
	va_list ap;
	size_t room;
	int n;

	if (t->size == 0) {
		t->cut = 1;
		return;
	}
	room = t->size - t->len;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, room, fmt, ap);
	va_end(ap);
	if (n < 0) {
		t->cut = 1;
		t->buf[t->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		t->cut = 1;
		t->len = front_text_whole(t->buf, t->size - 1);
		t->buf[t->len] = '\0';
		return;
	}
	t->len += (size_t)n;
}

/* ---------------------------------------------------------------------
 * Formatting
 */

void
front_move(struct front_text *t, uint32_t move)
{
	int tile, first = 1;

	if (move == 0) {
		front_printf(t, "nothing");
		return;
	}
	for (tile = 1; tile <= SHUT_TILES_MAX; tile++) {
		if (!(move & SHUT_TILE(tile)))
			continue;
		front_printf(t, "%s%d", first ? "" : "+", tile);
		first = 0;
	}
}

void
front_tiles(struct front_text *t, uint32_t tiles)
{
	char buf[FRONT_MOVE_LEN];

	if (shut_tiles_print(tiles, buf, sizeof(buf)) < 0)
		buf[0] = '\0';
	front_printf(t, "%s", buf);
}

void
front_tiles_and(struct front_text *t, uint32_t tiles)
{
	int tile, left = shut_tiles_count(tiles);

	for (tile = 1; tile <= SHUT_TILES_MAX; tile++) {
		if (!(tiles & SHUT_TILE(tile)))
			continue;
		left--;
		front_printf(t, "%d%s", tile,
			     left > 1	 ? ", "
			     : left == 1 ? " and "
					 : "");
	}
}

void
front_throw(struct front_text *t, const struct shut_throw *th)
{
	int i;

	for (i = 0; i < th->n && i < SHUT_DICE_MAX; i++)
		front_printf(t, "%s%d", i ? " " : "", th->face[i]);
	if (th->n > 1)
		front_printf(t, " = %d", shut_throw_total(th));
}

void
front_dice(struct front_text *t, const struct shut_rules *r)
{
	front_printf(t, "%dd%d", r->dice, r->faces);
}

int
front_counts_most(unsigned choices)
{
	int most = 0;

	for (int d = 1; d <= SHUT_DICE_MAX; d++)
		if (choices & (1u << d))
			most = d;
	return most;
}

/* "1 or 2", "1, 3 or 4", or a run of three or more as "2 to 8". */
void
front_counts(struct front_text *t, unsigned choices)
{
	int d, lo = 0, hi = 0, n = 0, left;

	for (d = 1; d <= SHUT_DICE_MAX; d++) {
		if (!(choices & (1u << d)))
			continue;
		if (lo == 0)
			lo = d;
		hi = d;
		n++;
	}
	if (n >= 3 && hi - lo + 1 == n) {
		front_printf(t, "%d to %d", lo, hi);
		return;
	}
	left = n;
	for (d = 1; d <= SHUT_DICE_MAX; d++) {
		if (!(choices & (1u << d)))
			continue;
		left--;
		front_printf(t, "%d%s", d,
			     left > 1	 ? ", "
			     : left == 1 ? " or "
					 : "");
	}
}

void
front_money_as(struct front_text *t, int64_t amount, int cents)
{
	uint64_t a =
	    amount < 0 ? (uint64_t)0 - (uint64_t)amount : (uint64_t)amount;

	if (a % 100 == 0 && !cents)
		front_printf(t, "%s%llu", amount < 0 ? "-" : "",
			     (unsigned long long)(a / 100));
	else
		front_printf(t, "%s%llu.%02llu", amount < 0 ? "-" : "",
			     (unsigned long long)(a / 100),
			     (unsigned long long)(a % 100));
}

void
front_money(struct front_text *t, int64_t cents)
{
	front_money_as(t, cents, 0);
}

void
front_sig3(struct front_text *t, double v)
{
	char buf[64];
	size_t n;
	int e;

	if (v >= 999.5) {
		front_printf(t, "%.0f", v);
		return;
	}
	/*
	 * Small figures as decimals, not 1.15e-05: 0.0000115, three digits
	 * after the rounding (9.9996e-05 is 0.000100).
	 */
	snprintf(buf, sizeof(buf), "%.2e", v);
	/* NaN and infinities have no exponent. */
	e = strchr(buf, 'e') != NULL ? atoi(strchr(buf, 'e') + 1) : 0;
	/* Within buf: 0. and 42 digits at most. */
	if (v > 0 && e < -4 && e >= -40)
		snprintf(buf, sizeof(buf), "%.*f", 2 - e, v);
	else
		snprintf(buf, sizeof(buf), "%#.3g", v);
	n = strlen(buf);
	if (n > 0 && buf[n - 1] == '.')
		buf[n - 1] = '\0';
	front_printf(t, "%s", buf);
}

double
front_battle_chance(const struct shut_game *g, double shutter)
{
	return shut_game_opener(g, g->turn) ? 1 - shutter : shutter;
}

/* A figure of a choice: v as front_sig3() shows it, a percentage when pc. */
static void
figure(struct front_figure *f, double v, int pc, const char *words,
       int words_first)
{
	struct front_text t;

	front_text_init(&t, f->value, sizeof(f->value));
	front_sig3(&t, pc ? 100 * v : v);
	if (pc)
		front_printf(&t, "%%");
	f->words = words;
	f->words_first = words_first;
}

int
front_choice_parts(const struct shut_game *g, const struct shut_choice *c,
		   double win, char *label, size_t len,
		   struct front_figure f[FRONT_FIGURES_MAX])
{
	struct front_text w;
	int n = 0;

	front_text_init(&w, label, len);
	if (c->dice == 0)
		front_move(&w, c->move);
	else
		front_printf(&w, "%d %s", c->dice,
			     c->dice == 1 ? "die" : "dice");
	if (g->rules.mode == SHUT_MODE_BATTLE) {
		figure(&f[n++], front_battle_chance(g, c->v.value), 1, "to win",
		       0);
		return n;
	}
	figure(&f[n++], c->v.shut, 1, "to shut", 0);
	figure(&f[n++], c->v.expected, 0, "expected score", 1);
	if (!isnan(win))
		figure(&f[n++], win, 1, "to win", 0);
	return n;
}

void
front_choice(struct front_text *t, const struct shut_game *g,
	     const struct shut_choice *c, double win)
{
	char what[FRONT_MOVE_LEN + 16];
	struct front_figure f[FRONT_FIGURES_MAX];
	int n = front_choice_parts(g, c, win, what, sizeof(what), f);

	front_printf(t, "%-12s ", what);
	for (int i = 0; i < n; i++)
		front_printf(t, "%s%s %s", i ? ", " : "",
			     f[i].words_first ? f[i].words : f[i].value,
			     f[i].words_first ? f[i].value : f[i].words);
}

void
front_dice_typed(struct front_text *t, int typed, unsigned wanted, int faces)
{
	static const int like[] = { 3, 5, 2, 6, 1, 4, 2, 5 };
	int most = front_counts_most(wanted);

	front_printf(t, "that is %d %s; type the %s of ", typed,
		     typed == 1 ? "face" : "faces",
		     wanted == 2u ? "face" : "faces");
	front_counts(t, wanted);
	front_printf(t, " %s, like", wanted == 2u ? "die" : "dice");
	/* Faces these dice have (a d4 has no 5). */
	for (int i = 0; i < most && i < 8; i++)
		front_printf(t, " %d",
			     faces > 1 ? (like[i] - 1) % faces + 1 : 1);
}

/* ---------------------------------------------------------------------
 * Parsing
 */

/*
 * Splits the first n bytes of text (or all of it, up to its NUL) into
 * tokens of characters that are not separators, calling fn on each with
 * its length.  Returns what fn returned when that was non-zero, else 0.
 */
static int
each_token(const char *text, size_t n, const char *seps,
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
 * Writes into why a token quoted as typed (escaped, at most 20 characters)
 * and the reason after it.
 */
static void
why_token(char *why, size_t whylen, const char *tok, size_t len,
	  const char *reason)
{
	struct front_text t;

	front_text_init(&t, why, whylen);
	front_printf(&t, "'");
	front_escaped(&t, tok, len, 20);
	front_printf(&t, "' %s", reason);
}

/*
 * Reads a token of digits as a number, at most 9999 (anything larger is as
 * wrong as 9999, and is reported as typed).  Returns -1 when the token is
 * not all digits.
 */
static int
token_number(const char *tok, size_t len)
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
token_run(const char *tok, size_t len)
{
	return len > 1 && memchr(tok, '0', len) == NULL;
}

/* The state of front_parse_throw() while it reads the tokens. */
struct throw_parse {
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
throw_add(struct throw_parse *tp, int face, const char *tok, size_t len)
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
throw_token(void *ctx, const char *tok, size_t len)
{
	struct throw_parse *tp = ctx;
	int v = token_number(tok, len);
	size_t i;

	if (v < 0) {
		why_token(tp->why, tp->whylen, tok, len, "is not a number");
		return -1;
	}
	/* Longer than the most dice there can be: one number, as typed. */
	if (!tp->runs || tp->faces >= 10 || !token_run(tok, len) ||
	    len > SHUT_DICE_MAX)
		return throw_add(tp, v, tok, len);
	for (i = 0; i < len; i++)
		if (throw_add(tp, tok[i] - '0', tok + i, 1) < 0)
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
front_parse_throw(const char *text, int faces, int runs, struct shut_throw *t,
		  char *why, size_t whylen)
{
	struct throw_parse tp = {
		.faces = faces,
		.runs = runs,
		.t = t,
		.why = why,
		.whylen = whylen,
	};
	static const char blanks[] = " \t\r\n+";
	const char *s = text;

	memset(t, 0, sizeof(*t));
	if (text[strspn(text, blanks)] == '\0') {
		snprintf(why, whylen, "no dice: type the faces, like 3 5");
		return -1;
	}
	for (;;) {
		size_t len = strcspn(s, ",");

		if (len == strspn(s, blanks)) {
			snprintf(why, whylen,
				 "a face is missing next to a comma");
			return -1;
		}
		if (each_token(s, len, blanks, throw_token, &tp) != 0)
			return -1;
		s += len;
		if (*s == '\0')
			break;
		s++;
	}
	return 0;
}

/* The state of front_parse_move() while it reads the tokens. */
struct move_parse {
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
move_add(struct move_parse *mp, int tile, const char *tok, size_t len)
{
	const struct shut_rules *r = mp->rules;
	int joined = r->tile_hi >= 10 && len <= 4 && token_run(tok, len);

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
move_token(void *ctx, const char *tok, size_t len)
{
	struct move_parse *mp = ctx;
	int v = token_number(tok, len);
	size_t i;

	if (v < 0) {
		why_token(mp->why, mp->whylen, tok, len,
			  "is not a tile number (type tiles like 3+5)");
		return -1;
	}
	if (mp->rules->tile_hi >= 10 || !token_run(tok, len))
		return move_add(mp, v, tok, len);
	for (i = 0; i < len; i++)
		if (move_add(mp, tok[i] - '0', tok + i, 1) < 0)
			return -1;
	return 0;
}

/*
 * Whether every '+' and ',' of a move stands between two tiles, as a
 * throw's commas must ("3,,4", "+7" and "7+" are refused): -1 with the
 * reason if not.  Blanks alone may separate tiles too.
 */
static int
move_marks(const char *text, char *why, size_t whylen)
{
	int tile_before = 0;
	char mark = 0;

	for (const char *s = text; *s != '\0'; s++) {
		if (strchr(" \t\r\n", *s))
			continue;
		if (*s != '+' && *s != ',') {
			tile_before = 1;
			mark = 0;
			continue;
		}
		if (!tile_before) {
			snprintf(why, whylen, "a tile is missing before '%c'",
				 *s);
			return -1;
		}
		tile_before = 0;
		mark = *s;
	}
	if (mark) {
		snprintf(why, whylen, "a tile is missing after '%c'", mark);
		return -1;
	}
	return 0;
}

/*
 * Reads a move from text, tile by tile, stopping at the first bad token
 * with its reason.
 */
int
front_parse_move(const struct shut_rules *rules, const char *text,
		 uint32_t *move, char *why, size_t whylen)
{
	struct move_parse mp = {
		.rules = rules,
		.move = 0,
		.why = why,
		.whylen = whylen,
	};

	if (each_token(text, SIZE_MAX, "+, \t\r\n", move_token, &mp) != 0 ||
	    (mp.move != 0 && move_marks(text, why, whylen) != 0))
		return -1;
	if (mp.move == 0) {
		snprintf(why, whylen, "no tiles named");
		return -1;
	}
	*move = mp.move;
	return 0;
}
