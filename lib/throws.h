/*
 * throws.h - the throws of d dice, counted and listed once for the whole
 * library.
 *
 * Not public.  The solver (solver_throws.c), the evaluator (eval.c) and
 * the compiled simulator (sim_compiled.c) never look at the faces^d
 * ordered throws one by one: they group them, by total where the moves
 * read the total alone, else by multiset of faces.  These are the one
 * enumeration of both groupings they share, so that the three cannot count
 * a throw differently.  Every throw seen through a class is the same throw
 * in whatever order its dice lie: the rules and every policy read a throw
 * as its total and its set of faces, never the order of the dice.
 */
#ifndef THROWS_H
#define THROWS_H

#include <stdint.h>

#include "shut_moves.h"
#include "shut_rules.h"

/*
 * shut__throws_totals() writes count[t], the number of ordered throws of d
 * dice of that many faces adding up to t, for t from 0 to d * faces (0
 * below d), convolving one die at a time.  At most 8 dice of 100 faces:
 * the counts stay below 100^8 = 1e16 and fit in 64 bits.
 */
void shut__throws_totals(int d, int faces,
			 uint64_t count[SHUT_DICE_MAX * SHUT_FACES_MAX + 1]);

/* shut__throw_of_total() is a throw of d dice adding up to total. */
void shut__throw_of_total(int d, int faces, int total, struct shut_throw *t);

/*
 * shut__multisets_each() calls fn with every multiset of d faces from
 * 1..faces, as a throw whose faces do not decrease, in increasing order
 * (the last face rising first), with its number of orders d! / (m1! m2!
 * ...); it stops when fn returns non-zero and returns that, else 0.
 */
typedef int (*shut__multiset_fn)(void *ctx, const struct shut_throw *t,
				 uint64_t count);
int shut__multisets_each(int d, int faces, shut__multiset_fn fn, void *ctx);

#endif
