/*
 * analysis.c - a played game weighed against perfect play.
 *
 * The record is replayed action by action.  Before each action of a seat
 * being analysed, the game is where the player was when choosing, so the
 * solver of the turn's objective is asked there: the ranking of the dice
 * counts before a dice count, the value of the count thrown before a
 * throw, and the ranking of the moves of the throw before a move.  What a
 * choice cost is the best's value less the value of the choice made; the
 * luck of a throw is the value of its best move (or of the turn ending, when
 * it allows none) less the value of the dice count thrown.  Those values
 * telescope: the value before each throw is the value of the choice made
 * just before it, so over a turn the luck less the costs is exactly the
 * change from the value of the turn's start to that of its end.
 *
 * A choice forced by the rules (one dice count, one legal move) is not a
 * decision: a dice count is not listed, the only move is, for the report
 * to follow the box, but counts for nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/* ---------------------------------------------------------------------
 * Objectives
 */

enum analysis_unit
analysis_unit(const struct shut_objective *obj)
{
	return obj->kind == SHUT_OBJECTIVE_EXPECTED ? ANALYSIS_POINTS
						    : ANALYSIS_CHANCE;
}

double
analysis_gain(const struct shut_objective *obj, double value)
{
	return obj->kind == SHUT_OBJECTIVE_EXPECTED ? -value : value;
}

/* Whether any seat after the roller is still in this round. */
static int
analysis_last(const struct shut_game *g)
{
	int i;

	for (i = g->turn + 1; i < g->nseats; i++)
		if (!g->seat[i].out)
			return 0;
	return 1;
}

/*
 * The T of beat:T for the roller, when the round being played decides the
 * game by the lowest total and the roller plays it last: the lowest total
 * of the others less the roller's own.  0 when that does not apply or
 * cannot be won (T would be 0 or less).  *tied is how many others have
 * that lowest total: a score of exactly T shares the win with them.
 */
static uint64_t
analysis_target(const struct shut_game *g, int *tied)
{
	const struct shut_rules *r = &g->rules;
	uint64_t own = g->seat[g->turn].total, low = UINT64_MAX;
	int i;

	*tied = 0;
	if (shut_rules_rounds_end(r) == 0 || g->round < r->rounds ||
	    !analysis_last(g))
		return 0;
	for (i = 0; i < g->nseats; i++) {
		if (i == g->turn || g->seat[i].out)
			continue;
		if (g->seat[i].total < low) {
			low = g->seat[i].total;
			*tied = 0;
		}
		if (g->seat[i].total == low)
			(*tied)++;
	}
	return low == UINT64_MAX || low <= own ? 0 : low - own;
}

void
analysis_objective(const struct shut_game *g, struct shut_objective *obj)
{
	int tied;
	uint64_t target = analysis_target(g, &tied);

	memset(obj, 0, sizeof(*obj));
	obj->kind = SHUT_OBJECTIVE_EXPECTED;
	if (target > 0) {
		obj->kind = SHUT_OBJECTIVE_BEAT;
		obj->target = target;
		obj->tie = 1.0 / (tied + 1);
	} else if (g->rules.shut == SHUT_SHUT_WIN &&
		   (g->nseats > 1 || g->rules.rounds == 0)) {
		obj->kind = SHUT_OBJECTIVE_SHUT;
	}
}

/* The value of a turn that ends with open left, as the solver has it. */
static double
analysis_terminal(const struct shut_rules *r, const struct shut_objective *obj,
		  uint32_t open)
{
	uint64_t score = shut_score(r, open);

	switch (obj->kind) {
	case SHUT_OBJECTIVE_SHUT:
		return open == 0 ? 1.0 : 0.0;
	case SHUT_OBJECTIVE_BEAT:
		return score < obj->target    ? 1.0
		       : score == obj->target ? obj->tie
					      : 0.0;
	case SHUT_OBJECTIVE_UTILITY:
		return obj->scores == 0 ? 0.0
					: obj->utility[score < obj->scores
							   ? score
							   : obj->scores - 1];
	case SHUT_OBJECTIVE_EXPECTED:
		break;
	}
	return (double)score;
}

/* ---------------------------------------------------------------------
 * Solvers, made once each
 */

void
analysis_init(struct analysis *a)
{
	memset(a, 0, sizeof(*a));
	a->biggest[0] = a->biggest[1] = -1;
}

