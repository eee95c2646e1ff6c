/*
 * test_game.c - whole games through the step function.
 *
 * Two kinds of test: scripted games, where the test supplies every throw
 * and move and checks each event; and seeded games played by the library's
 * strategies, checked against what every game of that match format must
 * satisfy (who played how many turns, why it ended, who won).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "shutbox.h"

/* ---------------------------------------------------------------------
 * Helpers
 */

static struct shut_rules
rules_of(const char *spec)
{
	struct shut_rules r;
	char why[200];

	assert_int_equal(shut_rules_parse(&r, spec, why, sizeof(why)), 0);
	return r;
}

static void
start(struct shut_game *g, const char *spec, int nseats)
{
	struct shut_rules r = rules_of(spec);

	assert_int_equal(shut_game_init(g, &r, nseats), 0);
}

/*
 * The calls of the game with the events every action of a kind causes left
 * out of the mask, so that a test names only what the action did besides.
 */
static int
routine_out(int rc)
{
	return rc < 0 ? rc : rc & ~(int)SHUT_EV_ROUTINE;
}

static int
move_ev(struct shut_game *g, uint32_t move)
{
	return routine_out(shut_game_move(g, move));
}

static int
throw_ev(struct shut_game *g, const struct shut_throw *t)
{
	return routine_out(shut_game_throw(g, t));
}

static int
dice_ev(struct shut_game *g, int d)
{
	return routine_out(shut_game_dice(g, d));
}

static struct shut_throw
throw2(int a, int b)
{
	struct shut_throw t = { .n = 2, .face = { a, b } };

	return t;
}

/* Throws a, b (two dice must be wanted) and returns the events. */
static int
throw_ab(struct shut_game *g, int a, int b)
{
	struct shut_throw t = throw2(a, b);

	if (g->need == SHUT_NEED_DICE)
		assert_int_equal(dice_ev(g, 2), 0);
	assert_int_equal(g->need, SHUT_NEED_THROW);
	return throw_ev(g, &t);
}

static uint32_t
tiles(const char *list)
{
	uint32_t m;
	char why[100];

	assert_int_equal(shut_tiles_parse(list, &m, why, sizeof(why)), 0);
	return m;
}

/* Plays a whole seeded game with every seat on strategy name. */
static long
play_seeded(struct shut_game *g, const char *spec, int nseats, const char *name,
	    uint64_t seed)
{
	struct shut_player players[SHUT_SEATS_MAX];
	struct shut_rng dice_rng, choice_rng;
	struct shut_dice dice;
	long steps = 0;
	int i;

	start(g, spec, nseats);
	shut_rng_seed(&dice_rng, seed);
	shut_rng_seed(&choice_rng, seed + 1);
	shut_dice_rng(&dice, &dice_rng);
	for (i = 0; i < nseats; i++) {
		players[i].strategy = shut_strategy_find(name);
		players[i].ctx = &choice_rng;
		assert_non_null(players[i].strategy);
	}
	while (g->need != SHUT_NEED_NONE) {
		int ev = shut_game_step(g, players, &dice, NULL, NULL);

		assert_true(ev >= 0);
		steps++;
		assert_true(steps < 1000000);
	}
	return steps;
}

static int
count_winners(const struct shut_game *g)
{
	int i, n = 0;

	for (i = 0; i < g->nseats; i++)
		n += g->seat[i].winner;
	return n;
}

/* The winners are exactly the seats with the lowest total among those in. */
static void
assert_lowest_total_wins(const struct shut_game *g)
{
	uint64_t best = UINT64_MAX;
	int alive = 0, i;

	for (i = 0; i < g->nseats; i++)
		alive += !g->seat[i].out;
	for (i = 0; i < g->nseats; i++)
		if ((!alive || !g->seat[i].out) && g->seat[i].total < best)
			best = g->seat[i].total;
	for (i = 0; i < g->nseats; i++) {
		int in = !alive || !g->seat[i].out;

		assert_int_equal(g->seat[i].winner,
				 in && g->seat[i].total == best);
	}
	assert_int_equal(g->nwinners, count_winners(g));
}

/* ---------------------------------------------------------------------
 * Scripted turns
 */

