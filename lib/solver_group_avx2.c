/*
 * solver_group_avx2.c - the group kernel's offers, finish, and the reset
 * of a group of several kinds, with AVX2 (solver_group.c says what the
 * kernel does): the four lanes of a group in one vector.  Made with a
 * function attribute, so the build needs no flag; solver_group.c calls
 * it only where the processor has AVX2.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "solver.h"
#include "solver_group.h"
#include "solver_scan.h"

#if SOLVER_GROUP_AVX2
#include <immintrin.h>

/*
 * The same offers with AVX2, the four lanes of a group in one vector:
 * four vectors for the nine offers of an outer part instead of six, and
 * one select an array.  Made when the compiler can target AVX2, used
 * when the processor has it (shut__group_block()).
 */
#define AVX2 __attribute__((target("avx2")))

/*
 * _mm256_blendv_pd() as the one instruction it names: b where the mask's
 * sign bit is set, a elsewhere.  GCC (12) turns a mask that several
 * selects share (an exact offer's eq and gt, the finish's out) into a
 * compare of it with 0 first (vpcmpgtq), an instruction more for each
 * mask; b may be in memory, as the intrinsic's may.  Clang makes the
 * intrinsic one instruction already, and would copy b to the stack for
 * the statement, so it keeps the intrinsic.
 */
AVX2 __attribute__((always_inline)) static inline __m256d
blend4(__m256d a, __m256d b, __m256d mask)
{
#if defined(__clang__)
	return _mm256_blendv_pd(a, b, mask);
#else
	__m256d r;

	__asm__("vblendvpd {%3, %2, %1, %0|%0, %1, %2, %3}"
		: "=x"(r)
		: "x"(a), "xm"(b), "x"(mask));
	return r;
#endif
}

/* keep_slot1() with AVX2. */
AVX2 __attribute__((always_inline)) static inline void
keep_slot14(double *a, __m256d u, __m256d r2, const int w)
{
	__m256d m = _mm256_loadu_pd(GA(a, GA_M1));

	/* Opaque, or GCC loads m1 again for its second use. */
	__asm__("" : "+x"(m));
	_mm256_storeu_pd(
	    GA(a, GA_M2),
	    _mm256_max_pd(_mm256_loadu_pd(GA(a, GA_M2)), _mm256_min_pd(m, u)));
	_mm256_storeu_pd(GA(a, GA_M1), _mm256_max_pd(m, u));
	if (w > 2)
		_mm256_storeu_pd(GA(a, GA_MX),
				 blend4(_mm256_loadu_pd(GA(a, GA_MX)), r2,
					_mm256_cmp_pd(u, m, _CMP_GT_OQ)));
}

