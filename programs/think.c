/*
 * think.c - the solver made on a thread of its own.
 *
 * A big box takes the solver seconds to work out (The 300: about two), and
 * a game must answer its players meanwhile.  So the games make their
 * solvers here: think_start() checks first that the rules can be solved in
 * the memory allowed (shut_solver_size(), at once), then starts a thread
 * that runs shut_solver_new().  The game polls; once the state is
 * THINK_READY the solver is read-only and may be used from any thread.
 * The solver is deterministic, so a hint given after the wait is the hint
 * that would have been given at once.
 *
 * The same thread makes the player to win (struct shut_perfect, a round's
 * or a match's solution: up to 1.7 s for a tournament) for a game with a
 * cpu:perfect seat: think_start_perfect() refuses bad rules at once
 * (shut_perfect_check()), and think_take_perfect() takes the player.  It
 * is deterministic too: the seat plays after the wait as it would have
 * at once.
 *
 * What the thread writes lives in a job of its own on the heap, not in
 * the caller's struct think.  A game that ends while a solver is still
 * being made lets go of it (think_drop()) without waiting: the job is
 * marked abandoned and its solve asked to stop (shut_progress: a table's
 * solve at its next number of open tiles, the player to win before its
 * next turn solve), and the thread, once done, frees the solver and the
 * job itself.  So nothing leaks and nothing is written into a struct think
 * that has been used again.
 */
#define _DEFAULT_SOURCE
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "think.h"

struct think_job {
	pthread_mutex_t lock;
	enum think_state state;
	int abandoned;
	struct shut_rules rules;
	struct shut_objective obj;
	size_t max_bytes;
	struct shut_solver *solver;
	int players; /* > 0: the player to win for so many seats */
	struct shut_perfect *perfect;
	int rc;
	struct shut_progress progress;
	size_t bytes; /* the most it may take (think_bytes()) */
};

/* The bytes of the jobs let go of while still at work (think_drop()). */
static atomic_size_t think_dropped;

size_t
think_dropped_bytes(void)
{
	return atomic_load(&think_dropped);
}

size_t
think_bytes(const struct shut_rules *rules, const struct shut_objective *obj,
	    int players)
{
	struct shut_solver_options opt = { .max_bytes = SIZE_MAX };
	/* A turn of the player to win: a utility's three slots, as beat:T. */
	struct shut_objective turn = { .kind = SHUT_OBJECTIVE_BEAT,
				       .target = 1 };
	struct shut_objective expected = { .kind = SHUT_OBJECTIVE_EXPECTED };
	size_t one, keep;

	if (players > 0 && shut_perfect_falls_back(rules, players))
		obj = &expected; /* it plays the lowest expected score */
	else if (players > 0)
		obj = &turn;
	if (shut_solver_size(rules, obj, &opt, &one) < 0)
		return 0;
	if (players <= 0 || obj == &expected)
		return one;
	/*
	 * The player to win keeps a turn solve for each state of the game
	 * it meets, up to SHUT_PERFECT_KEEP_BYTES, and makes the next before
	 * it lets them go; a game meets a state a turn, and 256 of them is
	 * a long match (its tables of chances are small beside them).
	 */
	keep = one > SHUT_PERFECT_KEEP_BYTES / 256 ? SHUT_PERFECT_KEEP_BYTES
						   : 256 * one;
	return (keep > one ? keep : one) + one;
}

static long long
think_now_ms(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (long long)tv.tv_sec * 1000 + tv.tv_usec / 1000;
}

static void
job_free(struct think_job *job)
{
	pthread_mutex_destroy(&job->lock);
	free(job);
}

static void *
think_main(void *arg)
{
	struct think_job *job = arg;
	struct shut_solver_options opt = { .max_bytes = job->max_bytes,
					   .progress = &job->progress };
	struct shut_solver *s = NULL;
	struct shut_perfect *p = NULL;
	int rc = job->players > 0
		     ? shut_perfect_new(&p, &job->rules, job->players, &opt)
		     : shut_solver_new(&s, &job->rules, &job->obj, &opt);
	int abandoned;

	pthread_mutex_lock(&job->lock);
	job->rc = rc;
	job->solver = rc == 0 ? s : NULL;
	job->perfect = rc == 0 ? p : NULL;
	job->state = rc == 0 ? THINK_READY : THINK_FAILED;
	abandoned = job->abandoned;
	pthread_mutex_unlock(&job->lock);
	if (abandoned) {
		shut_solver_free(job->solver);
		shut_perfect_free(job->perfect);
		atomic_fetch_sub(&think_dropped, job->bytes);
		job_free(job);
	}
	return NULL;
}

