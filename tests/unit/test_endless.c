/*
 * test_endless.c - no rule set the library accepts makes an endless game.
 *
 * The property: for rule sets drawn at random, leaning on what can make a
 * game endless (until-shut, until and eliminate with shut=zero, first-throw
 * with both miss rules, a bust number, one-tile moves, few faces), either
 * shut_rules_check() refuses the set, or a game of computer players playing
 * at random ends within a bound of actions.  Random players choose every
 * legal move with some probability, so a game that can end does, and fast
 * on boards this small.  Then the known endless sets are refused by name.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "shutbox.h"

#define SETS	    20000
#define ACTIONS_MAX 2000000L

static uint64_t draw_state = 0x9e3779b97f4a7c15u;

static unsigned
draw(unsigned n)
{
	draw_state = draw_state * 6364136223846793005u + 1442695040888963407u;
	return (unsigned)((draw_state >> 33) % n);
}

/* A rule set leaning on what can make a game endless. */
static void
draw_rules(struct shut_rules *r)
{
	char why[256];
	uint32_t start;
	int t;

	shut_rules_parse(r, "classic", why, sizeof(why));
	r->tile_lo = 1 + (int)draw(3);
	r->tile_hi = r->tile_lo + (int)draw(10);
	r->start = draw(3) ? SHUT_START_ALL : SHUT_START_LIST;
	r->start_list = shut_rules_tiles(r) &
			(uint32_t)(draw(1u << 16) | draw(1u << 16) << 16);
	r->start_list |= SHUT_TILE(r->tile_hi);
	start = shut_rules_start(r);
	r->dice = 1 + (int)draw(3);
	r->faces = 2 + (int)draw(7);
	r->fewer = (enum shut_fewer)draw(5);
	r->fewer_forced = (int)draw(2);
	r->move = (enum shut_move)draw(4);
	r->move_max = r->move == SHUT_MOVE_UP_TO ? 1 + (int)draw(3) : 0;
	r->first_throw = 0;
	if (draw(2)) {
		t = r->tile_lo + (int)draw(11);
		if (start & SHUT_TILE(t))
			r->first_throw = t;
	}
	r->first_miss = (enum shut_first_miss)draw(2);
	r->bust = draw(3) ? 0 : 2 + (int)draw(20);
	r->score = SHUT_SCORE_SUM;
	r->shut = (enum shut_shut)draw(2);
	r->rounds = draw(2) ? 0 : 1 + (int)draw(3);
	if (r->rounds == 0)
		r->shut = SHUT_SHUT_WIN;
	r->until = draw(2) ? 0 : 1 + (long)draw(60);
	r->eliminate = draw(3) ? 0 : 1 + (long)draw(60);
	r->stake = 0;
	r->mode = SHUT_MODE_STANDARD;
	switch (draw(4)) {
	case 0:
		/* A first throw that may never take its tile. */
		r->rounds = 0;
		r->shut = SHUT_SHUT_WIN;
		r->move = SHUT_MOVE_UP_TO;
		r->move_max = 1;
		r->first_throw = r->tile_lo;
		r->start = SHUT_START_ALL;
		break;
	case 1:
		/* A tiny box one tile at a time, maybe surely shut. */
		r->tile_hi = r->tile_lo + (int)draw(2);
		r->start = SHUT_START_ALL;
		r->move = SHUT_MOVE_ONE_TILE;
		r->faces = 2 + (int)draw(2);
		r->shut = SHUT_SHUT_ZERO;
		if (r->rounds == 0)
			r->rounds = 1;
		if (!r->until && !r->eliminate)
			r->until = 1 + (long)draw(60);
		break;
	default:
		break;
	}
}

/* Plays a game of nseats random players; the actions it took. */
static long
play_out(const struct shut_rules *r, int nseats, uint64_t seed)
{
	static struct shut_game g;
	struct shut_player players[4];
	struct shut_rng rng[4], dice_rng;
	struct shut_dice dice;
	long n = 0;
	int i;

	assert_int_equal(shut_game_init(&g, r, nseats), 0);
	shut_rng_seed(&dice_rng, seed);
	shut_dice_rng(&dice, &dice_rng);
	for (i = 0; i < nseats; i++) {
		shut_rng_seed(&rng[i], seed + 1 + (uint64_t)i);
		players[i].strategy = shut_strategy_find("random");
		players[i].ctx = &rng[i];
	}
	while (g.need != SHUT_NEED_NONE && n < ACTIONS_MAX) {
		assert_true(shut_game_step(&g, players, &dice, NULL, NULL) >=
			    0);
		n++;
	}
	return n;
}

/*
 * The best chance of shutting the box in one turn under r played as one
 * round, from the solver: an independent judge of the search in the
 * library's check.
 */
static double
best_shut(const struct shut_rules *r)
{
	struct shut_objective obj = { SHUT_OBJECTIVE_SHUT, 0 };
	struct shut_position pos = { 0, 0, 1 };
	struct shut_rules one = *r;
	struct shut_solver *s;
	struct shut_value v;

	one.rounds = 1;
	one.until = one.eliminate = 0;
	one.shut = SHUT_SHUT_WIN;
	assert_int_equal(shut_solver_new(&s, &one, &obj, NULL), 0);
	pos.open = shut_rules_start(&one);
	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	shut_solver_free(s);
	return v.shut;
}

