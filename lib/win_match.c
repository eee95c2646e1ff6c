/*
 * win_match.c - two players, a whole match, played to win on both sides.
 *
 * The two seats' shares of the win add up to one, so a seat's utility for
 * its turn is one less the other seat's chance after it, and the value of
 * the turn (the solver's, under that utility) is the seat's chance:
 *
 *   V0(s) = max E[u0(x)],  u0(x) = 1 - V1(s after seat 0 scores x)
 *   V1(s) = max E[u1(y)],  u1(y) = 1 - V0(next round) or the end's share
 *
 * with a shut box worth 1 under shut=win.  Seat 0 throws first in each
 * round.  Under rounds=N the state is the round and d = a - b (seat 0's
 * total less seat 1's: the lowest total wins, so nothing else matters);
 * under until=T and eliminate=T (or both: T the lower) it is the totals
 * (a, b), below T at a round's start, and the round does not matter; a
 * seat past eliminate is out at the end.  Under first-miss=lose the
 * roller's miss gives the other seat the match: worth 0 to the roller.
 * States are solved from the last round (or the highest totals) back,
 * each with one turn solve of the value alone.  Under shut=zero both seats may
 * score 0 in a round and come back to (a, b): that pair is solved by iterating
 * its two values, each a turn solve, to a fixed point (the error shrinks by the
 * chance of both shutting, about 1/100 a pass under classic).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shut_error.h"
#include "shut_win.h"
#include "win.h"

enum match_kind { MATCH_ROUNDS, MATCH_TOTALS };

struct shut_match {
	struct shut_rules rules;
	struct shut_solver_options opt;
	enum match_kind kind;
	int shutwin;
	size_t m;     /* scores 0 .. m - 1 */
	long rounds;  /* MATCH_ROUNDS */
	long t;	      /* MATCH_TOTALS: the match goes on below it */
	long elim;    /* eliminate, or 0 */
	size_t width; /* of a row: d + off, or b */
	size_t off;   /* MATCH_ROUNDS: d = index - off */
	size_t rows;  /* rounds + 2, or a's range */
	double *v0, *v1;
	double *u;			/* scratch utility */
	struct shut_solver *s;		/* while it is solved */
	double solves;			/* turn solves made */
	struct shut_progress *progress; /* the caller's, while solved */
};

/* ---------------------------------------------------------------------
 * Tables
 */

static double *
cell(const struct shut_match *m, double *v, size_t row, size_t col)
{
	return v + row * m->width + col;
}

/*
 * The value of a turn under the utility m->u, from the start set: one
 * solver, made at the first state and solved again for each other.
 */
static int
turn_value(struct shut_match *m, double *out)
{
	static const double lost = 0.0;
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = m->u,
				    .scores = m->m,
				    .miss = &lost };
	struct shut_position pos = { shut_rules_start(&m->rules), 0, 0 };
	struct shut_value v;
	int rc;

	m->solves++;
	if ((rc = win_progress_step(m->progress)) < 0)
		return rc;
	if (m->s == NULL)
		rc = shut_solver_new(&m->s, &m->rules, &o, &m->opt);
	else
		rc = shut_solver_resolve(m->s, &o);
	if (rc < 0)
		return rc;
	rc = shut_solver_value(m->s, &pos, &v);
	*out = v.value;
	return rc;
}

/* Seat 1's share of a match that ends with totals a and b. */
static double
end_share(const struct shut_match *m, long a, long b)
{
	if (m->elim != 0) {
		int in0 = a < m->elim, in1 = b < m->elim;

		if (in0 != in1)
			return in1 ? 1.0 : 0.0;
	}
	return a > b ? 1.0 : a == b ? 0.5 : 0.0;
}

/* ---------------------------------------------------------------------
 * rounds=N: state (round, d)
 */

static size_t
col_d(const struct shut_match *m, long d)
{
	return (size_t)(d + (long)m->off);
}