/*
 * Starts the thread of a job whose check passed: rules and obj are
 * copied, players > 0 asks for the player to win.
 */
static int
think_launch(struct think *t, const struct shut_rules *rules,
	     const struct shut_objective *obj, int players, size_t max_bytes)
{
	struct think_job *job = calloc(1, sizeof(*job));

	if (job == NULL) {
		t->rc = SHUT_ENOMEM;
		return -1;
	}
	pthread_mutex_init(&job->lock, NULL);
	job->state = THINK_BUSY;
	job->rules = *rules;
	if (obj != NULL)
		job->obj = *obj;
	job->players = players;
	job->max_bytes = max_bytes;
	job->bytes = think_bytes(rules, obj, players);
	if (pthread_create(&t->thread, NULL, think_main, job) != 0) {
		job_free(job);
		t->rc = SHUT_ENOMEM;
		return -1;
	}
	t->job = job;
	t->started = 1;
	t->state = THINK_BUSY;
	return 0;
}

int
think_start(struct think *t, const struct shut_rules *rules,
	    const struct shut_objective *obj, size_t max_bytes)
{
	struct shut_solver_options opt = { .max_bytes = max_bytes };
	size_t bytes;

	memset(t, 0, sizeof(*t));
	t->begun_ms = think_now_ms();
	t->state = THINK_FAILED;
	t->rc = shut_solver_size(rules, obj, &opt, &bytes);
	if (t->rc != 0)
		return -1;
	return think_launch(t, rules, obj, 0, max_bytes);
}

int
think_start_perfect(struct think *t, const struct shut_rules *rules,
		    int players, size_t max_bytes)
{
	struct shut_solver_options opt = { .max_bytes = max_bytes };

	memset(t, 0, sizeof(*t));
	t->begun_ms = think_now_ms();
	t->state = THINK_FAILED;
	t->rc = shut_perfect_check(rules, players, &opt);
	if (t->rc != 0)
		return -1;
	return think_launch(t, rules, NULL, players, max_bytes);
}

enum think_state
think_poll(struct think *t, struct shut_solver **solver)
{
	enum think_state st;

	if (!t->started)
		return t->state;
	pthread_mutex_lock(&t->job->lock);
	st = t->job->state;
	if (solver != NULL)
		*solver = st == THINK_READY ? t->job->solver : NULL;
	pthread_mutex_unlock(&t->job->lock);
	return st;
}

int
think_percent(struct think *t)
{
	unsigned long long done, total;

	if (!t->started)
		return 0;
	done = atomic_load(&t->job->progress.done);
	total = atomic_load(&t->job->progress.total);
	return total > 0 ? (int)(100 * done / total) : 0;
}

double
think_seconds(const struct think *t)
{
	return (double)(think_now_ms() - t->begun_ms) / 1000.0;
}

int
think_spinner(const struct think *t)
{
	static const char turn[] = "|/-\\";

	return turn[(int)(think_seconds(t) * 4) % 4];
}

/* Waits for the thread, takes what it made into *s and *p, ends the job. */
static void
think_join(struct think *t, struct shut_solver **s, struct shut_perfect **p)
{
	*s = NULL;
	*p = NULL;
	if (!t->started)
		return;
	pthread_join(t->thread, NULL);
	*s = t->job->solver;
	*p = t->job->perfect;
	t->state = t->job->state;
	t->rc = t->job->rc;
	job_free(t->job);
	t->job = NULL;
	t->started = 0;
}

struct shut_solver *
think_take(struct think *t)
{
	struct shut_solver *s;
	struct shut_perfect *p;

	think_join(t, &s, &p);
	shut_perfect_free(p);
	return s;
}

struct shut_perfect *
think_take_perfect(struct think *t)
{
	struct shut_solver *s;
	struct shut_perfect *p;

	think_join(t, &s, &p);
	shut_solver_free(s);
	return p;
}

void
think_drop(struct think *t)
{
	int busy;

	if (!t->started)
		return;
	pthread_mutex_lock(&t->job->lock);
	busy = t->job->state == THINK_BUSY;
	if (busy) {
		t->job->abandoned = 1;
		/* Its work is no one's now: stopped where it can be. */
		atomic_store(&t->job->progress.stop, 1);
		atomic_fetch_add(&think_dropped, t->job->bytes);
	}
	pthread_mutex_unlock(&t->job->lock);
	if (!busy) {
		struct shut_solver *s;
		struct shut_perfect *p;

		think_join(t, &s, &p);
		shut_solver_free(s);
		shut_perfect_free(p);
		return;
	}
	/* The thread frees what it makes, and its job, when it is done. */
	pthread_detach(t->thread);
	t->job = NULL;
	t->started = 0;
}
