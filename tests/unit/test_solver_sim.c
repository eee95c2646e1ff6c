/*
 * test_solver_sim.c - the solver against the game's own play.
 *
 * The solved value of a turn is a promise about play: a player that
 * follows the solver (shut_solver_optimal, shut_solver_shut) through the
 * game engine (shut_game_step() with seeded dice) must score, on average,
 * what the solver says, within the confidence interval of the run.  Each
 * standard preset is played for SIM_TURNS one-turn games with each
 * player; each battle for SIM_BATTLES games with the solver on both
 * sides.  The runs are seeded, so they are the same every time; the bound
 * is 4 standard errors, which a correct solver passes but a wrong value
 * (or a player that does not play the solver's way) rarely does.
 *
 * the-300 is left to the benchmark: its solve alone takes seconds.
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

#define SIM_TURNS     10000
#define SIM_BATTLES   4000
#define SIM_STEPS_MAX 100000

/* Plays one game to its end; returns its number of steps. */
static long
play(struct shut_game *g, const struct shut_player *players,
     const struct shut_dice *dice)
{
	long steps = 0;

	while (g->need != SHUT_NEED_NONE) {
		int rc = shut_game_step(g, players, dice, NULL, NULL);

		if (rc < 0)
			fail_msg("step failed: %s", shut_strerror(rc));
		if (++steps > SIM_STEPS_MAX)
			fail_msg("a game that does not end");
	}
	return steps;
}

/*
 * Plays SIM_TURNS single turns of rules with the solver's player for the
 * objective, and checks the mean of what the objective counts against the
 * solved value of the start.
 */
static void
simulate(const char *name, struct shut_rules r, const char *objective,
	 uint64_t seed)
{
	const struct shut_strategy *strategy = strcmp(objective, "shut") == 0
						   ? &shut_solver_shut
						   : &shut_solver_optimal;
	struct shut_solver_options opt = { .threads = 1 };
	struct shut_position pos = { 0, 0, 1 };
	struct shut_objective o;
	struct shut_solver *s;
	struct shut_player player;
	struct shut_dice dice;
	struct shut_rng rng;
	struct shut_value v;
	double sum = 0, sum2 = 0, mean, se, want;

	/* One turn per game, the turn itself unchanged. */
	r.rounds = 1;
	r.until = 0;
	r.eliminate = 0;
	assert_int_equal(shut_objective_parse(&o, objective, NULL, 0), 0);
	assert_int_equal(shut_solver_new(&s, &r, &o, &opt), 0);
	pos.open = shut_rules_start(&r);
	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	want = v.value;
	player.strategy = strategy;
	player.ctx = s;
	shut_rng_seed(&rng, seed);
	shut_dice_rng(&dice, &rng);
	for (int i = 0; i < SIM_TURNS; i++) {
		struct shut_game g;
		double x;

		assert_int_equal(shut_game_init(&g, &r, 1), 0);
		play(&g, &player, &dice);
		if (o.kind == SHUT_OBJECTIVE_SHUT)
			x = (double)g.seat[0].shut_count;
		else if (o.kind == SHUT_OBJECTIVE_BEAT)
			x = g.seat[0].last_score < o.target;
		else
			x = (double)g.seat[0].last_score;
		sum += x;
		sum2 += x * x;
	}
	mean = sum / SIM_TURNS;
	se = sqrt(fmax(sum2 / SIM_TURNS - mean * mean, 0) / SIM_TURNS);
	/* A value of 0 or 1 has no spread: then every turn must agree. */
	if (fabs(mean - want) > 4 * se + 1e-9)
		fail_msg("%s, %s: %d turns average %.6f (se %.6f), solved %.6f",
			 name, objective, SIM_TURNS, mean, se, want);
	shut_solver_free(s);
}

static void
optimal_play_scores_the_solved_value_on_every_preset(void **state)
{
	int checked = 0;

	(void)state;
	for (size_t i = 0; i < shut_preset_count(); i++) {
		const struct shut_preset *p = shut_preset_at(i);
		struct shut_rules r;

		assert_int_equal(shut_rules_parse(&r, p->name, NULL, 0), 0);
		if (r.mode != SHUT_MODE_STANDARD ||
		    shut_tiles_count(shut_rules_start(&r)) > 12)
			continue;
		simulate(p->name, r, "expected", 1000 + i);
		simulate(p->name, r, "shut", 2000 + i);
		checked++;
	}
	assert_true(checked >= 20);
}

static void
beat_play_beats_as_often_as_solved(void **state)
{
	struct shut_rules r;

	(void)state;
	assert_int_equal(shut_rules_parse(&r, "classic", NULL, 0), 0);
	simulate("classic", r, "beat:8", 77);
	assert_int_equal(shut_rules_parse(&r, "full-house", NULL, 0), 0);
	simulate("full-house", r, "beat:30", 78);
}

/*
 * Battles with the solver on both sides: the Shutter wins as often as the
 * solved probability says.
 */
static void
simulate_battle(const char *spec, uint64_t seed)
{
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_solver_options opt = { .threads = 1 };
	struct shut_position pos = { 0, 0, 1 };
	struct shut_player players[2];
	struct shut_solver *s;
	struct shut_dice dice;
	struct shut_rng rng;
	struct shut_rules r;
	struct shut_value v;
	double wins = 0, mean, se;

	assert_int_equal(shut_rules_parse(&r, spec, NULL, 0), 0);
	assert_int_equal(shut_solver_new(&s, &r, &o, &opt), 0);
	assert_true(shut_solver_tolerance(s) <= 1e-12);
	pos.open = shut_rules_start(&r);
	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	players[0].strategy = &shut_solver_optimal;
	players[0].ctx = s;
	players[1] = players[0];
	shut_rng_seed(&rng, seed);
	shut_dice_rng(&dice, &rng);
	for (int i = 0; i < SIM_BATTLES; i++) {
		struct shut_game g;

		assert_int_equal(shut_game_init(&g, &r, 2), 0);
		play(&g, players, &dice);
		wins += g.seat[0].winner;
	}
	mean = wins / SIM_BATTLES;
	se = sqrt(v.value * (1 - v.value) / SIM_BATTLES);
	if (fabs(mean - v.value) > 4 * se)
		fail_msg("%s: the Shutter won %.4f of %d, solved %.6f", spec,
			 mean, SIM_BATTLES, v.value);
	shut_solver_free(s);
}

static void
optimal_battles_are_won_as_often_as_solved(void **state)
{
	(void)state;
	simulate_battle("battle", 31);
	simulate_battle("battle tiles=1-6 first-throw=2", 32);
	simulate_battle("battle move=up-to-2 fewer-dice=never", 33);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    optimal_play_scores_the_solved_value_on_every_preset),
		cmocka_unit_test(beat_play_beats_as_often_as_solved),
		cmocka_unit_test(optimal_battles_are_won_as_often_as_solved),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
