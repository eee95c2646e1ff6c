/*
 * endless.c - whether a game under a rule set can ever end.
 *
 * A game ends by its rounds (rounds=N without until or eliminate), by a
 * shut box when shutting wins, by a total reaching until or eliminate, or
 * when players lose outright on a missed first throw.  A rule set where
 * none of these can happen would make a game that never ends: the box that
 * can never be shut under rounds=until-shut (tile 1 alone on a first throw
 * of two dice, under first-throw=1 move=up-to-1), or totals that never grow
 * under until=T because a player can always shut the box and a shut box
 * scores 0.  shut__endless() refuses those.
 *
 * Every turn that does not shut the box scores at least 1 (some tile is
 * open, and sum, count and digits are all positive then), and a missed
 * first throw that loses scores too.  So under until=T or eliminate=T the
 * totals stand still only while every turn shuts the box, and under
 * shut=win that ends the game: only shut=zero can be endless, and only when
 * a player can shut the box every turn whatever the dice do.  Under
 * rounds=until-shut only a shut box (or every player losing) ends the
 * game, so it is endless exactly when no turn can shut the box.  Where some
 * turn can, every turn can, since each starts afresh from the start set:
 * players who try each legal way with some chance end the game sooner or
 * later.
 *
 * The proofs are exact searches over the boards a turn can reach, with
 * every rule that narrows a throw taken into account (the dice counts a
 * board allows, the bust number, the first-throw rule on the turn's first
 * throw, the move rule), by the library's own move generator:
 *
 *   can_shut(B):  some dice count, some throw and some legal move lead to
 *                 a board from which the box can be shut (a path exists);
 *   sure_shut(B): some dice count such that every throw has a legal move
 *                 to a board from which the box is surely shut (a player
 *                 can shut the box every turn, whatever the dice do).
 *
 * THE HIGHEST TILE.  After the first throw, the order in which a path shuts
 * its moves matters only through the dice counts.  Where those depend on
 * nothing but the highest open tile, and only grow as tiles are shut
 * (fewer-dice never, any-time, and high-shut and lone-one when not
 * forced), the move of a path that shuts the highest tile can be played
 * first: it was legal on a smaller board with the same highest tile, so it
 * is legal now (a move legal on a board is legal on any larger one, and the
 * dice counts are the same), and every later move keeps its dice count on
 * a board that has only lost tiles.  So can_shut() there tries only the
 * moves with the highest open tile, still exactly, and a box of 32 tiles
 * is searched as quickly as one of 9.
 *
 * THROWS.  A throw is taken once per class that the move rule tells apart:
 * for move=any and up-to-K only the total matters, so one throw per total.
 * For the rules that read the faces, can_shut() needs only one throw for
 * each move some throw allows: the throw of each total, a throw with each
 * open tile as a face (one-tile), and the throw of each set of different
 * faces that are open tiles (dice-or-sum).  sure_shut() needs them all,
 * every throw of the dice, and gives up past THROWS_MAX of them; it may,
 * for it can never be true there.  The last board before a box is surely
 * shut must go out in one move whatever the throw: not by a total (the
 * totals differ) nor by one tile per different face (the throws of equal
 * faces have none), so only by one-tile, with a tile that is a face or the
 * total of every throw of d dice.  The throws of all 1s and of all 2s make
 * it tile 2, with two dice of two faces; no larger board is surely shut,
 * since its last-but-one move would need a tile other than 2 that is a
 * face or the total of every throw as well.  So a surely shut box is the
 * box {2} under move=one-tile with dice of two faces: a search of a few
 * throws, and a board of more than 16 tiles never is.
 *
 * AT A GLANCE.  Before its throws, a board is looked at tile by tile with
 * the over-approximation of reach.c: a tile that no move can ever shut
 * makes it hopeless.  Under fewer-dice=low-sum, so do tiles that only d
 * dice or fewer can shut adding up to more than d dice can throw: the
 * first of them to go is shut while they are all open, with few enough
 * dice only when the open tiles add up to at most d times the faces.
 * These prune whole parts of a search that would otherwise try every
 * order of the moves that do not matter.
 *
 * MEMORY.  Boards are subsets of the start set.  Up to BOARD_TILES tiles
 * each has two bits of answer; past that, a cache of CACHE_SLOTS boards
 * known to fail, lost when two boards share a slot (costing time, never
 * correctness).  Both live in the search, on the stack.  A search that
 * passes STEPS_MAX steps (a throw looked at, or a tile at a glance) gives
 * up.  can_shut() has then found no way to shut the box, and the rule set
 * is refused as one whose game may never end.  Among 180,000 rule sets
 * drawn from every key's range, with up to 32 tiles, each search ended
 * within 7,000 steps, a way to shut the box found or proven not to exist;
 * the budget is thirty times that.
 */
