/*
 * analyse.c - "shutbox analyse": a game of the history weighed against
 * perfect play, decision by decision.
 *
 * The game is read from the history opened read-only (store_open_read()),
 * so that an analysis can never change a record, and replayed by the
 * analysis (analysis.c), which asks the solver about every choice of the
 * seats analysed: the people, or with --all every seat.  The text report
 * tells each turn in the front-end layer's words (weigh.c): the luck of
 * each throw, each real choice against the best, the turn's value from
 * start to end; then each player's figures and the costliest mistake.
 * --json gives the same as data.  The plain game shows the same text
 * report when a game is over (analyse_text()).
 */
#define _DEFAULT_SOURCE
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "analyse.h"
#include "cmd.h"
#include "play.h"
#include "solve.h"
#include "util.h"

/* Room for one line of the report. */
#define ANALYSE_LINE 1024

/*
 * The longest --by win waits for the chances of winning, in seconds; and
 * the longest an analysis waits for them by default, before it weighs by
 * each turn's objective instead.
 */
#define ANALYSE_WIN_SECONDS	30.0
#define ANALYSE_DEFAULT_SECONDS 5.0

/* ---------------------------------------------------------------------
 * The text report
 */

static int
analyse_chance(const struct analysis_turn *tu)
{
	return analysis_unit(&tu->obj) == ANALYSIS_CHANCE;
}

/* A choice of the analysis as the front-end layer weighs it. */
static void
analyse_weighed(const struct analysis *a, const struct analysis_step *st,
		struct front_weighed *w)
{
	(void)a;
	memset(w, 0, sizeof(*w));
	w->dice = st->dice;
	w->best_dice = st->best_dice;
	w->move = st->move;
	w->best_move = st->best_move;
	w->choices = st->choices;
	w->cost = st->cost;
	w->error = st->error;
}

/* One step of a turn, as a line. */
static void
analyse_text_step(FILE *f, const struct analysis *a,
		  const struct analysis_step *st)
{
	int chance = analyse_chance(&a->turn[st->turn]);
	struct front_weighed w;
	struct front_text t;
	char buf[ANALYSE_LINE];

	front_text_init(&t, buf, sizeof(buf));
	if (st->kind == ANALYSIS_THROW) {
		front_weighed_throw(&t, chance, st->open, &st->thrown,
				    st->before, st->after, st->luck);
	} else {
		analyse_weighed(a, st, &w);
		front_weighed_choice(&t, chance, &w);
	}
	fprintf(f, "%s%s\n", st->error ? "  * " : "    ", buf);
}

/* Prints the text, a line at a time. */
static void
analyse_put(FILE *f, const struct front_text *t)
{
	fputs(t->buf, f);
}

/* One turn: its heading, its steps and how it went. */
static void
analyse_text_turn(FILE *f, const struct analysis *a,
		  const struct analysis_turn *tu,
		  const struct analyse_names *names)
{
	char buf[ANALYSE_LINE];
	struct front_text t;
	size_t i;

	front_text_init(&t, buf, sizeof(buf));
	front_weighed_heading(&t, tu->round, names->name[tu->seat], &tu->obj);
	fputc('\n', f);
	analyse_put(f, &t);
	for (i = 0; i < tu->nsteps; i++)
		analyse_text_step(f, a, &a->step[tu->first + i]);
	front_text_init(&t, buf, sizeof(buf));
	front_weighed_turn(&t, analyse_chance(tu), tu->complete, tu->start,
			   tu->end, tu->left, tu->luck, tu->cost);
	fprintf(f, "    %s\n", buf);
}

/* Whether seat i played any turn in unit u. */
static int
analyse_seat_uses(const struct analysis *a, int i, enum analysis_unit u)
{
	size_t k;

	for (k = 0; k < a->nturns; k++)
		if (a->turn[k].seat == i && analysis_unit(&a->turn[k].obj) == u)
			return 1;
	return 0;
}

