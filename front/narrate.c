/*
 * narrate.c - why a move is not legal, what each event means, the
 * standings and the result, in words.
 *
 * Everything here is read from the library's reasons and events and from
 * the game as it stands after a step: nothing compares a board before and
 * after, so every front end tells the same story from the same data.
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "front.h"

/* ---------------------------------------------------------------------
 * Helpers
 */

static const char *
name_of(const struct front_seats *s, int i)
{
	if (i < 0 || i >= s->n || s->name[i] == NULL)
		return "?";
	return s->name[i];
}

/* Whether seat i is called "You", which takes the verb without an s. */
static int
you(const struct front_seats *s, int i)
{
	return strcasecmp(name_of(s, i), "you") == 0;
}

/* The verb for seat i: "win" for You, "wins" for anyone else. */
static const char *
verb(const struct front_seats *s, int i, const char *plain, const char *third)
{
	return you(s, i) ? plain : third;
}

/* A seat's role in a battle, or "". */
static const char *
role(const struct shut_game *g, int i)
{
	if (g->rules.mode != SHUT_MODE_BATTLE)
		return "";
	return i == 0 ? ", the Shutter" : ", the Opener";
}

void
front_names_and(struct front_text *t, const struct front_seats *s,
		const int *which, int n)
{
	int i, left = 0;

	for (i = 0; i < n; i++)
		left += !!which[i];
	for (i = 0; i < n; i++) {
		if (!which[i])
			continue;
		left--;
		front_printf(t, "%s%s", name_of(s, i),
			     left > 1	 ? ", "
			     : left == 1 ? " and "
					 : "");
	}
}

/* ---------------------------------------------------------------------
 * Why a move is not legal
 */

static void
why_dice_or_sum(struct front_text *t, const struct shut_throw *th,
		const char *act, const struct shut_why *w)
{
	int i;

	if (th->n == 1) {
		front_printf(t, "with one die, %s only the tile %d", act,
			     w->total);
		return;
	}
	if (!w->distinct) {
		front_printf(t,
			     "%s the total, %d (one tile per die needs "
			     "different faces)",
			     act, w->total);
		return;
	}
	front_printf(t, "%s the total, %d, or one tile per die, ", act,
		     w->total);
	for (i = 0; i < th->n; i++)
		front_printf(t, "%s%d", i ? "+" : "", th->face[i]);
}

static void
why_not_face(struct front_text *t, const struct shut_throw *th,
	     const struct shut_why *w)
{
	int i;

	front_printf(t, "%d is neither a die (", w->tile);
	for (i = 0; i < th->n; i++)
		front_printf(t, "%s%d",
			     i == 0	      ? ""
			     : i == th->n - 1 ? " or "
					      : ", ",
			     th->face[i]);
	front_printf(t, ") nor the total (%d)", w->total);
}

void
front_why(struct front_text *t, const struct shut_rules *r,
	  const struct shut_throw *th, int opener, uint32_t move,
	  const struct shut_why *w)
{
	const char *act = opener ? "open" : "shut";

	switch (w->code) {
	case SHUT_WHY_OK:
		front_move(t, move);
		front_printf(t, " is a legal move");
		break;
	case SHUT_WHY_NOT_TILE:
		front_printf(t, "%d is not a tile of this box (tiles %d-%d)",
			     w->tile, r->tile_lo, r->tile_hi);
		break;
	case SHUT_WHY_TWICE:
		front_printf(t, "%d is named twice", w->tile);
		break;
	case SHUT_WHY_EMPTY:
		front_printf(t, "no tiles named");
		break;
	case SHUT_WHY_NOT_OPEN:
		front_tiles_and(t, w->tiles);
		front_printf(t, " %s already %s",
			     shut_tiles_count(w->tiles) == 1 ? "is" : "are",
			     opener ? "open" : "shut");
		break;
	case SHUT_WHY_BUST:
		front_printf(t,
			     "a throw of %d ends the turn: nothing can be "
			     "%s",
			     w->total, opener ? "opened" : "shut");
		break;
	case SHUT_WHY_TOO_MANY:
		front_printf(t, "%s at most %d %s at a time", act, w->max,
			     w->max == 1 ? "tile" : "tiles");
		break;
	case SHUT_WHY_TOTAL:
		front_move(t, move);
		front_printf(t, " does not add up to %d", w->total);
		break;
	case SHUT_WHY_DICE_OR_SUM:
		why_dice_or_sum(t, th, act, w);
		break;
	case SHUT_WHY_ONE_TILE:
		front_printf(t, "%s one tile only", act);
		break;
	case SHUT_WHY_NOT_FACE:
		why_not_face(t, th, w);
		break;
	case SHUT_WHY_FIRST:
		front_printf(t, "the first throw must %s %d", act, w->tile);
		break;
	}
}

