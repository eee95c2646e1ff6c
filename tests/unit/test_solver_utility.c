/*
 * test_solver_utility.c - the utility objective: the others as special
 * cases of it, every path against the others, and beat:T's tie weight.
 *
 * A utility u(score) given as a table decides slot 0 alone, so a utility
 * that is -score must give expected's values to the last bit, one that is
 * 1 at a shut box shut's, and one that is 1 under T and W at T the table
 * of beat:T:W whole (both break ties on the expected score).  Arbitrary
 * utilities are checked between the fast path, the generic path, the
 * ways of settling ties, one thread and two, the exact rationals, and a
 * brute-force expectimax of their own.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shutbox.h"
#include "solver.h"
#include "unit.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static struct shut_solver *
solve_obj(const char *spec, const struct shut_objective *o, unsigned flags,
	  int threads)
{
	struct shut_solver_options opt = { .flags = flags, .threads = threads };
	struct shut_solver *s = NULL;
	struct shut_rules r;
	int rc;

	rules_of(&r, spec);
	rc = shut_solver_new(&s, &r, o, &opt);
	if (rc != 0)
		fail_msg("%s: %s", spec, shut_strerror(rc));
	return s;
}

static struct shut_solver *
solve_text(const char *spec, const char *objective, unsigned flags)
{
	struct shut_objective o;

	if (shut_objective_parse(&o, objective, NULL, 0) != 0)
		fail_msg("objective \"%s\" refused", objective);
	return solve_obj(spec, &o, flags, 1);
}

/* The next open set after open, in index order; 0 after the start set. */
static uint32_t
next_open(uint32_t open, uint32_t start)
{
	return open == start ? 0 : ((open | ~start) + 1) & start;
}

/* Slots from..to-1 of every state of a and b (slot map: b's slot k). */
static void
assert_slots(const struct shut_solver *a, const int *ka,
	     const struct shut_solver *b, const int *kb, int n,
	     const char *what)
{
	uint32_t start = shut_rules_start(shut_solver_rules(a));
	uint32_t open = 0;

	do {
		uint32_t i = shut__squeeze(a, open);
		double x[SOLVER_SLOTS_MAX], y[SOLVER_SLOTS_MAX];

		shut__get(a, i, x);
		shut__get(b, i, y);
		for (int k = 0; k < n; k++)
			if (memcmp(&x[ka[k]], &y[kb[k]], sizeof(double)))
				fail_msg("%s: at %#x slot %d: %.17g against "
					 "%.17g",
					 what, (unsigned)open, ka[k], x[ka[k]],
					 y[kb[k]]);
		open = next_open(open, start);
	} while (open != 0);
}

/* The largest score of a board, for the size of a utility's table. */
static size_t
scores_of(const struct shut_rules *r)
{
	return (size_t)shut_score(r, shut_rules_start(r)) + 1;
}

static const char *const specs[] = {
	"classic",
	"classic fewer-dice=never",
	"classic move=up-to-2 bust=7",
	"classic first-throw=3",
	"classic tiles=1-12 dice=1d20 fewer-dice=never",
	"classic tiles=1-14 dice=4d6",
	"classic score=count",
	"full-house",
};

static void
a_utility_of_minus_the_score_is_expected(void **state)
{
	static const int zero[] = { 0 };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;
		size_t n;
		double u[1024];
		struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY };
		struct shut_solver *a, *b;

		rules_of(&r, specs[i]);
		n = scores_of(&r);
		assert_true(n <= LEN(u));
		for (size_t x = 0; x < n; x++)
			u[x] = -(double)x;
		o.utility = u;
		o.scores = n;
		a = solve_obj(specs[i], &o, 0, 1);
		b = solve_text(specs[i], "expected", 0);
		assert_slots(a, zero, b, zero, 1, specs[i]);
		shut_solver_free(a);
		shut_solver_free(b);
	}
}

static void
a_utility_of_one_at_a_shut_box_is_shut(void **state)
{
	static const int zero[] = { 0 };
	double u[2] = { 1.0, 0.0 };
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = u,
				    .scores = 2 };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_solver *a = solve_obj(specs[i], &o, 0, 1);
		struct shut_solver *b = solve_text(specs[i], "shut", 0);

		assert_slots(a, zero, b, zero, 1, specs[i]);
		/*
		 * Slot 2, the chance of shutting, is the value itself (to a
		 * rounding: it is the chosen move's, among moves tied within
		 * the epsilon).
		 */
		for (uint32_t i2 = 0; i2 < (uint32_t)a->states; i2++)
			assert_true(fabs(*shut__slot(a, i2, 0) -
					 *shut__slot(a, i2, 2)) <= 1e-12);
		shut_solver_free(a);
		shut_solver_free(b);
	}
}

