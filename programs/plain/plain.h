/*
 * plain.h - the game in plain lines of text.
 *
 * plain_run() plays a struct play (play.h) to its end, or until it stops:
 * each step's events are told in the front-end layer's words, people
 * answer prompts on standard input (human.c).
 */
#ifndef PLAIN_H
#define PLAIN_H

struct play;
struct shut_game;

#define PLAIN_OVER 0 /* the game is over */
#define PLAIN_KEPT 1 /* it stopped, every action kept, to resume */
#define PLAIN_FAIL 2 /* it failed, and said why */

int plain_run(struct play *p);

/* Prints the standings (the "t" key); ctx is the struct play. */
void plain_standings(void *ctx, const struct shut_game *g);

#endif
