/*
 * test_echo.c - text from outside shown back: front_escaped(),
 * front_unshowable() and front_check_name(); and figures (front_sig3()).
 *
 * The cases are the bytes a terminal obeys (C0, DEL, C1 as UTF-8 and alone)
 * and the ways UTF-8 goes wrong as Unicode's table 3-7 lists them
 * (overlong forms, surrogates, code points above U+10FFFF, sequences cut
 * short), each beside a well-formed neighbour that must pass unchanged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <locale.h>
#include <math.h>

#include <cmocka.h>

#include "front.h"

static const struct {
	const char *in, *shown;
	size_t bad; /* front_unshowable(), or the length when all is well */
} cases[] = {
	{ "Ann", "Ann", 3 },
	{ "", "", 0 },
	{ "a\\b", "a\\b", 3 },
	{ "Ann\x1b]0;title\x07", "Ann\\x1b]0;title\\x07", 3 },
	{ "\n", "\\x0a", 0 },
	{ "a\rb", "a\\x0db", 1 },
	{ "\x7f", "\\x7f", 0 },
	{ "Zo\xc3\xab", "Zo\xc3\xab", 4 },
	{ "\xc2\x9b"
	  "2J",
	  "\\xc2\\x9b2J", 0 },
	{ "\xc2\x80", "\\xc2\\x80", 0 },
	{ "\xc2\x9f", "\\xc2\\x9f", 0 },
	{ "\xc2\xa0", "\xc2\xa0", 2 },
	{ "a\xe2\x80\xae"
	  "b",
	  "a\\xe2\\x80\\xaeb", 1 },
	{ "\xe2\x80\x8d", "\\xe2\\x80\\x8d", 0 },
	{ "\xe2\x80\x8c", "\xe2\x80\x8c", 3 },
	{ "\x9b"
	  "2J",
	  "\\x9b2J", 0 },
	{ "\xff", "\\xff", 0 },
	{ "\xc0\xaf", "\\xc0\\xaf", 0 },
	{ "\xc1\xbf", "\\xc1\\xbf", 0 },
	{ "\xe0\x80\xaf", "\\xe0\\x80\\xaf", 0 },
	{ "\xe0\xa0\x80", "\xe0\xa0\x80", 3 },
	{ "\xed\xa0\x80", "\\xed\\xa0\\x80", 0 },
	{ "\xed\x9f\xbf", "\xed\x9f\xbf", 3 },
	{ "\xef\xbf\xbd", "\xef\xbf\xbd", 3 },
	{ "\xf0\x8f\xbf\xbf", "\\xf0\\x8f\\xbf\\xbf", 0 },
	{ "\xf0\x9f\x8e\xb2", "\xf0\x9f\x8e\xb2", 4 },
	{ "\xf4\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf", 4 },
	{ "\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80", 0 },
	{ "\xf5\x80\x80\x80", "\\xf5\\x80\\x80\\x80", 0 },
	{ "a\xe2\x82", "a\\xe2\\x82", 1 },
	{ "\xe2\x82"
	  "a",
	  "\\xe2\\x82a", 0 },
	{ "\x80"
	  "a",
	  "\\x80a", 0 },
};

static void
control_characters_and_bad_utf8_are_escaped_and_nothing_else(void **state)
{
	char buf[128];
	struct front_text t;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len = strlen(cases[i].in);

		front_text_init(&t, buf, sizeof(buf));
		front_escaped(&t, cases[i].in, len, 0);
		assert_string_equal(buf, cases[i].shown);
		assert_int_equal(t.cut, 0);
		assert_int_equal(front_unshowable(cases[i].in, len),
				 cases[i].bad);
	}
}

static void
a_nul_byte_is_escaped_too(void **state)
{
	char buf[32];
	struct front_text t;

	(void)state;
	front_text_init(&t, buf, sizeof(buf));
	front_escaped(&t, "a\0b", 3, 0);
	assert_string_equal(buf, "a\\x00b");
	assert_int_equal(front_unshowable("a\0b", 3), 1);
}

static void
at_most_max_characters_are_shown_then_dots(void **state)
{
	char buf[64];
	struct front_text t;

	(void)state;
	front_text_init(&t, buf, sizeof(buf));
	front_escaped(&t,
		      "\xc3\xa9\x1b"
		      "abc",
		      6, 3);
	assert_string_equal(buf, "\xc3\xa9\\x1ba...");
	front_text_init(&t, buf, sizeof(buf));
	front_escaped(&t, "abc", 3, 3);
	assert_string_equal(buf, "abc");
}

