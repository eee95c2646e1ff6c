/*
 * test_record.c - a game as its actions: replay, events with details,
 * leaving, losing outright, why a move is illegal, pots in cents, and the
 * front-end layer's words for them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "front.h"
#include "shutbox.h"

/* ---------------------------------------------------------------------
 * Helpers
 */

static void
start(struct shut_game *g, const char *spec, int nseats)
{
	struct shut_rules r;
	char why[200];

	assert_int_equal(shut_rules_parse(&r, spec, why, sizeof(why)), 0);
	assert_int_equal(shut_game_init(g, &r, nseats), 0);
}

static uint32_t
tiles(const char *list)
{
	uint32_t t;

	assert_int_equal(shut_tiles_parse(list, &t, NULL, 0), 0);
	return t;
}

/* Throws a and b, choosing two dice first when there is a choice. */
static int
throw_ab(struct shut_game *g, int a, int b, struct shut_events *ev)
{
	struct shut_action act = { .kind = SHUT_ACT_THROW };

	if (g->need == SHUT_NEED_DICE)
		assert_int_equal(shut_game_dice(g, 2) >= 0, 1);
	act.thrown.n = 2;
	act.thrown.face[0] = a;
	act.thrown.face[1] = b;
	return shut_game_act(g, &act, ev);
}

/* The index of the first event of kind in ev, or -1. */
static int
find(const struct shut_events *ev, enum shut_event_kind kind)
{
	int i;

	for (i = 0; i < ev->n; i++)
		if (ev->ev[i].kind == kind)
			return i;
	return -1;
}

/* ---------------------------------------------------------------------
 * Replay
 */

#define GAME_ACTIONS_MAX 100000

static struct shut_action actions[GAME_ACTIONS_MAX];
static struct shut_events played[64], replayed;

/*
 * Plays every preset with random computer players and seeded dice, many
 * seeds each, keeping the actions; replaying them gives the same state,
 * and replaying them one by one gives the same events.
 */
static void
every_preset_replays_to_the_same_state_and_events(void **state)
{
	static struct shut_game g, r;
	size_t p;

	(void)state;
	for (p = 0; p < shut_preset_count(); p++) {
		const struct shut_preset *pre = shut_preset_at(p);
		uint64_t seed;

		for (seed = 1; seed <= 20; seed++) {
			struct shut_rng rng, prng[4];
			struct shut_player pl[4];
			struct shut_dice dice;
			int nseats = strcmp(pre->name, "battle") == 0
					 ? 2
					 : 1 + (int)(seed % 4);
			size_t n = 0, i;
			int k, rc;

			start(&g, pre->spec, nseats);
			shut_rng_seed(&rng, seed);
			shut_dice_rng(&dice, &rng);
			for (k = 0; k < 4; k++) {
				shut_rng_seed(&prng[k], seed * 7 + (uint64_t)k);
				pl[k].strategy = shut_strategy_find("random");
				pl[k].ctx = &prng[k];
			}
			while (g.need != SHUT_NEED_NONE &&
			       n < GAME_ACTIONS_MAX) {
				rc = shut_game_step(&g, pl, &dice, &actions[n],
						    &played[n % 64]);
				assert_true(rc >= 0);
				n++;
			}
			assert_int_equal(g.need, SHUT_NEED_NONE);
			assert_int_equal(shut_game_replay(&r, &g.rules, nseats,
							  actions, n, NULL),
					 0);
			assert_memory_equal(&r, &g, sizeof(r));
			/* The events of the last actions, once more. */
			shut_game_init(&r, &g.rules, nseats);
			for (i = 0; i < n; i++) {
				assert_true(shut_game_act(&r, &actions[i],
							  &replayed) >= 0);
				if (i + 64 < n)
					continue;
				assert_int_equal(replayed.n, played[i % 64].n);
				assert_memory_equal(replayed.ev,
						    played[i % 64].ev,
						    sizeof(replayed.ev[0]) *
							(size_t)replayed.n);
			}
		}
	}
}

