/*
 * memory.c - the memory of the solvers of "shutbox serve"'s tables
 * (--memory-all).
 *
 * Each table holds, from when it is made until its game ends or it is
 * freed, the most its solvers may take (its weight); the weights of the
 * tables whose games are not finished, with what solvers let go of while
 * still at work may take (think_dropped_bytes()), fit in --memory-all.
 * table.c holds and gives back; a new table past the sum puts away an
 * idle one there, or is refused in the words of table_busy().
 */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <stdio.h>

#include "serve/serve.h"
#include "think.h"

/* Under serve_list_lock: the weights of the tables not finished. */
static size_t table_bytes;

/*
 * The most the solvers of p's table may take at once (think_bytes()): the
 * lowest expected score's (its computers', its hints', a seat handed to
 * the computer), when it fits --memory; the player to win's, for a seat
 * or for hints that give the chance of winning; and cpu:shut's.
 */
size_t
table_weight(const struct play *p, int hints)
{
	struct shut_objective obj;
	size_t bytes = 0, one;
	int perfect = hints && play_hint_wants_perfect(p), shut = 0;

	for (int i = 0; i < p->nseats; i++) {
		perfect |=
		    !p->human[i] && p->player[i].strategy == &shut_win_perfect;
		shut |=
		    !p->human[i] && p->player[i].strategy == &shut_solver_shut;
	}
	play_objective(&p->rules, 0, &obj);
	if ((one = think_bytes(&p->rules, &obj, 0)) <= p->max_bytes)
		bytes += one;
	if (perfect)
		bytes += think_bytes(&p->rules, NULL, p->nseats);
	if (shut && play_objective(&p->rules, 1, &obj) == 1)
		bytes += think_bytes(&p->rules, &obj, 0);
	return bytes;
}

/*
 * Holds weight w for table t within --memory-all (always when force is
 * set: a table brought back); -1, holding nothing, when it does not fit.
 */
int
table_hold(struct table *t, size_t w, int force)
{
	int ok;

	pthread_mutex_lock(&serve_list_lock);
	ok = force || table_bytes + think_dropped_bytes() + w <=
			  serve_config.max_all_bytes;
	if (ok) {
		table_bytes += w;
		t->weight = w;
	}
	pthread_mutex_unlock(&serve_list_lock);
	return ok ? 0 : -1;
}

/* Gives back what t holds (its game ended, or it is freed). */
void
table_unhold(struct table *t)
{
	pthread_mutex_lock(&serve_list_lock);
	table_bytes -= t->weight;
	t->weight = 0;
	pthread_mutex_unlock(&serve_list_lock);
}

/* Bytes in MiB, rounded up. */
static size_t
table_mib(size_t bytes)
{
	return bytes / (1u << 20) + (bytes % (1u << 20) != 0);
}

/* Why a table of weight w does not fit in --memory-all, in why. */
void
table_busy(size_t w, char *why, size_t whylen)
{
	size_t held;

	pthread_mutex_lock(&serve_list_lock);
	held = table_bytes + think_dropped_bytes();
	pthread_mutex_unlock(&serve_list_lock);
	if (w > serve_config.max_all_bytes)
		snprintf(why, whylen,
			 "these rules need up to %zu MiB for a computer or "
			 "hints, more than the %zu MiB the server allows every "
			 "game not finished together (its --memory-all)",
			 table_mib(w), serve_config.max_all_bytes >> 20);
	else
		snprintf(why, whylen,
			 "the server is busy: its games not finished may take "
			 "%zu MiB for their computers and hints, and this one "
			 "%zu MiB more, past the %zu MiB allowed them "
			 "together; try again when a game ends, or when "
			 "a table has had nobody at it for %" PRId64
			 " minute%s",
			 table_mib(held), table_mib(w),
			 serve_config.max_all_bytes >> 20,
			 serve_config.idle_ms / 60000,
			 serve_config.idle_ms == 60000 ? "" : "s");
}
