/*
 * proto.c - the messages of "shutbox serve", read strictly.
 *
 * A client's message is one JSON object of at most SERVE_MSG_MAX bytes.
 * Its "type" picks an entry of the table below, whose jansson format lists
 * every other key the kind has, with "!" so that a key more is refused as
 * surely as a key missing.  Bounds that JSON cannot say (a token's digits,
 * a tile's range, a name's characters) are checked after, here, so that
 * what reaches a table is well-formed and only the game's rules are left
 * to judge.  Nothing here touches a table: it is the part fuzzed
 * (tests/fuzz/fuzz_message.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "front.h"
#include "serve/serve.h"

/* One kind of message: its name and the format of all its keys. */
struct proto_kind {
	const char *name;
	const char *format;
	const char *keys; /* for the error of a message that does not fit */
};

/* Indexed by enum serve_kind. */
static const struct proto_kind proto_kinds[SERVE_KINDS] = {
	[SERVE_CATALOG] = { "catalog", "{s:s!}", "type" },
	[SERVE_CREATE] = { "create", "{s:s, s:s, s:o, s:b!}",
			   "type, rules, seats, hints" },
	[SERVE_JOIN] = { "join", "{s:s, s:I, s:s, s:s, s?s!}",
			 "type, table, seat, host, former" },
	[SERVE_DICE] = { "dice", "{s:s, s:I, s?o!}", "type, count, seq" },
	[SERVE_ROLL] = { "roll", "{s:s, s?o!}", "type, seq" },
	[SERVE_MOVE] = { "move", "{s:s, s:o, s?o!}", "type, tiles, seq" },
	[SERVE_HINT] = { "hint", "{s:s!}", "type" },
	[SERVE_LEAVE] = { "leave", "{s:s, s:I!}", "type, seat" },
	[SERVE_REPLACE] = { "replace", "{s:s, s:I!}", "type, seat" },
	[SERVE_DROP] = { "drop", "{s:s, s:I!}", "type, seat" },
	[SERVE_AGAIN] = { "again", "{s:s!}", "type" },
};

const char *
proto_kind_name(enum serve_kind k)
{
	return k < SERVE_KINDS ? proto_kinds[k].name : "?";
}

/* The kind named name, or -1. */
static int
proto_kind_find(const char *name)
{
	int k;

	for (k = 0; k < SERVE_KINDS; k++)
		if (strcmp(proto_kinds[k].name, name) == 0)
			return k;
	return -1;
}

