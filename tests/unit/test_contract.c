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
 * these tests too (make asan, make ubsan).
 *
 * This file calls the library module by module.  test_contract_win.c calls
 * what plays to win; test_contract_wild.c calls the callbacks the library
 * hands out (its strategies, the generator's dice), which are public calls
 * too, and tries a throw or a rule set filled in by hand that fails its
 * check against every call that takes one, field by field from tables of
 * wild values.  tests/cli/contract-calls.sh fails when a function declared
 * in include/ is called in none of the three.
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

static void
dice_and_errors(void **state)
{
	struct shut_rng rng;
	struct shut_dice dice;
	struct shut_throw t;

	(void)state;
	shut_rng_seed(NULL, 1);
	shut_rng_jump(NULL);
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

/* The simulator refuses what it cannot play, and counts nothing then. */
static void
sim_calls(void **state)
{
	static struct shut_sim_turns t;
	static struct shut_sim_match m;
	struct shut_rules r;
	struct shut_player pl = { NULL, NULL };
	struct shut_sim sim = { .rules = &r, .players = &pl, .nseats = 1 };
	struct shut_wide w = { 1, 0 };

	(void)state;
	assert_int_equal(shut_rules_parse(&r, "classic", NULL, 0), 0);
	assert_int_equal(shut_sim_turns(NULL, &t), SHUT_EINVAL);
	assert_int_equal(shut_sim_turns(&sim, NULL), SHUT_EINVAL);
	assert_int_equal(shut_sim_turns(&sim, &t), SHUT_EINVAL);
	assert_int_equal(shut_sim_match(NULL, &m), SHUT_EINVAL);
	assert_int_equal(shut_sim_match(&sim, NULL), SHUT_EINVAL);
	assert_int_equal(shut_sim_match(&sim, &m), SHUT_EINVAL);
	pl.strategy = shut_strategy_find("fewest");
	sim.nseats = 0;
	assert_int_equal(shut_sim_turns(&sim, &t), SHUT_EINVAL);
	sim.nseats = SHUT_SEATS_MAX + 1;
	assert_int_equal(shut_sim_match(&sim, &m), SHUT_EINVAL);
	sim.nseats = 1;
	sim.rules = NULL;
	assert_int_equal(shut_sim_turns(&sim, &t), SHUT_EINVAL);
	/* No games: an empty tally. */
	sim.rules = &r;
	assert_int_equal(shut_sim_turns(&sim, &t), 0);
	assert_true(t.games == 0 && t.width == 1);
	assert_true(shut_sim_width(NULL) == 1);
	assert_true(shut_wide_double(NULL) == 0);
	assert_true(shut_wide_double(&w) == 18446744073709551616.0);
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
	assert_int_equal(shut_rules_rounds_end(NULL), 0);
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
	assert_null(shut_preset_nearest(NULL));
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
	static const struct shut_strategy no_move = { .name = "none",
						      .help = "none" };
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
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_objective odd = { .kind = (enum shut_objective_kind)99 };
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

/* ---------------------------------------------------------------------
 * Policies and the evaluator
 */

static void
policy_calls(void **state)
{
	const struct shut_policy *fewest = shut_strategy_find("fewest")->policy;
	const struct shut_policy *rnd = shut_strategy_find("random")->policy;
	struct shut_throw bad = { 2, { 0, 4 } };
	uint32_t move = 0;

	(void)state;
	assert_int_equal(shut_policy_dice(NULL, 6), SHUT_EINVAL);
	assert_int_equal(shut_policy_dice(fewest, 0), SHUT_EINVAL);
	assert_int_equal(shut_policy_dice(fewest, 6), 1);
	assert_int_equal(shut_policy_dice(rnd, 6), SHUT_EMODE);
	assert_int_equal(shut_policy_dice(shut_solver_optimal.policy, 6),
			 SHUT_EMODE);
	assert_int_equal(
	    shut_policy_move(NULL, &rules, 511, &throw34, 1, &move),
	    SHUT_EINVAL);
	assert_int_equal(
	    shut_policy_move(fewest, NULL, 511, &throw34, 1, &move),
	    SHUT_EINVAL);
	assert_int_equal(shut_policy_move(fewest, &rules, 511, NULL, 1, &move),
			 SHUT_EINVAL);
	assert_int_equal(
	    shut_policy_move(fewest, &rules, 511, &throw34, 1, NULL),
	    SHUT_EINVAL);
	assert_int_equal(shut_policy_move(rnd, &rules, 511, &throw34, 1, &move),
			 SHUT_EMODE);
	assert_int_equal(shut_policy_move(fewest, &rules, 511, &bad, 1, &move),
			 SHUT_ETHROW);
	assert_int_equal(
	    shut_policy_move(fewest, &rules, 0, &throw34, 1, &move),
	    SHUT_EILLEGAL);
	assert_int_equal(
	    shut_policy_move(fewest, &rules, 511, &throw34, 1, &move), 0);
	assert_int_equal(move, SHUT_TILE(7));
	assert_int_equal(shut_policy_cmp(NULL, NULL, 1, 2),
			 shut_move_cmp(1, 2));
	assert_int_equal(shut_policy_cmp(fewest, &throw34, 5, 5), 0);
}

static void
eval_calls(void **state)
{
	static const struct shut_strategy no_policy = {
		.name = "none",
		.help = "none",
	};
	const struct shut_strategy *fewest = shut_strategy_find("fewest");
	struct shut_eval_options opt = { .flags = SHUT_EVAL_EXACT };
	struct shut_objective shut = { .kind = SHUT_OBJECTIVE_SHUT };
	struct shut_rules battle, big;
	struct shut_solver *s;
	struct shut_eval *e = NULL;
	struct shut_value v;
	struct shut_score_prob d;
	char why[256], buf[64];

	(void)state;
	assert_int_equal(
	    shut_rules_parse(&battle, "classic mode=battle", why, sizeof(why)),
	    0);
	assert_int_equal(
	    shut_rules_parse(&big, "classic tiles=1-13", why, sizeof(why)), 0);
	assert_int_equal(shut_eval_new(NULL, &rules, fewest, NULL),
			 SHUT_EINVAL);
	assert_int_equal(shut_eval_new(&e, NULL, fewest, NULL), SHUT_EINVAL);
	assert_null(e);
	assert_int_equal(shut_eval_new(&e, &rules, NULL, NULL), SHUT_EINVAL);
	assert_int_equal(shut_eval_new(&e, &rules, &no_policy, NULL),
			 SHUT_EMODE);
	assert_int_equal(shut_eval_new(&e, &battle, fewest, NULL), SHUT_EMODE);
	assert_int_equal(shut_eval_new(&e, &big, fewest, &opt), SHUT_ETOOBIG);
	opt.flags = 0;
	opt.max_bytes = 16;
	assert_int_equal(shut_eval_new(&e, &rules, fewest, &opt), SHUT_ETOOBIG);
	opt.max_bytes = 0;
	opt.from = SHUT_TILE(10);
	assert_int_equal(shut_eval_new(&e, &rules, fewest, &opt), SHUT_ETILES);
	opt.from = 0;
	/* A solver for another objective, or without exact values. */
	assert_int_equal(shut_solver_new(&s, &rules, &shut, NULL), 0);
	opt.solver = s;
	assert_int_equal(shut_eval_new(&e, &rules, &shut_solver_optimal, &opt),
			 SHUT_EMODE);
	opt.flags = SHUT_EVAL_EXACT;
	assert_int_equal(shut_eval_new(&e, &rules, &shut_solver_shut, &opt),
			 SHUT_EMODE);
	assert_null(e);
	shut_solver_free(s);
	shut_eval_free(NULL);

	/* Without exact values. */
	assert_int_equal(shut_eval_new(&e, &rules, fewest, NULL), 0);
	assert_int_equal(shut_eval_value(NULL, 511, &v), SHUT_EINVAL);
	assert_true(isnan(v.expected) && isnan(v.shut) && isnan(v.value));
	assert_int_equal(shut_eval_value(e, 511, NULL), SHUT_EINVAL);
	assert_int_equal(shut_eval_value(e, 1023, &v), SHUT_ETILES);
	assert_true(isnan(v.expected));
	assert_int_equal(
	    shut_eval_exact(e, 511, SHUT_EXACT_SHUT, buf, sizeof(buf)),
	    SHUT_EMODE);
	assert_int_equal(shut_eval_distribution_exact(e, 0, buf, sizeof(buf)),
			 SHUT_EMODE);
	assert_int_equal(shut_eval_distribution(NULL, &d, 1), SHUT_EINVAL);
	assert_int_equal(shut_eval_distribution(e, NULL, 1), SHUT_EINVAL);
	assert_true(shut_eval_distribution(e, NULL, 0) > 1);
	shut_eval_free(e);

	/* With them. */
	opt.solver = NULL;
	assert_int_equal(shut_eval_new(&e, &rules, fewest, &opt), 0);
	assert_int_equal(
	    shut_eval_exact(NULL, 511, SHUT_EXACT_SHUT, buf, sizeof(buf)),
	    SHUT_EINVAL);
	assert_int_equal(
	    shut_eval_exact(e, 511, SHUT_EXACT_VALUE, buf, sizeof(buf)),
	    SHUT_EINVAL);
	assert_int_equal(shut_eval_exact(e, 511, SHUT_EXACT_SHUT, NULL, 4),
			 SHUT_EINVAL);
	assert_int_equal(
	    shut_eval_exact(e, 1023, SHUT_EXACT_SHUT, buf, sizeof(buf)),
	    SHUT_ETILES);
	assert_int_equal(
	    shut_eval_exact(e, 0, SHUT_EXACT_SHUT, buf, sizeof(buf)), 3);
	assert_string_equal(buf, "1/1");
	assert_true(shut_eval_exact(e, 511, SHUT_EXACT_EXPECTED, NULL, 0) > 3);
	assert_int_equal(shut_eval_distribution_exact(NULL, 0, buf, 4),
			 SHUT_EINVAL);
	assert_int_equal(shut_eval_distribution_exact(e, 0, NULL, 4),
			 SHUT_EINVAL);
	assert_int_equal(shut_eval_distribution_exact(e, 100000, buf, 4),
			 SHUT_EINVAL);
	assert_true(shut_eval_distribution_exact(e, 0, buf, 4) > 3);
	assert_int_equal(strlen(buf), 3);
	shut_eval_free(e);
}

/*
 * The calls with nothing to check: every value of their arguments is
 * allowed.  They are here so that the contract tests call every public
 * function.
 */
static void
calls_without_bad_arguments(void **state)
{
	(void)state;
	assert_int_equal(shut_tiles_count(UINT32_MAX), SHUT_TILES_MAX);
	assert_int_equal(shut_tiles_sum(UINT32_MAX), 528);
	assert_int_equal(shut_tiles_count(0), 0);
	assert_true(shut_move_cmp(0, UINT32_MAX) < 0);
	assert_true(shut_move_cmp(UINT32_MAX, 0) > 0);
	assert_int_equal(shut_move_cmp(UINT32_MAX, UINT32_MAX), 0);
	assert_true(shut_preset_count() > 0);
	assert_null(shut_preset_at(shut_preset_count()));
	assert_true(shut_rule_key_count() > 0);
	assert_null(shut_rule_key_at(shut_rule_key_count()));
	assert_true(shut_strategy_count() > 0);
	assert_null(shut_strategy_at(shut_strategy_count()));
	assert_null(shut_strategy_find(""));
	assert_null(shut_preset_find(""));
	assert_null(shut_preset_nearest(""));
	assert_null(shut_preset_nearest("a string far longer than any name"));
	assert_true(shut_preset_nearest("clasic") ==
		    shut_preset_find("classic"));
	assert_true(shut_preset_nearest("calssci") ==
		    shut_preset_find("classic"));
	{
		const char *names[] = { "fewest", NULL, "most", "perfect" };

		assert_null(shut_name_nearest(NULL, names, 4));
		assert_null(shut_name_nearest("fewst", NULL, 4));
		assert_null(shut_name_nearest("fewst", names, 0));
		assert_ptr_equal(shut_name_nearest("fewst", names, 4),
				 names[0]);
		assert_ptr_equal(shut_name_nearest("perfec", names, 4),
				 names[3]);
		/* Two letters side by side swapped: one slip. */
		assert_ptr_equal(shut_name_nearest("msot", names, 4), names[2]);
		assert_ptr_equal(shut_name_nearest("PERFETC", names, 4),
				 names[3]);
		/* Two letters of four wrong: too far to be a slip. */
		assert_null(shut_name_nearest("best", names, 4));
		assert_null(shut_name_nearest("xyzzy", names, 4));
	}
	assert_null(shut_rule_key_find(""));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dice_and_errors),
		cmocka_unit_test(sim_calls),
		cmocka_unit_test(rules_calls),
		cmocka_unit_test(moves_calls),
		cmocka_unit_test(game_calls),
		cmocka_unit_test(solver_calls),
		cmocka_unit_test(policy_calls),
		cmocka_unit_test(eval_calls),
		cmocka_unit_test(calls_without_bad_arguments),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
