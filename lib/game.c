/*
 * game.c - a whole game of Shut the Box as actions and events.
 *
 * The game is a small state machine.  g->need says what it waits for: a
 * dice count, a throw, or a move.  shut_game_act() checks an action against
 * the rules, advances the state as far as it can go without more input,
 * and lists the events it passed through on the way, each with its details.
 * Everything a turn, a round or the game ends with happens inside those
 * advances:
 *
 *   throw  -> bust, no legal move, or a missed first throw -> end of turn
 *             (a missed first throw under first-miss=lose: the roller loses)
 *          -> legal moves                 -> wait for a move
 *   move   -> box shut under shut=win     -> end of game
 *          -> box shut under shut=zero    -> end of turn (score 0)
 *          -> tiles left                  -> wait for the next throw
 *   leave  -> the seat is out; if it was rolling, its turn ends unscored
 *   end of turn -> next seat still in, or end of round
 *   end of round -> end of game (rounds, until, eliminate) or next round
 *
 * A seat that lost outright or left ends the game at once when at most one
 * seat is left playing (none, in solitaire).  The battle of docs/contract.md
 * section 4 runs on the same machine: the board is kept across turns, seat
 * 0 shuts and seat 1 opens, and the turn passes whenever the roller cannot
 * move.
 *
 * Left out on purpose: nothing here rolls dice, asks anyone anything or
 * keeps history.  shut_game_step() at the bottom is the one place that
 * calls out, to a player's strategy and to a source of dice; a record of
 * the actions, kept by the caller, is the whole history.
 */
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "game.h"
#include "moves.h"
#include "shut_error.h"
#include "shut_game.h"

/* ---------------------------------------------------------------------
 * Helpers
 */

/*
 * memset(p, 0, n) for a few hundred bytes known when compiled, as stores
 * 64 bytes at a time: a compiler makes a memset() of more than 64 bytes a
 * "rep stos", slow to start whatever the length,
 * and a new game per turn spent 7 to 9% of its time there (the
 * solitaire turns of bench/step.c).
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
clear_bytes(void *p, size_t n)
{
	unsigned char *b = p;

	for (; n >= 64; n -= 64, b += 64)
		memset(b, 0, 64);
	memset(b, 0, n);
}

/*
 * The events of the action being applied: a mask always, the list only
 * when the caller asked for it.
 */
struct acting {
	struct shut_events *ev;
	unsigned mask;
};

static inline void
emit(struct acting *ac, enum shut_event_kind kind, int seat)
{
	struct shut_event *e;

	ac->mask |= SHUT_EV(kind);
	if (ac->ev == NULL || ac->ev->n >= SHUT_EVENTS_MAX)
		return;
	e = &ac->ev->ev[ac->ev->n++];
	clear_bytes(e, sizeof(*e));
	e->kind = kind;
	e->seat = seat;
}

/* The event just emitted, to fill in its details, or NULL. */
static inline struct shut_event *
last_event(struct acting *ac)
{
	if (ac->ev == NULL || ac->ev->n == 0)
		return NULL;
	return &ac->ev->ev[ac->ev->n - 1];
}

static int
is_battle(const struct shut_game *g)
{
	return g->rules.mode == SHUT_MODE_BATTLE;
}