static int
analysis_same(const struct shut_objective *x, const struct shut_objective *y)
{
	return x->kind == y->kind &&
	       (x->kind != SHUT_OBJECTIVE_BEAT ||
		(x->target == y->target && x->tie == y->tie));
}

void
analysis_lend(struct analysis *a, struct shut_solver *s)
{
	if (s == NULL || a->nsolvers >= ANALYSIS_SOLVERS)
		return;
	a->solver[a->nsolvers].s = s;
	a->solver[a->nsolvers++].owned = 0;
}

/*
 * The solver of obj for the rules being analysed: one held, or one made
 * now (in the last slot, when every slot is taken).
 */
static int
analysis_solver(struct analysis *a, const struct shut_objective *obj,
		const struct shut_solver **sp)
{
	struct shut_solver_options opt = { .max_bytes = a->max_bytes };
	struct analysis_solver *slot;
	struct shut_solver *s;
	int i, rc;

	for (i = 0; i < a->nsolvers; i++)
		if (analysis_same(shut_solver_objective(a->solver[i].s), obj) &&
		    shut_rules_equal(shut_solver_rules(a->solver[i].s),
				     &a->rules)) {
			*sp = a->solver[i].s;
			return 0;
		}
	rc = shut_solver_new(&s, &a->rules, obj, &opt);
	if (rc < 0) {
		char name[64];

		shut_objective_print(obj, name, sizeof(name));
		snprintf(a->why, sizeof(a->why),
			 "the rules cannot be solved for %s: %s", name,
			 shut_strerror(rc));
		return rc;
	}
	if (a->nsolvers == ANALYSIS_SOLVERS) {
		slot = &a->solver[ANALYSIS_SOLVERS - 1];
		if (slot->owned)
			shut_solver_free(slot->s);
	} else {
		slot = &a->solver[a->nsolvers++];
	}
	slot->s = s;
	slot->owned = 1;
	*sp = s;
	return 0;
}

void
analysis_release(struct analysis *a)
{
	int i;

	for (i = 0; i < a->nsolvers; i++)
		if (a->solver[i].owned)
			shut_solver_free(a->solver[i].s);
	free(a->step);
	free(a->turn);
	free(a->scratch);
	analysis_init(a);
}

/* ---------------------------------------------------------------------
 * Growing the lists
 */

/* Makes room for n choices in a->scratch. */
static int
analysis_room(struct analysis *a, size_t n)
{
	struct shut_choice *c;

	if (n <= a->scratch_cap)
		return 0;
	c = realloc(a->scratch, n * sizeof(*c));
	if (c == NULL)
		return SHUT_ENOMEM;
	a->scratch = c;
	a->scratch_cap = n;
	return 0;
}

/* Grows an array of *cap items of size to hold one more than n. */
static int
analysis_grow(void **items, size_t n, size_t *cap, size_t size)
{
	void *p;
	size_t want;

	if (n < *cap)
		return 0;
	want = *cap ? 2 * *cap : 64;
	p = realloc(*items, want * size);
	if (p == NULL)
		return SHUT_ENOMEM;
	*items = p;
	*cap = want;
	return 0;
}

/* A new step of the current turn, zeroed but for its place. */
static struct analysis_step *
analysis_step_new(struct analysis *a, enum analysis_kind kind, size_t action,
		  const struct shut_game *g)
{
	struct analysis_step *st;
	void *p = a->step;

	if (analysis_grow(&p, a->nsteps, &a->step_cap, sizeof(*st)) < 0)
		return NULL;
	a->step = p;
	st = &a->step[a->nsteps++];
	memset(st, 0, sizeof(*st));
	st->kind = kind;
	st->action = action;
	st->turn = a->nturns - 1;
	st->open = g->open;
	a->turn[a->nturns - 1].nsteps++;
	return st;
}

/* ---------------------------------------------------------------------
 * Weighing
 */

/* The ranking of the dice counts at g's position into a->scratch. */
static long
analysis_rank_dice(struct analysis *a, const struct shut_solver *s,
		   const struct shut_position *pos)
{
	long n = shut_solver_rank_dice(s, pos, NULL, 0);

	if (n <= 0)
		return n;
	if (analysis_room(a, (size_t)n) < 0)
		return SHUT_ENOMEM;
	return shut_solver_rank_dice(s, pos, a->scratch, (size_t)n);
}

