/*
 * store.h - the history of games, in an SQLite database.
 * (Interface; the implementation is store.c, store_read.c, place.c and
 * record.c.)
 */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>
#include <stdint.h>

#include "shutbox.h"

#define STORE_NAME_BYTES 176

struct store;

struct store_seat {
	char name[STORE_NAME_BYTES];
	int person;
	char strategy[32];
	int handed;  /* a computer played on for the person (store_seat_handed)
		      */
	int dropped; /* the table's host dropped the player
			(store_seat_dropped) */
};

struct store_game {
	int64_t id;
	char spec[512];
	int nseats;
	struct store_seat seat[SHUT_SEATS_MAX];
	uint64_t seed;
	int manual_dice;
	int64_t started;
	int finished;
	/*
	 * The front end that made it: "play" (the terminal games), "serve"
	 * (a table in the browser, which only the server goes on with), or ""
	 * when a history opened read-only is too old to say.
	 */
	char front[16];
	size_t nactions;
	struct shut_action *action;
	int64_t *action_time;
};

/*
 * store_open() opens the history at path (NULL: the default file, as
 * shutbox play chooses it), making it and its folders when there is none,
 * and brings an older one up to date.  Returns 0, or -1 with the reason in
 * why.
 *
 * store_open_existing() does the same for a command that reads the
 * history (history, stats), but makes nothing: when there is no file at
 * the path, it makes neither the file nor its folders and returns 1, with
 * "no history at PATH" in why.  (An older file is still brought up to
 * date, which writes to it.)  store_open_listing() is the same, but opens
 * a file up to date that this user may only read as store_open_read()
 * does, for history and stats (play --resume refuses it, as before).
 *
 * store_open_read() opens the history read-only, for reading games back:
 * it never writes, not even to bring an older file up to date, and refuses
 * a file that holds no games yet.  Returns 0, 1 as store_open_existing()
 * when there is no file, or -1 with the reason in why.
 */
int store_open(struct store **sp, const char *path, char *why, size_t whylen);
int store_open_existing(struct store **sp, const char *path, char *why,
			size_t whylen);
int store_open_listing(struct store **sp, const char *path, char *why,
		       size_t whylen);
int store_open_read(struct store **sp, const char *path, char *why,
		    size_t whylen);
const char *store_path(const struct store *s);
void store_close(struct store *s);
/*
 * store_manual_checkpoints() stops s's commits from copying the
 * write-ahead log back into the database when it has grown (SQLite's
 * automatic checkpoint, which waits for the disk inside a commit), for a
 * program that calls store_checkpoint() from a thread of its own instead.
 * store_checkpoint() copies back what no reader still needs, without
 * holding up the writers of other connections.
 */
void store_manual_checkpoints(struct store *s);
void store_checkpoint(struct store *s);
int store_begin(struct store *s, struct store_game *g, char *why,
		size_t whylen);
int store_append(struct store *s, int64_t id, size_t index,
		 const struct shut_action *a, int64_t time_ms, char *why,
		 size_t whylen);
/*
 * Claims game id for this store, so that no other shutbox (nor another
 * table of this server) goes on with it while it plays (place.c): 0, or
 * 1 when another is playing it.  The claim goes with store_close().
 */
int store_claim_game(struct store *s, int64_t id);
/* Whether another plays game id now (has claimed it; not s): 1 or 0. */
int store_game_playing(struct store *s, int64_t id);
/*
 * Keeps the first n actions of game id (a take-back): a game finished is
 * then unfinished, its result let go, in one transaction.
 */
int store_truncate(struct store *s, int64_t id, size_t n, char *why,
		   size_t whylen);
int store_finish(struct store *s, int64_t id, char *why, size_t whylen);
int store_load(struct store *s, int64_t id, struct store_game *g, char *why,
	       size_t whylen);
/*
 * The latest unfinished game that play can resume (one of play's own):
 * 0 with its id, 1 when there is none, -1 with the reason in why.
 */
