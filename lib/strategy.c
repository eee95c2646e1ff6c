/*
 * strategy.c - the library's simple computer players.
 *
 * A strategy is a pair of choices, the dice count and the move, made from
 * what the game shows.  These are the plain ones that need no solver; they
 * are a table so that programs can list and find them by name.  They look
 * at each legal move once, as shut_moves_each() offers them, and never list
 * or sort them; ties go to the first in canonical order (fewer tiles first,
 * then tile by tile), so the choice is deterministic.
 */
#include <stddef.h>
#include <string.h>

#include "shut_dice.h"
#include "shut_error.h"
#include "shut_game.h"
#include "shut_rules.h"

static int
highest_tile(uint32_t move)
{
	int t = 0;

	while (move) {
		move >>= 1;
		t++;
	}
	return t;
}

static int
stop_never(void *ctx, uint32_t move)
{
	(void)ctx;
	(void)move;
	return 0;
}

/*
 * The fewest dice allowed.  Choices that allow no count at all are a bad
 * argument, not a count for the game to refuse.
 */
static int
fewest_dice(void *ctx, const struct shut_game *g, unsigned choices)
{
	int d = 1;

	(void)ctx;
	(void)g;
	while (d <= SHUT_DICE_MAX && !(choices & (1u << d)))
		d++;
	return d <= SHUT_DICE_MAX ? d : SHUT_EINVAL;
}

/*
 * The moves of the throw the game needs a move for, offered one by one to
 * fn without listing or sorting them.
 */
static long
each_move(const struct shut_game *g, shut_move_fn fn, void *ctx)
{
	return shut_moves_each(&g->rules, shut_game_board(g), &g->last_throw,
			       g->first, fn, ctx);
}

/*
 * The best move so far of a strategy that ranks moves by a key: the
 * smallest key wins, canonical order (shut_move_cmp()) breaking ties, so
 * that the choice does not depend on the order moves are offered in.
 */
struct pick {
	uint32_t best;
	long key;
	long (*key_of)(uint32_t move);
};

static int
pick_offer(void *ctx, uint32_t move)
{
	struct pick *p = ctx;
	long key = p->key_of(move);

	if (p->best == 0 || key < p->key ||
	    (key == p->key && shut_move_cmp(move, p->best) < 0)) {
		p->best = move;
		p->key = key;
	}
	return 0;
}

static int
pick_move(const struct shut_game *g, long (*key_of)(uint32_t), uint32_t *move)
{
	struct pick p = { 0, 0, key_of };

	if (g == NULL || move == NULL)
		return SHUT_EINVAL;
	if (each_move(g, pick_offer, &p) <= 0)
		return SHUT_EILLEGAL;
	*move = p.best;
	return 0;
}

/* The highest tile first; among those, the fewest tiles. */
static long
highest_key(uint32_t move)
{
	return -64L * highest_tile(move) + shut_tiles_count(move);
}

static int
highest_move(void *ctx, const struct shut_game *g, uint32_t *move)
{
	(void)ctx;
	return pick_move(g, highest_key, move);
}

/* The fewest tiles first; among those, the highest tile. */
static long
fewest_key(uint32_t move)
{
	return 64L * shut_tiles_count(move) - highest_tile(move);
}

static int
fewest_move(void *ctx, const struct shut_game *g, uint32_t *move)
{
	(void)ctx;
	return pick_move(g, fewest_key, move);
}

/*
 * A uniformly random allowed dice count.  Without a generator, or with no
 * count allowed, there is nothing to draw from.
 */
static int
random_dice(void *ctx, const struct shut_game *g, unsigned choices)
{
	int counts[SHUT_DICE_MAX];
	int n = 0;
	int d;

	(void)g;
	for (d = 1; d <= SHUT_DICE_MAX; d++)
		if (choices & (1u << d))
			counts[n++] = d;
	if (ctx == NULL || n == 0)
		return SHUT_EINVAL;
	return counts[shut_rng_below(ctx, (uint64_t)n)];
}

/* Stops at the move numbered k of the enumeration. */
struct nth {
	long k;
	uint32_t move;
};

static int
nth_offer(void *ctx, uint32_t move)
{
	struct nth *n = ctx;

	n->move = move;
	return n->k-- == 0;
}

/*
 * A uniformly random legal move: one draw for its number among the moves,
 * in the enumeration's order, which is fixed for a board and a throw.
 */
static int
random_move(void *ctx, const struct shut_game *g, uint32_t *move)
{
	struct nth n = { 0, 0 };
	long count;

	if (ctx == NULL || g == NULL || move == NULL)
		return SHUT_EINVAL;
	count = each_move(g, stop_never, NULL);
	if (count <= 0)
		return SHUT_EILLEGAL;
	n.k = (long)shut_rng_below(ctx, (uint64_t)count);
	each_move(g, nth_offer, &n);
	*move = n.move;
	return 0;
}

static const struct shut_strategy strategies[] = {
	{
	    .name = "random",
	    .help = "a random legal move and dice count",
	    .dice = random_dice,
	    .move = random_move,
	},
	{
	    .name = "highest",
	    .help = "the move with the highest tile; ties: fewest tiles",
	    .dice = fewest_dice,
	    .move = highest_move,
	},
	{
	    .name = "fewest",
	    .help = "the move with the fewest tiles; ties: the highest tile",
	    .dice = fewest_dice,
	    .move = fewest_move,
	},
};

#define NSTRATEGIES (sizeof(strategies) / sizeof(strategies[0]))

size_t
shut_strategy_count(void)
{
	return NSTRATEGIES;
}

const struct shut_strategy *
shut_strategy_at(size_t i)
{
	return i < NSTRATEGIES ? &strategies[i] : NULL;
}

const struct shut_strategy *
shut_strategy_find(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < NSTRATEGIES; i++)
		if (strcmp(strategies[i].name, name) == 0)
			return &strategies[i];
	return NULL;
}
