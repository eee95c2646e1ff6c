/*
 * test_solver.c - the solver: known answers, exact arithmetic, the API.
 *
 * First the published answers of tests/data/known_answers.tsv, each with
 * its source, and the Thai heuristic evaluated exactly; then the doubles
 * against the exact rationals for every preset that fits 12 tiles; then
 * the fast path against the generic one, threads against none; and last
 * the API: sizes and refusals, positions, rankings.
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

#ifndef SOLVER_DATA_DIR
#define SOLVER_DATA_DIR "tests/data"
#endif

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* Helpers */

static void
objective_of(struct shut_objective *o, const char *text)
{
	if (shut_objective_parse(o, text, NULL, 0) != 0)
		fail_msg("objective \"%s\" refused", text);
}

static struct shut_solver *
solve_rules(const struct shut_rules *r, const char *objective, unsigned flags,
	    int threads)
{
	struct shut_solver_options opt = { .flags = flags, .threads = threads };
	struct shut_objective o;
	struct shut_solver *s = NULL;
	int rc;

	objective_of(&o, objective);
	rc = shut_solver_new(&s, r, &o, &opt);
	if (rc != 0)
		fail_msg("solving for %s failed: %s", objective,
			 shut_strerror(rc));
	return s;
}

static struct shut_solver *
solve(const char *spec, const char *objective, unsigned flags)
{
	struct shut_rules r;

	rules_of(&r, spec);
	return solve_rules(&r, objective, flags, 1);
}

static struct shut_value
value_at(const struct shut_solver *s, uint32_t open)
{
	struct shut_position pos = { open, 0, 0 };
	struct shut_value v;

	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	return v;
}

/* Whether two doubles agree to a relative 1e-12 (zero only with zero). */
static int
agree(double a, double b)
{
	if (a == b)
		return 1;
	return fabs(a - b) <= 1e-12 * fmax(fabs(a), fabs(b));
}

static void
assert_agree(double got, double want, const char *what, uint32_t open)
{
	if (!agree(got, want))
		fail_msg("%s at open %#x: %.17g, want %.17g", what,
			 (unsigned)open, got, want);
}

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
		assert_non_null(strstr(why, "expected, shut or beat:T"));
	}
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
/* Rankings */

static void
bad_throws_are_refused_by_the_ranking(void **state)
{
	struct shut_solver *s = solve("classic", "expected", 0);
	struct shut_position pos = { 0x1ff, 0, 0 };
	struct shut_throw t = { 2, { 7, 1 } };
	struct shut_choice c;

	(void)state;
	assert_int_equal(shut_solver_rank_moves(s, &pos, &t, &c, 1),
			 SHUT_ETHROW);
	/* One die while 7, 8 and 9 are open. */
	t.n = 1;
	t.face[0] = 3;
	assert_int_equal(shut_solver_rank_moves(s, &pos, &t, &c, 1),
			 SHUT_EDICE);
	/* The shut box has nothing to rank. */
	pos.open = 0;
	assert_int_equal(shut_solver_rank_moves(s, &pos, &t, &c, 1), 0);
	assert_int_equal(shut_solver_rank_dice(s, &pos, &c, 1), 0);
	shut_solver_free(s);
}

/* The value of a turn that ends with the tiles of open left. */
static double
end_value(const char *objective, const struct shut_rules *r, uint32_t open)
{
	uint64_t score = shut_score(r, open);

	if (strcmp(objective, "expected") == 0)
		return (double)score;
	if (strcmp(objective, "shut") == 0)
		return open == 0;
	return score < strtoull(objective + 5, NULL, 10);
}

/*
 * The value of every state is the average, over the throws of the dice
 * count ranked first, of the value after the move ranked first (or of
 * the end of the turn): the ranking plays exactly the solved game.  And
 * every ranking is in order of the objective.
 */
