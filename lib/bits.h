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
 * The sums of the tiles of each byte of a mask: byte k holds tiles 8k + 1
 * to 8k + 8, and entry b of table k is the sum of those whose bits are set
 * in b (at most 25 + ... + 32 = 228, so a byte).  SUM2 to SUM8 spell a
 * table out bit pair by bit pair from the weight w of its lowest bit.
 */
#define SUM2(s, w) (s), (s) + (w), (s) + (w) + 1, (s) + 2 * (w) + 1
#define SUM4(s, w)                                                             \
	SUM2(s, w), SUM2((s) + (w) + 2, w), SUM2((s) + (w) + 3, w),            \
	    SUM2((s) + 2 * (w) + 5, w)
#define SUM6(s, w)                                                             \
	SUM4(s, w), SUM4((s) + (w) + 4, w), SUM4((s) + (w) + 5, w),            \
	    SUM4((s) + 2 * (w) + 9, w)
#define SUM8(w)                                                                \
	SUM6(0, w), SUM6((w) + 6, w), SUM6((w) + 7, w), SUM6(2 * (w) + 13, w)

static const unsigned char bits_sum8[4][256] = {
	{ SUM8(1) }, { SUM8(9) }, { SUM8(17) }, { SUM8(25) }
};

#undef SUM2
#undef SUM4
#undef SUM6
#undef SUM8

/* The sum of the tiles in a mask: four look-ups, no loop over the bits. */
static inline int
sum_tiles(uint32_t m)
{
	return bits_sum8[0][m & 0xff] + bits_sum8[1][(m >> 8) & 0xff] +
	       bits_sum8[2][(m >> 16) & 0xff] + bits_sum8[3][m >> 24];
}

#endif
