/*
 * reach.c - which tiles of the start set no legal move can ever shut.
 *
 * A rule set may leave a tile that can never be shut: tile 13 with two
 * dice, tile 7 of lucky-7 when 7 busts, tile 1 alone under fewer-dice=never.
 * Such a rule set is allowed (a program warns), except with
 * rounds=until-shut, where the game would never end.
 *
 * The answer must never be wrong in the direction that refuses a playable
 * game, so it rests on two over-approximations.  First, the moves of every
 * rule are monotone in the board: a move legal on a board is legal on any
 * larger one, so the start set itself is the most generous board.  Second,
 * the dice counts a roller may throw while tile t is open are the union of
 * the choices on the boards {t}, {t, u} for every start tile u, and the
 * whole start set: the fewer-dice rules look only at the largest open tile,
 * the open sum, or tile 1 alone, and those boards cover every largest tile
 * and the smallest sum.  Only a forced low-sum rule can pick other counts
 * (the fewest allowed for some other sum); there every count from the
 * fewest on {t} up to the one on the start set, the largest sum, is
 * taken.  The first-throw rule is ignored, since it only narrows one throw
 * of a turn.
 *
 * So a tile reported here is certainly never shut; a tile not reported can
 * be shut in some position, though not necessarily on a path that shuts the
 * whole box.
 */
#include "rules.h"
#include "shut_moves.h"

/* Sums up to 32 tiles of at most 32: 528, in bits of 64-bit words. */
#define SUM_WORDS 9

/*
 * reach[c] gets the sums of exactly c tiles of board, as bit sets:
 * reach[c][s / 64] has bit s % 64 when some c tiles add up to s.
 */
static void
subset_sums(uint32_t board, uint64_t reach[SHUT_TILES_MAX + 1][SUM_WORDS])
{
	int c, w, u, n = 0;

	for (c = 0; c <= SHUT_TILES_MAX; c++)
		for (w = 0; w < SUM_WORDS; w++)
			reach[c][w] = 0;
	reach[0][0] = 1;
	for (u = 1; u <= SHUT_TILES_MAX; u++) {
		if (!(board & SHUT_TILE(u)))
			continue;
		n++;
		for (c = n - 1; c >= 0; c--) {
			/* reach[c + 1] |= reach[c] << u, across words. */
			for (w = SUM_WORDS - 1; w >= 0; w--) {
				uint64_t v = reach[c][w] << (u % 64);

				if (w > 0 && u % 64)
					v |= reach[c][w - 1] >> (64 - u % 64);
				reach[c + 1][w] |= v;
			}
		}
	}
}

static int
has_sum(const uint64_t bits[SUM_WORDS], long s)
{
	if (s < 0 || s >= SUM_WORDS * 64)
		return 0;
	return (int)((bits[s / 64] >> (s % 64)) & 1u);
}

/* The dice counts that may be thrown at some moment with tile t open. */
static unsigned
counts_with(const struct shut_rules *r, uint32_t start, int t)
{
	unsigned counts = shut_dice_choices(r, start);
	unsigned alone = shut_dice_choices(r, SHUT_TILE(t));
	int u, d;

	counts |= alone;
	for (u = 1; u <= SHUT_TILES_MAX; u++)
		if (start & SHUT_TILE(u))
			counts |=
			    shut_dice_choices(r, SHUT_TILE(t) | SHUT_TILE(u));
	if (r->fewer == SHUT_FEWER_LOW_SUM && r->fewer_forced) {
		/* The count grows with the sum: from {t}'s up to start's. */
		unsigned whole = shut_dice_choices(r, start);

		for (d = 1; d <= r->dice && !(alone & (1u << d)); d++)
			;
		for (; d <= r->dice; d++) {
			counts |= 1u << d;
			if (whole & (1u << d))
				break;
		}
	}
	return counts;
}

