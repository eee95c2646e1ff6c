/*
 * test_moves_brute.c - the move generator against plain references.
 *
 * The canonical order against its plain reading (sorted tile lists), then
 * shut_moves() capping and shut_moves_each() stopping, long lists on boxes
 * of 24 and 32 tiles against subsets tried or counted another way; and last
 * an independent brute force that tries every subset of every board of a
 * 9-tile box against every throw, for every move rule.
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

static int
ref_qsort_cmp(const void *a, const void *b)
{
	return ref_cmp(*(const uint32_t *)a, *(const uint32_t *)b);
}

/* ------------------------------------------------------------------ */
/* The canonical order, shut_moves() capping, shut_moves_each() stopping */

static void
the_canonical_order_is_by_size_then_tile_by_tile(void **state)
{
	static const char *const order[] = { "1",      "9",	"1+8",
					     "2+7",    "3+6",	"4+5",
					     "1+2+9",  "1+3+4", "2+3+4",
					     "1+2+3+4" };

	(void)state;
	for (size_t i = 0; i < LEN(order); i++)
		for (size_t j = 0; j < LEN(order); j++) {
			int c = shut_move_cmp(tiles_of(order[i]),
					      tiles_of(order[j]));

			if ((i < j && c >= 0) || (i == j && c != 0) ||
			    (i > j && c <= 0))
				fail_msg("shut_move_cmp(%s, %s) = %d", order[i],
					 order[j], c);
		}
}

/*
 * Every pair of subsets of tiles 1-8, and random pairs of 32-tile masks,
 * compared against the plain reading of the order.
 */
static void
the_canonical_order_agrees_with_sorted_tile_lists(void **state)
{
	uint64_t x = 12345;

	(void)state;
	for (uint32_t a = 0; a < 256; a++)
		for (uint32_t b = 0; b < 256; b++) {
			int c = shut_move_cmp(a, b), r = ref_cmp(a, b);

			assert_int_equal((c > 0) - (c < 0), r);
		}
	for (int i = 0; i < 100000; i++) {
		uint32_t a, b;
		int c;

		x = x * 6364136223846793005u + 1442695040888963407u;
		a = (uint32_t)(x >> 32);
		b = (uint32_t)x;
		if (i & 1)
			b = a ^ (b & (b >> 7) & (b >> 13));
		c = shut_move_cmp(a, b);
		assert_int_equal((c > 0) - (c < 0), ref_cmp(a, b));
	}
}

static void
shut_moves_keeps_the_first_three_of_nine_in_order(void **state)
{
	struct shut_rules r;
	struct shut_throw t;
	uint32_t got[5] = { 0xdead, 0xdead, 0xdead, 0xdead, 0xdead };

	(void)state;
	rules_of(&r, "classic");
	throw_of(&t, "6+4");
	assert_int_equal(shut_moves(&r, shut_rules_start(&r), &t, 1, got, 3),
			 9);
	assert_int_equal(got[0], tiles_of("1+9"));
	assert_int_equal(got[1], tiles_of("2+8"));
	assert_int_equal(got[2], tiles_of("3+7"));
	assert_int_equal(got[3], 0xdead);
	assert_int_equal(shut_moves(&r, shut_rules_start(&r), &t, 1, got, 1),
			 9);
	assert_int_equal(got[0], tiles_of("1+9"));
	assert_int_equal(got[1], tiles_of("2+8"));
}

static void
shut_moves_in_full_are_in_canonical_order(void **state)
{
	static const char *const order[] = { "1+9",   "2+8",   "3+7",
					     "4+6",   "1+2+7", "1+3+6",
					     "1+4+5", "2+3+5", "1+2+3+4" };
	struct shut_rules r;
	struct shut_throw t;
	uint32_t got[16];

	(void)state;
	rules_of(&r, "classic");
	throw_of(&t, "4+6");
	assert_int_equal(
	    shut_moves(&r, shut_rules_start(&r), &t, 1, got, LEN(got)), 9);
	for (size_t i = 0; i < LEN(order); i++)
		assert_int_equal(got[i], tiles_of(order[i]));
}

