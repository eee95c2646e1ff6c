/*
 * ws.c - the WebSocket connections of "shutbox serve".
 *
 * Each connection is a client: a phone at a seat (or a device passed
 * between several people, holding several seats), a screen watching, or a
 * page creating a table.  What it may do is decided here from what it
 * joined with: its seats (by their tokens) and whether it holds the host's
 * token.  It never names the seat of a move: the server acts for the seat
 * to play when the connection holds it, so a client cannot act for
 * another (a leave names one of its own seats).
 *
 * Sending: the frames of a message are made while its table is locked and
 * handed, once the lock is let go (struct ws_out), to each connection's
 * writer, a thread of its own that alone writes to its socket (send.c),
 * so that a socket slow to take them, or a client that never reads, holds
 * up its own writer alone: never a table, nor the computers' pace, which
 * one thread keeps for every table.  States are numbered per table
 * (struct table's sent): a connection is never sent a state older than
 * one it was sent, so two threads that broadcast the same table at once
 * cannot deliver its states out of order; the older is dropped, as the
 * newer holds all of it.  A connection is freed only when its own thread
 * has closed it and no frame for it is left to write (its refs), and it
 * is written to only while civetweb's connection is open (mc, cleared
 * under its lock when it closes, or once told that the server stops).
 *
 * Limits, so that one client cannot spoil a table for the others: a cap on
 * connections, and on those from one address; messages of at most
 * SERVE_MSG_MAX bytes; a rate of SERVE_RATE_PER_S a second after a burst
 * of SERVE_RATE_BURST.  A message over a limit, malformed or illegal gets
 * an error reply naming the problem and changes nothing; the connection
 * stays, and the others never notice.  Pages from another site are
 * refused (the Origin header must name this server), so that no web page
 * elsewhere can play with a visitor's seat.
 *
 * The next game with the same players, once a game is over, is again.c's.
 */
#include <inttypes.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <civetweb.h>
#include <jansson.h>

#include "serve/conn.h"
#include "serve/serve.h"

/* Under serve_list_lock. */
static struct ws_conn **ws_list;
static int ws_n;
static int ws_turning_away; /* connections being told why they are refused */
/* ws_goodbye() has begun: a page ready from now on is told at once. */
static atomic_int ws_stopping;

/*
 * A connection past a cap is let in only to be told why it is closed (a
 * browser sees nothing of a refused handshake); at most so many at once,
 * the others refused at the handshake, so that they hold few threads.
 */
#define WS_TURN_AWAY_MAX 8

/* ---------------------------------------------------------------------
 * States
 */

/* The seat a connection holding seats acts for now: the one to play. */
static int
ws_acting(const struct table *t, unsigned seats)
{
	int i;

	if (seats >> t->p.g.turn & 1u)
		return t->p.g.turn;
	for (i = 0; i < SERVE_SEATS; i++)
		if (seats >> i & 1u)
			return i;
	return -1;
}

/*
 * The state base (a JSON object) for one client: its seat now ("you"),
 * every seat it holds ("yours") and whether it is the host; WS_HEAD bytes
 * into its allocation.
 */
static char *
ws_personal(const char *base, const struct table *t, unsigned seats, int host)
{
	size_t len = strlen(base), at;
	char *s = malloc(WS_HEAD + len + 32 + 4 * SERVE_SEATS);
	int i, first = 1;

	if (s == NULL)
		return NULL;
	s += WS_HEAD;
	memcpy(s, base, len - 1); /* all but the closing brace */
	at = len - 1;
	at += (size_t)sprintf(s + at, ",\"you\":%d,\"yours\":[",
			      ws_acting(t, seats));
	for (i = 0; i < SERVE_SEATS; i++)
		if (seats >> i & 1u) {
			at += (size_t)sprintf(s + at, "%s%d", first ? "" : ",",
					      i);
			first = 0;
		}
	sprintf(s + at, "],\"host\":%s}", host ? "true" : "false");
	return s;
}

/*
 * Every client of table t (locked) gets its new state in out: the state
 * is made once, and each client's copy differs only by its seats and
 * whether it is the host.
 */
