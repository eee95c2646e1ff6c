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
 * shut_moves_each() offers them when it kept none, and never sort them:
 * from the game's list, by one loop per criterion (choose_kept()); as
 * offered, by comparing each move with the best so far (precedes()).
 * The tile counts are lib/bits.h's, shared with the move generator.
 */
#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "game.h"
#include "shut_dice.h"
#include "shut_error.h"
#include "shut_game.h"
#include "shut_policy.h"
#include "shut_rules.h"

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

/*
 * A ranked policy read once for a throw, to choose among its moves at a
 * few instructions a move: shut_policy_cmp() works out each criterion of
 * both moves at every comparison, which for a throw of many moves is most
 * of a computer player's time.  Here the tiles the throw names (its
 * total's tile, its faces' tiles) are found once, the best move's tile
 * count is kept beside it, a candidate's is counted once, and the highest
 * tiles are compared without being found (top_above()).  precedes() is
 * shut_policy_cmp() < 0, criterion for criterion.
 */
struct ranking {
	enum shut_rank rank[SHUT_RANK_MAX];
	int n;		     /* criteria, up to the first SHUT_RANK_END */
	int counts;	     /* 1 when one of them counts tiles */
	uint32_t total_tile; /* the tile of the total, 0 for none */
	uint32_t face_tiles; /* the tiles of the faces, 0 for none */
};

static void
ranking_init(struct ranking *k, const struct shut_policy *p,
	     const struct shut_throw *t)
{
	int total;

	k->n = 0;
	k->counts = 0;
	k->total_tile = 0;
	k->face_tiles = 0;
	for (; k->n < SHUT_RANK_MAX && p->rank[k->n]; k->n++) {
		enum shut_rank r = p->rank[k->n];

		k->rank[k->n] = r;
		if (r == SHUT_RANK_FEWER_TILES || r == SHUT_RANK_MORE_TILES)
			k->counts = 1;
		if (r == SHUT_RANK_TOTAL_TILE) {
			total = shut_throw_total(t);
			k->total_tile = total >= 1 && total <= SHUT_TILES_MAX
					    ? SHUT_TILE(total)
					    : 0;
		}
		if (r == SHUT_RANK_FACE_TILES)
			k->face_tiles = face_tiles(t);
	}
}

/*
 * Whether the policy prefers a to b (ca and cb their tile counts when
 * k->counts, else unused): one criterion after the other, the canonical
 * order of shut_move_cmp() last.
 */
static int
precedes(const struct ranking *k, uint32_t a, int ca, uint32_t b, int cb)
{
	uint32_t diff;

	for (int i = 0; i < k->n; i++) {
		switch (k->rank[i]) {
		case SHUT_RANK_FEWER_TILES:
			if (ca != cb)
				return ca < cb;
			break;
		case SHUT_RANK_MORE_TILES:
			if (ca != cb)
				return ca > cb;
			break;
		case SHUT_RANK_HIGHER_TOP:
			if (top_above(a, b))
				return 1;
			if (top_above(b, a))
				return 0;
			break;
		case SHUT_RANK_LOWER_TILES:
			if (a != b)
				return a < b;
			break;
		case SHUT_RANK_TOTAL_TILE:
			if ((a == k->total_tile) != (b == k->total_tile))
				return a == k->total_tile;
			break;
		case SHUT_RANK_FACE_TILES:
			if ((a == k->face_tiles) != (b == k->face_tiles))
				return a == k->face_tiles;
			break;
		default:
			break;
		}
	}
	if (!k->counts) {
		ca = count_tiles(a);
		cb = count_tiles(b);
	}
	if (ca != cb)
		return ca < cb;
	diff = a ^ b;
	return (a & diff & (~diff + 1u)) != 0;
}

/* The best move so far of a ranked policy, and its tile count. */
struct pick {
	struct ranking k;
	uint32_t best;
	int count;
};

/* One legal move, kept when the policy prefers it to the best so far. */
static int
pick_offer(void *ctx, uint32_t move)
{
	struct pick *k = ctx;
	int count = k->k.counts ? count_tiles(move) : 0;

	if (k->best == 0 || precedes(&k->k, move, count, k->best, k->count)) {
		k->best = move;
		k->count = count;
	}
	return 0;
}

