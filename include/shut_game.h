/*
 * shut_game.h - a whole game as actions and events.
 *
 * A struct shut_game is the state of one game: seats in order, rounds,
 * totals, the board of the turn being played.  It knows nothing of screens,
 * dice or people.  At any moment it needs exactly one thing, told by
 * g->need:
 *
 *   SHUT_NEED_DICE   the roller chooses how many dice to throw
 *                    (shut_game_dice_choices() lists the counts allowed)
 *   SHUT_NEED_THROW  g->ndice dice are thrown
 *   SHUT_NEED_MOVE   the roller shuts a legal move
 *   SHUT_NEED_NONE   the game is over; winners are marked in the seats
 *
 * The game moves on only by actions (struct shut_action): one thing a
 * player or the dice did.  shut_game_act() checks an action against the
 * rules and, when it is allowed, applies it and lists what it caused as
 * events (struct shut_event), each with its details: the move and its tiles,
 * the turn's score, who went out, who shut the box, the round's end, the
 * winners and each one's share of the pot.  A front end narrates from the
 * events alone.
 *
 * A game is wholly defined by its rules, its number of seats and its list
 * of actions: shut_game_replay() of the same actions gives the same state.
 * That is what a game record stores, and how a stopped game resumes.
 *
 * shut_game_step() is a driver for seats played by a struct shut_player
 * and dice from a struct shut_dice: it makes the one action the game needs
 * and returns it, for the caller to record.
 *
 * The state is plain data, allocated by the caller and never by the
 * library.  Fields are read-only to callers: change them only through the
 * calls below.
 */
#ifndef SHUT_GAME_H
#define SHUT_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "shut_dice.h"
#include "shut_moves.h"
#include "shut_rules.h"

#define SHUT_SEATS_MAX 64

enum shut_need {
	SHUT_NEED_DICE,
	SHUT_NEED_THROW,
	SHUT_NEED_MOVE,
	SHUT_NEED_NONE
};

/* ---------------------------------------------------------------------
 * Actions
 */

enum shut_action_kind {
	SHUT_ACT_DICE,	/* the roller throws .dice dice next */
	SHUT_ACT_THROW, /* the dice came up .thrown (.thrown.n == g->ndice) */
	SHUT_ACT_MOVE,	/* the roller shuts (the Opener: opens) .move */
	SHUT_ACT_LEAVE	/* .seat leaves the game (a person who has to go) */
};

struct shut_action {
	enum shut_action_kind kind;
	int seat; /* LEAVE: who leaves; else the roller, set by the game */
	int dice;
	struct shut_throw thrown;
	uint32_t move;
};

/* ---------------------------------------------------------------------
 * Events
 */

enum shut_event_kind {
	SHUT_EVENT_DICE,      /* .seat throws .count dice (a choice made) */
	SHUT_EVENT_THROW,     /* .seat threw .thrown */
	SHUT_EVENT_BUST,      /* the throw totalled the bust number .count */
	SHUT_EVENT_BLOCKED,   /* the throw allows no move: the turn ends */
	SHUT_EVENT_MISS,      /* the first throw could not take tile .count */
	SHUT_EVENT_MOVE,      /* .seat shut (opener: opened) .tiles */
	SHUT_EVENT_SHUT,      /* .seat shut the box */
	SHUT_EVENT_REOPEN,    /* battle: the Opener opened every tile */
	SHUT_EVENT_TURN_END,  /* .seat's turn ended: .score, now .total;
				 .tiles left open (0: the box shut, a battle) */
	SHUT_EVENT_OUT,	      /* .seat's .total reached eliminate: out */
	SHUT_EVENT_LOSE,      /* .seat lost outright (first-miss=lose) */
	SHUT_EVENT_LEAVE,     /* .seat left the game */
	SHUT_EVENT_ROUND_END, /* round .count ended */
	SHUT_EVENT_WIN,	      /* .seat wins, taking .cents of the pot */
	SHUT_EVENT_GAME_END   /* the game is over: .count winners; .cents
				 odd cents of the pot not shared evenly */
};

struct shut_event {
	enum shut_event_kind kind;
	int seat;
	int count;
	uint32_t tiles;
	uint64_t score;
	uint64_t total;
	int64_t cents;
	struct shut_throw thrown;
};

/*
 * The events of one action, in the order they happened.  An action causes
 * at most a few events of its own, a WIN per winner and a GAME_END.
 */
#define SHUT_EVENTS_MAX (SHUT_SEATS_MAX + 16)

struct shut_events {
	int n;
	struct shut_event ev[SHUT_EVENTS_MAX];
};

/* Masks of the event kinds an action caused, for a quick test. */
#define SHUT_EV(kind) (1u << (kind))

/* The events every action of its kind causes: a mask to leave out. */
#define SHUT_EV_ROUTINE                                                        \
	(SHUT_EV(SHUT_EVENT_DICE) | SHUT_EV(SHUT_EVENT_THROW) |                \
	 SHUT_EV(SHUT_EVENT_MOVE))

