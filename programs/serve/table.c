/*
 * table.c - the tables of "shutbox serve": made, played and paced.
 *
 * A table is a struct play (play.h) and what the browser needs beside it:
 * a token per seat and one for the host, whether hints are given, the
 * seats a computer took over, and the lines of its log.  Its id is its
 * game's id in the history, so a table and its record are one thing.
 *
 * Every action goes the same way: the seat and the moment are checked
 * here (only the seat to play acts, and only as the game needs now), the
 * action is made with shut_game_act(), which checks it against the rules,
 * booked with play_book() (committed to the history at once), and its
 * events told in the front-end layer's words.  A refusal changes nothing
 * and is worded by the front-end layer where the game's rules are its
 * reason.  The dice are only ever rolled here.
 *
 * What a table keeps in the history beside its game, and the tables
 * brought back from it after a restart, are keep.c's.
 */
#define _DEFAULT_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <jansson.h>

#include "serve/serve.h"
#include "solve.h"
#include "util.h"

/* The longest the hints' solver may take to make, in seconds. */
#define TABLE_HINT_SECONDS 3.0

/* Under serve_list_lock: the tables, and the room promised to new ones. */
static struct table **table_list;
static int table_n, table_cap, table_promised;
/* The addresses of the tables promised and not yet in the list. */
static char (*table_promised_to)[sizeof(((struct table *)0)->made_by)];
static int table_npromised_to;

/* A new token: 128 bits of the system's generator, in hex. */
static int
table_token(char *buf)
{
	unsigned char b[16];
	int i;

	if (getrandom(b, sizeof(b), 0) != (ssize_t)sizeof(b))
		return -1;
	for (i = 0; i < 16; i++)
		snprintf(buf + 2 * i, 3, "%02x", b[i]);
	return 0;
}

struct table *
table_find(int64_t id)
{
	struct table *t = NULL;
	int i;

	pthread_mutex_lock(&serve_list_lock);
	for (i = 0; i < table_n; i++)
		if (table_list[i]->id == id) {
			t = table_list[i];
			t->refs++;
			break;
		}
	pthread_mutex_unlock(&serve_list_lock);
	return t;
}

int
table_all(struct table ***list)
{
	int i, n;

	pthread_mutex_lock(&serve_list_lock);
	n = table_n;
	*list = malloc(sizeof(**list) * (size_t)(n > 0 ? n : 1));
	for (i = 0; *list != NULL && i < n; i++) {
		(*list)[i] = table_list[i];
		table_list[i]->refs++;
	}
	pthread_mutex_unlock(&serve_list_lock);
	return *list != NULL ? n : -1;
}

int
table_seat_of(const struct table *t, const char *token)
{
	int i;

	if (token[0] == '\0')
		return -1;
	for (i = 0; i < t->p.nseats; i++)
		if (strcmp(t->token[i], token) == 0)
			return i;
	return -1;
}

/* A table of no game yet, its lock ready; NULL when memory ran out. */
struct table *
table_new(void)
{
	struct table *t = calloc(1, sizeof(*t));

	if (t != NULL && pthread_mutex_init(&t->lock, NULL) != 0) {
		free(t);
		return NULL;
	}
	if (t != NULL)
		t->p.max_bytes = serve_config.max_bytes;
	return t;
}

void
table_free(struct table *t)
{
	/* Its solvers first: one still being made is then counted apart. */
	play_release(&t->p);
	table_unhold(t);
	free(t->rules_words);
	pthread_mutex_destroy(&t->lock);
	free(t);
}

void
table_put(struct table *t)
{
	int last;

	pthread_mutex_lock(&serve_list_lock);
	last = --t->refs == 0 && t->gone;
	pthread_mutex_unlock(&serve_list_lock);
	if (last)
		table_free(t);
}

void
table_visit_locked(int64_t from, int64_t to)
{
	int i;

	for (i = 0; i < table_n; i++) {
		struct table *t = table_list[i];

		if (from != 0 && t->id == from && --t->conns == 0)
			t->alone_ms = serve_now();
		if (to != 0 && t->id == to)
			t->conns++;
	}
}

/* Room for a table promised (list lock), to addr when not NULL. */
static void
table_promise(const char *addr)
{
	table_promised++;
	if (addr != NULL)
		snprintf(table_promised_to[table_npromised_to++],
			 sizeof(table_promised_to[0]), "%s", addr);
}

