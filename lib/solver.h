/*
 * solver.h - the solver's insides, shared by lib/solver*.c.
 *
 * The design is in the essay at the top of solver.c; this header only holds
 * the one structure every part works on, and the internal calls between
 * the files.  Nothing here is public.
 */
#ifndef SOLVER_H
#define SOLVER_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "shut_solver.h"

/*
 * The slots of a state's record in the double table, all of them "higher is
 * better" so that one comparison serves every objective: the expected score
 * is kept negated.
 *
 *   objective   slot 0 (decides)   slot 1 (breaks ties)   slot 2
 *   expected    -expected          shut                   -
 *   shut        shut               -expected              -
 *   beat:T      P(score < T)       -expected              shut
 *   utility     E u(score)         -expected              shut
 */
#define SOLVER_SLOTS_MAX 3

/* The largest total a move can use: the sum of 32 tiles. */
#define SOLVER_TOTAL_MAX 528

/*
 * A flag of struct shut_solver_options for the tests: the generic path
 * (throw classes and shut_moves_each()) for every state, so that the fast
 * path can be checked against it.
 */
#define SHUT__SOLVER_GENERIC 0x80000000u

/*
 * Flags for the tests: the fast path's plain scan in every row, which
 * walks every tie of slot 0 within the epsilon again, or the scan that
 * keeps the exact ties apart in every row, which settles them without a
 * walk (SCAN_EXACT, solver_scan.h), whatever the objective; so that they
 * can be checked against each other and the rows as chosen.
 */
#define SHUT__SOLVER_TIES_PLAIN 0x00200000u
#define SHUT__SOLVER_TIES_EXACT 0x00100000u

/*
 * A flag for the tests: the move-major kernel of solver_table.c for
 * every block, where the kernel by groups of four states
 * (solver_group.c) would serve, so that the two can be compared.
 */
#define SHUT__SOLVER_MOVE_MAJOR 0x00080000u

/*
 * A flag for the tests: every row "all" of the group kernel walked again
 * (solver_group.c, group_all_walk()), so that the walks are checked
 * against the rows settled without one.
 */
#define SHUT__SOLVER_ALL_WALK 0x00020000u

/*
 * A flag for the tests: the group kernel with SSE2 alone, where the
 * processor has AVX2, so that both are compared.
 */
#define SHUT__SOLVER_SSE2 0x00040000u

/*
 * Flags for the tests: a battle's work limit of 2^k moves looked at
 * instead of the real one, so that the bounds of an unfinished battle can
 * be checked.
 */
#define SHUT__SOLVER_WORK_SET 0x40000000u
#define SHUT__SOLVER_WORK(k)  (SHUT__SOLVER_WORK_SET | ((unsigned)(k) << 24))

/* The most entries of the kept dice counts (struct shut_solver). */
#define SOLVER_DICE_KEPT_MAX ((size_t)1 << 14)

/* The most throws of faces the solver enumerates for face rules. */
#define SOLVER_MULTISETS_MAX ((size_t)1 << 20)

/*
 * A class of throws that allow the same moves on every board: one total for
 * move=any and up-to-K; a total and the faces that matter for dice-or-sum
 * and one-tile.  count is the number of ordered throws in the class (out of
 * faces^d), rep one of them.
 */
struct shut__class {
	uint64_t count;
	double prob;  /* count / faces^d */
	uint32_t key; /* the faces that matter, as a mask of tiles */
	int total;
	struct shut_throw rep;
};

/* The throws of d dice: classes[first .. first + n - 1] of faces^d. */
struct shut__dice {
	uint64_t denom;
	size_t first, n;
	double tail; /* probability of a total that can never be a move */
};

/*
 * A subset of the low tiles of a board, in the move lists of the fast
 * path; each list ends in one of sum LOW_SENTINEL, past every total.
 */
struct shut__low {
	uint16_t mask;
	uint16_t sum;
};
#define LOW_SENTINEL UINT16_MAX

/* A subset of the high tiles of a board, already shifted into place. */
struct shut__high {
	uint32_t mask;
	uint16_t sum;
	uint16_t count;
};

struct shut_solver {
	struct shut_rules rules;
	struct shut_objective objective;
	struct shut_progress *progress; /* while it is made, or NULL */
	unsigned flags;
	int threads;
	int battle;
	size_t bytes;
	double tolerance;

