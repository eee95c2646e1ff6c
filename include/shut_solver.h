/*
 * shut_solver.h - perfect play: the value of every board, best moves, hints.
 *
 * A struct shut_solver holds the value, under optimal play, of one turn from
 * every board of a rule set, for one objective:
 *
 *   expected  the lowest expected turn score, under the rule set's score;
 *   shut      the highest probability of shutting the box;
 *   beat:T    the highest probability that the turn scores less than T
 *             (beat:T:W: a score of exactly T counts W, a tie's share);
 *   utility   the highest expectation of u(score), u a table given by the
 *             caller: the others are special cases of it.
 *
 * For a battle (mode=battle) the value is instead the Shutter's probability
 * of winning the whole game when both players play their best; the
 * objective is then ignored.
 *
 * Invariants and promises:
 *   - The roller's choice of dice count is part of the optimisation (or
 *     forced, where the rules force it).
 *   - Ties are broken the same way everywhere, deterministically: among
 *     moves whose value is equal (exactly, with SHUT_SOLVER_EXACT; within a
 *     relative 1e-12 in double precision), the one with the better value of
 *     the other objective (expected <-> shut; beat:T looks at expected),
 *     then the one with fewer tiles, then the one with the higher tile.
 *     Dice counts tie the same way, then the fewer dice win.  See
 *     docs/solver.md.
 *   - Besides the objective, the solver knows for every board the expected
 *     score and the probability of shutting the box when the turn is played
 *     its way (struct shut_value), but what SHUT_SOLVER_VALUE and
 *     SHUT_SOLVER_LEAN leave out (NaN).
 *   - In double precision the values agree with the exact rationals to a
 *     relative 1e-12; with SHUT_SOLVER_EXACT each is its rational rounded
 *     to the nearest double.  Probabilities are within [0, 1], and no
 *     value is -0.
 *   - A battle is solved by iteration between a lower and an upper bound
 *     of every value, to a tolerance of 1e-12 or until a fixed amount of
 *     work is done (some 20 to 25 s at 16 tiles on a 2-core machine),
 *     whichever comes first: shut_solver_tolerance() says how far the
 *     values may be off, and passes 1e-12 only when the work ran out.
 *
 * The table holds values only.  The best move of a (position, throw) and
 * the best dice count of a position are found from it when asked
 * (shut_solver_rank_moves(), shut_solver_rank_dice()), in time
 * proportional to the moves of that throw (n log n for a whole ranking):
 * for the-300 a table of moves would take gigabytes.
 *
 * Memory: shut_solver_new() allocates one block, of the size that
 * shut_solver_size() reports, and refuses with SHUT_ETOOBIG a rule set whose
 * block would pass the caller's limit (1 GiB by default), whose board has
 * more than SHUT_SOLVER_TILES_MAX tiles (a battle: more than
 * SHUT_SOLVER_BATTLE_TILES_MAX).  The exact rationals of SHUT_SOLVER_EXACT
 * live in GMP's own memory besides (GMP aborts the program if that runs
 * out: the one exception to the library's rule, harmless at 12 tiles).  A
 * whole ranking of moves takes a scratch array of its own (malloc()).  The
 * caller frees the solver with shut_solver_free().  shut_solver_new() may
 * use several threads while it solves; a solver is read-only once made,
 * so threads may share it.
 */
#ifndef SHUT_SOLVER_H
#define SHUT_SOLVER_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "shut_game.h"
#include "shut_moves.h"
#include "shut_rules.h"

/*
 * The largest board the solver takes, the largest for exact values, and
 * the largest for a battle.
 */
#define SHUT_SOLVER_TILES_MAX	     30
#define SHUT_SOLVER_EXACT_TILES_MAX  12
#define SHUT_SOLVER_BATTLE_TILES_MAX 16

/* The default limit on the solver's block: 1 GiB. */
#define SHUT_SOLVER_BYTES_DEFAULT ((size_t)1 << 30)

/* The most entries of a utility's table. */
#define SHUT_UTILITY_SCORES_MAX ((size_t)1 << 16)

/* How the solver compares tied values in double precision. */
#define SHUT_SOLVER_EPSILON 1e-12

