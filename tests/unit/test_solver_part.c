/*
 * test_solver_part.c - solving part of a board (shut_solver_options.below).
 *
 * A solver asked for the positions below some open tiles must give, at
 * every one of them, the whole table's values to the last bit and the
 * same choices of moves and dice: it is the same turn, only fewer of its
 * positions.  Checked on presets and variations that take every path of
 * the solver (the fast path, the generic path of the face rules, a
 * first-throw rule, bust, up-to-K, every score), for three objectives,
 * at open sets drawn by a seeded generator.
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
#include "unit.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static struct shut_solver *
solve_part(const struct shut_rules *r, const char *objective, unsigned flags,
	   int threads, uint32_t below)
{
	struct shut_solver_options opt = { .flags = flags,
					   .threads = threads,
					   .below = below };
	struct shut_objective o;
	struct shut_solver *s = NULL;
	int rc;

	if (shut_objective_parse(&o, objective, NULL, 0) != 0)
		fail_msg("objective \"%s\" refused", objective);
	rc = shut_solver_new(&s, r, &o, &opt);
	if (rc != 0)
		fail_msg("solving for %s below %#x failed: %s", objective,
			 (unsigned)below, shut_strerror(rc));
	return s;
}

/* A seeded generator of the tests' own (xorshift64*). */
static uint64_t
next_random(uint64_t *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * UINT64_C(2685821657736338717);
}

/* A random subset of the tiles of start, not empty. */
static uint32_t
random_open(uint64_t *x, uint32_t start)
{
	uint32_t open;

	do
		open = (uint32_t)next_random(x) & start;
	while (open == 0);
	return open;
}

/* The highest tile of a set. */
static uint32_t
highest(uint32_t set)
{
	while (set & (set - 1))
		set &= set - 1;
	return set;
}

/*
 * The same moves, dice and values from two solvers at one position, for
 * the best dice count and the throws of every total (the smallest faces
 * that make it up).
 */
static void
assert_same_advice(const struct shut_rules *r, const struct shut_solver *whole,
		   const struct shut_solver *part,
		   const struct shut_position *pos, const char *what)
{
	struct shut_choice x[4], y[4];
	unsigned choices = shut_dice_choices(r, pos->open);
	long nx, ny;

	nx = shut_solver_rank_dice(whole, pos, x, LEN(x));
	ny = shut_solver_rank_dice(part, pos, y, LEN(y));
	assert_int_equal(nx, ny);
	for (long i = 0; i < nx && i < (long)LEN(x); i++)
		if (x[i].dice != y[i].dice ||
		    memcmp(&x[i].v, &y[i].v, sizeof(x[i].v)) != 0)
			fail_msg("%s: dice at %#x differ", what,
				 (unsigned)pos->open);
	for (int d = 1; d <= r->dice; d++) {
		if (!(choices & (1u << d)))
			continue;
		for (int total = d; total <= d * r->faces; total++) {
			struct shut_throw t;
			int rest = total;

			memset(&t, 0, sizeof(t));
			t.n = d;
			for (int k = d - 1; k >= 0; k--) {
				t.face[k] =
				    rest - k > r->faces ? r->faces : rest - k;
				rest -= t.face[k];
			}
			nx = shut_solver_rank_moves(whole, pos, &t, x, LEN(x));
			ny = shut_solver_rank_moves(part, pos, &t, y, LEN(y));
			assert_int_equal(nx, ny);
			for (long i = 0; i < nx && i < (long)LEN(x); i++)
				if (x[i].move != y[i].move ||
				    memcmp(&x[i].v, &y[i].v, sizeof(x[i].v)) !=
					0)
					fail_msg("%s: throw of %d at %#x: move "
						 "%#x against %#x",
						 what, total,
						 (unsigned)pos->open,
						 (unsigned)x[i].move,
						 (unsigned)y[i].move);
		}
	}
}

/*
 * Every position below the open tiles of the part: the whole table's
 * values bit for bit, the advice at the top position and a few below it;
 * a position outside the part refused.
 */
