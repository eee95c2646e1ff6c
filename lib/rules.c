/*
 * rules.c - rule sets: the spec parser and printer, the checks.
 *
 * A spec is read item by item onto a rule set that starts as the classic
 * game, so that an empty spec, "classic" and a spec of bare key=value items
 * all begin from the same place.  A first item without '=' names a preset,
 * whose own spec is read in its place before the rest (a preset may itself
 * begin with an earlier preset's name).  Each key=value item is checked on
 * its own as it is read, so that a bad value is reported exactly as the user
 * wrote it; the checks that need the whole rule set (a start set inside the
 * tiles, first-throw inside the start set, until-shut with shut=win, digits
 * that fit in 64 bits) run once at the end, in shut_rules_check(), because
 * later items may change what earlier ones mean ("start=odd tiles=1-12").
 *
 * The codes follow what is wrong at the level of the spec: SHUT_ESYNTAX for
 * an item that is not key=value, SHUT_EKEY and SHUT_EPRESET for names,
 * SHUT_EVALUE for any value malformed or out of range (a start list too),
 * and the codes of the whole-set checks after that.  shut_tiles_parse() on
 * its own reports a bad list as SHUT_ETILES.
 *
 * A key's value is read and written by keys.c, from the table of the keys
 * (name, kind, words, bounds, the word that means none), so that parsing,
 * printing and the messages agree and the print order is the order of
 * docs/contract.md section 2.  This file splits a spec into items and presets,
 * checks the whole rule set, and holds the helpers both files share
 * (rules.h).  Nothing here allocates; the only output is snprintf() into
 * the caller's buffers.
 */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "shut_error.h"
#include "shut_rules.h"
#include "rules.h"

/* Presets nest one level in docs/contract.md; this only stops a cycle. */
#define PRESET_DEPTH_MAX 8

/* Tile t is odd when bit t - 1 is even. */
#define ODD_TILES  UINT32_C(0x55555555)
#define EVEN_TILES UINT32_C(0xAAAAAAAA)

/* ---------------------------------------------------------------------
 * Small helpers, shared with keys.c: messages, output, numbers.  They are
 * described in rules.h.
 */

int
shut__fail(char *why, size_t whylen, int code, const char *fmt, ...)
{
	va_list ap;

	if (why != NULL && whylen > 0) {
		va_start(ap, fmt);
		vsnprintf(why, whylen, fmt, ap);
		va_end(ap);
	}
	return code;
}

/* The letters s[i] and w[j] are the same but for case. */
static int
same_letter(char a, char b)
{
	return tolower((unsigned char)a) == tolower((unsigned char)b);
}

/*
 * The edits from s[0..n) to w: letters missing, added or wrong, and two
 * letters side by side swapped, each one edit (a slip of the keyboard).
 */
int
shut__edits(const char *s, size_t n, const char *w, int limit)
{
	int rows[3][32], *back, *last, *row, i, j, d;
	int m = (int)strlen(w);

	if (n >= 32 || m >= 32)
		return limit + 1;
	for (j = 0; j <= m; j++)
		rows[1][j] = j;
	for (i = 1; i <= (int)n; i++) {
		back = rows[(i + 2) % 3];
		last = rows[i % 3];
		row = rows[(i + 1) % 3];
		row[0] = i;
		for (j = 1; j <= m; j++) {
			d = last[j - 1] + !same_letter(s[i - 1], w[j - 1]);
			if (row[j - 1] + 1 < d)
				d = row[j - 1] + 1;
			if (last[j] + 1 < d)
				d = last[j] + 1;
			if (i > 1 && j > 1 && same_letter(s[i - 1], w[j - 2]) &&
			    same_letter(s[i - 2], w[j - 1]) &&
			    back[j - 2] + 1 < d)
				d = back[j - 2] + 1;
			row[j] = d;
		}
	}
	return rows[((int)n + 1) % 3][m];
}

/*
 * Keeps in *near the name w when it is nearer to s[0..n) than *best edits
 * (a misspelt name: one or two letters wrong), for "did you mean".
 */
static void
nearer(const char *s, size_t n, const char *w, const char **near, int *best)
{
	int d = shut__edits(s, n, w, *best);

	if (d < *best) {
		*best = d;
		*near = w;
	}
}

