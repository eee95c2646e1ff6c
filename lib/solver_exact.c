/*
 * solver_exact.c - the value table in exact rational arithmetic (GMP).
 *
 * The same recurrence as solver.c, state by state in increasing index,
 * with every value an mpq_t in lowest terms.  Probabilities are counts of
 * ordered throws over faces^d, so a state's sum over the throw classes is
 * accumulated as count times value and divided by faces^d once.  Ties are
 * exact: equal rationals, no epsilon.  Boards are limited to
 * SHUT_SOLVER_EXACT_TILES_MAX tiles (4096 states): the rationals grow with
 * the depth of the turn, and beyond that the time and memory do too.
 *
 * The array of mpq_t lives in the solver's block; the digits of each
 * rational are GMP's own allocations, released by shut__exact_free().
 * (GMP aborts when it runs out of memory, the one exception to the
 * library's rule; at 4096 states of a few hundred digits it does not.)
 * Once solved, the double table is filled from the rationals, each
 * rounded to the nearest double, so every reader of the double table
 * works unchanged and a double printed beside its rational is that
 * rational's own.
 */
#include <string.h>

#include <gmp.h>

#include "exact.h"
#include "shut_error.h"
#include "solver.h"

/* The largest number of moves of one throw on 12 tiles: every subset. */
#define EXACT_MOVES_MAX 4096

size_t
shut__exact_bytes(int n)
{
	return ((size_t)1 << n) * SOLVER_SLOTS_MAX * sizeof(mpq_t);
}

static mpq_t *
rec_of(const struct shut_solver *s, uint32_t index)
{
	return (mpq_t *)s->exact + (size_t)index * SOLVER_SLOTS_MAX;
}

/* Sets q to a 64-bit count, whatever the width of unsigned long. */
static void
set_u64(mpq_t q, uint64_t v)
{
	mpz_import(mpq_numref(q), 1, 1, sizeof(v), 0, 0, &v);
	mpz_set_ui(mpq_denref(q), 1);
}

static void
set_u64z(mpz_t z, uint64_t v)
{
	mpz_import(z, 1, 1, sizeof(v), 0, 0, &v);
}

/* The exact record of a turn ending with the tiles of index open. */
static void
terminal(const struct shut_solver *s, uint32_t index, mpq_t *out)
{
	uint64_t score = shut__score(s, index);
	mpq_t e, shut;

	mpq_init(e);
	mpq_init(shut);
	set_u64(e, score);
	mpq_neg(e, e);
	mpq_set_ui(shut, index == 0, 1);
	switch (s->objective.kind) {
	case SHUT_OBJECTIVE_EXPECTED:
		mpq_set(out[0], e);
		mpq_set(out[1], shut);
		mpq_set_ui(out[2], 0, 1);
		break;
	case SHUT_OBJECTIVE_SHUT:
		mpq_set(out[0], shut);
		mpq_set(out[1], e);
		mpq_set_ui(out[2], 0, 1);
		break;
	case SHUT_OBJECTIVE_BEAT:
		if (score == s->objective.target)
			shut__exact_decimal(out[0], s->objective.tie);
		else
			mpq_set_ui(out[0], score < s->objective.target, 1);
		mpq_set(out[1], e);
		mpq_set(out[2], shut);
		break;
	case SHUT_OBJECTIVE_UTILITY:
		shut__exact_decimal(out[0], shut__utility(s, score));
		mpq_set(out[1], e);
		mpq_set(out[2], shut);
		break;
	}
	mpq_clear(e);
	mpq_clear(shut);
}

struct collect {
	const struct shut_solver *s;
	uint32_t moves[EXACT_MOVES_MAX];
	size_t n;
};

static int
collect_move(void *ctx, uint32_t move)
{
	struct collect *c = ctx;

	if (c->n < EXACT_MOVES_MAX)
		c->moves[c->n++] = shut__squeeze(c->s, move);
	return 0;
}

/*
 * The winner among the moves of one throw: the exact best slot 0, then
 * the best slot 1 among those equal to it, then fewer tiles, then the
 * higher tile.
 */
static uint32_t
exact_winner(const struct shut_solver *s, uint32_t index, const uint32_t *moves,
	     size_t n)
{
	uint32_t best = moves[0];

	for (size_t i = 1; i < n; i++) {
		mpq_t *a = rec_of(s, index - moves[i]);
		mpq_t *b = rec_of(s, index - best);
		int c = mpq_cmp(a[0], b[0]);

		if (c == 0)
			c = mpq_cmp(a[1], b[1]);
		if (c > 0 || (c == 0 && shut__prefer(moves[i], best)))
			best = moves[i];
	}
	return best;
}

/*
 * The exact values of throwing d dice at a state, into out (initialised),
 * with the scratch rationals tmp.
 */
static void
exact_dice(const struct shut_solver *s, uint32_t index, int d,
	   struct collect *col, mpq_t *out, mpq_t *term)
{
	const struct shut__dice *dd = &s->dice[d];
	uint32_t open = shut__spread(s, index);
	int first =
	    s->below == s->start && index == ((UINT32_C(1) << s->n) - 1);
	mpz_t tmass, count;
	mpq_t t, denom;

