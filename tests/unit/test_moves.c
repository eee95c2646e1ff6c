/*
 * test_moves.c - the rules of one turn: legal moves, dice counts, scores.
 *
 * The examples of the five rule texts (seeds 000 to 004) come first, each a
 * row of a table written as the text gives it; then each move rule, the
 * fewer-dice rule, first-throw and bust; then known counts (partitions into
 * distinct parts); then the dice counts, scores and throws.  The canonical
 * order, long lists cut short and the brute force over every board of a
 * 9-tile box are tested in test_moves_brute.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shutbox.h"
#include "unit.h"
#include "unit_moves.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* Helpers */

/* The board of a case: "all" is the rule set's start set. */
static uint32_t
board_of(const struct shut_rules *r, const char *s)
{
	return strcmp(s, "all") == 0 ? shut_rules_start(r) : tiles_of(s);
}

/* ------------------------------------------------------------------ */
/* The moves of a throw, as the rule texts list them */

struct move_case {
	const char *name;
	const char *spec;
	const char *board; /* "all", or the open tiles */
	int first;	   /* the turn's first throw */
	const char *dice;  /* the faces, "6+4" */
	const char *moves; /* every legal move, "9+1, 8+2", "" for none */
};

static const struct move_case move_cases[] = {
	/* Seed 000. */
	{ "seed_000_a_throw_of_4_and_1_shuts_5_or_4_and_1_or_3_and_2",
	  "classic", "all", 1, "4+1", "5, 4+1, 3+2" },
	{ "seed_000_a_throw_of_6_and_4_has_nine_moves", "classic", "all", 1,
	  "6+4", "9+1, 8+2, 7+3, 7+2+1, 6+4, 6+3+1, 5+4+1, 5+3+2, 4+3+2+1" },
	{ "seed_000_with_3_5_8_and_9_open_a_total_of_8_shuts_8_or_3_and_5",
	  "classic", "3,5,8,9", 0, "5+3", "8, 3+5" },
	{ "seed_000_there_is_no_partial_covering", "classic", "5,9", 0, "6+1",
	  "" },

	/* Seed 001. */
	{ "seed_001_a_total_of_8_has_six_moves", "classic", "all", 1, "5+3",
	  "8, 7+1, 6+2, 5+3, 5+2+1, 4+3+1" },
	{ "seed_001_a_double_4_has_the_same_six_moves", "classic", "all", 0,
	  "4+4", "8, 7+1, 6+2, 5+3, 5+2+1, 4+3+1" },
	{ "seed_001_a_throw_of_one_with_2_3_and_5_open_has_no_move",
	  "classic dice=1d6", "2,3,5", 0, "1", "" },
	{ "seed_001_lone_one_the_single_die_shuts_the_1", "lone-one", "1", 0,
	  "1", "1" },
	{ "seed_001_2_to_go_a_first_throw_of_4_has_no_move", "2-to-go", "all",
	  1, "3+1", "" },
	{ "seed_001_2_to_go_a_first_double_2_has_no_move", "2-to-go", "all", 1,
	  "2+2", "" },
	{ "seed_001_2_to_go_a_first_throw_of_5_must_shut_2_and_3", "2-to-go",
	  "all", 1, "4+1", "2+3" },
	{ "seed_001_2_to_go_a_first_throw_of_9_must_shut_the_2", "2-to-go",
	  "all", 1, "5+4", "2+7, 2+6+1, 2+4+3" },
	{ "seed_001_2_to_go_later_throws_are_free", "2-to-go", "all", 0, "3+1",
	  "4, 3+1" },
	{ "seed_001_3_to_go_a_first_throw_of_4_must_shut_3_and_1", "3-to-go",
	  "all", 1, "3+1", "3+1" },
	{ "seed_001_3_to_go_a_first_throw_of_3_shuts_the_3", "3-to-go", "all",
	  1, "2+1", "3" },
	{ "seed_001_3_to_go_a_first_throw_of_2_has_no_move", "3-to-go", "all",
	  1, "1+1", "" },
	{ "seed_001_3_down_leaves_nothing_for_a_total_of_3", "3-down", "all", 1,
	  "2+1", "" },
	{ "seed_001_3_down_a_total_of_9_shuts_9_or_4_and_5", "3-down", "all", 1,
	  "5+4", "9, 4+5" },
	{ "seed_001_lucky_7_a_total_of_7_shuts_the_box", "lucky-7", "all", 1,
	  "4+3", "7" },
	{ "seed_001_lucky_7_any_other_total_ends_the_turn", "lucky-7", "all", 1,
	  "4+2", "" },
	{ "seed_001_unlucky_7_a_first_total_of_7_has_no_move", "unlucky-7",
	  "all", 1, "4+3", "" },
	{ "seed_001_unlucky_7_a_later_total_of_7_has_no_move", "unlucky-7",
	  "1-7", 0, "6+1", "" },
	{ "seed_001_unlucky_7_other_totals_play_as_usual", "unlucky-7", "all",
	  1, "4+1", "5, 4+1, 3+2" },
	{ "seed_001_against_all_odds_a_total_of_8_shuts_odd_tiles", "odds",
	  "all", 1, "5+3", "7+1, 5+3" },
	{ "seed_001_even_stevens_a_total_of_6_shuts_6_or_4_and_2", "evens",
	  "all", 1, "3+3", "6, 4+2" },
	{ "seed_001_thai_a_throw_of_2_and_3_shuts_one_of_2_3_or_5", "thai",
	  "all", 1, "2+3", "2, 3, 5" },
	{ "seed_001_thai_a_double_3_shuts_3_or_6_each_once", "thai", "all", 1,
	  "3+3", "3, 6" },
	{ "seed_001_thai_a_shut_tile_is_no_choice", "thai", "1,3,4,6-9", 0,
	  "2+3", "3" },
	{ "seed_001_thai_a_total_above_the_tiles_leaves_the_faces", "thai",
	  "all", 1, "6+5", "5, 6" },
	{ "seed_001_2012_the_die_showing_1_shuts_the_1", "2012", "all", 1, "1",
	  "1" },
	{ "seed_001_2012_a_13_on_the_die_has_no_tile_on_a_box_of_12", "2012",
	  "12", 0, "13", "" },

	/* Seed 002, under five-rounds (move=dice-or-sum). */
	{ "seed_002_a_first_throw_of_3_and_5_shuts_8_or_3_and_5", "five-rounds",
	  "all", 1, "3+5", "8, 3+5" },
	{ "seed_002_then_5_and_6_must_shut_5_and_6_as_there_is_no_11",
	  "five-rounds", "1-7,9", 0, "5+6", "5+6" },
	{ "seed_002_then_1_and_5_with_5_6_and_8_shut_has_no_move",
	  "five-rounds", "1-4,7,9", 0, "1+5", "" },
	{ "seed_002_a_double_may_only_use_the_sum", "five-rounds", "all", 1,
	  "3+3", "6" },
	{ "seed_002_a_double_6_has_no_move", "five-rounds", "all", 1, "6+6",
	  "" },
	{ "seed_002_each_die_alone_needs_both_tiles_open", "five-rounds",
	  "1,2,4-9", 0, "3+6", "9" },
	{ "seed_002_one_die_shuts_its_own_tile_once", "five-rounds", "1-6", 0,
	  "4", "4" },
	{ "seed_002_one_die_on_a_shut_tile_ends_the_turn", "five-rounds",
	  "1-3,5,6", 0, "4", "" },

	/* Seed 003. */
	{ "seed_003_a_throw_of_4_and_3_has_five_moves", "classic", "all", 1,
	  "4+3", "7, 4+3, 5+2, 6+1, 4+2+1" },
	{ "seed_003_a_total_of_6_with_only_7_and_2_standing_has_no_move",
	  "classic", "2,7", 0, "4+2", "" },
	{ "seed_003_cards_ace_to_10_add_the_10", "cards", "all", 1, "6+4",
	  "10, 9+1, 8+2, 7+3, 7+2+1, 6+4, 6+3+1, 5+4+1, 5+3+2, 4+3+2+1" },

	/* Seed 004, the travel box: one lid or two. */
	{ "seed_004_a_toss_of_6_and_2_shuts_8_or_1_and_7_or_2_and_6_or_3_and_5",
	  "travel", "all", 1, "6+2", "8, 1+7, 2+6, 3+5" },
	{ "seed_004_a_toss_of_6_and_4_shuts_at_most_two_lids", "travel", "all",
	  1, "6+4", "9+1, 8+2, 7+3, 6+4" },
	{ "seed_004_three_lids_adding_up_to_the_toss_are_no_move", "travel",
	  "1,2,4", 0, "4+3", "" },

	/* Each move rule beyond the seeds' examples. */
	{ "up_to_3_drops_the_move_of_four_tiles", "classic move=up-to-3", "all",
	  1, "6+4", "9+1, 8+2, 7+3, 7+2+1, 6+4, 6+3+1, 5+4+1, 5+3+2" },
	{ "up_to_1_is_the_tile_of_the_total", "classic move=up-to-1", "all", 1,
	  "4+3", "7" },
	{ "up_to_1_with_no_tile_of_the_total_has_no_move",
	  "classic move=up-to-1", "all", 1, "6+4", "" },
	{ "one_tile_left_is_shut_by_its_total", "classic", "9", 0, "6+3", "9" },
	{ "one_tile_left_stays_open_on_another_total", "classic", "9", 0, "5+3",
	  "" },
	{ "an_empty_board_has_no_move", "classic", "", 0, "1+1", "" },
	{ "dice_or_sum_with_three_different_dice_shuts_the_sum_or_each",
	  "classic dice=3d6 move=dice-or-sum", "all", 1, "1+2+4", "7, 1+2+4" },
	{ "dice_or_sum_with_two_equal_dice_of_three_uses_only_the_sum",
	  "classic dice=3d6 move=dice-or-sum", "all", 1, "1+1+4", "6" },
	{ "dice_or_sum_with_a_face_and_a_sum_off_the_box_has_no_move",
	  "classic dice=2d12 move=dice-or-sum", "all", 1, "10+1", "" },
	{ "dice_or_sum_with_a_face_above_the_tiles_and_a_sum_tile",
	  "classic tiles=1-12 dice=2d12 move=dice-or-sum", "all", 1, "10+1",
	  "11, 10+1" },
	{ "one_tile_with_three_dice_shuts_a_face_or_the_total",
	  "classic dice=3d6 move=one-tile", "all", 1, "1+2+4", "1, 2, 4, 7" },
	{ "first_throw_under_one_tile_keeps_only_its_tile",
	  "thai first-throw=3", "all", 1, "2+3", "3" },
	{ "first_throw_under_one_tile_without_its_tile_has_no_move",
	  "thai first-throw=3", "all", 1, "2+4", "" },
	{ "first_throw_under_dice_or_sum_keeps_the_dice_holding_its_tile",
	  "five-rounds first-throw=2", "all", 1, "2+3", "2+3" },
	{ "first_throw_under_dice_or_sum_keeps_the_sum_of_its_tile",
	  "five-rounds first-throw=2", "all", 1, "1+1", "2" },
	{ "first_throw_under_dice_or_sum_without_its_tile_has_no_move",
	  "five-rounds first-throw=2", "all", 1, "4+1", "" },
	{ "first_throw_under_up_to_2_keeps_the_pair_with_its_tile",
	  "travel first-throw=2", "all", 1, "6+4", "8+2" },
	{ "first_throw_equal_to_the_total_is_the_one_move",
	  "travel first-throw=8", "all", 1, "6+2", "8" },
	{ "first_throw_under_up_to_1_is_its_tile_alone",
	  "classic move=up-to-1 first-throw=7", "all", 1, "4+3", "7" },
	{ "first_throw_with_its_tile_off_the_board_has_no_move", "2-to-go",
	  "1,3-9", 1, "4+1", "" },
	{ "bust_under_dice_or_sum_has_no_move", "five-rounds bust=7", "all", 1,
	  "3+4", "" },
	{ "bust_on_a_total_no_tile_has_still_ends_the_turn", "classic bust=12",
	  "all", 0, "6+6", "" },
};

