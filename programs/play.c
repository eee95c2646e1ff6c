/*
 * play.c - "shutbox play": a whole game in plain lines of text.
 *
 * The game is the library's step function, driven by shut_game_step() with
 * one struct shut_player per seat: the library's strategies for computer
 * seats, human_strategy (human.c) for people.  This file only narrates:
 * before a step it shows what the roller faces, after it what happened,
 * read from the step's events and from the board before and after.  It
 * never decides anything the rules decide.
 *
 * The dice are a seeded generator (the seed is printed first, so that a
 * game can be replayed with --seed) or, with --dice manual, real dice whose
 * faces are typed in.  A computer seat playing "random" draws from its own
 * generator, seeded from the game's seed and its seat, so that its choices
 * do not change the dice.
 *
 * Left out on purpose: the full-screen game (plain mode is the only mode
 * for now, with or without --plain), undo, and saving a game.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "hint.h"
#include "human.h"
#include "solve.h"
#include "util.h"

/*
 * The longest player name in characters, before a number is added to tell
 * twins apart, and the most bytes such a name takes (UTF-8 characters take
 * up to four).
 */
#define PLAY_NAME_MAX	40
#define PLAY_NAME_BYTES (4 * PLAY_NAME_MAX)

/* The tiles shown in a row, when the box has too many for one. */
#define PLAY_ROW 16

struct play {
	struct shut_game g;
	struct shut_player player[SHUT_SEATS_MAX];
	struct shut_rng rng[SHUT_SEATS_MAX]; /* for computer seats */
	char name[SHUT_SEATS_MAX][PLAY_NAME_BYTES + 16];
	int human[SHUT_SEATS_MAX];
	int nseats, nhumans;
	struct shut_rng dice_rng;
	struct shut_dice dice;
	struct human_input input;
	const char *spec;
	struct shut_rules rules;
	struct shut_solver *solver[2]; /* expected and shut, made when needed */
	uint64_t seed;
	int turn_shown;	 /* the current turn's header is out */
	int tiles_shown; /* the board before the next throw is out */
};

/* ---------------------------------------------------------------------
 * Setting up: players, seed, dice
 */

/*
 * Trims the blanks around the len bytes at *s, moving *s past the leading
 * ones, and returns the length left.
 */
static size_t
play_trim(const char **s, size_t len)
{
	while (len > 0 && (**s == ' ' || **s == '\t')) {
		(*s)++;
		len--;
	}
	while (len > 0 && ((*s)[len - 1] == ' ' || (*s)[len - 1] == '\t'))
		len--;
	return len;
}

/* The number of characters in len bytes of UTF-8: bytes that start one. */
static size_t
play_chars(const char *s, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	return n;
}

/*
 * The number of bytes of the first n characters of UTF-8 text s, at most
 * 4 * n (text that is not UTF-8 is cut there).
 */
static int
play_prefix(const char *s, size_t n)
{
	size_t i = 0, max = 4 * n;

	while (s[i] != '\0' && n > 0 && i < max) {
		i++;
		while (((unsigned char)s[i] & 0xc0) == 0x80 && i < max)
			i++;
		n--;
	}
	return (int)i;
}

/* Lists the names of the library's strategies: "random, highest, fewest". */
static void
play_strategy_names(char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < shut_strategy_count() && used < len; i++) {
		int n = snprintf(buf + used, len - used, "%s, ",
				 shut_strategy_at(i)->name);

		if (n < 0)
			break;
		used += (size_t)n;
	}
	if (used < len)
		snprintf(buf + used, len - used, "%s, %s",
			 shut_solver_optimal.name, shut_solver_shut.name);
}

/*
 * The solver for cpu:optimal (which 0: the lowest expected score) or
 * cpu:shut (which 1: the most likely to shut the box), made on first use
 * and kept for the game.  A battle has one solver for every seat.  On
 * failure the reason is printed and the exit status returned.
 */
