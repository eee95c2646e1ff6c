/*
 * win_many.c - the approximation for matches of more than two players,
 * measured against the exact solution (docs/win.md, section 4).
 *
 * For a match small enough to solve exactly with three players: the
 * states and the time of the exact solution, each seat's exact chance,
 * each seat's chance when every seat plays the approximation (the match
 * of two against the leader; seeded games), and what exact play gains
 * over it: one exact seat among approximating ones, its share of the
 * wins less that of an approximating seat in the same place over the
 * same dice (paired games, the exact seat taking each place in turn),
 * with two standard errors.
 *
 * Without arguments (make bench) one small match and few games;
 * "win_many --table [GAMES]" the whole table in Markdown, GAMES paired
 * games a place (default 3000).  Nothing here is a test: the tests are
 * tests/unit/test_win_rules.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shutbox.h"

#define SEATS 3

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Plays a game to its end; the shares of the win of each seat. */
static int
play(const struct shut_rules *r, const struct shut_player *pl, uint64_t seed,
     double *share)
{
	struct shut_game g;
	struct shut_rng rng;
	struct shut_dice dice;
	long steps = 0;

	shut_rng_seed(&rng, seed);
	shut_dice_rng(&dice, &rng);
	if (shut_game_init(&g, r, SEATS) < 0)
		return -1;
	while (g.need != SHUT_NEED_NONE)
		if (shut_game_step(&g, pl, &dice, NULL, NULL) < 0 ||
		    ++steps > 1000000)
			return -1;
	for (int i = 0; i < SEATS; i++)
		share[i] =
		    g.seat[i].winner && g.nwinners ? 1.0 / g.nwinners : 0.0;
	return 0;
}

static int
line(const char *spec, long games)
{
	struct shut_rules r;
	struct shut_perfect *exact = NULL, *approx = NULL;
	struct shut_player all[SEATS], one[SEATS];
	double t0, t1, sum[SEATS] = { 0 }, d = 0.0, dd = 0.0;
	char why[256];
	long n = 0;

	if (shut_rules_parse(&r, spec, why, sizeof(why)) < 0) {
		fprintf(stderr, "win_many: %s: %s\n", spec, why);
		return 1;
	}
	t0 = now();
	if (shut_perfect_new_exact(&exact, &r, SEATS, NULL, (size_t)1 << 24) <
		0 ||
	    shut_perfect_kind(exact) != SHUT_PERFECT_EXACT ||
	    shut_perfect_new_exact(&approx, &r, SEATS, NULL, 0) < 0) {
		fprintf(stderr, "win_many: %s: not solved\n", spec);
		shut_perfect_free(exact);
		return 1;
	}
	t1 = now();
	for (int i = 0; i < SEATS; i++) {
		all[i].strategy = &shut_win_perfect;
		all[i].ctx = approx;
	}
	for (int place = 0; place < SEATS; place++) {
		memcpy(one, all, sizeof(one));
		one[place].ctx = exact;
		for (long k = 0; k < games; k++) {
			double a[SEATS], b[SEATS], x;
			uint64_t seed = 1000003u * (uint64_t)k + 7u;

			if (play(&r, all, seed, a) < 0 ||
			    play(&r, one, seed, b) < 0) {
				fprintf(stderr, "win_many: %s: a game failed\n",
					spec);
				return 1;
			}
			for (int i = 0; i < SEATS; i++)
				sum[i] += a[i];
			x = b[place] - a[place];
			d += x;
			dd += x * x;
			n++;
		}
	}
	{
		double mean = d / (double)n;
		double se = sqrt((dd / (double)n - mean * mean) / (double)n);
		char many[64];

		struct shut_many *m = NULL;

		if (shut_many_new(&m, &r, SEATS, (size_t)1 << 24, NULL) < 0)
			return 1;
		snprintf(many, sizeof(many), "%zu states, %.2f s",
			 shut_many_states(m), t1 - t0);
		shut_many_free(m);
		printf("| `%s` | %s | %.2f%% / %.2f%% / %.2f%% | %.2f%% / "
		       "%.2f%% / %.2f%% | %+.2f ± %.2f points |\n",
		       spec, many, 100 * shut_perfect_chance(exact, 0),
		       100 * shut_perfect_chance(exact, 1),
		       100 * shut_perfect_chance(exact, 2),
		       100 * sum[0] / (double)n, 100 * sum[1] / (double)n,
		       100 * sum[2] / (double)n, 100 * mean, 200 * se);
	}
	shut_perfect_free(exact);
	shut_perfect_free(approx);
	return 0;
}

int
main(int argc, char **argv)
{
	static const char *const specs[] = {
		"classic tiles=1-6 rounds=2",
		"classic tiles=1-6 rounds=3",
		"classic tiles=1-6 shut=zero rounds=3",
		"classic tiles=1-5 shut=zero until=15",
		"classic tiles=1-5 shut=zero eliminate=12",
		"classic tiles=1-5 eliminate=12",
	};
	long games = argc > 2 ? atol(argv[2]) : 3000;
	int rc = 0;

	if (argc < 2 || strcmp(argv[1], "--table") != 0)
		return line(specs[0], 200);
	printf("| match, three players | exact solve | each seat's chance, "
	       "exact | each seat's chance, approximation | exact's gain "
	       "over the approximation |\n|---|---|---|---|---|\n");
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		rc |= line(specs[i], games);
	return rc;
}