/*
 * beat:T:W against the utility 1 below T, W at T: every slot of every
 * state, under the fast path, with every tie walked, and every row
 * EXACT; and beat:T:0 is beat:T.
 */
static void
beat_with_a_tie_weight_is_its_utility(void **state)
{
	static const int all[] = { 0, 1, 2 };
	static const struct {
		const char *spec;
		uint64_t t;
		const char *w;
	} cases[] = {
		{ "classic", 12, "0.5" },
		{ "classic", 1, "0.5" },
		{ "classic fewer-dice=low-sum fewer-dice-forced=yes", 20,
		  "0.5" },
		{ "classic", 0, "0.25" },
		{ "classic tiles=1-14 dice=4d6", 40, "0.5" },
		{ "classic tiles=1-14 dice=4d6", 40, "1" },
		{ "classic score=count", 3, "0.5" },
		{ "classic move=up-to-2 bust=7", 9, "0.75" },
	};
	static const unsigned flags[] = { 0, SHUT__SOLVER_TIES_PLAIN,
					  SHUT__SOLVER_TIES_EXACT,
					  SHUT__SOLVER_ALL_WALK };

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		struct shut_rules r;
		double u[1024];
		size_t n;
		char text[64], what[160];
		struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY };
		struct shut_solver *a, *b, *c, *d;

		rules_of(&r, cases[i].spec);
		n = scores_of(&r);
		snprintf(text, sizeof(text), "beat:%llu:%s",
			 (unsigned long long)cases[i].t, cases[i].w);
		for (size_t x = 0; x < n; x++)
			u[x] = x < cases[i].t	 ? 1.0
			       : x == cases[i].t ? atof(cases[i].w)
						 : 0.0;
		o.utility = u;
		o.scores = n;
		for (size_t f = 0; f < LEN(flags); f++) {
			a = solve_obj(cases[i].spec, &o, flags[f], 1);
			b = solve_text(cases[i].spec, text, flags[f]);
			snprintf(what, sizeof(what), "%s %s flags %#x",
				 cases[i].spec, text, flags[f]);
			assert_slots(a, all, b, all, 3, what);
			shut_solver_free(a);
			shut_solver_free(b);
		}
		snprintf(text, sizeof(text), "beat:%llu",
			 (unsigned long long)cases[i].t);
		c = solve_text(cases[i].spec, text, 0);
		snprintf(text, sizeof(text), "beat:%llu:0",
			 (unsigned long long)cases[i].t);
		d = solve_text(cases[i].spec, text, 0);
		assert_slots(c, all, d, all, 3, text);
		shut_solver_free(c);
		shut_solver_free(d);
	}
}

/* A seeded generator of the test's own (xorshift64*). */
static double
uniform(uint64_t *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return (double)((*x * UINT64_C(2685821657736338717)) >> 11) * 0x1p-53;
}

/*
 * Random utilities of three shapes: any values, steps with long flat runs
 * (full of ties), and a decreasing chance of winning that is flat below
 * some score, as the round's players have.
 */
static size_t
random_utility(uint64_t *seed, int shape, double *u, size_t n)
{
	size_t cut = (size_t)(uniform(seed) * (double)n);

	for (size_t x = 0; x < n; x++) {
		switch (shape) {
		case 0:
			u[x] = uniform(seed) * 10 - 5;
			break;
		case 1:
			u[x] = (double)((x * 4) / n) * 0.25;
			break;
		default:
			u[x] = x < cut / 2 ? 1.0
			       : x < cut   ? 1.0 - (double)x / (double)n
			       : x == cut  ? 0.25
					   : 0.0;
		}
	}
	return n;
}

/*
 * Arbitrary utilities: the fast path, the generic path, the ways of
 * settling ties and two threads give the same table to the last bit; the
 * exact rationals agree to 1e-12; the rankings' best moves agree between
 * the fast and the generic path.
 */
