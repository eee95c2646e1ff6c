/*
 * solver_group.c - the fast path's kernel by groups of four states.
 *
 * solver_table.c offers each move to every state of a block that holds
 * it (move-major): a scratch of a block's 2^8 states by total, some
 * 50 KB an array, kept in L2 and reset for every block.  This kernel
 * takes the states of a block four at a time instead: a group is the
 * four states that differ only in the two lowest tiles a and b of the
 * board (lanes 0, a, b, a + b), and its scratch (by total and lane, a
 * few hundred bytes an array) stays in L1.
 *
 * A move M of a state of the group splits into an outer part mo (tiles
 * above the lowest two) and an inner part mk (of a and b).  When mo is
 * not empty, the four states of the group, less mo, are a group of an
 * earlier block or of an earlier group of this block: final.  One vector
 * load of those four values serves the four inner parts at once:
 *
 *   mk = {}       lane x gets the value of lane x       (all four lanes)
 *   mk = {a}      lanes a, a + b get those of 0, b      (total + a)
 *   mk = {b}      lanes b, a + b get those of 0, a      (total + b)
 *   mk = {a, b}   lane a + b gets that of 0             (total + a + b)
 *
 * nine offers for one load, in six SSE2 vectors of two lanes (four AVX2
 * vectors of four); a lane that the inner part rules out gets NONE,
 * which changes nothing.  The
 * outer parts are the high subsets of the block (solver_table.c's list)
 * with the subsets of the group's own low tiles that fit, a stretch of the
 * low lists sorted by sum, so that the offers whose four totals all fit
 * go in one loop without a test; for the value alone and in a group
 * whose rows are of several kinds, all of them (a total past the largest
 * goes to a row of the scratch past it, never read) but under up-to-K.
 *
 * The moves within the group (a, b and a + b) go lane by lane, each
 * state finished before the next needs it: lane 0, lanes a and b side by
 * side in SSE2 vectors (finish_state()'s operations lane by lane), lane
 * a + b; or, where no total of the group is an inner move's
 * (group_apart()), the four lanes side by side without them.  An offer
 * keeps what offer() keeps under its kind of scan, by the same selects:
 * the kind of the row it reaches (asked of the row where an outer part
 * reaches rows of the two kinds, PLAIN_EXACT), or EXACT's in an ALL row,
 * whose best slot 0 then starts at the worth of its every move
 * (group_kinds_reset()).  The best slot 0 is the exact maximum in any
 * order, its other slots are those of the strict best in a PLAIN row (a
 * tie of slot 0 making the second best equal to it, and so a walk) and of
 * the best slot 1 at the best exactly in the others.  So the table is the
 * other kernel's to the last bit (tested).
 *
 * It serves every scan (the plain one, the rows that settle ties of
 * whole totals under beat:T and utilities, the value alone) on boards of
 * at least two low tiles, with SSE2, and with AVX2 where the processor
 * has it (solver_group_avx2.c); solver_table.c's move-major kernel takes
 * the rest.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "solver.h"
#include "solver_group.h"
#include "solver_scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/*
 * What a row ALL keeps, two lanes of entry a: the best and second best
 * of u, the moves' slot 1 (NONE for a lane the move does not fit), and
 * with three slots r2, the index of the best.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
keep_slot1(double *a, __m128d u, __m128d r2, const int w)
{
	const __m128d m = _mm_loadu_pd(GA(a, GA_M1));

	_mm_storeu_pd(GA(a, GA_M2),
		      _mm_max_pd(_mm_loadu_pd(GA(a, GA_M2)), _mm_min_pd(m, u)));
	_mm_storeu_pd(GA(a, GA_M1), _mm_max_pd(m, u));
	if (w > 2)
		_mm_storeu_pd(GA(a, GA_MX),
			      select2(_mm_cmpgt_pd(u, m), r2,
				      _mm_loadu_pd(GA(a, GA_MX))));
}

/*
 * Keeps two lanes of entry i (the lanes of i and i + 1): the values v of
 * slot 0 and r1, r2 of slots 1 and 2, as offer() does lane by lane with
 * the kind of scan (EXACT into an ALL row too, OUTER_LOOP).  A lane that
 * the move does not fit has v and r1 NONE: it changes nothing.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_keep(const struct group *gp, size_t i, __m128d v, __m128d r1, __m128d r2,
	   const int w, const int kind)
{
	double *const a = gp->at + i;

	if (kind == SCAN_ALL) {
		keep_slot1(a, r1, r2, w);
		return;
	}
	const __m128d o = _mm_loadu_pd(GA(a, GA_P1));

	_mm_storeu_pd(GA(a, GA_P1), _mm_max_pd(o, v));
	if (w == 1)
		return;
	const __m128d gt = _mm_cmpgt_pd(v, o);

	if (kind != SCAN_EXACT) {
		_mm_storeu_pd(
		    GA(a, GA_P2),
		    _mm_max_pd(_mm_loadu_pd(GA(a, GA_P2)), _mm_min_pd(o, v)));
		/* Three slots: the index of the best (offer()'s ix). */
		_mm_storeu_pd(
		    GA(a, GA_S1),
		    select2(gt, w > 2 ? r2 : r1, _mm_loadu_pd(GA(a, GA_S1))));
	}
	if (kind != SCAN_PLAIN) {
		struct exact2 k = { _mm_loadu_pd(GA(a, GA_BELOW)),
				    _mm_loadu_pd(GA(a, GA_M1)),
				    _mm_loadu_pd(GA(a, GA_M2)), r2 };

		if (w > 2)
			k.mx = _mm_loadu_pd(GA(a, GA_MX));
		exact_keep2(&k, o, v, r1, r2, w);
		_mm_storeu_pd(GA(a, GA_BELOW), k.below);
		_mm_storeu_pd(GA(a, GA_M1), k.m1);
		_mm_storeu_pd(GA(a, GA_M2), k.m2);
		if (w > 2)
			_mm_storeu_pd(GA(a, GA_MX), k.mx);
	}
}

