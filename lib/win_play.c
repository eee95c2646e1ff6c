/*
 * win_play.c - the computer player that plays to win ("perfect").
 *
 * It knows, from the round's (or the match's) solution, the utility of
 * the turn of any seat in any state: the chance of winning the game for
 * each score the turn may end with.  A turn solver for that utility gives
 * the dice counts and moves; it is made the first time a state is met (a
 * turn solve of classic takes a tenth of a millisecond) and kept, up to
 * PERFECT_KEEP_BYTES of them, after which they are let go and made again.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shut_error.h"
#include "shut_win.h"
#include "win.h"

/* The most memory the solvers kept for states may take together. */
#define PERFECT_KEEP_BYTES SHUT_PERFECT_KEEP_BYTES

struct shut_perfect {
	struct shut_round *round;  /* a single round, or NULL */
	struct shut_match *match;  /* a match of two, or NULL */
	struct shut_race *race;	   /* rounds=until-shut, or NULL */
	struct shut_many *many;	   /* a match of more, exact, or NULL */
	int fallback;		   /* scores too large: the expected score */
	struct shut_solver *plain; /* the expected score's solver, or NULL */
	struct shut_solver *last;  /* the match's solver of the last state */
	long last_key[4];
	double last_u; /* the race's C of the last solver */
	int approx;    /* more than two: the match against the
			  leader */
	int borrowed;  /* the solutions belong to another */
	double *u;     /* the match's utility */
	struct shut_solver_options opt;
	struct shut_solver **kept; /* by state: seat, lowest, tied */
	size_t nkept, bytes;
	int players;
};

/*
 * The work of the solutions perfect would make, in states of turns
 * solved: 2^tiles a turn solve, times some N (N + 1) / 2 (M + 1) solves
 * for a round, T (T + M) or N^2 M for a match of two; past
 * PERFECT_WORK_MAX (the-300: 2^24 a solve, seconds each) perfect plays
 * the lowest expected score instead.
 */
#define PERFECT_WORK_MAX 4294967296.0

static double
perfect_work(const struct shut_rules *r, int players)
{
	uint32_t start = shut_rules_start(r);
	double m = (double)shut_score(r, start) + 1.0, t;
	double turns;

	if (m > SHUT_WIN_SCORES_MAX)
		m = SHUT_WIN_SCORES_MAX;
	t = (double)(r->until && (!r->eliminate || r->until < r->eliminate)
			 ? r->until
			 : r->eliminate);
	if (shut_win_shape(r) == SHUT_WIN_RACE)
		turns = 2.0 * players;
	else if (shut_win_shape(r) == SHUT_WIN_ROUND)
		turns = players * (players + 1) / 2.0 * m;
	else
		turns = t > 0 ? t * (t + m) : (double)r->rounds * r->rounds * m;
	return turns * ldexp(1.0, __builtin_popcount(start));
}

int
shut_perfect_falls_back(const struct shut_rules *rules, int players)
{
	return rules != NULL && rules->mode == SHUT_MODE_STANDARD &&
	       players >= 1 && perfect_work(rules, players) > PERFECT_WORK_MAX;
}

/*
 * Whether the solver of the lowest expected score, which perfect plays by
 * when its own solutions are out of reach, fits the memory limit: 0 or
 * shut_solver_size()'s error (SHUT_ETOOBIG), refused before any play.
 */
static int
plain_fits(const struct shut_rules *rules,
	   const struct shut_solver_options *opt)
{
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };
	size_t bytes;

	return shut_solver_size(rules, &o, opt, &bytes);
}

/* Whether perfect_match() may solve a match of players exactly. */
static int
perfect_many_may(const struct shut_rules *rules, int players, size_t max_states)
{
	return players > 2 && players <= SHUT_MANY_SEATS_MAX &&
	       max_states > 0 &&
	       shut_many_guess(rules, players) <= 4.0 * (double)max_states;
}