static void
a_refused_action_stops_the_replay_and_says_where(void **state)
{
	static struct shut_game g;
	struct shut_action a[2] = {
		{ .kind = SHUT_ACT_THROW, .thrown = { 2, { 3, 5 } } },
		{ .kind = SHUT_ACT_MOVE, .move = SHUT_TILE(9) },
	};
	struct shut_rules r;
	size_t done;

	(void)state;
	assert_int_equal(shut_rules_parse(&r, "classic", NULL, 0), 0);
	assert_int_equal(shut_game_replay(&g, &r, 1, a, 2, &done),
			 SHUT_EILLEGAL);
	assert_int_equal(done, 1);
}

/* ---------------------------------------------------------------------
 * Events with details
 */

static void
a_move_and_a_turn_end_carry_their_details(void **state)
{
	static struct shut_game g;
	static struct shut_events ev;
	struct shut_action m = { .kind = SHUT_ACT_MOVE };
	int i;

	(void)state;
	start(&g, "five-rounds", 2);
	assert_true(throw_ab(&g, 3, 5, &ev) >= 0);
	i = find(&ev, SHUT_EVENT_THROW);
	assert_true(i >= 0);
	assert_int_equal(ev.ev[i].count, 8);
	m.move = tiles("3,5");
	assert_true(shut_game_act(&g, &m, &ev) >= 0);
	assert_int_equal(ev.n, 1);
	assert_int_equal(ev.ev[0].kind, SHUT_EVENT_MOVE);
	assert_int_equal(ev.ev[0].tiles, tiles("3,5"));
	/* 5+5: no tile 10, and one tile per die needs different faces. */
	assert_true(throw_ab(&g, 5, 5, &ev) >= 0);
	assert_true(find(&ev, SHUT_EVENT_BLOCKED) >= 0);
	i = find(&ev, SHUT_EVENT_TURN_END);
	assert_true(i >= 0);
	assert_int_equal(ev.ev[i].seat, 0);
	assert_int_equal(ev.ev[i].score, 45 - 8);
	assert_int_equal(ev.ev[i].total, 45 - 8);
	assert_int_equal(g.turn, 1);
}

static void
tied_winners_split_the_pot_to_the_cent(void **state)
{
	static struct shut_game g;
	static struct shut_events ev;
	int i, wins = 0;

	(void)state;
	/* Three seats stake 0.05 each; two tie on 8: 7 cents each, 1 over. */
	start(&g, "classic stake=0.05 start=8-9", 3);
	assert_int_equal(shut_game_pot(&g), 15);
	for (i = 0; i < 2; i++) {
		assert_true(throw_ab(&g, 4, 5, &ev) >= 0);
		assert_true(shut_game_move(&g, SHUT_TILE(9)) >= 0);
		assert_true(throw_ab(&g, 1, 1, &ev) >= 0);
	}
	assert_true(throw_ab(&g, 1, 1, &ev) >= 0);
	assert_int_equal(g.need, SHUT_NEED_NONE);
	for (i = 0; i < ev.n; i++) {
		if (ev.ev[i].kind != SHUT_EVENT_WIN)
			continue;
		assert_int_equal(ev.ev[i].cents, 7);
		wins++;
	}
	assert_int_equal(wins, 2);
	i = find(&ev, SHUT_EVENT_GAME_END);
	assert_int_equal(ev.ev[i].count, 2);
	assert_int_equal(ev.ev[i].cents, 1);
}

/*
 * A seat whose turn a shut box took away is noted, once the game is over:
 * its total hides it.  start=8-9: 4 5 shuts 9, 4 4 shuts 8 and the box.
 */
