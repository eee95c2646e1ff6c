/*
 * shut_rules.h - a rule set of Shut the Box, its spec and its presets.
 *
 * A rule set is plain data: struct shut_rules holds one field for each key
 * of a spec (docs/contract.md section 2), and nothing in the library ever
 * branches on a preset's name.  A spec is text: an optional preset name
 * followed by key=value items separated by spaces, later items overriding
 * earlier ones, as in "classic tiles=1-12 score=digits".
 *
 * Tiles are bits: tile t is bit t - 1 of a uint32_t, so a board of up to 32
 * tiles is one word and a set of tiles (the open tiles, a move) is a mask.
 *
 * Invariants of a rule set that shut_rules_parse() accepted (and that
 * shut_rules_check() verifies for one built by hand):
 *   1 <= tile_lo <= tile_hi <= 32;
 *   the start set is a non-empty subset of the tiles;
 *   1 <= dice <= 8, 2 <= faces <= 100;
 *   first_throw is 0 or a tile of the start set;
 *   rounds == 0 (until-shut) only with shut == SHUT_SHUT_WIN;
 *   with score == SHUT_SCORE_DIGITS, the start set written as digits fits
 *   in 64 bits.
 *
 * Nothing here allocates.  A struct shut_rules may be copied freely.
 */
#ifndef SHUT_RULES_H
#define SHUT_RULES_H

#include <stddef.h>
#include <stdint.h>

#define SHUT_TILES_MAX 32
#define SHUT_DICE_MAX  8
#define SHUT_FACES_MAX 100

/* The mask of tile t, 1 <= t <= 32. */
#define SHUT_TILE(t) (UINT32_C(1) << ((t)-1))

enum shut_start {
	SHUT_START_ALL,
	SHUT_START_ODD,
	SHUT_START_EVEN,
	SHUT_START_LIST /* the tiles of start_list */
};

enum shut_fewer {
	SHUT_FEWER_NEVER,
	SHUT_FEWER_HIGH_SHUT, /* every open tile is at most faces * d */
	SHUT_FEWER_LOW_SUM,   /* the open tiles add up to at most faces * d */
	SHUT_FEWER_LONE_ONE,  /* tile 1 alone is open: one die */
	SHUT_FEWER_ANY_TIME
};

enum shut_move {
	SHUT_MOVE_ANY,	       /* any open tiles adding up to the total */
	SHUT_MOVE_UP_TO,       /* as any, with at most move_max tiles */
	SHUT_MOVE_DICE_OR_SUM, /* the tile of the total, or one per face */
	SHUT_MOVE_ONE_TILE     /* one tile equal to a face or the total */
};

enum shut_score {
	SHUT_SCORE_SUM,	  /* golf: the sum of the open tiles */
	SHUT_SCORE_COUNT, /* missionary: how many tiles are open */
	SHUT_SCORE_DIGITS /* digital: the open tiles read as one number */
};

enum shut_shut {
	SHUT_SHUT_WIN, /* shutting the box wins the game at once */
	SHUT_SHUT_ZERO /* it scores 0 and play goes on */
};

enum shut_first_miss {
	SHUT_FIRST_MISS_END, /* a missed first throw ends the turn */
	SHUT_FIRST_MISS_LOSE /* the roller loses the game outright */
};

enum shut_mode {
	SHUT_MODE_STANDARD,
	SHUT_MODE_BATTLE /* the two-player Shutter and Opener game */
};

struct shut_rules {
	int tile_lo, tile_hi;		 /* tiles=LO-HI */
	enum shut_start start;		 /* start=all|odd|even|LIST */
	uint32_t start_list;		 /* the tiles of start=LIST */
	int dice, faces;		 /* dice=NdS */
	enum shut_fewer fewer;		 /* fewer-dice= */
	int fewer_forced;		 /* fewer-dice-forced=yes: 1 */
	enum shut_move move;		 /* move= */
	int move_max;			 /* K of move=up-to-K, else 0 */
	int first_throw;		 /* first-throw=T, 0 for any */
	enum shut_first_miss first_miss; /* first-miss= */
	int bust;			 /* bust=B, 0 for none */
	enum shut_score score;		 /* score= */
	enum shut_shut shut;		 /* shut= */
	int rounds;			 /* rounds=N, 0 for until-shut */
	long until;			 /* until=T, 0 for none */
	long eliminate;			 /* eliminate=T, 0 for none */
	long stake;			 /* stake=A in cents, 0 for none */
	enum shut_mode mode;		 /* mode= */
};

