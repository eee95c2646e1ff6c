/*
 * test_rules.c - rule sets: presets, specs, refusals, tile lists.
 *
 * The tables below are written from docs/contract.md: the presets of section 5,
 * the keys of section 2 and the refusals of section 6.  A randomized round trip
 * closes the file, seeded with a fixed generator so that a failure repeats.
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

#define CLASSIC_SPEC                                                           \
	"tiles=1-9 start=all dice=2d6 fewer-dice=high-shut "                   \
	"fewer-dice-forced=no move=any first-throw=any first-miss=end "        \
	"bust=none "                                                           \
	"score=sum shut=win rounds=1 until=none eliminate=none stake=none "    \
	"mode=standard"

/*
 * Parses a spec that must be accepted, failing the test with the reason
 * when it is not.
 */
static void
parse_ok(struct shut_rules *r, const char *spec)
{
	char why[256] = "";
	int rc = shut_rules_parse(r, spec, why, sizeof(why));

	if (rc != 0)
		fail_msg("'%s' refused (%d): %s", spec, rc, why);
}

/* The printed full spec of a spec, in buf. */
static void
print_of(const char *spec, char *buf, size_t len)
{
	struct shut_rules r;
	int n;

	parse_ok(&r, spec);
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
		parse_ok(&a, p->name);
		parse_ok(&b, p->spec);
		assert_true(shut_rules_equal(&a, &b));
		shut_rules_print(&a, buf, sizeof(buf));
		parse_ok(&b, buf);
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
	parse_ok(&r, "missionary");
	assert_int_equal(r.score, SHUT_SCORE_COUNT);
	parse_ok(&r, "digital");
	assert_int_equal(r.score, SHUT_SCORE_DIGITS);
	parse_ok(&r, "lone-one");
	assert_int_equal(r.fewer, SHUT_FEWER_LONE_ONE);
	parse_ok(&r, "final-player");
	assert_int_equal(r.eliminate, 45);
	parse_ok(&r, "tournament");
	assert_int_equal(r.until, 100);
	assert_int_equal(r.shut, SHUT_SHUT_ZERO);
	parse_ok(&r, "pub");
	assert_int_equal(r.stake, 100);
	parse_ok(&r, "pub stake=2.5");
	assert_int_equal(r.stake, 250);
	parse_ok(&r, "pub stake=0.05");
	assert_int_equal(r.stake, 5);
	parse_ok(&r, "2-to-go");
	assert_int_equal(r.first_throw, 2);
	assert_int_equal(r.first_miss, SHUT_FIRST_MISS_LOSE);
	parse_ok(&r, "3-to-go");
	assert_int_equal(r.first_throw, 3);
	parse_ok(&r, "unlucky-7");
	assert_int_equal(r.bust, 7);
	parse_ok(&r, "evens");
	assert_int_equal(shut_rules_start(&r), 0xAA);
	parse_ok(&r, "odds");
	assert_int_equal(shut_rules_start(&r), 0x155);
	parse_ok(&r, "cards");
	assert_int_equal(shut_rules_tiles(&r), 0x3FF);
	parse_ok(&r, "full-house");
	assert_int_equal(r.tile_hi, 12);
	parse_ok(&r, "thai");
	assert_int_equal(r.move, SHUT_MOVE_ONE_TILE);
	assert_int_equal(r.fewer, SHUT_FEWER_NEVER);
	parse_ok(&r, "battle");
	assert_int_equal(r.mode, SHUT_MODE_BATTLE);
	parse_ok(&r, "lucky-7");
	assert_int_equal(shut_rules_start(&r), SHUT_TILE(7));
	assert_int_equal(r.rounds, 0);
}

static void
later_items_override_earlier_ones(void **state)
{
	struct shut_rules r;

	(void)state;
	parse_ok(&r, "classic tiles=1-12 score=digits");
	assert_int_equal(r.tile_lo, 1);
	assert_int_equal(r.tile_hi, 12);
	assert_int_equal(r.score, SHUT_SCORE_DIGITS);
	assert_int_equal(shut_rules_start(&r), 0xFFF);

	parse_ok(&r, "dice=3d6 dice=1d20 score=count score=sum");
	assert_int_equal(r.dice, 1);
	assert_int_equal(r.faces, 20);
	assert_int_equal(r.score, SHUT_SCORE_SUM);

	parse_ok(&r, "travel move=any shut=win eliminate=none");
	assert_int_equal(r.move, SHUT_MOVE_ANY);
	assert_int_equal(r.move_max, 0);
	assert_int_equal(r.shut, SHUT_SHUT_WIN);
	assert_int_equal(r.eliminate, 0);

	parse_ok(&r, "\tlucky-7   rounds=3\t\tstart=all  ");
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
	parse_ok(&a, "start=odd tiles=1-12");
	parse_ok(&b, "tiles=1-12 start=odd");
	assert_true(shut_rules_equal(&a, &b));
	assert_int_equal(shut_rules_start(&a), 0x555);
	parse_ok(&a, "odds tiles=2-5");
	assert_int_equal(shut_rules_start(&a), SHUT_TILE(3) | SHUT_TILE(5));
}