static int
play_solver(struct play *p, int which, struct shut_solver **sp)
{
	struct shut_objective obj = { SHUT_OBJECTIVE_EXPECTED, 0 };
	int rc;

	if (p->rules.mode == SHUT_MODE_BATTLE)
		which = 0;
	if (which)
		obj.kind = SHUT_OBJECTIVE_SHUT;
	if (p->solver[which] == NULL) {
		rc = solve_new(&p->solver[which], &p->rules, &obj, 0, 0);
		if (rc != 0)
			return rc;
	}
	*sp = p->solver[which];
	return 0;
}

/*
 * What "cpu" means: the perfect player where the solver can take the
 * rules, the fewest-tiles player on boxes too big for it.
 */
static const char *
play_default_cpu(const struct play *p)
{
	struct shut_objective obj = { SHUT_OBJECTIVE_EXPECTED, 0 };
	size_t bytes;

	if (shut_solver_size(&p->rules, &obj, NULL, &bytes) == 0)
		return "cpu:optimal";
	return "cpu:fewest";
}

/*
 * Sets up seat i for a player named name: "cpu:STRATEGY" is the computer,
 * anything else a person.
 */
static int
play_seat(struct play *p, int i, const char *name)
{
	const struct shut_strategy *s;
	struct shut_solver *solver;
	char names[160];
	int rc;

	if (strncmp(name, "cpu:", 4) != 0) {
		p->human[i] = 1;
		p->nhumans++;
		p->player[i].strategy = &human_strategy;
		p->player[i].ctx = &p->input;
		return 0;
	}
	if (strcmp(name + 4, shut_solver_optimal.name) == 0 ||
	    strcmp(name + 4, shut_solver_shut.name) == 0) {
		int which = strcmp(name + 4, shut_solver_shut.name) == 0;

		if ((rc = play_solver(p, which, &solver)) != 0)
			return rc;
		p->player[i].strategy =
		    which ? &shut_solver_shut : &shut_solver_optimal;
		p->player[i].ctx = solver;
		return 0;
	}
	s = shut_strategy_find(name + 4);
	if (s == NULL) {
		play_strategy_names(names, sizeof(names));
		return util_error("bad --players: %s: no computer strategy "
				  "'%s' (there are %s)",
				  name, name + 4, names);
	}
	shut_rng_seed(&p->rng[i], p->seed + 1 + (uint64_t)i);
	p->player[i].strategy = s;
	p->player[i].ctx = &p->rng[i];
	return 0;
}

/*
 * The hint key: the solver's ranking of the choices a person faces now,
 * as shutbox hint prints it.
 */
static void
play_hint(void *ctx, const struct shut_game *g)
{
	struct play *p = ctx;
	struct shut_solver *solver;
	struct shut_position pos;

	if (play_solver(p, 0, &solver) != 0) {
		printf("  no hint for these rules\n");
		return;
	}
	shut_position_of_game(&pos, g);
	if (g->need == SHUT_NEED_MOVE)
		hint_print_moves(stdout, solver, &pos, &g->last_throw);
	else
		hint_print_dice(stdout, solver, &pos);
}

/*
 * Reads --players: names separated by commas, trimmed, each of at most
 * PLAY_NAME_MAX characters.  A name shown again ("cpu" and "cpu:fewest"
 * are both shown as cpu:fewest) is numbered ("cpu:fewest (2)") so that
 * every seat can be told apart.
 */
