/*
 * store_read.c - the history read back: a game, the latest unfinished
 * one, the list of games and the results of the finished ones.
 *
 * Split from store.c, which opens the history and writes it; what the two
 * share (struct store, the error line, preparing a statement) is in db.h.
 * A game is read back as its rules, seats and actions, exactly as
 * store.c wrote them; what the game was is worked out by replaying them.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store/db.h"
#include "store/store.h"

/* ---------------------------------------------------------------------
 * Reading a game
 */

/*
 * Reads the faces of a throw written by faces_text() in store.c; 0, or -1
 * if bad.
 */
static int
faces_read(const char *text, struct shut_throw *t)
{
	const char *p = text;

	memset(t, 0, sizeof(*t));
	while (*p != '\0') {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p || v < 1 || v > SHUT_FACES_MAX ||
		    t->n >= SHUT_DICE_MAX)
			return -1;
		t->face[t->n++] = (int)v;
		p = end;
		while (*p == ' ')
			p++;
	}
	return 0;
}

static int
load_header(struct store *s, int64_t id, struct store_game *g, char *why,
	    size_t whylen)
{
	sqlite3_stmt *st;
	const char *text;
	int rc;

	if (store_prepare(s,
			  s->version >= 4
			      ? "SELECT spec, seed, manual_dice, started, "
				"finished, front FROM games WHERE id = ?"
			      : "SELECT spec, seed, manual_dice, started, "
				"finished, '' FROM games WHERE id = ?",
			  &st, why, whylen) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE)
			return store_fail(s, why, whylen, "cannot read it");
		snprintf(why, whylen, "history %s: no game %" PRId64, s->path,
			 id);
		return -1;
	}
	g->id = id;
	text = (const char *)sqlite3_column_text(st, 0);
	snprintf(g->spec, sizeof(g->spec), "%s", text ? text : "");
	text = (const char *)sqlite3_column_text(st, 1);
	g->seed = text ? strtoull(text, NULL, 10) : 0;
	g->manual_dice = sqlite3_column_int(st, 2);
	g->started = sqlite3_column_int64(st, 3);
	g->finished = sqlite3_column_int(st, 4);
	text = (const char *)sqlite3_column_text(st, 5);
	snprintf(g->front, sizeof(g->front), "%s", text ? text : "");
	sqlite3_finalize(st);
	return 0;
}

static int
load_seats(struct store *s, struct store_game *g, char *why, size_t whylen)
{
	sqlite3_stmt *st;
	int rc;

	/* Whether a seat was handed over is known from version 6, whether
	 * its player was dropped from 7. */
	if (store_prepare(
		s,
		s->version >= 7
		    ? "SELECT seat, name, person, strategy, handed, "
		      "dropped FROM seats WHERE game = ? ORDER BY seat"
		: s->version >= 6
		    ? "SELECT seat, name, person, strategy, handed, 0 "
		      "FROM seats WHERE game = ? ORDER BY seat"
		    : "SELECT seat, name, person, strategy, 0, 0 "
		      "FROM seats WHERE game = ? ORDER BY seat",
		&st, why, whylen) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, g->id);
	g->nseats = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct store_seat *seat;
		const char *name, *strategy;

		if (g->nseats >= SHUT_SEATS_MAX ||
		    sqlite3_column_int(st, 0) != g->nseats)
			break;
		seat = &g->seat[g->nseats++];
		name = (const char *)sqlite3_column_text(st, 1);
		strategy = (const char *)sqlite3_column_text(st, 3);
		snprintf(seat->name, sizeof(seat->name), "%s",
			 name ? name : "");
		seat->person = sqlite3_column_int(st, 2);
		snprintf(seat->strategy, sizeof(seat->strategy), "%s",
			 strategy ? strategy : "");
		seat->handed = sqlite3_column_int(st, 4);
		seat->dropped = sqlite3_column_int(st, 5);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE || g->nseats == 0) {
		snprintf(why, whylen,
			 "history %s: game %" PRId64 " has damaged seats",
			 s->path, g->id);
		return -1;
	}
	return 0;
}

/* Grows the action arrays of g to hold one more. */
static int
load_grow(struct store_game *g, size_t *cap)
{
	struct shut_action *a;
	int64_t *t;

	if (g->nactions < *cap)
		return 0;
	*cap = *cap ? 2 * *cap : 64;
	a = realloc(g->action, *cap * sizeof(*a));
	if (a == NULL)
		return -1;
	g->action = a;
	t = realloc(g->action_time, *cap * sizeof(*t));
	if (t == NULL)
		return -1;
	g->action_time = t;
	return 0;
}