/* One seat's figures in unit u. */
static void
analyse_figures(const struct analysis_seat *s, int u, struct front_figures *f)
{
	f->decisions = s->decisions[u];
	f->errors = s->errors[u];
	f->cost = s->cost[u];
	f->luck = s->luck[u];
}

/* Each seat analysed: its figures in each unit it played in. */
static void
analyse_text_summary(FILE *f, const struct analysis *a,
		     const struct analyse_names *names)
{
	struct front_figures fig = { 0, 0, 0, 0 };
	char buf[ANALYSE_LINE];
	struct front_text t;
	int i, units, u;

	fprintf(f, "\nSummary:\n");
	for (i = 0; i < a->nseats; i++) {
		if (!a->seat[i].analysed)
			continue;
		units = analyse_seat_uses(a, i, ANALYSIS_POINTS) +
			analyse_seat_uses(a, i, ANALYSIS_CHANCE);
		for (u = 0; u < ANALYSIS_UNITS; u++) {
			if (units > 0 &&
			    !analyse_seat_uses(a, i, (enum analysis_unit)u))
				continue;
			analyse_figures(&a->seat[i], u, &fig);
			front_text_init(&t, buf, sizeof(buf));
			front_weighed_seat(&t, names->name[i], units,
					   u == ANALYSIS_CHANCE, &fig);
			fprintf(f, "  %s\n", buf);
			if (units == 0)
				break;
		}
	}
}

/* The costliest mistake in each unit, with its position. */
static void
analyse_text_biggest(FILE *f, const struct analysis *a,
		     const struct analyse_names *names)
{
	char buf[2 * ANALYSE_LINE];
	struct front_mistake m;
	struct front_text t;
	int u, any = 0;

	for (u = 0; u < ANALYSIS_UNITS; u++) {
		const struct analysis_step *st;
		const struct analysis_turn *tu;

		if (a->biggest[u] < 0)
			continue;
		st = &a->step[a->biggest[u]];
		tu = &a->turn[st->turn];
		analyse_weighed(a, st, &m.w);
		m.round = tu->round;
		m.name = names->name[tu->seat];
		m.obj = &tu->obj;
		m.open = st->open;
		m.thrown = st->kind == ANALYSIS_MOVE ? &st->thrown : NULL;
		front_text_init(&t, buf, sizeof(buf));
		front_weighed_mistake(&t, &a->rules, &m);
		analyse_put(f, &t);
		any = 1;
	}
	if (!any) {
		long decisions = 0;

		for (int i = 0; i < a->nseats; i++)
			for (u = 0; u < ANALYSIS_UNITS; u++)
				decisions += a->seat[i].analysed
						 ? a->seat[i].decisions[u]
						 : 0;
		front_text_init(&t, buf, sizeof(buf));
		front_weighed_clean(&t, decisions);
		analyse_put(f, &t);
	}
}

void
analyse_text(FILE *f, const struct analysis *a,
	     const struct analyse_names *names, int cols)
{
	char buf[ANALYSE_LINE];
	struct front_text t;
	size_t i;

	front_text_init(&t, buf, sizeof(buf));
	front_weighed_legend(&t, a->perfect != NULL,
			     a->forced ? &a->force : NULL);
	util_put_wrapped(f, buf, cols);
	for (i = 0; i < a->nturns; i++)
		analyse_text_turn(f, a, &a->turn[i], names);
	analyse_text_summary(f, a, names);
	analyse_text_biggest(f, a, names);
}

/* ---------------------------------------------------------------------
 * JSON
 */

/* Tiles as a JSON array of numbers. */
static json_t *
analyse_json_tiles(uint32_t tiles, int *bad)
{
	json_t *l = json_array();
	int t;

	for (t = 1; t <= SHUT_TILES_MAX; t++)
		if (tiles & SHUT_TILE(t))
			util_json_append(l, json_integer(t), bad);
	return l;
}

static json_t *
analyse_json_faces(const struct shut_throw *th, int *bad)
{
	json_t *l = json_array();
	int i;

	for (i = 0; i < th->n; i++)
		util_json_append(l, json_integer(th->face[i]), bad);
	return l;
}

