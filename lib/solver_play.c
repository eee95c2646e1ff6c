/*
 * solver_play.c - the solver's advice: ranked moves, ranked dice counts,
 * and the computer players that follow it.
 *
 * Nothing here is stored: the best move of a (position, throw) is found
 * from the value table when it is asked for, in time proportional to the
 * moves of that throw.  Ranking repeats the choice: the first is the move
 * the solver plays, the second the one it would play were the first not
 * allowed, and so on, so the ranking and the play can never disagree.  A
 * choice is made in three passes over the moves, which makes it
 * independent of the order the rules engine lists them in: the best value
 * (the exact maximum), then the best tie-breaking value among the moves
 * tied with it, then the preferred move (fewer tiles, higher tile) among
 * those tied on both.
 *
 * A whole ranking does not repeat the passes for every rank, which would
 * take time cubic in the moves (a throw of eight sixes has 2,010 on 22
 * tiles).  The moves tied with the best value form a run at the top of
 * the moves sorted by value: "within a relative epsilon of m" (or, in a
 * battle, within twice the tolerance) holds on an interval of values
 * ending at m, since lowering x by d raises m - x by d and the bound
 * epsilon max(|x|, |m|) by at most epsilon d.  So the moves are sorted
 * once by value, best first, and each rank looks at that run alone among
 * the moves not yet ranked: the passes on it give exactly the choice the
 * passes on all the remaining moves would.  The time is n log n, plus the
 * length of the runs looked at (n^2 at worst, when every move ties).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "shut_error.h"
#include "shut_policy.h"
#include "solver.h"

/*
 * A move with what it leads to, seen from the roller (higher is better):
 * in a standard turn the record of the state it leads to; in a battle the
 * Shutter's chance, negated for the Opener.
 */
struct cand {
	uint32_t move;
	uint32_t next;
	double k0, k1;
	int dice;
	int done; /* ranked already */
};

struct ranker {
	const struct shut_solver *s;
	uint32_t open, index;
	int opener;
	int pass, have;
	struct cand ref0, ref1, best;
	struct cand *all; /* every move, when a whole ranking is asked */
	size_t n;
};

/* Whether slot k of a and b tie, and whether a's is strictly better. */
static inline int
tied(const struct shut_solver *s, const struct cand *a, const struct cand *b,
     int k)
{
	double x = k ? a->k1 : a->k0, y = k ? b->k1 : b->k0;

	if (s->exact != NULL && a->dice == 0)
		return shut__exact_cmp(s, a->next, b->next, k) == 0;
	if (shut__within(x, y, SHUT_SOLVER_EPSILON))
		return 1;
	return s->battle && fabs(x - y) <= 2 * s->tolerance;
}

static inline int
better(const struct shut_solver *s, const struct cand *a, const struct cand *b,
       int k)
{
	if (s->exact != NULL && a->dice == 0)
		return shut__exact_cmp(s, a->next, b->next, k) > 0;
	return k ? a->k1 > b->k1 : a->k0 > b->k0;
}

/* One candidate in one pass of a choice. */
static void
consider(struct ranker *rk, const struct cand *c)
{
	const struct shut_solver *s = rk->s;

	switch (rk->pass) {
	case 0:
		if (!rk->have || better(s, c, &rk->ref0, 0))
			rk->ref0 = *c;
		break;
	case 1:
		if (!tied(s, c, &rk->ref0, 0))
			return;
		if (!rk->have || better(s, c, &rk->ref1, 1))
			rk->ref1 = *c;
		break;
	case 2:
		if (!tied(s, c, &rk->ref0, 0) || !tied(s, c, &rk->ref1, 1))
			return;
		if (!rk->have ||
		    (c->dice ? c->dice < rk->best.dice
			     : shut__prefer(c->move, rk->best.move)))
			rk->best = *c;
		break;
	}
	rk->have = 1;
}

