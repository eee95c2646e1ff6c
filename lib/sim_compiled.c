/*
 * sim_compiled.c - single turns of a deterministic player, compiled into
 * tables and played by looking them up.
 *
 * A player whose choices draw nothing is a fixed function of the board
 * (its dice count) and of the board and the throw (its move), and a
 * standard turn is a walk down the subsets of the start set.  So the whole
 * player fits in two tables indexed by rows, a row being a board squeezed
 * into the low bits (the start set's tiles in order):
 *
 *   dice[row]                the dice count the player throws there;
 *   next[row << shift | cl]  for each class cl of throw of those dice,
 *                            the row after the move, or row itself when
 *                            the throw ends the turn (no move, a bust, a
 *                            missed first throw), or 0 when the move shut
 *                            the box.
 *
 * Every move shuts a tile, so the start board is only ever thrown at as
 * the turn's first throw: its row is compiled as that, and the other rows
 * as later throws.  Each entry is the game's own answer: the game is put
 * at the board (shut__game_at()), the player is asked through
 * shut_game_step(), the class's throw is applied and the player asked for
 * its move, and the game's state after that is read back, the score and
 * the shut flag of an ended turn checked against what the tables will
 * count.  Anything else (a turn that ends with tiles left other than by a
 * blocked throw, a score the board does not give) refuses the compilation,
 * and the simulator plays through the step API instead.
 *
 * The classes of a throw are its multisets of faces (throws.c; the rules
 * and the policies never read the order of the dice), merged into totals
 * when every row answers every multiset of a total alike, as it does for
 * move=any and up-to-K with any policy that reads the total alone: 11
 * classes of two dice instead of 21, a table half the size.
 *
 * THE DRAW.  A throw of d dice of f faces is one of f^d ordered throws, all
 * equally likely.  It is read off 12 random bits at once, five draws to a
 * 64-bit output of the generator: lut[d][x] is the class of the ordered
 * throw x mod f^d for the first f^d floor(4096 / f^d) values of x, and
 * SIMC_AGAIN for the rest, drawn again.  So each throw keeps its exact
 * chance (no bias), with no division, and for two six-sided dice one draw
 * in 146 is thrown away, a branch the processor predicts.  Rule sets
 * whose f^d passes 4096 do not compile.
 *
 * THE LOOP.  A turn is a chain of dependent loads (row, its dice count,
 * the class, the next row), each waiting for the last, so one turn at a
 * time leaves the processor idle most of the time.  SIMC_LANES turns are
 * played interleaved, one throw of each in turn, so that the chains
 * overlap; a lane whose turn ends starts the next turn of the block.  The
 * lanes share the block's stream in a fixed order, so a block's tally
 * depends on its stream alone, whatever thread plays it.  The end of a
 * turn is not a branch, which the processor could not predict: every
 * throw adds 0 or 1 to the count of the row it leads to and selects the
 * lane's next row, so that the turns' ends are counted by row; the
 * simulator turns the counts into its tally once, at the end of the run.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rng.h"
#include "shut_error.h"
#include "shut_policy.h"
#include "sim_compiled.h"
#include "throws.h"

#define SIMC_BITS  12		     /* random bits a draw */
#define SIMC_SPAN  (1u << SIMC_BITS) /* their values */
#define SIMC_DRAWS 5		     /* draws to a 64-bit output */
#define SIMC_AGAIN 0xffffu	     /* a value past the even split */
#define SIMC_LANES 8		     /* turns played interleaved */

struct shut__simc {
	struct shut_rules rules;
	int n;			  /* tiles of the start set */
	int tile[SIMC_TILES_MAX]; /* its tiles, lowest first */
	uint32_t rows, start;	  /* 2^n rows; the start set's row */
	enum simc_key key;
	int shift;	       /* log2 of a row's entries in next[] */
	uint8_t *dice;	       /* by row */
	uint16_t *next;	       /* by row << shift | class */
	uint16_t *lut;	       /* by d << SIMC_BITS | 12 random bits */
	struct simc_end *ends; /* by row */
};