static json_t *
analyse_json_objective(const struct shut_objective *obj)
{
	char name[64];

	/* The utility of an analysis is the player to win's. */
	if (obj->kind == SHUT_OBJECTIVE_UTILITY)
		return json_string("win");
	shut_objective_print(obj, name, sizeof(name));
	return json_string(name);
}

static const char *const analyse_kinds[] = {
	[ANALYSIS_DICE] = "dice",
	[ANALYSIS_THROW] = "throw",
	[ANALYSIS_MOVE] = "move",
};

/* One step as a JSON object. */
static json_t *
analyse_json_step(const struct analysis *a, const struct analysis_step *st,
		  int *bad)
{
	json_t *o = json_object();

	util_json_set(o, "action", json_integer((json_int_t)st->action + 1),
		      bad);
	util_json_set(o, "kind", json_string(analyse_kinds[st->kind]), bad);
	util_json_set(o, "objective",
		      analyse_json_objective(&a->turn[st->turn].obj), bad);
	util_json_set(o, "open", analyse_json_tiles(st->open, bad), bad);
	if (st->kind != ANALYSIS_DICE)
		util_json_set(o, "faces", analyse_json_faces(&st->thrown, bad),
			      bad);
	if (st->kind == ANALYSIS_THROW) {
		util_json_set(o, "before", json_real(st->before), bad);
		util_json_set(o, "after", json_real(st->after), bad);
		util_json_set(o, "luck", json_real(st->luck), bad);
		return o;
	}
	if (st->kind == ANALYSIS_DICE) {
		util_json_set(o, "played", json_integer(st->dice), bad);
		util_json_set(o, "best", json_integer(st->best_dice), bad);
	} else {
		util_json_set(o, "played", analyse_json_tiles(st->move, bad),
			      bad);
		util_json_set(o, "best", analyse_json_tiles(st->best_move, bad),
			      bad);
	}
	util_json_set(o, "choices", json_integer(st->choices), bad);
	util_json_set(o, "value", json_real(st->value), bad);
	util_json_set(o, "best_value", json_real(st->best_value), bad);
	util_json_set(o, "cost", json_real(st->cost), bad);
	util_json_set(o, "error", json_boolean(st->error), bad);
	return o;
}

/* One turn as a JSON object, with its steps. */
static json_t *
analyse_json_turn(const struct analysis *a, const struct analysis_turn *tu,
		  int *bad)
{
	json_t *o = json_object(), *steps = json_array();
	size_t i;

	util_json_set(o, "seat", json_integer(tu->seat), bad);
	util_json_set(o, "round", json_integer(tu->round), bad);
	util_json_set(o, "objective", analyse_json_objective(&tu->obj), bad);
	util_json_set(o, "complete", json_boolean(tu->complete), bad);
	util_json_set(o, "start", json_real(tu->start), bad);
	if (tu->complete) {
		util_json_set(o, "end", json_real(tu->end), bad);
		util_json_set(o, "left", analyse_json_tiles(tu->left, bad),
			      bad);
	}
	util_json_set(o, "luck", json_real(tu->luck), bad);
	util_json_set(o, "cost", json_real(tu->cost), bad);
	for (i = 0; i < tu->nsteps; i++)
		util_json_append(
		    steps, analyse_json_step(a, &a->step[tu->first + i], bad),
		    bad);
	util_json_set(o, "steps", steps, bad);
	return o;
}

static const char *const analyse_units[] = {
	[ANALYSIS_POINTS] = "points",
	[ANALYSIS_CHANCE] = "chance",
};

