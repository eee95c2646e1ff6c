/*
 * test_solver.c - the solver: known answers, exact arithmetic, the API.
 *
 * First the published answers of tests/data/known_answers.tsv, each with
 * its source, and the Thai heuristic evaluated exactly; then the doubles
 * against the exact rationals for every preset that fits 12 tiles; then
 * the fast path against the generic one, threads against none; and last
 * the API: objectives, sizes and refusals, positions, values in range.
 * The rankings are tested in test_solver_rank.c.
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
#include "unit_solver.h"

#ifndef SOLVER_DATA_DIR
#define SOLVER_DATA_DIR "tests/data"
#endif

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* Helpers */

/* Every open set of a rule set's start set, by index. */
static uint32_t
open_of(const struct shut_rules *r, uint32_t index)
{
	uint32_t start = shut_rules_start(r), open = 0;
	int k = 0;

	for (int t = 1; t <= SHUT_TILES_MAX; t++)
		if (start & SHUT_TILE(t)) {
			if (index & (UINT32_C(1) << k))
				open |= SHUT_TILE(t);
			k++;
		}
	return open;
}

/* ------------------------------------------------------------------ */
/* Known answers */

/* Splits line at tabs into at most n fields; returns how many. */
static int
split_tabs(char *line, char **field, int n)
{
	int k = 0;

	line[strcspn(line, "\r\n")] = '\0';
	while (k < n) {
		field[k++] = line;
		line = strchr(line, '\t');
		if (line == NULL)
			break;
		*line++ = '\0';
	}
	return k;
}

/*
 * The number an answer stands for: a fraction p/q, or a percentage; for a
 * percentage, *digits gets the number of decimals written.
 */
static double
answer_number(const char *text, int *digits)
{
	const char *slash = strchr(text, '/');
	const char *dot = strchr(text, '.');

	*digits = -1;
	if (slash != NULL)
		return strtod(text, NULL) / strtod(slash + 1, NULL);
	*digits = dot ? (int)strcspn(dot + 1, "%") : 0;
	return strtod(text, NULL) / 100.0;
}

static void
the_known_answers_are_reproduced(void **state)
{
	FILE *f = fopen(SOLVER_DATA_DIR "/known_answers.tsv", "r");
	char line[2048];
	int checked = 0;

	(void)state;
	if (f == NULL)
		fail_msg("cannot open %s/known_answers.tsv (run from the top "
			 "of the tree)",
			 SOLVER_DATA_DIR);
	while (fgets(line, sizeof(line), f) != NULL) {
		char *field[5];
		struct shut_solver *s;
		struct shut_rules r;
		double v, want;
		int digits;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (split_tabs(line, field, 5) != 5)
			fail_msg("malformed line: %s", line);
		rules_of(&r, field[0]);
		if (strcmp(field[2], "=") == 0) {
			struct shut_position pos = { shut_rules_start(&r), 0,
						     1 };
			char buf[256];

			s = solve_rules(&r, field[1], SHUT_SOLVER_EXACT, 1);
			assert_true(shut_solver_exact(s, &pos, SHUT_EXACT_VALUE,
						      buf, sizeof(buf)) > 0);
			if (strcmp(buf, field[3]) != 0)
				fail_msg("%s, %s: %s, want %s (%s)", field[0],
					 field[1], buf, field[3], field[4]);
			shut_solver_free(s);
			checked++;
			continue;
		}
		s = solve_rules(&r, field[1], 0, 1);
		v = value_at(s, shut_rules_start(&r)).value;
		want = answer_number(field[3], &digits);
		if (strcmp(field[2], "~") == 0) {
			double tol = 0.5 * pow(10.0, -digits) / 100.0;

			assert_true(digits >= 0);
			if (fabs(v - want) > tol * (1 + 1e-9))
				fail_msg("%s, %s: %.10f, want %s (%s)",
					 field[0], field[1], v * 100, field[3],
					 field[4]);
		} else if (strcmp(field[2], ">=") == 0) {
			if (v < want)
				fail_msg("%s, %s: %.10f below %s (%s)",
					 field[0], field[1], v, field[3],
					 field[4]);
		} else {
			fail_msg("unknown relation %s", field[2]);
		}
		shut_solver_free(s);
		checked++;
	}
	fclose(f);
	assert_true(checked >= 8);
}