/* ---------------------------------------------------------------------
 * Events
 */

/* Why a throw allows no move, in the words of the move rule. */
static void
event_blocked(struct front_text *t, const struct shut_rules *r, int opener,
	      int total)
{
	const char *open = opener ? "shut" : "open";

	switch (r->move) {
	case SHUT_MOVE_ANY:
		front_printf(t, "nothing %s adds up to %d",
			     opener ? "to open" : "open", total);
		break;
	case SHUT_MOVE_UP_TO:
		if (r->move_max == 1)
			front_printf(t, "no %s tile is %d", open, total);
		else if (r->move_max == 2)
			front_printf(t, "no one or two %s tiles add up to %d",
				     open, total);
		else
			front_printf(t, "no one to %d %s tiles add up to %d",
				     r->move_max, open, total);
		break;
	case SHUT_MOVE_DICE_OR_SUM:
	case SHUT_MOVE_ONE_TILE:
		front_printf(t, "no tile fits this throw");
		break;
	}
	front_printf(t, ": the turn ends");
}

/* A total that busts: it ends the turn, whatever could be shut. */
static void
event_bust(struct front_text *t, int total)
{
	front_printf(t, "bust: a total of %d ends the turn", total);
}

/* A first throw that cannot shut (open) the first-throw rule's tile. */
static void
event_miss(struct front_text *t, const struct shut_rules *r, int opener)
{
	front_printf(t, "the first throw must %s %d, and this one cannot%s",
		     opener ? "open" : "shut", r->first_throw,
		     r->first_miss == SHUT_FIRST_MISS_LOSE ? ""
							   : ": the turn ends");
}

int
front_no_move(struct front_text *t, const struct shut_rules *r, int opener,
	      int first, int total)
{
	/* In the order the game asks (game.c): the bust, then the moves. */
	if (r->bust != 0 && total == r->bust) {
		event_bust(t, total);
		return 0;
	}
	if (first && r->first_throw != 0) {
		event_miss(t, r, opener);
		return r->first_miss == SHUT_FIRST_MISS_LOSE;
	}
	event_blocked(t, r, opener, total);
	return 0;
}

/* Whether the turn that ended scores a line of its own. */
static int
turn_scored(const struct shut_game *g, const struct shut_event *e)
{
	const struct shut_rules *r = &g->rules;

	if (r->mode == SHUT_MODE_BATTLE || r->rounds == 0)
		return 0;
	/* A box shut under shut=win wins: the result says it. */
	return !(g->need == SHUT_NEED_NONE && r->shut == SHUT_SHUT_WIN &&
		 g->seat[e->seat].winner && e->score == 0 &&
		 g->seat[e->seat].shut_count > 0);
}

static void
event_round_end(struct front_text *t, const struct shut_game *g,
		const struct front_seats *s, const struct shut_event *e)
{
	char heading[64];

	if (g->need == SHUT_NEED_NONE || g->rules.mode == SHUT_MODE_BATTLE ||
	    g->rules.rounds == 0)
		return;
	if (g->nseats == 1) {
		front_printf(t, "Total after round %d: %llu\n", e->count,
			     (unsigned long long)g->seat[0].total);
		return;
	}
	snprintf(heading, sizeof(heading), "Totals after round %d:", e->count);
	front_standings(t, g, s, heading);
}