static void
every_path_agrees_on_arbitrary_utilities(void **state)
{
	static const int all[] = { 0, 1, 2 };
	uint64_t seed = UINT64_C(0x9e3779b97f4a7c15);

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		for (int shape = 0; shape < 3; shape++) {
			struct shut_rules r;
			double u[1024];
			char what[160];
			struct shut_objective o = {
				.kind = SHUT_OBJECTIVE_UTILITY
			};
			struct shut_solver *fast, *gen, *plain, *exact, *walked,
			    *two, *ex = NULL;
			uint32_t start, open = 0;

			rules_of(&r, specs[i]);
			o.utility = u;
			o.scores =
			    random_utility(&seed, shape, u, scores_of(&r));
			fast = solve_obj(specs[i], &o, 0, 1);
			gen = solve_obj(specs[i], &o, SHUT__SOLVER_GENERIC, 1);
			plain =
			    solve_obj(specs[i], &o, SHUT__SOLVER_TIES_PLAIN, 1);
			exact =
			    solve_obj(specs[i], &o, SHUT__SOLVER_TIES_EXACT, 1);
			walked =
			    solve_obj(specs[i], &o, SHUT__SOLVER_ALL_WALK, 1);
			two = solve_obj(specs[i], &o, 0, 2);
			snprintf(what, sizeof(what), "%s shape %d", specs[i],
				 shape);
			assert_slots(plain, all, fast, all, 3, what);
			assert_slots(plain, all, exact, all, 3, what);
			assert_slots(plain, all, walked, all, 3, what);
			assert_slots(plain, all, two, all, 3, what);
			start = shut_rules_start(&r);
			if (shut__popcount(start) <=
			    SHUT_SOLVER_EXACT_TILES_MAX)
				ex = solve_obj(specs[i], &o, SHUT_SOLVER_EXACT,
					       1);
			do {
				struct shut_position pos = { open, 0, 0 };
				struct shut_value a, b, c;

				shut_solver_value(fast, &pos, &a);
				shut_solver_value(gen, &pos, &b);
				assert_true(fabs(a.value - b.value) <=
					    1e-12 * (1 + fabs(a.value)));
				if (ex != NULL) {
					shut_solver_value(ex, &pos, &c);
					assert_true(fabs(a.value - c.value) <=
						    1e-12 *
							(1 + fabs(c.value)));
				}
				open = next_open(open, start);
			} while (open != 0);
			shut_solver_free(fast);
			shut_solver_free(gen);
			shut_solver_free(plain);
			shut_solver_free(exact);
			shut_solver_free(walked);
			shut_solver_free(two);
			shut_solver_free(ex);
		}
}

/*
 * An expectimax of its own over every ordered throw of faces, for the
 * value: the best move's utility, the best dice count's, on small boards.
 */
struct brute {
	const struct shut_rules *r;
	const double *u;
	size_t n;
	double memo[1 << 13];
	int have[1 << 13];
	uint32_t start;
};

static double brute_value(struct brute *b, uint32_t open);

struct throw_acc {
	struct brute *b;
	uint32_t open;
	double sum;
	uint64_t count;
};

static double
brute_end(struct brute *b, uint32_t open)
{
	uint64_t x = shut_score(b->r, open);

	return b->u[x < b->n ? x : b->n - 1];
}

static void
brute_throw(struct throw_acc *a, const struct shut_throw *t)
{
	uint32_t moves[512];
	long n =
	    shut_moves(a->b->r, a->open, t, a->open == a->b->start, moves, 512);
	double best = brute_end(a->b, a->open);

	assert_true(n >= 0 && n <= 512);
	if (n > 0) {
		best = -INFINITY;
		for (long k = 0; k < n; k++) {
			double v = brute_value(a->b, a->open & ~moves[k]);

			best = v > best ? v : best;
		}
	}
	a->sum += best;
	a->count++;
}

static double
brute_value(struct brute *b, uint32_t open)
{
	uint32_t i = open;
	double best = -INFINITY;
	unsigned choices;

	if (b->have[i])
		return b->memo[i];
	if (open == 0) {
		best = brute_end(b, 0);
	} else {
		choices = shut_dice_choices(b->r, open);
		for (int d = 1; d <= b->r->dice; d++) {
			struct throw_acc a = { b, open, 0.0, 0 };

			if (!(choices & (1u << d)))
				continue;
			struct shut_throw t = { .n = d };
			int k;

			for (k = 0; k < d; k++)
				t.face[k] = 1;
			do {
				brute_throw(&a, &t);
				for (k = d - 1;
				     k >= 0 && t.face[k] == b->r->faces; k--)
					t.face[k] = 1;
				if (k >= 0)
					t.face[k]++;
			} while (k >= 0);
			if (a.sum / (double)a.count > best)
				best = a.sum / (double)a.count;
		}
	}
	b->have[i] = 1;
	b->memo[i] = best;
	return best;
}

