/*
 * test_analysis.c - the analysis of a played game (programs/analysis.c).
 *
 * Games are played here through the library by its strategies (the
 * solver's, random, fewest, highest) with seeded dice, recorded action by
 * action, and analysed with every seat included.  What must hold whatever
 * the dice did:
 *   - over every turn that ended, the value's change from the turn's start
 *     to its end is the sum of the throws' luck less the sum of the
 *     choices' costs (the values telescope: analysis.h);
 *   - a seat that plays the solver's way under the objective it is
 *     weighed by makes no error, and a random player makes some;
 *   - every cost is at least 0, and an error costs at least the tie limit.
 * The objective that fits a turn is checked on games set up by hand.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analysis.h"
#include "shutbox.h"

#define MAX_ACTIONS 4096

static struct shut_rules
rules_of(const char *spec)
{
	struct shut_rules r;
	char why[200];

	assert_int_equal(shut_rules_parse(&r, spec, why, sizeof(why)), 0);
	return r;
}

/* A game played to its end by the strategies named, recorded. */
struct played {
	struct shut_rules rules;
	int nseats;
	struct shut_action act[MAX_ACTIONS];
	size_t n;
};

/*
 * Plays a game of rules spec by the strategies named ("optimal" is the
 * solver of the lowest expected score, "shut" the solver of the chance to
 * shut), the dice thrown from seed.
 */
static void
play(struct played *pl, const char *spec, const char *const *names, int nseats,
     uint64_t seed)
{
	static struct shut_game g;
	struct shut_player players[SHUT_SEATS_MAX];
	struct shut_rng rng[SHUT_SEATS_MAX + 1];
	struct shut_solver *solver[2] = { NULL, NULL };
	struct shut_objective obj[2] = { { .kind = SHUT_OBJECTIVE_EXPECTED },
					 { .kind = SHUT_OBJECTIVE_SHUT } };
	struct shut_perfect *perfect = NULL;
	struct shut_dice dice;
	int i, k;

	pl->rules = rules_of(spec);
	pl->nseats = nseats;
	pl->n = 0;
	for (k = 0; k < 2; k++)
		assert_int_equal(
		    shut_solver_new(&solver[k], &pl->rules, &obj[k], NULL), 0);
	for (i = 0; i < nseats; i++) {
		shut_rng_seed(&rng[i], seed * 100 + (uint64_t)i);
		if (strcmp(names[i], "optimal") == 0) {
			players[i].strategy = &shut_solver_optimal;
			players[i].ctx = solver[0];
		} else if (strcmp(names[i], "shut") == 0) {
			players[i].strategy = &shut_solver_shut;
			players[i].ctx = solver[1];
		} else if (strcmp(names[i], "perfect") == 0) {
			if (perfect == NULL)
				assert_int_equal(shut_perfect_new(&perfect,
								  &pl->rules,
								  nseats, NULL),
						 0);
			players[i].strategy = &shut_win_perfect;
			players[i].ctx = perfect;
		} else {
			players[i].strategy = shut_strategy_find(names[i]);
			players[i].ctx = &rng[i];
			assert_non_null(players[i].strategy);
		}
	}
	shut_rng_seed(&rng[nseats], seed);
	shut_dice_rng(&dice, &rng[nseats]);
	assert_int_equal(shut_game_init(&g, &pl->rules, nseats), 0);
	while (g.need != SHUT_NEED_NONE) {
		assert_true(pl->n < MAX_ACTIONS);
		assert_true(shut_game_step(&g, players, &dice,
					   &pl->act[pl->n++], NULL) >= 0);
	}
	shut_solver_free(solver[0]);
	shut_solver_free(solver[1]);
	shut_perfect_free(perfect);
}