	/*
	 * The board: the tiles solved (below: the start set, or the part of
	 * it that shut_solver_options.below asked for) squeezed into n bits,
	 * tile[k] for bit k.  The rules' start set is start: the turn, its
	 * first throw and its largest total are the whole board's.
	 */
	int n;
	uint32_t start, below;
	int tile[SHUT_TILES_MAX];
	uint32_t squeeze[4][256]; /* open mask byte -> index bits */
	uint32_t spread[4][256];  /* index byte -> open mask bits */
	int sum8[4][256];	  /* index byte -> sum of its tiles */

	/*
	 * The values: width slots per state, slot by slot (slot k of state i
	 * at table[k * states + i]) so that the search reads slot 0 alone.
	 * A battle keeps its own layout (solver_battle.c).
	 */
	int width;
	size_t states;
	double *table;
	int tie_rows;	  /* the fast path's rows may settle ties (beat:T) */
	int flat;	  /* utility: u is the same for every score <= flat */
	uint64_t settled; /* a state of a score under it is worth... */
	double settle;	  /* ...this, exactly (shut__settled()) */
	/*
	 * The fast path's kinds of rows by score (shut__row_bounds()): with
	 * rows_by_sum, PLAIN where every state's score less the total is
	 * rows_target + dice or more, ALL where each is under rows_target;
	 * else EXACT everywhere.  Set by shut__table_solve().
	 */
	int rows_by_sum;
	uint64_t rows_target;
	double *utility;  /* utility: the solver's copy of the table */
	double miss;	  /* utility: the copy of *miss */
	uint64_t *levels; /* utility: the copy of its levels, or NULL */
	int lose;	  /* a first throw's miss is worth miss (slot 0) */

	/* The throws. */
	int by_total; /* the moves depend on the total alone */
	int maxt;     /* no move adds up to more than this */
	struct shut__dice dice[SHUT_DICE_MAX + 1];
	struct shut__class *classes;
	size_t nclasses;
	double *prob; /* prob[d * (SOLVER_TOTAL_MAX + 1) + t], t <= maxt */

	/* The move lists of the fast path (see solver_table.c). */
	int low_bits;
	uint32_t *low_off;
	uint16_t *low_cut; /* per low part and budget: entries that fit */
	struct shut__low *low;
	size_t high_cap; /* entries of each thread's list of high moves */
	unsigned choices_high[SHUT_TILES_MAX]; /* high-shut: by highest tile */
	struct shut__high *high;	       /* threads * high_cap entries */
	char *work; /* each thread's scratch of a block */

	/*
	 * The computer's dice counts (solver_play.c), kept as they are worked
	 * out: a board's entry is dice_kept[index & dice_mask], holding
	 * (index >> dice_shift) << 4 | d, or 0 for none yet.  Filled lazily
	 * by whichever thread asks first, with relaxed atomic loads and
	 * stores: every thread would store the same word.  None (dice_mask
	 * 0, dice_kept NULL) where the rules never leave a choice.
	 */
	atomic_uint_least32_t *dice_kept;
	uint32_t dice_mask;
	int dice_shift;

	/* Exact values: an array of mpq_t, SOLVER_SLOTS_MAX per state. */
	void *exact;

	/* The battle's moves, listed once, and its sweeps' scratch. */
	uint32_t *battle_off;
	uint32_t *battle_moves;
	void *battle_cache;
};

/*
 * Whether two values tie: equal within eps relative to the larger, so that
 * probabilities near 0 and scores near 1e18 are judged alike.  Equal
 * values always tie; an infinity ties only with itself.
 */
static inline int
shut__within(double a, double b, double eps)
{
	double d, m;

	if (a == b)
		return 1;
	if (a - a != 0.0 || b - b != 0.0)
		return 0;
	d = a > b ? a - b : b - a;
	m = (a > 0 ? a : -a) > (b > 0 ? b : -b) ? (a > 0 ? a : -a)
						: (b > 0 ? b : -b);
	return d <= eps * m;
}

/* Slot k of state i of a standard turn's table. */
static inline double *
shut__slot(const struct shut_solver *s, uint32_t i, int k)
{
	return s->table + (size_t)k * s->states + i;
}

/* solver.c */
/* The index of an open set (a subset of the start set), and back. */
static inline uint32_t
shut__squeeze(const struct shut_solver *s, uint32_t open)
{
	return s->squeeze[0][open & 0xff] | s->squeeze[1][(open >> 8) & 0xff] |
	       s->squeeze[2][(open >> 16) & 0xff] | s->squeeze[3][open >> 24];
}