/* Seed 002's worked example, played under five-rounds. */
static void
seed_002_three_throws_end_the_turn_with_26_open(void **state)
{
	struct shut_game g;

	(void)state;
	start(&g, "five-rounds", 1);
	assert_int_equal(throw_ab(&g, 3, 5), 0);
	assert_int_equal(g.need, SHUT_NEED_MOVE);
	assert_int_equal(move_ev(&g, tiles("3,5")) >= 0, 1);
	/* Undo is not possible: play the text's choice in a fresh game. */
	start(&g, "five-rounds", 1);
	assert_int_equal(throw_ab(&g, 3, 5), 0);
	assert_int_equal(move_ev(&g, tiles("8")), 0);
	assert_int_equal(throw_ab(&g, 5, 6), 0);
	assert_int_equal(move_ev(&g, tiles("11")), SHUT_EILLEGAL);
	assert_int_equal(move_ev(&g, tiles("5,6")), 0);
	/* Solitaire: the end of the turn is the end of round 1 of 5. */
	assert_int_equal(throw_ab(&g, 1, 5), SHUT_EV(SHUT_EVENT_BLOCKED) |
						 SHUT_EV(SHUT_EVENT_TURN_END) |
						 SHUT_EV(SHUT_EVENT_ROUND_END));
	assert_int_equal(g.seat[0].last_score, 45 - 8 - 5 - 6);
	assert_int_equal(g.seat[0].total, 26);
	assert_int_equal(g.round, 2);
	assert_int_equal(g.need, SHUT_NEED_THROW);
}

static void
a_move_before_a_throw_is_refused_and_changes_nothing(void **state)
{
	struct shut_game g, before;

	(void)state;
	start(&g, "classic", 2);
	before = g;
	assert_int_equal(move_ev(&g, tiles("8")), SHUT_ESTATE);
	assert_int_equal(g.need, before.need);
	assert_int_equal(g.open, before.open);
	assert_int_equal(g.turn, before.turn);
	assert_int_equal(throw_ab(&g, 6, 2), 0);
	before = g;
	assert_int_equal(move_ev(&g, tiles("7")), SHUT_EILLEGAL);
	assert_int_equal(move_ev(&g, tiles("1,2,5")), 0);
	assert_int_equal(g.open, tiles("3,4,6-9"));
	g = before;
	assert_int_equal(dice_ev(&g, 2), SHUT_ESTATE);
}

static void
a_throw_of_the_wrong_dice_count_or_faces_is_refused(void **state)
{
	struct shut_game g;
	struct shut_throw one = { .n = 1, .face = { 3 } };
	struct shut_throw seven = throw2(7, 1);

	(void)state;
	start(&g, "classic", 1);
	assert_int_equal(throw_ev(&g, &one), SHUT_ETHROW);
	assert_int_equal(throw_ev(&g, &seven), SHUT_ETHROW);
	assert_int_equal(g.need, SHUT_NEED_THROW);
}

static void
one_die_is_offered_once_7_8_and_9_are_shut(void **state)
{
	struct shut_game g;
	struct shut_throw one = { .n = 1, .face = { 6 } };

	(void)state;
	start(&g, "classic", 1);
	assert_int_equal(throw_ab(&g, 4, 5), 0);
	assert_int_equal(move_ev(&g, tiles("9")), 0);
	assert_int_equal(g.need, SHUT_NEED_THROW);
	assert_int_equal(throw_ab(&g, 4, 4), 0);
	assert_int_equal(move_ev(&g, tiles("8")), 0);
	assert_int_equal(throw_ab(&g, 3, 4), 0);
	assert_int_equal(move_ev(&g, tiles("7")), 0);
	assert_int_equal(g.need, SHUT_NEED_DICE);
	assert_int_equal(shut_game_dice_choices(&g), (1u << 1) | (1u << 2));
	assert_int_equal(dice_ev(&g, 3), SHUT_EDICE);
	assert_int_equal(dice_ev(&g, 1), 0);
	assert_int_equal(throw_ev(&g, &one), 0);
	assert_int_equal(move_ev(&g, tiles("6")), 0);
}

static void
a_forced_rule_throws_one_die_without_asking(void **state)
{
	struct shut_game g;

	(void)state;
	start(&g, "classic fewer-dice-forced=yes start=1-6", 1);
	assert_int_equal(g.need, SHUT_NEED_THROW);
	assert_int_equal(g.ndice, 1);
}