static int
play_players(struct play *p, const char *text)
{
	char shown[SHUT_SEATS_MAX][PLAY_NAME_BYTES + 1];
	const char *s = text;
	int i, j, n = 0, rc;

	if (text[strspn(text, " \t")] == '\0')
		return util_error("bad --players: no names");
	for (;;) {
		size_t len = strcspn(s, ",");
		const char *name = s;
		size_t nlen = play_trim(&name, len);

		if (n == SHUT_SEATS_MAX)
			return util_error("bad --players: more than %d players",
					  SHUT_SEATS_MAX);
		if (nlen == 0)
			return util_error("bad --players: %s: an empty name",
					  text);
		if (nlen > PLAY_NAME_BYTES ||
		    play_chars(name, nlen) > PLAY_NAME_MAX)
			return util_error("bad --players: %.*s...: a name "
					  "longer than %d characters",
					  play_prefix(name, 20), name,
					  PLAY_NAME_MAX);
		snprintf(shown[n], sizeof(shown[n]), "%.*s", (int)nlen, name);
		n++;
		s += len;
		if (*s == '\0')
			break;
		s++;
	}
	p->nseats = n;
	for (i = 0; i < n; i++) {
		int twin = 1;

		if (strcmp(shown[i], "cpu") == 0)
			snprintf(shown[i], sizeof(shown[i]), "%s",
				 play_default_cpu(p));
		if ((rc = play_seat(p, i, shown[i])) != 0)
			return rc;
		for (j = 0; j < i; j++)
			if (strcmp(shown[j], shown[i]) == 0)
				twin++;
		if (twin > 1)
			snprintf(p->name[i], sizeof(p->name[i]), "%.*s (%d)",
				 PLAY_NAME_BYTES, shown[i], twin);
		else
			snprintf(p->name[i], sizeof(p->name[i]), "%.*s",
				 PLAY_NAME_BYTES, shown[i]);
	}
	return 0;
}

/* Frees the solvers of a game. */
static void
play_free(struct play *p)
{
	shut_solver_free(p->solver[0]);
	shut_solver_free(p->solver[1]);
	p->solver[0] = p->solver[1] = NULL;
}

/*
 * Reads --seed: a decimal number of up to 64 bits, 0 to 2^64 - 1, digits
 * only (no sign, no blanks).
 */
static int
play_seed(struct play *p, const char *text)
{
	char *end;
	unsigned long long v;

	if (text[0] == '\0')
		return util_error("bad --seed: no number");
	if (strspn(text, "0123456789") != strlen(text))
		return util_error("bad --seed: %s: not a number", text);
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno == ERANGE || v > UINT64_MAX)
		return util_error("bad --seed: %s: not a number below 2^64",
				  text);
	p->seed = (uint64_t)v;
	return 0;
}

/* ---------------------------------------------------------------------
 * Narration
 */

/* Whether seat i is called "You", which takes the verb without an s. */
static int
play_you(const struct play *p, int i)
{
	return strcasecmp(p->name[i], "you") == 0;
}

/* A seat's role in a battle, or "". */
static const char *
play_role(const struct play *p, int i)
{
	if (p->g.rules.mode != SHUT_MODE_BATTLE)
		return "";
	return i == 0 ? ", the Shutter" : ", the Opener";
}

/*
 * Prints when the roller may (or must) throw fewer dice.  The rule looks at
 * the tiles the roller could change: the open ones, but in a battle the
 * shut ones for the Opener.
 */
static void
play_describe_fewer(const struct shut_rules *r)
{
	int battle = r->mode == SHUT_MODE_BATTLE;
	const char *may = r->fewer_forced ? "must" : "may";
	const char *fewer = r->dice == 2 ? "one die" : "fewer dice";
	const char *every =
	    battle ? "every tile you could change" : "every open tile";
	const char *all =
	    battle ? "the tiles you could change" : "the open tiles";
	const char *lone =
	    battle ? "the only tile you could change" : "the only tile open";
	int f = r->faces;

	if (r->dice == 1)
		return;
	switch (r->fewer) {
	case SHUT_FEWER_NEVER:
		return;
	case SHUT_FEWER_HIGH_SHUT:
		if (r->dice == 2)
			printf("You %s throw one die once %s is %d or less",
			       may, every, f);
		else
			printf("You %s throw fewer dice once %s is at most %d "
			       "per die thrown",
			       may, every, f);
		break;
	case SHUT_FEWER_LOW_SUM:
		if (r->dice == 2)
			printf("You %s throw one die once %s add up to %d or "
			       "less",
			       may, all, f);
		else
			printf("You %s throw fewer dice once %s add up to at "
			       "most %d per die thrown",
			       may, all, f);
		break;
	case SHUT_FEWER_LONE_ONE:
		printf("You %s throw one die when tile 1 is %s", may, lone);
		break;
	case SHUT_FEWER_ANY_TIME:
		if (r->fewer_forced)
			printf("You always throw one die.\n");
		else
			printf("You may throw %s at any time.\n", fewer);
		return;
	}
	printf("%s.\n", battle ? "\n(the open tiles for the Shutter, the shut "
				 "ones for the Opener)"
			       : "");
}