static void
the_rankings_play_the_solved_values(void **state)
{
	static const char *const objectives[] = { "expected", "shut",
						  "beat:9" };

	(void)state;
	for (size_t k = 0; k < LEN(objectives); k++) {
		struct shut_solver *s = solve("classic", objectives[k], 0);
		struct shut_rules r;

		rules_of(&r, "classic");
		for (uint32_t open = 1; open < 512; open++) {
			struct shut_position pos = { open, 0, 0 };
			struct shut_value here = value_at(s, open);
			struct shut_choice dice[3], ranked[64];
			double sum = 0;
			long nd = shut_solver_rank_dice(s, &pos, dice, 3);
			int d;

			assert_true(nd >= 1);
			d = dice[0].dice;
			assert_agree(dice[0].v.value, here.value, "dice", open);
			for (long i = 1; i < nd; i++)
				if (objectives[k][0] == 'e')
					assert_true(dice[i].v.value >=
						    dice[0].v.value - 1e-9);
				else
					assert_true(dice[i].v.value <=
						    dice[0].v.value + 1e-9);
			for (int a = 1; a <= 6; a++)
				for (int b = 1; b <= (d == 2 ? 6 : 1); b++) {
					struct shut_throw t = { d, { a, b } };
					long n = shut_solver_rank_moves(
					    s, &pos, &t, ranked, LEN(ranked));
					double w = d == 2 ? 1.0 / 36 : 1.0 / 6;

					assert_true(n >= 0 && n <= 64);
					if (n == 0) {
						sum +=
						    w * end_value(objectives[k],
								  &r, open);
						continue;
					}
					sum += w * ranked[0].v.value;
					for (long i = 1; i < n; i++)
						if (objectives[k][0] == 'e')
							assert_true(
							    ranked[i].v.value >=
							    ranked[i - 1]
								    .v.value -
								1e-9);
						else
							assert_true(
							    ranked[i].v.value <=
							    ranked[i - 1]
								    .v.value +
								1e-9);
				}
			assert_agree(sum, here.value, objectives[k], open);
		}
		shut_solver_free(s);
	}
}

/* ------------------------------------------------------------------ */
/* Whole rankings against the definition */

/*
 * The ranking as it was first written, kept as the reference: every rank
 * makes the solver's choice again among the moves not yet ranked (looked
 * up in the list of those ranked), in three passes over all the moves.
 * Cubic in the moves, and the definition the fast ranking must follow
 * exactly.
 */
struct ref_cand {
	uint32_t move;
	uint32_t next;
	double k0, k1;
	int dice;
};

struct ref_ranker {
	const struct shut_solver *s;
	uint32_t open, index;
	int opener;
	const struct shut_choice *done;
	size_t ndone;
	int pass, have;
	struct ref_cand ref0, ref1, best;
};

static int
ref_tied(const struct shut_solver *s, const struct ref_cand *a,
	 const struct ref_cand *b, int k)
{
	double x = k ? a->k1 : a->k0, y = k ? b->k1 : b->k0;

	if (s->exact != NULL && a->dice == 0)
		return shut__exact_cmp(s, a->next, b->next, k) == 0;
	if (shut__within(x, y, SHUT_SOLVER_EPSILON))
		return 1;
	return s->battle && fabs(x - y) <= 2 * s->tolerance;
}

static int
ref_better(const struct shut_solver *s, const struct ref_cand *a,
	   const struct ref_cand *b, int k)
{
	if (s->exact != NULL && a->dice == 0)
		return shut__exact_cmp(s, a->next, b->next, k) > 0;
	return k ? a->k1 > b->k1 : a->k0 > b->k0;
}

static void
ref_consider(struct ref_ranker *rk, const struct ref_cand *c)
{
	const struct shut_solver *s = rk->s;

	switch (rk->pass) {
	case 0:
		if (!rk->have || ref_better(s, c, &rk->ref0, 0))
			rk->ref0 = *c;
		break;
	case 1:
		if (!ref_tied(s, c, &rk->ref0, 0))
			return;
		if (!rk->have || ref_better(s, c, &rk->ref1, 1))
			rk->ref1 = *c;
		break;
	case 2:
		if (!ref_tied(s, c, &rk->ref0, 0) ||
		    !ref_tied(s, c, &rk->ref1, 1))
			return;
		if (!rk->have || shut__prefer(c->move, rk->best.move))
			rk->best = *c;
		break;
	}
	rk->have = 1;
}

