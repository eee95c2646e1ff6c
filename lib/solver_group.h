/*
 * solver_group.h - what the group kernel's two files share
 * (solver_group.c, and solver_group_avx2.c for AVX2): the scratch of a
 * group in registers, the loop over a group's outer moves, and the AVX2
 * entry points.  Nothing here is public.
 */
#ifndef SOLVER_GROUP_H
#define SOLVER_GROUP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "solver.h"
#include "solver_scan.h"

#if defined(__SSE2__) && defined(__GNUC__) &&                                  \
    (defined(__x86_64__) || defined(__i386__))
#define SOLVER_GROUP_AVX2 1
#else
#define SOLVER_GROUP_AVX2 0
#endif

/* The scratch of a group: total t, lane x at [4 * t + x]. */
#define LANES 4

/*
 * The arrays of a group's scratch lie GROUP_STRIDE doubles apart, a
 * constant, in the order of enum group_array (solver_table.c lays them
 * so), so that an offer or a finish reaches all of them from one
 * address: the compiler folds each distance into the load or store,
 * where it took an instruction and a register an array (the plain
 * scan's loop of AVX2 offers: 82 instructions an outer move before, 71
 * now).  Rows of totals up to the largest throw plus a plus b, on any
 * board; the rows of a group that are used lie at the start of each
 * array, in L1 as before.  No two arrays lie a multiple of 4 KiB
 * apart, where a load could wait on a store to another array; the 8
 * doubles more keep it so were GROUP_ROWS a power of two.
 */
#define GROUP_ROWS   (SOLVER_TOTAL_MAX + 1 + 2 * SHUT_TILES_MAX)
#define GROUP_STRIDE (GROUP_ROWS * LANES + 8)

enum group_array { GA_P1, GA_P2, GA_S1, GA_X1, GA_BELOW, GA_M1, GA_M2, GA_MX };
#define GROUP_ARRAYS 8

/* Array k of the group's scratch from at. */
#define GA(at, k) ((at) + (size_t)(k)*GROUP_STRIDE)

/*
 * The scratch of a group (its first array), and the table, in registers;
 * with ex, the first entry past the PLAIN rows (plain_to * LANES, read
 * by the offers of PLAIN_EXACT alone).
 */
struct group {
	double *at;
	const double *table;
	size_t states;
	size_t plain_end;
};

/*
 * The outer moves of the group at index (low part c): each high subset
 * of the block with the low subsets of c that fit, offered by OUTER
 * (group_outer() or its AVX2 twin): those whose four totals all fit (all
 * of them for the value alone and with ex, but under up-to-K: a total
 * past maxt goes to a row that is never read) in a loop without a test,
 * by stretches of one kind of offer (kinds go by total: PLAIN below
 * sc->plain_to, ALL from sc->all_from on, EXACT between; an outer part
 * offers to the rows of t to t + a + b: PLAIN where all of them are
 * PLAIN, PLAIN_EXACT (PLAIN in a PLAIN row, EXACT past them) where some
 * are, EXACT where none is, and where some are ALL too, whose best slot
 * 0 starts at the worth of their moves for it, group_kinds_reset()), and
 * ALL alone for a high subset of a sum of all_from or more; the rest
 * with a test, by the same kinds.  With ex, some row of the group is not
 * PLAIN (a group whose rows all are goes without ex, group_plain()).  A
 * macro, so that each instruction set gets its own loop.
 */