static void
shut_moves_with_cap_0_only_counts(void **state)
{
	struct shut_rules r;
	struct shut_throw t;
	uint32_t got[1] = { 0xdead };

	(void)state;
	rules_of(&r, "classic");
	throw_of(&t, "6+4");
	assert_int_equal(shut_moves(&r, shut_rules_start(&r), &t, 1, NULL, 0),
			 9);
	assert_int_equal(shut_moves(&r, shut_rules_start(&r), &t, 1, got, 0),
			 9);
	assert_int_equal(got[0], 0xdead);
	assert_int_equal(shut_moves(&r, shut_rules_start(&r), &t, 1, NULL, 1),
			 SHUT_EINVAL);
}

static void
shut_moves_each_stops_when_the_callback_asks(void **state)
{
	struct shut_rules r;
	struct shut_throw t;
	struct counter c = { 0, 3 };

	(void)state;
	rules_of(&r, "classic");
	throw_of(&t, "6+4");
	assert_int_equal(
	    shut_moves_each(&r, shut_rules_start(&r), &t, 1, count_move, &c),
	    3);
	assert_int_equal(c.calls, 3);

	/* The two options of dice-or-sum stop after the first too. */
	rules_of(&r, "five-rounds");
	throw_of(&t, "3+5");
	c.calls = 0;
	c.stop = 1;
	assert_int_equal(
	    shut_moves_each(&r, shut_rules_start(&r), &t, 1, count_move, &c),
	    1);
	rules_of(&r, "thai");
	c.calls = 0;
	assert_int_equal(
	    shut_moves_each(&r, shut_rules_start(&r), &t, 1, count_move, &c),
	    1);
}

/*
 * On tiles 1-24, a total of 60 has 6663 moves: every one of the 2^24
 * subsets is tried by brute force, the ones adding up to 60 sorted by the
 * plain reading of the order, and shut_moves() capped at 4096 must give
 * their first 4096.
 */
static void
shut_moves_keeps_the_smallest_4096_of_a_long_list(void **state)
{
	enum { CAP = 4096 };
	struct shut_rules r;
	struct shut_throw t;
	uint32_t *all = malloc(8000 * sizeof(*all));
	uint32_t *got = malloc((CAP + 1) * sizeof(*got));
	size_t n = 0;

	(void)state;
	assert_non_null(all);
	assert_non_null(got);
	rules_of(&r, "classic tiles=1-24 dice=3d20");
	throw_of(&t, "20+20+20");
	for (uint32_t m = 1; m < (UINT32_C(1) << 24); m++) {
		int sum = 0;

		for (uint32_t b = m, i = 1; b; b >>= 1, i++)
			sum += (b & 1) ? (int)i : 0;
		if (sum == 60) {
			assert_true(n < 8000);
			all[n++] = m;
		}
	}
	assert_int_equal(n, 6663);
	qsort(all, n, sizeof(*all), ref_qsort_cmp);
	got[CAP] = 0xdead;
	assert_int_equal(shut_moves(&r, shut_rules_tiles(&r), &t, 0, got, CAP),
			 6663);
	assert_memory_equal(got, all, CAP * sizeof(*got));
	assert_int_equal(got[CAP], 0xdead);
	free(all);
	free(got);
}

/* Counts the moves at or before a given move in canonical order. */
struct at_most {
	uint32_t last;
	long count;
};

static int
count_at_most(void *ctx, uint32_t move)
{
	struct at_most *a = ctx;

	if (shut_move_cmp(move, a->last) <= 0)
		a->count++;
	return 0;
}

/*
 * A full box of 32 tiles and a total of 150: 3,363,766 moves, the number of
 * subsets of 1..32 adding up to 150, recomputed here by the usual
 * subset-sum count.  The first 4096 in canonical order must be strictly
 * increasing, legal, and exactly the moves up to the last of them.
 */
