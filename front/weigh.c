/*
 * weigh.c - the analysis of a game in words: choices weighed against
 * perfect play, the luck of throws, the summary of a player.
 *
 * Every figure is in the unit of its objective: points of expected score
 * ("pts") where the objective is the lowest expected score, percentage
 * points of a chance ("pp") where it is the chance to shut the box or to
 * score under a target.  A cost is never negative; luck has a sign, turned
 * the player's way (+ helped, - hurt), whatever the unit.
 */
#include <math.h>
#include <stdio.h>

#include "front.h"

void
front_objective(struct front_text *t, const struct shut_objective *obj)
{
	switch (obj->kind) {
	case SHUT_OBJECTIVE_EXPECTED:
		front_printf(t, "the lowest expected score");
		return;
	case SHUT_OBJECTIVE_SHUT:
		front_printf(t, "the best chance to shut the box");
		return;
	case SHUT_OBJECTIVE_BEAT:
		front_printf(t, "the best chance to score less than %llu",
			     (unsigned long long)obj->target);
		if (obj->tie > 0)
			front_printf(t, " (exactly %llu shares the win)",
				     (unsigned long long)obj->target);
		return;
	case SHUT_OBJECTIVE_UTILITY:
		front_printf(t, "the best chance to win the game");
		return;
	}
}

void
front_value(struct front_text *t, int chance, double v)
{
	front_sig3(t, chance ? 100 * v : v);
	if (chance)
		front_printf(t, "%%");
}

void
front_amount(struct front_text *t, int chance, double v, int sign)
{
	double shown = chance ? 100 * v : v;

	/* What rounding leaves of a tie is nothing. */
	if (fabs(v) < 5e-10)
		shown = 0;
	if (sign && shown > 0)
		front_printf(t, "+");
	if (shown == 0)
		front_printf(t, "0");
	else
		front_sig3(t, shown);
	front_printf(t, " %s", chance ? "pp" : "pts");
}

/* "1 die", "2 dice". */
static void
front_dice_count(struct front_text *t, int d)
{
	front_printf(t, "%d %s", d, d == 1 ? "die" : "dice");
}

void
front_weighed_throw(struct front_text *t, int chance, uint32_t open,
		    const struct shut_throw *th, double before, double after,
		    double luck)
{
	front_tiles(t, open);
	front_printf(t, " open, threw ");
	front_throw(t, th);
	front_printf(t, ": luck ");
	front_amount(t, chance, luck, 1);
	front_printf(t, " (");
	front_value(t, chance, before);
	front_printf(t, " -> ");
	front_value(t, chance, after);
	front_printf(t, ")");
}

void
front_weighed_choice(struct front_text *t, int chance,
		     const struct front_weighed *w)
{
	if (w->move == 0 && w->best_move == 0) {
		front_printf(t, "chose ");
		front_dice_count(t, w->dice);
	} else {
		front_printf(t, "%s ", w->opener ? "opened" : "shut");
		front_move(t, w->move);
	}
	if (w->choices == 1) {
		front_printf(t, ", the only move");
		return;
	}
	if (!w->error) {
		front_printf(t, ", the best of %ld", w->choices);
		return;
	}
	front_printf(t, ", best ");
	if (w->move == 0 && w->best_move == 0)
		front_dice_count(t, w->best_dice);
	else
		front_move(t, w->best_move);
	front_printf(t, " (of %ld): cost ", w->choices);
	front_amount(t, chance, w->cost, 0);
}

void
front_weighed_turn(struct front_text *t, int chance, int complete, double start,
		   double end, uint32_t left, double luck, double cost)
{
	if (!complete) {
		front_printf(t, "the turn did not end");
		return;
	}
	front_printf(t, "the turn: ");
	front_value(t, chance, start);
	front_printf(t, " -> ");
	front_value(t, chance, end);
	front_printf(t, " (");
	if (left == 0)
		front_printf(t, "the box shut");
	else {
		front_tiles(t, left);
		front_printf(t, " left");
	}
	front_printf(t, "): luck ");
	front_amount(t, chance, luck, 1);
	front_printf(t, ", cost ");
	front_amount(t, chance, cost, 0);
}