void
ws_broadcast(struct table *t, struct ws_out *out)
{
	int online[SERVE_SEATS], i, from = out->n;
	struct ws_frame *f;
	char *base;
	json_t *o;

	memset(online, 0, sizeof(online));
	t->sent++;
	pthread_mutex_lock(&serve_list_lock);
	for (i = 0; i < ws_n; i++) {
		struct ws_conn *c = ws_list[i];
		int s;

		if (c->table != t->id || (f = ws_out_add(out)) == NULL)
			continue;
		for (s = 0; s < SERVE_SEATS; s++)
			online[s] |= (int)(c->seats >> s & 1u);
		c->refs++;
		f->c = c;
		f->held = 1;
		f->table = t->id;
		f->seq = t->sent;
		f->seats = c->seats;
		f->host = c->host;
	}
	pthread_mutex_unlock(&serve_list_lock);
	o = table_state(t, online);
	base = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	for (i = from; base != NULL && i < out->n; i++)
		out->f[i].text =
		    ws_personal(base, t, out->f[i].seats, out->f[i].host);
	free(base);
}

/* ---------------------------------------------------------------------
 * Messages
 */

/*
 * The seats of a table just made, for its host: [{"name", "person",
 * "token"}], by table t's names and the made table's tokens (a person's
 * seat has one, a computer's none).
 */
static json_t *
ws_seat_links(const struct table *t, const char (*token)[SERVE_TOKEN])
{
	json_t *seats = json_array();

	for (int i = 0; seats != NULL && i < t->p.nseats; i++)
		json_array_append_new(
		    seats,
		    json_pack("{s:s, s:b, s:s}", "name", t->p.name[i], "person",
			      token[i][0] != '\0', "token", token[i]));
	return seats;
}

/*
 * The address the server printed, for the links of a page opened on this
 * computer itself (its own address there, 127.0.0.1, opens on no phone);
 * "" until it is known.
 */
const char *
ws_origin(void)
{
	const char *base = atomic_load(&serve_config.base);

	return base != NULL ? base : "";
}

/* A new table: its tokens go to the client that made it. */
static void
ws_create(struct ws_out *out, struct ws_conn *c, const struct serve_msg *m)
{
	char why[512], *s;
	struct table *t = table_create(m, c->addr, why, sizeof(why));
	json_t *o, *seats;

	if (t == NULL) {
		ws_error(out, c, why);
		return;
	}
	pthread_mutex_lock(&t->lock);
	seats = ws_seat_links(t, t->token);
	o = seats == NULL
		? NULL
		: json_pack("{s:s, s:I, s:s, s:o, s:s}", "type", "created",
			    "table", (json_int_t)t->id, "host", t->host,
			    "seats", seats, "origin", ws_origin());
	pthread_mutex_unlock(&t->lock);
	table_put(t);
	s = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	ws_reply(out, c, s);
}

/*
 * The seats of the tokens of m at table t (locked), and whether its host
 * token is the table's.  A token that holds no seat here (its seat taken
 * by a computer, its player dropped, or a link of another table or
 * server) is stale: the client is told so in an unseated message and
 * watches, without it.  A host token that is not the table's is stale too.
 */
static void
ws_seats_of(struct ws_out *out, struct ws_conn *c, const struct table *t,
	    const struct serve_msg *m, unsigned *seats, int *host)
{
	json_t *stale = json_array(), *o;
	const char *text;
	char why[sizeof(t->p.name[0]) + 96];
	int i, k, seat, was = -1;

	*seats = 0;
	for (i = 0; i < m->ntokens; i++) {
		if ((seat = table_seat_of(t, m->token[i])) >= 0) {
			*seats |= 1u << seat;
			continue;
		}
		json_array_append_new(stale, json_string(m->token[i]));
		/* A seat's own before a computer took it, or its player was
		 * dropped: said which, as to a page open then. */
		for (k = 0; k < t->p.nseats && m->token[i][0] != '\0'; k++)
			if (strcmp(t->old_token[k], m->token[i]) == 0)
				was = k;
	}
	*host = m->host[0] != '\0' && strcmp(m->host, t->host) == 0;
	if (json_array_size(stale) == 0 && (*host || m->host[0] == '\0')) {
		json_decref(stale);
		return;
	}
	if (json_array_size(stale) > 0 && *seats != 0)
		text = "Some of this page's seat links are not this table's: "
		       "it holds the others.";
	else if (json_array_size(stale) == 1 && was >= 0) {
		snprintf(why, sizeof(why),
			 t->p.seats.dropped[was]
			     ? "The host dropped %s from the game: "
			       "this page watches the table."
			     : "The computer plays for %s now: this "
			       "page watches the table.",
			 t->p.name[was]);
		text = why;
	} else if (json_array_size(stale) > 0)
		text = "This seat link is not one of this table's: it may be "
		       "mistyped, or a computer may have taken its seat, or "
		       "the host dropped its player. This page watches the "
		       "table; ask for the link again if it is yours.";
	else if (*seats != 0)
		text = "This host link is not this table's.";
	else
		text = "This host link is not this table's: this page watches "
		       "the table.";
	o = json_pack("{s:s, s:o, s:b, s:s}", "type", "unseated", "tokens",
		      stale, "host", !*host && m->host[0] != '\0', "text",
		      text);
	ws_reply(out, c, o != NULL ? json_dumps(o, JSON_COMPACT) : NULL);
	json_decref(o);
}

