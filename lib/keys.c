/*
 * keys.c - the keys of a spec: the table of them, and reading and writing
 * the value of one key.
 *
 * The table holds, for each key in the order of docs/contract.md section 2, its
 * name, its kind, one line of help, the words it takes and its bounds.
 * Reading a value, printing it, the messages about it and any settings
 * screen or form all read the same entry, so they cannot disagree about a
 * name, a word, a bound or the word that means none.  A reader is chosen
 * by the key's kind; only the four keys with a shape of their own (tiles,
 * start, dice, move) have a kind each.
 *
 * Reading the value of one key is all this file does with text: splitting
 * a spec into items, presets and the checks of a whole rule set are in
 * rules.c.  Nothing here allocates.
 */
#include <limits.h>
#include <string.h>

#include "shut_error.h"
#include "shut_rules.h"
#include "rules.h"

/* ---------------------------------------------------------------------
 * The table.  A word key's words are listed by enum value.
 */

static const char *const start_words[] = { "all", "odd", "even", NULL };
static const char *const move_words[] = { "any", "up-to-K", "dice-or-sum",
					  "one-tile", NULL };
static const char *const fewer_words[] = { "never",    "high-shut", "low-sum",
					   "lone-one", "any-time",  NULL };
static const char *const forced_words[] = { "no", "yes", NULL };
static const char *const score_words[] = { "sum", "count", "digits", NULL };
static const char *const shut_words[] = { "win", "zero", NULL };
static const char *const miss_words[] = { "end", "lose", NULL };
static const char *const mode_words[] = { "standard", "battle", NULL };

const struct shut_rule_key shut__keys[NKEYS] = {
	[KEY_TILES] = {
	    .name = "tiles",
	    .kind = SHUT_KEY_TILES,
	    .help = "the numbers on the box, LO-HI (1-9 is the classic box)",
	    .min = 1,
	    .max = SHUT_TILES_MAX,
	},
	[KEY_START] = {
	    .name = "start",
	    .kind = SHUT_KEY_START,
	    .help = "the tiles open at the start of each turn: all, odd, "
		    "even or a list such as 4-9",
	    .words = start_words,
	},
	[KEY_DICE] = {
	    .name = "dice",
	    .kind = SHUT_KEY_DICE,
	    .help = "how many dice and how many faces, NdS (2d6 is two "
		    "six-sided dice)",
	    .min = 1,
	    .max = SHUT_DICE_MAX,
	},
	[KEY_FEWER] = {
	    .name = "fewer-dice",
	    .kind = SHUT_KEY_WORD,
	    .help = "when fewer dice may be thrown: never, high-shut, low-sum, "
		    "lone-one or any-time",
	    .words = fewer_words,
	},
	[KEY_FORCED] = {
	    .name = "fewer-dice-forced",
	    .kind = SHUT_KEY_WORD,
	    .help = "yes: where fewer dice are allowed, the fewest must be "
		    "thrown",
	    .words = forced_words,
	},
	[KEY_MOVE] = {
	    .name = "move",
	    .kind = SHUT_KEY_MOVE,
	    .help = "which tiles a throw may shut: any that add up to it, "
		    "up-to-K tiles, dice-or-sum or one-tile",
	    .words = move_words,
	    .min = 1,
	    .max = SHUT_TILES_MAX,
	},
	[KEY_FIRST] = {
	    .name = "first-throw",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "a tile the first move of each turn must include, or any",
	    .zero = "any",
	    .min = 1,
	    .max = SHUT_TILES_MAX,
	},
	[KEY_FIRST_MISS] = {
	    .name = "first-miss",
	    .kind = SHUT_KEY_WORD,
	    .help = "a first throw that misses the first-throw tile: end the "
		    "turn, or lose the game",
	    .words = miss_words,
	},
	[KEY_BUST] = {
	    .name = "bust",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "a throw of this total ends the turn at once, or none",
	    .zero = "none",
	    .min = 1,
	    .max = INT_MAX,
	},
	[KEY_SCORE] = {
	    .name = "score",
	    .kind = SHUT_KEY_WORD,
	    .help = "what a turn scores: the sum of the open tiles, their "
		    "count, or their digits read as one number",
	    .words = score_words,
	},
	[KEY_SHUT] = {
	    .name = "shut",
	    .kind = SHUT_KEY_WORD,
	    .help = "shutting the box: win the game at once, or score zero",
	    .words = shut_words,
	},
	[KEY_ROUNDS] = {
	    .name = "rounds",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "how many rounds, or until-shut: until someone shuts the "
		    "box",
	    .zero = "until-shut",
	    .min = 1,
	    .max = ROUNDS_MAX,
	},
	[KEY_UNTIL] = {
	    .name = "until",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "rounds go on until some player's total reaches this, "
		    "or none",
	    .zero = "none",
	    .min = 1,
	    .max = TARGET_MAX,
	},
	[KEY_ELIMINATE] = {
	    .name = "eliminate",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "a player whose total reaches this is out, or none",
	    .zero = "none",
	    .min = 1,
	    .max = TARGET_MAX,
	},
	[KEY_STAKE] = {
	    .name = "stake",
	    .kind = SHUT_KEY_MONEY,
	    .help = "what each player puts in the pot, like 1 or 2.50, or "
		    "none",
	    .zero = "none",
	    .min = 1,
	    /* The pot, stake times up to 64 seats, must fit in a long. */
	    .max = STAKE_MAX,
	},
	[KEY_MODE] = {
	    .name = "mode",
	    .kind = SHUT_KEY_WORD,
	    .help = "standard, or battle: two players, one shuts and one "
		    "opens",
	    .words = mode_words,
	},
};

