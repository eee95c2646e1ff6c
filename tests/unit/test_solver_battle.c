/*
 * test_solver_battle.c - the two-player battle against an independent
 * iteration.
 *
 * The iteration below is the plainest reading of docs/contract.md section 4 as
 * lib/game.c plays it: every position (open tiles, roller, first throw of
 * the turn) is worth the best dice count of the average over every
 * ordered throw of the best move for the roller, the Shutter maximising
 * its chance of winning and the Opener minimising it; a throw with no
 * move passes the dice, and the Shutter's first turn passing with nothing
 * shut loses.  It is iterated from zero, position by position in place,
 * until a sweep moves nothing by more than 1e-15: from zero, a game that
 * never ends counts as no win for the Shutter, as the solver counts it.
 * The solver must agree at every position that can occur to 1e-9, and
 * bracket the plain value within its stated tolerance, even when it is
 * stopped early; the positions that cannot occur have no value.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "shutbox.h"
#include "solver.h"

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

/* Whether a position can occur with the game still on. */
static int
possible(const struct plain *p, uint32_t open, int opener, int first)
{
	if (open == 0 || (opener && open == p->start))
		return 0;
	return opener || open != p->start || first;
}

static void
plain_solve(struct plain *p, const char *spec)
{
	memset(p, 0, sizeof(*p));
	assert_int_equal(shut_rules_parse(&p->r, spec, NULL, 0), 0);
	p->start = shut_rules_start(&p->r);
	assert_true(p->start < (1u << BOARD_BITS));
	iterate(p);
}

/*
 * The solver against the plain values at every position: within agree,
 * and within the solver's tolerance (plus the plain iteration's own
 * error); no value where the position cannot occur.
 */
static void
compare(const struct plain *p, const struct shut_solver *s, const char *spec,
	double agree)
{
	double tol = shut_solver_tolerance(s);

	for (int r = 0; r < 2; r++)
		for (int f = 0; f < 2; f++)
			for (uint32_t open = p->start;;
			     open = (open - 1) & p->start) {
				struct shut_position pos = { open, r, f };
				struct shut_value v;
				double want =
				    at(p, open, r, p->r.first_throw ? f : 0);
				int rc = shut_solver_value(s, &pos, &v);

				if (!possible(p, open, r, f)) {
					assert_int_equal(rc, SHUT_ETILES);
					assert_true(isnan(v.value));
				} else {
					assert_int_equal(rc, 0);
					assert_true(v.value >= 0.0 &&
						    v.value <= 1.0);
				}
				if (rc == 0 &&
				    (fabs(v.value - want) > agree ||
				     fabs(v.value - want) > tol + 1e-12))
					fail_msg("%s: open %#x, %s, first %d: "
						 "solver %.15f (tolerance "
						 "%.3g), plain %.15f",
						 spec, (unsigned)open,
						 r ? "Opener" : "Shutter", f,
						 v.value, tol, want);
				if (open == 0)
					break;
			}
}

static void
check_battle(const char *spec)
{
	static struct plain p;
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_SHUT };
	struct shut_solver *s;

	plain_solve(&p, spec);
	assert_int_equal(shut_solver_new(&s, &p.r, &o, NULL), 0);
	if (shut_solver_tolerance(s) > 1e-12)
		fail_msg("%s: tolerance %g", spec, shut_solver_tolerance(s));
	compare(&p, s, spec, 1e-9);
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
		"battle tiles=1-6 first-throw=6",
		"battle tiles=2-7 first-throw=7 move=up-to-3",
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		check_battle(specs[i]);
}

/*
 * Boards with tiles the dice can never shut: the Shutter can never win
 * from where such a tile is open, the Opener can never win from where it
 * is shut, and play can go on for ever.  The solver settles them exactly
 * (V is 0 where the Shutter cannot win) instead of leaving a gap of 1
 * that no number of sweeps closes.
 */
static void
battles_with_tiles_never_shut_are_settled(void **state)
{
	static const char *const specs[] = {
		"battle tiles=1-9 dice=1d6",
		"battle tiles=1-8 dice=1d6 fewer-dice=never",
		"battle tiles=3-9 dice=1d6 first-throw=4",
		"battle tiles=1-8 dice=2d3",
	};

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++)
		check_battle(specs[i]);
}

/*
 * Stopped early (a tiny work limit), the solver still brackets the true
 * values: every value is within the tolerance it states.
 */
static void
unfinished_battles_state_honest_tolerances(void **state)
{
	static const char *const specs[] = {
		"battle tiles=1-6",
		"battle tiles=1-6 first-throw=6",
		"battle tiles=1-7 dice=1d6",
		"battle tiles=1-6 move=dice-or-sum",
		"battle tiles=1-6 move=one-tile bust=7",
		"battle tiles=2-7 first-throw=7 move=up-to-3",
	};
	static struct plain p;
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_SHUT };

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		double last = 2.0;

		plain_solve(&p, specs[i]);
		for (int k = 4; k <= 19; k += 3) {
			struct shut_solver_options opt = {
				.flags = SHUT__SOLVER_WORK(k), .threads = 1
			};
			struct shut_solver *s;

			assert_int_equal(shut_solver_new(&s, &p.r, &o, &opt),
					 0);
			assert_true(shut_solver_tolerance(s) <= last);
			last = shut_solver_tolerance(s);
			compare(&p, s, specs[i], 1.0);
			shut_solver_free(s);
		}
	}
}