static void
a_turn_not_played_is_noted_with_the_total(void **state)
{
	static struct shut_game g;
	static struct shut_events ev;
	static const struct front_seats none = { .n = 3 };

	(void)state;
	start(&g, "classic rounds=2 start=8-9", 3);
	assert_true(throw_ab(&g, 4, 5, &ev) >= 0);
	assert_true(shut_game_move(&g, SHUT_TILE(9)) >= 0);
	assert_true(throw_ab(&g, 1, 1, &ev) >= 0); /* seat 0: 8 left */
	assert_true(throw_ab(&g, 1, 1, &ev) >= 0); /* seat 1: 17 */
	/* Not while the game goes on. */
	assert_string_equal(front_seat_note(&g, &none, 2), "");
	assert_true(throw_ab(&g, 1, 1, &ev) >= 0); /* seat 2: 17 */
	assert_true(throw_ab(&g, 1, 1, &ev) >= 0); /* round 2, seat 0: 8 */
	assert_true(throw_ab(&g, 4, 5, &ev) >= 0); /* seat 1 shuts the box */
	assert_true(shut_game_move(&g, SHUT_TILE(9)) >= 0);
	assert_true(throw_ab(&g, 4, 4, &ev) >= 0);
	assert_true(shut_game_move(&g, SHUT_TILE(8)) >= 0);
	assert_int_equal(g.need, SHUT_NEED_NONE);
	assert_string_equal(front_seat_note(&g, &none, 0), "");
	assert_string_equal(front_seat_note(&g, &none, 1), "");
	assert_string_equal(front_seat_note(&g, &none, 2), "a turn fewer");
	/* In the first round, the two after the shutter never played. */
	start(&g, "classic start=8-9", 3);
	assert_true(throw_ab(&g, 4, 5, &ev) >= 0);
	assert_true(shut_game_move(&g, SHUT_TILE(9)) >= 0);
	assert_true(throw_ab(&g, 4, 4, &ev) >= 0);
	assert_true(shut_game_move(&g, SHUT_TILE(8)) >= 0);
	assert_int_equal(g.need, SHUT_NEED_NONE);
	assert_string_equal(front_seat_note(&g, &none, 0), "");
	assert_string_equal(front_seat_note(&g, &none, 1), "did not play");
	assert_string_equal(front_seat_note(&g, &none, 2), "did not play");
}

/* The verdict of a game over is the result's line of who won, alone. */
static void
the_verdict_is_the_results_line(void **state)
{
	static struct shut_game g;
	static struct shut_events ev;
	const struct front_seats seats = { .n = 3,
					   .name = { "Ann", "Bob", "Cy" },
					   .person = { 1, 1, 1 } };
	char verdict[256], result[2048];
	struct front_text t;

	(void)state;
	/* Ann and Bob leave 8 each, Cy 17: they share the win. */
	start(&g, "classic stake=0.05 start=8-9", 3);
	for (int i = 0; i < 2; i++) {
		assert_true(throw_ab(&g, 4, 5, &ev) >= 0);
		assert_true(shut_game_move(&g, SHUT_TILE(9)) >= 0);
		assert_true(throw_ab(&g, 1, 1, &ev) >= 0);
	}
	front_text_init(&t, verdict, sizeof(verdict));
	front_verdict(&t, &g, &seats); /* not over: nothing */
	assert_string_equal(verdict, "");
	assert_true(throw_ab(&g, 1, 1, &ev) >= 0);
	front_text_init(&t, verdict, sizeof(verdict));
	front_verdict(&t, &g, &seats);
	assert_string_equal(verdict, "Ann and Bob share the win with 8.");
	front_text_init(&t, result, sizeof(result));
	front_result(&t, &g, &seats);
	assert_non_null(
	    strstr(result, "\nAnn and Bob share the win with 8.\n"));
	/* Shut to win: the verdict comes first in the result. */
	start(&g, "classic start=8-9", 3);
	assert_true(throw_ab(&g, 4, 5, &ev) >= 0);
	assert_true(shut_game_move(&g, SHUT_TILE(9)) >= 0);
	assert_true(throw_ab(&g, 4, 4, &ev) >= 0);
	assert_true(shut_game_move(&g, SHUT_TILE(8)) >= 0);
	front_text_init(&t, verdict, sizeof(verdict));
	front_verdict(&t, &g, &seats);
	assert_string_equal(verdict, "Ann shut the box and wins!");
	front_text_init(&t, result, sizeof(result));
	front_result(&t, &g, &seats);
	assert_int_equal(strncmp(result, "\nAnn shut the box and wins!\n", 28),
			 0);
}

/* ---------------------------------------------------------------------
 * Leaving and losing
 */