static void
assert_part_matches(const struct shut_rules *r, const struct shut_solver *whole,
		    const struct shut_solver *part, uint32_t below,
		    const char *what)
{
	uint32_t start = shut_rules_start(r), sub = below;
	int checked = 0;

	for (;;) {
		struct shut_position pos = { sub, 0, 0 };
		struct shut_value x, y;

		assert_int_equal(shut_solver_value(whole, &pos, &x), 0);
		assert_int_equal(shut_solver_value(part, &pos, &y), 0);
		if (memcmp(&x, &y, sizeof(x)) != 0)
			fail_msg("%s below %#x: at %#x %.17g %.17g %.17g, "
				 "whole %.17g %.17g %.17g",
				 what, (unsigned)below, (unsigned)sub, y.value,
				 y.expected, y.shut, x.value, x.expected,
				 x.shut);
		if (sub != 0 && checked < 4 && (sub == below || sub % 5 == 1)) {
			assert_same_advice(r, whole, part, &pos, what);
			checked++;
		}
		if (sub == 0)
			break;
		sub = (sub - 1) & below;
	}
	if (below != start) {
		struct shut_position out = { below | (start & ~below), 0, 0 };
		struct shut_value v;
		struct shut_choice c;

		assert_int_equal(shut_solver_value(part, &out, &v),
				 SHUT_ETILES);
		assert_int_equal(shut_solver_rank_dice(part, &out, &c, 1),
				 SHUT_ETILES);
	}
}

/* The values alone, of a value-only part, bit for bit. */
static void
assert_values_match(const struct shut_solver *whole,
		    const struct shut_solver *part, uint32_t below,
		    const char *what)
{
	for (uint32_t sub = below;; sub = (sub - 1) & below) {
		struct shut_position pos = { sub, 0, 0 };
		struct shut_value x, y;

		assert_int_equal(shut_solver_value(whole, &pos, &x), 0);
		assert_int_equal(shut_solver_value(part, &pos, &y), 0);
		if (memcmp(&x.value, &y.value, sizeof(x.value)) != 0)
			fail_msg("%s below %#x, value only: at %#x %.17g, "
				 "whole %.17g",
				 what, (unsigned)below, (unsigned)sub, y.value,
				 x.value);
		if (sub == 0)
			break;
	}
}

static const char *const part_specs[] = {
	"classic",
	"golf",
	"missionary",
	"digital",
	"lone-one",
	"travel",
	"2-to-go",
	"unlucky-7",
	"odds",
	"cards",
	"full-house",
	"thai",
	"2012",
	"classic first-throw=3",
	"classic fewer-dice=any-time fewer-dice-forced=yes",
	"classic move=up-to-2 bust=7",
	"classic move=one-tile",
	"classic tiles=1-16 dice=4d6",
	"classic tiles=3-17 start=odd dice=3d6 fewer-dice=high-shut",
};

static void
a_part_has_the_whole_tables_values_to_the_last_bit(void **state)
{
	static const char *const objectives[] = { "expected", "shut",
						  "beat:10" };
	uint64_t seed = 0x5eed0001;

	(void)state;
	for (size_t i = 0; i < LEN(part_specs); i++) {
		struct shut_rules r;
		uint32_t start;

		rules_of(&r, part_specs[i]);
		start = shut_rules_start(&r);
		for (size_t k = 0; k < LEN(objectives); k++) {
			struct shut_solver *whole =
			    solve_part(&r, objectives[k], 0, 1, 0);
			char what[160];

			snprintf(what, sizeof(what), "%s %s", part_specs[i],
				 objectives[k]);
			for (int j = 0; j < 6; j++) {
				/* Without the lowest, the highest; all. */
				uint32_t below =
				    j == 0   ? start & (start - 1)
				    : j == 1 ? start & ~highest(start)
				    : j == 2 ? start
					     : random_open(&seed, start);
				struct shut_solver *part =
				    solve_part(&r, objectives[k], 0, 1, below);

				assert_part_matches(&r, whole, part, below,
						    what);
				shut_solver_free(part);
				/* The value alone, of a part. */
				part = solve_part(&r, objectives[k],
						  SHUT_SOLVER_VALUE, 1, below);
				assert_values_match(whole, part, below, what);
				shut_solver_free(part);
			}
			shut_solver_free(whole);
		}
	}
}

