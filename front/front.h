/*
 * front.h - the game in words, for every front end.
 *
 * This layer explains a game to a person: the rules of a rule set in plain
 * words, what each event of a step means, why a move is not legal, moves,
 * throws, tiles and money as text and back, pot shares and the standings.
 * It is written on the library's public API only (include/), as Lua's
 * lauxlib is on lua.h, and it never prints, reads, allocates or keeps
 * state: everything goes into a caller's buffer.  The plain game, the
 * full-screen game, the browser table and the analysis all speak through
 * it, so that a rule is explained the same way everywhere.
 *
 * The layout says who may use what: include/ and lib/ are the library;
 * front/ is this layer, over include/ only; programs/ are the front ends,
 * over both.
 *
 * Text goes into a struct front_text, a buffer of fixed size given by the
 * caller.  Appending never writes past it: text that does not fit is cut,
 * between characters (UTF-8 stays whole), and .cut is set, so a caller can
 * tell.  Lines end in '\n'.
 */
#ifndef FRONT_H
#define FRONT_H

#include <stddef.h>
#include <stdint.h>

#include "shutbox.h"

#if defined(__GNUC__)
#define FRONT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FRONT_PRINTF(f, a)
#endif

/* ---------------------------------------------------------------------
 * Text buffers
 */

struct front_text {
	char *buf;
	size_t size; /* bytes of buf, the NUL included */
	size_t len;  /* bytes written, without the NUL */
	int cut;     /* something did not fit */
};

/* Starts an empty text in buf[0..size-1] (size >= 1). */
void front_text_init(struct front_text *t, char *buf, size_t size);

/* Appends formatted text, as printf() would print it. */
void front_printf(struct front_text *t, const char *fmt, ...)
    FRONT_PRINTF(2, 3);

/* ---------------------------------------------------------------------
 * Text from outside, shown back
 */

/*
 * Appends the len bytes at s as they may be shown to a person: each control
 * character (C0, DEL, or C1 as UTF-8 writes it) and each byte that is not
 * part of well-formed UTF-8 as \x1b, the rest as it is.  With max not 0, at
 * most max characters are shown, then "..." when some are left.  An escape
 * is never cut in half.  Every echo of input (a word or a move typed, a
 * spec's bad item, a name or a record read back from the history) goes
 * through here, so that nothing echoed can drive the terminal.
 */
void front_escaped(struct front_text *t, const char *s, size_t len, size_t max);

/*
 * The offset of the first byte of s[0..len) that front_escaped() would
 * escape, or len when there is none.
 */
size_t front_unshowable(const char *s, size_t len);

/*
 * The columns of a terminal that the first n bytes of UTF-8 text s take (to
 * its NUL, if sooner): a wide character (CJK, most emoji) two, a combining
 * one none, as the C library's wcwidth() says in the locale (a program
 * sets LC_CTYPE from the environment first); without one that reads UTF-8,
 * a column for each character.
 */
int front_columns(const char *s, size_t n);

/*
 * The bytes of the longest start of s that takes at most cols columns,
 * cut between characters, and in *used the columns it takes.
 */
size_t front_fit(const char *s, int cols, int *used);

/* Writes s cut to cols columns and padded with blanks to them. */
void front_pad(struct front_text *t, const char *s, int cols);

/*
 * The bytes of the first line of s wrapped at cols columns: all of it when
 * it fits, else cut at its last blank within them (or just after them),
 * else at cols; at least one character.  The blanks after the cut are the
 * caller's to skip.
 */
size_t front_wrap(const char *s, int cols);

/*
 * Checks the len bytes at s as a player's name: well-formed UTF-8 without
 * a control character, nor one that is invisible or sets the direction of
 * the text around it (U+202E).  Returns 0, or -1 with a reason in why
 * naming the first bad character by its position: "character 4 is a
 * control character (\x1b)", "character 2 is not UTF-8 (\xff)",
 * "character 1 is invisible, or turns the text around it (U+202E)".
 */
int front_check_name(const char *s, size_t len, char *why, size_t whylen);

/* ---------------------------------------------------------------------
 * Seats
 */