static void
evaluate_move(const struct ranker *rk, uint32_t move, struct cand *c)
{
	const struct shut_solver *s = rk->s;

	memset(c, 0, sizeof(*c));
	c->move = move;
	if (s->battle) {
		double v = shut__battle_after(s, rk->open, rk->opener, move);

		c->k0 = rk->opener ? -v : v;
		return;
	}
	c->next = rk->index - shut__squeeze(s, move);
	c->k0 = *shut__slot(s, c->next, 0);
	c->k1 = *shut__slot(s, c->next, 1);
}

static int
rank_visit(void *ctx, uint32_t move)
{
	struct ranker *rk = ctx;
	struct cand c;

	evaluate_move(rk, move, &c);
	consider(rk, &c);
	return 0;
}

/*
 * The moves of a throw kept on the stack for the computer's choice, so
 * that one pass of the generator serves the three passes of the tie rule
 * (a throw with more moves goes through the generator once per pass).
 */
#define RANK_LOCAL 64

struct local {
	const struct ranker *rk;
	struct cand c[RANK_LOCAL];
	long n;
};

static int
local_visit(void *ctx, uint32_t move)
{
	struct local *l = ctx;

	if (l->n < RANK_LOCAL)
		evaluate_move(l->rk, move, &l->c[l->n]);
	l->n++;
	return 0;
}

/*
 * A move of a standard turn kept with slot 0 of where it leads only:
 * lazy_passes() reads slot 1 of the few that need it.
 */
static int
light_visit(void *ctx, uint32_t move)
{
	struct local *l = ctx;
	const struct shut_solver *s = l->rk->s;

	if (l->n < RANK_LOCAL) {
		struct cand *c = &l->c[l->n];

		c->move = move;
		c->next = l->rk->index - shut__squeeze(s, move);
		c->k0 = *shut__slot(s, c->next, 0);
		c->k1 = 0.0;
		c->dice = 0;
		c->done = 0;
	}
	l->n++;
	return 0;
}

/*
 * The three passes of a choice over the moves of a standard turn kept by
 * light_visit() (at most RANK_LOCAL): slot 0 of every move first; slot 1
 * only for the moves tied with the best of slot 0, the only ones whose
 * slot 1 the passes after the first read (on a big table each slot read
 * is a miss of the cache).
 */
static void
lazy_passes(struct ranker *rk, struct local *l)
{
	const struct shut_solver *s = rk->s;

	rk->pass = 0;
	rk->have = 0;
	for (long i = 0; i < l->n; i++)
		consider(rk, &l->c[i]);
	for (long i = 0; i < l->n; i++)
		if (tied(s, &l->c[i], &rk->ref0, 0))
			l->c[i].k1 = *shut__slot(s, l->c[i].next, 1);
	for (rk->pass = 1; rk->pass < 3; rk->pass++) {
		rk->have = 0;
		for (long i = 0; i < l->n; i++)
			consider(rk, &l->c[i]);
	}
}

static int
collect_visit(void *ctx, uint32_t move)
{
	struct ranker *rk = ctx;

	evaluate_move(rk, move, &rk->all[rk->n++]);
	return 0;
}

/*
 * The order of the sort: the better value first (exactly, with exact
 * values), then, only to make the sort deterministic, the larger move.
 */
static int
sorts_before(const struct shut_solver *s, const struct cand *a,
	     const struct cand *b)
{
	if (s->exact != NULL) {
		int c = shut__exact_cmp(s, a->next, b->next, 0);

		if (c != 0)
			return c > 0;
	} else if (a->k0 != b->k0) {
		return a->k0 > b->k0;
	}
	return a->move > b->move;
}

/*
 * Heapsort, as qsort()'s comparison has no context: the root of the heap
 * is the move that sorts last, and goes to the end.
 */