/*
 * Takes out of the list and holds the unfinished table that has had
 * nobody at it for longest, at least serve_config.idle_ms (with weighed,
 * only one that holds memory of --memory-all; with addr, only one that
 * addr made), to be put away (table_send_away()); NULL when there is none.
 * Under serve_list_lock.
 */
static struct table *
table_idle_locked(int weighed, const char *addr)
{
	struct table *idle = NULL;
	int64_t now = serve_now();
	int i, at = -1;

	for (i = 0; i < table_n; i++) {
		struct table *x = table_list[i];

		if (!x->over && (!weighed || x->weight > 0) && x->conns == 0 &&
		    (addr == NULL || strcmp(x->made_by, addr) == 0) &&
		    now - x->alone_ms >= serve_config.idle_ms &&
		    (idle == NULL || x->alone_ms < idle->alone_ms)) {
			idle = x;
			at = i;
		}
	}
	if (idle != NULL) {
		table_list[at] = table_list[--table_n];
		idle->gone = 1;
		idle->refs++;
	}
	return idle;
}

/*
 * Promises room for one table more (under serve_list_lock).  When the cap
 * is reached and evict is set, a finished table is let go, and freed when
 * its last holder puts it; else the table that has had nobody at it for
 * longest, at least serve_config.idle_ms, is put away: let go in the same
 * way, its game left unfinished in the history, and returned in *away,
 * held, for table_room() to mark as not to be brought back.  Returns the
 * table to free now, or NULL; *ok is 0 when there is no room, -1 when addr
 * (not NULL) made --tables-per-address tables not finished already
 * (counting those promised to it and being made), unless one of them has
 * had nobody at it for serve_config.idle_ms: that one is put away (*away)
 * to make room, as when the cap is reached.
 */
static struct table *
table_room_locked(int evict, const char *addr, int *ok, struct table **away)
{
	struct table *t, *idle;
	int i, mine = 0;

	*ok = 0;
	*away = NULL;
	if (table_list == NULL) {
		table_cap = serve_config.max_tables;
		table_list = calloc((size_t)table_cap, sizeof(*table_list));
		table_promised_to =
		    calloc((size_t)table_cap, sizeof(*table_promised_to));
		if (table_list == NULL || table_promised_to == NULL) {
			free(table_list);
			free(table_promised_to);
			table_list = NULL;
			table_promised_to = NULL;
			return NULL;
		}
	}
	/* Its tables in the list, and those promised to it, being made. */
	for (i = 0; addr != NULL && i < table_n; i++)
		mine += !table_list[i]->over &&
			strcmp(table_list[i]->made_by, addr) == 0;
	for (i = 0; addr != NULL && i < table_npromised_to; i++)
		mine += strcmp(table_promised_to[i], addr) == 0;
	/* One of its own that nobody has been at past --idle makes room. */
	if (addr != NULL && mine >= serve_config.tables_per_addr) {
		if (!evict || (*away = table_idle_locked(0, addr)) == NULL) {
			*ok = -1;
			return NULL;
		}
	}
	if (table_n + table_promised < table_cap) {
		table_promise(addr);
		*ok = 1;
		return NULL;
	}
	for (i = 0; evict && i < table_n; i++)
		if (table_list[i]->over) {
			t = table_list[i];
			table_list[i] = table_list[--table_n];
			t->gone = 1;
			table_promise(addr);
			*ok = 1;
			return t->refs == 0 ? t : NULL;
		}
	if (!evict || (idle = table_idle_locked(0, NULL)) == NULL)
		return NULL;
	table_promise(addr);
	*ok = 1;
	*away = idle;
	return NULL;
}

/*
 * Table t, taken out of the list and held, is put away: kept in the
 * history as not to be brought back, its game the terminal game's, its
 * solvers and their memory let go now, and freed when its last holder
 * puts it.
 */
static void
table_send_away(struct table *t)
{
	pthread_mutex_lock(&t->lock);
	t->away = 1;
	table_keep(t);
	table_give_up(t);
	play_let_go(&t->p);
	pthread_mutex_unlock(&t->lock);
	table_unhold(t);
	table_put(t);
}

