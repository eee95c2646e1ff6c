/*
 * moves.c - what a throw allows: legal moves, dice counts, scores.
 *
 * The board and every move are masks of tiles (tile t is bit t - 1), so the
 * rules of one turn are arithmetic on one word.  Three of the four move
 * rules are a handful of tiles that can be read off the throw directly:
 * dice-or-sum has at most two moves, one-tile at most one per face and one
 * for the total.  The other two, any and up-to-K, are subset sums: every set
 * of board tiles that adds up to the total.  On a box of 32 tiles a single
 * throw of many dice can have millions of such moves, and the same
 * generator runs in the solver's inner loop on millions of small boards, so
 * the enumeration has to be both exact and cheap when there is little to
 * find.
 *
 * The enumeration is a depth-first search over the board's tiles from the
 * highest to the lowest, choosing at each level the next (smaller) tile of
 * the move.  Before the search, reach[j] is computed for every suffix j of
 * the sorted tiles: the bitset of all the sums that the tiles j..n-1 can
 * make.  The search only steps into a branch whose remainder is in the
 * reach of the tiles left below it, so every branch it enters ends in at
 * least one move, and the work is proportional to the moves found (times
 * the number of tiles), never to the subsets tried.  The bitsets only need
 * bits up to the total, one 64-bit word for every throw of the common
 * rule sets, so building them costs one shift and one OR per tile.  The
 * up-to-K limit is pruned by the sum of the K largest tiles left, which
 * the reach sets cannot see.  Recursion is at most one level per tile (32),
 * and nothing is allocated.
 *
 * The first-throw rule is applied by taking its tile into the move before
 * the search starts: the rest of the move is then an ordinary search for
 * the remainder on the board without that tile, so no move is generated
 * only to be thrown away.
 *
 * shut_moves() wants the first cap moves in canonical order out of possibly
 * millions.  It keeps the cap smallest seen so far in the caller's array as
 * a max-heap (the largest kept move at the root, replaced by any smaller
 * move found), then sorts the heap in place: O(n log cap) time, no memory
 * beyond the caller's array.
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>

#include "bits.h"
#include "moves.h"
#include "shut_error.h"
#include "shut_moves.h"

/* The largest sum of tiles: 1 + 2 + ... + 32. */
#define SUM_MAX	    528
#define REACH_WORDS (SUM_MAX / 64 + 1)

/* ------------------------------------------------------------------ */
/* Bits of a tile mask (the counts are in bits.h) */

/*
 * The mask of the tile numbered v, or 0 when no box has such a tile.
 * Faces go up to 100 and totals to 800, so every number read off a throw
 * passes through here before it becomes a shift.
 */
static uint32_t
tile_of(int v)
{
	return v >= 1 && v <= SHUT_TILES_MAX ? SHUT_TILE(v) : 0;
}

/*
 * The number of the tile of a one-tile mask, by a de Bruijn sequence: the
 * multiplication moves a distinct 5-bit pattern into the top bits for each
 * of the 32 positions, so a table lookup finds the bit without a loop or a
 * compiler builtin.
 */
static int
tile_number(uint32_t tile)
{
	static const unsigned char position[32] = {
		0,  1,	28, 2,	29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4,  8,
		31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6,  11, 5,  10, 9,
	};

	return position[(uint32_t)(tile * 0x077cb531u) >> 27] + 1;
}

/*
 * The sum of the few tiles of a move, one tile at a time: cheaper than
 * sum_tiles() for the one to four tiles a move usually has.
 */
static int
move_sum(uint32_t move)
{
	int sum = 0;

	while (move) {
		sum += tile_number(move & (~move + 1u));
		move &= move - 1u;
	}
	return sum;
}

/* ------------------------------------------------------------------ */
/* Throws */

/*
 * The total of a throw.  The count is clamped to the face array so that a
 * throw that was never checked cannot make this read out of bounds, and the
 * sum is taken in 64 bits and clamped so that its faces cannot overflow an
 * int: eight ints always fit in a long long.
 */
int
shut_throw_total(const struct shut_throw *t)
{
	long long total = 0;
	int n;

	if (t == NULL)
		return 0;
	n = t->n < SHUT_DICE_MAX ? t->n : SHUT_DICE_MAX;
	for (int i = 0; i < n; i++)
		total += t->face[i];
	if (total > INT_MAX)
		return INT_MAX;
	if (total < INT_MIN)
		return INT_MIN;
	return (int)total;
}

