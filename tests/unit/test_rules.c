/*
 * test_rules.c - rule sets: presets, specs, tile lists.
 *
 * The tables below are written from docs/contract.md: the presets of section 5
 * and the keys of section 2.  A randomized round trip closes the file, seeded
 * with a fixed generator so that a failure repeats.  What a spec is refused
 * for, and the table of keys, are tested in test_rules_keys.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "shut_error.h"
#include "shut_rules.h"
#include "unit.h"

#define CLASSIC_SPEC                                                           \
	"tiles=1-9 start=all dice=2d6 fewer-dice=high-shut "                   \
	"fewer-dice-forced=no move=any first-throw=any first-miss=end "        \
	"bust=none "                                                           \
	"score=sum shut=win rounds=1 until=none eliminate=none stake=none "    \
	"mode=standard"

/* The printed full spec of a spec, in buf. */
static void
print_of(const char *spec, char *buf, size_t len)
{
	struct shut_rules r;
	int n;

	rules_of(&r, spec);
	n = shut_rules_print(&r, buf, len);
	assert_true(n > 0 && (size_t)n < len);
}

/* ------------------------------------------------------------------ */

static void
every_preset_parses_and_prints_back(void **state)
{
	size_t i;

	(void)state;
	assert_int_equal(shut_preset_count(), 23);
	for (i = 0; i < shut_preset_count(); i++) {
		const struct shut_preset *p = shut_preset_at(i);
		struct shut_rules a, b;
		char buf[512], again[512];

		assert_non_null(p);
		assert_non_null(p->help);
		assert_true(strlen(p->help) > 0);
		assert_ptr_equal(shut_preset_find(p->name), p);
		rules_of(&a, p->name);
		rules_of(&b, p->spec);
		assert_true(shut_rules_equal(&a, &b));
		shut_rules_print(&a, buf, sizeof(buf));
		rules_of(&b, buf);
		if (!shut_rules_equal(&a, &b))
			fail_msg("%s: '%s' parses back differently", p->name,
				 buf);
		shut_rules_print(&b, again, sizeof(again));
		assert_string_equal(buf, again);
	}
	assert_null(shut_preset_at(shut_preset_count()));
	assert_null(shut_preset_find("nope"));
}

static void
presets_come_in_the_order_of_the_rules(void **state)
{
	static const char *const names[] = {
		"classic",    "golf",	     "missionary", "digital",
		"lone-one",   "five-rounds", "travel",	   "final-player",
		"tournament", "pub",	     "2-to-go",	   "3-to-go",
		"3-down",     "lucky-7",     "unlucky-7",  "odds",
		"evens",      "cards",	     "full-house", "the-300",
		"thai",	      "2012",	     "battle",
	};
	size_t i;

	(void)state;
	assert_int_equal(shut_preset_count(), sizeof(names) / sizeof(names[0]));
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		assert_string_equal(shut_preset_at(i)->name, names[i]);
}

static void
a_misspelt_preset_name_finds_the_preset_meant(void **state)
{
	(void)state;
	assert_string_equal(shut_preset_nearest("clasic")->name, "classic");
	assert_string_equal(shut_preset_nearest("gulf")->name, "golf");
	assert_string_equal(shut_preset_nearest("the300")->name, "the-300");
	assert_string_equal(shut_preset_nearest("travle")->name, "travel");
	assert_string_equal(shut_preset_nearest("battle")->name, "battle");
	/* Three edits or more is another word, not a misspelling. */
	assert_null(shut_preset_nearest("xyzzy"));
	assert_null(shut_preset_nearest(""));
	assert_null(shut_preset_nearest("tiles"));
	assert_null(shut_preset_nearest(NULL));
}

static void
classic_prints_as_the_full_spec(void **state)
{
	char buf[512];

	(void)state;
	print_of("classic", buf, sizeof(buf));
	assert_string_equal(buf, CLASSIC_SPEC);
	print_of("", buf, sizeof(buf));
	assert_string_equal(buf, CLASSIC_SPEC);
	print_of(" \t ", buf, sizeof(buf));
	assert_string_equal(buf, CLASSIC_SPEC);
	print_of("golf", buf, sizeof(buf));
	assert_string_equal(buf, CLASSIC_SPEC);
	assert_string_equal(shut_preset_find("classic")->spec, CLASSIC_SPEC);
}

