/*
 * eval.c - the exact worth of a turn played by a policy.
 *
 * A policy is a fixed way of playing, so a turn played by it is a Markov
 * chain on the boards (the open tiles, a subset of the start set): from a
 * board the policy picks a dice count (or each allowed count with equal
 * chance), the dice fall as a class of throws, and the policy picks a move
 * (or each legal move with equal chance), which leads to a smaller board;
 * a throw with no legal move ends the turn.  Every move shuts a tile, so
 * the chain only goes down, and two passes over the boards squeezed into
 * indices (as the solver does, solver.c) give everything:
 *
 *   backward, in increasing index: the expected score E(S) and the chance
 *   of shutting P(S) of every board, each the sum over the edges of S of
 *   the edge's probability times E or P of where it leads (the score of S,
 *   or 0, where it ends the turn);
 *
 *   forward, in decreasing index from the board asked for: the chance of
 *   reaching each board, and of the turn ending on it, which gives the
 *   distribution of the turn's score.
 *
 * The edges of a board are listed by one walk (shut__eval_walk()), which
 * both passes and the exact arithmetic of eval_exact.c use, so that they
 * play one and the same policy: the ranked moves of shut_policy_move(),
 * the game's computer players, or the solver's choices through
 * shut_solver_rank_dice() and shut_solver_rank_moves().  An edge's
 * probability is count / (faces^d * nd * nm): count ordered throws of the
 * class among faces^d, one of nd dice counts, one of nm moves.
 *
 * Throws that allow the same moves are grouped as the solver does: by
 * total where the move rule reads the total alone and the policy does
 * not look at the faces, else by multiset of faces.
 *
 * Left out on purpose (docs/internals/policy.md): a battle, the
 * distribution from every board at once, and threads.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "shut_error.h"
#include "solver.h"
#include "throws.h"

/* The most classes of throws the evaluator lists, as the solver. */
#define EVAL_CLASSES_MAX ((size_t)1 << 20)

/* The open tiles of an index, and the index of open tiles (solver.c). */
uint32_t
shut__eval_spread(const struct shut_eval *e, uint32_t index)
{
	uint32_t open = 0;

	for (int k = 0; k < e->n; k++)
		if (index & (UINT32_C(1) << k))
			open |= SHUT_TILE(e->tile[k]);
	return open;
}

uint32_t
shut__eval_squeeze(const struct shut_eval *e, uint32_t open)
{
	return e->squeeze[0][open & 0xff] | e->squeeze[1][(open >> 8) & 0xff] |
	       e->squeeze[2][(open >> 16) & 0xff] | e->squeeze[3][open >> 24];
}

/* The tables of shut__eval_squeeze(), a byte of tiles at a time. */
static void
squeeze_tables(struct shut_eval *e)
{
	for (int k = 0; k < 4; k++)
		for (uint32_t b = 0; b < 256; b++) {
			uint32_t open = b << (8 * k), index = 0;

			for (int i = 0; i < e->n; i++)
				if (open & SHUT_TILE(e->tile[i]))
					index |= UINT32_C(1) << i;
			e->squeeze[k][b] = index;
		}
}

/* ---------------------------------------------------------------------
 * The throws
 */

/* Whether the throws must be told apart by their faces, not their total. */
static int
reads_faces(const struct shut_eval *e)
{
	if (e->rules.move != SHUT_MOVE_ANY && e->rules.move != SHUT_MOVE_UP_TO)
		return 1;
	for (int i = 0; i < SHUT_RANK_MAX; i++)
		if (e->policy.move == SHUT_MOVE_RULE_RANK &&
		    e->policy.rank[i] == SHUT_RANK_FACE_TILES)
			return 1;
	return 0;
}

/* C(n, k) as a double, to bound the multisets. */
static double
choose(int n, int k)
{
	double c = 1.0;

	for (int i = 1; i <= k; i++)
		c = c * (double)(n - k + i) / (double)i;
	return c;
}

/* The number of classes of every dice count, or 0 when too many. */
static size_t
classes_count(const struct shut_eval *e)
{
	double total = 0;

	for (int d = 1; d <= e->rules.dice; d++)
		total += reads_faces(e)
			     ? floor(choose(e->rules.faces + d - 1, d) + 0.5)
			     : (double)(d * (e->rules.faces - 1) + 1);
	return total > (double)EVAL_CLASSES_MAX ? 0 : (size_t)total;
}