static void
sift(const struct shut_solver *s, struct cand *c, size_t i, size_t n)
{
	for (;;) {
		size_t m = i, l = 2 * i + 1, r = l + 1;
		struct cand t;

		if (l < n && sorts_before(s, &c[m], &c[l]))
			m = l;
		if (r < n && sorts_before(s, &c[m], &c[r]))
			m = r;
		if (m == i)
			return;
		t = c[i];
		c[i] = c[m];
		c[m] = t;
		i = m;
	}
}

static void
sort_cands(const struct shut_solver *s, struct cand *c, size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		sift(s, c, i, n);
	for (size_t end = n; end > 1; end--) {
		struct cand t = c[0];

		c[0] = c[end - 1];
		c[end - 1] = t;
		sift(s, c, 0, end - 1);
	}
}

/*
 * The next choice among the sorted moves not yet ranked, from *head (the
 * first of them, kept up to date): the three passes on the run of moves
 * tied with it.
 */
static struct cand *
next_choice(struct ranker *rk, size_t *head)
{
	const struct shut_solver *s = rk->s;
	struct cand *c = rk->all, *ref0, *ref1 = NULL, *pick = NULL;
	size_t end;

	while (c[*head].done)
		++*head;
	ref0 = &c[*head];
	for (end = *head; end < rk->n && tied(s, &c[end], ref0, 0); end++)
		if (!c[end].done &&
		    (ref1 == NULL || better(s, &c[end], ref1, 1)))
			ref1 = &c[end];
	for (size_t j = *head; j < end; j++)
		if (!c[j].done && tied(s, &c[j], ref1, 1) &&
		    (pick == NULL || shut__prefer(c[j].move, pick->move)))
			pick = &c[j];
	pick->done = 1;
	return pick;
}

/* The values a choice leads to, from the record (or battle value). */
static void
choice_values(const struct ranker *rk, const struct cand *c, const double *rec,
	      struct shut_choice *out)
{
	const struct shut_solver *s = rk->s;

	out->move = c->move;
	out->dice = c->dice;
	if (s->battle) {
		out->v.value = rk->opener ? -c->k0 : c->k0;
		out->v.expected = 0.0;
		out->v.shut = 0.0;
		return;
	}
	shut__record_value(s, rec, &out->v);
}

/*
 * Sets up a ranker for a position: its index, the board the roller may
 * change and whether the next throw is the first of its turn.  Returns 0,
 * 1 when the turn or the game is over at that position (a shut box; in a
 * battle also a full one with the Opener to throw), or a negative code:
 * SHUT_ETILES for tiles off the board, or a battle's Shutter in mid-turn
 * with every tile open, which cannot happen.
 */
static int
ranker_init(struct ranker *rk, const struct shut_solver *s,
	    const struct shut_position *pos, uint32_t *board, int *first)
{
	if (s == NULL || pos == NULL)
		return SHUT_EINVAL;
	if (pos->open & ~s->below)
		return SHUT_ETILES;
	/* Without slot 1 no tie can be broken. */
	if (!s->battle && s->width == 1)
		return SHUT_EMODE;
	memset(rk, 0, sizeof(*rk));
	rk->s = s;
	rk->open = pos->open;
	rk->index = shut__squeeze(s, pos->open);
	rk->opener = s->battle && pos->opener;
	*board = rk->opener ? s->start & ~pos->open : pos->open;
	*first = s->battle ? pos->first != 0 : pos->open == s->start;
	if (pos->open == 0 || (rk->opener && pos->open == s->start))
		return 1;
	if (s->battle &&
	    !shut__battle_possible(s, rk->index, rk->opener, *first))
		return SHUT_ETILES;
	return 0;
}

/* The values a choice of move leads to. */
static void
move_values(const struct ranker *rk, const struct cand *c,
	    struct shut_choice *out)
{
	double rec[SOLVER_SLOTS_MAX] = { 0, 0, 0 };

	if (!rk->s->battle)
		shut__get(rk->s, c->next, rec);
	choice_values(rk, c, rec, out);
}