/* Analyses pl with every seat; returns the number of complete turns. */
static size_t
analyse_all(struct analysis *a, const struct played *pl)
{
	int all[SHUT_SEATS_MAX];
	size_t i, complete = 0;

	for (i = 0; i < SHUT_SEATS_MAX; i++)
		all[i] = 1;
	assert_int_equal(
	    analysis_run(a, &pl->rules, pl->nseats, all, pl->act, pl->n), 0);
	for (i = 0; i < a->nturns; i++)
		complete += a->turn[i].complete;
	/* Played to the end, nobody leaving: every turn ended by the rules. */
	assert_int_equal(complete, a->nturns);
	return complete;
}

/* The luck less the costs of each turn is its change of value. */
static void
check_turns(const struct analysis *a)
{
	size_t i, k;

	for (i = 0; i < a->nturns; i++) {
		const struct analysis_turn *tu = &a->turn[i];
		double luck = 0, cost = 0, change, scale;

		for (k = 0; k < tu->nsteps; k++) {
			const struct analysis_step *st =
			    &a->step[tu->first + k];

			assert_true(st->cost >= 0);
			assert_int_equal(st->error, st->cost >= ANALYSIS_TIE);
			luck += st->luck;
			cost += st->cost;
		}
		assert_true(fabs(luck - tu->luck) < 1e-12);
		assert_true(fabs(cost - tu->cost) < 1e-12);
		if (!tu->complete)
			continue;
		change = analysis_gain(&tu->obj, tu->end) -
			 analysis_gain(&tu->obj, tu->start);
		/* Rounding only: relative to the values' size. */
		scale = fmax(1.0, fmax(fabs(tu->start), fabs(tu->end)));
		if (fabs(change - (luck - cost)) > 1e-9 * scale)
			fail_msg("turn %zu (seat %d, round %ld): change %.15g, "
				 "luck %.15g, cost %.15g",
				 i, tu->seat, tu->round, change, luck, cost);
	}
}

static const char *const mixed[] = { "optimal", "random", "fewest", "highest" };

static void
the_luck_less_the_costs_is_the_change_over_every_turn(void **state)
{
	static const char *const specs[] = {
		"classic",
		"five-rounds",
		"tournament",
		"lucky-7",
		"classic tiles=1-12 score=digits",
		"classic move=one-tile bust=7 first-throw=9",
		"classic dice=3d6 tiles=1-10 fewer-dice=any-time",
		"travel",
	};
	static struct played pl;
	static struct analysis a;
	size_t complete = 0;
	uint64_t seed;
	size_t s;

	(void)state;
	analysis_init(&a);
	for (s = 0; s < sizeof(specs) / sizeof(specs[0]); s++)
		for (seed = 1; seed <= 6; seed++) {
			play(&pl, specs[s], mixed, 1 + (int)(seed % 4), seed);
			complete += analyse_all(&a, &pl);
			check_turns(&a);
		}
	/* Enough turns were checked for the test to mean something. */
	assert_true(complete > 100);
	analysis_release(&a);
}

static void
the_solvers_play_makes_no_error_and_random_play_does(void **state)
{
	static const char *const seats[] = { "optimal", "random", "optimal" };
	static struct played pl;
	static struct analysis a;
	long random_errors = 0, decisions = 0;
	uint64_t seed;

	(void)state;
	analysis_init(&a);
	a.forced = 1;
	a.force.kind = SHUT_OBJECTIVE_EXPECTED;
	for (seed = 1; seed <= 8; seed++) {
		play(&pl, "tournament", seats, 3, seed);
		analyse_all(&a, &pl);
		check_turns(&a);
		assert_int_equal(a.seat[0].errors[ANALYSIS_POINTS], 0);
		assert_int_equal(a.seat[2].errors[ANALYSIS_POINTS], 0);
		assert_true(a.seat[0].cost[ANALYSIS_POINTS] < ANALYSIS_TIE);
		decisions += a.seat[0].decisions[ANALYSIS_POINTS];
		random_errors += a.seat[1].errors[ANALYSIS_POINTS];
	}
	assert_true(decisions > 50);
	assert_true(random_errors > 10);
	/* The solver of the chance to shut, weighed by that chance. */
	a.force.kind = SHUT_OBJECTIVE_SHUT;
	for (seed = 1; seed <= 4; seed++) {
		static const char *const shutters[] = { "shut", "shut" };

		play(&pl, "classic shut=zero rounds=3", shutters, 2, seed);
		analyse_all(&a, &pl);
		check_turns(&a);
		assert_int_equal(a.seat[0].errors[ANALYSIS_CHANCE], 0);
		assert_int_equal(a.seat[1].errors[ANALYSIS_CHANCE], 0);
	}
	analysis_release(&a);
}

