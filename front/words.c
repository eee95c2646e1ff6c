/*
 * words.c - the rules of a rule set in plain words.
 *
 * Each sentence is made from the fields of struct shut_rules, never from a
 * preset's name, so any rule set a person builds is explained as well as
 * the presets are.  In a battle the Opener plays by the same rules on the
 * shut tiles, and the sentences say so.
 */
#include <stdio.h>
#include <string.h>

#include "front.h"

/* When the roller may (or must) throw fewer dice. */
static void
rules_fewer(struct front_text *t, const struct shut_rules *r)
{
	int battle = r->mode == SHUT_MODE_BATTLE;
	const char *may = r->fewer_forced ? "must" : "may";
	const char *every =
	    battle ? "every tile you could change" : "every open tile";
	const char *all =
	    battle ? "the tiles you could change" : "the open tiles";
	const char *lone =
	    battle ? "the only tile you could change" : "the only tile open";
	int f = r->faces;

	if (r->dice == 1)
		return;
	switch (r->fewer) {
	case SHUT_FEWER_NEVER:
		return;
	case SHUT_FEWER_HIGH_SHUT:
		if (r->dice == 2)
			front_printf(t,
				     "You %s throw one die once %s is %d or "
				     "less",
				     may, every, f);
		else
			front_printf(t,
				     "You %s throw fewer dice once %s is at "
				     "most %d per die thrown",
				     may, every, f);
		break;
	case SHUT_FEWER_LOW_SUM:
		if (r->dice == 2)
			front_printf(t,
				     "You %s throw one die once %s add up "
				     "to %d or less",
				     may, all, f);
		else
			front_printf(t,
				     "You %s throw fewer dice once %s add "
				     "up to at most %d per die thrown",
				     may, all, f);
		break;
	case SHUT_FEWER_LONE_ONE:
		front_printf(t, "You %s throw one die when tile 1 is %s", may,
			     lone);
		break;
	case SHUT_FEWER_ANY_TIME:
		if (r->fewer_forced)
			front_printf(t, "You always throw one die.\n");
		else
			front_printf(t, "You may throw %s at any time.\n",
				     r->dice == 2 ? "one die" : "fewer dice");
		return;
	}
	front_printf(t, "%s.\n",
		     battle ? "\n(the open tiles for the Shutter, the shut "
			      "ones for the Opener)"
			    : "");
}

/* How a throw is played: the move rule and the rules around it. */
static void
rules_turn(struct front_text *t, const struct shut_rules *r)
{
	switch (r->move) {
	case SHUT_MOVE_ANY:
		front_printf(t, "Shut open tiles that add up to the throw.\n");
		break;
	case SHUT_MOVE_UP_TO:
		if (r->move_max == 1)
			front_printf(t, "Shut the open tile equal to the "
					"throw.\n");
		else if (r->move_max == 2)
			front_printf(t, "Shut one or two open tiles that add "
					"up to the throw.\n");
		else
			front_printf(t,
				     "Shut one to %d open tiles that add "
				     "up to the throw.\n",
				     r->move_max);
		break;
	case SHUT_MOVE_DICE_OR_SUM:
		front_printf(t, "Shut the tile of the total, or one tile per "
				"die when the dice differ.\n");
		break;
	case SHUT_MOVE_ONE_TILE:
		front_printf(t, "Shut one tile, equal to a die or to the "
				"total.\n");
		break;
	}
	if (r->first_throw && r->first_miss == SHUT_FIRST_MISS_LOSE)
		front_printf(t,
			     "The first throw of a turn must shut tile %d, "
			     "or you lose the game.\n",
			     r->first_throw);
	else if (r->first_throw)
		front_printf(t,
			     "The first throw of a turn must shut tile "
			     "%d.\n",
			     r->first_throw);
	if (r->mode == SHUT_MODE_BATTLE)
		front_printf(t, "The Opener opens shut tiles by the same "
				"rules.\n");
	if (r->bust)
		front_printf(t, "A throw of %d ends the turn.\n", r->bust);
	rules_fewer(t, r);
}

/* The stake, when there is one and someone to take it. */
static void
rules_stake(struct front_text *t, const struct shut_rules *r, int nseats)
{
	if (!r->stake || nseats < 2)
		return;
	front_printf(t, "Each player puts ");
	front_money(t, r->stake);
	front_printf(t, " in the pot; the winner takes it.\n");
}