/*
 * Wikipedia's heuristic for Thai style (one tile per throw, a face or the
 * total): shut the total when it is 7, 8 or 9 and open, else the lowest
 * tile the throw allows.  Its chance of shutting the box, by expectimax of
 * that fixed policy over the 36 ordered throws, is 7.9855%; the optimum
 * must be at least that.
 */
static double
thai_heuristic(const struct shut_rules *r, uint32_t open, double *memo,
	       char *seen)
{
	double acc = 0;

	if (open == 0)
		return 1.0;
	if (seen[open])
		return memo[open];
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++) {
			struct shut_throw t = { 2, { a, b } };
			uint32_t moves[8], pick;
			long n = shut_moves(r, open, &t, 0, moves, LEN(moves));

			if (n <= 0)
				continue;
			pick = moves[0];
			for (long i = 1; i < n; i++)
				if (moves[i] < pick)
					pick = moves[i];
			if (a + b >= 7 && a + b <= 9 &&
			    (open & SHUT_TILE(a + b)))
				pick = SHUT_TILE(a + b);
			acc += thai_heuristic(r, open & ~pick, memo, seen) / 36;
		}
	seen[open] = 1;
	memo[open] = acc;
	return acc;
}

static void
the_thai_optimum_beats_the_wikipedia_heuristic(void **state)
{
	static double memo[512];
	static char seen[512];
	struct shut_solver *s;
	struct shut_rules r;
	double h;

	(void)state;
	rules_of(&r, "thai");
	h = thai_heuristic(&r, 0x1ff, memo, seen);
	assert_true(fabs(h * 100 - 7.9855) < 0.00005);
	s = solve_rules(&r, "shut", 0, 1);
	assert_true(value_at(s, 0x1ff).value >= h);
	shut_solver_free(s);
}

/* ------------------------------------------------------------------ */
/* Exact arithmetic against doubles */

/*
 * Every state of two solvers agrees to 1e-12 relative in all three
 * values.
 */
static void
assert_tables_agree(const struct shut_rules *r, const struct shut_solver *a,
		    const struct shut_solver *b, const char *what)
{
	int n = shut_tiles_count(shut_rules_start(r));

	for (uint32_t i = 0; i < (UINT32_C(1) << n); i++) {
		uint32_t open = open_of(r, i);
		struct shut_value x = value_at(a, open), y = value_at(b, open);

		assert_agree(x.value, y.value, what, open);
		assert_agree(x.expected, y.expected, what, open);
		assert_agree(x.shut, y.shut, what, open);
	}
}

static void
doubles_agree_with_exact_rationals_on_every_preset_of_12_tiles(void **state)
{
	static const char *const objectives[] = { "expected", "shut",
						  "beat:10" };

	(void)state;
	for (size_t i = 0; i < shut_preset_count(); i++) {
		const struct shut_preset *p = shut_preset_at(i);
		struct shut_rules r;

		rules_of(&r, p->name);
		if (r.mode != SHUT_MODE_STANDARD ||
		    shut_tiles_count(shut_rules_start(&r)) > 12)
			continue;
		for (size_t k = 0; k < LEN(objectives); k++) {
			struct shut_solver *d, *e;
			char what[128];

			d = solve_rules(&r, objectives[k], 0, 1);
			e = solve_rules(&r, objectives[k], SHUT_SOLVER_EXACT,
					1);
			snprintf(what, sizeof(what), "%s %s", p->name,
				 objectives[k]);
			assert_tables_agree(&r, d, e, what);
			shut_solver_free(d);
			shut_solver_free(e);
		}
	}
}

