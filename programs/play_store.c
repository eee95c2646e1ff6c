/*
 * play_store.c - a game's record: each action booked in the history as it
 * is made, and a stored game set up again and replayed to go on with it.
 *
 * play.c sets a game up from the command line; this file keeps its record
 * (play_book(): in memory, and in the history database, committed at
 * once, so that a game killed at any moment loses nothing already played)
 * and resumes a stored one (play_resume(): the record replayed, the dice
 * generator rolling each random throw again and each random computer
 * making each of its choices again, so that the game goes on exactly
 * where it stopped).
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "cmd.h"
#include "play.h"
#include "util.h"
/* ---------------------------------------------------------------------
 * The record
 */

int64_t
play_now(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (int64_t)tv.tv_sec * 1000 + tv.tv_usec / 1000;
}

/* A history that failed: said once, then the game goes on without it. */
static void
play_store_failed(struct play *p, const char *why)
{
	util_warning("%s; this game is no longer recorded", why);
	store_close(p->store);
	p->store = NULL;
}

/* Keeps action a in the record in memory. */
static int
play_keep(struct play *p, const struct shut_action *a)
{
	if (p->nactions == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 256;
		struct shut_action *n =
		    realloc(p->action, cap * sizeof(*p->action));

		if (n == NULL)
			return -1;
		p->action = n;
		p->cap = cap;
	}
	p->action[p->nactions++] = *a;
	return 0;
}

int
play_book(struct play *p, const struct shut_action *a)
{
	char why[512];

	if (play_keep(p, a) < 0)
		return -1;
	if (p->store != NULL &&
	    store_append(p->store, p->id, p->nactions - 1, a, play_now(), why,
			 sizeof(why)) < 0)
		play_store_failed(p, why);
	return 0;
}

/*
 * The actions left once the last move of a person is taken back, with any
 * dice count chosen since, or -1 when there is none to take back.  With
 * dice typed, the last throw typed may go too until the next is typed: one
 * a person has not moved on yet, one that ended a turn (a slip of the
 * keys that left no move), and a computer's, with the move it made of it;
 * and with it the count of dice chosen for it, asked again (faces typed
 * at the count, three for two dice, made the count).
 * A game over is over, but with dice typed for what ended it: the history
 * then counts it unfinished again (store_truncate()).
 */
static long
play_back_to(const struct play *p)
{
	size_t n = p->nactions;
	const struct shut_action *a;

	if (p->g.need == SHUT_NEED_NONE && !p->manual)
		return -1;
	while (n > 0 && p->action[n - 1].kind == SHUT_ACT_DICE)
		n--;
	if (n == 0)
		return -1;
	a = &p->action[n - 1];
	if (a->kind == SHUT_ACT_MOVE && p->human[a->seat])
		return (long)n - 1;
	if (!p->manual)
		return -1;
	if (a->kind == SHUT_ACT_MOVE && n >= 2 &&
	    p->action[n - 2].kind == SHUT_ACT_THROW)
		n--;
	else if (a->kind != SHUT_ACT_THROW)
		return -1;
	n--;
	while (n > 0 && p->action[n - 1].kind == SHUT_ACT_DICE)
		n--;
	return (long)n;
}

/* Whether seat i is a computer that plays at random (its generator's). */
static int
play_random_seat(const struct play *p, int i)
{
	return !p->human[i] && strcmp(p->strategy[i], "random") == 0;
}

/*
 * The choice of a computer that plays at random, for action a of game g,
 * drawn again as it was drawn when played: 0 when it is not a's; 1 when
 * it is, or a is no such choice (a throw, a leave, a seat of another).
 */
static int
play_random_again(struct play *p, struct shut_game *g,
		  const struct shut_action *a)
{
	const struct shut_player *pl = &p->player[g->turn];
	uint32_t move;

	if (a->kind == SHUT_ACT_LEAVE || !play_random_seat(p, g->turn))
		return 1;
	if (a->kind == SHUT_ACT_DICE && g->need == SHUT_NEED_DICE)
		return pl->strategy->dice(pl->ctx, g,
					  shut_game_dice_choices(g)) == a->dice;
	if (a->kind == SHUT_ACT_MOVE && g->need == SHUT_NEED_MOVE)
		return pl->strategy->move(pl->ctx, g, &move) == 0 &&
		       move == a->move;
	return 1;
}