static void
a_part_on_two_threads_is_the_same(void **state)
{
	struct shut_solver *whole, *part;
	struct shut_rules r;
	uint64_t seed = 0x5eed0002;

	(void)state;
	rules_of(&r, "classic tiles=1-17 dice=4d6");
	whole = solve_part(&r, "beat:40", 0, 2, 0);
	for (int j = 0; j < 3; j++) {
		uint32_t below = random_open(&seed, shut_rules_start(&r)) |
				 SHUT_TILE(1) | (UINT32_C(0x3fff) << 3);

		part = solve_part(&r, "beat:40", 0, 2, below);
		assert_part_matches(&r, whole, part, below, "1-17 4d6 beat:40");
		shut_solver_free(part);
	}
	shut_solver_free(whole);
}

static void
an_exact_part_has_the_whole_rationals(void **state)
{
	struct shut_solver *whole, *part;
	struct shut_rules r;
	uint32_t below = SHUT_TILE(1) | SHUT_TILE(3) | SHUT_TILE(4) |
			 SHUT_TILE(8) | SHUT_TILE(9) | SHUT_TILE(11);

	(void)state;
	rules_of(&r, "full-house");
	whole = solve_part(&r, "shut", SHUT_SOLVER_EXACT, 1, 0);
	part = solve_part(&r, "shut", SHUT_SOLVER_EXACT, 1, below);
	assert_part_matches(&r, whole, part, below, "full-house exact");
	for (uint32_t sub = below;; sub = (sub - 1) & below) {
		struct shut_position pos = { sub, 0, 0 };
		char a[512], b[512];

		for (int what = 0; what < 3; what++) {
			shut_solver_exact(whole, &pos, what, a, sizeof(a));
			shut_solver_exact(part, &pos, what, b, sizeof(b));
			assert_string_equal(a, b);
		}
		if (sub == 0)
			break;
	}
	shut_solver_free(whole);
	shut_solver_free(part);
}

static void
a_part_of_a_big_board_is_small(void **state)
{
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_solver_options opt = { .below = 0x3f };
	struct shut_position pos = { 0x3f, 0, 0 };
	struct shut_rules r, battle;
	struct shut_solver *s;
	struct shut_value v;
	size_t part, whole;

	(void)state;
	rules_of(&r, "the-300");
	assert_int_equal(shut_solver_size(&r, &o, &opt, &part), 0);
	opt.below = 0;
	assert_int_equal(shut_solver_size(&r, &o, &opt, &whole), 0);
	assert_true(whole > ((size_t)1 << 28));
	assert_true(part < ((size_t)1 << 20));
	opt.below = 0x3f;
	assert_int_equal(shut_solver_new(&s, &r, &o, &opt), 0);
	assert_int_equal(shut_solver_bytes(s), part);
	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	assert_true(v.value > 0 && v.value < 21);
	pos.open = 0x7f;
	assert_int_equal(shut_solver_value(s, &pos, &v), SHUT_ETILES);
	shut_solver_free(s);

	/* Tiles off the board are refused; a battle is solved whole. */
	opt.below = SHUT_TILE(25);
	assert_int_equal(shut_solver_size(&r, &o, &opt, &part), SHUT_ETILES);
	rules_of(&battle, "battle");
	opt.below = SHUT_TILE(1);
	assert_int_equal(shut_solver_size(&battle, &o, &opt, &part), 0);
	opt.below = 0;
	assert_int_equal(shut_solver_size(&battle, &o, &opt, &whole), 0);
	assert_int_equal(part, whole);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    a_part_has_the_whole_tables_values_to_the_last_bit),
		cmocka_unit_test(a_part_on_two_threads_is_the_same),
		cmocka_unit_test(an_exact_part_has_the_whole_rationals),
		cmocka_unit_test(a_part_of_a_big_board_is_small),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
