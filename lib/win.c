/*
 * win.c - one round played to win, any number of players.
 *
 * The state before seat j plays is (b, c): the lowest score so far b and
 * the number c of seats that made it (c = 0 before seat 0).  Let
 * G[j](b, c) be the share of the win of one seat of such a tied group
 * when seats j .. N-1 are still to play, each to win; at the end
 * G[N](b, c) = w(c), the share of one of c tied winners (1/c of a win, or
 * floor(pot / c) cents).  Seat j, in state (b, c), scores x with the
 * chance P[j](x | b, c) of its policy, and
 *
 *   G[j](b, c) = sum over x of P[j](x | b, c) times
 *                G[j+1](b, c)       when x > b (the group stays ahead),
 *                G[j+1](b, c + 1)   when x = b (one more shares it),
 *                0                  when x < b (or a shut box wins).
 *
 * Seat j's own utility of scoring x is G[j+1](x, 1) when x < b,
 * G[j+1](b, c + 1) when x = b, 0 when x > b; under shut=win, 1 at x = 0.
 * So the seats are solved from the last to the first: for each state of
 * seat j the turn is solved for that utility (shut_solver.h), and its
 * policy followed forward to P[j] (shut_solver_scores()), which gives
 * G[j].  The chances from the start are then carried forward over the
 * states, seat by seat, from (none, 0).  The money of a stake is the
 * same recursion with w(c) = floor(pot / c) and the policies fixed.
 *
 * Under first-miss=lose the state is (b, c, l), l the seats before j that
 * lost outright: seat j's miss (its chance kept apart by
 * shut_solver_outcomes(), worth 0 to it) leads to (b, c, l + 1), or ends
 * the game when one seat is left, the group's one seat (c = 1) or the one
 * seat still to throw winning at once (the latter is counted apart, as a
 * win without a throw).  Scores past SHUT_WIN_SCORES_MAX (score=digits)
 * are numbered by level, the scores a turn can end with in increasing
 * order: a round only compares scores, so b and x are levels throughout
 * and the solver's utility is by level.
 *
 * Memory: per seat and state, the utility table and the distribution of
 * scores (2 N^2 (M + 1)^2 doubles, M the largest score), G and the
 * chance of each state; one block.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shut_error.h"
#include "shut_win.h"
#include "win.h"
#include "solver.h"

struct shut_round {
	struct shut_rules rules;
	int n;	       /* seats */
	size_t m;      /* scores: 0 .. m - 1 */
	int shutwin;   /* shut=win */
	double *util;  /* [seat][b][c][x] */
	double *dist;  /* [seat][b][c][x] */
	double *value; /* [seat][b][c]: the seat's chance there */
	double *reach; /* [seat][b][c]: the chance of the state */
	double *miss;  /* [seat][b][c]: first-miss=lose: the chance of a miss */
	uint64_t *level; /* the score of each index, or NULL: the index */
	int nl;		 /* first-miss=lose: seats; else 1 (none lost) */
	double none;	 /* the worth of a miss to the roller: 0 */
	double walk[SHUT_SEATS_MAX]; /* won without a throw: the rest lost */
	double chance[SHUT_SEATS_MAX];
	double money[SHUT_SEATS_MAX];
	struct shut_solver *s; /* the turn solver, while the round is solved */
	struct shut_progress *progress; /* the caller's, while solved */
};

/*
 * The index of state (b, c, l) of seat j; c = 0 is "nobody yet" (b = 0);
 * l seats before j lost outright (first-miss=lose; else always 0).
 */
static size_t
state(const struct shut_round *r, int j, size_t b, int c, int l)
{
	return (((size_t)j * r->m + b) * (size_t)r->n + (size_t)c) *
		   (size_t)r->nl +
	       (size_t)l;
}

static double *
util_of(const struct shut_round *r, int j, size_t b, int c, int l)
{
	return r->util + state(r, j, b, c, l) * r->m;
}

static double *
dist_of(const struct shut_round *r, int j, size_t b, int c, int l)
{
	return r->dist + state(r, j, b, c, l) * r->m;
}

/*
 * Whether state (b, c, l) can be seat j's: c of the j - l seats before it
 * still in made the lowest score, and at least two seats are still in (the
 * last one left wins at once).
 */