void
front_round(struct front_text *t, const struct shut_game *g)
{
	front_printf(t, "round %ld", g->round);
	/* A number of rounds ends the game only without a total that does. */
	if (shut_rules_rounds_end(&g->rules) > 1)
		front_printf(t, " of %d", g->rules.rounds);
	/* A battle ends when a side wins, whatever the totals. */
	if (g->rules.mode == SHUT_MODE_BATTLE)
		return;
	/* The total that ends the match, or puts a player out. */
	if (g->rules.until > 0)
		front_printf(t, ", to %ld", g->rules.until);
	if (g->rules.eliminate > 0)
		front_printf(t, ", out at %ld", g->rules.eliminate);
}

/* An amount of the game's money: to the cent when its stake has cents. */
static void
game_money(struct front_text *t, const struct shut_game *g, int64_t amount)
{
	front_money_as(t, amount, g->rules.stake % 100 != 0);
}

int
front_pot(struct front_text *t, const struct shut_game *g)
{
	if (g->rules.stake <= 0 || g->need == SHUT_NEED_NONE)
		return 0;
	game_money(t, g, shut_game_pot(g));
	return 1;
}

/* The tiles of a mask in increasing order, into v; how many. */
static int
pick_tiles(uint32_t mask, int *v)
{
	int n = 0;

	for (int t = 1; t <= SHUT_TILES_MAX; t++)
		if (mask & SHUT_TILE(t))
			v[n++] = t;
	return n;
}

/* The tiles of the list, "a, b or c" (last: "or" or "and"). */
static void
pick_list(struct front_text *t, const int *v, int n, const char *last)
{
	for (int i = 0; i < n; i++)
		front_printf(t, "%s%d",
			     i == 0	  ? ""
			     : i == n - 1 ? last
					  : ", ",
			     v[i]);
}

/*
 * The legal moves of the rules whose moves are few and named by the
 * throw (one tile, dice or sum, up to one tile): the tiles that are
 * moves alone, into one, and the one move of several tiles, into several
 * (ns of them).  Returns how many moves of one tile, or -1 when the moves
 * are not of that shape (another rule, or two moves of several tiles).
 */
static int
pick_moves(const struct shut_game *g, int *one, int *several, int *ns)
{
	uint32_t moves[SHUT_DICE_MAX + 2];
	long n;
	int n1 = 0;

	*ns = 0;
	if (g->rules.move != SHUT_MOVE_ONE_TILE &&
	    g->rules.move != SHUT_MOVE_DICE_OR_SUM &&
	    !(g->rules.move == SHUT_MOVE_UP_TO && g->rules.move_max == 1))
		return -1;
	n = shut_game_moves(g, moves, sizeof(moves) / sizeof(moves[0]));
	if (n <= 0 || n > (long)(sizeof(moves) / sizeof(moves[0])))
		return -1;
	for (long i = 0; i < n; i++) {
		if (shut_tiles_count(moves[i]) == 1)
			pick_tiles(moves[i], one + n1++);
		else if (*ns == 0)
			*ns = pick_tiles(moves[i], several);
		else
			return -1;
	}
	return n1;
}

int
front_pick(struct front_text *t, const struct shut_game *g)
{
	const char *act = shut_game_opener(g, g->turn) ? "open" : "shut";
	int one[SHUT_DICE_MAX + 2], several[SHUT_TILES_MAX], ns;
	int n1 = pick_moves(g, one, several, &ns);

	/* The moves as the rules and the open tiles allow them, not the
	 * dice alone: a face whose tile is shut is no move. */
	if (n1 == 1 && ns == 0)
		front_printf(t, "pick tile %d to %s", one[0], act);
	else if (n1 > 1 && ns == 0) {
		front_printf(t, "pick one tile to %s: ", act);
		pick_list(t, one, n1, " or ");
	} else if (n1 == 0 && ns > 0) {
		front_printf(t, "pick tiles ");
		pick_list(t, several, ns, " and ");
		front_printf(t, " to %s", act);
	} else if (n1 == 1 && ns > 0) {
		front_printf(t, "pick tile %d, or tiles ", one[0]);
		pick_list(t, several, ns, " and ");
		front_printf(t, ", to %s", act);
	} else {
		front_printf(t, "pick the tiles to %s", act);
		return 0;
	}
	return 1;
}

void
front_turn(struct front_text *t, const struct shut_game *g,
	   const struct front_seats *s)
{
	front_printf(t, "Round %ld: %s%s\n", g->round, s->name[g->turn],
		     role(g, g->turn));
}

