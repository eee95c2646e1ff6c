/*
 * solver_table.c - the value table in double precision, fast.
 *
 * For move=any and up-to-K the recurrence of solver.c asks, for every
 * state S and every total t, for the best V(S \ M) over the moves M of S
 * that add up to t.  The plain way, testing each of the start set's moves
 * against each state, does 761 tests per state on the-300 (24 tiles, 4d6)
 * for 97 moves that fit on average.  This file visits only the 97, and
 * arranges the visits so that they do not wait on each other.
 *
 * Blocks.  The index splits into a low part l of b = 8 bits (the 8 lowest
 * tiles) and a high part h; the 2^b states sharing h form a block, solved
 * as a whole.  A move M splits alike into a high subset mh (of h) and a
 * low subset ml (of l).
 *
 * Moves with high tiles, move-major.  When mh is not empty, every state
 * l of the block that holds ml goes to the state (h - mh, l - ml) of an
 * earlier block, already final.  So each such move is offered to all the
 * states of the block at once: l runs over the supersets of ml, and the
 * states read, h - mh with l - ml, run in order through the source block.
 * For each total and state a scratch keeps the best and second best slot 0
 * so far and the other slots of the best (or, in the rows where the moves
 * of a total are likely all to tie, what settles that tie: see SCAN_PLAIN
 * and its kin; with one slot, the best alone); an offer is a handful of
 * selects (no jump on the values), and no offer waits for another.  With
 * SSE2 two states go at once, l and l + k for a low tile k the move leaves
 * alone.
 *
 * Moves within the block.  The low part splits once more: its upper bits
 * c (tiles 5 to 8) and its lowest bits a (tiles 1 to 4).  A move with
 * tiles of c goes to an earlier sub-block of 16 states, final, and is
 * offered move-major to the sub-block as above; the few moves within the
 * lowest four tiles (about 4 per state) go state by state, each state
 * finished before the next needs it.  A state is finished by reading its
 * totals off the scratch, breaking ties (when the second best came within
 * the epsilon, the moves of that total are walked again, solver_generic.c
 * rules), and weighting the totals by their probabilities for each dice
 * count.
 *
 * The lists.  Per low part, its subsets that fit (sum at most the largest
 * total) sorted by sum, with the prefix within each budget; per block, the
 * high subsets that fit.  All in the solver's block; the lists of the
 * whole low part double as the lists of moves offered move-major.
 *
 * Two cores.  A block depends on itself and on blocks whose high part has
 * fewer tiles, so blocks go in layers by the number of high tiles, each
 * layer shared out among the threads, with a barrier between layers.
 * Every state is computed by the same arithmetic whichever thread does
 * it, so the table does not depend on the number of threads.
 *
 * The kernel.  What is described above (move-major offers, the block's
 * scratch in L2) is now the kernel of boards of fewer than two low tiles
 * and of a test flag: every other block goes to solver_group.c, which
 * takes its states four at a time with a scratch in L1, from the same
 * lists, to the same bits.  What both share (the scratch, offer(), the
 * finishing of a state) is in solver_scan.h.
 *
 * Rules that read the faces (dice-or-sum, one-tile) take the generic path
 * of solver_generic.c for every state, and so does the start state under a
 * first-throw rule.
 */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "shut_error.h"
#include "solver.h"
#include "solver_group.h"
#include "solver_scan.h"

#define LOW_BITS 8

/* ---------------------------------------------------------------------
 * The fast path: move lists for move=any and up-to-K
 */

/* The largest total a move can use, from the rules alone. */
static int
rules_maxt(const struct shut_rules *rules, uint32_t start)
{
	int sum = shut_tiles_sum(start);
	int most = rules->dice * rules->faces;

	return most < sum ? most : sum;
}

/* The sums of the subsets of the first b tiles, into sum[0 .. 2^b - 1]. */
static void
low_sums(const int *tile, int b, int *sum)
{
	sum[0] = 0;
	for (uint32_t m = 1; m < (UINT32_C(1) << b); m++) {
		int k = 0;

		while (!(m & (UINT32_C(1) << k)))
			k++;
		sum[m] = sum[m & (m - 1)] + tile[k];
	}
}

