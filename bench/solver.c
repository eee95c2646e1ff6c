/*
 * solver.c - the solver's benchmark (make bench).
 *
 * Times shut_solver_new() on the rule sets of bench/README.md: classic
 * under every objective, full-house, the-300 with every processor and with
 * one, and a series of boards of growing size for the cost per state.
 * Small solves are repeated until a quarter second has passed, and the
 * best time is kept.  The peak memory is the process's, from getrusage().
 *
 *   build/bench/solver              the figures of bench/README.md
 *   build/bench/solver --baseline   also the plain solver that tests every
 *                                   move of the box against every state
 *                                   (about 20 s on the-300)
 *   build/bench/solver --check      also play 20000 turns of the-300 with
 *                                   the solver's player and compare
 *
 * Nothing here is a test: the timings depend on the machine and its load.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "shutbox.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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
 * Solves spec for objective with that many threads (0: all), as often as
 * fits in min_time seconds (at least once), and prints the best time.
 */
static double
bench(const char *spec, const char *objective, int threads, double min_time)
{
	struct shut_solver_options opt = { .threads = threads };
	struct shut_position pos = { 0, 0, 1 };
	struct shut_objective o;
	struct shut_solver *s;
	struct shut_rules r;
	struct shut_value v;
	double best = HUGE_VAL, start = now();
	size_t bytes = 0;
	int runs = 0, rc;

	rules_of(&r, spec);
	shut_objective_parse(&o, objective, NULL, 0);
	do {
		double t0 = now(), t;

		rc = shut_solver_new(&s, &r, &o, &opt);
		if (rc < 0) {
			fprintf(stderr, "bench: %s: %s\n", spec,
				shut_strerror(rc));
			exit(1);
		}
		t = now() - t0;
		best = t < best ? t : best;
		pos.open = shut_rules_start(&r);
		shut_solver_value(s, &pos, &v);
		bytes = shut_solver_bytes(s);
		shut_solver_free(s);
		runs++;
	} while (now() - start < min_time);
	printf("%-34s %-9s %7d  %10.3f ms  %6zu KiB  %5d  %.12g\n", spec,
	       objective, threads, best * 1e3, bytes >> 10, runs, v.value);
	fflush(stdout);
	return best;
}

/*
 * The plain solver, for comparison: every move of the whole box (the
 * subsets of the start set that add up to at most the largest total) is
 * tested against every state.  Sum scoring, move=any, high-shut, the
 * expected score; one thread.
 */
static double
baseline(const char *spec)
{
	struct shut_rules r;
	uint32_t *moves;
	int *msum, n, nm = 0, maxt, tiles[32];
	double *v, prob[9][801], t0, t;
	unsigned *choices;

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
		double best[801], value = HUGE_VAL;
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
			value = e < value ? e : value;
		}
		v[st] = value;
	}
	t = now() - t0;
	printf("%-34s %-9s %7d  %10.3f ms  %6s KiB  %5d  %.12g  (plain)\n",
	       spec, "expected", 1, t * 1e3, "-", 1, v[(UINT32_C(1) << n) - 1]);
	free(moves);
	free(msum);
	free(v);
	free(choices);
	return t;
}

/* Plays turns of the-300 with the solver's player and compares. */
static void
check(void)
{
	struct shut_objective o = { SHUT_OBJECTIVE_EXPECTED, 0 };
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

int
main(int argc, char **argv)
{
	static const char *const objectives[] = { "expected", "shut",
						  "beat:10" };
	int with_baseline = 0, with_check = 0;
	double one, all;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--baseline") == 0)
			with_baseline = 1;
		else if (strcmp(argv[i], "--check") == 0)
			with_check = 1;
		else {
			fprintf(stderr, "usage: %s [--baseline] [--check]\n",
				argv[0]);
			return 2;
		}
	}
	printf("%-34s %-9s %7s  %13s  %10s  %5s  %s\n", "rules", "objective",
	       "threads", "best time", "table", "runs", "value");
	for (size_t k = 0; k < 3; k++)
		bench("classic", objectives[k], 0, 0.25);
	bench("thai", "shut", 0, 0.25);
	bench("full-house", "expected", 0, 0.25);
	bench("full-house", "shut", 0, 0.25);
	bench("battle", "expected", 0, 0.25);

	/* The cost per state as the box grows: 4d6, tiles 1 to n. */
	for (int n = 12; n <= 22; n += 2) {
		char spec[64];
		double t;

		snprintf(spec, sizeof(spec), "classic tiles=1-%d dice=4d6", n);
		t = bench(spec, "expected", 0, 0.25);
		printf("%34s %.1f ns per state\n", "",
		       t * 1e9 / (double)(1 << n));
	}

	all = bench("the-300", "expected", 0, 0);
	bench("the-300", "shut", 0, 0);
	one = bench("the-300", "expected", 1, 0);
	printf("the-300: %.2fx faster on all threads than on one; "
	       "peak memory %ld MiB\n",
	       one / all, peak_mib());
	if (with_baseline) {
		double plain = baseline("the-300");

		printf("the-300: %.1fx faster than the plain solver on one "
		       "thread, %.1fx on all\n",
		       plain / one, plain / all);
	}
	if (with_check)
		check();
	return 0;
}