/*
 * The generators of the computers that play at random, as they were after
 * the record kept (p->action[0..p->nactions)): seeded again and their
 * choices drawn again, as play_replay() draws them, so that after a
 * take-back the next choice is the one a resume would make.
 */
static void
play_rewind_random(struct play *p)
{
	struct shut_game g;
	int any = 0;

	for (int i = 0; i < p->nseats; i++)
		if (play_random_seat(p, i)) {
			play_seed_rng(p, i);
			any = 1;
		}
	if (!any || shut_game_init(&g, &p->rules, p->nseats) < 0)
		return;
	for (size_t k = 0; k < p->nactions; k++) {
		(void)play_random_again(p, &g, &p->action[k]);
		if (shut_game_act(&g, &p->action[k], NULL) < 0)
			return;
	}
}

int
play_can_take_back(const struct play *p)
{
	return play_back_to(p) >= 0;
}

const char *
play_take_back_what(const struct play *p)
{
	long back = play_back_to(p);
	const struct shut_action *a;

	if (back < 0)
		return NULL;
	for (a = &p->action[back];
	     a->kind == SHUT_ACT_DICE && a + 1 < p->action + p->nactions; a++)
		;
	return a->kind == SHUT_ACT_THROW ? "throw" : "move";
}

/*
 * The game replayed from the first n actions of the record, the rest let
 * go (in the history too): 0, or -1 when the record cannot be replayed.
 */
static int
play_back(struct play *p, size_t n)
{
	char why[512];

	if (shut_game_replay(&p->g, &p->rules, p->nseats, p->action, n, NULL) <
	    0)
		return -1;
	p->nactions = n;
	p->marked_over = 0;
	play_rewind_random(p);
	if (p->store != NULL &&
	    store_truncate(p->store, p->id, n, why, sizeof(why)) < 0)
		play_store_failed(p, why);
	return 0;
}

int
play_can_take_back_count(const struct play *p)
{
	const struct shut_action *a;
	unsigned choices;

	if (p->nactions == 0 || p->g.need != SHUT_NEED_THROW ||
	    !p->human[p->g.turn])
		return 0;
	a = &p->action[p->nactions - 1];
	choices = shut_game_dice_choices(&p->g);
	return a->kind == SHUT_ACT_DICE && a->seat == p->g.turn &&
	       (choices & (choices - 1)) != 0;
}

int
play_take_back_count(struct play *p)
{
	return play_can_take_back_count(p) &&
	       play_back(p, p->nactions - 1) == 0;
}

int
play_take_back(struct play *p, char *buf, size_t len)
{
	const struct shut_action *a;
	struct front_text t;
	long back = play_back_to(p);
	size_t n;

	front_text_init(&t, buf, len);
	if (back < 0) {
		front_printf(&t,
			     "nothing to take back: a move can be "
			     "taken back until the next throw%s",
			     p->manual ? ", and a throw typed until the "
					 "next is typed"
				       : "");
		return 0;
	}
	n = (size_t)back;
	a = &p->action[n];
	/* A throw's count goes with it, unsaid: it is asked again. */
	while (a->kind == SHUT_ACT_DICE && a + 1 < p->action + p->nactions)
		a++;
	if (a->kind == SHUT_ACT_THROW) {
		front_printf(&t, "taken back: the throw ");
		front_throw(&t, &a->thrown);
		/* A computer's move of it goes with it. */
		if (a + 1 < p->action + p->nactions &&
		    a[1].kind == SHUT_ACT_MOVE) {
			front_printf(&t, " and %s's move ", p->name[a[1].seat]);
			front_move(&t, a[1].move);
		}
	} else {
		front_printf(&t, "taken back: ");
		front_move(&t, a->move);
	}
	if (play_back(p, n) < 0) {
		front_text_init(&t, buf, len);
		front_printf(&t, "the record cannot be replayed");
		return 0;
	}
	return 1;
}

/*
 * Opens the history (unless there is to be none) and starts the game's
 * record in it.  A history that cannot be opened is warned about; the game
 * is played without it.
 */