/* ---------------------------------------------------------------------
 * Boards and throws
 */

static uint32_t
spread(const struct shut__simc *c, uint32_t row)
{
	uint32_t open = 0;

	for (int k = 0; k < c->n; k++)
		if (row & (UINT32_C(1) << k))
			open |= SHUT_TILE(c->tile[k]);
	return open;
}

static uint32_t
squeeze(const struct shut__simc *c, uint32_t open)
{
	uint32_t row = 0;

	for (int k = 0; k < c->n; k++)
		if (open & SHUT_TILE(c->tile[k]))
			row |= UINT32_C(1) << k;
	return row;
}

/* faces^d, or 0 when it passes the 12 bits of a draw. */
static uint32_t
ordered_throws(int d, int faces)
{
	uint32_t n = 1;

	for (int i = 0; i < d; i++) {
		n *= (uint32_t)faces;
		if (n > SIMC_SPAN)
			return 0;
	}
	return n;
}

/*
 * The multisets of the dice counts that fit a draw: ms[first[d] ..
 * first[d] + nms[d]) are those of d dice, in increasing order (throws.c).
 */
struct multisets {
	struct shut_throw *ms;
	size_t first[SHUT_DICE_MAX + 2], nms[SHUT_DICE_MAX + 1], n, most;
};

static int
keep_multiset(void *ctx, const struct shut_throw *t, uint64_t count)
{
	struct multisets *m = ctx;

	(void)count;
	m->ms[m->n++] = *t;
	return 0;
}

static int
multisets_make(struct multisets *m, const struct shut_rules *r)
{
	size_t n = 0;

	memset(m, 0, sizeof(*m));
	for (int d = 1; d <= r->dice; d++)
		n += ordered_throws(d, r->faces); /* at least the multisets */
	m->ms = malloc((n ? n : 1) * sizeof(*m->ms));
	if (m->ms == NULL)
		return SHUT_ENOMEM;
	for (int d = 1; d <= r->dice; d++) {
		m->first[d] = m->n;
		if (ordered_throws(d, r->faces) != 0)
			shut__multisets_each(d, r->faces, keep_multiset, m);
		m->nms[d] = m->n - m->first[d];
		m->most = m->nms[d] > m->most ? m->nms[d] : m->most;
	}
	return 0;
}

/* The index among the multisets of d dice of throw t, in any order. */
static long
multiset_index(const struct multisets *m, const struct shut_throw *t)
{
	int f[SHUT_DICE_MAX];

	for (int i = 0; i < t->n; i++) {
		int x = t->face[i], j = i;

		for (; j > 0 && f[j - 1] > x; j--)
			f[j] = f[j - 1];
		f[j] = x;
	}
	for (size_t i = 0; i < m->nms[t->n]; i++) {
		const struct shut_throw *s = &m->ms[m->first[t->n] + i];

		if (memcmp(s->face, f, (size_t)t->n * sizeof(int)) == 0)
			return (long)i;
	}
	return -1;
}

/* ---------------------------------------------------------------------
 * Compiling: the game's answer for every row and multiset
 */

/* The dice source of the compilation: every throw is given, none drawn. */
static int
no_roll(void *ctx, int n, int faces, struct shut_throw *t)
{
	(void)ctx;
	(void)n;
	(void)faces;
	(void)t;
	return SHUT_EMODE;
}

/*
 * A copy of a game of one seat, the seats past the first left out: the
 * game never reads past its nseats, and the whole struct is some 4 KiB
 * where what a turn of one seat changes is a few hundred bytes.  Half of
 * the compilation's time went into whole copies.
 */
static void
copy_game(struct shut_game *to, const struct shut_game *from)
{
	size_t head = offsetof(struct shut_game, seat) + sizeof(from->seat[0]);
	size_t tail = offsetof(struct shut_game, need);

	memcpy(to, from, head);
	memcpy((char *)to + tail, (const char *)from + tail,
	       sizeof(*to) - tail);
}