/*
 * Prints how a throw is played: the move rule and the rules around it.  In
 * a battle the Opener opens shut tiles where the Shutter shuts open ones.
 */
static void
play_describe_turn(const struct shut_rules *r)
{
	switch (r->move) {
	case SHUT_MOVE_ANY:
		printf("Shut open tiles that add up to the throw.\n");
		break;
	case SHUT_MOVE_UP_TO:
		if (r->move_max == 1)
			printf("Shut the open tile equal to the throw.\n");
		else if (r->move_max == 2)
			printf("Shut one or two open tiles that add up to the "
			       "throw.\n");
		else
			printf("Shut one to %d open tiles that add up to the "
			       "throw.\n",
			       r->move_max);
		break;
	case SHUT_MOVE_DICE_OR_SUM:
		printf("Shut the tile of the total, or one tile per die when "
		       "the dice differ.\n");
		break;
	case SHUT_MOVE_ONE_TILE:
		printf("Shut one tile, equal to a die or to the total.\n");
		break;
	}
	if (r->first_throw)
		printf("The first throw of a turn must shut tile %d.\n",
		       r->first_throw);
	if (r->mode == SHUT_MODE_BATTLE)
		printf("The Opener opens shut tiles by the same rules.\n");
	if (r->bust)
		printf("A throw of %d ends the turn.\n", r->bust);
	play_describe_fewer(r);
}

/* Prints the stake, when there is one and someone to take it. */
static void
play_describe_stake(const struct play *p)
{
	long stake = p->g.rules.stake;

	if (stake && p->nseats > 1)
		printf(
		    "Each player puts %ld in the pot; the winner takes it.\n",
		    stake);
}

/* Prints how the game is scored and won. */
static void
play_describe_game(const struct play *p)
{
	const struct shut_rules *r = &p->g.rules;
	static const char *const score[] = {
		[SHUT_SCORE_SUM] = "the sum of the tiles left open",
		[SHUT_SCORE_COUNT] = "one point per tile left open",
		[SHUT_SCORE_DIGITS] = "the tiles left open read as one number",
	};

	if (r->mode == SHUT_MODE_BATTLE) {
		printf("The Shutter shuts tiles, the Opener opens them again: "
		       "the Shutter wins\nby shutting every tile, the Opener "
		       "by opening them all.\n");
		return;
	}
	if (r->rounds == 0) {
		printf("%s\n", p->nseats == 1
				   ? "Shut the box in as few turns as you "
				     "can."
				   : "The first to shut the box wins.");
		play_describe_stake(p);
		return;
	}
	printf("A turn scores %s.\n", score[r->score]);
	if (r->eliminate)
		printf("A total of %ld or more puts a player out; the last one "
		       "in wins.\n",
		       r->eliminate);
	else if (r->until)
		printf(
		    "Rounds go on until a total reaches %ld; then the lowest "
		    "total wins.\n",
		    r->until);
	else if (p->nseats == 1)
		printf("Score as low as you can in %d round%s.\n", r->rounds,
		       r->rounds == 1 ? "" : "s");
	else
		printf("The lowest total after %d round%s wins.\n", r->rounds,
		       r->rounds == 1 ? "" : "s");
	printf("Shutting the box %s.\n",
	       r->shut == SHUT_SHUT_WIN ? "wins at once" : "scores 0");
	play_describe_stake(p);
}

/*
 * Prints the game about to be played: the rules, in a few plain sentences
 * made from the fields, and the players.
 */