/*
 * Checks one row: shut_moves() gives exactly the listed moves (as a set:
 * the texts list them in their own order), in canonical order, each
 * accepted by shut_move_legal(), and shut_moves_each() counts the same.
 */
static void
run_move_case(void **state)
{
	const struct move_case *c = *state;
	struct shut_rules r;
	struct shut_throw t;
	uint32_t board, want[64], got[64];
	size_t nwant = 0;
	struct counter counter = { 0, 0 };
	long n;
	const char *s = c->moves;

	rules_of(&r, c->spec);
	board = board_of(&r, c->board);
	throw_of(&t, c->dice);
	assert_int_equal(shut_throw_check(&r, &t), 0);

	while (*s) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		char buf[64];

		assert_true(len < sizeof(buf));
		memcpy(buf, s, len);
		buf[len] = '\0';
		want[nwant++] = tiles_of(buf);
		s += len + (comma ? 1 : 0);
	}

	n = shut_moves(&r, board, &t, c->first, got, LEN(got));
	if (n != (long)nwant)
		fail_msg("%s: %ld moves, the text lists %zu", c->spec, n,
			 nwant);
	for (size_t i = 0; i < nwant; i++) {
		int found = 0;

		for (size_t j = 0; j < nwant; j++)
			found += got[j] == want[i];
		if (found != 1)
			fail_msg("%s: move 0x%x of the list not found once",
				 c->spec, (unsigned)want[i]);
		assert_true(shut_move_legal(&r, board, &t, c->first, want[i]));
	}
	for (size_t i = 1; i < nwant; i++)
		assert_true(ref_cmp(got[i - 1], got[i]) < 0);
	assert_int_equal(
	    shut_moves_each(&r, board, &t, c->first, count_move, &counter),
	    (long)nwant);
	assert_int_equal(counter.calls, (long)nwant);
}