/* group_keep() with AVX2. */
AVX2 __attribute__((always_inline)) static inline void
group_keep4(const struct group *gp, size_t i, __m256d v, __m256d r1, __m256d r2,
	    const int w, const int kind)
{
	double *const a = gp->at + i;

	/* ALL keeps no slot 0: a row's best is known (all_best()). */
	if (kind == SCAN_ALL) {
		keep_slot14(a, r1, r2, w);
		return;
	}
	const __m256d o = _mm256_loadu_pd(GA(a, GA_P1));

	_mm256_storeu_pd(GA(a, GA_P1), _mm256_max_pd(o, v));
	if (w == 1)
		return;
	const __m256d gt = _mm256_cmp_pd(v, o, _CMP_GT_OQ);

	if (kind != SCAN_EXACT) {
		_mm256_storeu_pd(GA(a, GA_P2),
				 _mm256_max_pd(_mm256_loadu_pd(GA(a, GA_P2)),
					       _mm256_min_pd(o, v)));
		/* Three slots: the index of the best (offer()'s ix). */
		_mm256_storeu_pd(
		    GA(a, GA_S1),
		    blend4(_mm256_loadu_pd(GA(a, GA_S1)), w > 2 ? r2 : r1, gt));
	}
	if (kind != SCAN_PLAIN) {
		/* At the best exactly: its slot 1 kept; a new best: alone. */
		const __m256d none = _mm256_set1_pd(NONE);
		const __m256d eq = _mm256_cmp_pd(v, o, _CMP_EQ_OQ);
		const __m256d b1 = _mm256_loadu_pd(GA(a, GA_M1));
		const __m256d b2 = _mm256_loadu_pd(GA(a, GA_M2));

		_mm256_storeu_pd(
		    GA(a, GA_BELOW),
		    _mm256_max_pd(_mm256_loadu_pd(GA(a, GA_BELOW)),
				  blend4(_mm256_min_pd(o, v), none, eq)));
		_mm256_storeu_pd(
		    GA(a, GA_M1),
		    blend4(blend4(b1, _mm256_max_pd(b1, r1), eq), r1, gt));
		_mm256_storeu_pd(
		    GA(a, GA_M2),
		    blend4(blend4(b2, _mm256_max_pd(b2, _mm256_min_pd(b1, r1)),
				  eq),
			   none, gt));
		if (w > 2)
			_mm256_storeu_pd(
			    GA(a, GA_MX),
			    blend4(_mm256_loadu_pd(GA(a, GA_MX)), r2,
				   _mm256_or_pd(
				       gt, _mm256_and_pd(
					       eq, _mm256_cmp_pd(
						       r1, b1, _CMP_GT_OQ)))));
	}
}

/* group_offer() with AVX2. */
AVX2 __attribute__((always_inline)) static inline void
group_offer4(const struct group *gp, size_t i, __m256d v, __m256d r1,
	     __m256d r2, const int w, const int kind)
{
	if (kind != SCAN_PLAIN_EXACT)
		group_keep4(gp, i, v, r1, r2, w, kind);
	else if (i < gp->plain_end)
		group_keep4(gp, i, v, r1, r2, w, SCAN_PLAIN);
	else
		group_keep4(gp, i, v, r1, r2, w, SCAN_EXACT);
}

/* group_outer() with AVX2. */
AVX2 __attribute__((always_inline)) static inline void
group_outer4(const struct group *gp, size_t src, int t, int ta, int tb,
	     const int w, const int kind, const int all, int use_a, int use_b,
	     int use_ab)
{
	const double *r = gp->table + src;
	const __m256d none = _mm256_set1_pd(NONE);
	const __m256d v = _mm256_loadu_pd(r);
	/* Lanes b, a + b from 0, a; then lane a + b from 0. */
	const __m256d vb = _mm256_permute2f128_pd(none, v, 0x20);
	__m256d p = none, pb = none, x = none, xb = none;
	const size_t i = (size_t)t * LANES;

	__m256d xa = none, xab = none;

	/* Slot 1: for the best's (two slots) and for exact ties. */
	if (w == 2 || (w > 2 && kind != SCAN_PLAIN)) {
		p = _mm256_loadu_pd(r + gp->states);
		pb = _mm256_permute2f128_pd(none, p, 0x20);
	}
	/*
	 * Three slots: the indices of the states, src + lane - inner; their
	 * slots 1 and 2, read at the finish for each total's best, asked
	 * for now (without, the finish waits on them: 15% of the time).
	 */
	if (w > 2) {
		const __m256i at =
		    _mm256_add_epi64(_mm256_set1_epi64x((long long)src),
				     _mm256_set_epi64x(3, 2, 1, 0));

		/* Slot 1 is read above but in plain rows. */
		if (kind == SCAN_PLAIN)
			_mm_prefetch((const char *)(r + gp->states),
				     _MM_HINT_T0);
		_mm_prefetch((const char *)(r + 2 * gp->states), _MM_HINT_T0);
		x = _mm256_castsi256_pd(at);
		xa = _mm256_castsi256_pd(
		    _mm256_sub_epi64(at, _mm256_set1_epi64x(1)));
		xb = _mm256_castsi256_pd(
		    _mm256_sub_epi64(at, _mm256_set1_epi64x(2)));
		xab = _mm256_castsi256_pd(
		    _mm256_sub_epi64(at, _mm256_set1_epi64x(3)));
	}
	group_offer4(gp, i, v, p, x, w, kind);
	if (all || use_a)
		/* Lanes a and a + b from lanes 0 and b. */
		group_offer4(gp, i + (size_t)ta * LANES,
			     _mm256_unpacklo_pd(none, v),
			     _mm256_unpacklo_pd(none, p), xa, w, kind);
	if (all || use_b)
		group_offer4(gp, i + (size_t)tb * LANES, vb, pb, xb, w, kind);
	if (all || use_ab)
		group_offer4(gp, i + (size_t)(ta + tb) * LANES,
			     _mm256_unpacklo_pd(none, vb),
			     _mm256_unpacklo_pd(none, pb), xab, w, kind);
}