static void
play_describe(const struct play *p)
{
	const struct shut_rules *r = &p->g.rules;
	/* An empty spec is the classic rule set, and is shown as such. */
	const char *spec =
	    p->spec[strspn(p->spec, " \t")] ? p->spec : "classic";
	const struct shut_preset *preset = shut_preset_find(spec);
	char tiles[UTIL_MOVE_LEN], dice[32];
	int i;

	printf("rules: %s", spec);
	if (preset != NULL)
		printf(" (%s)", preset->help);
	util_tiles_format(shut_rules_start(r), tiles, sizeof(tiles));
	util_dice_format(r, dice, sizeof(dice));
	printf("\ntiles %d-%d", r->tile_lo, r->tile_hi);
	if (shut_rules_start(r) != shut_rules_tiles(r))
		printf(" (%s open at the start)", tiles);
	printf(", dice %s\n", dice);
	play_describe_turn(r);
	play_describe_game(p);
	printf("players:");
	for (i = 0; i < p->nseats; i++) {
		printf("%s %s", i ? "," : "", p->name[i]);
		if (r->mode == SHUT_MODE_BATTLE)
			printf(" (%s)", play_role(p, i) + 2);
	}
	putchar('\n');
	if (p->nhumans > 0)
		printf("Type the tiles to shut like 3+5%s, ? for the legal "
		       "moves, h for a hint, q to quit.\n",
		       r->tile_hi < 10 ? " or 35" : " or 3 12");
}

/* Prints the header of the turn about to be played. */
static void
play_turn_header(const struct play *p)
{
	const struct shut_game *g = &p->g;

	printf("\nRound %d: %s%s\n", g->round, p->name[g->turn],
	       play_role(p, g->turn));
}

/* Prints the box: open tiles as numbers, shut ones as dashes. */
static void
play_tiles(const struct play *p)
{
	const struct shut_rules *r = &p->g.rules;
	int w = r->tile_hi >= 10 ? 2 : 1;
	int t;

	printf("  tiles ");
	for (t = r->tile_lo; t <= r->tile_hi; t++) {
		/* A long box takes two rows, to fit 80 columns. */
		if (t - r->tile_lo == PLAY_ROW && r->tile_hi - r->tile_lo >= 24)
			printf("\n        ");
		if (p->g.open & SHUT_TILE(t))
			printf(" %*d", w, t);
		else
			printf(" %*s", w, "-");
	}
	putchar('\n');
}

/* Prints the latest throw: "3 5 = 8", or the face of one die. */
static void
play_throw(const struct play *p)
{
	const struct shut_throw *t = &p->g.last_throw;
	int i;

	printf("  throw ");
	for (i = 0; i < t->n; i++)
		printf(" %d", t->face[i]);
	if (t->n > 1)
		printf(" = %d", shut_throw_total(t));
	putchar('\n');
}

/*
 * Prints the names of the seats marked in which[] as "A", "A and B" or
 * "A, B and C", and returns how many there were.
 */
static int
play_names(const struct play *p, const int *which)
{
	int i, n = 0, left = 0;

	for (i = 0; i < p->nseats; i++)
		left += !!which[i];
	for (i = 0; i < p->nseats; i++) {
		if (!which[i])
			continue;
		left--;
		printf("%s%s", p->name[i],
		       left > 1	   ? ", "
		       : left == 1 ? " and "
				   : "");
		n++;
	}
	return n;
}

/*
 * Prints every total after a heading, one seat a line, names and totals in
 * columns: a name may end in a number ("cpu:fewest (2)").
 */
static void
play_totals(const struct play *p, const char *heading)
{
	int i, w = 0;

	printf("%s\n", heading);
	for (i = 0; i < p->nseats; i++)
		if ((int)strlen(p->name[i]) > w)
			w = (int)strlen(p->name[i]);
	for (i = 0; i < p->nseats; i++)
		printf("  %-*s  %4" PRIu64 "%s\n", w, p->name[i],
		       p->g.seat[i].total, p->g.seat[i].out ? "  out" : "");
}

/* The greatest common divisor, for a share in lowest terms. */
static long
play_gcd(long a, long b)
{
	while (b != 0) {
		long r = a % b;

		a = b;
		b = r;
	}
	return a;
}

