/*
 * ws.c - the WebSocket connections of "shutbox serve".
 *
 * Each connection is a client: a phone at a seat, a screen watching, or a
 * page creating a table.  What it may do is decided here from what it
 * joined with: its seat (by the seat's token) and whether it holds the
 * host's token.  It never names a seat in an action: the server acts for
 * the seat it joined, so a client cannot act for another.
 *
 * Limits, so that one client cannot spoil a table for the others: a cap on
 * connections, and on those from one address; messages of at most
 * SERVE_MSG_MAX bytes; a rate of SERVE_RATE_PER_S a second after a burst
 * of SERVE_RATE_BURST.  A message over a limit, malformed or illegal gets
 * an error reply naming the problem and changes nothing; the connection
 * stays, and the others never notice.  Pages from another site are
 * refused (the Origin header must name this server), so that no web page
 * elsewhere can play with a visitor's seat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <civetweb.h>
#include <jansson.h>

#include "serve/serve.h"

struct ws_conn {
	struct mg_connection *mc; /* NULL until the handshake is done */
	int64_t table;		  /* 0: at no table */
	int seat;		  /* -1: watching */
	int host;
	double tokens; /* messages it may send now */
	int64_t last_ms;
	char addr[48];
};

static struct ws_conn **ws_list;
static int ws_n;

int
ws_count(void)
{
	return ws_n;
}

/* Sends text to one client; text is freed.  NULL (no memory) is skipped. */
static void
ws_send(struct ws_conn *c, char *text)
{
	if (text != NULL && c->mc != NULL)
		mg_websocket_write(c->mc, MG_WEBSOCKET_OPCODE_TEXT, text,
				   strlen(text));
	free(text);
}

static void
ws_error(struct ws_conn *c, const char *why)
{
	ws_send(c, proto_error(why));
}

/* Which seats of table t have a client now. */
static void
ws_online(const struct table *t, int *online)
{
	int i;

	memset(online, 0, sizeof(int) * SERVE_SEATS);
	for (i = 0; i < ws_n; i++)
		if (ws_list[i]->table == t->id && ws_list[i]->seat >= 0 &&
		    ws_list[i]->seat < SERVE_SEATS)
			online[ws_list[i]->seat] = 1;
}

/*
 * The state is made once; each client's copy differs only by its seat and
 * whether it is the host.
 */
void
ws_broadcast(struct table *t)
{
	int online[SERVE_SEATS], i;
	json_t *o;

	ws_online(t, online);
	if ((o = table_state(t, online)) == NULL)
		return;
	for (i = 0; i < ws_n; i++) {
		struct ws_conn *c = ws_list[i];

		if (c->table != t->id)
			continue;
		if (json_object_set_new(o, "you", json_integer(c->seat)) < 0 ||
		    json_object_set_new(o, "host", json_boolean(c->host)) < 0)
			break;
		ws_send(c, json_dumps(o, JSON_COMPACT));
	}
	json_decref(o);
}

/* ---------------------------------------------------------------------
 * Messages
 */

/* A new table: its tokens go to the client that made it. */
static void
ws_create(struct ws_conn *c, const struct serve_msg *m)
{
	char why[512], *s;
	struct table *t = table_create(m, why, sizeof(why));
	json_t *o, *seats;
	int i;

	if (t == NULL) {
		ws_error(c, why);
		return;
	}
	if ((seats = json_array()) == NULL)
		return;
	for (i = 0; i < t->p.nseats; i++)
		json_array_append_new(seats, json_pack("{s:s, s:b, s:s}",
						       "name", t->p.name[i],
						       "person", t->p.human[i],
						       "token", t->token[i]));
	o = json_pack("{s:s, s:I, s:s, s:o}", "type", "created", "table",
		      (json_int_t)t->id, "host", t->host, "seats", seats);
	s = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	ws_send(c, s);
}

/* Takes the seat whose token the message gives, or watches. */
static void
ws_join(struct ws_conn *c, const struct serve_msg *m)
{
	struct table *t = table_find(m->table);
	char why[128];
	int seat;

	if (t == NULL) {
		snprintf(why, sizeof(why), "no table %" PRId64 " here",
			 m->table);
		ws_error(c, why);
		return;
	}
	seat = table_seat_of(t, m->token);
	if (m->token[0] != '\0' && seat < 0) {
		ws_error(c, "that seat's link is not one of this table's");
		return;
	}
	if (m->host[0] != '\0' && strcmp(m->host, t->host) != 0) {
		ws_error(c, "that host link is not this table's");
		return;
	}
	c->table = t->id;
	c->seat = seat;
	c->host = m->host[0] != '\0';
	ws_broadcast(t);
}

