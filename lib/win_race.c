/*
 * win_race.c - rounds=until-shut played to win, any number of players.
 *
 * The game goes on until someone shuts the box, who wins at once: the
 * totals never matter.  What matters before a turn is which seats are
 * still in (under first-miss=lose a seat that misses its first throw is
 * out, and the last one left wins at once) and whose turn it is.  A turn
 * ends in one of three ways: the roller shuts the box (and wins), misses
 * and is out (first-miss=lose), or scores anything else and passes the
 * dice.  So the roller's utility is 1 for a shut box, 0 for a miss and C
 * for any other score, C being its chance of winning from the next
 * seat's turn: a table of two entries, {1, C}.
 *
 * For a set of seats in, the turns go round a cycle: with the chances s_t
 * (shut), l_t (miss) and o_t (other) of each turn t of the cycle, the
 * chances W(t) of every seat from turn t are
 *
 *   W(t) = s_t e(roller) + l_t W'(the set less the roller) + o_t W(t + 1)
 *
 * a linear system around the cycle, solved in closed form (W(1) is the sum
 * of the terms along the cycle over one less the product of the o_t).  The
 * policies depend on the C_t, which depend on the policies: they are
 * solved in turn until the chances settle (one pass more than it takes
 * them to stop changing; without a miss, the policy is the one that
 * shuts most, whatever C < 1, and the second pass finds nothing new).
 * The sets of seats are solved from the smallest up.  Without
 * first-miss=lose only the full set occurs: N turn solves.  With it,
 * every set of two seats or more: about 2^N N turn solves, refused past
 * RACE_SEATS_LOSE_MAX seats.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shut_error.h"
#include "shut_win.h"
#include "win.h"

/* The most seats under first-miss=lose (2^N sets of seats). */
#define RACE_SEATS_LOSE_MAX 12

/* Passes of the policies at most, and how close the chances settle. */
#define RACE_PASSES 100
#define RACE_EPS    1e-15

struct shut_race {
	struct shut_rules rules;
	struct shut_solver_options opt;
	int n;
	int lose;
	/*
	 * W[set][turn][seat]: seat's chance of winning when the seats of set
	 * are in and turn is to throw; one set (the full one) without lose.
	 */
	double *w;
	struct shut_solver *s;		/* while it is solved */
	struct shut_progress *progress; /* the caller's, while solved */
};

static size_t
set_index(const struct shut_race *r, uint64_t set)
{
	return r->lose ? (size_t)set : 0;
}

static double *
w_of(const struct shut_race *r, uint64_t set, int turn)
{
	return r->w +
	       (set_index(r, set) * (size_t)r->n + (size_t)turn) * (size_t)r->n;
}

/* The next seat in set after seat j, round the table. */
static int
next_in(const struct shut_race *r, uint64_t set, int j)
{
	for (int k = 1; k <= r->n; k++) {
		int i = (j + k) % r->n;

		if (set & ((uint64_t)1 << i))
			return i;
	}
	return j;
}

/*
 * The roller's turn played for utility {1, c} (and 0 for a miss): its
 * chances of shutting and of missing.
 */
static int
turn(struct shut_race *r, double c, double *shut, double *miss)
{
	static const double lost = 0.0;
	double u[2] = { 1.0, c }, dist[2];
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = u,
				    .scores = 2,
				    .miss = &lost };
	int rc;

	if ((rc = win_progress_step(r->progress)) < 0)
		return rc;
	if (r->s == NULL)
		rc = shut_solver_new(&r->s, &r->rules, &o, &r->opt);
	else
		rc = shut_solver_resolve(r->s, &o);
	if (rc < 0)
		return rc;
	rc = shut_solver_outcomes(r->s, shut_rules_start(&r->rules), dist, 2,
				  miss);
	*shut = dist[0];
	return rc;
}

/*
 * The chances of every seat from each turn of set, the policies' chances
 * s[] and l[] given (by seat).  Out: w_of(set, .).
 */
