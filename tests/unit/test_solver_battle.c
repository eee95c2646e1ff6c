/*
 * test_solver_battle.c - the two-player battle against an independent
 * iteration.
 *
 * The iteration below is the plainest reading of RULES.md section 4 as
 * lib/game.c plays it: every position (open tiles, roller, first throw of
 * the turn) is worth the best dice count of the average over every
 * ordered throw of the best move for the roller, the Shutter maximising
 * its chance of winning and the Opener minimising it; a throw with no
 * move passes the dice, and the Shutter's first turn passing with nothing
 * shut loses.  It is iterated from zero, position by position in place,
 * until a sweep moves nothing by more than 1e-15.  The solver must agree at
 * every position to 1e-9.
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

#define LEN(a)	   (sizeof(a) / sizeof((a)[0]))
#define BOARD_BITS 10

struct plain {
	struct shut_rules r;
	uint32_t start;
	double v[2][2][1 << BOARD_BITS]; /* [roller][first][open] */
};

static int
playable(const struct plain *p, uint32_t open, int opener)
{
	return opener ? open != p->start : open != 0;
}

static double
at(const struct plain *p, uint32_t open, int opener, int first)
{
	if (!playable(p, open, opener))
		return opener ? 0.0 : 1.0;
	return p->v[opener][first][open];
}

/* One position against the current values. */
static double
update(const struct plain *p, uint32_t open, int opener, int first)
{
	uint32_t board = opener ? p->start & ~open : open;
	unsigned choices = shut_dice_choices(&p->r, board);
	double best = opener ? HUGE_VAL : -HUGE_VAL;

	for (int d = 1; d <= p->r.dice; d++) {
		struct shut_throw t;
		double sum = 0, w = pow((double)p->r.faces, -d);

		if (!(choices & (1u << d)))
			continue;
		memset(&t, 0, sizeof(t));
		t.n = d;
		for (int k = 0; k < d; k++)
			t.face[k] = 1;
		for (;;) {
			uint32_t moves[64];
			long n = shut_moves(&p->r, board, &t, first, moves,
					    LEN(moves));
			double x;
			int k = d - 1;

			assert_true(n >= 0 && n <= (long)LEN(moves));
			if (n == 0) {
				x = !opener && open == p->start
					? 0.0
					: at(p, open, !opener, 1);
			} else {
				x = opener ? HUGE_VAL : -HUGE_VAL;
				for (long i = 0; i < n; i++) {
					uint32_t o = opener ? open | moves[i]
							    : open & ~moves[i];
					double y = at(p, o, opener, 0);

					x = opener ? fmin(x, y) : fmax(x, y);
				}
			}
			sum += w * x;
			while (k >= 0 && t.face[k] == p->r.faces)
				t.face[k--] = 1;
			if (k < 0)
				break;
			t.face[k]++;
		}
		best = opener ? fmin(best, sum) : fmax(best, sum);
	}
	return best;
}

static void
iterate(struct plain *p)
{
	for (int sweep = 0; sweep < 100000; sweep++) {
		double change = 0;

		for (int r = 0; r < 2; r++)
			for (int f = 0; f < 2; f++)
				for (uint32_t o = p->start;;
				     o = (o - 1) & p->start) {
					double x = playable(p, o, r)
						       ? update(p, o, r, f)
						       : 0.0;

					change = fmax(change,
						      fabs(x - p->v[r][f][o]));
					p->v[r][f][o] = x;
					if (o == 0)
						break;
				}
		if (change < 1e-15)
			return;
	}
	fail_msg("the plain iteration did not settle");
}