/*
 * Offers two lanes of entry i: group_keep() with the kind of scan, but
 * for PLAIN_EXACT (a stretch whose outer parts reach rows of both kinds)
 * PLAIN in a PLAIN row and EXACT past them (an ALL row too, as from an
 * EXACT stretch).
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_offer(const struct group *gp, size_t i, __m128d v, __m128d r1, __m128d r2,
	    const int w, const int kind)
{
	if (kind != SCAN_PLAIN_EXACT)
		group_keep(gp, i, v, r1, r2, w, kind);
	else if (i < gp->plain_end)
		group_keep(gp, i, v, r1, r2, w, SCAN_PLAIN);
	else
		group_keep(gp, i, v, r1, r2, w, SCAN_EXACT);
}

/*
 * The four states of the group less an outer part, at src, offered with
 * the inner parts whose totals are in the rows the masks allow: total t,
 * t + a, t + b, t + a + b.  With every row allowed (constant), no test.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_outer(const struct group *gp, size_t src, int t, int ta, int tb,
	    const int w, const int kind, const int all, int use_a, int use_b,
	    int use_ab)
{
	const double *r = gp->table + src;
	const __m128d none = _mm_set1_pd(NONE);
	const __m128d v01 = _mm_loadu_pd(r), v23 = _mm_loadu_pd(r + 2);
	const __m128d a01 = _mm_unpacklo_pd(none, v01);
	__m128d p01 = none, p23 = none, q01 = none, q23 = none;
	__m128d x01 = none, x23 = none, y01 = none, y23 = none;
	const size_t i = (size_t)t * LANES;

	/* Slot 1: for the best's (two slots) and for exact ties. */
	if (w == 2 || (w > 2 && kind != SCAN_PLAIN)) {
		p01 = _mm_loadu_pd(r + gp->states);
		p23 = _mm_loadu_pd(r + gp->states + 2);
		q01 = _mm_unpacklo_pd(none, p01);
		q23 = _mm_unpacklo_pd(none, p23);
	}
	/* Three slots: the indices of the states (as group_outer4()). */
	if (w > 2) {
		const __m128i one = _mm_set1_epi64x(1);
		const __m128i i01 = _mm_add_epi64(
		    _mm_set1_epi64x((long long)src), _mm_set_epi64x(1, 0));
		const __m128i i23 = _mm_add_epi64(i01, _mm_set1_epi64x(2));

		/* Slot 1 is read above but in plain rows. */
		if (kind == SCAN_PLAIN)
			_mm_prefetch((const char *)(r + gp->states),
				     _MM_HINT_T0);
		_mm_prefetch((const char *)(r + 2 * gp->states), _MM_HINT_T0);
		x01 = _mm_castsi128_pd(i01);
		x23 = _mm_castsi128_pd(i23);
		y01 = _mm_castsi128_pd(_mm_sub_epi64(i01, one));
		y23 = _mm_castsi128_pd(_mm_sub_epi64(i23, one));
	}
	group_offer(gp, i, v01, p01, x01, w, kind);
	group_offer(gp, i + 2, v23, p23, x23, w, kind);
	if (all || use_a) {
		const size_t j = i + (size_t)ta * LANES;

		/* Lanes a and a + b (1 and 3) from lanes 0 and b (0, 2). */
		group_offer(gp, j, a01, q01, y01, w, kind);
		group_offer(gp, j + 2, _mm_unpacklo_pd(none, v23), q23, y23, w,
			    kind);
	}
	if (all || use_b)
		/* Lanes b and a + b (2, 3) from lanes 0 and a (0, 1). */
		group_offer(gp, i + (size_t)tb * LANES + 2, v01, p01, x01, w,
			    kind);
	if (all || use_ab)
		/* Lane a + b from lane 0. */
		group_offer(gp, i + (size_t)(ta + tb) * LANES + 2, a01, q01,
			    y01, w, kind);
}