/* ------------------------------------------------------------------ */
/* Known counts: partitions into distinct parts */

struct count_case {
	const char *name;
	const char *spec;
	const char *board;
	const char *dice;
	long count;
};

/*
 * On a full box 1..H every part of a total up to H is a tile, so the moves
 * of a total T <= H are the partitions of T into distinct parts, q(T):
 * q(12) = 15, q(24) = 122 (OEIS A000009).  For the 2012 die's 20 on tiles
 * 1-12, the partitions with a part above 12 are dropped: a largest part p
 * of 13..20 leaves 20 - p < p in distinct parts, q(7) + ... + q(0) = 19 of
 * them, and 64 - 19 = 45.
 */
static const struct count_case count_cases[] = {
	{ "the_300_a_total_of_24_on_the_full_box_has_122_moves", "the-300",
	  "all", "6+6+6+6", 122 },
	{ "the_300_a_total_of_4_has_2_moves", "the-300", "all", "1+1+1+1", 2 },
	{ "full_house_a_double_6_has_15_moves", "full-house", "all", "6+6",
	  15 },
	{ "the_2012_die_showing_20_has_45_moves_on_12_tiles", "2012", "all",
	  "20", 45 },
	{ "the_2012_die_showing_12_has_15_moves", "2012", "all", "12", 15 },
	{ "a_total_above_every_tile_together_has_no_move", "classic dice=8d100",
	  "all", "100+100+100+100+100+100+100+100", 0 },
	{ "a_total_of_all_tiles_together_is_one_move", "classic dice=8d100",
	  "all", "45", 1 },
	{ "a_total_of_800_on_a_full_box_of_32_has_no_move",
	  "classic tiles=1-32 dice=8d100", "all",
	  "100+100+100+100+100+100+100+100", 0 },
	{ "a_total_of_529_on_a_full_box_of_32_has_no_move",
	  "classic tiles=1-32 dice=8d100", "all", "100+100+100+100+100+100+29",
	  0 },
	{ "a_total_of_528_on_a_full_box_of_32_shuts_it_all",
	  "classic tiles=1-32 dice=8d100", "all", "100+100+100+100+100+28", 1 },
	{ "a_total_of_527_on_a_full_box_of_32_leaves_the_1",
	  "classic tiles=1-32 dice=8d100", "all", "100+100+100+100+100+27", 1 },
	{ "a_total_of_525_on_a_full_box_of_32_leaves_1_and_2_or_the_3",
	  "classic tiles=1-32 dice=8d100", "all", "100+100+100+100+100+25", 2 },
};