void
shut__out_printf(struct shut__out *o, const char *fmt, ...)
{
	va_list ap;
	size_t room = o->pos < o->len ? o->len - o->pos : 0;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(room > 0 ? o->buf + o->pos : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->pos += (size_t)n;
}

int
shut__out_result(const struct shut__out *o)
{
	if (o->len > 0 && o->pos == 0)
		o->buf[0] = '\0';
	return o->pos > INT_MAX ? INT_MAX : (int)o->pos;
}

/*
 * Reads s[0..n) as a plain decimal number: digits only, no sign, at least
 * one digit.  A number too large for unsigned long long saturates, so that
 * the caller's range check refuses it like any other large value.  Returns
 * 0, or -1 when the text is not a number.
 */
int
shut__parse_number(const char *s, size_t n, unsigned long long *v)
{
	unsigned long long x = 0;
	size_t i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		unsigned d;

		if (s[i] < '0' || s[i] > '9')
			return -1;
		d = (unsigned)(s[i] - '0');
		if (x > (ULLONG_MAX - d) / 10)
			x = ULLONG_MAX;
		else
			x = x * 10 + d;
	}
	*v = x;
	return 0;
}

/*
 * Reads "A<sep>B" from s[0..n) as two numbers.  Returns 0, or -1 when the
 * text has another shape.
 */
int
shut__parse_pair(const char *s, size_t n, char sep, unsigned long long *a,
		 unsigned long long *b)
{
	const char *p = memchr(s, sep, n);
	size_t left;

	if (p == NULL)
		return -1;
	left = (size_t)(p - s);
	if (shut__parse_number(s, left, a) < 0 ||
	    shut__parse_number(p + 1, n - left - 1, b) < 0)
		return -1;
	return 0;
}

/* ---------------------------------------------------------------------
 * Tile lists.
 */

/*
 * Reads a tile list s[0..n) into *tiles.  A failure is reported as
 * "ITEM: reason" with the given item and code, so that the same reader
 * serves shut_tiles_parse() and the start= key of a spec.
 */
int
shut__tiles_read(const char *s, size_t n, uint32_t *tiles, const char *item,
		 size_t itemlen, int code, char *why, size_t whylen)
{
	uint32_t set = 0;
	size_t i = 0;

	if (n == 0 || shut__is_word(s, n, "none")) {
		*tiles = 0;
		return 0;
	}
	for (;;) {
		const char *part = s + i;
		const char *comma = memchr(part, ',', n - i);
		size_t plen = comma ? (size_t)(comma - part) : n - i;
		unsigned long long lo, hi;

		if (plen == 0)
			return shut__fail(
			    why, whylen, code,
			    "%.*s: a tile is missing next to a comma",
			    shut__prec(itemlen), item);
		if (shut__parse_number(part, plen, &lo) == 0) {
			hi = lo;
		} else if (shut__parse_pair(part, plen, '-', &lo, &hi) < 0) {
			return shut__fail(
			    why, whylen, code,
			    "%.*s: '%.*s' is not a tile number or a "
			    "range LO-HI",
			    shut__prec(itemlen), item, shut__prec(plen), part);
		}
		if (lo < 1 || lo > SHUT_TILES_MAX || hi < 1 ||
		    hi > SHUT_TILES_MAX)
			return shut__fail(
			    why, whylen, code,
			    "%.*s: tiles are numbered 1 to %d, not "
			    "'%.*s'",
			    shut__prec(itemlen), item, SHUT_TILES_MAX,
			    shut__prec(plen), part);
		if (lo > hi)
			return shut__fail(why, whylen, code,
					  "%.*s: the range '%.*s' goes down",
					  shut__prec(itemlen), item,
					  shut__prec(plen), part);
		for (; lo <= hi; lo++)
			set |= SHUT_TILE((unsigned)lo);
		if (comma == NULL)
			break;
		i += plen + 1;
	}
	*tiles = set;
	return 0;
}

/*
 * Reads a tile list such as "1,3,5-9", "none" or "".  On failure *tiles is
 * left alone.
 */
int
shut_tiles_parse(const char *text, uint32_t *tiles, char *why, size_t whylen)
{
	if (text == NULL || tiles == NULL)
		return shut__fail(why, whylen, SHUT_EINVAL,
				  "no tile list given");
	return shut__tiles_read(text, strlen(text), tiles, text, strlen(text),
				SHUT_ETILES, why, whylen);
}