static void
equal_rule_sets_compare_the_game_played(void **state)
{
	struct shut_rules a, b;

	(void)state;
	parse_ok(&a, "start=all");
	parse_ok(&b, "start=1-9");
	assert_true(shut_rules_equal(&a, &b));
	parse_ok(&b, "start=odd");
	assert_false(shut_rules_equal(&a, &b));
	parse_ok(&b, "start=1,3,5,7,9");
	parse_ok(&a, "odds");
	assert_true(shut_rules_equal(&a, &b));
	parse_ok(&a, "move=up-to-3");
	parse_ok(&b, "move=up-to-2");
	assert_false(shut_rules_equal(&a, &b));
	parse_ok(&a, "classic");
	b = a;
	b.move_max = 7; /* not read under move=any */
	assert_true(shut_rules_equal(&a, &b));
	b.stake = 2;
	assert_false(shut_rules_equal(&a, &b));
}

/* ------------------------------------------------------------------ */

/*
 * Specs refused, with the code and a part of the message.  The ones that
 * are one key=value item are refused alike by shut_rules_set().
 */
static const struct refusal {
	const char *spec;
	int code;
	const char *item; /* the message must contain it */
} refusals[] = {
	/* Items that are not key=value, unknown names. */
	{ "=3", SHUT_ESYNTAX, "=3" },
	{ "tiles=1-9 =", SHUT_ESYNTAX, "=" },
	{ "foo=3", SHUT_EKEY, "foo=3" },
	{ "classic Tiles=1-9", SHUT_EKEY, "Tiles=1-9" },
	{ "foo", SHUT_EPRESET, "foo" },
	{ "Classic", SHUT_EPRESET, "Classic" },
	{ "tiles=1-9 golf", SHUT_EPRESET, "golf" },
	{ "classic golf", SHUT_EPRESET, "golf" },
	{ "classic bar", SHUT_EPRESET, "bar" },
	/* Values malformed or out of range. */
	{ "tiles=", SHUT_EVALUE, "tiles=" },
	{ "tiles=9", SHUT_EVALUE, "tiles=9" },
	{ "tiles=0-9", SHUT_EVALUE, "tiles=0-9" },
	{ "tiles=5-3", SHUT_EVALUE, "tiles=5-3" },
	{ "tiles=1-33", SHUT_EVALUE, "tiles=1-33" },
	{ "tiles=-1-9", SHUT_EVALUE, "tiles=-1-9" },
	{ "tiles=+1-9", SHUT_EVALUE, "tiles=+1-9" },
	{ "tiles=1-9x", SHUT_EVALUE, "tiles=1-9x" },
	{ "tiles=1-99999999999999999999999", SHUT_EVALUE,
	  "tiles=1-99999999999999999999999" },
	{ "dice=0d6", SHUT_EVALUE, "dice=0d6" },
	{ "dice=9d6", SHUT_EVALUE, "dice=9d6" },
	{ "dice=2d1", SHUT_EVALUE, "dice=2d1" },
	{ "dice=2d101", SHUT_EVALUE, "dice=2d101" },
	{ "dice=2D6", SHUT_EVALUE, "dice=2D6" },
	{ "dice=d6", SHUT_EVALUE, "dice=d6" },
	{ "dice=2d", SHUT_EVALUE, "dice=2d" },
	{ "start=x", SHUT_EVALUE, "start=x" },
	{ "start=0", SHUT_EVALUE, "start=0" },
	{ "start=33", SHUT_EVALUE, "start=33" },
	{ "start=1,,2", SHUT_EVALUE, "start=1,,2" },
	{ "start=1,2,", SHUT_EVALUE, "start=1,2," },
	{ "start=5-3", SHUT_EVALUE, "start=5-3" },
	{ "fewer-dice=sometimes", SHUT_EVALUE, "fewer-dice=sometimes" },
	{ "fewer-dice-forced=1", SHUT_EVALUE, "fewer-dice-forced=1" },
	{ "move=up-to-0", SHUT_EVALUE, "move=up-to-0" },
	{ "move=up-to-33", SHUT_EVALUE, "move=up-to-33" },
	{ "move=up-to-", SHUT_EVALUE, "move=up-to-" },
	{ "move=all", SHUT_EVALUE, "move=all" },
	{ "first-throw=0", SHUT_EVALUE, "first-throw=0" },
	{ "first-throw=33", SHUT_EVALUE, "first-throw=33" },
	{ "bust=x", SHUT_EVALUE, "bust=x" },
	{ "bust=0", SHUT_EVALUE, "bust=0" },
	{ "bust=99999999999", SHUT_EVALUE, "bust=99999999999" },
	{ "score=foo", SHUT_EVALUE, "score=foo" },
	{ "shut=lose", SHUT_EVALUE, "shut=lose" },
	{ "rounds=0", SHUT_EVALUE, "rounds=0" },
	{ "rounds=1000001", SHUT_EVALUE, "rounds=1000001" },
	{ "rounds=-1", SHUT_EVALUE, "rounds=-1" },
	{ "until=0", SHUT_EVALUE, "until=0" },
	{ "until=+5", SHUT_EVALUE, "until=+5" },
	{ "eliminate=forty", SHUT_EVALUE, "eliminate=forty" },
	{ "stake=1.555", SHUT_EVALUE, "stake=1.555" },
	{ "stake=.5", SHUT_EVALUE, "stake=.5" },
	{ "stake=99999999999999999999", SHUT_EVALUE,
	  "stake=99999999999999999999" },
	{ "stake=1000000001", SHUT_EVALUE, "stake=1000000001" },
	{ "mode=solo", SHUT_EVALUE, "mode=solo" },
	/* The whole rule set. */
	{ "tiles=1-9 start=10", SHUT_ESTART, "start=10" },
	{ "start=10", SHUT_ESTART, "start=10" },
	{ "start=8-10", SHUT_ESTART, "start=8-10" },
	{ "start=none", SHUT_ESTART, "start=none" },
	{ "start=3 tiles=4-9", SHUT_ESTART, "start=3" },
	{ "tiles=2-2 start=odd", SHUT_ESTART, "start=odd" },
	{ "3-down tiles=1-3", SHUT_ESTART, "start=4-9" },
	{ "classic start=4-9 first-throw=2", SHUT_EFIRST, "first-throw=2" },
	{ "2-to-go start=odd", SHUT_EFIRST, "first-throw=2" },
	{ "first-throw=12", SHUT_EFIRST, "first-throw=12" },
	{ "lucky-7 shut=zero", SHUT_EUNTILSHUT, "rounds=until-shut" },
	{ "rounds=until-shut five-rounds", SHUT_EPRESET, "five-rounds" },
	{ "five-rounds rounds=until-shut", SHUT_EUNTILSHUT,
	  "rounds=until-shut" },
	{ "lucky-7 tiles=1-13 start=13", SHUT_EUNTILSHUT,
	  "tile 13 can never be shut" },
	{ "the-300 score=digits", SHUT_EDIGITS, "score=digits" },
	{ "score=digits tiles=1-32", SHUT_EDIGITS, "score=digits" },
};

