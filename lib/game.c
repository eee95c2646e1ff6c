/*
 * game.c - a whole game of Shut the Box as a step function.
 *
 * The game is a small state machine.  g->need says what it waits for: a
 * dice count, a throw, or a move.  Each call that supplies one checks it
 * against the rules, advances the state as far as it can go without more
 * input, and returns the events it passed through on the way.  Everything
 * a turn, a round or the game ends with happens inside those advances:
 *
 *   throw  -> bust or no legal move       -> end of turn
 *          -> legal moves                 -> wait for a move
 *   move   -> box shut under shut=win     -> end of game
 *          -> box shut under shut=zero    -> end of turn (score 0)
 *          -> tiles left                  -> wait for the next throw
 *   end of turn -> next seat still in, or end of round
 *   end of round -> end of game (rounds, until, eliminate) or next round
 *
 * The battle of RULES.md section 4 runs on the same machine: the board is
 * kept across turns, seat 0 shuts and seat 1 opens, and the turn passes
 * whenever the roller cannot move.
 *
 * Left out on purpose: nothing here rolls dice, asks anyone anything or
 * keeps history.  shut_game_step() at the bottom is the one place that
 * calls out, to a player's strategy and to a source of dice.
 */
#include <string.h>

#include "shut_error.h"
#include "shut_game.h"

/* ---------------------------------------------------------------------
 * Helpers
 */

static int
is_battle(const struct shut_game *g)
{
	return g->rules.mode == SHUT_MODE_BATTLE;
}

static int
lowest_bit(unsigned mask)
{
	int d = 0;

	while (mask && !(mask & 1u)) {
		mask >>= 1;
		d++;
	}
	return d;
}