/*
 * A throw may have fewer dice than the rule set (the fewer-dice rule), but
 * never more, and each face must be one the dice have.  Null pointers are a
 * bad argument rather than a bad throw.
 */
int
shut_throw_check(const struct shut_rules *rules, const struct shut_throw *t)
{
	if (!rules || !t)
		return SHUT_EINVAL;
	if (t->n < 1 || t->n > rules->dice || t->n > SHUT_DICE_MAX)
		return SHUT_ETHROW;
	for (int i = 0; i < t->n; i++)
		if (t->face[i] < 1 || t->face[i] > rules->faces)
			return SHUT_ETHROW;
	return 0;
}

/*
 * Whether no two faces of a throw are equal, which the dice-or-sum rule
 * asks before the dice may be used one by one.
 */
static int
faces_differ(const struct shut_throw *t)
{
	int n = t->n < SHUT_DICE_MAX ? t->n : SHUT_DICE_MAX;

	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (t->face[i] == t->face[j])
				return 0;
	return 1;
}

/*
 * The dice-or-sum move that uses each die on its own: the tiles of the
 * faces, or 0 when the faces are not all different or one of them is not a
 * tile of any box.  Whether those tiles are on the board is the caller's
 * question.
 */
static uint32_t
faces_move(const struct shut_throw *t)
{
	uint32_t move = 0;

	if (t->n < 1 || t->n > SHUT_DICE_MAX || !faces_differ(t))
		return 0;
	for (int i = 0; i < t->n; i++) {
		uint32_t tile = tile_of(t->face[i]);

		if (!tile)
			return 0;
		move |= tile;
	}
	return move;
}

/*
 * The tiles that one-tile may shut: any tile equal to a face or to the
 * total.  A mask collapses equal faces, so each tile counts once.
 */
static uint32_t
one_tile_moves(const struct shut_throw *t, int total)
{
	int n = t->n < SHUT_DICE_MAX ? t->n : SHUT_DICE_MAX;
	uint32_t tiles = tile_of(total);

	for (int i = 0; i < n; i++)
		tiles |= tile_of(t->face[i]);
	return tiles;
}

/* ------------------------------------------------------------------ */
/* The small totals, from a list made once */

/*
 * A throw of the common rule sets totals at most 24 (four six-sided dice),
 * and the sets of tiles that add up to a total that small are few: 761 in
 * all for the totals 1 to 24 (122 for 24, 15 for 12).  They are listed
 * once, for the whole library, in the order the search above finds them
 * (tiles from the highest down, each set's tiles in decreasing order
 * compared from the first), and the moves of a board are those of the
 * list that lie on it: a test per set, no setting up of reach sets, and
 * the same moves in the same order as the search, since the board's sets
 * are a part of the list taken in its order.  The list is made on first
 * use, under pthread_once(), and only read afterwards.
 */
#define SMALL_TOTAL 24
#define SMALL_SETS  761
#define SMALL_TILES 6 /* no more tiles add up to 24 or less */

/*
 * Each total's sets are padded to a multiple of eight with a set that no
 * board holds (a bit above every tile), so that small_list() takes them
 * eight at a time: a loop of one or two rounds, whose end the processor
 * foresees, where one round a set ended at a different place for every
 * total, a wrong guess at nearly every throw.  A board is looked at
 * through SMALL_BOARD (no set holds a tile past 24), so the padding is
 * never on one, whatever its tiles.
 */
#define SMALL_PAD   8
#define SMALL_NONE  (UINT32_C(1) << 31)
#define SMALL_SLOTS (SMALL_SETS + SMALL_TOTAL * (SMALL_PAD - 1))
/* The tiles a small total's set may hold: a board is looked at through it. */
#define SMALL_BOARD ((UINT32_C(1) << SMALL_TOTAL) - 1)

static uint32_t small_set[SMALL_SLOTS];
static int small_first[SMALL_TOTAL + 2]; /* total t: small_set[first[t]..] */
static pthread_once_t small_once = PTHREAD_ONCE_INIT;
static atomic_int small_ready; /* set once the list is made */

