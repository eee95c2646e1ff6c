/*
 * sim.h - "shutbox sim": what the command's files share.
 *
 * sim.c reads the arguments, sets up the players (one solver per
 * objective, made once and shared read-only by the threads), runs the
 * library's simulator (shut_sim.h) with a progress bar and Ctrl-C, and
 * works out the exact values to put beside the simulated ones;
 * sim_out.c prints the result as text or JSON; sim_svg.c draws the chart
 * of the turn's score.
 */
#ifndef SIM_H
#define SIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "shutbox.h"

/* The confidence of the intervals, and its normal quantile. */
#define SIM_Z 1.959963984540054

struct sim {
	const char *spec; /* the rule set as given */
	struct shut_rules rules;
	int nseats; /* 1 with --strategy */
	int match;  /* --players: whole games */
	const char *name[SHUT_SEATS_MAX];
	struct shut_player player[SHUT_SEATS_MAX];
	struct shut_solver *solver[2]; /* optimal's, shut's */
	struct shut_perfect *perfect;  /* the solution of perfect's seats */
	struct shut_sim_own
	    own[SHUT_SEATS_MAX]; /* perfect's: a copy a thread */
	uint64_t games, seed;
	int threads, json;
	int step; /* --step: no compiled player */
	const char *svg;
	FILE *svg_file; /* open from before the run */
	char *svg_tmp;	/* the new file renamed over FILE, or NULL */
	size_t max_bytes;

	int stopped; /* Ctrl-C ended the run early */
	struct shut_sim_turns *turns;
	struct shut_sim_match *tally;

	/* The exact values of the strategy, when they could be had. */
	int exact;
	struct shut_value value;
	struct shut_score_prob *dist;
	long ndist;
};

/* An estimate with its 95% interval. */
struct sim_ci {
	double mean, lo, hi;
};

/*
 * The readers of the arguments (each reports a bad one and returns the
 * exit status): a whole number of option opt from min to max, and
 * --players, whose solvers are made under s->rules and s->max_bytes.
 * sim_free() frees what a run holds.
 */
int sim_number(const char *opt, const char *text, uint64_t min, uint64_t max,
	       uint64_t *v);
int sim_players(struct sim *s, const char *text);
void sim_free(struct sim *s);

/*
 * The share of k in n, with Wilson's score interval; sim_share_of() from
 * the share p itself, the mean of n values from 0 to 1 (Wilson's interval
 * takes the spread of values of 0 and 1 alone, the widest they can have).
 */
void sim_share(uint64_t k, uint64_t n, struct sim_ci *ci);
void sim_share_of(double p, uint64_t n, struct sim_ci *ci);

/*
 * The mean of n values from their sum and sum of squares, with the normal
 * interval, which does not pass least, the least a value can be (0 for a
 * score or a total, -INFINITY for money).  One value has no spread to
 * measure: lo and hi are then NAN, no interval.
 */
void sim_mean(const struct shut_wide *sum, const struct shut_wide *sum2,
	      uint64_t n, double least, struct sim_ci *ci);

/* A row of the histogram: the scores lo..hi, how many, how likely. */
struct sim_row {
	uint64_t lo, hi;
	uint64_t count;
	double exact; /* 0 without exact values */
};

/*
 * The rows of the histogram, into rows[0..SHUT_SIM_BINS-1]: the tally's
 * bins grouped 1, 2, 5, 10, 20... to a row so that there are at most max
 * rows from the lowest score that happened (or has an exact probability)
 * to the highest.  Returns the number of rows.
 */
int sim_rows(const struct sim *s, int max, struct sim_row *rows);

/* sim_out.c: the result on standard output. */
int sim_print(const struct sim *s);

/*
 * sim_svg.c: the chart of the turn's score.  sim_svg_open() opens the
 * file before the run (a bad path is refused at once), sim_svg() draws
 * the chart and puts it in place, sim_svg_close() drops a chart not drawn.
 */
int sim_svg_open(struct sim *s);
int sim_svg(struct sim *s);
void sim_svg_close(struct sim *s);

#endif