static void
cycle_values(struct shut_race *r, uint64_t set, const double *s,
	     const double *l)
{
	int first = next_in(r, set, r->n - 1), j = first;
	double a[SHUT_SEATS_MAX], keep = 1.0;
	uint64_t less;
	int left = 0;

	for (int i = 0; i < r->n; i++)
		left += (int)((set >> i) & 1);
	/* One round of the cycle from the first seat: its terms, then W. */
	memset(a, 0, sizeof(a));
	do {
		double o = 1.0 - s[j] - l[j];

		a[j] += keep * s[j];
		less = set & ~((uint64_t)1 << j);
		if (l[j] > 0.0 && left > 2) {
			const double *x = w_of(r, less, next_in(r, less, j));

			for (int i = 0; i < r->n; i++)
				a[i] += keep * l[j] * x[i];
		} else if (l[j] > 0.0 && left == 2) {
			a[next_in(r, set, j)] += keep * l[j];
		}
		keep *= o < 0.0 ? 0.0 : o;
		j = next_in(r, set, j);
	} while (j != first);
	{
		double *w = w_of(r, set, first);

		for (int i = 0; i < r->n; i++)
			w[i] = keep < 1.0 ? a[i] / (1.0 - keep) : 0.0;
	}
	/* Each turn before the first, backwards: W(t) from W(t + 1). */
	for (int t = r->n - 1; t >= 0; t--) {
		double *w = w_of(r, set, t), o = 1.0 - s[t] - l[t];
		const double *w1 = w_of(r, set, next_in(r, set, t));

		if (!(set & ((uint64_t)1 << t)) || t == first)
			continue;
		less = set & ~((uint64_t)1 << t);
		for (int i = 0; i < r->n; i++) {
			w[i] = o * w1[i];
			if (left > 2 && l[t] > 0.0)
				w[i] += l[t] *
					w_of(r, less, next_in(r, less, t))[i];
		}
		w[t] += s[t];
		if (left == 2)
			w[next_in(r, set, t)] += l[t];
	}
}

/* Solves the set: policies and chances to a fixed point. */
static int
solve_set(struct shut_race *r, uint64_t set)
{
	double s[SHUT_SEATS_MAX] = { 0 }, l[SHUT_SEATS_MAX] = { 0 };
	double old[SHUT_SEATS_MAX];
	int rc, settled = 0;

	for (int pass = 0; pass < RACE_PASSES && settled < 2; pass++) {
		double moved = 0.0;

		for (int j = 0; j < r->n; j++) {
			double c;

			if (!(set & ((uint64_t)1 << j)))
				continue;
			c = pass == 0 ? 0.0
				      : w_of(r, set, next_in(r, set, j))[j];
			old[j] = s[j] + 2.0 * l[j];
			if ((rc = turn(r, c, &s[j], &l[j])) < 0)
				return rc;
			moved = fmax(moved, fabs(s[j] + 2.0 * l[j] - old[j]));
		}
		cycle_values(r, set, s, l);
		settled = pass > 0 && moved <= RACE_EPS ? settled + 1 : 0;
	}
	return 0;
}

static int
race_solve(struct shut_race *r)
{
	uint64_t full = r->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->n) - 1;
	int rc;

	if (!r->lose)
		return solve_set(r, full);
	/* Smallest sets first: a miss leads to a set of one seat less. */
	for (int k = r->n == 1 ? 1 : 2; k <= r->n; k++)
		for (uint64_t set = 1; set <= full; set++) {
			int c = 0;

			for (int i = 0; i < r->n; i++)
				c += (int)((set >> i) & 1);
			if (c == k && (rc = solve_set(r, set)) < 0)
				return rc;
		}
	return 0;
}

