/*
 * presets.c - the presets of docs/contract.md section 5, as a table of data.
 *
 * A preset is a name, a spec and a line of help.  The engine never looks at
 * a preset's name: a preset only stands for its spec, which the parser in
 * rules.c reads in its place.  Adding a preset is adding a row here.
 *
 * The first row, classic, spells out every key: the parser reads it before
 * every spec, so it is the one place where the defaults are written.
 */
#include <string.h>

#include "rules.h"
#include "shut_rules.h"

/* ---------------------------------------------------------------------
 * The presets of docs/contract.md section 5, in its order.
 */

static const struct shut_preset presets[] = {
	{
	    .name = "classic",
	    .spec =
		"tiles=1-9 start=all dice=2d6 fewer-dice=high-shut "
		"fewer-dice-forced=no move=any first-throw=any first-miss=end "
		"bust=none score=sum shut=win rounds=1 until=none "
		"eliminate=none stake=none mode=standard",
	    .help = "tiles 1-9, two dice, one die once 7, 8 and 9 are "
		    "shut; lowest sum wins",
	},
	{
	    .name = "golf",
	    .spec = "classic",
	    .help = "the classic game: you score the sum of the tiles "
		    "left open",
	},
	{
	    .name = "missionary",
	    .spec = "classic score=count",
	    .help = "you score how many tiles are left open",
	},
	{
	    .name = "digital",
	    .spec = "classic score=digits",
	    .help = "the open tiles read as one number: 1, 2 and 5 "
		    "score 125",
	},
	{
	    .name = "lone-one",
	    .spec = "classic fewer-dice=lone-one",
	    .help = "one die only when tile 1 is the last one open",
	},
	{
	    .name = "five-rounds",
	    .spec = "classic move=dice-or-sum shut=zero rounds=5",
	    .help = "five rounds; shut the total's tile or one tile per "
		    "die; shutting scores 0",
	},
	{
	    .name = "travel",
	    .spec = "classic move=up-to-2 fewer-dice=never shut=zero "
		    "eliminate=45",
	    .help = "one or two tiles per throw; out at 45, the last "
		    "player left wins",
	},
	{
	    .name = "final-player",
	    .spec = "classic shut=zero eliminate=45",
	    .help = "out at 45 points; the last player left wins",
	},
	{
	    .name = "tournament",
	    .spec = "classic shut=zero until=100",
	    .help = "rounds until someone reaches 100; lowest total wins",
	},
	{
	    .name = "pub",
	    .spec = "classic stake=1",
	    .help = "everyone stakes 1 and the winner takes the pot",
	},
	{
	    .name = "2-to-go",
	    .spec = "classic first-throw=2 first-miss=lose",
	    .help = "the first throw must shut tile 2, or you lose",
	},
	{
	    .name = "3-to-go",
	    .spec = "classic first-throw=3 first-miss=lose",
	    .help = "the first throw must shut tile 3, or you lose",
	},
	{
	    .name = "3-down",
	    .spec = "classic start=4-9",
	    .help = "tiles 1, 2 and 3 start shut",
	},
	{
	    .name = "lucky-7",
	    .spec = "classic start=7 rounds=until-shut",
	    .help = "only tile 7 is open; play until someone shuts it",
	},
	{
	    .name = "unlucky-7",
	    .spec = "classic bust=7",
	    .help = "a throw of 7 ends the turn at once",
	},
	{
	    .name = "odds",
	    .spec = "classic start=odd",
	    .help = "only the odd tiles start open",
	},
	{
	    .name = "evens",
	    .spec = "classic start=even",
	    .help = "only the even tiles start open",
	},
	{
	    .name = "cards",
	    .spec = "classic tiles=1-10",
	    .help = "tiles ace to 10",
	},
	{
	    .name = "full-house",
	    .spec = "classic tiles=1-12",
	    .help = "tiles 1-12",
	},
	{
	    .name = "the-300",
	    .spec = "classic tiles=1-24 dice=4d6",
	    .help = "tiles 1-24, adding up to 300, and four dice",
	},
	{
	    .name = "thai",
	    .spec = "classic move=one-tile fewer-dice=never",
	    .help = "always two dice; shut one tile equal to a die or "
		    "their sum",
	},
	{
	    .name = "2012",
	    .spec = "classic tiles=1-12 dice=1d20 fewer-dice=never",
	    .help = "tiles 1-12 and one twenty-sided die",
	},
	{
	    .name = "battle",
	    .spec = "classic mode=battle",
	    .help = "two players: the Shutter shuts tiles, the Opener "
		    "opens them again",
	},
};

#define NPRESETS (sizeof(presets) / sizeof(presets[0]))

/* ---------------------------------------------------------------------
 * The preset table.
 */

/* The number of presets. */
size_t
shut_preset_count(void)
{
	return NPRESETS;
}

/* Preset i in the order of docs/contract.md, or NULL past the end. */
const struct shut_preset *
shut_preset_at(size_t i)
{
	return i < NPRESETS ? &presets[i] : NULL;
}

/* The preset of that name, or NULL. */
const struct shut_preset *
shut_preset_find(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NPRESETS; i++)
		if (strcmp(presets[i].name, name) == 0)
			return &presets[i];
	return NULL;
}

/*
 * The name nearest to name, within two edits and under half its letters:
 * the one a misspelt name meant, where a short name half wrong is another.
 */
const char *
shut_name_nearest(const char *name, const char *const *names, size_t n)
{
	const char *near = NULL;
	int best = 3, d;
	size_t i;

	if (name == NULL || names == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		if (names[i] == NULL)
			continue;
		d = shut__edits(name, strlen(name), names[i], best);
		/* Half a short name wrong is another name, not a slip. */
		if (d < best && 2 * (size_t)d < strlen(names[i])) {
			best = d;
			near = names[i];
		}
	}
	return near;
}

/*
 * The preset nearest to name, when it is within two edits (a letter
 * missing, added or wrong): the one a misspelt name meant.
 */
const struct shut_preset *
shut_preset_nearest(const char *name)
{
	const struct shut_preset *near = NULL;
	int best = 3, d;
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NPRESETS; i++) {
		d = shut__edits(name, strlen(name), presets[i].name, best);
		if (d < best) {
			best = d;
			near = &presets[i];
		}
	}
	return near;
}
