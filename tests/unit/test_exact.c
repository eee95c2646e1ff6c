/*
 * test_exact.c - every double given beside an exact rational is the
 * nearest double to it.
 *
 * With SHUT_SOLVER_EXACT and SHUT_EVAL_EXACT the library gives each value
 * both ways: as "p/q" and as a double.  The double must be the rational
 * rounded to nearest (ties to even), as a person reading the two side by
 * side expects ("shut": 0.3333333333333333 beside "1/3", not
 * 0.33333333333333337 a pass's sums came to, nor 0.33333333333333331 of a
 * truncation where that is not the nearer).  The check below shares
 * nothing with lib/exact.c: it measures, in exact arithmetic, the
 * distance from the rational to the double and to both its neighbours.
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
#include <gmp.h>

#include "exact.h"
#include "shutbox.h"
#include "unit.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* |q - d|, exactly, into out (d finite). */
static void
distance(mpq_t out, const mpq_t q, double d)
{
	mpq_set_d(out, d);
	mpq_sub(out, q, out);
	mpq_abs(out, out);
}

/*
 * Whether d is the double nearest to q: no nearer neighbour, and at a
 * tie with one, d the even of the two.
 */
static int
is_nearest(const mpq_t q, double d)
{
	mpq_t here, there;
	int ok = isfinite(d);

	mpq_inits(here, there, NULL);
	if (ok)
		distance(here, q, d);
	for (int side = 0; ok && side < 2; side++) {
		double n = nextafter(d, side ? INFINITY : -INFINITY);
		uint64_t bits;
		int c;

		if (!isfinite(n))
			continue;
		distance(there, q, n);
		c = mpq_cmp(here, there);
		memcpy(&bits, &d, sizeof(bits));
		ok = c < 0 || (c == 0 && !(bits & 1));
	}
	mpq_clears(here, there, NULL);
	return ok;
}

/* Fails, naming where, unless d is the double nearest to the text p/q. */
static void
check(const char *text, double d, const char *where)
{
	mpq_t q;

	mpq_init(q);
	assert_int_equal(mpq_set_str(q, text, 10), 0);
	if (!is_nearest(q, d))
		fail_msg("%s: %.17g beside %s is not its nearest double", where,
			 d, text);
	mpq_clear(q);
}

/* ---------------------------------------------------------------------
 * The rounding itself
 */

static double
nearest_of(const char *text)
{
	mpq_t q;
	double d;

	mpq_init(q);
	assert_int_equal(mpq_set_str(q, text, 10), 0);
	d = shut__exact_nearest(q);
	mpq_clear(q);
	return d;
}

static void
a_rational_is_rounded_to_the_nearest_double_ties_to_even(void **state)
{
	/* 2^53 = 9007199254740992: 1 + 2^-53 is half way from 1 up. */
	static const char *const tie_down = "9007199254740993/9007199254740992";
	static const char *const tie_up = "9007199254740995/9007199254740992";

	(void)state;
	/* The compiler rounds these constants to nearest. */
	assert_true(nearest_of("1/3") == 1.0 / 3);
	assert_true(nearest_of("2/3") == 2.0 / 3);
	assert_true(nearest_of("1/10") == 0.1);
	assert_true(nearest_of("-1/3") == -1.0 / 3);
	assert_true(nearest_of("61/36") == 61.0 / 36);
	assert_true(nearest_of("7/1") == 7.0);
	assert_true(nearest_of("0/1") == 0 && !signbit(nearest_of("0/1")));
	/* Half way between two doubles: the even one. */
	assert_true(nearest_of(tie_down) == 1.0);
	assert_true(nearest_of(tie_up) == 1.0 + 0x1p-51);
	for (size_t i = 0; i < 2; i++) {
		const char *t = i ? tie_up : tie_down;

		check(t, nearest_of(t), "a tie");
	}
}

/* ---------------------------------------------------------------------
 * The solver and the evaluator
 */

static const char *const specs[] = {
	"classic",
	"classic tiles=1-3",
	"classic fewer-dice=never",
	"missionary",
	"digital",
	"3-to-go",
	"odds",
	"cards",
};

static void
the_solvers_doubles_are_its_rationals_rounded(void **state)
{
	static const char *const objectives[] = { "expected", "shut",
						  "beat:10" };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_solver_options so = { .flags = SHUT_SOLVER_EXACT };
		struct shut_rules r;

		rules_of(&r, specs[i]);
		for (size_t k = 0; k < LEN(objectives); k++) {
			struct shut_objective obj;
			struct shut_solver *s;
			uint32_t start = shut_rules_start(&r);
			char why[256], where[128];

			assert_int_equal(shut_objective_parse(&obj,
							      objectives[k],
							      why, sizeof(why)),
					 0);
			assert_int_equal(shut_solver_new(&s, &r, &obj, &so), 0);
			for (uint32_t open = start;;
			     open = (open - 1) & start) {
				struct shut_position pos = { open, 0, 0 };
				struct shut_value v;
				double d[3];
				char text[512];

				assert_int_equal(shut_solver_value(s, &pos, &v),
						 0);
				d[SHUT_EXACT_VALUE] = v.value;
				d[SHUT_EXACT_EXPECTED] = v.expected;
				d[SHUT_EXACT_SHUT] = v.shut;
				for (int w = 0; w < 3; w++) {
					assert_true(
					    shut_solver_exact(s, &pos, w, text,
							      sizeof(text)) <
					    (int)sizeof(text));
					snprintf(where, sizeof(where),
						 "%s %s at %#x (%d)", specs[i],
						 objectives[k], open, w);
					check(text, d[w], where);
				}
				if (open == 0)
					break;
			}
			shut_solver_free(s);
		}
	}
}