static void
run_count_case(void **state)
{
	const struct count_case *c = *state;
	struct shut_rules r;
	struct shut_throw t;
	uint32_t board;

	rules_of(&r, c->spec);
	board = board_of(&r, c->board);
	throw_of(&t, c->dice);
	assert_int_equal(shut_throw_check(&r, &t), 0);
	assert_int_equal(shut_moves(&r, board, &t, 1, NULL, 0), c->count);
	assert_int_equal(shut_moves_each(&r, board, &t, 1, NULL, NULL),
			 c->count);
}

/* ------------------------------------------------------------------ */
/* How many dice the roller may throw */

struct dice_case {
	const char *name;
	const char *spec;
	const char *board;
	const char *choices; /* the dice counts allowed, "1,2" */
};

static const struct dice_case dice_cases[] = {
	{ "seed_000_two_dice_while_7_8_or_9_is_open", "classic", "1-9", "2" },
	{ "seed_000_two_dice_while_the_9_alone_is_high", "classic", "1-6,9",
	  "2" },
	{ "seed_000_one_die_or_two_once_7_8_and_9_are_shut", "classic", "1-6",
	  "1,2" },
	{ "seed_003_one_die_or_two_with_only_low_tiles_standing", "classic",
	  "1,3", "1,2" },
	{ "high_shut_forced_throws_one_die_once_7_8_and_9_are_shut",
	  "classic fewer-dice-forced=yes", "1-6", "1" },
	{ "high_shut_forced_throws_two_dice_before",
	  "classic fewer-dice-forced=yes", "1-7", "2" },
	{ "seed_001_lone_one_one_die_when_only_1_is_open", "lone-one", "1",
	  "1,2" },
	{ "lone_one_two_dice_when_1_and_2_are_open", "lone-one", "1,2", "2" },
	{ "lone_one_two_dice_when_only_2_is_open", "lone-one", "2", "2" },
	{ "lone_one_forced_throws_one_die", "lone-one fewer-dice-forced=yes",
	  "1", "1" },
	{ "low_sum_one_die_when_the_open_tiles_add_up_to_6",
	  "classic fewer-dice=low-sum", "1,2,3", "1,2" },
	{ "low_sum_two_dice_when_they_add_up_to_7",
	  "classic fewer-dice=low-sum", "1,2,4", "2" },
	{ "low_sum_two_dice_for_a_lone_7", "classic fewer-dice=low-sum", "7",
	  "2" },
	{ "any_time_one_die_or_two_on_a_full_box",
	  "classic fewer-dice=any-time", "1-9", "1,2" },
	{ "any_time_with_three_dice_any_count",
	  "classic dice=3d6 fewer-dice=any-time", "1-9", "1,2,3" },
	{ "any_time_forced_always_one_die",
	  "classic dice=3d6 fewer-dice=any-time fewer-dice-forced=yes", "1-9",
	  "1" },
	{ "never_two_dice_even_for_a_lone_1", "thai", "1", "2" },
	{ "never_forced_still_all_the_dice", "travel fewer-dice-forced=yes",
	  "1", "2" },
	{ "the_300_four_dice_on_the_full_box", "the-300", "1-24", "4" },
	{ "the_300_three_dice_once_19_to_24_are_shut", "the-300", "1-18",
	  "3,4" },
	{ "the_300_four_dice_while_19_is_open", "the-300", "1-17,19", "4" },
	{ "the_300_two_dice_once_13_and_up_are_shut", "the-300", "1-12",
	  "2,3,4" },
	{ "the_300_three_dice_while_13_is_open", "the-300", "13", "3,4" },
	{ "the_300_one_die_once_7_and_up_are_shut", "the-300", "1-6",
	  "1,2,3,4" },
	{ "the_300_two_dice_with_7_open", "the-300", "1,7", "2,3,4" },
	{ "the_300_forced_throws_the_fewest_allowed",
	  "the-300 fewer-dice-forced=yes", "1-12", "2" },
	{ "high_shut_with_three_dice_two_for_a_lone_12", "classic dice=3d6",
	  "12", "2,3" },
	{ "high_shut_with_three_dice_three_for_a_lone_13", "classic dice=3d6",
	  "13", "3" },
	{ "the_2012_die_is_one_die_always", "2012", "1-12", "1" },
	{ "an_empty_board_throws_all_the_dice",
	  "classic fewer-dice=any-time fewer-dice-forced=yes", "", "2" },
	{ "an_empty_board_of_the_300_throws_four", "the-300", "", "4" },
};