/*
 * Room for one table more, promised, a table let go or put away for it
 * when evict is set; -1 when the server is full, -2 when addr has made
 * its most tables.
 */
int
table_room(int evict, const char *addr)
{
	struct table *t, *away;
	int ok;

	pthread_mutex_lock(&serve_list_lock);
	t = table_room_locked(evict, addr, &ok, &away);
	pthread_mutex_unlock(&serve_list_lock);
	if (t != NULL)
		table_free(t);
	if (away != NULL)
		table_send_away(away);
	return ok > 0 ? 0 : ok < 0 ? -2 : -1;
}

/*
 * Puts away the unfinished table that has had nobody at it for longest,
 * past --idle, for the memory of a new one (--memory-all): 1 when one
 * was, 0 when none may be.
 */
static int
table_put_away_idle(void)
{
	struct table *idle;

	pthread_mutex_lock(&serve_list_lock);
	idle = table_idle_locked(1, NULL);
	pthread_mutex_unlock(&serve_list_lock);
	if (idle == NULL)
		return 0;
	table_send_away(idle);
	return 1;
}

/*
 * Takes the room promised (to addr, when not NULL): t joins the list, or
 * it is given back.
 */
void
table_enlist(struct table *t, const char *addr)
{
	pthread_mutex_lock(&serve_list_lock);
	table_promised--;
	for (int i = 0; addr != NULL && i < table_npromised_to; i++)
		if (strcmp(table_promised_to[i], addr) == 0) {
			memcpy(table_promised_to[i],
			       table_promised_to[--table_npromised_to],
			       sizeof(table_promised_to[0]));
			break;
		}
	if (t != NULL)
		table_list[table_n++] = t;
	pthread_mutex_unlock(&serve_list_lock);
}

/* ---------------------------------------------------------------------
 * A new table
 */

/*
 * Whether the solver of objective which (0: the expected score, the hints'
 * and cpu:optimal's; 1: cpu:shut's) fits in a table's memory, said in why
 * after what when not.
 */
static int
table_solver_fits(const struct play *p, int which, const char *what, char *why,
		  size_t whylen)
{
	struct shut_objective obj;
	char reason[256];

	play_objective(&p->rules, which, &obj);
	/* The limit is the server's, not the player's to change. */
	if (solve_fits(&p->rules, &obj, 0, p->max_bytes,
		       "the server's --memory", reason, sizeof(reason)) == 0)
		return 0;
	snprintf(why, whylen, "%s: %s", what, reason);
	return -1;
}

/*
 * Whether seat i's computer can play these rules in a table's memory, said
 * in why when not, before play_seat() would say it on standard error.
 */
static int
table_cpu_check(const struct play *p, int i, const char *cpu, char *why,
		size_t whylen)
{
	char reason[256], what[64];
	size_t n;
	int rc;

	snprintf(what, sizeof(what), "seat %d: cpu:%.32s", i + 1, cpu);
	if (strcmp(cpu, shut_solver_optimal.name) == 0 ||
	    strcmp(cpu, shut_solver_shut.name) == 0)
		rc = table_solver_fits(p,
				       strcmp(cpu, shut_solver_shut.name) == 0,
				       what, why, whylen);
	else if (strcmp(cpu, shut_win_perfect.name) != 0 ||
		 play_perfect_check(&p->rules, p->nseats, p->max_bytes,
				    "the server's --memory", reason,
				    sizeof(reason)) == 0)
		rc = 0;
	else {
		snprintf(why, whylen, "%s: %s", what, reason);
		rc = -1;
	}
	/* What the host can do about it: a computer that needs no table. */
	if (rc < 0 && (n = strlen(why)) < whylen)
		snprintf(why + n, whylen - n,
			 "; a computer playing fewest, most, highest, lowest "
			 "or random plays any box");
	return rc;
}

/*
 * The seats of message m: people by name, computers as cpu:NAME.  A name
 * shown twice is numbered, as the terminal game numbers it.
 */