	mpz_init(tmass);
	mpz_init(count);
	mpq_init(t);
	mpq_init(denom);
	for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
		mpq_set_ui(out[k], 0, 1);
	for (size_t i = 0; i < dd->n; i++) {
		const struct shut__class *c = &s->classes[dd->first + i];
		uint32_t m;
		mpq_t *r;

		col->n = 0;
		shut_moves_each(&s->rules, open, &c->rep, first, collect_move,
				col);
		set_u64z(count, c->count);
		if (col->n == 0) {
			mpz_add(tmass, tmass, count);
			continue;
		}
		m = exact_winner(s, index, col->moves, col->n);
		r = rec_of(s, index - m);
		for (int k = 0; k < s->width; k++) {
			mpq_set_z(t, count);
			mpq_mul(t, t, r[k]);
			mpq_add(out[k], out[k], t);
		}
	}
	set_u64(denom, dd->denom);
	for (int k = 0; k < s->width; k++) {
		mpq_set_z(t, tmass);
		mpq_mul(t, t, term[k]);
		mpq_add(out[k], out[k], t);
		mpq_div(out[k], out[k], denom);
	}
	mpz_clear(tmass);
	mpz_clear(count);
	mpq_clear(t);
	mpq_clear(denom);
}

static void
exact_state(struct shut_solver *s, uint32_t index, struct collect *col,
	    mpq_t vals[][SOLVER_SLOTS_MAX], mpq_t *term)
{
	mpq_t *rec = rec_of(s, index);
	unsigned choices;
	int best = 0;

	terminal(s, index, term);
	if (index == 0) {
		for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
			mpq_set(rec[k], term[k]);
		return;
	}
	choices = shut_dice_choices(&s->rules, shut__spread(s, index));
	for (int d = 1; d <= s->rules.dice; d++) {
		int c;

		if (!(choices & (1u << d)))
			continue;
		exact_dice(s, index, d, col, vals[d], term);
		if (best == 0) {
			best = d;
			continue;
		}
		c = mpq_cmp(vals[d][0], vals[best][0]);
		if (c == 0)
			c = mpq_cmp(vals[d][1], vals[best][1]);
		if (c > 0)
			best = d;
	}
	for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
		mpq_set(rec[k], vals[best][k]);
}

int
shut__exact_solve(struct shut_solver *s)
{
	struct collect col;
	size_t states = (size_t)1 << s->n;
	mpq_t vals[SHUT_DICE_MAX + 1][SOLVER_SLOTS_MAX];
	mpq_t term[SOLVER_SLOTS_MAX];

	col.s = s;
	for (size_t i = 0; i < states * SOLVER_SLOTS_MAX; i++)
		mpq_init(((mpq_t *)s->exact)[i]);
	for (int d = 0; d <= SHUT_DICE_MAX; d++)
		for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
			mpq_init(vals[d][k]);
	for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
		mpq_init(term[k]);

	for (uint32_t index = 0; index < states; index++) {
		mpq_t *q;

		exact_state(s, index, &col, vals, term);
		q = rec_of(s, index);
		for (int k = 0; k < s->width; k++)
			*shut__slot(s, index, k) = shut__exact_nearest(q[k]);
	}

	for (int d = 0; d <= SHUT_DICE_MAX; d++)
		for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
			mpq_clear(vals[d][k]);
	for (int k = 0; k < SOLVER_SLOTS_MAX; k++)
		mpq_clear(term[k]);
	return 0;
}

void
shut__exact_free(struct shut_solver *s)
{
	size_t states = (size_t)1 << s->n;

	for (size_t i = 0; i < states * SOLVER_SLOTS_MAX; i++)
		mpq_clear(((mpq_t *)s->exact)[i]);
}

/*
 * Writes slot of a state's record (negated when asked) as "p/q", with the
 * length as snprintf() gives it.
 */
int
shut__exact_print(const struct shut_solver *s, uint32_t index, int slot,
		  int negate, char *buf, size_t len)
{
	void (*gmp_free)(void *, size_t);
	mpq_t q;
	char *num, *den;
	size_t nn, nd, total;

	mpq_init(q);
	mpq_set(q, rec_of(s, index)[slot]);
	if (negate)
		mpq_neg(q, q);
	num = mpz_get_str(NULL, 10, mpq_numref(q));
	den = mpz_get_str(NULL, 10, mpq_denref(q));
	nn = strlen(num);
	nd = strlen(den);
	total = nn + 1 + nd;
	if (len > 0) {
		size_t k = 0;

		for (size_t i = 0; i < nn && k + 1 < len; i++)
			buf[k++] = num[i];
		if (k + 1 < len)
			buf[k++] = '/';
		for (size_t i = 0; i < nd && k + 1 < len; i++)
			buf[k++] = den[i];
		buf[k] = '\0';
	}
	mp_get_memory_functions(NULL, NULL, &gmp_free);
	gmp_free(num, nn + 1);
	gmp_free(den, nd + 1);
	mpq_clear(q);
	return (int)total;
}

/* Compares slot of two states' records exactly: <0, 0 or >0. */
int
shut__exact_cmp(const struct shut_solver *s, uint32_t a, uint32_t b, int slot)
{
	return mpq_cmp(rec_of(s, a)[slot], rec_of(s, b)[slot]);
}