/* Whether some throw of d dice totals t (not the bust number). */
static int
total_possible(const struct shut_rules *r, int d, long total)
{
	return total >= d && total <= (long)d * r->faces &&
	       !(r->bust && total == r->bust);
}

/*
 * Whether a throw of d dice lets a move include tile t on board (the start
 * set), under the move rule.  rest[] holds the subset sums of board less t.
 */
static int
tile_shuttable(const struct shut_rules *r, uint32_t board, int t, int d,
	       uint64_t rest[SHUT_TILES_MAX + 1][SUM_WORDS])
{
	long total, most = (long)d * r->faces;
	int c, others, u;

	switch (r->move) {
	case SHUT_MOVE_ANY:
	case SHUT_MOVE_UP_TO:
		for (total = d; total <= most; total++) {
			if (!total_possible(r, d, total))
				continue;
			for (c = 0; c < SHUT_TILES_MAX; c++) {
				if (r->move == SHUT_MOVE_UP_TO &&
				    c + 1 > r->move_max)
					break;
				if (has_sum(rest[c], total - t))
					return 1;
			}
		}
		return 0;
	case SHUT_MOVE_ONE_TILE:
		/* t as the total, or as one face beside d - 1 others. */
		if (total_possible(r, d, t))
			return 1;
		if (t > r->faces)
			return 0;
		if (d == 1)
			return !(r->bust && t == r->bust);
		/* The other faces can total d - 1 or d: one is not bust. */
		return 1;
	case SHUT_MOVE_DICE_OR_SUM:
		if (total_possible(r, d, t))
			return 1;
		if (t > r->faces)
			return 0;
		if (d == 1)
			return !(r->bust && t == r->bust);
		/* d different faces, each an open tile, t among them. */
		others = 0;
		for (u = 1; u <= r->faces && u <= SHUT_TILES_MAX; u++)
			if (u != t && (board & SHUT_TILE(u)))
				others++;
		if (others < d - 1)
			return 0;
		if (others > d - 1 || !r->bust)
			return 1;
		/* Exactly the d - 1 others: one total, maybe the bust. */
		total = t;
		for (u = 1; u <= r->faces && u <= SHUT_TILES_MAX; u++)
			if (u != t && (board & SHUT_TILE(u)))
				total += u;
		return total != r->bust;
	}
	return 0;
}

/*
 * The tiles of tiles, a part of board, that no legal move can ever include
 * on board or a board inside it, by the reasoning at the top of this file
 * with board in place of the start set.  When can is not NULL, can[t]
 * gets for each of those tiles the dice counts that may shut it.
 */
uint32_t
shut__never_shut(const struct shut_rules *rules, uint32_t board, uint32_t tiles,
		 unsigned can[SHUT_TILES_MAX + 1])
{
	uint64_t rest[SHUT_TILES_MAX + 1][SUM_WORDS];
	uint32_t never = 0;
	int t, d;

	/* Dice outside their bounds would index past the sums' sets. */
	if (rules == NULL || rules->dice < 1 || rules->dice > SHUT_DICE_MAX ||
	    rules->faces < 2 || rules->faces > SHUT_FACES_MAX)
		return 0;
	for (t = 1; t <= SHUT_TILES_MAX; t++) {
		unsigned counts, ok = 0;

		if (!(tiles & board & SHUT_TILE(t)))
			continue;
		counts = counts_with(rules, board, t);
		subset_sums(board & ~SHUT_TILE(t), rest);
		for (d = 1; d <= rules->dice && (can || !ok); d++)
			if ((counts & (1u << d)) &&
			    tile_shuttable(rules, board, t, d, rest))
				ok |= 1u << d;
		if (!ok)
			never |= SHUT_TILE(t);
		if (can)
			can[t] = ok;
	}
	return never;
}

uint32_t
shut_rules_unreachable(const struct shut_rules *rules)
{
	uint32_t start;

	if (rules == NULL)
		return 0;
	start = shut_rules_start(rules);
	return shut__never_shut(rules, start, start, NULL);
}
