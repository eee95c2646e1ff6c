/*
 * bits.h - counting and finding the tiles of a mask, for the library's
 * move generator (moves.c) and its players (strategy.c).
 *
 * Not public.  Tile t is bit t - 1 of a mask (SHUT_TILE(t)).  Each of
 * these is a few instructions without a loop, written out so that the
 * library does not depend on a compiler's builtin, and static inline so
 * that the callers in the game's step, which run millions of times a
 * second, pay no call for them.
 */
#ifndef BITS_H
#define BITS_H

#include <stdint.h>

/* The number of tiles in a mask: the classic parallel bit count. */
static inline int
count_tiles(uint32_t m)
{
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0fu;
	return (int)((m * 0x01010101u) >> 24);
}

/*
 * The number of the highest tile of a mask, 0 for an empty one: every bit
 * below the highest is set by smearing it down, and the count of the set
 * bits is its number.
 */
static inline int
highest_tile(uint32_t m)
{
	m |= m >> 1;
	m |= m >> 2;
	m |= m >> 4;
	m |= m >> 8;
	m |= m >> 16;
	return count_tiles(m);
}

/*
 * Whether the highest tile of a is above the highest tile of b, without
 * finding either: a's highest bit is above b's exactly when b < a and b
 * is also below a ^ b (the bits where they part, which then reach past
 * every bit of b).
 */
static inline int
top_above(uint32_t a, uint32_t b)
{
	return b < a && b < (a ^ b);
}

/*
 * The sum of the tiles in a mask without a loop over the bits.  Tile t sits
 * at bit index t - 1, so the sum is the count plus the sum of the indices,
 * and the indices add up bit by bit: the bits whose index has bit k set are
 * the ones under the k-th of these masks, each worth 2^k.
 */
static inline int
sum_tiles(uint32_t m)
{
	return count_tiles(m) + count_tiles(m & 0xaaaaaaaau) +
	       (count_tiles(m & 0xccccccccu) << 1) +
	       (count_tiles(m & 0xf0f0f0f0u) << 2) +
	       (count_tiles(m & 0xff00ff00u) << 3) +
	       (count_tiles(m & 0xffff0000u) << 4);
}

#endif