/* The reply to a join of table id, which is not on the server. */
static void
ws_no_table(struct ws_out *out, struct ws_conn *c, int64_t id)
{
	char why[256], *s;
	json_t *o;

	snprintf(why, sizeof(why),
		 "There is no table %" PRId64 " on this server: it may have "
		 "ended and been let go, been put away after nobody was at "
		 "it for a while, or never been opened.",
		 id);
	o = json_pack("{s:s, s:I, s:s}", "type", "no-table", "table",
		      (json_int_t)id, "error", why);
	s = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	ws_reply(out, c, s);
}

/* Whether table id is there (in the list: one let go is not). */
static int
ws_table_here(int64_t id)
{
	struct table *t = table_find(id);

	if (t == NULL)
		return 0;
	table_put(t);
	return 1;
}

/*
 * The seats of table t (locked) that m's page held before a computer took
 * them or the host dropped their player, by the tokens it kept of them
 * ("former"): the connection is theirs again, as the one that was told
 * (ws_unseat()), so that at the next game the seat has its player.
 */
static unsigned
ws_former_seats(const struct table *t, const struct serve_msg *m)
{
	unsigned seats = 0;

	for (int i = 0; i < m->nformer; i++)
		for (int k = 0; k < t->p.nseats; k++)
			if (t->old_token[k][0] != '\0' &&
			    strcmp(t->old_token[k], m->former[i]) == 0)
				seats |= 1u << k;
	return seats;
}

/*
 * Takes the seats whose tokens the message gives, or watches.  The seats
 * are read and taken under the table's lock, so that a seat a computer
 * takes meanwhile is not taken by the client after (ws_unseat()).
 */
static void
ws_join(struct ws_out *out, struct ws_conn *c, const struct serve_msg *m)
{
	struct table *t = table_find(m->table);
	unsigned seats;
	int host, gone;

	if (t == NULL) {
		ws_no_table(out, c, m->table);
		return;
	}
	pthread_mutex_lock(&t->lock);
	ws_seats_of(out, c, t, m, &seats, &host);
	pthread_mutex_lock(&c->lock);
	pthread_mutex_lock(&serve_list_lock);
	/* Let go, or put away, since it was found. */
	gone = t->gone;
	if (!gone && c->table != t->id) {
		table_visit_locked(c->table, t->id);
		c->sent = 0;
		c->handed = 0;
	}
	if (!gone) {
		c->table = t->id;
		c->seats = seats;
		c->host = host;
		c->handed |= ws_former_seats(t, m);
	}
	pthread_mutex_unlock(&serve_list_lock);
	pthread_mutex_unlock(&c->lock);
	/* A seat's first page: kept, so that a restart shows it away. */
	if (!gone && (seats & ~t->joined) != 0) {
		t->joined |= seats;
		table_keep(t);
	}
	if (gone)
		ws_no_table(out, c, m->table);
	else
		ws_broadcast(t, out);
	/* Late for the next game: every page goes on, as those there did,
	 * while it is there (put away, the old table's result stays). */
	if (!gone && t->again != 0 && ws_table_here(t->again)) {
		json_t *o = ws_moved_msg(c, t);
		char *s = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;

		json_decref(o);
		ws_reply(out, c, s);
	}
	pthread_mutex_unlock(&t->lock);
	table_put(t);
}

/* A hint: the choices best first, for the seat whose turn it is. */
static void
ws_hint(struct ws_out *out, struct ws_conn *c, struct table *t)
{
	char why[256], *s;
	json_t *o;

	if (!(c->seats >> t->p.g.turn & 1u)) {
		ws_error(out, c, "a hint is for the player whose turn it is");
		return;
	}
	if ((o = table_hint(t, why, sizeof(why))) == NULL) {
		ws_error(out, c, why);
		return;
	}
	s = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	ws_reply(out, c, s);
}

