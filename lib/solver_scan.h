/*
 * solver_scan.h - what the fast path's kernels share (solver_table.c,
 * solver_group.c): a thread's scratch, the offer of one move to one
 * entry, and the finishing of a state from its totals.  Nothing here is
 * public; every function is static inline, made once per kernel.
 */
#ifndef SOLVER_SCAN_H
#define SOLVER_SCAN_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "solver.h"

/*
 * The row of one total in a thread's scratch: a state per entry, and a
 * cache line more, so that the rows of the totals of one state do not all
 * fall into the same cache set.
 */
#define ROW(b) (((size_t)1 << (b)) + 8)

/*
 * What one thread keeps while it solves a block: the high subsets that fit
 * the block's high part, and for every total t and state l of the block,
 * at [t * ROW(b) + l], what the moves of total t offered so far leave
 * (offer() says which are kept by which scan):
 *
 *   p1, p2   the best and second best slot 0 (p2 equal to p1 when two
 *            moves tie on it exactly);
 *   s1, x1   slots 1 and 2 of the move with the best slot 0 (with three
 *            slots in solver_group.c, s1 the index of its state; so mx);
 *   below    the best slot 0 strictly below p1;
 *   m1, m2   the best and second best slot 1 of the moves whose slot 0
 *            is p1 exactly;
 *   mx       slot 2 of the move with the best of those slot 1.
 */
struct scratch {
	struct shut__high *hl;
	size_t nh;
	double *p1, *p2, *s1, *x1, *below, *m1, *m2, *mx;
	unsigned char kind[SOLVER_TOTAL_MAX + 1]; /* of each row: SCAN_* */
	int plain_to, all_from; /* solver_group.c: where the kinds change */
	int kind_to, kind_from; /* solver_group.c: where kind[]'s do */
};

/*
 * The dice counts allowed at a state.  Under high-shut they depend on the
 * highest open tile alone (docs/contract.md section 2), so they are asked of
 * the rules once per tile and looked up; any other rule is asked every time.
 */
static unsigned
dice_choices(const struct shut_solver *s, uint32_t index)
{
	int k = 31;

	if (s->rules.fewer != SHUT_FEWER_HIGH_SHUT || index == 0)
		return shut_dice_choices(&s->rules, shut__spread(s, index));
#if defined(__GNUC__)
	k = 31 - __builtin_clz(index);
#else
	while (!(index & (UINT32_C(1) << k)))
		k--;
#endif
	return s->choices_high[k];
}

/*
 * Walks the moves of total t at a state again, for a tie: with each high
 * subset of the block, the low subsets of the state whose sum makes up
 * the rest, a stretch of the state's list sorted by sum.  One pass finds
 * the best slot 1 among the moves tied on slot 0, which decides alone
 * unless another comes within the epsilon of it; only then are the two
 * passes of the tie rule (shut__tie_visit()) made.
 */