/* A seat's figures, one object per unit it played in. */
static json_t *
analyse_json_seat(const struct analysis *a, int i,
		  const struct analyse_names *names, int *bad)
{
	const struct analysis_seat *s = &a->seat[i];
	json_t *o = json_object(), *fig;
	int u;

	util_json_set(o, "seat", json_integer(i), bad);
	util_json_set(o, "name", json_string(names->name[i]), bad);
	util_json_set(o, "person", json_boolean(names->person[i]), bad);
	util_json_set(o, "analysed", json_boolean(s->analysed), bad);
	if (!s->analysed)
		return o;
	util_json_set(o, "turns", json_integer(s->turns), bad);
	for (u = 0; u < ANALYSIS_UNITS; u++) {
		if (!analyse_seat_uses(a, i, (enum analysis_unit)u))
			continue;
		fig = json_object();
		util_json_set(fig, "decisions", json_integer(s->decisions[u]),
			      bad);
		util_json_set(fig, "errors", json_integer(s->errors[u]), bad);
		util_json_set(fig, "cost", json_real(s->cost[u]), bad);
		util_json_set(
		    fig, "rating",
		    s->decisions[u] > 0
			? json_real(s->cost[u] / (double)s->decisions[u])
			: json_null(),
		    bad);
		util_json_set(fig, "luck", json_real(s->luck[u]), bad);
		util_json_set(o, analyse_units[u], fig, bad);
	}
	return o;
}

/* The whole analysis as one JSON object. */
static json_t *
analyse_json(const struct analysis *a, const struct store_game *sg,
	     const struct analyse_names *names, int *bad)
{
	json_t *o = json_object(), *l;
	char spec[1024];
	int i, u;

	util_json_set(o, "game", json_integer(sg->id), bad);
	/* The spec as the library writes it: plain ASCII, whatever the file
	 * held. */
	shut_rules_print(&a->rules, spec, sizeof(spec));
	util_json_set(o, "rules", json_string(spec), bad);
	l = json_array();
	for (i = 0; i < a->nseats; i++)
		util_json_append(l, analyse_json_seat(a, i, names, bad), bad);
	util_json_set(o, "seats", l, bad);
	l = json_array();
	for (size_t k = 0; k < a->nturns; k++)
		util_json_append(l, analyse_json_turn(a, &a->turn[k], bad),
				 bad);
	util_json_set(o, "turns", l, bad);
	l = json_object();
	for (u = 0; u < ANALYSIS_UNITS; u++) {
		json_t *m = json_null();

		if (a->biggest[u] >= 0) {
			const struct analysis_step *st =
			    &a->step[a->biggest[u]];

			m = analyse_json_step(a, st, bad);
			util_json_set(m, "seat",
				      json_integer(a->turn[st->turn].seat),
				      bad);
			util_json_set(m, "round",
				      json_integer(a->turn[st->turn].round),
				      bad);
		}
		util_json_set(l, analyse_units[u], m, bad);
	}
	util_json_set(o, "biggest", l, bad);
	return o;
}

/* ---------------------------------------------------------------------
 * The command
 */

struct analyse {
	int all, json;
	int by_win;	    /* --by win: 1; --by turn: 0; -1: not given */
	char fallback[256]; /* why it was weighed by the turn's objective */
	struct shut_perfect *perfect; /* lent to the analysis */
	struct analysis an;
	struct analyse_names names;
	char shown[SHUT_SEATS_MAX][PLAY_NAME_BYTES + 16];
};

/* The names of the stored seats, escaped as a record read back must be. */
static void
analyse_names_of(struct analyse *z, const struct store_game *sg)
{
	struct front_text t;
	int i;

	z->names.n = sg->nseats;
	for (i = 0; i < sg->nseats; i++) {
		front_text_init(&t, z->shown[i], sizeof(z->shown[i]));
		front_escaped(&t, sg->seat[i].name, strlen(sg->seat[i].name),
			      PLAY_NAME_MAX + 5);
		z->names.name[i] = z->shown[i];
		z->names.person[i] = sg->seat[i].person;
	}
}

/* ---------------------------------------------------------------------
 * By the chance of winning
 */