/*
 * The sizes of the fast path's lists: the low subsets of every low part
 * (and their offsets and budget cuts), the high subsets of one block for
 * each thread, sized for the block with every high tile, and each
 * thread's scratch of a block.
 */
size_t
shut__table_arrays(int width, int tie_rows)
{
	if (width == 1)
		return 1;
	return (size_t)(width > 2 ? 4 : 3) * (tie_rows ? 2 : 1);
}

/*
 * The doubles of a thread's scratch: its arrays in the move-major
 * kernel's layout or the group kernel's (scratch_lay()), the larger.
 */
static size_t
scratch_doubles(int maxt, int b, size_t arrays)
{
	const size_t n = (size_t)(maxt + 1) * ROW(b) * arrays;

	return n < (size_t)GROUP_ARRAYS * GROUP_STRIDE
		   ? (size_t)GROUP_ARRAYS * GROUP_STRIDE
		   : n;
}

void
shut__table_aux(const struct shut_rules *rules, uint32_t below, int threads,
		size_t arrays, size_t *low, size_t *off, size_t *cut,
		size_t *high, size_t *work)
{
	int maxt = rules_maxt(rules, shut_rules_start(rules));
	int tile[SHUT_TILES_MAX], sum[1 << LOW_BITS], n = 0, b;
	size_t ways[SOLVER_TOTAL_MAX + 1], cap = 0;

	for (int t = 1; t <= SHUT_TILES_MAX; t++)
		if (below & SHUT_TILE(t))
			tile[n++] = t;
	b = n < LOW_BITS ? n : LOW_BITS;
	low_sums(tile, b, sum);
	/*
	 * A subset m that fits is in the list of each of its supersets; and
	 * each list ends in a sentinel (shut__table_lists()).
	 */
	*low = (size_t)1 << b;
	for (uint32_t m = 0; m < (UINT32_C(1) << b); m++)
		if (sum[m] <= maxt)
			*low += (size_t)1 << (b - shut__popcount(m));
	*off = ((size_t)1 << b) + 1;
	*cut = ((size_t)1 << b) * (size_t)(maxt + 1);
	/* Per thread: the arrays of the scan (struct scratch). */
	*work =
	    (size_t)threads * scratch_doubles(maxt, b, arrays) * sizeof(double);

	/* Subsets of the high tiles by sum, saturating. */
	memset(ways, 0, sizeof(ways));
	ways[0] = 1;
	for (int k = b; k < n; k++)
		for (int t = maxt; t >= tile[k]; t--)
			if (ways[t - tile[k]] > SIZE_MAX / 2 - ways[t])
				ways[t] = SIZE_MAX / 2;
			else
				ways[t] += ways[t - tile[k]];
	for (int t = 0; t <= maxt; t++)
		cap =
		    cap > SIZE_MAX / 4 - ways[t] ? SIZE_MAX / 4 : cap + ways[t];
	*high = cap > SIZE_MAX / 4 / (size_t)threads ? SIZE_MAX / 4
						     : cap * (size_t)threads;
}

/*
 * Fills the low lists: per low part, its subsets that fit, by sum (then
 * by mask), with the length of each list's prefix within each budget;
 * after each list a sentinel, whose sum passes every bound, so that a
 * loop by sums ends there without a count (OUTER_LOOP's stretches).
 */