static void
a_seat_that_leaves_ranks_last_and_the_game_goes_on(void **state)
{
	static struct shut_game g;
	static struct shut_events ev;
	struct shut_action leave = { .kind = SHUT_ACT_LEAVE, .seat = 0 };
	int order[3];

	(void)state;
	start(&g, "classic start=8-9", 3);
	assert_true(shut_game_act(&g, &leave, &ev) >= 0);
	assert_int_equal(ev.ev[0].kind, SHUT_EVENT_LEAVE);
	assert_int_equal(g.turn, 1);
	assert_int_equal(g.need, SHUT_NEED_THROW);
	/* Leaving again, or a seat out of range, is refused. */
	assert_int_equal(shut_game_act(&g, &leave, &ev), SHUT_ESTATE);
	leave.seat = 3;
	assert_int_equal(shut_game_act(&g, &leave, &ev), SHUT_EINVAL);
	assert_true(throw_ab(&g, 1, 1, &ev) >= 0); /* seat 1: 17 */
	assert_true(throw_ab(&g, 4, 4, &ev) >= 0); /* seat 2 shuts 8 */
	assert_true(shut_game_move(&g, SHUT_TILE(8)) >= 0);
	assert_true(throw_ab(&g, 1, 1, &ev) >= 0); /* and scores 9 */
	assert_int_equal(g.need, SHUT_NEED_NONE);
	assert_int_equal(g.seat[2].winner, 1);
	assert_int_equal(g.seat[0].winner, 0);
	shut_game_standings(&g, order);
	assert_int_equal(order[0], 2);
	assert_int_equal(order[1], 1);
	assert_int_equal(order[2], 0);
}

/*
 * A player the host of a table dropped is said to be, where the leave
 * happens and after the total: not as one who left of their own will.
 */
static void
a_player_dropped_by_the_host_is_said_so(void **state)
{
	static struct shut_game g;
	static struct shut_events ev;
	struct front_seats seats = { .n = 3,
				     .name = { "Ann", "Bob", "Cy" },
				     .person = { 1, 1, 1 } };
	struct shut_action leave = { .kind = SHUT_ACT_LEAVE, .seat = 2 };
	char text[256];
	struct front_text t;

	(void)state;
	start(&g, "classic start=8-9", 3);
	assert_true(throw_ab(&g, 1, 1, &ev) >= 0); /* Ann: 17 */
	assert_true(shut_game_act(&g, &leave, &ev) >= 0);
	front_text_init(&t, text, sizeof(text));
	front_event(&t, &g, &seats, &ev.ev[0]);
	assert_string_equal(text, "Cy leaves the game\n");
	assert_string_equal(front_seat_note(&g, &seats, 2), "left");
	seats.dropped[2] = 1;
	front_text_init(&t, text, sizeof(text));
	front_event(&t, &g, &seats, &ev.ev[0]);
	assert_string_equal(text, "The host drops Cy from the game\n");
	assert_string_equal(front_seat_note(&g, &seats, 2),
			    "dropped by the host");
	/* Only one who left: the others are as they were. */
	assert_string_equal(front_seat_note(&g, &seats, 0), "");
}

static void
the_last_seat_left_wins_when_the_other_leaves(void **state)
{
	static struct shut_game g;

	(void)state;
	start(&g, "tournament", 2);
	assert_true(shut_game_leave(&g, 1) >= 0);
	assert_int_equal(g.need, SHUT_NEED_NONE);
	assert_int_equal(g.seat[0].winner, 1);
	assert_int_equal(g.nwinners, 1);
}

static void
two_to_go_loses_outright_on_a_missed_first_throw(void **state)
{
	static struct shut_game g;
	static struct shut_events ev;
	int i;

	(void)state;
	start(&g, "2-to-go", 2);
	/* 3+1 = 4: no move of 4 takes tile 2. */
	assert_true(throw_ab(&g, 3, 1, &ev) >= 0);
	assert_true(find(&ev, SHUT_EVENT_MISS) >= 0);
	i = find(&ev, SHUT_EVENT_LOSE);
	assert_true(i >= 0);
	assert_int_equal(ev.ev[i].seat, 0);
	assert_int_equal(g.seat[0].lost, 1);
	assert_int_equal(g.need, SHUT_NEED_NONE);
	assert_int_equal(g.seat[1].winner, 1);
	/* Solitaire: nobody wins, and the stake goes back. */
	start(&g, "2-to-go stake=1", 1);
	assert_true(throw_ab(&g, 3, 1, &ev) >= 0);
	assert_int_equal(g.need, SHUT_NEED_NONE);
	assert_int_equal(g.nwinners, 0);
	assert_true(find(&ev, SHUT_EVENT_WIN) < 0);
}

/* ---------------------------------------------------------------------
 * Why a move is not legal, and its words
 */