static void
two_to_go_ends_the_turn_when_the_first_throw_cannot_shut_2(void **state)
{
	struct shut_game g;

	(void)state;
	start(&g, "classic first-throw=2", 2);
	assert_int_equal(throw_ab(&g, 3, 1), SHUT_EV(SHUT_EVENT_MISS) |
						 SHUT_EV(SHUT_EVENT_TURN_END));
	assert_int_equal(g.seat[0].last_score, 45);
	assert_int_equal(g.turn, 1);
	assert_int_equal(throw_ab(&g, 3, 2), 0);
	assert_int_equal(move_ev(&g, tiles("5")), SHUT_EILLEGAL);
	assert_int_equal(move_ev(&g, tiles("2,3")), 0);
	/* After the first throw, 2 is no longer required. */
	assert_int_equal(throw_ab(&g, 3, 2), 0);
	assert_int_equal(move_ev(&g, tiles("5")), 0);
}

static void
a_bust_throw_ends_the_turn_at_once(void **state)
{
	struct shut_game g;

	(void)state;
	start(&g, "unlucky-7", 1);
	assert_int_equal(throw_ab(&g, 5, 4), 0);
	assert_int_equal(move_ev(&g, tiles("9")), 0);
	assert_int_equal(throw_ab(&g, 3, 4), SHUT_EV(SHUT_EVENT_BUST) |
						 SHUT_EV(SHUT_EVENT_TURN_END) |
						 SHUT_EV(SHUT_EVENT_ROUND_END) |
						 SHUT_EV(SHUT_EVENT_WIN) |
						 SHUT_EV(SHUT_EVENT_GAME_END));
	assert_int_equal(g.seat[0].total, 36);
	assert_int_equal(g.need, SHUT_NEED_NONE);
}

/* Shuts tiles 1-9 of a classic box in five scripted throws. */
static int
shut_classic_box(struct shut_game *g)
{
	int ev;

	throw_ab(g, 4, 5);
	move_ev(g, tiles("9"));
	throw_ab(g, 4, 4);
	move_ev(g, tiles("8"));
	throw_ab(g, 3, 4);
	move_ev(g, tiles("7"));
	dice_ev(g, 2);
	throw_ab(g, 6, 5);
	move_ev(g, tiles("5,6"));
	throw_ab(g, 6, 4);
	ev = move_ev(g, tiles("1-4"));
	return ev;
}

static void
shutting_the_box_under_shut_win_ends_the_game_mid_round(void **state)
{
	struct shut_game g;
	int ev;

	(void)state;
	start(&g, "classic", 3);
	assert_int_equal(throw_ab(&g, 1, 1), 0); /* 2 is open: a move */
	assert_int_equal(move_ev(&g, tiles("2")), 0);
	assert_int_equal(throw_ab(&g, 1, 1), SHUT_EV(SHUT_EVENT_BLOCKED) |
						 SHUT_EV(SHUT_EVENT_TURN_END));
	assert_int_equal(g.turn, 1);
	ev = shut_classic_box(&g);
	assert_int_equal(
	    ev, SHUT_EV(SHUT_EVENT_SHUT) | SHUT_EV(SHUT_EVENT_TURN_END) |
		    SHUT_EV(SHUT_EVENT_WIN) | SHUT_EV(SHUT_EVENT_GAME_END));
	assert_int_equal(g.need, SHUT_NEED_NONE);
	assert_int_equal(g.seat[1].winner, 1);
	assert_int_equal(g.seat[0].winner, 0);
	assert_int_equal(g.seat[2].winner, 0);
	assert_int_equal(g.seat[2].turns, 0);
	assert_int_equal(g.nwinners, 1);
}

static void
shutting_the_box_under_shut_zero_scores_nothing_and_play_goes_on(void **state)
{
	struct shut_game g;
	int ev;

	(void)state;
	start(&g, "classic shut=zero rounds=2", 2);
	ev = shut_classic_box(&g);
	assert_int_equal(ev, SHUT_EV(SHUT_EVENT_SHUT) |
				 SHUT_EV(SHUT_EVENT_TURN_END));
	assert_int_equal(g.seat[0].last_score, 0);
	assert_int_equal(g.seat[0].shut_count, 1);
	assert_int_equal(g.turn, 1);
	assert_int_equal(g.open, tiles("1-9"));
}