static inline uint32_t
shut__spread(const struct shut_solver *s, uint32_t index)
{
	return s->spread[0][index & 0xff] | s->spread[1][(index >> 8) & 0xff] |
	       s->spread[2][(index >> 16) & 0xff] | s->spread[3][index >> 24];
}
int shut__popcount(uint32_t m);
int shut__missed(const struct shut_solver *s, const struct shut__class *c,
		 int first);
uint64_t shut__score_other(const struct shut_solver *s, uint32_t index);

/*
 * The score of the tiles of an index, with shut_score()'s rules: the sum
 * by four look-ups (inline: the kernels ask it at every state).
 */
static inline uint64_t
shut__score(const struct shut_solver *s, uint32_t index)
{
	if (s->rules.score != SHUT_SCORE_SUM)
		return shut__score_other(s, index);
	return (uint64_t)(s->sum8[0][index & 0xff] +
			  s->sum8[1][(index >> 8) & 0xff] +
			  s->sum8[2][(index >> 16) & 0xff] +
			  s->sum8[3][index >> 24]);
}

/*
 * Whether the state at index is worth s->settle exactly, whatever is
 * played: under beat:T its score is under T already (at T too, when a
 * tie counts whole), in a utility's flat start u(0).  Every path stores
 * it so (shut__put() and the group kernel's stores), rather than the sum
 * over its throws, which is that to a rounding (the probabilities of the
 * totals do not add up to 1 exactly): the rows "all" of the group kernel
 * then take their best as known.  By the sum of the tiles only, which
 * every move lowers, and never for the first throw of the start state
 * when a miss there loses.
 */
static inline int
shut__settled(const struct shut_solver *s, uint32_t index)
{
	return s->settled != 0 && shut__score(s, index) < s->settled &&
	       !(s->lose && s->below == s->start &&
		 index == ((UINT32_C(1) << s->n) - 1));
}

/*
 * Slot 0 of the n states from index on, as shut__put() leaves it: those
 * settled get their worth (the group kernel, after its stores).  The
 * first has the least score and the last the most, so most groups are
 * told by one or two.
 */
static inline void
shut__settle_of(struct shut_solver *s, uint32_t index, uint32_t n,
		uint64_t first, uint64_t last)
{
	if (first >= s->settled)
		return;
	if (!s->lose && last < s->settled) {
		for (uint32_t x = 0; x < n; x++)
			s->table[index + x] = s->settle;
		return;
	}
	for (uint32_t x = 0; x < n; x++)
		if (shut__settled(s, index + x))
			s->table[index + x] = s->settle;
}

/* shut__settle_of() with the first and last scores looked up. */
static inline void
shut__settle(struct shut_solver *s, uint32_t index, uint32_t n)
{
	const uint64_t first = shut__score(s, index);

	if (first >= s->settled)
		return;
	shut__settle_of(s, index, n, first, shut__score(s, index + n - 1));
}

size_t shut__entry(const struct shut_solver *s, uint64_t score, size_t n);

/*
 * The utility of a turn that ends with this score.  Inline, by the score
 * itself without levels: a call at every terminal record cost a table's
 * utility 1% more instructions than expected on the-300
 * (bench/solver-utility.md, "A utility's table read inline").
 */
static inline double
shut__utility(const struct shut_solver *s, uint64_t score)
{
	const size_t n = s->objective.scores;

	if (s->levels != NULL)
		return s->objective.utility[shut__entry(s, score, n)];
	return s->objective.utility[score < n ? score : n - 1];
}

/*
 * The record of a turn that ends with the tiles of index open, whose
 * score is score (shut__score()).  group_terms4() (solver_group_avx2.c)
 * makes the same records four at a time: a change here is one there.
 */
static inline void
shut__terminal_of(const struct shut_solver *s, uint32_t index, uint64_t score,
		  double out[SOLVER_SLOTS_MAX])
{
	double expected = -(double)score;
	double shut = index == 0 ? 1.0 : 0.0;

	switch (s->objective.kind) {
	default: /* SHUT_OBJECTIVE_EXPECTED */
		out[0] = expected;
		out[1] = shut;
		out[2] = 0.0;
		break;
	case SHUT_OBJECTIVE_SHUT:
		out[0] = shut;
		out[1] = expected;
		out[2] = 0.0;
		break;
	case SHUT_OBJECTIVE_BEAT:
		out[0] = score < s->objective.target	? 1.0
			 : score == s->objective.target ? s->objective.tie
							: 0.0;
		out[1] = expected;
		out[2] = shut;
		break;
	case SHUT_OBJECTIVE_UTILITY:
		out[0] = shut__utility(s, score);
		out[1] = expected;
		out[2] = shut;
		break;
	}
}

