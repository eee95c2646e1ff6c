/*
 * record.c - a stored game replayed through the library.
 *
 * The history keeps a game as its rules, its seats and its actions; what
 * the game was at any moment is worked out by replaying them, never read
 * from a cache.  The commands that read games (history, analyse) start
 * them here, so that a record is read back the same way everywhere; and
 * the history works out a finished game's figures here, for its results.
 */
#include <string.h>

#include "store/store.h"

int
store_game_start(const struct store_game *sg, struct shut_rules *r,
		 struct shut_game *g)
{
	if (shut_rules_parse(r, sg->spec, NULL, 0) < 0)
		return -1;
	return shut_game_init(g, r, sg->nseats) < 0 ? -1 : 0;
}

int
store_game_replay(const struct store_game *sg, struct shut_rules *r,
		  struct shut_game *g)
{
	if (shut_rules_parse(r, sg->spec, NULL, 0) < 0)
		return -1;
	return shut_game_replay(g, r, sg->nseats, sg->action, sg->nactions,
				NULL) < 0
		   ? -1
		   : 0;
}

/* Books a turn's end; a battle scores no turns. */
static void
figures_turn(struct store_figures *f, const struct shut_event *e,
	     const struct shut_rules *rules)
{
	if (rules->mode != SHUT_MODE_BATTLE) {
		if (f->turns == 0 || e->score < f->best)
			f->best = e->score;
		f->scored += e->score;
	}
	f->turns++;
}

int
store_game_figures(const struct store_game *sg, struct shut_game *g,
		   struct store_figures *f)
{
	static struct shut_events ev;
	struct shut_rules rules;

	memset(f, 0, sizeof(*f) * SHUT_SEATS_MAX);
	if (store_game_start(sg, &rules, g) < 0)
		return -1;
	for (size_t i = 0; i < sg->nactions; i++) {
		if (shut_game_act(g, &sg->action[i], &ev) < 0)
			return -1;
		for (int j = 0; j < ev.n; j++) {
			const struct shut_event *e = &ev.ev[j];

			if (e->kind == SHUT_EVENT_TURN_END)
				figures_turn(&f[e->seat], e, &rules);
			if (e->kind == SHUT_EVENT_WIN)
				f[e->seat].cents += e->cents;
		}
	}
	if (g->need != SHUT_NEED_NONE)
		return -1;
	for (int j = 0; j < sg->nseats; j++)
		f[j].cents -= g->nwinners ? rules.stake : 0;
	return 0;
}
