/*
 * history.c - "shutbox history": the games kept in the history.
 *
 * Without an ID it lists the latest games, newest first: when each was
 * started, its rules by name, every player's total and who won, or that it
 * can be resumed.  With an ID it tells that game turn by turn, replayed
 * from its actions through the plain game's own narration (plain_replay()),
 * so a replay reads exactly as the game did.  --json gives the same as
 * data: for one game, every action with its time and the events it caused,
 * so that another program (an analysis, a web page) needs nothing else.
 *
 * Totals and winners are worked out by replaying each game's actions
 * through the library, never read from a cache: what is listed is what the
 * record says.
 */
#define _DEFAULT_SOURCE
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "cmd.h"
#include "plain/plain.h"
#include "play.h"
#include "util.h"

/* The games listed when --limit is not given. */
#define HISTORY_LIMIT 20

/* ---------------------------------------------------------------------
 * Times and names
 */

/* A time in ms since the epoch as local "2026-11-25 14:03". */
static void
history_date(int64_t ms, char *buf, size_t len)
{
	time_t t = (time_t)(ms / 1000);
	struct tm tm;

	if (localtime_r(&t, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%d %H:%M", &tm) == 0)
		snprintf(buf, len, "?");
}

/* A time in ms since the epoch as UTC "2026-11-25T14:03:07.250Z". */
static void
history_iso(int64_t ms, char *buf, size_t len)
{
	time_t t = (time_t)(ms / 1000);
	struct tm tm;
	char day[32];

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(day, sizeof(day), "%Y-%m-%dT%H:%M:%S", &tm) == 0)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%s.%03dZ", day, (int)(ms % 1000));
}

/*
 * The short name of a stored game's rules ("classic stake=1", "golf"),
 * read from its spec.
 */
static void
history_rules_name(const char *spec, const struct shut_rules *r, char *buf,
		   size_t len)
{
	struct front_text t;

	front_text_init(&t, buf, len);
	front_spec_name(&t, spec, r);
}

/* ---------------------------------------------------------------------
 * The list of games
 */

/* The seats of a stored game as the front-end layer shows them. */
static void
history_seats(const struct store_game *sg, struct front_seats *seats)
{
	seats->n = sg->nseats;
	for (int i = 0; i < sg->nseats; i++) {
		seats->name[i] = sg->seat[i].name;
		seats->person[i] = sg->seat[i].person;
		seats->dropped[i] = sg->seat[i].dropped;
	}
}

/* Who took the pot of a game over with a stake, on a line of its own. */
static void
history_payout(const struct shut_game *g, const struct front_seats *seats)
{
	struct front_text t;
	char line[4096];

	front_text_init(&t, line, sizeof(line));
	if (front_payout(&t, g, seats)) {
		printf("        ");
		util_print_escaped(stdout, line);
		printf("\n");
	}
}

/*
 * One game of the list, as a line of text; an unfinished one says how to
 * go on with it, from history db (NULL: the default), or that another
 * shutbox is playing it (playing).
 */
static void
history_line(const struct store_game *sg, const char *db, int playing)
{
	static struct shut_game g;
	static struct front_seats seats;
	struct shut_rules r;
	char date[32], rules[256], command[UTIL_RESUME_MAX];
	char names[SHUT_SEATS_MAX * (PLAY_NAME_BYTES + 2)];
	int i, won = 0, wins[SHUT_SEATS_MAX];
	struct front_text t;

	history_date(sg->started, date, sizeof(date));
	printf("%6" PRId64 "  %s  ", sg->id, date);
	if (store_game_replay(sg, &r, &g) < 0) {
		printf("(a damaged record)\n");
		return;
	}
	history_rules_name(sg->spec, &r, rules, sizeof(rules));
	util_print_escaped(stdout, rules);
	printf("\n        ");
	history_seats(sg, &seats);
	for (i = 0; i < sg->nseats; i++) {
		const char *note = front_seat_note(&g, &seats, i);

		printf("%s", i ? ", " : "");
		util_print_escaped(stdout, sg->seat[i].name);
		printf(" %" PRIu64, g.seat[i].total);
		/* A turn not played, or a player who left or lost, which the
		 * total hides (0 would read as the best), or a battle's side,
		 * which it does not tell; one out by the total is plain from
		 * it.
		 */
		if (note[0] != '\0' &&
		    (!g.seat[i].out || g.seat[i].left || g.seat[i].lost))
			printf(" (%s)", note);
		if (sg->seat[i].handed)
			printf(" (the computer played on)");
	}
	if (g.need != SHUT_NEED_NONE && strcmp(sg->front, "serve") == 0) {
		printf("; unfinished: a table of shutbox serve\n");
		return;
	}
	if (g.need != SHUT_NEED_NONE && playing) {
		printf("; being played now by another shutbox\n");
		return;
	}
	if (g.need != SHUT_NEED_NONE) {
		util_resume_command(command, sizeof(command), db, sg->id);
		printf("; unfinished: ");
		util_print_escaped(stdout, command);
		printf("\n");
		return;
	}
	/* "won by A, B and C", as the game says its winners. */
	for (i = 0; i < sg->nseats; i++)
		won += wins[i] = front_seat_wins(&g, i);
	front_text_init(&t, names, sizeof(names));
	front_names_and(&t, &seats, wins, sg->nseats);
	if (won) {
		printf("; won by ");
		util_print_escaped(stdout, names);
	}
	/* A solitaire game's result is its total (or its note). */
	printf("%s\n", won || g.nseats == 1 ? "" : "; nobody won");
	history_payout(&g, &seats);
}

/* A seat of a stored game, with its total and result so far. */
static json_t *
history_json_seat(const struct store_game *sg, const struct shut_game *g, int i)
{
	const struct store_seat *s = &sg->seat[i];

	return json_pack("{s:s, s:b, s:s?, s:b, s:b, s:I, s:b, s:b}", "name",
			 s->name, "person", s->person, "strategy",
			 s->person ? NULL : s->strategy, "handed", s->handed,
			 "dropped", s->dropped, "total",
			 (json_int_t)g->seat[i].total, "winner",
			 front_seat_wins(g, i), "out", g->seat[i].out);
}

/*
 * The fields of a stored game both JSON forms share; playing: another
 * shutbox plays it now (asked of an unfinished game only).
 */
static json_t *
history_json_game(const struct store_game *sg, const struct shut_rules *r,
		  const struct shut_game *g, int playing)
{
	char started[40], name[256], seed[32], spec[512];
	json_t *o, *seats;
	int i;

	history_iso(sg->started, started, sizeof(started));
	history_rules_name(sg->spec, r, name, sizeof(name));
	/* The full spec, without a preset's name it was recorded after. */
	if (shut_rules_print(r, spec, sizeof(spec)) < 0)
		spec[0] = '\0';
	snprintf(seed, sizeof(seed), "%" PRIu64, sg->seed);
	o = json_pack("{s:I, s:s, s:b, s:s, s:s, s:s, s:s?, s:I, s:b}", "id",
		      (json_int_t)sg->id, "started", started, "finished",
		      g->need == SHUT_NEED_NONE, "rules", spec, "rules_name",
		      name, "dice", sg->manual_dice ? "manual" : "random",
		      "seed", sg->manual_dice ? NULL : seed, "action_count",
		      (json_int_t)sg->nactions, "playing", playing);
	seats = json_array();
	if (o == NULL || seats == NULL ||
	    json_object_set_new(o, "seats", seats) < 0) {
		json_decref(o);
		return NULL;
	}
	for (i = 0; i < sg->nseats; i++)
		if (json_array_append_new(seats, history_json_seat(sg, g, i)) <
		    0) {
			json_decref(o);
			return NULL;
		}
	return o;
}

/*
 * Lists the latest limit games (every game when limit is 0) of history db
 * (NULL: the default).
 */
static int
history_list(struct store *s, size_t limit, int json, const char *db)
{
	static struct shut_game g;
	struct store_game sg;
	struct shut_rules r;
	json_t *list = NULL, *o;
	int64_t *ids;
	char why[512];
	long n, i;
	int rc = CMD_EXIT_OK;

	n = store_games(s, limit, &ids, why, sizeof(why));
	if (n < 0)
		return util_fail("%s", why);
	if (json && (list = json_array()) == NULL) {
		free(ids);
		return util_fail("out of memory");
	}
	if (!json && n == 0)
		printf("No games yet in %s.\n", store_path(s));
	for (i = 0; i < n && rc == CMD_EXIT_OK; i++) {
		if (store_load(s, ids[i], &sg, why, sizeof(why)) < 0) {
			rc = util_fail("%s", why);
			break;
		}
		if (!json) {
			history_line(&sg, db,
				     !sg.finished &&
					 store_game_playing(s, sg.id));
			/* Said before the next game is read. */
			if (ferror(stdout))
				rc = util_output_error("history");
		} else if (store_game_replay(&sg, &r, &g) == 0) {
			o = history_json_game(&sg, &r, &g,
					      !sg.finished &&
						  store_game_playing(s, sg.id));
			if (o == NULL || json_array_append_new(list, o) < 0)
				rc = util_fail("out of memory");
		}
		store_game_release(&sg);
	}
	free(ids);
	if (json && rc == CMD_EXIT_OK)
		rc = util_json_print("history", list);
	json_decref(list);
	return rc;
}

/* ---------------------------------------------------------------------
 * One game
 */

/* Tiles as a JSON array of numbers. */
static json_t *
history_json_tiles(uint32_t tiles)
{
	json_t *a = json_array();
	int t;

	for (t = 1; a != NULL && t <= SHUT_TILES_MAX; t++)
		if ((tiles & SHUT_TILE(t)) &&
		    json_array_append_new(a, json_integer(t)) < 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* The faces of a throw as a JSON array. */
static json_t *
history_json_faces(const struct shut_throw *th)
{
	json_t *a = json_array();
	int i;

	for (i = 0; a != NULL && i < th->n; i++)
		if (json_array_append_new(a, json_integer(th->face[i])) < 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* The fields each kind of event has, beyond its kind. */
enum {
	F_SEAT = 1 << 0,
	F_COUNT = 1 << 1,
	F_TILES = 1 << 2,
	F_SCORE = 1 << 3,
	F_TOTAL = 1 << 4,
	F_CENTS = 1 << 5,
	F_THROWN = 1 << 6
};

static const struct {
	const char *count; /* what .count means, for its JSON name */
	unsigned fields;
} event_fields[] = {
	[SHUT_EVENT_DICE] = { "dice", F_SEAT | F_COUNT },
	[SHUT_EVENT_THROW] = { NULL, F_SEAT | F_THROWN },
	[SHUT_EVENT_BUST] = { "bust", F_SEAT | F_COUNT },
	[SHUT_EVENT_BLOCKED] = { NULL, F_SEAT },
	[SHUT_EVENT_MISS] = { "tile", F_SEAT | F_COUNT },
	[SHUT_EVENT_MOVE] = { NULL, F_SEAT | F_TILES },
	[SHUT_EVENT_SHUT] = { NULL, F_SEAT },
	[SHUT_EVENT_REOPEN] = { NULL, F_SEAT },
	[SHUT_EVENT_TURN_END] = { NULL, F_SEAT | F_SCORE | F_TOTAL },
	[SHUT_EVENT_OUT] = { NULL, F_SEAT | F_TOTAL },
	[SHUT_EVENT_LOSE] = { NULL, F_SEAT },
	[SHUT_EVENT_LEAVE] = { NULL, F_SEAT },
	[SHUT_EVENT_ROUND_END] = { "round", F_COUNT },
	[SHUT_EVENT_WIN] = { NULL, F_SEAT | F_CENTS },
	[SHUT_EVENT_GAME_END] = { "winners", F_COUNT | F_CENTS },
};

/* Sets o[key] to v; -1 when v is NULL or memory ran out. */
static int
history_set(json_t *o, const char *key, json_t *v)
{
	return v == NULL ? -1 : json_object_set_new(o, key, v);
}

/* One event as a JSON object with the fields of its kind. */
static json_t *
history_json_event(const struct shut_event *e)
{
	unsigned f = event_fields[e->kind].fields;
	json_t *o = json_pack("{s:s}", "kind", front_event_name(e->kind));
	int bad = o == NULL;

	if (!bad && (f & F_SEAT))
		bad |= history_set(o, "seat", json_integer(e->seat)) < 0;
	if (!bad && (f & F_COUNT))
		bad |= history_set(o, event_fields[e->kind].count,
				   json_integer(e->count)) < 0;
	if (!bad && (f & F_TILES))
		bad |=
		    history_set(o, "tiles", history_json_tiles(e->tiles)) < 0;
	if (!bad && (f & F_SCORE))
		bad |= history_set(o, "score",
				   json_integer((json_int_t)e->score)) < 0;
	if (!bad && (f & F_TOTAL))
		bad |= history_set(o, "total",
				   json_integer((json_int_t)e->total)) < 0;
	if (!bad && (f & F_CENTS))
		bad |= history_set(o, "cents", json_integer(e->cents)) < 0;
	if (!bad && (f & F_THROWN))
		bad |=
		    history_set(o, "faces", history_json_faces(&e->thrown)) < 0;
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Action i of a stored game, applied to g, with the events it caused. */
static json_t *
history_json_action(const struct store_game *sg, size_t i, struct shut_game *g)
{
	static struct shut_events ev;
	const struct shut_action *a = &sg->action[i];
	char when[40];
	json_t *o, *events;
	int j, bad;

	if (shut_game_act(g, a, &ev) < 0)
		return NULL;
	history_iso(sg->action_time[i], when, sizeof(when));
	o = json_pack("{s:I, s:s, s:s, s:i}", "n", (json_int_t)i + 1, "time",
		      when, "kind", front_action_name(a->kind), "seat",
		      a->kind == SHUT_ACT_LEAVE ? a->seat : ev.ev[0].seat);
	bad = o == NULL;
	if (!bad && a->kind == SHUT_ACT_DICE)
		bad = history_set(o, "dice", json_integer(a->dice)) < 0;
	if (!bad && a->kind == SHUT_ACT_THROW)
		bad =
		    history_set(o, "faces", history_json_faces(&a->thrown)) < 0;
	if (!bad && a->kind == SHUT_ACT_MOVE)
		bad = history_set(o, "tiles", history_json_tiles(a->move)) < 0;
	events = json_array();
	bad |= history_set(o, "events", events) < 0;
	for (j = 0; !bad && j < ev.n; j++)
		bad = json_array_append_new(events,
					    history_json_event(&ev.ev[j])) < 0;
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* One game as JSON: its header, seats and every action with its events. */
static int
history_game_json(struct store *s, const struct store_game *sg)
{
	static struct shut_game g, end;
	struct shut_rules r;
	json_t *o, *actions;
	size_t i;
	int rc;

	if (store_game_replay(sg, &r, &end) < 0 ||
	    store_game_start(sg, &r, &g) < 0)
		return util_fail("game %" PRId64 ": its record does not "
				 "replay",
				 sg->id);
	o = history_json_game(sg, &r, &end,
			      !sg->finished && store_game_playing(s, sg->id));
	if (o == NULL)
		return util_fail("game %" PRId64 ": its record cannot be "
				 "written as JSON",
				 sg->id);
	actions = json_array();
	if (history_set(o, "actions", actions) < 0) {
		json_decref(o);
		return util_fail("out of memory");
	}
	for (i = 0; i < sg->nactions; i++)
		if (json_array_append_new(actions,
					  history_json_action(sg, i, &g)) < 0) {
			json_decref(o);
			return util_fail("out of memory");
		}
	rc = util_json_print("history", o);
	json_decref(o);
	return rc;
}

/*
 * One game told turn by turn, as it was played, from history db (NULL:
 * the default).
 */
static int
history_game_text(const struct store_game *sg, const char *db)
{
	static struct play game;
	struct play *p = &game;
	char date[32];
	int rc;

	memset(p, 0, sizeof(*p));
	history_date(sg->started, date, sizeof(date));
	printf("Game %" PRId64 ", started %s", sg->id, date);
	if (!sg->manual_dice)
		printf(", seed %" PRIu64, sg->seed);
	printf("\n");
	for (int i = 0; i < sg->nseats; i++)
		if (sg->seat[i].handed) {
			printf("The computer played on for ");
			util_print_escaped(stdout, sg->seat[i].name);
			printf(", its table's host having handed the seat "
			       "over.\n");
		}
	for (int i = 0; i < sg->nseats; i++)
		if (sg->seat[i].dropped) {
			printf("The table's host dropped ");
			util_print_escaped(stdout, sg->seat[i].name);
			printf(" from the game.\n");
		}
	/* The computers' solvers are not made: the record says their
	 * moves, and perfect's solution may take seconds (play_seat()). */
	p->lazy = 1;
	rc = play_setup_stored(p, sg);
	p->db = db;
	/* A table of the server goes on there, not in play. */
	p->front = strcmp(sg->front, "serve") == 0 ? "serve" : NULL;
	if (rc == 0)
		rc = plain_replay(p, sg->action, sg->nactions) == PLAIN_FAIL
			 ? CMD_EXIT_FAIL
			 : CMD_EXIT_OK;
	play_release(p);
	return rc;
}

/*
 * No history at all, where why says it was looked for: a list of no
 * games, and no game to replay.
 */
static int
history_none(const char *why, int64_t id, int json)
{
	json_t *list;
	int rc;

	if (id != 0)
		return util_fail("no games yet: %s", why);
	if (!json) {
		printf("No games yet: %s.\n", why);
		return CMD_EXIT_OK;
	}
	list = json_array();
	rc = util_json_print("history", list);
	json_decref(list);
	return rc;
}

/* Reads --limit: a whole number, 0 for every game. */
static int
history_limit(const char *text, size_t *limit)
{
	char *end;
	unsigned long long v;

	v = strtoull(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || v > 1000000000)
		return util_error("bad --limit: %s: use a number of games, 0 "
				  "for all",
				  util_shown(text));
	*limit = (size_t)v;
	return 0;
}

/* Runs "shutbox history". */
static int
history_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "limit", required_argument, NULL, 'l' },
		{ "db", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct store *s = NULL;
	struct store_game sg;
	const char *db = NULL;
	size_t limit = HISTORY_LIMIT;
	int64_t id = 0;
	char why[512];
	int json = 0, help = 0, limited = 0, rc, c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		switch (c) {
		case 'j':
			json = 1;
			break;
		case 'l':
			if ((rc = history_limit(optarg, &limit)) != 0)
				return rc;
			limited = 1;
			break;
		case 'D':
			if ((rc = util_db(optarg, &db)) != 0)
				return rc;
			break;
		case 'h':
			help = 1;
			break;
		default:
			return util_option_error(&cmd_history_entry, longopts,
						 argv, c);
		}
	}
	if (help)
		return util_help(&cmd_history_entry, argc, argv);
	if (optind < argc &&
	    (rc = util_game_id("history:", argv[optind++], &id)) != 0)
		return rc;
	if (optind < argc)
		return util_error("history: unexpected argument '%s'",
				  util_shown(argv[optind]));
	if (limited && id != 0)
		return util_error("history: --limit goes with the list, not "
				  "with game %" PRId64,
				  id);
	/* Reading makes nothing: not even a history, where there is none. */
	rc = store_open_listing(&s, db, why, sizeof(why));
	if (rc < 0)
		return util_fail("%s", why);
	if (rc > 0)
		rc = history_none(why, id, json);
	else if (id == 0)
		rc = history_list(s, limit, json, db);
	else if (store_load(s, id, &sg, why, sizeof(why)) < 0)
		rc = util_fail("%s", why);
	else {
		rc = json ? history_game_json(s, &sg)
			  : history_game_text(&sg, db);
		store_game_release(&sg);
	}
	rc = util_written("history", rc);
	store_close(s);
	return rc;
}

const struct cmd_entry cmd_history_entry = {
	.name = "history",
	.usage = "[ID] [--json] [--limit N] [--db PATH]",
	.help = "list the games played, or replay one",
	.options =
	    "  --json           the games, or game ID with every action and "
	    "its events, as\n"
	    "                   JSON\n"
	    "  --limit N        list the latest N games (default: 20; 0 for "
	    "all)\n"
	    "  --db PATH        the history database (default: as for "
	    "shutbox play)\n"
	    "\n"
	    "Without ID, lists the latest games, newest first: when each "
	    "was started, its\n"
	    "rules, every player's total and the winner, or how to resume a "
	    "game that\n"
	    "stopped.  With ID, replays that game turn by turn from its "
	    "record.\n",
	.exec = history_exec,
};