int
shut_perfect_plan(const struct shut_rules *rules, int players)
{
	if (rules == NULL || rules->mode != SHUT_MODE_STANDARD || players < 1)
		return SHUT_PERFECT_NONE;
	if (shut_perfect_falls_back(rules, players))
		return SHUT_PERFECT_EXPECTED;
	if (shut_win_shape(rules) != SHUT_WIN_MATCH)
		return SHUT_PERFECT_EXACT;
	if (players == 1)
		return SHUT_PERFECT_NONE; /* a match of one is refused */
	if (shut_score(rules, shut_rules_start(rules)) >= SHUT_WIN_SCORES_MAX)
		return SHUT_PERFECT_EXPECTED;
	if (players > 2 &&
	    !perfect_many_may(rules, players, SHUT_PERFECT_MANY_STATES))
		return SHUT_PERFECT_APPROX;
	return SHUT_PERFECT_EXACT;
}

/* A match of two, or of more by the approximation, made with opt. */
static int
perfect_match(struct shut_perfect *p, const struct shut_rules *rules,
	      int players, size_t max_states,
	      const struct shut_solver_options *opt)
{
	int rc;

	if (perfect_many_may(rules, players, max_states) &&
	    shut_many_new(&p->many, rules, players, max_states, opt) == 0) {
		p->u = calloc(2 * shut_many_scores(p->many), sizeof(double));
		return p->u != NULL ? 0 : SHUT_ENOMEM;
	}
	if ((rc = shut_match_new(&p->match, rules, opt)) < 0)
		return rc;
	p->approx = players > 2;
	p->u = calloc(shut_match_scores(p->match), sizeof(double));
	return p->u != NULL ? 0 : SHUT_ENOMEM;
}

int
shut_perfect_new_exact(struct shut_perfect **pp, const struct shut_rules *rules,
		       int players, const struct shut_solver_options *opt,
		       size_t max_states)
{
	struct shut_solver_options made;
	struct shut_perfect *p;
	int rc;

	if (pp == NULL || rules == NULL)
		return SHUT_EINVAL;
	*pp = NULL;
	p = calloc(1, sizeof(*p));
	if (p == NULL)
		return SHUT_ENOMEM;
	if (opt != NULL)
		p->opt = *opt;
	p->opt.flags = 0;
	p->opt.below = 0;
	p->opt.progress = NULL;
	/* The solution is made with the caller's progress, which may stop
	 * it; the turns solved later in play are given none. */
	made = p->opt;
	made.progress = opt != NULL ? opt->progress : NULL;
	p->players = players;
	if (shut_perfect_falls_back(rules, players)) {
		if ((rc = plain_fits(rules, &p->opt)) < 0) {
			free(p);
			return rc;
		}
		p->fallback = 1;
		*pp = p;
		return 0;
	}
	rc = shut_round_new(&p->round, rules, players, &made);
	if (rc == SHUT_EMODE && rules->mode == SHUT_MODE_STANDARD &&
	    shut_win_shape(rules) == SHUT_WIN_RACE)
		rc = shut_race_new(&p->race, rules, players, &made);
	else if (rc == SHUT_EMODE && rules->mode == SHUT_MODE_STANDARD &&
		 players >= 2)
		rc = perfect_match(p, rules, players, max_states, &made);
	if (rc == SHUT_ETOOBIG && rules->mode == SHUT_MODE_STANDARD &&
	    shut_score(rules, shut_rules_start(rules)) >= SHUT_WIN_SCORES_MAX) {
		/* Scores past the tables: the turn played for its score. */
		p->fallback = 1;
		rc = 0;
	}
	if (rc < 0 || p->round == NULL) {
		if (rc < 0) {
			shut_perfect_free(p);
			return rc;
		}
		*pp = p;
		return 0;
	}
	p->nkept = shut_round_states(p->round);
	p->kept = calloc(p->nkept, sizeof(*p->kept));
	if (p->kept == NULL) {
		shut_perfect_free(p);
		return SHUT_ENOMEM;
	}
	*pp = p;
	return 0;
}

