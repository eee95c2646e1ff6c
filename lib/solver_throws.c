/*
 * solver_throws.c - the throws of the dice, grouped by what they allow.
 *
 * The solver never looks at the faces^d ordered throws one by one.  Throws
 * that allow the same moves on every board form a class, counted once with
 * the number of ordered throws in it:
 *
 *   any, up-to-K   the moves depend on the total alone: one class per
 *                  total, counted by convolving one die at a time (at
 *                  most 8 dice of 100 faces: counts below 100^8 = 1e16
 *                  fit in 64 bits);
 *   dice-or-sum    the total, and the faces' tiles when the faces all
 *                  differ and all are tiles of some box;
 *   one-tile       the total, and the set of tiles the faces name.
 *
 * For the last two the classes come from enumerating the multisets of
 * faces (C(faces + d - 1, d) of them for d dice, each with its multinomial
 * count of orders; throws.c, which the evaluator shares), sorting them by
 * key and merging equal keys.  That is
 * refused beyond SOLVER_MULTISETS_MAX multisets: 2d6 has 21, 8d6 1287, and
 * a rule set with millions of distinct throws that all read the faces is
 * out of reach of any table anyway.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shut_error.h"
#include "solver.h"
#include "throws.h"

static int
by_total(const struct shut_rules *rules)
{
	return rules->move == SHUT_MOVE_ANY || rules->move == SHUT_MOVE_UP_TO;
}

/* C(n, k), or SIZE_MAX when it passes SOLVER_MULTISETS_MAX. */
static size_t
choose_capped(int n, int k)
{
	double c = 1.0;

	for (int i = 1; i <= k; i++)
		c = c * (double)(n - k + i) / (double)i;
	if (c > (double)SOLVER_MULTISETS_MAX)
		return SIZE_MAX;
	return (size_t)(c + 0.5);
}

/*
 * The number of classes of the rule set's throws, an upper bound for the
 * face rules (whose classes are counted once merged); *multisets gets the
 * room the enumeration needs.
 */
long
shut__throws_count(const struct shut_rules *rules, size_t *multisets)
{
	size_t total = 0;

	*multisets = 0;
	if (by_total(rules)) {
		for (int d = 1; d <= rules->dice; d++)
			total += (size_t)(d * (rules->faces - 1) + 1);
		return (long)total;
	}
	for (int d = 1; d <= rules->dice; d++) {
		size_t m = choose_capped(rules->faces + d - 1, d);

		if (m == SIZE_MAX || total + m > SOLVER_MULTISETS_MAX)
			return SHUT_ETOOBIG;
		total += m;
	}
	*multisets = total;
	return (long)total;
}

/*
 * The classes of throws of d dice before merging, as shut__throws_each()
 * visits them: one per total, or one per multiset of faces.
 */
double
shut__throws_classes(const struct shut_rules *rules, int d)
{
	double c = 1.0;

	if (by_total(rules))
		return (double)(d * (rules->faces - 1) + 1);
	for (int i = 1; i <= d; i++)
		c = c * (double)(rules->faces - 1 + i) / (double)i;
	return floor(c + 0.5);
}

/* The faces of a throw that matter to the move rule, as a tile mask. */
static uint32_t
class_key(const struct shut_rules *rules, const struct shut_throw *t)
{
	uint32_t key = 0;

	for (int i = 0; i < t->n; i++) {
		int f = t->face[i];
		uint32_t tile = f <= SHUT_TILES_MAX ? SHUT_TILE(f) : 0;

		if (rules->move == SHUT_MOVE_DICE_OR_SUM &&
		    (tile == 0 || (key & tile)))
			return 0;
		key |= tile;
	}
	return key;
}

static int
class_cmp(const void *a, const void *b)
{
	const struct shut__class *x = a, *y = b;

	if (x->total != y->total)
		return x->total < y->total ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return 0;
}

/* Where enumerate_multisets() writes the next class. */
struct listing {
	const struct shut_rules *rules;
	struct shut__class *out;
	size_t n;
};

