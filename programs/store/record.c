/*
 * record.c - a stored game replayed through the library.
 *
 * The history keeps a game as its rules, its seats and its actions; what
 * the game was at any moment is worked out by replaying them, never read
 * from a cache.  The commands that read games (history, analyse) start
 * them here, so that a record is read back the same way everywhere.
 */
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
