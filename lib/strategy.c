/*
 * strategy.c - the library's simple computer players, as policies.
 *
 * A strategy is a pair of choices, the dice count and the move, made from
 * what the game shows.  Each of these states its choices as data, a
 * struct shut_policy: a dice rule, and for the move a list of ranking
 * criteria with the canonical order of shut_move_cmp() last, so that the
 * choice is deterministic and the same one the evaluator (eval.c) works
 * with.  They look at each legal move once, from the list the game kept
 * when the throw was made (shut__game_moves_kept()), or as
 * shut_moves_each() offers them when it kept none, and never sort them.
 */
#include <stddef.h>
#include <string.h>

#include "game.h"
#include "shut_dice.h"
#include "shut_error.h"
#include "shut_game.h"
#include "shut_policy.h"
#include "shut_rules.h"

/* The number of tiles of a move: the parallel bit count. */
static int
count_tiles(uint32_t m)
{
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0fu;
	return (int)((m * 0x01010101u) >> 24);
}

/*
 * The highest tile of a move, 0 for none: every bit below the highest set
 * by smearing it down, then counted.
 */
static int
highest_tile(uint32_t move)
{
	move |= move >> 1;
	move |= move >> 2;
	move |= move >> 4;
	move |= move >> 8;
	move |= move >> 16;
	return count_tiles(move);
}

/* The tiles the faces of a throw name, one per die, or 0 when two agree. */
static uint32_t
face_tiles(const struct shut_throw *t)
{
	uint32_t m = 0;

	for (int i = 0; i < t->n && i < SHUT_DICE_MAX; i++) {
		int f = t->face[i];

		if (f < 1 || f > SHUT_TILES_MAX || (m & SHUT_TILE(f)))
			return 0;
		m |= SHUT_TILE(f);
	}
	return m;
}

/* One criterion: <0 when a is preferred, >0 when b is, else 0. */
static int
rank_one(enum shut_rank r, const struct shut_throw *t, uint32_t a, uint32_t b)
{
	int x = 0, y = 0;

	switch (r) {
	case SHUT_RANK_FEWER_TILES:
		x = count_tiles(a);
		y = count_tiles(b);
		break;
	case SHUT_RANK_MORE_TILES:
		x = -count_tiles(a);
		y = -count_tiles(b);
		break;
	case SHUT_RANK_HIGHER_TOP:
		x = -highest_tile(a);
		y = -highest_tile(b);
		break;
	case SHUT_RANK_LOWER_TILES:
		return a < b ? -1 : a > b;
	case SHUT_RANK_TOTAL_TILE: {
		int total = shut_throw_total(t);
		uint32_t m = total >= 1 && total <= SHUT_TILES_MAX
				 ? SHUT_TILE(total)
				 : 0;

		x = a != m;
		y = b != m;
		break;
	}
	case SHUT_RANK_FACE_TILES: {
		uint32_t m = face_tiles(t);

		x = a != m;
		y = b != m;
		break;
	}
	default:
		break;
	}
	return x < y ? -1 : x > y;
}

int
shut_policy_cmp(const struct shut_policy *p, const struct shut_throw *t,
		uint32_t a, uint32_t b)
{
	if (p != NULL && t != NULL)
		for (int i = 0; i < SHUT_RANK_MAX && p->rank[i]; i++) {
			int c = rank_one(p->rank[i], t, a, b);

			if (c != 0)
				return c;
		}
	return shut_move_cmp(a, b);
}

int
shut_policy_dice(const struct shut_policy *p, unsigned choices)
{
	int d;

	if (p == NULL)
		return SHUT_EINVAL;
	if (p->dice != SHUT_DICE_RULE_FEWEST && p->dice != SHUT_DICE_RULE_MOST)
		return SHUT_EMODE;
	if (p->dice == SHUT_DICE_RULE_FEWEST) {
		for (d = 1; d <= SHUT_DICE_MAX; d++)
			if (choices & (1u << d))
				return d;
	} else {
		for (d = SHUT_DICE_MAX; d >= 1; d--)
			if (choices & (1u << d))
				return d;
	}
	return SHUT_EINVAL;
}

/* The best move so far of a ranked policy. */
struct pick {
	const struct shut_policy *p;
	const struct shut_throw *t;
	uint32_t best;
};

/* One legal move, kept when the policy prefers it to the best so far. */
static int
pick_offer(void *ctx, uint32_t move)
{
	struct pick *k = ctx;

	if (k->best == 0 || shut_policy_cmp(k->p, k->t, move, k->best) < 0)
		k->best = move;
	return 0;
}

int
shut_policy_move(const struct shut_policy *p, const struct shut_rules *rules,
		 uint32_t board, const struct shut_throw *t, int first,
		 uint32_t *move)
{
	struct pick k = { p, t, 0 };

	if (p == NULL || rules == NULL || t == NULL || move == NULL)
		return SHUT_EINVAL;
	if (p->move != SHUT_MOVE_RULE_RANK)
		return SHUT_EMODE;
	if (shut_throw_check(rules, t) != 0)
		return SHUT_ETHROW;
	if (shut_moves_each(rules, board, t, first, pick_offer, &k) <= 0)
		return SHUT_EILLEGAL;
	*move = k.best;
	return 0;
}

/* ---------------------------------------------------------------------
 * The players
 */

static int
stop_never(void *ctx, uint32_t move)
{
	(void)ctx;
	(void)move;
	return 0;
}