static int
table_seats(struct table *t, const struct serve_msg *m, char *why,
	    size_t whylen)
{
	char shown[SERVE_SEATS][PLAY_NAME_BYTES + 8];
	const char *names[SERVE_SEATS];
	struct play *p = &t->p;
	int i;

	p->nseats = m->nseats;
	for (i = 0; i < m->nseats; i++) {
		const char *cpu = m->seat[i].cpu;

		snprintf(shown[i], sizeof(shown[i]), "%s%s",
			 cpu[0] ? "cpu:" : "", cpu[0] ? cpu : m->seat[i].name);
		if (table_cpu_check(p, i, cpu, why, whylen) < 0)
			return -1;
		if (play_seat(p, i, cpu[0] ? shown[i] : "person") != 0) {
			snprintf(why, whylen, "seat %d cannot be set up",
				 i + 1);
			return -1;
		}
		names[i] = shown[i];
	}
	p->named[0] = '\0';
	play_name_seats(p, names);
	return 0;
}

/* The dice: the seeded generator, as the terminal game's. */
void
table_dice(struct play *p)
{
	shut_rng_seed(&p->dice_rng, p->seed);
	shut_dice_rng(&p->dice, &p->dice_rng);
}

/* Rules, seats and hints of message m, checked, into table t. */
static int
table_setup(struct table *t, const struct serve_msg *m, char *why,
	    size_t whylen)
{
	struct play *p = &t->p;
	char rwhy[256];
	int rc;

	snprintf(p->spec_buf, sizeof(p->spec_buf), "%s",
		 m->rules[0] ? m->rules : "classic");
	p->spec = p->spec_buf;
	if (shut_rules_parse(&p->rules, p->spec, rwhy, sizeof(rwhy)) < 0) {
		snprintf(why, whylen, "rules: %s", rwhy);
		return -1;
	}
	if (p->rules.mode == SHUT_MODE_BATTLE && m->nseats != 2) {
		snprintf(why, whylen,
			 "seats: battle needs exactly two players, not %d",
			 m->nseats);
		return -1;
	}
	if (getrandom(&p->seed, sizeof(p->seed), 0) != sizeof(p->seed)) {
		snprintf(why, whylen, "no random seed for the dice");
		return -1;
	}
	p->lazy = 1;
	if (table_seats(t, m, why, whylen) < 0)
		return -1;
	if (m->hints && table_solver_fits(p, 0, "hints", why, whylen) < 0)
		return -1;
	if (m->hints && play_seconds(p) > TABLE_HINT_SECONDS) {
		snprintf(why, whylen,
			 "hints: the best play of these rules takes too "
			 "long to work out");
		return -1;
	}
	t->hints = m->hints;
	if ((rc = shut_game_init(&p->g, &p->rules, p->nseats)) < 0) {
		snprintf(why, whylen, "the game cannot start: %s",
			 shut_strerror(rc));
		return -1;
	}
	play_front_seats(p);
	table_dice(p);
	return 0;
}

static struct table *
table_create_here(const struct serve_msg *m, const char *addr, char *why,
		  size_t whylen)
{
	struct table *t = table_new();
	size_t w;
	int i, rc;

	if (t == NULL) {
		snprintf(why, whylen, "out of memory");
		return NULL;
	}
	snprintf(t->made_by, sizeof(t->made_by), "%s", addr);
	/* Rules, seats and memory first: no table is put away for nothing. */
	if (table_setup(t, m, why, whylen) < 0) {
		table_free(t);
		return NULL;
	}
	w = table_weight(&t->p, t->hints);
	while (table_hold(t, w, 0) < 0)
		if (w > serve_config.max_all_bytes || !table_put_away_idle()) {
			table_busy(w, why, whylen);
			table_free(t);
			return NULL;
		}
	rc = table_room(1, addr);
	if (rc == -2)
		snprintf(why, whylen,
			 "this address has made %d tables that are not "
			 "finished, and someone has been at each in the last "
			 "%" PRId64 " minute%s: finish one, or leave one for "
			 "that long, and it makes room",
			 serve_config.tables_per_addr,
			 serve_config.idle_ms / 60000,
			 serve_config.idle_ms == 60000 ? "" : "s");
	if (rc == -1)
		snprintf(why, whylen,
			 "the server has as many tables as it can hold; one "
			 "that nobody has been at for %" PRId64 " minute%s "
			 "makes room: try again later",
			 serve_config.idle_ms / 60000,
			 serve_config.idle_ms == 60000 ? "" : "s");
	if (rc < 0) {
		table_free(t);
		return NULL;
	}
	for (i = 0; i < t->p.nseats; i++)
		if (t->p.human[i] && table_token(t->token[i]) < 0)
			goto fail_token;
	if (table_token(t->host) < 0)
		goto fail_token;
	t->p.front = "serve";
	pthread_mutex_lock(&serve_store_lock);
	play_store_begin(&t->p, serve_config.db);
	if (t->p.store != NULL)
		store_manual_checkpoints(t->p.store);
	pthread_mutex_unlock(&serve_store_lock);
	if (t->p.store == NULL) {
		snprintf(why, whylen,
			 "the history cannot be opened, and "
			 "every table is recorded there");
		goto fail;
	}
	t->id = t->p.id;
	t->alone_ms = serve_now();
	table_keep(t);
	t->p.hints_early = t->hints;
	play_think(&t->p);
	table_opening(t);
	table_rules_words(t);
	t->next_ms = serve_now() + serve_config.pace_ms;
	t->refs = 1;
	table_enlist(t, addr);
	return t;
fail_token:
	snprintf(why, whylen, "no random token for a seat");
fail:
	table_enlist(NULL, addr);
	table_free(t);
	return NULL;
}