/* The move inner of the lowest tiles from lane x to lane x - inner. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_inner(const struct shut_solver *s, struct scratch *sc, int t,
	    uint32_t index, uint32_t inner, size_t lane, const int w,
	    const int ex)
{
	const double *v = s->table;
	const uint32_t next = index - inner;
	const size_t i = (size_t)t * LANES + lane;
	double r1, r2;

	if (t > s->maxt)
		return;
	r1 = w > 1 ? v[s->states + next] : 0.0;
	r2 = w > 2 ? index_bits(next) : 0.0;
	if (!ex || sc->kind[t] == SCAN_PLAIN)
		offer(sc, i, v[next], r1, r2, w, SCAN_PLAIN, w > 2);
	else if (sc->kind[t] == SCAN_ALL)
		offer(sc, i, v[next], r1, r2, w, SCAN_ALL, w > 2);
	else
		offer(sc, i, v[next], r1, r2, w, SCAN_EXACT, w > 2);
}

/* One lane, or two (lanes lane and lane + 1), of three slots. */
struct pair {
	__m128d v[SOLVER_SLOTS_MAX];
};

/* Where lo <= hi are within the epsilon of each other, as close_below(). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline __m128d
close_below2(__m128d hi, __m128d lo)
{
	const __m128d sign = _mm_set1_pd(-0.0);
	const __m128d m =
	    _mm_max_pd(_mm_andnot_pd(sign, hi), _mm_andnot_pd(sign, lo));

	return _mm_cmple_pd(_mm_sub_pd(hi, lo),
			    _mm_mul_pd(_mm_set1_pd(SHUT_SOLVER_EPSILON), m));
}

/*
 * The values of a slot of the table at the two indices at (offer()'s ix:
 * every index kept in the scratch is a state's, or 0 before any).
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline __m128d
gather2(const double *slot, __m128d at)
{
	uint64_t k[2];

	_mm_storeu_pd((double *)(void *)k, at);
	return _mm_set_pd(slot[k[1]], slot[k[0]]);
}

/*
 * Adds total t of the lanes at entry i to the sums acc, weighted by p:
 * its best move's slots, or the end of the turn's (term) where it has no
 * move or is the bust total; and marks in tie the lanes that
 * total_value() would walk again.  kind is the row's kind of scan
 * (SCAN_PLAIN unless ex), read as total_value() reads it: the best slot
 * 0's move in a row PLAIN, else the move with the best slot 1 of those
 * at the best slot 0 exactly.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
finish_total(const struct shut_solver *s, const struct scratch *sc, size_t i,
	     int bust, int kind, double p, const struct pair *term,
	     struct pair *acc, __m128d *tie, const int w, const int ex)
{
	const double *const a = sc->p1 + i;
	const double *slot1 = s->table + s->states,
		     *slot2 = s->table + 2 * s->states;
	const __m128d none = _mm_set1_pd(NONE);
	/* A row "all" keeps no slot 0: all_best(). */
	const __m128d p1 =
	    ex && kind == SCAN_ALL
		? select2(_mm_cmpeq_pd(_mm_loadu_pd(GA(a, GA_M1)), none), none,
			  _mm_set1_pd(s->settle))
		: _mm_loadu_pd(GA(a, GA_P1));
	const __m128d pv = _mm_set1_pd(p);
	const __m128d out =
	    bust ? _mm_cmpeq_pd(p1, p1) : _mm_cmpeq_pd(p1, none);
	__m128d v1, v2 = _mm_setzero_pd(), walk;

	acc->v[0] =
	    _mm_add_pd(acc->v[0], _mm_mul_pd(pv, select2(out, term->v[0], p1)));
	if (w == 1)
		return;
	/* Three slots: s1 and mx hold the best's index (offer()'s ix). */
	if (!ex || kind == SCAN_PLAIN) {
		const __m128d b = _mm_loadu_pd(GA(a, GA_S1));

		v1 = w > 2 ? gather2(slot1, b) : b;
		if (w > 2)
			v2 = gather2(slot2, b);
		walk = close_below2(p1, _mm_loadu_pd(GA(a, GA_P2)));
	} else {
		v1 = _mm_loadu_pd(GA(a, GA_M1));
		if (w > 2)
			v2 = gather2(slot2, _mm_loadu_pd(GA(a, GA_MX)));
		walk = close_below2(v1, _mm_loadu_pd(GA(a, GA_M2)));
		if (kind == SCAN_EXACT)
			walk = _mm_or_pd(
			    walk,
			    close_below2(p1, _mm_loadu_pd(GA(a, GA_BELOW))));
	}
	*tie = _mm_or_pd(*tie, _mm_andnot_pd(out, walk));
	acc->v[1] =
	    _mm_add_pd(acc->v[1], _mm_mul_pd(pv, select2(out, term->v[1], v1)));
	if (w > 2)
		acc->v[2] = _mm_add_pd(
		    acc->v[2], _mm_mul_pd(pv, select2(out, term->v[2], v2)));
}

