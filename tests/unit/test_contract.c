/*
 * test_contract.c - every public call with bad arguments.
 *
 * The library's rule (shut_error.h): a null pointer where an object is
 * needed, an enum or count out of range, or a callback that is missing is
 * a bad argument, checked at the entry of every public function.  A call
 * that returns an error code returns SHUT_EINVAL (or the more precise code
 * its header names); a call that returns a value returns its neutral value
 * (0, NULL, an empty set); a call that returns nothing does nothing.  No
 * call crashes or reads memory it was not given: the sanitizer builds run
 * this file too (make asan, make ubsan).
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

static struct shut_rules rules;
static struct shut_game game;
static struct shut_throw throw34 = { 2, { 3, 4 } };

static int
setup(void **state)
{
	char why[256];

	(void)state;
	assert_int_equal(shut_rules_parse(&rules, "classic", why, sizeof(why)),
			 0);
	assert_int_equal(shut_game_init(&game, &rules, 2), 0);
	return 0;
}

static int
count_move(void *ctx, uint32_t move)
{
	(void)move;
	++*(int *)ctx;
	return 0;
}

static void
dice_and_errors(void **state)
{
	struct shut_rng rng;
	struct shut_dice dice;
	struct shut_throw t;

	(void)state;
	shut_rng_seed(NULL, 1);
	assert_true(shut_rng_next(NULL) == 0);
	assert_true(shut_rng_below(NULL, 6) == 0);
	shut_rng_seed(&rng, 1);
	assert_true(shut_rng_below(&rng, 0) == 0);
	shut_rng_throw(NULL, 2, 6, &t);
	shut_rng_throw(&rng, 2, 6, NULL);
	/* Counts are clamped, as shut_dice.h says. */
	memset(&t, 0x55, sizeof(t));
	shut_rng_throw(&rng, -1, 6, &t);
	assert_int_equal(t.n, 0);
	shut_rng_throw(&rng, SHUT_DICE_MAX + 1, 6, &t);
	assert_int_equal(t.n, SHUT_DICE_MAX);
	shut_rng_throw(&rng, 2, 0, &t);
	assert_true(t.n == 2 && t.face[0] == 1 && t.face[1] == 1);
	shut_dice_rng(NULL, &rng);
	memset(&dice, 0, sizeof(dice));
	shut_dice_rng(&dice, NULL);
	assert_null(dice.roll);
	assert_non_null(shut_strerror(INT_MIN));
	assert_non_null(shut_strerror(INT_MAX));
	assert_non_null(shut_strerror(1));
	assert_string_equal(shut_strerror(INT_MIN), "unknown error");
}