/* The ranking of the moves of throw t at pos into a->scratch. */
static long
analysis_rank_moves(struct analysis *a, const struct shut_solver *s,
		    const struct shut_position *pos, const struct shut_throw *t)
{
	long n = shut_solver_rank_moves(s, pos, t, NULL, 0);

	if (n <= 0)
		return n;
	if (analysis_room(a, (size_t)n) < 0)
		return SHUT_ENOMEM;
	return shut_solver_rank_moves(s, pos, t, a->scratch, (size_t)n);
}

/* Sets what a choice (index played of n ranked) cost, in the turn's way. */
static void
analysis_cost(struct analysis *a, struct analysis_step *st, long played)
{
	const struct shut_objective *obj = &a->turn[st->turn].obj;

	st->best_value = a->scratch[0].v.value;
	st->value = a->scratch[played].v.value;
	st->cost =
	    analysis_gain(obj, st->best_value) - analysis_gain(obj, st->value);
	/* A tie broken the other way may round below zero. */
	if (st->cost < 0)
		st->cost = 0;
	st->error = st->cost >= ANALYSIS_TIE;
	a->turn[st->turn].cost += st->cost;
}

/* The index of the choice made among the n ranked, or -1. */
static long
analysis_find(const struct analysis *a, long n, int dice, uint32_t move)
{
	long i;

	for (i = 0; i < n; i++)
		if (a->scratch[i].dice == dice && a->scratch[i].move == move)
			return i;
	return -1;
}

/* A dice count chosen: weighed when the rules left a choice. */
static int
analysis_dice(struct analysis *a, const struct shut_solver *s,
	      const struct shut_game *g, size_t i, int dice)
{
	struct shut_position pos;
	struct analysis_step *st;
	long n, played;

	shut_position_of_game(&pos, g);
	n = analysis_rank_dice(a, s, &pos);
	if (n < 0)
		return (int)n;
	if (n < 2 || (played = analysis_find(a, n, dice, 0)) < 0)
		return 0;
	if ((st = analysis_step_new(a, ANALYSIS_DICE, i, g)) == NULL)
		return SHUT_ENOMEM;
	st->choices = n;
	st->dice = dice;
	st->best_dice = a->scratch[0].dice;
	analysis_cost(a, st, played);
	return 0;
}

/*
 * A move chosen: weighed when the throw allowed several, and listed (not
 * as a decision) when it was the only one, so that a report can be read.
 */
static int
analysis_move(struct analysis *a, const struct shut_solver *s,
	      const struct shut_game *g, size_t i, uint32_t move)
{
	struct shut_position pos;
	struct analysis_step *st;
	long n, played;

	shut_position_of_game(&pos, g);
	n = analysis_rank_moves(a, s, &pos, &g->last_throw);
	if (n < 0)
		return (int)n;
	if (n < 1 || (played = analysis_find(a, n, 0, move)) < 0)
		return 0;
	if ((st = analysis_step_new(a, ANALYSIS_MOVE, i, g)) == NULL)
		return SHUT_ENOMEM;
	st->thrown = g->last_throw;
	st->choices = n;
	st->move = move;
	st->best_move = a->scratch[0].move;
	analysis_cost(a, st, played);
	return 0;
}

/*
 * The value of throwing g->ndice dice at g's position: that of the count
 * among the ranked, or the position's own where the count is no choice.
 */
static int
analysis_before(struct analysis *a, const struct shut_solver *s,
		const struct shut_game *g, double *v)
{
	struct shut_position pos;
	struct shut_value val;
	long n, i;
	int rc;

	shut_position_of_game(&pos, g);
	n = analysis_rank_dice(a, s, &pos);
	if (n < 0)
		return (int)n;
	if ((i = analysis_find(a, n, g->ndice, 0)) >= 0) {
		*v = a->scratch[i].v.value;
		return 0;
	}
	if ((rc = shut_solver_value(s, &pos, &val)) < 0)
		return rc;
	*v = val.value;
	return 0;
}

