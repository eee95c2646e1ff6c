/*
 * test_reach.c - the tiles that can never be shut, against brute force.
 *
 * shut_rules_unreachable() reasons about the rules instead of searching.
 * Here a brute force plays every board of the start set, every dice count
 * the rules allow on it, every throw and every legal move, and marks each
 * tile some move shuts.  A tile the library reports must never be marked
 * (reporting it would refuse a playable until-shut game); on these rule
 * sets the two must in fact agree exactly.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "shutbox.h"

static uint32_t shut_somewhere;

static int
mark(void *ctx, uint32_t move)
{
	(void)ctx;
	shut_somewhere |= move;
	return 0;
}

/* Every throw of d dice, face by face, on board. */
static void
every_throw(const struct shut_rules *r, uint32_t board, struct shut_throw *t,
	    int i)
{
	int f;

	if (i == t->n) {
		shut_moves_each(r, board, t, 0, mark, NULL);
		return;
	}
	for (f = 1; f <= r->faces; f++) {
		t->face[i] = f;
		every_throw(r, board, t, i + 1);
	}
}

static uint32_t
brute_unreachable(const struct shut_rules *r)
{
	uint32_t start = shut_rules_start(r);
	uint32_t board = start;

	shut_somewhere = 0;
	/* Every non-empty subset of start, by the usual subset walk. */
	for (;;) {
		unsigned choices = shut_dice_choices(r, board);
		int d;

		for (d = 1; d <= r->dice; d++) {
			struct shut_throw t = { .n = d };

			if (choices & (1u << d))
				every_throw(r, board, &t, 0);
		}
		if (board == 0)
			break;
		board = (board - 1) & start;
		if (board == 0)
			break;
	}
	return start & ~shut_somewhere;
}

static void
the_unreachable_tiles_agree_with_a_brute_force(void **state)
{
	static const char *const specs[] = {
		"classic",
		"classic tiles=1-13",
		"lucky-7",
		"lucky-7 bust=7",
		"classic start=7 bust=7 rounds=1",
		"classic start=1 fewer-dice=never",
		"classic start=1,5 fewer-dice=never",
		"classic start=1 fewer-dice=lone-one",
		"classic start=7 fewer-dice=any-time fewer-dice-forced=yes",
		"classic start=7-9 fewer-dice=any-time fewer-dice-forced=yes",
		"classic start=1 move=dice-or-sum fewer-dice=never",
		"classic start=1,2 move=dice-or-sum fewer-dice=never",
		"classic start=1,2 move=dice-or-sum fewer-dice=never bust=3",
		"classic start=1,2,4 move=dice-or-sum fewer-dice=never bust=3",
		"classic start=1,5 move=one-tile fewer-dice=never bust=6",
		"thai",
		"five-rounds",
		"travel",
		"classic tiles=1-12 move=up-to-2",
		"classic tiles=1-12 move=up-to-1",
		"classic tiles=1-10 dice=3d4 fewer-dice=low-sum "
		"fewer-dice-forced=yes",
		"classic tiles=1-10 dice=3d4 fewer-dice=high-shut "
		"fewer-dice-forced=yes",
		"classic tiles=1-12 dice=3d3 bust=5",
		"classic dice=1d6 tiles=1-8",
		"2012",
		"odds",
		"evens",
		"unlucky-7",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct shut_rules r;
		char why[200];
		uint32_t lib, brute;

		if (shut_rules_parse(&r, specs[i], why, sizeof(why)) < 0) {
			/* Refused until-shut specs: check with rounds=1. */
			char spec[200];

			snprintf(spec, sizeof(spec), "%s rounds=1", specs[i]);
			assert_int_equal(
			    shut_rules_parse(&r, spec, why, sizeof(why)), 0);
		}
		lib = shut_rules_unreachable(&r);
		brute = brute_unreachable(&r);
		if (lib != brute)
			print_error("%s: library %#x, brute force %#x\n",
				    specs[i], lib, brute);
		assert_int_equal(lib & ~brute, 0);
		assert_int_equal(lib, brute);
	}
}

static void
until_shut_games_that_could_never_end_are_refused(void **state)
{
	static const char *const specs[] = {
		"lucky-7 bust=7",
		"lucky-7 start=1 fewer-dice=never",
		"lucky-7 fewer-dice=any-time fewer-dice-forced=yes",
		"lucky-7 start=1 move=dice-or-sum fewer-dice=never",
		"lucky-7 tiles=1-13 start=13",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct shut_rules r;
		char why[200];

		assert_int_equal(
		    shut_rules_parse(&r, specs[i], why, sizeof(why)),
		    SHUT_EUNTILSHUT);
		assert_non_null(strstr(why, "can never be shut"));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    the_unreachable_tiles_agree_with_a_brute_force),
		cmocka_unit_test(
		    until_shut_games_that_could_never_end_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