/* u1 of seat 1 in round r at difference d, into m->u. */
static void
rounds_u1(struct shut_match *m, long r, long d)
{
	for (size_t y = 0; y < m->m; y++) {
		long e = d - (long)y;

		if (r == m->rounds)
			m->u[y] = end_share(m, e, 0);
		else
			m->u[y] =
			    1.0 - *cell(m, m->v0, (size_t)r + 1, col_d(m, e));
	}
	if (m->shutwin)
		m->u[0] = 1.0;
}

static void
rounds_u0(struct shut_match *m, long r, long d)
{
	for (size_t x = 0; x < m->m; x++)
		m->u[x] =
		    1.0 - *cell(m, m->v1, (size_t)r, col_d(m, d + (long)x));
	if (m->shutwin)
		m->u[0] = 1.0;
}

static int
rounds_solve(struct shut_match *m)
{
	const long top = (long)m->m - 1;
	int rc;

	for (long r = m->rounds; r >= 1; r--) {
		for (long d = -(r - 1) * top; d <= r * top; d++) {
			rounds_u1(m, r, d);
			if ((rc = turn_value(m, cell(m, m->v1, (size_t)r,
						     col_d(m, d)))) < 0)
				return rc;
		}
		for (long d = -(r - 1) * top; d <= (r - 1) * top; d++) {
			rounds_u0(m, r, d);
			if ((rc = turn_value(m, cell(m, m->v0, (size_t)r,
						     col_d(m, d)))) < 0)
				return rc;
		}
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * until=T and eliminate=T: state (a, b)
 */

static void
totals_u1(struct shut_match *m, long a, long b)
{
	for (size_t y = 0; y < m->m; y++) {
		long b1 = b + (long)y;

		if (a >= m->t || b1 >= m->t)
			m->u[y] = end_share(m, a, b1);
		else
			m->u[y] = 1.0 - *cell(m, m->v0, (size_t)a, (size_t)b1);
	}
	if (m->shutwin)
		m->u[0] = 1.0;
}

static void
totals_u0(struct shut_match *m, long a, long b)
{
	for (size_t x = 0; x < m->m; x++)
		m->u[x] = 1.0 - *cell(m, m->v1, (size_t)a + x, (size_t)b);
	if (m->shutwin)
		m->u[0] = 1.0;
}

/* One pass of the pair at (a, b): seat 1's value, then seat 0's. */
static int
totals_pass(struct shut_match *m, long a, long b, double *p0, double *p1)
{
	int rc;

	totals_u1(m, a, b);
	if ((rc = turn_value(m, p1)) < 0)
		return rc;
	totals_u0(m, a, b);
	return turn_value(m, p0);
}

/*
 * The pair at (a, b), both totals below T: seat 1's value reads seat 0's
 * at (a, b) when it scores 0 (under shut=zero), and seat 0's reads seat
 * 1's when it does.  A pass maps a guess z of seat 0's value to g(z), a
 * convex piecewise linear map of slope about the chance that both shut
 * (policies fixed, it is linear): from the guess of the state beside it,
 * the secant's step lands on the fixed point once the policies settle,
 * within a few passes (checked to 1e-14; plain passes after 50).
 */
static int
totals_pair(struct shut_match *m, long a, long b)
{
	double *p0 = cell(m, m->v0, (size_t)a, (size_t)b);
	double *p1 = cell(m, m->v1, (size_t)a, (size_t)b);
	double z =
	    b + 1 < m->t ? *cell(m, m->v0, (size_t)a, (size_t)b + 1) : 0.5;
	double gz, zl = 0.0, gl = 0.0;
	int rc;

	for (int pass = 0; pass < 200; pass++) {
		*p0 = z;
		if ((rc = totals_pass(m, a, b, p0, p1)) < 0)
			return rc;
		gz = *p0;
		if (m->shutwin || fabs(gz - z) <= 1e-14)
			return 0;
		if (pass > 0 && pass < 50 && z != zl) {
			double slope = (gz - gl) / (z - zl);

			zl = z;
			gl = gz;
			z = slope < 1.0 ? z + (gz - z) / (1.0 - slope) : gz;
		} else {
			zl = z;
			gl = gz;
			z = gz;
		}
	}
	return 0;
}

static int
totals_solve(struct shut_match *m)
{
	int rc;

	for (long a = (long)m->rows - 1; a >= 0; a--)
		for (long b = m->t - 1; b >= 0; b--) {
			if (a < m->t) {
				rc = totals_pair(m, a, b);
			} else {
				totals_u1(m, a, b);
				rc = turn_value(
				    m, cell(m, m->v1, (size_t)a, (size_t)b));
			}
			if (rc < 0)
				return rc;
		}
	return 0;
}

/* ---------------------------------------------------------------------
 * The match
 */

static int
match_plan(struct shut_match *m, const struct shut_rules *r)
{
	uint64_t top = shut_score(r, shut_rules_start(r));

	if (r->mode != SHUT_MODE_STANDARD || shut_win_shape(r) == SHUT_WIN_RACE)
		return SHUT_EMODE;
	if (top >= SHUT_WIN_SCORES_MAX)
		return SHUT_ETOOBIG;
	m->m = (size_t)top + 1;
	m->shutwin = r->shut == SHUT_SHUT_WIN;
	if (r->until == 0 && r->eliminate == 0) {
		if ((uint64_t)r->rounds * top >= (uint64_t)1 << 16)
			return SHUT_ETOOBIG;
		m->kind = MATCH_ROUNDS;
		m->rounds = r->rounds;
		m->off = (size_t)r->rounds * (size_t)top;
		m->width = 2 * m->off + 1;
		m->rows = (size_t)r->rounds + 2;
		return 0;
	}
	/*
	 * Both: the round's end stops the match once a total reaches the
	 * lower of the two (eliminate stops it when a seat is out, one of
	 * two being left), and a seat past eliminate is out at the end.
	 */
	m->kind = MATCH_TOTALS;
	m->elim = r->eliminate;
	m->t = r->until == 0				      ? r->eliminate
	       : r->eliminate == 0 || r->until < r->eliminate ? r->until
							      : r->eliminate;
	if (m->t >= (long)1 << 14)
		return SHUT_ETOOBIG;
	m->width = (size_t)m->t;
	m->rows = (size_t)m->t + m->m;
	return 0;
}

/* The plan of a match under rules, checked against the memory limit. */
static int
match_check(struct shut_match *m, const struct shut_rules *rules,
	    const struct shut_solver_options *opt)
{
	size_t limit =
	    opt && opt->max_bytes ? opt->max_bytes : SHUT_SOLVER_BYTES_DEFAULT;
	int rc;

	if ((rc = shut_rules_check(rules, NULL, 0)) < 0 ||
	    (rc = match_plan(m, rules)) < 0)
		return rc;
	return m->rows * m->width > limit / (2 * sizeof(double)) ? SHUT_ETOOBIG
								 : 0;
}

int
shut__match_check(const struct shut_rules *rules,
		  const struct shut_solver_options *opt)
{
	struct shut_match m;

	if (rules == NULL)
		return SHUT_EINVAL;
	memset(&m, 0, sizeof(m));
	return match_check(&m, rules, opt);
}

/*
 * The passes of a pair of states under until or eliminate with shut=zero,
 * at most on average: 3.76 (tournament), 3.79 (final-player), 4.0
 * (travel); 3.2 to 3.5 on other boards (odds until=30: 3.2).
 */
#define MATCH_PASSES 4.0

/*
 * rounds_solve() makes (2r - 1) top + 1 solves for seat 1 in round r and
 * 2 (r - 1) top + 1 for seat 0; totals_solve() a pass of two at each of
 * the T x T pairs below T, and one for seat 1 at each of the M x T rows
 * past it.
 */
double
shut_match_solves(const struct shut_rules *rules)
{
	struct shut_match m;
	double top, n, t;

	memset(&m, 0, sizeof(m));
	if (rules == NULL || match_plan(&m, rules) < 0)
		return 0.0;
	top = (double)m.m - 1;
	if (m.kind == MATCH_ROUNDS) {
		n = (double)m.rounds;
		return top * (2 * n * n - n) + 2 * n;
	}
	t = (double)m.t;
	return (double)m.m * t + 2 * t * t * (m.shutwin ? 1.0 : MATCH_PASSES);
}

int
shut_match_new(struct shut_match **mp, const struct shut_rules *rules,
	       const struct shut_solver_options *opt)
{
	struct shut_match *m;
	size_t cells;
	int rc;

	if (mp == NULL || rules == NULL)
		return SHUT_EINVAL;
	*mp = NULL;
	m = calloc(1, sizeof(*m));
	if (m == NULL)
		return SHUT_ENOMEM;
	if ((rc = match_check(m, rules, opt)) < 0) {
		free(m);
		return rc;
	}
	m->rules = *rules;
	if (opt != NULL)
		m->opt = *opt;
	m->opt.flags = SHUT_SOLVER_VALUE;
	m->opt.below = 0;
	m->opt.progress = NULL;
	m->opt.threads = 1;
	cells = m->rows * m->width;
	m->v0 = calloc(2 * cells + m->m, sizeof(double));
	if (m->v0 == NULL) {
		free(m);
		return SHUT_ENOMEM;
	}
	m->v1 = m->v0 + cells;
	m->u = m->v1 + cells;
	m->progress = opt != NULL ? opt->progress : NULL;
	win_progress_total(m->progress, shut_match_solves(rules));
	rc = m->kind == MATCH_ROUNDS ? rounds_solve(m) : totals_solve(m);
	win_progress_end(m->progress);
	m->progress = NULL;
	shut_solver_free(m->s);
	m->s = NULL;
	if (rc < 0) {
		shut_match_free(m);
		return rc;
	}
	*mp = m;
	return 0;
}

void
shut_match_free(struct shut_match *m)
{
	if (m == NULL)
		return;
	free(m->v0);
	free(m);
}

double
shut_match_chance(const struct shut_match *m, int seat)
{
	double p;

	if (m == NULL || seat < 0 || seat > 1)
		return NAN;
	p = m->kind == MATCH_ROUNDS ? *cell(m, m->v0, 1, col_d(m, 0))
				    : *cell(m, m->v0, 0, 0);
	return seat == 0 ? p : 1.0 - p;
}

size_t
shut_match_scores(const struct shut_match *m)
{
	return m != NULL ? m->m : 0;
}

int
shut_match_utility(const struct shut_match *m, const struct shut_game *g,
		   double *u)
{
	struct shut_match w;
	long a, b, r;

	if (m == NULL || g == NULL || u == NULL)
		return SHUT_EINVAL;
	if (g->nseats != 2 ||
	    (g->need != SHUT_NEED_DICE && g->need != SHUT_NEED_THROW &&
	     g->need != SHUT_NEED_MOVE) ||
	    g->seat[0].total > (uint64_t)1 << 20 ||
	    g->seat[1].total > (uint64_t)1 << 20)
		return SHUT_ESTATE;
	a = (long)g->seat[0].total;
	b = (long)g->seat[1].total;
	r = g->round;
	/* The utility is written by the same code, into the caller's u. */
	w = *m;
	w.u = u;
	if (m->kind == MATCH_ROUNDS) {
		long top = (long)m->m - 1;

		if (r < 1 || r > m->rounds || labs(a - b) > r * top)
			return SHUT_ESTATE;
		if (g->turn == 0)
			rounds_u0(&w, r, a - b);
		else
			rounds_u1(&w, r, a - b);
		return 0;
	}
	if (b >= m->t || a >= (long)m->rows || (g->turn == 0 && a >= m->t))
		return SHUT_ESTATE;
	if (g->turn == 0)
		totals_u0(&w, a, b);
	else
		totals_u1(&w, a, b);
	return 0;
}

double
shut__match_solved(const struct shut_match *m)
{
	return m == NULL ? 0.0 : m->solves;
}