static void
every_refusal_has_its_code_and_names_the_item(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		struct shut_rules r;
		char why[256] = "";
		int rc =
		    shut_rules_parse(&r, refusals[i].spec, why, sizeof(why));

		if (rc != refusals[i].code)
			fail_msg("'%s' gave %d (%s), not %d", refusals[i].spec,
				 rc, why, refusals[i].code);
		if (strstr(why, refusals[i].item) == NULL)
			fail_msg("'%s': message '%s' does not name '%s'",
				 refusals[i].spec, why, refusals[i].item);
		/* Every message is one line of the form "ITEM: reason". */
		assert_null(strchr(why, '\n'));
		assert_non_null(strstr(why, ": "));
	}
}

static void
messages_read_as_the_item_and_its_reason(void **state)
{
	struct shut_rules r;
	char why[256];

	(void)state;
	shut_rules_parse(&r, "dice=9d6", why, sizeof(why));
	assert_string_equal(why, "dice=9d6: the number of dice must be "
				 "between 1 and 8");
	shut_rules_parse(&r, "tiles=0-9", why, sizeof(why));
	assert_string_equal(why, "tiles=0-9: the lowest tile must be between "
				 "1 and 32");
	shut_rules_parse(&r, "golf=1", why, sizeof(why));
	assert_string_equal(why, "golf=1: unknown key 'golf'");
	shut_rules_parse(&r, "tiles=1-12 golf", why, sizeof(why));
	assert_string_equal(why, "golf: a preset name must come first");
	shut_rules_parse(&r, "score=foo", why, sizeof(why));
	assert_string_equal(why, "score=foo: score must be sum, count or "
				 "digits");
}