void
shut__table_lists(struct shut_solver *s)
{
	int b = s->n < LOW_BITS ? s->n : LOW_BITS;
	int sum[1 << LOW_BITS];
	size_t k = 0;

	s->low_bits = b;
	if (!s->by_total)
		return;
	for (int i = 0; i < s->n; i++)
		s->choices_high[i] =
		    shut_dice_choices(&s->rules, SHUT_TILE(s->tile[i]));
	low_sums(s->tile, b, sum);
	for (uint32_t l = 0; l < (UINT32_C(1) << b); l++) {
		uint16_t *cut = s->low_cut + (size_t)l * (size_t)(s->maxt + 1);
		size_t first = k;

		/* A counting sort: how many subsets of l have each sum. */
		memset(cut, 0, (size_t)(s->maxt + 1) * sizeof(*cut));
		for (uint32_t m = l;; m = (m - 1) & l) {
			if (sum[m] <= s->maxt)
				cut[sum[m]]++;
			if (m == 0)
				break;
		}
		for (int t = 1; t <= s->maxt; t++)
			cut[t] = (uint16_t)(cut[t] + cut[t - 1]);
		k += cut[s->maxt];
		s->low_off[l] = (uint32_t)first;
		/* Place from the top down, so that masks come out in order. */
		for (uint32_t m = l;; m = (m - 1) & l) {
			if (sum[m] <= s->maxt) {
				struct shut__low *e =
				    &s->low[first + --cut[sum[m]]];

				e->mask = (uint16_t)m;
				e->sum = (uint16_t)sum[m];
			}
			if (m == 0)
				break;
		}
		/* cut[t] is now the start of sum t: shift to "up to t". */
		for (int t = 0; t < s->maxt; t++)
			cut[t] = cut[t + 1];
		cut[s->maxt] = (uint16_t)(k - first);
		_Static_assert(SOLVER_TOTAL_MAX < LOW_SENTINEL,
			       "the sentinel's sum passes every total");
		s->low[k].mask = 0;
		s->low[k].sum = LOW_SENTINEL;
		k++;
	}
	s->low_off[(size_t)1 << b] = (uint32_t)k;
}

/* Lists the subsets of the high part h that fit, into sc->hl. */
static void
high_list(const struct shut_solver *s, struct scratch *sc, uint32_t h)
{
	int b = s->low_bits;
	size_t n = 1;

	sc->hl[0].mask = 0;
	sc->hl[0].sum = 0;
	sc->hl[0].count = 0;
	/* Each tile of h doubles the list, keeping what still fits. */
	for (int k = b; k < s->n; k++) {
		size_t had = n;

		if (!(h & (UINT32_C(1) << (k - b))))
			continue;
		for (size_t i = 0; i < had; i++) {
			int sum = sc->hl[i].sum + s->tile[k];

			if (sum > s->maxt)
				continue;
			sc->hl[n].mask = sc->hl[i].mask | (UINT32_C(1) << k);
			sc->hl[n].sum = (uint16_t)sum;
			sc->hl[n].count = (uint16_t)(sc->hl[i].count + 1);
			n++;
		}
	}
	sc->nh = n;
}