/* The exact value printed is in lowest terms, "p/q", and agrees. */
static void
exact_values_print_in_lowest_terms(void **state)
{
	struct shut_solver *s =
	    solve("classic tiles=1-4", "expected", SHUT_SOLVER_EXACT);
	struct shut_position pos = { 0, 0, 0 };
	char buf[128];

	(void)state;
	assert_int_equal(
	    shut_solver_exact(s, &pos, SHUT_EXACT_VALUE, buf, sizeof(buf)), 3);
	assert_string_equal(buf, "0/1");
	assert_int_equal(
	    shut_solver_exact(s, &pos, SHUT_EXACT_SHUT, buf, sizeof(buf)), 3);
	assert_string_equal(buf, "1/1");
	pos.open = SHUT_TILE(1);
	/* Tile 1 alone: one die (high-shut), a 1 in 6 to shut, else 1. */
	shut_solver_exact(s, &pos, SHUT_EXACT_EXPECTED, buf, sizeof(buf));
	assert_string_equal(buf, "5/6");
	shut_solver_exact(s, &pos, SHUT_EXACT_SHUT, buf, sizeof(buf));
	assert_string_equal(buf, "1/6");
	/* A short buffer truncates as snprintf() does. */
	assert_int_equal(shut_solver_exact(s, &pos, SHUT_EXACT_SHUT, buf, 2),
			 3);
	assert_string_equal(buf, "1");
	shut_solver_free(s);

	s = solve("classic tiles=1-4", "expected", 0);
	assert_int_equal(
	    shut_solver_exact(s, &pos, SHUT_EXACT_VALUE, buf, sizeof(buf)),
	    SHUT_EMODE);
	shut_solver_free(s);
}

/* ------------------------------------------------------------------ */
/* The fast path against the generic one, threads against none */

static const char *const fast_specs[] = {
	"classic",
	"classic fewer-dice=never",
	"classic fewer-dice=low-sum",
	"classic fewer-dice=lone-one",
	"classic fewer-dice=any-time",
	"classic fewer-dice=any-time fewer-dice-forced=yes",
	"classic move=up-to-2",
	"classic move=up-to-3 dice=3d4",
	"classic bust=7",
	"classic first-throw=3",
	"classic score=digits",
	"classic score=count",
	"classic start=odd",
	"classic tiles=1-12 dice=1d20 fewer-dice=never",
	"classic tiles=3-11 start=4,5,7-11 dice=3d5",
};

/* The moves ranked first by two solvers for every position and throw. */
static void
assert_same_play(const struct shut_rules *r, const struct shut_solver *a,
		 const struct shut_solver *b)
{
	int n = shut_tiles_count(shut_rules_start(r));

	for (uint32_t i = 1; i < (UINT32_C(1) << n); i++) {
		struct shut_position pos = { open_of(r, i), 0, 0 };
		unsigned choices = shut_dice_choices(r, pos.open);
		struct shut_choice x, y;

		assert_int_equal(shut_solver_rank_dice(a, &pos, &x, 1),
				 shut_solver_rank_dice(b, &pos, &y, 1));
		assert_int_equal(x.dice, y.dice);
		for (int d = 1; d <= r->dice; d++) {
			struct shut_throw t;

			if (!(choices & (1u << d)))
				continue;
			memset(&t, 0, sizeof(t));
			t.n = d;
			for (int k = 0; k < d; k++)
				t.face[k] = 1;
			/* Every multiset of faces, as an odometer. */
			for (;;) {
				long na =
				    shut_solver_rank_moves(a, &pos, &t, &x, 1);
				long nb =
				    shut_solver_rank_moves(b, &pos, &t, &y, 1);
				int k = d - 1;

				assert_int_equal(na, nb);
				if (na > 0 && x.move != y.move)
					fail_msg("open %#x: %#x against %#x",
						 (unsigned)pos.open,
						 (unsigned)x.move,
						 (unsigned)y.move);
				while (k >= 0 && t.face[k] == r->faces)
					k--;
				if (k < 0)
					break;
				t.face[k]++;
				for (int j = k + 1; j < d; j++)
					t.face[j] = t.face[k];
			}
		}
	}
}