static int
state_ok(const struct shut_round *r, int j, size_t b, int c, int l)
{
	if (l < 0 || l >= r->nl || l > j || (l > 0 && r->n - l < 2))
		return 0;
	if (c == 0)
		return b == 0; /* seat 0, or the seats before lost or left */
	return c <= j - l && !(r->shutwin && b == 0);
}

/* The states the round solves a turn for: its solves. */
static double
solves(const struct shut_round *r)
{
	double n = 0;

	for (int j = 0; j < r->n; j++)
		for (size_t b = 0; b < r->m; b++)
			for (int c = 0; c <= j; c++)
				for (int l = 0; l < r->nl; l++)
					n += state_ok(r, j, b, c, l);
	return n;
}

/* The cell of (b, c, l) in a row of G: c from 0 to N. */
static size_t
cell(const struct shut_round *r, size_t b, int c, int l)
{
	return (b * (size_t)(r->n + 1) + (size_t)c) * (size_t)r->nl + (size_t)l;
}

/*
 * The share of one of the c seats of the group when seat j (with l lost
 * before it) misses its first throw and loses: the game goes on, or ends
 * at once with the last seat left winning (the group's one seat, c = 1,
 * or a seat still to throw, c = 0).
 */
static double
after_miss(const struct shut_round *r, int j, size_t b, int c, int l,
	   const double *g1, double win)
{
	if (r->n - l - 1 <= 1)
		return c == 1 ? win : 0.0;
	(void)j;
	return g1[cell(r, b, c, l + 1)];
}

/* G[j](b, c, l) for every state of seat j, from its scores and G[j+1]. */
static void
group_share(const struct shut_round *r, int j, const double *g1, double win,
	    double *g)
{
	for (size_t b = 0; b < r->m; b++)
		for (int c = 1; c <= j; c++)
			for (int l = 0; l < r->nl; l++) {
				const double *p = dist_of(r, j, b, c, l);
				double sum = 0.0;

				if (!state_ok(r, j, b, c, l))
					continue;
				/* x < b: the group is beaten (a shut box
				 * too). */
				for (size_t x = b + 1; x < r->m; x++)
					sum += p[x] * g1[cell(r, b, c, l)];
				sum += p[b] * g1[cell(r, b, c + 1, l)];
				sum += r->miss[state(r, j, b, c, l)] *
				       after_miss(r, j, b, c, l, g1, win);
				g[cell(r, b, c, l)] = sum;
			}
}

/*
 * Seat j's utility in state (b, c, l), from g1 = G[j+1]; a shut box
 * under shut=win is worth win, the whole of a win (1, or the pot).
 */
static void
seat_utility(const struct shut_round *r, int j, size_t b, int c, int l,
	     const double *g1, double win, double *u)
{
	(void)j;
	if (r->n == 1) {
		/* Solitaire: nobody to beat; its win is a shut box. */
		for (size_t x = 0; x < r->m; x++)
			u[x] = x == 0 ? win : 0.0;
		return;
	}
	for (size_t x = 0; x < r->m; x++) {
		if (c == 0 || x < b)
			u[x] = g1[cell(r, x, 1, l)];
		else if (x == b)
			u[x] = g1[cell(r, b, c + 1, l)];
		else
			u[x] = 0.0;
	}
	if (r->shutwin)
		u[0] = win;
}

/* The end's shares: G[N](b, c, l) = share[c]. */
static void
end_share(const struct shut_round *r, const double *share, double *g)
{
	for (size_t b = 0; b < r->m; b++)
		for (int c = 0; c <= r->n; c++)
			for (int l = 0; l < r->nl; l++)
				g[cell(r, b, c, l)] = share[c];
}

/* The objective of a utility table u (a miss loses: worth nothing). */
static struct shut_objective
objective_of(const struct shut_round *r, const double *u)
{
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = u,
				    .scores = r->m,
				    .miss = r->nl > 1 ? &r->none : NULL,
				    .levels = r->level };

	return o;
}

