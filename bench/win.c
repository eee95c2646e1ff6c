/*
 * win.c - the table of docs/win.md: playing to win, preset by preset.
 *
 * For every preset of the standard game, with two and with four players:
 * each seat's chance of winning when every seat plays perfect (exact where
 * the round's or the match's solution gives it, else from seeded games),
 * and what perfect gains over optimal head to head: one perfect seat
 * against optimal ones, its share of the wins less that of an optimal
 * player in the same seat among optimal ones, over the same dice (paired
 * games, the perfect seat taking each place in turn), with the standard
 * error of that difference.
 *
 * Without arguments (make bench) it measures classic with two players
 * only; "win --table [GAMES]" prints the whole table in Markdown, GAMES
 * paired games for each place of the perfect seat (default 4000).
 * Nothing here is a test: the tests are tests/unit/test_win.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shutbox.h"

/* Plays a game to its end; the shares of the win of each seat. */
static int
play(const struct shut_rules *r, int n, const struct shut_player *pl,
     uint64_t seed, double *share)
{
	struct shut_game g;
	struct shut_rng rng;
	struct shut_dice dice;
	long steps = 0;

	shut_rng_seed(&rng, seed);
	shut_dice_rng(&dice, &rng);
	if (shut_game_init(&g, r, n) < 0)
		return -1;
	while (g.need != SHUT_NEED_NONE) {
		if (shut_game_step(&g, pl, &dice, NULL, NULL) < 0 ||
		    ++steps > 1000000)
			return -1;
	}
	for (int i = 0; i < n; i++)
		share[i] =
		    g.seat[i].winner && g.nwinners ? 1.0 / g.nwinners : 0.0;
	return 0;
}

struct row {
	double chance[4], chance_se;
	int exact;
	double gain, gain_se;
};

/* The seats' chances when all play perfect: exact, or from games. */
static int
chances(const struct shut_rules *r, int n, struct shut_perfect *p, long games,
	struct row *row)
{
	struct shut_player pl[4];
	double sum[4] = { 0 }, share[4];

	row->exact = shut_perfect_kind(p) == SHUT_PERFECT_EXACT;
	if (row->exact) {
		for (int i = 0; i < n; i++)
			row->chance[i] = shut_perfect_chance(p, i);
		row->chance_se = 0.0;
		return 0;
	}
	for (int i = 0; i < n; i++) {
		pl[i].strategy = &shut_win_perfect;
		pl[i].ctx = p;
	}
	for (long k = 0; k < games; k++) {
		if (play(r, n, pl, 1000 + (uint64_t)k, share) < 0)
			return -1;
		for (int i = 0; i < n; i++)
			sum[i] += share[i];
	}
	for (int i = 0; i < n; i++)
		row->chance[i] = sum[i] / (double)games;
	row->chance_se = sqrt(0.25 / (double)games);
	return 0;
}

/* Perfect in one seat against optimal, paired with all optimal. */
static int
gain(const struct shut_rules *r, int n, struct shut_perfect *p,
     struct shut_solver *opt, long games, struct row *row)
{
	struct shut_player pl[4], base[4];
	double share[4], sum = 0.0, sq = 0.0;
	long count = 0;

	for (int i = 0; i < n; i++) {
		base[i].strategy = &shut_solver_optimal;
		base[i].ctx = opt;
	}
	for (int seat = 0; seat < n; seat++) {
		memcpy(pl, base, sizeof(pl));
		pl[seat].strategy = &shut_win_perfect;
		pl[seat].ctx = p;
		for (long k = 0; k < games; k++) {
			uint64_t seed = 77 + (uint64_t)k * 8 + (uint64_t)seat;
			double a, b;

			if (play(r, n, pl, seed, share) < 0)
				return -1;
			a = share[seat];
			if (play(r, n, base, seed, share) < 0)
				return -1;
			b = share[seat];
			sum += a - b;
			sq += (a - b) * (a - b);
			count++;
		}
	}
	row->gain = sum / (double)count;
	row->gain_se =
	    sqrt((sq / (double)count - row->gain * row->gain) / (double)count);
	return 0;
}

/* One line of the table; 1 when the preset is not played to win. */
static int
line(const char *name, int n, long games)
{
	struct shut_rules r;
	struct shut_objective o = { .kind = SHUT_OBJECTIVE_EXPECTED };
	struct shut_solver *opt = NULL;
	struct shut_perfect *p = NULL;
	struct row row;
	int rc;

	if (shut_rules_parse(&r, name, NULL, 0) < 0 ||
	    r.mode != SHUT_MODE_STANDARD)
		return 1;
	rc = shut_perfect_new(&p, &r, n, NULL);
	if (rc < 0) {
		printf("| %s | %d | not played to win: %s | |\n", name, n,
		       shut_strerror(rc));
		return 1;
	}
	/* A match takes a turn solve a turn: a tenth of the games. */
	if (shut_perfect_round(p) == NULL)
		games = games / 10 > 100 ? games / 10 : 100;
	if (shut_solver_new(&opt, &r, &o, NULL) < 0 ||
	    chances(&r, n, p, games, &row) < 0 ||
	    gain(&r, n, p, opt, games, &row) < 0) {
		printf("| %s | %d | failed | |\n", name, n);
		shut_perfect_free(p);
		shut_solver_free(opt);
		return 1;
	}
	printf("| %s | %d |", name, n);
	for (int i = 0; i < n; i++)
		printf(" %s%.2f%%", i ? "/ " : "", 100 * row.chance[i]);
	if (!row.exact)
		printf(" (± %.2f)", 200 * row.chance_se);
	printf(" | %+.2f ± %.2f points (%ld games a seat) |\n", 100 * row.gain,
	       200 * row.gain_se, games);
	fflush(stdout);
	shut_perfect_free(p);
	shut_solver_free(opt);
	return 0;
}

int
main(int argc, char **argv)
{
	long games = argc > 2 ? atol(argv[2]) : 4000;

	printf("| preset | players | each seat's chance under perfect | "
	       "perfect's gain over optimal (± 2 s.e.) |\n|---|---|---|---|\n");
	if (argc > 3) {
		line(argv[3], 2, games);
		line(argv[3], 4, games);
		return 0;
	}
	if (argc < 2 || strcmp(argv[1], "--table") != 0) {
		line("classic", 2, 1000);
		return 0;
	}
	for (size_t i = 0; i < shut_preset_count(); i++) {
		const struct shut_preset *pr = shut_preset_at(i);

		line(pr->name, 2, games);
		line(pr->name, 4, games);
	}
	return 0;
}
