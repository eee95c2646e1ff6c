/*
 * win.h - what the files of playing to win share inside the library.
 *
 * shut__round_check(), shut__match_check() and shut__race_check() are
 * what shut_round_new(), shut_match_new() and shut_race_new() refuse, found at
 * once, before any solving: 0 when they would set to work, else the error they
 * would return (SHUT_EMODE, SHUT_ETOOBIG, SHUT_EPLAYERS, an error of the
 * rules).  A check that passes does not promise the memory.
 */
#ifndef WIN_H
#define WIN_H

#include <math.h>
#include <stdatomic.h>

#include "shut_win.h"

/*
 * How far a solution made of many turn solves has got, in the caller's
 * opt->progress (NULL: none kept; its turn solvers are given none): the
 * solves to come set first (an estimate where only that is known; one
 * past 2^53, or none a number, is kept as 2^53), then each counted as it
 * is made, below that until the end, when done is total.
 */
static inline void
win_progress_total(struct shut_progress *p, double solves)
{
	const double most = 9007199254740992.0; /* 2^53 */

	if (p == NULL)
		return;
	if (isnan(solves) || solves > most)
		solves = most;
	atomic_store(&p->total,
		     solves >= 1.0 ? (unsigned long long)solves : 1ull);
}

/* Counts a turn solve about to be made: 0, or SHUT_ESTOPPED where the
 * caller asked the work to stop. */
static inline int
win_progress_step(struct shut_progress *p)
{
	if (p != NULL && atomic_load(&p->stop) != 0)
		return SHUT_ESTOPPED;
	if (p != NULL && atomic_load(&p->done) + 1 < atomic_load(&p->total))
		atomic_fetch_add(&p->done, 1ull);
	return 0;
}

static inline void
win_progress_end(struct shut_progress *p)
{
	if (p != NULL)
		atomic_store(&p->done, atomic_load(&p->total));
}

int shut__round_check(const struct shut_rules *rules, int players,
		      const struct shut_solver_options *opt);
int shut__match_check(const struct shut_rules *rules,
		      const struct shut_solver_options *opt);

/*
 * shut__match_solved() is how many turn solves m made (for the tests of
 * shut_match_solves()).
 */
double shut__match_solved(const struct shut_match *m);

int shut__race_check(const struct shut_rules *rules, int players,
		     const struct shut_solver_options *opt);

#endif