/* The classes of d dice by total, from the counts of each total. */
static size_t
classes_by_total(struct shut_eval *e, int d, const uint64_t *count,
		 struct shut__eval_class *out)
{
	size_t n = 0;

	for (int t = d; t <= d * e->rules.faces; t++) {
		out[n].count = count[t];
		shut__throw_of_total(d, e->rules.faces, t, &out[n].rep);
		n++;
	}
	return n;
}

static int
list_multiset(void *ctx, const struct shut_throw *t, uint64_t count)
{
	struct shut__eval_class **at = ctx;

	memset(*at, 0, sizeof(**at));
	(*at)->rep = *t;
	(*at)->count = count;
	(*at)++;
	return 0;
}

/* The multisets of d faces, each with its number of orders. */
static size_t
classes_by_faces(struct shut_eval *e, int d, struct shut__eval_class *out)
{
	struct shut__eval_class *at = out;

	shut__multisets_each(d, e->rules.faces, list_multiset, &at);
	return (size_t)(at - out);
}

/*
 * The classes of every dice count, into e->classes, as the solver groups
 * them (the enumeration of throws.c).
 */
static void
build_classes(struct shut_eval *e)
{
	uint64_t count[SHUT_DICE_MAX * SHUT_FACES_MAX + 1];
	size_t k = 0;

	for (int d = 1; d <= e->rules.dice; d++) {
		shut__throws_totals(d, e->rules.faces, count);
		e->denom[d] = 1;
		for (int i = 0; i < d; i++)
			e->denom[d] *= (uint64_t)e->rules.faces;
		e->first[d] = k;
		e->ncl[d] = reads_faces(e)
				? classes_by_faces(e, d, e->classes + k)
				: classes_by_total(e, d, count, e->classes + k);
		k += e->ncl[d];
	}
}

/* ---------------------------------------------------------------------
 * The walk
 */

struct walk {
	const struct shut_eval *e;
	uint32_t index;
	shut__eval_edge fn;
	void *ctx;
	uint64_t count;
	int d;
	unsigned nd, nm;
};

/* Counts the moves of a throw, for random's 1/nm. */
static int
count_move(void *ctx, uint32_t move)
{
	(void)ctx;
	(void)move;
	return 0;
}

/* One of random's moves: an edge of chance 1/nm of its class. */
static int
random_edge(void *ctx, uint32_t move)
{
	struct walk *w = ctx;

	w->fn(w->ctx, w->index - shut__eval_squeeze(w->e, move), w->count, w->d,
	      w->nd, w->nm);
	return 0;
}

/* The move the policy makes of throw t, 0 for none, or an error. */
static int
chosen_move(const struct shut_eval *e, uint32_t open,
	    const struct shut_throw *t, uint32_t *move)
{
	long n;
	int rc;

	*move = 0;
	if (e->policy.move == SHUT_MOVE_RULE_RANK) {
		rc = shut_policy_move(&e->policy, &e->rules, open, t,
				      open == e->start, move);
		return rc == SHUT_EILLEGAL ? 0 : rc;
	}
	/* The checks of shut_solver_rank_moves() hold: see get_solver(). */
	n = shut__solver_choose(e->solver, open, t, move);
	if (n < 0)
		return (int)n;
	if (n == 0)
		*move = 0;
	return 0;
}

/* The edges of throwing d dice at a board. */
static int
walk_dice(struct walk *w, uint32_t open)
{
	const struct shut_eval *e = w->e;
	int first = open == e->start;

	for (size_t i = 0; i < e->ncl[w->d]; i++) {
		const struct shut__eval_class *c =
		    &e->classes[e->first[w->d] + i];
		uint32_t move;
		long n;
		int rc;

		w->count = c->count;
		w->nm = 1;
		if (e->policy.move == SHUT_MOVE_RULE_RANDOM) {
			n = shut_moves_each(&e->rules, open, &c->rep, first,
					    count_move, NULL);
			if (n == 0) {
				w->fn(w->ctx, EVAL_END, c->count, w->d, w->nd,
				      1);
				continue;
			}
			w->nm = (unsigned)n;
			shut_moves_each(&e->rules, open, &c->rep, first,
					random_edge, w);
			continue;
		}
		rc = chosen_move(e, open, &c->rep, &move);
		if (rc < 0)
			return rc;
		w->fn(w->ctx,
		      move ? w->index - shut__eval_squeeze(e, move) : EVAL_END,
		      c->count, w->d, w->nd, 1);
	}
	return 0;
}