/* Solves seat j in state (b, c, l): its utility, policy and scores. */
static int
solve_state(struct shut_round *r, int j, size_t b, int c, int l,
	    const double *g1, const struct shut_solver_options *opt)
{
	double *u = util_of(r, j, b, c, l);
	struct shut_objective o;
	int rc;

	seat_utility(r, j, b, c, l, g1, 1.0, u);
	o = objective_of(r, u);
	/* One solver, made once and solved again for each state. */
	if (r->s == NULL)
		rc = shut_solver_new(&r->s, &r->rules, &o, opt);
	else
		rc = shut_solver_resolve(r->s, &o);
	if (rc < 0 || (rc = win_progress_step(r->progress)) < 0)
		return rc;
	return shut_solver_outcomes(r->s, shut_rules_start(&r->rules),
				    dist_of(r, j, b, c, l), r->m,
				    &r->miss[state(r, j, b, c, l)]);
}

/* The seat's expectation of u under its scores in a state (a miss: 0). */
static double
expect(const struct shut_round *r, int j, size_t b, int c, int l,
       const double *u)
{
	const double *p = dist_of(r, j, b, c, l);
	double sum = 0.0;

	for (size_t x = 0; x < r->m; x++)
		sum += p[x] * u[x];
	return sum;
}

/*
 * The backward pass for the shares w (1/c for the win, floor(pot / c)
 * cents for money): with solve set, each state's policy is solved for
 * its utility; otherwise the policies are kept and only valued (out:
 * each state's value to its seat).  g and g1 are scratch of (N + 1)
 * (M + 1), u of M + 1.
 */
static int
backward(struct shut_round *r, const double *w, int solve,
	 const struct shut_solver_options *opt, double *g, double *g1,
	 double *out, double *u)
{
	const size_t cells = r->m * (size_t)(r->n + 1) * (size_t)r->nl;
	int rc;

	end_share(r, w, g1);
	for (int j = r->n - 1; j >= 0; j--) {
		for (size_t b = 0; b < r->m; b++)
			for (int c = 0; c <= j; c++)
				for (int l = 0; l < r->nl; l++) {
					if (!state_ok(r, j, b, c, l))
						continue;
					if (solve &&
					    (rc = solve_state(r, j, b, c, l, g1,
							      opt)) < 0)
						return rc;
					seat_utility(r, j, b, c, l, g1, w[1],
						     u);
					out[state(r, j, b, c, l)] =
					    expect(r, j, b, c, l, u);
				}
		memset(g, 0, cells * sizeof(double));
		group_share(r, j, g1, w[1], g);
		memcpy(g1, g, cells * sizeof(double));
	}
	return 0;
}

/*
 * Carries the chance q of state (b, c, l) of seat j on to seat j + 1 over
 * the seat's scores and its miss; a miss that leaves one seat still to
 * throw is that seat's win without a throw (walk).
 */
static void
forward_state(struct shut_round *r, int j, size_t b, int c, int l, double q)
{
	const double *p = dist_of(r, j, b, c, l);
	double pm = r->miss[state(r, j, b, c, l)];

	for (size_t x = 0; x < r->m; x++) {
		if (p[x] == 0.0 || (r->shutwin && x == 0))
			continue;
		if (c == 0 || x < b)
			r->reach[state(r, j + 1, x, 1, l)] += q * p[x];
		else if (x == b)
			r->reach[state(r, j + 1, b, c + 1, l)] += q * p[x];
		else
			r->reach[state(r, j + 1, b, c, l)] += q * p[x];
	}
	if (pm == 0.0)
		return;
	if (r->n - l - 1 >= 2)
		r->reach[state(r, j + 1, b, c, l + 1)] += q * pm;
	else if (c == 0)
		r->walk[j + 1] += q * pm;
}

/* The chance of each state, carried forward from the start. */
static void
forward(struct shut_round *r)
{
	r->reach[state(r, 0, 0, 0, 0)] = 1.0;
	for (int j = 0; j + 1 < r->n; j++)
		for (size_t b = 0; b < r->m; b++)
			for (int c = 0; c <= j; c++)
				for (int l = 0; l < r->nl; l++) {
					double q =
					    r->reach[state(r, j, b, c, l)];

					if (q != 0.0 && state_ok(r, j, b, c, l))
						forward_state(r, j, b, c, l, q);
				}
}