/* How the game is scored and won. */
static void
rules_game(struct front_text *t, const struct shut_rules *r, int nseats)
{
	static const char *const score[] = {
		[SHUT_SCORE_SUM] = "the sum of the tiles left open",
		[SHUT_SCORE_COUNT] = "one point per tile left open",
		[SHUT_SCORE_DIGITS] = "the tiles left open read as one number",
	};

	if (r->mode == SHUT_MODE_BATTLE) {
		front_printf(t, "The Shutter shuts tiles, the Opener opens "
				"them again: the Shutter wins\nby shutting "
				"every tile, the Opener by opening them "
				"all.\n");
		return;
	}
	if (r->rounds == 0) {
		front_printf(t, "%s\n",
			     nseats == 1 ? "Shut the box in as few turns as "
					   "you can."
					 : "The first to shut the box wins.");
		rules_stake(t, r, nseats);
		return;
	}
	front_printf(t, "A turn scores %s.\n", score[r->score]);
	if (r->eliminate)
		front_printf(t,
			     "A total of %ld or more puts a player out; the "
			     "last one in wins.\n",
			     r->eliminate);
	else if (r->until)
		front_printf(t,
			     "Rounds go on until a total reaches %ld; then "
			     "the lowest total wins.\n",
			     r->until);
	else if (nseats == 1)
		front_printf(t, "Score as low as you can in %d round%s.\n",
			     r->rounds, r->rounds == 1 ? "" : "s");
	else
		front_printf(t, "The lowest total after %d round%s wins.\n",
			     r->rounds, r->rounds == 1 ? "" : "s");
	front_printf(t, "Shutting the box %s.\n",
		     r->shut == SHUT_SHUT_WIN ? "wins at once" : "scores 0");
	rules_stake(t, r, nseats);
}

/* The tiles above the largest total all the dice can throw. */
static uint32_t
beyond_dice(const struct shut_rules *r)
{
	int most = r->dice * r->faces;

	return most >= SHUT_TILES_MAX ? 0 : ~(SHUT_TILE(most + 1) - 1u);
}

/* The tiles no throw can reach, said: 1, or 0 when there are none. */
static int
warn_unreachable(struct front_text *t, const struct shut_rules *r)
{
	uint32_t never = shut_rules_unreachable(r);

	if (never == 0)
		return 0;
	front_printf(t, "%s ", shut_tiles_count(never) == 1 ? "tile" : "tiles");
	front_tiles(t, never);
	front_printf(t, " can never be shut ");
	/* Above the largest throw, the dice say why; else the rules. */
	if (never & ~beyond_dice(r))
		front_printf(t, "under these rules");
	else {
		front_printf(t, "with ");
		front_dice(t, r);
	}
	return 1;
}

/*
 * A bust total no throw makes, said after sep ("bust=13 ends nothing: no
 * throw of 2d6 or fewer dice totals 13"): 1, or 0.  With fewer dice, one die
 * may be thrown, down to a total of 1.
 */
static int
warn_bust(struct front_text *t, const struct shut_rules *r, const char *sep)
{
	int least = r->fewer == SHUT_FEWER_NEVER ? r->dice : 1;

	if (r->bust == 0 || (r->bust >= least && r->bust <= r->dice * r->faces))
		return 0;
	front_printf(t, "%sbust=%d ends nothing: no throw of ", sep, r->bust);
	front_dice(t, r);
	front_printf(t, "%s totals %d",
		     r->fewer == SHUT_FEWER_NEVER ? "" : " or fewer dice",
		     r->bust);
	return 1;
}

/*
 * The keys that end nothing, said ("rounds=3", "until=50 and
 * eliminate=45"), after sep: a number of rounds whose count does not end
 * the game (shut_rules_rounds_end(): beside a total that does, or in a
 * battle), and in a battle the totals too.  How many.
 */