#include <string.h>

#include "rules.h"
#include "shut_error.h"
#include "shut_moves.h"

#define BOARD_TILES 16
#define CACHE_SLOTS 4096
#define THROWS_MAX  4096
#define STEPS_MAX   200000L

/* The answers kept per board, two bits each: 0 not known yet. */
#define KNOWN_YES 1
#define KNOWN_NO  2

struct search {
	const struct shut_rules *r;
	int n;			  /* tiles in the start set */
	int tile[SHUT_TILES_MAX]; /* those tiles */
	union {
		uint8_t memo[(1u << BOARD_TILES) / 4]; /* exact */
		uint32_t failed[CACHE_SLOTS];	       /* else */
	} known;
	long steps;
	int gave_up; /* the budget ran out, or a throw class was too many */
	int sure;    /* sure_shut() rather than can_shut() */
	int exact;   /* the start set has at most BOARD_TILES tiles */
	int by_max;  /* later throws need only the moves of the highest tile */
};

/* The index of board b, a subset of the start set, in n bits. */
static unsigned
board_index(const struct search *s, uint32_t b)
{
	unsigned i = 0;
	int k;

	for (k = 0; k < s->n; k++)
		if (b & SHUT_TILE(s->tile[k]))
			i |= 1u << k;
	return i;
}

/* The cache slot of board b (a multiplicative hash). */
static unsigned
board_slot(uint32_t b)
{
	return (unsigned)((b * UINT32_C(2654435761)) >> 20) % CACHE_SLOTS;
}

static int
known_get(const struct search *s, uint32_t b)
{
	unsigned i;

	if (!s->exact)
		return s->known.failed[board_slot(b)] == b ? KNOWN_NO : 0;
	i = board_index(s, b);
	return (s->known.memo[i / 4] >> (2 * (i % 4))) & 3;
}

static void
known_set(struct search *s, uint32_t b, int v)
{
	uint8_t *m;
	unsigned i;

	if (!s->exact) {
		if (v == KNOWN_NO)
			s->known.failed[board_slot(b)] = b;
		return;
	}
	i = board_index(s, b);
	m = &s->known.memo[i / 4];
	*m = (uint8_t)((*m & ~(3u << (2 * (i % 4)))) |
		       ((unsigned)v << (2 * (i % 4))));
}

/* The mask of the highest tile of a non-empty board. */
static uint32_t
highest(uint32_t b)
{
	uint32_t h = b;

	while (h & (h - 1))
		h &= h - 1;
	return h;
}

/* ---------------------------------------------------------------------
 * Throws, one per class the move rule tells apart
 */

typedef int (*throw_fn)(void *ctx, const struct shut_throw *t);

/* The number of throws of d dice of f faces, faces in rising order. */
static long
throws_count(int d, int f)
{
	long n = 1;
	int i;

	/* C(f + d - 1, d), stopping once past the limit. */
	for (i = 1; i <= d; i++) {
		n = n * (f + i - 1) / i;
		if (n > THROWS_MAX)
			return THROWS_MAX + 1;
	}
	return n;
}