void
play_store_begin(struct play *p, const char *db)
{
	struct store_game sg;
	char why[512];
	int i;

	if (store_open(&p->store, db, why, sizeof(why)) < 0) {
		util_warning("%s; playing without history", why);
		snprintf(p->unkept, sizeof(p->unkept), "%s", why);
		p->store = NULL;
		return;
	}
	memset(&sg, 0, sizeof(sg));
	front_spec_record(sg.spec, sizeof(sg.spec), p->spec, &p->rules);
	sg.nseats = p->nseats;
	for (i = 0; i < p->nseats; i++) {
		snprintf(sg.seat[i].name, sizeof(sg.seat[i].name), "%s",
			 p->name[i]);
		sg.seat[i].person = p->human[i];
		snprintf(sg.seat[i].strategy, sizeof(sg.seat[i].strategy), "%s",
			 p->strategy[i]);
	}
	sg.seed = p->seed;
	sg.manual_dice = p->manual;
	sg.started = play_now();
	snprintf(sg.front, sizeof(sg.front), "%s",
		 p->front != NULL ? p->front : "play");
	if (store_begin(p->store, &sg, why, sizeof(why)) < 0) {
		play_store_failed(p, why);
		return;
	}
	p->id = sg.id;
	/* Held while it is played: no other shutbox goes on with it. */
	store_claim_game(p->store, sg.id);
}

void
play_mark_over(struct play *p)
{
	char why[512];

	if (p->store == NULL || p->marked_over)
		return;
	p->marked_over = 1;
	if (store_finish(p->store, p->id, why, sizeof(why)) < 0)
		util_warning("%s", why);
}

/* ---------------------------------------------------------------------
 * Resuming a stored game
 */

/*
 * Replays the stored actions into the game as they were first made: the
 * dice generator rolls each random throw again and a random computer makes
 * each of its choices again, so that both are where they were, and each
 * must agree with the record.
 */
int
play_replay(struct play *p, const struct store_game *sg,
	    void (*told)(void *ctx, const struct shut_events *ev), void *ctx)
{
	struct shut_events ev;
	size_t i;

	for (i = 0; i < sg->nactions; i++) {
		const struct shut_action *a = &sg->action[i];
		struct shut_action kept;
		struct shut_throw t;
		int same = 1;

		if (a->kind == SHUT_ACT_THROW && !p->manual &&
		    p->g.need == SHUT_NEED_THROW) {
			memset(&t, 0, sizeof(t));
			p->dice.roll(p->dice.ctx, p->g.ndice, p->rules.faces,
				     &t);
			same = memcmp(&t, &a->thrown, sizeof(t)) == 0;
		} else
			same = play_random_again(p, &p->g, a);
		/* Kept with its roller, which records of the full screen
		 * before it booked one have as 0. */
		kept = *a;
		if (kept.kind != SHUT_ACT_LEAVE)
			kept.seat = p->g.turn;
		if (!same || shut_game_act(&p->g, a, told ? &ev : NULL) < 0)
			return util_fail("game %" PRId64 ": action %zu of the "
					 "record does not fit the game; it "
					 "cannot be resumed",
					 sg->id, i + 1);
		if (play_keep(p, &kept) < 0)
			return util_fail("out of memory");
		if (told != NULL)
			told(ctx, &ev);
	}
	return 0;
}

/*
 * Sets the seats up as the stored game had them.  A name read back is
 * shown escaped: a history written by another program may hold anything.
 */
static int
play_seats_of(struct play *p, const struct store_game *sg)
{
	struct front_text t;
	char name[64];
	int i, rc;

	p->nseats = sg->nseats;
	for (i = 0; i < sg->nseats; i++) {
		if (sg->seat[i].person)
			snprintf(name, sizeof(name), "person");
		else
			snprintf(name, sizeof(name), "cpu:%.40s",
				 sg->seat[i].strategy);
		if ((rc = play_seat(p, i, name)) != 0)
			return rc;
		front_text_init(&t, p->name[i], sizeof(p->name[i]));
		front_escaped(&t, sg->seat[i].name, strlen(sg->seat[i].name),
			      PLAY_NAME_MAX + 5);
	}
	return 0;
}

int
play_setup_stored(struct play *p, const struct store_game *sg)
{
	struct front_text t;
	char why[512];
	int rc;

	if (shut_rules_parse(&p->rules, sg->spec, why, sizeof(why)) < 0)
		return util_fail("game %" PRId64 ": its rules are refused: %s",
				 sg->id, why);
	/* Shown by the name of its rules, which reads back as the same. */
	front_text_init(&t, p->spec_buf, sizeof(p->spec_buf));
	front_spec_name(&t, sg->spec, &p->rules);
	p->spec = p->spec_buf;
	p->seed = sg->seed;
	p->manual = sg->manual_dice;
	p->id = sg->id;
	if ((rc = play_seats_of(p, sg)) != 0)
		return rc;
	if (shut_game_init(&p->g, &p->rules, p->nseats) < 0)
		return util_fail("game %" PRId64 " cannot be set up again",
				 sg->id);
	play_front_seats(p);
	/* A player the host of a table dropped is said so, wherever told. */
	for (int i = 0; i < sg->nseats; i++)
		p->seats.dropped[i] = sg->seat[i].dropped;
	return 0;
}

