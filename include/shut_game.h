/*
 * shut_game.h - a whole game as a step function.
 *
 * A struct shut_game is the state of one game: seats in order, rounds,
 * totals, the board of the turn being played.  It knows nothing of screens,
 * dice or people.  At any moment it needs exactly one thing, told by
 * g->need:
 *
 *   SHUT_NEED_DICE   the roller chooses how many dice to throw
 *                    (shut_game_dice(); shut_game_dice_choices() lists them)
 *   SHUT_NEED_THROW  g->ndice dice are thrown (shut_game_throw())
 *   SHUT_NEED_MOVE   the roller shuts a legal move (shut_game_move();
 *                    shut_game_moves() lists them)
 *   SHUT_NEED_NONE   the game is over; winners are marked in the seats
 *
 * Each of those calls returns a mask of SHUT_EV_* events that the step
 * caused (0 when it just moved on), or a negative SHUT_E* code with the game
 * unchanged.  The terminal game, the server and the simulator all drive the
 * game through these calls; shut_game_step() is a driver for seats played by
 * a struct shut_player and dice from a struct shut_dice.
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

/* Events: what a step caused, several at once. */
#define SHUT_EV_BUST	  0x001 /* the throw was the bust number */
#define SHUT_EV_BLOCKED	  0x002 /* the throw had no legal move */
#define SHUT_EV_SHUT	  0x004 /* the roller shut the box */
#define SHUT_EV_TURN_END  0x008 /* a turn ended: see g->last_seat */
#define SHUT_EV_OUT	  0x010 /* that seat's total reached eliminate */
#define SHUT_EV_ROUND_END 0x020
#define SHUT_EV_GAME_END  0x040
#define SHUT_EV_REOPEN	  0x080 /* battle: the Opener opened every tile */

struct shut_seat {
	uint64_t total;	     /* the sum of the turn scores (saturating) */
	uint64_t last_score; /* the score of the seat's last turn */
	int turns;	     /* turns played */
	int shut_count;	     /* turns in which the seat shut the box */
	int out;	     /* eliminated */
	int winner;	     /* set when the game is over */
};

struct shut_game {
	struct shut_rules rules;
	int nseats;
	struct shut_seat seat[SHUT_SEATS_MAX];

	enum shut_need need;
	int round;		      /* the round being played, from 1 */
	int turn;		      /* the seat whose turn it is */
	uint32_t open;		      /* the open tiles */
	int first;		      /* the next throw is the turn's first */
	int ndice;		      /* dice to throw, once chosen */
	struct shut_throw last_throw; /* the latest throw */
	int last_seat;		      /* the seat whose turn ended last */
	int nwinners;		      /* set when the game is over */
	long turns_played;	      /* turns of all seats, in all rounds */
};

/*
 * shut_game_init() starts a game of nseats seats (1..SHUT_SEATS_MAX; a
 * battle needs exactly 2: the Shutter, seat 0, and the Opener, seat 1)
 * under rules, which must pass shut_rules_check().  Seat 0 plays first.
 */
int shut_game_init(struct shut_game *g, const struct shut_rules *rules,
		   int nseats);

/*
 * The tiles the roller may change now: the open tiles, or for the Opener of
 * a battle the shut tiles of the start set.
 */
uint32_t shut_game_board(const struct shut_game *g);

/* The dice counts the roller may choose now (see shut_dice_choices()). */
unsigned shut_game_dice_choices(const struct shut_game *g);

/* Under SHUT_NEED_DICE: the roller throws d dice next. */
int shut_game_dice(struct shut_game *g, int d);

/* Under SHUT_NEED_THROW: the dice came up *t (t->n must be g->ndice). */
int shut_game_throw(struct shut_game *g, const struct shut_throw *t);

/*
 * Under SHUT_NEED_MOVE: the legal moves of the latest throw, as
 * shut_moves() gives them.
 */
long shut_game_moves(const struct shut_game *g, uint32_t *moves, size_t cap);

/* Under SHUT_NEED_MOVE: the roller shuts (or, as Opener, opens) move. */
int shut_game_move(struct shut_game *g, uint32_t move);

/*
 * The pot of a game with a stake: stake times the number of seats.  Once the
 * game is over, the winners split it evenly: each takes the fraction
 * pot / g->nwinners, which need not be a whole amount.
 */
long shut_game_pot(const struct shut_game *g);

/*
 * A player: a strategy (a pair of choices) and its context.  dice() returns
 * the dice count to throw, one of the bits of choices; move() returns the
 * index of the chosen move in moves[0..n-1], n >= 1, which are in canonical
 * order.  Either may return a negative SHUT_E* code (SHUT_EINPUT when a
 * person's input ended), which shut_game_step() passes on.
 */
struct shut_strategy {
	const char *name;
	const char *help;
	int (*dice)(void *ctx, const struct shut_game *g, unsigned choices);
	int (*move)(void *ctx, const struct shut_game *g, const uint32_t *moves,
		    long n);
};

struct shut_player {
	const struct shut_strategy *strategy;
	void *ctx;
};

/*
 * The library's simple strategies, in a table:
 *   random   a uniformly random choice; ctx is a struct shut_rng *
 *   highest  the move with the highest tile; ties: fewest tiles
 *   fewest   the move with the fewest tiles; ties: the highest tile
 * highest and fewest throw the fewest dice allowed and need no ctx.
 */
size_t shut_strategy_count(void);
const struct shut_strategy *shut_strategy_at(size_t i);
const struct shut_strategy *shut_strategy_find(const char *name);

/*
 * shut_game_step() does the one thing the game needs: asks players[g->turn]
 * for a dice count or a move, or dice for a throw.  It returns the events
 * of that step, SHUT_EILLEGAL (or SHUT_EDICE) when a player chose what the
 * rules do not allow, or what a callback returned.  The moves it offers a
 * player are capped at SHUT_STEP_MOVES_MAX, the first in canonical order.
 */
#define SHUT_STEP_MOVES_MAX 4096
int shut_game_step(struct shut_game *g, const struct shut_player *players,
		   const struct shut_dice *dice);

#endif
