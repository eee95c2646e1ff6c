/*
 * game.h - what the game kept of a throw, for the library's players.
 *
 * Not public: the strategies of strategy.c and the solver's players read
 * the moves the game listed when the throw was made (struct
 * shut_game_memo) through these, instead of listing them again.  The
 * checks of the memo's key are inline, since a game's step makes two at
 * every move (the player's, and the game's of the move it is given).
 */
#ifndef GAME_H
#define GAME_H

#include <stdint.h>
#include <string.h>

#include "shut_error.h"
#include "shut_game.h"
#include "shut_rules.h"

/*
 * The tiles the roller may change: shut_game_board() without its check
 * of the pointer, for the library's own calls.
 */
static inline uint32_t
shut__game_board(const struct shut_game *g)
{
	if (g->rules.mode == SHUT_MODE_BATTLE && g->turn == 1)
		return shut_rules_start(&g->rules) & ~g->open;
	return g->open;
}

/*
 * The moves the memo holds for the throw the game needs a move for, or
 * NULL when it holds none for it (a count out of range included): the
 * memo's key (the board, the first-throw flag, the throw) must be the
 * game's.  Inline, as it is asked twice at every move of a game.
 */
static inline const struct shut_game_memo *
shut__game_memo(const struct shut_game *g)
{
	const struct shut_game_memo *m = &g->memo;

	/*
	 * The game keeps a throw whole in the memo and in last_throw, with 0
	 * past the dice thrown (act_throw()), so a throw of the memo's is the
	 * game's byte for byte (a game changed by hand is at worst listed
	 * afresh).
	 */
	if (g->need != SHUT_NEED_MOVE || m->nmoves < 1 ||
	    m->nmoves > SHUT_GAME_MOVES_KEPT || m->first != g->first ||
	    m->board != shut__game_board(g) ||
	    memcmp(&m->thrown, &g->last_throw, sizeof(m->thrown)) != 0)
		return NULL;
	return m;
}

/*
 * Under SHUT_NEED_MOVE: the legal moves of the latest throw as the game
 * listed them when the throw was made, in the order of shut_moves_each().
 * Sets *moves to the game's own list and returns how many there are (at
 * least 1); returns -1 when the game did not keep them (more than
 * SHUT_GAME_MOVES_KEPT, or a game changed by hand), and the caller lists
 * them itself; SHUT_ESTATE when no move is needed, SHUT_EINVAL for a null
 * argument.  The list lives in the game and changes with its next action.
 */
static inline long
shut__game_moves_kept(const struct shut_game *g, const uint32_t **moves)
{
	const struct shut_game_memo *m;

	if (g == NULL || moves == NULL)
		return SHUT_EINVAL;
	if (g->need != SHUT_NEED_MOVE)
		return SHUT_ESTATE;
	m = shut__game_memo(g);
	if (m == NULL)
		return -1;
	*moves = m->moves;
	return m->nmoves;
}

/*
 * Under SHUT_NEED_MOVE: offers each legal move of the latest throw to fn,
 * in the order of shut_moves_each() (from the game's list when it kept
 * one), and returns how many it offered, as shut_moves_each() does.
 */
long shut__game_moves_each(const struct shut_game *g, shut_move_fn fn,
			   void *ctx);

/*
 * shut__game_at() puts the roller of a standard game at board open, about
 * to throw (first: the turn's first throw), as a move that left open would
 * (or the turn's start, with first): the dice counts worked out afresh,
 * then a choice of dice or the throw needed.  The compiled simulator
 * (sim_compiled.c) asks its player from there what it would do.
 */
void shut__game_at(struct shut_game *g, uint32_t open, int first);

#endif