/* The record of a turn that ends with the tiles of index open. */
static inline void
shut__terminal(const struct shut_solver *s, uint32_t index,
	       double out[SOLVER_SLOTS_MAX])
{
	shut__terminal_of(s, index, shut__score(s, index), out);
}

void shut__record_value(const struct shut_solver *s, const double *r,
			struct shut_value *v);
void shut__get(const struct shut_solver *s, uint32_t i,
	       double out[SOLVER_SLOTS_MAX]);
void shut__put(struct shut_solver *s, uint32_t i,
	       const double in[SOLVER_SLOTS_MAX]);

/*
 * solver_play.c: the solver's own choice of move of throw t at board open,
 * as shut_solver_rank_moves() with cap 1 makes it, without its checks:
 * for the evaluator, which asks it of every board and class of throw, and
 * has checked them once.  s is a solver of a standard turn with a tie
 * slot, open a non-empty board of it, t a throw of a count its rules allow
 * there.  Returns the number of legal moves, with *move set when there are
 * some.
 */
long shut__solver_choose(const struct shut_solver *s, uint32_t open,
			 const struct shut_throw *t, uint32_t *move);

/* solver_throws.c */
long shut__throws_count(const struct shut_rules *rules, size_t *multisets);
double shut__throws_classes(const struct shut_rules *rules, int d);
void shut__throws_build(struct shut_solver *s, struct shut__class *scratch);
void shut__throws_each(const struct shut_rules *rules, int d,
		       void (*fn)(void *ctx, const struct shut_throw *t),
		       void *ctx);

/*
 * A tie among the moves of one throw at one state (solver_generic.c):
 * set s, index and pstar (the best slot 0), zero the rest, then visit
 * every move of the throw with pass = 0 and again with pass = 1; best is
 * the winner.
 */
struct shut__tie {
	const struct shut_solver *s;
	uint32_t index;
	double pstar, sstar;
	int pass, have;
	uint32_t best;
};

/* solver_generic.c */
int shut__prefer(uint32_t a, uint32_t b);
void shut__tie_visit(struct shut__tie *t, uint32_t m);
void shut__dice_value(const struct shut_solver *s, uint32_t index, int d,
		      double out[SOLVER_SLOTS_MAX]);
void shut__best_dice(const struct shut_solver *s, unsigned choices,
		     double vals[][SOLVER_SLOTS_MAX], double *out);
void shut__generic_state(struct shut_solver *s, uint32_t index);

/* solver_table.c */
/* block.c: the solver's block, on huge pages where the system has them. */
void *shut__block_alloc(size_t size);

size_t shut__table_arrays(int width, int tie_rows);
void shut__table_aux(const struct shut_rules *rules, uint32_t below,
		     int threads, size_t arrays, size_t *low, size_t *off,
		     size_t *cut, size_t *high, size_t *work);
void shut__table_lists(struct shut_solver *s);
int shut__table_solve(struct shut_solver *s);

/* solver_exact.c */
size_t shut__exact_bytes(int n);
int shut__exact_solve(struct shut_solver *s);
void shut__exact_free(struct shut_solver *s);
int shut__exact_print(const struct shut_solver *s, uint32_t index, int slot,
		      int negate, char *buf, size_t len);
int shut__exact_cmp(const struct shut_solver *s, uint32_t a, uint32_t b,
		    int slot);

/* solver_battle.c */
int shut__battle_width(const struct shut_rules *rules);
int shut__battle_count(const struct shut_rules *rules, size_t *offsets,
		       size_t *entries, size_t *cache);
void shut__battle_solve(struct shut_solver *s);
int shut__battle_possible(const struct shut_solver *s, uint32_t index,
			  int opener, int first);
double shut__battle_value(const struct shut_solver *s, uint32_t index,
			  int opener, int first);
double shut__battle_after(const struct shut_solver *s, uint32_t open,
			  int opener, uint32_t move);
double shut__battle_dice(const struct shut_solver *s, uint32_t index,
			 int opener, int first, int d);

#endif