static void
a_box_of_32_tiles_has_millions_of_moves_for_a_total_of_150(void **state)
{
	enum { CAP = 4096 };
	static long ways[529];
	static uint32_t got[CAP];
	struct shut_rules r;
	struct shut_throw t;
	struct at_most at;
	uint32_t board;

	(void)state;
	memset(ways, 0, sizeof(ways));
	ways[0] = 1;
	for (int tile = 1; tile <= 32; tile++)
		for (int s = 528; s >= tile; s--)
			ways[s] += ways[s - tile];
	assert_int_equal(ways[150], 3363766);

	rules_of(&r, "classic tiles=1-32 dice=2d100");
	board = shut_rules_tiles(&r);
	throw_of(&t, "100+50");
	assert_int_equal(shut_moves_each(&r, board, &t, 0, NULL, NULL),
			 ways[150]);
	assert_int_equal(shut_moves(&r, board, &t, 0, got, CAP), ways[150]);
	for (size_t i = 0; i < CAP; i++) {
		assert_true(shut_move_legal(&r, board, &t, 0, got[i]));
		if (i > 0)
			assert_true(ref_cmp(got[i - 1], got[i]) < 0);
	}
	at.last = got[CAP - 1];
	at.count = 0;
	shut_moves_each(&r, board, &t, 0, count_at_most, &at);
	assert_int_equal(at.count, CAP);

	/* Each total up to 100, against the same count. */
	for (int total = 1; total <= 100; total++) {
		throw_of(&t, "");
		t.n = total > 1 ? 2 : 1;
		t.face[0] = (total + 1) / 2;
		t.face[1] = total / 2;
		assert_int_equal(shut_moves_each(&r, board, &t, 0, NULL, NULL),
				 ways[total]);
	}
}

/* ------------------------------------------------------------------ */
/* Against brute force: every board of a 9-tile box, every throw */

/*
 * The legality of a move, written from docs/contract.md with nothing shared
 * with the library but the fields of the rule set: sums and counts by loops,
 * dice-or-sum and one-tile as the text words them.
 */
static int
ref_legal(const struct shut_rules *r, uint32_t board,
	  const struct shut_throw *t, int first, uint32_t move)
{
	int total = 0, sum = 0, count = 0, tile = 0;

	for (int i = 0; i < t->n; i++)
		total += t->face[i];
	if (move == 0 || (move & ~board))
		return 0;
	if (r->bust != 0 && total == r->bust)
		return 0;
	if (first && r->first_throw != 0 &&
	    !(move & (UINT32_C(1) << (r->first_throw - 1))))
		return 0;
	for (int i = 1; i <= 32 && (move >> (i - 1)) != 0; i++)
		if (move & (UINT32_C(1) << (i - 1))) {
			sum += i;
			count++;
			tile = i;
		}
	switch (r->move) {
	case SHUT_MOVE_ANY:
		return sum == total;
	case SHUT_MOVE_UP_TO:
		return sum == total && count <= r->move_max;
	case SHUT_MOVE_DICE_OR_SUM: {
		int differ = 1, each = 1;

		if (count == 1 && tile == total)
			return 1;
		for (int i = 0; i < t->n; i++)
			for (int j = i + 1; j < t->n; j++)
				if (t->face[i] == t->face[j])
					differ = 0;
		/* The move is exactly the tiles of the faces. */
		if (!differ || count != t->n)
			return 0;
		for (int i = 0; i < t->n; i++)
			if (t->face[i] > 32 ||
			    !(move & (UINT32_C(1) << (t->face[i] - 1))))
				each = 0;
		return each;
	}
	case SHUT_MOVE_ONE_TILE:
		if (count != 1)
			return 0;
		if (tile == total)
			return 1;
		for (int i = 0; i < t->n; i++)
			if (t->face[i] == tile)
				return 1;
		return 0;
	}
	return 0;
}

struct seen {
	uint64_t bits[8]; /* the moves seen, as a 512-bit set */
	long calls;
	int bad; /* a move outside tiles 1-9, or seen twice */
};

static int
see_move(void *ctx, uint32_t move)
{
	struct seen *s = ctx;

	s->calls++;
	if (move >= 512 || (s->bits[move >> 6] >> (move & 63) & 1))
		s->bad = 1;
	else
		s->bits[move >> 6] |= UINT64_C(1) << (move & 63);
	return 0;
}

