/*
 * win_many.c - whole matches of any number of players, exact, where the
 * states are few enough.
 *
 * The state at the start of a turn is the round (under rounds=N; under
 * until and eliminate the round does not matter), whose turn it is, every
 * seat's total and which seats are out (put out by eliminate, or lost
 * outright under first-miss=lose).  Its value is the vector of every
 * seat's chance of winning, every seat playing to win.  The roller's
 * utility for a score x is its own chance in the state after the turn, a
 * miss's the same after it loses; one turn solve gives its policy, the
 * distribution of its score (shut_solver_outcomes()) the whole vector:
 *
 *   V(s) = sum over x of P(x) V(after(s, x)) + P(miss) V(after(s, miss))
 *
 * The states after a turn are found by the recursion itself, with a hash
 * table of the states solved.  Under rounds=N only the differences of the
 * totals matter (the lowest wins), so the totals are kept less the lowest.
 * Under shut=zero with until or eliminate a round in which every seat
 * scores 0 comes back to its state: the turns of that round, a ring, are
 * solved together, the states after a score above 0 first, then the
 * ring's values by passes around it until they settle: for the policies
 * of a pass the values are affine in the guess, so each pass lands on
 * their fixed point, and the next finds it again unless a policy changed
 * (two or three passes).  Everything else increases a total or the
 * round, so the recursion ends.
 *
 * Cost: a turn solve and a walk of the policy per state.  The states grow
 * as the totals to the power of the players (shut_many_guess() counts
 * them roughly).  max_states bounds them (SHUT_ETOOBIG past it).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shut_error.h"
#include "shut_win.h"
#include "win.h"

/* The ring's passes at most, and how close its values settle. */
#define MANY_PASSES 200
#define MANY_EPS    1e-14

enum many_kind { MANY_ROUNDS, MANY_TOTALS };

struct many_key {
	int32_t round; /* MANY_ROUNDS; else 0 */
	uint8_t turn;
	uint8_t out;  /* seats out: eliminated, lost or left */
	uint8_t lost; /* seats that cannot win: lost or left */
	uint8_t pad;
	uint32_t total[SHUT_MANY_SEATS_MAX];
};

struct shut_many {
	struct shut_rules rules;
	struct shut_solver_options opt;
	enum many_kind kind;
	int n;
	int shutwin, lose;
	size_t m;      /* scores 0 .. m - 1 */
	uint64_t full; /* the score of a miss: the start set's */
	long rounds, until, elim;
	/* The states solved: open addressing, keys and values apart. */
	struct many_key *keys;
	double *vals; /* n per state */
	unsigned char *used;
	size_t cap, count, max_states;
	struct shut_solver *s;
	struct shut_progress *progress; /* the caller's, while solved */
	double *dist;			/* m, scratch of a turn */
	double chance[SHUT_MANY_SEATS_MAX];
};

/* ---------------------------------------------------------------------
 * The table of states
 */

static uint64_t
key_hash(const struct many_key *k)
{
	const unsigned char *p = (const unsigned char *)k;
	uint64_t h = 1469598103934665603u;

	for (size_t i = 0; i < sizeof(*k); i++)
		h = (h ^ p[i]) * 1099511628211u;
	return h ^ (h >> 29);
}

