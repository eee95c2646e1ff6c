/*
 * hint.h - the solver's advice as text (hint.c), for "shutbox hint" and
 * for the hint key of the play command, so that both show the same.
 */
#ifndef HINT_H
#define HINT_H

#include <stdio.h>

#include "shutbox.h"

/*
 * Prints to f every legal move of throw t at a position, best first, each
 * with its value under the solver's objective and, beside it, its chance
 * of shutting the box and its expected score (a battle: the Shutter's
 * chance of winning alone); or a line saying the throw allows no move.
 * The throw must be one the rules allow at that position.  Returns the
 * number of moves, or a negative SHUT_E* code (SHUT_ENOMEM) with nothing
 * printed.
 */
long hint_print_moves(FILE *f, const struct shut_solver *s,
		      const struct shut_position *pos,
		      const struct shut_throw *t);

/*
 * Prints to f the dice counts the roller may throw at a position, best
 * first, with the value of each as above.  Returns how many there are.
 */
long hint_print_dice(FILE *f, const struct shut_solver *s,
		     const struct shut_position *pos);

#endif