int
shut_perfect_new(struct shut_perfect **pp, const struct shut_rules *rules,
		 int players, const struct shut_solver_options *opt)
{
	return shut_perfect_new_exact(pp, rules, players, opt,
				      SHUT_PERFECT_MANY_STATES);
}

int
shut_perfect_check(const struct shut_rules *rules, int players,
		   const struct shut_solver_options *opt)
{
	struct shut_solver_options o = { 0 };
	int rc;

	if (rules == NULL)
		return SHUT_EINVAL;
	if (opt != NULL)
		o = *opt;
	o.flags = 0;
	o.below = 0;
	o.progress = NULL;
	/* As shut_perfect_new_exact() decides, without solving. */
	if (shut_perfect_falls_back(rules, players))
		return plain_fits(rules, &o);
	rc = shut__round_check(rules, players, &o);
	if (rc == SHUT_EMODE && rules->mode == SHUT_MODE_STANDARD &&
	    shut_win_shape(rules) == SHUT_WIN_RACE)
		rc = shut__race_check(rules, players, &o);
	else if (rc == SHUT_EMODE && rules->mode == SHUT_MODE_STANDARD &&
		 players >= 2)
		rc = shut__match_check(rules, &o);
	if (rc == SHUT_ETOOBIG && rules->mode == SHUT_MODE_STANDARD &&
	    shut_score(rules, shut_rules_start(rules)) >= SHUT_WIN_SCORES_MAX)
		rc = 0;
	return rc;
}

/* The per-player part of p: the utility of a match, the solvers kept. */
static int
scratch_new(struct shut_perfect *p)
{
	size_t n = p->match != NULL  ? shut_match_scores(p->match)
		   : p->many != NULL ? 2 * shut_many_scores(p->many)
				     : 0;

	if (n > 0 && (p->u = calloc(n, sizeof(double))) == NULL)
		return SHUT_ENOMEM;
	if (p->round != NULL) {
		p->nkept = shut_round_states(p->round);
		p->kept = calloc(p->nkept, sizeof(*p->kept));
		if (p->kept == NULL)
			return SHUT_ENOMEM;
	}
	return 0;
}

int
shut_perfect_copy(struct shut_perfect **pp, const struct shut_perfect *from)
{
	struct shut_perfect *p;
	int rc;

	if (pp == NULL || from == NULL)
		return SHUT_EINVAL;
	*pp = NULL;
	p = calloc(1, sizeof(*p));
	if (p == NULL)
		return SHUT_ENOMEM;
	p->round = from->round;
	p->match = from->match;
	p->race = from->race;
	p->many = from->many;
	p->fallback = from->fallback;
	p->approx = from->approx;
	p->borrowed = 1;
	p->opt = from->opt;
	p->players = from->players;
	if ((rc = scratch_new(p)) < 0) {
		shut_perfect_free(p);
		return rc;
	}
	*pp = p;
	return 0;
}

int
shut_perfect_kind(const struct shut_perfect *p)
{
	if (p == NULL)
		return SHUT_PERFECT_NONE;
	if (p->fallback)
		return SHUT_PERFECT_EXPECTED;
	return p->approx ? SHUT_PERFECT_APPROX : SHUT_PERFECT_EXACT;
}

/* Frees the solvers kept. */
static void
forget(struct shut_perfect *p)
{
	for (size_t i = 0; p->kept != NULL && i < p->nkept; i++) {
		shut_solver_free(p->kept[i]);
		p->kept[i] = NULL;
	}
	p->bytes = 0;
}

void
shut_perfect_free(struct shut_perfect *p)
{
	if (p == NULL)
		return;
	forget(p);
	free(p->kept);
	if (!p->borrowed) {
		shut_round_free(p->round);
		shut_match_free(p->match);
		shut_race_free(p->race);
		shut_many_free(p->many);
	}
	shut_solver_free(p->plain);
	shut_solver_free(p->last);
	free(p->u);
	free(p);
}

const struct shut_round *
shut_perfect_round(const struct shut_perfect *p)
{
	return p != NULL ? p->round : NULL;
}