#if defined(__SSE2__)
/* Two doubles k apart, as one vector; and back. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline __m128d
load2(const double *p, size_t k)
{
	return k == 1 ? _mm_loadu_pd(p) : _mm_loadh_pd(_mm_load_sd(p), p + k);
}

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
store2(double *p, size_t k, __m128d v)
{
	if (k == 1) {
		_mm_storeu_pd(p, v);
	} else {
		_mm_storel_pd(p, v);
		_mm_storeh_pd(p + k, v);
	}
}

/*
 * Two states at once: l and l + k, where k is a tile the move leaves
 * alone, so that the two read and write k apart in every array (side by
 * side when k is the lowest tile).  The same arithmetic as offer(), lane
 * by lane.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
offer2(struct scratch *sc, size_t i, size_t k, const double *r0,
       const double *r1, const double *r2, const int w, const int kind)
{
	const __m128d v = load2(r0, k);
	const __m128d o = load2(sc->p1 + i, k);

	if (kind != SCAN_ALL)
		store2(sc->p1 + i, k, _mm_max_pd(o, v));
	if (w == 1)
		return;
	if (kind == SCAN_PLAIN) {
		const __m128d gt = _mm_cmpgt_pd(v, o);

		store2(sc->p2 + i, k,
		       _mm_max_pd(load2(sc->p2 + i, k), _mm_min_pd(o, v)));
		store2(sc->s1 + i, k,
		       select2(gt, load2(r1, k), load2(sc->s1 + i, k)));
		if (w > 2)
			store2(sc->x1 + i, k,
			       select2(gt, load2(r2, k), load2(sc->x1 + i, k)));
	} else if (kind == SCAN_EXACT) {
		const __m128d x = w > 2 ? load2(r2, k) : v;
		struct exact2 e = { load2(sc->below + i, k),
				    load2(sc->m1 + i, k), load2(sc->m2 + i, k),
				    x };

		if (w > 2)
			e.mx = load2(sc->mx + i, k);
		exact_keep2(&e, o, v, load2(r1, k), x, w);
		store2(sc->below + i, k, e.below);
		store2(sc->m1 + i, k, e.m1);
		store2(sc->m2 + i, k, e.m2);
		if (w > 2)
			store2(sc->mx + i, k, e.mx);
	} else {
		const __m128d u = load2(r1, k);
		const __m128d a = load2(sc->m1 + i, k);

		store2(sc->m2 + i, k,
		       _mm_max_pd(load2(sc->m2 + i, k), _mm_min_pd(a, u)));
		store2(sc->m1 + i, k, _mm_max_pd(a, u));
		if (w > 2)
			store2(sc->mx + i, k,
			       select2(_mm_cmpgt_pd(u, a), load2(r2, k),
				       load2(sc->mx + i, k)));
	}
}
#endif

/*
 * Offers, to every state l = x | ml of the block (x over the subsets of
 * comp), the move of total t that leads from it to src + x.  This is one
 * move taken at many states at once: no state's update waits for
 * another's, and the states it leads to are read in order.  With SSE2
 * the states go by pairs, l and l + k for a low tile k the move leaves
 * alone.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
offer_all(const struct shut_solver *s, struct scratch *sc, int t, size_t src,
	  uint32_t ml, uint32_t comp, const int w, const int kind)
{
	const double *r0 = s->table + src;
	const double *r1 = w > 1 ? r0 + s->states : r0;
	const double *r2 = w > 2 ? r1 + s->states : r0;
	const size_t row = (size_t)t * ROW(s->low_bits);
	uint32_t x = 0;

#if defined(__SSE2__)
	if (comp & 1) {
		comp &= ~UINT32_C(1);
		do {
			offer2(sc, row + (x | ml), 1, r0 + x, r1 + x, r2 + x, w,
			       kind);
			x = (x - comp) & comp;
		} while (x != 0);
		return;
	}
	if (comp != 0) {
		const uint32_t k = comp & (~comp + 1);

		comp &= ~k;
		do {
			offer2(sc, row + (x | ml), k, r0 + x, r1 + x, r2 + x, w,
			       kind);
			x = (x - comp) & comp;
		} while (x != 0);
		return;
	}
#endif
	do {
		offer(sc, row + (x | ml), r0[x], r1[x], r2[x], w, kind, 0);
		x = (x - comp) & comp;
	} while (x != 0);
}

/*
 * offer_all() with the kind of scan of row t: plain when the solver keeps
 * no other kind (ex zero, a constant).
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
offer_row(const struct shut_solver *s, struct scratch *sc, int t, size_t src,
	  uint32_t ml, uint32_t comp, const int w, const int ex)
{
	if (!ex || sc->kind[t] == SCAN_PLAIN)
		offer_all(s, sc, t, src, ml, comp, w, SCAN_PLAIN);
	else if (sc->kind[t] == SCAN_ALL)
		offer_all(s, sc, t, src, ml, comp, w, SCAN_ALL);
	else
		offer_all(s, sc, t, src, ml, comp, w, SCAN_EXACT);
}

/* offer() of the move to state next at entry i, row t, as offer_row(). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
offer_one(const struct shut_solver *s, struct scratch *sc, int t, size_t i,
	  uint32_t next, const int w, const int ex)
{
	const double *v = s->table;
	const double r0 = v[next];
	const double r1 = w > 1 ? v[s->states + next] : 0.0;
	const double r2 = w > 2 ? v[2 * s->states + next] : 0.0;

	if (!ex || sc->kind[t] == SCAN_PLAIN)
		offer(sc, i, r0, r1, r2, w, SCAN_PLAIN, 0);
	else if (sc->kind[t] == SCAN_ALL)
		offer(sc, i, r0, r1, r2, w, SCAN_ALL, 0);
	else
		offer(sc, i, r0, r1, r2, w, SCAN_EXACT, 0);
}

/*
 * The moves of the block that take at least one high tile.  Their states
 * are in blocks of earlier layers, final, so each move is offered to all
 * the block's states that hold it in one sweep.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
block_high_moves(const struct shut_solver *s, struct scratch *sc, uint32_t base,
		 const int upto, const int w, const int ex)
{
	const int b = s->low_bits, maxt = s->maxt, kmax = s->rules.move_max;
	const uint32_t all = (UINT32_C(1) << b) - 1;
	const struct shut__low *g = s->low + s->low_off[all];
	const uint16_t *cut = s->low_cut + (size_t)all * (size_t)(maxt + 1);

	for (size_t h = 1; h < sc->nh; h++) {
		const struct shut__high *hi = &sc->hl[h];
		const size_t n = cut[maxt - hi->sum];

		for (size_t i = 0; i < n; i++) {
			const uint32_t ml = g[i].mask;

			if (upto && hi->count + shut__popcount(ml) > kmax)
				continue;
			offer_row(s, sc, hi->sum + g[i].sum, base - hi->mask,
				  ml, all & ~ml, w, ex);
		}
	}
}

/*
 * The states of one block whose moves take only low tiles.  The low part
 * splits once more, into sub-blocks of up to 16 states that share their
 * upper bits c: a move with tiles among those bits goes to an earlier
 * sub-block, final, and is offered to the whole sub-block at once as
 * above; the few moves within the lowest (up to) 4 tiles stay in the
 * sub-block and are taken state by state, each state finished before the
 * next needs it.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
block_low_moves(struct shut_solver *s, struct scratch *sc, uint32_t base,
		const int upto, const int w, const int ex)
{
	const int b = s->low_bits, maxt = s->maxt, kmax = s->rules.move_max;
	const int a = b < 4 ? b : 4;
	const uint32_t amask = (UINT32_C(1) << a) - 1;
	const struct shut__low *ga = s->low + s->low_off[amask];
	const uint16_t *cuta = s->low_cut + (size_t)amask * (size_t)(maxt + 1);

	for (uint32_t c = 0; c < (UINT32_C(1) << b); c += amask + 1) {
		/* Moves with tiles of c, and any of the lowest tiles. */
		for (uint32_t mc = c; mc != 0; mc = (mc - 1) & c) {
			const int sum = s->sum8[0][mc];

			if (sum > maxt)
				continue;
			for (size_t i = 0; i < cuta[maxt - sum]; i++) {
				const uint32_t ma = ga[i].mask;

				if (upto && shut__popcount(mc | ma) > kmax)
					continue;
				offer_row(s, sc, sum + ga[i].sum,
					  base + (c - mc), c | ma, amask & ~ma,
					  w, ex);
			}
		}
		/* Moves within the lowest tiles, state by state. */
		for (uint32_t l = c; l <= (c | amask); l++) {
			const uint32_t index = base | l, la = l & amask;

			if (index == 0) {
				double rec[SOLVER_SLOTS_MAX];

				shut__terminal(s, 0, rec);
				shut__put(s, 0, rec);
				continue;
			}
			for (uint32_t ma = la; ma != 0; ma = (ma - 1) & la) {
				const int t = s->sum8[0][ma];
				const uint32_t next = index - ma;

				if (t > maxt ||
				    (upto && shut__popcount(ma) > kmax))
					continue;
				offer_one(s, sc, t, (size_t)t * ROW(b) + l,
					  next, w, ex);
			}
			finish_state(s, sc, index, ROW(b), l,
				     dice_choices(s, index), w, ex, 0);
		}
	}
}

