/*
 * test_solver_kernel.c - the fast path's two kernels against each other.
 *
 * The move-major kernel (solver_table.c) offers each move to every state
 * of a block; the kernel by groups of four states (solver_group.c) takes
 * four states at a time, with its own finishing for two states at once,
 * in AVX2 where the processor has it and in SSE2 (asked for by a flag).
 * They must give the same table to the last bit: every slot of every
 * state, for every objective and path (expected, shut, beat:T and
 * beat:T:W with the rows of the three kinds of scan as chosen, all plain
 * or all EXACT, the value alone), on boards whose two
 * lowest tiles are not 1 and 2, with up-to-K moves (K of 1 too: no move
 * of both lowest tiles), a bust total, several dice counts at a state,
 * one thread and two, throws up to 91; boards of under two low tiles, which
 * the group kernel leaves to the other, too; boards of one dice count at
 * every state (the group's vector finish and its terminal records), by
 * sum, count and digits (past 2^31); and utilities given as tables (every
 * score, a table shorter than the scores, levels).  And the comparison can
 * fail: one bit changed in one state is found.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "shutbox.h"
#include "solver.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static struct shut_solver *
solve_flags(const char *spec, const char *objective, unsigned flags,
	    int threads)
{
	struct shut_solver_options opt = { .flags = flags, .threads = threads };
	struct shut_objective o;
	struct shut_solver *s = NULL;
	struct shut_rules r;
	char why[256] = "";
	int rc;

	if (shut_rules_parse(&r, spec, why, sizeof(why)) != 0)
		fail_msg("spec \"%s\" refused: %s", spec, why);
	if (shut_objective_parse(&o, objective, NULL, 0) != 0)
		fail_msg("objective \"%s\" refused", objective);
	rc = shut_solver_new(&s, &r, &o, &opt);
	if (rc != 0)
		fail_msg("%s %s: %s", spec, objective, shut_strerror(rc));
	return s;
}

/* The first state where the tables differ in some slot, or -1. */
static long
first_difference(const struct shut_solver *a, const struct shut_solver *b)
{
	size_t n = a->states * (size_t)a->width;

	assert_int_equal(a->width, b->width);
	assert_true(a->states == b->states);
	for (size_t i = 0; i < n; i++)
		if (memcmp(&a->table[i], &b->table[i], sizeof(double)) != 0)
			return (long)(i % a->states);
	return -1;
}

static const char *const specs[] = {
	"classic",
	"classic tiles=1-14 dice=4d6",
	"classic tiles=1-16 dice=4d6",
	"classic tiles=2-15 dice=3d6 fewer-dice=any-time",
	"classic tiles=1-22 start=odd dice=3d6",
	"classic tiles=1-24 start=even dice=4d6",
	"classic tiles=1-14 dice=4d6 move=up-to-3",
	"classic tiles=1-13 dice=3d6 move=up-to-1",
	"classic tiles=1-14 dice=3d6 bust=11",
	"classic tiles=3-5",
	"classic tiles=1-13 dice=2d8 fewer-dice=low-sum score=count",
	"classic tiles=1-13 dice=8d20", /* rows of totals up to 91 */
	/* One dice count at every state: the group's vector finish. */
	"classic tiles=1-14 dice=4d6 fewer-dice=never",
	"classic tiles=2-14 dice=6d6 fewer-dice=never",
	"classic tiles=1-12 dice=4d6 fewer-dice=never score=count",
	"classic tiles=1-9 dice=4d6 fewer-dice=never score=digits",
	"classic tiles=1-12 dice=4d6 fewer-dice=never score=digits",
};

