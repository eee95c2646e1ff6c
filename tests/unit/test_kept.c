/*
 * test_kept.c - the settings a table of "shutbox serve" keeps in the
 * history (programs/serve/kept.c): written and read back to the same, and
 * read strictly, since the history is a file that may be damaged.  A key
 * left out takes its default; anything else not as written is refused
 * whole, with the settings zeroed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "serve/serve.h"

#define HOST "0123456789abcdef0123456789abcdef"
#define SEAT "fedcba9876543210fedcba9876543210"

/* Settings of three seats, the second a computer's, every field said. */
static struct serve_kept
three(void)
{
	struct serve_kept k;

	memset(&k, 0, sizeof(k));
	strcpy(k.host, HOST);
	strcpy(k.token[0], HOST);
	strcpy(k.token[2], SEAT);
	k.hints = 1;
	k.away = 1;
	k.replaced[1] = 1;
	k.dropped[2] = 1;
	k.joined = 5;
	k.again = 42;
	k.again_n = 2;
	strcpy(k.again_token[0], SEAT);
	k.again_from[0] = 2;
	k.again_from[1] = 1;
	strcpy(k.again_host, SEAT);
	return k;
}

static int
reads(const char *text, int nseats, struct serve_kept *k)
{
	return serve_kept_read(text, strlen(text), nseats, k);
}

static void
test_round_trip(void **state)
{
	struct serve_kept k = three(), back;
	char *text;

	(void)state;
	text = serve_kept_text(&k, 3);
	assert_non_null(text);
	assert_int_equal(reads(text, 3, &back), 0);
	assert_memory_equal(&k, &back, sizeof(k));
	/* The same text is not the settings of another number of seats. */
	assert_int_equal(reads(text, 2, &back), -1);
	assert_int_equal(reads(text, 4, &back), -1);
	free(text);
}

/* Settings kept before a key was written: its default. */
static void
test_defaults(void **state)
{
	struct serve_kept k;

	(void)state;
	assert_int_equal(reads("{\"host\":\"" HOST "\",\"tokens\":[\"\",\"" SEAT
			       "\"],\"hints\":false,\"replaced\":[false,true]}",
			       2, &k),
			 0);
	assert_string_equal(k.host, HOST);
	assert_string_equal(k.token[0], "");
	assert_string_equal(k.token[1], SEAT);
	assert_int_equal(k.replaced[1], 1);
	assert_int_equal(k.away, 0);
	assert_int_equal(k.again, 0);
	assert_int_equal(k.again_n, 0);
	/* Before "joined" was kept, every seat counts as joined. */
	assert_int_equal(k.joined, 3);
}

/* "joined" holds a bit for each seat and no other. */
static void
test_joined(void **state)
{
	static const char *const cases[] = { "0",	   "1",	   "3",
					     "4",	   "-1",   "-2",
					     "4294967299", "true", "\"3\"" };
	static const int ok[] = { 0, 0, 0, -1, -1, -1, -1, -1, -1 };
	static const unsigned joined[] = { 0, 1, 3 };
	char text[256];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct serve_kept k;

		snprintf(text, sizeof(text),
			 "{\"host\":\"" HOST "\",\"tokens\":[\"\",\"\"],"
			 "\"hints\":true,\"replaced\":[false,false],"
			 "\"joined\":%s}",
			 cases[i]);
		assert_int_equal(reads(text, 2, &k), ok[i]);
		if (ok[i] == 0)
			assert_int_equal(k.joined, joined[i]);
		else
			assert_int_equal(k.host[0], '\0');
	}
}

/* Each field not as written refuses the whole. */
static void
test_refused(void **state)
{
	static const char *const bad[] = {
		"",
		"[]",
		"{}",
		/* a token of capitals, of 31 digits, empty for the host */
		"{\"host\":\"0123456789ABCDEF0123456789ABCDEF\",\"tokens\":["
		"\"\"],"
		"\"hints\":true,\"replaced\":[false]}",
		"{\"host\":\"" HOST
		"\",\"tokens\":[\"0123456789abcdef0123456789"
		"abcde\"],\"hints\":true,\"replaced\":[false]}",
		"{\"host\":\"\",\"tokens\":[\"\"],\"hints\":true,"
		"\"replaced\":[false]}",
		/* seats not one */
		"{\"host\":\"" HOST "\",\"tokens\":[\"\",\"\"],\"hints\":true,"
		"\"replaced\":[false]}",
		/* a flag not a boolean, a key unknown, a key twice */
		"{\"host\":\"" HOST "\",\"tokens\":[\"\"],\"hints\":true,"
		"\"replaced\":[0]}",
		"{\"host\":\"" HOST "\",\"tokens\":[\"\"],\"hints\":true,"
		"\"replaced\":[false],\"extra\":1}",
		"{\"host\":\"" HOST "\",\"tokens\":[\"\"],\"hints\":true,"
		"\"hints\":false,\"replaced\":[false]}",
		/* the next game's seats without a next game, from no seat */
		"{\"host\":\"" HOST "\",\"tokens\":[\"\"],\"hints\":true,"
		"\"replaced\":[false],\"again_seats\":{\"tokens\":[\"\"],"
		"\"from\":[0],\"host\":\"" HOST "\"}}",
		"{\"host\":\"" HOST "\",\"tokens\":[\"\"],\"hints\":true,"
		"\"replaced\":[false],\"again\":7,\"again_seats\":{\"tokens\":"
		"[\"\"],\"from\":[1],\"host\":\"" HOST "\"}}",
		"{\"host\":\"" HOST "\",\"tokens\":[\"\"],\"hints\":true,"
		"\"replaced\":[false],\"again\":-7}",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct serve_kept k;

		memset(&k, 0x5a, sizeof(k));
		assert_int_equal(reads(bad[i], 1, &k), -1);
		assert_int_equal(k.host[0], '\0');
		assert_int_equal(k.joined, 0);
	}
	/* The last but one, from seat 0, is read. */
	{
		struct serve_kept k;

		assert_int_equal(
		    reads("{\"host\":\"" HOST "\",\"tokens\":[\"\"],"
			  "\"hints\":true,\"replaced\":[false],\"again\":7,"
			  "\"again_seats\":{\"tokens\":[\"\"],\"from\":[0],"
			  "\"host\":\"" HOST "\"}}",
			  1, &k),
		    0);
		assert_int_equal(k.again, 7);
		assert_int_equal(k.again_n, 1);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_joined),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