/* ---------------------------------------------------------------------
 * The state
 *
 * The counters (a seat's turns and shut_count, the game's round,
 * turns_played and actions) stop at LONG_MAX instead of wrapping: a game
 * that long goes on as before with them held there, and the count of a
 * ROUND_END event stops at INT_MAX.  No game the rules accept needs that
 * many in practice (rounds, until and eliminate are capped at 1,000,000,
 * and shut_rules_check() refuses a game that could never end), but a
 * battle has no limit, and a caller may drive any game for as long as it
 * likes.
 */

struct shut_seat {
	uint64_t total;	     /* the sum of the turn scores (saturating) */
	uint64_t last_score; /* the score of the seat's last turn */
	long turns;	     /* turns played */
	long shut_count;     /* turns in which the seat shut the box */
	int out;	     /* no longer playing: eliminated, lost or left */
	int lost;	     /* lost outright (first-miss=lose) */
	int left;	     /* left the game */
	int winner;	     /* set when the game is over */
};

/*
 * What the game worked out about its current board and throw, kept so that
 * nothing is worked out twice (docs/internals/game.md, The memo): the dice
 * counts allowed on a board, worked out once when the board is reached,
 * and the legal moves of a throw, listed once when the throw is made, for
 * the game's own checks and for the library's players.  It
 * is plain data like the rest, copied with the game.  The calls read it
 * only where its key (the board, the throw, the first-throw flag) is the
 * game's, and never past its count, so a game changed by hand is at worst
 * worked out afresh, never read out of bounds.  Callers do not read it.
 */
#define SHUT_GAME_MOVES_KEPT 64

struct shut_game_memo {
	uint32_t choices_board; /* the board choices are of */
	unsigned choices;	/* its dice counts, or 0: not worked out */
	uint32_t board;		/* the board the moves are of */
	int first;		/* and whether the throw was the turn's first */
	struct shut_throw thrown; /* the throw */
	long nmoves; /* its legal moves in moves[], or -1: not kept */
	uint32_t moves[SHUT_GAME_MOVES_KEPT];
};

struct shut_game {
	struct shut_rules rules;
	int nseats;
	struct shut_seat seat[SHUT_SEATS_MAX];

	enum shut_need need;
	long round;		      /* the round being played, from 1 */
	int turn;		      /* the seat whose turn it is */
	uint32_t open;		      /* the open tiles */
	int first;		      /* the next throw is the turn's first */
	int ndice;		      /* dice to throw, once chosen */
	struct shut_throw last_throw; /* the latest throw */
	int last_seat;		      /* the seat whose turn ended last */
	int nwinners;		      /* set when the game is over */
	long turns_played;	      /* turns of all seats, in all rounds */
	long actions;		      /* actions applied so far */
	struct shut_game_memo memo;   /* the game's own, see above */
};

/*
 * shut_game_init() starts a game of nseats seats (1..SHUT_SEATS_MAX; a
 * battle needs exactly 2: the Shutter, seat 0, and the Opener, seat 1)
 * under rules, which must pass shut_rules_check().  Seat 0 plays first.
 * It sets every field, whatever *g held before, but the seats from nseats
 * on (which the game never reads), the memo's list (memo.moves, read only
 * up to its count) and the padding between fields: two games started and
 * played alike are byte for byte the same only where *g was cleared
 * before (with memset()).
 */
int shut_game_init(struct shut_game *g, const struct shut_rules *rules,
		   int nseats);

/*
 * shut_game_act() applies action a when the rules allow it now, and
 * appends what it caused to ev (when not NULL; ev->n is set to 0 first).
 * It returns a mask of SHUT_EV(kind) of the events, or a negative code with
 * the game unchanged: SHUT_ESTATE for an action the game does not need now
 * (a LEAVE is allowed whenever the game is not over, for a seat still
 * playing), SHUT_EDICE for a dice count not allowed, SHUT_ETHROW for a throw
 * of the wrong dice or faces, SHUT_EILLEGAL for a move the rules do not
 * allow (shut_game_why() says why), SHUT_EINVAL for a bad seat or pointer.
 */
int shut_game_act(struct shut_game *g, const struct shut_action *a,
		  struct shut_events *ev);

/*
 * shut_game_replay() starts a game as shut_game_init() does and applies
 * actions[0..n-1].  It returns 0, or the code of the first action refused
 * (and *done, when not NULL, is the number applied).
 */
int shut_game_replay(struct shut_game *g, const struct shut_rules *rules,
		     int nseats, const struct shut_action *actions, size_t n,
		     size_t *done);

/* Shorthands for shut_game_act() without the events list. */
int shut_game_dice(struct shut_game *g, int d);
int shut_game_throw(struct shut_game *g, const struct shut_throw *t);
int shut_game_move(struct shut_game *g, uint32_t move);
int shut_game_leave(struct shut_game *g, int seat);