/* Prints who takes the pot, and how much each winner gets. */
static void
play_pot(const struct play *p, const int *winner)
{
	const struct shut_game *g = &p->g;
	long pot = shut_game_pot(g);
	long each = pot / g->nwinners;
	int first = 0;

	while (!winner[first])
		first++;
	if (g->nwinners == 1) {
		printf("%s %s the pot of %ld.\n", p->name[first],
		       play_you(p, first) ? "take" : "takes", pot);
		return;
	}
	play_names(p, winner);
	/* Tied winners split the pot evenly, as an exact fraction. */
	if (pot % g->nwinners == 0)
		printf(" split the pot of %ld: %ld each", pot, each);
	else
		printf(" split the pot of %ld: %ld/%ld each (%.2f)", pot,
		       pot / play_gcd(pot, g->nwinners),
		       g->nwinners / play_gcd(pot, g->nwinners),
		       (double)pot / g->nwinners);
	printf(".\n");
}

/* Prints the result of a game that is over. */
static void
play_result(const struct play *p)
{
	const struct shut_game *g = &p->g;
	const struct shut_rules *r = &g->rules;
	const struct shut_seat *s = &g->seat[0];
	int winner[SHUT_SEATS_MAX];
	int i, first = -1, alive = 0;

	for (i = 0; i < g->nseats; i++) {
		winner[i] = g->seat[i].winner;
		if (winner[i] && first < 0)
			first = i;
		alive += !g->seat[i].out;
	}
	putchar('\n');
	if (r->mode == SHUT_MODE_BATTLE) {
		printf("%s%s, %s: every tile is %s.\n", p->name[first],
		       play_role(p, first), play_you(p, first) ? "win" : "wins",
		       first == 0 ? "shut" : "open again");
		return;
	}
	if (g->nseats == 1) {
		if (s->shut_count > 0 && r->shut == SHUT_SHUT_WIN)
			printf("%s shut the box in %d turn%s!\n", p->name[0],
			       s->turns, s->turns == 1 ? "" : "s");
		else if (s->turns == 1)
			printf("%s scored %" PRIu64 ".\n", p->name[0],
			       s->total);
		else
			printf("%s scored %" PRIu64 " in %d rounds.\n",
			       p->name[0], s->total, s->turns);
		return;
	}
	if (g->seat[first].shut_count > 0 && r->shut == SHUT_SHUT_WIN) {
		printf("%s shut the box and %s!\n", p->name[first],
		       play_you(p, first) ? "win" : "wins");
	} else {
		play_totals(p, "Final totals:");
		if (r->eliminate && alive == 0)
			printf("Everyone is out; the lowest total wins.\n");
		if (g->nwinners == 1) {
			printf("%s %s with %" PRIu64 ".\n", p->name[first],
			       play_you(p, first) ? "win" : "wins",
			       g->seat[first].total);
		} else {
			play_names(p, winner);
			printf(" share the win with %" PRIu64 ".\n",
			       g->seat[first].total);
		}
	}
	if (r->stake)
		play_pot(p, winner);
}

/*
 * Prints why a throw totalling total allows no move, in the words of the
 * move rule, and that the turn ends.
 */
static void
play_blocked(const struct shut_rules *r, int opener, int total)
{
	const char *open = opener ? "shut" : "open";

	printf("  ");
	switch (r->move) {
	case SHUT_MOVE_ANY:
		printf("nothing %s adds up to %d", opener ? "to open" : "open",
		       total);
		break;
	case SHUT_MOVE_UP_TO:
		if (r->move_max == 1)
			printf("no %s tile is %d", open, total);
		else if (r->move_max == 2)
			printf("no one or two %s tiles add up to %d", open,
			       total);
		else
			printf("no one to %d %s tiles add up to %d",
			       r->move_max, open, total);
		break;
	case SHUT_MOVE_DICE_OR_SUM:
	case SHUT_MOVE_ONE_TILE:
		printf("no tile fits this throw");
		break;
	}
	printf(": the turn ends\n");
}

/*
 * Prints what a step did, from its events: the throw and what it allowed,
 * the move of a computer seat, the end of a turn, of a round, of the game.
 * need, seat, board and first are the game's before the step.
 */
