/*
 * analyse.h - the report of the analysis of a game (analyse.c), shared by
 * "shutbox analyse" and the plain game's game-over screen.
 */
#ifndef ANALYSE_H
#define ANALYSE_H

#include <stdio.h>

#include "analysis.h"

/* The seats of the game analysed, as the report names them. */
struct analyse_names {
	int n;
	const char *name[SHUT_SEATS_MAX]; /* shown as they are: escaped */
	int person[SHUT_SEATS_MAX];
};

/*
 * Prints the analysis a of the game recorded as act[] to f: each turn of
 * a seat analysed, decision by decision, then a summary per seat and the
 * biggest mistakes; its paragraphs wrapped at cols columns (0: not, for a
 * window that wraps them).
 */
void analyse_text(FILE *f, const struct analysis *a,
		  const struct analyse_names *names, int cols);

/*
 * The width its paragraphs are wrapped at on a line terminal: within its
 * 80 columns, a character short, so that no line fills it to its edge.
 */
#define ANALYSE_COLS 79

#endif
