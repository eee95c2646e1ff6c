/*
 * sim_out.c - the result of "shutbox sim", as text or as JSON.
 *
 * Text: a heading with the rule set, the strategy and what was played,
 * then the estimates with their 95% intervals (and the exact values
 * beside them when known), and a histogram of the score whose bars are
 * the simulated shares.  With --players, one row per seat.  A run that
 * Ctrl-C stopped says so on its first line.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cmd.h"
#include "sim.h"
#include "util.h"

/* The most rows of the histogram, and the widest bar. */
#define SIM_ROWS 50
#define SIM_BAR	 40

/* ---------------------------------------------------------------------
 * Text
 */

static void
sim_print_head(const struct sim *s)
{
	const char *what = s->match ? "games" : "turns";

	if (s->stopped)
		printf("stopped early: %llu of %llu %s played\n",
		       (unsigned long long)(s->match ? s->tally->games
						     : s->turns->games),
		       (unsigned long long)s->games, what);
	printf("rules     %s\n", util_shown(s->spec));
	if (!s->match)
		printf("strategy  %s\n", s->name[0]);
	printf(
	    "%-9s %llu (seed %llu)\n", what,
	    (unsigned long long)(s->match ? s->tally->games : s->turns->games),
	    (unsigned long long)s->seed);
}

/* The label of a row: "7", or "10-19" for a range. */
static void
sim_label(const struct sim_row *r, char *buf, size_t len)
{
	if (r->lo == r->hi)
		snprintf(buf, len, "%llu", (unsigned long long)r->lo);
	else
		snprintf(buf, len, "%llu-%llu", (unsigned long long)r->lo,
			 (unsigned long long)r->hi);
}

/* One row: its scores, share (and exact share), and a bar. */
static void
sim_print_row(const struct sim *s, const struct sim_row *r, int lw, double top)
{
	double share = (double)r->count / (double)s->turns->games;
	char label[48], bar[SIM_BAR + 1];
	int len = (int)(share / top * SIM_BAR + 0.5);

	sim_label(r, label, sizeof(label));
	memset(bar, '#', (size_t)len);
	bar[len] = '\0';
	if (len == 0 && r->count > 0)
		strcpy(bar, ".");
	printf("%*s %8.3f%%", lw, label, 100 * share);
	if (s->exact)
		printf(" %8.3f%%", 100 * r->exact);
	printf("%s%s\n", *bar ? "  " : "", bar);
}

static int
sim_print_histogram(const struct sim *s)
{
	struct sim_row *rows = malloc(SHUT_SIM_BINS * sizeof(*rows));
	double top = 0;
	int n, lw = 5;

	if (rows == NULL)
		return util_fail("out of memory");
	n = sim_rows(s, SIM_ROWS, rows);
	for (int i = 0; i < n; i++) {
		double share = (double)rows[i].count / (double)s->turns->games;
		char label[48];
		int w;

		sim_label(&rows[i], label, sizeof(label));
		w = (int)strlen(label);
		lw = w > lw ? w : lw;
		top = share > top ? share : top;
	}
	printf("\n%*s %9s%s\n", lw, "score", "share",
	       s->exact ? "     exact" : "");
	for (int i = 0; i < n; i++)
		sim_print_row(s, &rows[i], lw, top > 0 ? top : 1);
	free(rows);
	return CMD_EXIT_OK;
}

/*
 * An interval with prec decimals (and a sign, when signed), or "n/a"
 * where there is none.
 */
static const char *
sim_range(char *buf, size_t len, int prec, int sign, const struct sim_ci *ci)
{
	if (isnan(ci->lo))
		snprintf(buf, len, "n/a");
	else if (sign)
		snprintf(buf, len, "%+.*f to %+.*f", prec, ci->lo, prec,
			 ci->hi);
	else
		snprintf(buf, len, "%.*f to %.*f", prec, ci->lo, prec, ci->hi);
	return buf;
}

static int
sim_print_turns(const struct sim *s)
{
	const struct shut_sim_turns *t = s->turns;
	struct sim_ci shut, score;
	char range[64];

	sim_share(t->shut, t->games, &shut);
	sim_mean(&t->score, &t->score2, t->games, 0, &score);
	printf("\n%-10s %12s  %s%s\n", "", "simulated",
	       s->exact ? "95% interval               " : "95% interval",
	       s->exact ? "exact" : "");
	printf("%-10s %11.4f%%  %.4f%% to %.4f%%", "shut rate", 100 * shut.mean,
	       100 * shut.lo, 100 * shut.hi);
	if (s->exact)
		printf("%*s%.4f%%",
		       (int)(25 - snprintf(NULL, 0, "%.4f%% to %.4f%%",
					   100 * shut.lo, 100 * shut.hi)) +
			   2,
		       "", 100 * s->value.shut);
	sim_range(range, sizeof(range), 4, 0, &score);
	printf("\n%-10s %12.4f  %s", "mean score", score.mean, range);
	if (s->exact)
		printf("%*s%.4f", (int)(25 - strlen(range)) + 2, "",
		       s->value.expected);
	printf("\n%-10s %12.4f\n", "throws",
	       t->games ? (double)t->throws / (double)t->games : NAN);
	return sim_print_histogram(s);
}

