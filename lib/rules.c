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
 * The keys are a table (name, kind, help, bounds, the word that means
 * "none"; keys.c), so that parsing, printing and the messages agree and
 * the print order is the order of RULES.md section 2.  Nothing here allocates; the only output is
 * snprintf() into the caller's buffers.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "shut_error.h"
#include "shut_rules.h"
#include "keys.h"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* Presets nest one level in RULES.md; this only stops a cycle. */
#define PRESET_DEPTH_MAX 8

/* Tile t is odd when bit t - 1 is even. */
#define ODD_TILES  UINT32_C(0x55555555)
#define EVEN_TILES UINT32_C(0xAAAAAAAA)

/* ---------------------------------------------------------------------
 * The keys of a spec, in the order of RULES.md section 2.
 *
 * A key is a word from a list (the list index is the enum value), a
 * number or an amount of money with a word that means 0 ("none", "any",
 * "until-shut"), or one of four keys with a shape of its own.  The table
 * of the keys is public (shut_rule_key_at()) and lives in keys.c.
 */


/*
 * The value of a word or number key as a long.  The enums and ints of
 * struct shut_rules are reached through this one switch rather than through
 * pointers, since an enum's storage type is the compiler's choice.
 */
static long
key_get(const struct shut_rules *r, enum key_id id)
{
	switch (id) {
	case KEY_FEWER:
		return (long)r->fewer;
	case KEY_FORCED:
		return r->fewer_forced;
	case KEY_FIRST:
		return r->first_throw;
	case KEY_FIRST_MISS:
		return (long)r->first_miss;
	case KEY_BUST:
		return r->bust;
	case KEY_SCORE:
		return (long)r->score;
	case KEY_SHUT:
		return (long)r->shut;
	case KEY_ROUNDS:
		return r->rounds;
	case KEY_UNTIL:
		return r->until;
	case KEY_ELIMINATE:
		return r->eliminate;
	case KEY_STAKE:
		return r->stake;
	case KEY_MODE:
		return (long)r->mode;
	default:
		return 0;
	}
}

/*
 * Sets a word or number key.  The caller has checked v against the key's
 * bounds, so every narrowing below keeps the value.
 */
static void
key_set(struct shut_rules *r, enum key_id id, long v)
{
	switch (id) {
	case KEY_FEWER:
		r->fewer = (enum shut_fewer)v;
		break;
	case KEY_FORCED:
		r->fewer_forced = (int)v;
		break;
	case KEY_FIRST:
		r->first_throw = (int)v;
		break;
	case KEY_FIRST_MISS:
		r->first_miss = (enum shut_first_miss)v;
		break;
	case KEY_BUST:
		r->bust = (int)v;
		break;
	case KEY_SCORE:
		r->score = (enum shut_score)v;
		break;
	case KEY_SHUT:
		r->shut = (enum shut_shut)v;
		break;
	case KEY_ROUNDS:
		r->rounds = (int)v;
		break;
	case KEY_UNTIL:
		r->until = v;
		break;
	case KEY_ELIMINATE:
		r->eliminate = v;
		break;
	case KEY_STAKE:
		r->stake = v;
		break;
	case KEY_MODE:
		r->mode = (enum shut_mode)v;
		break;
	default:
		break;
	}
}

/* The number of words in a NULL-terminated word list. */
static long
word_count(const char *const *words)
{
	long n = 0;

	while (words[n] != NULL)
		n++;
	return n;
}

/* ---------------------------------------------------------------------
 * Small helpers: messages, output, numbers.
 */

/*
 * Writes a reason to the caller's buffer (when there is one) and returns
 * code, so that every failure is one statement: return fail(...).
 */
PRINTF_LIKE(4, 5)
static int
fail(char *why, size_t whylen, int code, const char *fmt, ...)
{
	va_list ap;

	if (why != NULL && whylen > 0) {
		va_start(ap, fmt);
		vsnprintf(why, whylen, fmt, ap);
		va_end(ap);
	}
	return code;
}

/*
 * An output buffer in the manner of snprintf(): pos counts every byte the
 * whole text needs, while at most len - 1 of them are stored, always
 * followed by a NUL when len > 0.
 */
struct out {
	char *buf;
	size_t len;
	size_t pos;
};

/* Appends formatted text to an output buffer. */
PRINTF_LIKE(2, 3)
static void
out_printf(struct out *o, const char *fmt, ...)
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