static void
utilities_agree_with_brute_force(void **state)
{
	static const char *const small[] = {
		"classic tiles=1-6",
		"classic tiles=1-8 fewer-dice=never",
		"classic tiles=1-9 fewer-dice=low-sum fewer-dice-forced=yes",
	};
	uint64_t seed = 42;

	(void)state;
	for (size_t i = 0; i < LEN(small); i++)
		for (int shape = 0; shape < 3; shape++) {
			static struct brute b;
			struct shut_rules r;
			double u[64];
			struct shut_objective o = {
				.kind = SHUT_OBJECTIVE_UTILITY
			};
			struct shut_solver *s;
			uint32_t open = 0;

			rules_of(&r, small[i]);
			memset(&b, 0, sizeof(b));
			b.r = &r;
			b.u = u;
			b.n = random_utility(&seed, shape, u, scores_of(&r));
			b.start = shut_rules_start(&r);
			o.utility = u;
			o.scores = b.n;
			s = solve_obj(small[i], &o, 0, 1);
			do {
				struct shut_position pos = { open, 0, 0 };
				struct shut_value v;
				double want = brute_value(&b, open);

				shut_solver_value(s, &pos, &v);
				if (fabs(v.value - want) >
				    1e-12 * (1 + fabs(want)))
					fail_msg("%s at %#x: %.17g, brute "
						 "%.17g",
						 small[i], (unsigned)open,
						 v.value, want);
				open = next_open(open, b.start);
			} while (open != 0);
			shut_solver_free(s);
		}
}

static void
bad_utilities_and_ties_are_refused(void **state)
{
	struct shut_rules r;
	struct shut_solver *s = NULL;
	double u[3] = { 1, NAN, 0 };
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = u,
				    .scores = 3 };
	char why[200], buf[64];

	(void)state;
	rules_of(&r, "classic");
	assert_int_equal(shut_solver_new(&s, &r, &o, NULL), SHUT_EINVAL);
	o.scores = 0;
	assert_int_equal(shut_solver_new(&s, &r, &o, NULL), SHUT_EINVAL);
	o.utility = NULL;
	o.scores = 1;
	assert_int_equal(shut_solver_new(&s, &r, &o, NULL), SHUT_EINVAL);
	o = (struct shut_objective){ .kind = SHUT_OBJECTIVE_BEAT,
				     .target = 3,
				     .tie = 1.5 };
	assert_int_equal(shut_solver_new(&s, &r, &o, NULL), SHUT_EINVAL);
	assert_int_equal(
	    shut_objective_parse(&o, "beat:3:1.5", why, sizeof(why)),
	    SHUT_EVALUE);
	assert_int_equal(shut_objective_parse(&o, "beat:3:", why, sizeof(why)),
			 SHUT_EVALUE);
	assert_int_equal(shut_objective_parse(&o, "beat:3:x", why, sizeof(why)),
			 SHUT_EVALUE);
	assert_int_equal(
	    shut_objective_parse(&o, "beat:3:.5", why, sizeof(why)), 0);
	assert_true(o.tie == 0.5 && o.target == 3);
	shut_objective_print(&o, buf, sizeof(buf));
	assert_string_equal(buf, "beat:3:0.5");
	assert_int_equal(shut_objective_parse(&o, "beat:3", why, sizeof(why)),
			 0);
	assert_true(o.tie == 0.0);
	shut_objective_print(&o, buf, sizeof(buf));
	assert_string_equal(buf, "beat:3");
}

/*
 * A solver solved again for another utility is a new solver for it, to
 * the last bit, whatever the path; and what it cannot take is refused.
 */