/* The moves of a block, for one kind of scan (offer()). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
block_moves(struct shut_solver *s, struct scratch *sc, uint32_t base,
	    const int upto, const int w, const int ex)
{
	block_high_moves(s, sc, base, upto, w, ex);
	block_low_moves(s, sc, base, upto, w, ex);
}

/* ---------------------------------------------------------------------
 * The driver: blocks, layers, threads
 */

struct team {
	struct shut_solver *s;
	int threads;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int waiting;
	unsigned gen;
	int go;	  /* 0 wait, 1 go, -1 give up */
	int stop; /* the caller stopped the solve (shut_progress) */
};

/*
 * A thread's own: on cache lines of its own, since the kernels write its
 * scratch (the kinds of its rows and what they keep) while the other
 * threads read theirs, which would lie on
 * the same lines (`beat:100` on the-300 took a sixth more CPU time on two
 * threads).
 */
struct worker {
	_Alignas(64) struct team *team;
	int id;
	pthread_t th;
	struct scratch sc;
};

/* Whether the caller has asked the solve to stop (shut_progress). */
static int
team_stop_asked(const struct team *tm)
{
	const struct shut_progress *p = tm->s->progress;

	return p != NULL && atomic_load(&p->stop) != 0;
}

/*
 * Waits until every thread of the team has reached this point.  Returns
 * whether the solve is to stop there, as the last thread to come found
 * it, so that every thread stops at the same point or none does.
 */