/*
 * The names of the seats as shown, and whether each is a person (a person
 * is told "you" where a computer is named).  A seat named "You" takes the
 * verb without an s ("You win").  A seat whose player the host of a table
 * in the browser dropped (dropped) left the game by the host's doing, not
 * of their own will, and is said so.
 */
struct front_seats {
	int n;
	const char *name[SHUT_SEATS_MAX];
	int person[SHUT_SEATS_MAX];
	int dropped[SHUT_SEATS_MAX];
};

/* The length of the longest move or tile list as text. */
#define FRONT_MOVE_LEN 100

/* ---------------------------------------------------------------------
 * Moves, throws, tiles, dice and money as text
 */

/* A move as its tiles joined by '+' ("1+2+7"), "nothing" if empty. */
void front_move(struct front_text *t, uint32_t move);

/* Tiles as a list ("1,3,5-9"), as shut_tiles_print() writes them. */
void front_tiles(struct front_text *t, uint32_t tiles);

/* Tiles as "3", "3 and 5" or "3, 5 and 7". */
void front_tiles_and(struct front_text *t, uint32_t tiles);

/* A throw: "3 5 = 8", or "4" for one die. */
void front_throw(struct front_text *t, const struct shut_throw *th);

/* The dice of a rule set: "2d6". */
void front_dice(struct front_text *t, const struct shut_rules *r);

/* Dice counts of a mask (bit d for d dice): "1 or 2", "2 to 8". */
void front_counts(struct front_text *t, unsigned choices);

/* The most dice of a mask of counts, which Enter takes (0: none). */
int front_counts_most(unsigned choices);

/* An amount of money in cents: "3", "2.50", "-0.75". */
void front_money(struct front_text *t, int64_t cents);

/*
 * The same, always to the cent ("3.00") when cents is set: for an amount
 * beside others that have cents, such as a pot of stakes of 0.50.
 */
void front_money_as(struct front_text *t, int64_t amount, int cents);

/*
 * Parses a move as typed: tile numbers separated by '+', commas or blanks,
 * or digits run together ("35") when every tile of the box is below 10 (a
 * run with a 0 in it, as "10", is one number).  Each must be a tile of the
 * box, named once.  Returns 0, or -1 with a one-line reason in why.
 */
int front_parse_move(const struct shut_rules *r, const char *text,
		     uint32_t *move, char *why, size_t whylen);

/*
 * Parses the faces of a throw: numbers separated by '+', commas or blanks
 * ("1+1", "1,1", "1 1"), or, when runs is non-zero and faces < 10, digits
 * run together ("11"; a run with a 0 in it, as "10", is one number).  Each
 * face within 1..faces, at most SHUT_DICE_MAX of them.  Returns 0, or -1
 * with a one-line reason in why naming what was typed.
 */
int front_parse_throw(const char *text, int faces, int runs,
		      struct shut_throw *th, char *why, size_t whylen);

/*
 * Why a throw typed with typed faces is not one of the counts of dice of
 * faces faces a mask allows (bit d for d dice): "that is 3 faces; type
 * the faces of 2 dice, like 3 5", or "... of 1 or 3 dice, like 3 5 2"
 * (the most).
 */
void front_dice_typed(struct front_text *t, int typed, unsigned wanted,
		      int faces);

/* ---------------------------------------------------------------------
 * The rules in words
 */

/*
 * The rules of r for a game of nseats seats, in a few plain sentences: the
 * box and the dice, how a throw is played, when fewer dice may be thrown,
 * how the game is scored and won, the stake.
 */
void front_rules(struct front_text *t, const struct shut_rules *r, int nseats);

/*
 * What of rule set r does not do what it seems to, in one line without its
 * newline, for a warning: tiles no throw can reach ("tile 13 can never be
 * shut with 2d6"), a bust total no throw makes ("bust=13 ends nothing: no
 * throw of 2d6 or fewer dice totals 13"), a number of rounds a total overrides
 * ("rounds=3 ends nothing here: eliminate=45 ends the game"), and what a battle
 * has no use for ("until=50 ends nothing in a battle: it ends when a side
 * wins"), each said, "; " apart.  Returns how many things it said (0: none).
 */
int front_rules_warning(struct front_text *t, const struct shut_rules *r);

/*
 * A short name for rule set r: the preset it is, or the preset it differs
 * least from followed by the items that differ ("classic stake=1").
 */