static void
an_escape_or_a_character_is_never_cut_in_half(void **state)
{
	char buf[8];
	struct front_text t;

	(void)state;
	/* Room for 7 bytes: "ab" and one escape, not half of the next. */
	front_text_init(&t, buf, sizeof(buf));
	front_escaped(&t, "ab\x1b\x1b", 4, 0);
	assert_string_equal(buf, "ab\\x1b");
	assert_int_equal(t.cut, 1);
	front_text_init(&t, buf, 7);
	front_escaped(&t, "abcd\xf0\x9f\x8e\xb2", 8, 0);
	assert_string_equal(buf, "abcd");
	assert_int_equal(t.cut, 1);
	/* A printf cut short cuts between characters too: 🎲 is 4 bytes. */
	front_text_init(&t, buf, 8);
	front_printf(&t, "ab%s", "\xf0\x9f\x8e\xb2\xf0\x9f\x8e\xb2");
	assert_string_equal(buf, "ab\xf0\x9f\x8e\xb2");
	assert_int_equal(t.cut, 1);
	front_text_init(&t, buf, 6);
	front_printf(&t, "ab%s", "\xc3\xa9\xc3\xa9");
	assert_string_equal(buf, "ab\xc3\xa9");
	front_text_init(&t, buf, 4);
	front_printf(&t, "a%s", "\xe2\x82\xac");
	assert_string_equal(buf, "a");
	assert_int_equal(t.len, 1);
}

static void
a_bad_name_is_refused_with_the_position_of_its_first_bad_character(void **state)
{
	char why[128];

	(void)state;
	assert_int_equal(front_check_name("Ann", 3, why, sizeof(why)), 0);
	assert_int_equal(front_check_name("Zo\xc3\xab", 4, why, sizeof(why)),
			 0);
	assert_int_equal(front_check_name("Ann\x1b[31m", 8, why, sizeof(why)),
			 -1);
	assert_string_equal(why, "character 4 is a control character (\\x1b)");
	assert_int_equal(
	    front_check_name("\xc3\xa9\xc2\x9b", 4, why, sizeof(why)), -1);
	assert_string_equal(why,
			    "character 2 is a control character (\\xc2\\x9b)");
	assert_int_equal(
	    front_check_name("Zo\xc3\xab\xff", 5, why, sizeof(why)), -1);
	assert_string_equal(why, "character 4 is not UTF-8 (\\xff)");
	/* Only the len bytes given are read. */
	assert_int_equal(front_check_name("Ann\n", 3, why, sizeof(why)), 0);
	/* Text turned back to front, or a name that looks like another. */
	assert_int_equal(front_check_name("\xe2\x80\xae"
					  "evil",
					  7, why, sizeof(why)),
			 -1);
	assert_string_equal(why, "character 1 is invisible, or turns the text "
				 "around it (U+202E)");
	assert_int_equal(
	    front_check_name("Ann\xe2\x80\x8b", 6, why, sizeof(why)), -1);
	assert_string_equal(why, "character 4 is invisible, or turns the text "
				 "around it (U+200B)");
	assert_int_equal(
	    front_check_name("Zo\xc3\xab\xd8\x9c", 6, why, sizeof(why)), -1);
	assert_string_equal(why, "character 4 is invisible, or turns the text "
				 "around it (U+061C)");
	assert_int_equal(front_check_name("A\xef\xbb\xbf", 4, why, sizeof(why)),
			 -1);
	assert_int_equal(front_check_name("\xe2\x81\xa6"
					  "x",
					  4, why, sizeof(why)),
			 -1);
	assert_string_equal(why, "character 1 is invisible, or turns the text "
				 "around it (U+2066)");
	/* Each of the others, alone after a letter. */
	{
		static const char *const unseen[] = {
			"\xc2\xad",	"\xcd\x8f",	"\xd8\x9c",
			"\xe1\x85\x9f", "\xe1\x85\xa0", "\xe1\xa0\x8e",
			"\xe2\x80\x8e", "\xe2\x80\x8f", "\xe2\x80\xa8",
			"\xe2\x80\xa9", "\xe2\x80\xaa", "\xe2\x81\xa2",
			"\xe2\x81\xaf", "\xe3\x85\xa4", "\xef\xbe\xa0",
		};
		char name[8];

		for (size_t i = 0; i < sizeof(unseen) / sizeof(unseen[0]);
		     i++) {
			snprintf(name, sizeof(name), "A%s", unseen[i]);
			assert_int_equal(front_check_name(name, strlen(name),
							  why, sizeof(why)),
					 -1);
			assert_non_null(
			    strstr(why, "character 2 is invisible"));
		}
	}
	/* Their neighbours are letters and signs. */
	assert_int_equal(front_check_name("\xc2\xac\xc2\xae\xe2\x80\xa7"
					  "\xe2\x81\x9f\xe2\x81\xb0",
					  13, why, sizeof(why)),
			 0);
	/* A family emoji's joiner (U+200D): its columns are the terminal's. */
	assert_int_equal(front_check_name("\xf0\x9f\x91\xa8\xe2\x80\x8d"
					  "\xf0\x9f\x91\xa7",
					  11, why, sizeof(why)),
			 -1);
	assert_string_equal(why, "character 2 is invisible, or turns the text "
				 "around it (U+200D)");
	/* Persian's non-joiner (U+200C) stays. */
	assert_int_equal(front_check_name("a\xe2\x80\x8c"
					  "b",
					  5, why, sizeof(why)),
			 0);
}

