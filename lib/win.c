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
	double chance[SHUT_SEATS_MAX];
	double money[SHUT_SEATS_MAX];
	struct shut_solver *s; /* the turn solver, while the round is solved */
};

/* The index of state (b, c) of seat j; c = 0 is "nobody yet" (b = 0). */
static size_t
state(const struct shut_round *r, int j, size_t b, int c)
{
	return ((size_t)j * r->m + b) * (size_t)r->n + (size_t)c;
}

static double *
util_of(const struct shut_round *r, int j, size_t b, int c)
{
	return r->util + state(r, j, b, c) * r->m;
}

static double *
dist_of(const struct shut_round *r, int j, size_t b, int c)
{
	return r->dist + state(r, j, b, c) * r->m;
}

/* Whether state (b, c) can be seat j's. */
static int
state_ok(const struct shut_round *r, int j, size_t b, int c)
{
	if (c == 0)
		return b == 0;
	return c <= j && !(r->shutwin && b == 0);
}

/* The cell of (b, c) in a row of G: c from 0 to N. */
static size_t
cell(const struct shut_round *r, size_t b, int c)
{
	return b * (size_t)(r->n + 1) + (size_t)c;
}

/* G[j](b, c) for every state of seat j, from its scores and g1 = G[j+1]. */
static void
group_share(const struct shut_round *r, int j, const double *g1, double *g)
{
	for (size_t b = 0; b < r->m; b++)
		for (int c = 1; c <= j; c++) {
			const double *p = dist_of(r, j, b, c);
			double sum = 0.0;

			if (!state_ok(r, j, b, c))
				continue;
			/* x < b: the group is beaten (a shut box too). */
			for (size_t x = b + 1; x < r->m; x++)
				sum += p[x] * g1[cell(r, b, c)];
			sum += p[b] * g1[cell(r, b, c + 1)];
			g[cell(r, b, c)] = sum;
		}
}

/*
 * Seat j's utility in state (b, c), from g1 = G[j+1]; a shut box under
 * shut=win is worth win, the whole of a win (1, or the pot).
 */
static void
seat_utility(const struct shut_round *r, int j, size_t b, int c,
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
			u[x] = g1[cell(r, x, 1)];
		else if (x == b)
			u[x] = g1[cell(r, b, c + 1)];
		else
			u[x] = 0.0;
	}
	if (r->shutwin)
		u[0] = win;
}

/* The end's shares: G[N](b, c) = share[c]. */
static void
end_share(const struct shut_round *r, const double *share, double *g)
{
	for (size_t b = 0; b < r->m; b++)
		for (int c = 0; c <= r->n; c++)
			g[cell(r, b, c)] = share[c];
}

/* Solves seat j in state (b, c): its utility, policy and scores. */
static int
solve_state(struct shut_round *r, int j, size_t b, int c, const double *g1,
	    const struct shut_solver_options *opt)
{
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY };
	double *u = util_of(r, j, b, c);
	int rc;

	seat_utility(r, j, b, c, g1, 1.0, u);
	o.utility = u;
	o.scores = r->m;
	/* One solver, made once and solved again for each state. */
	if (r->s == NULL)
		rc = shut_solver_new(&r->s, &r->rules, &o, opt);
	else
		rc = shut_solver_resolve(r->s, &o);
	if (rc < 0)
		return rc;
	return shut_solver_scores(r->s, shut_rules_start(&r->rules),
				  dist_of(r, j, b, c), r->m);
}

/* The seat's expectation of u under its scores in a state. */
static double
expect(const struct shut_round *r, int j, size_t b, int c, const double *u)
{
	const double *p = dist_of(r, j, b, c);
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
	const size_t cells = r->m * (size_t)(r->n + 1);
	int rc;

	end_share(r, w, g1);
	for (int j = r->n - 1; j >= 0; j--) {
		for (size_t b = 0; b < r->m; b++)
			for (int c = 0; c <= j; c++) {
				if (!state_ok(r, j, b, c))
					continue;
				if (solve &&
				    (rc = solve_state(r, j, b, c, g1, opt)) < 0)
					return rc;
				seat_utility(r, j, b, c, g1, w[1], u);
				out[state(r, j, b, c)] = expect(r, j, b, c, u);
			}
		memset(g, 0, cells * sizeof(double));
		group_share(r, j, g1, g);
		memcpy(g1, g, cells * sizeof(double));
	}
	return 0;
}

/* The chance of each state, carried forward from the start. */
static void
forward(struct shut_round *r)
{
	r->reach[state(r, 0, 0, 0)] = 1.0;
	for (int j = 0; j + 1 < r->n; j++)
		for (size_t b = 0; b < r->m; b++)
			for (int c = 0; c <= j; c++) {
				double q = r->reach[state(r, j, b, c)];
				const double *p = dist_of(r, j, b, c);

				if (q == 0.0 || !state_ok(r, j, b, c))
					continue;
				for (size_t x = 0; x < r->m; x++) {
					if (p[x] == 0.0 ||
					    (r->shutwin && x == 0))
						continue;
					if (c == 0 || x < b)
						r->reach[state(r, j + 1, x,
							       1)] += q * p[x];
					else if (x == b)
						r->reach[state(r, j + 1, b,
							       c + 1)] +=
						    q * p[x];
					else
						r->reach[state(r, j + 1, b,
							       c)] += q * p[x];
				}
			}
}