/* Why perfect, playing as kind says, gives no exact chance to weigh by. */
static void
analyse_kind_why(struct analyse *z, const struct shut_rules *r, int nseats,
		 int kind)
{
	if (kind != SHUT_PERFECT_APPROX)
		snprintf(z->fallback, sizeof(z->fallback),
			 "its chances of winning are too much work (perfect "
			 "plays it for the lowest expected score)");
	else
		snprintf(z->fallback, sizeof(z->fallback),
			 "a match of more than two players past %d states has "
			 "no exact chance of winning here (perfect plays it by "
			 "an approximation; %s)",
			 SHUT_PERFECT_MANY_STATES,
			 solve_win_many_fits(r, nseats)
			     ? "solve --players solves it"
			     : "too big for solve --players too");
}

/*
 * Whether the chances of winning are had soon enough: with --by win, in
 * ANALYSE_WIN_SECONDS by an estimate that times a solve on this machine;
 * by default, in ANALYSE_DEFAULT_SECONDS by the estimate alone, so that
 * a game is weighed the same way on every machine, and only where
 * perfect plays exactly (shut_perfect_plan(): else nothing is solved).
 * Else z->fallback says why not.
 */
static int
analyse_win_soon(struct analyse *z, const struct shut_rules *r, int nseats)
{
	int by_default = z->by_win < 0, plan = shut_perfect_plan(r, nseats);
	double secs;

	if (by_default && plan != SHUT_PERFECT_EXACT) {
		analyse_kind_why(z, r, nseats, plan);
		return 0;
	}
	secs = solve_win_seconds(r, nseats, !by_default, z->an.max_bytes);
	if (secs > ANALYSE_WIN_SECONDS)
		snprintf(z->fallback, sizeof(z->fallback),
			 "working the chance of winning out would take more "
			 "than %.0f s (by an estimate)",
			 ANALYSE_WIN_SECONDS);
	else if (by_default && secs > ANALYSE_DEFAULT_SECONDS)
		snprintf(z->fallback, sizeof(z->fallback),
			 "working the chance of winning out would take some "
			 "%.0f s (by an estimate): --by win waits for it",
			 secs);
	return z->fallback[0] == '\0';
}

/*
 * The player to win for the game, lent to the analysis, where its chances
 * are exact and can be had in time; else z->fallback says why not and the
 * analysis weighs by each turn's objective.  Returns 0, or the exit status
 * of a failure (memory).
 */
static int
analyse_win(struct analyse *z, const struct shut_rules *r, int nseats)
{
	int rc;

	z->fallback[0] = '\0';
	if (r->mode == SHUT_MODE_BATTLE)
		return 0; /* the analysis refuses a battle */
	if (nseats < 2) {
		snprintf(z->fallback, sizeof(z->fallback),
			 "a game of one player has nobody to beat");
		return 0;
	}
	if (!analyse_win_soon(z, r, nseats))
		return 0;
	rc = shut_perfect_new(
	    &z->perfect, r, nseats,
	    &(struct shut_solver_options){ .max_bytes = z->an.max_bytes });
	if (rc == SHUT_ENOMEM)
		return util_fail("out of memory");
	if (rc < 0) {
		snprintf(z->fallback, sizeof(z->fallback), "%s",
			 solve_win_why(r, nseats, rc, "--memory"));
		return 0;
	}
	if (shut_perfect_kind(z->perfect) != SHUT_PERFECT_EXACT) {
		analyse_kind_why(z, r, nseats, shut_perfect_kind(z->perfect));
		shut_perfect_free(z->perfect);
		z->perfect = NULL;
		return 0;
	}
	z->an.perfect = z->perfect;
	return 0;
}

/*
 * Reads --by: win, or turn (each turn's own objective).  Not given, a game
 * of several players is weighed by the chance of winning where it can be
 * had soon, as the game's hint ranks (analyse_game()).
 */
static int
analyse_by(struct analyse *z, const char *text)
{
	if (strcmp(text, "win") != 0 && strcmp(text, "turn") != 0)
		return util_error("bad --by: %s: win or turn",
				  util_shown(text));
	z->by_win = strcmp(text, "win") == 0;
	return CMD_EXIT_OK;
}