struct compiling {
	struct shut__simc *c;
	const struct shut_game *start;
	const struct shut_player *player;
	struct multisets m;
	uint16_t *res; /* by row * m.most + multiset */
};

/*
 * Where throw t leads from game g (at a row, about to throw): the row
 * after the move, row itself or 0 where the turn ends; or SHUT_EMODE when
 * the game does something the tables cannot say.
 */
static long
answer(struct compiling *k, const struct shut_game *g, uint32_t row,
       const struct shut_throw *t)
{
	static const struct shut_dice dice = { no_roll, NULL };
	const struct shut__simc *c = k->c;
	struct shut_game h;
	uint32_t board = g->open, now;
	int rc;

	copy_game(&h, g);
	if (shut_game_throw(&h, t) < 0)
		return SHUT_EMODE;
	if (h.need == SHUT_NEED_MOVE &&
	    (rc = shut_game_step(&h, k->player, &dice, NULL, NULL)) < 0)
		return SHUT_EMODE;
	now = h.open;
	if (h.need == SHUT_NEED_NONE) {
		if ((now != board && now != 0) ||
		    h.seat[0].last_score != shut_score(&c->rules, now) ||
		    (h.seat[0].shut_count > 0) != (now == 0))
			return SHUT_EMODE;
		return now == board ? (long)row : 0;
	}
	if ((h.need != SHUT_NEED_DICE && h.need != SHUT_NEED_THROW) ||
	    h.first || now == 0 || now == board || (now & ~board) ||
	    h.turn != 0)
		return SHUT_EMODE;
	return (long)squeeze(c, now);
}

/* The dice count of a row and the answers of its multisets. */
static int
compile_row(struct compiling *k, uint32_t row)
{
	static const struct shut_dice dice = { no_roll, NULL };
	struct shut__simc *c = k->c;
	struct shut_game g;
	uint32_t board = spread(c, row);
	int d;

	copy_game(&g, k->start);
	shut__game_at(&g, board, row == c->start);
	if (g.need == SHUT_NEED_DICE &&
	    shut_game_step(&g, k->player, &dice, NULL, NULL) < 0)
		return SHUT_EMODE;
	d = g.ndice;
	if (g.need != SHUT_NEED_THROW || d < 1 || d > c->rules.dice ||
	    k->m.nms[d] == 0)
		return SHUT_EMODE;
	c->dice[row] = (uint8_t)d;
	for (size_t i = 0; i < k->m.nms[d]; i++) {
		long to = answer(k, &g, row, &k->m.ms[k->m.first[d] + i]);

		if (to < 0)
			return (int)to;
		k->res[(size_t)row * k->m.most + i] = (uint16_t)to;
	}
	return 0;
}

/* Whether every row answers alike every multiset of the same total. */
static enum simc_key
choose_key(const struct compiling *k)
{
	const struct shut__simc *c = k->c;
	uint32_t seen[SHUT_DICE_MAX * SHUT_FACES_MAX + 1];

	for (uint32_t row = 1; row < c->rows; row++) {
		int d = c->dice[row];
		const uint16_t *res = k->res + (size_t)row * k->m.most;

		for (size_t t = 0; t <= (size_t)(d * c->rules.faces); t++)
			seen[t] = UINT32_MAX;
		for (size_t i = 0; i < k->m.nms[d]; i++) {
			int t = shut_throw_total(&k->m.ms[k->m.first[d] + i]);

			if (seen[t] == UINT32_MAX)
				seen[t] = res[i];
			else if (seen[t] != res[i])
				return SIMC_KEY_FACES;
		}
	}
	return SIMC_KEY_TOTAL;
}

/* The class of the ordered throw x of d dice (x < faces^d) under key. */
static uint16_t
class_of(const struct compiling *k, int d, uint32_t x)
{
	struct shut_throw t;
	int total = 0;

	memset(&t, 0, sizeof(t));
	t.n = d;
	for (int i = 0; i < d; i++) {
		t.face[i] = (int)(x % (uint32_t)k->c->rules.faces) + 1;
		total += t.face[i];
		x /= (uint32_t)k->c->rules.faces;
	}
	if (k->c->key == SIMC_KEY_TOTAL)
		return (uint16_t)(total - d);
	return (uint16_t)multiset_index(&k->m, &t);
}

