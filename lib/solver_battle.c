/*
 * solver_battle.c - the two-player battle, solved as a stochastic game.
 *
 * The battle (docs/contract.md section 4, as lib/game.c plays it) keeps one box
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
 * it is a fixed point, not a recursion.  A game that goes on forever is
 * not a win for the Shutter, so V is the least fixed point of the
 * one-step operator T (best dice count of the expected best move).
 *
 * BOUNDS.  The solver keeps a lower bound L and an upper bound U of every
 * value and only ever moves them towards each other by steps that keep
 * them bounds; the value reported is their middle, shut_solver_tolerance()
 * half their largest gap.  Two facts make a step safe.  T is monotone and
 * V = T V, so replacing one value of L by that of T L (and likewise for U)
 * keeps L <= V <= U, in any order and in place (Gauss-Seidel).  And V is
 * the least fixed point, so any U with T U <= U is above it: U may start
 * at 1 wherever the Shutter can still win and at 0 elsewhere.
 *
 *   - Where the Shutter cannot win at all, V is 0.  Those positions are
 *     found first, as the complement of the Shutter's attractor: the
 *     positions from which the Shutter can make a win possible whatever
 *     the Opener does (a dice count and a move of its own, some throw of
 *     the dice, every move of the Opener).  Outside it the Opener can keep
 *     the game outside it for ever.  Both bounds start at 0 there and
 *     never move: a board with a tile the dice cannot shut (tile 13 with
 *     two dice, tile 7 with one) is then settled at once instead of
 *     leaving a gap of 1 that no iteration closes.
 *
 *   - The game cycles mostly through passes: the Shutter's turn at O that
 *     shuts nothing hands the Opener the same O, and back.  Under a rule
 *     such as first-throw=12 both players pass 35 times in 36, and plain
 *     iteration needs a sweep per pass.  So the two turn-starting values
 *     at the same O, S for the Shutter and P for the Opener, are solved
 *     together, the rest held fixed: S = max_d (a_d P + c_d) and
 *     P = min_e (b_e S + f_e), a_d the chance that d dice pass and c_d
 *     the rest of their value (b_e, f_e the Opener's).  For L, fixing the
 *     Shutter's dice count d gives a function below the real one, concave
 *     in S, whose fixed point above the current L is the smallest of the
 *     roots (a_d f_e + c_d) / (1 - a_d b_e) over the Opener's e; there the
 *     real function is still above the diagonal, so L may jump there.  For
 *     U symmetrically: fix the Opener's count, take the largest root over
 *     the Shutter's.  1 - a b is computed as (1 - a) + a (1 - b) from the
 *     moving masses, never as a difference.
 *
 *   - A position whose bounds have met is skipped: they cannot move.
 *
 * (All of this in double precision: the bounds hold up to the rounding of
 * the sums, some 1e-16 a step.)
 *
 * A sweep takes the positions by increasing index for the Shutter (its
 * moves go down) and then by decreasing index for the Opener (its moves
 * go up), each time with the pair at that index, so each sweep plays out
 * whole turns against the other side's latest values.  The sweeps stop
 * when every gap is below BATTLE_TOLERANCE, or when the work (moves
 * looked at) passes BATTLE_WORK_MAX, which keeps any battle within about
 * half a minute; the gap then says how far the values may be off.
 *
 * The moves of every position and throw class are listed once, before
 * the sweeps, as the indices they lead to, so a sweep is pure arithmetic.
 * A move that ends the game leads to a position kept at its end value
 * (the Shutter facing a shut box: 1; the Opener facing a full one: 0).
 * The list is sized in advance from an upper bound that needs no moves
 * (shut__battle_count()), and battles stop at SHUT_SOLVER_BATTLE_TILES_MAX
 * tiles.
 */
#include <math.h>
#include <string.h>

#include "shut_error.h"
#include "solver.h"

#define BATTLE_TOLERANCE 1e-12

/*
 * The most moves looked at (successors read, class entries walked) in all
 * the sweeps of one battle: 20 to 25 s on the project's machine, at 3 to
 * 3.5 ns each on 16 tiles.
 */
#define BATTLE_WORK_MAX ((uint64_t)7000000000)

static int
firsts(const struct shut_rules *rules)
{
	return rules->first_throw != 0 ? 2 : 1;
}

