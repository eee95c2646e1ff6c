/*
 * shut_policy.h - strategies as data, and the exact worth of playing one.
 *
 * A policy says how a strategy chooses, as data rather than code: a rule
 * for the dice count and a rule for the move.  A ranked move rule is a
 * list of criteria (struct shut_policy.rank), tried in order; the first
 * that tells two moves apart decides, and the canonical order of
 * shut_move_cmp() (fewer tiles, then tile by tile from the lowest) breaks
 * what is still tied, so that every policy picks exactly one move.  The
 * same policy drives a computer player in a game (struct shut_strategy's
 * policy, through shut_policy_dice() and shut_policy_move()) and the exact
 * evaluation below, so the two cannot disagree.
 *
 * The named strategies with a policy are those of shut_strategy_at()
 * (random, highest, fewest, most, lowest, thai-wiki) and the solver's two,
 * shut_solver_optimal and shut_solver_shut; docs/strategies.md lists each
 * with its policy and what it is worth on the presets.
 *
 * THE EVALUATOR.  shut_eval_new() works out, for one standard rule set and
 * one strategy with a policy, what a turn played that way is worth: for
 * every board (a subset of the start set) the exact expected score and
 * the exact chance of shutting the box, and from one board (the start set
 * by default) the exact distribution of the turn's score.  A random choice
 * is averaged, not drawn: each allowed dice count equally likely, then
 * each legal move of the throw equally likely (as the random strategy
 * plays).  A solver's policy plays as the solver's computer player does,
 * ties and all.  Values are in double precision for boards up to
 * SHUT_SOLVER_TILES_MAX tiles as memory allows, and with SHUT_EVAL_EXACT
 * also as exact rationals (GMP) for boards up to
 * SHUT_SOLVER_EXACT_TILES_MAX tiles; the doubles are then the rationals
 * rounded to the nearest double.
 *
 * Memory: shut_eval_new() allocates the evaluator (up to about 72 bytes a
 * board in double precision, and GMP's rationals besides with
 * SHUT_EVAL_EXACT; while it works, a scratch of at most 64 MiB more) and,
 * for a solver's policy without opt->solver, a solver of its own; it
 * refuses with SHUT_ETOOBIG what would pass opt->max_bytes.  The caller
 * frees it with shut_eval_free().  An evaluator is read-only once made.
 */
#ifndef SHUT_POLICY_H
#define SHUT_POLICY_H

#include <stddef.h>
#include <stdint.h>

#include "shut_game.h"
#include "shut_moves.h"
#include "shut_rules.h"
#include "shut_solver.h"

/* How a policy chooses the number of dice, where the rules allow a choice. */
enum shut_dice_rule {
	SHUT_DICE_RULE_FEWEST, /* the fewest dice allowed */
	SHUT_DICE_RULE_MOST,   /* the most dice allowed */
	SHUT_DICE_RULE_RANDOM, /* each allowed count equally likely */
	SHUT_DICE_RULE_SOLVER  /* the solver's choice */
};

/* How a policy chooses its move among the legal moves of a throw. */
enum shut_move_rule {
	SHUT_MOVE_RULE_RANK,   /* the first in the order of the criteria */
	SHUT_MOVE_RULE_RANDOM, /* each legal move equally likely */
	SHUT_MOVE_RULE_SOLVER  /* the solver's choice */
};

/*
 * The criteria of a ranked move rule.  Each prefers some moves to others;
 * SHUT_RANK_END ends the list, and the canonical order decides the rest.
 */
enum shut_rank {
	SHUT_RANK_END,
	SHUT_RANK_FEWER_TILES, /* fewer tiles first */
	SHUT_RANK_MORE_TILES,  /* more tiles first */
	SHUT_RANK_HIGHER_TOP,  /* the higher highest tile first */
	SHUT_RANK_LOWER_TILES, /* the lower tiles first, compared from the
				  highest tile down (the smaller mask) */
	SHUT_RANK_TOTAL_TILE,  /* first the one tile equal to the total */
	SHUT_RANK_FACE_TILES   /* first the move whose tiles are the faces,
				  one tile per die, all faces different */
};

#define SHUT_RANK_MAX 4

/*
 * A policy.  rank is read with SHUT_MOVE_RULE_RANK only, objective with
 * the solver's rules only (expected for "optimal", shut for "shut").
 */
struct shut_policy {
	enum shut_dice_rule dice;
	enum shut_move_rule move;
	enum shut_rank rank[SHUT_RANK_MAX];
	enum shut_objective_kind objective;
};

/*
 * shut_policy_dice() is the dice count a policy of the fewest or the most
 * dice throws when choices (a mask, bit d for d dice) are allowed.  It
 * returns SHUT_EINVAL for a null policy or no count allowed, SHUT_EMODE
 * for a policy that draws or asks a solver.
 */