static void
run_dice_case(void **state)
{
	const struct dice_case *c = *state;
	struct shut_rules r;

	rules_of(&r, c->spec);
	assert_int_equal(shut_dice_choices(&r, tiles_of(c->board)),
			 numbers_of(c->choices, 1));
}

/* ------------------------------------------------------------------ */
/* Scores */

struct score_case {
	const char *name;
	const char *spec;
	const char *open;
	uint64_t score;
};

static const struct score_case score_cases[] = {
	{ "seed_001_2_3_and_5_left_open_score_10", "golf", "2,3,5", 10 },
	{ "seed_003_1_2_and_7_left_standing_score_10", "classic", "1,2,7", 10 },
	{ "seed_001_missionary_3_tiles_left_open_score_3", "missionary",
	  "1,2,7", 3 },
	{ "seed_001_digital_1_2_and_5_left_up_score_125", "digital", "1,2,5",
	  125 },
	{ "seed_003_1_4_and_9_left_standing_read_as_149", "digital", "1,4,9",
	  149 },
	{ "seed_001_the_300_full_box_adds_up_to_300", "the-300", "1-24", 300 },
	{ "digits_of_1_and_10_read_as_110", "digital tiles=1-10", "1,10", 110 },
	{ "digits_of_a_full_house_read_as_123456789101112",
	  "digital tiles=1-12", "1-12", UINT64_C(123456789101112) },
	{ "digits_of_tiles_1_to_14_fill_19_digits", "digital tiles=1-14",
	  "1-14", UINT64_C(1234567891011121314) },
	{ "digits_of_23_and_32_read_as_2332", "digital tiles=1-32 start=23,32",
	  "23,32", 2332 },
	{ "digits_of_a_shut_box_are_0", "digital", "", 0 },
	{ "the_sum_of_a_shut_box_is_0", "golf", "", 0 },
	{ "the_count_of_a_shut_box_is_0", "missionary", "", 0 },
	{ "the_sum_of_a_full_box_is_45", "golf", "1-9", 45 },
	{ "the_count_of_a_full_box_of_32_is_32", "missionary tiles=1-32",
	  "1-32", 32 },
	{ "the_sum_of_a_full_box_of_32_is_528", "golf tiles=1-32", "1-32",
	  528 },
};

