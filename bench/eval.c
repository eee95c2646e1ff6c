/*
 * eval.c - the exact evaluation of a strategy: how long shut_eval_new()
 * takes, with the distribution read out, as `shutbox solve --policy NAME`
 * and `--distribution` do.
 *
 * For each setting: the first run of the process (cold: nothing of the
 * library's memory touched yet), then the runs of a quarter second, of
 * which the best and the median are reported, in wall time and in the
 * CPU time of the thread.  The solver a solver's policy plays by is made
 * inside each run, as the command makes it.
 *
 *   build/bench/eval
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shutbox.h"

#define RUNS_MAX 20000

static double
now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* One evaluation with its distribution; its wall and CPU time in ms. */
static int
one(const struct shut_rules *r, const struct shut_strategy *st, unsigned flags,
    double *wall, double *cpu)
{
	struct shut_eval_options opt = { .flags = flags };
	struct shut_score_prob dist[256];
	double w = now(CLOCK_MONOTONIC), c = now(CLOCK_THREAD_CPUTIME_ID);
	struct shut_eval *e;
	struct shut_value v;

	if (shut_eval_new(&e, r, st, &opt) < 0)
		return -1;
	shut_eval_value(e, shut_rules_start(r), &v);
	shut_eval_distribution(e, dist, 256);
	*cpu = (now(CLOCK_THREAD_CPUTIME_ID) - c) * 1e3;
	*wall = (now(CLOCK_MONOTONIC) - w) * 1e3;
	shut_eval_free(e);
	return 0;
}

static int
bench(const char *spec, const struct shut_strategy *st, unsigned flags)
{
	static double wall[RUNS_MAX], cpu[RUNS_MAX];
	double w0, c0, began = now(CLOCK_MONOTONIC);
	struct shut_rules r;
	int n = 0;

	if (shut_rules_parse(&r, spec, NULL, 0) < 0 ||
	    one(&r, st, flags, &w0, &c0) < 0)
		return -1;
	while (n < RUNS_MAX && now(CLOCK_MONOTONIC) - began < 0.25) {
		if (one(&r, st, flags, &wall[n], &cpu[n]) < 0)
			return -1;
		n++;
	}
	qsort(wall, (size_t)n, sizeof(double), by_value);
	qsort(cpu, (size_t)n, sizeof(double), by_value);
	printf("%-10s %-9s %-6s %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %6d\n",
	       spec, st->name, flags ? "exact" : "double", w0, c0, wall[0],
	       cpu[0], wall[n / 2], cpu[n / 2], n);
	return 0;
}

int
main(void)
{
	printf("%-10s %-9s %-6s %9s %9s %9s %9s %9s %9s %6s\n", "rules",
	       "strategy", "values", "cold wall", "cold CPU", "best wall",
	       "best CPU", "med wall", "med CPU", "runs");
	printf("(milliseconds; the distribution read out in each run)\n");
	if (bench("classic", &shut_solver_optimal, 0) < 0 ||
	    bench("classic", &shut_solver_shut, 0) < 0 ||
	    bench("classic", shut_strategy_find("fewest"), 0) < 0 ||
	    bench("classic", shut_strategy_find("random"), 0) < 0 ||
	    bench("classic", &shut_solver_optimal, SHUT_EVAL_EXACT) < 0) {
		fprintf(stderr, "eval: an evaluation failed\n");
		return 1;
	}
	return 0;
}