/*
 * Columns, in a locale that reads UTF-8: a wide character takes two, a
 * combining one none; a name is cut between characters and padded to the
 * columns asked for.  Without such a locale, a column a character.
 */
static void
names_take_the_columns_a_terminal_gives_them(void **state)
{
	char buf[64];
	struct front_text t;
	int used;

	(void)state;
	if (setlocale(LC_CTYPE, "C.UTF-8") == NULL)
		skip();
	assert_int_equal(front_columns("Ann", SIZE_MAX), 3);
	assert_int_equal(front_columns("Zo\xc3\xab", SIZE_MAX), 3);
	assert_int_equal(front_columns("\xe6\x97\xa5\xe6\x9c\xac", SIZE_MAX),
			 4);
	assert_int_equal(front_columns("e\xcc\x81", SIZE_MAX), 1);
	assert_int_equal(front_columns("\xe6\x97\xa5\xe6\x9c\xac", 3), 2);
	/* 日本 in 3 columns: 日 alone, never half of 本. */
	assert_int_equal(front_fit("\xe6\x97\xa5\xe6\x9c\xac", 3, &used), 3);
	assert_int_equal(used, 2);
	front_text_init(&t, buf, sizeof(buf));
	front_pad(&t, "\xe6\x97\xa5\xe6\x9c\xac", 5);
	assert_string_equal(buf, "\xe6\x97\xa5\xe6\x9c\xac ");
	front_text_init(&t, buf, sizeof(buf));
	front_pad(&t, "\xe6\x97\xa5\xe6\x9c\xac", 3);
	assert_string_equal(buf, "\xe6\x97\xa5 ");
	/* A line wraps at its last blank within the columns, by columns. */
	assert_int_equal(
	    front_wrap("\xe6\x97\xa5\xe6\x9c\xac\xe6\x97\xa5\xe6\x9c\xac"
		       "\xe6\x97\xa5\xe6\x9c\xac shuts 3+4 and throws again",
		       20),
	    18 + 6);
	assert_int_equal(front_wrap("ab cd", 5), 5);
	assert_int_equal(front_wrap("ab cd", 2), 2);
	assert_int_equal(front_wrap("abcdef", 3), 3);
	assert_int_equal(front_wrap("\xe6\x97\xa5x", 1), 3);
	/* Bytes that are not UTF-8 take a column each, as they are shown. */
	assert_int_equal(front_columns("a\xff", SIZE_MAX), 2);
	setlocale(LC_CTYPE, "C");
	assert_int_equal(front_columns("\xe6\x97\xa5", SIZE_MAX), 1);
}

/*
 * A figure keeps three significant digits, as decimals however small:
 * a chance to shut of 1.15e-07 is 0.0000115%, not 1.15e-05%.
 */
static void
figures_are_decimals_with_three_digits(void **state)
{
	static const struct {
		double v;
		const char *shown;
	} figures[] = {
		{ 3.7, "3.70" },
		{ 17, "17.0" },
		{ 1234.4, "1234" },
		{ 0.05, "0.0500" },
		{ 1.234e-4, "0.000123" },
		{ 1.15e-5, "0.0000115" },
		{ 9.87e-9, "0.00000000987" },
		{ 0, "0.00" },
		{ 9.9996e-5, "0.000100" },
		{ 1e-20, "0.0000000000000000000100" },
		{ 1e-300, "1.00e-300" },
		{ -2.5, "-2.50" },
	};
	char buf[64];
	struct front_text t;

	(void)state;
	front_text_init(&t, buf, sizeof(buf));
	front_sig3(&t, NAN);
	assert_string_equal(buf, "nan");
	for (size_t i = 0; i < sizeof(figures) / sizeof(figures[0]); i++) {
		front_text_init(&t, buf, sizeof(buf));
		front_sig3(&t, figures[i].v);
		assert_string_equal(buf, figures[i].shown);
	}
}

/*
 * What the player is asked to pick, by the rules of moves, for throws
 * typed in: one tile (thai) names the tiles a face or the total may be,
 * one alone where the others are past the box or shut; dice-or-sum offers
 * the faces only where they all differ and are open.
 */
