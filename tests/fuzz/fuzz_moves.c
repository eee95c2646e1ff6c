/*
 * fuzz_moves.c - libFuzzer target checking the move generator against
 * itself: shut_moves(), shut_moves_each(), shut_move_legal() and
 * shut_move_why() must agree on every board and throw.
 *
 * The bytes choose a preset and change its move rule, first-throw tile and
 * bust number, then a board (a subset of the start set), a throw checked by
 * shut_throw_check(), whether it is the turn's first, and a mask to ask
 * about.  Every move listed must be legal, listed once, in canonical
 * order, and the same set as shut_moves_each() calls back with; a mask is
 * legal exactly when it is listed, and shut_move_why() says OK exactly then.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "shutbox.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MOVES_MAX 4096

struct seen {
	uint32_t move[MOVES_MAX];
	long n;
};

static int
collect(void *ctx, uint32_t move)
{
	struct seen *s = ctx;

	if (s->n < MOVES_MAX)
		s->move[s->n] = move;
	s->n++;
	return 0;
}

static uint32_t
word(const uint8_t *d)
{
	return (uint32_t)d[0] | (uint32_t)d[1] << 8 | (uint32_t)d[2] << 16 |
	       (uint32_t)d[3] << 24;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint32_t listed[MOVES_MAX];
	static struct seen each;
	const struct shut_preset *p;
	struct shut_rules r;
	struct shut_throw t;
	struct shut_why why;
	uint32_t board, ask;
	long n, i, j;
	int first;

	if (size < 16)
		return 0;
	p = shut_preset_at(data[0] % shut_preset_count());
	if (p == NULL || shut_rules_parse(&r, p->spec, NULL, 0) < 0)
		return 0;
	r.move = (enum shut_move)(data[1] % 4);
	r.move_max = 1 + data[1] / 4 % 4;
	r.first_throw = data[2] % 3 == 0 ? 1 + data[2] / 3 % 32 : 0;
	r.bust = data[3] % 4 == 0 ? data[3] / 4 : 0;
	if (r.first_throw && !(shut_rules_start(&r) & SHUT_TILE(r.first_throw)))
		r.first_throw = 0;
	if (shut_rules_check(&r, NULL, 0) != 0)
		return 0;
	board = word(data + 4) & shut_rules_start(&r);
	ask = word(data + 8);
	first = data[12] & 1;
	memset(&t, 0, sizeof(t));
	t.n = 1 + data[13] % r.dice;
	for (i = 0; i < t.n && (size_t)(14 + i) < size; i++)
		t.face[i] = 1 + data[14 + i] % r.faces;
	for (; i < t.n; i++)
		t.face[i] = 1;
	if (shut_throw_check(&r, &t) != 0)
		__builtin_trap();

	n = shut_moves(&r, board, &t, first, listed, MOVES_MAX);
	each.n = 0;
	if (shut_moves_each(&r, board, &t, first, collect, &each) != n ||
	    each.n != n || n < 0)
		__builtin_trap();
	if (n > MOVES_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		if (!shut_move_legal(&r, board, &t, first, listed[i]) ||
		    shut_move_why(&r, board, &t, first, listed[i], &why) !=
			SHUT_WHY_OK)
			__builtin_trap();
		if (i > 0 && shut_move_cmp(listed[i - 1], listed[i]) >= 0)
			__builtin_trap();
		for (j = 0; j < n; j++)
			if (each.move[j] == listed[i])
				break;
		if (j == n)
			__builtin_trap();
	}
	/* Any mask: legal exactly when listed, and why agrees. */
	for (i = 0; i < n && listed[i] != ask; i++)
		;
	if (shut_move_legal(&r, board, &t, first, ask) != (i < n) ||
	    (shut_move_why(&r, board, &t, first, ask, &why) == SHUT_WHY_OK) !=
		(i < n))
		__builtin_trap();
	return 0;
}