/*
 * Doubles per index: roller x first x (lower, upper).  The table holds
 * one plane of (lower, upper) pairs per roller and first, so that the
 * moves of a roller read one plane, densely.
 */
int
shut__battle_width(const struct shut_rules *rules)
{
	return 2 * firsts(rules) * 2;
}

/* The plane of a roller and first, as its first double. */
static double *
plane(const struct shut_solver *s, int opener, int first)
{
	int nf = firsts(&s->rules);

	return s->table +
	       (size_t)(opener * nf + (nf > 1 ? first : 0)) * s->states * 2;
}

/* The tiles the roller may change: open ones, or shut ones for the Opener. */
static uint32_t
board_of(uint32_t start, uint32_t open, int opener)
{
	return opener ? start & ~open : open;
}

/* The bounds (lower, upper) of a position. */
static double *
cell(const struct shut_solver *s, uint32_t i, int opener, int first)
{
	return plane(s, opener, first) + (size_t)i * 2;
}

/*
 * Whether a position can occur with the game still on: the Shutter never
 * faces a shut box and the Opener never a full one (the game is over) nor
 * a shut one (the Shutter has won), and the Shutter faces a full box only
 * before the first throw of the game, since each of its moves shuts a
 * tile.
 */
int
shut__battle_possible(const struct shut_solver *s, uint32_t index, int opener,
		      int first)
{
	uint32_t full = (UINT32_C(1) << s->n) - 1;

	if (index == 0)
		return 0;
	if (opener)
		return index != full;
	return index != full || first;
}

/*
 * Whether slot f of a roller at an index holds a position that can occur:
 * without a first-throw rule the one slot is both the first throw and the
 * others.
 */
static int
live(const struct shut_solver *s, uint32_t i, int opener, int f)
{
	return shut__battle_possible(s, i, opener,
				     firsts(&s->rules) > 1 ? f : 1);
}

/* ---------------------------------------------------------------------
 * Sizing the list of moves
 */

/*
 * A position's throws of d dice against the current bounds: the chance of
 * a pass, the chance of a move, and the sum over the classes that move of
 * their chance times the best move's lower and upper bound.
 */
struct part {
	double pass, move, lo, hi;
};

/*
 * The tiles of the boards on which the fewer-dice rule may let a roller
 * throw d of the dice (fewer than all): for the rules that look at the
 * highest tile or at the sum, the tiles up to d times the faces.
 */
static uint32_t
fewer_tiles(const struct shut_rules *rules, uint32_t start, int d)
{
	uint32_t low = 0;

	switch (rules->fewer) {
	case SHUT_FEWER_NEVER:
		return 0;
	case SHUT_FEWER_HIGH_SHUT:
	case SHUT_FEWER_LOW_SUM:
		for (int t = 1; t <= SHUT_TILES_MAX && t <= rules->faces * d;
		     t++)
			low |= SHUT_TILE(t);
		return start & low;
	case SHUT_FEWER_LONE_ONE:
		return d == 1 ? start & SHUT_TILE(1) : 0;
	case SHUT_FEWER_ANY_TIME:
		break;
	}
	return start;
}

/*
 * An upper bound on the entries of the list of one roller and first, for
 * throws of d dice on the boards made of the tiles of u: one per board
 * and class, and one per move.  For the rules that read the total, a move
 * of total t is a set M of tiles adding up to t, found on the 2^(m - |M|)
 * boards that hold it (m tiles in u): a count of the sets of tiles by size
 * and sum gives the bound.  The rules that read the faces allow at most
 * two moves (dice-or-sum), or one per face and one for the total
 * (one-tile), each on at most half the boards.
 */