/* A game of spec with the totals given, seat turn to throw in round. */
/*
 * By the chance of winning (a.perfect lent): every turn is weighed under
 * the player to win's utility, the values telescope as under any other
 * objective, the perfect seats make no error and the random ones some.
 */
static void
by_the_chance_of_winning_perfect_makes_no_error(void **state)
{
	static const struct {
		const char *spec;
		int nseats;
	} games[] = {
		{ "classic", 2 },
		{ "classic shut=zero", 3 },
		{ "five-rounds", 2 },
		{ "classic tiles=1-6 until=15", 2 },
		{ "missionary eliminate=20", 2 },
	};
	static const char *const seats[] = { "perfect", "random", "perfect" };
	static struct played pl;
	static struct analysis a;
	long decisions = 0, random_errors = 0;

	(void)state;
	for (size_t k = 0; k < sizeof(games) / sizeof(games[0]); k++) {
		struct shut_rules r = rules_of(games[k].spec);
		struct shut_perfect *p = NULL;

		assert_int_equal(
		    shut_perfect_new(&p, &r, games[k].nseats, NULL), 0);
		analysis_init(&a);
		a.perfect = p;
		for (uint64_t seed = 1; seed <= 6; seed++) {
			play(&pl, games[k].spec, seats, games[k].nseats, seed);
			analyse_all(&a, &pl);
			check_turns(&a);
			for (size_t i = 0; i < a.nturns; i++)
				assert_int_equal(a.turn[i].obj.kind,
						 SHUT_OBJECTIVE_UTILITY);
			for (int i = 0; i < games[k].nseats; i += 2) {
				assert_int_equal(
				    a.seat[i].errors[ANALYSIS_CHANCE], 0);
				decisions +=
				    a.seat[i].decisions[ANALYSIS_CHANCE];
			}
			random_errors += a.seat[1].errors[ANALYSIS_CHANCE];
		}
		analysis_release(&a);
		shut_perfect_free(p);
	}
	assert_true(decisions > 100);
	assert_true(random_errors > 10);
}

/*
 * A mistake planted by the first of two in classic, weighed by the chance
 * of winning, against numbers made here without the round's solution:
 * the first seat's chance of winning when it scores x is 1 when x is 0
 * (a shut box wins at once), else one less the second seat's best chance
 * to score under x, a tie half a win (beat:x:0.5 from the start).  The
 * first seat's values are those of a turn solver for that utility.
 */