/* The sets of tiles below top + 1 adding up to r, in the search's order. */
static int
small_fill(int top, int r, uint32_t move, int n)
{
	for (int t = top < r ? top : r; t >= 1; t--) {
		if (t == r)
			small_set[n++] = move | SHUT_TILE(t);
		else if (t * (t - 1) / 2 >= r - t)
			n = small_fill(t - 1, r - t, move | SHUT_TILE(t), n);
	}
	return n;
}

static void
small_make(void)
{
	int n = 0;

	for (int r = 1; r <= SMALL_TOTAL; r++) {
		small_first[r] = n;
		n = small_fill(r, r, 0, n);
		while ((n - small_first[r]) % SMALL_PAD != 0)
			small_set[n++] = SMALL_NONE;
	}
	small_first[SMALL_TOTAL + 1] = n;
	atomic_store_explicit(&small_ready, 1, memory_order_release);
}

/*
 * The list, made on first use: a load of a flag once it is made, where
 * pthread_once() is a call into the C library at every throw.
 */
static inline void
small_need(void)
{
	if (!atomic_load_explicit(&small_ready, memory_order_acquire))
		pthread_once(&small_once, small_make);
}

/*
 * The moves of remainder r (1..SMALL_TOTAL) on board, at most maxtiles
 * tiles each, with need's tile (0 for none) added to each: the sets of the
 * list that lie on the board.
 */
static long
moves_small(uint32_t board, int r, uint32_t need, int maxtiles, shut_move_fn fn,
	    void *ctx)
{
	long count = 0;

	board &= SMALL_BOARD;
	small_need();
	for (int i = small_first[r]; i < small_first[r + 1]; i++) {
		uint32_t m = small_set[i];

		if ((m & ~board) ||
		    (maxtiles < SMALL_TILES && count_tiles(m) > maxtiles))
			continue;
		count++;
		if (fn && fn(ctx, m | need))
			break;
	}
	return count;
}

/*
 * The same sets as moves_small() written straight to out[]: the list a
 * game keeps of a throw's moves (shut__moves_list()), without a call per
 * move.  Returns how many there are, or cap + 1 when there are more.
 * Whether a set lies on the board is as good as random to the processor,
 * so when the total's sets all fit in out[] each one is written and the
 * count moves on only for those on the board: no branch to mispredict.
 */
static long
small_list(uint32_t board, int r, uint32_t need, int maxtiles, uint32_t *out,
	   long cap)
{
	int i = small_first[r], end = small_first[r + 1];
	long n = 0;

	board &= SMALL_BOARD;
	/*
	 * A padding set is written at out[n] too, but never counted; the
	 * padded count is at most cap, so every write is below out[cap].
	 */
	if (maxtiles >= SMALL_TILES && end - i <= cap) {
		for (; i < end; i += SMALL_PAD) {
#define ONE(k)                                                                 \
	do {                                                                   \
		out[n] = small_set[i + (k)] | need;                            \
		n += (small_set[i + (k)] & ~board) == 0;                       \
	} while (0)
			ONE(0);
			ONE(1);
			ONE(2);
			ONE(3);
			ONE(4);
			ONE(5);
			ONE(6);
			ONE(7);
#undef ONE
		}
		return n;
	}
	for (; i < end; i++) {
		uint32_t m = small_set[i];

		if ((m & ~board) ||
		    (maxtiles < SMALL_TILES && count_tiles(m) > maxtiles))
			continue;
		if (n == cap)
			return cap + 1;
		out[n++] = m | need;
	}
	return n;
}

/* ------------------------------------------------------------------ */
/* The subset-sum search of move=any and move=up-to-K */

struct walk {
	uint32_t fit;			/* the board's tiles in play */
	int n;				/* how many */
	int words;			/* words of each reach set */
	int tile[SHUT_TILES_MAX];	/* those tiles, highest first */
	int suffix[SHUT_TILES_MAX + 1]; /* sums of tile[j..n-1] */
	uint64_t reach[(SHUT_TILES_MAX + 1) * REACH_WORDS];
	shut_move_fn fn;
	void *ctx;
	long count;
};

/* Whether the tiles tile[j..n-1] have a subset adding up to r. */
static int
reachable(const struct walk *w, int j, int r)
{
	return (int)((w->reach[j * w->words + (r >> 6)] >> (r & 63)) & 1);
}

/*
 * Counts a move and hands it to the caller's function, whose non-zero
 * answer stops the search.  A null function only counts.
 */