static void
the_fast_path_agrees_with_the_generic_path(void **state)
{
	static const char *const objectives[] = { "expected", "shut",
						  "beat:12" };

	(void)state;
	for (size_t i = 0; i < LEN(fast_specs); i++)
		for (size_t k = 0; k < LEN(objectives); k++) {
			struct shut_solver *f, *g;
			struct shut_rules r;
			char what[160];

			rules_of(&r, fast_specs[i]);
			f = solve_rules(&r, objectives[k], 0, 1);
			g = solve_rules(&r, objectives[k], SHUT__SOLVER_GENERIC,
					1);
			snprintf(what, sizeof(what), "%s %s", fast_specs[i],
				 objectives[k]);
			assert_tables_agree(&r, f, g, what);
			assert_same_play(&r, f, g);
			shut_solver_free(f);
			shut_solver_free(g);
		}
}

static void
two_threads_give_the_same_table_as_one(void **state)
{
	/* The fast path, and the generic path of a rule that reads faces. */
	static const char *const specs[] = {
		"classic tiles=1-15 dice=3d6",
		"classic tiles=1-15 dice=3d6 move=one-tile",
	};

	(void)state;
	for (size_t k = 0; k < LEN(specs); k++) {
		struct shut_solver *one, *two;
		struct shut_rules r;

		rules_of(&r, specs[k]);
		one = solve_rules(&r, "shut", 0, 1);
		two = solve_rules(&r, "shut", 0, 2);
		for (uint32_t i = 0; i < (UINT32_C(1) << 15); i++) {
			struct shut_value x = value_at(one, open_of(&r, i));
			struct shut_value y = value_at(two, open_of(&r, i));

			assert_true(memcmp(&x, &y, sizeof(x)) == 0);
		}
		shut_solver_free(one);
		shut_solver_free(two);
	}
}

/* ------------------------------------------------------------------ */
/* Objectives */

static void
objectives_parse_and_print(void **state)
{
	static const char *const good[] = { "expected", "shut", "beat:0",
					    "beat:45",
					    "beat:18446744073709551615" };
	static const char *const bad[] = { "",
					   "Expected",
					   "beat:",
					   "beat:-1",
					   "beat:1x",
					   "beat",
					   "beat:18446744073709551616" };
	struct shut_objective o;
	char buf[64], why[128];

	(void)state;
	for (size_t i = 0; i < LEN(good); i++) {
		assert_int_equal(shut_objective_parse(&o, good[i], NULL, 0), 0);
		assert_int_equal(shut_objective_print(&o, buf, sizeof(buf)),
				 (int)strlen(good[i]));
		assert_string_equal(buf, good[i]);
	}
	for (size_t i = 0; i < LEN(bad); i++) {
		why[0] = '\0';
		assert_int_equal(
		    shut_objective_parse(&o, bad[i], why, sizeof(why)),
		    SHUT_EVALUE);
		assert_non_null(strstr(why, i + 1 == LEN(bad)
						? "T is too large"
						: "expected, shut or beat:T"));
	}
	/* A tie too small for a double is refused, not taken for 0. */
	assert_int_equal(
	    shut_objective_parse(&o, "beat:1:1e-400", why, sizeof(why)),
	    SHUT_EVALUE);
	assert_non_null(strstr(why, "too small"));
	assert_int_equal(shut_objective_parse(&o, "beat:1:0e-400", NULL, 0), 0);
	assert_true(o.tie == 0.0);
	o.kind = SHUT_OBJECTIVE_BEAT;
	o.target = 12345;
	assert_int_equal(shut_objective_print(&o, buf, 8), 10);
	assert_string_equal(buf, "beat:12");
}