/*
 * shut_rules_parse() reads a spec into *rules.  On failure it returns a
 * negative SHUT_E* code, leaves *rules unspecified, and writes to why (when
 * not NULL) one line naming the offending item and the reason, such as
 * "tiles=0-9: the lowest tile must be between 1 and 32".  An empty spec is
 * the classic rule set.
 */
int shut_rules_parse(struct shut_rules *rules, const char *spec, char *why,
		     size_t whylen);

/*
 * shut_rules_check() verifies the invariants above, with the same codes and
 * reasons as shut_rules_parse().
 */
int shut_rules_check(const struct shut_rules *rules, char *why, size_t whylen);

/*
 * shut_rules_print() writes rules as a full spec, every key in the order of
 * docs/contract.md and no preset name, such that parsing it gives the same rule
 * set. Like snprintf(), it returns the length of the whole spec and writes at
 * most len bytes including the terminating NUL.
 */
int shut_rules_print(const struct shut_rules *rules, char *buf, size_t len);

/* ---------------------------------------------------------------------
 * The keys of a spec, as a table
 *
 * Every key of a spec, in the order shut_rules_print() writes them (the
 * order of docs/contract.md section 2), with what a settings screen or a form
 * needs to offer it: its kind, one line of help, the words it takes and its
 * bounds.  The parser, the printer and their messages read this same table,
 * so a form built from it offers exactly what a spec accepts.
 *
 * The table is static data of the library: the entries, their strings and
 * word lists are never freed or changed, and every pointer stays valid for
 * the life of the program.  An entry is known by its address: pass to
 * shut_rules_key_print() the pointer the table gave, not a copy.
 *
 * Invariants of every entry: name and help are non-empty, help is one line
 * of plain words; words is non-NULL, NULL-ended and has at least two words
 * exactly for the kinds that say so below (for a word key, word i is the
 * value i of its enum); zero is non-NULL exactly for NUMBER and MONEY;
 * 1 <= min <= max for every kind but WORD and START, whose min and max are
 * 0.  The classic value of each key is what shut_rules_key_print() writes
 * for the rules of an empty spec.
 */

enum shut_key_kind {
	SHUT_KEY_TILES,	 /* LO-HI, min <= LO <= HI <= max */
	SHUT_KEY_START,	 /* one of .words, or a list of tiles */
	SHUT_KEY_DICE,	 /* NdS, min <= N <= max, 2 <= S <= SHUT_FACES_MAX */
	SHUT_KEY_MOVE,	 /* one of .words, where "up-to-K" stands for up-to-
			    and a number K, min <= K <= max */
	SHUT_KEY_WORD,	 /* one of .words */
	SHUT_KEY_NUMBER, /* .zero, or a whole number from min to max */
	SHUT_KEY_MONEY	 /* .zero, or an amount with at most two decimals;
			    min and max in cents */
};

struct shut_rule_key {
	const char *name; /* as in a spec: "fewer-dice" */
	enum shut_key_kind kind;
	const char *help;	  /* one line, plain words */
	const char *const *words; /* the words it takes, NULL-ended, or NULL */
	const char *zero;	  /* NUMBER and MONEY: the word meaning none */
	long min, max;		  /* the bounds, as above */
};

/* How many keys there are, and key i (NULL past the end). */
size_t shut_rule_key_count(void);
const struct shut_rule_key *shut_rule_key_at(size_t i);

/* The key of that name (exactly, as in a spec), or NULL. */
const struct shut_rule_key *shut_rule_key_find(const char *name);

/*
 * shut_rules_key_print() writes the value of key k in rules as a spec gives
 * it ("2d6", "none", "2.50"), such that shut_rules_set() of that text gives
 * the same value back.  Like shut_rules_print() it returns the length of the
 * whole value and writes at most len bytes including the NUL; it returns
 * SHUT_EINVAL when rules is NULL or k is not an entry of the table.  The
 * values of every key in table order, written "name=value" and separated by
 * spaces, are the output of shut_rules_print().
 */