static int
emit(struct walk *w, uint32_t move)
{
	w->count++;
	return w->fn ? w->fn(w->ctx, move) : 0;
}

/*
 * One level of the search: move holds the tiles chosen so far, r is what
 * they still lack, left how many more tiles the move may take, and the
 * next tile is one of tile[i..n-1].  The tiles above r are skipped at once
 * (how many there are is a bit count).  The loop breaks as soon as the
 * tiles from j on cannot make r at all (then neither can any shorter
 * suffix) or their left largest fall short of it; it steps into a branch
 * only when the remainder is reachable below it, so every step finds a
 * move.  Returns 1 when the caller's function asked to stop.
 */
static int
walk_from(struct walk *w, int i, int r, uint32_t move, int left)
{
	int above = r < SHUT_TILES_MAX
			? count_tiles(w->fit & ~(SHUT_TILE(r + 1) - 1u))
			: 0;

	for (int j = i > above ? i : above; j < w->n; j++) {
		int t = w->tile[j];
		int end = w->n - j > left ? j + left : w->n;

		if (!reachable(w, j, r) || w->suffix[j] - w->suffix[end] < r)
			break;
		if (t == r) {
			if (emit(w, move | SHUT_TILE(t)))
				return 1;
		} else if (left > 1 && reachable(w, j + 1, r - t)) {
			if (walk_from(w, j + 1, r - t, move | SHUT_TILE(t),
				      left - 1))
				return 1;
		}
	}
	return 0;
}

/*
 * Every set of at most maxtiles board tiles that, with the tile numbered
 * need (the first-throw tile, already known to be on the board; 0 for
 * none), adds up to total.  This sets up the search in one pass over the
 * board's tiles that could still fit, from the lowest up: each lands at
 * the end of the descending tile array, its suffix sum and reach set built
 * from the ones below it.  A remainder under 64 (every throw of the common
 * rule sets) needs one word per reach set and gets its own loop; this runs
 * once per board and throw in a solver, so it is kept tight.  A remainder
 * above the sum of all 32 tiles is refused first, which also bounds the
 * reach sets to their array.
 */
static long
moves_sum(uint32_t board, int total, int need, int maxtiles, shut_move_fn fn,
	  void *ctx)
{
	struct walk w;
	uint32_t fit;
	uint32_t move = 0;
	int r = total;

	w.fn = fn;
	w.ctx = ctx;
	w.count = 0;
	/* No tiles add up to more than SUM_MAX; an unchecked throw may. */
	if (total < 1 || total > SUM_MAX)
		return 0;
	if (need) {
		move = SHUT_TILE(need);
		board &= ~move;
		r -= need;
		maxtiles--;
		if (r == 0 && maxtiles >= 0) {
			emit(&w, move);
			return w.count;
		}
	}
	if (r <= 0 || r > SUM_MAX || maxtiles <= 0)
		return 0;
	if (r <= SMALL_TOTAL)
		return moves_small(board, r, move, maxtiles, fn, ctx);

	fit = r < SHUT_TILES_MAX ? board & (SHUT_TILE(r + 1) - 1u) : board;
	w.fit = fit;
	w.n = count_tiles(fit);
	w.words = r / 64 + 1;
	w.suffix[w.n] = 0;
	for (int k = 0; k < w.words; k++)
		w.reach[w.n * w.words + k] = k == 0 ? 1 : 0;
	for (int j = w.n - 1; j >= 0; j--) {
		uint32_t low = fit & (~fit + 1u);
		int t = tile_number(low);

		fit ^= low;
		w.tile[j] = t;
		w.suffix[j] = w.suffix[j + 1] + t;
		if (w.words == 1) {
			w.reach[j] = w.reach[j + 1] | w.reach[j + 1] << t;
		} else {
			const uint64_t *below = &w.reach[(j + 1) * w.words];
			uint64_t *here = &w.reach[j * w.words];

			here[0] = below[0] | below[0] << t;
			for (int k = 1; k < w.words; k++)
				here[k] = below[k] | below[k] << t |
					  below[k - 1] >> (64 - t);
		}
	}
	if (w.suffix[0] < r || !reachable(&w, 0, r))
		return 0;
	walk_from(&w, 0, r, move, maxtiles);
	return w.count;
}

/* ------------------------------------------------------------------ */
/* Legal moves */

