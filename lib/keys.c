/*
 * keys.c - the table of the keys of a spec: each key's name, kind, one
 * line of help, the words it takes and its bounds, in the order of
 * RULES.md section 2.  The parser, the printer and their messages read
 * this table (rules.c), and so can any settings screen or form: one table,
 * so they cannot disagree.
 */
#include <limits.h>
#include <string.h>

#include "keys.h"

const char *const shut__start_words[] = { "all", "odd", "even", NULL };
const char *const shut__move_words[] = { "any", "up-to-K", "dice-or-sum",
					 "one-tile", NULL };
static const char *const fewer_words[] = { "never",    "high-shut", "low-sum",
					   "lone-one", "any-time",  NULL };
static const char *const forced_words[] = { "no", "yes", NULL };
static const char *const score_words[] = { "sum", "count", "digits", NULL };
static const char *const shut_words[] = { "win", "zero", NULL };
static const char *const miss_words[] = { "end", "lose", NULL };
static const char *const mode_words[] = { "standard", "battle", NULL };

const struct shut_rule_key shut__keys[NKEYS] = {
	[KEY_TILES] = {
	    .name = "tiles",
	    .kind = SHUT_KEY_TILES,
	    .help = "the numbers on the box, LO-HI (1-9 is the classic box)",
	    .min = 1,
	    .max = SHUT_TILES_MAX,
	},
	[KEY_START] = {
	    .name = "start",
	    .kind = SHUT_KEY_START,
	    .help = "the tiles open at the start of each turn: all, odd, "
		    "even or a list such as 4-9",
	    .words = shut__start_words,
	},
	[KEY_DICE] = {
	    .name = "dice",
	    .kind = SHUT_KEY_DICE,
	    .help = "how many dice and how many faces, NdS (2d6 is two "
		    "six-sided dice)",
	    .min = 1,
	    .max = SHUT_DICE_MAX,
	},
	[KEY_FEWER] = {
	    .name = "fewer-dice",
	    .kind = SHUT_KEY_WORD,
	    .help = "when fewer dice may be thrown: never, high-shut (the "
		    "high tiles are shut), low-sum, lone-one or any-time",
	    .words = fewer_words,
	},
	[KEY_FORCED] = {
	    .name = "fewer-dice-forced",
	    .kind = SHUT_KEY_WORD,
	    .help = "yes: where fewer dice are allowed, the fewest must be "
		    "thrown",
	    .words = forced_words,
	},
	[KEY_MOVE] = {
	    .name = "move",
	    .kind = SHUT_KEY_MOVE,
	    .help = "which tiles a throw may shut: any that add up to it, "
		    "up-to-K tiles, dice-or-sum or one-tile",
	    .words = shut__move_words,
	    .min = 1,
	    .max = SHUT_TILES_MAX,
	},
	[KEY_FIRST] = {
	    .name = "first-throw",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "a tile the first throw of a turn must shut, or any",
	    .zero = "any",
	    .min = 1,
	    .max = SHUT_TILES_MAX,
	},
	[KEY_FIRST_MISS] = {
	    .name = "first-miss",
	    .kind = SHUT_KEY_WORD,
	    .help = "a first throw that cannot shut that tile: end the turn, "
		    "or lose the game",
	    .words = miss_words,
	},
	[KEY_BUST] = {
	    .name = "bust",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "a throw of this total ends the turn at once, or none",
	    .zero = "none",
	    .min = 1,
	    .max = INT_MAX,
	},
	[KEY_SCORE] = {
	    .name = "score",
	    .kind = SHUT_KEY_WORD,
	    .help = "what a turn scores: the sum of the open tiles, their "
		    "count, or their digits read as one number",
	    .words = score_words,
	},
	[KEY_SHUT] = {
	    .name = "shut",
	    .kind = SHUT_KEY_WORD,
	    .help = "shutting the box: win the game at once, or score zero",
	    .words = shut_words,
	},
	[KEY_ROUNDS] = {
	    .name = "rounds",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "how many rounds, or until-shut: until someone shuts the "
		    "box",
	    .zero = "until-shut",
	    .min = 1,
	    .max = ROUNDS_MAX,
	},
	[KEY_UNTIL] = {
	    .name = "until",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "rounds go on until a total reaches this, or none",
	    .zero = "none",
	    .min = 1,
	    .max = LONG_MAX,
	},
	[KEY_ELIMINATE] = {
	    .name = "eliminate",
	    .kind = SHUT_KEY_NUMBER,
	    .help = "a player whose total reaches this is out, or none",
	    .zero = "none",
	    .min = 1,
	    .max = LONG_MAX,
	},
	[KEY_STAKE] = {
	    .name = "stake",
	    .kind = SHUT_KEY_MONEY,
	    .help = "what each player puts in the pot, like 1 or 2.50, or "
		    "none",
	    .zero = "none",
	    .min = 1,
	    /* The pot, stake times up to 64 seats, must fit in a long. */
	    .max = STAKE_MAX,
	},
	[KEY_MODE] = {
	    .name = "mode",
	    .kind = SHUT_KEY_WORD,
	    .help = "standard, or battle: two players, one shuts and one "
		    "opens",
	    .words = mode_words,
	},
};

size_t
shut_rule_key_count(void)
{
	return NKEYS;
}

const struct shut_rule_key *
shut_rule_key_at(size_t i)
{
	return i < NKEYS ? &shut__keys[i] : NULL;
}

const struct shut_rule_key *
shut_rule_key_find(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < NKEYS; i++)
		if (strcmp(shut__keys[i].name, name) == 0)
			return &shut__keys[i];
	return NULL;
}