/*
 * The solver's own choice of move of throw t on board, into rk->best:
 * three passes, no sorting.  Only the moves visited are written and read,
 * so the array is not cleared (which cost as much as the choice itself).
 * Returns the number of moves.
 */
static long
own_choice(struct ranker *rk, uint32_t board, const struct shut_throw *t,
	   int first)
{
	const struct shut_rules *r = &rk->s->rules;
	struct local l;
	long count;

	l.rk = rk;
	l.n = 0;
	count = shut_moves_each(r, board, t, first,
				rk->s->battle ? local_visit : light_visit, &l);
	if (count <= 0)
		return count;
	if (!rk->s->battle && count <= RANK_LOCAL) {
		lazy_passes(rk, &l);
		return count;
	}
	for (rk->pass = 0; rk->pass < 3; rk->pass++) {
		rk->have = 0;
		if (count <= RANK_LOCAL)
			for (long i = 0; i < count; i++)
				consider(rk, &l.c[i]);
		else
			shut_moves_each(r, board, t, first, rank_visit, rk);
	}
	return count;
}

long
shut__solver_choose(const struct shut_solver *s, uint32_t open,
		    const struct shut_throw *t, uint32_t *move)
{
	struct ranker rk;
	long count;

	rk.s = s;
	rk.open = open;
	rk.index = shut__squeeze(s, open);
	rk.opener = 0;
	rk.all = NULL;
	rk.n = 0;
	count = own_choice(&rk, open, t, open == s->start);
	if (count > 0)
		*move = rk.best.move;
	return count;
}

long
shut_solver_rank_moves(const struct shut_solver *s,
		       const struct shut_position *pos,
		       const struct shut_throw *t, struct shut_choice *out,
		       size_t cap)
{
	struct ranker rk;
	uint32_t board;
	int first, rc;
	long count;
	size_t head = 0;

	rc = ranker_init(&rk, s, pos, &board, &first);
	if (rc != 0)
		return rc < 0 ? rc : 0;
	if (t == NULL || (out == NULL && cap > 0))
		return SHUT_EINVAL;
	if (shut_throw_check(&s->rules, t) < 0)
		return SHUT_ETHROW;
	if (!(shut_dice_choices(&s->rules, board) & (1u << t->n)))
		return SHUT_EDICE;
	if (cap == 1) {
		count = own_choice(&rk, board, t, first);
		if (count > 0)
			move_values(&rk, &rk.best, &out[0]);
		return count;
	}
	count = shut_moves_each(&s->rules, board, t, first, NULL, NULL);
	if (count <= 0 || cap == 0)
		return count;

	rk.all = malloc((size_t)count * sizeof(*rk.all));
	if (rk.all == NULL)
		return SHUT_ENOMEM;
	shut_moves_each(&s->rules, board, t, first, collect_visit, &rk);
	sort_cands(s, rk.all, rk.n);
	for (size_t i = 0; i < cap && i < rk.n; i++)
		move_values(&rk, next_choice(&rk, &head), &out[i]);
	free(rk.all);
	return count;
}

long
shut_solver_rank_dice(const struct shut_solver *s,
		      const struct shut_position *pos, struct shut_choice *out,
		      size_t cap)
{
	double vals[SHUT_DICE_MAX + 1][SOLVER_SLOTS_MAX];
	struct cand c[SHUT_DICE_MAX + 1];
	unsigned choices, done = 0;
	struct ranker rk;
	uint32_t board;
	int first, rc;
	long count = 0;

	rc = ranker_init(&rk, s, pos, &board, &first);
	if (rc != 0)
		return rc < 0 ? rc : 0;
	if (out == NULL && cap > 0)
		return SHUT_EINVAL;
	choices = shut_dice_choices(&s->rules, board);
	for (int d = 1; d <= s->rules.dice; d++) {
		if (!(choices & (1u << d)))
			continue;
		count++;
		memset(&c[d], 0, sizeof(c[d]));
		c[d].dice = d;
		if (s->battle) {
			double v =
			    shut__battle_dice(s, rk.index, rk.opener, first, d);

			c[d].k0 = rk.opener ? -v : v;
			continue;
		}
		shut__dice_value(s, rk.index, d, vals[d]);
		c[d].k0 = vals[d][0];
		c[d].k1 = vals[d][1];
	}
	for (size_t i = 0; i < cap && i < (size_t)count; i++) {
		for (rk.pass = 0; rk.pass < 3; rk.pass++) {
			rk.have = 0;
			for (int d = 1; d <= s->rules.dice; d++)
				if ((choices & ~done) & (1u << d))
					consider(&rk, &c[d]);
		}
		done |= 1u << rk.best.dice;
		choice_values(&rk, &rk.best,
			      s->battle ? NULL : vals[rk.best.dice], &out[i]);
	}
	return count;
}

