/*
 * hint.c - "shutbox hint": the solver's ranking of the moves of a throw,
 * or of the dice counts before it.
 *
 * The ranking is the library's (shut_solver_rank_moves()): the first move
 * is the one the solver plays, the next the one it would play without the
 * first, and so on, ties broken as docs/solver.md says.  Beside each move
 * the hint shows what the objective counts and the two numbers a player
 * asks about, the chance of shutting the box and the expected score, both
 * for the rest of the turn played the solver's way.  The printing lives
 * in hint_print_moves() and hint_print_dice() (hint.h) so that the play
 * command's hint key shows exactly this.
 */
#define _DEFAULT_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cmd.h"
#include "front.h"
#include "hint.h"
#include "solve.h"
#include "util.h"

/* ---------------------------------------------------------------------
 * Printing, shared with the play command
 */

static int
hint_battle(const struct shut_solver *s)
{
	return shut_solver_rules(s)->mode == SHUT_MODE_BATTLE;
}

/*
 * The widths of a ranking's columns: the choice's name, its value and its
 * chance to shut, each at least as wide as the common case (12, 15, 15)
 * and as its widest entry (a value of 12 digits past leading zeros, or a
 * long move, keeps a space before the next column).
 */
struct hint_widths {
	int name, value, shut;
};

static int
hint_wider(int w, const char *text, int least)
{
	int n = (int)strlen(text);

	return n > w ? n : w > least ? w : least;
}

/* Widens w to fit one ranked choice. */
static void
hint_fit(struct hint_widths *w, const char *name, const struct shut_value *v)
{
	char a[32], b[32];

	solve_number(v->value, a, sizeof(a));
	solve_number(v->shut, b, sizeof(b));
	w->name = hint_wider(w->name, name, 12);
	w->value = hint_wider(w->value, a, 15);
	w->shut = hint_wider(w->shut, b, 15);
}

/* The header of a ranking: the first column's name, then the values. */
static void
hint_header(FILE *f, const struct shut_solver *s, const char *what,
	    const struct hint_widths *w)
{
	if (hint_battle(s))
		fprintf(f, "  %-4s %-*s %s\n", "rank", w->name, what, "value");
	else
		fprintf(f, "  %-4s %-*s %-*s %-*s %s\n", "rank", w->name, what,
			w->value, "value", w->shut, "shut", "expected");
}

/* One ranked choice: its rank, its name, and its values. */
static void
hint_row(FILE *f, const struct shut_solver *s, long rank, const char *name,
	 const struct shut_value *v, const struct hint_widths *w)
{
	char a[32], b[32], c[32];

	solve_number(v->value, a, sizeof(a));
	if (hint_battle(s)) {
		fprintf(f, "  %-4ld %-*s %s\n", rank, w->name, name, a);
		return;
	}
	solve_number(v->shut, b, sizeof(b));
	solve_number(v->expected, c, sizeof(c));
	fprintf(f, "  %-4ld %-*s %-*s %-*s %s\n", rank, w->name, name, w->value,
		a, w->shut, b, c);
}

/*
 * Why a throw has no move, in the game's words (front_no_move()), into
 * line; whether the roller loses the game for it.
 */
static int
hint_no_move_why(const struct shut_solver *s, const struct shut_position *pos,
		 const struct shut_throw *t, char *line, size_t len)
{
	const struct shut_rules *r = shut_solver_rules(s);
	struct front_text ft;

	front_text_init(&ft, line, len);
	return front_no_move(&ft, r, pos->opener, pos->first,
			     shut_throw_total(t));
}

/*
 * Why a throw has no move, and what follows: the roller loses the game, or
 * the turn ends with a score (a battle's scores nothing: the dice pass to
 * the other side).
 */
static void
hint_no_move(FILE *f, const struct shut_solver *s,
	     const struct shut_position *pos, const struct shut_throw *t)
{
	char line[256];
	int loses = hint_no_move_why(s, pos, t, line, sizeof(line));

	if (loses)
		fprintf(f, "  %s: the roller loses the game\n", line);
	else if (hint_battle(s))
		fprintf(f, "  %s\n", line);
	else
		fprintf(f, "  %s, with a score of %llu\n", line,
			(unsigned long long)shut_score(shut_solver_rules(s),
						       pos->open));
}

