/*
 * test_throws.c - the one enumeration of the throws (lib/throws.c) that
 * the solver, the evaluator and the compiled simulator share: every
 * ordered throw counted once, by total and by multiset, checked against
 * a plain count of the faces^d ordered throws.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "throws.h"

/* What the multisets of one count added up to. */
struct tally {
	uint64_t orders;		/* their counts, summed */
	uint64_t by_total[8 * 100 + 1]; /* the counts, by total */
	size_t n;
	struct shut_throw last;
};

static int
add_multiset(void *ctx, const struct shut_throw *t, uint64_t count)
{
	struct tally *ta = ctx;
	int total = 0;

	for (int i = 0; i < t->n; i++) {
		total += t->face[i];
		if (i > 0)
			assert_true(t->face[i - 1] <= t->face[i]);
	}
	/* Increasing order: each multiset after the one before. */
	if (ta->n > 0)
		assert_true(memcmp(&ta->last, t, sizeof(*t)) != 0);
	ta->orders += count;
	ta->by_total[total] += count;
	ta->last = *t;
	ta->n++;
	return 0;
}

/* The ordered throws of d dice by total, one by one. */
static void
plain_totals(int d, int faces, uint64_t *count)
{
	int f[8] = { 0 };

	memset(count, 0, (size_t)(d * faces + 1) * sizeof(*count));
	for (;;) {
		int total = d, i = 0;

		for (int k = 0; k < d; k++)
			total += f[k];
		count[total]++;
		while (i < d && f[i] == faces - 1)
			f[i++] = 0;
		if (i == d)
			return;
		f[i]++;
	}
}

static void
every_throw_is_counted_once_by_total_and_by_multiset(void **state)
{
	static const int cases[][2] = { { 1, 6 }, { 2, 6 },  { 3, 6 },
					{ 4, 6 }, { 2, 20 }, { 3, 10 },
					{ 5, 2 } };

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		int d = cases[c][0], faces = cases[c][1];
		uint64_t plain[8 * 100 + 1];
		uint64_t totals[SHUT_DICE_MAX * SHUT_FACES_MAX + 1];
		struct tally ta;
		uint64_t all = 1;
		size_t multisets = 1;

		memset(&ta, 0, sizeof(ta));
		for (int i = 0; i < d; i++)
			all *= (uint64_t)faces;
		/* C(faces + d - 1, d) multisets. */
		for (int i = 1; i <= d; i++)
			multisets =
			    multisets * (size_t)(faces - 1 + i) / (size_t)i;
		plain_totals(d, faces, plain);
		shut__throws_totals(d, faces, totals);
		assert_int_equal(
		    shut__multisets_each(d, faces, add_multiset, &ta), 0);
		assert_true(ta.orders == all);
		assert_true(ta.n == multisets);
		for (int t = 0; t <= d * faces; t++) {
			assert_true(totals[t] == plain[t]);
			assert_true(ta.by_total[t] == plain[t]);
		}
		for (int t = d; t <= d * faces; t++) {
			struct shut_throw th;
			int sum = 0;

			shut__throw_of_total(d, faces, t, &th);
			assert_int_equal(th.n, d);
			for (int i = 0; i < d; i++) {
				assert_true(th.face[i] >= 1 &&
					    th.face[i] <= faces);
				sum += th.face[i];
			}
			assert_int_equal(sum, t);
		}
	}
}

static int
stop_at_third(void *ctx, const struct shut_throw *t, uint64_t count)
{
	int *seen = ctx;

	(void)t;
	(void)count;
	return ++*seen == 3 ? 7 : 0;
}

static void
the_enumeration_stops_when_asked(void **state)
{
	int seen = 0;

	(void)state;
	assert_int_equal(shut__multisets_each(2, 6, stop_at_third, &seen), 7);
	assert_int_equal(seen, 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    every_throw_is_counted_once_by_total_and_by_multiset),
		cmocka_unit_test(the_enumeration_stops_when_asked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