int
shut_policy_move(const struct shut_policy *p, const struct shut_rules *rules,
		 uint32_t board, const struct shut_throw *t, int first,
		 uint32_t *move)
{
	struct pick k;

	if (p == NULL || rules == NULL || t == NULL || move == NULL)
		return SHUT_EINVAL;
	if (p->move != SHUT_MOVE_RULE_RANK)
		return SHUT_EMODE;
	if (shut_throw_check(rules, t) != 0)
		return SHUT_ETHROW;
	ranking_init(&k.k, p, t);
	k.best = 0;
	k.count = 0;
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

/*
 * The tiles of a move, counted by the processor's popcnt where the
 * function is made for it (hw), else by count_tiles(): the ranked players
 * count the tiles of every move they are offered.
 */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define KEPT_POPCNT 1
#define COUNT(m)    (hw ? __builtin_popcount(m) : count_tiles(m))
#else
#define KEPT_POPCNT 0
#define COUNT(m)    ((void)hw, count_tiles(m))
#endif

/*
 * The moves of a kept list that the criterion r ranks first, from m[] to
 * out[]: returns how many (when that is all n of them, out[] may not hold
 * them, and m[] stands).  A criterion that counts tiles leaves in *count
 * the count every move kept has; one that keeps a single move sets it to
 * -1 (no longer needed).
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline long
keep_first(enum shut_rank r, const struct shut_throw *t, const uint32_t *m,
	   long n, uint32_t *out, int *count, const int hw)
{
	uint32_t want = 0;
	int best;
	long i, k = 0;
	int total;

	switch (r) {
	case SHUT_RANK_FEWER_TILES:
		best = SHUT_TILES_MAX + 1;
		for (i = 0; i < n; i++) {
			int c = COUNT(m[i]);

			if (c < best) {
				best = c;
				k = 0;
			}
			if (c == best)
				out[k++] = m[i];
		}
		*count = best;
		return k;
	case SHUT_RANK_MORE_TILES:
		best = -1;
		for (i = 0; i < n; i++) {
			int c = COUNT(m[i]);

			if (c > best) {
				best = c;
				k = 0;
			}
			if (c == best)
				out[k++] = m[i];
		}
		*count = best;
		return k;
	case SHUT_RANK_HIGHER_TOP:
		want = m[0];
		for (i = 1; i < n; i++)
			if (top_above(m[i], want))
				want = m[i];
		for (i = 0; i < n; i++)
			if (!top_above(want, m[i]))
				out[k++] = m[i];
		return k;
	case SHUT_RANK_LOWER_TILES:
		want = m[0];
		for (i = 1; i < n; i++)
			if (m[i] < want)
				want = m[i];
		*count = -1;
		out[0] = want;
		return 1;
	case SHUT_RANK_TOTAL_TILE:
		total = shut_throw_total(t);
		want = total >= 1 && total <= SHUT_TILES_MAX ? SHUT_TILE(total)
							     : 0;
		break;
	case SHUT_RANK_FACE_TILES:
		want = face_tiles(t);
		break;
	default:
		return n;
	}
	/* The one move that is the tiles named, when there is one. */
	for (i = 0; i < n; i++)
		if (m[i] == want) {
			*count = -1;
			out[0] = want;
			return 1;
		}
	return n;
}

/*
 * A ranked policy's choice among the moves a game kept (n of them, from 1
 * to SHUT_GAME_MOVES_KEPT, all different): the moves each criterion ranks
 * first are kept, one criterion after the other, and the canonical order
 * decides among what is left.  Since the order is lexicographic, this is
 * the move every other one would lose to under shut_policy_cmp(), found
 * with a loop per criterion rather than the criteria per pair of moves.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline uint32_t
choose_kept(const struct shut_policy *p, const struct shut_throw *t,
	    const uint32_t *moves, long n, const int hw)
{
	uint32_t buf[2][SHUT_GAME_MOVES_KEPT], best;
	const uint32_t *m = moves;
	int count = -1, cb, ca, which = 0;

	for (int i = 0; i < SHUT_RANK_MAX && p->rank[i] && n > 1; i++) {
		long k =
		    keep_first(p->rank[i], t, m, n, buf[which], &count, hw);

		if (k < n) {
			m = buf[which];
			which ^= 1;
			n = k;
		}
	}
	best = m[0];
	if (n == 1)
		return best;
	cb = count >= 0 ? count : COUNT(best);
	for (long i = 1; i < n; i++) {
		uint32_t a = m[i], diff = a ^ best;

		ca = count >= 0 ? count : COUNT(a);
		if (ca < cb || (ca == cb && (a & diff & (~diff + 1u)))) {
			best = a;
			cb = ca;
		}
	}
	return best;
}

/* choose_kept() made twice: for any processor, and with popcnt. */
static uint32_t
choose_kept_any(const struct shut_policy *p, const struct shut_throw *t,
		const uint32_t *moves, long n)
{
	return choose_kept(p, t, moves, n, 0);
}

#if KEPT_POPCNT
__attribute__((target("popcnt"))) static uint32_t
choose_kept_popcnt(const struct shut_policy *p, const struct shut_throw *t,
		   const uint32_t *moves, long n)
{
	return choose_kept(p, t, moves, n, 1);
}
#endif

static uint32_t
choose_best(const struct shut_policy *p, const struct shut_throw *t,
	    const uint32_t *moves, long n)
{
#if KEPT_POPCNT
	if (__builtin_cpu_supports("popcnt"))
		return choose_kept_popcnt(p, t, moves, n);
#endif
	return choose_kept_any(p, t, moves, n);
}

/* The move of a ranked policy in a game, on the board of its roller. */
static int
policy_move(const struct shut_policy *p, const struct shut_game *g,
	    uint32_t *move)
{
	const uint32_t *moves;
	long n;

	if (g == NULL || move == NULL)
		return SHUT_EINVAL;
	/* The moves the game listed at the throw, when it kept them. */
	n = shut__game_moves_kept(g, &moves);
	if (n < 0 || p->move != SHUT_MOVE_RULE_RANK)
		return shut_policy_move(p, &g->rules, shut_game_board(g),
					&g->last_throw, g->first, move);
	*move = n == 1 ? moves[0] : choose_best(p, &g->last_throw, moves, n);
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