long
hint_print_moves(FILE *f, const struct shut_solver *s,
		 const struct shut_position *pos, const struct shut_throw *t)
{
	struct shut_choice *c;
	struct hint_widths w = { 12, 15, 15 };
	char name[UTIL_MOVE_LEN];
	long n, i;

	n = shut_solver_rank_moves(s, pos, t, NULL, 0);
	if (n < 0)
		return n;
	if (n == 0) {
		hint_no_move(f, s, pos, t);
		return 0;
	}
	c = malloc((size_t)n * sizeof(*c));
	if (c == NULL)
		return SHUT_ENOMEM;
	shut_solver_rank_moves(s, pos, t, c, (size_t)n);
	for (i = 0; i < n; i++) {
		util_move_format(c[i].move, name, sizeof(name));
		hint_fit(&w, name, &c[i].v);
	}
	hint_header(f, s, "move", &w);
	for (i = 0; i < n; i++) {
		util_move_format(c[i].move, name, sizeof(name));
		hint_row(f, s, i + 1, name, &c[i].v, &w);
	}
	free(c);
	return n;
}

long
hint_print_dice(FILE *f, const struct shut_solver *s,
		const struct shut_position *pos)
{
	struct shut_choice c[SHUT_DICE_MAX];
	struct hint_widths w = { 12, 15, 15 };
	char name[16];
	long n, i;

	n = shut_solver_rank_dice(s, pos, c, SHUT_DICE_MAX);
	if (n <= 0)
		return n;
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%d", c[i].dice);
		hint_fit(&w, name, &c[i].v);
	}
	hint_header(f, s, "dice", &w);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%d", c[i].dice);
		hint_row(f, s, i + 1, name, &c[i].v, &w);
	}
	return n;
}

/* ---------------------------------------------------------------------
 * The command
 */

struct hint {
	struct shut_rules rules;
	struct shut_objective obj;
	struct shut_solver *s;
	struct shut_position pos;
	struct shut_throw t;
	int battle, json, have_throw;
};

/* The tiles the roller may change at the position. */
static uint32_t
hint_board(const struct hint *h)
{
	if (h->battle && h->pos.opener)
		return shut_rules_start(&h->rules) & ~h->pos.open;
	return h->pos.open;
}

/* Reads and checks --throw against the dice allowed at the position. */
static int
hint_throw(struct hint *h, const char *text)
{
	int rc =
	    util_throw_arg(&h->rules, hint_board(h), h->pos.open, text, &h->t);

	h->have_throw = rc == CMD_EXIT_OK;
	return rc;
}

/* The first line of the text output: what is being advised. */
static void
hint_title(const struct hint *h)
{
	char tiles[UTIL_MOVE_LEN], obj[128];

	util_tiles_format(h->pos.open, tiles, sizeof(tiles));
	if (h->battle)
		snprintf(obj, sizeof(obj),
			 "battle, the %s to throw (value: the Shutter's "
			 "chance of winning)",
			 h->pos.opener ? "Opener" : "Shutter");
	else
		shut_objective_print(&h->obj, obj, sizeof(obj));
	if (h->have_throw) {
		printf("throw");
		for (int i = 0; i < h->t.n; i++)
			printf("%c%d", i ? ',' : ' ', h->t.face[i]);
		printf(" (total %d) with %s open, %s%s:\n",
		       shut_throw_total(&h->t), tiles,
		       h->battle ? "" : "objective ", obj);
	} else {
		printf("dice to throw with %s open, %s%s:\n", tiles,
		       h->battle ? "" : "objective ", obj);
	}
}

/* A ranked choice as a JSON object; *bad set when memory ran out. */
static json_t *
hint_json_choice(const struct hint *h, long rank, const struct shut_choice *c,
		 int *bad)
{
	json_t *o = json_object(), *tiles;

	util_json_set(o, "rank", json_integer(rank), bad);
	if (h->have_throw) {
		tiles = json_array();
		for (int t = 1; t <= SHUT_TILES_MAX; t++)
			if (c->move & SHUT_TILE(t))
				util_json_append(tiles, json_integer(t), bad);
		util_json_set(o, "move", tiles, bad);
	} else {
		util_json_set(o, "dice", json_integer(c->dice), bad);
	}
	util_json_set(o, "value", json_real(c->v.value), bad);
	if (!h->battle) {
		util_json_set(o, "shut", json_real(c->v.shut), bad);
		util_json_set(o, "expected", json_real(c->v.expected), bad);
	}
	return o;
}