static void
equal_lowest_totals_share_the_win_and_the_pot(void **state)
{
	struct shut_game g;

	(void)state;
	start(&g, "pub start=7-9", 3);
	assert_int_equal(shut_game_pot(&g), 300);
	/* Seats 0 and 2 shut 9 and leave 15; seat 1 leaves 24. */
	assert_int_equal(throw_ab(&g, 4, 5), 0);
	assert_int_equal(move_ev(&g, tiles("9")), 0);
	assert_int_equal(throw_ab(&g, 1, 1), SHUT_EV(SHUT_EVENT_BLOCKED) |
						 SHUT_EV(SHUT_EVENT_TURN_END));
	assert_int_equal(throw_ab(&g, 1, 1), SHUT_EV(SHUT_EVENT_BLOCKED) |
						 SHUT_EV(SHUT_EVENT_TURN_END));
	assert_int_equal(throw_ab(&g, 4, 5), 0);
	assert_int_equal(move_ev(&g, tiles("9")), 0);
	assert_int_equal(throw_ab(&g, 1, 1), SHUT_EV(SHUT_EVENT_BLOCKED) |
						 SHUT_EV(SHUT_EVENT_TURN_END) |
						 SHUT_EV(SHUT_EVENT_ROUND_END) |
						 SHUT_EV(SHUT_EVENT_WIN) |
						 SHUT_EV(SHUT_EVENT_GAME_END));
	assert_int_equal(g.seat[0].total, 15);
	assert_int_equal(g.seat[1].total, 24);
	assert_int_equal(g.seat[2].total, 15);
	assert_int_equal(g.nwinners, 2);
	assert_int_equal(g.seat[0].winner, 1);
	assert_int_equal(g.seat[1].winner, 0);
	assert_int_equal(g.seat[2].winner, 1);
}

static void
everyone_out_after_a_complete_round_gives_the_lowest_total_the_win(void **state)
{
	struct shut_game g;

	(void)state;
	start(&g, "classic eliminate=40", 2);
	throw_ab(&g, 1, 1);
	move_ev(&g, tiles("2"));
	assert_int_equal(throw_ab(&g, 1, 1), SHUT_EV(SHUT_EVENT_BLOCKED) |
						 SHUT_EV(SHUT_EVENT_TURN_END) |
						 SHUT_EV(SHUT_EVENT_OUT));
	assert_int_equal(g.seat[0].out, 1);
	/* The round is completed: seat 1 still plays. */
	assert_int_equal(g.turn, 1);
	assert_int_equal(g.need, SHUT_NEED_THROW);
	throw_ab(&g, 1, 2);
	move_ev(&g, tiles("1,2"));
	assert_int_equal(
	    throw_ab(&g, 1, 1),
	    SHUT_EV(SHUT_EVENT_BLOCKED) | SHUT_EV(SHUT_EVENT_TURN_END) |
		SHUT_EV(SHUT_EVENT_OUT) | SHUT_EV(SHUT_EVENT_ROUND_END) |
		SHUT_EV(SHUT_EVENT_WIN) | SHUT_EV(SHUT_EVENT_GAME_END));
	assert_int_equal(g.seat[0].total, 43);
	assert_int_equal(g.seat[1].total, 42);
	assert_int_equal(g.seat[1].winner, 1);
	assert_int_equal(g.seat[0].winner, 0);
	assert_int_equal(g.nwinners, 1);
}

static void
the_game_ends_after_the_round_that_leaves_one_player_in(void **state)
{
	struct shut_game g;

	(void)state;
	start(&g, "classic start=7-9 eliminate=20", 3);
	assert_int_equal(throw_ab(&g, 1, 1), SHUT_EV(SHUT_EVENT_BLOCKED) |
						 SHUT_EV(SHUT_EVENT_TURN_END) |
						 SHUT_EV(SHUT_EVENT_OUT));
	assert_int_equal(throw_ab(&g, 4, 5), 0);
	assert_int_equal(move_ev(&g, tiles("9")), 0);
	assert_int_equal(throw_ab(&g, 1, 1), SHUT_EV(SHUT_EVENT_BLOCKED) |
						 SHUT_EV(SHUT_EVENT_TURN_END));
	assert_int_equal(
	    throw_ab(&g, 1, 1),
	    SHUT_EV(SHUT_EVENT_BLOCKED) | SHUT_EV(SHUT_EVENT_TURN_END) |
		SHUT_EV(SHUT_EVENT_OUT) | SHUT_EV(SHUT_EVENT_ROUND_END) |
		SHUT_EV(SHUT_EVENT_WIN) | SHUT_EV(SHUT_EVENT_GAME_END));
	assert_int_equal(g.seat[1].winner, 1);
	assert_int_equal(g.seat[1].total, 15);
	assert_int_equal(g.nwinners, 1);
}

