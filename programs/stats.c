/*
 * stats.c - "shutbox stats": each player's figures from the history.
 *
 * The figures are gathered from the result of every finished game (the
 * results table the history writes when a game ends), oldest game first,
 * into one row per player and rule set, and one row per player over every
 * rule set when they played more than one.  A player is a name: the same
 * name at two games is the same player, but for a seat a computer played
 * on for (a table's host handed it over), which counts for no one.  A
 * shared win is a win.  The turn figures (average and best turn score,
 * shut-box rate) count the turns that were scored, so a battle, which
 * scores no turns, shows none, and a turn the player left halfway is none;
 * turns scored in more than one way (digits beside sums) give no average
 * or best.
 */
#define _DEFAULT_SOURCE
#include <getopt.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "cmd.h"
#include "front.h"
#include "store/store.h"
#include "util.h"

/* One row: a player's figures under one rule set, or under every one. */
struct stats_row {
	char name[STORE_NAME_BYTES];
	char spec[512]; /* "" for the row over every rule set */
	char full[512]; /* the full spec, without a preset's name before it */
	char rules[256];
	int64_t games, wins, turns, shuts, scored, cents;
	int64_t rivalled; /* games with other players: a solitaire's no win */
	int64_t best;	  /* -1 before a scored turn */
	int64_t streak, longest;
	int staked; /* some game had a stake */
	int battle; /* every game was a battle: no turn scores */
	int score;  /* how its turns were scored (enum shut_score), -1: none */
	int mixed;  /* in more than one way: no average or best turn */
	int64_t last_game;
};

struct stats {
	const char *only; /* the player asked for, or NULL */
	struct stats_row *row;
	size_t n, cap;
	int oom;
};

/* The row of name under spec, made when new; NULL when memory ran out. */
static struct stats_row *
stats_row(struct stats *st, const char *name, const char *spec)
{
	struct stats_row *r;
	struct shut_rules rules;
	struct front_text t;
	size_t i;

	for (i = 0; i < st->n; i++)
		if (strcmp(st->row[i].name, name) == 0 &&
		    strcmp(st->row[i].spec, spec) == 0)
			return &st->row[i];
	if (st->n == st->cap) {
		size_t cap = st->cap ? 2 * st->cap : 16;
		struct stats_row *grown =
		    realloc(st->row, cap * sizeof(*grown));

		if (grown == NULL)
			return NULL;
		st->row = grown;
		st->cap = cap;
	}
	r = &st->row[st->n++];
	memset(r, 0, sizeof(*r));
	snprintf(r->name, sizeof(r->name), "%s", name);
	snprintf(r->spec, sizeof(r->spec), "%s", spec);
	snprintf(r->full, sizeof(r->full), "%s", spec);
	r->best = -1;
	r->battle = 1;
	r->score = -1;
	front_text_init(&t, r->rules, sizeof(r->rules));
	if (spec[0] == '\0')
		front_printf(&t, "(all)");
	else if (shut_rules_parse(&rules, spec, NULL, 0) == 0 &&
		 shut_rules_print(&rules, r->full, sizeof(r->full)) >= 0)
		front_spec_name(&t, spec, &rules);
	else
		front_printf(&t, "(rules refused)");
	return r;
}

/*
 * Adds one game's result to a row; battle, staked and score say what its
 * rules were (a battle scores no turns; score: how a turn is scored, -1
 * when the rules are not known).
 */
static void
stats_add(struct stats_row *r, const struct store_result *res, int battle,
	  int staked, int score)
{
	if (r->last_game == res->game)
		return; /* the same name twice at one table counts once */
	r->last_game = res->game;
	r->games++;
	/* A solitaire game's result is its total: no win, nor a loss. */
	if (res->seats > 1) {
		r->rivalled++;
		r->wins += res->winner != 0;
		r->streak = res->winner ? r->streak + 1 : 0;
		if (r->streak > r->longest)
			r->longest = r->streak;
	}
	r->cents += res->cents;
	r->staked |= staked;
	if (battle)
		return;
	r->battle = 0;
	/* Sums and digits read as numbers do not average together. */
	if (r->score != -1 && r->score != score)
		r->mixed = 1;
	r->score = score;
	r->turns += res->turns;
	r->shuts += res->shuts;
	r->scored += res->scored;
	if (res->turns > 0 && (r->best < 0 || res->best < r->best))
		r->best = res->best;
}