/*
 * Object o (let go) as a reply to connection c of another thread's, the
 * list lock held: a ref on c is taken for it.
 */
static void
ws_held_reply(struct ws_out *out, struct ws_conn *c, json_t *o)
{
	struct ws_frame *f;

	if (o == NULL || (f = ws_out_add(out)) == NULL) {
		json_decref(o);
		return;
	}
	c->refs++;
	f->c = c;
	f->held = 1;
	f->text = json_dumps(o, JSON_COMPACT);
	json_decref(o);
}

/*
 * The connections at table t (locked) that hold seat no longer do: a
 * computer took it, or the host dropped its player.  Each is told so in
 * text, with the seat's old token for its page to forget, and watches the
 * table from now on (when it held no other seat); at the next game with
 * the same players, where the seat is a person's again, it is sent to it
 * (handed, ws_moved_msg()), so that the seat has its player.
 */
static void
ws_unseat(struct ws_out *out, struct table *t, int seat, const char *token,
	  const char *what, const struct ws_conn *by, const char *by_what)
{
	char text[600];
	int i;

	pthread_mutex_lock(&serve_list_lock);
	for (i = 0; i < ws_n; i++) {
		struct ws_conn *c = ws_list[i];
		json_t *o;

		if (c->table != t->id || !(c->seats >> seat & 1u))
			continue;
		c->seats &= ~(1u << seat);
		/* The seat is its again at the next game. */
		c->handed |= 1u << seat;
		/* A device that holds other seats plays on for them. */
		snprintf(text, sizeof(text), "%s: this page %s.",
			 c == by ? by_what : what,
			 c->seats ? "plays on for its other seats"
				  : "watches the table");
		o = json_pack("{s:s, s:[s], s:b, s:s}", "type", "unseated",
			      "tokens", token, "host", 0, "text", text);
		ws_held_reply(out, c, o);
	}
	pthread_mutex_unlock(&serve_list_lock);
}

/* Every page at table t (locked) goes on to its next game. */
void
ws_moved(struct ws_out *out, const struct table *t)
{
	pthread_mutex_lock(&serve_list_lock);
	for (int i = 0; i < ws_n; i++)
		if (ws_list[i]->table == t->id)
			ws_held_reply(out, ws_list[i],
				      ws_moved_msg(ws_list[i], t));
	pthread_mutex_unlock(&serve_list_lock);
}

/*
 * Whether a page at table t still open is one whose player the host
 * dropped from seat i (it watches since: ws_unseat()).
 */
int
ws_dropped_here(const struct table *t, int i)
{
	int here = 0;

	pthread_mutex_lock(&serve_list_lock);
	for (int k = 0; k < ws_n && !here; k++)
		here = ws_list[k]->table == t->id &&
		       (ws_list[k]->handed >> i & 1u);
	pthread_mutex_unlock(&serve_list_lock);
	return here;
}

/* A message about the game at table t (locked), from client c. */
static void
ws_act(struct ws_out *out, struct ws_conn *c, struct table *t,
       const struct serve_msg *m)
{
	char why[512], token[SERVE_TOKEN] = "", name[sizeof(t->p.name[0])];
	int seat = ws_acting(t, c->seats);

	if (m->kind == SERVE_HINT) {
		ws_hint(out, c, t);
		return;
	}
	if (m->kind == SERVE_AGAIN) {
		ws_again(out, c, t);
		return;
	}
	if (m->kind == SERVE_LEAVE) {
		if (!(c->seats >> m->count & 1u)) {
			ws_error(out, c, "you can only leave a seat of yours");
			return;
		}
		seat = m->count;
	}
	if ((m->kind == SERVE_REPLACE || m->kind == SERVE_DROP) &&
	    m->count < t->p.nseats) {
		memcpy(token, t->token[m->count], SERVE_TOKEN);
		snprintf(name, sizeof(name), "%s", t->p.name[m->count]);
	}
	/*
	 * A step sent from a state the table has left is not made, even
	 * where it would be legal now: another device of the seat acted
	 * first, and a roll or a move meant for one throw is not made on
	 * the next.
	 */
	if (m->seen >= 0 && (unsigned long)m->seen != t->seq) {
		ws_reply(out, c,
			 proto_moot("the table has moved on from the state "
				    "this step was sent from"));
		return;
	}
	if (table_act(t, seat, c->host, m, why, sizeof(why)) < 0) {
		ws_error(out, c, why);
		return;
	}
	if (m->kind == SERVE_REPLACE || m->kind == SERVE_DROP) {
		char own[sizeof(why)];

		snprintf(why, sizeof(why),
			 m->kind == SERVE_REPLACE
			     ? "The computer plays for %s now"
			     : "The host dropped %s from the game",
			 name);
		/* The host's own page is told what it did. */
		snprintf(own, sizeof(own), "You dropped %s from the game",
			 name);
		ws_unseat(out, t, m->count, token, why, c,
			  m->kind == SERVE_DROP ? own : why);
	}
	ws_broadcast(t, out);
}