void front_rules_name(struct front_text *t, const struct shut_rules *r);

/*
 * The preset that front_rules_name() names r by (the first of those it is
 * exactly, else the one it differs least from); NULL when none.
 */
const struct shut_preset *front_rules_preset(const struct shut_rules *r);

/*
 * The same, for rules r read from spec: a preset that spec starts with and
 * whose rules r are exactly is the name ("golf", which is classic by
 * another name, stays golf), else front_rules_name().
 */
void front_spec_name(struct front_text *t, const char *spec,
		     const struct shut_rules *r);

/*
 * The spec to record for rules r read from spec, into buf: the full spec
 * (shut_rules_print()), after the preset spec named when front_rules_name()
 * would not give it back ("golf tiles=1-9 ..."); -1 when too long.
 */
int front_spec_record(char *buf, size_t len, const char *spec,
		      const struct shut_rules *r);

/*
 * The names of kinds of actions and events, one lower-case word each
 * ("throw", "turn-end"), as records and messages spell them; "?" for a
 * kind that does not exist.
 */
const char *front_action_name(enum shut_action_kind kind);
const char *front_event_name(enum shut_event_kind kind);

/* ---------------------------------------------------------------------
 * Hints
 */

/*
 * A number with 3 significant digits, trailing zeros kept: 3.70, 17.0,
 * and a small one as decimals: 0.0000115.
 */
void front_sig3(struct front_text *t, double v);

/*
 * The chance of winning a battle of the seat to play in g, from the
 * solver's value, which is the Shutter's chance (the Opener's is the
 * rest).
 */
double front_battle_chance(const struct shut_game *g, double shutter);

/*
 * One figure of a choice of a hint: its value as shown ("37.0%", "4.12")
 * and its words ("to shut", "expected score"), said before the value
 * when words_first.
 */
struct front_figure {
	char value[32];
	const char *words;
	int words_first;
};

#define FRONT_FIGURES_MAX 3

/*
 * The parts of one choice of a hint, for the game g: its label into label
 * (the move "3+5" or the dice count "2 dice"), and its figures into f: the
 * chance to shut the box and the expected score of the turn (in a battle,
 * the chance to win), then, unless win is NaN, the chance of winning the
 * game when it is made and the rest is played to win.  Returns the number
 * of figures.
 */
int front_choice_parts(const struct shut_game *g, const struct shut_choice *c,
		       double win, char *label, size_t len,
		       struct front_figure f[FRONT_FIGURES_MAX]);

/*
 * One choice of a hint as a person reads it: its label in a column of 12,
 * then its figures ("3+5          37.0% to shut, expected score 4.12,
 * 51.3% to win").
 */
void front_choice(struct front_text *t, const struct shut_game *g,
		  const struct shut_choice *c, double win);

/* ---------------------------------------------------------------------
 * Why a move is not legal
 */

/*
 * One line (without '\n') saying why move is not legal, from the library's
 * reason *w (shut_move_why()), for throw th; opener when the roller opens
 * tiles (a battle's Opener).
 */
void front_why(struct front_text *t, const struct shut_rules *r,
	       const struct shut_throw *th, int opener, uint32_t move,
	       const struct shut_why *w);

/* ---------------------------------------------------------------------
 * Events, standings and the result
 */

/*
 * The names of the seats marked in which[] (n seats), as "A", "A and B",
 * "A, B and C".
 */
void front_names_and(struct front_text *t, const struct front_seats *s,
		     const int *which, int n);

/*
 * Why a throw of total has no move, as the game says it when it happens
 * (the events of a bust, a missed first throw and a blocked throw), in one
 * line without its newline: "bust: a total of 7 ends the turn", "the first
 * throw must shut 2, and this one cannot" (with ": the turn ends" under
 * first-miss=end), "nothing open adds up to 4: the turn ends".  first: the
 * throw is its turn's first; opener: a battle's Opener throws.  Decided as
 * the game decides, for a throw known to allow no move.  Returns 1 when the
 * roller then loses the game (first-miss=lose), else 0.
 */
int front_no_move(struct front_text *t, const struct shut_rules *r, int opener,
		  int first, int total);