static void
play_narrate(struct play *p, enum shut_need need, int seat, uint32_t board,
	     int first, int ev)
{
	const struct shut_game *g = &p->g;
	const struct shut_rules *r = &g->rules;
	int battle = r->mode == SHUT_MODE_BATTLE;
	int opener = battle && seat == 1;
	char text[UTIL_MOVE_LEN];

	if (need == SHUT_NEED_THROW) {
		play_throw(p);
		p->tiles_shown = 0;
		if (ev & SHUT_EV_BUST)
			printf("  bust: a total of %d ends the turn\n",
			       r->bust);
		else if ((ev & SHUT_EV_BLOCKED) && first && r->first_throw)
			printf("  the first throw must %s %d, and this one "
			       "cannot: the turn ends\n",
			       opener ? "open" : "shut", r->first_throw);
		else if (ev & SHUT_EV_BLOCKED)
			play_blocked(r, opener,
				     shut_throw_total(&g->last_throw));
	}
	if (need == SHUT_NEED_MOVE && !p->human[seat]) {
		uint32_t move = ev & (SHUT_EV_SHUT | SHUT_EV_REOPEN)
				    ? board
				    : board & ~shut_game_board(g);

		util_move_format(move, text, sizeof(text));
		printf("  %s   %s\n", opener ? "open" : "shut", text);
	}
	if (ev & SHUT_EV_SHUT)
		printf("  The box is shut!\n");
	if (ev & SHUT_EV_REOPEN)
		printf("  Every tile is open.\n");
	if (ev & SHUT_EV_TURN_END) {
		const struct shut_seat *s = &g->seat[g->last_seat];

		p->turn_shown = 0;
		p->tiles_shown = 0;
		if (!battle && r->rounds != 0 &&
		    !((ev & SHUT_EV_GAME_END) && s->winner && s->shut_count &&
		      r->shut == SHUT_SHUT_WIN))
			printf("  score  %" PRIu64 "\n", s->last_score);
		if (ev & SHUT_EV_OUT)
			printf("  %s %s out: total %" PRIu64 ", out at %ld\n",
			       p->name[g->last_seat],
			       play_you(p, g->last_seat) ? "are" : "is",
			       s->total, r->eliminate);
	}
	if ((ev & SHUT_EV_ROUND_END) && !(ev & SHUT_EV_GAME_END) && !battle &&
	    r->rounds != 0) {
		char heading[64];

		if (p->nseats == 1) {
			printf("Total after round %d: %" PRIu64 "\n",
			       g->round - 1, g->seat[0].total);
		} else {
			snprintf(heading, sizeof(heading),
				 "Totals after round %d:", g->round - 1);
			play_totals(p, heading);
		}
	}
	if (ev & SHUT_EV_GAME_END)
		play_result(p);
}

/*
 * Plays the game to its end.  Returns the exit status: 0, or 1 when the
 * input ended (or someone quit) before the game did.
 */
static int
play_run(struct play *p)
{
	struct shut_game *g = &p->g;

	while (g->need != SHUT_NEED_NONE) {
		enum shut_need need = g->need;
		int seat = g->turn, first = g->first;
		uint32_t board = shut_game_board(g);
		int ev;

		if (!p->turn_shown) {
			play_turn_header(p);
			p->turn_shown = 1;
		}
		if (need != SHUT_NEED_MOVE && !p->tiles_shown) {
			play_tiles(p);
			p->tiles_shown = 1;
		}
		ev = shut_game_step(g, p->player, &p->dice);
		if (ev == SHUT_EINPUT) {
			util_error(p->input.quit ? "game abandoned"
						 : "input ended");
			return CMD_EXIT_FAIL;
		}
		if (ev < 0) {
			util_error("play: %s", shut_strerror(ev));
			return CMD_EXIT_FAIL;
		}
		play_narrate(p, need, seat, board, first, ev);
	}
	return CMD_EXIT_OK;
}

/* ---------------------------------------------------------------------
 * The command
 */