static void
digits_scoring_is_refused_only_when_it_overflows(void **state)
{
	struct shut_rules r;

	(void)state;
	/* 123456789101112 has 15 digits. */
	parse_ok(&r, "full-house score=digits");
	/* 1..19 is 29 digits. */
	assert_int_equal(
	    shut_rules_parse(&r, "score=digits tiles=1-19", NULL, 0),
	    SHUT_EDIGITS);
	/*
	 * Twenty digits, on either side of the largest uint64_t,
	 * 18446744073709551615: 18192021222324252627 fits and
	 * 19202122232425262728 does not.
	 */
	parse_ok(&r, "score=digits tiles=10-19");
	parse_ok(&r, "score=digits tiles=18-27");
	parse_ok(&r, "score=digits tiles=1-32 start=18-27");
	assert_int_equal(
	    shut_rules_parse(&r, "score=digits tiles=19-28", NULL, 0),
	    SHUT_EDIGITS);
	assert_int_equal(
	    shut_rules_parse(&r, "score=digits tiles=18-28", NULL, 0),
	    SHUT_EDIGITS);
	/* Only the start set counts, resolved against the final tiles. */
	parse_ok(&r, "score=digits tiles=1-32 start=odd tiles=1-9");
	parse_ok(&r, "score=digits tiles=1-32 start=1-9");
}

static void
a_refused_spec_with_no_buffer_still_gives_its_code(void **state)
{
	struct shut_rules r;
	char why[8];

	(void)state;
	assert_int_equal(shut_rules_parse(&r, "dice=9d6", NULL, 0),
			 SHUT_EVALUE);
	assert_int_equal(shut_rules_parse(&r, "dice=9d6", why, sizeof(why)),
			 SHUT_EVALUE);
	assert_string_equal(why, "dice=9d");
	assert_int_equal(shut_rules_parse(NULL, "", NULL, 0), SHUT_EINVAL);
	assert_int_equal(shut_rules_parse(&r, NULL, NULL, 0), SHUT_EINVAL);
}

static void
hand_built_rule_sets_are_checked_field_by_field(void **state)
{
	static const struct {
		const char *field;
		int code;
	} cases[] = {
		{ "tile_lo=0", SHUT_EVALUE },	 { "tile_hi=33", SHUT_EVALUE },
		{ "tile_lo>hi", SHUT_EVALUE },	 { "start=9", SHUT_EVALUE },
		{ "dice=0", SHUT_EVALUE },	 { "faces=101", SHUT_EVALUE },
		{ "fewer=-1", SHUT_EVALUE },	 { "forced=2", SHUT_EVALUE },
		{ "move=4", SHUT_EVALUE },	 { "move_max=0", SHUT_EVALUE },
		{ "first=33", SHUT_EVALUE },	 { "bust=-1", SHUT_EVALUE },
		{ "score=3", SHUT_EVALUE },	 { "shut=2", SHUT_EVALUE },
		{ "rounds=-1", SHUT_EVALUE },	 { "until=-1", SHUT_EVALUE },
		{ "eliminate=-1", SHUT_EVALUE }, { "stake=-1", SHUT_EVALUE },
		{ "mode=2", SHUT_EVALUE },	 { "list=0", SHUT_ESTART },
		{ "list=outside", SHUT_ESTART }, { "first=8", SHUT_EFIRST },
		{ "rounds=0", SHUT_EUNTILSHUT }, { "digits", SHUT_EDIGITS },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct shut_rules r;
		const char *f = cases[i].field;
		char why[256] = "";
		int rc;

		parse_ok(&r, "classic");
		assert_int_equal(shut_rules_check(&r, NULL, 0), 0);
		if (strcmp(f, "tile_lo=0") == 0)
			r.tile_lo = 0;
		else if (strcmp(f, "tile_hi=33") == 0)
			r.tile_hi = 33;
		else if (strcmp(f, "tile_lo>hi") == 0)
			r.tile_lo = 10;
		else if (strcmp(f, "start=9") == 0)
			r.start = (enum shut_start)9;
		else if (strcmp(f, "dice=0") == 0)
			r.dice = 0;
		else if (strcmp(f, "faces=101") == 0)
			r.faces = 101;
		else if (strcmp(f, "fewer=-1") == 0)
			r.fewer = (enum shut_fewer) - 1;
		else if (strcmp(f, "forced=2") == 0)
			r.fewer_forced = 2;
		else if (strcmp(f, "move=4") == 0)
			r.move = (enum shut_move)4;
		else if (strcmp(f, "move_max=0") == 0)
			r.move = SHUT_MOVE_UP_TO;
		else if (strcmp(f, "first=33") == 0)
			r.first_throw = 33;
		else if (strcmp(f, "bust=-1") == 0)
			r.bust = -1;
		else if (strcmp(f, "score=3") == 0)
			r.score = (enum shut_score)3;
		else if (strcmp(f, "shut=2") == 0)
			r.shut = (enum shut_shut)2;
		else if (strcmp(f, "rounds=-1") == 0)
			r.rounds = -1;
		else if (strcmp(f, "until=-1") == 0)
			r.until = -1;
		else if (strcmp(f, "eliminate=-1") == 0)
			r.eliminate = -1;
		else if (strcmp(f, "stake=-1") == 0)
			r.stake = -1;
		else if (strcmp(f, "mode=2") == 0)
			r.mode = (enum shut_mode)2;
		else if (strcmp(f, "list=0") == 0)
			r.start = SHUT_START_LIST;
		else if (strcmp(f, "list=outside") == 0) {
			r.start = SHUT_START_LIST;
			r.start_list = SHUT_TILE(1) | SHUT_TILE(10);
		} else if (strcmp(f, "first=8") == 0) {
			r.start = SHUT_START_LIST;
			r.start_list = SHUT_TILE(1);
			r.first_throw = 8;
		} else if (strcmp(f, "rounds=0") == 0) {
			r.rounds = 0;
			r.shut = SHUT_SHUT_ZERO;
		} else if (strcmp(f, "digits") == 0) {
			r.tile_hi = 32;
			r.score = SHUT_SCORE_DIGITS;
		}
		rc = shut_rules_check(&r, why, sizeof(why));
		if (rc != cases[i].code)
			fail_msg("%s gave %d (%s), not %d", f, rc, why,
				 cases[i].code);
		assert_true(strlen(why) > 0);
	}
	assert_int_equal(shut_rules_check(NULL, NULL, 0), SHUT_EINVAL);
}

