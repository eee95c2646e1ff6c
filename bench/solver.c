/*
 * solver.c - the solver's benchmark (make bench).
 *
 * Times shut_solver_new(), in wall time and in CPU time (every thread of
 * the process, CLOCK_PROCESS_CPUTIME_ID), with the part of it spent in the
 * system, on the rule sets of bench/README.md:
 *
 *   - small boards, each solved again and again for a quarter second, the
 *     best run kept;
 *   - boards of 12 to 22 tiles with four dice, for the cost per state;
 *   - the-300 in paired rounds: in each round every setting once (one
 *     thread and two for expected, then beat:100, shut, the utility
 *     beat:100:0.5, the value alone, and beat:100 and beat:100:0.5 lean
 *     (SHUT_SOLVER_LEAN) on two, and beat:100 on one, for its ratio
 *     to expected on one thread, and beat:150, the median score, where
 *     most rows settle ties, the utility's value alone, and the same
 *     utility lean given as a table), the order
 *     reversed from
 *     one round to the next, so that a change in the machine's load
 *     falls on every setting alike.
 *     The ratios between settings are taken within each round, and their
 *     median is reported with their range, in wall time, CPU time and
 *     user CPU time (CPU time less the system's: on a virtual machine the
 *     system's part is mostly the memory a solve touches first, which
 *     costs the more the less of it the machine lent the process
 *     lately);
 *   - the plain solver, which tests every move of the box against every
 *     state (one thread), on the-300 in the same run, for the ratio.
 *
 *   build/bench/solver                   all of it, three rounds
 *   build/bench/solver --rounds N        N rounds of the-300
 *   build/bench/solver --quick           no the-300, no plain solver
 *   build/bench/solver --no-baseline     no plain solver
 *   build/bench/solver --check           also play 20000 turns of the-300
 *                                        with the solver's player
 *
 * On a machine shared with other work the wall times move with the load;
 * the CPU times much less, and the ratios of paired runs less still.
 * Nothing here is a test: the timings depend on the machine and its load.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "shutbox.h"

#define ROUNDS_MAX 20

/*
 * A run's wall and CPU seconds, and the part of the CPU time spent in the
 * system (getrusage()): on a virtual machine, the memory a process
 * touches first can cost more there than the solve itself.
 */
struct sample {
	double wall, cpu, sys;
};

