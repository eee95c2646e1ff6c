/*
 * eval_exact.c - the evaluator's passes in exact rational arithmetic (GMP).
 *
 * The same two passes as eval.c over the same walk, with every value an
 * mpq_t in lowest terms: an edge's probability is the rational
 * count / (faces^d * nd * nm).  Boards are limited to
 * SHUT_SOLVER_EXACT_TILES_MAX tiles, as for the solver's exact values.
 * The rationals' digits are GMP's own allocations (GMP aborts when it runs
 * out of memory, as in solver_exact.c).  Once the passes are done, the
 * doubles of eval.c are replaced by the rationals rounded to nearest.
 */
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "eval.h"
#include "exact.h"
#include "shut_error.h"

struct eval_exact {
	mpq_t *expected, *shut; /* by index */
	mpq_t *dist;		/* by score of the distribution */
	size_t states, ndist;
};

/* Sets q to count / (denom * nd * nm). */
static void
edge_prob(mpq_t q, uint64_t count, uint64_t denom, unsigned nd, unsigned nm)
{
	mpz_import(mpq_numref(q), 1, 1, sizeof(count), 0, 0, &count);
	mpz_import(mpq_denref(q), 1, 1, sizeof(denom), 0, 0, &denom);
	mpz_mul_ui(mpq_denref(q), mpq_denref(q), nd);
	mpz_mul_ui(mpq_denref(q), mpq_denref(q), nm);
	mpq_canonicalize(q);
}

static void
set_u64(mpq_t q, uint64_t v)
{
	mpz_import(mpq_numref(q), 1, 1, sizeof(v), 0, 0, &v);
	mpz_set_ui(mpq_denref(q), 1);
}

struct pass {
	const struct shut_eval *e;
	struct eval_exact *x;
	mpq_t p, t, score, expected, shut;
	mpq_t *reach, *end;
	uint32_t index;
};

/* One edge of the upward pass, exactly. */
static void
backward_edge(void *ctx, uint32_t next, uint64_t count, int d, unsigned nd,
	      unsigned nm)
{
	struct pass *b = ctx;

	edge_prob(b->p, count, b->e->denom[d], nd, nm);
	if (next == EVAL_END) {
		mpq_mul(b->t, b->p, b->score);
		mpq_add(b->expected, b->expected, b->t);
		return;
	}
	mpq_mul(b->t, b->p, b->x->expected[next]);
	mpq_add(b->expected, b->expected, b->t);
	mpq_mul(b->t, b->p, b->x->shut[next]);
	mpq_add(b->shut, b->shut, b->t);
}

/* Every board's exact expected score and chance to shut. */
static int
backward(struct pass *b)
{
	const struct shut_eval *e = b->e;

	mpq_set_ui(b->x->expected[0], 0, 1);
	mpq_set_ui(b->x->shut[0], 1, 1);
	for (uint32_t i = 1; i < e->states; i++) {
		int rc;

		set_u64(b->score,
			shut_score(&e->rules, shut__eval_spread(e, i)));
		mpq_set_ui(b->expected, 0, 1);
		mpq_set_ui(b->shut, 0, 1);
		rc = shut__eval_walk(e, i, backward_edge, b);
		if (rc < 0)
			return rc;
		mpq_set(b->x->expected[i], b->expected);
		mpq_set(b->x->shut[i], b->shut);
	}
	return 0;
}

/* Carries the exact chance of being at f->index along one edge. */
static void
forward_edge(void *ctx, uint32_t next, uint64_t count, int d, unsigned nd,
	     unsigned nm)
{
	struct pass *f = ctx;

	edge_prob(f->p, count, f->e->denom[d], nd, nm);
	mpq_mul(f->p, f->p, f->reach[f->index]);
	if (next == EVAL_END)
		mpq_add(f->end[f->index], f->end[f->index], f->p);
	else
		mpq_add(f->reach[next], f->reach[next], f->p);
}

/* The chance of ending on each board, then summed by score as in eval.c. */
static int
forward(struct pass *f)
{
	const struct shut_eval *e = f->e;
	uint32_t from = shut__eval_squeeze(e, e->from);

	mpq_set_ui(f->reach[from], 1, 1);
	for (uint32_t i = from + 1; i-- > 0;) {
		int rc;

		if (mpq_sgn(f->reach[i]) == 0)
			continue;
		if (i == 0) {
			mpq_add(f->end[0], f->end[0], f->reach[0]);
			continue;
		}
		f->index = i;
		rc = shut__eval_walk(e, i, forward_edge, f);
		if (rc < 0)
			return rc;
	}
	for (size_t k = 0; k < e->ndist; k++)
		for (size_t j = e->group[k]; j < e->group[k + 1]; j++)
			mpq_add(f->x->dist[k], f->x->dist[k],
				f->end[e->ends[j].index]);
	return 0;
}

