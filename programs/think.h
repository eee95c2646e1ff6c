/*
 * think.h - a solver made on a thread of its own (think.c).
 *
 * A big box takes the solver seconds to work out; a game must answer its
 * players meanwhile.  think_start() checks at once that the rules can be
 * solved in the memory allowed, then makes the solver on a thread; the
 * caller polls (think_poll(), think_percent()) or waits (think_take()).
 */
#ifndef THINK_H
#define THINK_H

#include <pthread.h>
#include <stddef.h>

#include "shutbox.h"

enum think_state { THINK_NONE, THINK_BUSY, THINK_READY, THINK_FAILED };

struct think_job;

/*
 * A solver being made, as the game sees it.  The thread's own state is in
 * a job on the heap (think.c), so that it may outlive this.
 */
struct think {
	struct think_job *job; /* while started */
	pthread_t thread;
	int started;
	enum think_state state; /* when not started: NONE, or FAILED */
	int rc;			/* the solver's error, when it failed */
	long long begun_ms;	/* when it started */
};

/*
 * Starts making the solver of rules for objective obj on a thread of its
 * own.  Returns 0, or -1 when the rules cannot be solved in the memory
 * allowed or the thread cannot start (the state is then THINK_FAILED).
 */
int think_start(struct think *t, const struct shut_rules *rules,
		const struct shut_objective *obj, size_t max_bytes);

/*
 * The same for the player to win of rules for players seats (cpu:perfect,
 * shut_win.h): -1 at once when shut_perfect_check() refuses the rules
 * (t->rc says why).  think_poll() tells where it is (with solver NULL);
 * think_take_perfect() waits for it and takes it (the caller frees it),
 * or NULL.  Its percentage (think_percent()) counts the turn solves of its
 * solution, which the full screen does not show.
 */
int think_start_perfect(struct think *t, const struct shut_rules *rules,
			int players, size_t max_bytes);
struct shut_perfect *think_take_perfect(struct think *t);

/* How far the solver has got, in percent. */
int think_percent(struct think *t);

/* Where the solver is; *solver is set when it is THINK_READY. */
enum think_state think_poll(struct think *t, struct shut_solver **solver);

/* Seconds since the solver was started, and a spinner turning with them. */
double think_seconds(const struct think *t);
int think_spinner(const struct think *t);

/*
 * Waits for the thread and takes the solver (the caller frees it), or
 * NULL.
 */
struct shut_solver *think_take(struct think *t);

/*
 * Lets go of the solver (or the player to win): taken and freed when it
 * is done, else left to its thread, which frees it when done (nothing
 * waits, nothing leaks).
 */
void think_drop(struct think *t);

/*
 * The most a solver of rules for obj may take, or with players > 0 the
 * player to win for so many seats: its turn solves kept, and the next
 * one; 0 when the rules cannot be solved.
 */
size_t think_bytes(const struct shut_rules *rules,
		   const struct shut_objective *obj, int players);

/*
 * What the jobs let go of while at work (think_drop()) may still take:
 * their threads go on until done, then free it.
 */
size_t think_dropped_bytes(void);

#endif