/*
 * A throw without a move, as a JSON object: why, in the game's words,
 * whether the roller loses the game, and the turn's score (none in a
 * battle, nor where the game is lost).
 */
static json_t *
hint_json_no_move(const struct hint *h, int *bad)
{
	char line[256];
	int loses = hint_no_move_why(h->s, &h->pos, &h->t, line, sizeof(line));
	json_t *o = json_object();

	util_json_set(o, "why", json_string(line), bad);
	util_json_set(o, "loses", json_boolean(loses), bad);
	if (!h->battle && !loses)
		util_json_set(o, "score",
			      json_integer((json_int_t)shut_score(&h->rules,
								  h->pos.open)),
			      bad);
	return o;
}

/* The ranking as one JSON object; an exit status, said when not 0. */
static int
hint_print_json(const struct hint *h)
{
	char spec[1024], obj[64], tiles[UTIL_MOVE_LEN];
	struct shut_choice *c;
	json_t *o, *list;
	int bad = 0, rc;
	long n;

	if (h->have_throw)
		n = shut_solver_rank_moves(h->s, &h->pos, &h->t, NULL, 0);
	else
		n = shut_solver_rank_dice(h->s, &h->pos, NULL, 0);
	if (n < 0)
		return util_fail("hint: %s", shut_strerror((int)n));
	c = malloc(((size_t)n + 1) * sizeof(*c));
	if (c == NULL)
		return util_fail("out of memory");
	if (h->have_throw)
		n = shut_solver_rank_moves(h->s, &h->pos, &h->t, c, (size_t)n);
	else
		n = shut_solver_rank_dice(h->s, &h->pos, c, (size_t)n);
	if (n < 0) {
		free(c);
		return util_fail("hint: %s", shut_strerror((int)n));
	}
	shut_rules_print(&h->rules, spec, sizeof(spec));
	if (h->battle)
		snprintf(obj, sizeof(obj), "battle");
	else
		shut_objective_print(&h->obj, obj, sizeof(obj));
	util_tiles_format(h->pos.open, tiles, sizeof(tiles));
	o = json_object();
	util_json_set(o, "rules", json_string(spec), &bad);
	util_json_set(o, "objective", json_string(obj), &bad);
	util_json_set(o, "open", json_string(tiles), &bad);
	if (h->battle)
		util_json_set(o, "roller",
			      json_string(h->pos.opener ? "opener" : "shutter"),
			      &bad);
	if (h->have_throw) {
		json_t *faces = json_array();

		for (int i = 0; i < h->t.n; i++)
			util_json_append(faces, json_integer(h->t.face[i]),
					 &bad);
		util_json_set(o, "throw", faces, &bad);
	}
	list = json_array();
	for (long i = 0; i < n; i++)
		util_json_append(list, hint_json_choice(h, i + 1, &c[i], &bad),
				 &bad);
	util_json_set(o, h->have_throw ? "moves" : "dice", list, &bad);
	if (h->have_throw && n == 0)
		util_json_set(o, "no_move", hint_json_no_move(h, &bad), &bad);
	rc = util_json_print("hint", bad ? NULL : o);
	json_decref(o);
	free(c);
	return rc;
}