/*
 * Appends a tile list: increasing order, runs of three or more as LO-HI,
 * "none" for the empty set.
 */
void
shut__out_tiles(struct shut__out *o, uint32_t tiles)
{
	int t = 1;
	const char *sep = "";

	if (tiles == 0) {
		shut__out_printf(o, "none");
		return;
	}
	while (t <= SHUT_TILES_MAX) {
		int end = t;

		if (!(tiles & SHUT_TILE(t))) {
			t++;
			continue;
		}
		while (end < SHUT_TILES_MAX && (tiles & SHUT_TILE(end + 1)))
			end++;
		if (end - t >= 2)
			shut__out_printf(o, "%s%d-%d", sep, t, end);
		else if (end > t)
			shut__out_printf(o, "%s%d,%d", sep, t, end);
		else
			shut__out_printf(o, "%s%d", sep, t);
		sep = ",";
		t = end + 1;
	}
}

/* Writes a tile list, as snprintf() does. */
int
shut_tiles_print(uint32_t tiles, char *buf, size_t len)
{
	struct shut__out o = { buf, buf == NULL ? 0 : len, 0 };

	if (buf == NULL && len > 0)
		return SHUT_EINVAL;
	shut__out_tiles(&o, tiles);
	return shut__out_result(&o);
}

/* The number of tiles in a mask. */
int
shut_tiles_count(uint32_t tiles)
{
	int n = 0;

	while (tiles != 0) {
		tiles &= tiles - 1;
		n++;
	}
	return n;
}

/* The sum of the tile numbers in a mask. */
int
shut_tiles_sum(uint32_t tiles)
{
	int t, sum = 0;

	for (t = 1; t <= SHUT_TILES_MAX; t++)
		if (tiles & SHUT_TILE(t))
			sum += t;
	return sum;
}

/* ---------------------------------------------------------------------
 * The masks of a rule set.
 */

/*
 * The tiles tile_lo..tile_hi.  Out-of-range bounds (in a rule set built by
 * hand and not yet checked) are clipped rather than shifted too far.
 */
uint32_t
shut_rules_tiles(const struct shut_rules *rules)
{
	int lo, hi;
	uint32_t upto_hi, below_lo;

	if (rules == NULL)
		return 0;
	lo = rules->tile_lo < 1 ? 1 : rules->tile_lo;
	hi = rules->tile_hi > SHUT_TILES_MAX ? SHUT_TILES_MAX : rules->tile_hi;
	if (lo > hi)
		return 0;
	upto_hi =
	    hi == SHUT_TILES_MAX ? UINT32_MAX : SHUT_TILE(hi + 1) - UINT32_C(1);
	below_lo = SHUT_TILE(lo) - UINT32_C(1);
	return upto_hi & ~below_lo;
}

/*
 * The start set, with odd and even resolved against the tiles.  A listed
 * start set is returned as listed; the checks see to it that it lies within
 * the tiles.
 */
uint32_t
shut_rules_start(const struct shut_rules *rules)
{
	uint32_t tiles = shut_rules_tiles(rules);

	if (rules == NULL)
		return 0;
	switch (rules->start) {
	case SHUT_START_ALL:
		return tiles;
	case SHUT_START_ODD:
		return tiles & ODD_TILES;
	case SHUT_START_EVEN:
		return tiles & EVEN_TILES;
	case SHUT_START_LIST:
		return rules->start_list;
	}
	return 0;
}

int
shut_rules_rounds_end(const struct shut_rules *rules)
{
	if (rules == NULL || rules->mode == SHUT_MODE_BATTLE ||
	    rules->until != 0 || rules->eliminate != 0)
		return 0;
	return rules->rounds;
}

/* ---------------------------------------------------------------------
 * The checks of a whole rule set.
 */

/*
 * The digits score of the whole start set (its tiles written in increasing
 * order as one decimal number), the largest a turn can score.  Returns 0
 * when it fits in 64 bits, -1 when it does not.
 */
static int
digits_fit(uint32_t start)
{
	uint64_t v = 0;
	int t;

	for (t = 1; t <= SHUT_TILES_MAX; t++) {
		uint64_t scale = t < 10 ? 10 : 100;

		if (!(start & SHUT_TILE(t)))
			continue;
		if (v > (UINT64_MAX - (uint64_t)t) / scale)
			return -1;
		v = v * scale + (uint64_t)t;
	}
	return 0;
}