/*
 * Hands each tile of a mask to fn as a one-tile move, lowest first, and
 * returns how many it handed over.
 */
static long
moves_single(uint32_t tiles, shut_move_fn fn, void *ctx)
{
	long count = 0;

	while (tiles) {
		uint32_t tile = tiles & (~tiles + 1u);

		tiles &= tiles - 1u;
		count++;
		if (fn && fn(ctx, tile))
			break;
	}
	return count;
}

/*
 * The rules of docs/contract.md section 1-2 in their order: a bust ends the
 * turn before any move is looked at; the first-throw rule then narrows whatever
 * the move rule allows to the moves that hold its tile (when that tile is
 * off the board there is nothing left).  dice-or-sum's two options are the
 * same single tile when one die is thrown, and are reported once.  A null
 * fn only counts the moves, which shut_moves() uses for a cap of 0; null
 * rules or throw are a bad argument.
 */
long
shut_moves_each(const struct shut_rules *rules, uint32_t board,
		const struct shut_throw *t, int first, shut_move_fn fn,
		void *ctx)
{
	uint32_t forced = 0; /* the mask of the first-throw tile */
	int need = 0;	     /* its number */
	int total;

	if (!rules || !t)
		return SHUT_EINVAL;
	total = shut_throw_total(t);
	if (rules->bust != 0 && total == rules->bust)
		return 0;
	if (first && rules->first_throw != 0) {
		need = rules->first_throw;
		forced = tile_of(need);
		if (!(board & forced))
			return 0;
	}

	switch (rules->move) {
	case SHUT_MOVE_ANY:
		return moves_sum(board, total, need, SHUT_TILES_MAX, fn, ctx);
	case SHUT_MOVE_UP_TO:
		return moves_sum(board, total, need, rules->move_max, fn, ctx);
	case SHUT_MOVE_DICE_OR_SUM: {
		uint32_t sum = tile_of(total) & board;
		uint32_t each = faces_move(t);
		long count = 0;

		if ((each & ~board) || each == sum)
			each = 0;
		if (forced && !(sum & forced))
			sum = 0;
		if (forced && !(each & forced))
			each = 0;
		if (sum) {
			count++;
			if (fn && fn(ctx, sum))
				return count;
		}
		if (each) {
			count++;
			if (fn)
				fn(ctx, each);
		}
		return count;
	}
	case SHUT_MOVE_ONE_TILE: {
		uint32_t tiles = one_tile_moves(t, total) & board;

		if (forced)
			tiles &= forced;
		return moves_single(tiles, fn, ctx);
	}
	}
	return 0;
}

/* The moves of shut__moves_list() that take the way of the callback. */
struct fill {
	uint32_t *out;
	long cap, n;
};

static int
fill_move(void *ctx, uint32_t move)
{
	struct fill *f = ctx;

	if (f->n == f->cap) {
		f->n++;
		return 1;
	}
	f->out[f->n++] = move;
	return 0;
}

/*
 * The list a game keeps (lib/moves.h).  A subset sum whose remainder,
 * once the first-throw tile is taken, is a small total reads the list of
 * small totals straight into out[]; that is what moves_sum() does for it,
 * in the same order.  Everything else goes through shut_moves_each().
 */
long
shut__moves_list(const struct shut_rules *rules, uint32_t board,
		 const struct shut_throw *t, int total, int first,
		 uint32_t *out, long cap)
{
	struct fill f = { out, cap, 0 };
	int r = total, maxtiles;
	uint32_t forced = 0;

	if (rules->bust != 0 && total == rules->bust)
		return 0;
	if (rules->move == SHUT_MOVE_ANY || rules->move == SHUT_MOVE_UP_TO) {
		maxtiles = rules->move == SHUT_MOVE_ANY ? SHUT_TILES_MAX
							: rules->move_max;
		if (first && rules->first_throw != 0) {
			forced = tile_of(rules->first_throw);
			if (!(board & forced))
				return 0;
			r -= rules->first_throw;
			maxtiles--;
		}
		if (r >= 1 && r <= SMALL_TOTAL && maxtiles > 0) {
			small_need();
			return small_list(board & ~forced, r, forced, maxtiles,
					  out, cap);
		}
	}
	if (shut_moves_each(rules, board, t, first, fill_move, &f) < 0)
		return 0;
	return f.n;
}