/* ------------------------------------------------------------------ */

static void
tiles_beyond_the_largest_throw_are_unreachable(void **state)
{
	struct shut_rules r;

	(void)state;
	parse_ok(&r, "classic");
	assert_int_equal(shut_rules_unreachable(&r), 0);
	parse_ok(&r, "classic tiles=1-13");
	assert_int_equal(shut_rules_unreachable(&r), SHUT_TILE(13));
	parse_ok(&r, "tiles=1-32 dice=1d6");
	assert_int_equal(shut_rules_unreachable(&r), 0xFFFFFFC0u);
	parse_ok(&r, "tiles=1-32 dice=1d6 start=odd");
	assert_int_equal(shut_rules_unreachable(&r), 0x55555540u);
	parse_ok(&r, "tiles=1-32 dice=8d6");
	assert_int_equal(shut_rules_unreachable(&r), 0);
	parse_ok(&r, "2012");
	assert_int_equal(shut_rules_unreachable(&r), 0);
	parse_ok(&r, "the-300");
	assert_int_equal(shut_rules_unreachable(&r), 0);
}

static void
tiles_of_the_box_and_start_set_are_masks(void **state)
{
	struct shut_rules r;

	(void)state;
	parse_ok(&r, "tiles=1-32");
	assert_int_equal(shut_rules_tiles(&r), 0xFFFFFFFFu);
	assert_int_equal(shut_rules_start(&r), 0xFFFFFFFFu);
	parse_ok(&r, "tiles=32-32");
	assert_int_equal(shut_rules_tiles(&r), 0x80000000u);
	parse_ok(&r, "tiles=4-9 start=even");
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
	parse_ok(&r, "classic");
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

/* ------------------------------------------------------------------ */

/* The number of words of a NULL-ended list. */
static size_t
words_in(const char *const *words)
{
	size_t n = 0;

	while (words[n] != NULL)
		n++;
	return n;
}

/*
 * Every key of the table is complete and keeps the invariants of its
 * header: a name found again by name, one line of help, words and the
 * word for none exactly where its kind needs them, sane bounds.
 */
static void
every_key_has_a_name_help_kind_and_bounds(void **state)
{
	size_t i, j;

	(void)state;
	assert_int_equal(shut_rule_key_count(), 16);
	assert_null(shut_rule_key_at(shut_rule_key_count()));
	assert_null(shut_rule_key_find("colour"));
	assert_null(shut_rule_key_find("Tiles"));
	assert_null(shut_rule_key_find(""));
	assert_null(shut_rule_key_find(NULL));
	assert_string_equal(shut_rule_key_at(0)->name, "tiles");
	assert_string_equal(shut_rule_key_at(15)->name, "mode");
	for (i = 0; i < shut_rule_key_count(); i++) {
		const struct shut_rule_key *k = shut_rule_key_at(i);
		int has_words = k->kind == SHUT_KEY_WORD ||
				k->kind == SHUT_KEY_START ||
				k->kind == SHUT_KEY_MOVE;
		int has_zero =
		    k->kind == SHUT_KEY_NUMBER || k->kind == SHUT_KEY_MONEY;

		assert_non_null(k);
		assert_non_null(k->name);
		assert_true(strlen(k->name) > 0);
		assert_ptr_equal(shut_rule_key_find(k->name), k);
		assert_true(k->kind >= SHUT_KEY_TILES &&
			    k->kind <= SHUT_KEY_MONEY);
		assert_non_null(k->help);
		assert_true(strlen(k->help) > 10 && strlen(k->help) < 100);
		assert_null(strchr(k->help, '\n'));
		if (has_words) {
			assert_non_null(k->words);
			assert_true(words_in(k->words) >= 2);
			for (j = 0; k->words[j] != NULL; j++)
				assert_null(strpbrk(k->words[j], " =\t"));
		} else {
			assert_null(k->words);
		}
		if (has_zero)
			assert_non_null(k->zero);
		else
			assert_null(k->zero);
		if (k->kind == SHUT_KEY_WORD || k->kind == SHUT_KEY_START)
			assert_true(k->min == 0 && k->max == 0);
		else
			assert_true(k->min >= 1 && k->max >= k->min);
	}
	/* The bounds are those of the header's constants. */
	assert_int_equal(shut_rule_key_find("tiles")->max, SHUT_TILES_MAX);
	assert_int_equal(shut_rule_key_find("dice")->max, SHUT_DICE_MAX);
	assert_int_equal(shut_rule_key_find("move")->max, SHUT_TILES_MAX);
	assert_int_equal(shut_rule_key_find("first-throw")->max,
			 SHUT_TILES_MAX);
}

/*
 * Each bound of the table is the parser's: the value at min and at max is
 * taken, one beyond either is refused as out of range.
 */
static void
the_bounds_of_every_key_are_the_parsers(void **state)
{
	char lo[64], hi[64], below[64], above[64], why[256];
	size_t i;

	(void)state;
	for (i = 0; i < shut_rule_key_count(); i++) {
		const struct shut_rule_key *k = shut_rule_key_at(i);
		unsigned long long min = (unsigned long long)k->min;
		unsigned long long max = (unsigned long long)k->max;
		struct shut_rules r;

		switch (k->kind) {
		case SHUT_KEY_TILES:
			snprintf(lo, sizeof(lo), "%llu-%llu", min, min);
			snprintf(hi, sizeof(hi), "%llu-%llu", min, max);
			snprintf(below, sizeof(below), "%llu-%llu", min - 1,
				 max);
			snprintf(above, sizeof(above), "%llu-%llu", min,
				 max + 1);
			break;
		case SHUT_KEY_DICE:
			snprintf(lo, sizeof(lo), "%llud6", min);
			snprintf(hi, sizeof(hi), "%llud6", max);
			snprintf(below, sizeof(below), "%llud6", min - 1);
			snprintf(above, sizeof(above), "%llud6", max + 1);
			break;
		case SHUT_KEY_MOVE:
			snprintf(lo, sizeof(lo), "up-to-%llu", min);
			snprintf(hi, sizeof(hi), "up-to-%llu", max);
			snprintf(below, sizeof(below), "up-to-%llu", min - 1);
			snprintf(above, sizeof(above), "up-to-%llu", max + 1);
			break;
		case SHUT_KEY_NUMBER:
			snprintf(lo, sizeof(lo), "%llu", min);
			snprintf(hi, sizeof(hi), "%llu", max);
			snprintf(below, sizeof(below), "%llu", min - 1);
			snprintf(above, sizeof(above), "%llu", max + 1);
			break;
		case SHUT_KEY_MONEY:
			snprintf(lo, sizeof(lo), "%llu.%02llu", min / 100,
				 min % 100);
			snprintf(hi, sizeof(hi), "%llu.%02llu", max / 100,
				 max % 100);
			snprintf(below, sizeof(below), "%llu.%02llu",
				 (min - 1) / 100, (min - 1) % 100);
			snprintf(above, sizeof(above), "%llu.%02llu",
				 (max + 1) / 100, (max + 1) % 100);
			break;
		default:
			continue;
		}
		/* A box of every tile, so that first-throw=32 is a tile. */
		parse_ok(&r, "tiles=1-32");
		if (shut_rules_set(&r, k->name, lo, why, sizeof(why)) != 0)
			fail_msg("%s=%s refused: %s", k->name, lo, why);
		if (shut_rules_set(&r, k->name, hi, why, sizeof(why)) != 0)
			fail_msg("%s=%s refused: %s", k->name, hi, why);
		assert_int_equal(
		    shut_rules_set(&r, k->name, below, why, sizeof(why)),
		    SHUT_EVALUE);
		assert_int_equal(
		    shut_rules_set(&r, k->name, above, why, sizeof(why)),
		    SHUT_EVALUE);
	}
}

/*
 * Every word of every key that takes words is read as the value of its
 * place in the list, and printed back as itself.
 */
static void
every_word_of_every_key_sets_and_prints_back(void **state)
{
	char value[64], why[256];
	size_t i, j;

	(void)state;
	for (i = 0; i < shut_rule_key_count(); i++) {
		const struct shut_rule_key *k = shut_rule_key_at(i);

		for (j = 0; k->words != NULL && k->words[j] != NULL; j++) {
			struct shut_rules r;
			const char *w = k->words[j];

			/* up-to-K stands for a number; shown with K = 2. */
			if (strcmp(w, "up-to-K") == 0)
				w = "up-to-2";
			parse_ok(&r, "");
			if (shut_rules_set(&r, k->name, w, why, sizeof(why)) <
			    0)
				fail_msg("%s=%s refused: %s", k->name, w, why);
			assert_int_equal(
			    shut_rules_key_print(&r, k, value, sizeof(value)),
			    (int)strlen(w));
			assert_string_equal(value, w);
		}
	}
}

/*
 * For every preset, each key printed on its own and set back onto that
 * preset's rule set gives the same rule set; set onto the classic one key
 * after another, the keys give the preset; and the keys printed one by one,
 * as name=value, are the full spec.
 */
static void
every_key_prints_and_sets_back_for_every_preset(void **state)
{
	char value[256], spec[1024], full[1024], why[256];
	size_t i, j;

	(void)state;
	for (i = 0; i < shut_preset_count(); i++) {
		struct shut_rules r, one, copy, again;
		size_t used = 0;

		parse_ok(&r, shut_preset_at(i)->spec);
		parse_ok(&copy, "");
		spec[0] = '\0';
		for (j = 0; j < shut_rule_key_count(); j++) {
			const struct shut_rule_key *k = shut_rule_key_at(j);
			int n =
			    shut_rules_key_print(&r, k, value, sizeof(value));

			assert_true(n > 0 && (size_t)n < sizeof(value));
			assert_int_equal(shut_rules_key_print(&r, k, NULL, 0),
					 n);
			used += (size_t)snprintf(spec + used,
						 sizeof(spec) - used, "%s%s=%s",
						 j ? " " : "", k->name, value);
			one = r;
			if (shut_rules_set(&one, k->name, value, why,
					   sizeof(why)) != 0)
				fail_msg("%s: %s=%s refused: %s",
					 shut_preset_at(i)->name, k->name,
					 value, why);
			assert_true(shut_rules_equal(&one, &r));
			/* In table order onto the classic rules, a key may be
			 * refused until a later one is set (start=10-12 before
			 * tiles=1-12), so each is set again in a second pass.
			 */
			(void)shut_rules_set(&copy, k->name, value, why,
					     sizeof(why));
		}
		for (j = 0; j < shut_rule_key_count(); j++) {
			const struct shut_rule_key *k = shut_rule_key_at(j);

			shut_rules_key_print(&r, k, value, sizeof(value));
			if (shut_rules_set(&copy, k->name, value, why,
					   sizeof(why)) != 0)
				fail_msg("%s: %s=%s refused: %s",
					 shut_preset_at(i)->name, k->name,
					 value, why);
		}
		assert_true(shut_rules_equal(&r, &copy));
		assert_int_equal(shut_rules_print(&r, full, sizeof(full)),
				 (int)used);
		assert_string_equal(spec, full);
		parse_ok(&again, spec);
		assert_true(shut_rules_equal(&r, &again));
	}
}

/*
 * Every refusal of a spec that is one key=value item is a refusal of
 * shut_rules_set() with the same code and the same message, and leaves
 * the rule set as it was.
 */
static void
a_bad_value_is_refused_as_parsed_and_changes_nothing(void **state)
{
	size_t i, tried = 0;

	(void)state;
	for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		const char *spec = refusals[i].spec;
		const char *eq = strchr(spec, '=');
		char key[64], set_why[256] = "", parse_why[256] = "";
		struct shut_rules r, before, parsed;
		int set_rc, parse_rc;

		if (eq == NULL || strchr(spec, ' ') != NULL)
			continue;
		snprintf(key, sizeof(key), "%.*s", (int)(eq - spec), spec);
		parse_ok(&r, "classic");
		before = r;
		set_rc =
		    shut_rules_set(&r, key, eq + 1, set_why, sizeof(set_why));
		parse_rc = shut_rules_parse(&parsed, spec, parse_why,
					    sizeof(parse_why));
		if (set_rc != parse_rc || strcmp(set_why, parse_why) != 0)
			fail_msg("%s: set gave %d '%s', parse %d '%s'", spec,
				 set_rc, set_why, parse_rc, parse_why);
		assert_int_equal(set_rc, refusals[i].code);
		assert_memory_equal(&r, &before, sizeof(r));
		tried++;
	}
	assert_true(tried > 40);
}