/*
 * Battles stop at SHUT_SOLVER_BATTLE_TILES_MAX tiles, and sizing one is
 * cheap: an upper bound on the moves, never below what the solver lists,
 * found without listing them.
 */
static void
battle_sizes_are_cheap_bounds(void **state)
{
	static const char *const specs[] = {
		"battle",
		"battle tiles=1-4",
		"battle tiles=1-6 first-throw=2",
		"battle tiles=1-5 dice=1d6",
		"battle tiles=1-6 move=up-to-2 fewer-dice=never",
		"battle tiles=1-6 move=dice-or-sum",
		"battle tiles=1-6 move=one-tile bust=7",
		"battle tiles=4-9 fewer-dice=low-sum fewer-dice-forced=yes",
		"battle tiles=1-9 dice=4d6",
		"battle tiles=1-8 dice=8d6 fewer-dice=lone-one",
		"battle tiles=1-8 move=dice-or-sum dice=3d6",
		"battle tiles=1-8 move=one-tile dice=3d6 fewer-dice=any-time",
		"battle tiles=2-10 dice=3d4 fewer-dice=low-sum first-throw=5",
		"battle tiles=1-8 dice=2d12 bust=7 fewer-dice=any-time",
	};
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_SHUT };
	struct shut_solver_options opt = { .threads = 1,
					   .max_bytes = SIZE_MAX };
	struct shut_solver *s;
	struct shut_rules r;
	size_t bytes;
	clock_t t0;

	(void)state;
	for (size_t i = 0; i < LEN(specs); i++) {
		size_t offsets, entries, cache;
		int nf;

		assert_int_equal(shut_rules_parse(&r, specs[i], NULL, 0), 0);
		assert_int_equal(
		    shut__battle_count(&r, &offsets, &entries, &cache), 0);
		assert_int_equal(shut_solver_new(&s, &r, &o, NULL), 0);
		nf = r.first_throw ? 2 : 1;
		if (s->battle_off[s->states * 2 * (size_t)nf] > entries)
			fail_msg(
			    "%s: %u entries listed, bound %zu", specs[i],
			    (unsigned)s->battle_off[s->states * 2 * (size_t)nf],
			    entries);
		assert_int_equal(shut_solver_size(&r, &o, NULL, &bytes), 0);
		assert_true(bytes == shut_solver_bytes(s));
		shut_solver_free(s);
	}

	assert_int_equal(
	    shut_rules_parse(&r, "battle tiles=1-16 dice=8d6", NULL, 0), 0);
	t0 = clock();
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), 0);
	assert_true(clock() - t0 < CLOCKS_PER_SEC / 2);
	assert_int_equal(shut_rules_parse(&r, "battle tiles=1-17", NULL, 0), 0);
	assert_int_equal(shut_solver_size(&r, &o, &opt, &bytes), SHUT_ETOOBIG);
	assert_int_equal(
	    shut_rules_parse(&r, "battle tiles=1-20 dice=4d6", NULL, 0), 0);
	t0 = clock();
	assert_int_equal(shut_solver_new(&s, &r, &o, NULL), SHUT_ETOOBIG);
	assert_true(clock() - t0 < CLOCKS_PER_SEC / 2);
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
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };
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

	/*
	 * The game is over with the box shut (whoever is to throw) or full
	 * with the Opener to throw: no value, no moves.  The Shutter never
	 * faces a full box but on the first throw of the game.
	 */
	for (int i = 0; i < 3; i++) {
		pos.open = i == 2 ? 0x1ff : 0;
		pos.opener = i != 0;
		pos.first = 1;
		assert_int_equal(shut_solver_value(s, &pos, &v), SHUT_ETILES);
		assert_true(isnan(v.value));
		assert_int_equal(shut_solver_rank_moves(s, &pos, &t, c, LEN(c)),
				 0);
		assert_int_equal(shut_solver_rank_dice(s, &pos, c, LEN(c)), 0);
	}
	pos.open = 0x1ff;
	pos.opener = 0;
	pos.first = 0;
	assert_int_equal(shut_solver_value(s, &pos, &v), SHUT_ETILES);
	assert_int_equal(shut_solver_rank_moves(s, &pos, &t, c, LEN(c)),
			 SHUT_ETILES);
	pos.first = 1;
	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	assert_true(v.value > 0.5 && v.value < 0.6);
	assert_true(shut_solver_rank_moves(s, &pos, &t, c, LEN(c)) > 0);
	shut_solver_free(s);

	/* Battles past SHUT_SOLVER_BATTLE_TILES_MAX tiles are refused. */
	assert_int_equal(shut_rules_parse(&r, "battle tiles=1-17", NULL, 0), 0);
	assert_int_equal(shut_solver_new(&s, &r, &o, NULL), SHUT_ETOOBIG);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(small_battles_agree_with_plain_iteration),
		cmocka_unit_test(the_battle_preset_agrees_with_plain_iteration),
		cmocka_unit_test(battle_rankings_serve_each_side),
		cmocka_unit_test(battles_with_tiles_never_shut_are_settled),
		cmocka_unit_test(unfinished_battles_state_honest_tolerances),
		cmocka_unit_test(battle_sizes_are_cheap_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