/* close_below2() and select2() with AVX2. */
AVX2 __attribute__((always_inline)) static inline __m256d
close_below4(__m256d hi, __m256d lo)
{
	const __m256d sign = _mm256_set1_pd(-0.0);
	const __m256d m = _mm256_max_pd(_mm256_andnot_pd(sign, hi),
					_mm256_andnot_pd(sign, lo));

	return _mm256_cmp_pd(
	    _mm256_sub_pd(hi, lo),
	    _mm256_mul_pd(_mm256_set1_pd(SHUT_SOLVER_EPSILON), m), _CMP_LE_OQ);
}

AVX2 __attribute__((always_inline)) static inline __m256d
select4(__m256d mask, __m256d a, __m256d b)
{
	return blend4(b, a, mask);
}

/* The slots of four lanes. */
struct quad {
	__m256d v[SOLVER_SLOTS_MAX];
};

/*
 * The indices of four states, kept in the bits of a vector's lanes
 * (offer()'s ix), for slot_at4().
 */
struct at4 {
	int64_t i[LANES];
};

AVX2 __attribute__((always_inline)) static inline struct at4
at4(__m256d at)
{
	const __m256i x = _mm256_castpd_si256(at);
	struct at4 r;

#if defined(__x86_64__)
	const __m128i lo = _mm256_castsi256_si128(x),
		      hi = _mm256_extracti128_si256(x, 1);

	r.i[0] = _mm_cvtsi128_si64(lo);
	r.i[1] = _mm_extract_epi64(lo, 1);
	r.i[2] = _mm_cvtsi128_si64(hi);
	r.i[3] = _mm_extract_epi64(hi, 1);
#else
	/* 32-bit x86 has no 64-bit moves out of a vector. */
	_mm256_storeu_si256((__m256i *)(void *)r.i, x);
#endif
	return r;
}

/*
 * gather2() with AVX2: one slot of four states by their indices.  Loads
 * of one double rather than AVX2's gather, which took longer on the-300
 * (slots 1 and 2 of each total's best: on one thread `beat:100` 6% faster,
 * `beat:100:0.5` 3%).
 */
AVX2 __attribute__((always_inline)) static inline __m256d
slot_at4(const double *slot, const struct at4 *at)
{
	const __m128d lo = _mm_loadh_pd(_mm_load_sd(slot + at->i[0]),
					slot + at->i[1]),
		      hi = _mm_loadh_pd(_mm_load_sd(slot + at->i[2]),
					slot + at->i[3]);

	return _mm256_insertf128_pd(_mm256_castpd128_pd256(lo), hi, 1);
}

