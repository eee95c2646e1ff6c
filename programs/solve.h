/*
 * solve.h - what the commands that use the solver share (solve.c).
 *
 * Each helper reports a bad argument itself, as one line on standard
 * error, and returns the exit status to end the command with (0 when all
 * went well), so that a command can write "if ((rc = solve_...)) return
 * rc;".
 */
#ifndef SOLVE_H
#define SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "shutbox.h"

/* Reads --memory: a whole number of MiB, into *bytes. */
int solve_memory(const char *text, size_t *bytes);

/* Reads --objective: expected, shut or beat:T. */
int solve_objective(const char *text, struct shut_objective *obj);

/*
 * What refuses a position of a battle (rules), for command cmd ("solve",
 * "hint"): an objective given (its value is the Shutter's chance of
 * winning), or the tiles open and the side to throw where the battle is
 * over.  Returns 0, or the exit status after one line.
 */
int solve_battle_check(const char *cmd, const struct shut_rules *rules,
		       const char *objective, uint32_t open, int opener);

/*
 * Solves the rules for the objective (exact with SHUT_SOLVER_EXACT in
 * flags), refusing with a reason a table too big for max_bytes (0 for the
 * library's limit).  With below not 0, only the positions whose open
 * tiles are a subset of it are solved (shut_solver_options.below): 2^k of
 * them for k tiles, with the whole table's values to the last bit.  The
 * caller frees *sp with shut_solver_free().
 */
int solve_new(struct shut_solver **sp, const struct shut_rules *rules,
	      const struct shut_objective *obj, unsigned flags,
	      size_t max_bytes, uint32_t below);

/*
 * Runs fn(arg) on a thread of its own while this one shows on standard
 * error, on a line it clears at the end, how far progress (not NULL;
 * fn's solving keeps it) says it has got, and the seconds since it began.
 * Returns what fn returned.
 */
int solve_watch(int (*fn)(void *), void *arg, struct shut_progress *progress);

/*
 * Whether the solver of obj under rules can be made within max_bytes (0
 * for the library's limit): 0, or -1 with the reason in why, in a line
 * ("the table of this board needs 512 MiB, more than the limit of 256
 * MiB (--memory)"), the limit named in the words limit gives.
 */
int solve_fits(const struct shut_rules *rules, const struct shut_objective *obj,
	       unsigned flags, size_t max_bytes, const char *limit, char *why,
	       size_t whylen);

/*
 * An estimate of the seconds (on every processor) that making the solver
 * of these rules takes: a model of the work counted as the solver's kernel
 * does it, with its cost per unit measured on the project's machine.
 * Within a factor of two or so; good enough to choose a strategy or say
 * how long to wait.
 */
double solve_seconds(const struct shut_rules *r,
		     const struct shut_objective *obj, unsigned flags);

/*
 * An estimate of the seconds (on one processor) that the player to win
 * (shut_perfect_new()) takes for a game of nseats under r: the turn solves
 * of the round or the match times the cost of one, from the solver's cost
 * model.  With measure, a turn solve is timed on this machine where that
 * is quick and fits max_bytes (then within a factor of 1.5 or so, but no
 * longer the same on every machine).
 */
double solve_win_seconds(const struct shut_rules *r, int nseats, int measure,
			 size_t max_bytes);

/*
 * Why perfect cannot play r with players seats to win, rc being the error
 * of shut_perfect_check() or shut_perfect_new(), or of the round's or
 * match's solution: a phrase for a line (static storage), the memory
 * limit named in the words limit gives ("--memory").
 */
const char *solve_win_why(const struct shut_rules *r, int players, int rc,
			  const char *limit);

/*
 * How who (such as "cpu:perfect") plays where it does not play to win
 * exactly, kind being shut_perfect_kind()'s or shut_perfect_plan()'s: a
 * sentence without its full stop, in buf; NULL for SHUT_PERFECT_EXACT and
 * SHUT_PERFECT_NONE.
 */
const char *solve_win_how(int kind, const char *who, char *buf, size_t len);

/*
 * Whether solve --players would take on a match of more than two players
 * under r: its rough count of states is within what it solves.
 */
int solve_win_many_fits(const struct shut_rules *r, int players);

/* The processors a solve uses (1 to 8). */
int solve_cores(void);

/* Formats a value of the solver: "%.12g", or "-" for NaN. */
void solve_number(double v, char *buf, size_t len);

/*
 * policy.c: "solve --policy NAME" and "solve --distribution", the exact
 * worth of a named strategy.  policy_find() is the strategy of that name
 * (the solver's "optimal" and "shut" too), or NULL; policy_strategy()
 * finds one with a policy or reports that there is none.  policy_solve()
 * evaluates it from board open (a subset of the start set) and prints its
 * chance to shut and expected score, and with distribution the
 * distribution of the turn's score.
 */
struct solve_policy {
	const struct shut_rules *rules;
	const struct shut_strategy *strategy;
	uint32_t open;
	int exact, json, distribution;
	size_t max_bytes;
};

const struct shut_strategy *policy_find(const char *name);
/* Whether name is a computer's strategy: policy_find()'s, or perfect. */
int policy_is_computer(const char *name);
int policy_strategy(const char *name, const struct shut_strategy **st);
/* The most strategies by name, the player to win's among them. */
#define POLICY_NAMES_MAX 32

/*
 * The names of every strategy, the player to win's with perfect, for a
 * message; and the refusal of an unknown one, name, given to option opt
 * after prefix ("cpu:"), with the name it is nearest to ("did you mean")
 * or the list.  policy_unknown() returns the usage error's status.
 */
void policy_names(char *buf, size_t len, int perfect);
int policy_unknown(const char *opt, const char *prefix, const char *name,
		   int perfect);
int policy_solve(const struct solve_policy *p);

/*
 * solve --players N (solve_win.c): reads the number, and prints each
 * seat's chance of winning when all play to win (and its money under a
 * stake), as text or JSON.
 */
int solve_players(const char *text, int *players);
int solve_win(const struct shut_rules *rules, int players, int json,
	      size_t max_bytes);

#endif