/* The snprintf()-style result of an output buffer. */
static int
out_result(const struct out *o)
{
	if (o->len > 0 && o->pos == 0)
		o->buf[0] = '\0';
	return o->pos > INT_MAX ? INT_MAX : (int)o->pos;
}

/* A length as the precision of a %.*s conversion. */
static int
prec(size_t n)
{
	return n > INT_MAX ? INT_MAX : (int)n;
}

/* Whether s[0..n) is exactly the NUL-terminated word w. */
static int
is_word(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(s, w, n) == 0;
}

/*
 * Reads s[0..n) as a plain decimal number: digits only, no sign, at least
 * one digit.  A number too large for unsigned long long saturates, so that
 * the caller's range check refuses it like any other large value.  Returns
 * 0, or -1 when the text is not a number.
 */
static int
parse_number(const char *s, size_t n, unsigned long long *v)
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
static int
parse_pair(const char *s, size_t n, char sep, unsigned long long *a,
	   unsigned long long *b)
{
	const char *p = memchr(s, sep, n);
	size_t left;

	if (p == NULL)
		return -1;
	left = (size_t)(p - s);
	if (parse_number(s, left, a) < 0 ||
	    parse_number(p + 1, n - left - 1, b) < 0)
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
static int
tiles_read(const char *s, size_t n, uint32_t *tiles, const char *item,
	   size_t itemlen, int code, char *why, size_t whylen)
{
	uint32_t set = 0;
	size_t i = 0;

	if (n == 0 || is_word(s, n, "none")) {
		*tiles = 0;
		return 0;
	}
	for (;;) {
		const char *part = s + i;
		const char *comma = memchr(part, ',', n - i);
		size_t plen = comma ? (size_t)(comma - part) : n - i;
		unsigned long long lo, hi;

		if (plen == 0)
			return fail(why, whylen, code,
				    "%.*s: a tile is missing next to a comma",
				    prec(itemlen), item);
		if (parse_number(part, plen, &lo) == 0) {
			hi = lo;
		} else if (parse_pair(part, plen, '-', &lo, &hi) < 0) {
			return fail(why, whylen, code,
				    "%.*s: '%.*s' is not a tile number or a "
				    "range LO-HI",
				    prec(itemlen), item, prec(plen), part);
		}
		if (lo < 1 || lo > SHUT_TILES_MAX || hi < 1 ||
		    hi > SHUT_TILES_MAX)
			return fail(why, whylen, code,
				    "%.*s: tiles are numbered 1 to %d, not "
				    "'%.*s'",
				    prec(itemlen), item, SHUT_TILES_MAX,
				    prec(plen), part);
		if (lo > hi)
			return fail(why, whylen, code,
				    "%.*s: the range '%.*s' goes down",
				    prec(itemlen), item, prec(plen), part);
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
		return fail(why, whylen, SHUT_EINVAL, "no tile list given");
	return tiles_read(text, strlen(text), tiles, text, strlen(text),
			  SHUT_ETILES, why, whylen);
}

/*
 * Appends a tile list: increasing order, runs of three or more as LO-HI,
 * "none" for the empty set.
 */
static void
out_tiles(struct out *o, uint32_t tiles)
{
	int t = 1;
	const char *sep = "";

	if (tiles == 0) {
		out_printf(o, "none");
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
			out_printf(o, "%s%d-%d", sep, t, end);
		else if (end > t)
			out_printf(o, "%s%d,%d", sep, t, end);
		else
			out_printf(o, "%s%d", sep, t);
		sep = ",";
		t = end + 1;
	}
}

/* Writes a tile list, as snprintf() does. */
int
shut_tiles_print(uint32_t tiles, char *buf, size_t len)
{
	struct out o = { buf, buf == NULL ? 0 : len, 0 };

	out_tiles(&o, tiles);
	return out_result(&o);
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
	int lo = rules->tile_lo < 1 ? 1 : rules->tile_lo;
	int hi =
	    rules->tile_hi > SHUT_TILES_MAX ? SHUT_TILES_MAX : rules->tile_hi;
	uint32_t upto_hi, below_lo;

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
		return fail(why, whylen, SHUT_EVALUE,
			    "tiles=%d-%d: the lowest tile must be between 1 "
			    "and %d",
			    r->tile_lo, r->tile_hi, SHUT_TILES_MAX);
	if (r->tile_hi < 1 || r->tile_hi > SHUT_TILES_MAX)
		return fail(why, whylen, SHUT_EVALUE,
			    "tiles=%d-%d: the highest tile must be between 1 "
			    "and %d",
			    r->tile_lo, r->tile_hi, SHUT_TILES_MAX);
	if (r->tile_lo > r->tile_hi)
		return fail(why, whylen, SHUT_EVALUE,
			    "tiles=%d-%d: the lowest tile is above the highest",
			    r->tile_lo, r->tile_hi);
	if ((unsigned)r->start > SHUT_START_LIST)
		return fail(why, whylen, SHUT_EVALUE,
			    "start: %d is not a kind of start set",
			    (int)r->start);
	if (r->dice < 1 || r->dice > SHUT_DICE_MAX)
		return fail(why, whylen, SHUT_EVALUE,
			    "dice=%dd%d: the number of dice must be between 1 "
			    "and %d",
			    r->dice, r->faces, SHUT_DICE_MAX);
	if (r->faces < 2 || r->faces > SHUT_FACES_MAX)
		return fail(why, whylen, SHUT_EVALUE,
			    "dice=%dd%d: the number of faces must be between "
			    "2 and %d",
			    r->dice, r->faces, SHUT_FACES_MAX);
	if ((unsigned)r->move > SHUT_MOVE_ONE_TILE)
		return fail(why, whylen, SHUT_EVALUE,
			    "move: %d is not a move rule", (int)r->move);
	if (r->move == SHUT_MOVE_UP_TO &&
	    (r->move_max < 1 || r->move_max > SHUT_TILES_MAX))
		return fail(why, whylen, SHUT_EVALUE,
			    "move=up-to-%d: K of up-to-K must be between 1 "
			    "and %d",
			    r->move_max, SHUT_TILES_MAX);
	for (i = 0; i < NKEYS; i++) {
		const struct shut_rule_key *k = &shut__keys[i];
		long v = key_get(r, KEY_OF(k));

		if (k->kind == SHUT_KEY_WORD &&
		    (v < 0 || v >= word_count(k->words)))
			return fail(why, whylen, SHUT_EVALUE,
				    "%s: %ld is not one of its values", k->name,
				    v);
		if (k->kind >= SHUT_KEY_NUMBER && (v < 0 || v > k->max))
			return fail(why, whylen, SHUT_EVALUE,
				    "%s=%ld: %s must be %s or a whole number "
				    "from 1 to %ld",
				    k->name, v, k->name, k->zero, k->max);
	}
	return 0;
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
		return fail(why, whylen, SHUT_EINVAL, "no rule set given");
	rc = check_fields(rules, why, whylen);
	if (rc < 0)
		return rc;

	tiles = shut_rules_tiles(rules);
	start = shut_rules_start(rules);
	if (rules->start == SHUT_START_LIST)
		shut_tiles_print(rules->start_list, list, sizeof(list));
	else
		snprintf(list, sizeof(list), "%s", shut__start_words[rules->start]);
	if (start == 0)
		return fail(why, whylen, SHUT_ESTART,
			    "start=%s: the start set is empty with tiles=%d-%d",
			    list, rules->tile_lo, rules->tile_hi);
	if (start & ~tiles)
		return fail(why, whylen, SHUT_ESTART,
			    "start=%s: the start set must be within "
			    "tiles=%d-%d",
			    list, rules->tile_lo, rules->tile_hi);
	if (rules->first_throw != 0 && !(start & SHUT_TILE(rules->first_throw)))
		return fail(why, whylen, SHUT_EFIRST,
			    "first-throw=%d: tile %d is not in the start set "
			    "(start=%s)",
			    rules->first_throw, rules->first_throw, list);
	if (rules->rounds == 0 && rules->shut != SHUT_SHUT_WIN)
		return fail(why, whylen, SHUT_EUNTILSHUT,
			    "rounds=until-shut: needs shut=win, not shut=zero");
	/* A box that can never be shut would make such a game endless. */
	if (rules->rounds == 0 && shut_rules_unreachable(rules) != 0) {
		shut_tiles_print(shut_rules_unreachable(rules), list,
				 sizeof(list));
		return fail(why, whylen, SHUT_EUNTILSHUT,
			    "rounds=until-shut: tile %s can never be shut "
			    "under these rules, so the game would never end",
			    list);
	}
	if (rules->score == SHUT_SCORE_DIGITS && digits_fit(start) < 0) {
		shut_tiles_print(start, list, sizeof(list));
		return fail(why, whylen, SHUT_EDIGITS,
			    "score=digits: the start set %s read as one "
			    "number does not fit in 64 bits",
			    list);
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * Reading a spec.
 */

/* The value of tiles=LO-HI. */
static int
read_tiles(struct shut_rules *r, const char *item, size_t itemlen,
	   const char *v, size_t n, char *why, size_t whylen)
{
	unsigned long long lo, hi;

	if (parse_pair(v, n, '-', &lo, &hi) < 0)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: tiles are written LO-HI, as in tiles=1-9",
			    prec(itemlen), item);
	if (lo < 1 || lo > SHUT_TILES_MAX)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: the lowest tile must be between 1 and %d",
			    prec(itemlen), item, SHUT_TILES_MAX);
	if (hi < 1 || hi > SHUT_TILES_MAX)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: the highest tile must be between 1 and %d",
			    prec(itemlen), item, SHUT_TILES_MAX);
	if (lo > hi)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: the lowest tile is above the highest",
			    prec(itemlen), item);
	r->tile_lo = (int)lo;
	r->tile_hi = (int)hi;
	return 0;
}