/* ---------------------------------------------------------------------
 * Computer players
 */

/*
 * The solver's dice count at a board, from the counts kept (struct
 * shut_solver's dice_kept) or worked out by shut_solver_rank_dice() and
 * kept.  A count depends on the board's index alone outside a battle, so
 * an entry whose tag is the index's is the count ranking would give.
 */
static long
kept_dice(const struct shut_solver *s, const struct shut_position *pos,
	  struct shut_choice *c)
{
	atomic_uint_least32_t *slot;
	uint32_t index, word;
	long n;

	if (s == NULL || s->dice_kept == NULL || pos == NULL ||
	    (pos->open & ~s->below))
		return shut_solver_rank_dice(s, pos, c, 1);
	index = shut__squeeze(s, pos->open);
	slot = &s->dice_kept[index & s->dice_mask];
	word = (uint32_t)atomic_load_explicit(slot, memory_order_relaxed);
	if (word != 0 && word >> 4 == index >> s->dice_shift) {
		c->dice = (int)(word & 15u);
		return 1;
	}
	n = shut_solver_rank_dice(s, pos, c, 1);
	if (n > 0 && c->dice >= 1 && c->dice <= SHUT_DICE_MAX)
		atomic_store_explicit(
		    slot, (index >> s->dice_shift) << 4 | (uint32_t)c->dice,
		    memory_order_relaxed);
	return n;
}

static int
solver_dice(void *ctx, const struct shut_game *g, unsigned choices)
{
	struct shut_position pos;
	struct shut_choice c;
	long n;

	if (g == NULL)
		return SHUT_EINVAL;
	shut_position_of_game(&pos, g);
	n = kept_dice(ctx, &pos, &c);
	if (n < 0)
		return (int)n;
	if (n == 0 || !(choices & (1u << c.dice)))
		return SHUT_EDICE;
	return c.dice;
}

/*
 * The solver's choice among the moves the game kept for its throw, the
 * three passes of shut_solver_rank_moves() over them without listing
 * them again.  Returns 1 with *move set, or 0 when the game's list does
 * not serve (none kept, more than fit here, a battle, or a solver of
 * other rules or another board than the game's), and the moves are listed
 * as before.
 *
 * The passes are those of consider(), with what they share worked out
 * once: the position is read without ranker_init() (a battle and every
 * case it refuses go the way of shut_solver_rank_moves()); pass 0 keeps
 * the index of the best rather than a copy; whether a move ties the best
 * in slot 0, which passes 1 and 2 both ask, is asked once, and the later
 * passes look at those moves alone.  Slot 1 is read only for them: on a
 * big table each slot read is a miss of the cache.
 */