static double
entries_of(const struct shut_rules *rules, uint32_t u, int d)
{
	uint16_t sets[SHUT_SOLVER_BATTLE_TILES_MAX + 1][SOLVER_TOTAL_MAX + 1];
	int m = shut__popcount(u), sum = 0, kmax = m;
	double classes = shut__throws_classes(rules, d);
	double boards = (double)(UINT32_C(1) << m), moves = 0.0;

	if (rules->move == SHUT_MOVE_DICE_OR_SUM ||
	    rules->move == SHUT_MOVE_ONE_TILE) {
		int per = rules->move == SHUT_MOVE_DICE_OR_SUM ? 2 : d + 1;

		return classes * boards * (1.0 + (double)per / 2);
	}
	if (rules->move == SHUT_MOVE_UP_TO && rules->move_max < kmax)
		kmax = rules->move_max;
	/* sets[k][t]: the sets of k tiles of u adding up to t (< 2^16). */
	memset(sets, 0, sizeof(sets));
	sets[0][0] = 1;
	for (int t = 1; t <= SHUT_TILES_MAX; t++) {
		if (!(u & SHUT_TILE(t)))
			continue;
		sum += t;
		for (int k = m; k >= 1; k--)
			for (int v = sum; v >= t; v--)
				sets[k][v] =
				    (uint16_t)(sets[k][v] + sets[k - 1][v - t]);
	}
	for (int t = d; t <= d * rules->faces && t <= sum; t++) {
		if (rules->bust != 0 && t == rules->bust)
			continue;
		for (int k = 1; k <= kmax; k++)
			moves += (double)sets[k][t] *
				 (double)(UINT32_C(1) << (m - k));
	}
	return classes * boards + moves;
}

/*
 * The room the list of moves needs: one offset per position, and an upper
 * bound on its entries found without looking at a move (entries_of()):
 * one per position for the mask of dice counts, and for each dice count
 * the entries on the boards where it may be allowed (every board for all
 * the dice), classes counted before merging.  *cache gets the room of the
 * sweeps' scratch.  Fails with SHUT_ETOOBIG past
 * SHUT_SOLVER_BATTLE_TILES_MAX tiles or when the entries would not fit
 * their 32-bit offsets.
 */
int
shut__battle_count(const struct shut_rules *rules, size_t *offsets,
		   size_t *entries, size_t *cache)
{
	uint32_t start = shut_rules_start(rules);
	int n = shut__popcount(start), nf = firsts(rules);
	double total;

	*offsets = 0;
	*entries = 0;
	*cache = 0;
	if (n > SHUT_SOLVER_BATTLE_TILES_MAX)
		return SHUT_ETOOBIG;
	*offsets = ((size_t)1 << n) * 2 * (size_t)nf + 1;
	*cache = ((size_t)1 << n) * 2 * (size_t)(rules->dice + 1) *
		 sizeof(struct part);
	total = (double)(UINT32_C(1) << n);
	for (int d = 1; d <= rules->dice; d++) {
		uint32_t u =
		    d < rules->dice ? fewer_tiles(rules, start, d) : start;

		if (d == rules->dice || rules->fewer != SHUT_FEWER_NEVER)
			total += entries_of(rules, u, d);
	}
	total = ceil(total * 2 * nf);
	if (total > (double)UINT32_MAX)
		return SHUT_ETOOBIG;
	*entries = (size_t)total;
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
	uint32_t next = l->opener ? l->open | move : l->open & ~move;

	l->out[l->n++] = shut__squeeze(l->s, next);
	return 0;
}

/*
 * Writes the moves of every position that can occur: the dice counts
 * allowed as a mask, then for each of them, for each class of that many
 * dice, the number of moves and then the index each leads to.
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
				if (!live(s, i, r, f))
					continue;
				s->battle_moves[k++] = choices;
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

/*
 * The listed moves of a position, and in *choices the dice counts the
 * roller may choose there.
 */
static const uint32_t *
listed(const struct shut_solver *s, uint32_t i, int opener, int first,
       unsigned *choices)
{
	int nf = firsts(&s->rules);
	const uint32_t *e =
	    s->battle_moves +
	    s->battle_off[((size_t)i * 2 + (size_t)opener) * (size_t)nf +
			  (size_t)(nf > 1 ? first : 0)];

	*choices = e[0];
	return e + 1;
}

/* ---------------------------------------------------------------------
 * Where the Shutter can still win
 */

/* Whether a position is already known to be in the attractor. */
static int
in_attractor(const struct shut_solver *s, uint32_t i, int opener, int first)
{
	return cell(s, i, opener, first)[1] > 0.5;
}

/*
 * Whether a position joins the Shutter's attractor, given the positions
 * marked so far (an upper bound of 1): for the Shutter some dice count,
 * some class and some move (or the pass) lead into it; for the Opener
 * every dice count has some class whose every move (or the pass) does.
 */
