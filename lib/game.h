/*
 * game.h - what the game kept of a throw, for the library's players.
 *
 * Not public: the strategies of strategy.c and the solver's players read
 * the moves the game listed when the throw was made (struct
 * shut_game_memo) through these, instead of listing them again.
 */
#ifndef GAME_H
#define GAME_H

#include <stdint.h>

#include "shut_game.h"

/*
 * Under SHUT_NEED_MOVE: the legal moves of the latest throw as the game
 * listed them when the throw was made, in the order of shut_moves_each().
 * Sets *moves to the game's own list and returns how many there are (at
 * least 1); returns -1 when the game did not keep them (more than
 * SHUT_GAME_MOVES_KEPT, or a game changed by hand), and the caller lists
 * them itself; SHUT_ESTATE when no move is needed, SHUT_EINVAL for a null
 * argument.  The list lives in the game and changes with its next action.
 */
long shut__game_moves_kept(const struct shut_game *g, const uint32_t **moves);

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
