/*
 * moves.h - the move generator's parts for a game, not public.
 *
 * A game lists the legal moves of each throw once, when the throw is made,
 * and keeps them (struct shut_game_memo, lib/game.c): shut__moves_list()
 * is that list written straight into the game's array, without a call per
 * move.  And it works out the dice counts of every board it reaches:
 * shut__dice_choices() is shut_dice_choices() inline.
 */
#ifndef MOVES_H
#define MOVES_H

#include <stdint.h>

#include "bits.h"
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

/*
 * The counts of fewer dice than all (bits 1..n-1 of the answer) that the
 * fewer-dice rule allows on a non-empty board.  The two rules that measure
 * the board (its highest tile, its sum) allow d dice when d dice can
 * reach that far, faces * d at least the measure; that holds from some
 * count up, so the counts from the lowest that reaches it up to n - 1 are
 * allowed together.  The highest tile is within reach of faces * d when
 * no tile lies above it, a shift; the sum is taken once.
 */
static inline unsigned
fewer_allowed(const struct shut_rules *rules, uint32_t board, int n)
{
	unsigned below_all = (1u << n) - 2u; /* the counts 1..n-1 */
	int d = 1, sum;

	switch (rules->fewer) {
	case SHUT_FEWER_HIGH_SHUT:
		while (d < n && rules->faces * d < SHUT_TILES_MAX &&
		       (board >> (rules->faces * d)) != 0)
			d++;
		break;
	case SHUT_FEWER_LOW_SUM:
		sum = sum_tiles(board);
		while (d < n && rules->faces * d < sum)
			d++;
		break;
	case SHUT_FEWER_LONE_ONE:
		return board == SHUT_TILE(1) ? below_all & 2u : 0;
	case SHUT_FEWER_ANY_TIME:
		return below_all;
	case SHUT_FEWER_NEVER:
	default:
		return 0;
	}
	return below_all & ~((1u << d) - 1u);
}

/*
 * All the dice are always a choice unless the fewest allowed are forced.
 * An empty board has nothing to throw for, so it gets the plain answer;
 * a dice or face count out of range gets no choice at all rather than a
 * shift past the word or a product past an int.  Asked at every throw of
 * a game, so the board is measured once for all the counts, and inline:
 * shut_dice_choices() is this.
 */
static inline unsigned
shut__dice_choices(const struct shut_rules *rules, uint32_t board)
{
	unsigned allowed;
	int n;

	if (!rules || rules->dice < 1 || rules->dice > SHUT_DICE_MAX ||
	    rules->faces < 1 || rules->faces > SHUT_FACES_MAX)
		return 0;
	n = rules->dice;
	if (board == 0)
		return 1u << n;
	allowed = fewer_allowed(rules, board, n);
	if (!allowed)
		return 1u << n;
	if (rules->fewer_forced)
		return allowed & (~allowed + 1u);
	return allowed | 1u << n;
}

#endif