static void
battle_the_shutter_wins_by_shutting_every_tile(void **state)
{
	struct shut_game g;
	int ev;

	(void)state;
	start(&g, "battle", 2);
	assert_int_equal(g.turn, 0);
	ev = shut_classic_box(&g);
	assert_int_equal(
	    ev, SHUT_EV(SHUT_EVENT_SHUT) | SHUT_EV(SHUT_EVENT_TURN_END) |
		    SHUT_EV(SHUT_EVENT_WIN) | SHUT_EV(SHUT_EVENT_GAME_END));
	assert_int_equal(g.seat[0].winner, 1);
	assert_int_equal(g.seat[1].winner, 0);
}

static void
battle_the_opener_opens_shut_tiles_and_wins_when_all_are_open(void **state)
{
	struct shut_game g;

	(void)state;
	start(&g, "battle", 2);
	throw_ab(&g, 4, 5);
	move_ev(&g, tiles("9"));
	throw_ab(&g, 1, 2);
	move_ev(&g, tiles("3"));
	/* 3 is shut now, so a throw of 3 shuts 1 and 2. */
	throw_ab(&g, 1, 2);
	move_ev(&g, tiles("1,2"));
	assert_int_equal(g.open, tiles("4-8"));
	assert_int_equal(throw_ab(&g, 1, 1), SHUT_EV(SHUT_EVENT_BLOCKED) |
						 SHUT_EV(SHUT_EVENT_TURN_END));
	/* The Opener's board is the shut tiles 1, 2, 3, 9. */
	assert_int_equal(g.turn, 1);
	assert_int_equal(shut_game_board(&g), tiles("1-3,9"));
	assert_int_equal(throw_ab(&g, 6, 6), 0); /* 12 = 9+3 or 9+2+1 */
	assert_int_equal(move_ev(&g, tiles("4,8")), SHUT_EILLEGAL);
	assert_int_equal(move_ev(&g, tiles("3,9")), 0);
	assert_int_equal(g.open, tiles("3-9"));
	assert_int_equal(throw_ab(&g, 1, 2), 0);
	assert_int_equal(
	    move_ev(&g, tiles("1,2")),
	    SHUT_EV(SHUT_EVENT_REOPEN) | SHUT_EV(SHUT_EVENT_TURN_END) |
		SHUT_EV(SHUT_EVENT_WIN) | SHUT_EV(SHUT_EVENT_GAME_END));
	assert_int_equal(g.seat[1].winner, 1);
	assert_int_equal(g.seat[0].winner, 0);
}

static void
battle_needs_exactly_two_players(void **state)
{
	struct shut_game g;
	struct shut_rules r = rules_of("battle");

	(void)state;
	assert_int_equal(shut_game_init(&g, &r, 3), SHUT_EBATTLE);
	assert_int_equal(shut_game_init(&g, &r, 1), SHUT_EBATTLE);
	r = rules_of("classic");
	assert_int_equal(shut_game_init(&g, &r, 0), SHUT_EPLAYERS);
	assert_int_equal(shut_game_init(&g, &r, SHUT_SEATS_MAX + 1),
			 SHUT_EPLAYERS);
}

/* ---------------------------------------------------------------------
 * Seeded whole games, one per match format
 */

static void
fixed_rounds_give_every_seat_that_many_turns(void **state)
{
	struct shut_game g;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 50; seed++) {
		int i;

		play_seeded(&g, "five-rounds", 4, "random", seed);
		for (i = 0; i < 4; i++)
			assert_int_equal(g.seat[i].turns, 5);
		assert_int_equal(g.round, 5);
		assert_lowest_total_wins(&g);
	}
}