/* The slot of k: where it is, or the empty one where it would go. */
static size_t
slot_of(const struct shut_many *m, const struct many_key *k)
{
	size_t i = (size_t)key_hash(k) & (m->cap - 1);

	while (m->used[i] && memcmp(&m->keys[i], k, sizeof(*k)) != 0)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static const double *
find(const struct shut_many *m, const struct many_key *k)
{
	size_t i = slot_of(m, k);

	return m->used[i] ? m->vals + i * (size_t)m->n : NULL;
}

static int
grow(struct shut_many *m)
{
	size_t cap = m->cap ? 2 * m->cap : 1024, oldcap = m->cap;
	struct many_key *keys = calloc(cap, sizeof(*keys));
	double *vals = calloc(cap * (size_t)m->n, sizeof(double));
	unsigned char *used = calloc(cap, 1);
	struct many_key *ok = m->keys;
	double *ov = m->vals;
	unsigned char *ou = m->used;

	if (keys == NULL || vals == NULL || used == NULL) {
		free(keys);
		free(vals);
		free(used);
		return SHUT_ENOMEM;
	}
	m->keys = keys;
	m->vals = vals;
	m->used = used;
	m->cap = cap;
	for (size_t i = 0; i < oldcap; i++) {
		size_t j;

		if (!ou[i])
			continue;
		j = slot_of(m, &ok[i]);
		m->used[j] = 1;
		m->keys[j] = ok[i];
		memcpy(m->vals + j * (size_t)m->n, ov + i * (size_t)m->n,
		       (size_t)m->n * sizeof(double));
	}
	free(ok);
	free(ov);
	free(ou);
	return 0;
}

static int
store(struct shut_many *m, const struct many_key *k, const double *v)
{
	size_t i;
	int rc;

	if (m->count >= m->max_states)
		return SHUT_ETOOBIG;
	if (2 * (m->count + 1) > m->cap && (rc = grow(m)) < 0)
		return rc;
	i = slot_of(m, k);
	if (!m->used[i])
		m->count++;
	m->used[i] = 1;
	m->keys[i] = *k;
	memcpy(m->vals + i * (size_t)m->n, v, (size_t)m->n * sizeof(double));
	return 0;
}

/* ---------------------------------------------------------------------
 * The rules of the game around the turns (docs/contract.md section 3)
 */

static int
playing(const struct shut_many *m, const struct many_key *k)
{
	int c = 0;

	for (int i = 0; i < m->n; i++)
		c += !((k->out >> i) & 1);
	return c;
}

/* The shares of the winners of a game that ends in k (lib/game.c). */
static void
end_value(const struct shut_many *m, const struct many_key *k, double *v)
{
	int alive = playing(m, k), c = 0;
	uint32_t best = UINT32_MAX;

	memset(v, 0, (size_t)m->n * sizeof(double));
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < m->n; i++) {
			if (((k->lost >> i) & 1) ||
			    (alive && ((k->out >> i) & 1)))
				continue;
			if (pass == 0 && k->total[i] < best)
				best = k->total[i];
			if (pass == 1 && k->total[i] == best)
				c++;
		}
	for (int i = 0; i < m->n && c > 0; i++)
		if (!((k->lost >> i) & 1) && !(alive && ((k->out >> i) & 1)) &&
		    k->total[i] == best)
			v[i] = 1.0 / c;
}

/* Whether the game is over at the end of the round (lib/game.c). */
static int
over_after_round(const struct shut_many *m, const struct many_key *k)
{
	int alive = playing(m, k);

	if (alive == 0)
		return 1;
	if (m->elim && alive <= (m->n > 1 ? 1 : 0))
		return 1;
	for (int i = 0; m->until && i < m->n; i++)
		if (k->total[i] >= (uint64_t)m->until)
			return 1;
	if (m->kind == MANY_ROUNDS)
		return k->round >= m->rounds;
	return 0;
}

/* Under rounds=N the totals less the lowest of the seats that can win. */
static void
normalise(const struct shut_many *m, struct many_key *k)
{
	uint32_t low = UINT32_MAX;

	if (m->kind != MANY_ROUNDS) {
		k->round = 0;
		return;
	}
	for (int i = 0; i < m->n; i++)
		if ((k->lost >> i) & 1)
			k->total[i] = 0;
		else if (k->total[i] < low)
			low = k->total[i];
	for (int i = 0; i < m->n && low != UINT32_MAX; i++)
		if (!((k->lost >> i) & 1))
			k->total[i] -= low;
}

/*
 * The state after the roller of k scores x (x < 0: misses and loses):
 * returns 1 with the end's shares in v when the game ends, else 0 with
 * the next state in *next; SHUT_ETOOBIG past the totals kept.
 */
static int
after(const struct shut_many *m, const struct many_key *k, long x,
      struct many_key *next, double *v)
{
	const int j = k->turn;
	uint64_t t;
	int to = -1;

	*next = *k;
	if (x == 0 && m->shutwin) {
		memset(v, 0, (size_t)m->n * sizeof(double));
		v[j] = 1.0;
		return 1;
	}
	t = (uint64_t)k->total[j] + (x < 0 ? m->full : (uint64_t)x);
	if (t >= (uint64_t)1 << 31)
		return SHUT_ETOOBIG;
	next->total[j] = (uint32_t)t;
	if (x < 0) {
		next->out |= (uint8_t)(1u << j);
		next->lost |= (uint8_t)(1u << j);
		if (playing(m, next) == 0 ||
		    (playing(m, next) == 1 && m->n > 1)) {
			end_value(m, next, v);
			return 1;
		}
	} else if (m->elim && t >= (uint64_t)m->elim) {
		next->out |= (uint8_t)(1u << j);
	}
	for (int i = j + 1; i < m->n && to < 0; i++)
		if (!((next->out >> i) & 1))
			to = i;
	if (to < 0) {
		if (over_after_round(m, next)) {
			end_value(m, next, v);
			return 1;
		}
		next->round++;
		for (int i = 0; i < m->n && to < 0; i++)
			if (!((next->out >> i) & 1))
				to = i;
	}
	next->turn = (uint8_t)to;
	normalise(m, next);
	return 0;
}