/* A table being made, on a thread of its own. */
struct table_making {
	const struct serve_msg *m;
	const char *addr;
	char *why;
	size_t whylen;
	struct table *t;
};

static void *
table_create_main(void *arg)
{
	struct table_making *k = arg;

	k->t = table_create_here(k->m, k->addr, k->why, k->whylen);
	return NULL;
}

/*
 * Made apart (serve_apart()): the rules' check and words, the computers'
 * solvers and the log's first lines took some 40 KiB of a civetweb
 * thread's 100 KiB on top of what civetweb itself had taken.
 */
struct table *
table_create(const struct serve_msg *m, const char *addr, char *why,
	     size_t whylen)
{
	struct table_making k = { m, addr, why, whylen, NULL };

	if (serve_apart(table_create_main, &k) < 0) {
		snprintf(why, whylen,
			 "the server could not start a thread: try again "
			 "later");
		return NULL;
	}
	return k.t;
}

/* ---------------------------------------------------------------------
 * Actions
 */

/* The words for what the game waits for. */
static const char *const table_need_words[] = {
	[SHUT_NEED_DICE] = "a dice count",
	[SHUT_NEED_THROW] = "a throw",
	[SHUT_NEED_MOVE] = "a move",
	[SHUT_NEED_NONE] = "nothing: the game is over",
};

/* What message kind each need takes. */
static const enum serve_kind table_need_kind[] = {
	[SHUT_NEED_DICE] = SERVE_DICE,
	[SHUT_NEED_THROW] = SERVE_ROLL,
	[SHUT_NEED_MOVE] = SERVE_MOVE,
	[SHUT_NEED_NONE] = SERVE_KINDS,
};

/*
 * The history refused to record the table (the reason is on the server's
 * standard error): everyone at the table is told, in its log and in every
 * state from now on, and the game goes on unrecorded.
 */
static void
table_unrecorded(struct table *t, const char *what)
{
	char text[SERVE_LINE];

	snprintf(text, sizeof(text),
		 "The history refused %s: this game is no longer recorded in "
		 "the history (the server's log says why)\n",
		 what);
	table_say(t, text, 0);
	text[strcspn(text, "\n")] = '\0';
	/* A line of the log has no full stop; the alert, a sentence, has. */
	snprintf(t->alert, sizeof(t->alert), "%.*s.", (int)sizeof(t->alert) - 2,
		 text);
	t->seq++;
}

/* The game is over: its record is closed in the history. */
void
table_over(struct table *t)
{
	char why[512];
	int rc = 0;

	pthread_mutex_lock(&serve_list_lock);
	t->over = 1;
	pthread_mutex_unlock(&serve_list_lock);
	/* A finished table is kept until room is needed: not its solvers. */
	play_let_go(&t->p);
	table_unhold(t);
	pthread_mutex_lock(&serve_store_lock);
	if (t->p.store != NULL)
		rc = store_finish(t->p.store, t->id, why, sizeof(why));
	pthread_mutex_unlock(&serve_store_lock);
	if (rc < 0) {
		util_warning("table %" PRId64 ": %s", t->id, why);
		table_unrecorded(t, "the game's result");
	}
}