static void
until_ends_at_the_end_of_the_round_that_reached_the_total(void **state)
{
	struct shut_game g;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 50; seed++) {
		int i, reached = 0;

		play_seeded(&g, "tournament shut=zero", 3, "fewest", seed);
		for (i = 0; i < 3; i++) {
			assert_int_equal(g.seat[i].turns, g.round);
			reached |= g.seat[i].total >= 100;
			/* Before the last round nobody had 100. */
			assert_true(g.seat[i].total - g.seat[i].last_score <
				    100);
		}
		assert_true(reached);
		assert_lowest_total_wins(&g);
	}
}

static void
eliminate_plays_complete_rounds_until_one_is_left(void **state)
{
	struct shut_game g;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 50; seed++) {
		int i, alive = 0;

		play_seeded(&g, "travel", 4, "highest", seed);
		for (i = 0; i < 4; i++) {
			const struct shut_seat *s = &g.seat[i];

			alive += !s->out;
			assert_int_equal(s->out, s->total >= 45);
			/* In: played every round.  Out: left when reached. */
			if (!s->out)
				assert_int_equal(s->turns, g.round);
			else
				assert_true(s->turns <= g.round);
		}
		assert_true(alive <= 1);
		assert_lowest_total_wins(&g);
		assert_int_equal(g.nwinners >= 1, 1);
	}
}

static void
until_shut_solitaire_counts_the_turns_to_shut_the_box(void **state)
{
	struct shut_game g;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 20; seed++) {
		play_seeded(&g, "lucky-7", 1, "fewest", seed);
		assert_int_equal(g.seat[0].winner, 1);
		assert_int_equal(g.seat[0].shut_count, 1);
		assert_int_equal(g.seat[0].turns, (int)g.turns_played);
		assert_true(g.seat[0].turns >= 1);
	}
}

static void
shut_win_games_end_with_the_shutter_alone_as_winner(void **state)
{
	struct shut_game g;
	uint64_t seed;
	int shut_games = 0;

	(void)state;
	for (seed = 1; seed <= 400; seed++) {
		int i;
		long shutters = 0;

		play_seeded(&g, "classic", 3, "highest", seed);
		for (i = 0; i < 3; i++)
			shutters += g.seat[i].shut_count;
		if (shutters) {
			shut_games++;
			assert_int_equal(g.nwinners, 1);
			assert_int_equal(g.seat[g.last_seat].winner, 1);
			assert_int_equal(g.seat[g.last_seat].shut_count, 1);
		} else {
			assert_lowest_total_wins(&g);
		}
	}
	/* About one game in ten has someone shut the box. */
	assert_true(shut_games > 10);
}

static void
seeded_battles_end_with_one_winner(void **state)
{
	struct shut_game g;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 50; seed++) {
		play_seeded(&g, "battle", 2, "random", seed);
		assert_int_equal(g.nwinners, 1);
		assert_int_equal(g.seat[0].winner + g.seat[1].winner, 1);
		if (g.seat[0].winner)
			assert_int_equal(g.open, 0);
		else
			assert_int_equal(g.open, tiles("1-9"));
	}
}

static void
the_same_seed_plays_the_same_game(void **state)
{
	struct shut_game a, b;

	(void)state;
	int i;

	play_seeded(&a, "tournament", 3, "random", 7);
	play_seeded(&b, "tournament", 3, "random", 7);
	/* Field by field: padding bytes need not agree. */
	assert_int_equal(a.round, b.round);
	assert_int_equal(a.turns_played, b.turns_played);
	assert_int_equal(a.open, b.open);
	for (i = 0; i < 3; i++) {
		assert_int_equal(a.seat[i].total, b.seat[i].total);
		assert_int_equal(a.seat[i].turns, b.seat[i].turns);
		assert_int_equal(a.seat[i].winner, b.seat[i].winner);
	}
}

static void
every_preset_plays_to_the_end(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < shut_preset_count(); i++) {
		const struct shut_preset *p = shut_preset_at(i);
		struct shut_rules r = rules_of(p->name);
		struct shut_game g;
		int seats = r.mode == SHUT_MODE_BATTLE ? 2 : 3;

		play_seeded(&g, p->name, seats, "fewest", 11);
		assert_int_equal(g.need, SHUT_NEED_NONE);
		assert_true(g.nwinners >= 1);
	}
}