/* Adds without wrapping: a total of digits scores can grow past 64 bits. */
static uint64_t
add_saturating(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The callback that stops shut_moves_each() at the first legal move. */
static int
stop_at_first(void *ctx, uint32_t move)
{
	(void)ctx;
	(void)move;
	return 1;
}

/*
 * Sets the game up for the next throw of the turn: a choice of dice when
 * the rules leave one, else straight to the throw with the one count.
 */
static void
ask_throw(struct shut_game *g)
{
	unsigned choices = shut_game_dice_choices(g);

	if (choices & (choices - 1)) {
		g->need = SHUT_NEED_DICE;
		g->ndice = 0;
	} else {
		g->need = SHUT_NEED_THROW;
		g->ndice = lowest_bit(choices);
	}
}

static void
start_turn(struct shut_game *g)
{
	if (!is_battle(g))
		g->open = shut_rules_start(&g->rules);
	g->first = 1;
	ask_throw(g);
}

/* ---------------------------------------------------------------------
 * The end of a game, a round and a turn
 */

/*
 * Marks the winners: the lowest total among the seats still in (among all
 * seats when everyone is out), every seat with it sharing the win.
 */
static void
mark_winners(struct shut_game *g)
{
	uint64_t best = UINT64_MAX;
	int alive = 0;
	int i;

	for (i = 0; i < g->nseats; i++)
		alive += !g->seat[i].out;
	for (i = 0; i < g->nseats; i++)
		if ((!alive || !g->seat[i].out) && g->seat[i].total <= best)
			best = g->seat[i].total;
	g->nwinners = 0;
	for (i = 0; i < g->nseats; i++) {
		if ((!alive || !g->seat[i].out) && g->seat[i].total == best) {
			g->seat[i].winner = 1;
			g->nwinners++;
		}
	}
}

static int
end_game(struct shut_game *g, int winner)
{
	if (winner >= 0) {
		g->seat[winner].winner = 1;
		g->nwinners = 1;
	} else {
		mark_winners(g);
	}
	g->need = SHUT_NEED_NONE;
	return SHUT_EV_GAME_END;
}

/*
 * Whether the game ends at the end of the round just played.  With until or
 * eliminate the rounds count does not end the game (the presets that use
 * them keep classic's rounds=1); rounds=until-shut (0) ends it only through
 * a shut box.  A solitaire game with eliminate goes on until its one player
 * is out.
 */
static int
over_after_round(const struct shut_game *g)
{
	const struct shut_rules *r = &g->rules;
	int alive = 0;
	int i;

	if (r->eliminate) {
		for (i = 0; i < g->nseats; i++)
			alive += !g->seat[i].out;
		if (alive <= (g->nseats > 1 ? 1 : 0))
			return 1;
	}
	if (r->until) {
		for (i = 0; i < g->nseats; i++)
			if (g->seat[i].total >= (uint64_t)r->until)
				return 1;
	}
	if (!r->eliminate && !r->until && r->rounds > 0)
		return g->round >= r->rounds;
	return 0;
}

/* The next seat still in after the current one this round, or -1. */
static int
next_seat(const struct shut_game *g)
{
	int i;

	for (i = g->turn + 1; i < g->nseats; i++)
		if (!g->seat[i].out)
			return i;
	return -1;
}

/* Books the end of the current seat's turn, however it ended. */
static void
count_turn(struct shut_game *g)
{
	g->seat[g->turn].turns++;
	g->turns_played++;
	g->last_seat = g->turn;
}

static int
end_battle_turn(struct shut_game *g, int ev)
{
	struct shut_seat *s = &g->seat[g->turn];

	count_turn(g);
	ev |= SHUT_EV_TURN_END;
	/* The Shutter's first turn left every tile open: the Opener wins. */
	if (g->turn == 0 && s->turns == 1 &&
	    g->open == shut_rules_start(&g->rules))
		return ev | SHUT_EV_REOPEN | end_game(g, 1);
	if (g->turn == 1) {
		ev |= SHUT_EV_ROUND_END;
		g->round++;
	}
	g->turn = 1 - g->turn;
	start_turn(g);
	return ev;
}

/*
 * Ends the current turn: scores it, eliminates, and moves on to the next
 * seat, the next round or the end of the game.  Returns the events.
 */
static int
end_turn(struct shut_game *g, int ev)
{
	struct shut_seat *s;
	uint64_t score;
	int next;

	if (is_battle(g))
		return end_battle_turn(g, ev);
	s = &g->seat[g->turn];
	score = shut_score(&g->rules, g->open);
	s->last_score = score;
	s->total = add_saturating(s->total, score);
	count_turn(g);
	ev |= SHUT_EV_TURN_END;
	if (g->rules.eliminate && s->total >= (uint64_t)g->rules.eliminate) {
		s->out = 1;
		ev |= SHUT_EV_OUT;
	}

	next = next_seat(g);
	if (next >= 0) {
		g->turn = next;
		start_turn(g);
		return ev;
	}
	ev |= SHUT_EV_ROUND_END;
	if (over_after_round(g))
		return ev | end_game(g, -1);
	/* A new round starts with the first seat still in. */
	g->round++;
	g->turn = -1; /* next_seat() looks from the seat after this one */
	g->turn = next_seat(g);
	start_turn(g);
	return ev;
}

/* ---------------------------------------------------------------------
 * The calls
 */

int
shut_game_init(struct shut_game *g, const struct shut_rules *rules, int nseats)
{
	int rc;

	if (g == NULL || rules == NULL)
		return SHUT_EINVAL;
	rc = shut_rules_check(rules, NULL, 0);
	if (rc < 0)
		return rc;
	if (nseats < 1 || nseats > SHUT_SEATS_MAX)
		return SHUT_EPLAYERS;
	if (rules->mode == SHUT_MODE_BATTLE && nseats != 2)
		return SHUT_EBATTLE;

	memset(g, 0, sizeof(*g));
	g->rules = *rules;
	g->nseats = nseats;
	g->round = 1;
	g->turn = 0;
	g->last_seat = -1;
	g->open = shut_rules_start(rules);
	start_turn(g);
	return 0;
}

uint32_t
shut_game_board(const struct shut_game *g)
{
	if (is_battle(g) && g->turn == 1)
		return shut_rules_start(&g->rules) & ~g->open;
	return g->open;
}

unsigned
shut_game_dice_choices(const struct shut_game *g)
{
	return shut_dice_choices(&g->rules, shut_game_board(g));
}

int
shut_game_dice(struct shut_game *g, int d)
{
	if (g->need != SHUT_NEED_DICE)
		return SHUT_ESTATE;
	if (d < 1 || d > SHUT_DICE_MAX ||
	    !(shut_game_dice_choices(g) & (1u << d)))
		return SHUT_EDICE;
	g->ndice = d;
	g->need = SHUT_NEED_THROW;
	return 0;
}

int
shut_game_throw(struct shut_game *g, const struct shut_throw *t)
{
	const struct shut_rules *r = &g->rules;

	if (g->need != SHUT_NEED_THROW)
		return SHUT_ESTATE;
	if (t == NULL || t->n != g->ndice || shut_throw_check(r, t) < 0)
		return SHUT_ETHROW;
	g->last_throw = *t;
	if (r->bust && shut_throw_total(t) == r->bust)
		return end_turn(g, SHUT_EV_BUST);
	if (shut_moves_each(r, shut_game_board(g), t, g->first, stop_at_first,
			    NULL) == 0)
		return end_turn(g, SHUT_EV_BLOCKED);
	g->need = SHUT_NEED_MOVE;
	return 0;
}

long
shut_game_moves(const struct shut_game *g, uint32_t *moves, size_t cap)
{
	if (g->need != SHUT_NEED_MOVE)
		return SHUT_ESTATE;
	return shut_moves(&g->rules, shut_game_board(g), &g->last_throw,
			  g->first, moves, cap);
}

int
shut_game_move(struct shut_game *g, uint32_t move)
{
	struct shut_seat *s;

	if (g->need != SHUT_NEED_MOVE)
		return SHUT_ESTATE;
	if (!shut_move_legal(&g->rules, shut_game_board(g), &g->last_throw,
			     g->first, move))
		return SHUT_EILLEGAL;
	g->first = 0;
	s = &g->seat[g->turn];

	if (is_battle(g) && g->turn == 1) {
		g->open |= move;
		if (g->open == shut_rules_start(&g->rules)) {
			count_turn(g);
			return SHUT_EV_REOPEN | SHUT_EV_TURN_END |
			       end_game(g, 1);
		}
		ask_throw(g);
		return 0;
	}

	g->open &= ~move;
	if (g->open != 0) {
		ask_throw(g);
		return 0;
	}
	s->shut_count++;
	if (is_battle(g) || g->rules.shut == SHUT_SHUT_WIN) {
		s->last_score = 0;
		count_turn(g);
		return SHUT_EV_SHUT | SHUT_EV_TURN_END | end_game(g, g->turn);
	}
	return end_turn(g, SHUT_EV_SHUT);
}

long
shut_game_pot(const struct shut_game *g)
{
	return g->rules.stake * g->nseats;
}

/* ---------------------------------------------------------------------
 * The driver
 */

int
shut_game_step(struct shut_game *g, const struct shut_player *players,
	       const struct shut_dice *dice)
{
	const struct shut_player *p;
	uint32_t moves[SHUT_STEP_MOVES_MAX];
	struct shut_throw t;
	unsigned choices;
	long n;
	int rc;

	if (g == NULL || players == NULL || dice == NULL)
		return SHUT_EINVAL;
	p = &players[g->turn];
	switch (g->need) {
	case SHUT_NEED_DICE:
		choices = shut_game_dice_choices(g);
		if (p->strategy->dice == NULL)
			rc = choices & (1u << g->rules.dice)
				 ? g->rules.dice
				 : lowest_bit(choices);
		else
			rc = p->strategy->dice(p->ctx, g, choices);
		return rc < 0 ? rc : shut_game_dice(g, rc);
	case SHUT_NEED_THROW:
		memset(&t, 0, sizeof(t));
		rc = dice->roll(dice->ctx, g->ndice, g->rules.faces, &t);
		return rc < 0 ? rc : shut_game_throw(g, &t);
	case SHUT_NEED_MOVE:
		n = shut_game_moves(g, moves, SHUT_STEP_MOVES_MAX);
		if (n > SHUT_STEP_MOVES_MAX)
			n = SHUT_STEP_MOVES_MAX;
		rc = p->strategy->move(p->ctx, g, moves, n);
		if (rc < 0)
			return rc;
		if (rc >= n)
			return SHUT_EILLEGAL;
		return shut_game_move(g, moves[rc]);
	case SHUT_NEED_NONE:
		break;
	}
	return SHUT_ESTATE;
}