static void
presets_print_their_own_fields(void **state)
{
	static const struct {
		const char *preset, *expect;
	} cases[] = {
		{ "odds", "tiles=1-9 start=odd dice=2d6 fewer-dice=high-shut "
			  "fewer-dice-forced=no move=any first-throw=any "
			  "first-miss=end bust=none score=sum shut=win "
			  "rounds=1 until=none "
			  "eliminate=none stake=none mode=standard" },
		{ "lucky-7", "tiles=1-9 start=7 dice=2d6 fewer-dice=high-shut "
			     "fewer-dice-forced=no move=any first-throw=any "
			     "first-miss=end bust=none score=sum shut=win "
			     "rounds=until-shut "
			     "until=none eliminate=none stake=none "
			     "mode=standard" },
		{ "the-300",
		  "tiles=1-24 start=all dice=4d6 "
		  "fewer-dice=high-shut fewer-dice-forced=no "
		  "move=any first-throw=any first-miss=end bust=none score=sum "
		  "shut=win rounds=1 until=none eliminate=none "
		  "stake=none mode=standard" },
		{ "travel", "tiles=1-9 start=all dice=2d6 fewer-dice=never "
			    "fewer-dice-forced=no move=up-to-2 "
			    "first-throw=any first-miss=end bust=none "
			    "score=sum shut=zero "
			    "rounds=1 until=none eliminate=45 stake=none "
			    "mode=standard" },
		{ "3-down", "tiles=1-9 start=4-9 dice=2d6 fewer-dice=high-shut "
			    "fewer-dice-forced=no move=any first-throw=any "
			    "first-miss=end bust=none score=sum shut=win "
			    "rounds=1 until=none "
			    "eliminate=none stake=none mode=standard" },
		{ "five-rounds",
		  "tiles=1-9 start=all dice=2d6 "
		  "fewer-dice=high-shut fewer-dice-forced=no "
		  "move=dice-or-sum first-throw=any first-miss=end bust=none "
		  "score=sum shut=zero rounds=5 until=none "
		  "eliminate=none stake=none mode=standard" },
		{ "2012", "tiles=1-12 start=all dice=1d20 fewer-dice=never "
			  "fewer-dice-forced=no move=any first-throw=any "
			  "first-miss=end bust=none score=sum shut=win "
			  "rounds=1 until=none "
			  "eliminate=none stake=none mode=standard" },
	};
	size_t i;
	char buf[512];

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		print_of(cases[i].preset, buf, sizeof(buf));
		assert_string_equal(buf, cases[i].expect);
	}
}

static void
presets_set_the_fields_of_the_rules(void **state)
{
	struct shut_rules r;

	(void)state;
	rules_of(&r, "missionary");
	assert_int_equal(r.score, SHUT_SCORE_COUNT);
	rules_of(&r, "digital");
	assert_int_equal(r.score, SHUT_SCORE_DIGITS);
	rules_of(&r, "lone-one");
	assert_int_equal(r.fewer, SHUT_FEWER_LONE_ONE);
	rules_of(&r, "final-player");
	assert_int_equal(r.eliminate, 45);
	rules_of(&r, "tournament");
	assert_int_equal(r.until, 100);
	assert_int_equal(r.shut, SHUT_SHUT_ZERO);
	rules_of(&r, "pub");
	assert_int_equal(r.stake, 100);
	rules_of(&r, "pub stake=2.5");
	assert_int_equal(r.stake, 250);
	rules_of(&r, "pub stake=0.05");
	assert_int_equal(r.stake, 5);
	rules_of(&r, "2-to-go");
	assert_int_equal(r.first_throw, 2);
	assert_int_equal(r.first_miss, SHUT_FIRST_MISS_LOSE);
	rules_of(&r, "3-to-go");
	assert_int_equal(r.first_throw, 3);
	rules_of(&r, "unlucky-7");
	assert_int_equal(r.bust, 7);
	rules_of(&r, "evens");
	assert_int_equal(shut_rules_start(&r), 0xAA);
	rules_of(&r, "odds");
	assert_int_equal(shut_rules_start(&r), 0x155);
	rules_of(&r, "cards");
	assert_int_equal(shut_rules_tiles(&r), 0x3FF);
	rules_of(&r, "full-house");
	assert_int_equal(r.tile_hi, 12);
	rules_of(&r, "thai");
	assert_int_equal(r.move, SHUT_MOVE_ONE_TILE);
	assert_int_equal(r.fewer, SHUT_FEWER_NEVER);
	rules_of(&r, "battle");
	assert_int_equal(r.mode, SHUT_MODE_BATTLE);
	rules_of(&r, "lucky-7");
	assert_int_equal(shut_rules_start(&r), SHUT_TILE(7));
	assert_int_equal(r.rounds, 0);
}