enum shut_objective_kind {
	SHUT_OBJECTIVE_EXPECTED, /* lowest expected turn score */
	SHUT_OBJECTIVE_SHUT,	 /* highest probability of shutting */
	SHUT_OBJECTIVE_BEAT,	 /* highest probability of scoring < target */
	SHUT_OBJECTIVE_UTILITY	 /* highest expectation of utility[score] */
};

/*
 * An objective.  beat:T counts a score of exactly T as tie (0 for plain
 * beat:T, 0.5 for a tie shared by two, within [0, 1]).  The utility of a
 * turn that ends with score x is utility[x] for x < scores and
 * utility[scores - 1] past the table (scores >= 1); the solver copies the
 * table, so the caller may free it once the solver is made.  Under
 * first-miss=lose a first throw that misses loses the game, which no score
 * says: the utility's *miss (copied too) is what that is worth; with miss
 * NULL it counts as the turn's end with every tile open, as under
 * first-miss=end (a bust on the first throw always does).  Exact values
 * refuse a miss (SHUT_EMODE).  With levels (scores increasing numbers,
 * copied too) the table is by level, not by score: a score x is worth
 * utility[i] for the last levels[i] <= x (utility[0] below them all), so
 * that scores past the table's size (score=digits) can be told apart by
 * the few values they take; shut_solver_outcomes() then counts a score
 * in its level's entry.  Higher is
 * better, and ties between moves are broken on the expected score, as
 * under beat:T.  Fields that do not apply to the kind are ignored.
 */
struct shut_objective {
	enum shut_objective_kind kind;
	uint64_t target;	/* T of beat:T */
	double tie;		/* beat:T: the worth of a score of exactly T */
	const double *utility;	/* utility: one value per score */
	size_t scores;		/* utility: entries of the table */
	const double *miss;	/* utility: a lost first throw, or NULL */
	const uint64_t *levels; /* utility: the scores of its entries */
};

/*
 * shut_objective_parse() reads "expected", "shut", "beat:T" or "beat:T:W"
 * (T a whole number, W a tie's worth within [0, 1]) into *obj; on failure it
 * returns SHUT_EVALUE and writes a reason to why.  shut_objective_print()
 * writes the same text back; it returns the length as snprintf() does
 * ("utility" for a utility, whose table has no text).
 */
int shut_objective_parse(struct shut_objective *obj, const char *text,
			 char *why, size_t whylen);
int shut_objective_print(const struct shut_objective *obj, char *buf,
			 size_t len);

/*
 * Flags of struct shut_solver_options.  SHUT_SOLVER_VALUE makes a solver
 * that knows the value under the objective alone, in half the memory
 * (a third under beat:T) and less time: the values are the same to the
 * last bit, but shut_solver_value() gives NaN for the expected score and
 * the probability of shutting where the objective is not that, and the
 * rankings (shut_solver_rank_moves(), shut_solver_rank_dice()) and the
 * computer players refuse with SHUT_EMODE, since a tie is broken on the
 * other objective.  It does not apply to exact values or a battle.
 */
#define SHUT_SOLVER_EXACT 0x1 /* rationals with GMP, boards up to 12 tiles */
#define SHUT_SOLVER_VALUE 0x2 /* the value alone: no ties, no rankings */

/*
 * SHUT_SOLVER_LEAN: beat:T and utilities keep the two numbers their
 * choices need, the value and the expected score that breaks its ties
 * (as expected and shut keep their two), and not the probability of
 * shutting beside them: a third less memory and less time, the same
 * values, rankings and computer players to the last bit, but
 * shut_solver_value() and the rankings give NaN for the probability of
 * shutting.  Other objectives, and exact values, are as without it.
 */
#define SHUT_SOLVER_LEAN 0x4

/*
 * How far a solver being made has got, for a program that shows it: the
 * solver sets total (the states it will solve) first, then adds to done as
 * its threads finish blocks of states, and sets done to total at the end.
 * Another thread may read both at any time (they are atomic); total is 0
 * until the solver has set it.  Another thread may set stop to have the
 * work end early, its call returning SHUT_ESTOPPED and making nothing: a
 * table's solve stops between two numbers of open tiles (a battle's and
 * an exact one's go on to their end), a solution that plays to win
 * (shut_win.h) before its next turn solve.  The caller zeroes all three
 * first.
 */
struct shut_progress {
	atomic_ullong done;
	atomic_ullong total;
	atomic_int stop;
};

