/*
 * keep.c - what a table of "shutbox serve" keeps in the history, and the
 * tables brought back from it.
 *
 * The table's seat tokens, its host token, its hints, the seats a
 * computer took over and those a page has held (joined) are kept in the
 * history's settings under
 * "serve.table.ID", so that a server started again after a crash brings
 * back every unfinished table with its seats (table_restore()): its game
 * replayed from its record, its log told again, its computers thinking
 * again; and a table whose game ended within --idle, its result shown
 * and another game a tap away.  A table put away is marked so and left
 * to "shutbox play --resume".
 */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "serve/serve.h"
#include "util.h"

/* ---------------------------------------------------------------------
 * What is kept in the history's settings
 */

/*
 * The next game's table, and what pages late for it are sent on with
 * (ws_moved_msg()): its seats' tokens, the seat of this table each is,
 * and its host's token.
 */
static void
table_keep_again(const struct table *t, json_t *o)
{
	json_t *tokens = json_array(), *from = json_array();

	for (int j = 0; j < t->again_n && tokens != NULL && from != NULL; j++) {
		json_array_append_new(tokens, json_string(t->again_token[j]));
		json_array_append_new(from, json_integer(t->again_from[j]));
	}
	json_object_set_new(o, "again", json_integer(t->again));
	if (tokens != NULL && from != NULL)
		json_object_set_new(o, "again_seats",
				    json_pack("{s:o, s:o, s:s}", "tokens",
					      tokens, "from", from, "host",
					      t->again_host));
	else {
		json_decref(tokens);
		json_decref(from);
	}
}

/*
 * Reads back the next game's seats that table_keep_again() wrote (o, or
 * NULL where the settings are older than it): 0, or -1 when they do not
 * fit t.
 */
static int
table_read_again(struct table *t, json_int_t again, json_t *o)
{
	json_t *tokens, *from;
	const char *host;
	size_t n;

	t->again = again;
	if (o == NULL)
		return 0;
	if (json_unpack(o, "{s:o, s:o, s:s!}", "tokens", &tokens, "from", &from,
			"host", &host) < 0 ||
	    !json_is_array(tokens) || !json_is_array(from) ||
	    (n = json_array_size(tokens)) != json_array_size(from) ||
	    n > SERVE_SEATS || strlen(host) >= SERVE_TOKEN)
		return -1;
	for (size_t j = 0; j < n; j++) {
		const char *tok = json_string_value(json_array_get(tokens, j));
		json_t *k = json_array_get(from, j);

		if (tok == NULL || strlen(tok) >= SERVE_TOKEN ||
		    !json_is_integer(k) || json_integer_value(k) < 0 ||
		    json_integer_value(k) >= t->p.nseats)
			return -1;
		memcpy(t->again_token[j], tok, strlen(tok) + 1);
		t->again_from[j] = (int)json_integer_value(k);
	}
	t->again_n = (int)n;
	memcpy(t->again_host, host, strlen(host) + 1);
	return 0;
}

/*
 * Writes the table's tokens, hints and computer seats to the settings, the
 * players the host dropped (when any), the seats a page has held, and
 * whether it was put away (then it is not brought back).
 */
void
table_keep(struct table *t)
{
	char key[64], why[512], *text;
	json_t *o, *tokens = json_array(), *cpus = json_array(),
		   *dropped = json_array();
	int i, rc, any = 0;

	if (t->p.store == NULL || tokens == NULL || cpus == NULL ||
	    dropped == NULL) {
		json_decref(tokens);
		json_decref(cpus);
		json_decref(dropped);
		return;
	}
	for (i = 0; i < t->p.nseats; i++) {
		json_array_append_new(tokens, json_string(t->token[i]));
		json_array_append_new(cpus, json_boolean(t->replaced[i]));
		json_array_append_new(dropped,
				      json_boolean(t->p.seats.dropped[i]));
		any |= t->p.seats.dropped[i];
	}
	o = json_pack("{s:s, s:o, s:b, s:o}", "host", t->host, "tokens", tokens,
		      "hints", t->hints, "replaced", cpus);
	if (o != NULL && t->away)
		json_object_set_new(o, "away", json_true());
	/* The next game begun from it: a restart does not bring it back,
	 * or (its end not recorded) brings it back sending pages on. */
	if (o != NULL && t->again != 0)
		table_keep_again(t, o);
	if (o != NULL && any)
		json_object_set(o, "dropped", dropped);
	/* The seats a page has held: a restart shows them away. */
	if (o != NULL)
		json_object_set_new(o, "joined", json_integer(t->joined));
	json_decref(dropped);
	text = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;
	snprintf(key, sizeof(key), "serve.table.%" PRId64, t->id);
	pthread_mutex_lock(&serve_store_lock);
	rc = text == NULL
		 ? -1
		 : store_setting_set(t->p.store, key, text, why, sizeof(why));
	pthread_mutex_unlock(&serve_store_lock);
	if (rc < 0)
		util_warning("table %" PRId64 ": its seats are not kept: %s",
			     t->id, text == NULL ? "out of memory" : why);
	free(text);
	json_decref(o);
}