static void
fast_tie(const struct shut_solver *s, const struct scratch *sc, uint32_t index,
	 int t, struct shut__tie *tie)
{
	const uint32_t l = index & ((UINT32_C(1) << s->low_bits) - 1);
	const struct shut__low *lo = s->low + s->low_off[l];
	const uint16_t *cut = s->low_cut + (size_t)l * (size_t)(s->maxt + 1);
	const int upto = s->rules.move == SHUT_MOVE_UP_TO;
	const double *v0 = s->table, *v1 = s->table + s->states;
	double m1 = -HUGE_VAL, m2 = -HUGE_VAL;
	/*
	 * lowest <= pstar, and a value under pstar within the epsilon of it
	 * is at least pstar - 2 eps |pstar| (the 2 nearly reached only where
	 * eps |pstar| is subnormal; the 4 leaves room for this bound's own
	 * rounding): a move under it would fail shut__within() anyway, and
	 * goes without the whole test.  A NaN or infinite pstar makes lowest
	 * NaN or -inf, which turns nothing away.
	 */
	const double lowest =
	    tie->pstar - 4 * SHUT_SOLVER_EPSILON * fabs(tie->pstar);

	for (tie->pass = -1; tie->pass < 2; tie->pass++) {
		for (size_t h = 0; h < sc->nh; h++) {
			const struct shut__high *hi = &sc->hl[h];
			const int u = t - hi->sum;

			if (u < 0)
				continue;
			for (size_t i = u == 0 ? 0 : cut[u - 1]; i < cut[u];
			     i++) {
				const uint32_t m = hi->mask | lo[i].mask;
				double x;

				if (m == 0 ||
				    (upto &&
				     hi->count + shut__popcount(lo[i].mask) >
					 s->rules.move_max))
					continue;
				if (tie->pass >= 0) {
					shut__tie_visit(tie, m);
					continue;
				}
				if (v0[index - m] < lowest ||
				    !shut__within(v0[index - m], tie->pstar,
						  SHUT_SOLVER_EPSILON))
					continue;
				x = v1[index - m];
				if (x > m1) {
					m2 = m1;
					m1 = x;
					tie->best = m;
				} else if (x > m2) {
					m2 = x;
				}
			}
		}
		if (tie->pass < 0 && !shut__within(m2, m1, SHUT_SOLVER_EPSILON))
			return;
	}
}

/*
 * The value of "no move" in the scan: below every real value, and a
 * double whose bytes are all 0xfe (about -5.4e303), so that a block's
 * scratch is set to it with memset().
 */
#define NONE_BYTE 0xfe
static double
none_value(void)
{
	double v;

	memset(&v, NONE_BYTE, sizeof(v));
	return v;
}
#define NONE none_value()