int store_latest_unfinished(struct store *s, int64_t *id, char *why,
			    size_t whylen);
void store_game_release(struct store_game *g);

/*
 * A setting kept in the history (the full-screen game's last setup):
 * store_setting_get() copies the value of key into buf and returns 0, 1
 * when there is none, -1 on error; store_setting_set() returns 0 or -1.
 */
int store_setting_get(struct store *s, const char *key, char *buf, size_t len,
		      char *why, size_t whylen);
int store_setting_set(struct store *s, const char *key, const char *value,
		      char *why, size_t whylen);

/*
 * Marks seat of game id as one a computer played on for, its person's
 * seat handed over (a table's host's choice): its result is then the
 * person's no more (the history says so; stats leave it out).  Returns 0
 * or -1.
 */
int store_seat_handed(struct store *s, int64_t id, int seat, char *why,
		      size_t whylen);

/*
 * Marks seat of game id as one whose player the table's host dropped: the
 * history says so, where it would say that the player left.  Returns 0 or
 * -1.
 */
int store_seat_dropped(struct store *s, int64_t id, int seat, char *why,
		       size_t whylen);

/*
 * Gives game id to another front end ("play", "serve"): a browser table
 * put away by the server becomes a game the terminal game may go on with.
 * Returns 0 or -1.
 */
int store_set_front(struct store *s, int64_t id, const char *front, char *why,
		    size_t whylen);

/*
 * The ids of the latest games, newest first: at most cap of them (all when
 * cap is 0) in a malloc'ed array the caller frees.  Returns the count, or
 * -1 with the reason in why.
 */
long store_games(struct store *s, size_t cap, int64_t **ids, char *why,
		 size_t whylen);

/* One seat's result in one finished game, as store_results() gives it. */
struct store_result {
	int64_t game;
	int64_t started;
	const char *spec;
	const char *name;
	int person;
	const char *strategy;
	int handed; /* a computer played on for the person */
	int seats;  /* the game's, 1 for solitaire */
	int64_t total;
	int winner;
	int rank;
	int64_t cents; /* won or lost with the stake, 0 without one */
	int64_t turns, shuts;
	int64_t best, scored; /* best turn score, sum of turn scores */
};

/*
 * Calls fn for the result of each seat of each finished game, oldest game
 * first, seats in order; a non-zero return from fn stops the walk and is
 * returned.  The strings live until fn returns.  Returns 0, fn's value, or
 * -1 with the reason in why.
 */
int store_results(struct store *s,
		  int (*fn)(void *ctx, const struct store_result *r), void *ctx,
		  char *why, size_t whylen);

/*
 * A stored game through the library (record.c): store_game_start() parses
 * its rules into *r and starts *g as the game began, with none of its
 * actions applied; store_game_replay() applies them all as well.  Each
 * returns 0, or -1 when the record does not replay (a damaged row).
 */
int store_game_start(const struct store_game *sg, struct shut_rules *r,
		     struct shut_game *g);
int store_game_replay(const struct store_game *sg, struct shut_rules *r,
		      struct shut_game *g);

/*
 * What a seat did in a finished game, worked out from its actions.  A
 * turn counts when it ended (its turn-end event): a turn the player left
 * before it was scored is none, as the library counts it (struct
 * shut_seat's turns) but a player's figures must not.
 */
struct store_figures {
	uint64_t best, scored; /* best turn score, sum of turn scores */
	int64_t cents;	       /* won less the stake, 0 without one */
	int64_t turns;
};

/*
 * Replays sg into *g (record.c), gathering each seat's figures into
 * f[SHUT_SEATS_MAX] from the events.  Returns 0, or -1 when the record
 * does not replay to the game's end.  Not reentrant (its events are
 * static, as store_finish()'s game is): the server's threads call it
 * under serve_store_lock.
 */
int store_game_figures(const struct store_game *sg, struct shut_game *g,
		       struct store_figures *f);

#endif