/* Books action a, just made, and tells its events. */
static int
table_booked(struct table *t, const struct shut_action *a,
	     const struct shut_events *ev)
{
	int recorded = t->p.store != NULL, rc;

	pthread_mutex_lock(&serve_store_lock);
	rc = play_book(&t->p, a);
	pthread_mutex_unlock(&serve_store_lock);
	if (rc < 0)
		return -1;
	table_events(t, ev);
	/* play_book() lets the history go when it refuses an action. */
	if (recorded && t->p.store == NULL)
		table_unrecorded(t, "the last action");
	if (t->p.g.need == SHUT_NEED_NONE)
		table_over(t);
	t->next_ms = serve_now() + serve_config.pace_ms;
	return 0;
}

/* Why the game refused action a, in the front-end layer's words. */
static void
table_refusal(const struct table *t, const struct shut_action *a, int rc,
	      char *why, size_t whylen)
{
	const struct shut_game *g = &t->p.g;
	struct front_text ft;
	struct shut_why w;

	front_text_init(&ft, why, whylen);
	if (rc == SHUT_EILLEGAL && shut_game_why(g, a->move, &w) >= 0) {
		front_why(&ft, &g->rules, &g->last_throw,
			  shut_game_opener(g, g->turn), a->move, &w);
	} else if (rc == SHUT_EDICE) {
		front_printf(&ft, "throw ");
		front_counts(&ft, shut_game_dice_choices(g));
		front_printf(&ft, " dice");
	} else {
		front_printf(&ft, "%s", shut_strerror(rc));
	}
}

/* A computer takes over a person's seat (the host's choice). */
static int
table_replace_here(struct table *t, int seat, char *why, size_t whylen)
{
	struct play *p = &t->p;

	if (!p->human[seat]) {
		snprintf(why, whylen, "%s is already the computer",
			 p->name[seat]);
		return -1;
	}
	/* A board past the server's --memory: the reason, and no change. */
	if (table_cpu_check(p, seat, shut_solver_optimal.name, why, whylen) < 0)
		return -1;
	p->human[seat] = 0;
	p->nhumans--;
	if (play_seat(p, seat, "cpu:optimal") != 0) {
		play_seat(p, seat, ""); /* the person's again */
		snprintf(why, whylen, "the computer cannot take that seat");
		return -1;
	}
	t->replaced[seat] = 1;
	memcpy(t->old_token[seat], t->token[seat], SERVE_TOKEN);
	t->token[seat][0] = '\0';
	play_front_seats(p);
	play_think(p);
	table_keep(t);
	table_handed(t, seat);
	table_say_computer(t, seat);
	why[0] = '\0';
	t->seq++;
	return 0;
}

/* A seat handed to the computer, on a thread of its own. */
struct table_handing {
	struct table *t;
	int seat;
	char *why;
	size_t whylen;
	int rc;
};

static void *
table_replace_main(void *arg)
{
	struct table_handing *h = arg;

	h->rc = table_replace_here(h->t, h->seat, h->why, h->whylen);
	return NULL;
}

/*
 * Apart (serve_apart()), as a table is made: the rules' check, which the
 * computer's solver asks for, may go deep.
 */
static int
table_replace(struct table *t, int seat, char *why, size_t whylen)
{
	struct table_handing h = { t, seat, why, whylen, -1 };

	if (serve_apart(table_replace_main, &h) < 0) {
		snprintf(why, whylen,
			 "the server could not start a thread: try again "
			 "later");
		return -1;
	}
	return h.rc;
}

/* The action of message m for seat, checked for its seat and moment. */
static int
table_action(struct table *t, int seat, const struct serve_msg *m,
	     struct shut_action *a, char *why, size_t whylen)
{
	const struct shut_game *g = &t->p.g;

