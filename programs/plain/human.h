/*
 * human.h - a person at the keyboard, as a player and as a source of dice.
 *
 * human_strategy is a struct shut_strategy whose choices are typed on
 * standard input: the number of dice where the rules leave a choice, and
 * the move.  human_roll() is the roll() of a struct shut_dice that asks
 * for the faces of real dice.  All of them share one struct human_input,
 * their context.  A line that is not understood is explained in one line
 * and asked again; when input ends (or a person stops the game) they
 * return SHUT_EINPUT, and HUMAN_UNDO or HUMAN_LEAVE for a take-back or a
 * player leaving, which shut_game_step() passes on to the program.
 */
#ifndef HUMAN_H
#define HUMAN_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#include "shutbox.h"

/*
 * What a person asked for instead of answering, returned by the strategy
 * and the roll as a negative code that shut_game_step() passes on.
 */
#define HUMAN_UNDO  (-1000) /* take back the last move, or a typed throw */
#define HUMAN_LEAVE (-1001) /* the player to move leaves the game */

struct human_input {
	FILE *in;
	int echo;	 /* print each line read: the input is not a terminal */
	int quit;	 /* a person asked to stop and keep the game */
	int interrupted; /* input ended by Ctrl-C */
	const char *who; /* the name of the seat asked, for the prompt */
	int person;	 /* that seat is a person's (a computer's is asked
			    only its dice, thrown by hand) */
	int manual;	 /* the dice are thrown by hand */
	int over_asked;	 /* the game over, what next was asked already */
	struct shut_throw typed;      /* faces typed at the dice count */
	const struct shut_game *game; /* the game, for keys at a roll */
	char *line;
	size_t cap;
	/*
	 * Set by a signal that stops the game (NULL: none): a read waits for
	 * input and for it at once, so that a signal is never missed.
	 */
	volatile sig_atomic_t *stop;
	char buf[4096]; /* what was read from the descriptor, not yet used */
	size_t pos, end;
	/* What "h" prints: the solver's ranking of the choices, or NULL. */
	void (*hint)(void *ctx, const struct shut_game *g);
	/* What "t" prints: the standings. */
	void (*standings)(void *ctx, const struct shut_game *g);
	/* Whether the game is kept, so that "q" offers to keep it (NULL: is).
	 */
	int (*kept)(void *ctx);
	void *ctx;
};

extern const struct shut_strategy human_strategy;

/* Sets up input from in; echo when in is not a terminal. */
void human_input_init(struct human_input *hi, FILE *in);

/* Frees the line buffer. */
void human_input_release(struct human_input *hi);

/* The roll() of struct shut_dice for dice thrown by hand; ctx is hi. */
int human_roll(void *ctx, int n, int faces, struct shut_throw *t);

/*
 * Asks a question outside the game: prints the prompt and reads one line
 * into hi->line, trimmed.  Returns 0, or SHUT_EINPUT at the end of input.
 */
int human_ask(struct human_input *hi, const char *prompt);

/* Prints the legal moves of the throw g needs a move for, wrapped. */
void human_list_moves(const struct shut_game *g, const char *indent);

#endif