void
front_left_open(struct front_text *t, uint32_t tiles)
{
	if (tiles == 0)
		return;
	front_tiles_and(t, tiles);
	front_printf(t, " left open\n");
}

void
front_event(struct front_text *t, const struct shut_game *g,
	    const struct front_seats *s, const struct shut_event *e)
{
	const struct shut_rules *r = &g->rules;
	int opener = shut_game_opener(g, e->seat);

	switch (e->kind) {
	case SHUT_EVENT_DICE:
	case SHUT_EVENT_WIN:
		break;
	case SHUT_EVENT_THROW:
		front_printf(t, "throw  ");
		front_throw(t, &e->thrown);
		front_printf(t, "\n");
		break;
	case SHUT_EVENT_BUST:
		event_bust(t, e->count);
		front_printf(t, "\n");
		break;
	case SHUT_EVENT_MISS:
		event_miss(t, r, opener);
		front_printf(t, "\n");
		break;
	case SHUT_EVENT_BLOCKED:
		event_blocked(t, r, opener, shut_throw_total(&g->last_throw));
		front_printf(t, "\n");
		break;
	case SHUT_EVENT_MOVE:
		front_printf(t, "%s   ", opener ? "open" : "shut");
		front_move(t, e->tiles);
		front_printf(t, "\n");
		break;
	case SHUT_EVENT_SHUT:
		front_printf(t, "The box is shut!\n");
		break;
	case SHUT_EVENT_REOPEN:
		front_printf(t, "Every tile is open.\n");
		break;
	case SHUT_EVENT_TURN_END:
		if (turn_scored(g, e))
			front_printf(t, "score  %llu\n",
				     (unsigned long long)e->score);
		break;
	case SHUT_EVENT_OUT:
		front_printf(t, "%s %s out: total %llu, out at %ld\n",
			     name_of(s, e->seat), verb(s, e->seat, "are", "is"),
			     (unsigned long long)e->total, r->eliminate);
		break;
	case SHUT_EVENT_LOSE:
		front_printf(t, "%s %s the game\n", name_of(s, e->seat),
			     verb(s, e->seat, "lose", "loses"));
		break;
	case SHUT_EVENT_LEAVE:
		/* One the host dropped did not leave of their own will. */
		if (s->dropped[e->seat])
			front_printf(t, "The host drops %s from the game\n",
				     name_of(s, e->seat));
		else
			front_printf(t, "%s %s the game\n", name_of(s, e->seat),
				     verb(s, e->seat, "leave", "leaves"));
		break;
	case SHUT_EVENT_ROUND_END:
		event_round_end(t, g, s, e);
		break;
	case SHUT_EVENT_GAME_END:
		front_result(t, g, s);
		break;
	}
}

/* ---------------------------------------------------------------------
 * Standings and the result
 */

const char *
front_seat_note(const struct shut_game *g, const struct front_seats *seats,
		int seat)
{
	const struct shut_seat *s = &g->seat[seat];
	long most = 0;

	if (s->left && seats->dropped[seat])
		return "dropped by the host";
	if (s->left || s->lost || s->out)
		return s->left ? "left" : s->lost ? "lost" : "out";
	/* A battle's totals say nothing: its sides say who is who. */
	if (g->rules.mode == SHUT_MODE_BATTLE)
		return seat == 0 ? "Shutter" : "Opener";
	if (g->need != SHUT_NEED_NONE)
		return "";
	for (int i = 0; i < g->nseats; i++)
		if (!g->seat[i].out && g->seat[i].turns > most)
			most = g->seat[i].turns;
	if (s->turns >= most)
		return "";
	return s->turns == 0 ? "did not play" : "a turn fewer";
}

int
front_seat_wins(const struct shut_game *g, int seat)
{
	return g->nseats > 1 && g->seat[seat].winner;
}

