/*
 * solver_generic.c - the solver's generic path, and its rule for ties.
 *
 * Any rule set can be solved by asking the rules engine itself: for each
 * dice count allowed at a state, for each class of throws of that many
 * dice (solver_throws.c), shut_moves_each() lists the legal moves of a
 * throw of the class, and the best of them (ties broken below) gives the
 * class its value.  This path solves the rules that read the faces
 * (dice-or-sum, one-tile), the first throw at the start state under a
 * first-throw rule, and the hint's dice advice; the tests use it, on every
 * state, as the reference for the fast path of solver_table.c.
 *
 * The tie rule lives here too, for both paths: the best value is the
 * exact maximum; the moves within SHUT_SOLVER_EPSILON of it (relative)
 * are tied; among them the best tie-breaking slot wins, within the same
 * epsilon; then the fewer tiles; then the higher tile.  Walking the tied
 * moves in two passes (the best slot 1, then the preferred move) makes the
 * result independent of the order the moves come in.
 */
#include <math.h>
#include <string.h>

#include "shut_error.h"
#include "solver.h"

/* ---------------------------------------------------------------------
 * Ties
 */

/*
 * Whether move a is preferred to move b when their values tie: fewer
 * tiles, then the higher tile.  On equal counts the sorted lists of tiles
 * compare from the top like the masks as numbers; squeezed masks keep the
 * order of tiles, so this holds for indices too.
 */
int
shut__prefer(uint32_t a, uint32_t b)
{
	int ca = shut__popcount(a), cb = shut__popcount(b);

	if (ca != cb)
		return ca < cb;
	return a > b;
}

/*
 * One move of a tie (struct shut__tie in solver.h): the moves whose slot 0
 * is within the epsilon of the best (pstar) are candidates; pass 0 finds
 * the best slot 1 among them, pass 1 the preferred move among those whose
 * slot 1 ties with it.
 */
void
shut__tie_visit(struct shut__tie *t, uint32_t m)
{
	uint32_t next = t->index - m;
	double v0 = *shut__slot(t->s, next, 0), v1;

	if (!shut__within(v0, t->pstar, SHUT_SOLVER_EPSILON))
		return;
	v1 = *shut__slot(t->s, next, 1);
	if (t->pass == 0) {
		if (!t->have || v1 > t->sstar)
			t->sstar = v1;
		t->have = 1;
		return;
	}
	if (!shut__within(v1, t->sstar, SHUT_SOLVER_EPSILON))
		return;
	if (t->have == 1 || shut__prefer(m, t->best))
		t->best = m;
	t->have = 2;
}

/* ---------------------------------------------------------------------
 * The generic path: throw classes and the rules engine's moves
 */

struct pick {
	struct shut__tie tie;
	double p1, p2;
	uint32_t m1;
	int any;
};

static int
pick_visit(void *ctx, uint32_t move)
{
	struct pick *pk = ctx;
	uint32_t m = shut__squeeze(pk->tie.s, move);
	double p = *shut__slot(pk->tie.s, pk->tie.index - m, 0);

	if (!pk->any || p > pk->p1) {
		pk->p2 = pk->any ? pk->p1 : -HUGE_VAL;
		pk->p1 = p;
		pk->m1 = m;
	} else if (p > pk->p2) {
		pk->p2 = p;
	}
	pk->any = 1;
	return 0;
}

static int
tie_visit_move(void *ctx, uint32_t move)
{
	struct pick *pk = ctx;

	shut__tie_visit(&pk->tie, shut__squeeze(pk->tie.s, move));
	return 0;
}

/*
 * The values of throwing d dice at a state (first throw at the start
 * state): the sum over the classes of d dice of their probability times
 * the record of the best move, or of the end of the turn.
 */