int
shut__race_check(const struct shut_rules *rules, int players,
		 const struct shut_solver_options *opt)
{
	static const double lost = 0.0, u[2] = { 1.0, 0.0 };
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = u,
				    .scores = 2,
				    .miss = &lost };
	struct shut_solver_options lean = { 0 };
	size_t bytes;
	int rc;

	if (rules == NULL)
		return SHUT_EINVAL;
	if ((rc = shut_rules_check(rules, NULL, 0)) < 0)
		return rc;
	if (players < 1 || players > SHUT_SEATS_MAX)
		return SHUT_EPLAYERS;
	if (rules->mode != SHUT_MODE_STANDARD ||
	    shut_win_shape(rules) != SHUT_WIN_RACE ||
	    rules->shut != SHUT_SHUT_WIN)
		return SHUT_EMODE;
	if (rules->first_throw != 0 &&
	    rules->first_miss == SHUT_FIRST_MISS_LOSE &&
	    players > RACE_SEATS_LOSE_MAX)
		return SHUT_ETOOBIG;
	/* Sized as shut_race_new() makes it: lean. */
	if (opt != NULL)
		lean = *opt;
	lean.flags = SHUT_SOLVER_LEAN;
	return shut_solver_size(rules, &o, &lean, &bytes);
}

int
shut_race_new(struct shut_race **rp, const struct shut_rules *rules,
	      int players, const struct shut_solver_options *opt)
{
	struct shut_race *r;
	size_t sets;
	int rc;

	if (rp == NULL || rules == NULL)
		return SHUT_EINVAL;
	*rp = NULL;
	if ((rc = shut__race_check(rules, players, opt)) < 0)
		return rc;
	r = calloc(1, sizeof(*r));
	if (r == NULL)
		return SHUT_ENOMEM;
	r->rules = *rules;
	r->n = players;
	r->lose = rules->first_throw != 0 &&
		  rules->first_miss == SHUT_FIRST_MISS_LOSE;
	if (opt != NULL)
		r->opt = *opt;
	/* Its solver is asked for the scores of a policy alone. */
	r->opt.flags = SHUT_SOLVER_LEAN;
	r->opt.below = 0;
	r->opt.progress = NULL;
	sets = r->lose ? (size_t)1 << players : 1;
	r->w = calloc(sets * (size_t)players * (size_t)players, sizeof(double));
	if (r->w == NULL) {
		free(r);
		return SHUT_ENOMEM;
	}
	r->progress = opt != NULL ? opt->progress : NULL;
	/* Three passes a seat at least (solve_set()), in every set of two
	 * seats or more with first-miss=lose (a seat alone's, of one). */
	win_progress_total(r->progress,
			   3.0 * (!r->lose ? players
				  : players == 1
				      ? 1.0
				      : ldexp(players, players - 1) - players));
	rc = race_solve(r);
	win_progress_end(r->progress);
	r->progress = NULL;
	shut_solver_free(r->s);
	r->s = NULL;
	if (rc < 0) {
		shut_race_free(r);
		return rc;
	}
	*rp = r;
	return 0;
}

void
shut_race_free(struct shut_race *r)
{
	if (r == NULL)
		return;
	free(r->w);
	free(r);
}

double
shut_race_chance(const struct shut_race *r, int seat)
{
	uint64_t full;

	if (r == NULL || seat < 0 || seat >= r->n)
		return NAN;
	full = r->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->n) - 1;
	return w_of(r, full, 0)[seat];
}

int
shut_race_utility(const struct shut_race *r, const struct shut_game *g,
		  double u[2])
{
	uint64_t set = 0;
	int next;

	if (r == NULL || g == NULL || u == NULL)
		return SHUT_EINVAL;
	if (g->nseats != r->n || g->turn < 0 || g->turn >= r->n ||
	    (g->need != SHUT_NEED_DICE && g->need != SHUT_NEED_THROW &&
	     g->need != SHUT_NEED_MOVE))
		return SHUT_ESTATE;
	for (int i = 0; i < r->n; i++)
		if (!g->seat[i].out)
			set |= (uint64_t)1 << i;
	/* Without lose the full set is the only one solved. */
	if (!(set & ((uint64_t)1 << g->turn)) ||
	    (!r->lose &&
	     set != (r->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->n) - 1)))
		return SHUT_ESTATE;
	next = next_in(r, set, g->turn);
	u[0] = 1.0;
	u[1] = w_of(r, set, next)[g->turn];
	return 0;
}