static void
random_rule_sets_are_refused_or_end(void **state)
{
	char spec[512];
	int i, refused = 0, played = 0, judged = 0;

	(void)state;
	for (i = 0; i < SETS; i++) {
		struct shut_rules r;
		int rc, until_shut, by_total, loses;
		double p;
		long n;

		draw_rules(&r);
		rc = shut_rules_check(&r, NULL, 0);
		if (rc != 0 && rc != SHUT_EENDLESS && rc != SHUT_EUNTILSHUT) {
			refused++;
			continue;
		}
		shut_rules_print(&r, spec, sizeof(spec));
		/*
		 * The solver judges the check where no loss can end the game:
		 * until-shut is refused exactly when the box can never be
		 * shut; until and eliminate with shut=zero exactly when it
		 * can be shut every time.
		 */
		until_shut = r.rounds == 0 && !r.until && !r.eliminate;
		by_total = r.until || r.eliminate;
		loses = r.first_throw && r.first_miss == SHUT_FIRST_MISS_LOSE;
		if (!loses &&
		    (until_shut || (by_total && r.shut == SHUT_SHUT_ZERO))) {
			p = best_shut(&r);
			judged++;
			if (until_shut && (rc != 0) != (p == 0))
				fail_msg("set %d: check %d, chance to shut %g: "
					 "%s",
					 i, rc, p, spec);
			if (!until_shut && (rc != 0) != (p > 1 - 1e-12))
				fail_msg("set %d: check %d, chance to shut %g: "
					 "%s",
					 i, rc, p, spec);
		}
		if (rc != 0) {
			refused++;
			continue;
		}
		/* A game that can end, ends (unless its chance is tiny). */
		if (until_shut && best_shut(&r) < 1e-3)
			continue;
		n = play_out(&r, 1 + (int)draw(3), (uint64_t)i);
		played++;
		if (n >= ACTIONS_MAX)
			fail_msg("set %d did not end in %ld actions: %s", i,
				 ACTIONS_MAX, spec);
	}
	print_message("%d sets refused, %d played, %d judged by the "
		      "solver\n",
		      refused, played, judged);
	/* Every outcome must be common, or the draw tests too little. */
	assert_true(refused > SETS / 20);
	assert_true(played > SETS / 2);
	assert_true(judged > SETS / 10);
}

static void
known_endless_sets_are_refused(void **state)
{
	static const struct {
		const char *spec;
		int code;
	} sets[] = {
		{ "rounds=until-shut first-throw=1 move=up-to-1",
		  SHUT_EUNTILSHUT },
		{ "tiles=2-2 dice=2d2 move=one-tile shut=zero until=10",
		  SHUT_EENDLESS },
		{ "tiles=2-2 dice=2d2 move=one-tile shut=zero eliminate=10",
		  SHUT_EENDLESS },
		{ "lucky-7 bust=7", SHUT_EUNTILSHUT },
		{ "classic until=1000001", SHUT_EVALUE },
		{ "classic eliminate=1000001", SHUT_EVALUE },
	};
	static const char *const fine[] = {
		"rounds=until-shut first-throw=1 move=up-to-1 first-miss=lose",
		"tiles=2-2 dice=2d2 move=one-tile shut=win until=10",
		"tiles=2-2 dice=2d2 move=dice-or-sum shut=zero until=10",
		"classic until=1000000",
	};
	struct shut_rules r;
	char why[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		int rc = shut_rules_parse(&r, sets[i].spec, why, sizeof(why));

		if (rc != sets[i].code)
			fail_msg("'%s' gave %d, not %d: %s", sets[i].spec, rc,
				 sets[i].code, why);
	}
	for (i = 0; i < sizeof(fine) / sizeof(fine[0]); i++)
		if (shut_rules_parse(&r, fine[i], why, sizeof(why)) != 0)
			fail_msg("'%s' refused: %s", fine[i], why);
}

/* The ROUND_END among the events of one action, or NULL. */
static const struct shut_event *
round_end_of(const struct shut_events *ev)
{
	int i;

	for (i = 0; i < ev->n; i++)
		if (ev->ev[i].kind == SHUT_EVENT_ROUND_END)
			return &ev->ev[i];
	return NULL;
}

static void
counters_stay_at_their_largest_value_instead_of_wrapping(void **state)
{
	static struct shut_game g;
	static struct shut_events ev;
	struct shut_action a = { .kind = SHUT_ACT_THROW };
	const struct shut_event *e;
	struct shut_rules r;
	char why[256];
	int i;

	(void)state;
	assert_int_equal(
	    shut_rules_parse(&r, "tournament start=9", why, sizeof(why)), 0);
	assert_int_equal(shut_game_init(&g, &r, 2), 0);
	g.round = LONG_MAX;
	g.turns_played = LONG_MAX;
	g.actions = LONG_MAX;
	for (i = 0; i < 2; i++)
		g.seat[i].turns = g.seat[i].shut_count = LONG_MAX;
	/* Seat 0 shuts the box (4 + 5 = 9), seat 1 cannot move (1 + 1). */
	a.thrown = (struct shut_throw){ .n = 2, .face = { 4, 5 } };
	assert_true(shut_game_act(&g, &a, &ev) >= 0);
	assert_true(shut_game_move(&g, SHUT_TILE(9)) >= 0);
	a.thrown = (struct shut_throw){ .n = 2, .face = { 1, 1 } };
	assert_true(shut_game_act(&g, &a, &ev) >= 0);
	assert_non_null(e = round_end_of(&ev));
	assert_int_equal(e->count, INT_MAX);
	assert_true(g.need != SHUT_NEED_NONE);
	assert_true(g.round == LONG_MAX && g.turns_played == LONG_MAX &&
		    g.actions == LONG_MAX);
	for (i = 0; i < 2; i++)
		assert_true(g.seat[i].turns == LONG_MAX &&
			    g.seat[i].shut_count == LONG_MAX);
	assert_int_equal(g.seat[1].total, 9);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(known_endless_sets_are_refused),
		cmocka_unit_test(random_rule_sets_are_refused_or_end),
		cmocka_unit_test(
		    counters_stay_at_their_largest_value_instead_of_wrapping),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