static int
ref_visit(void *ctx, uint32_t move)
{
	struct ref_ranker *rk = ctx;
	const struct shut_solver *s = rk->s;
	struct ref_cand c;

	for (size_t i = 0; i < rk->ndone; i++)
		if (rk->done[i].move == move)
			return 0;
	memset(&c, 0, sizeof(c));
	c.move = move;
	if (s->battle) {
		double v = shut__battle_after(s, rk->open, rk->opener, move);

		c.k0 = rk->opener ? -v : v;
	} else {
		c.next = rk->index - shut__squeeze(s, move);
		c.k0 = *shut__slot(s, c.next, 0);
		c.k1 = *shut__slot(s, c.next, 1);
	}
	ref_consider(rk, &c);
	return 0;
}

/* The reference ranking of a position the game can reach. */
static long
ref_rank_moves(const struct shut_solver *s, const struct shut_position *pos,
	       const struct shut_throw *t, struct shut_choice *out, size_t cap)
{
	struct ref_ranker rk;
	uint32_t board;
	int first;
	long count;

	memset(&rk, 0, sizeof(rk));
	rk.s = s;
	rk.open = pos->open;
	rk.index = shut__squeeze(s, pos->open);
	rk.opener = s->battle && pos->opener;
	board = rk.opener ? s->start & ~pos->open : pos->open;
	first = s->battle ? pos->first : pos->open == s->start;
	count = shut_moves_each(&s->rules, board, t, first, NULL, NULL);
	rk.done = out;
	for (size_t i = 0; i < cap && i < (size_t)count; i++) {
		double rec[SOLVER_SLOTS_MAX] = { 0, 0, 0 };

		rk.ndone = i;
		for (rk.pass = 0; rk.pass < 3; rk.pass++) {
			rk.have = 0;
			shut_moves_each(&s->rules, board, t, first, ref_visit,
					&rk);
		}
		out[i].move = rk.best.move;
		out[i].dice = 0;
		if (s->battle) {
			out[i].v.value = rk.opener ? -rk.best.k0 : rk.best.k0;
			out[i].v.expected = 0.0;
			out[i].v.shut = 0.0;
		} else {
			shut__get(s, rk.best.next, rec);
			shut__record_value(s, rec, &out[i].v);
		}
	}
	return count;
}

#define RANK_MAX 512

/* The ranking of one throw, whole and cut short, against the reference. */
static void
check_ranking(const struct shut_solver *s, const struct shut_position *pos,
	      const struct shut_throw *t, const char *what)
{
	static struct shut_choice got[RANK_MAX], want[RANK_MAX];
	long n = shut_solver_rank_moves(s, pos, t, got, RANK_MAX);
	long m;

	if (n < 0)
		return;
	assert_true(n <= RANK_MAX);
	m = ref_rank_moves(s, pos, t, want, RANK_MAX);
	assert_int_equal(n, m);
	for (long i = 0; i < n; i++)
		if (got[i].move != want[i].move || got[i].dice != 0 ||
		    memcmp(&got[i].v, &want[i].v, sizeof(got[i].v)) != 0)
			fail_msg("%s: open %#x, %s, first %d, throw of %d "
				 "(%d, %d, ...): rank %ld is %#x, want %#x",
				 what, (unsigned)pos->open,
				 pos->opener ? "Opener" : "Shutter", pos->first,
				 t->n, t->face[0], t->face[1], i + 1,
				 (unsigned)got[i].move, (unsigned)want[i].move);
	for (size_t cap = 1; cap <= 3 && cap < (size_t)n; cap++) {
		struct shut_choice few[3];

		assert_int_equal(shut_solver_rank_moves(s, pos, t, few, cap),
				 n);
		for (size_t i = 0; i < cap; i++)
			assert_true(few[i].move == want[i].move &&
				    memcmp(&few[i].v, &want[i].v,
					   sizeof(few[i].v)) == 0);
	}
}