static int
warn_idle(struct front_text *t, const struct shut_rules *r, const char *sep)
{
	const int battle = r->mode == SHUT_MODE_BATTLE;
	long v[3] = { r->rounds > 1 && shut_rules_rounds_end(r) == 0 ? r->rounds
								     : 0,
		      battle ? r->until : 0, battle ? r->eliminate : 0 };
	const char *key[3] = { "rounds", "until", "eliminate" };
	int i, n = 0, said = 0;

	for (i = 0; i < 3; i++)
		n += v[i] != 0;
	if (n == 0)
		return 0;
	front_printf(t, "%s", sep);
	for (i = 0; i < 3; i++)
		if (v[i] != 0)
			front_printf(t, "%s%s=%ld",
				     said++ == 0 ? ""
				     : said == n ? " and "
						 : ", ",
				     key[i], v[i]);
	front_printf(t, " end%s nothing ", n == 1 ? "s" : "");
	if (battle)
		front_printf(t, "in a battle: it ends when a side wins");
	else if (r->until != 0 && r->eliminate != 0)
		front_printf(t,
			     "here: until=%ld and eliminate=%ld end the game",
			     r->until, r->eliminate);
	else
		front_printf(t, "here: %s=%ld ends the game",
			     r->until ? "until" : "eliminate",
			     r->until ? r->until : r->eliminate);
	return 1;
}

int
front_rules_warning(struct front_text *t, const struct shut_rules *r)
{
	int n = warn_unreachable(t, r);

	n += warn_bust(t, r, n ? "; " : "");
	return n + warn_idle(t, r, n ? "; " : "");
}

void
front_rules(struct front_text *t, const struct shut_rules *r, int nseats)
{
	uint32_t start = shut_rules_start(r);

	front_printf(t, "tiles %d-%d", r->tile_lo, r->tile_hi);
	if (start != shut_rules_tiles(r)) {
		front_printf(t, " (");
		front_tiles(t, start);
		front_printf(t, " open at the start)");
	}
	front_printf(t, ", dice ");
	front_dice(t, r);
	front_printf(t, "\n");
	rules_turn(t, r);
	rules_game(t, r, nseats);
}

/* ---------------------------------------------------------------------
 * The name of a rule set
 */

/* The items of a printed spec, split at blanks: at most max of them. */
static int
spec_items(char *spec, char **item, int max)
{
	int n = 0;
	char *p = spec;

	while (*p != '\0' && n < max) {
		while (*p == ' ')
			*p++ = '\0';
		if (*p == '\0')
			break;
		item[n++] = p;
		while (*p != '\0' && *p != ' ')
			p++;
	}
	return n;
}

#define SPEC_ITEMS 32

/* Whether the item "key=value" has the value none. */
static int
item_none(const char *item)
{
	const char *eq = strchr(item, '=');

	return eq != NULL && strcmp(eq + 1, "none") == 0;
}

const struct shut_preset *
front_rules_preset(const struct shut_rules *r)
{
	char mine[512], theirs[512];
	char *a[SPEC_ITEMS], *b[SPEC_ITEMS];
	const struct shut_preset *best = NULL;
	struct shut_rules pr;
	int na, nb, i, fewest = SPEC_ITEMS + 1, fewest_none = SPEC_ITEMS + 1;
	size_t k;

	if (shut_rules_print(r, mine, sizeof(mine)) < 0)
		return NULL;
	na = spec_items(mine, a, SPEC_ITEMS);
	/*
	 * The preset from which the fewest items differ; of equals, the one
	 * where fewest of them are none on one side only (stake=2.50 is pub's
	 * stake=1 changed, not classic's stake=none), then the first.
	 */
	for (k = 0; k < shut_preset_count(); k++) {
		const struct shut_preset *p = shut_preset_at(k);
		int differ = 0, none = 0;

		if (shut_rules_parse(&pr, p->spec, NULL, 0) < 0 ||
		    shut_rules_print(&pr, theirs, sizeof(theirs)) < 0)
			continue;
		nb = spec_items(theirs, b, SPEC_ITEMS);
		for (i = 0; i < na; i++) {
			if (i < nb && strcmp(a[i], b[i]) == 0)
				continue;
			differ++;
			none += i >= nb || item_none(a[i]) != item_none(b[i]);
		}
		if (differ < fewest ||
		    (differ == fewest && none < fewest_none)) {
			fewest = differ;
			fewest_none = none;
			best = p;
		}
	}
	return best;
}