void
front_weighed_seat(struct front_text *t, const char *name, int units,
		   int chance, const struct front_figures *f)
{
	if (units == 0) {
		front_printf(t, "%s: no turn played", name);
		return;
	}
	front_printf(t, "%s%s: ", name,
		     units < 2 ? ""
		     : chance  ? " (chances)"
			       : " (scores)");
	front_printf(t, "%ld decision%s, %ld error%s", f->decisions,
		     f->decisions == 1 ? "" : "s", f->errors,
		     f->errors == 1 ? "" : "s");
	if (f->errors > 0) {
		front_printf(t, " costing ");
		front_amount(t, chance, f->cost, 0);
	}
	if (f->decisions > 0) {
		front_printf(t, "; rating ");
		front_amount(t, chance, f->cost / (double)f->decisions, 0);
		front_printf(t, " a decision");
	}
	front_printf(t, "; luck ");
	front_amount(t, chance, f->luck, 1);
}

void
front_weighed_mistake(struct front_text *t, const struct shut_rules *r,
		      const struct front_mistake *m)
{
	int chance = m->obj->kind != SHUT_OBJECTIVE_EXPECTED;

	front_printf(t, "The biggest mistake: round %ld, %s, playing for ",
		     m->round, m->name);
	front_objective(t, m->obj);
	front_printf(t, ":\n  ");
	front_box(t, r, m->open);
	front_printf(t, "\n  with ");
	front_tiles(t, m->open);
	front_printf(t, " open");
	if (m->thrown != NULL) {
		front_printf(t, " and a throw of ");
		front_throw(t, m->thrown);
	}
	front_printf(t, ", ");
	front_weighed_choice(t, chance, &m->w);
	front_printf(t, ".\n");
}

void
front_weighed_legend(struct front_text *t, int by_win,
		     const struct shut_objective *forced)
{
	/* The marks start a paragraph: a * wrapped to a line's end alone
	 * would not say what it marks. */
	static const char marks[] =
	    "A * marks a mistake; luck is + for a throw that helped.\n";

	if (by_win) {
		front_printf(t,
			     "Each choice against play to win; pp are "
			     "percentage points of the chance to win.\n%s",
			     marks);
		return;
	}
	if (forced == NULL) {
		front_printf(t,
			     "Each choice against perfect play, under the "
			     "objective of its turn; pts are points of "
			     "expected score, pp percentage points of a "
			     "chance.\n%s",
			     marks);
		return;
	}
	front_printf(t, "Every turn is weighed for ");
	front_objective(t, forced);
	/* One objective, one unit: only it is said. */
	front_printf(t, ".\nEach choice against perfect play; %s.\n%s",
		     forced->kind == SHUT_OBJECTIVE_EXPECTED
			 ? "pts are points of expected score"
			 : "pp are percentage points of the chance",
		     marks);
}

void
front_weighed_heading(struct front_text *t, long round, const char *name,
		      const struct shut_objective *obj)
{
	front_printf(t, "Round %ld: %s, playing for ", round, name);
	front_objective(t, obj);
	front_printf(t, "\n");
}

void
front_weighed_clean(struct front_text *t, long decisions)
{
	front_printf(t, decisions > 0
			    ? "No mistakes: every choice was the best.\n"
			    : "No choice to weigh: none was made.\n");
}

void
front_weighed_by_win(struct front_text *t, const char *fallback)
{
	if (fallback == NULL)
		front_printf(t, "Weighed by the chance of winning the game: "
				"each value is the player's chance "
				"to win when the rest is played to win.\n");
	else
		front_printf(t,
			     "Weighed by each turn's own objective, not "
			     "the chance of winning: %s.\n",
			     fallback);
}

void
front_box(struct front_text *t, const struct shut_rules *r, uint32_t open)
{
	int w = r->tile_hi >= 10 ? 2 : 1;
	int tile;

	front_printf(t, "tiles ");
	for (tile = r->tile_lo; tile <= r->tile_hi; tile++) {
		if (open & SHUT_TILE(tile))
			front_printf(t, " %*d", w, tile);
		else
			front_printf(t, " %*s", w, "-");
	}
}