/*
 * The value of start=.  all, odd and even stay words until the end, when
 * shut_rules_start() resolves them against the tiles then in force.
 */
static int
read_start(struct shut_rules *r, const char *item, size_t itemlen,
	   const char *v, size_t n, char *why, size_t whylen)
{
	uint32_t list;
	int i, rc;

	for (i = 0; shut__start_words[i] != NULL; i++) {
		if (is_word(v, n, shut__start_words[i])) {
			r->start = (enum shut_start)i;
			r->start_list = 0;
			return 0;
		}
	}
	rc = tiles_read(v, n, &list, item, itemlen, SHUT_EVALUE, why, whylen);
	if (rc < 0)
		return rc;
	r->start = SHUT_START_LIST;
	r->start_list = list;
	return 0;
}

/* The value of dice=NdS. */
static int
read_dice(struct shut_rules *r, const char *item, size_t itemlen, const char *v,
	  size_t n, char *why, size_t whylen)
{
	unsigned long long dice, faces;

	if (parse_pair(v, n, 'd', &dice, &faces) < 0)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: dice are written NdS, as in dice=2d6",
			    prec(itemlen), item);
	if (dice < 1 || dice > SHUT_DICE_MAX)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: the number of dice must be between 1 and "
			    "%d",
			    prec(itemlen), item, SHUT_DICE_MAX);
	if (faces < 2 || faces > SHUT_FACES_MAX)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: the number of faces must be between 2 and "
			    "%d",
			    prec(itemlen), item, SHUT_FACES_MAX);
	r->dice = (int)dice;
	r->faces = (int)faces;
	return 0;
}

