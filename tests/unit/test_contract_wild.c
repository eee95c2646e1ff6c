/*
 * test_contract_wild.c - structs filled in by hand, callbacks misused.
 *
 * The rule of test_contract.c, for what the caller fills in and what the
 * library hands out.  A throw or a rule set filled in by hand that fails its
 * check is tried against every call that takes one, field by field from
 * tables of wild values, under the sanitizers too (make asan, make ubsan).
 * The library's strategies and the generator's dice are public calls as
 * well: each is called without its game, its move or its context, alone and
 * through shut_game_step().
 */
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "shutbox.h"
#include "unit_contract.h"

/* ---------------------------------------------------------------------
 * Structs filled in by hand
 *
 * A throw or a rule set that fails its check may get any answer, but no
 * call reads or writes outside it, and none overflows: the sanitizers
 * watch every call below.
 */

static const struct shut_throw wild_throws[] = {
	{ -1, { 3, 4 } },
	{ 0, { 3, 4 } },
	{ INT_MIN, { 3, 4 } },
	{ INT_MAX, { 3, 4 } },
	{ 99, { 1, 2, 3, 4, 5, 6, 7, 8 } },
	{ 2, { INT_MAX, INT_MAX } },
	{ 2, { INT_MIN, -1 } },
	{ 8,
	  { INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX,
	    INT_MAX } },
	{ 2, { 0, 0 } },
	{ 2, { 101, 3 } },
	{ 3, { 40, 41, 42 } },
};