size_t
shut_rule_key_count(void)
{
	return NKEYS;
}

const struct shut_rule_key *
shut_rule_key_at(size_t i)
{
	return i < NKEYS ? &shut__keys[i] : NULL;
}

const struct shut_rule_key *
shut_rule_key_find(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < NKEYS; i++)
		if (strcmp(shut__keys[i].name, name) == 0)
			return &shut__keys[i];
	return NULL;
}

/* ---------------------------------------------------------------------
 * The value of a key as a long.
 */

/*
 * The value of a word, number or money key as a long.  The enums and ints
 * of struct shut_rules are reached through this one switch rather than
 * through pointers, since an enum's storage type is the compiler's choice.
 */
long
shut__key_get(const struct shut_rules *r, enum key_id id)
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

/* The number of words in a NULL-ended word list. */
long
shut__word_count(const char *const *words)
{
	long n = 0;

	while (words[n] != NULL)
		n++;
	return n;
}

/* ---------------------------------------------------------------------
 * Reading a value.  Each reader is given the key k, the whole item as
 * written (for its messages) and the value v[0..n), which is not empty.
 * A reader writes *r only once the value is known to be good.
 */

/* Appends the words of a list as a choice: "a, b or c". */
static void
out_choices(struct shut__out *o, const char *const *words)
{
	long i, count = shut__word_count(words);

	for (i = 0; i < count; i++)
		shut__out_printf(o, "%s%s",
				 i == 0		  ? ""
				 : i == count - 1 ? " or "
						  : ", ",
				 words[i]);
}

/* The value of tiles=LO-HI. */
static int
read_tiles(struct shut_rules *r, const struct shut_rule_key *k,
	   const char *item, size_t itemlen, const char *v, size_t n, char *why,
	   size_t whylen)
{
	unsigned long long lo, hi;

	if (shut__parse_pair(v, n, '-', &lo, &hi) < 0)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: tiles are written LO-HI, as in "
				  "tiles=1-9",
				  shut__prec(itemlen), item);
	if (lo < (unsigned long)k->min || lo > (unsigned long)k->max)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: the lowest tile must be between %ld "
				  "and %ld",
				  shut__prec(itemlen), item, k->min, k->max);
	if (hi < (unsigned long)k->min || hi > (unsigned long)k->max)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: the highest tile must be between %ld "
				  "and %ld",
				  shut__prec(itemlen), item, k->min, k->max);
	if (lo > hi)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: the lowest tile is above the highest",
				  shut__prec(itemlen), item);
	r->tile_lo = (int)lo;
	r->tile_hi = (int)hi;
	return 0;
}

/*
 * The value of start=.  all, odd and even stay words until the end, when
 * shut_rules_start() resolves them against the tiles then in force.
 */
static int
read_start(struct shut_rules *r, const struct shut_rule_key *k,
	   const char *item, size_t itemlen, const char *v, size_t n, char *why,
	   size_t whylen)
{
	uint32_t list;
	long i;
	int rc;

	for (i = 0; k->words[i] != NULL; i++) {
		if (shut__is_word(v, n, k->words[i])) {
			r->start = (enum shut_start)i;
			r->start_list = 0;
			return 0;
		}
	}
	rc = shut__tiles_read(v, n, &list, item, itemlen, SHUT_EVALUE, why,
			      whylen);
	if (rc < 0)
		return rc;
	r->start = SHUT_START_LIST;
	r->start_list = list;
	return 0;
}