void
front_standings(struct front_text *t, const struct shut_game *g,
		const struct front_seats *s, const char *heading)
{
	int order[SHUT_SEATS_MAX];
	int i, w = 0;

	front_printf(t, "%s\n", heading);
	shut_game_standings(g, order);
	for (i = 0; i < g->nseats; i++)
		if (front_columns(name_of(s, i), SIZE_MAX) > w)
			w = front_columns(name_of(s, i), SIZE_MAX);
	for (i = 0; i < g->nseats; i++) {
		const struct shut_seat *seat = &g->seat[order[i]];
		const char *note = front_seat_note(g, s, order[i]);

		front_printf(t, "  ");
		front_pad(t, name_of(s, order[i]), w);
		front_printf(t, "  %4llu%s%s\n",
			     (unsigned long long)seat->total,
			     note[0] ? "  " : "", note);
	}
}

/* The verdict of a solitaire game. */
static void
verdict_solitaire(struct front_text *t, const struct shut_game *g,
		  const struct front_seats *s)
{
	const struct shut_seat *seat = &g->seat[0];
	unsigned long long total = (unsigned long long)seat->total;

	if (seat->lost)
		front_printf(t, "%s %s the game, with %llu.", name_of(s, 0),
			     verb(s, 0, "lose", "loses"), total);
	else if (seat->left)
		front_printf(t, "%s left the game, with %llu.", name_of(s, 0),
			     total);
	else if (seat->shut_count > 0 && g->rules.shut == SHUT_SHUT_WIN)
		front_printf(t, "%s shut the box in %ld turn%s!", name_of(s, 0),
			     seat->turns, seat->turns == 1 ? "" : "s");
	else if (seat->turns == 1)
		front_printf(t, "%s scored %llu.", name_of(s, 0), total);
	else
		front_printf(t, "%s scored %llu in %ld rounds.", name_of(s, 0),
			     total, seat->turns);
}

/* The winners, into winner[]; the first of them, or -1. */
static int
winners(const struct shut_game *g, int *winner)
{
	int first = -1;

	for (int i = 0; i < g->nseats; i++) {
		winner[i] = g->seat[i].winner;
		if (winner[i] && first < 0)
			first = i;
	}
	return first;
}

int
front_payout(struct front_text *t, const struct shut_game *g,
	     const struct front_seats *s)
{
	int winner[SHUT_SEATS_MAX];
	int first = winners(g, winner);
	int64_t pot = shut_game_pot(g);
	int n = g->nwinners;

	/* A game of one, or a battle, has no pot to share (words.c: stake). */
	if (g->rules.stake <= 0 || g->need != SHUT_NEED_NONE || g->nseats < 2 ||
	    g->rules.mode == SHUT_MODE_BATTLE)
		return 0;
	if (n == 0) {
		front_printf(t, "Nobody wins: each player takes back the "
				"stake of ");
		game_money(t, g, g->rules.stake);
		front_printf(t, ".");
		return 1;
	}
	if (n == 1) {
		front_printf(t, "%s %s the pot of ", name_of(s, first),
			     verb(s, first, "take", "takes"));
		game_money(t, g, pot);
		front_printf(t, ".");
		return 1;
	}
	/* Every amount to the cent when one has cents ("6.00: 1.50"). */
	int cents =
	    g->rules.stake % 100 != 0 || (pot / n) % 100 != 0 || pot % n != 0;

	front_names_and(t, s, winner, g->nseats);
	front_printf(t, " split the pot of ");
	front_money_as(t, pot, cents);
	front_printf(t, ": ");
	front_money_as(t, pot / n, cents);
	front_printf(t, " each");
	if (pot % n != 0) {
		front_printf(t, ", with ");
		front_money_as(t, pot % n, cents);
		front_printf(t, " left over");
	}
	front_printf(t, ".");
	return 1;
}

/* Whether the game ended as first shut the box, under shut=win. */
static int
shut_to_win(const struct shut_game *g, int first)
{
	return first >= 0 && g->seat[first].shut_count > 0 &&
	       g->rules.shut == SHUT_SHUT_WIN &&
	       g->seat[first].last_score == 0 && g->last_seat == first;
}

/* Whether every seat but first left the game. */
static int
others_left(const struct shut_game *g, int first)
{
	for (int i = 0; i < g->nseats; i++)
		if (i != first && !g->seat[i].left)
			return 0;
	return first >= 0;
}

/*
 * Why every seat but first is gone, they having left: "everyone else
 * left", or the host's doing where it dropped them (some or all).
 */