/* The value of move=, where up-to-K carries a number. */
static int
read_move(struct shut_rules *r, const char *item, size_t itemlen, const char *v,
	  size_t n, char *why, size_t whylen)
{
	static const char upto[] = "up-to-";
	const size_t uplen = sizeof(upto) - 1;
	unsigned long long k;

	if (n > uplen && memcmp(v, upto, uplen) == 0 &&
	    parse_number(v + uplen, n - uplen, &k) == 0) {
		if (k < 1 || k > SHUT_TILES_MAX)
			return fail(why, whylen, SHUT_EVALUE,
				    "%.*s: K of up-to-K must be between 1 and "
				    "%d",
				    prec(itemlen), item, SHUT_TILES_MAX);
		r->move = SHUT_MOVE_UP_TO;
		r->move_max = (int)k;
		return 0;
	}
	if (is_word(v, n, "any"))
		r->move = SHUT_MOVE_ANY;
	else if (is_word(v, n, "dice-or-sum"))
		r->move = SHUT_MOVE_DICE_OR_SUM;
	else if (is_word(v, n, "one-tile"))
		r->move = SHUT_MOVE_ONE_TILE;
	else
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: move must be any, up-to-K, dice-or-sum or "
			    "one-tile",
			    prec(itemlen), item);
	r->move_max = 0;
	return 0;
}

/* The value of a key that is one word of a list. */
static int
read_word(struct shut_rules *r, const struct shut_rule_key *k, const char *item,
	  size_t itemlen, const char *v, size_t n, char *why, size_t whylen)
{
	char choices[128];
	struct out o = { choices, sizeof(choices), 0 };
	long i, count = word_count(k->words);

	for (i = 0; i < count; i++) {
		if (is_word(v, n, k->words[i])) {
			key_set(r, KEY_OF(k), i);
			return 0;
		}
	}
	for (i = 0; i < count; i++)
		out_printf(&o, "%s%s",
			   i == 0	    ? ""
			   : i == count - 1 ? " or "
					    : ", ",
			   k->words[i]);
	return fail(why, whylen, SHUT_EVALUE, "%.*s: %s must be %s",
		    prec(itemlen), item, k->name, choices);
}