/*
 * below, when not 0, is a subset of the start set, and only the positions
 * whose open tiles are a subset of it are solved: 2^k of them for k tiles,
 * in memory to match, with the values of the whole table to the last bit
 * (the same rules: the first-throw rule applies where the whole start set
 * is open, so not at all when below is less).  Other positions are refused
 * with SHUT_ETILES.  A battle, whose Opener may open any tile of the start
 * set, is always solved whole.
 */
struct shut_solver_options {
	unsigned flags;	  /* SHUT_SOLVER_* */
	int threads;	  /* 0: as many as the processors online */
	size_t max_bytes; /* 0: SHUT_SOLVER_BYTES_DEFAULT */
	struct shut_progress *progress; /* NULL: none kept */
	uint32_t below; /* 0: every position; else its subsets only */
};

/*
 * A position: the open tiles, and in a battle whose turn it is and whether
 * the next throw is the first of that turn.  In a standard turn only open
 * counts: the first throw is the one thrown with the whole start set open,
 * since every move shuts at least one tile.
 */
struct shut_position {
	uint32_t open;
	int opener; /* battle: the Opener is to play (else the Shutter) */
	int first;  /* battle: the next throw is the turn's first */
};

/*
 * shut_position_of_game() is the position of a game that waits for a dice
 * count, a throw or a move.
 */
void shut_position_of_game(struct shut_position *pos,
			   const struct shut_game *g);

/*
 * Values at a position, or after a choice.  value is under the objective
 * (for a battle, the Shutter's probability of winning); expected and shut
 * are the expected turn score and the probability of shutting the box when
 * the rest of the turn is played the solver's way (both 0 in a battle).
 */
struct shut_value {
	double value;
	double expected;
	double shut;
};

struct shut_solver;

/*
 * shut_solver_size() writes to *bytes the size of the block that
 * shut_solver_new() would allocate for these arguments (opt may be NULL),
 * and returns 0, SHUT_ETOOBIG when it passes the limit or the board has too
 * many tiles, SHUT_EMODE for a combination the solver cannot do (exact
 * values of a battle), SHUT_ETILES when opt->below is not a subset of the
 * start set, or an error of shut_rules_check().
 */
int shut_solver_size(const struct shut_rules *rules,
		     const struct shut_objective *obj,
		     const struct shut_solver_options *opt, size_t *bytes);

/*
 * shut_solver_new() solves the rule set for the objective and stores the
 * new solver in *sp.  It returns 0, an error of shut_solver_size(), or
 * SHUT_ENOMEM.
 */
int shut_solver_new(struct shut_solver **sp, const struct shut_rules *rules,
		    const struct shut_objective *obj,
		    const struct shut_solver_options *opt);

/*
 * shut_solver_resolve() solves s again for another utility of as many
 * scores, in its own block: the same values to the last bit as a new
 * solver's, without making the block, the throw classes and the move
 * lists again (half the time of a small board's solve).  It returns 0,
 * SHUT_EINVAL for a null pointer or a utility that shut_solver_new()
 * refuses, or SHUT_EMODE when s was not made for a utility of that many
 * scores, or is exact or a battle.  On an error s is unchanged.  Not
 * while another thread reads s.
 */
int shut_solver_resolve(struct shut_solver *s,
			const struct shut_objective *obj);

/* shut_solver_free() frees a solver; NULL is allowed. */
void shut_solver_free(struct shut_solver *s);

/* The rules and the objective the solver was made for. */
const struct shut_rules *shut_solver_rules(const struct shut_solver *s);
const struct shut_objective *shut_solver_objective(const struct shut_solver *s);

/* The size of the solver's block. */
size_t shut_solver_bytes(const struct shut_solver *s);

/*
 * The largest error of a battle's values: every value is within this of
 * the true probability (up to the rounding of double precision).  At most
 * 0.5e-12 when the iteration finished, more when its work limit stopped it
 * first; 0 for a standard turn.
 */
double shut_solver_tolerance(const struct shut_solver *s);

/*
 * shut_solver_value() writes the values at a position to *v.  It returns 0,
 * or SHUT_ETILES when the open tiles are not a subset of the start set (of
 * the options' below, when it was set) or,
 * in a battle, the position cannot occur: the box is shut (the Shutter has
 * won), or every tile is open with the Opener to throw (the Opener has
 * won) or with the Shutter to throw on any throw but its first (every
 * move of the Shutter shuts a tile; a full box is the start of the game).
 * On an error *v is NaN throughout.
 */