/* finish_total() for the four lanes of a group at once. */
AVX2 __attribute__((always_inline)) static inline void
finish_total4(const struct shut_solver *s, const struct scratch *sc, size_t i,
	      int bust, int kind, double p, const struct quad *term,
	      struct quad *acc, __m256d *tie, const int w, const int ex)
{
	const double *const a = sc->p1 + i;
	const double *slot1 = s->table + s->states,
		     *slot2 = s->table + 2 * s->states;
	const __m256d none = _mm256_set1_pd(NONE), pv = _mm256_set1_pd(p);
	/* A row "all" keeps no slot 0: all_best(). */
	const __m256d p1 =
	    ex && kind == SCAN_ALL
		? select4(_mm256_cmp_pd(_mm256_loadu_pd(GA(a, GA_M1)), none,
					_CMP_EQ_OQ),
			  none, _mm256_set1_pd(s->settle))
		: _mm256_loadu_pd(GA(a, GA_P1));
	const __m256d out = bust ? _mm256_cmp_pd(p1, p1, _CMP_EQ_OQ)
				 : _mm256_cmp_pd(p1, none, _CMP_EQ_OQ);
	__m256d v1, v2 = _mm256_setzero_pd(), walk;

	acc->v[0] = _mm256_add_pd(
	    acc->v[0], _mm256_mul_pd(pv, select4(out, term->v[0], p1)));
	if (w == 1)
		return;
	/* Three slots: s1 and mx hold the best's index (offer()'s ix). */
	if (!ex || kind == SCAN_PLAIN) {
		const __m256d b = _mm256_loadu_pd(GA(a, GA_S1));

		v1 = b;
		if (w > 2) {
			const struct at4 at = at4(b);

			v1 = slot_at4(slot1, &at);
			v2 = slot_at4(slot2, &at);
		}
		walk = close_below4(p1, _mm256_loadu_pd(GA(a, GA_P2)));
	} else {
		v1 = _mm256_loadu_pd(GA(a, GA_M1));
		if (w > 2) {
			const struct at4 at =
			    at4(_mm256_loadu_pd(GA(a, GA_MX)));

			v2 = slot_at4(slot2, &at);
		}
		walk = close_below4(v1, _mm256_loadu_pd(GA(a, GA_M2)));
		if (kind == SCAN_EXACT)
			walk = _mm256_or_pd(
			    walk,
			    close_below4(p1, _mm256_loadu_pd(GA(a, GA_BELOW))));
	}
	*tie = _mm256_or_pd(*tie, _mm256_andnot_pd(out, walk));
	acc->v[1] = _mm256_add_pd(
	    acc->v[1], _mm256_mul_pd(pv, select4(out, term->v[1], v1)));
	if (w > 2)
		acc->v[2] = _mm256_add_pd(
		    acc->v[2], _mm256_mul_pd(pv, select4(out, term->v[2], v2)));
}

/*
 * The totals from t to end - 1 of a group, whose rows are all of one
 * kind, each added to the sums of its parity from d (a for d, d + 2, and
 * so on, b for the others), in order; the total after them (t when
 * there is none).
 */
AVX2 __attribute__((always_inline)) static inline int
finish_stretch4(const struct shut_solver *s, const struct scratch *sc, int d,
		int t, int end, const double *prob, const struct quad *term,
		struct quad *a, struct quad *b, __m256d *tie, const int w,
		const int kind)
{
	const int bust = s->rules.bust;

	if (t < end && ((t - d) & 1)) {
		finish_total4(s, sc, (size_t)t * LANES, t == bust, kind,
			      prob[t], term, b, tie, w, 1);
		t++;
	}
	for (; t + 1 < end; t += 2) {
		finish_total4(s, sc, (size_t)t * LANES, t == bust, kind,
			      prob[t], term, a, tie, w, 1);
		finish_total4(s, sc, (size_t)(t + 1) * LANES, t + 1 == bust,
			      kind, prob[t + 1], term, b, tie, w, 1);
	}
	if (t < end) {
		finish_total4(s, sc, (size_t)t * LANES, t == bust, kind,
			      prob[t], term, a, tie, w, 1);
		t++;
	}
	return t;
}