/*
 * A seat's share of the wins: a win shared by k seats is worth 1/k; with
 * Wilson's interval, which takes the widest spread shares can have.
 */
static void
sim_wins(const struct shut_sim_match *m, int i, struct sim_ci *ci)
{
	long double sum = 0;

	for (int k = 1; k <= SHUT_SEATS_MAX; k++)
		sum += (long double)m->seat[i].won[k] / k;
	sim_share_of(m->games ? (double)(sum / (long double)m->games) : NAN,
		     m->games, ci);
}

/*
 * A seat's exact chance of winning, where every seat is perfect and its
 * solution is exact (shut_perfect_chance()); else NaN.
 */
static double
sim_exact_win(const struct sim *s, int i)
{
	if (s->perfect == NULL || s->tally->nseats < 2)
		return NAN;
	for (int k = 0; k < s->tally->nseats; k++)
		if (s->player[k].strategy != &shut_win_perfect)
			return NAN;
	return shut_perfect_chance(s->perfect, i);
}

/* The money a seat wins a game: the cents it took less its stake. */
static void
sim_money(const struct sim *s, int i, struct sim_ci *ci)
{
	const struct shut_sim_seat *st = &s->tally->seat[i];
	double stake = (double)s->rules.stake;

	sim_mean(&st->cents, &st->cents2, s->tally->games, -INFINITY, ci);
	ci->mean = (ci->mean - stake) / 100;
	ci->lo = (ci->lo - stake) / 100;
	ci->hi = (ci->hi - stake) / 100;
}

/* A battle has no totals: the Shutter's and the Opener's wins alone. */
static void
sim_print_battle(const struct sim *s)
{
	static const char *const role[] = { "Shutter", "Opener" };

	printf("\n%-4s %-8s %-10s %8s  %s\n", "seat", "role", "player", "wins",
	       "95% interval");
	for (int i = 0; i < 2; i++) {
		struct sim_ci w;

		sim_wins(s->tally, i, &w);
		printf("%-4d %-8s %-10s %7.2f%%  %.2f%% to %.2f%%\n", i + 1,
		       role[i], s->name[i], 100 * w.mean, 100 * w.lo,
		       100 * w.hi);
	}
}

static void
sim_print_match(const struct sim *s)
{
	const struct shut_sim_match *m = s->tally;
	int stake = s->rules.stake > 0, exact = !isnan(sim_exact_win(s, 0));

	printf("%-9s %.4f a game\n", "turns",
	       m->games ? (double)m->turns / (double)m->games : NAN);
	if (s->rules.mode == SHUT_MODE_BATTLE) {
		sim_print_battle(s);
		return;
	}
	printf("\n%-4s %-10s %8s  %-17s %s%10s  %s%s\n", "seat", "player",
	       "wins", "95% interval", exact ? "   exact " : "", "mean total",
	       stake ? "95% interval         " : "95% interval",
	       stake ? "money a game  95% interval" : "");
	for (int i = 0; i < m->nseats; i++) {
		struct sim_ci w, t, c;
		char a[40], b[48], wins[16];

		sim_wins(m, i, &w);
		sim_mean(&m->seat[i].total, &m->seat[i].total2, m->games, 0,
			 &t);
		/* A solitaire game's result is its total: no one is beaten. */
		snprintf(wins, sizeof(wins), m->nseats == 1 ? "-" : "%.2f%%",
			 100 * w.mean);
		snprintf(a, sizeof(a),
			 m->nseats == 1 ? "-" : "%.2f%% to %.2f%%", 100 * w.lo,
			 100 * w.hi);
		sim_range(b, sizeof(b), 3, 0, &t);
		printf("%-4d %-10s %8s  %-17s", i + 1, s->name[i], wins, a);
		if (exact)
			printf(" %7.2f%%", 100 * sim_exact_win(s, i));
		printf(" %10.3f  %-*s", t.mean, stake ? 19 : 0, b);
		if (stake) {
			sim_money(s, i, &c);
			printf("  %+12.4f  %s", c.mean,
			       sim_range(b, sizeof(b), 4, 1, &c));
		}
		putchar('\n');
	}
}

/* ---------------------------------------------------------------------
 * JSON
 */