/* Runs "shutbox play". */
static int
play_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "plain", no_argument, NULL, 'p' },
		{ "rules", required_argument, NULL, 'r' },
		{ "players", required_argument, NULL, 'P' },
		{ "seed", required_argument, NULL, 's' },
		{ "dice", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct play game;
	struct play *p = &game;
	const char *players = "You,cpu", *seed = NULL;
	const char *dice = "random";
	struct shut_rules rules;
	int help = 0, rc, c;

	memset(p, 0, sizeof(*p));
	p->spec = "classic";
	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		switch (c) {
		case 'p':
			break;
		case 'r':
			p->spec = optarg;
			break;
		case 'P':
			players = optarg;
			break;
		case 's':
			seed = optarg;
			break;
		case 'd':
			dice = optarg;
			break;
		case 'h':
			help = 1;
			break;
		default:
			return util_option_error(&cmd_play_entry, longopts,
						 argv, c);
		}
	}
	if (help)
		return util_help(&cmd_play_entry, argc, argv);
	if (optind < argc)
		return util_error("play: unexpected argument '%s'",
				  argv[optind]);
	if (strcmp(dice, "random") != 0 && strcmp(dice, "manual") != 0)
		return util_error("bad --dice: %s: use random or manual", dice);
	if (seed != NULL && (rc = play_seed(p, seed)) != 0)
		return rc;
	if (seed == NULL)
		p->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);

	if (util_rules(p->spec, &rules) < 0)
		return CMD_EXIT_USAGE;
	p->rules = rules;
	if ((rc = play_players(p, players)) != 0) {
		play_free(p);
		return rc;
	}
	if (rules.mode == SHUT_MODE_BATTLE && p->nseats != 2) {
		play_free(p);
		return util_error("bad --players: battle needs exactly two "
				  "players, not %d",
				  p->nseats);
	}
	rc = shut_game_init(&p->g, &rules, p->nseats);
	if (rc < 0) {
		play_free(p);
		return util_error("play: %s", shut_strerror(rc));
	}

	human_input_init(&p->input, stdin);
	p->input.hint = play_hint;
	p->input.hint_ctx = p;
	if (strcmp(dice, "manual") == 0) {
		p->dice.roll = human_roll;
		p->dice.ctx = &p->input;
	} else {
		shut_rng_seed(&p->dice_rng, p->seed);
		shut_dice_rng(&p->dice, &p->dice_rng);
	}

	printf("seed %" PRIu64 "\n", p->seed);
	play_describe(p);
	rc = play_run(p);
	human_input_release(&p->input);
	play_free(p);
	return rc;
}

const struct cmd_entry cmd_play_entry = {
	.name = "play",
	.usage = "[--plain] [--rules SPEC] [--players LIST] [--seed N] "
		 "[--dice manual]",
	.help = "play a game, against the computer or with friends",
	.options =
	    "  --plain          plain lines of text, read from standard "
	    "input (for now the\n"
	    "                   only mode, with or without this option)\n"
	    "  --rules SPEC     the rule set, a preset and key=value items "
	    "(default: classic)\n"
	    "  --players LIST   the players in order, separated by commas "
	    "(default:\n"
	    "                   \"You,cpu\"); cpu:NAME is the computer "
	    "playing strategy\n"
	    "                   NAME: optimal (the lowest expected score), "
	    "shut (the most\n"
	    "                   likely to shut the box), random, highest, "
	    "fewest; cpu is\n"
	    "                   cpu:optimal (cpu:fewest on a box too big to "
	    "solve); any\n"
	    "                   other name is a person at the keyboard\n"
	    "  --seed N         the seed of the dice, to replay a game "
	    "(default: from the\n"
	    "                   clock); the game prints it first\n"
	    "  --dice manual    ask for the faces of real dice instead of "
	    "rolling\n"
	    "                   (--dice random is the default)\n"
	    "\n"
	    "At a prompt, type the tiles to shut as 3+5 (or 35 when every "
	    "tile is below\n"
	    "10), ? for the legal moves, h for a hint (every choice ranked "
	    "by the solver,\n"
	    "as shutbox hint shows it), q to give up.  Where the rules let "
	    "the roller\n"
	    "throw fewer dice, the game asks how many; Enter throws them "
	    "all.\n",
	.exec = play_exec,
};