/*
 * What event e means, in one line ending in '\n' (nothing for an event
 * that needs no words, such as a dice count chosen), for the game g as it
 * is after the step that caused it.
 */
void front_event(struct front_text *t, const struct shut_game *g,
		 const struct front_seats *s, const struct shut_event *e);

/*
 * The tiles a turn left open, from its SHUT_EVENT_TURN_END's .tiles, in
 * one line ending in '\n' ("1, 2 and 6 left open"); nothing for none
 * (the box shut, a battle).
 */
void front_left_open(struct front_text *t, uint32_t tiles);

/*
 * The round of g now, for a title: "round 2 of 5" where the rules play a
 * number of rounds, else "round 2"; with the total that ends the match
 * ("round 2, to 100") or puts a player out ("round 2, out at 45"), which
 * the number of rounds then does not (it is not said).
 */
void front_round(struct front_text *t, const struct shut_game *g);

/*
 * The pot of g, for a panel: its money ("4", "2.50") while a game with a stake
 * is played, and nothing once it is over (the result says who took it).
 * Returns whether it wrote anything.
 */
int front_pot(struct front_text *t, const struct shut_game *g);

/*
 * What the player to move is asked to pick for the last throw, by the
 * rules of moves and the tiles open: "pick the tiles to shut" (the sum),
 * "pick one tile to shut: 3, 5 or 8" (one tile, a die's or the total),
 * "pick tile 8, or tiles 3 and 5, to shut", "pick tile 8 to shut"; "open"
 * for the Opener.  Returns 1 when the words name the tiles (the sum of a
 * pick is then no matter), else 0.
 */
int front_pick(struct front_text *t, const struct shut_game *g);

/*
 * The line that heads the turn of g now, ending in '\n': "Round 1: Ann",
 * and in a battle the side ("Round 3: Bob, the Opener").
 */
void front_turn(struct front_text *t, const struct shut_game *g,
		const struct front_seats *s);

/*
 * What a seat's total does not say, in a word or three: "left" ("dropped
 * by the host" for one of s the host dropped), "lost", "out", and once the game
 * is over "did not play" or "a turn fewer" for a seat that had fewer turns than
 * the others (a box shut to win ended the round before its turn); "" if
 * nothing.  A battle's sides take turns unevenly, and get none of the last two:
 * each is named instead, "Shutter" (seat 0) or "Opener", since their totals say
 * nothing.
 */
const char *front_seat_note(const struct shut_game *g,
			    const struct front_seats *s, int seat);

/*
 * Whether seat is said to win: a winner of a game with other players.  A
 * solitaire game's result is its total (or the turns it took to shut the
 * box): the game counts its one seat a winner, but no one is beaten.
 */
int front_seat_wins(const struct shut_game *g, int seat);

/*
 * Every seat's total after a heading, in the order of the standings, names
 * and totals in columns, with front_seat_note().
 */
void front_standings(struct front_text *t, const struct shut_game *g,
		     const struct front_seats *s, const char *heading);

/*
 * The verdict of a game that is over, in one line without its newline: who
 * won and how ("Bea wins with 9.", "Ann shut the box and wins!"), or how a
 * solitaire game went.  Nothing while the game goes on, or for a battle
 * with no winner.
 */
void front_verdict(struct front_text *t, const struct shut_game *g,
		   const struct front_seats *s);

/*
 * Who took the pot of a game with a stake that is over, in one line without
 * its newline: "Bea takes the pot of 4.", "Ann and Bea split the pot of
 * 3.00: 1.50 each.", "Nobody wins: each player takes back the stake of 1."
 * (every player lost outright).  Returns whether it wrote anything: nothing
 * while the game goes on, without a stake, or for a game of one or a
 * battle, which play for no pot.
 */
int front_payout(struct front_text *t, const struct shut_game *g,
		 const struct front_seats *s);

/*
 * The result of a game that is over: who won and how, every total, and the
 * pot's shares to the cent.
 */
void front_result(struct front_text *t, const struct shut_game *g,
		  const struct front_seats *s);

/* ---------------------------------------------------------------------
 * The analysis of a game (weigh.c)
 *
 * Figures are in the unit of their objective, chance non-zero for a
 * probability: points of expected score ("pts"), or percentage points of a
 * chance ("pp").  A cost is never negative; luck is signed the player's
 * way, + for a throw that helped.
 */

