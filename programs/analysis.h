/*
 * analysis.h - a played game weighed against perfect play, decision by
 * decision (analysis.c).
 *
 * analysis_run() replays a game's record through the library and, for each
 * seat it is asked to analyse, weighs every real choice (a dice count or a
 * move, where the rules left more than one) against the solver's best, and
 * measures the luck of every throw.  Each turn is weighed under the
 * objective that fits the game at that moment (analysis_objective()): the
 * lowest expected score; the chance to shut the box where shutting wins;
 * beat:T, the chance to score less than T, for the last player of a round
 * that decides the game.  A chance that is none from the turn's start (a
 * tile no throw can shut) tells no choice from another: such a turn is
 * weighed for the lowest expected score.
 *
 * Values are the solver's: an expected score (lower is better) or a
 * probability (higher is better).  Costs and luck are turned the player's
 * way: a cost is what the choice lost against the best (>= 0, in points of
 * expected score or as a probability), luck what the throw gained against
 * the throw one could expect (negative when it hurt).  Over a turn that
 * ended by the rules, with the turn's own objective throughout,
 *
 *     gain(end) - gain(start) = (sum of luck) - (sum of costs)
 *
 * exactly up to rounding, where gain is the value turned the player's way
 * (minus the expected score, or the probability), start the value of the
 * position before the turn's first choice and end the value of the tiles
 * left when it ended.
 *
 * By the chance of winning (a->perfect set): every turn is weighed under
 * the utility objective of the player to win (shut_win.h), the values
 * being the roller's chance of winning the game when the rest is played to
 * win; the same solvers as the strength perfect plays by, so a game it
 * played shows no error.  The caller makes the player to win only where
 * its chances are exact (a single round, a match of two) and weighs by the
 * turn's objective otherwise.
 *
 * The analysis knows the library only: no printing, no history.  It makes
 * each solver it needs once, keeps it until analysis_release(), and takes
 * solvers a caller already has (analysis_lend()).  It never changes the
 * record it is given.
 */
#ifndef ANALYSIS_H
#define ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#include "shutbox.h"

/* A choice that costs less than this is as good as the best (a tie). */
#define ANALYSIS_TIE 1e-9

/* The most solvers an analysis keeps (one per objective it meets). */
#define ANALYSIS_SOLVERS 8

/* The two units of costs and luck: expected points, and chance. */
enum analysis_unit { ANALYSIS_POINTS, ANALYSIS_CHANCE, ANALYSIS_UNITS };

enum analysis_kind {
	ANALYSIS_DICE,	/* a dice count chosen among several */
	ANALYSIS_THROW, /* the dice thrown */
	ANALYSIS_MOVE	/* a move (choices 1: the only one, no decision) */
};

struct analysis_step {
	enum analysis_kind kind;
	size_t action;		  /* its action's index in the record */
	size_t turn;		  /* its turn's index in turn[] */
	uint32_t open;		  /* the open tiles before it */
	struct shut_throw thrown; /* THROW and MOVE: the throw */
	/* DICE and MOVE: the choice made, the solver's best, and how many */
	long choices;
	int dice, best_dice;
	uint32_t move, best_move;
	double value, best_value; /* the values of the two choices */
	double cost;		  /* >= 0: what the choice lost */
	int error;		  /* cost >= ANALYSIS_TIE */
	/* THROW: the value before the throw and after it (best play) */
	double before, after;
	double luck; /* after - before, turned the player's way */
};

struct analysis_turn {
	int seat;
	long round;
	struct shut_objective obj;
	size_t first, nsteps; /* its steps: step[first .. first+nsteps-1] */
	double start, end;    /* values at its start and end */
	uint32_t left;	      /* the tiles open when it ended */
	int complete;	      /* ended by the rules, not a leave or the end
				 of the record: end and left are set */
	double luck, cost;    /* the sums over its steps */
};

struct analysis_seat {
	int analysed;
	long turns;
	long decisions[ANALYSIS_UNITS], errors[ANALYSIS_UNITS];
	double cost[ANALYSIS_UNITS], luck[ANALYSIS_UNITS];
};

struct analysis_solver {
	struct shut_solver *s;
	int owned; /* made by the analysis, freed by analysis_release() */
};

struct analysis {
	/* Set by the caller after analysis_init(). */
	int forced; /* weigh every turn under force */
	struct shut_objective force;
	size_t max_bytes; /* the solvers' memory limit, 0 for the library's */
	/* Lent, or NULL: weigh every turn by the chance of winning. */
	struct shut_perfect *perfect;

	/* The result. */
	struct shut_rules rules;
	int nseats;
	struct analysis_seat seat[SHUT_SEATS_MAX];
	struct analysis_step *step;
	size_t nsteps;
	struct analysis_turn *turn;
	size_t nturns;
	int over;		      /* the record plays the game to its end */
	long biggest[ANALYSIS_UNITS]; /* the costliest error's step, or -1 */
	char why[256];		      /* why analysis_run() failed */

	/* What it keeps between calls. */
	struct analysis_solver solver[ANALYSIS_SOLVERS];
	int nsolvers;
	struct shut_choice *scratch;
	size_t scratch_cap, step_cap, turn_cap;
};

/* Starts an empty analysis: no objective forced, the library's limit. */
void analysis_init(struct analysis *a);

/*
 * Lends the analysis solver s, made for the rules of the game it will
 * analyse, for the objective s was made for; the caller keeps it and frees
 * it after analysis_release().  Ignored when ANALYSIS_SOLVERS are held.
 */
void analysis_lend(struct analysis *a, struct shut_solver *s);

/*
 * Analyses the game of nseats seats under rules recorded as actions
 * act[0..n-1], for the seats whose analysed[] is non-zero.  Returns 0, or
 * a negative SHUT_E* code with the reason in a->why (a battle, rules too
 * big to solve, a record that does not replay).  A second run replaces the
 * result of the first and reuses its solvers.
 */
int analysis_run(struct analysis *a, const struct shut_rules *rules, int nseats,
		 const int *analysed, const struct shut_action *act, size_t n);

/* Frees what the analysis holds: its steps, turns and its own solvers. */
void analysis_release(struct analysis *a);

/*
 * The objective that fits the turn about to be played in g (the seat
 * g->turn): beat:T for the last player of the round that decides the game
 * by the lowest total, when T >= 1 (T: the lowest total of the others
 * minus the seat's own); else shut where shutting wins a game of several
 * players (or rounds=until-shut); else expected.
 */
void analysis_objective(const struct shut_game *g, struct shut_objective *obj);

/* The unit of costs and luck under obj. */
enum analysis_unit analysis_unit(const struct shut_objective *obj);

/* A value of the solver under obj turned the player's way: more is better. */
double analysis_gain(const struct shut_objective *obj, double value);

#endif