void
shut__dice_value(const struct shut_solver *s, uint32_t index, int d,
		 double out[SOLVER_SLOTS_MAX])
{
	const struct shut__dice *dd = &s->dice[d];
	uint32_t open = shut__spread(s, index);
	int first =
	    s->below == s->start && index == ((UINT32_C(1) << s->n) - 1);
	double term[SOLVER_SLOTS_MAX], acc[SOLVER_SLOTS_MAX] = { 0, 0, 0 };
	double tmass = 0.0, miss = 0.0;

	shut__terminal(s, index, term);
	for (size_t i = 0; i < dd->n; i++) {
		const struct shut__class *c = &s->classes[dd->first + i];
		struct pick pk;

		memset(&pk, 0, sizeof(pk));
		pk.tie.s = s;
		pk.tie.index = index;
		shut_moves_each(&s->rules, open, &c->rep, first, pick_visit,
				&pk);
		if (!pk.any) {
			if (s->lose && shut__missed(s, c, first))
				miss += c->prob;
			else
				tmass += c->prob;
			continue;
		}
		if (s->width > 1 &&
		    shut__within(pk.p2, pk.p1, SHUT_SOLVER_EPSILON)) {
			pk.tie.pstar = pk.p1;
			for (pk.tie.pass = 0; pk.tie.pass < 2; pk.tie.pass++)
				shut_moves_each(&s->rules, open, &c->rep, first,
						tie_visit_move, &pk);
			pk.m1 = pk.tie.best;
		}
		acc[0] += c->prob * pk.p1;
		for (int k = 1; k < s->width; k++)
			acc[k] += c->prob * *shut__slot(s, index - pk.m1, k);
	}
	for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
		out[k] = acc[k] + tmass * term[k];
	/* A miss that loses: worth the miss, scored as the turn's end. */
	if (miss > 0.0) {
		out[0] += miss * s->miss;
		for (int k = 1; k < SOLVER_SLOTS_MAX; k++)
			out[k] += miss * term[k];
	}
}

/*
 * Writes to out the record of the best of the dice counts in choices,
 * given the values vals[d] of each: the best slot 0, ties to slot 1, then
 * the fewer dice.
 */
void
shut__best_dice(const struct shut_solver *s, unsigned choices,
		double vals[][SOLVER_SLOTS_MAX], double *out)
{
	double pstar = -HUGE_VAL, sstar = -HUGE_VAL;
	int best = 0;

	if (!(choices & (choices - 1))) {
		for (best = 1; !(choices & (1u << best)); best++)
			;
		for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
			out[k] = vals[best][k];
		return;
	}
	for (int d = 1; d <= s->rules.dice; d++)
		if ((choices & (1u << d)) && vals[d][0] > pstar)
			pstar = vals[d][0];
	for (int d = 1; d <= s->rules.dice; d++)
		if ((choices & (1u << d)) &&
		    shut__within(vals[d][0], pstar, SHUT_SOLVER_EPSILON) &&
		    vals[d][1] > sstar)
			sstar = vals[d][1];
	for (int d = 1; d <= s->rules.dice && !best; d++)
		if ((choices & (1u << d)) &&
		    shut__within(vals[d][0], pstar, SHUT_SOLVER_EPSILON) &&
		    shut__within(vals[d][1], sstar, SHUT_SOLVER_EPSILON))
			best = d;
	out[0] = pstar;
	for (int k = 1; k < SOLVER_SLOTS_MAX; k++)
		out[k] = vals[best][k];
}

/* The generic path for one state. */
void
shut__generic_state(struct shut_solver *s, uint32_t index)
{
	double vals[SHUT_DICE_MAX + 1][SOLVER_SLOTS_MAX];
	double rec[SOLVER_SLOTS_MAX];
	unsigned choices;

	if (index == 0) {
		shut__terminal(s, 0, rec);
		shut__put(s, 0, rec);
		return;
	}
	choices = shut_dice_choices(&s->rules, shut__spread(s, index));
	for (int d = 1; d <= s->rules.dice; d++)
		if (choices & (1u << d))
			shut__dice_value(s, index, d, vals[d]);
	shut__best_dice(s, choices, vals, rec);
	shut__put(s, index, rec);
}