static int
list_multiset(void *ctx, const struct shut_throw *t, uint64_t count)
{
	struct listing *l = ctx;
	struct shut__class *c = &l->out[l->n++];

	memset(c, 0, sizeof(*c));
	c->rep = *t;
	c->count = count;
	c->total = shut_throw_total(t);
	c->key = class_key(l->rules, t);
	return 0;
}

/*
 * The multisets of d faces in increasing order, each with its number of
 * orders (throws.c), written to out; returns how many.
 */
static size_t
enumerate_multisets(const struct shut_rules *rules, int d,
		    struct shut__class *out)
{
	struct listing l = { rules, out, 0 };

	shut__multisets_each(d, rules->faces, list_multiset, &l);
	return l.n;
}

/*
 * Sorts the classes out[0..n-1] by key and merges the equal ones in place;
 * returns how many are left.
 */
static size_t
merge_classes(struct shut__class *c, size_t n)
{
	size_t k = 0;

	qsort(c, n, sizeof(*c), class_cmp);
	for (size_t i = 0; i < n; i++) {
		if (k > 0 && class_cmp(&c[k - 1], &c[i]) == 0) {
			c[k - 1].count += c[i].count;
			continue;
		}
		c[k++] = c[i];
	}
	return k;
}

/*
 * Fills the solver's classes (in the region at scratch, which has room for
 * the enumeration), the dice table, the largest useful total and, for the
 * rules that read the total alone, the probability of each total.
 */
void
shut__throws_build(struct shut_solver *s, struct shut__class *scratch)
{
	const struct shut_rules *r = &s->rules;
	uint64_t count[SHUT_DICE_MAX * SHUT_FACES_MAX + 1];
	size_t k = 0;
	/* The whole board's, even when part of it is solved. */
	int sum = shut_tiles_sum(s->start);

	s->maxt = r->dice * r->faces < sum ? r->dice * r->faces : sum;
	s->by_total = by_total(r);

	for (int d = 1; d <= r->dice; d++) {
		struct shut__dice *dd = &s->dice[d];
		double *prob = s->prob + (size_t)d * (SOLVER_TOTAL_MAX + 1);

		shut__throws_totals(d, r->faces, count);

		dd->denom = 1;
		for (int i = 0; i < d; i++)
			dd->denom *= (uint64_t)r->faces;
		dd->first = k;
		dd->tail = 0.0;
		for (int t = 0; t <= SOLVER_TOTAL_MAX; t++)
			prob[t] = 0.0;
		for (int t = d; t <= d * r->faces; t++) {
			double p = (double)count[t] / (double)dd->denom;

			if (t <= s->maxt)
				prob[t] = p;
			else
				dd->tail += p;
		}
		if (s->by_total) {
			for (int t = d; t <= d * r->faces; t++) {
				struct shut__class *c = &scratch[k++];

				c->count = count[t];
				c->key = 0;
				c->total = t;
				shut__throw_of_total(d, r->faces, t, &c->rep);
			}
		} else {
			size_t n = enumerate_multisets(r, d, scratch + k);

			k += merge_classes(scratch + k, n);
		}
		dd->n = k - dd->first;
		for (size_t i = dd->first; i < k; i++)
			scratch[i].prob =
			    (double)scratch[i].count / (double)dd->denom;
	}
	s->classes = scratch;
	s->nclasses = k;
}

/*
 * Calls fn with one throw of every class of d dice, before merging: each
 * total for the rules that read the total, each multiset of faces for the
 * others.  An upper bound on the classes, for sizing what depends on them.
 */
struct each {
	void (*fn)(void *ctx, const struct shut_throw *t);
	void *ctx;
};

static int
each_multiset(void *ctx, const struct shut_throw *t, uint64_t count)
{
	struct each *e = ctx;

	(void)count;
	e->fn(e->ctx, t);
	return 0;
}

void
shut__throws_each(const struct shut_rules *rules, int d,
		  void (*fn)(void *ctx, const struct shut_throw *t), void *ctx)
{
	struct each e = { fn, ctx };
	struct shut_throw t;

	if (by_total(rules)) {
		for (int total = d; total <= d * rules->faces; total++) {
			shut__throw_of_total(d, rules->faces, total, &t);
			fn(ctx, &t);
		}
		return;
	}
	shut__multisets_each(d, rules->faces, each_multiset, &e);
}
