/*
 * kept.c - the settings a table of "shutbox serve" keeps in the history,
 * as text: written from plain data (struct serve_kept) and read back
 * strictly, since the history is a file that may be damaged.  Pure: no
 * I/O, no state; keep.c stores the text and brings tables back from it.
 *
 * The settings are a JSON object: "host", "tokens" (a seat's token, or ""
 * for a computer's), "hints", "replaced" (the seats a computer took
 * over), and where they say something "away", "dropped", "again" with
 * "again_seats" (the next game's table and what pages late for it are
 * sent on with), and "joined" (the seats a page has held).  Settings kept
 * before a key was written lack it: its default is taken.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "serve/serve.h"

/* A seat token: 32 lower-case hex digits, or "" where empty is allowed. */
static int
kept_token(char *dst, const char *src, int empty)
{
	size_t n = src != NULL ? strlen(src) : 0;

	if (src == NULL || (n == 0 ? !empty
				   : n != SERVE_TOKEN - 1 ||
					 strspn(src, "0123456789abcdef") != n))
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

/* An array of n booleans (NULL: none kept, all false) into flags. */
static int
kept_flags(const json_t *a, int n, unsigned char *flags)
{
	memset(flags, 0, (size_t)SERVE_SEATS);
	if (a == NULL)
		return 0;
	if (!json_is_array(a) || json_array_size(a) != (size_t)n)
		return -1;
	for (int i = 0; i < n; i++) {
		const json_t *v = json_array_get(a, (size_t)i);

		if (!json_is_boolean(v))
			return -1;
		flags[i] = json_is_true(v);
	}
	return 0;
}

/* The next game's seats (o, or NULL where none were kept) into k. */
static int
kept_again(const json_t *o, int nseats, struct serve_kept *k)
{
	json_t *tokens, *from;
	const char *host;
	size_t n;

	k->again_n = 0;
	k->again_host[0] = '\0';
	if (o == NULL)
		return 0;
	if (k->again == 0 ||
	    json_unpack((json_t *)o, "{s:o, s:o, s:s!}", "tokens", &tokens,
			"from", &from, "host", &host) < 0 ||
	    !json_is_array(tokens) || !json_is_array(from) ||
	    (n = json_array_size(tokens)) != json_array_size(from) || n < 1 ||
	    n > SERVE_SEATS || kept_token(k->again_host, host, 0) < 0)
		return -1;
	for (size_t j = 0; j < n; j++) {
		const json_t *f = json_array_get(from, j);

		if (kept_token(k->again_token[j],
			       json_string_value(json_array_get(tokens, j)),
			       1) < 0 ||
		    !json_is_integer(f) || json_integer_value(f) < 0 ||
		    json_integer_value(f) >= nseats)
			return -1;
		k->again_from[j] = (int)json_integer_value(f);
	}
	k->again_n = (int)n;
	return 0;
}

_Static_assert(SERVE_SEATS < 32, "joined: a bit of an unsigned a seat");

/* The object o of settings for nseats seats into k. */
static int
kept_object(json_t *o, int nseats, struct serve_kept *k)
{
	json_t *tokens, *replaced, *dropped = NULL, *again_seats = NULL;
	json_t *joined = NULL;
	const char *host;
	json_int_t again = 0;
	/* A seat's bit each: "joined" may hold no other. */
	unsigned all = (1u << nseats) - 1u;

	if (json_unpack(o, "{s:s, s:o, s:b, s:o, s?b, s?o, s?I, s?o, s?o!}",
			"host", &host, "tokens", &tokens, "hints", &k->hints,
			"replaced", &replaced, "away", &k->away, "dropped",
			&dropped, "again", &again, "again_seats", &again_seats,
			"joined", &joined) < 0 ||
	    kept_token(k->host, host, 0) < 0 || !json_is_array(tokens) ||
	    json_array_size(tokens) != (size_t)nseats || again < 0 ||
	    (joined != NULL &&
	     (!json_is_integer(joined) || json_integer_value(joined) < 0 ||
	      json_integer_value(joined) > (json_int_t)all)) ||
	    kept_flags(replaced, nseats, k->replaced) < 0 ||
	    kept_flags(dropped, nseats, k->dropped) < 0)
		return -1;
	for (int i = 0; i < nseats; i++)
		if (kept_token(
			k->token[i],
			json_string_value(json_array_get(tokens, (size_t)i)),
			1) < 0)
			return -1;
	/* Settings kept before they said it: every seat counts as joined. */
	k->joined = joined != NULL ? (unsigned)json_integer_value(joined) : all;
	k->again = again;
	return kept_again(again_seats, nseats, k);
}

int
serve_kept_read(const char *text, size_t len, int nseats, struct serve_kept *k)
{
	json_t *o;
	int rc;

	memset(k, 0, sizeof(*k));
	if (nseats < 1 || nseats > SERVE_SEATS ||
	    (o = json_loadb(text, len, JSON_REJECT_DUPLICATES, NULL)) == NULL)
		return -1;
	rc = json_is_object(o) ? kept_object(o, nseats, k) : -1;
	json_decref(o);
	if (rc < 0)
		memset(k, 0, sizeof(*k));
	return rc;
}

/* The next game's seats of k, or NULL out of memory. */
static json_t *
kept_again_json(const struct serve_kept *k)
{
	json_t *tokens = json_array(), *from = json_array();
	int ok = tokens != NULL && from != NULL;

	for (int j = 0; j < k->again_n && ok; j++)
		ok = json_array_append_new(
			 tokens, json_string(k->again_token[j])) == 0 &&
		     json_array_append_new(from,
					   json_integer(k->again_from[j])) == 0;
	if (!ok) {
		json_decref(tokens);
		json_decref(from);
		return NULL;
	}
	return json_pack("{s:o, s:o, s:s}", "tokens", tokens, "from", from,
			 "host", k->again_host);
}

/* An array of the n flags as booleans, or NULL out of memory. */
static json_t *
kept_flags_json(const unsigned char *flags, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n && a != NULL; i++)
		if (json_array_append_new(a, json_boolean(flags[i])) < 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

char *
serve_kept_text(const struct serve_kept *k, int nseats)
{
	json_t *tokens = json_array(), *o;
	int dropped = 0, ok = tokens != NULL;
	char *text;

	for (int i = 0; i < nseats && ok; i++) {
		ok = json_array_append_new(tokens, json_string(k->token[i])) ==
		     0;
		dropped |= k->dropped[i];
	}
	o = json_pack("{s:s, s:o, s:b, s:o}", "host", k->host, "tokens", tokens,
		      "hints", k->hints, "replaced",
		      kept_flags_json(k->replaced, nseats));
	if (o == NULL || !ok)
		goto fail;
	if (k->away)
		ok = json_object_set_new(o, "away", json_true()) == 0;
	if (ok && dropped)
		ok = json_object_set_new(o, "dropped",
					 kept_flags_json(k->dropped, nseats)) ==
		     0;
	/* The next game begun from it: a restart does not bring it back,
	 * or (its end not recorded) brings it back sending pages on. */
	if (ok && k->again != 0)
		ok = json_object_set_new(o, "again", json_integer(k->again)) ==
		     0;
	if (ok && k->again_n > 0)
		ok = json_object_set_new(o, "again_seats",
					 kept_again_json(k)) == 0;
	/* The seats a page has held: a restart shows them away. */
	if (ok)
		ok = json_object_set_new(o, "joined",
					 json_integer(k->joined)) == 0;
	if (!ok)
		goto fail;
	text = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	return text;
fail:
	json_decref(o);
	return NULL;
}
