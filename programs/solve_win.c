/*
 * solve_win.c - solve --players N: each seat's chance of winning when
 * every seat plays to win (shut_win.h).
 *
 * Kept apart from solve.c, whose output it does not touch: solve reads
 * --players and hands the rules here.  The text is one line per seat,
 * its chance of winning (a shared win counting as its share) and, with a
 * stake, its expected money per game; --json the same as one object.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cmd.h"
#include "solve.h"
#include "util.h"

int
solve_players(const char *text, int *players)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(text, &end, 10);
	if (*text < '0' || *text > '9' || *end != '\0' || errno == ERANGE ||
	    n < 1 || n > SHUT_SEATS_MAX)
		return util_error("bad --players: %s: a number of players "
				  "from 1 to %d",
				  util_shown(text), SHUT_SEATS_MAX);
	*players = (int)n;
	return CMD_EXIT_OK;
}

/*
 * The seconds the player to win's solution would take for a game of
 * nseats under r, by an estimate: a turn solve for each state (as
 * docs/win.md counts them), on one processor; for a round a walk of its
 * policy too.  The factors are measured: a state of a round costs some 30
 * to 40 solves' estimate (classic with 2 players, tiles 1-12 with 8), one
 * of a match some 5 to 10 (tournament, five-rounds).
 */
double
solve_win_seconds(const struct shut_rules *r, int nseats)
{
	struct shut_objective obj = { .kind = SHUT_OBJECTIVE_EXPECTED };
	double m = (double)shut_score(r, shut_rules_start(r)) + 1, states;
	double t = (double)(r->until ? r->until : r->eliminate);
	double solve = solve_seconds(r, &obj, 0) * solve_cores();

	if (r->rounds == 1 && t == 0)
		states = (double)nseats * nseats / 2.0 * m * 40;
	else if (t > 0)
		states = 2 * t * (t + m) * 10;
	else
		states = 2.0 * r->rounds * r->rounds * m * 10;
	return solve * states;
}

/* Why the rules cannot be played to win, in one line; returns 2. */
static int
solve_win_refused(const struct shut_rules *r, int rc)
{
	if (rc == SHUT_EMODE && r->mode == SHUT_MODE_BATTLE)
		return util_error("solve: --players is for the standard game, "
				  "not a battle (its value is already a "
				  "chance of winning)");
	if (rc == SHUT_EMODE && r->first_throw != 0 &&
	    r->first_miss == SHUT_FIRST_MISS_LOSE)
		return util_error("solve: --players cannot yet play to win "
				  "under first-miss=lose");
	if (rc == SHUT_EMODE && r->rounds == 0)
		return util_error("solve: --players: a match until someone "
				  "shuts the box is won by shutting it "
				  "(--objective shut)");
	if (rc == SHUT_EMODE && r->until != 0 && r->eliminate != 0)
		return util_error("solve: --players: until and eliminate "
				  "together are not solved");
	if (rc == SHUT_EMODE)
		return util_error("solve: --players solves a single round "
				  "for any number of players, or a whole "
				  "match for two");
	if (rc == SHUT_ETOOBIG)
		return util_error("solve: --players: scores up to %d only, "
				  "within the memory limit",
				  SHUT_WIN_SCORES_MAX - 1);
	return util_error("solve: --players: %s", shut_strerror(rc));
}

/* The money of a seat in the stake's units: cents / 100. */
static double
solve_win_money(const struct shut_round *rd, int seat)
{
	return shut_round_money(rd, seat) / 100.0;
}

static int
solve_win_json(const struct shut_round *rd, const struct shut_rules *r)
{
	char spec[1024];
	json_t *o, *seats;
	int bad = 0, rc;

	shut_rules_print(r, spec, sizeof(spec));
	o = json_object();
	seats = json_array();
	if (o == NULL || seats == NULL) {
		json_decref(o);
		json_decref(seats);
		return util_fail("out of memory");
	}
	util_json_set(o, "rules", json_string(spec), &bad);
	util_json_set(o, "objective", json_string("win"), &bad);
	util_json_set(o, "players", json_integer(shut_round_players(rd)), &bad);
	for (int j = 0; j < shut_round_players(rd); j++) {
		json_t *s = json_object();

		if (s == NULL) {
			bad = 1;
			break;
		}
		util_json_set(s, "seat", json_integer(j + 1), &bad);
		util_json_set(s, "win", json_real(shut_round_chance(rd, j)),
			      &bad);
		if (r->stake > 0)
			util_json_set(s, "money",
				      json_real(solve_win_money(rd, j)), &bad);
		util_json_append(seats, s, &bad);
	}
	util_json_set(o, "seats", seats, &bad);
	rc = bad ? util_fail("out of memory") : util_json_print("solve", o);
	json_decref(o);
	return rc;
}

