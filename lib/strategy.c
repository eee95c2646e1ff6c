/*
 * strategy.c - the library's simple computer players.
 *
 * A strategy is a pair of choices, the dice count and the move, made from
 * what the game shows.  These are the plain ones that need no solver; they
 * are a table so that programs can list and find them by name.  The moves
 * they are offered come in canonical order (fewer tiles first, then tile by
 * tile), so "the first of the best" is a deterministic tie-break.
 */
#include <stddef.h>
#include <string.h>

#include "shut_dice.h"
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
fewest_dice(void *ctx, const struct shut_game *g, unsigned choices)
{
	int d = 1;

	(void)ctx;
	(void)g;
	while (d <= SHUT_DICE_MAX && !(choices & (1u << d)))
		d++;
	return d;
}

/*
 * The move with the highest tile; among those, the fewest tiles; among
 * those, the first in canonical order.
 */
static int
highest_move(void *ctx, const struct shut_game *g, const uint32_t *moves,
	     long n)
{
	long best = 0;
	long i;

	(void)ctx;
	(void)g;
	for (i = 1; i < n; i++) {
		int hi = highest_tile(moves[i]);
		int best_hi = highest_tile(moves[best]);

		if (hi > best_hi ||
		    (hi == best_hi && shut_tiles_count(moves[i]) <
					  shut_tiles_count(moves[best])))
			best = i;
	}
	return (int)best;
}

/*
 * The move with the fewest tiles; among those, the highest tile; among
 * those, the first in canonical order.
 */
static int
fewest_move(void *ctx, const struct shut_game *g, const uint32_t *moves, long n)
{
	long best = 0;
	long i;

	(void)ctx;
	(void)g;
	for (i = 1; i < n; i++) {
		int c = shut_tiles_count(moves[i]);
		int best_c = shut_tiles_count(moves[best]);

		if (c < best_c ||
		    (c == best_c &&
		     highest_tile(moves[i]) > highest_tile(moves[best])))
			best = i;
	}
	return (int)best;
}

/* A uniformly random allowed dice count. */
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
	return counts[shut_rng_below(ctx, (uint64_t)n)];
}

static int
random_move(void *ctx, const struct shut_game *g, const uint32_t *moves, long n)
{
	(void)g;
	(void)moves;
	return (int)shut_rng_below(ctx, (uint64_t)n);
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

	for (i = 0; i < NSTRATEGIES; i++)
		if (strcmp(strategies[i].name, name) == 0)
			return &strategies[i];
	return NULL;
}