static int
kept_choice(const struct shut_solver *s, const struct shut_game *g,
	    const struct shut_position *pos, uint32_t *move)
{
	struct cand c[RANK_LOCAL]; /* only the moves visited are written */
	int tie[RANK_LOCAL];	   /* the moves tied with the best in slot 0 */
	const struct shut_rules *r = &g->rules;
	const uint32_t *moves;
	uint32_t index;
	int ref0 = 0, ref1 = -1, best = -1, ntie = 0;
	long n;

	if (s == NULL || s->battle || s->rules.move != r->move ||
	    s->rules.move_max != r->move_max || s->rules.bust != r->bust ||
	    s->rules.first_throw != r->first_throw ||
	    s->rules.dice != r->dice || s->rules.faces != r->faces ||
	    s->rules.fewer != r->fewer ||
	    s->rules.fewer_forced != r->fewer_forced)
		return 0;
	n = shut__game_moves_kept(g, &moves);
	if (n < 1 || n > RANK_LOCAL)
		return 0;
	/* What ranker_init() works out, or refuses, for a standard turn. */
	if ((pos->open & ~s->below) || s->width == 1 || pos->open == 0 ||
	    pos->open != shut__game_board(g) ||
	    (int)(pos->open == s->start) != g->first ||
	    !(shut_game_dice_choices(g) & (1u << g->last_throw.n)))
		return 0;
	index = shut__squeeze(s, pos->open);
	for (long i = 0; i < n; i++) {
		c[i].move = moves[i];
		c[i].next = index - shut__squeeze(s, moves[i]);
		c[i].k0 = *shut__slot(s, c[i].next, 0);
		c[i].k1 = 0.0;
		c[i].dice = 0;
		c[i].done = 0;
#if defined(__GNUC__)
		/*
		 * Slot 1 of the moves tied with the best is read next, which
		 * on a big table is a second miss of the cache after the
		 * first: asked for now, both wait together.
		 */
		__builtin_prefetch(shut__slot(s, c[i].next, 1));
#endif
	}
	for (long i = 1; i < n; i++)
		if (better(s, &c[i], &c[ref0], 0))
			ref0 = (int)i;
	for (long i = 0; i < n; i++)
		if (tied(s, &c[i], &c[ref0], 0)) {
			c[i].k1 = *shut__slot(s, c[i].next, 1);
			tie[ntie++] = (int)i;
		}
	for (int j = 0; j < ntie; j++)
		if (ref1 < 0 || better(s, &c[tie[j]], &c[ref1], 1))
			ref1 = tie[j];
	for (int j = 0; j < ntie; j++) {
		const struct cand *x = &c[tie[j]];

		if (tied(s, x, &c[ref1], 1) &&
		    (best < 0 || shut__prefer(x->move, c[best].move)))
			best = tie[j];
	}
	*move = best < 0 ? 0 : c[best].move;
	return 1;
}

static int
solver_move(void *ctx, const struct shut_game *g, uint32_t *move)
{
	struct shut_position pos;
	struct shut_choice c;
	long count;

	if (g == NULL || move == NULL)
		return SHUT_EINVAL;
	shut_position_of_game(&pos, g);
	if (kept_choice(ctx, g, &pos, move))
		return 0;
	count = shut_solver_rank_moves(ctx, &pos, &g->last_throw, &c, 1);
	if (count < 0)
		return (int)count;
	if (count == 0)
		return SHUT_EILLEGAL;
	*move = c.move;
	return 0;
}

static const struct shut_policy optimal_policy = {
	.dice = SHUT_DICE_RULE_SOLVER,
	.move = SHUT_MOVE_RULE_SOLVER,
	.objective = SHUT_OBJECTIVE_EXPECTED,
};

static const struct shut_policy shut_policy = {
	.dice = SHUT_DICE_RULE_SOLVER,
	.move = SHUT_MOVE_RULE_SOLVER,
	.objective = SHUT_OBJECTIVE_SHUT,
};

const struct shut_strategy shut_solver_optimal = {
	.name = "optimal",
	.help = "perfect play for the lowest expected score (or a battle's "
		"win)",
	.dice = solver_dice,
	.move = solver_move,
	.policy = &optimal_policy,
};

const struct shut_strategy shut_solver_shut = {
	.name = "shut",
	.help = "perfect play for the best chance of shutting the box",
	.dice = solver_dice,
	.move = solver_move,
	.policy = &shut_policy,
};