/* The value of a key that is a number from 1, or a word meaning 0. */
static int
read_number(struct shut_rules *r, const struct shut_rule_key *k, const char *item,
	    size_t itemlen, const char *v, size_t n, char *why, size_t whylen)
{
	unsigned long long x;

	if (is_word(v, n, k->zero)) {
		key_set(r, KEY_OF(k), 0);
		return 0;
	}
	if (parse_number(v, n, &x) < 0)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: %s must be %s or a whole number",
			    prec(itemlen), item, k->name, k->zero);
	if (x < 1 || x > (unsigned long)k->max)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: %s must be %s or a whole number from 1 to "
			    "%ld",
			    prec(itemlen), item, k->name, k->zero, k->max);
	key_set(r, KEY_OF(k), (long)x);
	return 0;
}

/*
 * The stake: an amount of money with at most two decimals ("1", "2.5",
 * "2.50", "0.05"), kept in cents, or the word meaning none.
 */
static int
read_money(struct shut_rules *r, const struct shut_rule_key *k, const char *item,
	   size_t itemlen, const char *v, size_t n, char *why, size_t whylen)
{
	unsigned long long whole = 0, cents = 0;
	size_t dot = n, i;

	if (is_word(v, n, k->zero)) {
		key_set(r, KEY_OF(k), 0);
		return 0;
	}
	for (i = 0; i < n; i++)
		if (v[i] == '.')
			dot = i;
	if (dot == 0 || (dot < n && (n - dot - 1 < 1 || n - dot - 1 > 2)) ||
	    parse_number(v, dot, &whole) < 0 ||
	    (dot < n && parse_number(v + dot + 1, n - dot - 1, &cents) < 0))
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: %s must be %s or an amount with at most two "
			    "decimals, like 2.50",
			    prec(itemlen), item, k->name, k->zero);
	if (dot < n && n - dot - 1 == 1)
		cents *= 10;
	if (whole > (unsigned long long)k->max / 100 ||
	    whole * 100 + cents > (unsigned long long)k->max ||
	    whole * 100 + cents < 1)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: %s must be %s or an amount from 0.01 to %ld",
			    prec(itemlen), item, k->name, k->zero,
			    k->max / 100);
	key_set(r, KEY_OF(k), (long)(whole * 100 + cents));
	return 0;
}

/* Applies one key=value item. */
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
		return fail(
		    why, whylen, SHUT_ESYNTAX,
		    "%.*s: an item is key=value, and the key is missing",
		    prec(itemlen), item);
	for (i = 0; i < NKEYS; i++) {
		if (is_word(item, keylen, shut__keys[i].name)) {
			k = &shut__keys[i];
			break;
		}
	}
	if (k == NULL)
		return fail(why, whylen, SHUT_EKEY, "%.*s: unknown key '%.*s'",
			    prec(itemlen), item, prec(keylen), item);
	if (n == 0)
		return fail(why, whylen, SHUT_EVALUE,
			    "%.*s: the value is missing", prec(itemlen), item);

	switch (KEY_OF(k)) {
	case KEY_TILES:
		return read_tiles(r, item, itemlen, v, n, why, whylen);
	case KEY_START:
		return read_start(r, item, itemlen, v, n, why, whylen);
	case KEY_DICE:
		return read_dice(r, item, itemlen, v, n, why, whylen);
	case KEY_MOVE:
		return read_move(r, item, itemlen, v, n, why, whylen);
	case KEY_STAKE:
		return read_money(r, k, item, itemlen, v, n, why, whylen);
	default:
		break;
	}
	if (k->kind == SHUT_KEY_WORD)
		return read_word(r, k, item, itemlen, v, n, why, whylen);
	return read_number(r, k, item, itemlen, v, n, why, whylen);
}