/* The classes of d dice under the key. */
static size_t
classes(const struct compiling *k, int d)
{
	if (k->c->key == SIMC_KEY_TOTAL)
		return (size_t)(d * (k->c->rules.faces - 1) + 1);
	return k->m.nms[d];
}

/* The draw's table of every dice count some row throws. */
static void
fill_lut(struct compiling *k, unsigned used)
{
	struct shut__simc *c = k->c;

	for (int d = 1; d <= c->rules.dice; d++) {
		uint16_t *lut = c->lut + ((size_t)d << SIMC_BITS);
		uint32_t n = ordered_throws(d, c->rules.faces), even;

		if (!(used & (1u << d)) || n == 0)
			continue;
		even = SIMC_SPAN / n * n;
		for (uint32_t x = 0; x < SIMC_SPAN; x++)
			lut[x] = x < even ? class_of(k, d, x % n) : SIMC_AGAIN;
	}
}

/* How a turn ending at each row ends. */
static int
fill_ends(struct shut__simc *c)
{
	c->ends = malloc(c->rows * sizeof(*c->ends));
	if (c->ends == NULL)
		return SHUT_ENOMEM;
	for (uint32_t row = 0; row < c->rows; row++) {
		c->ends[row].score = shut_score(&c->rules, spread(c, row));
		c->ends[row].shut = row == 0;
	}
	return 0;
}

/* The tables from the answers: next[], the key and the draw's tables. */
static int
build(struct compiling *k)
{
	struct shut__simc *c = k->c;
	size_t most = 0;
	unsigned used = 0;

	c->key = choose_key(k);
	for (uint32_t row = 1; row < c->rows; row++)
		used |= 1u << c->dice[row];
	for (int d = 1; d <= c->rules.dice; d++)
		if ((used & (1u << d)) && classes(k, d) > most)
			most = classes(k, d);
	while (((size_t)1 << c->shift) < most)
		c->shift++;
	if (((size_t)c->rows << c->shift) * sizeof(*c->next) > SIMC_BYTES_MAX)
		return SHUT_ETOOBIG;
	c->next = malloc(((size_t)c->rows << c->shift) * sizeof(*c->next));
	c->lut =
	    calloc((size_t)(SHUT_DICE_MAX + 1) << SIMC_BITS, sizeof(*c->lut));
	if (c->next == NULL || c->lut == NULL)
		return SHUT_ENOMEM;
	for (uint32_t row = 0; row < c->rows; row++) {
		uint16_t *out = c->next + ((size_t)row << c->shift);
		int d = c->dice[row];

		for (size_t i = 0; i < ((size_t)1 << c->shift); i++)
			out[i] = (uint16_t)row; /* never drawn */
		for (size_t i = 0; row > 0 && i < k->m.nms[d]; i++) {
			const struct shut_throw *t =
			    &k->m.ms[k->m.first[d] + i];
			size_t cl = c->key == SIMC_KEY_TOTAL
					? (size_t)(shut_throw_total(t) - d)
					: i;

			out[cl] = k->res[(size_t)row * k->m.most + i];
		}
	}
	fill_lut(k, used);
	return fill_ends(c);
}

/* Refuses a player that draws, or rules past the tables. */
static int
compile_check(const struct shut_game *start, const struct shut_player *p)
{
	const struct shut_policy *pol;
	uint32_t set;

	if (start == NULL || p == NULL || p->strategy == NULL)
		return SHUT_EINVAL;
	pol = p->strategy->policy;
	if (pol == NULL || pol->dice == SHUT_DICE_RULE_RANDOM ||
	    pol->move == SHUT_MOVE_RULE_RANDOM)
		return SHUT_EMODE;
	set = shut_rules_start(&start->rules);
	if (start->nseats != 1 || start->rules.mode != SHUT_MODE_STANDARD ||
	    start->need == SHUT_NEED_NONE || start->open != set ||
	    shut_tiles_count(set) > SIMC_TILES_MAX)
		return SHUT_EMODE;
	return 0;
}