static void
the_evaluators_doubles_are_its_rationals_rounded(void **state)
{
	struct shut_eval_options opt = { .flags = SHUT_EVAL_EXACT };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;

		rules_of(&r, specs[i]);
		for (size_t j = 0; j < shut_strategy_count() + 2; j++) {
			const struct shut_strategy *st =
			    j < shut_strategy_count()	 ? shut_strategy_at(j)
			    : j == shut_strategy_count() ? &shut_solver_optimal
							 : &shut_solver_shut;
			uint32_t start = shut_rules_start(&r);
			struct shut_score_prob d[512];
			struct shut_eval *e;
			char text[512], where[128];
			long n;

			assert_int_equal(shut_eval_new(&e, &r, st, &opt), 0);
			for (uint32_t open = start;;
			     open = (open - 1) & start) {
				struct shut_value v;

				shut_eval_value(e, open, &v);
				snprintf(where, sizeof(where), "%s %s at %#x",
					 specs[i], st->name, open);
				shut_eval_exact(e, open, SHUT_EXACT_EXPECTED,
						text, sizeof(text));
				check(text, v.expected, where);
				shut_eval_exact(e, open, SHUT_EXACT_SHUT, text,
						sizeof(text));
				check(text, v.shut, where);
				if (open == 0)
					break;
			}
			n = shut_eval_distribution(e, d, LEN(d));
			assert_true(n > 0 && n <= (long)LEN(d));
			for (long k = 0; k < n; k++) {
				snprintf(where, sizeof(where),
					 "%s %s, score %llu", specs[i],
					 st->name,
					 (unsigned long long)d[k].score);
				shut_eval_distribution_exact(e, (size_t)k, text,
							     sizeof(text));
				check(text, d[k].prob, where);
			}
			shut_eval_free(e);
		}
	}
}

/* The case that was found: 1/3 printed as 0.33333333333333337. */
static void
solve_distribution_of_three_tiles_shuts_one_in_three(void **state)
{
	struct shut_eval_options opt = { .flags = SHUT_EVAL_EXACT };
	struct shut_score_prob d[8];
	struct shut_rules r;
	struct shut_value v;
	struct shut_eval *e;

	(void)state;
	rules_of(&r, "classic tiles=1-3");
	assert_int_equal(shut_eval_new(&e, &r, &shut_solver_optimal, &opt), 0);
	shut_eval_value(e, shut_rules_start(&r), &v);
	assert_true(v.shut == 1.0 / 3);
	assert_true(v.expected == 61.0 / 36);
	assert_true(shut_eval_distribution(e, d, LEN(d)) > 0);
	assert_true(d[0].score == 0 && d[0].prob == 1.0 / 3);
	shut_eval_free(e);
}

/* A double is read as the decimal written for it, the shortest. */
static void
a_double_is_the_decimal_written_for_it(void **state)
{
	static const struct {
		double d;
		const char *q;
	} cases[] = {
		{ 0.1, "1/10" },
		{ 0.5, "1/2" },
		{ -2.5, "-5/2" },
		{ 0, "0" },
		{ 1.0 / 3, "3333333333333333/10000000000000000" },
		{ 123456789.125, "987654313/8" },
		{ 1e22, "10000000000000000000000" },
		{ 2.5e-7, "1/4000000" },
	};
	mpq_t q, back;

	(void)state;
	mpq_inits(q, back, NULL);
	for (size_t i = 0; i < LEN(cases); i++) {
		char *text;

		shut__exact_decimal(q, cases[i].d);
		text = mpq_get_str(NULL, 10, q);
		assert_string_equal(text, cases[i].q);
		free(text);
		/* and it is that double's decimal: it rounds back to it */
		assert_true(shut__exact_nearest(q) == cases[i].d);
	}
	/* The smallest subnormal: 5e-324 rounds back to it. */
	shut__exact_decimal(q, 4.9406564584124654e-324);
	assert_true(shut__exact_nearest(q) == 4.9406564584124654e-324);
	mpq_clears(q, back, NULL);
}

/* beat:1:0.1 from tile 1 open: 1/6 + 5/6 x 1/10 = 1/4, exactly. */
static void
a_ties_worth_is_the_decimal_typed(void **state)
{
	struct shut_solver_options so = { .flags = SHUT_SOLVER_EXACT };
	struct shut_position pos = { SHUT_TILE(1), 0, 0 };
	struct shut_objective obj;
	struct shut_solver *s;
	struct shut_rules r;
	char text[128], why[128];

	(void)state;
	rules_of(&r, "classic");
	assert_int_equal(
	    shut_objective_parse(&obj, "beat:1:0.1", why, sizeof(why)), 0);
	assert_int_equal(shut_solver_new(&s, &r, &obj, &so), 0);
	shut_solver_exact(s, &pos, SHUT_EXACT_VALUE, text, sizeof(text));
	assert_string_equal(text, "1/4");
	shut_solver_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    a_rational_is_rounded_to_the_nearest_double_ties_to_even),
		cmocka_unit_test(the_solvers_doubles_are_its_rationals_rounded),
		cmocka_unit_test(
		    the_evaluators_doubles_are_its_rationals_rounded),
		cmocka_unit_test(
		    solve_distribution_of_three_tiles_shuts_one_in_three),
		cmocka_unit_test(a_double_is_the_decimal_written_for_it),
		cmocka_unit_test(a_ties_worth_is_the_decimal_typed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