static void
the_kernels_give_the_same_tables(void **state)
{
	static const struct {
		const char *objective;
		unsigned flags;
	} ways[] = {
		{ "expected", 0 },
		{ "shut", 0 },
		{ "expected", SHUT_SOLVER_VALUE },
		{ "shut", SHUT_SOLVER_VALUE },
		{ "beat:40", SHUT__SOLVER_TIES_PLAIN },
		{ "beat:40", SHUT_SOLVER_VALUE },
		{ "beat:40", 0 },
		{ "beat:70", 0 },
		{ "beat:70:0.5", 0 },
		{ "beat:70", SHUT__SOLVER_ALL_WALK },
		{ "beat:25", SHUT__SOLVER_TIES_EXACT },
		{ "expected", SHUT__SOLVER_TIES_EXACT },
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		for (size_t k = 0; k < LEN(ways); k++)
			for (int threads = 1; threads <= 2; threads++) {
				struct shut_solver *g, *m, *sse;
				long at, at2;

				g = solve_flags(specs[i], ways[k].objective,
						ways[k].flags, threads);
				m = solve_flags(specs[i], ways[k].objective,
						ways[k].flags |
						    SHUT__SOLVER_MOVE_MAJOR,
						threads);
				sse = solve_flags(
				    specs[i], ways[k].objective,
				    ways[k].flags | SHUT__SOLVER_SSE2, threads);
				at = first_difference(g, m);
				at2 = first_difference(sse, m);
				if (at >= 0 || at2 >= 0)
					fail_msg("%s %s (flags %#x, %d "
						 "threads): state %ld "
						 "differs (SSE2 alone: %ld; "
						 "-1: none)",
						 specs[i], ways[k].objective,
						 ways[k].flags, threads, at,
						 at2);
				shut_solver_free(g);
				shut_solver_free(m);
				shut_solver_free(sse);
			}
}

/*
 * A utility's table: worths drawn from a seeded generator (a flat start
 * of 1 below first, then random, so that the rows of every kind come),
 * for n scores; with levels, every third score a level.
 */
static void
utility_table(double *u, uint64_t *levels, size_t n, size_t first,
	      uint64_t seed)
{
	for (size_t x = 0; x < n; x++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		u[x] = x < first ? 1.0 : (double)(seed >> 11) * 0x1p-53;
		if (levels != NULL)
			levels[x] = 3 * (uint64_t)x;
	}
}

static void
the_kernels_give_the_same_tables_for_utilities(void **state)
{
	static const struct {
		const char *spec;
		size_t scores, first;
		int levels;
	} cases[] = {
		{ "classic tiles=1-14 dice=4d6 fewer-dice=never", 106, 30, 0 },
		{ "classic tiles=1-14 dice=4d6 fewer-dice=never", 60, 0, 0 },
		{ "classic tiles=2-14 dice=6d6 fewer-dice=never", 105, 40, 0 },
		{ "classic tiles=1-14 dice=4d6 fewer-dice=never", 36, 5, 1 },
		{ "classic tiles=1-12 dice=4d6 fewer-dice=never score=count",
		  13, 4, 0 },
		{ "classic tiles=1-14 dice=4d6", 106, 30, 0 },
		{ "classic", 46, 10, 0 },
	};

	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		double u[128];
		uint64_t levels[128];
		struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY,
					    .utility = u,
					    .scores = cases[i].scores,
					    .levels = cases[i].levels ? levels
								      : NULL };
		struct shut_rules r;
		char why[256] = "";

		if (shut_rules_parse(&r, cases[i].spec, why, sizeof(why)) != 0)
			fail_msg("spec \"%s\" refused: %s", cases[i].spec, why);
		utility_table(u, cases[i].levels ? levels : NULL,
			      cases[i].scores, cases[i].first, i + 1);
		for (unsigned lean = 0; lean <= SHUT_SOLVER_LEAN;
		     lean += SHUT_SOLVER_LEAN) {
			struct shut_solver *g = NULL, *m = NULL, *sse = NULL;
			struct shut_solver_options og = { .flags = lean,
							  .threads = 1 };
			struct shut_solver_options om = {
				.flags = lean | SHUT__SOLVER_MOVE_MAJOR,
				.threads = 1
			};
			struct shut_solver_options os = {
				.flags = lean | SHUT__SOLVER_SSE2, .threads = 1
			};
			long at, at2;

			assert_int_equal(shut_solver_new(&g, &r, &o, &og), 0);
			assert_int_equal(shut_solver_new(&m, &r, &o, &om), 0);
			assert_int_equal(shut_solver_new(&sse, &r, &o, &os), 0);
			at = first_difference(g, m);
			at2 = first_difference(sse, m);
			if (at >= 0 || at2 >= 0)
				fail_msg("%s, a utility of %zu scores (lean "
					 "%u): state %ld differs (SSE2 alone: "
					 "%ld; -1: none)",
					 cases[i].spec, cases[i].scores, lean,
					 at, at2);
			shut_solver_free(g);
			shut_solver_free(m);
			shut_solver_free(sse);
		}
	}
}

/* The comparison can fail: one bit changed in one state is found. */
static void
a_difference_is_found(void **state)
{
	struct shut_solver *a = solve_flags(specs[2], "expected", 0, 1);
	struct shut_solver *b =
	    solve_flags(specs[2], "expected", SHUT__SOLVER_MOVE_MAJOR, 1);
	uint64_t x;

	(void)state;
	assert_int_equal(first_difference(a, b), -1);
	memcpy(&x, &b->table[b->states + 1234], sizeof(x));
	x ^= 1;
	memcpy(&b->table[b->states + 1234], &x, sizeof(x));
	assert_int_equal(first_difference(a, b), 1234);
	shut_solver_free(a);
	shut_solver_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_kernels_give_the_same_tables),
		cmocka_unit_test(
		    the_kernels_give_the_same_tables_for_utilities),
		cmocka_unit_test(a_difference_is_found),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