static void
a_solver_solved_again_is_a_new_one(void **state)
{
	static const int all[] = { 0, 1, 2 };
	static const unsigned flags[] = { 0, SHUT_SOLVER_VALUE,
					  SHUT__SOLVER_GENERIC,
					  SHUT__SOLVER_TIES_PLAIN };
	uint64_t seed = 7;

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		for (size_t f = 0; f < LEN(flags); f++) {
			struct shut_rules r;
			double u1[1024], u2[1024];
			struct shut_objective
			    o1 = { .kind = SHUT_OBJECTIVE_UTILITY },
			    o2;
			struct shut_solver *a, *b;
			int w = flags[f] == SHUT_SOLVER_VALUE ? 1 : 3;

			rules_of(&r, specs[i]);
			o1.utility = u1;
			o1.scores = random_utility(&seed, (int)(f % 3), u1,
						   scores_of(&r));
			o2 = o1;
			o2.utility = u2;
			random_utility(&seed, (int)((f + 1) % 3), u2,
				       o2.scores);
			a = solve_obj(specs[i], &o1, flags[f], 1);
			assert_int_equal(shut_solver_resolve(a, &o2), 0);
			b = solve_obj(specs[i], &o2, flags[f], 1);
			assert_slots(a, all, b, all, w, specs[i]);
			shut_solver_free(a);
			shut_solver_free(b);
		}
}

static void
what_cannot_be_solved_again_is_refused(void **state)
{
	double u[46] = { 1.0 };
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = u,
				    .scores = 46 };
	struct shut_objective other = o;
	struct shut_solver *s = solve_obj("classic", &o, 0, 1);
	struct shut_solver *e = solve_text("classic", "expected", 0);
	struct shut_solver *x = solve_obj("classic", &o, SHUT_SOLVER_EXACT, 1);

	(void)state;
	assert_int_equal(shut_solver_resolve(NULL, &o), SHUT_EINVAL);
	assert_int_equal(shut_solver_resolve(s, NULL), SHUT_EINVAL);
	other.scores = 45;
	assert_int_equal(shut_solver_resolve(s, &other), SHUT_EMODE);
	other.scores = 0;
	assert_int_equal(shut_solver_resolve(s, &other), SHUT_EINVAL);
	assert_int_equal(shut_solver_resolve(e, &o), SHUT_EMODE);
	assert_int_equal(shut_solver_resolve(x, &o), SHUT_EMODE);
	shut_solver_free(s);
	shut_solver_free(e);
	shut_solver_free(x);
}

/* The solver keeps its own copy of the table. */
static void
the_solver_copies_the_utility(void **state)
{
	double u[46];
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
				    .utility = u,
				    .scores = 46 };
	struct shut_position pos = { 0, 0, 0 };
	struct shut_value v;
	struct shut_solver *s;

	(void)state;
	for (int x = 0; x < 46; x++)
		u[x] = 46 - x;
	s = solve_obj("classic", &o, 0, 1);
	for (int x = 0; x < 46; x++)
		u[x] = 0;
	pos.open = shut_rules_start(shut_solver_rules(s));
	shut_solver_value(s, &pos, &v);
	assert_true(v.value > 30);
	assert_true(shut_solver_objective(s)->utility != u);
	shut_solver_free(s);
}

/* The moves of a ranking and their values, bar the chance of shutting. */
static void
assert_same_ranking(const struct shut_choice *a, long na,
		    const struct shut_choice *b, long nb, const char *what)
{
	assert_int_equal(na, nb);
	for (long i = 0; i < na && i < 64; i++) {
		if (a[i].move != b[i].move || a[i].dice != b[i].dice ||
		    memcmp(&a[i].v.value, &b[i].v.value, sizeof(double)) ||
		    memcmp(&a[i].v.expected, &b[i].v.expected, sizeof(double)))
			fail_msg("%s: choice %ld differs", what, i);
		assert_true(isnan(b[i].v.shut));
	}
}

/*
 * A lean solver is the whole one less its third slot: the value and the
 * expected score of every state to the last bit, the same rankings of
 * moves and dice, no probability of shutting (NaN), less memory; and
 * expected is the same with the flag or without.
 */