static const char *const brute_specs[] = {
	"classic",
	"classic move=up-to-1 first-throw=6",
	"travel",
	"classic move=up-to-3",
	"five-rounds",
	"thai",
	"2-to-go",
	"3-to-go move=up-to-2",
	"five-rounds first-throw=5",
	"thai first-throw=4",
	"unlucky-7",
	"five-rounds bust=8",
	"classic dice=3d4 move=dice-or-sum",
	"classic dice=3d4 move=one-tile first-throw=1",
	"classic dice=3d4 move=up-to-2 first-throw=9",
	"classic dice=3d4 fewer-dice=any-time",
};

/*
 * One board and throw of the brute force: the moves shut_moves_each()
 * reports are exactly the subsets of the board that ref_legal() accepts,
 * each once; shut_moves() lists as many in canonical order; and
 * shut_move_legal() agrees on every subset of the board, and refuses each
 * of them with a tile off the board added.
 */
static void
check_against_brute_force(const char *spec, const struct shut_rules *r,
			  uint32_t board, const struct shut_throw *t, int first)
{
	struct seen s = { { 0 }, 0, 0 };
	uint32_t list[512];
	uint32_t off = ~board & (~board + 1u); /* the lowest tile not open */
	long each, listed, want = 0;
	uint32_t m = 0;

	each = shut_moves_each(r, board, t, first, see_move, &s);
	listed = shut_moves(r, board, t, first, list, LEN(list));
	if (s.bad || each != s.calls || each != listed)
		fail_msg("%s: board 0x%x: counts disagree", spec,
			 (unsigned)board);
	for (long i = 1; i < listed; i++)
		assert_true(ref_cmp(list[i - 1], list[i]) < 0);
	do {
		int ref = ref_legal(r, board, t, first, m);
		int in = (int)((s.bits[m >> 6] >> (m & 63)) & 1);
		int legal = shut_move_legal(r, board, t, first, m);

		if (ref != in || ref != legal)
			fail_msg("%s: board 0x%x move 0x%x first %d: "
				 "brute force %d, listed %d, legal %d",
				 spec, (unsigned)board, (unsigned)m, first, ref,
				 in, legal);
		assert_false(shut_move_legal(r, board, t, first, m | off));
		want += ref;
		m = (m - board) & board; /* the next subset of the board */
	} while (m != 0);
	assert_int_equal(want, each);
}

/*
 * For each rule set above, every board of tiles 1-9 (all 512), every
 * ordered throw of one die up to all the dice, first throw or not.
 */
static void
every_board_and_throw_of_a_9_tile_box_matches_brute_force(void **state)
{
	(void)state;
	for (size_t k = 0; k < LEN(brute_specs); k++) {
		struct shut_rules r;

		rules_of(&r, brute_specs[k]);
		for (int n = 1; n <= r.dice; n++) {
			int nthrows = 1;

			for (int i = 0; i < n; i++)
				nthrows *= r.faces;
			for (int code = 0; code < nthrows; code++) {
				struct shut_throw t = { 0 };

				t.n = n;
				for (int i = 0, c = code; i < n; i++) {
					t.face[i] = 1 + c % r.faces;
					c /= r.faces;
				}
				for (uint32_t board = 0; board < 512; board++) {
					check_against_brute_force(
					    brute_specs[k], &r, board, &t, 0);
					check_against_brute_force(
					    brute_specs[k], &r, board, &t, 1);
				}
			}
		}
	}
}

/* ------------------------------------------------------------------ */

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    the_canonical_order_is_by_size_then_tile_by_tile),
		cmocka_unit_test(
		    the_canonical_order_agrees_with_sorted_tile_lists),
		cmocka_unit_test(
		    shut_moves_keeps_the_first_three_of_nine_in_order),
		cmocka_unit_test(shut_moves_in_full_are_in_canonical_order),
		cmocka_unit_test(shut_moves_with_cap_0_only_counts),
		cmocka_unit_test(shut_moves_each_stops_when_the_callback_asks),
		cmocka_unit_test(
		    shut_moves_keeps_the_smallest_4096_of_a_long_list),
		cmocka_unit_test(
		    a_box_of_32_tiles_has_millions_of_moves_for_a_total_of_150),
		cmocka_unit_test(
		    every_board_and_throw_of_a_9_tile_box_matches_brute_force),
	};

	return cmocka_run_group_tests_name("moves: order and brute force",
					   tests, NULL, NULL);
}
