/*
 * fuzz_record.c - libFuzzer target for a game record read back: the rules,
 * the seats and a list of actions, as a damaged or hostile history could
 * hold them.
 *
 * The first byte chooses a preset, the second the number of seats; every
 * following 8 bytes are one action (its kind, seat, dice count, faces and
 * move, taken as they come).  Replaying them must never crash: each action
 * is applied or refused, a refused one leaves the game as it was, and the
 * game replayed twice from the same record ends in the same state.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "shutbox.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define RECORD_MAX 512

/* Action i of the record, from its 8 bytes. */
static void
record_action(const uint8_t *b, struct shut_action *a)
{
	int i;

	memset(a, 0, sizeof(*a));
	a->kind = (enum shut_action_kind)(b[0] % 5); /* 4 is not a kind */
	a->seat = (int8_t)b[1];
	a->dice = (int8_t)b[2];
	a->thrown.n = b[3] % (SHUT_DICE_MAX + 2);
	for (i = 0; i < SHUT_DICE_MAX; i++)
		a->thrown.face[i] = 1 + (b[4 + i % 2] >> (i % 4)) % 7;
	a->move = (uint32_t)b[6] << (b[7] % 24) | b[7];
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct shut_game g, h, before;
	static struct shut_action actions[RECORD_MAX];
	static struct shut_events ev;
	const struct shut_preset *p;
	struct shut_rules r;
	size_t n = 0, i, done;

	int nseats;

	if (size < 2)
		return 0;
	p = shut_preset_at(data[0] % shut_preset_count());
	if (p == NULL || shut_rules_parse(&r, p->spec, NULL, 0) < 0)
		return 0;
	nseats = 1 + data[1] % 4;
	if (r.mode == SHUT_MODE_BATTLE)
		nseats = 2;
	for (i = 2; i + 8 <= size && n < RECORD_MAX; i += 8)
		record_action(data + i, &actions[n++]);
	/* The seats past nseats are not set by shut_game_init(): clear. */
	memset(&g, 0, sizeof(g));
	memset(&h, 0, sizeof(h));
	if (shut_game_init(&g, &r, nseats) < 0)
		return 0;
	for (i = 0; i < n; i++) {
		memcpy(&before, &g, sizeof(g));
		if (shut_game_act(&g, &actions[i], &ev) < 0 &&
		    memcmp(&before, &g, sizeof(g)) != 0)
			__builtin_trap();
		if (ev.n < 0 || ev.n > SHUT_EVENTS_MAX)
			__builtin_trap();
	}
	/* The actions that applied, replayed, give the same game. */
	if (shut_game_init(&h, &r, nseats) < 0)
		return 0;
	for (i = 0, done = 0; i < n; i++) {
		if (shut_game_act(&h, &actions[i], NULL) >= 0)
			actions[done++] = actions[i];
	}
	if (shut_game_replay(&h, &r, nseats, actions, done, NULL) != 0 ||
	    memcmp(&g, &h, sizeof(g)) != 0)
		__builtin_trap();
	return 0;
}