/* Analyses the stored game and prints the report. */
static int
analyse_game(struct analyse *z, const struct store_game *sg)
{
	int analysed[SHUT_SEATS_MAX] = { 0 };
	struct front_text t;
	char name[256];
	struct shut_rules r;
	int i, any = 0, bad = 0, rc;
	json_t *o;

	if (shut_rules_parse(&r, sg->spec, NULL, 0) < 0)
		return util_fail("game %" PRId64 ": its rules are refused",
				 sg->id);
	analyse_names_of(z, sg);
	for (i = 0; i < sg->nseats; i++)
		any |= analysed[i] = z->all || sg->seat[i].person;
	if (!any && !z->json) {
		printf("Nobody to analyse in game %" PRId64 ": every player "
		       "is a computer (--all analyses them too).\n",
		       sg->id);
		return CMD_EXIT_OK;
	}
	/* By default, by the chance of winning where there is one to
	 * weigh by: not for a game of one, nor under --objective. */
	if (z->by_win < 0 && (z->an.forced || sg->nseats < 2))
		z->by_win = 0;
	if (z->by_win && (rc = analyse_win(z, &r, sg->nseats)) != 0)
		return rc;
	if (analysis_run(&z->an, &r, sg->nseats, analysed, sg->action,
			 sg->nactions) < 0)
		return util_fail("analyse: game %" PRId64 ": %s", sg->id,
				 z->an.why);
	if (z->json) {
		o = analyse_json(&z->an, sg, &z->names, &bad);
		util_json_set(
		    o, "by", json_string(z->an.perfect ? "win" : "turn"), &bad);
		if (z->by_win)
			util_json_set(o, "fallback",
				      z->an.perfect ? json_null()
						    : json_string(z->fallback),
				      &bad);
		rc = util_json_print("analyse", bad ? NULL : o);
		json_decref(o);
		return rc;
	}
	front_text_init(&t, name, sizeof(name));
	front_spec_name(&t, sg->spec, &r);
	printf("Game %" PRId64 " (", sg->id);
	util_print_escaped(stdout, name);
	/* Over by its record too while its end is not yet marked (its
	 * game-over screen still up), as history tells it. */
	printf("), %s.\n", sg->finished || z->an.over
			       ? "over"
			       : "unfinished: analysed as far as it went");
	if (z->by_win) {
		front_text_init(&t, name, sizeof(name));
		front_weighed_by_win(&t, z->an.perfect ? NULL : z->fallback);
		util_put_wrapped(stdout, name, ANALYSE_COLS);
	}
	analyse_text(stdout, &z->an, &z->names, ANALYSE_COLS);
	return CMD_EXIT_OK;
}

/* Reads --objective into the analysis: every turn weighed under it. */
static int
analyse_force(struct analyse *z, const char *text)
{
	int rc = solve_objective(text, &z->an.force);

	z->an.forced = rc == 0;
	return rc;
}

/* The game to analyse: id, or the latest when id is 0. */
static int
analyse_load(struct store *s, int64_t id, struct store_game *sg)
{
	char why[512];
	int64_t *ids;
	long n;

	if (id == 0) {
		n = store_games(s, 1, &ids, why, sizeof(why));
		if (n < 0)
			return util_fail("%s", why);
		if (n == 0) {
			free(ids);
			return util_fail("history %s: no games yet",
					 store_path(s));
		}
		id = ids[0];
		free(ids);
	}
	if (store_load(s, id, sg, why, sizeof(why)) < 0)
		return util_fail("%s", why);
	return 0;
}

