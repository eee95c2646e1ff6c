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
 *
 * The callbacks the library hands out (its strategies, the generator's
 * dice) are public calls too, and a throw or a rule set filled in by hand
 * that fails its check is tried against every call that takes one, field
 * by field from tables of wild values.  tests/cli/contract-calls.sh fails
 * when a function declared in include/ is not called here.
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

/* Playing to win: the round, the player, the distribution of scores. */
static void
win_calls(void **state)
{
	struct shut_round *rd = NULL;
	struct shut_perfect *p = NULL;
	const struct shut_solver *ps = NULL;
	struct shut_solver *s = NULL;
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_game g;
	struct shut_rules battle;
	double dist[46];
	uint64_t low;
	int seat, tied;
	char why[128];

	(void)state;
	assert_int_equal(shut_round_new(NULL, &rules, 2, NULL), SHUT_EINVAL);
	assert_int_equal(shut_round_new(&rd, NULL, 2, NULL), SHUT_EINVAL);
	assert_int_equal(shut_round_new(&rd, &rules, 0, NULL), SHUT_EPLAYERS);
	assert_int_equal(shut_round_new(&rd, &rules, SHUT_SEATS_MAX + 1, NULL),
			 SHUT_EPLAYERS);
	assert_null(rd);
	shut_round_free(NULL);
	assert_int_equal(shut_round_players(NULL), 0);
	assert_null(shut_round_rules(NULL));
	assert_true(isnan(shut_round_chance(NULL, 0)));
	assert_true(isnan(shut_round_money(NULL, 0)));
	assert_true(isnan(shut_round_state_chance(NULL, 0, 0, 0)));
	assert_int_equal(shut_round_utility(NULL, 0, 0, 0, &obj), SHUT_EINVAL);
	assert_int_equal(shut_round_new(&rd, &rules, 2, NULL), 0);
	assert_int_equal(shut_round_players(rd), 2);
	assert_non_null(shut_round_rules(rd));
	assert_true(isnan(shut_round_chance(rd, -1)));
	assert_true(isnan(shut_round_chance(rd, 2)));
	assert_true(isnan(shut_round_money(rd, 2)));
	assert_true(shut_round_money(rd, 0) == 0.0);
	assert_true(isnan(shut_round_state_chance(rd, 1, 99, 1)));
	assert_true(shut_round_state_chance(rd, 1, 20, 1) > 0.5);
	assert_int_equal(shut_round_utility(rd, 0, 0, 0, NULL), SHUT_EINVAL);
	assert_int_equal(shut_round_utility(rd, 2, 0, 0, &obj), SHUT_EINVAL);
	assert_int_equal(shut_round_utility(rd, 1, 0, 2, &obj), SHUT_EINVAL);
	assert_int_equal(shut_round_utility(rd, 1, 0, -1, &obj), SHUT_EINVAL);
	assert_int_equal(shut_round_utility(rd, 1, UINT64_MAX, 1, &obj),
			 SHUT_EINVAL);
	assert_int_equal(shut_round_utility(rd, 0, 0, 0, &obj), 0);
	shut_round_free(rd);
	assert_int_equal(shut_rules_parse(&battle, "battle", why, sizeof(why)),
			 0);
	assert_int_equal(shut_round_new(&rd, &battle, 2, NULL), SHUT_EMODE);

	assert_int_equal(shut_game_init(&g, &rules, 2), 0);
	assert_int_equal(shut_round_state_of_game(NULL, &seat, &low, &tied),
			 SHUT_EINVAL);
	assert_int_equal(shut_round_state_of_game(&g, NULL, &low, &tied),
			 SHUT_EINVAL);
	assert_int_equal(shut_round_state_of_game(&g, &seat, &low, &tied), 0);
	assert_int_equal(seat, 0);
	assert_int_equal(tied, 0);
	g.need = SHUT_NEED_NONE;
	assert_int_equal(shut_round_state_of_game(&g, &seat, &low, &tied),
			 SHUT_ESTATE);

	assert_int_equal(shut_perfect_new(NULL, &rules, 2, NULL), SHUT_EINVAL);
	assert_int_equal(shut_perfect_new(&p, NULL, 2, NULL), SHUT_EINVAL);
	assert_int_equal(shut_perfect_new(&p, &battle, 2, NULL), SHUT_EMODE);
	assert_int_equal(shut_perfect_check(NULL, 2, NULL), SHUT_EINVAL);
	assert_int_equal(shut_perfect_check(&battle, 2, NULL), SHUT_EMODE);
	assert_int_equal(shut_perfect_check(&rules, 0, NULL), SHUT_EPLAYERS);
	assert_int_equal(shut_perfect_check(&rules, 2, NULL), 0);
	assert_int_equal(shut_perfect_falls_back(NULL, 2), 0);
	assert_int_equal(shut_perfect_falls_back(&rules, 2), 0);
	assert_int_equal(shut_perfect_falls_back(&battle, 2), 0);
	assert_null(p);
	shut_perfect_free(NULL);
	assert_null(shut_perfect_round(NULL));
	assert_int_equal(shut_perfect_new(&p, &rules, 2, NULL), 0);
	assert_non_null(shut_perfect_round(p));
	assert_int_equal(shut_perfect_solver(NULL, &g, &ps), SHUT_EINVAL);
	assert_int_equal(shut_perfect_solver(p, NULL, &ps), SHUT_EINVAL);
	assert_int_equal(shut_perfect_solver(p, &g, NULL), SHUT_EINVAL);
	assert_int_equal(shut_perfect_solver(p, &g, &ps), SHUT_ESTATE);
	assert_int_equal(shut_game_init(&g, &rules, 3), 0);
	assert_int_equal(shut_perfect_solver(p, &g, &ps), 0);
	assert_non_null(ps);
	{
		/* A copy shares the solution and outlives nothing of it. */
		struct shut_perfect *c = NULL;

		assert_int_equal(shut_perfect_copy(NULL, p), SHUT_EINVAL);
		assert_int_equal(shut_perfect_copy(&c, NULL), SHUT_EINVAL);
		assert_null(c);
		assert_int_equal(shut_perfect_copy(&c, p), 0);
		assert_ptr_equal(shut_perfect_round(c), shut_perfect_round(p));
		assert_int_equal(shut_perfect_solver(c, &g, &ps), 0);
		assert_true(shut_perfect_chance(c, 0) ==
			    shut_perfect_chance(p, 0));
		shut_perfect_free(c);
		assert_int_equal(shut_perfect_solver(p, &g, &ps), 0);
		assert_true(shut_perfect_chance(p, 1) > 0);
	}
	shut_perfect_free(p);

	assert_true(isnan(shut_perfect_chance(NULL, 0)));

	/* Matches of two. */
	{
		struct shut_match *m = NULL;
		struct shut_rules two;
		double u[46];

		assert_int_equal(shut_rules_parse(&two,
						  "classic tiles=1-4 rounds=2",
						  why, sizeof(why)),
				 0);
		assert_int_equal(shut_match_new(NULL, &two, NULL), SHUT_EINVAL);
		assert_int_equal(shut_match_new(&m, NULL, NULL), SHUT_EINVAL);
		assert_int_equal(shut_match_new(&m, &battle, NULL), SHUT_EMODE);
		assert_null(m);
		shut_match_free(NULL);
		assert_true(isnan(shut_match_chance(NULL, 0)));
		assert_true(shut_match_scores(NULL) == 0);
		assert_int_equal(shut_match_utility(NULL, &g, u), SHUT_EINVAL);
		assert_int_equal(shut_match_new(&m, &two, NULL), 0);
		assert_true(isnan(shut_match_chance(m, 2)));
		assert_true(fabs(shut_match_chance(m, 0) +
				 shut_match_chance(m, 1) - 1.0) < 1e-12);
		assert_true(shut_match_scores(m) == 11);
		assert_int_equal(shut_match_utility(m, NULL, u), SHUT_EINVAL);
		assert_int_equal(shut_match_utility(m, &g, NULL), SHUT_EINVAL);
		assert_int_equal(shut_game_init(&g, &two, 3), 0);
		assert_int_equal(shut_match_utility(m, &g, u), SHUT_ESTATE);
		assert_int_equal(shut_game_init(&g, &two, 2), 0);
		assert_int_equal(shut_match_utility(m, &g, u), 0);
		g.seat[0].total = UINT64_MAX;
		assert_int_equal(shut_match_utility(m, &g, u), SHUT_ESTATE);
		shut_match_free(m);
		assert_int_equal(shut_perfect_new(&p, &two, 2, NULL), 0);
		assert_true(shut_perfect_chance(p, 0) > 0.0);
		shut_perfect_free(p);
	}

	assert_int_equal(shut_solver_resolve(NULL, &obj), SHUT_EINVAL);
	assert_int_equal(shut_solver_scores(NULL, 1, dist, 46), SHUT_EINVAL);
	obj = (struct shut_objective){ .kind = SHUT_OBJECTIVE_EXPECTED };
	assert_int_equal(shut_solver_new(&s, &rules, &obj, NULL), 0);
	assert_int_equal(shut_solver_scores(s, 1, NULL, 46), SHUT_EINVAL);
	assert_int_equal(shut_solver_scores(s, 1, dist, 0), SHUT_EINVAL);
	assert_int_equal(shut_solver_scores(s, UINT32_MAX, dist, 46),
			 SHUT_ETILES);
	assert_int_equal(shut_solver_scores(s, 511, dist, 1), 0);
	assert_true(fabs(dist[0] - 1.0) < 1e-12);
	shut_solver_free(s);
}