static int
attracted(const struct shut_solver *s, uint32_t i, int opener, int first,
	  uint64_t *work)
{
	uint32_t full = (UINT32_C(1) << s->n) - 1;
	unsigned choices;
	const uint32_t *e = listed(s, i, opener, first, &choices);
	int pass = opener || i != full ? in_attractor(s, i, !opener, 1) : 0;

	for (int d = 1; d <= s->rules.dice; d++) {
		const struct shut__dice *dd = &s->dice[d];
		int any = 0;

		if (!(choices & (1u << d)))
			continue;
		for (size_t c = 0; c < dd->n; c++) {
			uint32_t k = *e++;
			int ok = k == 0 ? pass : opener;

			for (uint32_t j = 0; j < k; j++) {
				int x = in_attractor(s, e[j], opener, 0);

				if (opener ? !x : x) {
					ok = !opener;
					break;
				}
			}
			*work += 1 + k;
			e += k;
			any |= ok;
		}
		if (!opener && any)
			return 1;
		if (opener && !any)
			return 0;
	}
	return opener;
}

/*
 * Marks the attractor with upper bounds of 1, sweeping in the order of
 * the value sweeps until nothing changes.  Past the work limit it gives
 * up and marks every position: a bound of 1 is always safe.
 */
static void
attract(struct shut_solver *s, uint64_t *work, uint64_t limit)
{
	int nf = firsts(&s->rules);
	uint32_t full = (UINT32_C(1) << s->n) - 1;
	int changed = 1;

	while (changed && *work < limit) {
		changed = 0;
		for (uint32_t i = 1; i <= full; i++)
			for (int f = 0; f < nf; f++)
				if (live(s, i, 0, f) &&
				    !in_attractor(s, i, 0, f) &&
				    attracted(s, i, 0, f, work)) {
					cell(s, i, 0, f)[1] = 1.0;
					changed = 1;
				}
		for (uint32_t i = full; i-- > 1;)
			for (int f = 0; f < nf; f++)
				if (!in_attractor(s, i, 1, f) &&
				    attracted(s, i, 1, f, work)) {
					cell(s, i, 1, f)[1] = 1.0;
					changed = 1;
				}
	}
	if (!changed)
		return;
	for (uint32_t i = 1; i <= full; i++)
		for (int r = 0; r < 2; r++)
			for (int f = 0; f < nf; f++)
				if (live(s, i, r, f))
					cell(s, i, r, f)[1] = 1.0;
}

/* ---------------------------------------------------------------------
 * The sweeps
 */

/*
 * Fills p[d] for the dice counts allowed, and returns them as a mask,
 * which it also keeps in p[0].pass for the cache of sweep_pair().
 */
static unsigned
walk(const struct shut_solver *s, uint32_t i, int opener, int first,
     struct part *p, uint64_t *work)
{
	unsigned choices;
	const uint32_t *e = listed(s, i, opener, first, &choices);
	const double *t = plane(s, opener, 0);

	for (int d = 1; d <= s->rules.dice; d++) {
		const struct shut__dice *dd = &s->dice[d];
		const struct shut__class *cl = s->classes + dd->first;
		struct part q = { 0.0, 0.0, 0.0, 0.0 };

		if (!(choices & (1u << d)))
			continue;
		for (size_t c = 0; c < dd->n; c++) {
			uint32_t k = *e++;
			double lo, hi;

			if (k == 0) {
				q.pass += cl[c].prob;
				continue;
			}
			lo = t[(size_t)e[0] * 2];
			hi = t[(size_t)e[0] * 2 + 1];
			if (opener) {
				for (uint32_t j = 1; j < k; j++) {
					const double *x = t + (size_t)e[j] * 2;

					lo = x[0] < lo ? x[0] : lo;
					hi = x[1] < hi ? x[1] : hi;
				}
			} else {
				for (uint32_t j = 1; j < k; j++) {
					const double *x = t + (size_t)e[j] * 2;

					lo = x[0] > lo ? x[0] : lo;
					hi = x[1] > hi ? x[1] : hi;
				}
			}
			*work += k;
			e += k;
			q.move += cl[c].prob;
			q.lo += cl[c].prob * lo;
			q.hi += cl[c].prob * hi;
		}
		*work += dd->n;
		p[d] = q;
	}
	p[0].pass = (double)choices;
	return choices;
}

