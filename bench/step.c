/*
 * step.c - the game step's benchmark (make bench).
 *
 * Plays solitaire turns of classic and The 300 through the public step
 * API, shut_game_step(), with the fewest player and with the solver's
 * player (its table made first, not timed), and prints turns a second,
 * by wall clock and by CPU time of this thread, the best of three rounds.
 * The dice are the seeded generator, so every run plays the same turns.
 *
 *   step                          all four cases
 *   step RULES PLAYER TURNS [ROUNDS]
 *                                 one case: PLAYER is optimal or a
 *                                 strategy's name; ROUNDS 0 makes the
 *                                 solver alone (to take its cost off a
 *                                 count of instructions)
 *
 * Nothing here is a test: the timings depend on the machine and its load.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "shutbox.h"

static double
clock_s(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Plays turns solitaire turns; the seconds taken, wall and CPU. */
static void
play(const struct shut_rules *r, const struct shut_player *pl, long turns,
     double *wall, double *cpu)
{
	static struct shut_game g;
	struct shut_rules one = *r;
	struct shut_rng rng;
	struct shut_dice dice;
	double w0 = clock_s(CLOCK_MONOTONIC);
	double c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
	long t;

	one.rounds = 1;
	one.until = one.eliminate = 0;
	shut_rng_seed(&rng, 1);
	shut_dice_rng(&dice, &rng);
	for (t = 0; t < turns; t++) {
		if (shut_game_init(&g, &one, 1) < 0)
			exit(1);
		while (g.need != SHUT_NEED_NONE)
			if (shut_game_step(&g, pl, &dice, NULL, NULL) < 0)
				exit(1);
	}
	*wall = clock_s(CLOCK_MONOTONIC) - w0;
	*cpu = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
}

static void
bench(const char *spec, const char *who, long turns, int rounds)
{
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_solver *s = NULL;
	struct shut_player pl;
	struct shut_rules r;
	double wall, cpu, best_wall = 1e30, best_cpu = 1e30;
	char why[256];

	if (shut_rules_parse(&r, spec, why, sizeof(why)) < 0) {
		fprintf(stderr, "bench: %s\n", why);
		exit(1);
	}
	if (who[0] == 'o') {
		if (shut_solver_new(&s, &r, &obj, NULL) < 0) {
			fprintf(stderr, "bench: no solver for %s\n", spec);
			exit(1);
		}
		pl.strategy = &shut_solver_optimal;
		pl.ctx = s;
	} else {
		pl.strategy = shut_strategy_find(who);
		pl.ctx = NULL;
		if (pl.strategy == NULL) {
			fprintf(stderr, "bench: no strategy %s\n", who);
			exit(1);
		}
	}
	for (int round = 0; round < rounds; round++) {
		play(&r, &pl, turns, &wall, &cpu);
		best_wall = wall < best_wall ? wall : best_wall;
		best_cpu = cpu < best_cpu ? cpu : best_cpu;
	}
	if (rounds > 0)
		printf("%-8s %-8s %9.0f turns/s wall %9.0f turns/s cpu\n", spec,
		       who, (double)turns / best_wall,
		       (double)turns / best_cpu);
	shut_solver_free(s);
}

int
main(int argc, char **argv)
{
	if (argc == 4 || argc == 5) {
		bench(argv[1], argv[2], atol(argv[3]),
		      argc == 5 ? atoi(argv[4]) : 3);
		return 0;
	}
	if (argc != 1) {
		fprintf(stderr, "usage: step [RULES PLAYER TURNS [ROUNDS]]\n");
		return 2;
	}
	bench("classic", "fewest", 200000, 3);
	bench("classic", "optimal", 200000, 3);
	bench("the-300", "fewest", 50000, 3);
	bench("the-300", "optimal", 50000, 3);
	return 0;
}