static void
a_planted_mistake_costs_the_chance_of_winning(void **state)
{
	static struct shut_game g;
	static struct analysis a;
	struct shut_rules r = rules_of("classic");
	struct shut_action act[3];
	struct shut_throw t = { 2, { 4, 1 } };
	struct shut_choice c[8];
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_UTILITY };
	struct shut_perfect *p = NULL;
	struct shut_solver *s = NULL;
	struct shut_position pos;
	double u[46], best = NAN, bad = NAN;
	int all[2] = { 1, 1 };
	size_t n = 0;
	long k;

	(void)state;
	assert_int_equal(shut_game_init(&g, &r, 2), 0);
	shut_position_of_game(&pos, &g);
	if (g.need == SHUT_NEED_DICE)
		act[n++] =
		    (struct shut_action){ .kind = SHUT_ACT_DICE, .dice = 2 };
	act[n++] = (struct shut_action){ .kind = SHUT_ACT_THROW, .thrown = t };
	act[n++] = (struct shut_action){ .kind = SHUT_ACT_MOVE,
					 .move = SHUT_TILE(1) | SHUT_TILE(4) };
	u[0] = 1;
	for (int x = 1; x <= 45; x++) {
		struct shut_objective beat = { .kind = SHUT_OBJECTIVE_BEAT,
					       .target = (uint64_t)x,
					       .tie = 0.5 };
		struct shut_value v;

		assert_int_equal(shut_solver_new(&s, &r, &beat, NULL), 0);
		assert_int_equal(shut_solver_value(s, &pos, &v), 0);
		u[x] = 1 - v.value;
		shut_solver_free(s);
	}
	o.utility = u;
	o.scores = 46;
	assert_int_equal(shut_solver_new(&s, &r, &o, NULL), 0);
	k = shut_solver_rank_moves(s, &pos, &t, c, 8);
	for (long i = 0; i < k; i++) {
		if (c[i].move == SHUT_TILE(5))
			best = c[i].v.value;
		if (c[i].move == (SHUT_TILE(1) | SHUT_TILE(4)))
			bad = c[i].v.value;
	}
	shut_solver_free(s);
	assert_int_equal(c[0].move, SHUT_TILE(5));

	assert_int_equal(shut_perfect_new(&p, &r, 2, NULL), 0);
	analysis_init(&a);
	a.perfect = p;
	assert_int_equal(analysis_run(&a, &r, 2, all, act, n), 0);
	assert_int_equal(a.seat[0].errors[ANALYSIS_CHANCE], 1);
	for (size_t i = 0; i < a.nsteps; i++) {
		const struct analysis_step *st = &a.step[i];

		if (st->kind != ANALYSIS_MOVE)
			continue;
		assert_true(fabs(st->best_value - best) < 1e-12);
		assert_true(fabs(st->value - bad) < 1e-12);
		assert_true(fabs(st->cost - (best - bad)) < 1e-12);
		assert_true(st->cost > 0.1);
	}
	/* The turn starts at the first seat's chance from the start. */
	assert_true(fabs(a.turn[0].start - shut_perfect_chance(p, 0)) < 1e-12);
	analysis_release(&a);
	shut_perfect_free(p);
}

static void
objective_at(const char *spec, int nseats, int turn, long round,
	     const uint64_t *totals, struct shut_objective *obj)
{
	static struct shut_game g;
	struct shut_rules r = rules_of(spec);
	int i;

	assert_int_equal(shut_game_init(&g, &r, nseats), 0);
	g.turn = turn;
	g.round = round;
	for (i = 0; i < nseats; i++)
		g.seat[i].total = totals[i];
	analysis_objective(&g, obj);
}

static void
the_objective_fits_the_turn(void **state)
{
	static const uint64_t none[4] = { 0, 0, 0, 0 };
	static const uint64_t some[4] = { 12, 7, 30, 0 };
	struct shut_objective obj;

	(void)state;
	/* Solitaire: the total is the result. */
	objective_at("classic", 1, 0, 1, none, &obj);
	assert_int_equal(obj.kind, SHUT_OBJECTIVE_EXPECTED);
	/* Shutting wins: the first player plays for it. */
	objective_at("classic", 2, 0, 1, none, &obj);
	assert_int_equal(obj.kind, SHUT_OBJECTIVE_SHUT);
	/* The last player must beat the lowest score so far. */
	objective_at("classic", 4, 3, 1, some, &obj);
	assert_int_equal(obj.kind, SHUT_OBJECTIVE_BEAT);
	assert_int_equal(obj.target, 7);
	/* Until the box is shut: the chance to shut, even alone. */
	objective_at("lucky-7", 1, 0, 4, none, &obj);
	assert_int_equal(obj.kind, SHUT_OBJECTIVE_SHUT);
	/* Five rounds: expected until the last player's last turn. */
	objective_at("five-rounds", 4, 3, 4, some, &obj);
	assert_int_equal(obj.kind, SHUT_OBJECTIVE_EXPECTED);
	objective_at("five-rounds", 4, 2, 5, some, &obj);
	assert_int_equal(obj.kind, SHUT_OBJECTIVE_EXPECTED);
	objective_at("five-rounds", 4, 3, 5, some, &obj);
	assert_int_equal(obj.kind, SHUT_OBJECTIVE_BEAT);
	assert_int_equal(obj.target, 7);
	/* A last player who cannot win plays for the lowest score. */
	objective_at("five-rounds", 3, 2, 5, some, &obj);
	assert_int_equal(obj.kind, SHUT_OBJECTIVE_EXPECTED);
	/* Totals that run on: no round decides. */
	objective_at("tournament", 4, 3, 9, some, &obj);
	assert_int_equal(obj.kind, SHUT_OBJECTIVE_EXPECTED);
}