static int
team_barrier(struct team *tm)
{
	unsigned gen;
	int stop;

	if (tm->threads == 1)
		return tm->stop = team_stop_asked(tm);
	pthread_mutex_lock(&tm->mu);
	gen = tm->gen;
	if (++tm->waiting == tm->threads) {
		tm->waiting = 0;
		tm->gen++;
		tm->stop = team_stop_asked(tm);
		pthread_cond_broadcast(&tm->cv);
	} else {
		while (gen == tm->gen)
			pthread_cond_wait(&tm->cv, &tm->mu);
	}
	stop = tm->stop;
	pthread_mutex_unlock(&tm->mu);
	return stop;
}

/*
 * The kind of scan of each row (SCAN_*) for the states from index lo to
 * index hi, lo's tiles a subset of every one's and hi's a superset (a
 * block, or a group of solver_group.c).  Under beat:T with the sum of the
 * tiles for score, a move of total t takes a state of score x to one of
 * score x - t: when that is under T for every state, every move of the
 * row leads to a state worth 1 (exactly: shut__settled()) and the row's
 * moves all tie, ALL; when it is under T for none, ties are as rare as
 * under expected, PLAIN; and EXACT where there are states of both sorts,
 * whose moves under T tie exactly.  Rows that lead to scores from T to
 * T + d - 1 (d the number of dice, the smallest throw of them all) are
 * EXACT too: a state there is worth the sum of the chances of the throws
 * that have a move, each of which takes it under T, so that moves to
 * states with the same such throws tie exactly (on the-300 under
 * beat:150, 1.18 million of the 1.45 million walks left when these rows
 * kept the ties at 1 alone).  A utility is the same with T one past the
 * scores of its flat start (u the same from 0 to flat): every state there
 * is worth u(0).  Elsewhere (another score, the tests' flag) EXACT.
 * Which kind a row gets is a matter of speed alone: each checks what it
 * assumes.  The rows are PLAIN below *plain_to, ALL from *all_from on,
 * EXACT between.
 */
void
shut__row_kinds(const struct shut_solver *s, unsigned char *kind, uint32_t lo,
		uint32_t hi, int *plain_to, int *all_from)
{
	shut__row_bounds(s, lo, hi, plain_to, all_from);
	memset(kind, SCAN_PLAIN, (size_t)*plain_to);
	memset(kind + *plain_to, SCAN_EXACT, (size_t)(*all_from - *plain_to));
	memset(kind + *all_from, SCAN_ALL, (size_t)(s->maxt + 1 - *all_from));
}

/* Sets the scratch of a block to "nothing offered yet". */
static void
block_reset(const struct shut_solver *s, struct scratch *sc)
{
	const size_t row = ROW(s->low_bits), bytes = row * sizeof(double);
	const size_t cells = (size_t)(s->maxt + 1) * row;

	memset(sc->p1, NONE_BYTE, cells * sizeof(double));
	if (s->width > 1 && !s->tie_rows)
		memset(sc->p2, NONE_BYTE, cells * sizeof(double));
	if (s->width == 1 || !s->tie_rows)
		return;
	for (size_t t = 0; t <= (size_t)s->maxt; t++) {
		if (sc->kind[t] == SCAN_PLAIN)
			memset(sc->p2 + t * row, NONE_BYTE, bytes);
		if (sc->kind[t] == SCAN_EXACT)
			memset(sc->below + t * row, NONE_BYTE, bytes);
		if (sc->kind[t] != SCAN_PLAIN) {
			memset(sc->m1 + t * row, NONE_BYTE, bytes);
			memset(sc->m2 + t * row, NONE_BYTE, bytes);
		}
	}
}