/* ---------------------------------------------------------------------
 * Solving
 */

static int value(struct shut_many *m, const struct many_key *k, double *out);

/*
 * The vectors after each score x of the roller of k (w: m rows) and after
 * a miss (wm), solved as needed; x = 0 is skipped when skip0.
 */
static int
afters(struct shut_many *m, const struct many_key *k, int skip0, double *w,
       double *wm)
{
	struct many_key next;
	int rc;

	for (long x = -1; x < (long)m->m; x++) {
		double *row = x < 0 ? wm : w + (size_t)x * (size_t)m->n;

		if ((x < 0 && !m->lose) || (x == 0 && skip0))
			continue;
		rc = after(m, k, x, &next, row);
		if (rc == 0)
			rc = value(m, &next, row);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/*
 * The roller's turn at k for the vectors w and wm: its policy's outcomes
 * give the vector out.
 */
static int
turn(struct shut_many *m, const struct many_key *k, const double *w,
     const double *wm, double *u, double *out)
{
	double um = m->lose ? wm[k->turn] : 0.0, pm;
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = u,
				    .scores = m->m,
				    .miss = &um };
	int rc;

	for (size_t x = 0; x < m->m; x++)
		u[x] = w[x * (size_t)m->n + k->turn];
	if ((rc = win_progress_step(m->progress)) < 0)
		return rc;
	if (m->s == NULL)
		rc = shut_solver_new(&m->s, &m->rules, &o, &m->opt);
	else
		rc = shut_solver_resolve(m->s, &o);
	if (rc < 0)
		return rc;
	rc = shut_solver_outcomes(m->s, shut_rules_start(&m->rules), m->dist,
				  m->m, &pm);
	if (rc < 0)
		return rc;
	for (int i = 0; i < m->n; i++) {
		double sum = m->lose ? pm * wm[i] : 0.0;

		for (size_t x = 0; x < m->m; x++)
			sum += m->dist[x] * w[x * (size_t)m->n + (size_t)i];
		out[i] = sum;
	}
	return 0;
}

/*
 * The ring of k: the states that scores of 0 lead to in turn, when they
 * come back to k (shut=zero, until or eliminate).  Returns its length, or
 * 0 when there is none.
 */
static int
ring_of(const struct shut_many *m, const struct many_key *k,
	struct many_key *ring)
{
	double v[SHUT_MANY_SEATS_MAX];
	int len = 0;

	if (m->shutwin || m->kind != MANY_TOTALS)
		return 0;
	ring[0] = *k;
	for (len = 1; len <= m->n; len++) {
		if (after(m, &ring[len - 1], 0, &ring[len], v) != 0)
			return 0;
		if (memcmp(&ring[len], k, sizeof(*k)) == 0)
			return len;
	}
	return 0;
}

/*
 * The policies of a pass fixed, each state's vector is affine in the
 * guess z of the first's: r[i] = c[i] + q[i] z, q[i] the chance that the
 * turns from i to the ring's end all score 0.  So the fixed point is
 * z* = (r[0] - q[0] z) / (1 - q[0]), and r[i] moves by q[i] (z* - z): the
 * next pass finds it again when no policy changes, and the passes end.
 */
static void
ring_extrapolate(const struct shut_many *m, int len, const double *z,
		 const double *q, double *r)
{
	if (!(q[0] < 1.0))
		return;
	for (int k = 0; k < m->n; k++) {
		double star = (r[k] - q[0] * z[k]) / (1.0 - q[0]);

		for (int i = 0; i < len; i++)
			r[i * m->n + k] += q[i] * (star - z[k]);
	}
}

/* Solves the ring of len states: the scores above 0 first, then passes. */
static int
ring_solve(struct shut_many *m, const struct many_key *ring, int len,
	   double *out)
{
	const size_t rows = m->m * (size_t)m->n;
	double *w =
	    malloc((size_t)len * (rows + (size_t)m->n) * sizeof(double) +
		   (size_t)len * (size_t)m->n * sizeof(double) +
		   m->m * sizeof(double));
	double *wm, *r, *u, moved = 1.0;
	int rc = 0;

	if (w == NULL)
		return SHUT_ENOMEM;
	wm = w + (size_t)len * rows;
	r = wm + (size_t)len * (size_t)m->n;
	u = r + (size_t)len * (size_t)m->n;
	for (int i = 0; i < len && rc == 0; i++)
		rc = afters(m, &ring[i], 1, w + (size_t)i * rows,
			    wm + (size_t)i * (size_t)m->n);
	for (int i = 0; i < len * m->n; i++)
		r[i] = 1.0 / m->n;
	for (int pass = 0; rc == 0 && pass < MANY_PASSES && moved > MANY_EPS;
	     pass++) {
		double z[SHUT_MANY_SEATS_MAX], q[SHUT_MANY_SEATS_MAX + 1];

		memcpy(z, r, (size_t)m->n * sizeof(double));
		moved = 0.0;
		q[len] = 1.0;
		for (int i = len - 1; i >= 0 && rc == 0; i--) {
			double *wi = w + (size_t)i * rows, *ri = r + i * m->n;
			double was = ri[ring[i].turn];

			memcpy(wi, r + ((i + 1) % len) * m->n,
			       (size_t)m->n * sizeof(double));
			rc = turn(m, &ring[i], wi,
				  wm + (size_t)i * (size_t)m->n, u, ri);
			moved = fmax(moved, fabs(ri[ring[i].turn] - was));
			q[i] = q[i + 1] * m->dist[0];
		}
		if (rc == 0)
			ring_extrapolate(m, len, z, q, r);
	}
	for (int i = 0; i < len && rc == 0; i++)
		rc = store(m, &ring[i], r + i * m->n);
	if (rc == 0)
		memcpy(out, r, (size_t)m->n * sizeof(double));
	free(w);
	return rc;
}

/* The vector of state k, solved when it is not yet. */
static int
value(struct shut_many *m, const struct many_key *k, double *out)
{
	struct many_key ring[SHUT_MANY_SEATS_MAX + 1];
	const double *have = find(m, k);
	double *w, *u;
	int len, rc;

	if (have != NULL) {
		memcpy(out, have, (size_t)m->n * sizeof(double));
		return 0;
	}
	if ((len = ring_of(m, k, ring)) > 0)
		return ring_solve(m, ring, len, out);
	w = malloc(((m->m + 1) * (size_t)m->n + m->m) * sizeof(double));
	if (w == NULL)
		return SHUT_ENOMEM;
	u = w + (m->m + 1) * (size_t)m->n;
	rc = afters(m, k, 0, w, w + m->m * (size_t)m->n);
	if (rc == 0)
		rc = turn(m, k, w, w + m->m * (size_t)m->n, u, out);
	if (rc == 0)
		rc = store(m, k, out);
	free(w);
	return rc;
}

/* ---------------------------------------------------------------------
 * The match
 */

static int
many_plan(struct shut_many *m, const struct shut_rules *r, int players)
{
	uint64_t top = shut_score(r, shut_rules_start(r));

	if (players < 1 || players > SHUT_MANY_SEATS_MAX)
		return SHUT_EPLAYERS;
	if (r->mode != SHUT_MODE_STANDARD || shut_win_shape(r) == SHUT_WIN_RACE)
		return SHUT_EMODE;
	if (top >= SHUT_WIN_SCORES_MAX)
		return SHUT_ETOOBIG;
	m->n = players;
	m->m = (size_t)top + 1;
	m->full = top;
	m->shutwin = r->shut == SHUT_SHUT_WIN;
	m->lose = r->first_throw != 0 && r->first_miss == SHUT_FIRST_MISS_LOSE;
	m->kind = r->until || r->eliminate ? MANY_TOTALS : MANY_ROUNDS;
	m->rounds = r->rounds;
	m->until = r->until;
	m->elim = r->eliminate;
	return 0;
}

int
shut_many_new(struct shut_many **mp, const struct shut_rules *rules,
	      int players, size_t max_states,
	      const struct shut_solver_options *opt)
{
	struct many_key start;
	struct shut_many *m;
	int rc;

	if (mp == NULL || rules == NULL)
		return SHUT_EINVAL;
	*mp = NULL;
	if ((rc = shut_rules_check(rules, NULL, 0)) < 0)
		return rc;
	m = calloc(1, sizeof(*m));
	if (m == NULL)
		return SHUT_ENOMEM;
	m->rules = *rules;
	if (opt != NULL)
		m->opt = *opt;
	/* Its solver is asked for the scores of a policy alone. */
	m->opt.flags = SHUT_SOLVER_LEAN;
	m->opt.below = 0;
	m->opt.progress = NULL;
	m->opt.threads = 1;
	m->max_states = max_states ? max_states : SHUT_MANY_STATES_DEFAULT;
	if ((rc = many_plan(m, rules, players)) < 0) {
		free(m);
		return rc;
	}
	m->dist = malloc(m->m * sizeof(double));
	if (m->dist == NULL || (rc = grow(m)) < 0) {
		shut_many_free(m);
		return SHUT_ENOMEM;
	}
	memset(&start, 0, sizeof(start));
	start.round = 1;
	normalise(m, &start);
	m->progress = opt != NULL ? opt->progress : NULL;
	win_progress_total(m->progress, shut_many_guess(rules, players));
	rc = value(m, &start, m->chance);
	win_progress_end(m->progress);
	m->progress = NULL;
	shut_solver_free(m->s);
	m->s = NULL;
	if (rc < 0) {
		shut_many_free(m);
		return rc;
	}
	*mp = m;
	return 0;
}

void
shut_many_free(struct shut_many *m)
{
	if (m == NULL)
		return;
	shut_solver_free(m->s);
	free(m->keys);
	free(m->vals);
	free(m->used);
	free(m->dist);
	free(m);
}

double
shut_many_guess(const struct shut_rules *r, int players)
{
	double m = (double)shut_score(r, shut_rules_start(r));
	int totals = r->until || r->eliminate;
	int out = r->eliminate && (!r->until || r->eliminate < r->until);
	double t = out || !r->until ? (double)r->eliminate : (double)r->until;
	/*
	 * The totals of the roller (under T), of a seat that has thrown in
	 * the round (past T by a turn's score at most; a seat that lost is
	 * another kind, with its own total), and of one still to throw
	 * (under T, or past it when a seat out keeps its total).
	 */
	int lose = r->first_miss == SHUT_FIRST_MISS_LOSE;
	double roller = t;
	double thrown = t + m + (lose ? t : 0);
	double later =
	    (out ? (r->until && r->until < t + m ? (double)r->until : t + m)
		 : t) +
	    (lose && out ? t : 0);
	double sum = 0.0;

	if (players < 1 || r->mode != SHUT_MODE_STANDARD ||
	    (!totals && r->rounds < 1))
		return 0.0;
	if (!totals)
		return pow((double)r->rounds * (m + 1.0), players - 1) *
		       players * (double)r->rounds;
	for (int j = 0; j < players; j++)
		sum += roller * pow(thrown, j) * pow(later, players - 1 - j);
	return sum;
}

double
shut_many_chance(const struct shut_many *m, int seat)
{
	if (m == NULL || seat < 0 || seat >= m->n)
		return NAN;
	return m->chance[seat];
}

size_t
shut_many_states(const struct shut_many *m)
{
	return m != NULL ? m->count : 0;
}

size_t
shut_many_scores(const struct shut_many *m)
{
	return m != NULL ? m->m : 0;
}

int
shut_many_utility(const struct shut_many *m, const struct shut_game *g,
		  double *u, double *miss)
{
	struct many_key k, next;
	double v[SHUT_MANY_SEATS_MAX];

	if (m == NULL || g == NULL || u == NULL || miss == NULL)
		return SHUT_EINVAL;
	if (g->nseats != m->n || g->turn < 0 || g->turn >= m->n ||
	    (g->need != SHUT_NEED_DICE && g->need != SHUT_NEED_THROW &&
	     g->need != SHUT_NEED_MOVE))
		return SHUT_ESTATE;
	memset(&k, 0, sizeof(k));
	k.round = g->round > INT32_MAX ? INT32_MAX : (int32_t)g->round;
	k.turn = (uint8_t)g->turn;
	for (int i = 0; i < m->n; i++) {
		const struct shut_seat *s = &g->seat[i];

		if (s->total >= (uint64_t)1 << 31)
			return SHUT_ESTATE;
		k.total[i] = (uint32_t)s->total;
		if (s->out)
			k.out |= (uint8_t)(1u << i);
		if (s->lost || s->left)
			k.lost |= (uint8_t)(1u << i);
	}
	normalise(m, &k);
	*miss = 0.0;
	for (long x = -1; x < (long)m->m; x++) {
		int rc;
		const double *w = v;

		if (x < 0 && !m->lose)
			continue;
		rc = after(m, &k, x, &next, v);
		if (rc < 0)
			return SHUT_ESTATE;
		if (rc == 0 && (w = find(m, &next)) == NULL)
			return SHUT_ESTATE;
		if (x < 0)
			*miss = w[k.turn];
		else
			u[x] = w[k.turn];
	}
	return 0;
}