/*
 * The tiles the roller may change now: the open tiles, or for the Opener of
 * a battle the shut tiles of the start set.
 */
uint32_t shut_game_board(const struct shut_game *g);

/* The dice counts the roller may choose now (see shut_dice_choices()). */
unsigned shut_game_dice_choices(const struct shut_game *g);

/*
 * Under SHUT_NEED_MOVE: the legal moves of the latest throw, as
 * shut_moves() gives them.
 */
long shut_game_moves(const struct shut_game *g, uint32_t *moves, size_t cap);

/* Under SHUT_NEED_MOVE: 1 when move is legal now, else 0. */
int shut_game_legal(const struct shut_game *g, uint32_t move);

/*
 * Under SHUT_NEED_MOVE: why move is not legal now, as shut_move_why()
 * tells it (SHUT_WHY_OK when it is legal).
 */
int shut_game_why(const struct shut_game *g, uint32_t move,
		  struct shut_why *why);

/* 1 when the seat is the Opener of a battle (its moves open tiles). */
int shut_game_opener(const struct shut_game *g, int seat);

/*
 * The pot of a game with a stake, in cents: the stake times the number of
 * seats.  The winners split it evenly to the cent; the cents left over
 * (pot % winners) are stated by the GAME_END event.  With no winner (every
 * seat lost outright), each seat has its stake back.
 */
int64_t shut_game_pot(const struct shut_game *g);

/*
 * The standings: writes the seats in order of rank to order[0..nseats-1]
 * and returns nseats.  Winners first; then the seats still playing, by
 * total (lowest first); then those out by their total; then those who lost
 * outright; then those who left.  Equal seats keep their seat order.
 */
int shut_game_standings(const struct shut_game *g, int *order);

/* ---------------------------------------------------------------------
 * Players and the driver
 */

/*
 * A player: a strategy (a pair of choices) and its context.  dice() returns
 * the dice count to throw, one of the bits of choices; move() writes the
 * tiles of its move to *move (the game checks it is legal).  Either may
 * return a negative SHUT_E* code (SHUT_EINPUT when a person's input ended
 * or a person asked to stop), which shut_game_step() passes on.  dice may
 * be NULL: the most dice allowed.  policy, when not NULL, states the
 * strategy's choices as data (shut_policy.h): dice() and move() play by it,
 * and shut_eval_new() can work out exactly what it is worth.  A strategy
 * of a person, or any other without a policy, leaves it NULL.
 */
struct shut_policy;

struct shut_strategy {
	const char *name;
	const char *help;
	int (*dice)(void *ctx, const struct shut_game *g, unsigned choices);
	int (*move)(void *ctx, const struct shut_game *g, uint32_t *move);
	const struct shut_policy *policy;
};

struct shut_player {
	const struct shut_strategy *strategy;
	void *ctx;
};

/*
 * The library's simple strategies, in a table, each with its policy (the
 * canonical order of shut_move_cmp() breaks the ties left):
 *   random     each allowed dice count, then each legal move, equally
 *              likely; ctx is a struct shut_rng *
 *   highest    the move with the highest tile; ties: fewest tiles
 *   fewest     the move with the fewest tiles; ties: the highest tile
 *   most       the move with the most tiles; ties: the highest tile
 *   lowest     keeps the high tiles open: the move whose highest tile is
 *              lowest; ties: the lower next-highest tile, and so on down
 *              (the move of smallest mask)
 *   thai-wiki  the Thai-style rule of thumb: the one tile of the total,
 *              else the tiles of the faces, one per die, else the fewest
 *              tiles and among those the highest tile; always all the dice
 *              (with move=one-tile: the sum, else the higher die, else the
 *              lower one)
 * All but random and thai-wiki throw the fewest dice allowed; all but
 * random need no ctx.  Their dice() and move() return SHUT_EINVAL for a
 * null game or move, for choices that allow no count, and (random) for a
 * null ctx.  The solver's strategies are not in this table: they are
 * shut_solver_optimal and shut_solver_shut (shut_solver.h).
 */
size_t shut_strategy_count(void);
const struct shut_strategy *shut_strategy_at(size_t i);
const struct shut_strategy *shut_strategy_find(const char *name);

/*
 * shut_game_step() makes the one action the game needs: asks
 * players[g->turn] for a dice count or a move, or dice for a throw, and
 * applies it as shut_game_act() does.  The action made is written to
 * *done (when not NULL), for the caller to record.  It returns the events'
 * mask, SHUT_EILLEGAL (or SHUT_EDICE) when a player chose what the rules do
 * not allow, or what a callback returned.
 */
int shut_game_step(struct shut_game *g, const struct shut_player *players,
		   const struct shut_dice *dice, struct shut_action *done,
		   struct shut_events *ev);

#endif