/*
 * The range of each field, for rule sets built by hand.  The reasons match
 * the parser's, with the item written from the field's value.
 */
static int
check_fields(const struct shut_rules *r, char *why, size_t whylen)
{
	size_t i;

	if (r->tile_lo < 1 || r->tile_lo > SHUT_TILES_MAX)
		return shut__fail(
		    why, whylen, SHUT_EVALUE,
		    "tiles=%d-%d: the lowest tile must be between 1 "
		    "and %d",
		    r->tile_lo, r->tile_hi, SHUT_TILES_MAX);
	if (r->tile_hi < 1 || r->tile_hi > SHUT_TILES_MAX)
		return shut__fail(
		    why, whylen, SHUT_EVALUE,
		    "tiles=%d-%d: the highest tile must be between 1 "
		    "and %d",
		    r->tile_lo, r->tile_hi, SHUT_TILES_MAX);
	if (r->tile_lo > r->tile_hi)
		return shut__fail(
		    why, whylen, SHUT_EVALUE,
		    "tiles=%d-%d: the lowest tile is above the highest",
		    r->tile_lo, r->tile_hi);
	if ((unsigned)r->start > SHUT_START_LIST)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "start: %d is not a kind of start set",
				  (int)r->start);
	if (r->dice < 1 || r->dice > SHUT_DICE_MAX)
		return shut__fail(
		    why, whylen, SHUT_EVALUE,
		    "dice=%dd%d: the number of dice must be between 1 "
		    "and %d",
		    r->dice, r->faces, SHUT_DICE_MAX);
	if (r->faces < 2 || r->faces > SHUT_FACES_MAX)
		return shut__fail(
		    why, whylen, SHUT_EVALUE,
		    "dice=%dd%d: the number of faces must be between "
		    "2 and %d",
		    r->dice, r->faces, SHUT_FACES_MAX);
	if ((unsigned)r->move > SHUT_MOVE_ONE_TILE)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "move: %d is not a move rule", (int)r->move);
	if (r->move == SHUT_MOVE_UP_TO &&
	    (r->move_max < 1 || r->move_max > SHUT_TILES_MAX))
		return shut__fail(
		    why, whylen, SHUT_EVALUE,
		    "move=up-to-%d: K of up-to-K must be between 1 "
		    "and %d",
		    r->move_max, SHUT_TILES_MAX);
	for (i = 0; i < NKEYS; i++) {
		const struct shut_rule_key *k = &shut__keys[i];
		long v = shut__key_get(r, KEY_OF(k));

		if (k->kind == SHUT_KEY_WORD &&
		    (v < 0 || v >= shut__word_count(k->words)))
			return shut__fail(why, whylen, SHUT_EVALUE,
					  "%s: %ld is not one of its values",
					  k->name, v);
		if ((k->kind == SHUT_KEY_NUMBER || k->kind == SHUT_KEY_MONEY) &&
		    (v < 0 || (v > 0 && v < k->min) || v > k->max))
			return shut__fail(
			    why, whylen, SHUT_EVALUE,
			    "%s=%ld: %s must be %s or a whole number%s from "
			    "%ld to %ld",
			    k->name, v, k->name, k->zero,
			    k->kind == SHUT_KEY_MONEY ? " of cents" : "",
			    k->min, k->max);
	}
	return 0;
}

/*
 * The start set as its key is written, for the reasons that quote it; made
 * only for a reason, so that a game's check of its rules (every new game)
 * formats nothing.
 */
static void
start_words(const struct shut_rules *rules, char *list, size_t len)
{
	if (rules->start == SHUT_START_LIST)
		shut_tiles_print(rules->start_list, list, len);
	else
		snprintf(list, len, "%s",
			 shut__keys[KEY_START].words[rules->start]);
}

/*
 * Verifies the invariants of shut_rules.h: first each field's range, then
 * the start set, first-throw, until-shut and digits, in that order.
 */
