/*
 * eval.h - the evaluator's insides, shared by lib/eval.c and
 * lib/eval_exact.c.  The design is in the comment at the top of eval.c.
 */
#ifndef EVAL_H
#define EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "shut_policy.h"

/*
 * A flag of struct shut_eval_options for the tests: no cache of the edges
 * (eval.c), so that the forward pass walks every board again, as it does
 * on a box too big for the cache.
 */
#define SHUT__EVAL_NOCACHE 0x80000000u

/* The end of a turn, where an edge leads to no board. */
#define EVAL_END UINT32_MAX

/* A class of throws: count ordered throws of d dice, rep one of them. */
struct shut__eval_class {
	uint64_t count;
	struct shut_throw rep;
};

/* A score of the distribution and the boards the turn ends on with it. */
struct shut__eval_end {
	uint64_t score;
	uint32_t index;
};

struct shut_eval {
	struct shut_rules rules;
	struct shut_policy policy;
	const struct shut_solver *solver; /* a solver's policy plays by it */
	struct shut_solver *own;	  /* the solver made here, or NULL */

	/* The start set's n tiles, squeezed into the low bits of an index. */
	int n;
	uint32_t start, from;
	int tile[SHUT_TILES_MAX];
	size_t states;
	/* squeeze[k][b]: the index bits of the tiles of byte k being b. */
	uint32_t squeeze[4][256];

	/* The classes of d dice: classes[first[d] .. first[d] + ncl[d]). */
	uint64_t denom[SHUT_DICE_MAX + 1];
	size_t first[SHUT_DICE_MAX + 1], ncl[SHUT_DICE_MAX + 1];
	struct shut__eval_class *classes;

	double *expected, *shut; /* by index */

	/*
	 * The distribution from the board from: ends[] are the boards the
	 * turn may end on, by score; group[k] is where score k of dist
	 * starts in ends[], group[ndist] its length.
	 */
	struct shut_score_prob *dist;
	size_t ndist;
	struct shut__eval_end *ends;
	size_t *group;

	void *exact; /* struct eval_exact (eval_exact.c), or NULL */
};

/*
 * One edge of the walk from a board: with probability
 * count / (denom[d] * nd * nm) the turn goes on at board next (an index),
 * or ends (EVAL_END).
 */
typedef void (*shut__eval_edge)(void *ctx, uint32_t next, uint64_t count, int d,
				unsigned nd, unsigned nm);

/* eval.c */
uint32_t shut__eval_spread(const struct shut_eval *e, uint32_t index);
uint32_t shut__eval_squeeze(const struct shut_eval *e, uint32_t open);
int shut__eval_walk(const struct shut_eval *e, uint32_t index,
		    shut__eval_edge fn, void *ctx);

/* eval_exact.c */
int shut__eval_exact_new(struct shut_eval *e);
void shut__eval_exact_free(struct shut_eval *e);
int shut__eval_exact_value(const struct shut_eval *e, uint32_t index, int what,
			   char *buf, size_t len);
int shut__eval_exact_dist(const struct shut_eval *e, size_t k, char *buf,
			  size_t len);

#endif