int shut_policy_dice(const struct shut_policy *p, unsigned choices);

/*
 * shut_policy_move() writes to *move the move a ranked policy makes of
 * throw t on board (the tiles the roller may change), first as in
 * shut_moves_each().  It returns 0, SHUT_EILLEGAL when the throw allows
 * no move, SHUT_EINVAL for a null argument, SHUT_ETHROW for a throw that
 * fails shut_throw_check(), SHUT_EMODE for a policy that is not ranked.
 */
int shut_policy_move(const struct shut_policy *p,
		     const struct shut_rules *rules, uint32_t board,
		     const struct shut_throw *t, int first, uint32_t *move);

/*
 * shut_policy_cmp() compares two moves of throw t under a ranked policy:
 * <0 when a is preferred, >0 when b is, 0 only when a == b.
 */
int shut_policy_cmp(const struct shut_policy *p, const struct shut_throw *t,
		    uint32_t a, uint32_t b);

/* ---------------------------------------------------------------------
 * The evaluator
 */

#define SHUT_EVAL_EXACT 0x1 /* rationals too, boards up to 12 tiles */
#define SHUT_EVAL_FROM	0x2 /* from is the board even when 0 (all shut) */

/*
 * from, when not 0 or with SHUT_EVAL_FROM, is the board (a subset of the
 * start set) whose distribution of scores is worked out; else it is the
 * start set.  solver, when
 * not NULL, is the solver a solver's policy plays by (made for the same
 * rules with that policy's objective and without SHUT_SOLVER_VALUE; with
 * SHUT_EVAL_EXACT it must be exact too); when NULL, the evaluator makes
 * its own.  max_bytes bounds the evaluator and that solver each (0:
 * SHUT_SOLVER_BYTES_DEFAULT).  threads is passed to that solver.
 */
struct shut_eval_options {
	unsigned flags; /* SHUT_EVAL_* */
	uint32_t from;
	const struct shut_solver *solver;
	size_t max_bytes;
	int threads;
};

struct shut_eval;

/*
 * shut_eval_new() evaluates strategy under rules and stores the evaluator
 * in *ep (opt may be NULL).  It returns 0; SHUT_EINVAL for a null
 * argument; SHUT_EMODE for a strategy without a policy, a battle, or a
 * solver in opt that does not fit; SHUT_ETILES when opt->from is not a
 * subset of the start set; SHUT_ETOOBIG for a board past the limits above
 * (or too many distinct throws); SHUT_ENOMEM; an error of
 * shut_rules_check() or of shut_solver_new().
 */
int shut_eval_new(struct shut_eval **ep, const struct shut_rules *rules,
		  const struct shut_strategy *strategy,
		  const struct shut_eval_options *opt);

/* shut_eval_free() frees an evaluator (and its own solver); NULL is fine. */
void shut_eval_free(struct shut_eval *e);

/*
 * shut_eval_value() writes to *v the worth of a turn played by the policy
 * from board open: v->expected the expected score, v->shut the chance of
 * shutting the box, and v->value the expected score again.  It returns 0,
 * SHUT_EINVAL, or SHUT_ETILES when open is not a subset of the start set
 * (then *v is NaN throughout).
 */
int shut_eval_value(const struct shut_eval *e, uint32_t open,
		    struct shut_value *v);

/*
 * With SHUT_EVAL_EXACT: shut_eval_exact() writes the exact rational of the
 * expected score (what = SHUT_EXACT_EXPECTED) or of the chance of shutting
 * (SHUT_EXACT_SHUT) from board open, as "p/q" in lowest terms, and returns
 * the length as snprintf() does; or SHUT_EMODE without exact values,
 * SHUT_EINVAL for another what, SHUT_ETILES as shut_eval_value().
 */
int shut_eval_exact(const struct shut_eval *e, uint32_t open, int what,
		    char *buf, size_t len);

/* One score of the distribution, and its probability. */
struct shut_score_prob {
	uint64_t score;
	double prob;
};

/*
 * shut_eval_distribution() writes the distribution of the turn's score from
 * the board of opt->from: the scores that can happen, in increasing order,
 * each with its probability (which add up to 1), up to cap of them; it
 * returns how many there are (possibly more than cap, as snprintf() does),
 * or SHUT_EINVAL.
 */
long shut_eval_distribution(const struct shut_eval *e,
			    struct shut_score_prob *out, size_t cap);

/*
 * With SHUT_EVAL_EXACT: shut_eval_distribution_exact() writes the exact
 * probability of score i of that distribution as "p/q", with the length as
 * snprintf() gives it; SHUT_EMODE without exact values, SHUT_EINVAL when
 * i is past the end.
 */
int shut_eval_distribution_exact(const struct shut_eval *e, size_t i, char *buf,
				 size_t len);

#endif