static void
run_score_case(void **state)
{
	const struct score_case *c = *state;
	struct shut_rules r;

	rules_of(&r, c->spec);
	assert_int_equal(shut_score(&r, tiles_of(c->open)), c->score);
}

/* ------------------------------------------------------------------ */
/* Throws */

static void
a_throw_totals_its_faces(void **state)
{
	struct shut_throw t;

	(void)state;
	throw_of(&t, "6+4");
	assert_int_equal(shut_throw_total(&t), 10);
	throw_of(&t, "100+100+100+100+100+100+100+100");
	assert_int_equal(shut_throw_total(&t), 800);
	throw_of(&t, "3");
	assert_int_equal(shut_throw_total(&t), 3);
}

static void
a_throw_is_checked_against_the_dice(void **state)
{
	struct shut_rules r;
	struct shut_throw t;

	(void)state;
	rules_of(&r, "classic");
	throw_of(&t, "6+4");
	assert_int_equal(shut_throw_check(&r, &t), 0);
	throw_of(&t, "5");
	assert_int_equal(shut_throw_check(&r, &t), 0);
	throw_of(&t, "1+1+1");
	assert_int_equal(shut_throw_check(&r, &t), SHUT_ETHROW);
	throw_of(&t, "");
	assert_int_equal(shut_throw_check(&r, &t), SHUT_ETHROW);
	throw_of(&t, "7+1");
	assert_int_equal(shut_throw_check(&r, &t), SHUT_ETHROW);
	throw_of(&t, "0+1");
	assert_int_equal(shut_throw_check(&r, &t), SHUT_ETHROW);
	t.face[0] = -1;
	assert_int_equal(shut_throw_check(&r, &t), SHUT_ETHROW);
	t.n = SHUT_DICE_MAX + 1;
	assert_int_equal(shut_throw_check(&r, &t), SHUT_ETHROW);
	assert_int_equal(shut_throw_check(NULL, &t), SHUT_EINVAL);
	assert_int_equal(shut_throw_check(&r, NULL), SHUT_EINVAL);
	rules_of(&r, "2012");
	throw_of(&t, "20");
	assert_int_equal(shut_throw_check(&r, &t), 0);
	throw_of(&t, "21");
	assert_int_equal(shut_throw_check(&r, &t), SHUT_ETHROW);
}