/*
 * Two players, a whole match: the same output, from the match's exact
 * solution; the money of a stake is the share of a pot of two stakes
 * (split evenly on a tie) less the stake.
 */
static int
solve_win_match(const struct shut_rules *r, int json,
		const struct shut_solver_options *opt)
{
	struct shut_match *m = NULL;
	char spec[1024], a[64];
	json_t *o, *seats;
	int bad = 0, rc = shut_match_new(&m, r, opt);
	double p[2], money[2];

	if (rc == SHUT_ENOMEM)
		return util_fail("out of memory");
	if (rc < 0)
		return solve_win_refused(r, rc);
	for (int j = 0; j < 2; j++) {
		p[j] = shut_match_chance(m, j);
		money[j] = (2 * p[j] - 1) * (double)r->stake / 100.0 + 0.0;
	}
	shut_match_free(m);
	if (!json) {
		printf("seat win%s\n", r->stake > 0 ? "            money" : "");
		for (int j = 0; j < 2; j++) {
			solve_number(p[j], a, sizeof(a));
			if (r->stake > 0)
				printf("%-4d %-15s%+.6f\n", j + 1, a, money[j]);
			else
				printf("%-4d %s\n", j + 1, a);
		}
		return CMD_EXIT_OK;
	}
	shut_rules_print(r, spec, sizeof(spec));
	o = json_object();
	seats = json_array();
	if (o == NULL || seats == NULL) {
		json_decref(o);
		json_decref(seats);
		return util_fail("out of memory");
	}
	util_json_set(o, "rules", json_string(spec), &bad);
	util_json_set(o, "objective", json_string("win"), &bad);
	util_json_set(o, "players", json_integer(2), &bad);
	for (int j = 0; j < 2; j++) {
		json_t *s = json_object();

		if (s == NULL) {
			bad = 1;
			break;
		}
		util_json_set(s, "seat", json_integer(j + 1), &bad);
		util_json_set(s, "win", json_real(p[j]), &bad);
		if (r->stake > 0)
			util_json_set(s, "money", json_real(money[j]), &bad);
		util_json_append(seats, s, &bad);
	}
	util_json_set(o, "seats", seats, &bad);
	rc = bad ? util_fail("out of memory") : util_json_print("solve", o);
	json_decref(o);
	return rc;
}

int
solve_win(const struct shut_rules *r, int players, int json, size_t max_bytes)
{
	struct shut_solver_options opt = { .max_bytes = max_bytes };
	struct shut_round *rd = NULL;
	char a[64], b[64];
	int rc;

	rc = shut_round_new(&rd, r, players, &opt);
	if (rc == SHUT_EMODE && players == 2 && r->mode == SHUT_MODE_STANDARD)
		return solve_win_match(r, json, &opt);
	if (rc == SHUT_ENOMEM)
		return util_fail("out of memory");
	if (rc < 0)
		return solve_win_refused(r, rc);
	if (json) {
		rc = solve_win_json(rd, r);
	} else {
		printf("seat win%s\n", r->stake > 0 ? "            money" : "");
		for (int j = 0; j < players; j++) {
			solve_number(shut_round_chance(rd, j), a, sizeof(a));
			snprintf(b, sizeof(b), "%+.6f",
				 solve_win_money(rd, j) + 0.0);
			if (r->stake > 0)
				printf("%-4d %-15s%s\n", j + 1, a, b);
			else
				printf("%-4d %s\n", j + 1, a);
		}
		rc = CMD_EXIT_OK;
	}
	shut_round_free(rd);
	return rc;
}