/* Solves the 2^b states of the block of high part h. */
static void
solve_block(struct shut_solver *s, struct scratch *sc, uint32_t h)
{
	const int b = s->low_bits;
	const uint32_t base = h << b, count = UINT32_C(1) << b;
	const int upto = s->rules.move == SHUT_MOVE_UP_TO;

	if (!s->by_total || (s->flags & SHUT__SOLVER_GENERIC)) {
		for (uint32_t l = 0; l < count; l++)
			shut__generic_state(s, base | l);
		return;
	}
	high_list(s, sc, h);
	/* The group kernel chooses the kinds of rows group by group. */
	if (!(s->flags & SHUT__SOLVER_MOVE_MAJOR) &&
	    shut__group_block(s, sc, base))
		return;
	if (s->width > 1 && s->tie_rows)
		shut__row_kinds(s, sc->kind, base,
				base | ((UINT32_C(1) << b) - 1), &sc->plain_to,
				&sc->all_from);
	block_reset(s, sc);
	/* Constant arguments: the compiler makes one loop of each case. */
	if (s->width == 1 && upto)
		block_moves(s, sc, base, 1, 1, 0);
	else if (s->width == 1)
		block_moves(s, sc, base, 0, 1, 0);
	else if (s->width == 2 && !s->tie_rows && upto)
		block_moves(s, sc, base, 1, 2, 0);
	else if (s->width == 2 && !s->tie_rows)
		block_moves(s, sc, base, 0, 2, 0);
	else if (s->width == 2 && upto)
		block_moves(s, sc, base, 1, 2, 1);
	else if (s->width == 2)
		block_moves(s, sc, base, 0, 2, 1);
	else if (!s->tie_rows && upto)
		block_moves(s, sc, base, 1, 3, 0);
	else if (!s->tie_rows)
		block_moves(s, sc, base, 0, 3, 0);
	else if (upto)
		block_moves(s, sc, base, 1, 3, 1);
	else
		block_moves(s, sc, base, 0, 3, 1);
}

/* The next number with the same count of bits (Gosper). */
static uint32_t
next_same_count(uint32_t v)
{
	uint32_t c = v & (~v + 1u), r = v + c;

	return (((r ^ v) >> 2) / c) | r;
}

static void
worker_run(struct worker *wk)
{
	struct team *tm = wk->team;
	struct shut_solver *s = tm->s;
	int nh = s->n - s->low_bits;
	uint32_t end = UINT32_C(1) << nh;

	for (int k = 0; k <= nh; k++) {
		uint32_t h = k == 0 ? 0 : (UINT32_C(1) << k) - 1;
		long i = 0;

		for (; h < end; i++) {
			if (i % tm->threads == wk->id) {
				solve_block(s, &wk->sc, h);
				if (s->progress != NULL)
					atomic_fetch_add(&s->progress->done,
							 1ull << s->low_bits);
			}
			if (h == 0)
				break;
			h = next_same_count(h);
		}
		if (team_barrier(tm))
			return;
	}
}

static void *
worker_main(void *arg)
{
	struct worker *wk = arg;
	struct team *tm = wk->team;
	int go;

	pthread_mutex_lock(&tm->mu);
	while (tm->go == 0)
		pthread_cond_wait(&tm->cv, &tm->mu);
	go = tm->go;
	pthread_mutex_unlock(&tm->mu);
	if (go > 0)
		worker_run(wk);
	return NULL;
}

/*
 * Lays a thread's scratch at w (shut__table_aux()'s size): each array
 * of the block's rows for the move-major kernel, one after another; or
 * GROUP_STRIDE apart in the order of enum group_array for the group
 * kernel (solver_group.h), when it is the one that solves.  Arrays the
 * scan does not use stay NULL.
 */
