/*
 * test_solver_ties.c - the fast path's ways of settling ties, against
 * each other.
 *
 * The fast path settles most ties of slot 0 while it scans the moves
 * (solver_table.c: a total whose moves all tie, under beat:T most of all)
 * and walks the moves again for the rest.  The plain scan walks every tie
 * again, as the fast path always did; the scan that keeps the exact ties
 * apart (EXACT in every row) settles what it can.  All three must give the
 * same table to the last bit, whatever the objective, and so the same
 * advice (the rankings read the table and nothing else).  Also the
 * value-only path: slot 0 bit for bit.
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

/* Every state of two solvers, bit for bit: all slots, or slot 0 alone. */
static void
assert_same_table(const struct shut_solver *a, const struct shut_solver *b,
		  int value_only, const char *what)
{
	uint32_t start = shut_rules_start(shut_solver_rules(a));
	uint32_t open = 0;

	for (;;) {
		struct shut_position pos = { open, 0, 0 };
		struct shut_value x, y;

		assert_int_equal(shut_solver_value(a, &pos, &x), 0);
		assert_int_equal(shut_solver_value(b, &pos, &y), 0);
		if (value_only ? memcmp(&x.value, &y.value, sizeof(x.value))
			       : memcmp(&x, &y, sizeof(x)))
			fail_msg("%s: at %#x %.17g %.17g %.17g against "
				 "%.17g %.17g %.17g",
				 what, (unsigned)open, x.value, x.expected,
				 x.shut, y.value, y.expected, y.shut);
		if (open == start)
			break;
		open = ((open | ~start) + 1) & start;
	}
}

/*
 * Rule sets and objectives full of ties: beat:T with T across the range
 * of scores (regions of states all worth 1, states worth 0, rows of
 * every kind in one block), and the other scores, whose rows are all
 * EXACT.  With four dice and no fewer, every group's four states are
 * finished side by side, and groups whose rows are all PLAIN follow
 * groups of several kinds in a block: the finish must not ask the kinds
 * those left behind.
 */
static const struct {
	const char *spec, *objective;
} cases[] = {
	{ "classic", "expected" },
	{ "classic", "shut" },
	{ "classic", "beat:1" },
	{ "classic", "beat:12" },
	{ "classic move=up-to-2 bust=7", "beat:10" },
	{ "classic first-throw=3", "beat:20" },
	{ "classic score=digits", "beat:100" },
	{ "classic score=count", "beat:3" },
	{ "full-house", "beat:30" },
	{ "classic tiles=1-12 dice=1d20 fewer-dice=never", "beat:40" },
	{ "classic tiles=1-14 dice=4d6", "expected" },
	{ "classic tiles=1-14 dice=4d6", "shut" },
	{ "classic tiles=1-14 dice=4d6", "beat:20" },
	{ "classic tiles=1-14 dice=4d6", "beat:50" },
	{ "classic tiles=1-14 dice=4d6", "beat:80" },
	{ "classic tiles=1-16 dice=4d6", "beat:0" },
	{ "classic tiles=1-16 dice=4d6", "beat:60" },
	{ "classic tiles=1-16 dice=4d6", "beat:100" },
	{ "classic tiles=1-16 dice=4d6 move=up-to-3", "beat:70" },
	{ "classic tiles=2-17 dice=3d6 fewer-dice=any-time", "beat:90" },
	{ "classic tiles=1-16 dice=4d6 fewer-dice=never", "beat:30" },
};

static void
every_way_of_settling_ties_gives_the_same_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < LEN(cases); i++) {
		struct shut_solver *fast, *plain, *exact, *walked, *two;
		char what[160];

		fast = solve_flags(cases[i].spec, cases[i].objective, 0, 1);
		plain = solve_flags(cases[i].spec, cases[i].objective,
				    SHUT__SOLVER_TIES_PLAIN, 1);
		exact = solve_flags(cases[i].spec, cases[i].objective,
				    SHUT__SOLVER_TIES_EXACT, 1);
		walked = solve_flags(cases[i].spec, cases[i].objective,
				     SHUT__SOLVER_ALL_WALK, 1);
		two = solve_flags(cases[i].spec, cases[i].objective, 0, 2);
		snprintf(what, sizeof(what), "%s %s, plain", cases[i].spec,
			 cases[i].objective);
		assert_same_table(plain, fast, 0, what);
		snprintf(what, sizeof(what), "%s %s, exact", cases[i].spec,
			 cases[i].objective);
		assert_same_table(plain, exact, 0, what);
		snprintf(what, sizeof(what), "%s %s, rows \"all\" walked",
			 cases[i].spec, cases[i].objective);
		assert_same_table(plain, walked, 0, what);
		snprintf(what, sizeof(what), "%s %s, two threads",
			 cases[i].spec, cases[i].objective);
		assert_same_table(plain, two, 0, what);
		shut_solver_free(fast);
		shut_solver_free(plain);
		shut_solver_free(exact);
		shut_solver_free(walked);
		shut_solver_free(two);
	}
}