/* The calls of until-shut, exact matches of any number and the miss. */
static void
win_rules_calls(void **state)
{
	struct shut_rules race, many, lose;
	struct shut_race *r = NULL;
	struct shut_many *m = NULL;
	struct shut_perfect *p = NULL;
	struct shut_round *rd = NULL;
	struct shut_round_state st;
	struct shut_objective obj;
	struct shut_solver *s = NULL;
	struct shut_game g;
	double u[16], dist[16], miss;
	char why[128];

	(void)state;
	assert_int_equal(shut_rules_parse(&race, "lucky-7", why, sizeof(why)),
			 0);
	assert_int_equal(shut_rules_parse(&many, "classic tiles=1-4 rounds=2",
					  why, sizeof(why)),
			 0);
	assert_int_equal(
	    shut_rules_parse(&lose, "2-to-go tiles=1-4", why, sizeof(why)), 0);
	assert_int_equal(shut_race_new(NULL, &race, 2, NULL), SHUT_EINVAL);
	assert_int_equal(shut_race_new(&r, NULL, 2, NULL), SHUT_EINVAL);
	assert_int_equal(shut_race_new(&r, &race, 0, NULL), SHUT_EPLAYERS);
	assert_int_equal(shut_race_new(&r, &many, 2, NULL), SHUT_EMODE);
	assert_null(r);
	shut_race_free(NULL);
	assert_true(isnan(shut_race_chance(NULL, 0)));
	assert_int_equal(shut_race_utility(NULL, &g, u), SHUT_EINVAL);
	assert_int_equal(shut_race_new(&r, &race, 2, NULL), 0);
	assert_true(isnan(shut_race_chance(r, 2)));
	assert_int_equal(shut_race_utility(r, NULL, u), SHUT_EINVAL);
	assert_int_equal(shut_game_init(&g, &race, 3), 0);
	assert_int_equal(shut_race_utility(r, &g, u), SHUT_ESTATE);
	assert_int_equal(shut_game_init(&g, &race, 2), 0);
	assert_int_equal(shut_race_utility(r, &g, u), 0);
	assert_true(u[0] == 1.0 && u[1] > 0.0 && u[1] < 1.0);
	shut_race_free(r);

	assert_int_equal(shut_many_new(NULL, &many, 3, 0, NULL), SHUT_EINVAL);
	assert_int_equal(shut_many_new(&m, NULL, 3, 0, NULL), SHUT_EINVAL);
	assert_int_equal(shut_many_new(&m, &many, 0, 0, NULL), SHUT_EPLAYERS);
	assert_int_equal(shut_many_new(&m, &race, 3, 0, NULL), SHUT_EMODE);
	assert_int_equal(shut_many_new(&m, &many, 3, 5, NULL), SHUT_ETOOBIG);
	assert_null(m);
	shut_many_free(NULL);
	assert_true(isnan(shut_many_chance(NULL, 0)));
	assert_true(shut_many_states(NULL) == 0 && shut_many_scores(NULL) == 0);
	assert_true(shut_many_guess(&race, 3) == 0.0);
	assert_true(shut_many_guess(&many, 3) > 0.0);
	assert_int_equal(shut_many_utility(NULL, &g, u, &miss), SHUT_EINVAL);
	assert_int_equal(shut_many_new(&m, &many, 3, 0, NULL), 0);
	assert_true(shut_many_states(m) > 0 && shut_many_scores(m) == 11);
	assert_true(isnan(shut_many_chance(m, 3)));
	assert_int_equal(shut_many_utility(m, NULL, u, &miss), SHUT_EINVAL);
	assert_int_equal(shut_many_utility(m, &g, NULL, &miss), SHUT_EINVAL);
	assert_int_equal(shut_many_utility(m, &g, u, NULL), SHUT_EINVAL);
	assert_int_equal(shut_many_utility(m, &g, u, &miss), SHUT_ESTATE);
	assert_int_equal(shut_game_init(&g, &many, 3), 0);
	assert_int_equal(shut_many_utility(m, &g, u, &miss), 0);
	shut_many_free(m);

	assert_int_equal(shut_perfect_new_exact(NULL, &many, 3, NULL, 0),
			 SHUT_EINVAL);
	assert_int_equal(shut_perfect_kind(NULL), SHUT_PERFECT_NONE);
	assert_int_equal(shut_perfect_new_exact(&p, &many, 3, NULL, 0), 0);
	assert_int_equal(shut_perfect_kind(p), SHUT_PERFECT_APPROX);
	shut_perfect_free(p);

	assert_int_equal(shut_round_state_of(NULL, &st), SHUT_EINVAL);
	assert_int_equal(shut_round_state_of(&g, NULL), SHUT_EINVAL);
	assert_int_equal(shut_round_objective(NULL, &st, &obj), SHUT_EINVAL);
	assert_true(isnan(shut_round_value(NULL, &st)));
	assert_int_equal(shut_round_new(&rd, &lose, 3, NULL), 0);
	assert_int_equal(shut_game_init(&g, &lose, 3), 0);
	assert_int_equal(shut_round_state_of(&g, &st), 0);
	assert_int_equal(st.lost, 0);
	assert_int_equal(shut_round_objective(rd, NULL, &obj), SHUT_EINVAL);
	assert_int_equal(shut_round_objective(rd, &st, NULL), SHUT_EINVAL);
	assert_int_equal(shut_round_objective(rd, &st, &obj), 0);
	assert_true(obj.miss != NULL && *obj.miss == 0.0);
	assert_true(shut_round_value(rd, &st) > 0.0);
	assert_true(shut_round_index(rd, &st) >= 0 &&
		    (size_t)shut_round_index(rd, &st) < shut_round_states(rd));
	assert_true(shut_round_index(NULL, &st) == -1);
	assert_true(shut_round_states(NULL) == 0);
	st.lost = 3;
	assert_true(isnan(shut_round_value(rd, &st)));
	assert_true(shut_round_index(rd, &st) == -1);
	g.need = SHUT_NEED_NONE;
	assert_int_equal(shut_round_state_of(&g, &st), SHUT_ESTATE);
	shut_round_free(rd);

	obj = (struct shut_objective){ .kind = SHUT_OBJECTIVE_SHUT };
	assert_int_equal(shut_solver_outcomes(NULL, 1, dist, 16, &miss),
			 SHUT_EINVAL);
	assert_int_equal(shut_solver_new(&s, &lose, &obj, NULL), 0);
	assert_int_equal(shut_solver_outcomes(s, 15, NULL, 16, &miss),
			 SHUT_EINVAL);
	assert_int_equal(shut_solver_outcomes(s, 15, dist, 16, NULL), 0);
	assert_int_equal(shut_solver_outcomes(s, 15, dist, 16, &miss), 0);
	assert_true(miss > 0.0 && miss < 1.0);
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
 * allowed.  They are here so that this file calls every public function.
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
		cmocka_unit_test(throws_filled_by_hand),
		cmocka_unit_test(rule_sets_filled_by_hand),
		cmocka_unit_test(strategies_without_what_they_need),
		cmocka_unit_test(policy_calls),
		cmocka_unit_test(eval_calls),
		cmocka_unit_test(win_calls),
		cmocka_unit_test(win_rules_calls),
		cmocka_unit_test(calls_without_bad_arguments),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