/* A message about the game at the client's table. */
static void
ws_play(struct ws_out *out, struct ws_conn *c, const struct serve_msg *m)
{
	struct table *t = c->table ? table_find(c->table) : NULL;

	if (t == NULL) {
		ws_error(out, c, "join a table first");
		return;
	}
	pthread_mutex_lock(&t->lock);
	ws_act(out, c, t, m);
	pthread_mutex_unlock(&t->lock);
	table_put(t);
}

/* Whether the client may send one message more now (the rate limit). */
static int
ws_rate(struct ws_conn *c)
{
	int64_t now = serve_now();

	c->tokens += (double)(now - c->last_ms) * SERVE_RATE_PER_S / 1000.0;
	if (c->tokens > SERVE_RATE_BURST)
		c->tokens = SERVE_RATE_BURST;
	c->last_ms = now;
	if (c->tokens < 1.0)
		return 0;
	c->tokens -= 1.0;
	return 1;
}

/* One text message from client c. */
static void
ws_message(struct ws_out *out, struct ws_conn *c, const char *text, size_t len)
{
	struct serve_msg m;
	char why[512];

	if (!ws_rate(c)) {
		snprintf(why, sizeof(why),
			 "too many messages: at most %d a second",
			 SERVE_RATE_PER_S);
		ws_error(out, c, why);
		return;
	}
	if (proto_parse(text, len, &m, why, sizeof(why)) < 0) {
		ws_error(out, c, why);
		return;
	}
	if (m.kind == SERVE_CATALOG)
		ws_reply(out, c, proto_catalog());
	else if (m.kind == SERVE_CREATE)
		ws_create(out, c, &m);
	else if (m.kind == SERVE_JOIN)
		ws_join(out, c, &m);
	else
		ws_play(out, c, &m);
}

void
ws_tick(void)
{
	struct ws_out out = { 0 };
	struct table **list;
	int i, n = table_all(&list);

	for (i = 0; i < n; i++) {
		struct table *t = list[i];

		pthread_mutex_lock(&t->lock);
		if (table_step(t, serve_now()))
			ws_broadcast(t, &out);
		pthread_mutex_unlock(&t->lock);
		ws_flush(&out);
		table_put(t);
	}
	free(list);
}

/*
 * Every open connection is sent a close frame, status 1001 (going away)
 * and why, which its page shows while it tries again.  The page answers
 * with its own close, which wakes the connection's thread at once: civetweb
 * looks at its stop flag only every 2 s while a connection is quiet, so
 * mg_stop() would otherwise wait that long for each.  The frames are
 * queued outside the list's lock, each under its connection's, for its
 * writer, and are the last written to it: the states that the closes make
 * go to nobody.
 * A page that becomes ready while or after the list is gone through
 * (ws_on_ready()) sees ws_stopping, raised first, and is told there:
 * under its connection's lock, either the goodbye finds it ready or it
 * finds the flag up.
 */
/* Waits, a second at most, for the writers of all n to write their bye. */
static void
ws_goodbye_wait(struct ws_conn **all, int n)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 1;
	for (int i = 0; i < n; i++) {
		struct ws_conn *c = all[i];

		pthread_mutex_lock(&c->lock);
		while (c->has_writer && !c->bye_out &&
		       pthread_cond_timedwait(&c->room, &c->lock, &until) == 0)
			;
		pthread_mutex_unlock(&c->lock);
	}
}