static void
rules_calls(void **state)
{
	struct shut_rules r = rules, bad = rules;
	char buf[64], why[64];
	uint32_t tiles;

	(void)state;
	bad.tile_lo = 0;
	assert_int_equal(shut_rules_parse(NULL, "classic", why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_rules_parse(&r, NULL, why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_rules_parse(&r, "classic", NULL, 0), 0);
	assert_int_equal(shut_rules_check(NULL, NULL, 0), SHUT_EINVAL);
	assert_int_equal(shut_rules_print(NULL, buf, sizeof(buf)), SHUT_EINVAL);
	assert_int_equal(shut_rules_print(&r, NULL, 5), SHUT_EINVAL);
	assert_true(shut_rules_print(&r, NULL, 0) > 0);
	assert_null(shut_rule_key_at(100000));
	assert_null(shut_rule_key_find(NULL));
	assert_int_equal(
	    shut_rules_key_print(NULL, shut_rule_key_at(0), buf, sizeof(buf)),
	    SHUT_EINVAL);
	assert_int_equal(shut_rules_key_print(&r, NULL, buf, sizeof(buf)),
			 SHUT_EINVAL);
	assert_int_equal(
	    shut_rules_key_print(&r, shut_rule_key_at(0), NULL, sizeof(buf)),
	    SHUT_EINVAL);
	assert_int_equal(shut_rules_set(NULL, "tiles", "1-9", why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_rules_set(&r, NULL, "1-9", why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_rules_set(&r, "tiles", NULL, why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_rules_equal(NULL, &r), 0);
	assert_int_equal(shut_rules_equal(&r, NULL), 0);
	assert_int_equal(shut_rules_equal(NULL, NULL), 0);
	assert_true(shut_rules_tiles(NULL) == 0);
	assert_true(shut_rules_start(NULL) == 0);
	assert_true(shut_rules_unreachable(NULL) == 0);
	assert_true(shut_rules_unreachable(&bad) == 0);
	assert_int_equal(shut_tiles_parse(NULL, &tiles, why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_tiles_parse("1-3", NULL, why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_tiles_print(7, NULL, 5), SHUT_EINVAL);
	assert_true(shut_tiles_print(7, NULL, 0) > 0);
	assert_null(shut_preset_at(100000));
	assert_null(shut_preset_find(NULL));
	assert_true(shut_dice_choices(NULL, 7) == 0);
	assert_true(shut_score(NULL, 7) == 0);
}

static void
moves_calls(void **state)
{
	struct shut_rules bad = rules;
	struct shut_throw t = throw34, wild = { 99, { 0 } };
	struct shut_why w;
	uint32_t moves[8];
	int n = 0;

	(void)state;
	bad.dice = 0;
	assert_int_equal(shut_throw_total(NULL), 0);
	assert_int_equal(shut_throw_check(NULL, &t), SHUT_EINVAL);
	assert_int_equal(shut_throw_check(&rules, NULL), SHUT_EINVAL);
	assert_int_equal(shut_throw_check(&rules, &wild), SHUT_ETHROW);
	assert_true(shut_moves_each(NULL, 511, &t, 0, count_move, &n) < 0);
	assert_true(shut_moves_each(&rules, 511, NULL, 0, count_move, &n) < 0);
	/*
	 * A throw or a rule set filled in by hand that fails its check is
	 * the caller's to check: the answer is unspecified, but the call
	 * stays within its memory.
	 */
	shut_moves_each(&rules, 511, &wild, 0, count_move, &n);
	shut_moves_each(&bad, 511, &t, 0, count_move, &n);
	n = 0;
	assert_true(shut_moves_each(&rules, 511, &t, 0, NULL, NULL) > 0);
	assert_int_equal(n, 0);
	assert_true(shut_moves(NULL, 511, &t, 0, moves, 8) < 0);
	assert_true(shut_moves(&rules, 511, NULL, 0, moves, 8) < 0);
	assert_true(shut_moves(&rules, 511, &t, 0, NULL, 8) < 0);
	assert_true(shut_moves(&rules, 511, &t, 0, NULL, 0) > 0);
	assert_int_equal(shut_move_legal(NULL, 511, &t, 0, 64), 0);
	assert_int_equal(shut_move_legal(&rules, 511, NULL, 0, 64), 0);
	shut_move_legal(&rules, 511, &wild, 0, 64);
	assert_true(shut_move_why(NULL, 511, &t, 0, 64, &w) < 0);
	assert_true(shut_move_why(&rules, 511, NULL, 0, 64, &w) < 0);
	assert_int_equal(shut_move_why(&rules, 511, &t, 0, 64, NULL),
			 SHUT_WHY_OK);
}

static int
no_roll(void *ctx, int n, int faces, struct shut_throw *t)
{
	(void)ctx;
	(void)n;
	(void)faces;
	(void)t;
	return SHUT_EINPUT;
}

static void
game_calls(void **state)
{
	static struct shut_game g;
	struct shut_action a = { .kind = SHUT_ACT_DICE, .dice = 2 };
	struct shut_events ev;
	static const struct shut_strategy no_move = { "none", "none", NULL,
						      NULL };
	struct shut_player players[2] = { { &no_move, NULL },
					  { &no_move, NULL } };
	struct shut_dice dice = { no_roll, NULL };
	struct shut_rules bad = rules;
	struct shut_position pos;
	uint32_t moves[4];
	int order[2];
	size_t done;

	(void)state;
	bad.tile_lo = 0;
	g = game;
	assert_int_equal(shut_game_init(NULL, &rules, 2), SHUT_EINVAL);
	assert_int_equal(shut_game_init(&g, NULL, 2), SHUT_EINVAL);
	assert_int_equal(shut_game_init(&g, &rules, 0), SHUT_EPLAYERS);
	assert_int_equal(shut_game_init(&g, &rules, SHUT_SEATS_MAX + 1),
			 SHUT_EPLAYERS);
	assert_true(shut_game_init(&g, &bad, 2) < 0);
	g = game;
	assert_int_equal(shut_game_act(NULL, &a, &ev), SHUT_EINVAL);
	assert_int_equal(shut_game_act(&g, NULL, &ev), SHUT_EINVAL);
	a.kind = (enum shut_action_kind)99;
	assert_int_equal(shut_game_act(&g, &a, &ev), SHUT_EINVAL);
	a.kind = (enum shut_action_kind) - 1;
	assert_int_equal(shut_game_act(&g, &a, &ev), SHUT_EINVAL);
	assert_int_equal(shut_game_replay(NULL, &rules, 2, NULL, 0, &done),
			 SHUT_EINVAL);
	assert_int_equal(shut_game_replay(&g, NULL, 2, NULL, 0, &done),
			 SHUT_EINVAL);
	assert_int_equal(shut_game_replay(&g, &rules, 2, NULL, 3, &done),
			 SHUT_EINVAL);
	g = game;
	assert_int_equal(shut_game_dice(NULL, 2), SHUT_EINVAL);
	assert_int_equal(shut_game_throw(NULL, &throw34), SHUT_EINVAL);
	assert_int_equal(shut_game_throw(&g, NULL), SHUT_EINVAL);
	assert_int_equal(shut_game_move(NULL, 64), SHUT_EINVAL);
	assert_int_equal(shut_game_leave(NULL, 0), SHUT_EINVAL);
	assert_int_equal(shut_game_leave(&g, -1), SHUT_EINVAL);
	assert_int_equal(shut_game_leave(&g, SHUT_SEATS_MAX), SHUT_EINVAL);
	assert_true(shut_game_board(NULL) == 0);
	assert_true(shut_game_dice_choices(NULL) == 0);
	assert_true(shut_game_moves(NULL, moves, 4) < 0);
	assert_true(shut_game_moves(&g, NULL, 4) < 0);
	assert_int_equal(shut_game_legal(NULL, 64), 0);
	assert_true(shut_game_why(NULL, 64, NULL) < 0);
	assert_int_equal(shut_game_opener(NULL, 0), 0);
	assert_int_equal(shut_game_opener(&g, -1), 0);
	assert_int_equal(shut_game_opener(&g, 1000), 0);
	assert_true(shut_game_pot(NULL) == 0);
	assert_int_equal(shut_game_standings(NULL, order), SHUT_EINVAL);
	assert_int_equal(shut_game_standings(&g, NULL), SHUT_EINVAL);
	assert_null(shut_strategy_at(100000));
	assert_null(shut_strategy_find(NULL));
	assert_int_equal(shut_game_step(NULL, players, &dice, NULL, NULL),
			 SHUT_EINVAL);
	assert_int_equal(shut_game_step(&g, NULL, &dice, NULL, NULL),
			 SHUT_EINVAL);
	assert_int_equal(shut_game_step(&g, players, NULL, NULL, NULL),
			 SHUT_EINVAL);
	/* A strategy with no move, and no strategy at all. */
	assert_int_equal(shut_game_step(&g, players, &dice, NULL, NULL),
			 SHUT_EINVAL);
	players[0].strategy = NULL;
	assert_int_equal(shut_game_step(&g, players, &dice, NULL, NULL),
			 SHUT_EINVAL);
	dice.roll = NULL;
	assert_int_equal(shut_game_step(&g, players, &dice, NULL, NULL),
			 SHUT_EINVAL);
	memset(&pos, 0x55, sizeof(pos));
	shut_position_of_game(NULL, &g);
	shut_position_of_game(&pos, NULL);
	assert_true(pos.open == 0 && pos.opener == 0 && pos.first == 0);
}

static void
solver_calls(void **state)
{
	struct shut_objective obj = { SHUT_OBJECTIVE_EXPECTED, 0 };
	struct shut_objective odd = { (enum shut_objective_kind)99, 0 };
	struct shut_position pos = { 511, 0, 1 };
	struct shut_solver *s = NULL;
	struct shut_choice c[4];
	struct shut_value v;
	char buf[64], why[64];
	size_t bytes;

	(void)state;
	assert_int_equal(shut_objective_parse(NULL, "shut", why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_objective_parse(&obj, NULL, why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_objective_print(NULL, buf, sizeof(buf)),
			 SHUT_EINVAL);
	assert_int_equal(shut_objective_print(&odd, buf, sizeof(buf)),
			 SHUT_EINVAL);
	assert_int_equal(shut_objective_print(&obj, NULL, 5), SHUT_EINVAL);
	assert_int_equal(shut_solver_size(NULL, &obj, NULL, &bytes),
			 SHUT_EINVAL);
	assert_int_equal(shut_solver_size(&rules, NULL, NULL, &bytes),
			 SHUT_EINVAL);
	assert_int_equal(shut_solver_size(&rules, &obj, NULL, NULL),
			 SHUT_EINVAL);
	assert_int_equal(shut_solver_size(&rules, &odd, NULL, &bytes),
			 SHUT_EINVAL);
	assert_int_equal(shut_solver_new(NULL, &rules, &obj, NULL),
			 SHUT_EINVAL);
	assert_int_equal(shut_solver_new(&s, NULL, &obj, NULL), SHUT_EINVAL);
	assert_int_equal(shut_solver_new(&s, &rules, NULL, NULL), SHUT_EINVAL);
	assert_int_equal(shut_solver_new(&s, &rules, &odd, NULL), SHUT_EINVAL);
	assert_null(s);
	shut_solver_free(NULL);
	assert_null(shut_solver_rules(NULL));
	assert_null(shut_solver_objective(NULL));
	assert_true(shut_solver_bytes(NULL) == 0);
	assert_true(shut_solver_tolerance(NULL) == 0);
	assert_int_equal(shut_solver_value(NULL, &pos, &v), SHUT_EINVAL);
	assert_int_equal(shut_solver_exact(NULL, &pos, 0, buf, sizeof(buf)),
			 SHUT_EINVAL);
	assert_true(shut_solver_rank_moves(NULL, &pos, &throw34, c, 4) < 0);
	assert_true(shut_solver_rank_dice(NULL, &pos, c, 4) < 0);

	assert_int_equal(shut_solver_new(&s, &rules, &obj, NULL), 0);
	assert_int_equal(shut_solver_value(s, NULL, &v), SHUT_EINVAL);
	assert_int_equal(shut_solver_value(s, &pos, NULL), SHUT_EINVAL);
	assert_int_equal(shut_solver_exact(s, NULL, 0, buf, sizeof(buf)),
			 SHUT_EINVAL);
	assert_true(shut_solver_exact(s, &pos, 99, buf, sizeof(buf)) < 0);
	assert_true(shut_solver_rank_moves(s, NULL, &throw34, c, 4) < 0);
	assert_true(shut_solver_rank_moves(s, &pos, NULL, c, 4) < 0);
	assert_true(shut_solver_rank_moves(s, &pos, &throw34, NULL, 4) < 0);
	assert_true(shut_solver_rank_moves(s, &pos, &throw34, NULL, 0) > 0);
	assert_true(shut_solver_rank_dice(s, NULL, c, 4) < 0);
	assert_true(shut_solver_rank_dice(s, &pos, NULL, 4) < 0);
	shut_solver_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dice_and_errors),
		cmocka_unit_test(rules_calls),
		cmocka_unit_test(moves_calls),
		cmocka_unit_test(game_calls),
		cmocka_unit_test(solver_calls),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