/*
 * The canonical order compares moves by size, then as sorted lists of
 * tiles.  For two moves of one size the lists agree up to the lowest tile
 * where the masks differ, and the move holding that tile has the smaller
 * tile at the first position where the lists part, so one XOR decides.
 */
int
shut_move_cmp(uint32_t a, uint32_t b)
{
	int na = count_tiles(a), nb = count_tiles(b);
	uint32_t diff;

	if (na != nb)
		return na < nb ? -1 : 1;
	if (a == b)
		return 0;
	diff = a ^ b;
	return (a & diff & (~diff + 1u)) ? -1 : 1;
}

struct keep {
	uint32_t *moves;
	size_t cap;
	size_t n;
};

/*
 * Restores the max-heap below moves[i] among moves[0..n-1]: the largest
 * move in canonical order at the root, so that the one to drop when a
 * smaller move arrives is always at hand.
 */
static void
sift_down(uint32_t *moves, size_t i, size_t n)
{
	for (;;) {
		size_t big = i, l = 2 * i + 1, r = 2 * i + 2;
		uint32_t tmp;

		if (l < n && shut_move_cmp(moves[l], moves[big]) > 0)
			big = l;
		if (r < n && shut_move_cmp(moves[r], moves[big]) > 0)
			big = r;
		if (big == i)
			return;
		tmp = moves[i];
		moves[i] = moves[big];
		moves[big] = tmp;
		i = big;
	}
}

/* Makes moves[0..n-1] a max-heap in canonical order. */
static void
heapify(uint32_t *moves, size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		sift_down(moves, i, n);
}

/*
 * Keeps the cap smallest moves seen: the array fills in the order the moves
 * come, becomes a heap once full, and from then on a move smaller than the
 * largest kept replaces it.
 */
static int
keep_move(void *ctx, uint32_t move)
{
	struct keep *k = ctx;

	if (k->n < k->cap) {
		k->moves[k->n++] = move;
		if (k->n == k->cap)
			heapify(k->moves, k->n);
	} else if (k->cap > 0 && shut_move_cmp(move, k->moves[0]) < 0) {
		k->moves[0] = move;
		sift_down(k->moves, 0, k->n);
	}
	return 0;
}

/*
 * Collects the moves with keep_move(), then heap-sorts what was kept into
 * canonical order.  The array may be null only when cap is 0, which asks
 * for the count alone.
 */
long
shut_moves(const struct shut_rules *rules, uint32_t board,
	   const struct shut_throw *t, int first, uint32_t *moves, size_t cap)
{
	struct keep k = { moves, cap, 0 };
	long count;

	if (!moves && cap > 0)
		return SHUT_EINVAL;
	count =
	    shut_moves_each(rules, board, t, first, cap ? keep_move : NULL, &k);
	if (count < 0)
		return count;
	heapify(moves, k.n);
	for (size_t end = k.n; end > 1; end--) {
		uint32_t tmp = moves[0];

		moves[0] = moves[end - 1];
		moves[end - 1] = tmp;
		sift_down(moves, 0, end - 1);
	}
	return count;
}

/*
 * Decides one move without enumerating the others: the same rules as
 * shut_moves_each(), read as conditions on the move's own tiles.
 */
int
shut_move_legal(const struct shut_rules *rules, uint32_t board,
		const struct shut_throw *t, int first, uint32_t move)
{
	int total;

	if (!rules || !t || move == 0 || (move & ~board))
		return 0;
	total = shut_throw_total(t);
	if (rules->bust != 0 && total == rules->bust)
		return 0;
	if (first && rules->first_throw != 0 &&
	    !(move & tile_of(rules->first_throw)))
		return 0;

	switch (rules->move) {
	case SHUT_MOVE_ANY:
		return move_sum(move) == total;
	case SHUT_MOVE_UP_TO:
		return move_sum(move) == total &&
		       count_tiles(move) <= rules->move_max;
	case SHUT_MOVE_DICE_OR_SUM:
		return move == tile_of(total) || move == faces_move(t);
	case SHUT_MOVE_ONE_TILE:
		return count_tiles(move) == 1 &&
		       (move & one_tile_moves(t, total)) != 0;
	}
	return 0;
}

/*
 * Why a move is not legal.  The checks follow shut_move_legal() but are
 * ordered for a person: the tiles themselves, then the move rule, and the
 * first-throw rule last, since a move that breaks the move rule would not do
 * whatever tile it took.
 */
