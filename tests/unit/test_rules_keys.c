/*
 * test_rules_keys.c - rule sets item by item: refusals, the table of keys.
 *
 * The refusals are written from section 6 of docs/contract.md, each with its
 * code and the item its message must name, and a rule set filled in by hand
 * is checked field by field.  Then the table of keys: every entry keeps the
 * invariants of its header, its bounds and words are the parser's, and
 * shut_rules_set() and shut_rules_key_print() set and print every key of
 * every preset, refusing a bad value as the parser does.
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
	assert_string_equal(why, "golf=1: golf is a preset, not a key: name "
				 "it first and alone, as in 'golf tiles=1-12'");
	shut_rules_parse(&r, "pub tiles", why, sizeof(why));
	assert_string_equal(why, "tiles: a key with no value: give it one, as "
				 "in tiles=1-9");
	shut_rules_parse(&r, "tiles=1-12 golf", why, sizeof(why));
	assert_string_equal(why, "golf: one preset only, and first");
	shut_rules_parse(&r, "golf golf", why, sizeof(why));
	assert_string_equal(why, "golf: one preset only, and first");
	shut_rules_parse(&r, "rounds=-1", why, sizeof(why));
	assert_string_equal(why, "rounds=-1: rounds must be until-shut or a "
				 "whole number from 1 to 1000000");
	/* A stake below the least is out of range, not a bad amount. */
	shut_rules_parse(&r, "pub stake=-5", why, sizeof(why));
	assert_string_equal(why, "stake=-5: stake must be none or an amount "
				 "from 0.01 to 10000000");
	shut_rules_parse(&r, "pub stake=-abc", why, sizeof(why));
	assert_string_equal(why, "stake=-abc: stake must be none or an "
				 "amount with at most two decimals, like 2.50");
	shut_rules_parse(&r, "pub stake=2.555", why, sizeof(why));
	assert_string_equal(why, "stake=2.555: stake must be none or an "
				 "amount with at most two decimals, like 2.50");
	shut_rules_parse(&r, "score=foo", why, sizeof(why));
	assert_string_equal(why, "score=foo: score must be sum, count or "
				 "digits");
	/* A start set or first throw the preset set, not typed: said so. */
	shut_rules_parse(&r, "lucky-7 tiles=1-6", why, sizeof(why));
	assert_string_equal(why, "start=7: the start set must be within "
				 "tiles=1-6 (lucky-7 sets start: give start= "
				 "too)");
	shut_rules_parse(&r, "3-to-go tiles=1-2", why, sizeof(why));
	assert_string_equal(why, "first-throw=3: tile 3 is not in the start "
				 "set (start=all) (3-to-go sets first-throw: "
				 "give first-throw= too)");
	shut_rules_parse(&r, "lucky-7 tiles=1-6 start=7", why, sizeof(why));
	assert_string_equal(why, "start=7: the start set must be within "
				 "tiles=1-6");
	/* Cut to the room given, never past it. */
	shut_rules_parse(&r, "lucky-7 tiles=1-6", why, 50);
	assert_int_equal(strlen(why), 49);
}

static void
digits_scoring_is_refused_only_when_it_overflows(void **state)
{
	struct shut_rules r;

	(void)state;
	/* 123456789101112 has 15 digits. */
	rules_of(&r, "full-house score=digits");
	/* 1..19 is 29 digits. */
	assert_int_equal(
	    shut_rules_parse(&r, "score=digits tiles=1-19", NULL, 0),
	    SHUT_EDIGITS);
	/*
	 * Twenty digits, on either side of the largest uint64_t,
	 * 18446744073709551615: 18192021222324252627 fits and
	 * 19202122232425262728 does not.
	 */
	rules_of(&r, "score=digits tiles=10-19");
	rules_of(&r, "score=digits tiles=18-27");
	rules_of(&r, "score=digits tiles=1-32 start=18-27");
	assert_int_equal(
	    shut_rules_parse(&r, "score=digits tiles=19-28", NULL, 0),
	    SHUT_EDIGITS);
	assert_int_equal(
	    shut_rules_parse(&r, "score=digits tiles=18-28", NULL, 0),
	    SHUT_EDIGITS);
	/* Only the start set counts, resolved against the final tiles. */
	rules_of(&r, "score=digits tiles=1-32 start=odd tiles=1-9");
	rules_of(&r, "score=digits tiles=1-32 start=1-9");
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

		rules_of(&r, "classic");
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
		rules_of(&r, "tiles=1-32");
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
			rules_of(&r, "");
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

		rules_of(&r, shut_preset_at(i)->spec);
		rules_of(&copy, "");
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
		rules_of(&again, spec);
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
		rules_of(&r, "classic");
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
	rules_of(&r, "pub");
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
	rules_of(&r, "five-rounds");
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
		cmocka_unit_test(every_refusal_has_its_code_and_names_the_item),
		cmocka_unit_test(messages_read_as_the_item_and_its_reason),
		cmocka_unit_test(
		    digits_scoring_is_refused_only_when_it_overflows),
		cmocka_unit_test(
		    a_refused_spec_with_no_buffer_still_gives_its_code),
		cmocka_unit_test(
		    hand_built_rule_sets_are_checked_field_by_field),
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