/*
 * The ranked players choose from the moves the game kept, one criterion
 * at a time; the policy's own comparison, shut_policy_cmp(), criterion
 * by criterion on every pair, must agree: at every move of seeded games
 * of every preset, the move played is the one no other legal move beats.
 */
static void
ranked_players_play_the_move_their_policy_ranks_first(void **state)
{
	static uint32_t moves[1 << 16];
	size_t i, k;

	(void)state;
	for (i = 0; i < shut_preset_count(); i++) {
		struct shut_rules r = rules_of(shut_preset_at(i)->name);

		for (k = 0; k < shut_strategy_count(); k++) {
			const struct shut_strategy *st = shut_strategy_at(k);
			const struct shut_policy *pol = st->policy;
			struct shut_player pl[2] = { { st, NULL },
						     { st, NULL } };
			struct shut_rng rng;
			struct shut_dice dice;
			struct shut_game g;
			int games;

			if (pol == NULL || pol->move != SHUT_MOVE_RULE_RANK)
				continue;
			shut_rng_seed(&rng, 5 + k);
			shut_dice_rng(&dice, &rng);
			for (games = 0; games < 40; games++) {
				assert_int_equal(shut_game_init(&g, &r, 2), 0);
				while (g.need != SHUT_NEED_NONE) {
					uint32_t got, want;
					long n, j;

					if (g.need != SHUT_NEED_MOVE) {
						assert_true(
						    shut_game_step(&g, pl,
								   &dice, NULL,
								   NULL) >= 0);
						continue;
					}
					n = shut_game_moves(&g, moves,
							    sizeof(moves) /
								sizeof(*moves));
					assert_true(n >= 1 &&
						    n <=
							(long)(sizeof(moves) /
							       sizeof(*moves)));
					want = moves[0];
					for (j = 1; j < n; j++)
						if (shut_policy_cmp(
							pol, &g.last_throw,
							moves[j], want) < 0)
							want = moves[j];
					assert_int_equal(
					    st->move(NULL, &g, &got), 0);
					assert_int_equal(got, want);
					assert_true(shut_game_move(&g, got) >=
						    0);
				}
			}
		}
	}
}

/*
 * The dice counts of a board, worked out at every throw without a loop
 * over the counts, against the rule as docs/contract.md states it, count by
 * count: fewer dice than all are allowed by the fewer-dice rule; all of
 * them are a choice unless the fewest allowed are forced.
 */
static unsigned
choices_by_count(const struct shut_rules *r, uint32_t board)
{
	unsigned allowed = 0;
	int high = 0, sum = 0;

	for (int t = 1; t <= 32; t++)
		if (board & SHUT_TILE(t)) {
			high = t;
			sum += t;
		}
	if (board == 0)
		return 1u << r->dice;
	for (int d = 1; d < r->dice; d++) {
		int ok = 0;

		switch (r->fewer) {
		case SHUT_FEWER_NEVER:
			break;
		case SHUT_FEWER_HIGH_SHUT:
			ok = high <= r->faces * d;
			break;
		case SHUT_FEWER_LOW_SUM:
			ok = sum <= r->faces * d;
			break;
		case SHUT_FEWER_LONE_ONE:
			ok = board == SHUT_TILE(1) && d == 1;
			break;
		case SHUT_FEWER_ANY_TIME:
			ok = 1;
			break;
		}
		if (ok)
			allowed |= 1u << d;
	}
	if (allowed == 0)
		return 1u << r->dice;
	if (r->fewer_forced)
		return allowed & (~allowed + 1u);
	return allowed | 1u << r->dice;
}

static void
dice_choices_follow_the_fewer_dice_rule_count_by_count(void **state)
{
	static const char *const specs[] = {
		"classic",
		"classic fewer-dice=low-sum",
		"classic fewer-dice=any-time fewer-dice-forced=yes",
		"classic fewer-dice=lone-one",
		"classic fewer-dice=never",
		"classic tiles=1-32 dice=8d4 fewer-dice=high-shut",
		"classic tiles=1-32 dice=5d10 fewer-dice=low-sum",
		"classic tiles=1-24 dice=3d20 fewer-dice=high-shut "
		"fewer-dice-forced=yes",
	};
	uint32_t x = 12345;

	(void)state;
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct shut_rules r = rules_of(specs[i]);
		uint32_t tiles = shut_rules_tiles(&r);

		for (int k = 0; k < 20000; k++) {
			uint32_t board;

			x = x * 1103515245u + 12345u;
			board = (k < 512 ? (uint32_t)k : x ^ (x << 7)) & tiles;
			assert_int_equal(shut_dice_choices(&r, board),
					 choices_by_count(&r, board));
		}
	}
}