void
ws_goodbye(void)
{
	struct ws_conn **all;
	int i, n;

	atomic_store(&ws_stopping, 1);
	pthread_mutex_lock(&serve_list_lock);
	all = malloc(sizeof(*all) * (size_t)(ws_n > 0 ? ws_n : 1));
	for (n = 0; all != NULL && n < ws_n; n++) {
		all[n] = ws_list[n];
		all[n]->refs++;
	}
	pthread_mutex_unlock(&serve_list_lock);
	for (i = 0; i < n; i++) {
		struct ws_conn *c = all[i];
		struct ws_frame bye = { .c = c, .bye = 1 };

		pthread_mutex_lock(&c->lock);
		/*
		 * Its writer says it next: what is queued before it is let go,
		 * as the page is leaving (a socket that takes nothing holds up
		 * its writer alone).  No frame may follow a close: none is
		 * queued or written from now on.
		 */
		if (c->mc != NULL && c->has_writer && !c->quit) {
			c->bye_out = ws_queue(c, &bye) != 0;
		} else {
			if (c->mc != NULL)
				ws_going_away(c->mc);
			c->bye_out = 1;
		}
		if (!c->has_writer)
			c->mc = NULL;
		c->bye = 1;
		pthread_mutex_unlock(&c->lock);
	}
	/*
	 * The writers are waited for, a second at most: civetweb writes
	 * nothing once its stop flag is up, which mg_stop() raises at once.
	 */
	ws_goodbye_wait(all, n);
	for (i = 0; i < n; i++)
		ws_put(all[i]);
	free(all);
}

/* ---------------------------------------------------------------------
 * civetweb's handlers
 */

/*
 * Whether the page that opened the socket is this server's: no Origin
 * (a program, not a browser), or one whose host is the Host header.
 */
static int
ws_same_origin(const struct mg_connection *mc)
{
	const char *origin = mg_get_header(mc, "Origin");
	const char *host = mg_get_header(mc, "Host");
	const char *o;

	if (origin == NULL)
		return 1;
	if (host == NULL)
		return 0;
	o = strstr(origin, "://");
	return o != NULL && strcasecmp(o + 3, host) == 0;
}

/* Addresses with a connection now (list lock). */
static int
ws_from(const char *addr)
{
	int i, n = 0;

	for (i = 0; i < ws_n; i++)
		n += strcmp(ws_list[i]->addr, addr) == 0;
	return n;
}

/* A new connection from addr, held by its own thread; NULL for none. */
static struct ws_conn *
ws_new(const char *addr)
{
	struct ws_conn *c = calloc(1, sizeof(*c));

	if (c == NULL)
		return NULL;
	if (pthread_mutex_init(&c->lock, NULL) != 0) {
		free(c);
		return NULL;
	}
	if (pthread_cond_init(&c->more, NULL) != 0) {
		pthread_mutex_destroy(&c->lock);
		free(c);
		return NULL;
	}
	if (pthread_cond_init(&c->room, NULL) != 0) {
		pthread_cond_destroy(&c->more);
		pthread_mutex_destroy(&c->lock);
		free(c);
		return NULL;
	}
	c->refs = 1;
	c->tokens = SERVE_RATE_BURST;
	c->last_ms = serve_now();
	snprintf(c->addr, sizeof(c->addr), "%s", addr);
	return c;
}

static int
ws_on_connect(const struct mg_connection *mc, void *data)
{
	const struct mg_request_info *ri = mg_get_request_info(mc);
	struct ws_conn *c = NULL;

	(void)data;
	if (!ws_same_origin(mc))
		return 1;
	pthread_mutex_lock(&serve_list_lock);
	if (ws_list == NULL)
		ws_list =
		    calloc((size_t)serve_config.max_conns, sizeof(*ws_list));
	if (ws_list != NULL && ws_n < serve_config.max_conns &&
	    ws_from(ri->remote_addr) < serve_config.max_per_ip &&
	    (c = ws_new(ri->remote_addr)) != NULL) {
		ws_list[ws_n++] = c;
		mg_set_user_connection_data(mc, c);
	} else if (ws_list != NULL && ws_turning_away < WS_TURN_AWAY_MAX &&
		   (c = ws_new(ri->remote_addr)) != NULL) {
		if (ws_n >= serve_config.max_conns)
			snprintf(c->refused, sizeof(c->refused),
				 "The server has as many connections as it can "
				 "hold (%d)",
				 serve_config.max_conns);
		else
			snprintf(c->refused, sizeof(c->refused),
				 "Too many connections from this address (at "
				 "most %d)",
				 serve_config.max_per_ip);
		ws_turning_away++;
		mg_set_user_connection_data(mc, c);
	}
	pthread_mutex_unlock(&serve_list_lock);
	return c == NULL;
}