/* Chooses a when mask is all ones, b when it is zero, bit by bit. */
static inline double
pick_bits(uint64_t mask, double a, double b)
{
	uint64_t x, y;

	memcpy(&x, &a, sizeof(x));
	memcpy(&y, &b, sizeof(y));
	x = (x & mask) | (y & ~mask);
	memcpy(&a, &x, sizeof(a));
	return a;
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* a where mask is all ones, b where it is zero, two lanes. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline __m128d
select2(__m128d mask, __m128d a, __m128d b)
{
	return _mm_or_pd(_mm_and_pd(mask, a), _mm_andnot_pd(mask, b));
}

/*
 * What a row EXACT keeps (offer()), two lanes at once: k, its below, m1,
 * m2 and (three slots) mx, after the offer of v, r1, r2 to a row whose
 * best slot 0 was o.  At the best exactly, its slot 1 is kept beside the
 * others there; a new best stands alone.  The SSE2 kernels' one rule.
 */
struct exact2 {
	__m128d below, m1, m2, mx;
};

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
exact_keep2(struct exact2 *k, __m128d o, __m128d v, __m128d r1, __m128d r2,
	    const int w)
{
	const __m128d none = _mm_set1_pd(NONE);
	const __m128d gt = _mm_cmpgt_pd(v, o), eq = _mm_cmpeq_pd(v, o);
	const __m128d b1 = k->m1, b2 = k->m2;

	k->below = _mm_max_pd(k->below, select2(eq, none, _mm_min_pd(o, v)));
	k->m1 = select2(gt, r1, select2(eq, _mm_max_pd(b1, r1), b1));
	k->m2 = select2(gt, none,
			select2(eq, _mm_max_pd(b2, _mm_min_pd(b1, r1)), b2));
	if (w > 2)
		k->mx =
		    select2(_mm_or_pd(gt, _mm_and_pd(eq, _mm_cmpgt_pd(r1, b1))),
			    r2, k->mx);
}
#endif

/*
 * The kinds of scan of a row (one total of a block), and what each keeps
 * of the moves offered (struct scratch):
 *
 *   PLAIN  the best and second best slot 0 and the other slots of the
 *          best: a tie of slot 0 within the epsilon is walked again;
 *   EXACT  the best slot 0, the best strictly below it, and of the moves
 *          at the best exactly the best and second best slot 1 and slot 2
 *          of that best: where moves tie on slot 0 exactly, as they do
 *          near T, the one with the best slot 1 wins without a walk;
 *   ALL    of the moves, the best and second best slot 1 and slot 2 of
 *          that best, and no slot 0: for a total whose moves all lead to
 *          states settled (shut__settled()), each worth the same
 *          exactly, so that the best slot 0 of the row is known
 *          (all_best()) and every move ties on it.
 *
 * With one slot (the value-only path) only the best slot 0 is kept, and
 * nothing is ever tied.  total_value() says how each kind settles a total.
 * EXACT costs more than the others; any kind gives the same values and
 * choices, so choosing one for a row is only a question of speed
 * (shut__row_kinds()).  An ALL row may be offered moves as EXACT too
 * when its best slot 0 starts at their worth (the group kernel).
 */
#define SCAN_PLAIN 0
#define SCAN_EXACT 1
#define SCAN_ALL   2
/*
 * Offers only (solver_group.c): PLAIN to a PLAIN row, EXACT to the rows
 * past them (EXACT, or ALL as from an EXACT stretch).
 */
#define SCAN_PLAIN_EXACT 3

/*
 * Offers a move to entry i: the slots r0, r1, r2 of the state it leads
 * to, with selects rather than jumps on the values.  The number of slots
 * w and the kind are constants at each call, so that the compiler makes
 * a loop of each.  With ix (three slots, solver_group.c), r2 is the index
 * of the state instead (index_bits()), and the best's index is kept in s1
 * and mx in place of its slots 1 and 2 (read by total_value()).
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
offer(struct scratch *sc, size_t i, double r0, double r1, double r2,
      const int w, const int kind, const int ix)
{
	const double o = sc->p1[i];

	if (kind != SCAN_ALL)
		sc->p1[i] = o > r0 ? o : r0;
	if (w == 1)
		return;
	if (kind == SCAN_PLAIN) {
		const uint64_t gt = (uint64_t)0 - (uint64_t)(r0 > o);
		const double o2 = sc->p2[i], lower = o < r0 ? o : r0;

		sc->p2[i] = o2 > lower ? o2 : lower;
		sc->s1[i] = pick_bits(gt, ix ? r2 : r1, sc->s1[i]);
		if (w > 2 && !ix)
			sc->x1[i] = pick_bits(gt, r2, sc->x1[i]);
	} else if (kind == SCAN_EXACT) {
		const double b1 = sc->m1[i], b2 = sc->m2[i], q = sc->below[i];

		if (r0 > o) {
			sc->below[i] = q > o ? q : o;
			sc->m1[i] = r1;
			sc->m2[i] = NONE;
			if (w > 2)
				sc->mx[i] = r2;
		} else if (r0 == o) {
			const double lo = b1 < r1 ? b1 : r1;

			sc->m2[i] = b2 > lo ? b2 : lo;
			if (r1 > b1) {
				sc->m1[i] = r1;
				if (w > 2)
					sc->mx[i] = r2;
			}
		} else {
			sc->below[i] = q > r0 ? q : r0;
		}
	} else {
		const double a = sc->m1[i], a2 = sc->m2[i];
		const double second = a < r1 ? a : r1;
		const uint64_t g1 = (uint64_t)0 - (uint64_t)(r1 > a);

		sc->m2[i] = a2 > second ? a2 : second;
		sc->m1[i] = a > r1 ? a : r1;
		if (w > 2)
			sc->mx[i] = pick_bits(g1, r2, sc->mx[i]);
	}
}

/* An index as the bits of a double, and back (offer() with ix). */
static inline double
index_bits(uint64_t index)
{
	double d;

	memcpy(&d, &index, sizeof(d));
	return d;
}

static inline uint64_t
bits_index(double d)
{
	uint64_t index;

	memcpy(&index, &d, sizeof(index));
	return index;
}

/* Whether lo <= hi are within the epsilon of each other (relative). */
static inline int
close_below(double hi, double lo)
{
	const double a = fabs(hi), b = fabs(lo);

	return hi - lo <= SHUT_SOLVER_EPSILON * (a > b ? a : b);
}

/*
 * The best slot 0 of a row "all", where every move leads to a state
 * settled (shut__settled()): that state's worth, exactly, when the row
 * has a move (m1, its best slot 1, is not NONE).  So the group kernel's
 * offers to such rows keep no slot 0 at all.
 */
static inline double
all_best(const struct shut_solver *s, double m1)
{
	return m1 == NONE ? NONE : s->settle;
}

/*
 * The value of total t at a state: the slots of its best move (the tie
 * broken when two come within the epsilon), or of the end of the turn.
 *
 * The tie rule (solver_generic.c) takes the moves whose slot 0 is within
 * the epsilon of the best, then among them the best slot 1 and the moves
 * within the epsilon of it, then the preferred move.  The values within
 * the epsilon of a value form an interval that ends at it (solver_play.c),
 * so the moves tied with the best are the best alone when the second best
 * slot 0 is not within the epsilon of it (PLAIN); and those at the best
 * exactly when the best strictly below it is not (EXACT, and ALL, where
 * every move is at the best).  In the first case the best wins; in the
 * others the one of them with the best slot 1, when the second best slot
 * 1 of them is not within the epsilon of it.  That is what a walk would
 * find, without one.  Any other case (other moves tied, slot 1 tied too)
 * is walked again.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
total_value(const struct shut_solver *s, const struct scratch *sc,
	    uint32_t index, int t, size_t i, const double *term, double *v,
	    const int w, const int ex, const int ix)
{
	const double *slot1 = s->table + s->states,
		     *slot2 = s->table + 2 * s->states;
	const int kind = ex ? sc->kind[t] : SCAN_PLAIN;
	const double p1 = kind == SCAN_ALL ? all_best(s, sc->m1[i]) : sc->p1[i];

	if (p1 == NONE || t == s->rules.bust) {
		v[0] = term[0];
		v[1] = term[1];
		v[2] = term[2];
		return;
	}
	v[0] = p1;
	if (w == 1)
		return;
	/* NONE is too far below anything to tie. */
	if (kind == SCAN_PLAIN) {
		v[1] = ix ? slot1[bits_index(sc->s1[i])] : sc->s1[i];
		v[2] = w < 3 ? 0.0
		       : ix  ? slot2[bits_index(sc->s1[i])]
			     : sc->x1[i];
		if (!close_below(p1, sc->p2[i]))
			return;
	} else {
		v[1] = sc->m1[i];
		v[2] = w < 3 ? 0.0
		       : ix  ? slot2[bits_index(sc->mx[i])]
			     : sc->mx[i];
		if (!close_below(v[1], sc->m2[i]) &&
		    (kind == SCAN_ALL || !close_below(p1, sc->below[i])))
			return;
	}
	{
		struct shut__tie tie;
		uint32_t next;

		memset(&tie, 0, sizeof(tie));
		tie.s = s;
		tie.index = index;
		tie.pstar = p1;
		fast_tie(s, sc, index, t, &tie);
		next = index - tie.best;
		v[1] = slot1[next];
		v[2] = w > 2 ? slot2[next] : 0.0;
	}
}