/* The value of dice=NdS. */
static int
read_dice(struct shut_rules *r, const struct shut_rule_key *k, const char *item,
	  size_t itemlen, const char *v, size_t n, char *why, size_t whylen)
{
	unsigned long long dice, faces;

	if (shut__parse_pair(v, n, 'd', &dice, &faces) < 0)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: dice are written NdS, as in dice=2d6",
				  shut__prec(itemlen), item);
	if (dice < (unsigned long)k->min || dice > (unsigned long)k->max)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: the number of dice must be between "
				  "%ld and %ld",
				  shut__prec(itemlen), item, k->min, k->max);
	if (faces < 2 || faces > SHUT_FACES_MAX)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: the number of faces must be between 2 "
				  "and %d",
				  shut__prec(itemlen), item, SHUT_FACES_MAX);
	r->dice = (int)dice;
	r->faces = (int)faces;
	return 0;
}

/*
 * The value of move=: one of its words, where the word up-to-K stands for
 * up-to- and a number.
 */
static int
read_move(struct shut_rules *r, const struct shut_rule_key *k, const char *item,
	  size_t itemlen, const char *v, size_t n, char *why, size_t whylen)
{
	static const char upto[] = "up-to-";
	const size_t uplen = sizeof(upto) - 1;
	char choices[128];
	struct shut__out o = { choices, sizeof(choices), 0 };
	unsigned long long x;
	long i;

	if (n > uplen && memcmp(v, upto, uplen) == 0 &&
	    shut__parse_number(v + uplen, n - uplen, &x) == 0) {
		if (x < (unsigned long)k->min || x > (unsigned long)k->max)
			return shut__fail(why, whylen, SHUT_EVALUE,
					  "%.*s: K of up-to-K must be between "
					  "%ld and %ld",
					  shut__prec(itemlen), item, k->min,
					  k->max);
		r->move = SHUT_MOVE_UP_TO;
		r->move_max = (int)x;
		return 0;
	}
	for (i = 0; k->words[i] != NULL; i++) {
		if (i != SHUT_MOVE_UP_TO && shut__is_word(v, n, k->words[i])) {
			r->move = (enum shut_move)i;
			r->move_max = 0;
			return 0;
		}
	}
	out_choices(&o, k->words);
	return shut__fail(why, whylen, SHUT_EVALUE, "%.*s: %s must be %s",
			  shut__prec(itemlen), item, k->name, choices);
}

/* The value of a key that is one word of a list. */
static int
read_word(struct shut_rules *r, const struct shut_rule_key *k, const char *item,
	  size_t itemlen, const char *v, size_t n, char *why, size_t whylen)
{
	char choices[128];
	struct shut__out o = { choices, sizeof(choices), 0 };
	long i;

	for (i = 0; k->words[i] != NULL; i++) {
		if (shut__is_word(v, n, k->words[i])) {
			key_set(r, KEY_OF(k), i);
			return 0;
		}
	}
	out_choices(&o, k->words);
	return shut__fail(why, whylen, SHUT_EVALUE, "%.*s: %s must be %s",
			  shut__prec(itemlen), item, k->name, choices);
}

/* The value of a key that is a number from min to max, or a word for 0. */
static int
read_number(struct shut_rules *r, const struct shut_rule_key *k,
	    const char *item, size_t itemlen, const char *v, size_t n,
	    char *why, size_t whylen)
{
	unsigned long long x;

	if (shut__is_word(v, n, k->zero)) {
		key_set(r, KEY_OF(k), 0);
		return 0;
	}
	/* Not a number (-1 too), or out of range: the range said either way. */
	if (shut__parse_number(v, n, &x) < 0 || x < (unsigned long)k->min ||
	    x > (unsigned long)k->max)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: %s must be %s or a whole number from "
				  "%ld to %ld",
				  shut__prec(itemlen), item, k->name, k->zero,
				  k->min, k->max);
	key_set(r, KEY_OF(k), (long)x);
	return 0;
}

/*
 * The value of a money key: an amount with at most two decimals ("1",
 * "2.5", "2.50", "0.05"), kept in cents, or the word meaning none.  The
 * bounds are in cents; the message gives them as amounts.
 */
