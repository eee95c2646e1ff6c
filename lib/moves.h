/*
 * moves.h - the move generator's list for a game, not public.
 *
 * A game lists the legal moves of each throw once, when the throw is made,
 * and keeps them (struct shut_game_memo, lib/game.c).  This is that list
 * written straight into the game's array, without a call per move.
 */
#ifndef MOVES_H
#define MOVES_H

#include <stdint.h>

#include "shut_moves.h"
#include "shut_rules.h"

/*
 * The legal moves of throw t (whose total, shut_throw_total(), the caller
 * has worked out) on board, as shut_moves_each() offers them and in its
 * order, written to out[0..cap-1].  Returns how many there are; cap + 1
 * when there are more than cap (the listing stops at the first past it,
 * and out[] holds the first cap); 0 when there is none.  rules and t are
 * the caller's, already checked.
 */
long shut__moves_list(const struct shut_rules *rules, uint32_t board,
		      const struct shut_throw *t, int total, int first,
		      uint32_t *out, long cap);

#endif