void
front_rules_name(struct front_text *t, const struct shut_rules *r)
{
	char mine[512], theirs[512];
	char *a[SPEC_ITEMS], *b[SPEC_ITEMS];
	const struct shut_preset *best = front_rules_preset(r);
	struct shut_rules pr;
	int na, nb, i;

	if (shut_rules_print(r, mine, sizeof(mine)) < 0) {
		front_printf(t, "(rules too long to name)");
		return;
	}
	na = spec_items(mine, a, SPEC_ITEMS);
	if (best == NULL) {
		for (i = 0; i < na; i++)
			front_printf(t, "%s%s", i ? " " : "", a[i]);
		return;
	}
	shut_rules_parse(&pr, best->spec, NULL, 0);
	shut_rules_print(&pr, theirs, sizeof(theirs));
	nb = spec_items(theirs, b, SPEC_ITEMS);
	front_printf(t, "%s", best->name);
	for (i = 0; i < na; i++)
		if (i >= nb || strcmp(a[i], b[i]) != 0)
			front_printf(t, " %s", a[i]);
}

/*
 * The preset spec starts with, when rules r are exactly its own; NULL
 * otherwise.
 */
static const struct shut_preset *
spec_preset(const char *spec, const struct shut_rules *r)
{
	char mine[512], theirs[512];
	struct shut_rules pr;
	size_t n = strcspn(spec, " \t"), k;

	for (k = 0; k < shut_preset_count(); k++) {
		const struct shut_preset *p = shut_preset_at(k);

		if (strlen(p->name) != n || strncmp(p->name, spec, n) != 0)
			continue;
		if (shut_rules_parse(&pr, p->name, NULL, 0) < 0 ||
		    shut_rules_print(&pr, theirs, sizeof(theirs)) < 0 ||
		    shut_rules_print(r, mine, sizeof(mine)) < 0)
			return NULL;
		return strcmp(mine, theirs) == 0 ? p : NULL;
	}
	return NULL;
}

void
front_spec_name(struct front_text *t, const char *spec,
		const struct shut_rules *r)
{
	const struct shut_preset *p = spec_preset(spec, r);

	if (p != NULL)
		front_printf(t, "%s", p->name);
	else
		front_rules_name(t, r);
}

int
front_spec_record(char *buf, size_t len, const char *spec,
		  const struct shut_rules *r)
{
	const struct shut_preset *p = spec_preset(spec, r);
	char name[512], full[512];
	struct front_text t;

	if (shut_rules_print(r, full, sizeof(full)) < 0)
		return -1;
	front_text_init(&t, name, sizeof(name));
	front_rules_name(&t, r);
	if (p == NULL || strcmp(name, p->name) == 0)
		return snprintf(buf, len, "%s", full) < (int)len ? 0 : -1;
	return snprintf(buf, len, "%s %s", p->name, full) < (int)len ? 0 : -1;
}

/* ---------------------------------------------------------------------
 * The names of actions and events
 */

static const char *const action_names[] = {
	[SHUT_ACT_DICE] = "dice",
	[SHUT_ACT_THROW] = "throw",
	[SHUT_ACT_MOVE] = "move",
	[SHUT_ACT_LEAVE] = "leave",
};

static const char *const event_names[] = {
	[SHUT_EVENT_DICE] = "dice",	      [SHUT_EVENT_THROW] = "throw",
	[SHUT_EVENT_BUST] = "bust",	      [SHUT_EVENT_BLOCKED] = "blocked",
	[SHUT_EVENT_MISS] = "miss",	      [SHUT_EVENT_MOVE] = "move",
	[SHUT_EVENT_SHUT] = "shut",	      [SHUT_EVENT_REOPEN] = "reopen",
	[SHUT_EVENT_TURN_END] = "turn-end",   [SHUT_EVENT_OUT] = "out",
	[SHUT_EVENT_LOSE] = "lose",	      [SHUT_EVENT_LEAVE] = "leave",
	[SHUT_EVENT_ROUND_END] = "round-end", [SHUT_EVENT_WIN] = "win",
	[SHUT_EVENT_GAME_END] = "game-end",
};

const char *
front_action_name(enum shut_action_kind kind)
{
	if ((unsigned)kind >= sizeof(action_names) / sizeof(action_names[0]))
		return "?";
	return action_names[kind];
}

const char *
front_event_name(enum shut_event_kind kind)
{
	if ((unsigned)kind >= sizeof(event_names) / sizeof(event_names[0]))
		return "?";
	return event_names[kind];
}
