/*
 * plain.h - the game in plain lines of text.
 *
 * plain_run() plays a struct play (play.h) to its end, or until it stops:
 * each step's events are told in the front-end layer's words, people
 * answer prompts on standard input (human.c).
 */
#ifndef PLAIN_H
#define PLAIN_H

#include <stddef.h>

struct play;
struct shut_action;
struct shut_game;

#define PLAIN_OVER 0 /* the game is over */
#define PLAIN_KEPT 1 /* it stopped, every action kept, to resume */
#define PLAIN_FAIL 2 /* it failed, and said why */

int plain_run(struct play *p);

/*
 * Tells the game of the record a[0..n-1], set up in p with no action
 * applied (play_setup_stored()), as plain_run() told it when it was played,
 * each person's moves included.  Returns PLAIN_OVER for a finished game,
 * PLAIN_KEPT for one that stopped (its standings shown), PLAIN_FAIL when
 * the record does not replay (said in one line).
 */
int plain_replay(struct play *p, const struct shut_action *a, size_t n);

/*
 * The game-over screen of a game with people at the table, once the game
 * is over and booked: asks whether to see the analysis of their play, and
 * shows it ("a"), or ends (Enter, or the end of input).
 */
void plain_over(struct play *p);

/*
 * Prints the standings; ctx is the struct play.  plain_standings_asked()
 * is the "t" key's, indented under the prompt it was typed at.
 */
void plain_standings(void *ctx, const struct shut_game *g);
void plain_standings_asked(void *ctx, const struct shut_game *g);

#endif
