/*
 * solver_battle.c - the two-player battle, solved as a stochastic game.
 *
 * The battle (RULES.md section 4, as lib/game.c plays it) keeps one box
 * for the whole game.  The Shutter shuts tiles, the Opener opens shut
 * ones, each throwing until the dice allow no move, then the dice pass.
 * The Shutter wins by shutting the last tile; the Opener by opening the
 * last one, or when the Shutter's first turn shuts nothing.
 *
 * A position is (open tiles O, roller, first): first says the next throw
 * is the first of a turn, which only matters under a first-throw rule,
 * so without one it is not a dimension at all.  V(O, roller, first) is
 * the Shutter's probability of winning when both play their best; the
 * Shutter maximises it, the Opener minimises it, both by dice count and
 * by move.  Within a turn the Shutter only goes to smaller sets and the
 * Opener to larger ones, but passing the dice goes back and forth, so the
 * game can cycle and there is no order in which every value is final:
 * it is a fixed point, not a recursion.
 *
 * The solver finds it by value iteration from both sides at once.  The
 * lower sequence starts from 0 everywhere and the upper from 1 (the ends
 * of the game fixed at 1 and 0): each sweep replaces every value by the
 * best choice against the current values, so the lower values are the
 * values of the game cut off after finitely many turns with the Shutter
 * losing at the cut, and rise; the upper ones count the cut as a Shutter
 * win, and fall.  The true value lies between them.  A sweep takes the
 * Shutter's positions by increasing index (its moves go down) and then the
 * Opener's by decreasing index (its moves go up), so each sweep plays out
 * whole turns against the other side's latest values (Gauss-Seidel).
 * The sweeps stop when every position's bounds are within
 * BATTLE_TOLERANCE of each other (or after BATTLE_SWEEPS_MAX, when a rule
 * set lets the game go on forever); the value reported is the middle of
 * the bounds, and shut_solver_tolerance() half their largest gap.
 *
 * The moves of every position and throw class are listed once, before
 * the sweeps, as the indices they lead to (or a win for one side), so a
 * sweep is pure arithmetic.  That list is sized in advance by counting
 * the moves of every throw, which is also why battles stop at boards of a
 * few tens of thousands of positions in practice: the-300 would need
 * gigabytes, and the memory limit refuses it.
 */
#include <math.h>
#include <string.h>

#include "shut_error.h"
#include "solver.h"

#define BATTLE_TOLERANCE  1e-12
#define BATTLE_SWEEPS_MAX 200000

/* The ends of the game among the listed moves. */
#define WIN_SHUTTER UINT32_C(0xffffffff)
#define WIN_OPENER  UINT32_C(0xfffffffe)

static int
firsts(const struct shut_rules *rules)
{
	return rules->first_throw != 0 ? 2 : 1;
}

/* Doubles per index: roller x first x (lower, upper). */
int
shut__battle_width(const struct shut_rules *rules)
{
	return 2 * firsts(rules) * 2;
}

static size_t
slot(int nf, int opener, int first)
{
	return (size_t)((opener * nf + (nf > 1 ? first : 0)) * 2);
}

/* The tiles the roller may change: open ones, or shut ones for the Opener. */
static uint32_t
board_of(uint32_t start, uint32_t open, int opener)
{
	return opener ? start & ~open : open;
}

/* ---------------------------------------------------------------------
 * Sizing the list of moves
 */

struct counter {
	const struct shut_rules *rules;
	uint32_t board;
	int first;
	size_t entries;
};

static void
count_throw(void *ctx, const struct shut_throw *t)
{
	struct counter *c = ctx;
	long n = shut_moves_each(c->rules, c->board, t, c->first, NULL, NULL);

	c->entries += 1 + (size_t)(n > 0 ? n : 0);
}

/*
 * The room the list of moves needs: one offset per position, and one
 * entry per position, dice count and throw class plus one per move (an
 * upper bound: classes are counted before merging).  Fails with
 * SHUT_ETOOBIG when the entries would not fit their 32-bit offsets.
 */
int
shut__battle_count(const struct shut_rules *rules, size_t *offsets,
		   size_t *entries)
{
	uint32_t start = shut_rules_start(rules);
	int tile[SHUT_TILES_MAX], n = 0, nf = firsts(rules);
	struct counter c;

	for (int t = 1; t <= SHUT_TILES_MAX; t++)
		if (start & SHUT_TILE(t))
			tile[n++] = t;
	*offsets = ((size_t)1 << n) * 2 * (size_t)nf + 1;
	c.rules = rules;
	c.entries = 0;
	if (n > 20)
		return SHUT_ETOOBIG;
	for (uint32_t i = 0; i < (UINT32_C(1) << n); i++) {
		uint32_t open = 0;

		for (int k = 0; k < n; k++)
			if (i & (UINT32_C(1) << k))
				open |= SHUT_TILE(tile[k]);
		for (int r = 0; r < 2; r++)
			for (int f = 0; f < nf; f++) {
				unsigned choices;

				c.board = board_of(start, open, r);
				c.first = f;
				choices = shut_dice_choices(rules, c.board);
				for (int d = 1; d <= rules->dice; d++)
					if (choices & (1u << d))
						shut__throws_each(
						    rules, d, count_throw, &c);
			}
		if (c.entries > UINT32_MAX / 2)
			return SHUT_ETOOBIG;
	}
	*entries = c.entries;
	return 0;
}

