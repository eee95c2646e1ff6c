/*
 * fuzz_message.c - libFuzzer target for the JSON shutbox serve reads: the
 * messages a browser client sends (programs/serve/proto.c), and the
 * settings a table kept in the history (programs/serve/kept.c), read for
 * every number of seats.
 *
 * Settings accepted have every token of 32 hex digits (or empty for a
 * seat), flags of 0 or 1, seats of the next game in range, and are
 * written back and read again to the same.
 *
 * Any input may be refused, but none may crash the parser, and what it
 * does: a refusal always says why in one line of text that can be shown;
 * an accepted message has a known kind and every field within its bounds
 * (tokens of 32 hex digits or empty, up to SERVE_SEATS of them in a join
 * and as many former ones,
 * a seat's for a leave in range, seats 1 to SERVE_SEATS with names of
 * checked text and known strategies, dice and seats in range, tiles 1 to
 * 32).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "serve/serve.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_token(const char *t)
{
	size_t n = strlen(t);

	if (n != 0 && (n != SERVE_TOKEN - 1 ||
		       strspn(t, "0123456789abcdef") != SERVE_TOKEN - 1))
		__builtin_trap();
}

/* A join's list of tokens: SERVE_SEATS at most, none of them empty. */
static void
check_tokens(const char token[][SERVE_TOKEN], int n)
{
	if (n < 0 || n > SERVE_SEATS)
		__builtin_trap();
	for (int i = 0; i < n; i++) {
		if (token[i][0] == '\0')
			__builtin_trap();
		check_token(token[i]);
	}
}

static void
check_accepted(const struct serve_msg *m)
{
	int i;

	if (m->kind >= SERVE_KINDS ||
	    strcmp(proto_kind_name(m->kind), "?") == 0)
		__builtin_trap();
	if (m->kind == SERVE_JOIN) {
		check_tokens(m->token, m->ntokens);
		check_tokens(m->former, m->nformer);
	}
	check_token(m->host);
	if (m->kind == SERVE_CREATE) {
		if (m->nseats < 1 || m->nseats > SERVE_SEATS)
			__builtin_trap();
		for (i = 0; i < m->nseats; i++) {
			const char *n = m->seat[i].name;

			if (n[0] == '\0' ||
			    front_unshowable(n, strlen(n)) != strlen(n))
				__builtin_trap();
			if (m->seat[i].cpu[0] != '\0' &&
			    shut_strategy_find(m->seat[i].cpu) == NULL &&
			    strcmp(m->seat[i].cpu, shut_solver_optimal.name) &&
			    strcmp(m->seat[i].cpu, shut_solver_shut.name) &&
			    strcmp(m->seat[i].cpu, shut_win_perfect.name))
				__builtin_trap();
		}
	}
	if (m->kind == SERVE_DICE && (m->count < 1 || m->count > SHUT_DICE_MAX))
		__builtin_trap();
	if ((m->kind == SERVE_LEAVE || m->kind == SERVE_REPLACE ||
	     m->kind == SERVE_DROP) &&
	    (m->count < 0 || m->count >= SERVE_SEATS))
		__builtin_trap();
	if (m->kind == SERVE_JOIN && m->table < 1)
		__builtin_trap();
}

/* A token of the settings: 32 hex digits, or empty where allowed. */
static void
check_kept_token(const char *t, int empty)
{
	if (t[0] == '\0' ? !empty
			 : strlen(t) != SERVE_TOKEN - 1 ||
			       strspn(t, "0123456789abcdef") != SERVE_TOKEN - 1)
		__builtin_trap();
}

static void
check_kept(const struct serve_kept *k, int nseats)
{
	static struct serve_kept again;
	char *text;

	check_kept_token(k->host, 0);
	for (int i = 0; i < nseats; i++) {
		check_kept_token(k->token[i], 1);
		if (k->replaced[i] > 1 || k->dropped[i] > 1)
			__builtin_trap();
	}
	if (k->joined >> nseats != 0 || k->again < 0 || k->again_n < 0 ||
	    k->again_n > SERVE_SEATS || (k->again == 0 && k->again_n != 0))
		__builtin_trap();
	for (int j = 0; j < k->again_n; j++) {
		check_kept_token(k->again_token[j], 1);
		if (k->again_from[j] < 0 || k->again_from[j] >= nseats)
			__builtin_trap();
	}
	/* Written back, read again: the same. */
	if ((text = serve_kept_text(k, nseats)) == NULL)
		return;
	if (serve_kept_read(text, strlen(text), nseats, &again) != 0 ||
	    memcmp(&again, k, sizeof(again)) != 0)
		__builtin_trap();
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct serve_msg m;
	static struct serve_kept k;
	char why[512];

	for (int n = 1; n <= SERVE_SEATS; n++)
		if (serve_kept_read((const char *)data, size, n, &k) == 0)
			check_kept(&k, n);

	why[0] = '\0';
	if (proto_parse((const char *)data, size, &m, why, sizeof(why)) == 0) {
		check_accepted(&m);
		return 0;
	}
	if (why[0] == '\0' || strchr(why, '\n') != NULL)
		__builtin_trap();
	return 0;
}