/* ------------------------------------------------------------------ */

int
main(void)
{
	struct CMUnitTest moves[LEN(move_cases)];
	struct CMUnitTest counts[LEN(count_cases)];
	struct CMUnitTest dice[LEN(dice_cases)];
	struct CMUnitTest scores[LEN(score_cases)];
	const struct CMUnitTest throws[] = {
		cmocka_unit_test(a_throw_totals_its_faces),
		cmocka_unit_test(a_throw_is_checked_against_the_dice),
	};
	int failed = 0;

	for (size_t i = 0; i < LEN(move_cases); i++)
		moves[i] =
		    (struct CMUnitTest){ move_cases[i].name, run_move_case,
					 NULL, NULL, (void *)&move_cases[i] };
	for (size_t i = 0; i < LEN(count_cases); i++)
		counts[i] =
		    (struct CMUnitTest){ count_cases[i].name, run_count_case,
					 NULL, NULL, (void *)&count_cases[i] };
	for (size_t i = 0; i < LEN(dice_cases); i++)
		dice[i] =
		    (struct CMUnitTest){ dice_cases[i].name, run_dice_case,
					 NULL, NULL, (void *)&dice_cases[i] };
	for (size_t i = 0; i < LEN(score_cases); i++)
		scores[i] =
		    (struct CMUnitTest){ score_cases[i].name, run_score_case,
					 NULL, NULL, (void *)&score_cases[i] };

	failed += cmocka_run_group_tests_name("moves: the rule texts' examples",
					      moves, NULL, NULL);
	failed += cmocka_run_group_tests_name("moves: known counts", counts,
					      NULL, NULL);
	failed += cmocka_run_group_tests_name("moves: the dice to throw", dice,
					      NULL, NULL);
	failed +=
	    cmocka_run_group_tests_name("moves: scores", scores, NULL, NULL);
	failed +=
	    cmocka_run_group_tests_name("moves: throws", throws, NULL, NULL);
	return failed ? 1 : 0;
}