static void
a_turn_its_player_leaves_stops_unfinished(void **state)
{
	static struct shut_game g;
	static struct played pl;
	static struct analysis a;
	struct shut_player players[3];
	struct shut_rng rng;
	struct shut_dice dice;
	int all[3] = { 1, 1, 1 }, i;

	(void)state;
	pl.rules = rules_of("tournament");
	pl.nseats = 3;
	pl.n = 0;
	for (i = 0; i < 3; i++) {
		players[i].strategy = shut_strategy_find("fewest");
		players[i].ctx = NULL;
	}
	shut_rng_seed(&rng, 5);
	shut_dice_rng(&dice, &rng);
	assert_int_equal(shut_game_init(&g, &pl.rules, 3), 0);
	/* Seat 0 throws and moves once or more, then seat 1 leaves. */
	while (g.turn == 0)
		assert_true(shut_game_step(&g, players, &dice, &pl.act[pl.n++],
					   NULL) >= 0);
	assert_true(shut_game_step(&g, players, &dice, &pl.act[pl.n++], NULL) >=
		    0);
	assert_int_equal(g.turn, 1);
	pl.act[pl.n].kind = SHUT_ACT_LEAVE;
	pl.act[pl.n].seat = 1;
	assert_true(shut_game_act(&g, &pl.act[pl.n++], NULL) >= 0);
	while (g.need != SHUT_NEED_NONE && pl.n < MAX_ACTIONS)
		assert_true(shut_game_step(&g, players, &dice, &pl.act[pl.n++],
					   NULL) >= 0);
	analysis_init(&a);
	assert_int_equal(
	    analysis_run(&a, &pl.rules, pl.nseats, all, pl.act, pl.n), 0);
	check_turns(&a);
	assert_int_equal(a.turn[0].seat, 0);
	assert_true(a.turn[0].complete);
	assert_int_equal(a.turn[1].seat, 1);
	assert_false(a.turn[1].complete);
	assert_int_equal(a.turn[2].seat, 2);
	assert_true(a.turn[2].complete);
	assert_int_equal(a.seat[1].turns, 1);
	analysis_release(&a);
}

static void
a_battle_is_refused_in_one_line(void **state)
{
	static struct analysis a;
	struct shut_rules r = rules_of("battle");
	int all[2] = { 1, 1 };

	(void)state;
	analysis_init(&a);
	assert_int_equal(analysis_run(&a, &r, 2, all, NULL, 0), SHUT_EMODE);
	assert_non_null(strstr(a.why, "battle"));
	analysis_release(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    the_luck_less_the_costs_is_the_change_over_every_turn),
		cmocka_unit_test(
		    the_solvers_play_makes_no_error_and_random_play_does),
		cmocka_unit_test(
		    by_the_chance_of_winning_perfect_makes_no_error),
		cmocka_unit_test(a_planted_mistake_costs_the_chance_of_winning),
		cmocka_unit_test(the_objective_fits_the_turn),
		cmocka_unit_test(a_turn_its_player_leaves_stops_unfinished),
		cmocka_unit_test(a_battle_is_refused_in_one_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