static int
why_set(struct shut_why *why, struct shut_why w)
{
	if (why != NULL)
		*why = w;
	return (int)w.code;
}

static int
why_rule(const struct shut_rules *rules, const struct shut_throw *t,
	 uint32_t move, struct shut_why w, struct shut_why *why)
{
	int count = count_tiles(move);

	w.sum = sum_tiles(move);
	switch (rules->move) {
	case SHUT_MOVE_UP_TO:
		if (count > rules->move_max) {
			w.code = SHUT_WHY_TOO_MANY;
			w.max = rules->move_max;
			return why_set(why, w);
		}
		/* fall through */
	case SHUT_MOVE_ANY:
		if (w.sum != w.total) {
			w.code = SHUT_WHY_TOTAL;
			return why_set(why, w);
		}
		break;
	case SHUT_MOVE_DICE_OR_SUM:
		if (move != tile_of(w.total) && move != faces_move(t)) {
			w.code = SHUT_WHY_DICE_OR_SUM;
			w.distinct = faces_differ(t);
			return why_set(why, w);
		}
		break;
	case SHUT_MOVE_ONE_TILE:
		if (count > 1) {
			w.code = SHUT_WHY_ONE_TILE;
			return why_set(why, w);
		}
		if (!(move & one_tile_moves(t, w.total))) {
			w.code = SHUT_WHY_NOT_FACE;
			w.tile = tile_number(move);
			return why_set(why, w);
		}
		break;
	}
	return why_set(why, w);
}

int
shut_move_why(const struct shut_rules *rules, uint32_t board,
	      const struct shut_throw *t, int first, uint32_t move,
	      struct shut_why *why)
{
	struct shut_why w = { SHUT_WHY_OK, 0, 0, 0, 0, 0, 0 };

	if (rules == NULL || t == NULL)
		return SHUT_EINVAL;
	w.total = shut_throw_total(t);
	if (move == 0) {
		w.code = SHUT_WHY_EMPTY;
		return why_set(why, w);
	}
	if (move & ~shut_rules_tiles(rules)) {
		/* A tile the box has not (the lowest): not "already shut". */
		w.code = SHUT_WHY_NOT_TILE;
		for (w.tile = 1;
		     !(move & ~shut_rules_tiles(rules) & SHUT_TILE(w.tile));
		     w.tile++)
			;
		return why_set(why, w);
	}
	if (move & ~board) {
		w.code = SHUT_WHY_NOT_OPEN;
		w.tiles = move & ~board;
		return why_set(why, w);
	}
	if (rules->bust != 0 && w.total == rules->bust) {
		w.code = SHUT_WHY_BUST;
		return why_set(why, w);
	}
	if (why_rule(rules, t, move, w, &w) != SHUT_WHY_OK)
		return why_set(why, w);
	if (first && rules->first_throw != 0 &&
	    !(move & tile_of(rules->first_throw))) {
		w.code = SHUT_WHY_FIRST;
		w.tile = rules->first_throw;
	}
	return why_set(why, w);
}

/* ------------------------------------------------------------------ */
/* Dice counts and scores */

/* The checks, then shut__dice_choices() (lib/moves.h). */
unsigned
shut_dice_choices(const struct shut_rules *rules, uint32_t board)
{
	return shut__dice_choices(rules, board);
}

/*
 * The digits score appends each open tile's decimal digits in increasing
 * order.  Tiles stop at 32, so each takes one or two digits.  The rule
 * check guarantees the start set fits in 64 bits; anything else wraps
 * rather than overflowing a signed type.
 */
uint64_t
shut_score(const struct shut_rules *rules, uint32_t open)
{
	uint64_t digits = 0;

	if (rules == NULL)
		return 0;
	switch (rules->score) {
	case SHUT_SCORE_SUM:
		return (uint64_t)sum_tiles(open);
	case SHUT_SCORE_COUNT:
		return (uint64_t)count_tiles(open);
	case SHUT_SCORE_DIGITS:
		for (int t = 1; t <= SHUT_TILES_MAX; t++)
			if (open & SHUT_TILE(t))
				digits = digits * (t < 10 ? 10u : 100u) +
					 (uint64_t)t;
		return digits;
	}
	return 0;
}