static int
load_actions(struct store *s, struct store_game *g, char *why, size_t whylen)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	int rc;

	if (store_prepare(s,
			  "SELECT n, kind, seat, dice, faces, move, time FROM "
			  "actions WHERE game = ? ORDER BY n",
			  &st, why, whylen) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, g->id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct shut_action *a;
		const char *faces = (const char *)sqlite3_column_text(st, 4);
		int kind = sqlite3_column_int(st, 1);

		if (load_grow(g, &cap) < 0) {
			sqlite3_finalize(st);
			snprintf(why, whylen, "history: out of memory");
			return -1;
		}
		a = &g->action[g->nactions];
		memset(a, 0, sizeof(*a));
		if (sqlite3_column_int64(st, 0) != (int64_t)g->nactions ||
		    kind < SHUT_ACT_DICE || kind > SHUT_ACT_LEAVE ||
		    faces_read(faces ? faces : "", &a->thrown) < 0)
			break;
		a->kind = (enum shut_action_kind)kind;
		a->seat = sqlite3_column_int(st, 2);
		a->dice = sqlite3_column_int(st, 3);
		a->move = (uint32_t)sqlite3_column_int64(st, 5);
		g->action_time[g->nactions++] = sqlite3_column_int64(st, 6);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		snprintf(why, whylen,
			 "history %s: game %" PRId64 " has a damaged action",
			 s->path, g->id);
		return -1;
	}
	return 0;
}

int
store_load(struct store *s, int64_t id, struct store_game *g, char *why,
	   size_t whylen)
{
	memset(g, 0, sizeof(*g));
	if (load_header(s, id, g, why, whylen) < 0 ||
	    load_seats(s, g, why, whylen) < 0 ||
	    load_actions(s, g, why, whylen) < 0) {
		store_game_release(g);
		return -1;
	}
	return 0;
}

void
store_game_release(struct store_game *g)
{
	free(g->action);
	free(g->action_time);
	g->action = NULL;
	g->action_time = NULL;
	g->nactions = 0;
}

int
store_latest_unfinished(struct store *s, int64_t *id, char *why, size_t whylen)
{
	sqlite3_stmt *st;
	int rc;

	if (store_prepare(s,
			  "SELECT id FROM games WHERE finished = 0 AND "
			  "front = 'play' ORDER BY id DESC LIMIT 1",
			  &st, why, whylen) < 0)
		return -1;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 0;
	if (rc == SQLITE_DONE)
		return 1;
	return store_fail(s, why, whylen, "cannot read it");
}

/* ---------------------------------------------------------------------
 * Reading the history
 */

long
store_games(struct store *s, size_t cap, int64_t **ids, char *why,
	    size_t whylen)
{
	sqlite3_stmt *st;

	*ids = NULL;
	if (store_prepare(s, "SELECT id FROM games ORDER BY id DESC LIMIT ?",
			  &st, why, whylen) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, cap ? (int64_t)cap : -1);
	return store_ids(s, st, ids, why, whylen);
}

/* A text column, never NULL. */
static const char *
column_text(sqlite3_stmt *st, int i)
{
	const char *text = (const char *)sqlite3_column_text(st, i);

	return text ? text : "";
}

/*
 * Every seat's result, with whether it was handed over (0 before 6) and
 * the number of seats of its game.
 */
#define STORE_RESULTS_SQL(handed)                                              \
	"SELECT r.game, g.started, g.spec, s.name, s.person, s.strategy,"      \
	" r.total, r.winner, r.rank, r.cents, r.turns, r.shuts, r.best,"       \
	" r.scored, " handed ","                                               \
	" (SELECT COUNT(*) FROM seats x WHERE x.game = r.game)"                \
	" FROM results r"                                                      \
	" JOIN games g ON g.id = r.game"                                       \
	" JOIN seats s ON s.game = r.game AND s.seat = r.seat"                 \
	" WHERE g.finished = 1 ORDER BY r.game, r.seat"

int
store_results(struct store *s,
	      int (*fn)(void *ctx, const struct store_result *r), void *ctx,
	      char *why, size_t whylen)
{
	sqlite3_stmt *st;
	struct store_result r;
	int rc, stop = 0;

	if (store_prepare(s,
			  s->version >= 6 ? STORE_RESULTS_SQL("s.handed")
					  : STORE_RESULTS_SQL("0"),
			  &st, why, whylen) < 0)
		return -1;
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.game = sqlite3_column_int64(st, 0);
		r.started = sqlite3_column_int64(st, 1);
		r.spec = column_text(st, 2);
		r.name = column_text(st, 3);
		r.person = sqlite3_column_int(st, 4);
		r.strategy = column_text(st, 5);
		r.total = sqlite3_column_int64(st, 6);
		r.winner = sqlite3_column_int(st, 7);
		r.rank = sqlite3_column_int(st, 8);
		r.cents = sqlite3_column_int64(st, 9);
		r.turns = sqlite3_column_int64(st, 10);
		r.shuts = sqlite3_column_int64(st, 11);
		r.best = sqlite3_column_int64(st, 12);
		r.scored = sqlite3_column_int64(st, 13);
		r.handed = sqlite3_column_int(st, 14);
		r.seats = sqlite3_column_int(st, 15);
		stop = fn(ctx, &r);
	}
	sqlite3_finalize(st);
	if (stop)
		return stop;
	if (rc != SQLITE_DONE)
		return store_fail(s, why, whylen, "cannot read it");
	return 0;
}