/*
 * Each seat's total over its states of (chance of the state) * value,
 * and win times its wins without a throw.
 */
static void
totals(const struct shut_round *r, const double *value, double win, double *out)
{
	for (int j = 0; j < r->n; j++) {
		out[j] = r->walk[j] * win;
		for (size_t b = 0; b < r->m; b++)
			for (int c = 0; c <= j; c++)
				for (int l = 0; l < r->nl; l++)
					if (state_ok(r, j, b, c, l))
						out[j] +=
						    r->reach[state(r, j, b, c,
								   l)] *
						    value[state(r, j, b, c, l)];
	}
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The scores a turn can end with, when they pass the tables
 * (score=digits): the distinct scores of the subsets of the start set,
 * increasing, into level (SHUT_WIN_SCORES_MAX at most); their number, or
 * SHUT_ETOOBIG past it or past 2^20 subsets.
 */
static long
score_levels(const struct shut_rules *rules, uint64_t *level)
{
	uint32_t start = shut_rules_start(rules), sub = 0;
	uint64_t *all;
	size_t n = 0, k = 0;

	if (__builtin_popcount(start) > 20)
		return SHUT_ETOOBIG;
	all =
	    malloc(((size_t)1 << __builtin_popcount(start)) * sizeof(uint64_t));
	if (all == NULL)
		return SHUT_ENOMEM;
	/* Every subset of start, by the usual walk of submasks. */
	do {
		all[n++] = shut_score(rules, sub);
		sub = (sub - start) & start;
	} while (sub != 0);
	qsort(all, n, sizeof(uint64_t), cmp_u64);
	for (size_t i = 0; i < n; i++) {
		if (k > 0 && all[i] == level[k - 1])
			continue;
		if (k == SHUT_WIN_SCORES_MAX) {
			free(all);
			return SHUT_ETOOBIG;
		}
		level[k++] = all[i];
	}
	free(all);
	return (long)k;
}

/*
 * The scores of the round: 0 .. top, or by level past the tables
 * (*levels set, level[] filled).
 */
static int
check_rules(const struct shut_rules *rules, int players, size_t *m,
	    uint64_t *level, int *levels)
{
	uint64_t top;
	long k;
	int rc = shut_rules_check(rules, NULL, 0);

	if (rc < 0)
		return rc;
	if (players < 1 || players > SHUT_SEATS_MAX)
		return SHUT_EPLAYERS;
	if (rules->mode != SHUT_MODE_STANDARD ||
	    shut_win_shape(rules) != SHUT_WIN_ROUND)
		return SHUT_EMODE;
	top = shut_score(rules, shut_rules_start(rules));
	*levels = top >= SHUT_WIN_SCORES_MAX;
	if (!*levels) {
		*m = (size_t)top + 1;
		return 0;
	}
	if ((k = score_levels(rules, level)) < 0)
		return (int)k;
	*m = (size_t)k;
	return 0;
}

/* The sizes of a round: scores, states, cells, bytes, miss levels. */
struct round_size {
	size_t m, states, cells, bytes;
	int nl, levels;
};

/* *z for a round of players seats under rules; 0 or why it cannot be. */
static int
round_size(const struct shut_rules *rules, int players,
	   const struct shut_solver_options *opt, struct round_size *z,
	   uint64_t *level)
{
	size_t limit =
	    opt && opt->max_bytes ? opt->max_bytes : SHUT_SOLVER_BYTES_DEFAULT;
	int rc = check_rules(rules, players, &z->m, level, &z->levels);

	if (rc < 0)
		return rc;
	z->nl =
	    rules->first_throw != 0 && rules->first_miss == SHUT_FIRST_MISS_LOSE
		? players
		: 1;
	z->states = (size_t)players * z->m * (size_t)players * (size_t)z->nl;
	z->cells = z->m * (size_t)(players + 1) * (size_t)z->nl;
	if (z->states > ((size_t)1 << 40) / z->m)
		return SHUT_ETOOBIG;
	z->bytes =
	    sizeof(struct shut_round) + 2 * z->states * z->m * sizeof(double) +
	    3 * z->states * sizeof(double) +
	    (2 * z->cells + z->m) * sizeof(double) + z->m * sizeof(uint64_t);
	return z->bytes > limit ? SHUT_ETOOBIG : 0;
}

int
shut__round_check(const struct shut_rules *rules, int players,
		  const struct shut_solver_options *opt)
{
	uint64_t level[SHUT_WIN_SCORES_MAX];
	struct round_size z;

	if (rules == NULL)
		return SHUT_EINVAL;
	return round_size(rules, players, opt, &z, level);
}

int
shut_win_shape(const struct shut_rules *rules)
{
	if (rules == NULL)
		return SHUT_EINVAL;
	if (rules->until || rules->eliminate || rules->rounds > 1)
		return SHUT_WIN_MATCH;
	return rules->rounds == 1 ? SHUT_WIN_ROUND : SHUT_WIN_RACE;
}

int
shut_round_new(struct shut_round **rp, const struct shut_rules *rules,
	       int players, const struct shut_solver_options *opt)
{
	struct shut_solver_options o = { 0 };
	struct shut_round *r;
	struct round_size z;
	size_t m, states, cells;
	double w[SHUT_SEATS_MAX + 1], *scratch;
	uint64_t level[SHUT_WIN_SCORES_MAX];
	int rc, nl, levels;

	if (rp == NULL || rules == NULL)
		return SHUT_EINVAL;
	*rp = NULL;
	if ((rc = round_size(rules, players, opt, &z, level)) < 0)
		return rc;
	if (opt != NULL)
		o = *opt;
	/* Its solvers are asked for the scores of a policy alone. */
	o.flags = SHUT_SOLVER_LEAN;
	o.below = 0;
	o.progress = NULL;
	m = z.m;
	states = z.states;
	cells = z.cells;
	nl = z.nl;
	levels = z.levels;
	r = calloc(1, z.bytes);
	if (r == NULL)
		return SHUT_ENOMEM;
	r->rules = *rules;
	r->n = players;
	r->m = m;
	r->shutwin = rules->shut == SHUT_SHUT_WIN;
	r->util = (double *)(r + 1);
	r->dist = r->util + states * m;
	r->value = r->dist + states * m;
	r->reach = r->value + states;
	r->miss = r->reach + states;
	r->nl = nl;
	scratch = r->miss + states;
	if (levels) {
		r->level = (uint64_t *)(void *)(scratch + 2 * cells + m);
		memcpy(r->level, level, m * sizeof(uint64_t));
	}
	w[0] = 0.0;
	for (int c = 1; c <= players; c++)
		w[c] = 1.0 / c;
	r->progress = opt != NULL ? opt->progress : NULL;
	win_progress_total(r->progress, solves(r));
	rc = backward(r, w, 1, &o, scratch, scratch + cells, r->value,
		      scratch + 2 * cells);
	/* Its turn solves made: the rest is quick. */
	win_progress_end(r->progress);
	r->progress = NULL;
	shut_solver_free(r->s);
	r->s = NULL;
	if (rc < 0) {
		free(r);
		return rc;
	}
	forward(r);
	totals(r, r->value, 1.0, r->chance);
	if (rules->stake > 0 && players > 1) {
		double *money = calloc(states, sizeof(double));
		double pot = (double)rules->stake * players;

		if (money == NULL) {
			free(r);
			return SHUT_ENOMEM;
		}
		for (int c = 1; c <= players; c++)
			w[c] = floor(pot / c);
		backward(r, w, 0, &o, scratch, scratch + cells, money,
			 scratch + 2 * cells);
		totals(r, money, pot, r->money);
		for (int j = 0; j < players; j++)
			r->money[j] -= (double)rules->stake;
		free(money);
	}
	*rp = r;
	return 0;
}

void
shut_round_free(struct shut_round *r)
{
	free(r);
}

int
shut_round_players(const struct shut_round *r)
{
	return r != NULL ? r->n : 0;
}

const struct shut_rules *
shut_round_rules(const struct shut_round *r)
{
	return r != NULL ? &r->rules : NULL;
}

double
shut_round_chance(const struct shut_round *r, int seat)
{
	if (r == NULL || seat < 0 || seat >= r->n)
		return NAN;
	return r->chance[seat];
}

double
shut_round_money(const struct shut_round *r, int seat)
{
	if (r == NULL || seat < 0 || seat >= r->n)
		return NAN;
	return r->money[seat];
}

/* The index of a score, or m when it is none of the round's. */
static size_t
index_of(const struct shut_round *r, uint64_t score)
{
	size_t lo = 0, hi = r->m;

	if (r->level == NULL)
		return score < r->m ? (size_t)score : r->m;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->level[mid] < score)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->m && r->level[lo] == score ? lo : r->m;
}

