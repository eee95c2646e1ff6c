/*
 * game_query.c - what a game can be asked between its actions (game.c):
 * whose board it is, the dice counts and the legal moves of the throw
 * being played, why a move is refused, the pot and the standings.
 * Nothing here changes the game.
 */
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "moves.h"
#include "shut_error.h"
#include "shut_game.h"

int
shut_game_opener(const struct shut_game *g, int seat)
{
	return g != NULL && g->rules.mode == SHUT_MODE_BATTLE && seat == 1;
}

uint32_t
shut_game_board(const struct shut_game *g)
{
	if (g == NULL)
		return 0;
	if (shut_game_opener(g, g->turn))
		return shut_rules_start(&g->rules) & ~g->open;
	return g->open;
}

/*
 * The dice counts of the board from the memo, worked out once per board
 * (ask_throw() keeps them when the board is reached).
 */
unsigned
shut_game_dice_choices(const struct shut_game *g)
{
	uint32_t board;

	if (g == NULL)
		return 0;
	board = shut_game_board(g);
	if (g->memo.choices != 0 && g->memo.choices_board == board)
		return g->memo.choices;
	return shut_dice_choices(&g->rules, board);
}

long
shut__game_moves_each(const struct shut_game *g, shut_move_fn fn, void *ctx)
{
	const uint32_t *moves;
	long n, i;

	if (g == NULL)
		return SHUT_EINVAL;
	if (g->need != SHUT_NEED_MOVE)
		return SHUT_ESTATE;
	n = shut__game_moves_kept(g, &moves);
	if (n < 0)
		return shut_moves_each(&g->rules, shut_game_board(g),
				       &g->last_throw, g->first, fn, ctx);
	for (i = 0; i < n; i++)
		if (fn != NULL && fn(ctx, moves[i]))
			return i + 1;
	return n;
}

long
shut_game_moves(const struct shut_game *g, uint32_t *moves, size_t cap)
{
	if (g == NULL || (moves == NULL && cap > 0))
		return SHUT_EINVAL;
	if (g->need != SHUT_NEED_MOVE)
		return SHUT_ESTATE;
	return shut_moves(&g->rules, shut_game_board(g), &g->last_throw,
			  g->first, moves, cap);
}

int
shut_game_legal(const struct shut_game *g, uint32_t move)
{
	if (g == NULL || g->need != SHUT_NEED_MOVE)
		return 0;
	return shut_move_legal(&g->rules, shut_game_board(g), &g->last_throw,
			       g->first, move);
}

int
shut_game_why(const struct shut_game *g, uint32_t move, struct shut_why *why)
{
	if (g == NULL)
		return SHUT_EINVAL;
	if (g->need != SHUT_NEED_MOVE)
		return SHUT_ESTATE;
	return shut_move_why(&g->rules, shut_game_board(g), &g->last_throw,
			     g->first, move, why);
}

int64_t
shut_game_pot(const struct shut_game *g)
{
	if (g == NULL)
		return 0;
	return (int64_t)g->rules.stake * g->nseats;
}

/* The class of a seat in the standings: lower ranks higher. */
static int
standing_class(const struct shut_seat *s)
{
	if (s->winner)
		return 0;
	if (s->left)
		return 4;
	if (s->lost)
		return 3;
	return s->out ? 2 : 1;
}

int
shut_game_standings(const struct shut_game *g, int *order)
{
	int i, j;

	if (g == NULL || order == NULL)
		return SHUT_EINVAL;
	/* An insertion sort: stable, and 64 seats at most. */
	for (i = 0; i < g->nseats; i++) {
		const struct shut_seat *s = &g->seat[i];

		for (j = i; j > 0; j--) {
			const struct shut_seat *o = &g->seat[order[j - 1]];
			int cs = standing_class(s), co = standing_class(o);

			if (co < cs || (co == cs && o->total <= s->total))
				break;
			order[j] = order[j - 1];
		}
		order[j] = i;
	}
	return g->nseats;
}