static int
hint_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "objective", required_argument, NULL, 'O' },
		{ "open", required_argument, NULL, 'o' },
		{ "throw", required_argument, NULL, 't' },
		{ "opener", no_argument, NULL, 'p' },
		{ "first", no_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "memory", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *spec = "classic", *objective = NULL;
	const char *open_text = NULL, *throw_text = NULL;
	struct hint h;
	size_t max_bytes = 0;
	long n;
	int help = 0, rc, c, first = 0;

	memset(&h, 0, sizeof(h));
	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		switch (c) {
		case 'r':
			spec = optarg;
			break;
		case 'O':
			objective = optarg;
			break;
		case 'o':
			open_text = optarg;
			break;
		case 't':
			throw_text = optarg;
			break;
		case 'p':
			h.pos.opener = 1;
			break;
		case 'f':
			first = 1;
			break;
		case 'j':
			h.json = 1;
			break;
		case 'm':
			if ((rc = solve_memory(optarg, &max_bytes)))
				return rc;
			break;
		case 'h':
			help = 1;
			break;
		default:
			return util_option_error(&cmd_hint_entry, longopts,
						 argv, c);
		}
	}
	if (help)
		return util_help(&cmd_hint_entry, argc, argv);
	if (optind < argc)
		return util_error("hint: unexpected argument '%s'",
				  util_shown(argv[optind]));
	if ((rc = solve_objective(objective ? objective : "expected", &h.obj)))
		return rc;
	if (util_rules(spec, &h.rules) < 0)
		return CMD_EXIT_USAGE;
	h.battle = h.rules.mode == SHUT_MODE_BATTLE;
	if ((h.pos.opener || first) && !h.battle)
		return util_error("hint: --%s is for a battle (mode=battle)",
				  first ? "first" : "opener");
	h.pos.open = shut_rules_start(&h.rules);
	if (open_text != NULL &&
	    (rc = util_open(&h.rules, open_text, 1, &h.pos.open)))
		return rc;
	/*
	 * A standard turn's first throw is the one with the start set open;
	 * so is the Shutter's in a battle, since a full box later means the
	 * Opener has won.
	 */
	h.pos.first = h.pos.open == shut_rules_start(&h.rules) &&
		      !(h.battle && h.pos.opener);
	if (h.battle && first)
		h.pos.first = 1;
	if (h.battle && (rc = solve_battle_check("hint", &h.rules, objective,
						 h.pos.open, h.pos.opener)))
		return rc;
	if (h.pos.open == 0)
		return util_error("hint: nothing to throw for: the box is "
				  "shut");
	if (throw_text != NULL && (rc = hint_throw(&h, throw_text)))
		return rc;
	/* Only the positions below the open tiles are solved. */
	if ((rc = solve_new(&h.s, &h.rules, &h.obj, 0, max_bytes, h.pos.open)))
		return rc;

	if (h.json) {
		rc = hint_print_json(&h);
		shut_solver_free(h.s);
		return rc;
	}
	hint_title(&h);
	if (h.have_throw)
		n = hint_print_moves(stdout, h.s, &h.pos, &h.t);
	else
		n = hint_print_dice(stdout, h.s, &h.pos);
	shut_solver_free(h.s);
	if (n < 0) {
		util_error("hint: %s", shut_strerror((int)n));
		return CMD_EXIT_FAIL;
	}
	return CMD_EXIT_OK;
}

const struct cmd_entry cmd_hint_entry = {
	.name = "hint",
	.usage = "[--rules SPEC] [--open LIST] [--throw F1,F2[,...]] "
		 "[--objective expected|shut|beat:T[:W]] [--opener] [--first] "
		 "[--json] [--memory MIB]",
	.help =
	    "rank the moves of a throw, or the dice counts, by perfect play",
	.options =
	    "  --rules SPEC       the rule set (default: classic)\n"
	    "  --open LIST        the open tiles, as 1,2,7-9 (default: the "
	    "start set)\n"
	    "  --throw F1,F2,...  the faces thrown; without it, rank the dice "
	    "counts\n"
	    "  --objective OBJ    expected (default), shut, beat:T or "
	    "beat:T:W, as for solve\n"
	    "  --opener           battle: the Opener is to throw (default: "
	    "the Shutter)\n"
	    "  --first            battle: the throw is the first of the "
	    "turn\n"
	    "  --json             one JSON object with the ranked list\n"
	    "  --memory MIB       the largest table to build (default: "
	    "1024), as for solve\n"
	    "\n"
	    "Ranks best first.  Each line shows the value under the objective "
	    "(the\n"
	    "expected score, or a probability), then the chance of shutting "
	    "the box and\n"
	    "the expected score, all for the rest of the turn played the "
	    "solver's way.\n"
	    "In a battle the value is the Shutter's chance of winning.\n",
	.exec = hint_exec,
};