/*
 * More than two players in a match: the roller plays the exact match of
 * two against the leader, the other seat still in with the lowest total
 * (on a tie, the next to throw), as seat 0 when the leader has still to
 * throw this round and as seat 1 when it has thrown (or is out, as every
 * other seat then is).  *two is that game.
 */
static int
against_leader(const struct shut_game *g, struct shut_game *two)
{
	int me = g->turn, lead = -1, in = 0;

	for (int k = 1; k < g->nseats; k++) {
		int i = (me + k) % g->nseats;
		const struct shut_seat *st = &g->seat[i];

		if (st->lost || st->left)
			continue;
		if (lead < 0 || (!st->out && !in) ||
		    (st->out == !in && st->total < g->seat[lead].total)) {
			lead = i;
			in = !st->out;
		}
	}
	if (me < 0 || me >= g->nseats || lead < 0)
		return SHUT_ESTATE;
	*two = *g;
	two->nseats = 2;
	/* A leader out (every other seat is) throws no more: seat 0. */
	two->turn = lead > me && in ? 0 : 1;
	two->seat[two->turn] = g->seat[me];
	two->seat[1 - two->turn] = g->seat[lead];
	return 0;
}

/* The turn solver of a match's state, kept until the state changes. */
static int
match_solver(struct shut_perfect *p, const struct shut_game *g,
	     const struct shut_solver **sp)
{
	/* A miss that loses (first-miss=lose) leaves the other the match. */
	static const double lost = 0.0;
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .miss = &lost };
	struct shut_solver *s = NULL;
	long key[4];
	int rc;

	struct shut_game two;

	if (p->approx) {
		if ((rc = against_leader(g, &two)) < 0)
			return rc;
		g = &two;
	}
	if (g->nseats != 2 || g->turn < 0 || g->turn > 1)
		return SHUT_ESTATE;
	key[0] = g->turn;
	key[1] = (long)g->seat[0].total;
	key[2] = (long)g->seat[1].total;
	key[3] = g->round;
	if (p->last != NULL && memcmp(key, p->last_key, sizeof(key)) == 0) {
		*sp = p->last;
		return 0;
	}
	rc = shut_match_utility(p->match, g, p->u);
	if (rc < 0)
		return rc;
	o.utility = p->u;
	o.scores = shut_match_scores(p->match);
	/* The last state's solver, solved again. */
	if (p->last != NULL && shut_solver_resolve(p->last, &o) == 0) {
		memcpy(p->last_key, key, sizeof(key));
		*sp = p->last;
		return 0;
	}
	rc = shut_solver_new(&s, &g->rules, &o, &p->opt);
	if (rc < 0)
		return rc;
	shut_solver_free(p->last);
	p->last = s;
	memcpy(p->last_key, key, sizeof(key));
	*sp = s;
	return 0;
}

/*
 * rounds=until-shut: the turn solver for {1, C}, kept until C changes
 * (the solver of the last state, solved again).
 */
static int
race_solver(struct shut_perfect *p, const struct shut_game *g,
	    const struct shut_solver **sp)
{
	static const double lost = 0.0;
	double u[2];
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = u,
				    .scores = 2,
				    .miss = &lost };
	int rc = shut_race_utility(p->race, g, u);

	/*
	 * A set of seats the race did not solve (a seat left): without a
	 * miss that loses the best play shuts most whatever C is below 1.
	 */
	if (rc == SHUT_ESTATE && g->need != SHUT_NEED_NONE) {
		u[0] = 1.0;
		u[1] = 0.5;
		rc = 0;
	}
	if (rc < 0)
		return rc;
	if (p->last != NULL && p->last_u == u[1]) {
		*sp = p->last;
		return 0;
	}
	if (p->last != NULL)
		rc = shut_solver_resolve(p->last, &o);
	else
		rc = shut_solver_new(&p->last, &g->rules, &o, &p->opt);
	if (rc < 0)
		return rc;
	p->last_u = u[1];
	*sp = p->last;
	return 0;
}

/*
 * Scores too large for the tables (or a state an exact match never met,
 * such as a seat that left): the turn played for the lowest expected
 * score, as "optimal" plays it.
 */