/* The dice counts the policy throws at a board, as a mask. */
static int
dice_of(const struct shut_eval *e, uint32_t open, unsigned *mask)
{
	unsigned choices = shut_dice_choices(&e->rules, open);
	struct shut_position pos = { open, 0, 0 };
	struct shut_choice c;
	long n;
	int d;

	switch (e->policy.dice) {
	case SHUT_DICE_RULE_RANDOM:
		*mask = choices;
		return choices ? 0 : SHUT_EINVAL;
	case SHUT_DICE_RULE_SOLVER:
		/* One count allowed: the solver's choice, without asking. */
		if (choices != 0 && (choices & (choices - 1)) == 0) {
			*mask = choices;
			return 0;
		}
		n = shut_solver_rank_dice(e->solver, &pos, &c, 1);
		if (n < 0)
			return (int)n;
		d = n > 0 ? c.dice : SHUT_EDICE;
		break;
	default:
		d = shut_policy_dice(&e->policy, choices);
		break;
	}
	if (d < 0)
		return d;
	*mask = 1u << d;
	return 0;
}

int
shut__eval_walk(const struct shut_eval *e, uint32_t index, shut__eval_edge fn,
		void *ctx)
{
	struct walk w = { e, index, fn, ctx, 0, 0, 0, 0 };
	uint32_t open = shut__eval_spread(e, index);
	unsigned mask = 0;
	int rc;

	rc = dice_of(e, open, &mask);
	if (rc < 0)
		return rc;
	w.nd = (unsigned)shut__popcount(mask);
	for (w.d = 1; w.d <= e->rules.dice; w.d++) {
		if (!(mask & (1u << w.d)))
			continue;
		rc = walk_dice(&w, open);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * The passes in double precision
 */

/*
 * The edges of every board, as the backward pass found them, for the
 * forward pass to follow without walking again: edge[off[i] .. off[i + 1])
 * are board i's.  Kept while they fit in 32 entries a board and
 * EVAL_CACHE_MAX in all (64 MiB); past that (a big box, or random's many
 * moves) the forward pass walks again.
 */
#define EVAL_CACHE_MAX ((size_t)1 << 22)
#define EVAL_CACHE_PER 32

struct edge {
	double p;
	uint32_t next;
};

struct cache {
	struct edge *edge;
	size_t *off;
	size_t n, cap, max;
	size_t first; /* the room taken at the first edge */
	int on;
};

/* Keeps one edge, or gives the cache up when it would pass its bound. */
static void
cache_put(struct cache *c, uint32_t next, double p)
{
	if (!c->on)
		return;
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : c->first;
		struct edge *e;

		if (cap > c->max ||
		    (e = realloc(c->edge, cap * sizeof(*e))) == NULL) {
			c->on = 0;
			return;
		}
		c->edge = e;
		c->cap = cap;
	}
	c->edge[c->n].p = p;
	c->edge[c->n++].next = next;
}

struct backward {
	const struct shut_eval *e;
	struct cache *c;
	double score, expected, shut;
};

/* One edge of the upward pass: its share of E and P, kept for later. */
static void
backward_edge(void *ctx, uint32_t next, uint64_t count, int d, unsigned nd,
	      unsigned nm)
{
	struct backward *b = ctx;
	double p = (double)count / ((double)b->e->denom[d] * nd * nm);

	cache_put(b->c, next, p);
	if (next == EVAL_END) {
		b->expected += p * b->score;
		return;
	}
	b->expected += p * b->e->expected[next];
	b->shut += p * b->e->shut[next];
}

/* Every board's expected score and chance to shut, the shut box first. */
static int
backward(struct shut_eval *e, struct cache *c)
{
	for (uint32_t i = 0; i < e->states; i++) {
		struct backward b = { e, c, 0, 0, 0 };
		int rc;

		if (c->on)
			c->off[i] = c->n;
		if (i == 0) {
			e->expected[0] = 0;
			e->shut[0] = 1;
			continue;
		}
		b.score =
		    (double)shut_score(&e->rules, shut__eval_spread(e, i));
		rc = shut__eval_walk(e, i, backward_edge, &b);
		if (rc < 0)
			return rc;
		e->expected[i] = b.expected;
		e->shut[i] = b.shut;
	}
	if (c->on)
		c->off[e->states] = c->n;
	return 0;
}

struct forward {
	const struct shut_eval *e;
	double *reach, *end;
	double here;
	uint32_t index;
};

/* Carries the chance of being here along one edge of chance p. */
static void
forward_to(struct forward *f, uint32_t next, double p)
{
	if (next == EVAL_END)
		f->end[f->index] += f->here * p;
	else
		f->reach[next] += f->here * p;
}

static void
forward_edge(void *ctx, uint32_t next, uint64_t count, int d, unsigned nd,
	     unsigned nm)
{
	struct forward *f = ctx;

	forward_to(f, next, (double)count / ((double)f->e->denom[d] * nd * nm));
}

/* The chance of the turn ending on each board, into end[]. */
static int
forward(struct shut_eval *e, const struct cache *c, double *reach, double *end)
{
	struct forward f = { e, reach, end, 0, 0 };
	uint32_t from = shut__eval_squeeze(e, e->from);

	memset(reach, 0, e->states * sizeof(*reach));
	memset(end, 0, e->states * sizeof(*end));
	reach[from] = 1;
	for (uint32_t i = from + 1; i-- > 0;) {
		int rc;

		if (reach[i] == 0)
			continue;
		if (i == 0) {
			end[0] += reach[0];
			continue;
		}
		f.here = reach[i];
		f.index = i;
		if (c->on) {
			for (size_t k = c->off[i]; k < c->off[i + 1]; k++)
				forward_to(&f, c->edge[k].next, c->edge[k].p);
			continue;
		}
		rc = shut__eval_walk(e, i, forward_edge, &f);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* By score, then by index: the order of the distribution's boards. */
static int
end_cmp(const void *a, const void *b)
{
	const struct shut__eval_end *x = a, *y = b;

	if (x->score != y->score)
		return x->score < y->score ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/*
 * The boards the turn may end on, by score, and the distribution from
 * them; ends, group and dist are allocated here.
 */
static int
distribution(struct shut_eval *e, const double *end)
{
	size_t n = 0, k = 0;

	for (uint32_t i = 0; i < e->states; i++)
		n += end[i] > 0;
	e->ends = malloc((n ? n : 1) * sizeof(*e->ends));
	e->group = malloc((n + 1) * sizeof(*e->group));
	e->dist = malloc((n ? n : 1) * sizeof(*e->dist));
	if (e->ends == NULL || e->group == NULL || e->dist == NULL)
		return SHUT_ENOMEM;
	for (uint32_t i = 0; i < e->states; i++)
		if (end[i] > 0) {
			e->ends[k].score =
			    shut_score(&e->rules, shut__eval_spread(e, i));
			e->ends[k++].index = i;
		}
	qsort(e->ends, n, sizeof(*e->ends), end_cmp);
	e->ndist = 0;
	for (size_t j = 0; j < n; j++) {
		if (j == 0 || e->ends[j].score != e->ends[j - 1].score) {
			e->group[e->ndist] = j;
			e->dist[e->ndist].score = e->ends[j].score;
			e->dist[e->ndist++].prob = 0;
		}
		e->dist[e->ndist - 1].prob += end[e->ends[j].index];
	}
	e->group[e->ndist] = n;
	return 0;
}

/* ---------------------------------------------------------------------
 * The evaluator
 */

/* Whether a solver given by the caller fits the policy and the rules. */
static int
solver_fits(const struct shut_eval *e, const struct shut_solver *s,
	    unsigned flags)
{
	if (!shut_rules_equal(&s->rules, &e->rules) ||
	    s->objective.kind != e->policy.objective || s->width < 2 ||
	    s->below != s->start)
		return 0;
	return !(flags & SHUT_EVAL_EXACT) || s->exact != NULL;
}

/*
 * The solver a solver's policy plays by: the caller's, when it fits, or
 * one made here (stored in e->own).
 */
static int
get_solver(struct shut_eval *e, const struct shut_eval_options *opt)
{
	struct shut_objective obj = { .kind = e->policy.objective };
	struct shut_solver_options so = {
		.flags = (opt->flags & SHUT_EVAL_EXACT) ? SHUT_SOLVER_EXACT : 0,
		.threads = opt->threads,
		.max_bytes = opt->max_bytes,
	};

	if (e->policy.move != SHUT_MOVE_RULE_SOLVER &&
	    e->policy.dice != SHUT_DICE_RULE_SOLVER)
		return 0;
	if (opt->solver != NULL) {
		if (!solver_fits(e, opt->solver, opt->flags))
			return SHUT_EMODE;
		e->solver = opt->solver;
		return 0;
	}
	if (e->policy.objective != SHUT_OBJECTIVE_EXPECTED &&
	    e->policy.objective != SHUT_OBJECTIVE_SHUT)
		return SHUT_EMODE;
	return shut_solver_new(&e->own, &e->rules, &obj, &so);
	/* e->solver is set by the caller from e->own. */
}

/* The evaluator's bytes for n tiles: the tables and the passes' scratch. */
static size_t
eval_bytes(int n)
{
	size_t states = (size_t)1 << n;

	return sizeof(struct shut_eval) +
	       states * (4 * sizeof(double) + sizeof(struct shut__eval_end) +
			 sizeof(size_t) + sizeof(struct shut_score_prob));
}

/* Refuses what cannot be evaluated, before anything is allocated. */
static int
check_args(const struct shut_rules *rules, const struct shut_strategy *st,
	   const struct shut_eval_options *opt, int n)
{
	size_t limit =
	    opt->max_bytes ? opt->max_bytes : SHUT_SOLVER_BYTES_DEFAULT;
	int rc = shut_rules_check(rules, NULL, 0);

	if (rc < 0)
		return rc;
	if (st->policy == NULL || rules->mode == SHUT_MODE_BATTLE)
		return SHUT_EMODE;
	if (opt->from & ~shut_rules_start(rules))
		return SHUT_ETILES;
	if (n > SHUT_SOLVER_TILES_MAX || eval_bytes(n) > limit ||
	    ((opt->flags & SHUT_EVAL_EXACT) && n > SHUT_SOLVER_EXACT_TILES_MAX))
		return SHUT_ETOOBIG;
	return 0;
}

/* The board, the throws and the value tables. */
static int
eval_init(struct shut_eval *e, const struct shut_rules *rules,
	  const struct shut_strategy *st, const struct shut_eval_options *opt)
{
	size_t ncl;

	e->rules = *rules;
	e->policy = *st->policy;
	e->start = shut_rules_start(rules);
	e->from =
	    opt->from || (opt->flags & SHUT_EVAL_FROM) ? opt->from : e->start;
	for (int t = 1; t <= SHUT_TILES_MAX; t++)
		if (e->start & SHUT_TILE(t))
			e->tile[e->n++] = t;
	e->states = (size_t)1 << e->n;
	squeeze_tables(e);
	ncl = classes_count(e);
	if (ncl == 0)
		return SHUT_ETOOBIG;
	e->classes = malloc(ncl * sizeof(*e->classes));
	e->expected = malloc(e->states * sizeof(double));
	e->shut = malloc(e->states * sizeof(double));
	if (e->classes == NULL || e->expected == NULL || e->shut == NULL)
		return SHUT_ENOMEM;
	build_classes(e);
	return 0;
}

/*
 * The room for the edges to take at once: a policy that draws nothing
 * has one edge per class of throw of the one dice count it throws, so
 * states times the most classes of a count holds them all, without the
 * copies and the fresh pages of growing by doubling (some 15% of the
 * evaluation of classic).  Random's edges are not known ahead.
 */
static size_t
first_room(const struct shut_eval *e, size_t max)
{
	size_t most = 0;

	if (e->policy.dice == SHUT_DICE_RULE_RANDOM ||
	    e->policy.move == SHUT_MOVE_RULE_RANDOM)
		return 1024;
	for (int d = 1; d <= e->rules.dice; d++)
		most = e->ncl[d] > most ? e->ncl[d] : most;
	if (most == 0 || e->states > max / most)
		return 1024;
	return e->states * most;
}

/* The two passes, and the exact ones when asked. */
static int
eval_run(struct shut_eval *e, unsigned flags)
{
	double *reach = malloc(e->states * sizeof(double));
	double *end = malloc(e->states * sizeof(double));
	struct cache c = { NULL, NULL, 0, 0, EVAL_CACHE_MAX, 1024, 0 };
	int rc = SHUT_ENOMEM;

	if (reach == NULL || end == NULL)
		goto out;
	/* Without room for the offsets, no cache: the walk again. */
	c.off = malloc((e->states + 1) * sizeof(*c.off));
	c.on = c.off != NULL && !(flags & SHUT__EVAL_NOCACHE);
	if (e->states * EVAL_CACHE_PER < c.max)
		c.max = e->states * EVAL_CACHE_PER;
	c.first = first_room(e, c.max);
	rc = backward(e, &c);
	if (rc == 0)
		rc = forward(e, &c, reach, end);
	if (rc == 0)
		rc = distribution(e, end);
	if (rc == 0 && (flags & SHUT_EVAL_EXACT))
		rc = shut__eval_exact_new(e);
out:
	free(c.edge);
	free(c.off);
	free(reach);
	free(end);
	return rc;
}

int
shut_eval_new(struct shut_eval **ep, const struct shut_rules *rules,
	      const struct shut_strategy *strategy,
	      const struct shut_eval_options *opt)
{
	struct shut_eval_options none = { 0, 0, NULL, 0, 0 };
	struct shut_eval *e;
	int rc;

	if (ep == NULL)
		return SHUT_EINVAL;
	*ep = NULL;
	if (rules == NULL || strategy == NULL)
		return SHUT_EINVAL;
	if (opt == NULL)
		opt = &none;
	rc = check_args(rules, strategy, opt,
			shut_tiles_count(shut_rules_start(rules)));
	if (rc < 0)
		return rc;
	e = calloc(1, sizeof(*e));
	if (e == NULL)
		return SHUT_ENOMEM;
	rc = eval_init(e, rules, strategy, opt);
	if (rc == 0)
		rc = get_solver(e, opt);
	if (rc == 0 && e->own != NULL)
		e->solver = e->own;
	if (rc == 0)
		rc = eval_run(e, opt->flags);
	if (rc < 0) {
		shut_eval_free(e);
		return rc;
	}
	*ep = e;
	return 0;
}

void
shut_eval_free(struct shut_eval *e)
{
	if (e == NULL)
		return;
	shut__eval_exact_free(e);
	shut_solver_free(e->own);
	free(e->classes);
	free(e->expected);
	free(e->shut);
	free(e->ends);
	free(e->group);
	free(e->dist);
	free(e);
}

int
shut_eval_value(const struct shut_eval *e, uint32_t open, struct shut_value *v)
{
	if (v != NULL)
		v->value = v->expected = v->shut = NAN;
	if (e == NULL || v == NULL)
		return SHUT_EINVAL;
	if (open & ~e->start)
		return SHUT_ETILES;
	open = shut__eval_squeeze(e, open);
	v->value = v->expected = e->expected[open];
	v->shut = e->shut[open];
	return 0;
}

int
shut_eval_exact(const struct shut_eval *e, uint32_t open, int what, char *buf,
		size_t len)
{
	if (e == NULL || (buf == NULL && len > 0) ||
	    (what != SHUT_EXACT_EXPECTED && what != SHUT_EXACT_SHUT))
		return SHUT_EINVAL;
	if (e->exact == NULL)
		return SHUT_EMODE;
	if (open & ~e->start)
		return SHUT_ETILES;
	return shut__eval_exact_value(e, shut__eval_squeeze(e, open), what, buf,
				      len);
}

long
shut_eval_distribution(const struct shut_eval *e, struct shut_score_prob *out,
		       size_t cap)
{
	if (e == NULL || (out == NULL && cap > 0))
		return SHUT_EINVAL;
	for (size_t k = 0; k < cap && k < e->ndist; k++)
		out[k] = e->dist[k];
	return (long)e->ndist;
}

int
shut_eval_distribution_exact(const struct shut_eval *e, size_t i, char *buf,
			     size_t len)
{
	if (e == NULL || (buf == NULL && len > 0))
		return SHUT_EINVAL;
	if (e->exact == NULL)
		return SHUT_EMODE;
	if (i >= e->ndist)
		return SHUT_EINVAL;
	return shut__eval_exact_dist(e, i, buf, len);
}