/*
 * Closes a connection turned away at a cap, with why: the close frame's
 * status 1013 (try again later) and its reason, which a page shows.
 */
static void
ws_turn_away(struct mg_connection *mc, const struct ws_conn *c)
{
	char frame[2 + sizeof(c->refused)];
	size_t n = strlen(c->refused);

	frame[0] = (char)(1013 >> 8);
	frame[1] = (char)(1013 & 0xff);
	memcpy(frame + 2, c->refused, n);
	mg_websocket_write(mc, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, frame,
			   n + 2);
}

static void
ws_on_ready(struct mg_connection *mc, void *data)
{
	struct ws_conn *c = mg_get_user_connection_data(mc);

	(void)data;
	if (c == NULL)
		return;
	if (c->refused[0] != '\0') {
		ws_turn_away(mc, c);
		return;
	}
	ws_writer_start(c);
	pthread_mutex_lock(&c->lock);
	if (atomic_load(&ws_stopping))
		ws_going_away(mc); /* and no frame after: mc stays NULL */
	else
		c->mc = mc;
	pthread_mutex_unlock(&c->lock);
}

static int
ws_on_data(struct mg_connection *mc, int bits, char *text, size_t len,
	   void *data)
{
	struct ws_conn *c = mg_get_user_connection_data(mc);
	struct ws_out out = { 0 };
	int op = bits & 0x0f;

	(void)data;
	if (op == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE ||
	    (c != NULL && c->refused[0] != '\0'))
		return 0;
	if (op == MG_WEBSOCKET_OPCODE_PING || op == MG_WEBSOCKET_OPCODE_PONG ||
	    c == NULL)
		return 1;
	/*
	 * A message in fragments (as a browser sends a large one) is refused
	 * once, at its first fragment; the rest of it is let go.  A message
	 * begun in the middle of one (which the protocol forbids) is refused
	 * too, and ends what was in fragments.
	 */
	if (op == MG_WEBSOCKET_OPCODE_CONTINUATION) {
		if (!c->fragments) /* none begun: refused, and the rest */
			ws_error(&out, c,
				 "text messages only, each in one frame");
		c->fragments = !(bits & 0x80);
	} else if (op != MG_WEBSOCKET_OPCODE_TEXT || !(bits & 0x80) ||
		   c->fragments) {
		c->fragments = !(bits & 0x80);
		ws_error(&out, c, "text messages only, each in one frame");
	} else
		ws_message(&out, c, text, len);
	ws_flush(&out);
	return 1;
}

static void
ws_on_close(const struct mg_connection *mc, void *data)
{
	struct ws_conn *c = mg_get_user_connection_data(mc);
	struct ws_out out = { 0 };
	struct table *t;
	int i, held;

	(void)data;
	if (c == NULL)
		return;
	if (c->refused[0] != '\0') {
		pthread_mutex_lock(&serve_list_lock);
		ws_turning_away--;
		pthread_mutex_unlock(&serve_list_lock);
		ws_put(c);
		return;
	}
	pthread_mutex_lock(&serve_list_lock);
	for (i = 0; i < ws_n; i++)
		if (ws_list[i] == c) {
			ws_list[i] = ws_list[--ws_n];
			break;
		}
	table_visit_locked(c->table, 0);
	/* Out of the list, no other thread changes its seats. */
	held = c->seats != 0;
	pthread_mutex_unlock(&serve_list_lock);
	/*
	 * No frame is written to it from now on: civetweb closes it once this
	 * returns, so its writer is stopped and waited for first.
	 */
	pthread_mutex_lock(&c->lock);
	c->mc = NULL;
	pthread_mutex_unlock(&c->lock);
	ws_writer_stop(c);
	/* The others see its seats empty. */
	if (held && (t = table_find(c->table)) != NULL) {
		pthread_mutex_lock(&t->lock);
		ws_broadcast(t, &out);
		pthread_mutex_unlock(&t->lock);
		ws_flush(&out);
		table_put(t);
	}
	ws_put(c);
}

void
ws_start(struct mg_context *ctx)
{
	mg_set_websocket_handler(ctx, "/ws", ws_on_connect, ws_on_ready,
				 ws_on_data, ws_on_close, NULL);
}
