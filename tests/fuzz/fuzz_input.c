/*
 * fuzz_input.c - libFuzzer target for what a person types in a game: a
 * move ("3+5", "35", "3 12") and the faces of a throw ("1+1", "11").
 *
 * The first byte chooses the preset whose box the move is read against
 * and the faces of the dice; the rest is the text.  Nothing may crash; a
 * move that is accepted holds only tiles of the box, and printed back by
 * the front-end layer it reads as the same move; a throw that is accepted
 * has 1 to SHUT_DICE_MAX faces, each within the dice.  Shown back (with
 * the reasons that quote it), the text holds nothing front_escaped() would
 * escape again; it is unchanged exactly when front_unshowable() finds
 * nothing to escape, which is when front_check_name() takes it as a name.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "shown.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The escaper and the name check on the raw bytes, NULs and all. */
static void
check_echo(const uint8_t *data, size_t size)
{
	static char shown[4 * 4096 + 8], why[128];
	const char *s = (const char *)data;
	struct front_text t;
	size_t bad = front_unshowable(s, size);

	front_text_init(&t, shown, sizeof(shown));
	front_escaped(&t, s, size, 0);
	shown_check(shown, t.len);
	/* Each byte takes 4 at most: inputs of up to 4 KiB always fit. */
	if (size <= 4096 && t.cut)
		__builtin_trap();
	if (!t.cut &&
	    (bad == size) != (t.len == size && memcmp(shown, s, size) == 0))
		__builtin_trap();
	if ((front_check_name(s, size, why, sizeof(why)) == 0) != (bad == size))
		__builtin_trap();
	if (bad < size)
		shown_check(why, strlen(why));
	front_text_init(&t, shown, sizeof(shown));
	front_escaped(&t, s, size, 20);
	shown_check(shown, t.len);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct shut_preset *p;
	struct shut_rules r;
	struct shut_throw th;
	struct front_text t;
	char why[256], shown[512];
	uint32_t move, again;
	char *text;
	int i;

	if (size < 1)
		return 0;
	check_echo(data + 1, size - 1);
	p = shut_preset_at(data[0] % shut_preset_count());
	if (p == NULL || shut_rules_parse(&r, p->spec, NULL, 0) < 0)
		return 0;
	text = malloc(size);
	if (text == NULL)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (front_parse_move(&r, text, &move, why, sizeof(why)) != 0) {
		shown_check(why, strlen(why));
	} else {
		if (move == 0 || (move & ~shut_rules_tiles(&r)) != 0)
			__builtin_trap();
		front_text_init(&t, shown, sizeof(shown));
		front_move(&t, move);
		if (t.cut ||
		    front_parse_move(&r, shown, &again, why, sizeof(why)) !=
			0 ||
		    again != move)
			__builtin_trap();
	}
	if (front_parse_throw(text, r.faces, data[0] & 1, &th, why,
			      sizeof(why)) != 0) {
		shown_check(why, strlen(why));
	} else {
		if (th.n < 1 || th.n > SHUT_DICE_MAX)
			__builtin_trap();
		for (i = 0; i < th.n; i++)
			if (th.face[i] < 1 || th.face[i] > r.faces)
				__builtin_trap();
	}
	free(text);
	return 0;
}