/* The rounds end the game only where no total does, and not in a battle. */
static void
rounds_end_the_game_where_nothing_else_does(void **state)
{
	static const struct {
		const char *spec;
		int end;
	} cases[] = {
		{ "classic", 1 },
		{ "five-rounds", 5 },
		{ "lucky-7", 0 },
		{ "tournament", 0 },
		{ "final-player rounds=3", 0 },
		{ "classic rounds=3 until=50", 0 },
		{ "battle", 0 },
		{ "battle rounds=4", 0 },
	};
	struct shut_rules r;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rules_of(&r, cases[i].spec);
		assert_int_equal(shut_rules_rounds_end(&r), cases[i].end);
	}
}

static void
later_items_override_earlier_ones(void **state)
{
	struct shut_rules r;

	(void)state;
	rules_of(&r, "classic tiles=1-12 score=digits");
	assert_int_equal(r.tile_lo, 1);
	assert_int_equal(r.tile_hi, 12);
	assert_int_equal(r.score, SHUT_SCORE_DIGITS);
	assert_int_equal(shut_rules_start(&r), 0xFFF);

	rules_of(&r, "dice=3d6 dice=1d20 score=count score=sum");
	assert_int_equal(r.dice, 1);
	assert_int_equal(r.faces, 20);
	assert_int_equal(r.score, SHUT_SCORE_SUM);

	rules_of(&r, "travel move=any shut=win eliminate=none");
	assert_int_equal(r.move, SHUT_MOVE_ANY);
	assert_int_equal(r.move_max, 0);
	assert_int_equal(r.shut, SHUT_SHUT_WIN);
	assert_int_equal(r.eliminate, 0);

	rules_of(&r, "\tlucky-7   rounds=3\t\tstart=all  ");
	assert_int_equal(r.rounds, 3);
	assert_int_equal(shut_rules_start(&r), 0x1FF);
}

static void
every_key_reads_each_of_its_values(void **state)
{
	static const struct {
		const char *spec;
		const char *printed; /* the item as printed */
	} cases[] = {
		{ "tiles=3-3", "tiles=3-3" },
		{ "tiles=01-09", "tiles=1-9" },
		{ "tiles=1-32", "tiles=1-32" },
		{ "start=1,3,5", "start=1,3,5" },
		{ "start=9,1-3", "start=1-3,9" },
		{ "start=even", "start=even" },
		{ "dice=8d100", "dice=8d100" },
		{ "dice=1d2", "dice=1d2" },
		{ "fewer-dice=never", "fewer-dice=never" },
		{ "fewer-dice=low-sum", "fewer-dice=low-sum" },
		{ "fewer-dice=lone-one", "fewer-dice=lone-one" },
		{ "fewer-dice=any-time", "fewer-dice=any-time" },
		{ "fewer-dice-forced=yes", "fewer-dice-forced=yes" },
		{ "move=up-to-1", "move=up-to-1" },
		{ "move=up-to-32", "move=up-to-32" },
		{ "move=one-tile", "move=one-tile" },
		{ "move=dice-or-sum", "move=dice-or-sum" },
		{ "first-throw=9", "first-throw=9" },
		{ "bust=11", "bust=11" },
		{ "score=count", "score=count" },
		{ "shut=zero", "shut=zero" },
		{ "rounds=1000000", "rounds=1000000" },
		{ "until=250", "until=250" },
		{ "eliminate=1", "eliminate=1" },
		{ "stake=5", "stake=5" },
		{ "mode=battle", "mode=battle" },
	};
	size_t i;
	char buf[512];

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		print_of(cases[i].spec, buf, sizeof(buf));
		if (strstr(buf, cases[i].printed) == NULL)
			fail_msg("'%s' printed '%s'", cases[i].spec, buf);
	}
}

static void
odd_and_even_start_sets_follow_the_tiles_given_later(void **state)
{
	struct shut_rules a, b;

	(void)state;
	rules_of(&a, "start=odd tiles=1-12");
	rules_of(&b, "tiles=1-12 start=odd");
	assert_true(shut_rules_equal(&a, &b));
	assert_int_equal(shut_rules_start(&a), 0x555);
	rules_of(&a, "odds tiles=2-5");
	assert_int_equal(shut_rules_start(&a), SHUT_TILE(3) | SHUT_TILE(5));
}