void
play_busy_line(char *buf, size_t len, int64_t id)
{
	snprintf(buf, len,
		 "game %" PRId64 " is being played by another shutbox now: go "
		 "on with it there",
		 id);
}

void
play_table_line(char *buf, size_t len, int64_t id)
{
	snprintf(buf, len,
		 "game %" PRId64 " is a table in the browser: shutbox serve on "
		 "this history goes on with it",
		 id);
}

/*
 * Says that game id is being played by another shutbox: into busy (the
 * setup screen's), else on standard error, for the id typed (id_text) or
 * the latest unfinished.
 */
static void
play_resume_busy(int64_t id, const char *id_text, char *busy, size_t busylen)
{
	if (busy != NULL)
		play_busy_line(busy, busylen, id);
	else if (id_text != NULL)
		util_fail("game %" PRId64 " is being played by "
			  "another shutbox: go on with it there, or "
			  "quit it there first",
			  id);
	else
		util_fail("game %" PRId64 ", the latest unfinished, "
			  "is being played by another shutbox: go on "
			  "with it there, or name another game "
			  "(shutbox history lists them)",
			  id);
}

/* The command that replays game id of history db, escaped, into shown. */
static void
play_history_command(char *shown, size_t len, const char *db, int64_t id)
{
	char command[UTIL_RESUME_MAX];
	struct front_text ft;

	util_game_command(command, sizeof(command), "history", db, id);
	front_text_init(&ft, shown, len);
	front_escaped(&ft, command, strlen(command), 0);
}

void
play_over_line(char *buf, size_t len, const char *db, int64_t id)
{
	char shown[2048];

	play_history_command(shown, sizeof(shown), db, id);
	snprintf(buf, len, "game %" PRId64 " is over; %s shows it", id, shown);
}

int
play_resumable(struct store *st, const char *db, int64_t id, char *why,
	       size_t len)
{
	struct store_game sg;
	char err[512];
	int ok = -1;

	memset(&sg, 0, sizeof(sg));
	if (store_load(st, id, &sg, err, sizeof(err)) < 0)
		snprintf(why, len, "%s", err);
	else if (sg.finished) {
		play_over_line(why, len, db, id);
		ok = -2;
	} else if (strcmp(sg.front, "serve") == 0)
		play_table_line(why, len, id);
	else if (store_game_playing(st, id)) {
		play_busy_line(why, len, id);
		ok = 0;
	} else
		ok = 1;
	store_game_release(&sg);
	return ok;
}

/* Whether the events of an action end the turn of seat (it played). */
static int
play_ends_turn(const struct shut_events *ev, int seat)
{
	for (int k = 0; k < ev->n; k++)
		if (ev->ev[k].kind == SHUT_EVENT_TURN_END ||
		    ev->ev[k].kind == SHUT_EVENT_LOSE ||
		    (ev->ev[k].kind == SHUT_EVENT_LEAVE &&
		     ev->ev[k].seat == seat))
			return 1;
	return 0;
}

int
play_turn_so_far(const struct play *p,
		 void (*tell)(void *ctx, const struct shut_game *g,
			      const struct shut_events *ev),
		 void *ctx)
{
	/* The game as it went, and as it was when the turn began. */
	static struct shut_game g, start;
	static struct shut_events ev;
	size_t i, from = 0;
	int seat;

	if (shut_game_init(&g, &p->rules, p->nseats) < 0)
		return -1;
	start = g;
	for (i = 0; i < p->nactions; i++) {
		seat = g.turn;
		if (shut_game_act(&g, &p->action[i], &ev) < 0)
			return -1;
		if (play_ends_turn(&ev, seat)) {
			from = i + 1;
			start = g;
		}
	}
	for (i = from; i < p->nactions; i++) {
		if (shut_game_act(&start, &p->action[i], &ev) < 0)
			return -1;
		tell(ctx, &start, &ev);
	}
	return (int)(p->nactions - from);
}

/*
 * Says that game id is over, with the command that replays it: into busy
 * (offered by the setup screen, it was unfinished then: another shutbox
 * finished it since), else on standard error.
 */