/*
 * The worths of four scores under beat:T or a utility without levels
 * (shut__terminal_of()'s slot 0), each in its lane.  A utility scored by
 * sum on a board whose lowest tiles are 1 and 2 has the four in a row.
 */
AVX2 __attribute__((always_inline)) static inline __m256d
group_worths4(const struct shut_solver *s, const uint64_t *score)
{
	double v[LANES];

	if (s->objective.kind == SHUT_OBJECTIVE_BEAT) {
		const uint64_t target = s->objective.target;

		for (int x = 0; x < LANES; x++)
			v[x] = score[x] < target    ? 1.0
			       : score[x] == target ? s->objective.tie
						    : 0.0;
		return _mm256_loadu_pd(v);
	}
	const double *u = s->objective.utility;
	const uint64_t last = s->objective.scores - 1;

	if (s->rules.score == SHUT_SCORE_SUM && s->tile[0] == 1 &&
	    s->tile[1] == 2 && score[3] < last)
		return _mm256_loadu_pd(u + score[0]);
	for (int x = 0; x < LANES; x++)
		v[x] = u[score[x] < last ? score[x] : last];
	return _mm256_loadu_pd(v);
}

/* group_terms4() for any objective: state by state, then as vectors. */
AVX2 __attribute__((always_inline)) static inline void
group_terms4_each(const struct shut_solver *s, uint32_t index,
		  const uint64_t *score, struct quad *term)
{
	double tv[LANES][SOLVER_SLOTS_MAX];

	for (uint32_t x = 0; x < LANES; x++)
		shut__terminal_of(s, index | x, score[x], tv[x]);
	for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
		term->v[k] =
		    _mm256_set_pd(tv[3][k], tv[2][k], tv[1][k], tv[0][k]);
}

/*
 * shut__terminal() of the four states of a group from index, whose
 * scores are at score, as vectors: the same values, the objective's case
 * chosen once for the four.  Under expected, beat:T and a utility without
 * levels the vectors are made at once (-score as the sign flipped, as C's
 * minus does: -0 at the shut box as well); the others go by
 * shut__terminal_of().  A second copy of its cases: a change to one is a
 * change to both (the kernel tests compare them).
 */
AVX2 __attribute__((always_inline)) static inline void
group_terms4(const struct shut_solver *s, uint32_t index, const uint64_t *score,
	     struct quad *term)
{
	const int kind = s->objective.kind;

	if ((kind != SHUT_OBJECTIVE_EXPECTED && kind != SHUT_OBJECTIVE_BEAT &&
	     (kind != SHUT_OBJECTIVE_UTILITY || s->levels != NULL)) ||
	    (score[0] | score[1] | score[2] | score[3]) > INT32_MAX) {
		group_terms4_each(s, index, score, term);
		return;
	}
	const __m256d neg = _mm256_xor_pd(
	    _mm256_cvtepi32_pd(_mm_set_epi32((int)score[3], (int)score[2],
					     (int)score[1], (int)score[0])),
	    _mm256_set1_pd(-0.0));
	const __m256d shut = index == 0 ? _mm256_set_pd(0.0, 0.0, 0.0, 1.0)
					: _mm256_setzero_pd();

	if (kind == SHUT_OBJECTIVE_EXPECTED) {
		term->v[0] = neg;
		term->v[1] = shut;
		term->v[2] = _mm256_setzero_pd();
		return;
	}
	term->v[0] = group_worths4(s, score);
	term->v[1] = neg;
	term->v[2] = shut;
}

/*
 * group_finish() for the four states of a group that are apart
 * (group_apart()), in the four lanes of AVX2 vectors: the same
 * operations in the same order lane by lane, so the same bits.  Unless
 * the four allow one and the same dice count, all four go to
 * finish_state(); a lane with a tie to walk goes there alone, after the
 * four are stored.
 */