/* A hint: the choices best first, for the seat whose turn it is. */
static void
ws_hint(struct ws_conn *c, struct table *t)
{
	char why[256], *s;
	static char text[4096];
	json_t *o;

	if (c->seat != t->p.g.turn) {
		ws_error(c, "a hint is for the player whose turn it is");
		return;
	}
	if (table_hint(t, text, sizeof(text), why, sizeof(why)) < 0) {
		ws_error(c, why);
		return;
	}
	o = json_pack("{s:s, s:s}", "type", "hint", "text", text);
	s = o != NULL ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	ws_send(c, s);
}

/* A message about the game at the client's table. */
static void
ws_play(struct ws_conn *c, const struct serve_msg *m)
{
	struct table *t = c->table ? table_find(c->table) : NULL;
	char why[512];

	if (t == NULL) {
		ws_error(c, "join a table first");
		return;
	}
	if (m->kind == SERVE_HINT) {
		ws_hint(c, t);
		return;
	}
	if (table_act(t, c->seat, c->host, m, why, sizeof(why)) < 0) {
		ws_error(c, why);
		return;
	}
	ws_broadcast(t);
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
ws_message(struct ws_conn *c, const char *text, size_t len)
{
	static struct serve_msg m;
	char why[512];

	if (!ws_rate(c)) {
		snprintf(why, sizeof(why),
			 "too many messages: at most %d a second",
			 SERVE_RATE_PER_S);
		ws_error(c, why);
		return;
	}
	if (proto_parse(text, len, &m, why, sizeof(why)) < 0) {
		ws_error(c, why);
		return;
	}
	if (m.kind == SERVE_CATALOG)
		ws_send(c, proto_catalog());
	else if (m.kind == SERVE_CREATE)
		ws_create(c, &m);
	else if (m.kind == SERVE_JOIN)
		ws_join(c, &m);
	else
		ws_play(c, &m);
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

/* Addresses with a connection now. */
static int
ws_from(const char *addr)
{
	int i, n = 0;

	for (i = 0; i < ws_n; i++)
		n += strcmp(ws_list[i]->addr, addr) == 0;
	return n;
}

static int
ws_on_connect(const struct mg_connection *mc, void *data)
{
	const struct mg_request_info *ri = mg_get_request_info(mc);
	struct ws_conn *c;
	int refuse = 1;

	(void)data;
	if (!ws_same_origin(mc))
		return 1;
	pthread_mutex_lock(&serve_lock);
	if (ws_list == NULL)
		ws_list =
		    calloc((size_t)serve_config.max_conns, sizeof(*ws_list));
	if (ws_list != NULL && ws_n < serve_config.max_conns &&
	    ws_from(ri->remote_addr) < serve_config.max_per_ip &&
	    (c = calloc(1, sizeof(*c))) != NULL) {
		c->seat = -1;
		c->tokens = SERVE_RATE_BURST;
		c->last_ms = serve_now();
		snprintf(c->addr, sizeof(c->addr), "%s", ri->remote_addr);
		ws_list[ws_n++] = c;
		mg_set_user_connection_data(mc, c);
		refuse = 0;
	}
	pthread_mutex_unlock(&serve_lock);
	return refuse;
}

static void
ws_on_ready(struct mg_connection *mc, void *data)
{
	struct ws_conn *c = mg_get_user_connection_data(mc);

	(void)data;
	pthread_mutex_lock(&serve_lock);
	if (c != NULL)
		c->mc = mc;
	pthread_mutex_unlock(&serve_lock);
}

static int
ws_on_data(struct mg_connection *mc, int bits, char *text, size_t len,
	   void *data)
{
	struct ws_conn *c = mg_get_user_connection_data(mc);
	int op = bits & 0x0f;

	(void)data;
	if (op == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
		return 0;
	if (op == MG_WEBSOCKET_OPCODE_PING || op == MG_WEBSOCKET_OPCODE_PONG ||
	    c == NULL)
		return 1;
	pthread_mutex_lock(&serve_lock);
	if (op != MG_WEBSOCKET_OPCODE_TEXT || !(bits & 0x80))
		ws_error(c, "text messages only, each in one frame");
	else
		ws_message(c, text, len);
	pthread_mutex_unlock(&serve_lock);
	return 1;
}

static void
ws_on_close(const struct mg_connection *mc, void *data)
{
	struct ws_conn *c = mg_get_user_connection_data(mc);
	struct table *t;
	int i;

	(void)data;
	if (c == NULL)
		return;
	pthread_mutex_lock(&serve_lock);
	for (i = 0; i < ws_n; i++)
		if (ws_list[i] == c) {
			ws_list[i] = ws_list[--ws_n];
			break;
		}
	/* The others see the seat empty. */
	if (c->seat >= 0 && (t = table_find(c->table)) != NULL)
		ws_broadcast(t);
	pthread_mutex_unlock(&serve_lock);
	free(c);
}

void
ws_start(struct mg_context *ctx)
{
	mg_set_websocket_handler(ctx, "/ws", ws_on_connect, ws_on_ready,
				 ws_on_data, ws_on_close, NULL);
}