static int
stats_gather(void *ctx, const struct store_result *res)
{
	struct stats *st = ctx;
	struct stats_row *one, *all;
	struct shut_rules rules;
	int known, battle, staked, score;

	/* A seat a computer played on for is no one's: not its person's. */
	if (res->handed ||
	    (st->only != NULL && strcmp(st->only, res->name) != 0))
		return 0;
	known = shut_rules_parse(&rules, res->spec, NULL, 0) == 0;
	battle = known && rules.mode == SHUT_MODE_BATTLE;
	staked = known && !battle && rules.stake != 0;
	one = stats_row(st, res->name, res->spec);
	all = one ? stats_row(st, res->name, "") : NULL;
	if (all == NULL) {
		st->oom = 1;
		return 1;
	}
	/* Made first, so found again: making "all" may move the rows. */
	score = known ? (int)rules.score : -2;
	stats_add(stats_row(st, res->name, res->spec), res, battle, staked,
		  score);
	stats_add(all, res, battle, staked, score);
	return 0;
}

/*
 * The name offered for want among the history's players, for
 * stats_nearest(): the same but for case, else the first a slip away;
 * nothing kept of the others.
 */
struct stats_names {
	const char *want;
	char near[STORE_NAME_BYTES];
	int found; /* 2: the same but for case, 1: a slip away */
};

static int
stats_name(void *ctx, const struct store_result *res)
{
	struct stats_names *sn = ctx;
	const char *const one[] = { res->name };

	/* As stats_gather() counts them: not a seat the computer took. */
	if (sn->found == 2 || res->handed || strcmp(res->name, sn->want) == 0)
		return 0;
	if (strcasecmp(res->name, sn->want) == 0) {
		snprintf(sn->near, sizeof(sn->near), "%s", res->name);
		sn->found = 2;
	} else if (!sn->found && shut_name_nearest(sn->want, one, 1) != NULL) {
		snprintf(sn->near, sizeof(sn->near), "%s", res->name);
		sn->found = 1;
	}
	return 0;
}

/* The player of the history nearest to want, into near; 0 when none is. */
static int
stats_nearest(struct store *s, const char *want, char *near, size_t len)
{
	struct stats_names sn = { .want = want };
	char why[256];

	if (store_results(s, stats_name, &sn, why, sizeof(why)) < 0 ||
	    !sn.found)
		return 0;
	snprintf(near, len, "%s", sn.near);
	return 1;
}

/* Orders rows by player, then by the name of the rules, "(all)" last. */
static int
stats_cmp(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	if ((x->spec[0] == '\0') != (y->spec[0] == '\0'))
		return x->spec[0] == '\0' ? 1 : -1;
	return strcmp(x->rules, y->rules);
}

/* Whether row i is an "(all)" row that repeats a player's only row. */
static int
stats_redundant(const struct stats *st, size_t i)
{
	const struct stats_row *r = &st->row[i];

	return r->spec[0] == '\0' && i > 0 &&
	       strcmp(st->row[i - 1].name, r->name) == 0 &&
	       (i < 2 || strcmp(st->row[i - 2].name, r->name) != 0);
}

/* A share as a percentage with one decimal, or "-" without a whole. */
static void
stats_percent(int64_t part, int64_t whole, char *buf, size_t len)
{
	if (whole <= 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f%%",
			 100.0 * (double)part / (double)whole);
}

/*
 * A row's average and best turn scores as text ("-" for none: no turn
 * scored, or turns scored in more than one way).
 */
static void
stats_turn_scores(const struct stats_row *r, char *avg, char *best, size_t len)
{
	if (r->turns > 0 && !r->mixed)
		snprintf(avg, len, "%.1f",
			 (double)r->scored / (double)r->turns);
	else
		snprintf(avg, len, "-");
	if (r->best >= 0 && !r->mixed)
		snprintf(best, len, "%" PRId64, r->best);
	else
		snprintf(best, len, "-");
}