static int
read_money(struct shut_rules *r, const struct shut_rule_key *k,
	   const char *item, size_t itemlen, const char *v, size_t n, char *why,
	   size_t whylen)
{
	unsigned long long whole = 0, cents = 0, x;
	size_t dot, i;
	/* An amount below nothing (-5) is out of range, not a bad amount. */
	int below = n > 1 && v[0] == '-';

	if (shut__is_word(v, n, k->zero)) {
		key_set(r, KEY_OF(k), 0);
		return 0;
	}
	v += below;
	n -= (size_t)below;
	for (i = 0, dot = n; i < n; i++)
		if (v[i] == '.')
			dot = i;
	if (dot == 0 || (dot < n && (n - dot - 1 < 1 || n - dot - 1 > 2)) ||
	    shut__parse_number(v, dot, &whole) < 0 ||
	    (dot < n &&
	     shut__parse_number(v + dot + 1, n - dot - 1, &cents) < 0))
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: %s must be %s or an amount with at "
				  "most two decimals, like 2.50",
				  shut__prec(itemlen), item, k->name, k->zero);
	if (dot < n && n - dot - 1 == 1)
		cents *= 10;
	/* whole is checked first, so that whole * 100 cannot overflow. */
	x = whole * 100 + cents;
	if (below || whole > (unsigned long)k->max / 100 ||
	    x > (unsigned long)k->max || x < (unsigned long)k->min)
		return shut__fail(why, whylen, SHUT_EVALUE,
				  "%.*s: %s must be %s or an amount from "
				  "%ld.%02ld to %ld",
				  shut__prec(itemlen), item, k->name, k->zero,
				  k->min / 100, k->min % 100, k->max / 100);
	key_set(r, KEY_OF(k), (long)x);
	return 0;
}

int
shut__key_read(struct shut_rules *r, const struct shut_rule_key *k,
	       const char *item, size_t itemlen, const char *v, size_t n,
	       char *why, size_t whylen)
{
	switch (k->kind) {
	case SHUT_KEY_TILES:
		return read_tiles(r, k, item, itemlen, v, n, why, whylen);
	case SHUT_KEY_START:
		return read_start(r, k, item, itemlen, v, n, why, whylen);
	case SHUT_KEY_DICE:
		return read_dice(r, k, item, itemlen, v, n, why, whylen);
	case SHUT_KEY_MOVE:
		return read_move(r, k, item, itemlen, v, n, why, whylen);
	case SHUT_KEY_WORD:
		return read_word(r, k, item, itemlen, v, n, why, whylen);
	case SHUT_KEY_NUMBER:
		return read_number(r, k, item, itemlen, v, n, why, whylen);
	case SHUT_KEY_MONEY:
		return read_money(r, k, item, itemlen, v, n, why, whylen);
	}
	return SHUT_EINVAL;
}

/* ---------------------------------------------------------------------
 * Writing a value.
 */

/* A word of a list, or "?" for a value that is none of them. */
static const char *
word_of(const char *const *words, long v)
{
	return v >= 0 && v < shut__word_count(words) ? words[v] : "?";
}

void
shut__key_out(struct shut__out *o, const struct shut_rules *r,
	      const struct shut_rule_key *k)
{
	long v = shut__key_get(r, KEY_OF(k));

	switch (k->kind) {
	case SHUT_KEY_TILES:
		shut__out_printf(o, "%d-%d", r->tile_lo, r->tile_hi);
		break;
	case SHUT_KEY_START:
		if (r->start == SHUT_START_LIST)
			shut__out_tiles(o, r->start_list);
		else
			shut__out_printf(o, "%s", word_of(k->words, r->start));
		break;
	case SHUT_KEY_DICE:
		shut__out_printf(o, "%dd%d", r->dice, r->faces);
		break;
	case SHUT_KEY_MOVE:
		if (r->move == SHUT_MOVE_UP_TO)
			shut__out_printf(o, "up-to-%d", r->move_max);
		else
			shut__out_printf(o, "%s", word_of(k->words, r->move));
		break;
	case SHUT_KEY_WORD:
		shut__out_printf(o, "%s", word_of(k->words, v));
		break;
	case SHUT_KEY_NUMBER:
		if (v == 0)
			shut__out_printf(o, "%s", k->zero);
		else
			shut__out_printf(o, "%ld", v);
		break;
	case SHUT_KEY_MONEY:
		if (v == 0)
			shut__out_printf(o, "%s", k->zero);
		else if (v % 100 != 0)
			shut__out_printf(o, "%ld.%02ld", v / 100, v % 100);
		else
			shut__out_printf(o, "%ld", v / 100);
		break;
	}
}

/*
 * Writes the value of key k.  k must be an entry of the table; anything
 * else, including a copy of an entry, is SHUT_EINVAL.
 */
int
shut_rules_key_print(const struct shut_rules *rules,
		     const struct shut_rule_key *k, char *buf, size_t len)
{
	struct shut__out o = { buf, buf == NULL ? 0 : len, 0 };
	size_t i;

	if (rules == NULL || k == NULL || (buf == NULL && len > 0))
		return SHUT_EINVAL;
	for (i = 0; i < NKEYS && k != &shut__keys[i]; i++)
		;
	if (i == NKEYS)
		return SHUT_EINVAL;
	shut__key_out(&o, rules, k);
	return shut__out_result(&o);
}
