/*
 * fastsim.c - a prototype of the compiled simulator (not yet a command).
 *
 * The solver's policy for a rule set whose moves depend on the throw's
 * total alone (move=any or up-to-K, no first-throw rule, no bust) is
 * compiled into two tables: the dice count of each board, and the board
 * after each (board, total).  A turn is then a walk through the tables:
 * the dice's total read off 12 bits at a time of each 64-bit output
 * (make_totals(); d6 only, up to two dice), no move listed,
 * nothing allocated.  It plays turns of classic by the solver's player and
 * prints turns a second, on one thread and on two, and the mean score
 * against the solver's value.
 *
 *   build/bench/fastsim [TURNS]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shutbox.h"

#define NONE 0xffffu

struct table {
	int tiles;
	uint8_t dice[1 << 12];
	uint16_t next[1 << 12][16]; /* by total, up to 2d6... 3d6 */
	uint16_t score[1 << 12];
};

static struct table tab;

/*
 * The total of d dice read off 12 random bits: 4096 values, of which the
 * first 6^d * floor(4096 / 6^d) each stand for one throw; the rest (4 for
 * one die, 28 for two) are 0, drawn again.  So every throw keeps its
 * exact chance, and a draw is thrown away once in 146 or less, a branch
 * the processor predicts.
 */
static uint8_t total_of[3][4096];

static void
make_totals(void)
{
	for (unsigned x = 0; x < 4096; x++) {
		total_of[1][x] = x < 4092 ? (uint8_t)(x % 6 + 1) : 0;
		total_of[2][x] =
		    x < 4068 ? (uint8_t)(x % 36 / 6 + x % 6 + 2) : 0;
	}
}

static double
now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
compile(const char *spec)
{
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_solver *s;
	struct shut_rules r;
	char why[256];

	if (shut_rules_parse(&r, spec, why, sizeof(why)) < 0 || r.faces != 6 ||
	    r.dice > 2 || r.first_throw || r.bust || r.tile_lo != 1 ||
	    r.tile_hi > 12 || shut_rules_start(&r) != (1u << r.tile_hi) - 1u ||
	    (r.move != SHUT_MOVE_ANY && r.move != SHUT_MOVE_UP_TO))
		return -1;
	if (shut_solver_new(&s, &r, &obj, NULL) < 0)
		return -1;
	tab.tiles = r.tile_hi;
	for (uint32_t b = 0; b < (1u << r.tile_hi); b++) {
		struct shut_position pos = { .open = b };
		struct shut_choice c;
		unsigned choices = shut_dice_choices(&r, b);
		int d = r.dice;

		tab.score[b] = (uint16_t)shut_score(&r, b);
		if (b != 0 && (choices & (choices - 1)) &&
		    shut_solver_rank_dice(s, &pos, &c, 1) > 0)
			d = c.dice;
		else if (b != 0)
			for (d = 1; !(choices & (1u << d)); d++)
				;
		tab.dice[b] = (uint8_t)d;
		for (int t = 0; t < 16; t++) {
			struct shut_throw th = { .n = d };
			long n;

			tab.next[b][t] = NONE;
			if (b == 0 || t < d || t > 6 * d)
				continue;
			/* Any faces of that total: the moves see the total. */
			for (int i = 0, left = t; i < d; i++) {
				int f = left - (d - 1 - i) > 6
					    ? 6
					    : left - (d - 1 - i);
				th.face[i] = f;
				left -= f;
			}
			n = shut_solver_rank_moves(s, &pos, &th, &c, 1);
			if (n > 0)
				tab.next[b][t] = (uint16_t)(b & ~c.move);
		}
	}
	shut_solver_free(s);
	return 0;
}

struct run {
	uint64_t seed;
	long turns;
	uint64_t sum;
};

static void *
play(void *arg)
{
	struct run *run = arg;
	struct shut_rng rng;
	uint64_t bits = 0, sum = 0;
	int left = 0;
	uint32_t start = (1u << tab.tiles) - 1u;

	shut_rng_seed(&rng, run->seed);
	for (long k = 0; k < run->turns; k++) {
		uint32_t b = start;

		for (;;) {
			const uint8_t *lut = total_of[tab.dice[b]];
			unsigned x;

			do {
				if (left == 0) {
					bits = shut_rng_next(&rng);
					left = 5;
				}
				x = (unsigned)(bits & 4095u);
				bits >>= 12;
				left--;
			} while (lut[x] == 0);
			if (tab.next[b][lut[x]] == NONE)
				break;
			b = tab.next[b][lut[x]];
			if (b == 0)
				break;
		}
		sum += tab.score[b];
	}
	run->sum = sum;
	return NULL;
}

static void
bench(int threads, long turns)
{
	pthread_t th[2];
	struct run run[2];
	double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
	uint64_t sum = 0;

	for (int i = 0; i < threads; i++) {
		run[i].seed = (uint64_t)i + 1;
		run[i].turns = turns / threads;
		pthread_create(&th[i], NULL, play, &run[i]);
	}
	for (int i = 0; i < threads; i++) {
		pthread_join(th[i], NULL);
		sum += run[i].sum;
	}
	printf("%d thread(s): %.1f million turns/s wall, %.1f million/s CPU, "
	       "mean score %.4f\n",
	       threads, (double)turns / (now(CLOCK_MONOTONIC) - w0) * 1e-6,
	       (double)turns / (now(CLOCK_PROCESS_CPUTIME_ID) - c0) * 1e-6,
	       (double)sum / (double)turns);
}

int
main(int argc, char **argv)
{
	long turns = argc > 1 ? atol(argv[1]) : 20000000;

	make_totals();
	if (compile("classic") < 0) {
		fprintf(stderr, "fastsim: cannot compile classic\n");
		return 1;
	}
	bench(1, turns);
	bench(2, turns);
	bench(1, turns);
	bench(2, turns);
	return 0;
}