static const char *
others_gone(const struct shut_game *g, const struct front_seats *s, int first)
{
	int dropped = 0;

	for (int i = 0; i < g->nseats; i++)
		dropped += i != first && s->dropped[i];
	return dropped == 0		  ? "everyone else left"
	       : dropped == g->nseats - 1 ? "the host dropped everyone else"
					  : "everyone else left or was dropped";
}

void
front_verdict(struct front_text *t, const struct shut_game *g,
	      const struct front_seats *s)
{
	int winner[SHUT_SEATS_MAX];
	int first = winners(g, winner);

	if (g->need != SHUT_NEED_NONE)
		return;
	if (g->rules.mode == SHUT_MODE_BATTLE) {
		if (first < 0)
			return;
		front_printf(t, "%s%s, %s: ", name_of(s, first), role(g, first),
			     verb(s, first, "win", "wins"));
		if (g->seat[1 - first].left || g->seat[1 - first].lost)
			front_printf(t, "%s %s.", name_of(s, 1 - first),
				     s->dropped[1 - first]
					 ? "was dropped by the host"
				     : g->seat[1 - first].left ? "left"
							       : "lost");
		else
			front_printf(t, "every tile is %s.",
				     first == 0 ? "shut" : "open again");
	} else if (g->nseats == 1) {
		verdict_solitaire(t, g, s);
	} else if (shut_to_win(g, first)) {
		front_printf(t, "%s shut the box and %s!", name_of(s, first),
			     verb(s, first, "win", "wins"));
	} else if (first < 0) {
		front_printf(t, "Nobody wins.");
	} else if (g->nwinners == 1 && others_left(g, first)) {
		front_printf(t, "%s %s: %s.", name_of(s, first),
			     verb(s, first, "win", "wins"),
			     others_gone(g, s, first));
	} else if (g->nwinners == 1) {
		front_printf(t, "%s %s with %llu.", name_of(s, first),
			     verb(s, first, "win", "wins"),
			     (unsigned long long)g->seat[first].total);
	} else {
		front_names_and(t, s, winner, g->nseats);
		front_printf(t, " share the win with %llu.",
			     (unsigned long long)g->seat[first].total);
	}
}

/*
 * What ended a game played until a total: who reached it, as the game
 * asks it at a round's end (every seat); the totals alone did not say why
 * the game ended there.  Not where it ended as everyone else left.
 */
static void
result_until(struct front_text *t, const struct shut_game *g,
	     const struct front_seats *s, int first)
{
	int reached[SHUT_SEATS_MAX], n = 0;

	if (g->rules.until == 0 || others_left(g, first))
		return;
	for (int i = 0; i < g->nseats; i++) {
		reached[i] = g->seat[i].total >= (uint64_t)g->rules.until;
		n += reached[i];
	}
	if (n == 0)
		return;
	front_names_and(t, s, reached, g->nseats);
	front_printf(t,
		     " reached %ld, which ends the game; the lowest total "
		     "wins.\n",
		     g->rules.until);
}

void
front_result(struct front_text *t, const struct shut_game *g,
	     const struct front_seats *s)
{
	const struct shut_rules *r = &g->rules;
	int winner[SHUT_SEATS_MAX];
	int i, first = winners(g, winner), alive = 0, eliminated = 0;

	for (i = 0; i < g->nseats; i++) {
		alive += !g->seat[i].out;
		eliminated +=
		    g->seat[i].out && !g->seat[i].lost && !g->seat[i].left;
	}
	front_printf(t, "\n");
	if (r->mode == SHUT_MODE_BATTLE || g->nseats == 1) {
		front_verdict(t, g, s);
		if (r->mode != SHUT_MODE_BATTLE || first >= 0)
			front_printf(t, "\n");
		return;
	}
	if (shut_to_win(g, first)) {
		front_verdict(t, g, s);
		front_printf(t, "\n");
		front_standings(t, g, s, "Final totals:");
	} else {
		front_standings(t, g, s, "Final totals:");
		if (r->eliminate && alive == 0 && eliminated > 0)
			front_printf(t, "Everyone is out; the lowest total "
					"wins.\n");
		else
			result_until(t, g, s, first);
		front_verdict(t, g, s);
		front_printf(t, "\n");
	}
	if (front_payout(t, g, s))
		front_printf(t, "\n");
}