static void
stats_text(const struct stats *st)
{
	char win[16], shut[16], avg[24], best[24], money[48];
	char name[1024];
	struct front_text t;
	size_t i;
	int cols, avg_w = 6, best_w = 4, rules_w = 20, name_w = 16, cents = 0;

	/* The turn scores' columns as wide as their widest (digital's), and
	 * the rules' as its longest name ("classic tiles=1-3 rounds=100"). */
	for (i = 0; i < st->n; i++) {
		if (!stats_redundant(st, i) &&
		    (int)strlen(st->row[i].rules) > rules_w)
			rules_w = (int)strlen(st->row[i].rules);
		/* The money to the cent in every row if in one. */
		if (st->row[i].staked && st->row[i].cents % 100 != 0 &&
		    !stats_redundant(st, i))
			cents = 1;
		stats_turn_scores(&st->row[i], avg, best, sizeof(avg));
		if ((int)strlen(avg) > avg_w)
			avg_w = (int)strlen(avg);
		if ((int)strlen(best) > best_w)
			best_w = (int)strlen(best);
		/* The names' column as wide as the widest, as shown. */
		front_text_init(&t, name, sizeof(name));
		front_escaped(&t, st->row[i].name, strlen(st->row[i].name), 0);
		if (!stats_redundant(st, i) &&
		    front_columns(name, SIZE_MAX) > name_w)
			name_w = front_columns(name, SIZE_MAX);
	}
	printf("%-*s %-*s %5s %5s %6s %5s %6s %*s %*s %6s %9s\n", name_w,
	       "player", rules_w, "rules", "games", "wins", "win%", "shuts",
	       "shut%", avg_w, "avg", best_w, "best", "streak", "money");
	for (i = 0; i < st->n; i++) {
		const struct stats_row *r = &st->row[i];

		if (stats_redundant(st, i))
			continue;
		stats_percent(r->wins, r->rivalled, win, sizeof(win));
		stats_percent(r->shuts, r->turns, shut, sizeof(shut));
		stats_turn_scores(r, avg, best, sizeof(avg));
		front_text_init(&t, money, sizeof(money));
		if (r->staked) {
			front_printf(&t, "%s", r->cents > 0 ? "+" : "");
			front_money_as(&t, r->cents, cents);
		} else
			front_printf(&t, "-");
		/* The name in its column, as the terminal shows it. */
		front_text_init(&t, name, sizeof(name));
		front_escaped(&t, r->name, strlen(r->name), 0);
		cols = front_columns(name, SIZE_MAX);
		fputs(name, stdout);
		printf("%*s %-*s %5" PRId64 " %5" PRId64 " %6s %5" PRId64
		       " %6s %*s %*s %6" PRId64 " %9s\n",
		       name_w - cols, "", rules_w, r->rules, r->games, r->wins,
		       win, r->shuts, shut, avg_w, avg, best_w, best,
		       r->longest, money);
	}
	/* The headings a newcomer would ask about, as --help says them. */
	printf("\nwins and win%%: of games with others, a shared win counted; "
	       "streak: the longest\nrun of wins; avg and best: of a turn's "
	       "score; shuts: turns that shut the box;\nmoney: won or lost "
	       "with the stake (-: the rules had none)\n");
}