/*
 * Finishes the state of lane lane of the group at index, and with two
 * the state of the next lane too (index + 1), both at once in the lanes
 * of SSE2 vectors: finish_state() lane by lane, the same operations in
 * the same order, so the same bits.  It takes the common case, one dice
 * count allowed and the same for both, no tie to walk; any other goes
 * to finish_state() state by state.  One lane alone computes a second
 * lane of the scratch's next entries too, and keeps nothing of it.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_finish(struct shut_solver *s, struct scratch *sc, uint32_t index,
	     size_t lane, const int two, const int w, const int ex)
{
	const int maxt = s->maxt, bust = s->rules.bust;
	const unsigned choices = dice_choices(s, index);
	double t0[SOLVER_SLOTS_MAX], t1[SOLVER_SLOTS_MAX];
	struct pair term, a, b;
	__m128d tie = _mm_setzero_pd();
	const double *prob;
	int d, top, t;

	if (index == 0) {
		shut__terminal(s, 0, t0);
		shut__put(s, 0, t0);
		return;
	}
	if (choices == 0 || (choices & (choices - 1)) ||
	    (two && dice_choices(s, index + 1) != choices))
		goto slow;
	for (d = 1; !(choices & (1u << d)); d++)
		;
	shut__terminal(s, index, t0);
	if (two)
		shut__terminal(s, index + 1, t1);
	for (int k = 0; k < SOLVER_SLOTS_MAX; k++) {
		term.v[k] = _mm_set_pd(two ? t1[k] : 0.0, t0[k]);
		a.v[k] = _mm_setzero_pd();
		b.v[k] = _mm_setzero_pd();
	}
	prob = s->prob + (size_t)d * (SOLVER_TOTAL_MAX + 1);
	top = d * s->rules.faces < maxt ? d * s->rules.faces : maxt;
	/* Two sums per slot, odd and even totals, as finish_state(). */
	for (t = d; t + 1 <= top; t += 2) {
		finish_total(s, sc, (size_t)t * LANES + lane, t == bust,
			     sc->kind[t], prob[t], &term, &a, &tie, w, ex);
		finish_total(s, sc, (size_t)(t + 1) * LANES + lane,
			     t + 1 == bust, sc->kind[t + 1], prob[t + 1], &term,
			     &b, &tie, w, ex);
	}
	if (t <= top)
		finish_total(s, sc, (size_t)t * LANES + lane, t == bust,
			     sc->kind[t], prob[t], &term, &a, &tie, w, ex);
	if (w > 1 && (_mm_movemask_pd(tie) & (two ? 3 : 1)))
		goto slow;
	for (int k = 0; k < w; k++) {
		const __m128d v = _mm_add_pd(
		    _mm_add_pd(a.v[k], b.v[k]),
		    _mm_mul_pd(_mm_set1_pd(s->dice[d].tail), term.v[k]));
		double *out = s->table + (size_t)k * s->states + index;

		if (two)
			_mm_storeu_pd(out, v);
		else
			_mm_store_sd(out, v);
	}
	if (group_settles(s, ex))
		shut__settle(s, index, two ? 2 : 1);
	return;