/*
 * Puts in the doubles of eval.c's passes the rationals, each rounded to
 * the nearest double: the passes' sums can be an ulp or so off, and a
 * double printed beside its rational must be that rational's own.
 */
static void
round_doubles(struct shut_eval *e)
{
	const struct eval_exact *x = e->exact;

	for (size_t i = 0; i < e->states; i++) {
		e->expected[i] = shut__exact_nearest(x->expected[i]);
		e->shut[i] = shut__exact_nearest(x->shut[i]);
	}
	for (size_t k = 0; k < e->ndist; k++)
		e->dist[k].prob = shut__exact_nearest(x->dist[k]);
}

/* An array of n rationals, each 0, or NULL when memory ran out. */
static mpq_t *
new_array(size_t n)
{
	mpq_t *a = malloc((n ? n : 1) * sizeof(mpq_t));

	if (a != NULL)
		for (size_t i = 0; i < n; i++)
			mpq_init(a[i]);
	return a;
}

/* Frees an array of new_array(); NULL is fine. */
static void
free_array(mpq_t *a, size_t n)
{
	if (a == NULL)
		return;
	for (size_t i = 0; i < n; i++)
		mpq_clear(a[i]);
	free(a);
}

/* Frees the scratch of the passes. */
static void
pass_clear(struct pass *p)
{
	mpq_clear(p->p);
	mpq_clear(p->t);
	mpq_clear(p->score);
	mpq_clear(p->expected);
	mpq_clear(p->shut);
	free_array(p->reach, p->e->states);
	free_array(p->end, p->e->states);
}

int
shut__eval_exact_new(struct shut_eval *e)
{
	struct eval_exact *x = calloc(1, sizeof(*x));
	struct pass p;
	int rc = SHUT_ENOMEM;

	if (x == NULL)
		return SHUT_ENOMEM;
	e->exact = x;
	x->states = e->states;
	x->ndist = e->ndist;
	x->expected = new_array(e->states);
	x->shut = new_array(e->states);
	x->dist = new_array(e->ndist);
	memset(&p, 0, sizeof(p));
	p.e = e;
	p.x = x;
	mpq_inits(p.p, p.t, p.score, p.expected, p.shut, NULL);
	p.reach = new_array(e->states);
	p.end = new_array(e->states);
	if (x->expected != NULL && x->shut != NULL && x->dist != NULL &&
	    p.reach != NULL && p.end != NULL) {
		rc = backward(&p);
		if (rc == 0)
			rc = forward(&p);
		if (rc == 0)
			round_doubles(e);
	}
	pass_clear(&p);
	return rc;
}

void
shut__eval_exact_free(struct shut_eval *e)
{
	struct eval_exact *x = e->exact;

	if (x == NULL)
		return;
	free_array(x->expected, x->states);
	free_array(x->shut, x->states);
	free_array(x->dist, x->ndist);
	free(x);
	e->exact = NULL;
}

/* Writes q as "p/q", with the length as snprintf() gives it. */
static int
print_q(const mpq_t q, char *buf, size_t len)
{
	void (*gmp_free)(void *, size_t);
	char *s = mpq_get_str(NULL, 10, q);
	size_t n = strlen(s), k = 0, total;
	int whole = strchr(s, '/') == NULL;

	total = n + (whole ? 2 : 0);
	if (len > 0) {
		for (size_t i = 0; i < n && k + 1 < len; i++)
			buf[k++] = s[i];
		if (whole && k + 1 < len)
			buf[k++] = '/';
		if (whole && k + 1 < len)
			buf[k++] = '1';
		buf[k] = '\0';
	}
	mp_get_memory_functions(NULL, NULL, &gmp_free);
	gmp_free(s, n + 1);
	return (int)total;
}

int
shut__eval_exact_value(const struct shut_eval *e, uint32_t index, int what,
		       char *buf, size_t len)
{
	const struct eval_exact *x = e->exact;

	return print_q(what == SHUT_EXACT_SHUT ? x->shut[index]
					       : x->expected[index],
		       buf, len);
}

int
shut__eval_exact_dist(const struct shut_eval *e, size_t k, char *buf,
		      size_t len)
{
	const struct eval_exact *x = e->exact;

	return print_q(x->dist[k], buf, len);
}