static void
a_lean_solver_is_the_whole_less_its_third_slot(void **state)
{
	static const char *const objectives[] = { "beat:5", "beat:12:0.5",
						  "beat:30", "beat:60" };
	static const char *const lean_specs[] = { "classic",
						  "classic first-throw=3",
						  "classic move=up-to-2 bust=7",
						  "classic tiles=1-14 dice=4d6",
						  "classic score=count" };
	static const int both[] = { 0, 1 };
	struct shut_choice x[64], y[64];
	double u[200];
	char what[160];

	(void)state;
	for (size_t i = 0; i < LEN(lean_specs); i++) {
		struct shut_rules r;
		size_t m;

		rules_of(&r, lean_specs[i]);
		m = scores_of(&r);
		for (size_t k = 0; k <= LEN(objectives); k++) {
			struct shut_objective o;
			struct shut_solver *a, *b;
			struct shut_position pos = { 0 };
			struct shut_value v, w;
			uint32_t start = shut_rules_start(&r), open = 0;

			if (k < LEN(objectives)) {
				assert_int_equal(
				    shut_objective_parse(&o, objectives[k],
							 NULL, 0),
				    0);
			} else {
				/* A utility flat at first, then anything. */
				for (size_t j = 0; j < m; j++)
					u[j] = j < m / 4
						   ? 1.0
						   : (double)((j * 7919) % 13) /
							 13.0;
				memset(&o, 0, sizeof(o));
				o.kind = SHUT_OBJECTIVE_UTILITY;
				o.utility = u;
				o.scores = m;
			}
			snprintf(what, sizeof(what), "%s %s", lean_specs[i],
				 k < LEN(objectives) ? objectives[k]
						     : "utility");
			a = solve_obj(lean_specs[i], &o, 0, 1);
			b = solve_obj(lean_specs[i], &o, SHUT_SOLVER_LEAN, 1);
			assert_slots(a, both, b, both, 2, what);
			assert_true(shut_solver_bytes(b) <
				    shut_solver_bytes(a));
			pos.open = start;
			assert_int_equal(shut_solver_value(b, &pos, &v), 0);
			assert_int_equal(shut_solver_value(a, &pos, &w), 0);
			assert_true(isnan(v.shut) && !isnan(w.shut));
			assert_true(v.value == w.value &&
				    v.expected == w.expected);
			do {
				struct shut_throw t = { 2, { 3, 4 } };

				pos.open = open;
				assert_same_ranking(
				    x,
				    shut_solver_rank_moves(a, &pos, &t, x, 64),
				    y,
				    shut_solver_rank_moves(b, &pos, &t, y, 64),
				    what);
				assert_same_ranking(
				    x, shut_solver_rank_dice(a, &pos, x, 64), y,
				    shut_solver_rank_dice(b, &pos, y, 64),
				    what);
				open = next_open(open, start);
			} while (open != 0 && open < 4096);
			shut_solver_free(a);
			shut_solver_free(b);
		}
	}
	/* Exact values keep every slot, lean or not. */
	{
		struct shut_objective o;
		struct shut_solver *a, *b;
		struct shut_position pos = { 0 };
		char ea[256], eb[256];

		assert_int_equal(shut_objective_parse(&o, "beat:12", NULL, 0),
				 0);
		a = solve_obj("classic", &o, SHUT_SOLVER_EXACT, 1);
		b = solve_obj("classic", &o,
			      SHUT_SOLVER_EXACT | SHUT_SOLVER_LEAN, 1);
		pos.open = shut_rules_start(shut_solver_rules(a));
		assert_true(shut_solver_exact(a, &pos, SHUT_EXACT_SHUT, ea,
					      sizeof(ea)) > 0);
		assert_true(shut_solver_exact(b, &pos, SHUT_EXACT_SHUT, eb,
					      sizeof(eb)) > 0);
		assert_string_equal(ea, eb);
		assert_string_not_equal(ea, "0");
		shut_solver_free(a);
		shut_solver_free(b);
	}
	/* expected keeps its two numbers, lean or not. */
	{
		struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };
		struct shut_solver *a = solve_obj("classic", &o, 0, 1);
		struct shut_solver *b =
		    solve_obj("classic", &o, SHUT_SOLVER_LEAN, 1);

		assert_slots(a, both, b, both, 2, "classic expected");
		assert_int_equal(shut_solver_bytes(a), shut_solver_bytes(b));
		shut_solver_free(a);
		shut_solver_free(b);
	}
}

/*
 * A state whose score is under T (beat:T, at T too when a tie counts
 * whole) or in a utility's flat start is worth that exactly, whatever is
 * played, on every path and kernel: not the sum over its throws, which
 * is that to a rounding (shut__settled()).  The start state of a turn
 * whose first miss loses is not such a state: there a miss is worth the
 * objective's miss.
 */