	memset(a, 0, sizeof(*a));
	if (g->need == SHUT_NEED_NONE) {
		snprintf(why, whylen, "the game is over");
		return -1;
	}
	if (m->kind == SERVE_LEAVE || m->kind == SERVE_DROP) {
		a->kind = SHUT_ACT_LEAVE;
		a->seat = seat;
		return 0;
	}
	if (seat != g->turn) {
		snprintf(why, whylen, "it is %s's turn, not yours",
			 t->p.name[g->turn]);
		return -1;
	}
	if (table_need_kind[g->need] != m->kind) {
		snprintf(why, whylen, "the game waits for %s",
			 table_need_words[g->need]);
		return -1;
	}
	a->seat = seat;
	if (m->kind == SERVE_DICE) {
		a->kind = SHUT_ACT_DICE;
		a->dice = m->count;
	} else if (m->kind == SERVE_MOVE) {
		a->kind = SHUT_ACT_MOVE;
		a->move = m->move;
	} else {
		a->kind = SHUT_ACT_THROW;
		t->p.dice.roll(t->p.dice.ctx, g->ndice, g->rules.faces,
			       &a->thrown);
	}
	return 0;
}

int
table_act(struct table *t, int seat, int host, const struct serve_msg *m,
	  char *why, size_t whylen)
{
	struct shut_events ev;
	struct shut_action a;
	int rc;

	if (m->kind == SERVE_REPLACE || m->kind == SERVE_DROP) {
		if (!host) {
			snprintf(why, whylen, "only the table's host may %s",
				 proto_kind_name(m->kind));
			return -1;
		}
		seat = m->count;
		if (seat >= t->p.nseats) {
			snprintf(why, whylen, "no seat %d at this table", seat);
			return -1;
		}
	} else if (seat < 0) {
		snprintf(why, whylen,
			 "a spectator cannot play; join with a "
			 "seat's link");
		return -1;
	} else if (!t->p.human[seat]) {
		snprintf(why, whylen, "the computer plays for %s now",
			 t->p.name[seat]);
		return -1;
	}
	if (m->kind == SERVE_REPLACE) {
		if (t->p.g.need == SHUT_NEED_NONE) {
			snprintf(why, whylen, "the game is over");
			return -1;
		}
		if (t->p.g.seat[seat].out) {
			snprintf(why, whylen, "%s no longer plays",
				 t->p.name[seat]);
			return -1;
		}
		return table_replace(t, seat, why, whylen);
	}
	if (table_action(t, seat, m, &a, why, whylen) < 0)
		return -1;
	if (m->kind == SERVE_DROP &&
	    (t->p.g.seat[seat].out || t->p.g.seat[seat].left)) {
		snprintf(why, whylen, "%s no longer plays", t->p.name[seat]);
		return -1;
	}

	/*
	 * The game waits for a throw when one is rolled (checked above), so
	 * a throw is never refused here: the dice generator and the record
	 * stay in step, as a replay needs.
	 */
	rc = shut_game_act(&t->p.g, &a, &ev);
	if (rc < 0) {
		table_refusal(t, &a, rc, why, whylen);
		return -1;
	}
	/* The log says that the host dropped the player (front_event()). */
	if (m->kind == SERVE_DROP)
		t->p.seats.dropped[seat] = 1;
	if (table_booked(t, &a, &ev) < 0) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	/* A dropped player's link no longer holds the seat. */
	if (m->kind == SERVE_DROP) {
		memcpy(t->old_token[seat], t->token[seat], SERVE_TOKEN);
		t->token[seat][0] = '\0';
		table_keep(t);
		table_dropped(t, seat);
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * The computers' pace
 */

int
table_step(struct table *t, int64_t now)
{
	struct shut_events ev;
	struct play *p = &t->p;
	struct shut_action a;
	int rc;

	if (p->g.need == SHUT_NEED_NONE || p->human[p->g.turn] ||
	    now < t->next_ms || !play_seat_ready(p, p->g.turn, 0))
		return 0;
	rc = shut_game_step(&p->g, p->player, &p->dice, &a, &ev);
	if (rc < 0) {
		util_warning("table %" PRId64 ": the computer of seat %d: %s",
			     t->id, p->g.turn + 1, shut_strerror(rc));
		t->next_ms = now + 10 * serve_config.pace_ms;
		return 0;
	}
	if (table_booked(t, &a, &ev) < 0)
		util_warning("table %" PRId64 ": out of memory", t->id);
	return 1;
}

void
table_free_all(void)
{
	int i;

	for (i = 0; i < table_n; i++)
		table_free(table_list[i]);
	free(table_list);
	table_list = NULL;
	table_n = 0;
}
