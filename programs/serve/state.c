/*
 * state.c - the state of a table of "shutbox serve", as JSON.
 *
 * A state is the whole table, made once per change and sent to every
 * client at it (ws.c adds each client's own seats): the box, the dice,
 * the seats and their totals, what the game waits for and the legal moves,
 * the latest events and the log (with which of its lines head a turn),
 * and the game's words (the rules, the standings, the result, the pot, the
 * round) in the front-end layer's wording.  The clients compute nothing
 * of the game; they show this.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "serve/serve.h"

/* Room for the rules in words. */
#define STATE_RULES_WORDS 4096
/* The most legal moves a state lists. */
#define STATE_MOVES 4096

/* The events or log lines as an array. */
static json_t *
state_lines(const struct table *t, int log)
{
	json_t *a = json_array();
	int i, n = log ? t->nlog : t->nevents;

	for (i = 0; a != NULL && i < n; i++) {
		const char *line =
		    log ? t->log[(t->log_at - t->nlog + i + SERVE_LOG) %
				 SERVE_LOG]
			: t->events[i];

		json_array_append_new(a, json_string(line));
	}
	return a;
}

/* The indices in the log's lines of those that head a turn. */
static json_t *
state_heads(const struct table *t)
{
	json_t *a = json_array();
	int i;

	for (i = 0; a != NULL && i < t->nlog; i++)
		if (t->log_head[(t->log_at - t->nlog + i + SERVE_LOG) %
				SERVE_LOG])
			json_array_append_new(a, json_integer(i));
	return a;
}

/* One seat: who, how far, and whether someone is there. */
static json_t *
state_seat(const struct table *t, int i, int online)
{
	const struct play *p = &t->p;
	const struct shut_seat *s = &p->g.seat[i];

	return json_pack(
	    "{s:s, s:b, s:b, s:s, s:I, s:I, s:b, s:b, s:b, s:b, s:b, s:b, "
	    "s:s}",
	    "name", p->name[i], "person", p->human[i], "handed", t->replaced[i],
	    "cpu", p->strategy[i], "total", (json_int_t)s->total, "last",
	    (json_int_t)s->last_score, "out", s->out, "lost", s->lost, "left",
	    s->left, "winner", front_seat_wins(&p->g, i), "online", online,
	    "joined", online || (t->joined >> i & 1u), "note",
	    front_seat_note(&p->g, &p->seats, i));
}

/*
 * The legal moves now, as masks of tiles (none unless a move is due); on
 * the heap, 16 KiB, since a server thread's stack is small.  NULL when
 * memory ran out.
 */
static json_t *
state_moves(const struct shut_game *g)
{
	json_t *a = json_array();
	uint32_t *moves;
	long n, i;

	if (a == NULL || g->need != SHUT_NEED_MOVE)
		return a;
	if ((moves = malloc(STATE_MOVES * sizeof(*moves))) == NULL) {
		json_decref(a);
		return NULL;
	}
	n = shut_game_moves(g, moves, STATE_MOVES);
	for (i = 0; i < n && i < STATE_MOVES; i++)
		json_array_append_new(a, json_integer(moves[i]));
	free(moves);
	return a;
}

/*
 * The rules and their name, worded once: they never change.  When the
 * table is made, on its thread apart (table_create()), since the rules'
 * check is a search of some depth; asked again, or with no memory then,
 * when a state is first made.
 */
void
table_rules_words(struct table *t)
{
	struct front_text ft;

	if (t->rules_words != NULL ||
	    (t->rules_words = malloc(STATE_RULES_WORDS)) == NULL)
		return;
	front_text_init(&ft, t->rules_words, STATE_RULES_WORDS);
	front_rules(&ft, &t->p.rules, t->p.nseats);
	front_text_init(&ft, t->rules_name, sizeof(t->rules_name));
	front_spec_name(&ft, t->p.spec, &t->p.rules);
}

/* A state's texts, on the heap: a server thread's stack is small. */
struct state_texts {
	char standings[8192], result[8192], verdict[8192], payout[8192];
};

/*
 * The words of the game: rules, standings, result and its verdict, pot
 * and who took it (front_payout()), round, and what the player to move picks
 * (front_pick(); "" at other times) and whether those words name the tiles.
 * NULL when memory ran out.
 */