slow:
	finish_state(s, sc, index, LANES, lane, choices, w, ex, w > 2);
	if (two)
		finish_state(s, sc, index + 1, LANES, lane + 1,
			     dice_choices(s, index + 1), w, ex, w > 2);
}

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_outers(const struct shut_solver *s, struct scratch *sc, uint32_t index,
	     const int upto, const int w, const int ex)
{
	OUTER_LOOP(group_outer);
}

/*
 * The kinds of the rows of the group at index (shut__row_kinds() of its
 * four states: the scores of a group differ by a + b at most, so far
 * fewer of its rows need EXACT than of a block's): where they change,
 * PLAIN below plain_to, ALL from all_from on.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_kinds(const struct shut_solver *s, struct scratch *sc, uint32_t index)
{
	/* By the sum (or not at all): lane a + b scores a + b more. */
	const uint64_t low = s->rows_by_sum ? shut__score(s, index) : 0;

	shut__row_bounds_of(s, low, low + (uint64_t)(s->tile[0] + s->tile[1]),
			    &sc->plain_to, &sc->all_from);
}

/*
 * Where some row of the group is not PLAIN: the reset of what each kind
 * keeps: p2 in PLAIN rows, below in EXACT ones, m1 and m2 in both others;
 * and p1, in the ALL rows that offers of EXACT may reach (OUTER_LOOP: a +
 * b past all_from at most) at the worth of each of their moves, so that
 * every move offered there ties it exactly.  With SSE2 the kind of each
 * row too, which its finish reads; with AVX2 a store a row and array
 * (shut__group_reset_avx2()), the kinds written by what reads them
 * (group_kinds_write()).
 */
static void
group_kinds_reset(const struct shut_solver *s, struct scratch *sc, int avx2)
{
	const size_t row = LANES * sizeof(double);
	const int rows = s->maxt + 1, p = sc->plain_to, a = sc->all_from;

#if SOLVER_GROUP_AVX2
	if (avx2) {
		shut__group_reset_avx2(s, sc);
		return;
	}
#endif
	(void)avx2;
	group_kinds_write(s, sc);
	memset(sc->p1, NONE_BYTE, (size_t)rows * row);
	if (p > 0)
		memset(sc->p2, NONE_BYTE, (size_t)p * row);
	if (p < rows) {
		const size_t from = (size_t)p * LANES,
			     bytes = (size_t)(rows - p) * row;

		memset(sc->below + from, NONE_BYTE, (size_t)(a - p) * row);
		memset(sc->m1 + from, NONE_BYTE, bytes);
		memset(sc->m2 + from, NONE_BYTE, bytes);
	}
	/* Offers of EXACT reach a + b rows past all_from at most. */
	{
		const int end = group_settled_end(s, sc);
		const __m128d c = _mm_set1_pd(s->settle);

		for (size_t x = (size_t)a * LANES; x < (size_t)end * LANES;
		     x += 2)
			_mm_storeu_pd(sc->p1 + x, c);
	}
}

/*
 * The tests' way of checking the rows "all" settled without a walk
 * (SHUT__SOLVER_ALL_WALK): the second best slot 1 of each is set to the
 * best, so that none is settled without one, and the walks decide as
 * ever; the tables must be the same.
 */
static void
group_all_walk(const struct shut_solver *s, struct scratch *sc)
{
	for (size_t i = (size_t)sc->all_from * LANES;
	     i < (size_t)(s->maxt + 1) * LANES; i++)
		sc->m2[i] = sc->m1[i];
}