/* ---------------------------------------------------------------------
 * Listing the moves
 */

struct lister {
	const struct shut_solver *s;
	uint32_t open;
	int opener;
	uint32_t *out;
	size_t n;
};

static int
list_move(void *ctx, uint32_t move)
{
	struct lister *l = ctx;
	const struct shut_solver *s = l->s;
	uint32_t next;

	if (l->opener) {
		next = l->open | move;
		l->out[l->n++] =
		    next == s->start ? WIN_OPENER : shut__squeeze(s, next);
	} else {
		next = l->open & ~move;
		l->out[l->n++] =
		    next == 0 ? WIN_SHUTTER : shut__squeeze(s, next);
	}
	return 0;
}

/*
 * Writes the moves of every position: for each dice count allowed, for
 * each class of that many dice, the number of moves and then where each
 * leads.
 */
static void
list_moves(struct shut_solver *s)
{
	int nf = firsts(&s->rules);
	uint32_t states = UINT32_C(1) << s->n;
	size_t k = 0;

	for (uint32_t i = 0; i < states; i++)
		for (int r = 0; r < 2; r++)
			for (int f = 0; f < nf; f++) {
				uint32_t open = shut__spread(s, i);
				uint32_t board = board_of(s->start, open, r);
				unsigned choices =
				    shut_dice_choices(&s->rules, board);

				s->battle_off[((size_t)i * 2 + (size_t)r) *
						  (size_t)nf +
					      (size_t)f] = (uint32_t)k;
				for (int d = 1; d <= s->rules.dice; d++) {
					const struct shut__dice *dd =
					    &s->dice[d];

					if (!(choices & (1u << d)))
						continue;
					for (size_t c = 0; c < dd->n; c++) {
						struct lister l = {
							s, open, r,
							s->battle_moves + k + 1,
							0
						};

						shut_moves_each(
						    &s->rules, board,
						    &s->classes[dd->first + c]
							 .rep,
						    f, list_move, &l);
						s->battle_moves[k] =
						    (uint32_t)l.n;
						k += 1 + l.n;
					}
				}
			}
	s->battle_off[(size_t)states * 2 * (size_t)nf] = (uint32_t)k;
}

/* ---------------------------------------------------------------------
 * The sweeps
 */

/*
 * The value of a listed successor for bound b: a win, or the same
 * roller's position in mid-turn.
 */
static double
successor(const struct shut_solver *s, uint32_t to, int opener, int b)
{
	int nf = firsts(&s->rules);

	if (to == WIN_SHUTTER)
		return 1.0;
	if (to == WIN_OPENER)
		return 0.0;
	return s->table[(size_t)to * (size_t)s->width + slot(nf, opener, 0) +
			(size_t)b];
}

/*
 * The value, for bound b, of the position (i, roller, first) against the
 * current values: the best dice count of the expected best move.  When
 * the dice allow no move the turn passes, except that the Shutter's first
 * turn ending with every tile open loses the game.
 */
static double
update(const struct shut_solver *s, uint32_t i, int opener, int f, int b)
{
	int nf = firsts(&s->rules);
	uint32_t full = (UINT32_C(1) << s->n) - 1;
	const uint32_t *e =
	    s->battle_moves +
	    s->battle_off[((size_t)i * 2 + (size_t)opener) * (size_t)nf +
			  (size_t)(nf > 1 ? f : 0)];
	uint32_t open = shut__spread(s, i);
	unsigned choices =
	    shut_dice_choices(&s->rules, board_of(s->start, open, opener));
	double pass, best = opener ? HUGE_VAL : -HUGE_VAL;

	if (!opener && i == full)
		pass = 0.0;
	else
		pass = s->table[(size_t)i * (size_t)s->width +
				slot(nf, !opener, 1) + (size_t)b];
	for (int d = 1; d <= s->rules.dice; d++) {
		const struct shut__dice *dd = &s->dice[d];
		double v = 0.0;

		if (!(choices & (1u << d)))
			continue;
		for (size_t c = 0; c < dd->n; c++) {
			uint32_t k = *e++;
			double w;

			if (k == 0) {
				v += s->classes[dd->first + c].prob * pass;
				continue;
			}
			w = successor(s, e[0], opener, b);
			for (uint32_t j = 1; j < k; j++) {
				double x = successor(s, e[j], opener, b);

				w = opener ? fmin(w, x) : fmax(w, x);
			}
			e += k;
			v += s->classes[dd->first + c].prob * w;
		}
		best = opener ? fmin(best, v) : fmax(best, v);
	}
	return best;
}