/* Whether c separates the items of a spec. */
static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
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
				if (is_word(item, len, shut_preset_at(i)->name))
					pre = shut_preset_at(i);
			if (pre != NULL && !first)
				return fail(why, whylen, SHUT_EPRESET,
					    "%.*s: a preset name must come "
					    "first",
					    prec(len), item);
			if (pre == NULL && !first)
				return fail(why, whylen, SHUT_EPRESET,
					    "%.*s: not key=value, and only the "
					    "first item may name a preset",
					    prec(len), item);
			if (pre == NULL)
				return fail(why, whylen, SHUT_EPRESET,
					    "%.*s: unknown preset '%.*s'",
					    prec(len), item, prec(len), item);
			if (depth >= PRESET_DEPTH_MAX)
				return fail(why, whylen, SHUT_EPRESET,
					    "%.*s: presets nest too deeply",
					    prec(len), item);
			rc = read_spec(r, pre->spec, depth + 1, why, whylen);
		}
		if (rc < 0)
			return rc;
		first = 0;
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
		return fail(why, whylen, SHUT_EINVAL, "no spec given");
	/* The classic preset spells out every key: read it first. */
	memset(rules, 0, sizeof(*rules));
	rc = read_spec(rules, shut_preset_at(0)->spec, 0, why, whylen);
	if (rc == 0)
		rc = read_spec(rules, spec, 0, why, whylen);
	if (rc < 0)
		return rc;
	return shut_rules_check(rules, why, whylen);
}

/* ---------------------------------------------------------------------
 * Printing and comparing.
 */

/* A word of a list, or "?" for a value that is none of them. */
static const char *
word_of(const char *const *words, long v)
{
	return v >= 0 && v < word_count(words) ? words[v] : "?";
}

/* Writes the value of key k of rules, as a spec gives it. */
static void
out_key(struct out *o, const struct shut_rules *rules,
	const struct shut_rule_key *k)
{
	long v = key_get(rules, KEY_OF(k));

	switch (KEY_OF(k)) {
	case KEY_TILES:
		out_printf(o, "%d-%d", rules->tile_lo, rules->tile_hi);
		return;
	case KEY_START:
		if (rules->start == SHUT_START_LIST)
			out_tiles(o, rules->start_list);
		else
			out_printf(o, "%s",
				   word_of(shut__start_words, rules->start));
		return;
	case KEY_DICE:
		out_printf(o, "%dd%d", rules->dice, rules->faces);
		return;
	case KEY_MOVE:
		if (rules->move == SHUT_MOVE_UP_TO)
			out_printf(o, "up-to-%d", rules->move_max);
		else
			out_printf(o, "%s",
				   word_of(shut__move_words, rules->move));
		return;
	default:
		break;
	}
	if (k->kind == SHUT_KEY_WORD)
		out_printf(o, "%s", word_of(k->words, v));
	else if (v == 0)
		out_printf(o, "%s", k->zero);
	else if (k->kind == SHUT_KEY_MONEY && v % 100 != 0)
		out_printf(o, "%ld.%02ld", v / 100, v % 100);
	else if (k->kind == SHUT_KEY_MONEY)
		out_printf(o, "%ld", v / 100);
	else
		out_printf(o, "%ld", v);
}

int
shut_rules_key_print(const struct shut_rules *rules,
		     const struct shut_rule_key *k, char *buf, size_t len)
{
	struct out o = { buf, buf == NULL ? 0 : len, 0 };

	if (rules == NULL || k < shut__keys || k >= shut__keys + NKEYS)
		return SHUT_EINVAL;
	out_key(&o, rules, k);
	return out_result(&o);
}

/*
 * Writes every key in the order of RULES.md section 2.  start keeps the
 * form it was given in (all, odd, even or a list), which parses back to the
 * same start set.
 */
int
shut_rules_print(const struct shut_rules *rules, char *buf, size_t len)
{
	struct out o = { buf, buf == NULL ? 0 : len, 0 };
	size_t i;

	if (rules == NULL)
		return out_result(&o);
	for (i = 0; i < NKEYS; i++) {
		out_printf(&o, "%s%s=", i == 0 ? "" : " ", shut__keys[i].name);
		out_key(&o, rules, &shut__keys[i]);
	}
	return out_result(&o);
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
		return fail(why, whylen, SHUT_EINVAL, "no rule set given");
	n = snprintf(item, sizeof(item), "%s=%s", key, value);
	if (n < 0 || (size_t)n >= sizeof(item))
		return fail(why, whylen, SHUT_EVALUE, "%.40s: value too long",
			    key);
	if (strchr(key, '=') != NULL || strpbrk(item, " \t\n\r\v\f"))
		return fail(why, whylen, SHUT_ESYNTAX,
			    "%s: one key and its value, without blanks", item);
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