static int
compile_all(struct compiling *k)
{
	struct shut__simc *c = k->c;
	int rc;

	c->rules = k->start->rules;
	for (int t = 1; t <= SHUT_TILES_MAX; t++)
		if (shut_rules_start(&c->rules) & SHUT_TILE(t))
			c->tile[c->n++] = t;
	c->rows = UINT32_C(1) << c->n;
	c->start = c->rows - 1;
	if ((rc = multisets_make(&k->m, &c->rules)) < 0)
		return rc;
	k->res = malloc((size_t)c->rows * (k->m.most ? k->m.most : 1) *
			sizeof(*k->res));
	c->dice = calloc(c->rows, sizeof(*c->dice));
	if (k->res == NULL || c->dice == NULL)
		return SHUT_ENOMEM;
	c->dice[0] = 1;
	for (uint32_t row = 1; row < c->rows; row++)
		if ((rc = compile_row(k, row)) < 0)
			return rc;
	return build(k);
}

int
shut__simc_new(struct shut__simc **cp, const struct shut_game *start,
	       const struct shut_player *player)
{
	struct compiling k;
	int rc;

	if (cp == NULL)
		return SHUT_EINVAL;
	*cp = NULL;
	if ((rc = compile_check(start, player)) < 0)
		return rc;
	memset(&k, 0, sizeof(k));
	k.start = start;
	k.player = player;
	k.c = calloc(1, sizeof(*k.c));
	if (k.c == NULL)
		return SHUT_ENOMEM;
	rc = compile_all(&k);
	free(k.m.ms);
	free(k.res);
	if (rc < 0) {
		shut__simc_free(k.c);
		return rc;
	}
	*cp = k.c;
	return 0;
}

void
shut__simc_free(struct shut__simc *c)
{
	if (c == NULL)
		return;
	free(c->dice);
	free(c->next);
	free(c->lut);
	free(c->ends);
	free(c);
}

size_t
shut__simc_ends(const struct shut__simc *c, const struct simc_end **ends)
{
	*ends = c->ends;
	return c->rows;
}

/* ---------------------------------------------------------------------
 * Playing
 */

/*
 * What the loop reads, in locals: the tables, and the block's stream with
 * the bits of its last output not yet used.
 */
struct player {
	const uint8_t *dice;
	const uint16_t *next, *lut;
	int shift;
	uint32_t start;
	uint64_t *count;
	struct shut_rng rng;
	uint64_t word; /* the bits left, above them a 1: 1 when none */
};

/* One throw at row: the row it leads to (row or 0: the turn ends). */
static inline uint32_t
throw_at(struct player *p, uint32_t row)
{
	const uint16_t *lut = p->lut + ((size_t)p->dice[row] << SIMC_BITS);
	unsigned cl;

	do {
		/* The top 60 bits of an output, five draws, a 1 above. */
		if (p->word == 1)
			p->word = (shut__rng_step(&p->rng) >> 4) |
				  (UINT64_C(1) << (SIMC_BITS * SIMC_DRAWS));
		cl = lut[p->word & (SIMC_SPAN - 1)];
		p->word >>= SIMC_BITS;
	} while (cl == SIMC_AGAIN);
	return p->next[((size_t)row << p->shift) + cl];
}

/*
 * One throw of a lane that goes on at once with the next turn when this
 * one ends, without a branch: the end is counted (by 0 when the turn goes
 * on) and the lane moved to the start or the next row by a select.  A
 * move leads to a subset of the board, a smaller row, so the turn ends
 * exactly when to - 1 >= row - 1 unsigned: to == row, or to == 0, which
 * wraps to the largest.
 */
#define SIMC_THROW(p, lane, started)                                           \
	do {                                                                   \
		uint32_t to_ = throw_at(p, lane);                              \
		unsigned end_ = to_ - 1u >= (lane)-1u;                         \
                                                                               \
		(p)->count[to_] += end_;                                       \
		(lane) = end_ ? (p)->start : to_;                              \
		(started) += end_;                                             \
	} while (0)