static void
check_battle(const char *spec)
{
	static struct plain p;
	struct shut_objective o = { SHUT_OBJECTIVE_SHUT, 0 };
	struct shut_solver *s;

	memset(&p, 0, sizeof(p));
	assert_int_equal(shut_rules_parse(&p.r, spec, NULL, 0), 0);
	p.start = shut_rules_start(&p.r);
	assert_true(p.start < (1u << BOARD_BITS));
	iterate(&p);
	assert_int_equal(shut_solver_new(&s, &p.r, &o, NULL), 0);
	assert_true(shut_solver_tolerance(s) <= 1e-12);
	for (int r = 0; r < 2; r++)
		for (int f = 0; f < 2; f++)
			for (uint32_t open = p.start;;
			     open = (open - 1) & p.start) {
				struct shut_position pos = { open, r, f };
				struct shut_value v;
				double want =
				    at(&p, open, r, p.r.first_throw ? f : 0);

				assert_int_equal(shut_solver_value(s, &pos, &v),
						 0);
				if (fabs(v.value - want) > 1e-9)
					fail_msg("%s: open %#x, %s, first %d: "
						 "solver %.15f, plain %.15f",
						 spec, (unsigned)open,
						 r ? "Opener" : "Shutter", f,
						 v.value, want);
				if (open == 0)
					break;
			}
	shut_solver_free(s);
}

static void
small_battles_agree_with_plain_iteration(void **state)
{
	static const char *const specs[] = {
		"battle tiles=1-4",
		"battle tiles=1-6",
		"battle tiles=1-6 first-throw=2",
		"battle tiles=1-5 dice=1d6",
		"battle tiles=1-6 move=up-to-2 fewer-dice=never",
		"battle tiles=1-6 move=dice-or-sum",
		"battle tiles=1-6 move=one-tile bust=7",
		"battle tiles=4-9 fewer-dice=low-sum fewer-dice-forced=yes",
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		check_battle(specs[i]);
}

/* The preset's own box, cut to 7 tiles to keep the plain iteration quick. */
static void
the_battle_preset_agrees_with_plain_iteration(void **state)
{
	(void)state;
	check_battle("battle tiles=1-7");
}

/*
 * The moves of a battle: the Shutter's ranked first leads to the highest
 * chance, the Opener's (which open tiles) to the lowest; the end of the
 * game is worth 1 or 0.
 */
static void
battle_rankings_serve_each_side(void **state)
{
	struct shut_objective o = { SHUT_OBJECTIVE_EXPECTED, 0 };
	struct shut_position pos = { 0x1ff & ~0x0f0u, 0, 0 };
	struct shut_throw t = { 2, { 3, 4 } };
	struct shut_choice c[16];
	struct shut_solver *s;
	struct shut_rules r;
	struct shut_value v;
	long n;

	(void)state;
	assert_int_equal(shut_rules_parse(&r, "battle", NULL, 0), 0);
	assert_int_equal(shut_solver_new(&s, &r, &o, NULL), 0);
	n = shut_solver_rank_moves(s, &pos, &t, c, LEN(c));
	assert_true(n >= 2);
	for (long i = 1; i < n; i++)
		assert_true(c[i].v.value <= c[i - 1].v.value + 1e-12);
	for (long i = 0; i < n; i++)
		assert_true((c[i].move & ~pos.open) == 0);
	pos.opener = 1;
	n = shut_solver_rank_moves(s, &pos, &t, c, LEN(c));
	assert_true(n >= 1);
	for (long i = 1; i < n; i++)
		assert_true(c[i].v.value >= c[i - 1].v.value - 1e-12);
	for (long i = 0; i < n; i++)
		assert_true((c[i].move & pos.open) == 0);
	assert_true(shut_solver_rank_dice(s, &pos, c, LEN(c)) == 1);

	pos.opener = 0;
	pos.open = 0;
	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	assert_true(v.value == 1.0);
	pos.opener = 1;
	pos.open = 0x1ff;
	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	assert_true(v.value == 0.0);
	assert_int_equal(shut_solver_rank_moves(s, &pos, &t, c, LEN(c)), 0);
	shut_solver_free(s);

	/* Battles past 20 tiles are refused. */
	assert_int_equal(shut_rules_parse(&r, "battle tiles=1-21", NULL, 0), 0);
	assert_int_equal(shut_solver_new(&s, &r, &o, NULL), SHUT_ETOOBIG);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(small_battles_agree_with_plain_iteration),
		cmocka_unit_test(the_battle_preset_agrees_with_plain_iteration),
		cmocka_unit_test(battle_rankings_serve_each_side),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