/* beat:T is 1 where the tiles left already score under T. */
static void
beat_counts_a_score_below_the_target(void **state)
{
	struct shut_solver *s = solve("classic tiles=1-4", "beat:4", 0);

	(void)state;
	assert_true(value_at(s, 0).value == 1.0);
	assert_agree(value_at(s, SHUT_TILE(3)).value, 1.0, "beat", 4);
	/* Tile 4 alone: a single die (all tiles at most 6) must show 4. */
	assert_agree(value_at(s, SHUT_TILE(4)).value, 1.0 / 6, "beat", 8);
	shut_solver_free(s);
	s = solve("classic tiles=1-4", "beat:0", 0);
	assert_true(value_at(s, 0).value == 0.0);
	assert_true(value_at(s, 0xf).value == 0.0);
	shut_solver_free(s);
}

/* ------------------------------------------------------------------ */
/* Sizes and refusals */

static void
the_size_is_known_before_the_solve(void **state)
{
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_solver_options opt = { .threads = 1 };
	struct shut_solver *s;
	struct shut_rules r;
	size_t bytes;

	(void)state;
	rules_of(&r, "classic");
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), 0);
	assert_int_equal(shut_solver_new(&s, &r, &o, &opt), 0);
	assert_int_equal(shut_solver_bytes(s), bytes);
	assert_true(shut_rules_equal(shut_solver_rules(s), &r));
	assert_int_equal(shut_solver_objective(s)->kind,
			 SHUT_OBJECTIVE_EXPECTED);
	assert_true(shut_solver_tolerance(s) == 0.0);
	shut_solver_free(s);

	/* the-300: two tables of 2^24 doubles, well under 1 GiB. */
	rules_of(&r, "the-300");
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), 0);
	assert_true(bytes >= ((size_t)2 << 24) * sizeof(double));
	assert_true(bytes < ((size_t)300 << 20));
}

static void
boards_too_big_are_refused(void **state)
{
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_SHUT };
	struct shut_solver_options opt = { .threads = 1 };
	struct shut_solver *s = (struct shut_solver *)&o;
	struct shut_rules r;
	size_t bytes = 1;

	(void)state;
	rules_of(&r, "classic tiles=1-32 dice=8d6");
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), SHUT_ETOOBIG);
	assert_int_equal(bytes, 0);
	assert_int_equal(shut_solver_new(&s, &r, &o, &opt), SHUT_ETOOBIG);
	assert_null(s);
	/* 27 tiles: 2 GiB of table, past the default limit. */
	rules_of(&r, "classic tiles=1-27 dice=4d6");
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), SHUT_ETOOBIG);
	/* A caller's limit. */
	rules_of(&r, "classic");
	opt.max_bytes = 4096;
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), SHUT_ETOOBIG);
	/* Exact values stop at 12 tiles, and are not for battles. */
	opt.max_bytes = 0;
	opt.flags = SHUT_SOLVER_EXACT;
	rules_of(&r, "classic tiles=1-13");
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), SHUT_ETOOBIG);
	rules_of(&r, "battle");
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), SHUT_EMODE);
	/* Face rules with too many distinct throws. */
	opt.flags = 0;
	rules_of(&r, "classic move=one-tile dice=8d100 tiles=1-5");
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), SHUT_ETOOBIG);
	/* A rule set that fails its own check. */
	rules_of(&r, "classic");
	r.dice = 0;
	assert_true(shut_solver_size(&r, &o, &opt, &bytes) < 0);
	assert_int_equal(shut_solver_new(NULL, &r, &o, &opt), SHUT_EINVAL);
	shut_solver_free(NULL);
}