/* What shut_rules_set() refuses of its own, and what it takes. */
static void
setting_one_key_refuses_what_is_not_one_item(void **state)
{
	struct shut_rules r, before;
	const struct shut_rule_key *k = shut_rule_key_find("dice");
	struct shut_rule_key copy = *k;
	char why[256], value[16], big[400];

	(void)state;
	parse_ok(&r, "pub");
	before = r;
	assert_int_equal(shut_rules_set(&r, "rounds", "2 3", why, sizeof(why)),
			 SHUT_ESYNTAX);
	assert_int_equal(shut_rules_set(&r, "rounds=2", "3", why, sizeof(why)),
			 SHUT_ESYNTAX);
	memset(big, '1', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(shut_rules_set(&r, "until", big, why, sizeof(why)),
			 SHUT_EVALUE);
	assert_int_equal(shut_rules_set(NULL, "until", "5", why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_rules_set(&r, NULL, "5", why, sizeof(why)),
			 SHUT_EINVAL);
	assert_int_equal(shut_rules_set(&r, "until", NULL, NULL, 0),
			 SHUT_EINVAL);
	assert_memory_equal(&r, &before, sizeof(r));
	/* A value that breaks a rule of the whole set: until-shut needs
	 * shut=win, and five-rounds scores a shut box 0. */
	parse_ok(&r, "five-rounds");
	before = r;
	assert_int_equal(
	    shut_rules_set(&r, "rounds", "until-shut", why, sizeof(why)),
	    SHUT_EUNTILSHUT);
	assert_memory_equal(&r, &before, sizeof(r));
	assert_int_equal(shut_rules_set(&r, "stake", "2.5", NULL, 0), 0);
	assert_int_equal(r.stake, 250);
	/* Only an entry of the table is a key to print. */
	assert_int_equal(shut_rules_key_print(&r, &copy, value, sizeof(value)),
			 SHUT_EINVAL);
	assert_int_equal(shut_rules_key_print(&r, NULL, value, sizeof(value)),
			 SHUT_EINVAL);
	assert_int_equal(shut_rules_key_print(NULL, k, value, sizeof(value)),
			 SHUT_EINVAL);
	/* Measured like snprintf(). */
	assert_int_equal(shut_rules_key_print(&r, k, value, 3), 3);
	assert_string_equal(value, "2d");
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
		cmocka_unit_test(every_key_reads_each_of_its_values),
		cmocka_unit_test(
		    odd_and_even_start_sets_follow_the_tiles_given_later),
		cmocka_unit_test(equal_rule_sets_compare_the_game_played),
		cmocka_unit_test(every_refusal_has_its_code_and_names_the_item),
		cmocka_unit_test(messages_read_as_the_item_and_its_reason),
		cmocka_unit_test(
		    digits_scoring_is_refused_only_when_it_overflows),
		cmocka_unit_test(
		    a_refused_spec_with_no_buffer_still_gives_its_code),
		cmocka_unit_test(
		    hand_built_rule_sets_are_checked_field_by_field),
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
		cmocka_unit_test(every_key_has_a_name_help_kind_and_bounds),
		cmocka_unit_test(the_bounds_of_every_key_are_the_parsers),
		cmocka_unit_test(every_word_of_every_key_sets_and_prints_back),
		cmocka_unit_test(
		    every_key_prints_and_sets_back_for_every_preset),
		cmocka_unit_test(
		    a_bad_value_is_refused_as_parsed_and_changes_nothing),
		cmocka_unit_test(setting_one_key_refuses_what_is_not_one_item),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