static void
every_reason_has_its_code_and_its_words(void **state)
{
	static const struct {
		const char *spec;
		int a, b, first;
		const char *open, *move;
		enum shut_why_code code;
		const char *words;
	} cases[] = {
		{ "classic", 3, 5, 1, "1-9", "8", SHUT_WHY_OK,
		  "8 is a legal move" },
		{ "classic", 3, 5, 1, "1-7", "8", SHUT_WHY_NOT_OPEN,
		  "8 is already shut" },
		{ "classic", 3, 5, 1, "1-9", "2+7", SHUT_WHY_TOTAL,
		  "2+7 does not add up to 8" },
		{ "travel", 3, 5, 1, "1-9", "1+2+5", SHUT_WHY_TOO_MANY,
		  "shut at most 2 tiles at a time" },
		{ "five-rounds", 3, 5, 1, "1-9", "1+7", SHUT_WHY_DICE_OR_SUM,
		  "shut the total, 8, or one tile per die, 3+5" },
		{ "five-rounds", 4, 4, 1, "1-9", "1+7", SHUT_WHY_DICE_OR_SUM,
		  "shut the total, 8 (one tile per die needs different "
		  "faces)" },
		{ "thai", 3, 5, 1, "1-9", "4", SHUT_WHY_NOT_FACE,
		  "4 is neither a die (3 or 5) nor the total (8)" },
		{ "thai", 3, 5, 1, "1-9", "3+5", SHUT_WHY_ONE_TILE,
		  "shut one tile only" },
		{ "2-to-go", 3, 5, 1, "1-9", "8", SHUT_WHY_FIRST,
		  "the first throw must shut 2" },
		{ "unlucky-7", 3, 4, 1, "1-9", "7", SHUT_WHY_BUST,
		  "a throw of 7 ends the turn: nothing can be shut" },
		{ "classic", 3, 5, 1, "1-9", "", SHUT_WHY_EMPTY,
		  "no tiles named" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct shut_rules r;
		struct shut_throw t = { 2, { cases[i].a, cases[i].b } };
		struct shut_why w;
		struct front_text text;
		char buf[200];
		uint32_t move = 0, open = tiles(cases[i].open);
		int code;

		assert_int_equal(shut_rules_parse(&r, cases[i].spec, NULL, 0),
				 0);
		if (cases[i].move[0] != '\0')
			assert_int_equal(front_parse_move(&r, cases[i].move,
							  &move, buf,
							  sizeof(buf)),
					 0);
		code = shut_move_why(&r, open, &t, cases[i].first, move, &w);
		assert_int_equal(code, cases[i].code);
		/* The reason agrees with the legality check. */
		assert_int_equal(
		    code == SHUT_WHY_OK,
		    shut_move_legal(&r, open, &t, cases[i].first, move));
		front_text_init(&text, buf, sizeof(buf));
		front_why(&text, &r, &t, 0, move, &w);
		assert_string_equal(buf, cases[i].words);
	}
	/* A mask with a tile the box has not (a browser's move of 10). */
	{
		struct shut_rules r;
		struct shut_throw t = { 2, { 4, 6 } };
		struct shut_why w;
		struct front_text text;
		char buf[200];
		uint32_t move = SHUT_TILE(10) | SHUT_TILE(12);

		assert_int_equal(shut_rules_parse(&r, "classic", NULL, 0), 0);
		assert_int_equal(
		    shut_move_why(&r, tiles("1-9"), &t, 0, move, &w),
		    SHUT_WHY_NOT_TILE);
		front_text_init(&text, buf, sizeof(buf));
		front_why(&text, &r, &t, 0, move, &w);
		assert_string_equal(buf,
				    "10 is not a tile of this box (tiles 1-9)");
	}
}

static void
manual_throws_are_read_in_every_way_people_type_them(void **state)
{
	static const char *const same[] = { "1+1", "1,1", "1 1", "11",
					    " 1 + 1 " };
	struct shut_throw t;
	char why[200];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		assert_int_equal(
		    front_parse_throw(same[i], 6, 1, &t, why, sizeof(why)), 0);
		assert_int_equal(t.n, 2);
		assert_int_equal(t.face[0], 1);
		assert_int_equal(t.face[1], 1);
	}
	assert_int_equal(front_parse_throw("99999999999999999999", 6, 1, &t,
					   why, sizeof(why)),
			 -1);
	assert_non_null(strstr(why, "99999999999999999999"));
}