static int
analyse_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "objective", required_argument, NULL, 'O' },
		{ "by", required_argument, NULL, 'b' },
		{ "json", no_argument, NULL, 'j' },
		{ "db", required_argument, NULL, 'D' },
		{ "memory", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct analyse z;
	struct store *s = NULL;
	struct store_game sg;
	const char *db = NULL;
	int64_t id = 0;
	char why[512];
	int help = 0, rc, c;

	memset(&z, 0, sizeof(z));
	z.by_win = -1;
	analysis_init(&z.an);
	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		switch (c) {
		case 'a':
			z.all = 1;
			break;
		case 'O':
			if ((rc = analyse_force(&z, optarg)) != 0)
				return rc;
			break;
		case 'b':
			if ((rc = analyse_by(&z, optarg)) != 0)
				return rc;
			break;
		case 'j':
			z.json = 1;
			break;
		case 'D':
			if ((rc = util_db(optarg, &db)) != 0)
				return rc;
			break;
		case 'm':
			if ((rc = solve_memory(optarg, &z.an.max_bytes)) != 0)
				return rc;
			break;
		case 'h':
			help = 1;
			break;
		default:
			return util_option_error(&cmd_analyse_entry, longopts,
						 argv, c);
		}
	}
	if (help)
		return util_help(&cmd_analyse_entry, argc, argv);
	if (z.by_win > 0 && z.an.forced)
		return util_error("analyse: --by win weighs every turn by the "
				  "chance of winning, --objective by another: "
				  "give one of them");
	if (optind < argc &&
	    (rc = util_game_id("analyse:", argv[optind++], &id)) != 0)
		return rc;
	if (optind < argc)
		return util_error("analyse: unexpected argument '%s'",
				  util_shown(argv[optind]));
	rc = store_open_read(&s, db, why, sizeof(why));
	if (rc != 0)
		return rc < 0 ? util_fail("%s", why)
			      : util_fail("no games yet: %s", why);
	rc = analyse_load(s, id, &sg);
	if (rc == 0) {
		rc = util_written("analyse", analyse_game(&z, &sg));
		store_game_release(&sg);
	}
	store_close(s);
	analysis_release(&z.an);
	shut_perfect_free(z.perfect);
	return rc;
}

const struct cmd_entry cmd_analyse_entry = {
	.name = "analyse",
	.usage = "[ID] [--all] [--objective expected|shut|beat:T[:W]] "
		 "[--by win|turn] [--json] [--db PATH] [--memory MIB]",
	.help = "weigh each choice of a game against perfect play",
	.options =
	    "  --all            analyse the computers too (default: the "
	    "people only)\n"
	    "  --objective OBJ  weigh every turn under OBJ (expected, shut, "
	    "beat:T or\n"
	    "                   beat:T:W, as for solve) instead of the "
	    "objective that\n"
	    "                   fits it\n"
	    "  --by win         weigh every choice by the chance of winning "
	    "the game, where\n"
	    "                   it is exact (a round, a match of two, "
	    "until-shut, a\n"
	    "                   small match of more); costs in percentage "
	    "points of\n"
	    "                   that chance (default, for a game of several "
	    "players,\n"
	    "                   where it takes under 5 s)\n"
	    "  --by turn        weigh every turn under its own objective "
	    "(below)\n"
	    "  --json           the analysis as one JSON object\n"
	    "  --db PATH        the history database (default: as for "
	    "shutbox play)\n"
	    "  --memory MIB     the most memory a solver may take (default: "
	    "the solver's\n"
	    "                   limit)\n"
	    "\n"
	    "Goes through game ID of the history (default: the latest game) "
	    "decision by\n"
	    "decision.  A game of several players is weighed by the chance of "
	    "winning the\n"
	    "game, as the game's hint ranks, where that is exact and takes "
	    "under 5 s;\n"
	    "else, or with --by turn, each turn under the objective that fits "
	    "it: the\n"
	    "lowest expected score; the chance to shut the box where shutting "
	    "wins;\n"
	    "beat:T, the chance to score less than T, for the last player of a "
	    "round\n"
	    "that decides the game.  Each dice count and move where there was "
	    "a choice\n"
	    "is shown with the best and what it cost (percentage points of the "
	    "chance,\n"
	    "or points of expected score); each throw with its luck, the value "
	    "after it\n"
	    "(best play) less the value before.  Then each player's decisions, "
	    "errors,\n"
	    "total cost, rating (the average cost of a decision) and luck, and "
	    "the\n"
	    "biggest mistake.  The history is opened read-only: an analysis "
	    "never\n"
	    "changes a record.\n",
	.exec = analyse_exec,
};