/*
 * Whether the four states of the group at index (not the shut box) are
 * apart: each dice count d they allow is above a + b, so that every
 * throw is too (d at least) and no total of theirs is one of an inner
 * move (a, b, a + b), and
 * no state of the group is a successor of another.  Then they can be
 * finished side by side, in any order, without the inner moves: the
 * walk of a tie at a total above a + b reads only moves with an outer
 * part, whose states are final.  On the-300 (four dice, tiles 1 and 2)
 * every group is apart but where fewer dice are allowed.
 */
static inline int
group_apart(const struct shut_solver *s, uint32_t index)
{
	const int low = s->tile[0] + s->tile[1];

	if (index == 0 || low >= SHUT_DICE_MAX)
		return 0;
	for (uint32_t x = 0; x < LANES; x++) {
		const unsigned choices = dice_choices(s, index | x);

		/* Counts 0 .. low not allowed: the lowest total is d. */
		if (choices == 0 || (choices & ((2u << low) - 1)))
			return 0;
	}
	return 1;
}

/*
 * Whether the rows of the group, as group_kinds() chose them, are all
 * PLAIN: it is then solved as where no kinds are chosen (group_solve()).
 */
static inline int
group_plain(const struct shut_solver *s, const struct scratch *sc)
{
	return sc->plain_to > s->maxt;
}

/*
 * The group at index: the outer moves, then lane by lane the inner ones
 * and the finishing; or, when they are apart, the four states side by
 * side (two by two in SSE2).  ex as in group_solve(): the rows' kinds
 * are chosen.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_rows(struct shut_solver *s, struct scratch *sc, uint32_t index,
	   const int upto, const int w, const int ex, int avx2)
{
	const int ta = s->tile[0], tb = s->tile[1];
	const int kmax = s->rules.move_max;
	const size_t cells = (size_t)(s->maxt + 1) * LANES * sizeof(double);

	if (ex)
		group_kinds_reset(s, sc, avx2);
	else {
		memset(sc->p1, NONE_BYTE, cells);
		if (w > 1)
			memset(sc->p2, NONE_BYTE, cells);
	}
#if SOLVER_GROUP_AVX2
	if (avx2)
		shut__group_outers_avx2(s, sc, index, ex);
	else
#endif
		group_outers(s, sc, index, upto, w, ex);
	(void)avx2;
	if (ex && (s->flags & SHUT__SOLVER_ALL_WALK))
		group_all_walk(s, sc);
	if (group_apart(s, index)) {
#if SOLVER_GROUP_AVX2
		/* Its slow paths write kind[] when they need it. */
		if (avx2) {
			shut__group_finish_avx2(s, sc, index, ex);
			return;
		}
#endif
		group_finish(s, sc, index, 0, 1, w, ex);
		group_finish(s, sc, index | 2, 2, 1, w, ex);
		return;
	}
	/* With SSE2 alone, group_kinds_reset() wrote them. */
	if (ex && avx2)
		group_kinds_write(s, sc);
	group_finish(s, sc, index, 0, 0, w, ex);
	group_inner(s, sc, ta, index | 1, 1, 1, w, ex);
	group_inner(s, sc, tb, index | 2, 2, 2, w, ex);
	group_finish(s, sc, index | 1, 1, 1, w, ex);
	group_inner(s, sc, ta, index | 3, 1, 3, w, ex);
	group_inner(s, sc, tb, index | 3, 2, 3, w, ex);
	if (!upto || kmax >= 2)
		group_inner(s, sc, ta + tb, index | 3, 3, 3, w, ex);
	group_finish(s, sc, index | 3, 3, 0, w, ex);
}

/*
 * A group of two or three slots whose rows are all PLAIN, whether the
 * scan chooses kinds or not: one function for both, so that the kernel
 * is made once for each (a compiler with the sanitizers took twice as
 * long over this file with two copies of it).
 */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void
group_plain_rows(struct shut_solver *s, struct scratch *sc, uint32_t index,
		 int avx2)
{
	const int upto = s->rules.move == SHUT_MOVE_UP_TO;

	if (s->width == 2 && upto)
		group_rows(s, sc, index, 1, 2, 0, avx2);
	else if (s->width == 2)
		group_rows(s, sc, index, 0, 2, 0, avx2);
	else if (upto)
		group_rows(s, sc, index, 1, 3, 0, avx2);
	else
		group_rows(s, sc, index, 0, 3, 0, avx2);
}

