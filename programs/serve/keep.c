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
 * to "shutbox play --resume".  The settings are written and read back as
 * text by kept.c.
 */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/serve.h"
#include "util.h"

/* ---------------------------------------------------------------------
 * What is kept in the history's settings
 */

/*
 * Writes the table's tokens, hints and computer seats to the settings, the
 * players the host dropped (when any), the seats a page has held, and
 * whether it was put away (then it is not brought back).
 */
void
table_keep(struct table *t)
{
	struct serve_kept k = { .hints = t->hints,
				.away = t->away,
				.joined = t->joined,
				.again = t->again,
				.again_n = t->again_n };
	char key[64], why[512], *text;
	int rc;

	if (t->p.store == NULL)
		return;
	memcpy(k.host, t->host, SERVE_TOKEN);
	for (int i = 0; i < t->p.nseats; i++) {
		memcpy(k.token[i], t->token[i], SERVE_TOKEN);
		k.replaced[i] = (unsigned char)t->replaced[i];
		k.dropped[i] = (unsigned char)t->p.seats.dropped[i];
	}
	for (int j = 0; j < t->again_n; j++) {
		memcpy(k.again_token[j], t->again_token[j], SERVE_TOKEN);
		k.again_from[j] = t->again_from[j];
	}
	memcpy(k.again_host, t->again_host, SERVE_TOKEN);
	text = serve_kept_text(&k, t->p.nseats);
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
	struct serve_kept k;

	if (serve_kept_read(text, strlen(text), t->p.nseats, &k) < 0)
		return -1;
	memcpy(t->host, k.host, SERVE_TOKEN);
	t->hints = k.hints;
	t->away = k.away;
	t->joined = k.joined;
	for (int i = 0; i < t->p.nseats; i++) {
		memcpy(t->token[i], k.token[i], SERVE_TOKEN);
		t->replaced[i] = k.replaced[i];
		t->p.seats.dropped[i] = k.dropped[i];
	}
	t->again = k.again;
	t->again_n = k.again_n;
	for (int j = 0; j < k.again_n; j++) {
		memcpy(t->again_token[j], k.again_token[j], SERVE_TOKEN);
		t->again_from[j] = k.again_from[j];
	}
	memcpy(t->again_host, k.again_host, SERVE_TOKEN);
	return 0;
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
table_put_away(const char *kept, const struct store_game *sg)
{
	struct serve_kept k;

	/* Settings that cannot be read are said so as it is brought back. */
	if (serve_kept_read(kept, strlen(kept), sg->nseats, &k) < 0)
		return 0;
	return k.away || (sg->finished && k.again != 0);
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
		     table_put_away(kept, &sg) ||
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
