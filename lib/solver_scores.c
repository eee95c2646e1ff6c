/*
 * solver_scores.c - the distribution of a turn's final score, played the
 * solver's way.
 *
 * Playing to win needs more than the value of a turn: the chance of each
 * score, since the later players' chances depend on it.  The policy is
 * followed forward: the chance of reaching each state, taken in
 * decreasing index order (every move shuts a tile, so a state is final
 * once the states above it are done), is shared out over the throw
 * classes of the solver's dice count, each to the state after the
 * solver's move (the first of shut_solver_rank_moves(), so that what is
 * counted is what the computer players play), or to the score of the
 * state when the class allows no move.
 */
#include <stdlib.h>
#include <string.h>

#include "shut_error.h"
#include "solver.h"

/* The dice count the solver throws at a position. */
static int
policy_dice(const struct shut_solver *s, const struct shut_position *pos)
{
	unsigned choices = shut_dice_choices(&s->rules, pos->open);
	struct shut_choice c;
	int d;

	if (!(choices & (choices - 1))) {
		for (d = 1; d <= SHUT_DICE_MAX && !(choices & (1u << d)); d++)
			;
		return d;
	}
	if (shut_solver_rank_dice(s, pos, &c, 1) < 1)
		return 0;
	return c.dice;
}

/* Shares out the chance m of state index over its throws. */
static void
policy_state(const struct shut_solver *s, uint32_t index, double m,
	     double *mass, double *dist, size_t scores, double *miss)
{
	struct shut_position pos = { shut__spread(s, index), 0, 0 };
	int d = policy_dice(s, &pos);
	int first = s->below == s->start && index == shut__squeeze(s, s->start);
	double moved = 0.0;
	uint64_t x;

	if (d >= 1 && d <= s->rules.dice) {
		const struct shut__dice *dd = &s->dice[d];

		for (size_t i = 0; i < dd->n; i++) {
			const struct shut__class *c =
			    &s->classes[dd->first + i];
			struct shut_choice ch;

			if (c->prob == 0.0)
				continue;
			if (shut_solver_rank_moves(s, &pos, &c->rep, &ch, 1) <
			    1) {
				/* A miss that loses is no score. */
				if (miss != NULL && shut__missed(s, c, first)) {
					*miss += m * c->prob;
					moved += c->prob;
				}
				continue;
			}
			mass[index - shut__squeeze(s, ch.move)] += m * c->prob;
			moved += c->prob;
		}
	}
	if (moved >= 1.0)
		return;
	x = shut__score(s, index);
	dist[shut__entry(s, x, scores)] += m * (1.0 - moved);
}

int
shut_solver_scores(const struct shut_solver *s, uint32_t open, double *dist,
		   size_t scores)
{
	return shut_solver_outcomes(s, open, dist, scores, NULL);
}

int
shut_solver_outcomes(const struct shut_solver *s, uint32_t open, double *dist,
		     size_t scores, double *miss)
{
	double *mass;
	uint32_t top;

	if (s == NULL || dist == NULL || scores == 0)
		return SHUT_EINVAL;
	if (s->battle || s->width < 2)
		return SHUT_EMODE;
	if (open & ~s->below)
		return SHUT_ETILES;
	top = shut__squeeze(s, open);
	mass = calloc((size_t)top + 1, sizeof(double));
	if (mass == NULL)
		return SHUT_ENOMEM;
	memset(dist, 0, scores * sizeof(double));
	if (miss != NULL)
		*miss = 0.0;
	mass[top] = 1.0;
	for (uint32_t i = top; i > 0; i--)
		if (mass[i] != 0.0)
			policy_state(s, i, mass[i], mass, dist, scores, miss);
	dist[0] += mass[0];
	free(mass);
	return 0;
}