static void
equal_rule_sets_compare_the_game_played(void **state)
{
	struct shut_rules a, b;

	(void)state;
	rules_of(&a, "start=all");
	rules_of(&b, "start=1-9");
	assert_true(shut_rules_equal(&a, &b));
	rules_of(&b, "start=odd");
	assert_false(shut_rules_equal(&a, &b));
	rules_of(&b, "start=1,3,5,7,9");
	rules_of(&a, "odds");
	assert_true(shut_rules_equal(&a, &b));
	rules_of(&a, "move=up-to-3");
	rules_of(&b, "move=up-to-2");
	assert_false(shut_rules_equal(&a, &b));
	rules_of(&a, "classic");
	b = a;
	b.move_max = 7; /* not read under move=any */
	assert_true(shut_rules_equal(&a, &b));
	b.stake = 2;
	assert_false(shut_rules_equal(&a, &b));
}

/* ------------------------------------------------------------------ */

static void
tiles_beyond_the_largest_throw_are_unreachable(void **state)
{
	struct shut_rules r;

	(void)state;
	rules_of(&r, "classic");
	assert_int_equal(shut_rules_unreachable(&r), 0);
	rules_of(&r, "classic tiles=1-13");
	assert_int_equal(shut_rules_unreachable(&r), SHUT_TILE(13));
	rules_of(&r, "tiles=1-32 dice=1d6");
	assert_int_equal(shut_rules_unreachable(&r), 0xFFFFFFC0u);
	rules_of(&r, "tiles=1-32 dice=1d6 start=odd");
	assert_int_equal(shut_rules_unreachable(&r), 0x55555540u);
	rules_of(&r, "tiles=1-32 dice=8d6");
	assert_int_equal(shut_rules_unreachable(&r), 0);
	rules_of(&r, "2012");
	assert_int_equal(shut_rules_unreachable(&r), 0);
	rules_of(&r, "the-300");
	assert_int_equal(shut_rules_unreachable(&r), 0);
}

static void
tiles_of_the_box_and_start_set_are_masks(void **state)
{
	struct shut_rules r;

	(void)state;
	rules_of(&r, "tiles=1-32");
	assert_int_equal(shut_rules_tiles(&r), 0xFFFFFFFFu);
	assert_int_equal(shut_rules_start(&r), 0xFFFFFFFFu);
	rules_of(&r, "tiles=32-32");
	assert_int_equal(shut_rules_tiles(&r), 0x80000000u);
	rules_of(&r, "tiles=4-9 start=even");
	assert_int_equal(shut_rules_tiles(&r), 0x1F8);
	assert_int_equal(shut_rules_start(&r),
			 SHUT_TILE(4) | SHUT_TILE(6) | SHUT_TILE(8));
	r.tile_lo = 0;
	r.tile_hi = 40;
	assert_int_equal(shut_rules_tiles(&r), 0xFFFFFFFFu);
}