AVX2 __attribute__((always_inline)) static inline void
group_finish4(struct shut_solver *s, struct scratch *sc, uint32_t index,
	      const int w, const int ex)
{
	const int maxt = s->maxt;
	const unsigned choices = dice_choices(s, index);
	uint64_t score[LANES];
	struct quad term, a, b;
	__m256d tie = _mm256_setzero_pd();
	const double *prob;
	int d, top, t, slow = 0;

	for (uint32_t x = 1; x < LANES; x++)
		if (dice_choices(s, index | x) != choices)
			slow = 1;
	if (slow || (choices & (choices - 1))) {
		if (ex)
			group_kinds_write(s, sc);
		for (uint32_t x = 0; x < LANES; x++)
			finish_state(s, sc, index | x, LANES, x,
				     dice_choices(s, index | x), w, ex, w > 2);
		return;
	}
	for (d = 1; !(choices & (1u << d)); d++)
		;
	/*
	 * The four records from one score: under the sum, lanes a, b and
	 * a + b score the lowest tiles more than lane 0.
	 */
	if (s->rules.score == SHUT_SCORE_SUM) {
		score[0] = shut__score(s, index);
		score[1] = score[0] + (uint64_t)s->tile[0];
		score[2] = score[0] + (uint64_t)s->tile[1];
		score[3] = score[1] + (uint64_t)s->tile[1];
	} else {
		for (uint32_t x = 0; x < LANES; x++)
			score[x] = shut__score(s, index | x);
	}
	group_terms4(s, index, score, &term);
	for (int k = 0; k < SOLVER_SLOTS_MAX; k++) {
		a.v[k] = _mm256_setzero_pd();
		b.v[k] = _mm256_setzero_pd();
	}
	prob = s->prob + (size_t)d * (SOLVER_TOTAL_MAX + 1);
	top = d * s->rules.faces < maxt ? d * s->rules.faces : maxt;
	/*
	 * Two sums per slot, odd and even totals, as finish_state(), by
	 * stretches of one kind of row (with ex; else all PLAIN): a total to
	 * the sum of its parity all the same, in the same order.
	 */
	if (ex) {
		const int plain_end =
		    sc->plain_to < top + 1 ? sc->plain_to : top + 1;
		const int all_end =
		    sc->all_from < top + 1 ? sc->all_from : top + 1;

		t = finish_stretch4(s, sc, d, d, plain_end, prob, &term, &a, &b,
				    &tie, w, SCAN_PLAIN);
		t = finish_stretch4(s, sc, d, t, all_end, prob, &term, &a, &b,
				    &tie, w, SCAN_EXACT);
		finish_stretch4(s, sc, d, t, top + 1, prob, &term, &a, &b, &tie,
				w, SCAN_ALL);
	} else {
		finish_stretch4(s, sc, d, d, top + 1, prob, &term, &a, &b, &tie,
				w, SCAN_PLAIN);
	}
	for (int k = 0; k < w; k++) {
		const __m256d v = _mm256_add_pd(
		    _mm256_add_pd(a.v[k], b.v[k]),
		    _mm256_mul_pd(_mm256_set1_pd(s->dice[d].tail), term.v[k]));

		_mm256_storeu_pd(s->table + (size_t)k * s->states + index, v);
	}
	if (group_settles(s, ex))
		shut__settle_of(s, index, LANES, score[0], score[3]);
	if (w == 1 || _mm256_movemask_pd(tie) == 0)
		return;
	if (ex)
		group_kinds_write(s, sc);
	for (uint32_t x = 0, m = (uint32_t)_mm256_movemask_pd(tie); m;
	     x++, m >>= 1)
		if (m & 1)
			finish_state(s, sc, index | x, LANES, x, choices, w, ex,
				     w > 2);
}

AVX2 __attribute__((always_inline)) static inline void
group_outers4(const struct shut_solver *s, struct scratch *sc, uint32_t index,
	      const int upto, const int w, const int ex)
{
	OUTER_LOOP(group_outer4);
}