/*
 * The moves of the throw the game needs a move for, offered one by one to
 * fn without listing or sorting them.
 */
static long
each_move(const struct shut_game *g, shut_move_fn fn, void *ctx)
{
	if (g->need == SHUT_NEED_MOVE)
		return shut__game_moves_each(g, fn, ctx);
	return shut_moves_each(&g->rules, shut_game_board(g), &g->last_throw,
			       g->first, fn, ctx);
}

/* The dice count and the move of a ranked policy, for a game. */
static int
policy_dice(const struct shut_policy *p, const struct shut_game *g,
	    unsigned choices)
{
	(void)g;
	return shut_policy_dice(p, choices);
}

/* The move of a ranked policy in a game, on the board of its roller. */
static int
policy_move(const struct shut_policy *p, const struct shut_game *g,
	    uint32_t *move)
{
	struct pick k = { p, NULL, 0 };
	const uint32_t *moves;
	long n;

	if (g == NULL || move == NULL)
		return SHUT_EINVAL;
	k.t = &g->last_throw;
	/* The moves the game listed at the throw, when it kept them. */
	n = shut__game_moves_kept(g, &moves);
	if (n < 0 || p->move != SHUT_MOVE_RULE_RANK)
		return shut_policy_move(p, &g->rules, shut_game_board(g),
					&g->last_throw, g->first, move);
	for (long i = 0; i < n; i++)
		pick_offer(&k, moves[i]);
	*move = k.best;
	return 0;
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

/* ---------------------------------------------------------------------
 * The table
 */

enum { RANDOM, HIGHEST, FEWEST, MOST, LOWEST, THAI_WIKI, NPOLICIES };

static const struct shut_policy policies[NPOLICIES] = {
	[RANDOM] = {
	    .dice = SHUT_DICE_RULE_RANDOM,
	    .move = SHUT_MOVE_RULE_RANDOM,
	},
	[HIGHEST] = {
	    .dice = SHUT_DICE_RULE_FEWEST,
	    .rank = { SHUT_RANK_HIGHER_TOP, SHUT_RANK_FEWER_TILES },
	},
	[FEWEST] = {
	    .dice = SHUT_DICE_RULE_FEWEST,
	    .rank = { SHUT_RANK_FEWER_TILES, SHUT_RANK_HIGHER_TOP },
	},
	[MOST] = {
	    .dice = SHUT_DICE_RULE_FEWEST,
	    .rank = { SHUT_RANK_MORE_TILES, SHUT_RANK_HIGHER_TOP },
	},
	[LOWEST] = {
	    .dice = SHUT_DICE_RULE_FEWEST,
	    .rank = { SHUT_RANK_LOWER_TILES },
	},
	/*
	 * The encyclopedia's Thai style: "always roll two dice, but only
	 * cover one tile matching one of the dice or their sum".  Its rule of
	 * thumb is to take the sum while it is open, else a die, the higher
	 * first; on other move rules the same order reads: the tile of the
	 * total, else the tiles of the faces, else the fewest tiles, the
	 * highest first.
	 */
	[THAI_WIKI] = {
	    .dice = SHUT_DICE_RULE_MOST,
	    .rank = { SHUT_RANK_TOTAL_TILE, SHUT_RANK_FACE_TILES,
		      SHUT_RANK_FEWER_TILES, SHUT_RANK_HIGHER_TOP },
	},
};

/* The callbacks of each ranked policy, one line apiece. */
#define RANKED(NAME, I)                                                        \
	static int NAME##_dice(void *ctx, const struct shut_game *g,           \
			       unsigned choices)                               \
	{                                                                      \
		(void)ctx;                                                     \
		return policy_dice(&policies[I], g, choices);                  \
	}                                                                      \
	static int NAME##_move(void *ctx, const struct shut_game *g,           \
			       uint32_t *move)                                 \
	{                                                                      \
		(void)ctx;                                                     \
		return policy_move(&policies[I], g, move);                     \
	}

RANKED(highest, HIGHEST)
RANKED(fewest, FEWEST)
RANKED(most, MOST)
RANKED(lowest, LOWEST)
RANKED(thai, THAI_WIKI)

static const struct shut_strategy strategies[] = {
	{
	    .name = "random",
	    .help = "a random legal move and dice count",
	    .dice = random_dice,
	    .move = random_move,
	    .policy = &policies[RANDOM],
	},
	{
	    .name = "highest",
	    .help = "the move with the highest tile; ties: fewest tiles",
	    .dice = highest_dice,
	    .move = highest_move,
	    .policy = &policies[HIGHEST],
	},
	{
	    .name = "fewest",
	    .help = "the move with the fewest tiles; ties: the highest tile",
	    .dice = fewest_dice,
	    .move = fewest_move,
	    .policy = &policies[FEWEST],
	},
	{
	    .name = "most",
	    .help = "the move with the most tiles; ties: the highest tile",
	    .dice = most_dice,
	    .move = most_move,
	    .policy = &policies[MOST],
	},
	{
	    .name = "lowest",
	    .help = "keeps high tiles open: the lowest highest tile, then the "
		    "next",
	    .dice = lowest_dice,
	    .move = lowest_move,
	    .policy = &policies[LOWEST],
	},
	{
	    .name = "thai-wiki",
	    .help = "the sum's tile, else the dice's tiles, else fewest; all "
		    "dice",
	    .dice = thai_dice,
	    .move = thai_move,
	    .policy = &policies[THAI_WIKI],
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