/*
 * Seat of table t is marked in the history by mark (store_seat_handed(),
 * store_seat_dropped()); a failure is warned of.
 */
static void
table_mark(struct table *t, int seat,
	   int (*mark)(struct store *, int64_t, int, char *, size_t))
{
	char why[512];
	int rc;

	if (t->p.store == NULL)
		return;
	pthread_mutex_lock(&serve_store_lock);
	rc = mark(t->p.store, t->id, seat, why, sizeof(why));
	pthread_mutex_unlock(&serve_store_lock);
	if (rc < 0)
		util_warning("table %" PRId64 ": %s", t->id, why);
}

/*
 * Seat of table t is one a computer played on for, from now on: so the
 * history says, and its result is not its person's (store_seat_handed()).
 */
void
table_handed(struct table *t, int seat)
{
	table_mark(t, seat, store_seat_handed);
}

/* The host of table t dropped seat's player: so the history says. */
void
table_dropped(struct table *t, int seat)
{
	table_mark(t, seat, store_seat_dropped);
}

/*
 * A table put away is the terminal game's from now on: its game, left
 * unfinished, is one that "shutbox play --resume" may go on with.
 */
void
table_give_up(struct table *t)
{
	char why[512];

	if (t->p.store == NULL)
		return;
	pthread_mutex_lock(&serve_store_lock);
	if (store_set_front(t->p.store, t->id, "play", why, sizeof(why)) < 0)
		util_warning("table %" PRId64 ": %s", t->id, why);
	pthread_mutex_unlock(&serve_store_lock);
}

/* Reads back what table_keep() wrote; -1 when it does not fit t. */
static int
table_read_kept(struct table *t, const char *text)
{
	json_t *o = json_loads(text, 0, NULL), *tokens, *cpus, *dropped = NULL,
	       *again_seats = NULL;
	const char *host;
	/* Settings kept before they said it: every seat counts as joined. */
	json_int_t again = 0, joined = -1;
	int hints, away = 0, i, rc = -1;

	if (o == NULL ||
	    json_unpack(o, "{s:s, s:o, s:b, s:o, s?b, s?o, s?I, s?o, s?I!}",
			"host", &host, "tokens", &tokens, "hints", &hints,
			"replaced", &cpus, "away", &away, "dropped", &dropped,
			"again", &again, "again_seats", &again_seats, "joined",
			&joined) < 0 ||
	    again < 0 || table_read_again(t, again, again_seats) < 0)
		goto out;
	t->away = away;
	t->joined = (unsigned)joined & ((1u << SERVE_SEATS) - 1);
	if (!json_is_array(tokens) || !json_is_array(cpus) ||
	    json_array_size(tokens) != (size_t)t->p.nseats ||
	    json_array_size(cpus) != (size_t)t->p.nseats ||
	    (dropped != NULL &&
	     (!json_is_array(dropped) ||
	      json_array_size(dropped) != (size_t)t->p.nseats)) ||
	    strlen(host) != SERVE_TOKEN - 1)
		goto out;
	memcpy(t->host, host, SERVE_TOKEN);
	t->hints = hints;
	for (i = 0; i < t->p.nseats; i++) {
		const char *tok = json_string_value(json_array_get(tokens, i));

		if (tok == NULL || strlen(tok) >= SERVE_TOKEN)
			goto out;
		memcpy(t->token[i], tok, strlen(tok) + 1);
		t->replaced[i] = json_is_true(json_array_get(cpus, i));
		t->p.seats.dropped[i] =
		    json_is_true(json_array_get(dropped, i));
	}
	rc = 0;
out:
	json_decref(o);
	return rc;
}

/* ---------------------------------------------------------------------
 * Bringing tables back
 */

/* The events of one action replayed, into the log. */
static void
table_told(void *ctx, const struct shut_events *ev)
{
	table_events(ctx, ev);
}