static void
the_pick_follows_the_rules_of_moves(void **state)
{
	static const struct {
		const char *spec;
		int n, face[3];
		const char *ask;
	} picks[] = {
		{ "classic", 2, { 3, 5 }, "pick the tiles to shut" },
		{ "thai", 2, { 3, 5 }, "pick one tile to shut: 3, 5 or 8" },
		{ "thai", 2, { 6, 6 }, "pick tile 6 to shut" },
		{ "thai", 2, { 5, 5 }, "pick tile 5 to shut" },
		{ "classic move=dice-or-sum",
		  2,
		  { 3, 5 },
		  "pick tile 8, or tiles 3 and 5, to shut" },
		{ "classic move=dice-or-sum",
		  2,
		  { 4, 4 },
		  "pick tile 8 to shut" },
		{ "classic move=dice-or-sum",
		  2,
		  { 4, 6 },
		  "pick tiles 4 and 6 to shut" },
		{ "classic move=dice-or-sum dice=3d6",
		  3,
		  { 2, 2, 3 },
		  "pick tile 7 to shut" },
		{ "classic move=up-to-1", 2, { 3, 5 }, "pick tile 8 to shut" },
		/* A face or total whose tile is shut is no move to name. */
		{ "thai start=odd",
		  2,
		  { 3, 6 },
		  "pick one tile to shut: 3 or 9" },
		{ "thai start=odd", 2, { 1, 1 }, "pick tile 1 to shut" },
		{ "classic move=dice-or-sum start=odd",
		  2,
		  { 3, 5 },
		  "pick tiles 3 and 5 to shut" },
		{ "classic move=dice-or-sum start=odd",
		  2,
		  { 2, 5 },
		  "pick tile 7 to shut" },
		{ "classic move=dice-or-sum start=odd",
		  2,
		  { 4, 5 },
		  "pick tile 9 to shut" },
	};
	char buf[128];
	struct front_text t;

	(void)state;
	for (size_t i = 0; i < sizeof(picks) / sizeof(picks[0]); i++) {
		struct shut_action a = { .kind = SHUT_ACT_THROW };
		struct shut_rules r;
		struct shut_game g;

		assert_int_equal(shut_rules_parse(&r, picks[i].spec, NULL, 0),
				 0);
		assert_int_equal(shut_game_init(&g, &r, 1), 0);
		a.thrown.n = picks[i].n;
		memcpy(a.thrown.face, picks[i].face,
		       sizeof(int) * (size_t)picks[i].n);
		if (g.need == SHUT_NEED_DICE) {
			struct shut_action d = { .kind = SHUT_ACT_DICE,
						 .dice = picks[i].n };

			assert_true(shut_game_act(&g, &d, NULL) >= 0);
		}
		assert_true(shut_game_act(&g, &a, NULL) >= 0);
		assert_int_equal(g.need, SHUT_NEED_MOVE);
		front_text_init(&t, buf, sizeof(buf));
		front_pick(&t, &g);
		assert_string_equal(buf, picks[i].ask);
	}
}

/*
 * A rule set's short name: the preset it is, else the nearest and what
 * differs; of presets equally near, the one whose values differ rather
 * than one being none (pub's stake changed, not classic given one).
 */
static void
a_rule_set_is_named_by_its_nearest_preset(void **state)
{
	static const struct {
		const char *spec, *name;
	} names[] = {
		{ "classic", "classic" },
		{ "golf", "classic" },
		{ "pub", "pub" },
		{ "pub stake=2.50", "pub stake=2.50" },
		{ "classic stake=2.50", "pub stake=2.50" },
		{ "pub stake=none", "classic" },
		{ "classic tiles=1-12", "full-house" },
		{ "classic tiles=1-11", "classic tiles=1-11" },
		{ "pub tiles=1-11", "pub tiles=1-11" },
		{ "tournament until=none", "classic shut=zero" },
	};
	struct shut_rules r;
	struct front_text t;
	char buf[512];

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		assert_int_equal(shut_rules_parse(&r, names[i].spec, NULL, 0),
				 0);
		front_text_init(&t, buf, sizeof(buf));
		front_rules_name(&t, &r);
		assert_string_equal(buf, names[i].name);
		/* The preset it is named by, on its own. */
		buf[strcspn(buf, " ")] = '\0';
		assert_string_equal(front_rules_preset(&r)->name, buf);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_pick_follows_the_rules_of_moves),
		cmocka_unit_test(a_rule_set_is_named_by_its_nearest_preset),
		cmocka_unit_test(figures_are_decimals_with_three_digits),
		cmocka_unit_test(names_take_the_columns_a_terminal_gives_them),
		cmocka_unit_test(
		    control_characters_and_bad_utf8_are_escaped_and_nothing_else),
		cmocka_unit_test(a_nul_byte_is_escaped_too),
		cmocka_unit_test(at_most_max_characters_are_shown_then_dots),
		cmocka_unit_test(an_escape_or_a_character_is_never_cut_in_half),
		cmocka_unit_test(
		    a_bad_name_is_refused_with_the_position_of_its_first_bad_character),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