/*
 * The record of one state from what the block's sweeps found (total t
 * at entry t * row + l of the scratch): each
 * total's value, each dice count's (the sum over its totals, weighted by
 * their probabilities), the best count.  With one count allowed, the
 * common case, only its totals are looked at.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
finish_state(struct shut_solver *s, struct scratch *sc, uint32_t index,
	     size_t row, size_t l, unsigned choices, const int w, const int ex,
	     const int ix)
{
	const int maxt = s->maxt, faces = s->rules.faces;
	double term[SOLVER_SLOTS_MAX], rec[SOLVER_SLOTS_MAX];
	double vals[SHUT_DICE_MAX + 1][SOLVER_SLOTS_MAX];
	double pv[SOLVER_TOTAL_MAX + 1][SOLVER_SLOTS_MAX];
	int lo = SOLVER_TOTAL_MAX, hi = 0;

	shut__terminal(s, index, term);
	/* The totals the allowed counts can throw. */
	for (int d = 1; d <= s->rules.dice; d++)
		if (choices & (1u << d)) {
			lo = d < lo ? d : lo;
			hi = d * faces > hi ? d * faces : hi;
		}
	hi = hi < maxt ? hi : maxt;
	for (int t = lo; t <= hi; t++)
		total_value(s, sc, index, t, (size_t)t * row + l, term, pv[t],
			    w, ex, ix);
	for (int d = 1; d <= s->rules.dice; d++) {
		const double *prob;
		double a0 = 0, a1 = 0, a2 = 0, tm;
		int top;

		if (!(choices & (1u << d)))
			continue;
		prob = s->prob + (size_t)d * (SOLVER_TOTAL_MAX + 1);
		top = d * faces < maxt ? d * faces : maxt;
		tm = s->dice[d].tail;
		/* Two sums per slot, odd and even totals, to halve the chain.
		 */
		double b0 = 0, b1 = 0, b2 = 0;
		int t = d;

		for (; t + 1 <= top; t += 2) {
			a0 += prob[t] * pv[t][0];
			b0 += prob[t + 1] * pv[t + 1][0];
			if (w > 1) {
				a1 += prob[t] * pv[t][1];
				b1 += prob[t + 1] * pv[t + 1][1];
			}
			if (w > 2) {
				a2 += prob[t] * pv[t][2];
				b2 += prob[t + 1] * pv[t + 1][2];
			}
		}
		if (t <= top) {
			a0 += prob[t] * pv[t][0];
			a1 += w > 1 ? prob[t] * pv[t][1] : 0.0;
			a2 += w > 2 ? prob[t] * pv[t][2] : 0.0;
		}
		vals[d][0] = (a0 + b0) + tm * term[0];
		vals[d][1] = (a1 + b1) + tm * term[1];
		vals[d][2] = (a2 + b2) + tm * term[2];
	}
	shut__best_dice(s, choices, vals, rec);
	shut__put(s, index, rec);
}