static void
settled_states_are_worth_it_exactly(void **state)
{
	static const char *const settle_specs[] = {
		"classic",
		"classic tiles=1-14 dice=4d6",
		"classic fewer-dice=never",
		"classic first-throw=3",
		"classic move=up-to-2 bust=7",
		"classic tiles=1-12 dice=1d20 fewer-dice=never",
		"classic tiles=1-13 dice=4d6 fewer-dice=never",
	};
	static const unsigned flags[] = {
		0,
		SHUT__SOLVER_GENERIC,
		SHUT__SOLVER_MOVE_MAJOR,
		SHUT__SOLVER_SSE2,
		SHUT__SOLVER_TIES_PLAIN,
		SHUT__SOLVER_TIES_EXACT,
		SHUT__SOLVER_ALL_WALK,
		SHUT_SOLVER_VALUE,
		SHUT_SOLVER_LEAN,
	};

	(void)state;
	for (size_t i = 0; i < LEN(settle_specs); i++)
		for (int kind = 0; kind < 4; kind++) {
			struct shut_rules r;
			struct shut_objective o = { .kind =
							SHUT_OBJECTIVE_BEAT };
			double u[256], c = 1.0;
			uint64_t under;
			size_t n;

			rules_of(&r, settle_specs[i]);
			n = scores_of(&r);
			under = n / 3;
			o.target = under;
			if (kind == 1) { /* a tie counts whole */
				o.tie = 1.0;
				under++;
			} else if (kind == 3) { /* the largest T, whole */
				o.target = UINT64_MAX;
				o.tie = 1.0;
				under = UINT64_MAX;
			} else if (kind == 2) { /* flat to n / 2 */
				c = 0.7;
				under = n / 2 + 1;
				for (size_t x = 0; x < n; x++)
					u[x] = x < under ? c
							 : c - 0.01 * (double)x;
				o = (struct shut_objective){
					.kind = SHUT_OBJECTIVE_UTILITY,
					.utility = u,
					.scores = n
				};
			}
			for (size_t f = 0; f < LEN(flags); f++) {
				struct shut_solver *s =
				    solve_obj(settle_specs[i], &o, flags[f], 1);
				uint32_t start = shut_rules_start(&r), open = 0;

				do {
					uint32_t x = shut__squeeze(s, open);
					double rec[SOLVER_SLOTS_MAX];

					shut__get(s, x, rec);
					if (shut_score(&r, open) < under &&
					    rec[0] != c)
						fail_msg(
						    "%s, %d, flags %#x, open "
						    "%#x: %.17g",
						    settle_specs[i], kind,
						    flags[f], open, rec[0]);
					open = next_open(open, start);
				} while (open != 0);
				shut_solver_free(s);
			}
		}
	/* Flat everywhere, a first miss that loses: the start is not. */
	{
		double u[22], dist[22], miss = 0.3, lost;
		struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
					    .utility = u,
					    .scores = 22,
					    .miss = &miss };
		struct shut_rules r;
		struct shut_solver *s;
		struct shut_value v;
		struct shut_position pos = { 0, 0, 0 };

		for (int x = 0; x < 22; x++)
			u[x] = 2.5;
		rules_of(&r, "classic tiles=1-6 first-throw=2 first-miss=lose");
		s = solve_obj("classic tiles=1-6 first-throw=2 first-miss=lose",
			      &o, 0, 1);
		pos.open = shut_rules_start(&r);
		assert_int_equal(shut_solver_value(s, &pos, &v), 0);
		assert_int_equal(
		    shut_solver_outcomes(s, pos.open, dist, 22, &lost), 0);
		assert_true(lost > 0.0);
		assert_true(fabs(v.value - ((1.0 - lost) * 2.5 + lost * miss)) <
			    1e-12);
		shut_solver_free(s);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_utility_of_minus_the_score_is_expected),
		cmocka_unit_test(a_utility_of_one_at_a_shut_box_is_shut),
		cmocka_unit_test(beat_with_a_tie_weight_is_its_utility),
		cmocka_unit_test(every_path_agrees_on_arbitrary_utilities),
		cmocka_unit_test(utilities_agree_with_brute_force),
		cmocka_unit_test(bad_utilities_and_ties_are_refused),
		cmocka_unit_test(the_solver_copies_the_utility),
		cmocka_unit_test(a_solver_solved_again_is_a_new_one),
		cmocka_unit_test(what_cannot_be_solved_again_is_refused),
		cmocka_unit_test(
		    a_lean_solver_is_the_whole_less_its_third_slot),
		cmocka_unit_test(settled_states_are_worth_it_exactly),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