/* Whether a position can be played: neither side has already won. */
static int
playable(const struct shut_solver *s, uint32_t i, int opener)
{
	uint32_t full = (UINT32_C(1) << s->n) - 1;

	return opener ? i != full : i != 0;
}

void
shut__battle_solve(struct shut_solver *s)
{
	int nf = firsts(&s->rules);
	uint32_t states = UINT32_C(1) << s->n;
	double gap = 1.0;
	long sweep;

	list_moves(s);
	for (uint32_t i = 0; i < states; i++)
		for (int r = 0; r < 2; r++)
			for (int f = 0; f < nf; f++) {
				double *v = s->table + (size_t)i * s->width +
					    slot(nf, r, f);
				int won = !playable(s, i, r);

				/* A finished game is worth its end. */
				v[0] = won ? (r ? 0.0 : 1.0) : 0.0;
				v[1] = won ? (r ? 0.0 : 1.0) : 1.0;
			}
	for (sweep = 0; sweep < BATTLE_SWEEPS_MAX && gap > BATTLE_TOLERANCE;
	     sweep++) {
		for (int b = 0; b < 2; b++) {
			for (uint32_t i = 1; i < states; i++)
				for (int f = 0; f < nf; f++)
					s->table[(size_t)i * s->width +
						 slot(nf, 0, f) + (size_t)b] =
					    update(s, i, 0, f, b);
			for (uint32_t i = states - 1; i-- > 0;)
				for (int f = 0; f < nf; f++)
					s->table[(size_t)i * s->width +
						 slot(nf, 1, f) + (size_t)b] =
					    update(s, i, 1, f, b);
		}
		gap = 0.0;
		for (uint32_t i = 0; i < states; i++)
			for (int r = 0; r < 2; r++)
				for (int f = 0; f < nf; f++) {
					const double *v = s->table +
							  (size_t)i * s->width +
							  slot(nf, r, f);

					gap = fmax(gap, v[1] - v[0]);
				}
	}
	s->tolerance = gap / 2;
}

/* ---------------------------------------------------------------------
 * Reading the values
 */

double
shut__battle_value(const struct shut_solver *s, uint32_t index, int opener,
		   int first)
{
	const double *v;

	if (!playable(s, index, opener))
		return opener ? 0.0 : 1.0;
	v = s->table + (size_t)index * (size_t)s->width +
	    slot(firsts(&s->rules), opener, first);
	return (v[0] + v[1]) / 2;
}

/* The value after the roller makes a move from open. */
double
shut__battle_after(const struct shut_solver *s, uint32_t open, int opener,
		   uint32_t move)
{
	uint32_t next = opener ? open | move : open & ~move;

	if (!opener && next == 0)
		return 1.0;
	if (opener && next == s->start)
		return 0.0;
	return shut__battle_value(s, shut__squeeze(s, next), opener, 0);
}

struct best_after {
	const struct shut_solver *s;
	uint32_t open;
	int opener, any;
	double best;
};

static int
best_after_visit(void *ctx, uint32_t move)
{
	struct best_after *ba = ctx;
	double v = shut__battle_after(ba->s, ba->open, ba->opener, move);

	if (!ba->any)
		ba->best = v;
	else
		ba->best = ba->opener ? fmin(ba->best, v) : fmax(ba->best, v);
	ba->any = 1;
	return 0;
}

/* The value of throwing d dice at a position, for a hint. */
double
shut__battle_dice(const struct shut_solver *s, uint32_t index, int opener,
		  int first, int d)
{
	const struct shut__dice *dd = &s->dice[d];
	uint32_t open = shut__spread(s, index);
	uint32_t full = (UINT32_C(1) << s->n) - 1;
	double pass, v = 0.0;

	if (!opener && index == full)
		pass = 0.0;
	else
		pass = shut__battle_value(s, index, !opener, 1);
	for (size_t c = 0; c < dd->n; c++) {
		const struct shut__class *cl = &s->classes[dd->first + c];
		struct best_after ba = { s, open, opener, 0, 0.0 };

		shut_moves_each(&s->rules, board_of(s->start, open, opener),
				&cl->rep, first, best_after_visit, &ba);
		v += cl->prob * (ba.any ? ba.best : pass);
	}
	return v;
}
