/*
 * think.c - the solver made on a thread of its own.
 *
 * A big box takes the solver seconds to work out (The 300: about two), and
 * the screen must answer every key meanwhile.  So the full-screen game
 * makes its solvers here: think_start() checks first that the rules can be
 * solved in the memory allowed (shut_solver_size(), at once), then starts
 * a thread that runs shut_solver_new().  The input thread polls; once the
 * state is THINK_READY the solver is read-only and may be used from the
 * input thread freely.  The solver is deterministic, so a hint given
 * after the wait is the hint that would have been given at once.
 */
#define _DEFAULT_SOURCE
#include <string.h>
#include <sys/time.h>

#include "parts.h"

static long long
think_now_ms(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (long long)tv.tv_sec * 1000 + tv.tv_usec / 1000;
}

static void *
think_main(void *arg)
{
	struct think *t = arg;
	struct shut_solver_options opt = { .max_bytes = t->max_bytes,
					   .progress = &t->progress };
	struct shut_solver *s = NULL;
	int rc = shut_solver_new(&s, &t->rules, &t->obj, &opt);

	pthread_mutex_lock(&t->lock);
	t->rc = rc;
	t->solver = rc == 0 ? s : NULL;
	t->state = rc == 0 ? THINK_READY : THINK_FAILED;
	pthread_mutex_unlock(&t->lock);
	return NULL;
}

int
think_start(struct think *t, const struct shut_rules *rules,
	    const struct shut_objective *obj, size_t max_bytes)
{
	struct shut_solver_options opt = { .max_bytes = max_bytes };
	size_t bytes;

	memset(t, 0, sizeof(*t));
	pthread_mutex_init(&t->lock, NULL);
	t->rules = *rules;
	t->obj = *obj;
	t->max_bytes = max_bytes;
	t->begun_ms = think_now_ms();
	t->rc = shut_solver_size(rules, obj, &opt, &bytes);
	if (t->rc != 0) {
		t->state = THINK_FAILED;
		return -1;
	}
	t->state = THINK_BUSY;
	if (pthread_create(&t->thread, NULL, think_main, t) != 0) {
		t->state = THINK_FAILED;
		t->rc = SHUT_ENOMEM;
		return -1;
	}
	t->started = 1;
	return 0;
}

enum think_state
think_poll(struct think *t, struct shut_solver **solver)
{
	enum think_state st;

	if (!t->started)
		return t->state;
	pthread_mutex_lock(&t->lock);
	st = t->state;
	if (solver != NULL)
		*solver = st == THINK_READY ? t->solver : NULL;
	pthread_mutex_unlock(&t->lock);
	return st;
}

double
think_seconds(const struct think *t)
{
	return (double)(think_now_ms() - t->begun_ms) / 1000.0;
}

struct shut_solver *
think_take(struct think *t)
{
	struct shut_solver *s;

	if (!t->started)
		return NULL;
	pthread_join(t->thread, NULL);
	t->started = 0;
	s = t->solver;
	t->solver = NULL;
	pthread_mutex_destroy(&t->lock);
	return s;
}

void
think_drop(struct think *t)
{
	if (!t->started)
		return;
	if (think_poll(t, NULL) == THINK_BUSY) {
		pthread_detach(t->thread);
		t->started = 0;
		return;
	}
	shut_solver_free(think_take(t));
}

int
think_spinner(const struct think *t)
{
	static const char turn[] = "|/-\\";

	return turn[(int)(think_seconds(t) * 4) % 4];
}

int
think_percent(struct think *t)
{
	unsigned long long done = atomic_load(&t->progress.done);
	unsigned long long total = t->progress.total;

	return total > 0 ? (int)(100 * done / total) : 0;
}