/* A row as JSON; NULL when memory ran out. */
static json_t *
stats_json_row(const struct stats_row *r)
{
	json_t *o = json_pack(
	    "{s:s, s:s?, s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "player",
	    r->name, "rules", r->spec[0] ? r->full : NULL, "rules_name",
	    r->rules, "games", (json_int_t)r->games, "games_with_others",
	    (json_int_t)r->rivalled, "wins", (json_int_t)r->wins, "turns",
	    (json_int_t)r->turns, "shuts", (json_int_t)r->shuts,
	    "turn_score_sum", (json_int_t)r->scored, "longest_streak",
	    (json_int_t)r->longest);

	if (o == NULL)
		return NULL;
	if (json_object_set_new(o, "best_turn_score",
				r->best >= 0 && !r->mixed
				    ? json_integer(r->best)
				    : json_null()) < 0 ||
	    (r->mixed &&
	     json_object_set_new(o, "turn_score_sum", json_null()) < 0) ||
	    json_object_set_new(o, "cents",
				r->staked ? json_integer(r->cents)
					  : json_null()) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int
stats_json(const struct stats *st)
{
	json_t *a = json_array();
	size_t i;
	int rc;

	for (i = 0; a != NULL && i < st->n; i++) {
		if (stats_redundant(st, i))
			continue;
		if (json_array_append_new(a, stats_json_row(&st->row[i])) < 0) {
			json_decref(a);
			a = NULL;
		}
	}
	rc = util_json_print("stats", a);
	json_decref(a);
	return rc;
}

/* Runs "shutbox stats". */
static int
stats_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "db", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct stats st = { NULL, NULL, 0, 0, 0 };
	struct store *s = NULL;
	const char *db = NULL;
	char why[512], near[STORE_NAME_BYTES];
	int json = 0, help = 0, missing, rc, c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		switch (c) {
		case 'j':
			json = 1;
			break;
		case 'D':
			if ((rc = util_db(optarg, &db)) != 0)
				return rc;
			break;
		case 'h':
			help = 1;
			break;
		default:
			return util_option_error(&cmd_stats_entry, longopts,
						 argv, c);
		}
	}
	if (help)
		return util_help(&cmd_stats_entry, argc, argv);
	/* The name trimmed, as play stores it. */
	if (optind < argc) {
		char *arg = argv[optind++];
		const char *name = arg;
		size_t n = util_trim(&name, strlen(arg));

		arg[(size_t)(name - arg) + n] = '\0';
		st.only = name;
	}
	if (st.only != NULL && st.only[0] == '\0')
		return util_error("stats: an empty player name");
	if (optind < argc)
		return util_error("stats: unexpected argument '%s'",
				  util_shown(argv[optind]));
	/* Reading makes nothing: not even a history, where there is none. */
	missing = store_open_listing(&s, db, why, sizeof(why));
	if (missing < 0)
		return util_fail("%s", why);
	rc = 0;
	if (!missing)
		rc = store_results(s, stats_gather, &st, why, sizeof(why));
	if (rc < 0 || st.oom)
		rc = st.oom ? util_fail("out of memory") : util_fail("%s", why);
	else if (json) {
		if (st.n > 0) /* no rows: no array to sort */
			qsort(st.row, st.n, sizeof(*st.row), stats_cmp);
		rc = stats_json(&st);
	} else if (missing) {
		printf("No games yet: %s.\n", why);
		rc = CMD_EXIT_OK;
	} else if (st.n == 0) {
		if (st.only != NULL)
			printf("No finished game of ");
		else
			printf("No finished games yet");
		if (st.only != NULL)
			util_print_escaped(stdout, st.only);
		printf(" in %s", store_path(s));
		if (st.only != NULL &&
		    stats_nearest(s, st.only, near, sizeof(near))) {
			printf(" (did you mean ");
			util_print_escaped(stdout, near);
			printf("?)");
		}
		printf(".\n");
		rc = CMD_EXIT_OK;
	} else {
		qsort(st.row, st.n, sizeof(*st.row), stats_cmp);
		stats_text(&st);
		rc = CMD_EXIT_OK;
	}
	rc = util_written("stats", rc);
	free(st.row);
	store_close(s);
	return rc;
}

const struct cmd_entry cmd_stats_entry = {
	.name = "stats",
	.usage = "[NAME] [--json] [--db PATH]",
	.help = "each player's figures from the history",
	.options =
	    "  --json           the figures as JSON\n"
	    "  --db PATH        the history database (default: as for "
	    "shutbox play)\n"
	    "\n"
	    "For every player (or only NAME), under each rule set and over "
	    "all of them:\n"
	    "games finished; wins (a shared win counts), the win rate and the "
	    "longest run of\n"
	    "wins, over the games with other players (a solitaire game's "
	    "result is its\n"
	    "total); turns that shut the box and their rate; the average and "
	    "best turn\n"
	    "score; and the money won or lost where the rules had a stake.\n",
	.exec = stats_exec,
};