static json_t *
sim_json_ci(const struct sim_ci *ci, double exact, int have, int *bad)
{
	json_t *o = json_object();

	util_json_set(o, "mean", json_real(ci->mean), bad);
	util_json_set(o, "low", isnan(ci->lo) ? json_null() : json_real(ci->lo),
		      bad);
	util_json_set(o, "high",
		      isnan(ci->hi) ? json_null() : json_real(ci->hi), bad);
	if (have)
		util_json_set(o, "exact", json_real(exact), bad);
	return o;
}

static json_t *
sim_json_distribution(const struct sim *s, int *bad)
{
	struct sim_row *rows = malloc(SHUT_SIM_BINS * sizeof(*rows));
	json_t *a = json_array();
	int n;

	if (rows == NULL) {
		*bad = 1;
		return a;
	}
	n = sim_rows(s, SHUT_SIM_BINS, rows);
	for (int i = 0; i < n; i++) {
		json_t *row = json_object();

		util_json_set(row, "score",
			      json_integer((json_int_t)rows[i].lo), bad);
		if (rows[i].hi != rows[i].lo)
			util_json_set(row, "to",
				      json_integer((json_int_t)rows[i].hi),
				      bad);
		util_json_set(row, "count",
			      json_integer((json_int_t)rows[i].count), bad);
		if (s->exact)
			util_json_set(row, "exact", json_real(rows[i].exact),
				      bad);
		util_json_append(a, row, bad);
	}
	free(rows);
	return a;
}

static void
sim_json_turns(const struct sim *s, json_t *o, int *bad)
{
	const struct shut_sim_turns *t = s->turns;
	struct sim_ci shut, score;

	sim_share(t->shut, t->games, &shut);
	sim_mean(&t->score, &t->score2, t->games, 0, &score);
	util_json_set(o, "shut",
		      sim_json_ci(&shut, s->value.shut, s->exact, bad), bad);
	util_json_set(o, "score",
		      sim_json_ci(&score, s->value.expected, s->exact, bad),
		      bad);
	util_json_set(o, "throws",
		      json_real((double)t->throws / (double)t->games), bad);
	util_json_set(o, "distribution", sim_json_distribution(s, bad), bad);
}

static void
sim_json_match(const struct sim *s, json_t *o, int *bad)
{
	const struct shut_sim_match *m = s->tally;
	json_t *a = json_array();

	util_json_set(o, "turns",
		      json_real((double)m->turns / (double)m->games), bad);
	for (int i = 0; i < m->nseats; i++) {
		json_t *seat = json_object();
		struct sim_ci w, t, c;
		double exact = sim_exact_win(s, i);

		sim_wins(m, i, &w);
		sim_mean(&m->seat[i].total, &m->seat[i].total2, m->games, 0,
			 &t);
		util_json_set(seat, "player", json_string(s->name[i]), bad);
		/* A seat alone has no share of the wins: null, as in text. */
		util_json_set(seat, "wins",
			      m->nseats > 1
				  ? sim_json_ci(&w, exact, !isnan(exact), bad)
				  : json_null(),
			      bad);
		util_json_set(seat, "total", sim_json_ci(&t, 0, 0, bad), bad);
		if (s->rules.stake > 0) {
			sim_money(s, i, &c);
			util_json_set(seat, "money", sim_json_ci(&c, 0, 0, bad),
				      bad);
		}
		util_json_append(a, seat, bad);
	}
	util_json_set(o, "seats", a, bad);
}

static int
sim_print_json(const struct sim *s)
{
	char spec[1024];
	json_t *o = json_object();
	int bad = 0, rc;

	shut_rules_print(&s->rules, spec, sizeof(spec));
	util_json_set(o, "rules", json_string(spec), &bad);
	if (!s->match)
		util_json_set(o, "strategy", json_string(s->name[0]), &bad);
	/*
	 * A string, as the history gives it: a seed may pass 2^53, past
	 * what a reader's doubles keep exactly, and 2^63, past jansson's.
	 */
	util_json_set(o, "seed",
		      json_sprintf("%llu", (unsigned long long)s->seed), &bad);
	util_json_set(o, "games", json_integer((json_int_t)s->games), &bad);
	util_json_set(o, "played",
		      json_integer((json_int_t)(s->match ? s->tally->games
							 : s->turns->games)),
		      &bad);
	util_json_set(o, "stopped", json_boolean(s->stopped), &bad);
	if (s->match)
		sim_json_match(s, o, &bad);
	else
		sim_json_turns(s, o, &bad);
	rc = bad ? util_fail("out of memory") : util_json_print("sim", o);
	json_decref(o);
	return rc;
}

int
sim_print(const struct sim *s)
{
	if ((s->match ? s->tally->games : s->turns->games) == 0) {
		if (s->stopped)
			return util_fail("sim: stopped before any game was "
					 "played");
		return util_fail("sim: no game was played");
	}
	if (s->json)
		return sim_print_json(s);
	sim_print_head(s);
	if (!s->match)
		return sim_print_turns(s);
	sim_print_match(s);
	return CMD_EXIT_OK;
}