/*
 * A throw is kept with 0 past its dice, whatever the caller's held there:
 * the game compares the throws it keeps whole, and a game's bytes do not
 * depend on the caller's.  Its moves are still found from the memo.
 */
static void
a_throw_is_kept_with_nothing_past_its_dice(void **state)
{
	struct shut_events ev;
	struct shut_game g;
	struct shut_throw t;

	(void)state;
	start(&g, "classic", 1);
	memset(&t, 0x55, sizeof(t));
	t.n = 2;
	t.face[0] = 3;
	t.face[1] = 4;
	assert_true(shut_game_act(&g,
				  &(struct shut_action){ .kind = SHUT_ACT_THROW,
							 .thrown = t },
				  &ev) >= 0);
	assert_int_equal(g.need, SHUT_NEED_MOVE);
	for (int i = 2; i < SHUT_DICE_MAX; i++) {
		assert_int_equal(g.last_throw.face[i], 0);
		assert_int_equal(g.memo.thrown.face[i], 0);
		assert_int_equal(ev.ev[0].thrown.face[i], 0);
	}
	assert_int_equal(g.last_throw.face[1], 4);
	assert_int_equal(shut_game_legal(&g, SHUT_TILE(7)), 1);
	assert_int_equal(shut_game_move(&g, SHUT_TILE(7)) >= 0, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    seed_002_three_throws_end_the_turn_with_26_open),
		cmocka_unit_test(
		    a_move_before_a_throw_is_refused_and_changes_nothing),
		cmocka_unit_test(
		    a_throw_of_the_wrong_dice_count_or_faces_is_refused),
		cmocka_unit_test(one_die_is_offered_once_7_8_and_9_are_shut),
		cmocka_unit_test(a_forced_rule_throws_one_die_without_asking),
		cmocka_unit_test(
		    two_to_go_ends_the_turn_when_the_first_throw_cannot_shut_2),
		cmocka_unit_test(a_bust_throw_ends_the_turn_at_once),
		cmocka_unit_test(
		    shutting_the_box_under_shut_win_ends_the_game_mid_round),
		cmocka_unit_test(
		    shutting_the_box_under_shut_zero_scores_nothing_and_play_goes_on),
		cmocka_unit_test(equal_lowest_totals_share_the_win_and_the_pot),
		cmocka_unit_test(
		    everyone_out_after_a_complete_round_gives_the_lowest_total_the_win),
		cmocka_unit_test(
		    the_game_ends_after_the_round_that_leaves_one_player_in),
		cmocka_unit_test(
		    battle_the_shutter_wins_by_shutting_every_tile),
		cmocka_unit_test(
		    battle_the_opener_opens_shut_tiles_and_wins_when_all_are_open),
		cmocka_unit_test(battle_needs_exactly_two_players),
		cmocka_unit_test(fixed_rounds_give_every_seat_that_many_turns),
		cmocka_unit_test(
		    until_ends_at_the_end_of_the_round_that_reached_the_total),
		cmocka_unit_test(
		    eliminate_plays_complete_rounds_until_one_is_left),
		cmocka_unit_test(
		    until_shut_solitaire_counts_the_turns_to_shut_the_box),
		cmocka_unit_test(
		    shut_win_games_end_with_the_shutter_alone_as_winner),
		cmocka_unit_test(seeded_battles_end_with_one_winner),
		cmocka_unit_test(the_same_seed_plays_the_same_game),
		cmocka_unit_test(every_preset_plays_to_the_end),
		cmocka_unit_test(
		    ranked_players_play_the_move_their_policy_ranks_first),
		cmocka_unit_test(
		    dice_choices_follow_the_fewer_dice_rule_count_by_count),
		cmocka_unit_test(a_throw_is_kept_with_nothing_past_its_dice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
