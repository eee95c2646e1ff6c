/*
 * unit_contract.h - what the contract tests (test_contract*.c) share: the
 * classic rules and a game of two at its start, set up once for each file
 * (pass setup to cmocka_run_group_tests()), a throw of 3 and 4, and a
 * callback that counts the moves it is given in an int.  Include after
 * cmocka.h and shutbox.h.
 */
#ifndef UNIT_CONTRACT_H
#define UNIT_CONTRACT_H

static struct shut_rules rules;
static struct shut_game game;
static const struct shut_throw throw34 = { 2, { 3, 4 } };

static inline int
setup(void **state)
{
	char why[256];

	(void)state;
	assert_int_equal(shut_rules_parse(&rules, "classic", why, sizeof(why)),
			 0);
	assert_int_equal(shut_game_init(&game, &rules, 2), 0);
	return 0;
}

static inline int
count_move(void *ctx, uint32_t move)
{
	(void)move;
	++*(int *)ctx;
	return 0;
}

#endif