/* The rule sets whose code paths differ for a throw. */
static const char *const move_specs[] = {
	"classic",
	"classic move=up-to-2",
	"classic move=dice-or-sum",
	"classic move=one-tile",
	"classic first-throw=9 bust=7 score=digits",
	"classic dice=3d6 fewer-dice=low-sum",
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static void
throws_filled_by_hand(void **state)
{
	static const uint32_t boards[] = { 0, 511, UINT32_MAX };
	char why[256];

	(void)state;
	assert_int_equal(shut_throw_total(&wild_throws[5]), INT_MAX);
	assert_int_equal(shut_throw_total(&wild_throws[6]), INT_MIN);
	for (size_t i = 0; i < NELEM(move_specs); i++) {
		struct shut_rules r;
		struct shut_game g;

		assert_int_equal(
		    shut_rules_parse(&r, move_specs[i], why, sizeof(why)), 0);
		assert_int_equal(shut_game_init(&g, &r, 2), 0);
		for (size_t j = 0; j < NELEM(wild_throws); j++) {
			const struct shut_throw *t = &wild_throws[j];
			struct shut_game before = g;
			uint32_t moves[4];
			struct shut_why w;
			int n = 0;

			assert_int_equal(shut_throw_check(&r, t), SHUT_ETHROW);
			(void)shut_throw_total(t);
			for (size_t b = 0; b < NELEM(boards); b++)
				for (int first = 0; first < 2; first++) {
					shut_moves_each(&r, boards[b], t, first,
							count_move, &n);
					shut_moves(&r, boards[b], t, first,
						   moves, NELEM(moves));
					for (uint32_t m = 1; m < 512; m += 37) {
						shut_move_legal(&r, boards[b],
								t, first, m);
						shut_move_why(&r, boards[b], t,
							      first, m, &w);
					}
				}
			/* The game checks a throw itself, and stays put. */
			if (g.need == SHUT_NEED_THROW)
				assert_int_equal(shut_game_throw(&g, t),
						 SHUT_ETHROW);
			assert_memory_equal(&g, &before, sizeof(g));
		}
	}
}

/*
 * Each field of a rule set spoiled with each of these values, one at a
 * time.  Some values are allowed for some fields; the test asks only that
 * the calls that check a rule set agree, and that the others survive.
 */
static const long wild_values[] = {
	INT_MIN, -1000, -1, 0, 1, 2, 9, 33, 64, 101, 1000000, INT_MAX,
};

enum field {
	F_TILE_LO,
	F_TILE_HI,
	F_START,
	F_START_LIST,
	F_DICE,
	F_FACES,
	F_FEWER,
	F_FORCED,
	F_MOVE,
	F_MOVE_MAX,
	F_FIRST,
	F_FIRST_MISS,
	F_BUST,
	F_SCORE,
	F_SHUT,
	F_ROUNDS,
	F_UNTIL,
	F_ELIMINATE,
	F_STAKE,
	F_MODE,
	F_COUNT
};

static void
spoil(struct shut_rules *r, enum field f, long v)
{
	int i = (int)v;

	switch (f) {
	case F_TILE_LO:
		r->tile_lo = i;
		break;
	case F_TILE_HI:
		r->tile_hi = i;
		break;
	case F_START:
		r->start = (enum shut_start)i;
		break;
	case F_START_LIST:
		r->start = SHUT_START_LIST;
		r->start_list = (uint32_t)i;
		break;
	case F_DICE:
		r->dice = i;
		break;
	case F_FACES:
		r->faces = i;
		break;
	case F_FEWER:
		r->fewer = (enum shut_fewer)i;
		break;
	case F_FORCED:
		r->fewer_forced = i;
		break;
	case F_MOVE:
		r->move = (enum shut_move)i;
		break;
	case F_MOVE_MAX:
		r->move = SHUT_MOVE_UP_TO;
		r->move_max = i;
		break;
	case F_FIRST:
		r->first_throw = i;
		break;
	case F_FIRST_MISS:
		r->first_miss = (enum shut_first_miss)i;
		break;
	case F_BUST:
		r->bust = i;
		break;
	case F_SCORE:
		r->score = (enum shut_score)i;
		break;
	case F_SHUT:
		r->shut = (enum shut_shut)i;
		break;
	case F_ROUNDS:
		r->rounds = i;
		break;
	case F_UNTIL:
		r->until = v;
		break;
	case F_ELIMINATE:
		r->eliminate = v;
		break;
	case F_STAKE:
		r->stake = v;
		break;
	case F_MODE:
		r->mode = (enum shut_mode)i;
		break;
	case F_COUNT:
		break;
	}
}

static void
rule_sets_filled_by_hand(void **state)
{
	static const uint32_t boards[] = { 0, 511, UINT32_MAX };
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_why w;
	char buf[512], why[256];
	uint32_t moves[4];
	size_t bytes;
	int n = 0;

	(void)state;
	for (size_t i = 0; i < NELEM(move_specs); i++) {
		struct shut_rules base;

		assert_int_equal(
		    shut_rules_parse(&base, move_specs[i], why, sizeof(why)),
		    0);
		for (int f = 0; f < F_COUNT; f++)
			for (size_t j = 0; j < NELEM(wild_values); j++) {
				struct shut_rules r = base, set;
				struct shut_game g;
				int rc;

				spoil(&r, (enum field)f, wild_values[j]);
				rc = shut_rules_check(&r, why, sizeof(why));
				if (rc == 0)
					continue;
				assert_true(rc < 0);
				assert_int_equal(shut_game_init(&g, &r, 2), rc);
				assert_int_equal(
				    shut_solver_size(&r, &obj, NULL, &bytes),
				    rc);
				set = r;
				if (shut_rules_set(&set, "bust", "none", why,
						   sizeof(why)) < 0)
					assert_memory_equal(&set, &r,
							    sizeof(r));
				assert_true(
				    shut_rules_print(&r, buf, sizeof(buf)) > 0);
				for (size_t k = 0; k < shut_rule_key_count();
				     k++)
					assert_true(shut_rules_key_print(
							&r, shut_rule_key_at(k),
							buf, sizeof(buf)) > 0);
				(void)shut_rules_equal(&r, &base);
				(void)shut_rules_tiles(&r);
				(void)shut_rules_start(&r);
				(void)shut_rules_unreachable(&r);
				for (size_t b = 0; b < NELEM(boards); b++) {
					(void)shut_dice_choices(&r, boards[b]);
					(void)shut_score(&r, boards[b]);
					(void)shut_throw_check(&r, &throw34);
					shut_moves_each(&r, boards[b], &throw34,
							1, count_move, &n);
					shut_moves(&r, boards[b], &throw34, 1,
						   moves, NELEM(moves));
					shut_move_legal(&r, boards[b], &throw34,
							1, 7);
					shut_move_why(&r, boards[b], &throw34,
						      1, 7, &w);
				}
			}
	}
	/* A face count that no die has gives no dice count at all. */
	{
		struct shut_rules r = rules;

		r.faces = INT_MAX;
		assert_int_equal(shut_dice_choices(&r, 511), 0);
		r.faces = 0;
		assert_int_equal(shut_dice_choices(&r, 511), 0);
	}
}

/* ---------------------------------------------------------------------
 * Strategies and dice given what they cannot use
 */

/* Every strategy of the library, and the ctx it needs (NULL: none). */
struct strategy_case {
	const struct shut_strategy *strategy;
	void *ctx;
};

static int
dice_to_move(struct shut_game *g, const struct shut_rules *r)
{
	int rc;

	if ((rc = shut_game_init(g, r, 2)) < 0)
		return rc;
	if (g->need == SHUT_NEED_DICE && (rc = shut_game_dice(g, 2)) < 0)
		return rc;
	return shut_game_throw(g, &throw34);
}

static void
strategies_without_what_they_need(void **state)
{
	struct strategy_case cases[16];
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_rules any;
	struct shut_game at_dice, at_move;
	struct shut_solver *s;
	struct shut_perfect *perfect = NULL;
	struct shut_rng rng;
	struct shut_dice dice;
	size_t ncases = 0;
	char why[256];

	(void)state;
	assert_int_equal(shut_rules_parse(&any, "classic fewer-dice=any-time",
					  why, sizeof(why)),
			 0);
	assert_int_equal(shut_game_init(&at_dice, &any, 2), 0);
	assert_int_equal(at_dice.need, SHUT_NEED_DICE);
	assert_true(dice_to_move(&at_move, &any) >= 0);
	assert_int_equal(at_move.need, SHUT_NEED_MOVE);
	assert_int_equal(shut_solver_new(&s, &any, &obj, NULL), 0);
	shut_rng_seed(&rng, 7);
	shut_dice_rng(&dice, &rng);
	for (size_t i = 0; i < shut_strategy_count(); i++) {
		const struct shut_strategy *st = shut_strategy_at(i);

		assert_true(ncases < NELEM(cases) - 2);
		cases[ncases].strategy = st;
		cases[ncases++].ctx =
		    strcmp(st->name, "random") == 0 ? &rng : NULL;
	}
	cases[ncases].strategy = &shut_solver_optimal;
	cases[ncases++].ctx = s;
	cases[ncases].strategy = &shut_solver_shut;
	cases[ncases++].ctx = s;
	assert_int_equal(shut_perfect_new(&perfect, &any, 2, NULL), 0);
	cases[ncases].strategy = &shut_win_perfect;
	cases[ncases++].ctx = perfect;

	for (size_t i = 0; i < ncases; i++) {
		const struct shut_strategy *st = cases[i].strategy;
		void *ctx = cases[i].ctx;
		struct shut_player players[2] = { { st, NULL }, { st, NULL } };
		struct shut_game g;
		uint32_t move = 0;

		assert_non_null(st->move);
		/* What it needs, for a start: a real choice. */
		assert_true(st->move(ctx, &at_move, &move) == 0 && move != 0);
		assert_true(shut_game_legal(&at_move, move));
		assert_int_equal(st->move(ctx, NULL, &move), SHUT_EINVAL);
		assert_int_equal(st->move(ctx, &at_move, NULL), SHUT_EINVAL);
		if (st->dice != NULL) {
			assert_true(st->dice(ctx, &at_dice, 1u << 2) == 2);
			assert_true(st->dice(ctx, &at_dice, 0) < 0);
			assert_true(st->dice(ctx, &at_dice, 1u << 9) < 0);
		}
		if (ctx == NULL)
			continue;
		/* Without its ctx, and through the driver. */
		assert_int_equal(st->move(NULL, &at_move, &move), SHUT_EINVAL);
		if (st->dice != NULL)
			assert_int_equal(st->dice(NULL, &at_dice, 6),
					 SHUT_EINVAL);
		g = at_move;
		assert_int_equal(shut_game_step(&g, players, &dice, NULL, NULL),
				 SHUT_EINVAL);
		assert_memory_equal(&g, &at_move, sizeof(g));
		g = at_dice;
		assert_int_equal(shut_game_step(&g, players, &dice, NULL, NULL),
				 SHUT_EINVAL);
		assert_memory_equal(&g, &at_dice, sizeof(g));
	}
	assert_int_equal(shut_solver_optimal.dice(s, NULL, 6), SHUT_EINVAL);

	/* The solver of another rule set: an error, never a crash. */
	{
		struct shut_rules big;
		struct shut_game g;
		struct shut_player players[2] = { { &shut_solver_optimal, s },
						  { &shut_solver_optimal, s } };
		uint32_t move;

		assert_int_equal(shut_rules_parse(&big, "classic tiles=1-12",
						  why, sizeof(why)),
				 0);
		assert_true(dice_to_move(&g, &big) >= 0);
		assert_int_equal(shut_solver_optimal.move(s, &g, &move),
				 SHUT_ETILES);
		assert_int_equal(shut_game_step(&g, players, &dice, NULL, NULL),
				 SHUT_ETILES);
	}

	/* The generator's dice, asked for what no rule set has. */
	{
		struct shut_throw t;
		struct shut_dice none = dice;
		struct shut_game g = at_dice;
		const struct shut_strategy *fewest =
		    shut_strategy_find("fewest");
		struct shut_player players[2] = { { fewest, NULL },
						  { fewest, NULL } };

		assert_int_equal(dice.roll(dice.ctx, 2, 6, &t), 0);
		assert_int_equal(dice.roll(NULL, 2, 6, &t), SHUT_EINVAL);
		assert_int_equal(dice.roll(dice.ctx, 0, 6, &t), SHUT_EINVAL);
		assert_int_equal(dice.roll(dice.ctx, SHUT_DICE_MAX + 1, 6, &t),
				 SHUT_EINVAL);
		assert_int_equal(dice.roll(dice.ctx, 2, 0, &t), SHUT_EINVAL);
		assert_int_equal(dice.roll(dice.ctx, 2, 6, NULL), SHUT_EINVAL);
		none.ctx = NULL;
		assert_int_equal(shut_game_step(&g, players, &none, NULL, NULL),
				 (int)SHUT_EV(SHUT_EVENT_DICE));
		assert_int_equal(g.need, SHUT_NEED_THROW);
		assert_int_equal(shut_game_step(&g, players, &none, NULL, NULL),
				 SHUT_EINVAL);
		assert_int_equal(g.need, SHUT_NEED_THROW);
	}
	shut_solver_free(s);
	shut_perfect_free(perfect);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(throws_filled_by_hand),
		cmocka_unit_test(rule_sets_filled_by_hand),
		cmocka_unit_test(strategies_without_what_they_need),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