static void
play_resume_over(const struct play *p, int64_t id, char *busy, size_t busylen)
{
	char line[2560], shown[2048];

	if (busy != NULL) {
		play_history_command(shown, sizeof(shown), p->db, id);
		snprintf(busy, busylen,
			 "game %" PRId64 " was finished by another shutbox "
			 "since: %s shows it",
			 id, shown);
		return;
	}
	play_over_line(line, sizeof(line), p->db, id);
	util_fail("%s", line);
}

/*
 * Loads the game to resume (id_text, or the latest unfinished game when
 * NULL) from the history db and replays it.
 */
int
play_resume(struct play *p, const char *db, const char *id_text, char *busy,
	    size_t busylen)
{
	struct store_game sg;
	char why[512];
	int64_t id;
	int rc;

	/* No history: no game to resume, and none made. */
	rc = store_open_existing(&p->store, db, why, sizeof(why));
	if (rc < 0)
		return util_fail("%s", why);
	if (rc > 0)
		return util_fail("no game to resume: %s", why);
	if (id_text != NULL) {
		if ((rc = util_game_id("bad --resume:", id_text, &id)) != 0)
			return rc;
	} else {
		rc = store_latest_unfinished(p->store, &id, why, sizeof(why));
		if (rc < 0)
			return util_fail("%s", why);
		if (rc > 0)
			return util_fail("no unfinished game to resume in %s",
					 store_path(p->store));
	}
	memset(&sg, 0, sizeof(sg));
	if (store_load(p->store, id, &sg, why, sizeof(why)) < 0)
		return util_fail("%s", why);
	rc = CMD_EXIT_FAIL;
	/* The server goes on with its tables; two writers would clash. */
	if (!sg.finished && strcmp(sg.front, "serve") == 0) {
		play_table_line(why, sizeof(why), id);
		rc = util_error("play: %s", why);
		goto out;
	}
	if (!sg.finished) {
		/* Two shutboxes playing one game would write the same
		 * actions. */
		if (store_claim_game(p->store, id) != 0) {
			play_resume_busy(id, id_text, busy, busylen);
			goto out;
		}
		/* Read again once held: the other may have finished it and
		 * let go of it between the first read and the claim. */
		store_game_release(&sg);
		memset(&sg, 0, sizeof(sg));
		if (store_load(p->store, id, &sg, why, sizeof(why)) < 0) {
			util_fail("%s", why);
			goto out;
		}
	}
	if (sg.finished) {
		play_resume_over(p, id, busy, busylen);
		goto out;
	}
	if ((rc = play_setup_stored(p, &sg)) != 0)
		goto out;
	play_dice(p);
	if ((rc = play_replay(p, &sg, NULL, NULL)) != 0)
		goto out;
	p->resumed = 1;
	rc = 0;
out:
	store_game_release(&sg);
	return rc;
}

int
play_resume_values(const char *spec, const char *seed, const char *dice,
		   struct shut_rules *r, uint64_t *v)
{
	int rc;

	if (dice != NULL && strcmp(dice, "random") != 0 &&
	    strcmp(dice, "manual") != 0)
		return util_error("bad --dice: %s: use random or manual",
				  util_shown(dice));
	if (seed != NULL && (rc = play_seed(v, seed)) != 0)
		return rc;
	if (spec != NULL && util_rules(spec, r) < 0)
		return CMD_EXIT_USAGE;
	return 0;
}

int
play_resume_agrees(const struct play *p, const struct shut_rules *rules,
		   const char *players, const uint64_t *seed, const char *dice)
{
	const char *differs = NULL;
	char given[1024], own[1024];
	int rc, same = 1;

	if (rules != NULL) {
		shut_rules_print(rules, given, sizeof(given));
		shut_rules_print(&p->rules, own, sizeof(own));
		if (strcmp(given, own) != 0)
			differs = "--rules";
	}
	if (players != NULL && (rc = play_players_same(p, players, &same)) != 0)
		return rc;
	if (differs == NULL && players != NULL && !same)
		differs = "--players";
	if (differs == NULL && seed != NULL && *seed != p->seed)
		differs = "--seed";
	if (differs == NULL && dice != NULL &&
	    (strcmp(dice, "manual") == 0) != p->manual)
		differs = "--dice";
	if (differs != NULL)
		return util_error("play: --resume: game %" PRId64 " was set up "
				  "otherwise, and keeps its own %s; leave out "
				  "%s",
				  p->id, differs + 2, differs);
	return 0;
}
