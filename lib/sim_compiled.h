/*
 * sim_compiled.h - single turns of a deterministic player, compiled into
 * tables and played by looking them up (sim_compiled.c).
 *
 * Not public: the simulator (sim.c) uses it for shut_sim_turns() whenever
 * the player and the rules compile, and the tests read the tables.
 *
 * A compiled player holds, for every board of the start set (a row), the
 * dice count its player throws there and, for every class of throw of
 * those dice, the row the turn goes on at, or the same row (or row 0, the
 * shut box) where the turn ends.  The tables are filled by asking the
 * player through the game itself (shut_game_step()), so a compiled player
 * plays exactly as the player does in a game.
 *
 * Memory: shut__simc_new() allocates the tables (at most SIMC_BYTES_MAX);
 * shut__simc_free() frees them.  A compiled player is read-only once made
 * and may be shared by threads.
 */
#ifndef SIM_COMPILED_H
#define SIM_COMPILED_H

#include <stddef.h>
#include <stdint.h>

#include "shut_dice.h"
#include "shut_game.h"

/* The most tiles of a start set that compiles: rows are 16-bit. */
#define SIMC_TILES_MAX 16

/* The most bytes of the tables of a compiled player. */
#define SIMC_BYTES_MAX ((size_t)64 << 20)

/* How the throws of a row are told apart. */
enum simc_key {
	SIMC_KEY_TOTAL, /* by their total: every row's moves read it alone */
	SIMC_KEY_FACES	/* by their multiset of faces */
};

/* How a turn may end: its score, and whether it shut the box. */
struct simc_end {
	uint64_t score;
	int shut;
};

struct shut__simc;

/*
 * shut__simc_new() compiles player for single turns of the game start (a
 * game of one seat, as shut_game_init() left it: one round, no until,
 * eliminate or stake), into *cp.  It returns 0; SHUT_EMODE when they do
 * not compile: a player that draws (a policy with a random rule, or none),
 * a start set of more than SIMC_TILES_MAX tiles, faces^d above 4096 for a
 * dice count the player throws, a player that fails or a game that ends a
 * turn in another way than the tables can tell; SHUT_ETOOBIG for tables
 * above SIMC_BYTES_MAX; SHUT_ENOMEM.
 */
int shut__simc_new(struct shut__simc **cp, const struct shut_game *start,
		   const struct shut_player *player);

void shut__simc_free(struct shut__simc *c);

/* How a turn ending at each row ends: the entries of count[], by row. */
size_t shut__simc_ends(const struct shut__simc *c,
		       const struct simc_end **ends);

/*
 * shut__simc_play() plays n turns drawing from rng (advanced past what it
 * drew), adds each turn to count[] by the row it ended at (see
 * shut__simc_ends()) and the throws made to *throws.  Nothing allocated,
 * nothing listed, no division.
 */
void shut__simc_play(const struct shut__simc *c, struct shut_rng *rng,
		     uint64_t n, uint64_t *count, uint64_t *throws);

/*
 * For the tests: the key of the tables, the dice count thrown at board
 * open, and where throw t leads from it: the board after the move, or
 * open itself when the turn ends there (0 when the move shut the box).
 * Both return SHUT_ETILES for a board off the start set (or the shut box),
 * SHUT_ETHROW for a throw of another count or beyond the faces.
 */
enum simc_key shut__simc_key(const struct shut__simc *c);
int shut__simc_dice(const struct shut__simc *c, uint32_t open);
int shut__simc_next(const struct shut__simc *c, uint32_t open,
		    const struct shut_throw *t, uint32_t *next);

#endif