/* Every throw of d dice, one per multiset of faces. */
static void
check_throws(const struct shut_solver *s, const struct shut_position *pos,
	     int d, const char *what)
{
	struct shut_throw t;

	memset(&t, 0, sizeof(t));
	t.n = d;
	for (int i = 0; i < d; i++)
		t.face[i] = 1;
	for (;;) {
		int i = d - 1;

		check_ranking(s, pos, &t, what);
		while (i >= 0 && t.face[i] == s->rules.faces)
			i--;
		if (i < 0)
			break;
		t.face[i]++;
		for (int j = i + 1; j < d; j++)
			t.face[j] = t.face[i];
	}
}

/*
 * The fast ranking (sorted once, each rank chosen among the run tied with
 * the best) gives exactly the reference's order and values, on boards and
 * objectives full of ties: exact ties with exact values, ties within the
 * epsilon, beat:T's many moves worth 1, a battle's ties within its
 * tolerance, for both of its players.
 */
static void
rankings_follow_the_reference(void **state)
{
	static const struct {
		const char *spec, *objective;
		unsigned flags;
		int step;
	} cases[] = {
		{ "classic", "expected", 0, 1 },
		{ "classic", "shut", 0, 1 },
		{ "classic", "beat:9", 0, 1 },
		{ "classic", "shut", SHUT_SOLVER_EXACT, 1 },
		{ "full-house", "beat:20", SHUT_SOLVER_EXACT, 13 },
		{ "thai", "shut", 0, 1 },
		{ "classic tiles=1-12 dice=3d6 move=up-to-3", "beat:15", 0, 7 },
		{ "classic tiles=1-14 dice=4d6", "expected", 0, 97 },
		{ "classic tiles=1-14 dice=4d6", "beat:30", 0, 101 },
		{ "battle", "expected", 0, 1 },
		{ "battle tiles=1-8 first-throw=8 dice=3d6", "expected", 0, 3 },
	};

	(void)state;
	for (size_t k = 0; k < LEN(cases); k++) {
		struct shut_solver *s =
		    solve(cases[k].spec, cases[k].objective, cases[k].flags);
		uint32_t states = UINT32_C(1) << s->n;

		for (uint32_t i = 1; i < states; i += (uint32_t)cases[k].step)
			for (int r = 0; r < (s->battle ? 2 : 1); r++)
				for (int f = 0; f < (s->battle ? 2 : 1); f++) {
					struct shut_position pos = {
						shut__spread(s, i), r, f
					};
					uint32_t board =
					    r ? s->start & ~pos.open : pos.open;
					unsigned choices =
					    shut_dice_choices(&s->rules, board);

					if (s->battle &&
					    !shut__battle_possible(s, i, r, f))
						continue;
					for (int d = 1; d <= s->rules.dice; d++)
						if (choices & (1u << d))
							check_throws(
							    s, &pos, d,
							    cases[k].spec);
				}
		shut_solver_free(s);
	}
}

/* Throws with hundreds of moves, ranked whole. */
static void
long_rankings_follow_the_reference(void **state)
{
	struct shut_solver *s =
	    solve("classic tiles=1-16 dice=5d6", "expected", 0);
	struct shut_position pos = { 0xffff, 0, 0 };
	struct shut_throw t = { 5, { 6, 6, 6, 6, 6 } };
	struct shut_choice c[1];

	(void)state;
	assert_true(shut_solver_rank_moves(s, &pos, &t, c, 1) > 200);
	check_ranking(s, &pos, &t, "16 tiles, five 6s");
	pos.open = 0xfff7;
	t.face[4] = 3;
	check_ranking(s, &pos, &t, "15 tiles, 6,6,6,6,3");
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
		cmocka_unit_test(bad_throws_are_refused_by_the_ranking),
		cmocka_unit_test(the_rankings_play_the_solved_values),
		cmocka_unit_test(rankings_follow_the_reference),
		cmocka_unit_test(long_rankings_follow_the_reference),
		cmocka_unit_test(no_value_is_negative_zero),
		cmocka_unit_test(probabilities_stay_within_0_and_1),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
