/*
 * shut_moves.h - what a throw allows: legal moves, the dice count, scoring.
 *
 * These are the rules of one turn (docs/contract.md section 1) as pure
 * functions of a rule set and a board.  The board is the mask of tiles the
 * roller may change: the open tiles in a standard turn (the shut ones for the
 * Opener of a battle).  A move is the mask of the tiles it shuts.  Nothing here
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

/*
 * The total of a throw.  For one that fails shut_throw_check(), the count
 * is clamped to SHUT_DICE_MAX and the sum to the range of an int.
 */
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
 * Why a move is not legal: a code and its details, so that every front end
 * explains it the same way.  The first two codes are for a move as typed,
 * found by a front end's parser before there is a mask; shut_move_why()
 * gives the first for a mask with a tile the box has not, too.
 */
enum shut_why_code {
	SHUT_WHY_OK,	      /* the move is legal */
	SHUT_WHY_NOT_TILE,    /* .tile is not a tile of the box */
	SHUT_WHY_TWICE,	      /* .tile is named twice */
	SHUT_WHY_EMPTY,	      /* no tile at all */
	SHUT_WHY_NOT_OPEN,    /* .tiles are not open (the Opener: not shut) */
	SHUT_WHY_BUST,	      /* the throw was the bust number .total */
	SHUT_WHY_TOO_MANY,    /* more than .max tiles (move=up-to-K) */
	SHUT_WHY_TOTAL,	      /* the tiles add up to .sum, not .total */
	SHUT_WHY_DICE_OR_SUM, /* neither the tile .total nor one tile per
				 face (.distinct: the faces all differ) */
	SHUT_WHY_ONE_TILE,    /* move=one-tile: more than one tile */
	SHUT_WHY_NOT_FACE,    /* .tile is neither a face nor the total */
	SHUT_WHY_FIRST	      /* the first throw must take tile .tile */
};

struct shut_why {
	enum shut_why_code code;
	uint32_t tiles;
	int tile;
	int sum;
	int total;
	int max;
	int distinct;
};

/*
 * shut_move_why() returns SHUT_WHY_OK when move is legal, else the first
 * rule it breaks, in the order of the codes above, with its details in
 * *why (which may be NULL).  It agrees with shut_move_legal().
 */
int shut_move_why(const struct shut_rules *rules, uint32_t board,
		  const struct shut_throw *t, int first, uint32_t move,
		  struct shut_why *why);

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
