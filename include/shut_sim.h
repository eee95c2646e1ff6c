/*
 * shut_sim.h - many games played by computer players, fast and
 * reproducibly, on several threads.
 *
 * The simulator plays games through the public step API
 * (shut_game_step()) with the players it is given, and counts what
 * happened.  It knows nothing of the solver: a player is a strategy and its
 * context, as in a game.  Single turns of a player whose policy draws
 * nothing (every library strategy but random) are played faster by a
 * compiled player: before the games the player is asked, through the game,
 * its dice count on every board and its move for every throw there, and
 * the turns are played from those tables (start sets of up to 16 tiles,
 * up to 4096 ordered throws of the dice thrown; docs/simulator.md).  The
 * compiled player draws its dice otherwise than the step API, so a seed
 * gives another sample of the same game on each path.
 *
 * REPRODUCIBILITY.  The games are cut into blocks of SHUT_SIM_BLOCK games,
 * block b holding games b * SHUT_SIM_BLOCK onwards.  Block b draws every
 * die and every random choice from stream b of the seed: the generator
 * seeded with it (shut_rng_seed()) and jumped b times (shut_rng_jump()).
 * The block's index, never the thread that plays it, decides its stream,
 * and the tallies hold integer counts only, which add up exactly in any
 * order; so for a given seed the tally is the same to the last bit
 * whatever the number of threads.  (A run stopped early through stop is
 * the exception: which games were played by then depends on timing.)
 *
 * A seat whose ctx is NULL is given the block's generator as its ctx, as
 * the random strategy wants (struct shut_rng *); the other strategies of
 * the library ignore it.  A seat with a ctx of its own (a solver) shares
 * it between the threads, read-only, unless its entry of own has a copy:
 * then each thread plays the seat with copy(ctx), made before the thread's
 * first game and given to drop() after its last (a player that keeps what
 * it works out as it plays, such as shut_win_perfect).  A copy must play
 * as its original does, move for move, for the result not to depend on
 * the threads.
 *
 * Memory: the caller allocates the tallies; shut_sim_turns() and
 * shut_sim_match() allocate a tally per thread besides, and free them.
 */
#ifndef SHUT_SIM_H
#define SHUT_SIM_H

#include <stdatomic.h>
#include <stdint.h>

#include "shut_dice.h"
#include "shut_game.h"
#include "shut_rules.h"

/*
 * A flag of struct shut_sim: single turns through the step API even where
 * the player compiles (see shut_sim_turns()), to compare the two.
 */
#define SHUT_SIM_STEP 0x1u

/* Games per block: the unit of work and of a stream. */
#define SHUT_SIM_BLOCK 4096

/* The bins of the histogram of a turn's score. */
#define SHUT_SIM_BINS 1024

/* A count of up to 128 bits, which a sum of squares may need. */
struct shut_wide {
	uint64_t hi, lo;
};

/* shut_wide_double() is w as a double (rounded). */
double shut_wide_double(const struct shut_wide *w);

struct shut_sim_own;

/*
 * What to play.  players has nseats entries (1 for shut_sim_turns()).
 * done, when not NULL, is raised by the games played as blocks finish, for
 * a progress bar; stop, when not NULL, ends the run early once set (each
 * thread looks at it before every game).
 */
struct shut_sim {
	const struct shut_rules *rules;
	const struct shut_player *players;
	int nseats;
	uint64_t games;
	uint64_t seed;
	int threads;	/* 0: as many as the processors online */
	unsigned flags; /* SHUT_SIM_* */
	atomic_ullong *done;
	const atomic_int *stop;
	const struct shut_sim_own *own; /* NULL, or nseats entries */
};

/*
 * A seat's context of each thread's own: copy() makes it from the seat's
 * ctx (0 or a negative SHUT_E* code, which ends the run with it), drop()
 * frees it.  An entry whose copy is NULL shares the ctx.
 */
struct shut_sim_own {
	int (*copy)(void *ctx, void **mine);
	void (*drop)(void *mine);
};

/*
 * The tally of single turns.  Bin i of the histogram counts the turns
 * scoring from i * width to (i + 1) * width - 1; width is the smallest
 * that puts the rule set's highest score in the last bin or below
 * (shut_sim_width()).  With score=digits, whose scores span many powers
 * of ten, width is 0 and bin i counts the scores of i digits (bin 0, the
 * score 0; at most 20 digits).
 */
struct shut_sim_turns {
	uint64_t games;			/* turns played */
	uint64_t shut;			/* turns that shut the box */
	uint64_t throws;		/* throws in all */
	struct shut_wide score, score2; /* the sum of the scores, of squares */
	uint64_t width;
	uint64_t bin[SHUT_SIM_BINS];
	int compiled; /* 1: played by the compiled player */
};

/* The width of a bin of the histogram for the rules (0 for digits). */
uint64_t shut_sim_width(const struct shut_rules *rules);

/*
 * shut_sim_turns() plays sim->games single turns: a game of one seat and
 * one round, under the rules with rounds=1 and no until, eliminate or
 * stake.  It fills *out and returns 0, or a negative SHUT_E* code:
 * SHUT_EINVAL for a null argument or nseats other than 1, SHUT_EBATTLE for
 * a battle (a battle's turn is not a game of its own), an error of
 * shut_game_init(), SHUT_ENOMEM, or the first error of a player (the
 * tally then holds the games before it).  When stop ended the run,
 * out->games says how many were played.  The turns are played by the
 * compiled player where it compiles, unless sim->flags has SHUT_SIM_STEP;
 * out->compiled says which.
 */
int shut_sim_turns(const struct shut_sim *sim, struct shut_sim_turns *out);

/*
 * The tally of whole games, for each seat.  won[k] counts the games the
 * seat won with k winners in all (a shared win is worth 1/k of a game);
 * cents, the cents of the pot it took (its stake back when nobody won).
 */
struct shut_sim_seat {
	uint64_t won[SHUT_SEATS_MAX + 1];
	struct shut_wide total, total2; /* its total at the end, and squares */
	struct shut_wide cents, cents2;
};

struct shut_sim_match {
	uint64_t games;
	uint64_t turns; /* turns of every seat */
	int nseats;
	struct shut_sim_seat seat[SHUT_SEATS_MAX];
};

/*
 * shut_sim_match() plays sim->games whole games of sim->nseats seats under
 * the rules as they are, and fills *out.  It returns 0 or an error as
 * shut_sim_turns() does (a battle is allowed, with two seats).
 */
int shut_sim_match(const struct shut_sim *sim, struct shut_sim_match *out);

#endif