/* Whether st is a state of the round. */
static int
state_valid(const struct shut_round *r, const struct shut_round_state *st)
{
	if (r == NULL || st == NULL || st->seat < 0 || st->seat >= r->n ||
	    st->tied < 0 || st->tied > st->seat)
		return 0;
	if (st->tied > 0 && index_of(r, st->lowest) >= r->m)
		return 0;
	return state_ok(r, st->seat, st->tied ? index_of(r, st->lowest) : 0,
			st->tied, st->lost);
}

static size_t
state_at(const struct shut_round *r, const struct shut_round_state *st)
{
	return state(r, st->seat, st->tied ? index_of(r, st->lowest) : 0,
		     st->tied, st->lost);
}

size_t
shut_round_states(const struct shut_round *r)
{
	return r != NULL ? (size_t)r->n * r->m * (size_t)r->n * (size_t)r->nl
			 : 0;
}

long
shut_round_index(const struct shut_round *r, const struct shut_round_state *st)
{
	return state_valid(r, st) ? (long)state_at(r, st) : -1;
}

int
shut_round_objective(const struct shut_round *r,
		     const struct shut_round_state *st,
		     struct shut_objective *obj)
{
	if (obj == NULL || !state_valid(r, st))
		return SHUT_EINVAL;
	*obj = objective_of(r, r->util + state_at(r, st) * r->m);
	return 0;
}