static void
money_is_written_to_the_cent(void **state)
{
	struct front_text t;
	char buf[32];

	(void)state;
	front_text_init(&t, buf, sizeof(buf));
	front_money(&t, 250);
	assert_string_equal(buf, "2.50");
	front_text_init(&t, buf, sizeof(buf));
	front_money(&t, 300);
	assert_string_equal(buf, "3");
	front_text_init(&t, buf, sizeof(buf));
	front_money(&t, -5);
	assert_string_equal(buf, "-0.05");
	/* To the cent when asked, beside amounts with cents. */
	front_text_init(&t, buf, sizeof(buf));
	front_money_as(&t, 300, 1);
	assert_string_equal(buf, "3.00");
	front_text_init(&t, buf, sizeof(buf));
	front_money_as(&t, -50, 1);
	assert_string_equal(buf, "-0.50");
	front_text_init(&t, buf, sizeof(buf));
	front_money_as(&t, 0, 1);
	assert_string_equal(buf, "0.00");
	/* A buffer too small is cut, and says so. */
	front_text_init(&t, buf, 4);
	front_money(&t, 123456);
	assert_string_equal(buf, "123");
	assert_int_equal(t.cut, 1);
}

/* Dice counts in words, and the most of them, which Enter takes. */
static void
dice_counts_are_said_and_the_most_found(void **state)
{
	struct front_text t;
	char buf[32];

	(void)state;
	front_text_init(&t, buf, sizeof(buf));
	front_counts(&t, 1u << 1 | 1u << 2);
	assert_string_equal(buf, "1 or 2");
	front_text_init(&t, buf, sizeof(buf));
	front_counts(&t, 1u << 1 | 1u << 3);
	assert_string_equal(buf, "1 or 3");
	assert_int_equal(front_counts_most(1u << 1 | 1u << 2), 2);
	assert_int_equal(front_counts_most(1u << 1 | 1u << 3), 3);
	assert_int_equal(front_counts_most(1u << SHUT_DICE_MAX), SHUT_DICE_MAX);
	assert_int_equal(front_counts_most(0), 0);
}

/* Faces typed for a count of dice not allowed: the counts that are. */
static void
dice_typed_wrong_names_the_counts_allowed(void **state)
{
	struct front_text t;
	char buf[128];

	(void)state;
	front_text_init(&t, buf, sizeof(buf));
	front_dice_typed(&t, 3, 1u << 2, 6);
	assert_string_equal(
	    buf, "that is 3 faces; type the faces of 2 dice, like 3 5");
	front_text_init(&t, buf, sizeof(buf));
	front_dice_typed(&t, 2, 1u << 1, 4);
	assert_string_equal(buf,
			    "that is 2 faces; type the face of 1 die, like 3");
	front_text_init(&t, buf, sizeof(buf));
	front_dice_typed(&t, 2, 1u << 1 | 1u << 3, 4);
	assert_string_equal(
	    buf, "that is 2 faces; type the faces of 1 or 3 dice, like 3 1 2");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    every_preset_replays_to_the_same_state_and_events),
		cmocka_unit_test(dice_typed_wrong_names_the_counts_allowed),
		cmocka_unit_test(
		    a_refused_action_stops_the_replay_and_says_where),
		cmocka_unit_test(a_move_and_a_turn_end_carry_their_details),
		cmocka_unit_test(tied_winners_split_the_pot_to_the_cent),
		cmocka_unit_test(a_turn_not_played_is_noted_with_the_total),
		cmocka_unit_test(
		    a_seat_that_leaves_ranks_last_and_the_game_goes_on),
		cmocka_unit_test(the_last_seat_left_wins_when_the_other_leaves),
		cmocka_unit_test(a_player_dropped_by_the_host_is_said_so),
		cmocka_unit_test(
		    two_to_go_loses_outright_on_a_missed_first_throw),
		cmocka_unit_test(every_reason_has_its_code_and_its_words),
		cmocka_unit_test(
		    manual_throws_are_read_in_every_way_people_type_them),
		cmocka_unit_test(money_is_written_to_the_cent),
		cmocka_unit_test(dice_counts_are_said_and_the_most_found),
		cmocka_unit_test(the_verdict_is_the_results_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