static json_t *
state_words(struct table *t)
{
	const struct play *p = &t->p;
	struct state_texts *x = malloc(sizeof(*x));
	char pot[64], round[64], pick[FRONT_MOVE_LEN] = "";
	struct front_text ft;
	json_t *o;
	int named = 0;

	if (x == NULL)
		return NULL;
	if (p->g.need == SHUT_NEED_MOVE) {
		front_text_init(&ft, pick, sizeof(pick));
		named = front_pick(&ft, &p->g);
	}
	table_rules_words(t);
	front_text_init(&ft, x->standings, sizeof(x->standings));
	front_standings(&ft, &p->g, &p->seats, "Standings:");
	front_text_init(&ft, x->result, sizeof(x->result));
	if (p->g.need == SHUT_NEED_NONE)
		front_result(&ft, &p->g, &p->seats);
	front_text_init(&ft, x->verdict, sizeof(x->verdict));
	front_verdict(&ft, &p->g, &p->seats);
	front_text_init(&ft, pot, sizeof(pot));
	front_pot(&ft, &p->g);
	front_text_init(&ft, x->payout, sizeof(x->payout));
	front_payout(&ft, &p->g, &p->seats);
	front_text_init(&ft, round, sizeof(round));
	front_round(&ft, &p->g);
	o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:b}",
		      "rules", t->rules_words != NULL ? t->rules_words : "",
		      "name", t->rules_name, "standings", x->standings,
		      "result", x->result + strspn(x->result, "\n"), "verdict",
		      x->verdict, "pot", pot, "payout", x->payout, "round",
		      round, "pick", pick, "pick_named", named);
	free(x);
	return o;
}

/*
 * How the last turn ended, while no other has begun: its seat, its last
 * throw (none when it ended before it threw), and the lines that say how
 * ("nothing open adds up to 4: the turn ends", "score  32"); null at other
 * times, and once the game is over (the box is then the last turn's).
 */
static json_t *
state_ended(const struct table *t)
{
	json_t *thrown, *lines;
	int i;

	if (!t->turn_over || t->nended == 0 || t->p.g.need == SHUT_NEED_NONE)
		return json_null();
	thrown = json_array();
	lines = json_array();
	/* No turn has begun since: its throw is still the game's last. */
	for (i = 0; t->threw && i < t->p.g.last_throw.n; i++)
		json_array_append_new(thrown,
				      json_integer(t->p.g.last_throw.face[i]));
	for (i = 0; i < t->nended; i++)
		json_array_append_new(lines, json_string(t->ended[i]));
	return json_pack("{s:i, s:o, s:o}", "seat", t->p.g.last_seat, "throw",
			 thrown, "lines", lines);
}

json_t *
table_state(struct table *t, const int *online)
{
	static const char *const needs[] = { "dice", "throw", "move", "none" };
	const struct shut_game *g = &t->p.g;
	json_t *seats = json_array(), *thrown = json_array();
	int i;

	if (seats == NULL || thrown == NULL) {
		json_decref(seats);
		json_decref(thrown);
		return NULL;
	}
	for (i = 0; i < t->p.nseats; i++)
		json_array_append_new(seats, state_seat(t, i, online[i]));
	/*
	 * The turn's latest throw: none before it throws (the last turn's).
	 * The first throw's move is still the turn's first (g->first).  At
	 * the end, the last turn's, unless it ended before it threw (its
	 * player left).
	 */
	for (i = 0; (!g->first || g->need == SHUT_NEED_MOVE ||
		     (g->need == SHUT_NEED_NONE && t->threw)) &&
		    i < g->last_throw.n;
	     i++)
		json_array_append_new(thrown,
				      json_integer(g->last_throw.face[i]));
	return json_pack(
	    "{s:s, s:I, s:I, s:i, s:i, s:s, s:i, s:I, s:I, s:I, "
	    "s:I, s:i, s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:b, "
	    "s:b, s:i, s:s, s:s, s:I, s:o, s:o}",
	    "type", "state", "table", (json_int_t)t->id, "seq",
	    (json_int_t)t->seq, "lo", g->rules.tile_lo, "hi", g->rules.tile_hi,
	    "need", needs[g->need], "turn", g->turn, "round",
	    (json_int_t)g->round, "open", (json_int_t)g->open, "board",
	    (json_int_t)shut_game_board(g), "start",
	    (json_int_t)shut_rules_start(&g->rules), "ndice", g->ndice,
	    "choices",
	    (json_int_t)(g->need == SHUT_NEED_DICE ? shut_game_dice_choices(g)
						   : 0),
	    "throw", thrown, "seats", seats, "moves", state_moves(g), "events",
	    state_lines(t, 0), "log", state_lines(t, 1), "words",
	    state_words(t), "opener", shut_game_opener(g, g->turn), "hints",
	    t->hints, "faces", g->rules.faces, "spec",
	    t->p.spec != NULL ? t->p.spec : "", "alert", t->alert, "said",
	    (json_int_t)t->said, "heads", state_heads(t), "ended",
	    state_ended(t));
}