/* A throw: its luck against the average throw of the dice thrown. */
static int
analysis_throw(struct analysis *a, const struct shut_solver *s,
	       const struct shut_game *g, size_t i, const struct shut_throw *t)
{
	struct analysis_turn *tu = &a->turn[a->nturns - 1];
	struct shut_position pos;
	struct analysis_step *st;
	double before = 0;
	long n;
	int rc;

	if ((rc = analysis_before(a, s, g, &before)) < 0)
		return rc;
	shut_position_of_game(&pos, g);
	n = analysis_rank_moves(a, s, &pos, t);
	if (n < 0)
		return (int)n;
	if ((st = analysis_step_new(a, ANALYSIS_THROW, i, g)) == NULL)
		return SHUT_ENOMEM;
	st->thrown = *t;
	st->before = before;
	st->after = n > 0 ? a->scratch[0].v.value
			  : analysis_terminal(&a->rules, &tu->obj, g->open);
	st->luck = analysis_gain(&tu->obj, st->after) -
		   analysis_gain(&tu->obj, st->before);
	tu->luck += st->luck;
	return 0;
}

/* ---------------------------------------------------------------------
 * Turns and the replay
 */

/*
 * A turn weighed by the chance of winning: the player to win's solver of
 * the roller's state, whose utility (the chance of winning for each score
 * of the turn) is its objective.  The utility table belongs to the player
 * and lasts while the turn does; analysis_sum() lets go of it.
 */
static int
analysis_win_turn(struct analysis *a, const struct shut_game *g,
		  struct analysis_turn *tu, const struct shut_solver **sp)
{
	struct shut_position pos;
	struct shut_value v;
	int rc;

	rc = shut_perfect_solver(a->perfect, g, sp);
	if (rc < 0) {
		snprintf(a->why, sizeof(a->why),
			 "the chance of winning cannot be worked out in round "
			 "%ld: %s",
			 g->round, shut_strerror(rc));
		return rc;
	}
	tu->obj = *shut_solver_objective(*sp);
	shut_position_of_game(&pos, g);
	if ((rc = shut_solver_value(*sp, &pos, &v)) < 0)
		return rc;
	tu->start = v.value;
	return 0;
}

/* Starts the turn of g->turn, under its objective, valued where it is. */
static int
analysis_turn_new(struct analysis *a, const struct shut_game *g,
		  const struct shut_solver **sp)
{
	struct analysis_turn *tu;
	struct shut_position pos;
	struct shut_value v;
	void *p = a->turn;
	int rc;

	if (analysis_grow(&p, a->nturns, &a->turn_cap, sizeof(*tu)) < 0)
		return SHUT_ENOMEM;
	a->turn = p;
	tu = &a->turn[a->nturns++];
	memset(tu, 0, sizeof(*tu));
	tu->seat = g->turn;
	tu->round = g->round;
	tu->first = a->nsteps;
	if (a->perfect != NULL)
		return analysis_win_turn(a, g, tu, sp);
	if (a->forced)
		tu->obj = a->force;
	else
		analysis_objective(g, &tu->obj);
	shut_position_of_game(&pos, g);
	if ((rc = analysis_solver(a, &tu->obj, sp)) < 0 ||
	    (rc = shut_solver_value(*sp, &pos, &v)) < 0)
		return rc;
	/*
	 * A chance that is none whatever the player does (a tile no throw
	 * shuts) tells no choice from another: the turn is weighed for the
	 * lowest expected score instead, as a player would then play it.
	 */
	if (!a->forced && tu->obj.kind != SHUT_OBJECTIVE_EXPECTED &&
	    v.value == 0.0) {
		memset(&tu->obj, 0, sizeof(tu->obj));
		tu->obj.kind = SHUT_OBJECTIVE_EXPECTED;
		if ((rc = analysis_solver(a, &tu->obj, sp)) < 0 ||
		    (rc = shut_solver_value(*sp, &pos, &v)) < 0)
			return rc;
	}
	tu->start = v.value;
	return 0;
}

/* Weighs action act of the roller of g, before it is applied. */
static int
analysis_weigh(struct analysis *a, const struct shut_solver *s,
	       const struct shut_game *g, size_t i,
	       const struct shut_action *act)
{
	switch (act->kind) {
	case SHUT_ACT_DICE:
		return analysis_dice(a, s, g, i, act->dice);
	case SHUT_ACT_THROW:
		return analysis_throw(a, s, g, i, &act->thrown);
	case SHUT_ACT_MOVE:
		return analysis_move(a, s, g, i, act->move);
	case SHUT_ACT_LEAVE:
		break;
	}
	return 0;
}

/* Ends the current turn with the tiles left, and books it to its seat. */
static void
analysis_turn_end(struct analysis *a, uint32_t left)
{
	struct analysis_turn *tu = &a->turn[a->nturns - 1];

	tu->complete = 1;
	tu->left = left;
	tu->end = analysis_terminal(&a->rules, &tu->obj, left);
}