/* Each seat's total over its states of (chance of the state) * value. */
static void
totals(const struct shut_round *r, const double *value, double *out)
{
	for (int j = 0; j < r->n; j++) {
		out[j] = 0.0;
		for (size_t b = 0; b < r->m; b++)
			for (int c = 0; c <= j; c++)
				if (state_ok(r, j, b, c))
					out[j] += r->reach[state(r, j, b, c)] *
						  value[state(r, j, b, c)];
	}
}

static int
check_rules(const struct shut_rules *rules, int players, size_t *m)
{
	uint64_t top;
	int rc = shut_rules_check(rules, NULL, 0);

	if (rc < 0)
		return rc;
	if (players < 1 || players > SHUT_SEATS_MAX)
		return SHUT_EPLAYERS;
	if (rules->mode != SHUT_MODE_STANDARD || rules->rounds != 1 ||
	    rules->until != 0 || rules->eliminate != 0 ||
	    (rules->first_throw != 0 &&
	     rules->first_miss == SHUT_FIRST_MISS_LOSE))
		return SHUT_EMODE;
	top = shut_score(rules, shut_rules_start(rules));
	if (top >= SHUT_WIN_SCORES_MAX)
		return SHUT_ETOOBIG;
	*m = (size_t)top + 1;
	return 0;
}

/* The bytes of a round of players seats and scores up to m - 1. */
static size_t
round_bytes(int players, size_t m)
{
	size_t states = (size_t)players * m * (size_t)players;
	size_t cells = m * (size_t)(players + 1);

	return sizeof(struct shut_round) + 2 * states * m * sizeof(double) +
	       2 * states * sizeof(double) + (2 * cells + m) * sizeof(double);
}

int
shut__round_check(const struct shut_rules *rules, int players,
		  const struct shut_solver_options *opt)
{
	size_t m, limit = opt && opt->max_bytes ? opt->max_bytes
						: SHUT_SOLVER_BYTES_DEFAULT;
	int rc;

	if (rules == NULL)
		return SHUT_EINVAL;
	if ((rc = check_rules(rules, players, &m)) < 0)
		return rc;
	return round_bytes(players, m) > limit ? SHUT_ETOOBIG : 0;
}

int
shut_round_new(struct shut_round **rp, const struct shut_rules *rules,
	       int players, const struct shut_solver_options *opt)
{
	struct shut_solver_options o = { 0 };
	struct shut_round *r;
	size_t m, states, cells;
	double w[SHUT_SEATS_MAX + 1], *scratch;
	int rc;

	if (rp == NULL || rules == NULL)
		return SHUT_EINVAL;
	*rp = NULL;
	if ((rc = shut__round_check(rules, players, opt)) < 0 ||
	    (rc = check_rules(rules, players, &m)) < 0)
		return rc;
	if (opt != NULL)
		o = *opt;
	o.flags = 0;
	o.below = 0;
	states = (size_t)players * m * (size_t)players;
	cells = m * (size_t)(players + 1);
	r = calloc(1, round_bytes(players, m));
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
	scratch = r->reach + states;
	w[0] = 0.0;
	for (int c = 1; c <= players; c++)
		w[c] = 1.0 / c;
	rc = backward(r, w, 1, &o, scratch, scratch + cells, r->value,
		      scratch + 2 * cells);
	shut_solver_free(r->s);
	r->s = NULL;
	if (rc < 0) {
		free(r);
		return rc;
	}
	forward(r);
	totals(r, r->value, r->chance);
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
		totals(r, money, r->money);
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

/* Whether (seat, lowest, tied) is a state of the round. */
static int
state_valid(const struct shut_round *r, int seat, uint64_t lowest, int tied)
{
	if (r == NULL || seat < 0 || seat >= r->n || tied < 0 || tied > seat)
		return 0;
	if (tied > 0 && lowest >= r->m)
		return 0;
	return state_ok(r, seat, tied ? (size_t)lowest : 0, tied);
}

int
shut_round_utility(const struct shut_round *r, int seat, uint64_t lowest,
		   int tied, struct shut_objective *obj)
{
	if (obj == NULL || !state_valid(r, seat, lowest, tied))
		return SHUT_EINVAL;
	memset(obj, 0, sizeof(*obj));
	obj->kind = SHUT_OBJECTIVE_UTILITY;
	obj->utility = util_of(r, seat, tied ? (size_t)lowest : 0, tied);
	obj->scores = r->m;
	return 0;
}

double
shut_round_state_chance(const struct shut_round *r, int seat, uint64_t lowest,
			int tied)
{
	if (!state_valid(r, seat, lowest, tied))
		return NAN;
	return r->value[state(r, seat, tied ? (size_t)lowest : 0, tied)];
}

int
shut_round_state_of_game(const struct shut_game *g, int *seat, uint64_t *lowest,
			 int *tied)
{
	uint64_t low = 0;
	int c = 0;

	if (g == NULL || seat == NULL || lowest == NULL || tied == NULL)
		return SHUT_EINVAL;
	if (g->need != SHUT_NEED_DICE && g->need != SHUT_NEED_THROW &&
	    g->need != SHUT_NEED_MOVE)
		return SHUT_ESTATE;
	for (int k = 0; k < g->turn; k++) {
		const struct shut_seat *st = &g->seat[k];

		if (st->out || st->turns == 0)
			continue;
		if (c == 0 || st->total < low) {
			low = st->total;
			c = 1;
		} else if (st->total == low) {
			c++;
		}
	}
	*seat = g->turn;
	*lowest = low;
	*tied = c;
	return 0;
}