static void
tile_lists_parse_and_print_back(void **state)
{
	static const struct {
		const char *text;
		uint32_t tiles;
		const char *printed;
	} cases[] = {
		{ "", 0, "none" },
		{ "none", 0, "none" },
		{ "1", 0x1, "1" },
		{ "1,2", 0x3, "1,2" },
		{ "1-3", 0x7, "1-3" },
		{ "1,3,5-9", 0x1F5, "1,3,5-9" },
		{ "9,8,7", 0x1C0, "7-9" },
		{ "1-5,3", 0x1F, "1-5" },
		{ "4-4", 0x8, "4" },
		{ "1,2,4,5,7,8,9", 0x1DB, "1,2,4,5,7-9" },
		{ "32", 0x80000000u, "32" },
		{ "1-32", 0xFFFFFFFFu, "1-32" },
		{ "31,32", 0xC0000000u, "31,32" },
		{ "30-32,1", 0xE0000001u, "1,30-32" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint32_t t = 12345;
		char why[128] = "", buf[128];
		int n;

		if (shut_tiles_parse(cases[i].text, &t, why, sizeof(why)) != 0)
			fail_msg("'%s' refused: %s", cases[i].text, why);
		assert_int_equal(t, cases[i].tiles);
		n = shut_tiles_print(t, buf, sizeof(buf));
		assert_int_equal(n, (int)strlen(cases[i].printed));
		assert_string_equal(buf, cases[i].printed);
	}
}

static void
tile_lists_print_in_runs(void **state)
{
	char buf[128];

	(void)state;
	shut_tiles_print(0x1F5, buf, sizeof(buf)); /* 0b111110101 */
	assert_string_equal(buf, "1,3,5-9");
	shut_tiles_print(0x55555555u, buf, sizeof(buf));
	assert_string_equal(buf, "1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31");
	shut_tiles_print(0x6, buf, sizeof(buf));
	assert_string_equal(buf, "2,3");
	/* Like snprintf: the whole length, a truncated, terminated text. */
	assert_int_equal(shut_tiles_print(0x1F5, buf, 4), 7);
	assert_string_equal(buf, "1,3");
	assert_int_equal(shut_tiles_print(0x1F5, NULL, 0), 7);
}

static void
bad_tile_lists_are_refused_naming_the_bad_part(void **state)
{
	static const struct {
		const char *text, *part;
	} cases[] = {
		{ "3-1", "3-1" },   { "1,,2", "1,,2" },
		{ "x", "x" },	    { "0", "0" },
		{ "33", "33" },	    { "1,2,", "1,2," },
		{ ",1", ",1" },	    { "1-", "1-" },
		{ "1 2", "1 2" },   { "-3", "-3" },
		{ "1,y,3", "'y'" }, { "NONE", "NONE" },
		{ "1-40", "1-40" }, { "99999999999999999999999", "9999" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint32_t t = 77;
		char why[128] = "";
		int rc = shut_tiles_parse(cases[i].text, &t, why, sizeof(why));

		if (rc != SHUT_ETILES)
			fail_msg("'%s' gave %d", cases[i].text, rc);
		assert_int_equal(t, 77);
		if (strstr(why, cases[i].part) == NULL)
			fail_msg("'%s': '%s' does not name '%s'", cases[i].text,
				 why, cases[i].part);
	}
	assert_int_equal(shut_tiles_parse(NULL, NULL, NULL, 0), SHUT_EINVAL);
}

static void
tile_counts_and_sums_add_up(void **state)
{
	(void)state;
	assert_int_equal(shut_tiles_count(0), 0);
	assert_int_equal(shut_tiles_sum(0), 0);
	assert_int_equal(shut_tiles_count(0x1FF), 9);
	assert_int_equal(shut_tiles_sum(0x1FF), 45);
	assert_int_equal(shut_tiles_sum(0xFFFFFF), 300);
	assert_int_equal(shut_tiles_count(0xFFFFFFFFu), 32);
	assert_int_equal(shut_tiles_sum(0xFFFFFFFFu), 528);
	assert_int_equal(shut_tiles_sum(SHUT_TILE(32)), 32);
}

static void
the_print_is_measured_like_snprintf(void **state)
{
	struct shut_rules r;
	char buf[512], small[20];
	int n;

	(void)state;
	rules_of(&r, "classic");
	n = shut_rules_print(&r, buf, sizeof(buf));
	assert_int_equal(n, (int)strlen(CLASSIC_SPEC));
	assert_int_equal(shut_rules_print(&r, NULL, 0), n);
	assert_int_equal(shut_rules_print(&r, small, sizeof(small)), n);
	assert_int_equal(strlen(small), sizeof(small) - 1);
	assert_memory_equal(small, CLASSIC_SPEC, sizeof(small) - 1);
}

/* ------------------------------------------------------------------ */

/* A fixed linear congruential generator, so that a failure repeats. */
static uint64_t lcg_state = 20240601;

/* A number from 0 to n - 1. */
static uint32_t
lcg(uint32_t n)
{
	lcg_state = lcg_state * 6364136223846793005u + 1442695040888963407u;
	return (uint32_t)(lcg_state >> 33) % n;
}

/* One of the numbers a long field can hold: small, large, or the largest. */
static long
random_total(void)
{
	switch (lcg(4)) {
	case 0:
		return 0;
	case 1:
		return 1 + (long)lcg(200);
	case 2:
		return 1 + (long)lcg(2000000000);
	default:
		return 2147483647;
	}
}

/* A random rule set that passes shut_rules_check(). */
static void
random_rules(struct shut_rules *r)
{
	uint32_t tiles, start;
	int rc;

	memset(r, 0, sizeof(*r));
	r->tile_lo = 1 + (int)lcg(SHUT_TILES_MAX);
	r->tile_hi = r->tile_lo + (int)lcg(SHUT_TILES_MAX - r->tile_lo + 1);
	tiles = shut_rules_tiles(r);
	r->start = (enum shut_start)lcg(4);
	if (r->start == SHUT_START_LIST) {
		r->start_list = tiles & (uint32_t)lcg_state;
		r->start_list |= SHUT_TILE(r->tile_lo);
	}
	if (shut_rules_start(r) == 0)
		r->start = SHUT_START_ALL;
	start = shut_rules_start(r);
	r->dice = 1 + (int)lcg(SHUT_DICE_MAX);
	r->faces = 2 + (int)lcg(SHUT_FACES_MAX - 1);
	r->fewer = (enum shut_fewer)lcg(5);
	r->fewer_forced = (int)lcg(2);
	r->move = (enum shut_move)lcg(4);
	r->move_max = r->move == SHUT_MOVE_UP_TO ? 1 + (int)lcg(32) : 0;
	r->first_throw = 0;
	r->first_miss = (enum shut_first_miss)lcg(2);
	if (lcg(2)) {
		int t = 1 + (int)lcg(32);

		if (start & SHUT_TILE(t))
			r->first_throw = t;
	}
	r->bust = lcg(2) ? 0 : 1 + (int)lcg(1000);
	r->score = (enum shut_score)lcg(3);
	r->shut = (enum shut_shut)lcg(2);
	r->rounds = lcg(3) == 0 ? 0 : 1 + (int)lcg(1000000);
	if (r->rounds == 0)
		r->shut = SHUT_SHUT_WIN;
	/* until-shut needs a box that can be shut. */
	if (r->rounds == 0 && shut_rules_unreachable(r) != 0)
		r->rounds = 1;
	r->until = random_total() % 1000001L;
	r->eliminate = random_total() % 1000001L;
	r->stake = random_total() % 1000000001L;
	r->mode = (enum shut_mode)lcg(2);
	if ((rc = shut_rules_check(r, NULL, 0)) == SHUT_EDIGITS) {
		r->score = SHUT_SCORE_SUM;
		rc = shut_rules_check(r, NULL, 0);
	}
	/* A game that could never end is refused: made to end by rounds. */
	if (rc == SHUT_EENDLESS || rc == SHUT_EUNTILSHUT) {
		r->until = r->eliminate = 0;
		r->rounds = 1;
		rc = shut_rules_check(r, NULL, 0);
	}
	/* A battle that could come to a standstill: no first-throw rule. */
	if (rc == SHUT_EENDLESS)
		r->first_throw = 0;
}

static void
random_rule_sets_print_and_parse_back_equal(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < 20000; i++) {
		struct shut_rules a, b;
		char why[256] = "", buf[512], again[512];
		int n;

		random_rules(&a);
		if (shut_rules_check(&a, why, sizeof(why)) != 0)
			fail_msg("random rule set %d refused: %s", i, why);
		n = shut_rules_print(&a, buf, sizeof(buf));
		assert_true(n > 0 && (size_t)n < sizeof(buf));
		if (shut_rules_parse(&b, buf, why, sizeof(why)) != 0)
			fail_msg("'%s' refused: %s", buf, why);
		if (!shut_rules_equal(&a, &b))
			fail_msg("'%s' parses back differently", buf);
		shut_rules_print(&b, again, sizeof(again));
		assert_string_equal(buf, again);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_preset_parses_and_prints_back),
		cmocka_unit_test(presets_come_in_the_order_of_the_rules),
		cmocka_unit_test(a_misspelt_preset_name_finds_the_preset_meant),
		cmocka_unit_test(classic_prints_as_the_full_spec),
		cmocka_unit_test(presets_print_their_own_fields),
		cmocka_unit_test(presets_set_the_fields_of_the_rules),
		cmocka_unit_test(later_items_override_earlier_ones),
		cmocka_unit_test(rounds_end_the_game_where_nothing_else_does),
		cmocka_unit_test(every_key_reads_each_of_its_values),
		cmocka_unit_test(
		    odd_and_even_start_sets_follow_the_tiles_given_later),
		cmocka_unit_test(equal_rule_sets_compare_the_game_played),
		cmocka_unit_test(
		    tiles_beyond_the_largest_throw_are_unreachable),
		cmocka_unit_test(tiles_of_the_box_and_start_set_are_masks),
		cmocka_unit_test(tile_lists_parse_and_print_back),
		cmocka_unit_test(tile_lists_print_in_runs),
		cmocka_unit_test(
		    bad_tile_lists_are_refused_naming_the_bad_part),
		cmocka_unit_test(tile_counts_and_sums_add_up),
		cmocka_unit_test(the_print_is_measured_like_snprintf),
		cmocka_unit_test(random_rule_sets_print_and_parse_back_equal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