/*
 * The roller's best over its dice counts of a_d x + c_d, x the value of
 * the pass: the Shutter's largest, the Opener's smallest, for bound b.
 */
static double
best(const struct part *p, unsigned choices, int dice, int opener, double x,
     int b)
{
	double v = opener ? HUGE_VAL : -HUGE_VAL;

	for (int d = 1; d <= dice; d++) {
		double y;

		if (!(choices & (1u << d)))
			continue;
		y = p[d].pass * x + (b ? p[d].hi : p[d].lo);
		v = opener ? (y < v ? y : v) : (y > v ? y : v);
	}
	return v;
}

/* One position, its pass held at the other roller's bounds x. */
static void
update(double *v, const struct part *p, unsigned choices, int dice, int opener,
       const double *x)
{
	double lo = best(p, choices, dice, opener, x[0], 0);
	double hi = best(p, choices, dice, opener, x[1], 1);

	if (lo > v[0])
		v[0] = lo;
	if (hi < v[1])
		v[1] = hi;
}

/* The root (num / den) of one piece of the pair, or stay at x. */
static double
root(double num, double den, double x)
{
	return den > 0 ? num / den : x;
}

/*
 * The two turn-starting positions at one index together: S (the Shutter
 * to throw, its parts sp) and P (the Opener, op), each (lower, upper); the
 * essay at the top says why each jump keeps the bounds.  From the jump t
 * of S, the Opener's bound is its best against t (no worse than now), and
 * the Shutter's its best against that: one plain update past the jump.
 */
static void
pair(double *S, double *P, const struct part *sp, unsigned sc,
     const struct part *op, unsigned oc, int dice)
{
	double t, x, y;
	int k = 0;

	/* Lower: fix the Shutter's count best now; the smallest root. */
	x = -HUGE_VAL;
	for (int d = 1; d <= dice; d++)
		if ((sc & (1u << d)) && sp[d].pass * P[0] + sp[d].lo > x) {
			x = sp[d].pass * P[0] + sp[d].lo;
			k = d;
		}
	t = 1.0;
	for (int d = 1; d <= dice; d++)
		if (oc & (1u << d)) {
			double r =
			    root(sp[k].pass * op[d].lo + sp[k].lo,
				 sp[k].move + sp[k].pass * op[d].move, S[0]);

			t = r < t ? r : t;
		}
	t = t > S[0] ? t : S[0];
	y = best(op, oc, dice, 1, t, 0);
	x = best(sp, sc, dice, 0, y > P[0] ? y : P[0], 0);
	x = x < 1.0 ? x : 1.0;
	S[0] = x > S[0] ? x : S[0];

	/* Upper: fix the Opener's count best now; the largest root. */
	x = HUGE_VAL;
	for (int d = 1; d <= dice; d++)
		if ((oc & (1u << d)) && op[d].pass * S[1] + op[d].hi < x) {
			x = op[d].pass * S[1] + op[d].hi;
			k = d;
		}
	t = 0.0;
	for (int d = 1; d <= dice; d++)
		if (sc & (1u << d)) {
			double r =
			    root(sp[d].pass * op[k].hi + sp[d].hi,
				 sp[d].move + sp[d].pass * op[k].move, S[1]);

			t = r > t ? r : t;
		}
	t = t < S[1] ? t : S[1];
	y = best(op, oc, dice, 1, t, 1);
	x = best(sp, sc, dice, 0, y < P[1] ? y : P[1], 1);
	x = x > 0.0 ? x : 0.0;
	S[1] = x < S[1] ? x : S[1];

	/* The Opener's bounds against the Shutter's new ones. */
	x = best(op, oc, dice, 1, S[0], 0);
	P[0] = x > P[0] ? x : P[0];
	x = best(op, oc, dice, 1, S[1], 1);
	P[1] = x < P[1] ? x : P[1];
}

static int
open_gap(const double *v)
{
	return v[0] < v[1];
}

/* The parts of the turn-starting position of a roller at index i. */
static struct part *
cached(const struct shut_solver *s, uint32_t i, int opener)
{
	return (struct part *)s->battle_cache +
	       ((size_t)i * 2 + (size_t)opener) * (size_t)(s->rules.dice + 1);
}