static int
plain_solver(struct shut_perfect *p, const struct shut_game *g,
	     const struct shut_solver **sp)
{
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };
	int rc;

	if (p->plain == NULL &&
	    (rc = shut_solver_new(&p->plain, &g->rules, &o, &p->opt)) < 0)
		return rc;
	*sp = p->plain;
	return 0;
}

/* An exact match of more than two: the utility of the state, solved. */
static int
many_solver(struct shut_perfect *p, const struct shut_game *g,
	    const struct shut_solver **sp)
{
	size_t m = shut_many_scores(p->many);
	double miss;
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = p->u,
				    .scores = m,
				    .miss = &miss };
	int rc = shut_many_utility(p->many, g, p->u, &miss);

	if (rc == SHUT_ESTATE)
		return plain_solver(p, g, sp);
	if (rc < 0)
		return rc;
	if (p->last != NULL && p->last_u == miss &&
	    memcmp(p->u, p->u + m, m * sizeof(double)) == 0) {
		*sp = p->last;
		return 0;
	}
	if (p->last != NULL)
		rc = shut_solver_resolve(p->last, &o);
	else
		rc = shut_solver_new(&p->last, &g->rules, &o, &p->opt);
	if (rc < 0)
		return rc;
	memcpy(p->u + m, p->u, m * sizeof(double));
	p->last_u = miss;
	*sp = p->last;
	return 0;
}

double
shut_perfect_chance(const struct shut_perfect *p, int seat)
{
	if (p == NULL || p->approx || p->fallback)
		return NAN;
	if (p->race != NULL)
		return shut_race_chance(p->race, seat);
	if (p->many != NULL)
		return shut_many_chance(p->many, seat);
	return p->match != NULL ? shut_match_chance(p->match, seat)
				: shut_round_chance(p->round, seat);
}

int
shut_perfect_solver(struct shut_perfect *p, const struct shut_game *g,
		    const struct shut_solver **sp)
{
	struct shut_objective o;
	struct shut_solver *s = NULL;
	struct shut_round_state st;
	size_t k;
	int rc;

	if (p == NULL || g == NULL || sp == NULL)
		return SHUT_EINVAL;
	if (p->match != NULL)
		return match_solver(p, g, sp);
	if (p->race != NULL)
		return race_solver(p, g, sp);
	if (p->many != NULL)
		return many_solver(p, g, sp);
	if (p->fallback)
		return plain_solver(p, g, sp);
	rc = shut_round_state_of(g, &st);
	if (rc < 0)
		return rc;
	rc = shut_round_objective(p->round, &st, &o);
	if (rc < 0)
		return rc;
	k = (size_t)shut_round_index(p->round, &st);
	if (p->kept[k] != NULL) {
		*sp = p->kept[k];
		return 0;
	}
	rc = shut_solver_new(&s, shut_round_rules(p->round), &o, &p->opt);
	if (rc < 0)
		return rc;
	if (p->bytes + shut_solver_bytes(s) > PERFECT_KEEP_BYTES)
		forget(p);
	p->kept[k] = s;
	p->bytes += shut_solver_bytes(s);
	*sp = s;
	return 0;
}

static int
perfect_dice(void *ctx, const struct shut_game *g, unsigned choices)
{
	const struct shut_solver *s;
	int rc = shut_perfect_solver(ctx, g, &s);

	if (rc < 0)
		return rc;
	return shut_solver_optimal.dice((void *)s, g, choices);
}

static int
perfect_move(void *ctx, const struct shut_game *g, uint32_t *move)
{
	const struct shut_solver *s;
	int rc = shut_perfect_solver(ctx, g, &s);

	if (rc < 0)
		return rc;
	return shut_solver_optimal.move((void *)s, g, move);
}

const struct shut_strategy shut_win_perfect = {
	.name = "perfect",
	.help = "perfect play for the best chance of winning the game",
	.dice = perfect_dice,
	.move = perfect_move,
	.policy = NULL,
};
