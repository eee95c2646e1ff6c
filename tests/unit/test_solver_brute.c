/*
 * test_solver_brute.c - the solver against an independent brute force.
 *
 * The brute force below shares nothing with lib/solver*.c but the rules
 * engine: it is a memoised expectimax over open sets (and the first-throw
 * flag) that throws every ordered tuple of faces, asks shut_moves() for
 * the legal moves, and breaks ties by the documented rule written out
 * again from docs/solver.md.  Every preset is cut down to a board of at
 * most 6 tiles, and every state, every dice choice and every (state,
 * throw) best move must agree with the solver, in double precision and
 * in exact arithmetic.
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

#define LEN(a) (sizeof(a) / sizeof((a)[0]))
#define EPS    1e-12

/* A triple of values under one policy: expected score, P(shut), P(beat). */
struct triple {
	double e, s, b;
};

struct brute {
	struct shut_rules r;
	struct shut_objective o;
	uint32_t start;
	struct triple memo[2][1 << 12];
	char seen[2][1 << 12];
};

/* The key that decides, and the one that breaks ties; higher is better. */
static double
key0(const struct brute *b, const struct triple *t)
{
	switch (b->o.kind) {
	case SHUT_OBJECTIVE_EXPECTED:
		return -t->e;
	case SHUT_OBJECTIVE_SHUT:
		return t->s;
	case SHUT_OBJECTIVE_BEAT:
	case SHUT_OBJECTIVE_UTILITY: /* not brute-forced here */
		break;
	}
	return t->b;
}

static double
key1(const struct brute *b, const struct triple *t)
{
	return b->o.kind == SHUT_OBJECTIVE_EXPECTED ? t->s : -t->e;
}

static int
tie(double x, double y)
{
	return x == y || fabs(x - y) <= EPS * fmax(fabs(x), fabs(y));
}