/*
 * The box on one line, open tiles as numbers and shut ones as dashes:
 * "tiles  1 2 3 4 - 6 7 8 -".
 */
void front_box(struct front_text *t, const struct shut_rules *r, uint32_t open);

/* What obj plays for: "the best chance to shut the box". */
void front_objective(struct front_text *t, const struct shut_objective *obj);

/* A value of the solver: an expected score "4.12", or a chance "37.0%". */
void front_value(struct front_text *t, int chance, double v);

/* An amount with its unit, "0.842 pts", "+3.20 pp" (with sign). */
void front_amount(struct front_text *t, int chance, double v, int sign);

/* A choice weighed against the best of those the rules allowed. */
struct front_weighed {
	int dice, best_dice;	  /* a dice count: the moves are 0 */
	uint32_t move, best_move; /* a move */
	int opener;		  /* a move that opens tiles */
	long choices;		  /* how many there were */
	double cost;		  /* >= 0 */
	int error;		  /* the cost counts as a mistake */
};

/*
 * A throw and its luck: "1-9 open, threw 6 2 = 8: luck +3.10 pp (9.12% ->
 * 12.2%)", the values before and after the throw.
 */
void front_weighed_throw(struct front_text *t, int chance, uint32_t open,
			 const struct shut_throw *th, double before,
			 double after, double luck);

/*
 * A choice: "shut 8, the best of 5", or "shut 1+7, best 3+5 (of 5): cost
 * 1.52 pp"; a dice count "chose 1 die, best 2 dice (of 2): cost 0.300
 * pts"; a move that was no choice "shut 7, the only move".
 */
void front_weighed_choice(struct front_text *t, int chance,
			  const struct front_weighed *w);

/*
 * A turn from its start to its end: "the turn: 9.12% -> 0% (2,4-6 left):
 * luck -7.60 pp, cost 1.52 pp"; "the turn did not end" when it was not
 * complete (the player left, or the record stops there).
 */
void front_weighed_turn(struct front_text *t, int chance, int complete,
			double start, double end, uint32_t left, double luck,
			double cost);

/* A player's figures in one unit. */
struct front_figures {
	long decisions, errors;
	double cost, luck;
};

/*
 * A player's figures in one unit, after the name and, when the player
 * played turns in both units (units 2), which: "Ann: 12 decisions, 2 errors
 * costing 3.10 pp; rating 0.258 pp a decision; luck -12.4 pp"; with units
 * 0, "Ann: no turn played".
 */
void front_weighed_seat(struct front_text *t, const char *name, int units,
			int chance, const struct front_figures *f);

/* A mistake, where and when it was made. */
struct front_mistake {
	long round;
	const char *name;
	const struct shut_objective *obj;
	uint32_t open;
	const struct shut_throw *thrown; /* NULL for a dice count */
	struct front_weighed w;
};

/*
 * The biggest mistake of a game with its position, in three lines: who
 * and when, the box, and the choice against the best ("with 1-7 open and
 * a throw of 4 4 = 8, shut 1+7, best 3+5 (of 5): cost 1.52 pp.").
 */
void front_weighed_mistake(struct front_text *t, const struct shut_rules *r,
			   const struct front_mistake *m);

/*
 * The lines that explain an analysis's units and marks: by the chance of
 * winning the game (by_win), by one objective for every turn (forced, its
 * words), or by each turn's own objective (forced NULL).  Each a paragraph
 * on a line of its own, for the front end to wrap at its width.
 */
void front_weighed_legend(struct front_text *t, int by_win,
			  const struct shut_objective *forced);

/* The line that starts a turn: "Round 1: Ann, playing for ...". */
void front_weighed_heading(struct front_text *t, long round, const char *name,
			   const struct shut_objective *obj);

/* The line for a game without a mistake, of that many decisions (0: no
 * choice was made, which is no praise). */
void front_weighed_clean(struct front_text *t, long decisions);

/*
 * The line that says an analysis asked to weigh by the chance of winning
 * did (fallback NULL), or why it weighed by each turn's own objective: a
 * paragraph, for the front end to wrap at its width.
 */
void front_weighed_by_win(struct front_text *t, const char *fallback);

#endif