/* A string into a buffer of size bytes; -1 when it does not fit. */
static int
proto_copy(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

/* A seat token: 32 lower-case hex digits, or "" where allowed. */
static int
proto_token(char *dst, const char *src, const char *what, char *why,
	    size_t whylen)
{
	if (src[0] == '\0' ||
	    (strlen(src) == SERVE_TOKEN - 1 &&
	     strspn(src, "0123456789abcdef") == SERVE_TOKEN - 1)) {
		memcpy(dst, src, strlen(src) + 1);
		return 0;
	}
	snprintf(why, whylen, "%s: not a token (32 hex digits, or empty)",
		 what);
	return -1;
}

/*
 * The seats a join takes (what is "seat"): "" to watch, else one token or
 * several separated by commas (one device passed between people), at most
 * SERVE_SEATS; and the same of the seats its page held before ("former").
 */
static int
proto_tokens(char token[][SERVE_TOKEN], int *n, const char *src,
	     const char *what, char *why, size_t whylen)
{
	*n = 0;
	if (src[0] == '\0')
		return 0;
	for (;;) {
		size_t len = strcspn(src, ",");
		char one[SERVE_TOKEN];

		if (*n == SERVE_SEATS) {
			snprintf(why, whylen, "%s: at most %d tokens", what,
				 SERVE_SEATS);
			return -1;
		}
		if (len == 0 || len >= SERVE_TOKEN) {
			snprintf(why, whylen,
				 "%s: not a token (32 hex digits; several "
				 "separated by commas)",
				 what);
			return -1;
		}
		memcpy(one, src, len);
		one[len] = '\0';
		if (proto_token(token[(*n)++], one, what, why, whylen) < 0)
			return -1;
		src += len;
		if (*src == '\0')
			return 0;
		src++;
	}
}

/* Whether name is a computer strategy: the library's or a solver's. */
static int
proto_strategy(const char *name)
{
	return shut_strategy_find(name) != NULL ||
	       strcmp(name, shut_win_perfect.name) == 0 ||
	       strcmp(name, shut_solver_optimal.name) == 0 ||
	       strcmp(name, shut_solver_shut.name) == 0;
}

/* The number of characters of UTF-8 text s (checked before). */
static size_t
proto_chars(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* One seat of a new table: {"name": ..., "cpu": ...}, exactly. */
static int
proto_seat(json_t *o, int i, struct serve_seat_msg *s, char *why, size_t whylen)
{
	const char *name, *cpu;
	json_error_t err;
	char bad[128];

	if (json_unpack_ex(o, &err, JSON_STRICT, "{s:s, s:s}", "name", &name,
			   "cpu", &cpu) < 0) {
		snprintf(why, whylen, "seat %d: %s", i + 1, err.text);
		return -1;
	}
	if (name[0] == '\0' || proto_chars(name) > PLAY_NAME_MAX ||
	    proto_copy(s->name, sizeof(s->name), name) < 0) {
		snprintf(why, whylen, "seat %d: a name of 1 to %d characters",
			 i + 1, PLAY_NAME_MAX);
		return -1;
	}
	if (front_check_name(name, strlen(name), bad, sizeof(bad)) < 0) {
		snprintf(why, whylen, "seat %d: %s", i + 1, bad);
		return -1;
	}
	if (cpu[0] == '\0' && play_name_is_cpu(name, strlen(name))) {
		snprintf(why, whylen, "seat %d: %s", i + 1, PLAY_NAME_CPU_WHY);
		return -1;
	}
	if (cpu[0] != '\0' && !proto_strategy(cpu)) {
		snprintf(why, whylen, "seat %d: no computer strategy '%.31s'",
			 i + 1, cpu);
		return -1;
	}
	snprintf(s->cpu, sizeof(s->cpu), "%s", cpu);
	return 0;
}

/* The seats of a new table: an array of 1 to SERVE_SEATS seats. */
static int
proto_seats(json_t *a, struct serve_msg *m, char *why, size_t whylen)
{
	size_t i;

	if (!json_is_array(a) || json_array_size(a) < 1 ||
	    json_array_size(a) > SERVE_SEATS) {
		snprintf(why, whylen, "seats: an array of 1 to %d seats",
			 SERVE_SEATS);
		return -1;
	}
	m->nseats = (int)json_array_size(a);
	for (i = 0; i < json_array_size(a); i++)
		if (proto_seat(json_array_get(a, i), (int)i, &m->seat[i], why,
			       whylen) < 0)
			return -1;
	return 0;
}

/* The tiles of a move: an array of distinct tile numbers, 1 to 32. */
static int
proto_tiles(json_t *a, uint32_t *move, char *why, size_t whylen)
{
	size_t i;

	*move = 0;
	if (!json_is_array(a) || json_array_size(a) > SHUT_TILES_MAX) {
		snprintf(why, whylen, "tiles: an array of tile numbers");
		return -1;
	}
	for (i = 0; i < json_array_size(a); i++) {
		json_t *v = json_array_get(a, i);
		json_int_t n = json_is_integer(v) ? json_integer_value(v) : 0;

		if (n < 1 || n > SHUT_TILES_MAX) {
			snprintf(why, whylen,
				 "tiles: item %zu is not a tile number from 1 "
				 "to %d",
				 i + 1, SHUT_TILES_MAX);
			return -1;
		}
		if (*move & SHUT_TILE(n)) {
			snprintf(why, whylen, "tiles: tile %d twice", (int)n);
			return -1;
		}
		*move |= SHUT_TILE(n);
	}
	return 0;
}

/* The keys of message kind k, unpacked from root into m. */
static int
proto_unpack(json_t *root, int k, struct serve_msg *m, char *why, size_t whylen)
{
	const char *type, *s1 = "", *s2 = "", *s3 = "";
	json_t *o = NULL, *seq = NULL;
	json_int_t id = 0, n = 0;
	json_error_t err;
	int b = 0, rc;

	switch (k) {
	case SERVE_CREATE:
		rc = json_unpack_ex(root, &err, 0, proto_kinds[k].format,
				    "type", &type, "rules", &s1, "seats", &o,
				    "hints", &b);
		break;
	case SERVE_JOIN:
		rc = json_unpack_ex(root, &err, 0, proto_kinds[k].format,
				    "type", &type, "table", &id, "seat", &s1,
				    "host", &s2, "former", &s3);
		break;
	case SERVE_DICE:
		rc = json_unpack_ex(root, &err, 0, proto_kinds[k].format,
				    "type", &type, "count", &n, "seq", &seq);
		break;
	case SERVE_ROLL:
		rc = json_unpack_ex(root, &err, 0, proto_kinds[k].format,
				    "type", &type, "seq", &seq);
		break;
	case SERVE_LEAVE:
	case SERVE_REPLACE:
	case SERVE_DROP:
		rc = json_unpack_ex(root, &err, 0, proto_kinds[k].format,
				    "type", &type, "seat", &n);
		break;
	case SERVE_MOVE:
		rc = json_unpack_ex(root, &err, 0, proto_kinds[k].format,
				    "type", &type, "tiles", &o, "seq", &seq);
		break;
	default:
		rc = json_unpack_ex(root, &err, 0, proto_kinds[k].format,
				    "type", &type);
		break;
	}
	if (rc < 0) {
		snprintf(why, whylen, "%s: %s (its keys are exactly: %s)",
			 proto_kinds[k].name, err.text, proto_kinds[k].keys);
		return -1;
	}
	m->hints = b;
	m->table = id;
	/* A step's seq, when given, is that of a state: 0 or more. */
	m->seen = -1;
	if (seq != NULL) {
		if (!json_is_integer(seq) || json_integer_value(seq) < 0 ||
		    json_integer_value(seq) > LONG_MAX) {
			snprintf(why, whylen, "seq: a state's seq, 0 or more");
			return -1;
		}
		m->seen = (long)json_integer_value(seq);
	}
	if (k == SERVE_CREATE) {
		if (proto_copy(m->rules, sizeof(m->rules), s1) < 0) {
			snprintf(why, whylen, "rules: longer than %zu bytes",
				 sizeof(m->rules) - 1);
			return -1;
		}
		return proto_seats(o, m, why, whylen);
	}
	if (k == SERVE_MOVE)
		return proto_tiles(o, &m->move, why, whylen);
	if (k == SERVE_JOIN) {
		if (id < 1) {
			snprintf(why, whylen, "table: not a table's number");
			return -1;
		}
		if (proto_tokens(m->token, &m->ntokens, s1, "seat", why,
				 whylen) < 0 ||
		    proto_token(m->host, s2, "host", why, whylen) < 0 ||
		    proto_tokens(m->former, &m->nformer, s3, "former", why,
				 whylen) < 0)
			return -1;
	}
	if (k == SERVE_DICE && (n < 1 || n > SHUT_DICE_MAX)) {
		snprintf(why, whylen, "count: from 1 to %d dice",
			 SHUT_DICE_MAX);
		return -1;
	}
	if ((k == SERVE_LEAVE || k == SERVE_REPLACE || k == SERVE_DROP) &&
	    (n < 0 || n >= SERVE_SEATS)) {
		snprintf(why, whylen, "seat: from 0 to %d", SERVE_SEATS - 1);
		return -1;
	}
	/* Whole numbers in range only: 2^32 + 2 is not 2 dice. */
	m->count = (int)n;
	return 0;
}

/*
 * A reason quotes what the client sent (a type, a strategy, jansson's own
 * "near '...'"): it is escaped as every echo of input is, so that it is
 * one line of showable text whatever was sent.
 */
static void
proto_why_escape(char *why, size_t whylen)
{
	char raw[512];
	struct front_text t;
	size_t n = strlen(why);

	if (front_unshowable(why, n) == n)
		return;
	if (n >= sizeof(raw))
		n = sizeof(raw) - 1;
	memcpy(raw, why, n);
	front_text_init(&t, why, whylen);
	front_escaped(&t, raw, n, 0);
}

static int proto_parse_raw(const char *text, size_t len, struct serve_msg *m,
			   char *why, size_t whylen);

/*
 * How deep a message may nest: a message nests 3 deep at most (a create's
 * seats).  jansson parses and frees by recursion, on the stack of one of
 * the server's threads, which some hundreds of brackets in a message of
 * 1.6 KB overflowed: so the depth is counted first.
 */
#define PROTO_DEPTH_MAX 8

/*
 * The deepest nesting of arrays and objects in text, outside strings (as
 * JSON reads them: a quote ends a string unless a backslash escapes it).
 */
static int
proto_depth(const char *text, size_t len)
{
	int depth = 0, deepest = 0, in_string = 0;

	for (size_t i = 0; i < len; i++) {
		const char c = text[i];

		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = 0;
		} else if (c == '"') {
			in_string = 1;
		} else if (c == '[' || c == '{') {
			if (++depth > deepest)
				deepest = depth;
		} else if (c == ']' || c == '}') {
			depth--;
		}
	}
	return deepest;
}

int
proto_parse(const char *text, size_t len, struct serve_msg *m, char *why,
	    size_t whylen)
{
	int rc = proto_parse_raw(text, len, m, why, whylen);

	if (rc < 0 && why != NULL && whylen > 0)
		proto_why_escape(why, whylen);
	return rc;
}

static int
proto_parse_raw(const char *text, size_t len, struct serve_msg *m, char *why,
		size_t whylen)
{
	json_error_t err;
	json_t *root, *type;
	int k, rc = -1;

	memset(m, 0, sizeof(*m));
	if (len > SERVE_MSG_MAX) {
		snprintf(why, whylen, "message longer than %d bytes",
			 SERVE_MSG_MAX);
		return -1;
	}
	if (proto_depth(text, len) > PROTO_DEPTH_MAX) {
		snprintf(why, whylen, "nested deeper than %d", PROTO_DEPTH_MAX);
		return -1;
	}
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	if (root == NULL) {
		snprintf(why, whylen, "not JSON: %s", err.text);
		return -1;
	}
	type = json_object_get(root, "type");
	if (!json_is_object(root)) {
		snprintf(why, whylen, "not a JSON object");
	} else if (!json_is_string(type)) {
		snprintf(why, whylen, "no \"type\" string");
	} else if ((k = proto_kind_find(json_string_value(type))) < 0) {
		snprintf(why, whylen, "unknown type '%.40s'",
			 json_string_value(type));
	} else {
		m->kind = (enum serve_kind)k;
		rc = proto_unpack(root, k, m, why, whylen);
	}
	json_decref(root);
	return rc;
}

/* ---------------------------------------------------------------------
 * The server's messages
 */

/* Object o as compact text, which the caller frees; o is let go. */
static char *
proto_text(json_t *o)
{
	char *s;

	if (o == NULL)
		return NULL;
	s = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	return s;
}

char *
proto_moot(const char *why)
{
	return proto_text(json_pack("{s:s, s:s, s:b}", "type", "error", "error",
				    why, "moot", 1));
}

char *
proto_error(const char *why)
{
	return proto_text(
	    json_pack("{s:s, s:s}", "type", "error", "error", why));
}

/* One key of the rules' table, with its classic value. */
static json_t *
proto_key(const struct shut_rule_key *k, const struct shut_rules *classic)
{
	char value[128];
	json_t *words = json_array();
	size_t i;

	if (words == NULL)
		return NULL;
	for (i = 0; k->words != NULL && k->words[i] != NULL; i++)
		json_array_append_new(words, json_string(k->words[i]));
	shut_rules_key_print(classic, k, value, sizeof(value));
	return json_pack("{s:s, s:i, s:s, s:o, s:s?, s:I, s:I, s:s}", "name",
			 k->name, "kind", (int)k->kind, "help", k->help,
			 "words", words, "zero", k->zero, "min",
			 (json_int_t)k->min, "max", (json_int_t)k->max,
			 "classic", value);
}

/* Each key's value in preset p, {"tiles": "1-9", ...}; NULL for none. */
static json_t *
proto_values(const struct shut_preset *p)
{
	struct shut_rules r;
	char value[128];
	json_t *o;

	if (shut_rules_parse(&r, p->name, NULL, 0) < 0 ||
	    (o = json_object()) == NULL)
		return NULL;
	for (size_t i = 0; i < shut_rule_key_count(); i++) {
		const struct shut_rule_key *k = shut_rule_key_at(i);

		shut_rules_key_print(&r, k, value, sizeof(value));
		if (json_object_set_new(o, k->name, json_string(value)) < 0) {
			json_decref(o);
			return NULL; /* the form says only "as the preset" */
		}
	}
	return o;
}

/* The presets, every key of the rules' table and the strategies. */
char *
proto_catalog(void)
{
	json_t *o, *presets = json_array(), *keys = json_array();
	json_t *cpus = json_array();
	struct shut_rules classic;
	size_t i;

	if (presets == NULL || keys == NULL || cpus == NULL ||
	    shut_rules_parse(&classic, "", NULL, 0) < 0) {
		json_decref(presets);
		json_decref(keys);
		json_decref(cpus);
		return NULL;
	}
	for (i = 0; i < shut_preset_count(); i++) {
		const struct shut_preset *p = shut_preset_at(i);

		json_array_append_new(
		    presets, json_pack("{s:s, s:s, s:s, s:o*}", "name", p->name,
				       "spec", p->spec, "help", p->help,
				       "values", proto_values(p)));
	}
	for (i = 0; i < shut_rule_key_count(); i++)
		json_array_append_new(keys,
				      proto_key(shut_rule_key_at(i), &classic));
	json_array_append_new(cpus, json_pack("{s:s, s:s}", "name",
					      shut_win_perfect.name, "help",
					      shut_win_perfect.help));
	json_array_append_new(cpus, json_pack("{s:s, s:s}", "name",
					      shut_solver_optimal.name, "help",
					      shut_solver_optimal.help));
	json_array_append_new(cpus, json_pack("{s:s, s:s}", "name",
					      shut_solver_shut.name, "help",
					      shut_solver_shut.help));
	for (i = 0; i < shut_strategy_count(); i++)
		json_array_append_new(
		    cpus,
		    json_pack("{s:s, s:s}", "name", shut_strategy_at(i)->name,
			      "help", shut_strategy_at(i)->help));
	o = json_pack("{s:s, s:o, s:o, s:o, s:i}", "type", "catalog", "presets",
		      presets, "keys", keys, "strategies", cpus, "seats",
		      SERVE_SEATS);
	return proto_text(o);
}