int shut_solver_value(const struct shut_solver *s,
		      const struct shut_position *pos, struct shut_value *v);

/*
 * With SHUT_SOLVER_EXACT: shut_solver_exact() writes the exact rational of
 * a value at a position as "p/q" in lowest terms ("0/1" for zero, no sign
 * but for negatives), what = 0 for the value under the objective, 1 for the
 * expected score, 2 for the probability of shutting.  It returns the length
 * as snprintf() does, or SHUT_EMODE when the solver has no exact values,
 * or SHUT_ETILES as shut_solver_value().
 */
#define SHUT_EXACT_VALUE    0
#define SHUT_EXACT_EXPECTED 1
#define SHUT_EXACT_SHUT	    2
int shut_solver_exact(const struct shut_solver *s,
		      const struct shut_position *pos, int what, char *buf,
		      size_t len);

/*
 * A choice with the values it leads to: a move (dice 0), or a dice count
 * (move 0), the values being those after the move, or of throwing that
 * many dice, with the turn played the solver's way from then on.
 */
struct shut_choice {
	uint32_t move;
	int dice;
	struct shut_value v;
};

/*
 * shut_solver_rank_moves() ranks the legal moves of throw t at a position,
 * best first: the first is the solver's choice, the second its choice were
 * the first not allowed, and so on.  It writes up to cap choices and
 * returns how many legal moves there are (0 when none, or when the turn or
 * the battle is over at that position), or a negative SHUT_E* code
 * (SHUT_ETHROW for a bad throw, SHUT_ETILES as shut_solver_value() for a
 * battle's position that cannot occur, SHUT_ENOMEM when cap > 1 and the
 * scratch of the ranking cannot be had, SHUT_EMODE for a solver made with
 * SHUT_SOLVER_VALUE).
 */
long shut_solver_rank_moves(const struct shut_solver *s,
			    const struct shut_position *pos,
			    const struct shut_throw *t, struct shut_choice *out,
			    size_t cap);

/*
 * shut_solver_rank_dice() ranks the dice counts the roller may choose at a
 * position, best first, in the same way; it returns how many there are,
 * 0 or an error as shut_solver_rank_moves() does.
 */
long shut_solver_rank_dice(const struct shut_solver *s,
			   const struct shut_position *pos,
			   struct shut_choice *out, size_t cap);

/*
 * shut_solver_scores() writes to dist the distribution of the final score
 * of a turn from the open tiles open, played the solver's way (its dice
 * counts and moves, ties broken as the rankings break them): dist[x] is
 * the chance that the turn scores x, for x < scores, and dist[scores - 1]
 * also takes the chance of every larger score.  It returns 0, SHUT_EINVAL
 * for a null pointer or no scores, SHUT_ETILES as shut_solver_value(),
 * SHUT_EMODE for a battle or a solver made with SHUT_SOLVER_VALUE, or
 * SHUT_ENOMEM (it allocates a scratch of a double per state).
 */
int shut_solver_scores(const struct shut_solver *s, uint32_t open, double *dist,
		       size_t scores);

/*
 * shut_solver_outcomes() is shut_solver_scores() that keeps apart, in
 * *miss, the chance that the first throw misses under first-miss=lose (a
 * loss, not a score); shut_solver_scores() counts it in the score of the
 * start set.  *miss is 0 under other rules, or from another position.
 */
int shut_solver_outcomes(const struct shut_solver *s, uint32_t open,
			 double *dist, size_t scores, double *miss);

/*
 * Computer players that play the solver's way.  The player's ctx is a
 * struct shut_solver * made for the game's rules: with the objective
 * expected for "optimal" (the lowest expected score), shut for "shut" (the
 * most likely to shut the box); for a battle, any objective.  Both ask the
 * solver for the dice count and the move; the names are for menus.  A null
 * solver, game or move is SHUT_EINVAL; a solver made for other rules than
 * the game's answers with an error code or a choice the game may refuse.
 */
extern const struct shut_strategy shut_solver_optimal;
extern const struct shut_strategy shut_solver_shut;

#endif