/* Every throw of d dice with faces in rising order from face lo. */
static int
each_faces(struct shut_throw *t, int i, int d, int lo, int faces, throw_fn fn,
	   void *ctx)
{
	int f, rc;

	if (i == d)
		return fn(ctx, t);
	for (f = lo; f <= faces; f++) {
		t->face[i] = f;
		if ((rc = each_faces(t, i + 1, d, f, faces, fn, ctx)) != 0)
			return rc;
	}
	return 0;
}

/*
 * Every throw of d different faces, in rising order from face lo, each an
 * open tile of board.
 */
static int
each_face_set(struct shut_throw *t, int i, int d, int lo, int faces,
	      uint32_t board, throw_fn fn, void *ctx)
{
	int f, rc;

	if (i == d)
		return fn(ctx, t);
	for (f = lo; f <= faces && f <= SHUT_TILES_MAX; f++) {
		if (!(board & SHUT_TILE(f)))
			continue;
		t->face[i] = f;
		rc = each_face_set(t, i + 1, d, f + 1, faces, board, fn, ctx);
		if (rc != 0)
			return rc;
	}
	return 0;
}

/*
 * One throw of each total of d dice up to most, from the highest: faces
 * high first.
 */
static int
each_total(const struct shut_rules *r, struct shut_throw *t, int d, int most,
	   throw_fn fn, void *ctx)
{
	int total, i, left, rc;

	if (most > d * r->faces)
		most = d * r->faces;
	for (total = most; total >= d; total--) {
		for (i = 0, left = total; i < d; i++) {
			int rest = d - i - 1;

			t->face[i] =
			    left - rest < r->faces ? left - rest : r->faces;
			left -= t->face[i];
		}
		if ((rc = fn(ctx, t)) != 0)
			return rc;
	}
	return 0;
}

/*
 * Calls fn for one throw of d dice of each class that matters on board,
 * until fn returns non-zero (returned).  every: every class (for
 * sure_shut), else one throw per legal move (for can_shut).  Returns -1
 * when the classes are too many to list.
 */