/* The seats' figures and the biggest mistakes, from the steps. */
static void
analysis_sum(struct analysis *a)
{
	size_t i;

	for (i = 0; i < a->nturns; i++) {
		a->seat[a->turn[i].seat].turns++;
		/* The player to win's table outlives no turn. */
		a->turn[i].obj.utility = NULL;
		a->turn[i].obj.scores = 0;
	}
	for (i = 0; i < a->nsteps; i++) {
		const struct analysis_step *st = &a->step[i];
		const struct analysis_turn *tu = &a->turn[st->turn];
		struct analysis_seat *seat = &a->seat[tu->seat];
		enum analysis_unit u = analysis_unit(&tu->obj);

		if (st->kind == ANALYSIS_THROW) {
			seat->luck[u] += st->luck;
			continue;
		}
		if (st->choices < 2)
			continue;
		seat->decisions[u]++;
		seat->cost[u] += st->cost;
		if (!st->error)
			continue;
		seat->errors[u]++;
		if (a->biggest[u] < 0 || st->cost > a->step[a->biggest[u]].cost)
			a->biggest[u] = (long)i;
	}
}

/* Clears the result of an earlier run, keeping the memory and solvers. */
static void
analysis_clear(struct analysis *a, const struct shut_rules *rules, int nseats,
	       const int *analysed)
{
	int i;

	a->rules = *rules;
	a->nseats = nseats;
	a->nsteps = a->nturns = 0;
	a->biggest[0] = a->biggest[1] = -1;
	a->why[0] = '\0';
	memset(a->seat, 0, sizeof(a->seat));
	for (i = 0; i < nseats && i < SHUT_SEATS_MAX; i++)
		a->seat[i].analysed = analysed[i] != 0;
}

/* The tiles a turn leaves when act, made at g, ends it. */
static uint32_t
analysis_left(const struct shut_game *g, const struct shut_action *act)
{
	return act->kind == SHUT_ACT_MOVE ? g->open & ~act->move : g->open;
}

int
analysis_run(struct analysis *a, const struct shut_rules *rules, int nseats,
	     const int *analysed, const struct shut_action *act, size_t n)
{
	static struct shut_game g;
	const struct shut_solver *s = NULL;
	const int ends =
	    (int)(SHUT_EV(SHUT_EVENT_TURN_END) | SHUT_EV(SHUT_EVENT_LOSE));
	int open = 0, rc; /* open: a turn of an analysed seat is going on */
	size_t i;

	analysis_clear(a, rules, nseats, analysed);
	if (rules->mode == SHUT_MODE_BATTLE) {
		snprintf(a->why, sizeof(a->why),
			 "a battle is not analysed: its value is the whole "
			 "game's, not a turn's");
		return SHUT_EMODE;
	}
	if ((rc = shut_game_init(&g, rules, nseats)) < 0) {
		snprintf(a->why, sizeof(a->why),
			 "the game cannot be set up: %s", shut_strerror(rc));
		return rc;
	}
	for (i = 0; i < n && g.need != SHUT_NEED_NONE; i++) {
		uint32_t left = analysis_left(&g, &act[i]);
		int mine =
		    act[i].kind != SHUT_ACT_LEAVE && a->seat[g.turn].analysed;

		if (mine && !open) {
			if ((rc = analysis_turn_new(a, &g, &s)) < 0)
				break;
			open = 1;
		}
		if (mine && (rc = analysis_weigh(a, s, &g, i, &act[i])) < 0)
			break;
		rc = shut_game_act(&g, &act[i], NULL);
		if (rc < 0) {
			snprintf(a->why, sizeof(a->why),
				 "action %zu of the record does not fit the "
				 "game",
				 i + 1);
			return rc;
		}
		/* A turn its player leaves stops there, unfinished. */
		if (open && act[i].kind == SHUT_ACT_LEAVE)
			open = act[i].seat != a->turn[a->nturns - 1].seat &&
			       g.need != SHUT_NEED_NONE;
		else if (open && (rc & ends)) {
			analysis_turn_end(a, left);
			open = 0;
		}
		rc = 0;
	}
	if (rc < 0) {
		if (a->why[0] == '\0')
			snprintf(a->why, sizeof(a->why), "%s",
				 shut_strerror(rc));
		return rc;
	}
	a->over = g.need == SHUT_NEED_NONE;
	analysis_sum(a);
	return 0;
}