static void
positions_outside_the_start_set_are_refused(void **state)
{
	struct shut_solver *s = solve("odds", "expected", 0);
	struct shut_position pos = { SHUT_TILE(2), 0, 0 };
	struct shut_choice c;
	struct shut_throw t = { 2, { 1, 1 } };
	struct shut_value v;

	(void)state;
	assert_int_equal(shut_solver_value(s, &pos, &v), SHUT_ETILES);
	assert_int_equal(shut_solver_rank_moves(s, &pos, &t, &c, 1),
			 SHUT_ETILES);
	assert_int_equal(shut_solver_rank_dice(s, &pos, &c, 1), SHUT_ETILES);
	shut_solver_free(s);
}

/* ------------------------------------------------------------------ */
/* Values in range */

/* No value is -0: a shut box is worth 0 under expected, exactly or not. */
static void
no_value_is_negative_zero(void **state)
{
	static const unsigned flags[] = { 0, SHUT_SOLVER_EXACT,
					  SHUT__SOLVER_GENERIC };
	struct shut_position pos = { 0x3, 0, 0 };
	struct shut_throw t = { 2, { 1, 2 } };
	struct shut_choice c[4];

	(void)state;
	for (size_t k = 0; k < LEN(flags); k++) {
		struct shut_solver *s = solve("classic", "expected", flags[k]);
		struct shut_value v = value_at(s, 0);

		assert_true(!signbit(v.value) && !signbit(v.expected) &&
			    !signbit(v.shut));
		/* 1,2 thrown with 1 and 2 open: 1+2 empties the box. */
		assert_int_equal(shut_solver_rank_moves(s, &pos, &t, c, 4), 1);
		assert_true(c[0].v.value == 0.0 && !signbit(c[0].v.value) &&
			    !signbit(c[0].v.expected));
		shut_solver_free(s);
	}
}

/*
 * Probabilities summed in double precision can pass 1 by a rounding
 * (beat:20 at tile 1 alone on 16 tiles and three dice came out as
 * 1.0000000000000002 on the generic path): every probability the solver
 * gives is within [0, 1].
 */
static void
probabilities_stay_within_0_and_1(void **state)
{
	static const unsigned flags[] = { SHUT__SOLVER_GENERIC, 0 };
	struct shut_choice c[8];

	(void)state;
	for (size_t k = 0; k < LEN(flags); k++) {
		struct shut_solver *s =
		    solve("classic tiles=1-16 dice=3d6", "beat:20", flags[k]);

		assert_true(value_at(s, SHUT_TILE(1)).value == 1.0);
		for (uint32_t i = 0; i < s->states; i++) {
			struct shut_position pos = { shut__spread(s, i), 0, 0 };
			struct shut_value v = value_at(s, pos.open);
			long n;

			assert_true(v.value >= 0.0 && v.value <= 1.0);
			assert_true(v.shut >= 0.0 && v.shut <= 1.0);
			if (i % 97 != 1)
				continue;
			n = shut_solver_rank_dice(s, &pos, c, LEN(c));
			for (long j = 0; j < n && j < (long)LEN(c); j++)
				assert_true(c[j].v.value >= 0.0 &&
					    c[j].v.value <= 1.0 &&
					    c[j].v.shut >= 0.0 &&
					    c[j].v.shut <= 1.0);
		}
		shut_solver_free(s);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_known_answers_are_reproduced),
		cmocka_unit_test(
		    the_thai_optimum_beats_the_wikipedia_heuristic),
		cmocka_unit_test(
		    doubles_agree_with_exact_rationals_on_every_preset_of_12_tiles),
		cmocka_unit_test(exact_values_print_in_lowest_terms),
		cmocka_unit_test(the_fast_path_agrees_with_the_generic_path),
		cmocka_unit_test(two_threads_give_the_same_table_as_one),
		cmocka_unit_test(objectives_parse_and_print),
		cmocka_unit_test(beat_counts_a_score_below_the_target),
		cmocka_unit_test(the_size_is_known_before_the_solve),
		cmocka_unit_test(boards_too_big_are_refused),
		cmocka_unit_test(positions_outside_the_start_set_are_refused),
		cmocka_unit_test(no_value_is_negative_zero),
		cmocka_unit_test(probabilities_stay_within_0_and_1),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
