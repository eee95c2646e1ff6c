/*
 * rules.h - the insides of the rule sets, shared by rules.c (specs, checks,
 * tile lists, printing) and keys.c (the table of the keys, and reading and
 * writing one key's value).  Nothing here is public.
 *
 * Every message goes through shut__fail() and every text the library
 * writes through a struct shut__out, so that both files report and print
 * alike: one line "ITEM: reason" in the caller's buffer, and snprintf()'s
 * convention for lengths.
 */
#ifndef RULES_H
#define RULES_H

#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "shut_rules.h"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* A stake far beyond any pub's, so that a pot cannot overflow. */
#define STAKE_MAX 1000000000L

/* A cap on rounds=N, far beyond any game people play. */
#define ROUNDS_MAX 1000000
/*
 * The largest until=T and eliminate=T: with every turn able to score, a
 * game ends within about T rounds, as within rounds=N.
 */
#define TARGET_MAX 1000000

/* The keys, by their place in shut__keys[] (the order of docs/contract.md). */
enum key_id {
	KEY_TILES,
	KEY_START,
	KEY_DICE,
	KEY_FEWER,
	KEY_FORCED,
	KEY_MOVE,
	KEY_FIRST,
	KEY_FIRST_MISS,
	KEY_BUST,
	KEY_SCORE,
	KEY_SHUT,
	KEY_ROUNDS,
	KEY_UNTIL,
	KEY_ELIMINATE,
	KEY_STAKE,
	KEY_MODE,
	NKEYS
};

/* The table behind shut_rule_key_at(), in keys.c. */
extern const struct shut_rule_key shut__keys[NKEYS];

/* The id of key k, an entry of shut__keys[]. */
#define KEY_OF(k) ((enum key_id)((k)-shut__keys))

/*
 * An output buffer in the manner of snprintf(): pos counts every byte the
 * whole text needs, while at most len - 1 of them are stored, always
 * followed by a NUL when len > 0.
 */
struct shut__out {
	char *buf;
	size_t len;
	size_t pos;
};

/*
 * Writes a reason to the caller's buffer (when there is one) and returns
 * code, so that every failure is one statement: return shut__fail(...).
 */
PRINTF_LIKE(4, 5)
int shut__fail(char *why, size_t whylen, int code, const char *fmt, ...);

/* Appends formatted text to an output buffer. */
PRINTF_LIKE(2, 3)
void shut__out_printf(struct shut__out *o, const char *fmt, ...);

/* The snprintf()-style result of an output buffer. */
int shut__out_result(const struct shut__out *o);

/* Appends a tile list, as shut_tiles_print() writes it. */
void shut__out_tiles(struct shut__out *o, uint32_t tiles);

/*
 * Reads s[0..n) as a plain decimal number (digits only, at least one),
 * saturating at ULLONG_MAX; and "A<sep>B" as two such numbers.  Each
 * returns 0, or -1 when the text has another shape.
 */
int shut__parse_number(const char *s, size_t n, unsigned long long *v);
int shut__parse_pair(const char *s, size_t n, char sep, unsigned long long *a,
		     unsigned long long *b);

/*
 * Reads a tile list s[0..n) into *tiles; a failure is "ITEM: reason" with
 * the given item and code (SHUT_ETILES on its own, SHUT_EVALUE in start=).
 */
int shut__tiles_read(const char *s, size_t n, uint32_t *tiles, const char *item,
		     size_t itemlen, int code, char *why, size_t whylen);

/*
 * The value of a word, number or money key of r as a long: the enum value
 * of a word key, the number or cents of the others, 0 for their word that
 * means none.  0 for the four keys with a shape of their own.
 */
long shut__key_get(const struct shut_rules *r, enum key_id id);

/*
 * Reads v[0..n), the value of item[0..itemlen) ("key=value"), as the value
 * of key k onto *r.  On failure it returns SHUT_EVALUE, writes why and
 * leaves *r as it was.  The checks of the whole set are not made here.
 */
int shut__key_read(struct shut_rules *r, const struct shut_rule_key *k,
		   const char *item, size_t itemlen, const char *v, size_t n,
		   char *why, size_t whylen);

/* Appends the value of key k of r, as a spec gives it. */
void shut__key_out(struct shut__out *o, const struct shut_rules *r,
		   const struct shut_rule_key *k);

/*
 * SHUT_EENDLESS or SHUT_EUNTILSHUT, with the reason in why, when a game
 * under r could never end (endless.c); else 0.
 */
int shut__endless(const struct shut_rules *r, char *why, size_t whylen);

/*
 * The edit distance (insertions, deletions, substitutions, and two letters
 * side by side swapped) between s[0..n) and w, or a number above limit when it
 * is more than limit: how far a misspelt name is from a real one, for "did you
 * mean"; a letter in another case is the same letter.
 */
int shut__edits(const char *s, size_t n, const char *w, int limit);

/*
 * The tiles of tiles, a part of board, that no move can ever shut once a
 * turn is down to board or a board inside it (reach.c): certainly never,
 * though a tile not named may still be impossible to shut together with
 * the others.  The first-throw rule is not applied.  When can is not NULL,
 * can[t] gets for each of those tiles t the dice counts that may shut it
 * (bit d for d dice): a superset of those that ever can.
 */
uint32_t shut__never_shut(const struct shut_rules *r, uint32_t board,
			  uint32_t tiles, unsigned can[SHUT_TILES_MAX + 1]);

/* The number of words in a NULL-ended word list. */
long shut__word_count(const char *const *words);

/*
 * A length as the precision of the %.*s conversion that quotes a piece of
 * a spec in a reason: at most SHUT__QUOTE_MAX bytes of it, so that the
 * reason after the quote always fits in a why buffer of 256 bytes.
 */
#define SHUT__QUOTE_MAX 48

static inline int
shut__prec(size_t n)
{
	return n > SHUT__QUOTE_MAX ? SHUT__QUOTE_MAX : (int)n;
}

/* Whether s[0..n) is exactly the NUL-terminated word w. */
static inline int
shut__is_word(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(s, w, n) == 0;
}

#endif