int shut_rules_key_print(const struct shut_rules *rules,
			 const struct shut_rule_key *k, char *buf, size_t len);

/*
 * shut_rules_set() sets one key from its text as the item key=value of a
 * spec would, with the same codes and reasons as shut_rules_parse() (for an
 * unknown key, SHUT_EKEY), then checks the whole rule set as
 * shut_rules_check() does.  On failure *rules is unchanged.  A value with a
 * blank, or a key with '=', is SHUT_ESYNTAX; key=value longer than 255
 * bytes is SHUT_EVALUE.  Since the whole set is checked each time, keys
 * that depend on each other (tiles and a start list, start and first-throw)
 * are set in an order that keeps the set valid, or together by parsing a
 * spec.
 */
int shut_rules_set(struct shut_rules *rules, const char *key, const char *value,
		   char *why, size_t whylen);

/* shut_rules_equal() is 1 when two rule sets play the same game, else 0. */
int shut_rules_equal(const struct shut_rules *a, const struct shut_rules *b);

/* The mask of every tile of the box, tile_lo to tile_hi. */
uint32_t shut_rules_tiles(const struct shut_rules *rules);

/* The mask of the start set: the tiles open when a turn starts. */
uint32_t shut_rules_start(const struct shut_rules *rules);

/*
 * shut_rules_rounds_end() is the number of rounds whose end ends the game,
 * or 0 where their count ends nothing: rounds=until-shut (a shut box ends
 * it), a total that ends it or puts players out (until, eliminate: the
 * presets that use them keep classic's rounds=1), and a battle, which ends
 * when a side wins.
 */
int shut_rules_rounds_end(const struct shut_rules *rules);

/*
 * shut_rules_unreachable() returns the tiles of the start set that no throw
 * can ever shut (a tile above the largest total of all the dice), which a
 * program should warn about: such a rule set is allowed.
 */
uint32_t shut_rules_unreachable(const struct shut_rules *rules);

/*
 * Tile lists, as in start=1,3,5 or start=4-9 or --open 1,2,7-9: numbers and
 * LO-HI ranges separated by commas.  "none" (or the empty string) is the
 * empty set.  shut_tiles_parse() refuses a number outside 1..32 with
 * SHUT_ETILES.  shut_tiles_print() writes tiles in increasing order, runs of
 * three or more as ranges ("1,3,5-9"), "none" for the empty set; it returns
 * the length as snprintf() does.
 */
int shut_tiles_parse(const char *text, uint32_t *tiles, char *why,
		     size_t whylen);
int shut_tiles_print(uint32_t tiles, char *buf, size_t len);

/* The number of tiles in a mask, and the sum of their numbers. */
int shut_tiles_count(uint32_t tiles);
int shut_tiles_sum(uint32_t tiles);

/*
 * The presets of docs/contract.md section 5, as a table of data: each is a
 * name, a spec (which may start with an earlier preset's name) and a one-line
 * help.
 */
struct shut_preset {
	const char *name;
	const char *spec;
	const char *help;
};

/* The number of presets, and preset i of them in the order of docs/contract.md.
 */
size_t shut_preset_count(void);
const struct shut_preset *shut_preset_at(size_t i);

/* The preset of that name, or NULL. */
const struct shut_preset *shut_preset_find(const char *name);

/*
 * The preset whose name is nearest to name, if it is within two edits (a
 * letter missing, added or wrong, or two side by side swapped), for "did you
 * mean"; NULL when no name is that close.  The first in the table's order wins
 * a tie.
 */
const struct shut_preset *shut_preset_nearest(const char *name);

/*
 * The name among names[0..n) nearest to name (NULL entries skipped), if
 * it is within two edits and fewer than half the letters of that name (a
 * short name half wrong is another name, not a slip); NULL when none is
 * that close.  The first wins a tie.
 */
const char *shut_name_nearest(const char *name, const char *const *names,
			      size_t n);

#endif