static double
clock_of(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The system CPU time of every thread of the process so far. */
static double
system_seconds(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0) {
		fprintf(stderr, "bench: getrusage: %s\n", strerror(errno));
		exit(1);
	}
	return (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static struct sample
now(void)
{
	struct sample s;

	s.wall = clock_of(CLOCK_MONOTONIC);
	s.cpu = clock_of(CLOCK_PROCESS_CPUTIME_ID);
	s.sys = system_seconds();
	return s;
}

static struct sample
since(struct sample t0)
{
	struct sample t = now();

	t.wall -= t0.wall;
	t.cpu -= t0.cpu;
	t.sys -= t0.sys;
	return t;
}

static long
peak_mib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss / 1024;
}

static void
rules_of(struct shut_rules *r, const char *spec)
{
	char why[256];

	if (shut_rules_parse(r, spec, why, sizeof(why)) < 0) {
		fprintf(stderr, "bench: %s\n", why);
		exit(1);
	}
}

/*
 * The objective of text into *o: "table:" before beat:T:W makes it the
 * utility of the same worths (1 under T, W at T, 0 above) given as a
 * table of n scores at u, as the solvers that play to win give theirs,
 * where beat:T:W has its table written in the code.
 */
static void
objective_of(struct shut_objective *o, const char *text, double *u, size_t n)
{
	const int table = strncmp(text, "table:", 6) == 0;

	if (shut_objective_parse(o, table ? text + 6 : text, NULL, 0) < 0) {
		fprintf(stderr, "bench: %s: not an objective\n", text);
		exit(1);
	}
	if (!table)
		return;
	/* Past the table, a score is worth its last entry: 0 past T. */
	if (o->target + 1 >= n) {
		fprintf(stderr, "bench: %s: T past %zu\n", text, n - 2);
		exit(1);
	}
	for (size_t i = 0; i < n; i++)
		u[i] = i < o->target ? 1.0 : i == o->target ? o->tie : 0.0;
	*o = (struct shut_objective){ .kind = SHUT_OBJECTIVE_UTILITY,
				      .utility = u,
				      .scores = n };
}

/*
 * One solve of spec for objective with that many threads (0: all) and
 * flags: its times, the size of its block and the value at the start.
 */
static struct sample
solve_once(const char *spec, const char *objective, int threads, unsigned flags,
	   size_t *bytes, double *value)
{
	struct shut_solver_options opt = { .flags = flags, .threads = threads };
	struct shut_position pos = { 0, 0, 1 };
	struct shut_objective o;
	struct shut_solver *s;
	struct shut_rules r;
	struct shut_value v;
	struct sample t0, t;
	double u[512];
	int rc;

	rules_of(&r, spec);
	objective_of(&o, objective, u, sizeof(u) / sizeof(u[0]));
	t0 = now();
	rc = shut_solver_new(&s, &r, &o, &opt);
	t = since(t0);
	if (rc < 0) {
		fprintf(stderr, "bench: %s: %s\n", spec, shut_strerror(rc));
		exit(1);
	}
	pos.open = shut_rules_start(&r);
	shut_solver_value(s, &pos, &v);
	*bytes = shut_solver_bytes(s);
	*value = v.value;
	shut_solver_free(s);
	return t;
}

/*
 * Solves spec as often as fits in min_time seconds (at least once) and
 * prints the best run, with its CPU time.
 */
static struct sample
bench(const char *spec, const char *objective, int threads, double min_time)
{
	struct sample best = { HUGE_VAL, HUGE_VAL, 0 }, start = now();
	size_t bytes = 0;
	double value = 0;
	int runs = 0;

	do {
		struct sample t =
		    solve_once(spec, objective, threads, 0, &bytes, &value);

		if (t.wall < best.wall)
			best = t;
		runs++;
	} while (now().wall - start.wall < min_time);
	printf("%-34s %-17s %7d  %10.3f ms %10.3f ms  %8zu KiB  %5d  %.12g\n",
	       spec, objective, threads, best.wall * 1e3, best.cpu * 1e3,
	       bytes >> 10, runs, value);
	fflush(stdout);
	return best;
}

/*
 * The plain solver, for comparison: every move of the whole box (the
 * subsets of the start set that add up to at most the largest total) is
 * tested against every state.  Sum scoring, move=any, high-shut, the
 * expected score; one thread.
 */
static struct sample
baseline(const char *spec, double *value)
{
	struct shut_rules r;
	uint32_t *moves;
	int *msum, n, nm = 0, maxt, tiles[32];
	double *v, prob[9][801];
	unsigned *choices;
	struct sample t0, t;

	rules_of(&r, spec);
	n = 0;
	for (int k = 1; k <= 32; k++)
		if (shut_rules_start(&r) & SHUT_TILE(k))
			tiles[n++] = k;
	maxt = r.dice * r.faces;
	moves = malloc(sizeof(*moves) << 20);
	msum = malloc(sizeof(*msum) << 20);
	v = malloc(sizeof(*v) << n);
	choices = malloc(sizeof(*choices) * (size_t)(n + 1));
	if (moves == NULL || msum == NULL || v == NULL || choices == NULL) {
		fprintf(stderr, "bench: out of memory\n");
		exit(1);
	}
	memset(prob, 0, sizeof(prob));
	prob[0][0] = 1;
	for (int d = 1; d <= r.dice; d++)
		for (int x = 0; x <= (d - 1) * r.faces; x++)
			for (int f = 1; f <= r.faces; f++)
				prob[d][x + f] += prob[d - 1][x] / r.faces;
	for (int k = 0; k < n; k++)
		choices[k] = shut_dice_choices(&r, SHUT_TILE(tiles[k]));
	t0 = now();
	for (uint32_t m = 1; m < (UINT32_C(1) << n) && nm < (1 << 20); m++) {
		int sum = 0;

		for (int k = 0; k < n; k++)
			if (m & (UINT32_C(1) << k))
				sum += tiles[k];
		if (sum <= maxt) {
			moves[nm] = m;
			msum[nm++] = sum;
		}
	}
	v[0] = 0;
	for (uint32_t st = 1; st < (UINT32_C(1) << n); st++) {
		double best[801], val = HUGE_VAL;
		int score = 0, top = 0;

		for (int x = 0; x <= maxt; x++)
			best[x] = HUGE_VAL;
		for (int i = 0; i < nm; i++)
			if (!(moves[i] & ~st) &&
			    v[st & ~moves[i]] < best[msum[i]])
				best[msum[i]] = v[st & ~moves[i]];
		for (int k = 0; k < n; k++)
			if (st & (UINT32_C(1) << k)) {
				score += tiles[k];
				top = k;
			}
		for (int d = 1; d <= r.dice; d++) {
			double e = 0;

			if (!(choices[top] & (1u << d)))
				continue;
			for (int x = d; x <= d * r.faces; x++)
				e += prob[d][x] *
				     (best[x] < HUGE_VAL ? best[x] : score);
			val = e < val ? e : val;
		}
		v[st] = val;
	}
	t = since(t0);
	*value = v[(UINT32_C(1) << n) - 1];
	free(moves);
	free(msum);
	free(v);
	free(choices);
	return t;
}

/* ---------------------------------------------------------------------
 * Paired rounds
 */

/* A setting of the paired rounds. */
struct side {
	const char *name;
	const char *objective;
	int threads;
	unsigned flags;
	struct sample t[ROUNDS_MAX];
	size_t bytes;
	double value;
};

/* A ratio of two settings, taken within each round. */
struct ratio {
	const char *what;
	int num, den; /* sides */
};

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of n numbers, and their range. */
static double
median(const double *x, int n, double *lo, double *hi)
{
	double s[ROUNDS_MAX];

	memcpy(s, x, (size_t)n * sizeof(*s));
	qsort(s, (size_t)n, sizeof(*s), by_value);
	*lo = s[0];
	*hi = s[n - 1];
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static void
print_side(const struct side *sd, int rounds)
{
	double w[ROUNDS_MAX], c[ROUNDS_MAX], y[ROUNDS_MAX], wlo, whi, clo, chi,
	    ylo, yhi, wm, cm, ym;

	for (int i = 0; i < rounds; i++) {
		w[i] = sd->t[i].wall;
		c[i] = sd->t[i].cpu;
		y[i] = sd->t[i].sys;
	}
	wm = median(w, rounds, &wlo, &whi);
	cm = median(c, rounds, &clo, &chi);
	ym = median(y, rounds, &ylo, &yhi);
	printf("  %-26s %7.3f s (%.3f-%.3f)  %7.3f s (%.3f-%.3f)  %5.2f s "
	       "(%.2f-%.2f)  %4zu MiB  %.12g\n",
	       sd->name, wm, wlo, whi, cm, clo, chi, ym, ylo, yhi,
	       sd->bytes >> 20, sd->value);
}

static void
print_ratio(const struct side *sides, const struct ratio *ra, int rounds)
{
	double w[ROUNDS_MAX], c[ROUNDS_MAX], u[ROUNDS_MAX], wlo, whi, clo, chi,
	    ulo, uhi, wm, cm, um;
	const struct side *a = &sides[ra->num], *b = &sides[ra->den];

	for (int i = 0; i < rounds; i++) {
		w[i] = a->t[i].wall / b->t[i].wall;
		c[i] = a->t[i].cpu / b->t[i].cpu;
		u[i] =
		    (a->t[i].cpu - a->t[i].sys) / (b->t[i].cpu - b->t[i].sys);
	}
	wm = median(w, rounds, &wlo, &whi);
	cm = median(c, rounds, &clo, &chi);
	um = median(u, rounds, &ulo, &uhi);
	printf("  %-36s wall %5.2f (%.2f-%.2f)  CPU %5.2f (%.2f-%.2f)  "
	       "user %5.2f (%.2f-%.2f)\n",
	       ra->what, wm, wlo, whi, cm, clo, chi, um, ulo, uhi);
}

/*
 * The-300 in paired rounds, then the plain solver once: each round runs
 * every setting, forwards in odd rounds and backwards in even ones.
 */
static void
paired(int rounds, int with_baseline)
{
	static struct side sides[] = {
		{ .name = "expected, 1 thread",
		  .objective = "expected",
		  .threads = 1 },
		{ .name = "expected, 2 threads",
		  .objective = "expected",
		  .threads = 2 },
		{ .name = "beat:100, 2 threads",
		  .objective = "beat:100",
		  .threads = 2 },
		{ .name = "shut, 2 threads",
		  .objective = "shut",
		  .threads = 2 },
		{ .name = "beat:100:0.5, 2 threads",
		  .objective = "beat:100:0.5",
		  .threads = 2 },
		{ .name = "value alone, 2 threads",
		  .objective = "expected",
		  .threads = 2,
		  .flags = SHUT_SOLVER_VALUE },
		{ .name = "beat:100 lean, 2 threads",
		  .objective = "beat:100",
		  .threads = 2,
		  .flags = SHUT_SOLVER_LEAN },
		{ .name = "beat:100:0.5 lean, 2 thr.",
		  .objective = "beat:100:0.5",
		  .threads = 2,
		  .flags = SHUT_SOLVER_LEAN },
		{ .name = "beat:100, 1 thread",
		  .objective = "beat:100",
		  .threads = 1 },
		{ .name = "beat:150, 2 threads",
		  .objective = "beat:150",
		  .threads = 2 },
		{ .name = "beat:100:0.5 value alone",
		  .objective = "beat:100:0.5",
		  .threads = 2,
		  .flags = SHUT_SOLVER_VALUE },
		{ .name = "table beat:100:0.5 lean",
		  .objective = "table:beat:100:0.5",
		  .threads = 2,
		  .flags = SHUT_SOLVER_LEAN },
	};
	static const struct ratio ratios[] = {
		{ "one thread / two threads", 0, 1 },
		{ "beat:100 / expected", 2, 1 },
		{ "shut / expected", 3, 1 },
		{ "beat:100:0.5 (a utility) / expected", 4, 1 },
		{ "value alone / expected", 5, 1 },
		{ "beat:100 lean / expected", 6, 1 },
		{ "beat:100:0.5 lean / expected", 7, 1 },
		{ "beat:100 / expected, one thread", 8, 0 },
		{ "beat:150 / expected", 9, 1 },
		{ "utility value alone / expected's", 10, 5 },
		{ "table beat:100:0.5 lean / expected", 11, 1 },
	};
	const int n = (int)(sizeof(sides) / sizeof(sides[0]));
	struct sample plain;
	double plain_value, x[ROUNDS_MAX], lo, hi, one_w, one_c, two_w, two_c;

	printf("\nthe-300 in %d paired rounds (the order reversed each "
	       "round):\n",
	       rounds);
	for (int r = 0; r < rounds; r++)
		for (int k = 0; k < n; k++) {
			struct side *sd = &sides[r % 2 ? n - 1 - k : k];

			sd->t[r] =
			    solve_once("the-300", sd->objective, sd->threads,
				       sd->flags, &sd->bytes, &sd->value);
		}
	printf("  %-26s %-23s %-23s %-17s %8s  %s\n", "setting",
	       "wall: median (range)", "CPU: median (range)", "of it, system",
	       "table", "value");
	for (int k = 0; k < n; k++)
		print_side(&sides[k], rounds);
	printf("ratios within a round, median (range):\n");
	for (size_t k = 0; k < sizeof(ratios) / sizeof(ratios[0]); k++)
		print_ratio(sides, &ratios[k], rounds);
	printf("peak memory of the process: %ld MiB\n", peak_mib());
	fflush(stdout);
	if (!with_baseline)
		return;

	plain = baseline("the-300", &plain_value);
	for (int r = 0; r < rounds; r++)
		x[r] = sides[0].t[r].wall;
	one_w = median(x, rounds, &lo, &hi);
	for (int r = 0; r < rounds; r++)
		x[r] = sides[0].t[r].cpu;
	one_c = median(x, rounds, &lo, &hi);
	for (int r = 0; r < rounds; r++)
		x[r] = sides[1].t[r].wall;
	two_w = median(x, rounds, &lo, &hi);
	for (int r = 0; r < rounds; r++)
		x[r] = sides[1].t[r].cpu;
	two_c = median(x, rounds, &lo, &hi);
	printf("\nthe plain solver (every move against every state, one "
	       "thread):\n");
	printf("  %-26s %7.3f s wall, %7.3f s CPU, value %.12g\n", "the-300",
	       plain.wall, plain.cpu, plain_value);
	printf("  against the medians above: %.1fx the library's wall time "
	       "on one thread (%.1fx in CPU),\n"
	       "  %.1fx its wall time on two threads (%.1fx in CPU)\n",
	       plain.wall / one_w, plain.cpu / one_c, plain.wall / two_w,
	       plain.cpu / two_c);
	fflush(stdout);
}

/* Plays turns of the-300 with the solver's player and compares. */
static void
check(void)
{
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_position pos = { 0, 0, 1 };
	struct shut_player player;
	struct shut_dice dice;
	struct shut_rng rng;
	struct shut_solver *s;
	struct shut_rules r;
	struct shut_value v;
	double sum = 0, sum2 = 0, mean, se;
	const int turns = 20000;

	rules_of(&r, "the-300");
	if (shut_solver_new(&s, &r, &o, NULL) < 0)
		exit(1);
	pos.open = shut_rules_start(&r);
	shut_solver_value(s, &pos, &v);
	player.strategy = &shut_solver_optimal;
	player.ctx = s;
	shut_rng_seed(&rng, 300);
	shut_dice_rng(&dice, &rng);
	for (int i = 0; i < turns; i++) {
		struct shut_game g;

		shut_game_init(&g, &r, 1);
		while (g.need != SHUT_NEED_NONE)
			if (shut_game_step(&g, &player, &dice, NULL, NULL) < 0)
				exit(1);
		sum += (double)g.seat[0].last_score;
		sum2 +=
		    (double)g.seat[0].last_score * (double)g.seat[0].last_score;
	}
	mean = sum / turns;
	se = sqrt((sum2 / turns - mean * mean) / turns);
	printf("the-300: %d turns played by the solver average %.4f (se "
	       "%.4f); solved %.6f; %s\n",
	       turns, mean, se, v.value,
	       fabs(mean - v.value) <= 4 * se ? "agree" : "DISAGREE");
	shut_solver_free(s);
}

static int
usage(const char *argv0)
{
	fprintf(stderr,
		"usage: %s [--rounds N] [--quick] [--no-baseline] [--check]\n",
		argv0);
	return 2;
}

int
main(int argc, char **argv)
{
	static const char *const objectives[] = { "expected", "shut", "beat:10",
						  "beat:10:0.5",
						  "table:beat:10:0.5" };
	int with_baseline = 1, with_check = 0, quick = 0, rounds = 3;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--baseline") == 0)
			with_baseline = 1;
		else if (strcmp(argv[i], "--no-baseline") == 0)
			with_baseline = 0;
		else if (strcmp(argv[i], "--check") == 0)
			with_check = 1;
		else if (strcmp(argv[i], "--quick") == 0)
			quick = 1;
		else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc &&
			 atoi(argv[i + 1]) >= 1 &&
			 atoi(argv[i + 1]) <= ROUNDS_MAX)
			rounds = atoi(argv[++i]);
		else
			return usage(argv[0]);
	}
	printf("%-34s %-17s %7s  %13s %13s  %12s  %5s  %s\n", "rules",
	       "objective", "threads", "best: wall", "CPU", "table", "runs",
	       "value");
	for (size_t k = 0; k < sizeof(objectives) / sizeof(objectives[0]); k++)
		bench("classic", objectives[k], 0, 0.25);
	bench("thai", "shut", 0, 0.25);
	bench("full-house", "expected", 0, 0.25);
	bench("full-house", "shut", 0, 0.25);
	bench("battle", "expected", 0, 0.25);

	/* The cost per state as the box grows: 4d6, tiles 1 to n. */
	for (int n = 12; n <= 22; n += 2) {
		char spec[64];
		struct sample t;

		snprintf(spec, sizeof(spec), "classic tiles=1-%d dice=4d6", n);
		t = bench(spec, "expected", 0, 0.25);
		printf("%34s %.1f ns per state (wall), %.1f ns (CPU)\n", "",
		       t.wall * 1e9 / (double)(1 << n),
		       t.cpu * 1e9 / (double)(1 << n));
	}

	if (!quick)
		paired(rounds, with_baseline);
	if (with_check)
		check();
	return 0;
}