/*
 * solver_group.c: solves the block at base by groups of four states,
 * when its kernel serves the solver's scan; 0 when it does not.
 */
int shut__group_block(struct shut_solver *s, struct scratch *sc, uint32_t base);

/* solver_group.c: whether that kernel serves the solver's board. */
int shut__group_fits(const struct shut_solver *s);

/*
 * The kind of scan of each row for the states from lo to hi, and where
 * the kinds change (solver_table.c).
 */
void shut__row_kinds(const struct shut_solver *s, unsigned char *kind,
		     uint32_t lo, uint32_t hi, int *plain_to, int *all_from);

/*
 * Where shut__row_kinds()'s kinds change for states whose scores are
 * from low to high, without writing them, with the constants
 * shut__table_solve() set (inline: the group kernel asks it for every
 * group).
 */
static inline void
shut__row_bounds_of(const struct shut_solver *s, uint64_t low, uint64_t high,
		    int *plain_to, int *all_from)
{
	const int rows = s->maxt + 1;
	const uint64_t target = s->rows_target;
	const uint64_t near = (uint64_t)s->rules.dice;
	int p = 0, a = rows;

	if (s->rows_by_sum) {
		/*
		 * PLAIN while low - t >= target + near, ALL once high - t <
		 * target.
		 */
		if (low >= target && low - target >= near)
			p = low - target - near + 1 < (uint64_t)rows
				? (int)(low - target - near + 1)
				: rows;
		if (high < target)
			a = 0;
		else if (high - target + 1 < (uint64_t)rows)
			a = (int)(high - target + 1);
		a = a < p ? p : a;
	}
	*plain_to = p;
	*all_from = a;
}

/* The same for the states from lo to hi, by their scores. */
static inline void
shut__row_bounds(const struct shut_solver *s, uint32_t lo, uint32_t hi,
		 int *plain_to, int *all_from)
{
	const int by = s->rows_by_sum;

	shut__row_bounds_of(s, by ? shut__score(s, lo) : 0,
			    by ? shut__score(s, hi) : 0, plain_to, all_from);
}

#endif