/* Table of stored game sg, whose kept settings are kept. */
static struct table *
table_back(const struct store_game *sg, const char *kept)
{
	struct table *t = table_new();
	struct store *held = NULL;
	char why[512];
	int i;

	if (t == NULL)
		return NULL;
	/*
	 * Its game held first, as a new table's is, finished or not (its
	 * next game a tap away): another server on this history does not
	 * bring it back as well.  The table's store from the replay on.
	 */
	if (store_open(&held, serve_config.db, why, sizeof(why)) < 0) {
		util_warning("%s", why);
		goto fail;
	}
	if (store_claim_game(held, sg->id) != 0) {
		util_warning("table %" PRId64 " is being played by another "
			     "shutbox: it is not brought back",
			     sg->id);
		store_close(held);
		table_free(t);
		return NULL;
	}
	t->p.lazy = 1;
	if (play_setup_stored(&t->p, sg) != 0)
		goto fail;
	t->id = sg->id;
	t->alone_ms = serve_now();
	if (table_read_kept(t, kept) < 0)
		goto fail;
	for (i = 0; i < t->p.nseats; i++)
		if (t->replaced[i]) {
			t->p.human[i] = 0;
			t->p.nhumans--;
			if (play_seat(&t->p, i, "cpu:optimal") != 0)
				goto fail;
		}
	play_front_seats(&t->p);
	table_dice(&t->p);
	/* What happened is told again, as it was (the last SERVE_LOG lines). */
	table_opening(t);
	if (play_replay(&t->p, sg, table_told, t) != 0)
		goto fail;
	t->p.store = held;
	held = NULL;
	store_manual_checkpoints(t->p.store);
	t->p.hints_early = t->hints;
	/*
	 * A game that ended before its end was recorded (a crash between
	 * the two) is finished now, with no solver; any other holds its part
	 * of --memory-all again, past it if need be.
	 */
	if (t->p.g.need == SHUT_NEED_NONE && sg->finished) {
		t->over = 1; /* its end recorded already */
		play_let_go(&t->p);
	} else if (t->p.g.need == SHUT_NEED_NONE) {
		table_over(t);
	} else {
		table_hold(t, table_weight(&t->p, t->hints), 1);
		play_think(&t->p);
	}
	/*
	 * A game not over goes on: the log says the server started again,
	 * after what the record cannot tell again, a seat the computer took.
	 */
	if (t->p.g.need != SHUT_NEED_NONE) {
		for (i = 0; i < t->p.nseats; i++)
			if (t->replaced[i])
				table_say_computer(t, i);
		table_say(t, "The server started again; the game goes on\n", 0);
	}
	t->next_ms = serve_now() + serve_config.pace_ms;
	return t;
fail:
	util_warning("table %" PRId64 " cannot be brought back", sg->id);
	store_close(held);
	table_free(t);
	return NULL;
}

/*
 * Whether the kept settings say that the table was put away, or (for a
 * finished one) that its next game was begun: then it is not brought
 * back.
 */
static int
table_put_away(const char *kept, int finished)
{
	json_t *o = json_loads(kept, 0, NULL);
	int away = json_is_true(json_object_get(o, "away")) ||
		   (finished && json_object_get(o, "again") != NULL);

	json_decref(o);
	return away;
}

/*
 * Whether the game of sg, finished, ended within --idle of now: its table
 * comes back as it was, the result on its pages and another game with the
 * same players one tap away, as if the server had not stopped.
 */
static int
table_recent(const struct store_game *sg)
{
	return sg->nactions > 0 &&
	       play_now() - sg->action_time[sg->nactions - 1] <=
		   serve_config.idle_ms;
}

/*
 * Brings back stored game id, when it is a table unfinished, or (with
 * finished) one finished lately (table_recent()): 1 when an unfinished
 * one came back, 2 a finished one, 3 when (without finished) it is one
 * finished lately, for the second pass; 0 when it is no table to bring
 * back (or could not be), -1 when there is no room for it.
 */
static int
table_restore_one(struct store *s, int64_t id, int finished)
{
	struct store_game sg;
	char key[64], why[512], *kept;
	struct table *t = NULL;
	int over, rc;

	snprintf(key, sizeof(key), "serve.table.%" PRId64, id);
	if ((kept = malloc(8192)) == NULL)
		return 0;
	if (store_setting_get(s, key, kept, 8192, why, sizeof(why)) != 0) {
		free(kept);
		return 0;
	}
	memset(&sg, 0, sizeof(sg));
	/* 1: to bring back now. */
	rc = store_load(s, id, &sg, why, sizeof(why)) != 0 ||
		     table_put_away(kept, sg.finished) ||
		     (sg.finished && !table_recent(&sg))
		 ? 0
	     : sg.finished && !finished ? 3
					: 1;
	if (rc != 1) {
		store_game_release(&sg);
		free(kept);
		return rc;
	}
	if (table_room(0, NULL) < 0) {
		store_game_release(&sg);
		free(kept);
		return -1;
	}
	if ((t = table_back(&sg, kept)) != NULL) {
		table_rules_words(t);
		t->refs = 1;
	}
	over = t != NULL && t->over;
	table_enlist(t, NULL);
	if (t != NULL)
		table_put(t);
	store_game_release(&sg);
	free(kept);
	return t == NULL ? 0 : over ? 2 : 1;
}

int
table_restore(void)
{
	struct store *s;
	int64_t *ids = NULL;
	char why[512];
	long n, i, later;
	int back = 0, rc = 0;

	if (store_open(&s, serve_config.db, why, sizeof(why)) < 0) {
		util_warning("%s", why);
		return 0;
	}
	n = store_games(s, 0, &ids, why, sizeof(why));
	if (n < 0)
		util_warning("%s", why);
	/*
	 * Newest first (as store_games() lists them): the cap keeps those;
	 * the unfinished first, then those finished lately while there is
	 * room, so that no finished table keeps out an unfinished one.
	 */
	for (i = 0, later = 0; i < n && rc >= 0; i++)
		if ((rc = table_restore_one(s, ids[i], 0)) == 1)
			back++;
		else if (rc == 3)
			ids[later++] = ids[i]; /* in order, newest first */
	for (i = 0, rc = 0; i < later && rc >= 0; i++)
		rc = table_restore_one(s, ids[i], 1);
	free(ids);
	store_close(s);
	return back;
}
