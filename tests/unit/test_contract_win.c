/*
 * test_contract_win.c - the calls of playing to win with bad arguments.
 *
 * The rule of test_contract.c, for the round, the perfect player, matches,
 * races, rounds of many players, the states of a round and the solver's
 * distributions of scores and outcomes: a bad argument gets SHUT_EINVAL or
 * the more precise code the header names (SHUT_EPLAYERS, SHUT_EMODE,
 * SHUT_ESTATE), or the call's neutral value (NaN for a chance, 0, NULL).
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
	assert_int_equal(shut_win_shape(NULL), SHUT_EINVAL);
	assert_int_equal(shut_win_shape(&rules), SHUT_WIN_ROUND);
	assert_int_equal(shut_perfect_plan(NULL, 2), SHUT_PERFECT_NONE);
	assert_int_equal(shut_perfect_plan(&battle, 2), SHUT_PERFECT_NONE);
	assert_int_equal(shut_perfect_plan(&rules, 0), SHUT_PERFECT_NONE);
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
		assert_true(shut_match_solves(NULL) == 0);
		assert_true(shut_match_solves(&battle) == 0);
		assert_true(shut_match_solves(&two) ==
			    10 * (2 * 2 * 2 - 2) + 2 * 2);
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(win_calls),
		cmocka_unit_test(win_rules_calls),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