static void
scratch_lay(const struct shut_solver *s, struct scratch *sc, double *w)
{
	const int group = !(s->flags & SHUT__SOLVER_MOVE_MAJOR) &&
			  !(s->flags & SHUT__SOLVER_GENERIC) &&
			  shut__group_fits(s);
	const size_t cells = (size_t)(s->maxt + 1) * ROW(s->low_bits);
	const size_t d = group ? GROUP_STRIDE : cells;
	const size_t arrays = shut__table_arrays(s->width, s->tie_rows);
	double *at[GROUP_ARRAYS];

	/* Group: fixed places; move-major: the used ones packed. */
	for (int k = 0, n = 0; k < GROUP_ARRAYS; k++) {
		const int used =
		    k == GA_P1 || (s->width > 1 && k <= GA_S1) ||
		    (s->width > 2 && k == GA_X1) ||
		    (s->width > 1 && s->tie_rows && k >= GA_BELOW &&
		     (k != GA_MX || s->width > 2));

		at[k] = used ? w + d * (size_t)(group ? k : n++) : NULL;
	}
	sc->p1 = at[GA_P1];
	sc->p2 = at[GA_P2];
	sc->s1 = at[GA_S1];
	sc->x1 = at[GA_X1];
	sc->below = at[GA_BELOW];
	sc->m1 = at[GA_M1];
	sc->m2 = at[GA_M2];
	sc->mx = at[GA_MX];
	/*
	 * Once: a slot 1 or 2 is read (and masked) before written; and with
	 * three slots the group kernel keeps in s1 and mx the indices of
	 * states it gathers from (solver_group.c), 0 or one it wrote, never
	 * a value: no other kernel writes them in its solve.
	 */
	memset(w, 0,
	       (group ? (size_t)GROUP_ARRAYS * GROUP_STRIDE : arrays * cells) *
		   sizeof(double));
}

/*
 * The constants of shut__row_bounds(): the rows go by score under beat:T
 * and utilities scored by the sum, without levels or the tests' flag;
 * T, or one past a utility's flat start.
 */
static void
rows_plan(struct shut_solver *s)
{
	s->rows_target = s->objective.kind == SHUT_OBJECTIVE_UTILITY
			     ? (uint64_t)s->flat + 1
			     : s->objective.target;
	s->rows_by_sum = (s->objective.kind == SHUT_OBJECTIVE_BEAT ||
			  s->objective.kind == SHUT_OBJECTIVE_UTILITY) &&
			 s->rules.score == SHUT_SCORE_SUM &&
			 s->levels == NULL &&
			 !(s->flags & SHUT__SOLVER_TIES_EXACT);
}

/*
 * Solves the whole table: 0, or SHUT_ESTOPPED where its progress was
 * asked to stop (the table then half made).  Threads that cannot be
 * started are not an error: the ones that did start are told to give
 * up, and the caller's thread does the work alone.
 */
int
shut__table_solve(struct shut_solver *s)
{
	struct worker wk[8];
	struct team tm;
	size_t cap = s->high_cap;
	const size_t per = scratch_doubles(
	    s->maxt, s->low_bits, shut__table_arrays(s->width, s->tie_rows));
	int started = 0;

	rows_plan(s);
	memset(&tm, 0, sizeof(tm));
	tm.s = s;
	tm.threads = s->threads > 8 ? 8 : s->threads;
	if (s->n - s->low_bits < 4)
		tm.threads = 1;
	pthread_mutex_init(&tm.mu, NULL);
	pthread_cond_init(&tm.cv, NULL);
	for (int i = 0; i < tm.threads; i++) {
		wk[i].team = &tm;
		wk[i].id = i;
		memset(&wk[i].sc, 0, sizeof(wk[i].sc));
		if (!s->by_total)
			continue; /* the generic path needs no scratch */
		wk[i].sc.hl = s->high + (size_t)i * cap;
		scratch_lay(s, &wk[i].sc, (double *)s->work + (size_t)i * per);
	}
	for (int i = 1; i < tm.threads; i++) {
		if (pthread_create(&wk[i].th, NULL, worker_main, &wk[i]) != 0)
			break;
		started++;
	}
	pthread_mutex_lock(&tm.mu);
	if (started == tm.threads - 1) {
		tm.go = 1;
	} else {
		tm.go = -1;
	}
	pthread_cond_broadcast(&tm.cv);
	pthread_mutex_unlock(&tm.mu);
	if (tm.go < 0) {
		for (int i = 1; i <= started; i++)
			pthread_join(wk[i].th, NULL);
		started = 0;
		tm.threads = 1;
	}
	worker_run(&wk[0]);
	for (int i = 1; i <= started; i++)
		pthread_join(wk[i].th, NULL);
	pthread_mutex_destroy(&tm.mu);
	pthread_cond_destroy(&tm.cv);
	if (tm.stop)
		return SHUT_ESTOPPED;

	/* The first throw, where its rule applies, at the start state. */
	if (s->rules.first_throw != 0 && s->n > 0 && s->below == s->start)
		shut__generic_state(s, (UINT32_C(1) << s->n) - 1);
	return 0;
}
