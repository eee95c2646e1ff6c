/*
 * human.h - a person at the keyboard, as a player and as a source of dice.
 *
 * human_strategy is a struct shut_strategy whose choices are typed on
 * standard input: the number of dice where the rules leave a choice, and
 * the move.  human_roll() is the roll() of a struct shut_dice that asks
 * for the faces of real dice.  All of them share one struct human_input,
 * their context.  A line that is not understood is explained in one line
 * and asked again; when input ends (or a person types q) they return
 * SHUT_EINPUT, which shut_game_step() passes on to the program.
 */
#ifndef HUMAN_H
#define HUMAN_H

#include <stddef.h>
#include <stdio.h>

#include "shutbox.h"

struct human_input {
	FILE *in;
	int echo; /* print each line read: the input is not a terminal */
	int quit; /* a person typed q */
	char *line;
	size_t cap;
	/* What "h" prints: the solver's ranking of the choices, or NULL. */
	void (*hint)(void *ctx, const struct shut_game *g);
	void *hint_ctx;
};

extern const struct shut_strategy human_strategy;

/* Sets up input from in; echo when in is not a terminal. */
void human_input_init(struct human_input *hi, FILE *in);

/* Frees the line buffer. */
void human_input_release(struct human_input *hi);

/* The roll() of struct shut_dice for dice thrown by hand; ctx is hi. */
int human_roll(void *ctx, int n, int faces, struct shut_throw *t);

/*
 * Prints the legal moves moves[0..n-1] after indent, wrapped, as
 * "legal moves: 8, 1+7, 2+6".
 */
void human_list_moves(const uint32_t *moves, long n, const char *indent);

#endif