double
shut_round_value(const struct shut_round *r, const struct shut_round_state *st)
{
	if (!state_valid(r, st))
		return NAN;
	return r->value[state_at(r, st)];
}

int
shut_round_utility(const struct shut_round *r, int seat, uint64_t lowest,
		   int tied, struct shut_objective *obj)
{
	struct shut_round_state st = { seat, lowest, tied, 0 };

	return shut_round_objective(r, &st, obj);
}

double
shut_round_state_chance(const struct shut_round *r, int seat, uint64_t lowest,
			int tied)
{
	struct shut_round_state st = { seat, lowest, tied, 0 };

	return shut_round_value(r, &st);
}

int
shut_round_state_of(const struct shut_game *g, struct shut_round_state *st)
{
	uint64_t low = 0;
	int c = 0, lost = 0;

	if (g == NULL || st == NULL)
		return SHUT_EINVAL;
	if (g->need != SHUT_NEED_DICE && g->need != SHUT_NEED_THROW &&
	    g->need != SHUT_NEED_MOVE)
		return SHUT_ESTATE;
	for (int k = 0; k < g->turn; k++) {
		const struct shut_seat *s = &g->seat[k];

		lost += s->lost || s->left;
		if (s->out || s->turns == 0)
			continue;
		if (c == 0 || s->total < low) {
			low = s->total;
			c = 1;
		} else if (s->total == low) {
			c++;
		}
	}
	st->seat = g->turn;
	st->lowest = low;
	st->tied = c;
	/* Under first-miss=end nobody loses: the round keeps l = 0. */
	st->lost = g->rules.first_throw != 0 &&
			   g->rules.first_miss == SHUT_FIRST_MISS_LOSE
		       ? lost
		       : 0;
	return 0;
}

int
shut_round_state_of_game(const struct shut_game *g, int *seat, uint64_t *lowest,
			 int *tied)
{
	struct shut_round_state st;
	int rc;

	if (seat == NULL || lowest == NULL || tied == NULL)
		return SHUT_EINVAL;
	if ((rc = shut_round_state_of(g, &st)) < 0)
		return rc;
	*seat = st.seat;
	*lowest = st.lowest;
	*tied = st.tied;
	return 0;
}
