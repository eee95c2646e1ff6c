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
 * The rule is to refuse only what is proven endless, never a playable game.
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
 * Throws are taken one per class that the move rule tells apart: for
 * move=any and up-to-K only the total matters, so one throw per total; for
 * the rules that read the faces, every throw of the dice when there are
 * few enough of them (THROWS_MAX), and no proof otherwise.  Boards are the
 * subsets of the start set, memoised in two bits each, for start sets of up
 * to BOARD_TILES tiles; bigger ones, and searches past a budget of steps,
 * prove nothing and the rule set is accepted (the over-approximation of
 * reach.c still refuses a tile that can never be shut).
 */
#include <string.h>

#include "rules.h"
#include "shut_error.h"
#include "shut_moves.h"

#define BOARD_TILES 16
#define THROWS_MAX  4096
#define STEPS_MAX   2000000L

/* The answers kept per board, two bits each: 0 not known yet. */
#define KNOWN_YES 1
#define KNOWN_NO  2

struct search {
	const struct shut_rules *r;
	uint32_t start;
	int n;			  /* tiles in the start set */
	int tile[SHUT_TILES_MAX]; /* those tiles */
	uint8_t memo[(1u << BOARD_TILES) / 4];
	long steps;
	int gave_up; /* the budget ran out, or a throw class was too many */
	int sure;    /* sure_shut() rather than can_shut() */
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

static int
memo_get(const struct search *s, unsigned i)
{
	return (s->memo[i / 4] >> (2 * (i % 4))) & 3;
}

static void
memo_set(struct search *s, unsigned i, int v)
{
	s->memo[i / 4] = (uint8_t)(s->memo[i / 4] & ~(3u << (2 * (i % 4))));
	s->memo[i / 4] =
	    (uint8_t)(s->memo[i / 4] | ((unsigned)v << (2 * (i % 4))));
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
 * Calls fn for one throw of d dice of each class, until fn returns
 * non-zero (returned).  Returns -1 when the classes are too many to list.
 */
static int
each_throw(const struct shut_rules *r, int d, throw_fn fn, void *ctx)
{
	struct shut_throw t;
	int total, i, left, rc;

	memset(&t, 0, sizeof(t));
	t.n = d;
	if (r->move == SHUT_MOVE_ANY || r->move == SHUT_MOVE_UP_TO) {
		for (total = d; total <= d * r->faces; total++) {
			/* Faces as high as they go, the rest at 1. */
			for (i = 0, left = total; i < d; i++) {
				int rest = d - i - 1;
				int f = left - rest < r->faces ? left - rest
							       : r->faces;

				t.face[i] = f;
				left -= f;
			}
			if ((rc = fn(ctx, &t)) != 0)
				return rc;
		}
		return 0;
	}
	if (throws_count(d, r->faces) > THROWS_MAX)
		return -1;
	return each_faces(&t, 0, d, 1, r->faces, fn, ctx);
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
	int found; /* a move (can) or a throw's move (sure) that works */
};

/* A legal move: whether the box can be (surely) shut after it. */
static int
step_move(void *ctx, uint32_t move)
{
	struct step *st = ctx;
	int v = shut_from(st->s, st->board & ~move, 0);

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
	struct step m = { st->s, st->board, st->first, 0 };

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
 * Whether the box can be shut from board b (1 or 0), or -1 when the
 * search gave up.
 */
static int
shut_from(struct search *s, uint32_t b, int first)
{
	unsigned choices, i = board_index(s, b);
	int d, rc, known;

	if (b == 0)
		return 1;
	if (s->gave_up)
		return -1;
	known = first ? 0 : memo_get(s, i);
	if (known)
		return known == KNOWN_YES;
	choices = shut_dice_choices(s->r, b);
	for (d = 1; d <= s->r->dice; d++) {
		struct step st = { s, b, first, 0 };

		if (!(choices & (1u << d)))
			continue;
		rc = each_throw(s->r, d, step_throw, &st);
		if (rc < 0 || s->gave_up) {
			s->gave_up = 1;
			return -1;
		}
		/* can: a throw found a way; sure: no throw lacked one. */
		if (s->sure ? rc == 0 : st.found) {
			if (!first)
				memo_set(s, i, KNOWN_YES);
			return 1;
		}
	}
	if (!first)
		memo_set(s, i, KNOWN_NO);
	return 0;
}

/* Runs a search from the start set: 1, 0, or -1 for no answer. */
static int
search_run(const struct shut_rules *r, int sure)
{
	static const struct search zero;
	struct search s = zero;
	int t;

	s.r = r;
	s.start = shut_rules_start(r);
	s.sure = sure;
	for (t = 1; t <= SHUT_TILES_MAX; t++)
		if (s.start & SHUT_TILE(t)) {
			if (s.n == BOARD_TILES)
				return -1;
			s.tile[s.n++] = t;
		}
	return shut_from(&s, s.start, 1);
}

/* A first throw's count of legal moves, for finding a throw with none. */
static int
no_first_move(void *ctx, const struct shut_throw *t)
{
	const struct shut_rules *r = ctx;

	return shut_moves_each(r, shut_rules_start(r), t, 1, NULL, NULL) == 0;
}

/*
 * Whether some first throw of the turn has no legal move (1), none (0), or
 * -1 when the throws are too many to tell.  On the start set, the largest
 * board, such a throw ends the turn with every tile open.
 */
static int
first_can_fail(const struct shut_rules *r)
{
	unsigned choices = shut_dice_choices(r, shut_rules_start(r));
	int d, rc, unknown = 0;

	for (d = 1; d <= r->dice; d++) {
		if (!(choices & (1u << d)))
			continue;
		/* The roller may avoid this count: every count must fail. */
		rc = each_throw(r, d, no_first_move, (void *)r);
		if (rc < 0)
			unknown = 1;
		else if (rc == 0)
			return 0;
	}
	return unknown ? -1 : 1;
}

int
shut__endless(const struct shut_rules *r, char *why, size_t whylen)
{
	int shuts_win = r->shut == SHUT_SHUT_WIN;
	int by_total = r->until != 0 || r->eliminate != 0;
	int can, fail;

	if (r->mode == SHUT_MODE_BATTLE)
		return 0;
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
	if (can != 0)
		return 0;
	return shut__fail(why, whylen, SHUT_EUNTILSHUT,
			  "rounds=until-shut: the box can never be shut under "
			  "these rules, so the game would never end");
}