/*
 * The pair at index i, when either of its positions has a gap.  Going up,
 * the Shutter's parts are walked afresh and the Opener's are those of the
 * last sweep down, whose moves (to larger indices) have not changed since;
 * going down, the other way round.  The first sweep up walks both.
 */
static void
sweep_pair(struct shut_solver *s, uint32_t i, int down, int fresh,
	   uint64_t *work)
{
	struct part *sp = cached(s, i, 0), *op = cached(s, i, 1);
	double *S = cell(s, i, 0, 1), *P = cell(s, i, 1, 1);
	unsigned sc, oc;

	if (!open_gap(S) && !open_gap(P))
		return;
	if (!down || fresh)
		walk(s, i, 0, 1, sp, work);
	if (down || fresh)
		walk(s, i, 1, 1, op, work);
	sc = (unsigned)sp[0].pass;
	oc = (unsigned)op[0].pass;
	pair(S, P, sp, sc, op, oc, s->rules.dice);
}

/* One sweep: the Shutter's positions up, the Opener's down. */
static void
sweep(struct shut_solver *s, int fresh, uint64_t *work)
{
	static const double lost[2] = { 0.0, 0.0 };
	struct part p[SHUT_DICE_MAX + 1];
	int nf = firsts(&s->rules), dice = s->rules.dice;
	uint32_t full = (UINT32_C(1) << s->n) - 1;
	double *v;
	unsigned c;

	for (uint32_t i = 1; i < full; i++) {
		sweep_pair(s, i, 0, fresh, work);
		v = cell(s, i, 0, 0);
		if (nf > 1 && open_gap(v)) {
			c = walk(s, i, 0, 0, p, work);
			update(v, p, c, dice, 0, cell(s, i, 1, 1));
		}
	}
	/* The first turn: a pass with every tile open loses. */
	v = cell(s, full, 0, 1);
	if (open_gap(v)) {
		c = walk(s, full, 0, 1, p, work);
		update(v, p, c, dice, 0, lost);
	}
	for (uint32_t i = full; i-- > 1;) {
		sweep_pair(s, i, 1, 0, work);
		v = cell(s, i, 1, 0);
		if (nf > 1 && open_gap(v)) {
			c = walk(s, i, 1, 0, p, work);
			update(v, p, c, dice, 1, cell(s, i, 0, 1));
		}
	}
}

/* The largest gap between the bounds of a position. */
static double
largest_gap(const struct shut_solver *s)
{
	int nf = firsts(&s->rules);
	uint32_t full = (UINT32_C(1) << s->n) - 1;
	double gap = 0.0;

	for (uint32_t i = 1; i <= full; i++)
		for (int r = 0; r < 2; r++)
			for (int f = 0; f < nf; f++) {
				const double *v = cell(s, i, r, f);

				if (live(s, i, r, f) && v[1] - v[0] > gap)
					gap = v[1] - v[0];
			}
	return gap;
}

void
shut__battle_solve(struct shut_solver *s)
{
	int nf = firsts(&s->rules);
	uint64_t work = 0, limit = BATTLE_WORK_MAX;
	double gap;

	if (s->flags & SHUT__SOLVER_WORK_SET)
		limit = (uint64_t)1 << ((s->flags >> 24) & 0x3f);
	list_moves(s);
	memset(s->table, 0, s->states * (size_t)s->width * sizeof(double));
	/* The ends of the game, where moves lead: 1 and 0. */
	for (int f = 0; f < nf; f++) {
		cell(s, 0, 0, f)[0] = 1.0;
		cell(s, 0, 0, f)[1] = 1.0;
	}
	attract(s, &work, limit);
	gap = largest_gap(s);
	for (int fresh = 1; gap > BATTLE_TOLERANCE && work < limit; fresh = 0) {
		sweep(s, fresh, &work);
		work += 4 * s->states;
		gap = largest_gap(s);
	}
	s->tolerance = gap / 2;
}

/* ---------------------------------------------------------------------
 * Reading the values
 */

/* The value of a position, the middle of its bounds, within [0, 1]. */
double
shut__battle_value(const struct shut_solver *s, uint32_t index, int opener,
		   int first)
{
	const double *v = cell(s, index, opener, first);
	double x = (v[0] + v[1]) / 2;

	return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x;
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
	return v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
}