/* What an ALL row keeps, reset in rows from to to: p1 to v, m1 and m2. */
AVX2 __attribute__((always_inline)) static inline double *
all_rows_reset(double *at, int from, int to, __m256d v, __m256d none)
{
	for (int t = from; t < to; t++, at += LANES) {
		_mm256_storeu_pd(GA(at, GA_P1), v);
		_mm256_storeu_pd(GA(at, GA_M1), none);
		_mm256_storeu_pd(GA(at, GA_M2), none);
	}
	return at;
}

/*
 * group_kinds_reset()'s arrays and the reset of p1 with AVX2, where some
 * row of the group is not PLAIN: one store a row and array (the rows'
 * kinds go by the bounds alone), rather than a call of memset() for each
 * array and kind, whose length changes from group to group.
 */
AVX2 void
shut__group_reset_avx2(const struct shut_solver *s, struct scratch *sc)
{
	const int rows = s->maxt + 1, p = sc->plain_to, a = sc->all_from;
	const int end = group_settled_end(s, sc);
	__m256d none = _mm256_set1_pd(NONE);
	double *at = sc->p1;
	int t = 0;

	/* Opaque, or GCC makes each array's loop a memset() again. */
	__asm__("" : "+x"(none));
	for (; t < p; t++, at += LANES) {
		_mm256_storeu_pd(GA(at, GA_P1), none);
		_mm256_storeu_pd(GA(at, GA_P2), none);
	}
	for (; t < a; t++, at += LANES) {
		_mm256_storeu_pd(GA(at, GA_P1), none);
		_mm256_storeu_pd(GA(at, GA_BELOW), none);
		_mm256_storeu_pd(GA(at, GA_M1), none);
		_mm256_storeu_pd(GA(at, GA_M2), none);
	}
	/* The ALL rows: p1 at the worth of each move where EXACT reaches. */
	at = all_rows_reset(at, a, end, _mm256_set1_pd(s->settle), none);
	all_rows_reset(at, end, rows, none, none);
}

/* The outer moves of a group with AVX2, for each width, rule and scan. */
AVX2 void
shut__group_outers_avx2(const struct shut_solver *s, struct scratch *sc,
			uint32_t index, int ex)
{
	const int upto = s->rules.move == SHUT_MOVE_UP_TO;

	if (s->width == 1 && upto)
		group_outers4(s, sc, index, 1, 1, 0);
	else if (s->width == 1)
		group_outers4(s, sc, index, 0, 1, 0);
	else if (s->width == 2 && !ex && upto)
		group_outers4(s, sc, index, 1, 2, 0);
	else if (s->width == 2 && !ex)
		group_outers4(s, sc, index, 0, 2, 0);
	else if (s->width == 2 && upto)
		group_outers4(s, sc, index, 1, 2, 1);
	else if (s->width == 2)
		group_outers4(s, sc, index, 0, 2, 1);
	else if (!ex && upto)
		group_outers4(s, sc, index, 1, 3, 0);
	else if (!ex)
		group_outers4(s, sc, index, 0, 3, 0);
	else if (upto)
		group_outers4(s, sc, index, 1, 3, 1);
	else
		group_outers4(s, sc, index, 0, 3, 1);
}

/* group_finish4() for each width and scan. */
AVX2 void
shut__group_finish_avx2(struct shut_solver *s, struct scratch *sc,
			uint32_t index, int ex)
{
	if (s->width == 1)
		group_finish4(s, sc, index, 1, 0);
	else if (s->width == 2 && !ex)
		group_finish4(s, sc, index, 2, 0);
	else if (s->width == 2)
		group_finish4(s, sc, index, 2, 1);
	else if (!ex)
		group_finish4(s, sc, index, 3, 0);
	else
		group_finish4(s, sc, index, 3, 1);
}
#endif
