/*
 * again.c - the next game with the same players, at a table of "shutbox
 * serve" whose game is over: the table made for it, the seats that go on
 * to it, and what sends each page there.
 *
 * The host asks for it (ws_again()); the new table has the old one's
 * rules and hints, and its seats in order, but for a player who left or
 * whom the host dropped and is gone.  The old table keeps the new one's
 * id and tokens (struct table's again), so that every page at it, and any
 * page that joins it later, is sent on (ws_moved_msg()) at the seats it
 * held, or was handed back (ws_unseat()).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "serve/conn.h"
#include "serve/serve.h"

/*
 * What sends connection c at table t (locked) on to its next game, at
 * the same seats (those that are a person's there, and those a computer
 * or the host's drop took from it: ws_unseat()), the host's with the
 * host's token and the seats' links; a page watching watches.  From what
 * t kept of the next table when it was made (ws_again()).
 */
json_t *
ws_moved_msg(const struct ws_conn *c, const struct table *t)
{
	char seat[SERVE_SEATS * SERVE_TOKEN] = "";
	json_t *links = c->host ? json_array() : NULL;

	for (int j = 0; j < t->again_n; j++) {
		const int k = t->again_from[j];
		const char *token = t->again_token[j];

		if (((c->seats | c->handed) >> k & 1u) && token[0] != '\0')
			snprintf(seat + strlen(seat),
				 sizeof(seat) - strlen(seat), "%s%s",
				 seat[0] ? "," : "", token);
		/* The host's links, as the next table's seats are. */
		if (links != NULL)
			json_array_append_new(
			    links, json_pack("{s:s, s:b, s:s}", "name",
					     t->p.name[k], "person",
					     token[0] != '\0', "token", token));
	}
	return json_pack("{s:s, s:I, s:s, s:s, s:o*, s:s}", "type", "moved",
			 "table", (json_int_t)t->again, "seat", seat, "host",
			 c->host ? t->again_host : "", "seats", links, "origin",
			 ws_origin());
}

/*
 * The seats of table t (locked) that have a seat at its next game: not a
 * player who left, nor one the host dropped whose page is gone (they were
 * seated again, "not joined yet", and the game stopped at their turn),
 * unless the rules would then have too few (a battle is two; a game,
 * one) or no person would be left.  One dropped whose page still watches
 * (on the connection that was dropped, or one made again since that gave
 * the seat's old token: ws_former_seats()) plays again.
 */
static unsigned
ws_again_seats(const struct table *t)
{
	unsigned keep = 0, all = (1u << t->p.nseats) - 1u;
	int people = 0;

	for (int i = 0; i < t->p.nseats; i++)
		if (!t->p.g.seat[i].left ||
		    (t->p.seats.dropped[i] && ws_dropped_here(t, i))) {
			keep |= 1u << i;
			people += t->p.human[i] || t->replaced[i];
		}
	/* Nobody to play with the computers: the host means them all. */
	if (people == 0 || __builtin_popcount(keep) <
			       (t->p.rules.mode == SHUT_MODE_BATTLE ? 2 : 1))
		return all;
	return keep;
}

/*
 * The lines of the logs that say where the next game is, and without
 * whom (the seats not in keep): the old table's, whose pages go on to it,
 * and the new one's (nt, not yet seen by a page).  The table is said
 * first: table_say() cuts a line too long.
 */
static void
ws_again_said(struct table *t, struct table *nt, unsigned keep)
{
	char text[2 * SERVE_SEATS * sizeof(t->p.name[0])];
	char without[SERVE_SEATS * sizeof(t->p.name[0])];
	int n = t->p.nseats - __builtin_popcount(keep), gone[SERVE_SEATS];
	struct front_text ft;

	for (int i = 0; i < t->p.nseats; i++)
		gone[i] = !(keep >> i & 1u);
	front_text_init(&ft, without, sizeof(without));
	front_names_and(&ft, &t->p.seats, gone, t->p.nseats);
	front_text_init(&ft, text, sizeof(text));
	front_printf(&ft,
		     "The host started another game with the same players "
		     "at table %" PRId64,
		     nt->id);
	if (n > 0)
		front_printf(&ft, ", without %s, who left the game", without);
	front_printf(&ft, "\n");
	table_say(t, text, 0);
	if (n == 0)
		return;
	front_text_init(&ft, text, sizeof(text));
	front_printf(&ft,
		     "The same players as at table %" PRId64
		     ", without %s, who left the game\n",
		     t->id, without);
	pthread_mutex_lock(&nt->lock);
	table_say(nt, text, 0);
	pthread_mutex_unlock(&nt->lock);
}

/*
 * Another game with the same players, asked by the host of table t
 * (locked) once its game is over: a table of the same rules, seats (a
 * person's seat a computer took over is a person's again; a player who
 * left, or whom the host dropped and is gone, has none: ws_again_seats())
 * and hints, to which every page at t goes.  Asked again, the game
 * already started.
 */
void
ws_again(struct ws_out *out, struct ws_conn *c, struct table *t)
{
	struct serve_msg m = { .kind = SERVE_CREATE };
	struct table *nt;
	char why[512];
	int from[SERVE_SEATS];
	unsigned keep;

	if (!c->host) {
		ws_error(out, c,
			 "only the table's host may start another game");
		return;
	}
	if (t->p.g.need != SHUT_NEED_NONE) {
		ws_error(out, c, "the game is not over");
		return;
	}
	if (t->again != 0) {
		snprintf(why, sizeof(why),
			 "the next game is already at table %" PRId64,
			 t->again);
		ws_error(out, c, why);
		return;
	}
	snprintf(m.rules, sizeof(m.rules), "%s", t->p.spec);
	m.hints = t->hints;
	keep = ws_again_seats(t);
	for (int i = 0; i < t->p.nseats; i++) {
		int cpu = !t->p.human[i] && !t->replaced[i];

		if (!(keep >> i & 1u))
			continue;
		from[m.nseats] = i;
		snprintf(m.seat[m.nseats].name, sizeof(m.seat[0].name), "%s",
			 t->p.name[i]);
		snprintf(m.seat[m.nseats].cpu, sizeof(m.seat[0].cpu), "%s",
			 cpu ? t->p.strategy[i] : "");
		m.nseats++;
	}
	if ((nt = table_create(&m, c->addr, why, sizeof(why))) == NULL) {
		ws_error(out, c, why);
		return;
	}
	t->again = nt->id;
	t->again_n = nt->p.nseats;
	for (int j = 0; j < nt->p.nseats; j++) {
		memcpy(t->again_token[j], nt->token[j], SERVE_TOKEN);
		t->again_from[j] = from[j];
	}
	memcpy(t->again_host, nt->host, SERVE_TOKEN);
	table_keep(t);
	ws_again_said(t, nt, keep);
	t->seq++;
	ws_moved(out, t);
	table_put(nt);
	ws_broadcast(t, out);
}