static int
each_throw(const struct shut_rules *r, uint32_t board, int d, int every,
	   throw_fn fn, void *ctx)
{
	struct shut_throw t;
	int x, rc;

	memset(&t, 0, sizeof(t));
	t.n = d;
	/* Past the sum of the board (or the tiles) a total shuts nothing. */
	if (r->move == SHUT_MOVE_ANY || r->move == SHUT_MOVE_UP_TO)
		return each_total(r, &t, d,
				  every ? d * r->faces : shut_tiles_sum(board),
				  fn, ctx);
	if (every) {
		if (throws_count(d, r->faces) > THROWS_MAX)
			return -1;
		return each_faces(&t, 0, d, 1, r->faces, fn, ctx);
	}
	if ((rc = each_total(r, &t, d, SHUT_TILES_MAX, fn, ctx)) != 0 || d == 1)
		return rc;
	if (r->move == SHUT_MOVE_DICE_OR_SUM)
		return each_face_set(&t, 0, d, 1, r->faces, board, fn, ctx);
	/* One-tile: each open tile as a face, beside 1s or a 2 (not bust). */
	for (x = 1; x <= r->faces && x <= SHUT_TILES_MAX; x++) {
		if (!(board & SHUT_TILE(x)))
			continue;
		memset(t.face, 0, sizeof(t.face));
		for (rc = 0; rc < d; rc++)
			t.face[rc] = 1;
		t.face[0] = x;
		if ((rc = fn(ctx, &t)) != 0)
			return rc;
		t.face[1] = 2;
		if ((rc = fn(ctx, &t)) != 0)
			return rc;
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * The searches
 */

static int shut_from(struct search *s, uint32_t b, int first);

/* A step of a search from a board: its moves, or its throws. */
struct step {
	struct search *s;
	uint32_t board;
	int first;
	uint32_t need; /* a tile every move tried must shut, or 0 */
	int found;     /* a move (can) or a throw's move (sure) that works */
};

/* A legal move: whether the box can be (surely) shut after it. */
static int
step_move(void *ctx, uint32_t move)
{
	struct step *st = ctx;
	int v;

	if ((move & st->need) != st->need)
		return 0;
	v = shut_from(st->s, st->board & ~move, 0);
	if (v < 0)
		return -1;
	if (v)
		st->found = 1;
	return st->found;
}

/*
 * A throw: for can_shut, whether some move of it works (then stop); for
 * sure_shut, whether some move works for it too (else stop: this dice
 * count fails).
 */
static int
step_throw(void *ctx, const struct shut_throw *t)
{
	struct step *st = ctx;
	struct step m = { st->s, st->board, st->first, st->need, 0 };

	if (++st->s->steps > STEPS_MAX)
		return -1;
	shut_moves_each(st->s->r, st->board, t, st->first, step_move, &m);
	if (st->s->gave_up)
		return -1;
	if (st->s->sure)
		return m.found ? 0 : 1; /* 1: a throw with no way on */
	if (m.found)
		st->found = 1;
	return st->found;
}

/*
 * Whether board b certainly cannot be shut, at a glance over its tiles
 * (reach.c): a tile that no move can ever shut; or, under
 * fewer-dice=low-sum, tiles that only d dice or fewer can shut (never all
 * of them), adding up to more than d dice can throw.  The first of those
 * is shut with d dice or fewer, allowed only when the open tiles add up
 * to at most d times the faces, and they are all still open then.
 */
static int
hopeless(const struct shut_rules *r, uint32_t b)
{
	unsigned can[SHUT_TILES_MAX + 1];
	long need[SHUT_DICE_MAX + 1] = { 0 }, sum = 0;
	int t, d;

	if (r->fewer != SHUT_FEWER_LOW_SUM)
		return shut__never_shut(r, b, b, NULL) != 0;
	if (shut__never_shut(r, b, b, can) != 0)
		return 1;
	for (t = 1; t <= SHUT_TILES_MAX; t++) {
		if (!(b & SHUT_TILE(t)) || (can[t] & (1u << r->dice)))
			continue;
		for (d = r->dice - 1; d > 1 && !(can[t] & (1u << d)); d--)
			;
		need[d] += t;
	}
	for (d = 1; d < r->dice; d++) {
		sum += need[d];
		if (sum > (long)r->faces * d)
			return 1;
	}
	return 0;
}

/*
 * Whether the box can be shut from board b (1 or 0), or -1 when the
 * search gave up.
 */
static int
shut_from(struct search *s, uint32_t b, int first)
{
	unsigned choices;
	int d, rc, known;

	if (b == 0)
		return 1;
	if (s->gave_up)
		return -1;
	known = first ? 0 : known_get(s, b);
	if (known)
		return known == KNOWN_YES;
	/* A board seen to be hopeless at a glance: no need to look further. */
	s->steps += s->n;
	if (!s->sure && hopeless(s->r, b)) {
		if (!first)
			known_set(s, b, KNOWN_NO);
		return 0;
	}
	choices = shut_dice_choices(s->r, b);
	for (d = s->r->dice; d >= 1; d--) {
		struct step st = { s, b, first, 0, 0 };

		if (!(choices & (1u << d)))
			continue;
		if (s->by_max && !first)
			st.need = highest(b);
		rc = each_throw(s->r, b, d, s->sure, step_throw, &st);
		if (rc < 0 || s->gave_up) {
			s->gave_up = 1;
			return -1;
		}
		/* can: a throw found a way; sure: no throw lacked one. */
		if (s->sure ? rc == 0 : st.found) {
			if (!first)
				known_set(s, b, KNOWN_YES);
			return 1;
		}
	}
	if (!first)
		known_set(s, b, KNOWN_NO);
	return 0;
}

/*
 * Whether the dice counts depend on the highest open tile alone and only
 * grow as tiles are shut (THE HIGHEST TILE above).  A forced lone-one rule
 * changes nothing on a box without tile 1.
 */
static int
counts_by_highest(const struct shut_rules *r)
{
	switch (r->fewer) {
	case SHUT_FEWER_NEVER:
	case SHUT_FEWER_ANY_TIME:
		return 1;
	case SHUT_FEWER_HIGH_SHUT:
		return !r->fewer_forced;
	case SHUT_FEWER_LONE_ONE:
		return !r->fewer_forced ||
		       !(shut_rules_start(r) & SHUT_TILE(1));
	case SHUT_FEWER_LOW_SUM:
		return 0;
	}
	return 0;
}

/* Runs a search from the start set: 1, 0, or -1 for no answer. */
static int
search_run(const struct shut_rules *r, int sure)
{
	static const struct search zero;
	struct search s = zero;
	uint32_t start = shut_rules_start(r);
	int t;

	s.r = r;
	s.sure = sure;
	for (t = 1; t <= SHUT_TILES_MAX; t++)
		if (start & SHUT_TILE(t))
			s.tile[s.n++] = t;
	s.exact = s.n <= BOARD_TILES;
	/* A board of more than 16 tiles is never surely shut (THROWS). */
	if (sure && !s.exact)
		return 0;
	s.by_max = !sure && counts_by_highest(r);
	return shut_from(&s, start, 1);
}

/* Stops shut_moves_each() at the first legal move. */
static int
stop(void *ctx, uint32_t move)
{
	(void)ctx;
	(void)move;
	return 1;
}

/* Whether a first throw is a miss: not bust, and no legal move. */
static int
first_misses(void *ctx, const struct shut_throw *t)
{
	const struct shut_rules *r = ctx;

	if (r->bust && shut_throw_total(t) == r->bust)
		return 0;
	return shut_moves_each(r, shut_rules_start(r), t, 1, stop, NULL) == 0;
}

/*
 * Whether every dice count the roller may choose for the first throw of a
 * turn can miss (1), not (0), or -1 when the throws are too many to tell.
 * Under the rules that read the faces the throws of equal faces come
 * first: each allows at most the tile of its total and, under one-tile,
 * its face, so with four faces or more one of them misses, and the throws
 * too many to list are never needed.
 */
static int
first_can_fail(const struct shut_rules *r)
{
	unsigned choices = shut_dice_choices(r, shut_rules_start(r));
	struct shut_throw t;
	int d, f, i, rc, unknown = 0;

	for (d = 1; d <= r->dice; d++) {
		if (!(choices & (1u << d)))
			continue;
		rc = 0;
		if (r->move == SHUT_MOVE_ONE_TILE ||
		    r->move == SHUT_MOVE_DICE_OR_SUM) {
			memset(&t, 0, sizeof(t));
			t.n = d;
			for (f = 1; f <= r->faces && !rc; f++) {
				for (i = 0; i < d; i++)
					t.face[i] = f;
				rc = first_misses((void *)r, &t);
			}
		}
		/* The roller may avoid this count: every count must miss. */
		if (!rc)
			rc = each_throw(r, shut_rules_start(r), d, 1,
					first_misses, (void *)r);
		if (rc < 0)
			unknown = 1;
		else if (rc == 0)
			return 0;
	}
	return unknown ? -1 : 1;
}

/* ---------------------------------------------------------------------
 * Battles
 *
 * A battle keeps one box for the whole game, the Shutter shutting tiles
 * and the Opener opening them, so a position is (open tiles, roller,
 * first throw of a turn or not) and the game can go round in circles.  It
 * ends when the Shutter shuts the last tile, when the Opener opens it, when
 * the Shutter's first turn shuts nothing, or when a missed first throw
 * loses.  Under a first-throw rule the Shutter can only play while that
 * tile is open and the Opener only while it is shut, and the two can come
 * to a position where neither ever can: both miss for ever (first-throw=4
 * with 4 a bust, the Opener forced to one die once every tile it could
 * open is 8 or less, tiles 2 and 3 open).  Dice alone, however unlucky,
 * never make a battle endless: it is endless when some position the game
 * can reach has no way to an end at all.  Without a first-throw rule both
 * players can move at any time, each widening the other's board, and no
 * such position was found: none in 20,000 rule sets of up to 10 tiles
 * judged as below, nor in 300,000 battles of random players, while a
 * first-throw rule made about one rule set in 500 endless.  So only
 * battles under a first-throw rule are judged.
 *
 * Two sets of positions are kept, in bits: those the game can reach from
 * its start, and those from which an end can be reached.  Each grows by
 * sweeps over the reachable positions until a sweep adds nothing: each
 * position's ways on are every move some throw allows (one throw per legal
 * move, as in can_shut) and the dice passing where some throw is a bust or
 * allows no move.  A reachable position outside the second set refuses the
 * rule set.  Boxes of more than BATTLE_TILES tiles, throws too many to
 * list and sweeps past BATTLE_STEPS_MAX steps are not judged, and the
 * rule set is let through: every endless battle found had a small box and
 * dice of few faces, which the budget covers, while a large box of many
 * dice would cost seconds to judge.
 */

#define BATTLE_TILES	 12
#define BATTLE_POSITIONS (1L << (BATTLE_TILES + 2))
#define BATTLE_STEPS_MAX 100000L

/* A move or pass that ends the game, as a position. */
#define GAME_OVER (-1L)

struct battle {
	const struct shut_rules *r;
	uint32_t start;
	int n;
	int tile[SHUT_TILES_MAX];
	uint8_t reach[BATTLE_POSITIONS / 8]; /* the game can come here */
	uint8_t ends[BATTLE_POSITIONS / 8];  /* an end can be reached */
	long steps;
	int gave_up;
	int grew; /* a sweep added a position */
};

static int
bit_get(const uint8_t *set, long p)
{
	return (set[p / 8] >> (p % 8)) & 1;
}

static void
bit_set(struct battle *b, uint8_t *set, long p)
{
	if (!bit_get(set, p)) {
		set[p / 8] = (uint8_t)(set[p / 8] | 1u << (p % 8));
		b->grew = 1;
	}
}

/* A position: (board index << 2) | (Opener rolls << 1) | first throw. */
static long
position(const struct battle *b, uint32_t open, int opener, int first)
{
	long i = 0;
	int k;

	for (k = 0; k < b->n; k++)
		if (open & SHUT_TILE(b->tile[k]))
			i |= 1L << k;
	return i << 2 | (long)opener << 1 | first;
}

static uint32_t
position_open(const struct battle *b, long p)
{
	uint32_t open = 0;
	int k;

	for (k = 0; k < b->n; k++)
		if ((p >> 2) & (1L << k))
			open |= SHUT_TILE(b->tile[k]);
	return open;
}

/* What a sweep does with each way on from a position. */
typedef void (*onward_fn)(struct battle *b, long from, long to);

/* A position being swept, with fn to call for each way on from it. */
struct onward {
	struct battle *b;
	long from;
	uint32_t open;
	int opener, first;
	onward_fn fn;
};

static int
onward_move(void *ctx, uint32_t move)
{
	struct onward *o = ctx;
	uint32_t open = o->opener ? o->open | move : o->open & ~move;

	if (++o->b->steps > BATTLE_STEPS_MAX)
		return 1;
	if (open == (o->opener ? o->b->start : 0))
		o->fn(o->b, o->from, GAME_OVER);
	else
		o->fn(o->b, o->from, position(o->b, open, o->opener, 0));
	return 0;
}

/* A throw's moves, for one throw per legal move (as in can_shut). */
static int
onward_moves(void *ctx, const struct shut_throw *t)
{
	struct onward *o = ctx;
	const struct shut_rules *r = o->b->r;
	uint32_t board = o->opener ? o->b->start & ~o->open : o->open;

	if (++o->b->steps > BATTLE_STEPS_MAX)
		return -1;
	if (!(r->bust && shut_throw_total(t) == r->bust))
		shut_moves_each(r, board, t, o->first, onward_move, o);
	return o->b->steps > BATTLE_STEPS_MAX ? -1 : 0;
}

/* Whether a throw allows no move and is not the bust number. */
static int
no_move(void *ctx, const struct shut_throw *t)
{
	struct onward *o = ctx;
	const struct shut_rules *r = o->b->r;
	uint32_t board = o->opener ? o->b->start & ~o->open : o->open;

	if (++o->b->steps > BATTLE_STEPS_MAX)
		return -1;
	if (r->bust && shut_throw_total(t) == r->bust)
		return 0;
	return shut_moves_each(r, board, t, o->first, stop, NULL) == 0;
}

/*
 * The ways some throw of d dice passes the dice on board, as a mask: 1 a
 * bust, 2 no move (a miss on a first throw); -1 when the throws are too
 * many to tell.  Past the board's sum a total has no move, so under
 * move=any and up-to-K only the totals up to it are tried.
 */
static int
passes(struct onward *o, uint32_t board, int d)
{
	const struct shut_rules *r = o->b->r;
	int kinds = 0, top = d * r->faces, sum = shut_tiles_sum(board);
	struct shut_throw t;
	int f, i, rc;

	if (r->bust >= d && r->bust <= top)
		kinds |= 1;
	memset(&t, 0, sizeof(t));
	t.n = d;
	if (r->move == SHUT_MOVE_ANY || r->move == SHUT_MOVE_UP_TO) {
		if (top > sum && (top != r->bust || top - 1 > sum))
			return kinds | 2;
		rc = each_total(r, &t, d, sum, no_move, o);
		return rc < 0 ? -1 : kinds | (rc ? 2 : 0);
	}
	/* The throws of equal faces first: they allow the fewest moves. */
	for (f = 1; f <= r->faces; f++) {
		for (i = 0; i < d; i++)
			t.face[i] = f;
		if ((rc = no_move(o, &t)) != 0)
			return rc < 0 ? -1 : kinds | 2;
	}
	rc = each_throw(r, board, d, 1, no_move, o);
	return rc < 0 ? -1 : kinds | (rc ? 2 : 0);
}

/*
 * The dice pass from o's position, after a miss or not: to the other
 * player, or to the end of the game (a missed first throw that loses, or
 * the Shutter's first turn ending with every tile open).
 */
static void
pass_dice(struct onward *o, int miss)
{
	const struct shut_rules *r = o->b->r;

	if ((miss && o->first && r->first_throw &&
	     r->first_miss == SHUT_FIRST_MISS_LOSE) ||
	    (!o->opener && o->open == o->b->start))
		o->fn(o->b, o->from, GAME_OVER);
	else
		o->fn(o->b, o->from, position(o->b, o->open, !o->opener, 1));
}

/* Calls fn for every way on from position p. */
static void
onward(struct battle *b, long p, onward_fn fn)
{
	struct onward o = {
		b, p, position_open(b, p), (int)(p >> 1) & 1, (int)p & 1, fn
	};
	uint32_t board = o.opener ? b->start & ~o.open : o.open;
	unsigned choices = shut_dice_choices(b->r, board);
	int d, kinds;

	for (d = 1; d <= b->r->dice && !b->gave_up; d++) {
		if (!(choices & (1u << d)))
			continue;
		kinds = passes(&o, board, d);
		if (kinds < 0 ||
		    each_throw(b->r, board, d, 0, onward_moves, &o) != 0) {
			b->gave_up = 1;
			return;
		}
		if (kinds & 1)
			pass_dice(&o, 0);
		if (kinds & 2)
			pass_dice(&o, 1);
	}
}

static void
mark_reach(struct battle *b, long from, long to)
{
	(void)from;
	if (to != GAME_OVER)
		bit_set(b, b->reach, to);
}

static void
mark_ends(struct battle *b, long from, long to)
{
	if (to == GAME_OVER || bit_get(b->ends, to))
		bit_set(b, b->ends, from);
}

/*
 * Sweeps fn over the reachable positions not in skip until a sweep adds
 * nothing, up and down in turn (the Shutter's moves go down, the
 * Opener's up).  done, when not NULL, gets each position swept, so that
 * the next sweeps skip it.
 */
static void
sweep(struct battle *b, onward_fn fn, uint8_t *skip, int done)
{
	long count = 4L << b->n, i, p;
	int down = 0;

	do {
		b->grew = 0;
		for (i = 0; i < count && !b->gave_up; i++) {
			p = down ? count - 1 - i : i;
			if (!bit_get(b->reach, p) || bit_get(skip, p))
				continue;
			onward(b, p, fn);
			if (done)
				bit_set(b, skip, p);
		}
		down = !down;
	} while (b->grew && !b->gave_up);
}

/* Whether a battle under r can come to a position it can never end from. */
/*
 * Whether a judgement would surely pass the budget: half the positions,
 * each with a throw per total (move=any and up-to-K: up to the box's sum)
 * or per total and face, is a floor of the work of the first sweeps.
 */
static int
battle_too_big(const struct battle *b)
{
	const struct shut_rules *r = b->r;
	long throws = (long)r->dice * r->faces;
	long sum = shut_tiles_sum(b->start);

	if (r->move == SHUT_MOVE_ANY || r->move == SHUT_MOVE_UP_TO)
		throws = throws < sum ? throws : sum;
	else
		throws = (throws < SHUT_TILES_MAX ? throws : SHUT_TILES_MAX) +
			 (r->faces < b->n ? r->faces : b->n);
	return (2L << b->n) * throws > BATTLE_STEPS_MAX;
}

static int
battle_endless(const struct shut_rules *r)
{
	struct battle battle, *b = &battle;
	long count, p;
	int t, stuck = 0;

	memset(b, 0, sizeof(*b));
	b->r = r;
	b->start = shut_rules_start(r);
	for (t = 1; t <= SHUT_TILES_MAX; t++)
		if (b->start & SHUT_TILE(t)) {
			if (b->n == BATTLE_TILES)
				return 0;
			b->tile[b->n++] = t;
		}
	if (battle_too_big(b))
		return 0;
	bit_set(b, b->reach, position(b, b->start, 0, 1));
	/* ends holds the positions done until the game's reach is known. */
	sweep(b, mark_reach, b->ends, 1);
	memset(b->ends, 0, sizeof(b->ends));
	sweep(b, mark_ends, b->ends, 0);
	if (b->gave_up)
		return 0;
	count = 4L << b->n;
	for (p = 0; p < count && !stuck; p++)
		stuck = bit_get(b->reach, p) && !bit_get(b->ends, p);
	return stuck;
}

int
shut__endless(const struct shut_rules *r, char *why, size_t whylen)
{
	int shuts_win = r->shut == SHUT_SHUT_WIN;
	int by_total = r->until != 0 || r->eliminate != 0;
	int can, fail;

	if (r->mode == SHUT_MODE_BATTLE) {
		if (!r->first_throw || !battle_endless(r))
			return 0;
		return shut__fail(why, whylen, SHUT_EENDLESS,
				  "mode=battle: the game can come to a "
				  "position from which neither player can "
				  "ever win, so it would never end");
	}
	if (!by_total && r->rounds > 0)
		return 0;
	/* A missed first throw loses: when one can happen, all may lose. */
	fail = r->first_throw ? first_can_fail(r) : 0;
	if (r->first_throw && r->first_miss == SHUT_FIRST_MISS_LOSE &&
	    fail != 0)
		return 0;
	if (by_total) {
		/*
		 * A turn that can end with tiles open scores, whatever the
		 * player does, unless some player can always shut the box.
		 */
		if (fail != 0 || shuts_win || search_run(r, 1) != 1)
			return 0;
		return shut__fail(
		    why, whylen, SHUT_EENDLESS,
		    "%s=%ld: a player can shut the box every turn "
		    "and a shut box scores 0, so no total would "
		    "ever reach it",
		    r->until ? "until" : "eliminate",
		    r->until ? r->until : r->eliminate);
	}
	/* rounds=until-shut (with shut=win): only a shut box ends it. */
	can = search_run(r, 0);
	if (can > 0)
		return 0;
	if (can < 0)
		return shut__fail(
		    why, whylen, SHUT_EUNTILSHUT,
		    "rounds=until-shut: no way to shut the box was found "
		    "under these rules, so the game might never end");
	return shut__fail(why, whylen, SHUT_EUNTILSHUT,
			  "rounds=until-shut: the box can never be shut under "
			  "these rules, so the game would never end");
}