/*
 * The group of low part c (its two lowest bits clear) of the block at
 * base.  With ex (rows chosen by kind), a group whose rows are all PLAIN
 * is solved as without: the same offers and finish, without asking each
 * outer part or total its kind (group_plain()).
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_solve(struct shut_solver *s, struct scratch *sc, uint32_t base,
	    uint32_t c, const int upto, const int w, const int ex, int avx2)
{
	const uint32_t index = base | c;

	if (w > 1) {
		if (ex)
			group_kinds(s, sc, index);
		if (!ex || group_plain(s, sc)) {
			group_plain_rows(s, sc, index, avx2);
			return;
		}
	}
	group_rows(s, sc, index, upto, w, ex, avx2);
}

/*
 * Whether every group of the block at base has only PLAIN rows: its
 * least score (the state at base) has, and a higher score never has a
 * row of another kind (shut__row_bounds_of()).
 */
static inline int
block_plain(const struct shut_solver *s, uint32_t base)
{
	const uint64_t low = s->rows_by_sum ? shut__score(s, base) : 0;
	int plain_to, all_from;

	shut__row_bounds_of(s, low, low, &plain_to, &all_from);
	return plain_to > s->maxt;
}

/*
 * The groups of a block, for one width, rule of moves and scan; the rows
 * of each kind chosen group by group (group_kinds()), but in a block
 * whose groups all have PLAIN rows alone (most of them, away from the
 * flat start of a utility), solved as without kinds at once.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
group_block(struct shut_solver *s, struct scratch *sc, uint32_t base,
	    const int upto, const int w, const int ex, int avx2)
{
	const uint32_t count = UINT32_C(1) << s->low_bits;

	if (w > 1 && ex && block_plain(s, base)) {
		for (uint32_t c = 0; c < count; c += LANES)
			group_plain_rows(s, sc, base | c, avx2);
		return;
	}
	/* kind[] not of any group: the first that reads it writes its own. */
	sc->kind_to = -1;
	sc->kind_from = -1;
	for (uint32_t c = 0; c < count; c += LANES)
		group_solve(s, sc, base, c, upto, w, ex, avx2);
}

/*
 * Whether the kernel serves the solver's board: two low tiles at least,
 * and rows up to maxt + a + b (past maxt never read) in its scratch.
 */
int
shut__group_fits(const struct shut_solver *s)
{
	return s->low_bits >= 2 &&
	       s->maxt + 1 + s->tile[0] + s->tile[1] <= GROUP_ROWS;
}

int
shut__group_block(struct shut_solver *s, struct scratch *sc, uint32_t base)
{
	const int upto = s->rules.move == SHUT_MOVE_UP_TO;
	const int ex = s->width > 1 && s->tie_rows;
	int avx2 = 0;

	if (!shut__group_fits(s))
		return 0;
#if SOLVER_GROUP_AVX2
	avx2 =
	    !(s->flags & SHUT__SOLVER_SSE2) && __builtin_cpu_supports("avx2");
#endif
	/* Constant arguments: the compiler makes one loop of each case. */
	if (s->width == 1 && upto)
		group_block(s, sc, base, 1, 1, 0, avx2);
	else if (s->width == 1)
		group_block(s, sc, base, 0, 1, 0, avx2);
	else if (s->width == 2 && !ex && upto)
		group_block(s, sc, base, 1, 2, 0, avx2);
	else if (s->width == 2 && !ex)
		group_block(s, sc, base, 0, 2, 0, avx2);
	else if (s->width == 2 && upto)
		group_block(s, sc, base, 1, 2, 1, avx2);
	else if (s->width == 2)
		group_block(s, sc, base, 0, 2, 1, avx2);
	else if (!ex && upto)
		group_block(s, sc, base, 1, 3, 0, avx2);
	else if (!ex)
		group_block(s, sc, base, 0, 3, 0, avx2);
	else if (upto)
		group_block(s, sc, base, 1, 3, 1, avx2);
	else
		group_block(s, sc, base, 0, 3, 1, avx2);
	return 1;
}

#else

int
shut__group_fits(const struct shut_solver *s)
{
	(void)s;
	return 0;
}

int
shut__group_block(struct shut_solver *s, struct scratch *sc, uint32_t base)
{
	(void)s;
	(void)sc;
	(void)base;
	return 0;
}

#endif