static int
lowest_bit(unsigned mask)
{
	int d = 0;

#if defined(__GNUC__)
	if (mask)
		return __builtin_ctz(mask);
#endif
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

/*
 * Counts one more, staying at LONG_MAX rather than overflowing: a battle
 * has no end in rounds, and a long run of any game none in actions.
 */
static void
count_one(long *n)
{
	if (*n < LONG_MAX)
		(*n)++;
}

/* The number of seats still playing. */
static int
playing(const struct shut_game *g)
{
	int i, n = 0;

	for (i = 0; i < g->nseats; i++)
		n += !g->seat[i].out;
	return n;
}

/*
 * Sets the game up for the next throw of the turn: a choice of dice when
 * the rules leave one, else straight to the throw with the one count.
 */
static void
ask_throw(struct shut_game *g)
{
	uint32_t board = shut__game_board(g);
	unsigned choices;

	if (g->memo.choices == 0 || g->memo.choices_board != board) {
		g->memo.choices = shut__dice_choices(&g->rules, board);
		g->memo.choices_board = board;
	}
	choices = g->memo.choices;

	if (choices & (choices - 1)) {
		g->need = SHUT_NEED_DICE;
		g->ndice = 0;
	} else {
		g->need = SHUT_NEED_THROW;
		g->ndice = lowest_bit(choices);
	}
}

void
shut__game_at(struct shut_game *g, uint32_t open, int first)
{
	g->open = open;
	g->first = first != 0;
	g->memo.choices = 0;
	g->memo.nmoves = -1;
	ask_throw(g);
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
 * Marks the winners: the lowest total among the seats still playing; when
 * none is, among those put out by their total; every seat with it sharing
 * the win.  A seat that lost outright or left never wins: when every seat
 * did, nobody wins.
 */
static void
mark_winners(struct shut_game *g)
{
	uint64_t best = UINT64_MAX;
	int alive = playing(g);
	int i;

	for (i = 0; i < g->nseats; i++) {
		const struct shut_seat *s = &g->seat[i];

		if (s->lost || s->left || (alive && s->out))
			continue;
		if (s->total <= best)
			best = s->total;
	}
	g->nwinners = 0;
	for (i = 0; i < g->nseats; i++) {
		struct shut_seat *s = &g->seat[i];

		if (s->lost || s->left || (alive && s->out))
			continue;
		if (s->total == best) {
			s->winner = 1;
			g->nwinners++;
		}
	}
}

/*
 * Ends the game, with one winner or (winner < 0) the lowest totals, and
 * emits a WIN per winner with its share of the pot and the GAME_END.
 */
static void
end_game(struct shut_game *g, int winner, struct acting *ac)
{
	int64_t pot = shut_game_pot(g);
	struct shut_event *e;
	int i;

	if (winner >= 0) {
		g->seat[winner].winner = 1;
		g->nwinners = 1;
	} else {
		mark_winners(g);
	}
	g->need = SHUT_NEED_NONE;
	for (i = 0; i < g->nseats; i++) {
		if (!g->seat[i].winner)
			continue;
		emit(ac, SHUT_EVENT_WIN, i);
		if ((e = last_event(ac)) != NULL) {
			e->total = g->seat[i].total;
			e->cents = pot / g->nwinners;
		}
	}
	emit(ac, SHUT_EVENT_GAME_END, -1);
	if ((e = last_event(ac)) != NULL) {
		e->count = g->nwinners;
		e->cents = g->nwinners ? pot % g->nwinners : 0;
	}
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
	int i;

	if (playing(g) == 0)
		return 1;
	if (r->eliminate && playing(g) <= (g->nseats > 1 ? 1 : 0))
		return 1;
	if (r->until) {
		for (i = 0; i < g->nseats; i++)
			if (g->seat[i].total >= (uint64_t)r->until)
				return 1;
	}
	if (shut_rules_rounds_end(r) > 0)
		return g->round >= shut_rules_rounds_end(r);
	return 0;
}

/*
 * Whether a seat that lost outright or left ends the game at once: nobody
 * is left playing, or one seat of several.
 */
static int
over_after_loss(const struct shut_game *g)
{
	int n = playing(g);

	return n == 0 || (n == 1 && g->nseats > 1);
}

/* The next seat still in after seat from this round, or -1. */
static int
next_seat(const struct shut_game *g, int from)
{
	int i;

	for (i = from + 1; i < g->nseats; i++)
		if (!g->seat[i].out)
			return i;
	return -1;
}

/* Books the end of the current seat's turn, however it ended. */
static void
count_turn(struct shut_game *g)
{
	count_one(&g->seat[g->turn].turns);
	count_one(&g->turns_played);
	g->last_seat = g->turn;
}

/*
 * Passes the dice to the next seat still in, ending the round (and maybe
 * the game) after the last one.
 */
static void
next_turn(struct shut_game *g, struct acting *ac)
{
	struct shut_event *e;
	int next = next_seat(g, g->turn);

	if (next >= 0) {
		g->turn = next;
		start_turn(g);
		return;
	}
	emit(ac, SHUT_EVENT_ROUND_END, -1);
	if ((e = last_event(ac)) != NULL)
		e->count = (int)(g->round > INT_MAX ? INT_MAX : g->round);
	if (over_after_round(g)) {
		end_game(g, -1, ac);
		return;
	}
	/* A new round starts with the first seat still in. */
	count_one(&g->round);
	g->turn = next_seat(g, -1);
	start_turn(g);
}

static void
end_battle_turn(struct shut_game *g, struct acting *ac)
{
	struct shut_seat *s = &g->seat[g->turn];

	count_turn(g);
	emit(ac, SHUT_EVENT_TURN_END, g->turn);
	/* The Shutter's first turn left every tile open: the Opener wins. */
	if (g->turn == 0 && s->turns == 1 &&
	    g->open == shut_rules_start(&g->rules)) {
		emit(ac, SHUT_EVENT_REOPEN, 1);
		end_game(g, 1, ac);
		return;
	}
	if (g->turn == 1) {
		emit(ac, SHUT_EVENT_ROUND_END, -1);
		count_one(&g->round);
	}
	g->turn = 1 - g->turn;
	start_turn(g);
}

/*
 * Ends the current turn: scores it, eliminates, and moves on to the next
 * seat, the next round or the end of the game.
 */
/* Scores the current seat's turn and books its end. */
static void
score_turn(struct shut_game *g, struct acting *ac)
{
	struct shut_seat *s = &g->seat[g->turn];
	struct shut_event *e;
	uint64_t score = shut_score(&g->rules, g->open);

	s->last_score = score;
	s->total = add_saturating(s->total, score);
	count_turn(g);
	emit(ac, SHUT_EVENT_TURN_END, g->turn);
	if ((e = last_event(ac)) != NULL) {
		e->score = score;
		e->total = s->total;
		e->tiles = g->open;
	}
}

static void
end_turn(struct shut_game *g, struct acting *ac)
{
	struct shut_seat *s;
	struct shut_event *e;

	if (is_battle(g)) {
		end_battle_turn(g, ac);
		return;
	}
	s = &g->seat[g->turn];
	score_turn(g, ac);
	if (g->rules.eliminate && s->total >= (uint64_t)g->rules.eliminate) {
		s->out = 1;
		emit(ac, SHUT_EVENT_OUT, g->turn);
		if ((e = last_event(ac)) != NULL)
			e->total = s->total;
	}
	next_turn(g, ac);
}

/*
 * Takes seat out of the game for good, having lost (lose) or left: a
 * battle goes to the other seat; otherwise the game goes on for the others
 * unless too few are left, and the roller's turn ends unscored.
 */
static void
drop_seat(struct shut_game *g, int seat, int lose, struct acting *ac)
{
	struct shut_seat *s = &g->seat[seat];

	s->out = 1;
	if (lose)
		s->lost = 1;
	else
		s->left = 1;
	emit(ac, lose ? SHUT_EVENT_LOSE : SHUT_EVENT_LEAVE, seat);
	if (seat == g->turn && !lose)
		count_turn(g);
	if (is_battle(g)) {
		end_game(g, 1 - seat, ac);
		return;
	}
	if (over_after_loss(g)) {
		end_game(g, -1, ac);
		return;
	}
	if (seat == g->turn)
		next_turn(g, ac);
}

/* ---------------------------------------------------------------------
 * The actions
 */

static int
act_dice(struct shut_game *g, int d, struct acting *ac)
{
	struct shut_event *e;

	if (g->need != SHUT_NEED_DICE)
		return SHUT_ESTATE;
	if (d < 1 || d > SHUT_DICE_MAX ||
	    !(shut_game_dice_choices(g) & (1u << d)))
		return SHUT_EDICE;
	g->ndice = d;
	g->need = SHUT_NEED_THROW;
	emit(ac, SHUT_EVENT_DICE, g->turn);
	if ((e = last_event(ac)) != NULL)
		e->count = d;
	return 0;
}

/*
 * The total of a throw the rules allow, or -1 for one they do not:
 * shut_throw_check() and shut_throw_total() in one pass over the faces,
 * which are copied to *kept with 0 past the dice thrown (a caller's
 * throw may hold anything there; the game keeps and compares whole
 * throws, so its own are clean).
 * A face is at most SHUT_FACES_MAX and there are at most SHUT_DICE_MAX
 * of them, so the sum cannot overflow.
 */
static int
checked_total(const struct shut_rules *r, const struct shut_throw *t,
	      struct shut_throw *kept)
{
	int total = 0;

	if (t->n < 1 || t->n > r->dice || t->n > SHUT_DICE_MAX)
		return -1;
	memset(kept, 0, sizeof(*kept));
	kept->n = t->n;
	for (int i = 0; i < t->n; i++) {
		if (t->face[i] < 1 || t->face[i] > r->faces)
			return -1;
		total += t->face[i];
		kept->face[i] = t->face[i];
	}
	return total;
}

static int
act_throw(struct shut_game *g, const struct shut_throw *t, struct acting *ac)
{
	const struct shut_rules *r = &g->rules;
	struct shut_throw kept;
	struct shut_event *e;
	uint32_t board;
	int total;
	long n;

	if (g->need != SHUT_NEED_THROW)
		return SHUT_ESTATE;
	if (t->n != g->ndice || (total = checked_total(r, t, &kept)) < 0)
		return SHUT_ETHROW;
	t = &kept;
	board = shut__game_board(g);
	g->last_throw = *t;
	emit(ac, SHUT_EVENT_THROW, g->turn);
	if ((e = last_event(ac)) != NULL) {
		e->thrown = *t;
		e->count = total;
		e->tiles = board;
	}
	if (r->bust && total == r->bust) {
		emit(ac, SHUT_EVENT_BUST, g->turn);
		if ((e = last_event(ac)) != NULL)
			e->count = r->bust;
		end_turn(g, ac);
		return 0;
	}
	g->memo.board = board;
	g->memo.first = g->first;
	g->memo.thrown = *t;
	n = shut__moves_list(r, board, t, total, g->first, g->memo.moves,
			     SHUT_GAME_MOVES_KEPT);
	g->memo.nmoves = n > SHUT_GAME_MOVES_KEPT ? -1 : n;
	if (n > 0) {
		g->need = SHUT_NEED_MOVE;
		return 0;
	}
	if (g->first && r->first_throw) {
		emit(ac, SHUT_EVENT_MISS, g->turn);
		if ((e = last_event(ac)) != NULL)
			e->count = r->first_throw;
		/*
		 * A loss still scores the turn, every tile open, so that
		 * the totals say what the board did (as the solver values
		 * a miss); the seat ranks last of all whatever its total.
		 */
		if (r->first_miss == SHUT_FIRST_MISS_LOSE) {
			if (is_battle(g))
				count_turn(g);
			else
				score_turn(g, ac);
			drop_seat(g, g->turn, 1, ac);
			return 0;
		}
	} else {
		emit(ac, SHUT_EVENT_BLOCKED, g->turn);
	}
	end_turn(g, ac);
	return 0;
}

/*
 * Whether move is one of the legal moves of the throw: found in the list
 * the game kept of them (m, from shut__game_memo(), or NULL), else decided by
 * the rules.
 */
static int
move_allowed(const struct shut_game *g, const struct shut_game_memo *m,
	     uint32_t move)
{
	if (m == NULL)
		return shut_game_legal(g, move);
	for (long i = 0; i < m->nmoves; i++)
		if (m->moves[i] == move)
			return 1;
	return 0;
}

/*
 * A move, once allowed: shuts (or for the Opener opens) its tiles, and
 * ends the turn or the game, or asks for the next throw.
 */
static int
do_move(struct shut_game *g, uint32_t move, struct acting *ac)
{
	struct shut_seat *s;
	struct shut_event *e;

	g->first = 0;
	s = &g->seat[g->turn];
	emit(ac, SHUT_EVENT_MOVE, g->turn);
	if ((e = last_event(ac)) != NULL)
		e->tiles = move;

	if (is_battle(g) && g->turn == 1) {
		g->open |= move;
		if (g->open == shut_rules_start(&g->rules)) {
			count_turn(g);
			emit(ac, SHUT_EVENT_REOPEN, g->turn);
			emit(ac, SHUT_EVENT_TURN_END, g->turn);
			end_game(g, 1, ac);
			return 0;
		}
		ask_throw(g);
		return 0;
	}

	g->open &= ~move;
	if (g->open != 0) {
		ask_throw(g);
		return 0;
	}
	count_one(&s->shut_count);
	emit(ac, SHUT_EVENT_SHUT, g->turn);
	if (is_battle(g) || g->rules.shut == SHUT_SHUT_WIN) {
		s->last_score = 0;
		count_turn(g);
		emit(ac, SHUT_EVENT_TURN_END, g->turn);
		if ((e = last_event(ac)) != NULL)
			e->total = s->total;
		end_game(g, g->turn, ac);
		return 0;
	}
	end_turn(g, ac);
	return 0;
}

static int
act_move(struct shut_game *g, uint32_t move, struct acting *ac)
{
	if (g->need != SHUT_NEED_MOVE)
		return SHUT_ESTATE;
	if (!move_allowed(g, shut__game_memo(g), move))
		return SHUT_EILLEGAL;
	return do_move(g, move, ac);
}

static int
act_leave(struct shut_game *g, int seat, struct acting *ac)
{
	if (seat < 0 || seat >= g->nseats)
		return SHUT_EINVAL;
	if (g->need == SHUT_NEED_NONE || g->seat[seat].out)
		return SHUT_ESTATE;
	drop_seat(g, seat, 0, ac);
	return 0;
}

/* ---------------------------------------------------------------------
 * The calls
 */

/*
 * The rule set this thread last saw pass shut_rules_check(), so that a
 * program starting game after game under one rule set (a simulation, a
 * benchmark, a server's tables) checks it once, not at every game.  The
 * check is a function of the fields alone, so it is skipped only for a
 * rule set equal to this one field by field (padding is not compared).
 * Thread-local: each thread keeps its own, and nothing is shared.
 */
static _Thread_local struct shut_rules checked_rules;
static _Thread_local int have_checked;

static int
same_rules(const struct shut_rules *a, const struct shut_rules *b)
{
	return a->tile_lo == b->tile_lo && a->tile_hi == b->tile_hi &&
	       a->start == b->start && a->start_list == b->start_list &&
	       a->dice == b->dice && a->faces == b->faces &&
	       a->fewer == b->fewer && a->fewer_forced == b->fewer_forced &&
	       a->move == b->move && a->move_max == b->move_max &&
	       a->first_throw == b->first_throw &&
	       a->first_miss == b->first_miss && a->bust == b->bust &&
	       a->score == b->score && a->shut == b->shut &&
	       a->rounds == b->rounds && a->until == b->until &&
	       a->eliminate == b->eliminate && a->stake == b->stake &&
	       a->mode == b->mode;
}

/* shut_rules_check() of a game's rules, once per rule set in a row. */
static int
check_rules(const struct shut_rules *rules)
{
	int rc;

	if (have_checked && same_rules(rules, &checked_rules))
		return 0;
	rc = shut_rules_check(rules, NULL, 0);
	if (rc == 0) {
		checked_rules = *rules;
		have_checked = 1;
	}
	return rc;
}

int
shut_game_init(struct shut_game *g, const struct shut_rules *rules, int nseats)
{
	static const struct shut_seat empty;
	int rc;

	if (g == NULL || rules == NULL)
		return SHUT_EINVAL;
	rc = check_rules(rules);
	if (rc < 0)
		return rc;
	if (nseats < 1 || nseats > SHUT_SEATS_MAX)
		return SHUT_EPLAYERS;
	if (rules->mode == SHUT_MODE_BATTLE && nseats != 2)
		return SHUT_EBATTLE;

	/*
	 * Every field set but the seats past nseats, which the game never
	 * reads (a game of one seat would clear 64), and the memo's list,
	 * read only up to its count.
	 */
	g->rules = *rules;
	for (int i = 0; i < nseats; i++)
		g->seat[i] = empty;
	clear_bytes(&g->need, offsetof(struct shut_game, memo.moves) -
				  offsetof(struct shut_game, need));
	g->nseats = nseats;
	g->round = 1;
	g->turn = 0;
	g->last_seat = -1;
	/* A standard turn opens the start set itself (start_turn()). */
	if (rules->mode == SHUT_MODE_BATTLE)
		g->open = shut_rules_start(rules);
	start_turn(g);
	return 0;
}

/*
 * What every action ends with: refused, its events are dropped (the game
 * is as it was); applied, it is counted.  Returns rc.
 */
static int
acted(struct shut_game *g, int rc, struct shut_events *ev)
{
	if (rc < 0) {
		if (ev != NULL)
			ev->n = 0;
		return rc;
	}
	count_one(&g->actions);
	return rc;
}

int
shut_game_act(struct shut_game *g, const struct shut_action *a,
	      struct shut_events *ev)
{
	struct acting ac = { ev, 0 };
	int rc = SHUT_EINVAL;

	if (ev != NULL)
		ev->n = 0;
	if (g == NULL || a == NULL)
		return SHUT_EINVAL;
	switch (a->kind) {
	case SHUT_ACT_DICE:
		rc = act_dice(g, a->dice, &ac);
		break;
	case SHUT_ACT_THROW:
		rc = act_throw(g, &a->thrown, &ac);
		break;
	case SHUT_ACT_MOVE:
		rc = act_move(g, a->move, &ac);
		break;
	case SHUT_ACT_LEAVE:
		rc = act_leave(g, a->seat, &ac);
		break;
	}
	rc = acted(g, rc, ev);
	return rc < 0 ? rc : (int)ac.mask;
}

int
shut_game_replay(struct shut_game *g, const struct shut_rules *rules,
		 int nseats, const struct shut_action *actions, size_t n,
		 size_t *done)
{
	size_t i;
	int rc;

	if (done != NULL)
		*done = 0;
	if (actions == NULL && n > 0)
		return SHUT_EINVAL;
	if ((rc = shut_game_init(g, rules, nseats)) < 0)
		return rc;
	for (i = 0; i < n; i++) {
		if ((rc = shut_game_act(g, &actions[i], NULL)) < 0)
			return rc;
		if (done != NULL)
			*done = i + 1;
	}
	return 0;
}

int
shut_game_dice(struct shut_game *g, int d)
{
	struct shut_action a = { .kind = SHUT_ACT_DICE, .dice = d };

	return shut_game_act(g, &a, NULL);
}

int
shut_game_throw(struct shut_game *g, const struct shut_throw *t)
{
	struct shut_action a = { .kind = SHUT_ACT_THROW };

	if (t == NULL)
		return SHUT_EINVAL;
	a.thrown = *t;
	return shut_game_act(g, &a, NULL);
}

int
shut_game_move(struct shut_game *g, uint32_t move)
{
	struct shut_action a = { .kind = SHUT_ACT_MOVE, .move = move };

	return shut_game_act(g, &a, NULL);
}

int
shut_game_leave(struct shut_game *g, int seat)
{
	struct shut_action a = { .kind = SHUT_ACT_LEAVE, .seat = seat };

	return shut_game_act(g, &a, NULL);
}

/* ---------------------------------------------------------------------
 * The driver
 */

/*
 * The driver knows which action it makes, so it goes to it without
 * shut_game_act()'s switch, and ends it as shut_game_act() does.
 */
int
shut_game_step(struct shut_game *g, const struct shut_player *players,
	       const struct shut_dice *dice, struct shut_action *done,
	       struct shut_events *ev)
{
	const struct shut_player *p;
	struct shut_action a;
	struct acting ac = { ev, 0 };
	unsigned choices;
	int rc;

	if (g == NULL || players == NULL || dice == NULL || dice->roll == NULL)
		return SHUT_EINVAL;
	if (g->need == SHUT_NEED_NONE)
		return SHUT_ESTATE;
	p = &players[g->turn];
	if (p->strategy == NULL || p->strategy->move == NULL)
		return SHUT_EINVAL;
	memset(&a, 0, sizeof(a));
	a.seat = g->turn;
	switch (g->need) {
	case SHUT_NEED_DICE:
		choices = shut_game_dice_choices(g);
		a.kind = SHUT_ACT_DICE;
		if (p->strategy->dice == NULL)
			rc = choices & (1u << g->rules.dice)
				 ? g->rules.dice
				 : lowest_bit(choices);
		else
			rc = p->strategy->dice(p->ctx, g, choices);
		if (rc < 0)
			return rc;
		a.dice = rc;
		if (ev != NULL)
			ev->n = 0;
		rc = act_dice(g, a.dice, &ac);
		break;
	case SHUT_NEED_THROW:
		a.kind = SHUT_ACT_THROW;
		rc = dice->roll(dice->ctx, g->ndice, g->rules.faces, &a.thrown);
		if (rc < 0)
			return rc;
		if (ev != NULL)
			ev->n = 0;
		rc = act_throw(g, &a.thrown, &ac);
		break;
	case SHUT_NEED_MOVE:
		a.kind = SHUT_ACT_MOVE;
		rc = p->strategy->move(p->ctx, g, &a.move);
		if (rc < 0)
			return rc;
		if (ev != NULL)
			ev->n = 0;
		rc = move_allowed(g, shut__game_memo(g), a.move)
			 ? do_move(g, a.move, &ac)
			 : SHUT_EILLEGAL;
		break;
	default:
		return SHUT_ESTATE;
	}
	rc = acted(g, rc, ev);
	if (rc < 0)
		return rc;
	if (done != NULL)
		*done = a;
	return (int)ac.mask;
}