/* Plays one lane's turn to its end, for the last turns of a block. */
static uint64_t
finish(struct player *p, uint32_t row)
{
	uint64_t t = 0;

	for (;;) {
		uint32_t to = throw_at(p, row);

		t++;
		if (to == row || to == 0) {
			p->count[to]++;
			return t;
		}
		row = to;
	}
}

/*
 * The end of a block: a lane plays its turn out, then turns of its own
 * one at a time while the block has some left to start.
 */
static uint64_t
tail(struct player *p, uint32_t row, uint64_t *started, uint64_t n)
{
	uint64_t t = finish(p, row);

	for (; *started < n; ++*started)
		t += finish(p, p->start);
	return t;
}

void
shut__simc_play(const struct shut__simc *c, struct shut_rng *rng, uint64_t n,
		uint64_t *count, uint64_t *throws)
{
	struct player p = { c->dice,  c->next, c->lut, c->shift,
			    c->start, count,   *rng,   1 };
	uint32_t l0, l1, l2, l3, l4, l5, l6, l7;
	uint64_t started = 0, t = 0, passes = 0;

	l0 = l1 = l2 = l3 = l4 = l5 = l6 = l7 = c->start;
	/* SIMC_LANES turns at once while a whole pass of ends fits in n. */
	if (n >= SIMC_LANES) {
		started = SIMC_LANES;
		for (; started + SIMC_LANES <= n; passes++) {
			SIMC_THROW(&p, l0, started);
			SIMC_THROW(&p, l1, started);
			SIMC_THROW(&p, l2, started);
			SIMC_THROW(&p, l3, started);
			SIMC_THROW(&p, l4, started);
			SIMC_THROW(&p, l5, started);
			SIMC_THROW(&p, l6, started);
			SIMC_THROW(&p, l7, started);
		}
		t = passes * SIMC_LANES;
		/*
		 * In lane order, one statement each: the operands of a sum
		 * may be evaluated in any order, and the draws would follow.
		 */
		uint32_t left[SIMC_LANES] = { l0, l1, l2, l3, l4, l5, l6, l7 };

		for (int k = 0; k < SIMC_LANES; k++)
			t += tail(&p, left[k], &started, n);
	} else {
		for (uint64_t k = 0; k < n; k++)
			t += finish(&p, c->start);
	}
	*throws += t;
	*rng = p.rng;
}

/* ---------------------------------------------------------------------
 * For the tests
 */

enum simc_key
shut__simc_key(const struct shut__simc *c)
{
	return c->key;
}

int
shut__simc_dice(const struct shut__simc *c, uint32_t open)
{
	if (open == 0 || (open & ~spread(c, c->rows - 1)))
		return SHUT_ETILES;
	return c->dice[squeeze(c, open)];
}

int
shut__simc_next(const struct shut__simc *c, uint32_t open,
		const struct shut_throw *t, uint32_t *next)
{
	uint32_t row = squeeze(c, open);
	size_t cl = 0;
	int total = 0;

	if (open == 0 || (open & ~spread(c, c->rows - 1)))
		return SHUT_ETILES;
	if (t->n != c->dice[row])
		return SHUT_ETHROW;
	for (int i = 0; i < t->n; i++) {
		if (t->face[i] < 1 || t->face[i] > c->rules.faces)
			return SHUT_ETHROW;
		total += t->face[i];
	}
	if (c->key == SIMC_KEY_TOTAL) {
		cl = (size_t)(total - t->n);
	} else {
		/* The class of the ordered throw with these faces. */
		uint32_t x = 0;

		for (int i = t->n; i-- > 0;)
			x = x * (uint32_t)c->rules.faces +
			    (uint32_t)(t->face[i] - 1);
		cl = c->lut[((size_t)t->n << SIMC_BITS) + x];
	}
	*next = spread(c, c->next[((size_t)row << c->shift) + cl]);
	return 0;
}