/*
 * Every slot of every state, hashed (FNV-1a over the bytes of the values
 * of shut_solver_value(), the states in the order of the index), as the
 * solver made them before it settled ties while scanning: the plain scan
 * and its walks, the same code as SHUT__SOLVER_TIES_PLAIN but for the
 * first pass of the walk.
 */
static const struct {
	const char *spec, *objective;
	uint64_t hash;
} before[] = {
	{ "classic", "beat:12", UINT64_C(0x8b20c2f3d1d0f23d) },
	{ "classic tiles=1-14 dice=4d6", "beat:50",
	  UINT64_C(0x14b5fe5af25f13ca) },
	{ "classic tiles=1-16 dice=4d6", "beat:100",
	  UINT64_C(0x495ee4b251359ba5) },
	{ "classic score=digits", "beat:100", UINT64_C(0x3bc056b60afb4705) },
	{ "classic tiles=1-16 dice=4d6 move=up-to-3", "beat:70",
	  UINT64_C(0x5aeb2cba5441f6a4) },
	{ "classic tiles=2-17 dice=3d6 fewer-dice=any-time", "beat:90",
	  UINT64_C(0xa68761385a0087dd) },
	{ "classic tiles=1-16 dice=4d6", "beat:0",
	  UINT64_C(0xe21b43e7877204e9) },
	{ "classic tiles=1-18 dice=4d6", "beat:70",
	  UINT64_C(0x60c40eee18dfff3a) },
	{ "classic tiles=1-18 dice=4d6", "shut", UINT64_C(0x253b10b09699c395) },
	{ "classic tiles=1-18 dice=4d6", "expected",
	  UINT64_C(0xdaa8d5a59d8c471d) },
};

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++) {
		h ^= c[i];
		h *= UINT64_C(0x100000001b3);
	}
	return h;
}

static void
the_tables_are_those_made_before(void **state)
{
	(void)state;
	for (size_t i = 0; i < LEN(before); i++) {
		struct shut_solver *s =
		    solve_flags(before[i].spec, before[i].objective, 0, 2);
		uint32_t start = shut_rules_start(shut_solver_rules(s));
		uint32_t open = 0;
		uint64_t h = UINT64_C(0xcbf29ce484222325);

		for (;;) {
			struct shut_position pos = { open, 0, 0 };
			struct shut_value v;

			shut_solver_value(s, &pos, &v);
			h = fnv(h, &v.value, sizeof(v.value));
			h = fnv(h, &v.expected, sizeof(v.expected));
			h = fnv(h, &v.shut, sizeof(v.shut));
			if (open == start)
				break;
			open = ((open | ~start) + 1) & start;
		}
		if (h != before[i].hash)
			fail_msg("%s %s: hash %#llx, want %#llx",
				 before[i].spec, before[i].objective,
				 (unsigned long long)h,
				 (unsigned long long)before[i].hash);
		shut_solver_free(s);
	}
}

/*
 * The value-only path against the whole solver: the value to the last bit
 * at every state, on the fast path, the generic path (rules that read the
 * faces), a first throw, part of a board and two threads; the other
 * numbers NaN where they are not the value; no rankings.
 */
static void
the_value_alone_is_the_whole_solvers_to_the_last_bit(void **state)
{
	static const char *const specs[] = {
		"classic",
		"classic first-throw=3",
		"classic move=up-to-2 bust=7",
		"classic fewer-dice=any-time",
		"classic score=digits",
		"thai",
		"classic move=one-tile",
		"2012",
		"classic tiles=1-15 dice=4d6",
	};
	static const char *const objectives[] = { "expected", "shut",
						  "beat:20" };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		for (size_t k = 0; k < LEN(objectives); k++) {
			struct shut_solver *whole, *value;
			struct shut_position pos = { 0, 0, 0 };
			struct shut_choice c;
			struct shut_value v;
			char what[160];

			snprintf(what, sizeof(what), "%s %s, value only",
				 specs[i], objectives[k]);
			whole = solve_flags(specs[i], objectives[k], 0, 2);
			value = solve_flags(specs[i], objectives[k],
					    SHUT_SOLVER_VALUE, 2);
			assert_true(shut_solver_bytes(value) <
				    shut_solver_bytes(whole));
			assert_same_table(whole, value, 1, what);
			pos.open = shut_rules_start(shut_solver_rules(value));
			assert_int_equal(shut_solver_value(value, &pos, &v), 0);
			assert_true(k == 0 ? v.expected == v.value
					   : v.expected != v.expected);
			assert_true(k == 1 ? v.shut == v.value
					   : v.shut != v.shut);
			assert_int_equal(
			    shut_solver_rank_dice(value, &pos, &c, 1),
			    SHUT_EMODE);
			shut_solver_free(whole);
			shut_solver_free(value);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    every_way_of_settling_ties_gives_the_same_table),
		cmocka_unit_test(the_tables_are_those_made_before),
		cmocka_unit_test(
		    the_value_alone_is_the_whole_solvers_to_the_last_bit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