static int
ntiles(uint32_t m)
{
	int n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/*
 * The index of the choice the documented rule makes among n candidates:
 * the best key 0; among those tied with it, the best key 1; among those
 * tied on both, the fewest tiles and then the highest tile (for moves),
 * or the first (for dice counts, listed fewest first).
 */
static int
choose(const struct brute *b, const struct triple *v, const uint32_t *moves,
       int n)
{
	double p = -HUGE_VAL, q = -HUGE_VAL;
	int best = -1;

	for (int i = 0; i < n; i++)
		p = fmax(p, key0(b, &v[i]));
	for (int i = 0; i < n; i++)
		if (tie(key0(b, &v[i]), p))
			q = fmax(q, key1(b, &v[i]));
	for (int i = 0; i < n; i++) {
		if (!tie(key0(b, &v[i]), p) || !tie(key1(b, &v[i]), q))
			continue;
		if (best < 0 || (moves != NULL &&
				 (ntiles(moves[i]) < ntiles(moves[best]) ||
				  (ntiles(moves[i]) == ntiles(moves[best]) &&
				   moves[i] > moves[best]))))
			best = i;
	}
	return best;
}

static struct triple brute_value(struct brute *b, uint32_t open, int first);

static struct triple
end_of_turn(const struct brute *b, uint32_t open)
{
	uint64_t score = shut_score(&b->r, open);
	struct triple t = { (double)score, open == 0 ? 1.0 : 0.0,
			    score < b->o.target ? 1.0 : 0.0 };

	return t;
}

/* The best move of a throw by the brute force, or 0 if none. */
static uint32_t
brute_move(struct brute *b, uint32_t open, int first,
	   const struct shut_throw *t, struct triple *after)
{
	uint32_t moves[64];
	struct triple v[64];
	long n = shut_moves(&b->r, open, t, first, moves, LEN(moves));
	int i;

	assert_true(n >= 0 && n <= (long)LEN(moves));
	if (n == 0) {
		*after = end_of_turn(b, open);
		return 0;
	}
	for (long k = 0; k < n; k++)
		v[k] = brute_value(b, open & ~moves[k], 0);
	i = choose(b, v, moves, (int)n);
	*after = v[i];
	return moves[i];
}

/* The values of throwing d dice: every ordered tuple of faces. */
static struct triple
brute_dice(struct brute *b, uint32_t open, int first, int d)
{
	struct triple acc = { 0, 0, 0 };
	struct shut_throw t;
	double w = pow((double)b->r.faces, -d);

	memset(&t, 0, sizeof(t));
	t.n = d;
	for (int k = 0; k < d; k++)
		t.face[k] = 1;
	for (;;) {
		struct triple after;
		int k = d - 1;

		brute_move(b, open, first, &t, &after);
		acc.e += w * after.e;
		acc.s += w * after.s;
		acc.b += w * after.b;
		while (k >= 0 && t.face[k] == b->r.faces)
			t.face[k--] = 1;
		if (k < 0)
			break;
		t.face[k]++;
	}
	return acc;
}

static int
brute_dice_choice(struct brute *b, uint32_t open, int first,
		  struct triple *value)
{
	unsigned choices = shut_dice_choices(&b->r, open);
	struct triple v[SHUT_DICE_MAX];
	int counts[SHUT_DICE_MAX], n = 0, i;

	for (int d = 1; d <= b->r.dice; d++)
		if (choices & (1u << d)) {
			counts[n] = d;
			v[n++] = brute_dice(b, open, first, d);
		}
	i = choose(b, v, NULL, n);
	*value = v[i];
	return counts[i];
}

static struct triple
brute_value(struct brute *b, uint32_t open, int first)
{
	struct triple v;

	first = first && b->r.first_throw != 0;
	if (open == 0)
		return end_of_turn(b, 0);
	if (b->seen[first][open])
		return b->memo[first][open];
	brute_dice_choice(b, open, first, &v);
	b->seen[first][open] = 1;
	b->memo[first][open] = v;
	return v;
}

/* ------------------------------------------------------------------ */
/* The comparison */

static void
assert_close(double got, double want, const char *what, const char *spec,
	     uint32_t open)
{
	if (!tie(got, want))
		fail_msg("%s: %s at open %#x: solver %.17g, brute force %.17g",
			 spec, what, (unsigned)open, got, want);
}

/*
 * Every state of the solver against the brute force: the three values,
 * the dice count ranked first, and the move ranked first for every
 * ordered throw of every allowed count.
 */
static void
compare(struct brute *b, const struct shut_solver *s, const char *spec,
	int check_play)
{
	uint32_t open = b->start;

	for (;; open = (open - 1) & b->start) {
		int first = open == b->start;
		struct shut_position pos = { open, 0, first };
		struct triple want = brute_value(b, open, first);
		struct shut_value got;
		struct shut_choice c;
		unsigned choices;

		assert_int_equal(shut_solver_value(s, &pos, &got), 0);
		assert_close(got.expected, want.e, "expected", spec, open);
		assert_close(got.shut, want.s, "shut", spec, open);
		if (b->o.kind == SHUT_OBJECTIVE_BEAT)
			assert_close(got.value, want.b, "beat", spec, open);
		if (open == 0)
			break;
		if (!check_play)
			continue;
		{
			struct triple dv;
			int d = brute_dice_choice(b, open, first, &dv);

			assert_true(shut_solver_rank_dice(s, &pos, &c, 1) >= 1);
			if (c.dice != d)
				fail_msg("%s: open %#x: solver throws %d dice, "
					 "brute force %d",
					 spec, (unsigned)open, c.dice, d);
		}
		choices = shut_dice_choices(&b->r, open);
		for (int d = 1; d <= b->r.dice; d++) {
			struct shut_throw t;

			if (!(choices & (1u << d)))
				continue;
			memset(&t, 0, sizeof(t));
			t.n = d;
			for (int k = 0; k < d; k++)
				t.face[k] = 1;
			for (;;) {
				struct triple after;
				uint32_t m =
				    brute_move(b, open, first, &t, &after);
				long n =
				    shut_solver_rank_moves(s, &pos, &t, &c, 1);
				int k = d - 1;

				assert_true(n >= 0);
				if ((n == 0) != (m == 0) ||
				    (n > 0 && c.move != m))
					fail_msg("%s: open %#x, throw %d,%d..: "
						 "solver %#x, brute force %#x",
						 spec, (unsigned)open,
						 t.face[0], t.face[1],
						 n ? (unsigned)c.move : 0u,
						 (unsigned)m);
				while (k >= 0 && t.face[k] == b->r.faces)
					t.face[k--] = 1;
				if (k < 0)
					break;
				t.face[k]++;
			}
		}
	}
}

/* A preset cut down to at most 6 tiles, or 0 when none of the cuts fits. */
static int
small_board(const char *preset, const char *extra, struct shut_rules *r,
	    char *spec, size_t len)
{
	static const char *const cuts[] = { "tiles=1-6", "tiles=4-9" };

	for (size_t i = 0; i < LEN(cuts); i++) {
		snprintf(spec, len, "%s %s %s", preset, cuts[i], extra);
		if (shut_rules_parse(r, spec, NULL, 0) == 0 &&
		    shut_tiles_count(shut_rules_start(r)) <= 6)
			return 1;
	}
	return 0;
}

static void
check_spec(const struct shut_rules *r, const char *spec)
{
	static const char *const objectives[] = { "expected", "shut",
						  "beat:1",   "beat:5",
						  "beat:12",  "beat:1000" };
	static struct brute b;

	for (size_t k = 0; k < LEN(objectives); k++) {
		struct shut_solver_options opt = { .threads = 1 };
		struct shut_solver *s;

		memset(&b, 0, sizeof(b));
		b.r = *r;
		b.start = shut_rules_start(r);
		assert_true(b.start < (1u << 12));
		assert_int_equal(
		    shut_objective_parse(&b.o, objectives[k], NULL, 0), 0);
		assert_int_equal(shut_solver_new(&s, r, &b.o, &opt), 0);
		compare(&b, s, spec, 1);
		shut_solver_free(s);

		opt.flags = SHUT_SOLVER_EXACT;
		assert_int_equal(shut_solver_new(&s, r, &b.o, &opt), 0);
		compare(&b, s, spec, 0);
		shut_solver_free(s);
	}
}

static void
every_preset_on_a_small_board_agrees_with_brute_force(void **state)
{
	int checked = 0;

	(void)state;
	for (size_t i = 0; i < shut_preset_count(); i++) {
		const struct shut_preset *p = shut_preset_at(i);
		struct shut_rules r;
		char spec[256];

		if (!small_board(p->name, "", &r, spec, sizeof(spec)))
			fail_msg("no small board for preset %s", p->name);
		if (r.mode != SHUT_MODE_STANDARD)
			continue;
		check_spec(&r, spec);
		checked++;
	}
	assert_true(checked >= 20);
}

/*
 * Variations the presets do not reach: each move rule with several dice,
 * each fewer-dice rule forced and not, digits, bust and first-throw
 * together, odd dice.
 */
static void
variations_on_small_boards_agree_with_brute_force(void **state)
{
	static const char *const specs[] = {
		"classic tiles=1-6 dice=3d4 move=dice-or-sum",
		"classic tiles=1-6 dice=3d4 move=one-tile",
		"classic tiles=1-6 dice=3d4 move=up-to-2",
		"classic tiles=1-6 dice=3d3 fewer-dice=low-sum",
		"classic tiles=1-6 dice=3d3 fewer-dice=low-sum "
		"fewer-dice-forced=yes",
		"classic tiles=1-6 dice=2d6 fewer-dice=any-time "
		"fewer-dice-forced=yes",
		"classic tiles=1-6 fewer-dice=lone-one",
		"classic tiles=2-7 score=digits bust=7 first-throw=2",
		"classic tiles=1-6 start=1,3,6 dice=2d3 score=count",
		"classic tiles=1-5 dice=1d8 move=dice-or-sum",
		"classic tiles=5-10 dice=2d6 move=one-tile bust=12",
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		struct shut_rules r;

		assert_int_equal(shut_rules_parse(&r, specs[i], NULL, 0), 0);
		check_spec(&r, specs[i]);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    every_preset_on_a_small_board_agrees_with_brute_force),
		cmocka_unit_test(
		    variations_on_small_boards_agree_with_brute_force),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