#define OUTER_LOOP(OUTER)                                                      \
	const int maxt = s->maxt, ta = s->tile[0], tb = s->tile[1];            \
	const int kmax = s->rules.move_max;                                    \
	const uint32_t c = index & ((UINT32_C(1) << s->low_bits) - 1);         \
	const struct shut__low *g = s->low + s->low_off[c];                    \
	const uint16_t *cut = s->low_cut + (size_t)c * (size_t)(maxt + 1);     \
	/* Where the kinds change, as sums of a high and a low part. */        \
	const int plain_to = sc->plain_to, all_from = sc->all_from;            \
	const int plain_lo = plain_to - ta - tb;                               \
	const struct group gp = {                                              \
		.at = sc->p1,                                                  \
		.table = s->table,                                             \
		.states = s->states,                                           \
		.plain_end = (size_t)plain_to * LANES,                         \
	};                                                                     \
	for (size_t h = 0; h < sc->nh; h++) {                                  \
		const struct shut__high *hi = &sc->hl[h];                      \
		/* Read once: the offers may alias *hi, as GCC sees them. */   \
		const int hs = hi->sum;                                        \
		const int room = maxt - hs;                                    \
		const size_t src = index - hi->mask;                           \
		const size_t n = cut[room];                                    \
		size_t i = h == 0 ? 1 : 0, full = 0;                           \
                                                                               \
		/*                                                             \
		 * The value alone, and rows of several kinds: every outer     \
		 * part, rows past maxt never read (with ties, fewer           \
		 * instructions lean and branches; 0.1% more with three        \
		 * slots: bench/solver-utility.md, "Every outer part of a      \
		 * group of several kinds without a test").                    \
		 */                                                            \
		if (!upto && (w == 1 || ex))                                   \
			full = n;                                              \
		else if (!upto && room - ta - tb >= 0)                         \
			full = cut[room - ta - tb];                            \
		/* No test: rows of one kind, by sums; ALL past all_from. */   \
		if (ex && all_from <= hs)                                      \
			for (; i < full; i++)                                  \
				OUTER(&gp, src - g[i].mask, hs + g[i].sum, ta, \
				      tb, w, SCAN_ALL, 1, 1, 1, 1);            \
		else if (ex) {                                                 \
			/*                                                     \
			 * Each stretch ends by the low parts' sums: with      \
			 * full = n, all_from <= maxt + 1 stops them within    \
			 * the entries that fit, or at the list's sentinel     \
			 * where all of it does; under up-to-K, full counts.   \
			 */                                                    \
			const int plain_below = plain_lo - hs;                 \
			const int mixed_below = plain_to - hs;                 \
			const int exact_below = all_from - hs;                 \
                                                                               \
			for (; (!upto || i < full) && g[i].sum < plain_below;  \
			     i++)                                              \
				OUTER(&gp, src - g[i].mask, hs + g[i].sum, ta, \
				      tb, w, SCAN_PLAIN, 1, 1, 1, 1);          \
			for (; (!upto || i < full) && g[i].sum < mixed_below;  \
			     i++)                                              \
				OUTER(&gp, src - g[i].mask, hs + g[i].sum, ta, \
				      tb, w, SCAN_PLAIN_EXACT, 1, 1, 1, 1);    \
			for (; (!upto || i < full) && g[i].sum < exact_below;  \
			     i++)                                              \
				OUTER(&gp, src - g[i].mask, hs + g[i].sum, ta, \
				      tb, w, SCAN_EXACT, 1, 1, 1, 1);          \
			for (; i < full; i++)                                  \
				OUTER(&gp, src - g[i].mask, hs + g[i].sum, ta, \
				      tb, w, SCAN_ALL, 1, 1, 1, 1);            \
		}                                                              \
		for (; i < full; i++)                                          \
			OUTER(&gp, src - g[i].mask, hs + g[i].sum, ta, tb, w,  \
			      SCAN_PLAIN, 1, 1, 1, 1);                         \
		/* The rest, with a test; of every kind where the rows differ. \
		 */                                                            \
		for (; i < n; i++) {                                           \
			const int t = hs + g[i].sum;                           \
			int k = 0;                                             \
                                                                               \
			if (upto) {                                            \
				k = hi->count + shut__popcount(g[i].mask);     \
				if (k > kmax)                                  \
					continue;                              \
			}                                                      \
			const int ua = t + ta <= maxt && (!upto || k < kmax);  \
			const int ub = t + tb <= maxt && (!upto || k < kmax);  \
			const int uab =                                        \
			    t + ta + tb <= maxt && (!upto || k + 1 < kmax);    \
                                                                               \
			if (!ex || t < plain_lo)                               \
				OUTER(&gp, src - g[i].mask, t, ta, tb, w,      \
				      SCAN_PLAIN, 0, ua, ub, uab);             \
			else if (t >= all_from)                                \
				OUTER(&gp, src - g[i].mask, t, ta, tb, w,      \
				      SCAN_ALL, 0, ua, ub, uab);               \
			else if (t >= plain_to)                                \
				OUTER(&gp, src - g[i].mask, t, ta, tb, w,      \
				      SCAN_EXACT, 0, ua, ub, uab);             \
			else                                                   \
				OUTER(&gp, src - g[i].mask, t, ta, tb, w,      \
				      SCAN_PLAIN_EXACT, 0, ua, ub, uab);       \
		}                                                              \
	}                                                                      \
	(void)kmax

/*
 * The kind of each row of the group, in sc->kind for what asks a row its
 * kind there (finish_state(), the SSE2 finish and inner moves; the AVX2
 * finish goes by plain_to and all_from): all of them, but only when the
 * bounds changed since the last group that wrote them.
 */
static inline void
group_kinds_write(const struct shut_solver *s, struct scratch *sc)
{
	const int rows = s->maxt + 1, p = sc->plain_to, a = sc->all_from;

	if (p == sc->kind_to && a == sc->kind_from)
		return;
	memset(sc->kind, SCAN_PLAIN, (size_t)p);
	memset(sc->kind + p, SCAN_EXACT, (size_t)(a - p));
	memset(sc->kind + a, SCAN_ALL, (size_t)(rows - a));
	sc->kind_to = p;
	sc->kind_from = a;
}

/*
 * The end of the ALL rows that offers of EXACT may reach (OUTER_LOOP: a
 * + b past all_from at most), whose p1 the reset sets to the worth of
 * their every move.
 */
static inline int
group_settled_end(const struct shut_solver *s, const struct scratch *sc)
{
	const int reach = sc->all_from + s->tile[0] + s->tile[1];

	return reach < s->maxt + 1 ? reach : s->maxt + 1;
}

/*
 * Whether a group finished with ex or without may hold settled states
 * (shut__settle()).  Under rows by kind, one finished without ex is all
 * PLAIN (group_plain()): its scores are T + d + maxt at least, none
 * under T.
 */
static inline int
group_settles(const struct shut_solver *s, const int ex)
{
	return s->settled != 0 && (ex || !s->tie_rows);
}

#if SOLVER_GROUP_AVX2
/*
 * solver_group_avx2.c: the outer moves of the group at index, and the
 * finish of its four states when they are apart (group_apart()), with
 * AVX2; called only where the processor has it.  ex as solver_group.c
 * chose it for the group: its rows' kinds are asked.  And the reset of a
 * group whose rows are of several kinds (group_kinds_reset()).
 */
void shut__group_outers_avx2(const struct shut_solver *s, struct scratch *sc,
			     uint32_t index, int ex);
void shut__group_reset_avx2(const struct shut_solver *s, struct scratch *sc);
void shut__group_finish_avx2(struct shut_solver *s, struct scratch *sc,
			     uint32_t index, int ex);
#endif

#endif
