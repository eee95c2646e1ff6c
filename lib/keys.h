/*
 * keys.h - the keys of a spec, shared by keys.c (the table) and rules.c
 * (the parser and printer).  Internal to the library.
 */
#ifndef SHUT_KEYS_H
#define SHUT_KEYS_H

#include "shut_rules.h"

/* A stake far beyond any pub's, so that a pot cannot overflow. */
#define STAKE_MAX 1000000000L

/* A cap on rounds=N, far beyond any game people play. */
#define ROUNDS_MAX 1000000

/* The keys, by their place in shut__keys[] (the order of RULES.md). */
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

extern const struct shut_rule_key shut__keys[NKEYS];
extern const char *const shut__start_words[];
extern const char *const shut__move_words[];

/* The id of key k, an entry of shut__keys[]. */
#define KEY_OF(k) ((enum key_id)((k) - shut__keys))

#endif