int
shut_rules_check(const struct shut_rules *rules, char *why, size_t whylen)
{
	char list[128];
	uint32_t tiles, start;
	int rc;

	if (rules == NULL)
		return shut__fail(why, whylen, SHUT_EINVAL,
				  "no rule set given");
	rc = check_fields(rules, why, whylen);
	if (rc < 0)
		return rc;

	tiles = shut_rules_tiles(rules);
	start = shut_rules_start(rules);
	if (start == 0 || (start & ~tiles) ||
	    (rules->first_throw != 0 &&
	     !(start & SHUT_TILE(rules->first_throw))))
		start_words(rules, list, sizeof(list));
	if (start == 0)
		return shut__fail(
		    why, whylen, SHUT_ESTART,
		    "start=%s: the start set is empty with tiles=%d-%d", list,
		    rules->tile_lo, rules->tile_hi);
	if (start & ~tiles) {
		/* Which tiles, where not all: the list is restated, maybe
		 * not as typed (1-9,10 as 1-10). */
		uint32_t off = start & ~tiles;
		char out[128];

		shut_tiles_print(off, out, sizeof(out));
		return shut__fail(why, whylen, SHUT_ESTART,
				  "start=%s: the start set must be within "
				  "tiles=%d-%d%s%s%s",
				  list, rules->tile_lo, rules->tile_hi,
				  off == start ? "" : ", and ",
				  off == start ? "" : out,
				  off == start	    ? ""
				  : off & (off - 1) ? " are not"
						    : " is not");
	}
	if (rules->first_throw != 0 && !(start & SHUT_TILE(rules->first_throw)))
		return shut__fail(
		    why, whylen, SHUT_EFIRST,
		    "first-throw=%d: tile %d is not in the start set "
		    "(start=%s)",
		    rules->first_throw, rules->first_throw, list);
	if (rules->rounds == 0 && rules->shut != SHUT_SHUT_WIN)
		return shut__fail(
		    why, whylen, SHUT_EUNTILSHUT,
		    "rounds=until-shut: needs shut=win, not shut=zero");
	/* A box that can never be shut would make such a game endless. */
	if (rules->rounds == 0 && shut_rules_unreachable(rules) != 0) {
		shut_tiles_print(shut_rules_unreachable(rules), list,
				 sizeof(list));
		return shut__fail(
		    why, whylen, SHUT_EUNTILSHUT,
		    "rounds=until-shut: %s %s can never be shut "
		    "under these rules, so the game would never end",
		    strpbrk(list, ",-") != NULL ? "tiles" : "tile", list);
	}
	if ((rc = shut__endless(rules, why, whylen)) != 0)
		return rc;
	if (rules->score == SHUT_SCORE_DIGITS && digits_fit(start) < 0) {
		shut_tiles_print(start, list, sizeof(list));
		return shut__fail(why, whylen, SHUT_EDIGITS,
				  "score=digits: the start set %s read as one "
				  "number does not fit in 64 bits",
				  list);
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * Reading a spec.
 */

/*
 * Applies one key=value item: the key is looked up here, its value read by
 * keys.c.
 */
static int
read_item(struct shut_rules *r, const char *item, size_t itemlen, char *why,
	  size_t whylen)
{
	const char *eq = memchr(item, '=', itemlen);
	size_t keylen = (size_t)(eq - item);
	const char *v = eq + 1;
	size_t n = itemlen - keylen - 1;
	const struct shut_rule_key *k = NULL;
	size_t i;

	if (keylen == 0)
		return shut__fail(
		    why, whylen, SHUT_ESYNTAX,
		    "%.*s: an item is key=value, and the key is missing",
		    shut__prec(itemlen), item);
	for (i = 0; i < NKEYS; i++) {
		if (shut__is_word(item, keylen, shut__keys[i].name)) {
			k = &shut__keys[i];
			break;
		}
	}
	if (k == NULL) {
		const char *near = NULL;
		int best = 3;

		for (i = 0; i < shut_preset_count(); i++)
			if (shut__is_word(item, keylen,
					  shut_preset_at(i)->name))
				return shut__fail(
				    why, whylen, SHUT_EKEY,
				    "%.*s: %s is a preset, not a key: name it "
				    "first and alone, as in '%s tiles=1-12'",
				    shut__prec(itemlen), item,
				    shut_preset_at(i)->name,
				    shut_preset_at(i)->name);
		for (i = 0; i < NKEYS; i++)
			nearer(item, keylen, shut__keys[i].name, &near, &best);
		return shut__fail(why, whylen, SHUT_EKEY,
				  "%.*s: unknown key '%.*s'%s%s%s",
				  shut__prec(itemlen), item, shut__prec(keylen),
				  item, near ? " (did you mean " : "",
				  near ? near : "", near ? "?)" : "");
	}
	if (n == 0)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: the value is missing",
				  shut__prec(itemlen), item);

	return shut__key_read(r, k, item, itemlen, v, n, why, whylen);
}

/* Whether c separates the items of a spec. */
static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

/*
 * A key named without a value, where a preset was looked for: its value
 * so far (classic's, unless a preset before it set one) as the example.
 */
static int
key_alone(const struct shut_rules *r, const struct shut_rule_key *k, char *why,
	  size_t whylen)
{
	char value[64];

	if (shut_rules_key_print(r, k, value, sizeof(value)) < 0)
		value[0] = '\0';
	return shut__fail(why, whylen, SHUT_EPRESET,
			  "%s: a key with no value: give it one, as in %s=%s",
			  k->name, k->name, value);
}

/*
 * Reads the items of a spec onto *r, which already holds the rule set to
 * start from.  A preset named first is read in its place, one level deeper.
 */
static int
read_spec(struct shut_rules *r, const char *spec, int depth, char *why,
	  size_t whylen)
{
	const char *p = spec;
	int first = 1;

	for (;;) {
		const char *item;
		size_t len;
		int rc;

		while (is_space(*p))
			p++;
		if (*p == '\0')
			return 0;
		item = p;
		while (*p != '\0' && !is_space(*p))
			p++;
		len = (size_t)(p - item);

		if (memchr(item, '=', len) != NULL) {
			rc = read_item(r, item, len, why, whylen);
		} else {
			const struct shut_preset *pre = NULL;
			size_t i;

			for (i = 0; i < shut_preset_count(); i++)
				if (shut__is_word(item, len,
						  shut_preset_at(i)->name))
					pre = shut_preset_at(i);
			if (pre != NULL && !first)
				return shut__fail(
				    why, whylen, SHUT_EPRESET,
				    "%.*s: one preset only, and first",
				    shut__prec(len), item);
			for (i = 0; pre == NULL && i < NKEYS; i++)
				if (shut__is_word(item, len,
						  shut__keys[i].name))
					return key_alone(r, &shut__keys[i], why,
							 whylen);
			if (pre == NULL && !first)
				return shut__fail(
				    why, whylen, SHUT_EPRESET,
				    "%.*s: not key=value, and only the "
				    "first item may name a preset",
				    shut__prec(len), item);
			if (pre == NULL) {
				const char *near = NULL;
				int best = 3;

				for (i = 0; i < shut_preset_count(); i++)
					nearer(item, len,
					       shut_preset_at(i)->name, &near,
					       &best);
				return shut__fail(
				    why, whylen, SHUT_EPRESET,
				    "%.*s: unknown preset '%.*s'%s%s%s",
				    shut__prec(len), item, shut__prec(len),
				    item, near ? " (did you mean " : "",
				    near ? near : "", near ? "?)" : "");
			}
			if (depth >= PRESET_DEPTH_MAX)
				return shut__fail(
				    why, whylen, SHUT_EPRESET,
				    "%.*s: presets nest too deeply",
				    shut__prec(len), item);
			rc = read_spec(r, pre->spec, depth + 1, why, whylen);
		}
		if (rc < 0)
			return rc;
		first = 0;
	}
}

/*
 * A check of spec refused "KEY=VALUE: ..." in why: where KEY was not
 * typed but set by the preset spec names first (lucky-7's start=7 beside
 * tiles=1-6), the reason says so, since the item named was not typed.
 */
static void
blame_preset(const char *spec, char *why, size_t whylen)
{
	size_t klen = strcspn(why, "="), len, i;
	const struct shut_preset *pre = NULL;
	char key[32];
	const char *p = spec, *item;
	int first = 1;

	if (why[klen] != '=')
		return;
	for (;;) {
		while (is_space(*p))
			p++;
		if (*p == '\0')
			break;
		item = p;
		while (*p != '\0' && !is_space(*p))
			p++;
		len = (size_t)(p - item);
		/* Typed: the reason names what was typed. */
		if (len > klen && item[klen] == '=' &&
		    strncmp(item, why, klen) == 0)
			return;
		for (i = 0; first && i < shut_preset_count(); i++)
			if (shut__is_word(item, len, shut_preset_at(i)->name))
				pre = shut_preset_at(i);
		first = 0;
	}
	len = strlen(why);
	if (pre != NULL && len < whylen && klen < sizeof(key)) {
		memcpy(key, why, klen);
		key[klen] = '\0';
		snprintf(why + len, whylen - len, " (%s sets %s: give %s= too)",
			 pre->name, key, key);
	}
}

/*
 * Reads a spec onto the classic rule set, then checks the whole.  An empty
 * or blank spec is thus the classic game.
 */
int
shut_rules_parse(struct shut_rules *rules, const char *spec, char *why,
		 size_t whylen)
{
	int rc;

	if (rules == NULL || spec == NULL)
		return shut__fail(why, whylen, SHUT_EINVAL, "no spec given");
	/* The classic preset spells out every key: read it first. */
	memset(rules, 0, sizeof(*rules));
	rc = read_spec(rules, shut_preset_at(0)->spec, 0, why, whylen);
	if (rc == 0)
		rc = read_spec(rules, spec, 0, why, whylen);
	if (rc < 0)
		return rc;
	rc = shut_rules_check(rules, why, whylen);
	/* A start set or first throw of the preset's, against tiles typed. */
	if ((rc == SHUT_ESTART || rc == SHUT_EFIRST) && why != NULL &&
	    whylen > 0)
		blame_preset(spec, why, whylen);
	return rc;
}

/* ---------------------------------------------------------------------
 * Printing and comparing.
 */

/*
 * Writes every key in the order of docs/contract.md section 2.  start keeps the
 * form it was given in (all, odd, even or a list), which parses back to the
 * same start set.
 */
int
shut_rules_print(const struct shut_rules *rules, char *buf, size_t len)
{
	struct shut__out o = { buf, buf == NULL ? 0 : len, 0 };
	size_t i;

	if (rules == NULL || (buf == NULL && len > 0))
		return SHUT_EINVAL;
	for (i = 0; i < NKEYS; i++) {
		shut__out_printf(&o, "%s%s=", i == 0 ? "" : " ",
				 shut__keys[i].name);
		shut__key_out(&o, rules, &shut__keys[i]);
	}
	return shut__out_result(&o);
}

/*
 * Sets one key as the item key=value of a spec would, on a copy that is
 * checked whole before it replaces *rules.
 */
int
shut_rules_set(struct shut_rules *rules, const char *key, const char *value,
	       char *why, size_t whylen)
{
	struct shut_rules r;
	char item[256];
	int n, rc;

	if (rules == NULL || key == NULL || value == NULL)
		return shut__fail(why, whylen, SHUT_EINVAL,
				  "no rule set given");
	n = snprintf(item, sizeof(item), "%s=%s", key, value);
	if (n < 0 || (size_t)n >= sizeof(item))
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.40s: value too long", key);
	if (strchr(key, '=') != NULL || strpbrk(item, " \t\n\r\v\f"))
		return shut__fail(why, whylen, SHUT_ESYNTAX,
				  "%s: one key and its value, without blanks",
				  item);
	r = *rules;
	if ((rc = read_item(&r, item, (size_t)n, why, whylen)) < 0 ||
	    (rc = shut_rules_check(&r, why, whylen)) < 0)
		return rc;
	*rules = r;
	return 0;
}

/*
 * Two rule sets are equal when they play the same game: the start sets are
 * compared as resolved masks, so start=all and start=1-9 on tiles 1-9 are
 * equal, and move_max counts only under move=up-to-K.  Every other field is
 * compared as it is.
 */
int
shut_rules_equal(const struct shut_rules *a, const struct shut_rules *b)
{
	if (a == NULL || b == NULL)
		return 0;
	if (a->move != b->move ||
	    (a->move == SHUT_MOVE_UP_TO && a->move_max != b->move_max))
		return 0;
	return a->tile_lo == b->tile_lo && a->tile_hi == b->tile_hi &&
	       shut_rules_start(a) == shut_rules_start(b) &&
	       a->dice == b->dice && a->faces == b->faces &&
	       a->fewer == b->fewer && a->fewer_forced == b->fewer_forced &&
	       a->first_throw == b->first_throw &&
	       a->first_miss == b->first_miss && a->bust == b->bust &&
	       a->score == b->score && a->shut == b->shut &&
	       a->rounds == b->rounds && a->until == b->until &&
	       a->eliminate == b->eliminate && a->stake == b->stake &&
	       a->mode == b->mode;
}
