/*
 * shut_moves.h - what a throw allows: legal moves, the dice count, scoring.
 *
 * These are the rules of one turn (RULES.md section 1) as pure functions of
 * a rule set and a board.  The board is the mask of tiles the roller may
 * change: the open tiles in a standard turn (the shut ones for the Opener
 * of a battle).  A move is the mask of the tiles it shuts.  Nothing here
 * allocates, and everything is fast enough for a solver's inner loop.
 */
#ifndef SHUT_MOVES_H
#define SHUT_MOVES_H

#include <stddef.h>
#include <stdint.h>

#include "shut_rules.h"

/*
 * A throw: n dice (1 <= n <= SHUT_DICE_MAX) showing face[0..n-1], each
 * between 1 and the rule set's faces.
 */
struct shut_throw {
	int n;
	int face[SHUT_DICE_MAX];
};

/* The total of a throw. */
int shut_throw_total(const struct shut_throw *t);

/*
 * shut_throw_check() returns 0 when the throw has between 1 and the rule
 * set's number of dice, each face between 1 and its faces, else SHUT_ETHROW.
 */
int shut_throw_check(const struct shut_rules *rules,
		     const struct shut_throw *t);

/*
 * The callback of shut_moves_each(): called once per legal move; a non-zero
 * return stops the enumeration.
 */
typedef int (*shut_move_fn)(void *ctx, uint32_t move);

/*
 * shut_moves_each() calls fn for every legal move of throw t on board
 * (the tiles the roller may change), first (non-zero on the turn's first
 * throw, where the first-throw rule applies), in no particular order, and
 * returns how many it called it for.  A throw totalling the bust number has
 * no legal move.  The throw must pass shut_throw_check().
 */
long shut_moves_each(const struct shut_rules *rules, uint32_t board,
		     const struct shut_throw *t, int first, shut_move_fn fn,
		     void *ctx);

/*
 * shut_moves() writes up to cap legal moves to moves[], in the canonical
 * order of shut_move_cmp(), and returns how many legal moves there are
 * (possibly more than cap, as snprintf() does; then moves[] holds the first
 * cap in canonical order).
 */
long shut_moves(const struct shut_rules *rules, uint32_t board,
		const struct shut_throw *t, int first, uint32_t *moves,
		size_t cap);

/* shut_move_legal() is 1 when move is a legal move of that throw, else 0. */
int shut_move_legal(const struct shut_rules *rules, uint32_t board,
		    const struct shut_throw *t, int first, uint32_t move);

/*
 * The canonical order of moves: fewer tiles first, then tile by tile in
 * increasing order (1+8 before 2+7 before 3+6).  Returns <0, 0 or >0.
 */
int shut_move_cmp(uint32_t a, uint32_t b);

/*
 * shut_dice_choices() returns the dice counts the roller may throw on that
 * board, as a mask with bit d set for d dice.  Without a choice, one bit is
 * set: all the dice, or (fewer-dice-forced=yes) the fewest allowed.
 */
unsigned shut_dice_choices(const struct shut_rules *rules, uint32_t board);

/*
 * shut_score() is the score of a turn that ends with the open tiles left
 * open: their sum, their count, or their numbers written in increasing
 * order and read as one decimal number ({1,2,5} gives 125, none gives 0).
 */
uint64_t shut_score(const struct shut_rules *rules, uint32_t open);

#endif
