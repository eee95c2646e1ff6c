/*
 * serve.h - "shutbox serve": tables in the browser.
 *
 * The server is the referee of every table: it holds each table's game as
 * a struct play (play.h), rolls the dice, checks every action with the
 * library and books it with play_book() into the history, as the terminal
 * games do.  Clients speak JSON over a WebSocket; the browser client in
 * web/ is served as static files.
 *
 * The parts, one file each:
 *   proto.c   the messages: a client's parsed strictly (pure, fuzzed),
 *             the server's built as JSON
 *   table.c   the tables: made, joined, played, paced
 *   keep.c    what a table keeps in the history; tables brought back
 *   kept.c    those settings as text, read back strictly (pure, fuzzed)
 *   memory.c  the memory of the tables' solvers (--memory-all)
 *   hint.c    a hint, ranked on a thread of its own
 *   log.c     a table's log, in the front-end layer's words
 *   state.c   a table's state, as JSON
 *   ws.c      the connections: limits, dispatch, broadcasts
 *   again.c   the next game with the same players
 *   send.c    what is written to a connection, by its writer thread
 *   http.c    the QR codes of links, as pictures
 *   serve.c   the command: options, the web folder, civetweb, the QR code
 *
 * Locks: each table has its own (struct table's lock), held while its
 * game is read or changed and its state is made; serve_list_lock guards
 * only the lists of tables and connections and is held for moments; the
 * history's writes take serve_store_lock.  Frames are made under a
 * table's lock and written to the sockets after it is let go (ws.c), so a
 * slow socket never holds a table.  The order, when more than one is
 * held: a table's lock, then a connection's, then the list's; the
 * store's is taken under a table's and takes none.  What was left out on
 * purpose: TLS (a table is for one room; put a proxy in front
 * to go further), accounts (a seat is its token), and chat.
 */
#ifndef SERVE_H
#define SERVE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "play.h"

struct json_t;

/* The most seats at a table made in the browser. */
#define SERVE_SEATS 12

/* A seat token: 32 hex digits (128 bits from the system's generator). */
#define SERVE_TOKEN 33
/* The longest --url, in characters. */
#define SERVE_URL_MAX 200
/* The longest message a client may send, in bytes. */
#define SERVE_MSG_MAX 4096
/* Messages a connection may send: a burst, then so many a second. */
#define SERVE_RATE_BURST 40
#define SERVE_RATE_PER_S 20
/* The lines of the table's log kept and sent. */
#define SERVE_LOG  40
#define SERVE_LINE 256
/* The lines of how a turn ended: no move, the tiles left, score, out. */
#define SERVE_ENDED 5

/* ---------------------------------------------------------------------
 * Messages from a client (proto.c)
 */

enum serve_kind {
	SERVE_CATALOG, /* the presets, keys and strategies, for the form */
	SERVE_CREATE,  /* a new table */
	SERVE_JOIN,    /* take a seat by its token, or watch */
	SERVE_DICE,    /* the dice count to throw */
	SERVE_ROLL,    /* throw the dice */
	SERVE_MOVE,    /* shut these tiles */
	SERVE_HINT,    /* the solver's ranking of the choices now */
	SERVE_LEAVE,   /* the client's seat leaves the game */
	SERVE_REPLACE, /* host: a computer takes the seat */
	SERVE_DROP,    /* host: the seat leaves the game */
	SERVE_AGAIN,   /* host: another game with the same players */
	SERVE_KINDS
};

struct serve_seat_msg {
	char name[PLAY_NAME_BYTES + 1];
	char cpu[32]; /* "" for a person, else a strategy's name */
};

struct serve_msg {
	enum serve_kind kind;
	int64_t table;
	char token[SERVE_SEATS][SERVE_TOKEN]; /* JOIN: the seats taken */
	int ntokens;			      /* 0 to watch */
	/* JOIN: the tokens of seats its page held before a computer took
	 * them or the host dropped their player (ws_join()). */
	char former[SERVE_SEATS][SERVE_TOKEN];
	int nformer;
	char host[SERVE_TOKEN]; /* "" when not the host */
	char rules[512];
	int nseats;
	struct serve_seat_msg seat[SERVE_SEATS];
	int hints;
	int count; /* DICE: the dice; LEAVE, REPLACE, DROP: the seat */
	uint32_t move;
	/*
	 * DICE, ROLL, MOVE: the seq of the state the step was sent from, -1
	 * when not given.  A step sent from a state the table has left
	 * (another device of the seat acted first) is moot: not made.
	 */
	long seen;
};

/*
 * Parses the len bytes at text as a client's message: a JSON object whose
 * "type" names the kind and whose other keys are exactly the kind's (none
 * missing, none more), each of its type and within its bounds.  Returns
 * 0, or -1 with one line in why naming the problem.  Pure: no I/O, no
 * state, no allocation left behind.
 */
int proto_parse(const char *text, size_t len, struct serve_msg *m, char *why,
		size_t whylen);

/* The name of a kind of message, as "type" spells it. */
const char *proto_kind_name(enum serve_kind k);

/* ---------------------------------------------------------------------
 * The settings a table keeps in the history (kept.c)
 */

struct serve_kept {
	char host[SERVE_TOKEN];
	char token[SERVE_SEATS][SERVE_TOKEN]; /* "": a computer's seat */
	int hints, away;
	unsigned char replaced[SERVE_SEATS]; /* a computer took it over */
	unsigned char dropped[SERVE_SEATS];  /* the host dropped its player */
	unsigned joined;		     /* the seats a page has held */
	/* The next game's table, or 0, and what pages late for it are sent
	 * on with: its seat j is this table's again_from[j]. */
	int64_t again;
	int again_n;
	char again_token[SERVE_SEATS][SERVE_TOKEN];
	int again_from[SERVE_SEATS];
	char again_host[SERVE_TOKEN];
};

/*
 * serve_kept_text() is the settings k of a table of nseats seats as text,
 * to free(), or NULL out of memory.  serve_kept_read() reads the len
 * bytes at text back for a table of nseats seats: 0, or -1 (k zeroed)
 * when they are not settings of such a table, every field checked (a key
 * unknown, missing or twice, a token not of 32 hex digits, a count of
 * seats not nseats, a seat out of range).  Both pure.
 */
char *serve_kept_text(const struct serve_kept *k, int nseats);
int serve_kept_read(const char *text, size_t len, int nseats,
		    struct serve_kept *k);

/*
 * The server's messages, as JSON text that the caller frees: an error
 * naming the problem; the catalog of rules and strategies.  NULL when
 * memory ran out.
 */
char *proto_error(const char *why);

/*
 * The error of a step not made because the table moved on from the state
 * it was sent from: {"type": "error", "error": why, "moot": true}.  The
 * page need not show it: the newer state says what happened.
 */
char *proto_moot(const char *why);
char *proto_catalog(void);

/* ---------------------------------------------------------------------
 * Tables (table.c)
 */

struct table {
	pthread_mutex_t lock; /* all below but those of the list lock */
	int refs;	      /* holders (serve_list_lock) */
	int gone;	    /* out of the list: freed at no refs (list lock) */
	int over;	    /* its game has ended (list lock) */
	size_t weight;	    /* its solvers' bytes at most, held (list lock) */
	int conns;	    /* connections at it (list lock) */
	int64_t alone_ms;   /* since when it has had none (list lock) */
	char made_by[48];   /* the address that made it ("": brought back) */
	int away;	    /* put away for a new table: not brought back */
	unsigned long sent; /* states broadcast so far */
	int64_t id;	    /* the game's id in the history: its name */
	/* The game; p.seats.dropped: the players the host made leave. */
	struct play p;
	char token[SERVE_SEATS][SERVE_TOKEN];
	char host[SERVE_TOKEN];
	int hints;
	int replaced[SERVE_SEATS]; /* a person's seat taken by a computer */
	/* A seat's token before a computer took it or its player was
	 * dropped, so that its page, back, is told which (not kept). */
	char old_token[SERVE_SEATS][SERVE_TOKEN];
	unsigned joined; /* seats a page has held, ever (kept) */
	int64_t next_ms; /* when a computer may act next */
	char log[SERVE_LOG][SERVE_LINE];
	char log_head[SERVE_LOG]; /* its line heads a turn */
	int nlog, log_at;	  /* lines kept, the next to write */
	unsigned long said;	  /* lines written since the table opened */
	int headed;		  /* the log heads the turn of head_seat ... */
	int head_seat;
	long head_turns; /* ... after head_turns turns played */
	char events[8][SERVE_LINE];
	int nevents;
	/* The turn now has thrown (its dice are the game's last throw); the
	 * last turn has ended and no other begun (turn_over). */
	int threw, turn_over;
	/*
	 * How the last turn ended, for the state while no other has begun
	 * (turn_over): the lines of its end (no move for the throw, the box
	 * shut, the tiles left open, its score: log.c).  Its seat is the game's
	 * last_seat, and its last throw, when it threw, the game's last_throw.
	 */
	int nended;
	char ended[SERVE_ENDED][SERVE_LINE];
	unsigned long seq; /* changes so far, sent with every state */
	char *rules_words; /* the rules in words, made with the table */
	char rules_name[512];
	char alert[SERVE_LINE]; /* shown to all at the table: "" for none */
	int64_t again;		/* the table of the next game, or 0 */
	/*
	 * That table's seat tokens and host token, for a page that comes
	 * late to go on to it (again.c): its seat j is this table's seat
	 * again_from[j], whose name it has (a player who left, or whom the
	 * host dropped, has no seat there), again_n seats in all.
	 */
	char again_token[SERVE_SEATS][SERVE_TOKEN];
	int again_from[SERVE_SEATS];
	int again_n;
	char again_host[SERVE_TOKEN];
};

/* What the server was started with, for every table. */
struct serve_config {
	const char *db;	 /* the history, NULL for the default */
	int pace_ms;	 /* between two actions of a computer */
	int max_tables;	 /* tables in memory at once */
	int64_t idle_ms; /* a table with nobody at it so long may be put away */
	int max_conns;	 /* WebSocket connections at once */
	int max_per_ip;	 /* of them from one address */
	size_t max_bytes; /* --memory: what each solver of a table may take */
	/*
	 * --memory-all: what the solvers of every table not finished may
	 * take together, by their weights (memory.c).
	 */
	size_t max_all_bytes;
	/*
	 * --tables-per-address: tables not finished that one address may have
	 * made at once, so that one client cannot take every table.
	 */
	int tables_per_addr;
	/*
	 * --gone: the seconds a connection may answer nothing, pings
	 * included, before it is closed and its seat shown offline.
	 */
	int gone_s;
	const char *url; /* --url: the address to open, or NULL to guess it */
	/*
	 * The address to open, as printed (--url, or from the address
	 * listened on): for the links of a page opened on this computer
	 * itself.  Set once the port is known, while pages may already ask.
	 */
	_Atomic(const char *) base;
};

/*
 * fn(arg) on a thread of the system's stack size, waited for: a civetweb
 * thread has a stack of 100 KiB, of which civetweb itself may take some
 * 35 KiB, so what may go deep (a table made, a hint's ranking, which may
 * solve a turn of the player to win) goes apart.  0, or -1 when no thread
 * could be had.
 */
int serve_apart(void *(*fn)(void *), void *arg);

extern pthread_mutex_t serve_list_lock;
extern pthread_mutex_t serve_store_lock;
extern struct serve_config serve_config;

/* The memory a table's solver may take by default (--memory), in MiB. */
#define SERVE_MEMORY_MIB 512

/* The time now, in milliseconds (monotonic). */
int64_t serve_now(void);

/*
 * A new table from message m: rules, seats and hints checked, the record
 * begun in the history, a token made for each seat and for the host.
 * Returns the table, held as table_find() holds one, or NULL with one line
 * in why.
 */
struct table *table_create(const struct serve_msg *m, const char *addr,
			   char *why, size_t whylen);

/*
 * The table of that id, in memory, or NULL.  The caller holds it (it is
 * not freed, though it may leave the list) until table_put(); its lock is
 * not taken.
 */
struct table *table_find(int64_t id);
void table_put(struct table *t);

/*
 * Every table now, held as table_find() holds one, in a list the caller
 * frees after table_put() of each; -1 when memory ran out.
 */
int table_all(struct table ***list);

/*
 * Under serve_list_lock: a connection left table from for table to (0 for
 * none, either), so that a table knows how long it has had nobody at it.
 */
void table_visit_locked(int64_t from, int64_t to);

/* The seat whose token is token, -1 for none. */
int table_seat_of(const struct table *t, const char *token);

/*
 * The action of message m (DICE, ROLL, MOVE, LEAVE, REPLACE, DROP) made
 * for seat at table t, the host's when host.  Returns 0 when it was made,
 * else -1 with why: a refusal in the front-end layer's words, the game
 * unchanged.
 */
int table_act(struct table *t, int seat, int host, const struct serve_msg *m,
	      char *why, size_t whylen);

/* The most choices a table's hint gives. */
#define TABLE_HINT_CHOICES 8

/*
 * The hint message for the seat to play at table t (locked), the choices
 * best first: {"type": "hint", "text": the lines of the plain game's
 * hint, "choices": [{"choice": "3+5", "figures": [{"value": "37.0%",
 * "words": "to shut"}, ...]}, ...], "note": a line while the chances of
 * winning are being worked out, saying to ask again}; while the odds themselves
 * are, no text, no choices and a note that says so; NULL with why when there is
 * none.
 */
struct json_t *table_hint(struct table *t, char *why, size_t whylen);

/*
 * Makes the computer's action at table t (locked) when one is due, at the
 * configured pace; returns 1 when it made one.
 */
int table_step(struct table *t, int64_t now);

/*
 * The memory of the tables' solvers (memory.c): a table's weight (the
 * most its solvers may take), held for t within --memory-all (always with
 * force: a table brought back; -1, holding nothing, when it does not fit)
 * and given back; and why a table of weight w does not fit, in why.
 */
size_t table_weight(const struct play *p, int hints);
int table_hold(struct table *t, size_t w, int force);
void table_unhold(struct table *t);
void table_busy(size_t w, char *why, size_t whylen);

/*
 * The state of table t as a JSON object (state.c), online[] whether each
 * seat has a client; the caller adds "you", "yours" and "host" for each
 * client, and frees it (json_decref()).  NULL when memory ran out.
 */
struct json_t *table_state(struct table *t, const int *online);
void table_rules_words(struct table *t);

/*
 * The log of a table (log.c).  table_say() adds each line of text to the
 * log and to the latest events, marked as a turn's heading with head;
 * table_events() tells an action's events in the front-end layer's words,
 * and heads the turn that follows; table_opening() tells the rules as the
 * first lines of a table's log, with how a computer plays where it does
 * not as asked (play_seat()'s notice), and heads its first turn.
 */
void table_say(struct table *t, const char *text, int head);
void table_events(struct table *t, const struct shut_events *ev);
void table_opening(struct table *t);
/* The log's line of a seat handed to the computer (the host's replace). */
void table_say_computer(struct table *t, int seat);

/*
 * Inside the tables (table.c), for keep.c: a table of no game yet, its
 * lock ready (NULL when memory ran out), and freed with its solvers; the
 * dice of its game; its game over, its record closed; room for one table
 * more, promised (0; -1 when the server is full; -2 when the caller's
 * address holds too many), a table let go or put away for it when evict
 * is set; and the room taken by t, or given back when t is NULL.
 */
struct table *table_new(void);
void table_free(struct table *t);
void table_dice(struct play *p);
void table_over(struct table *t);
int table_room(int evict, const char *addr);
void table_enlist(struct table *t, const char *addr);

/*
 * What a table keeps in the history (keep.c): in its settings, its
 * tokens, hints and computer seats, and whether it was put away; a table
 * put away given up to the terminal game ("shutbox play --resume"); and a
 * seat handed to the computer, or whose player the host dropped, marked so
 * in the game's record.
 */
void table_keep(struct table *t);
void table_give_up(struct table *t);
void table_handed(struct table *t, int seat);
void table_dropped(struct table *t, int seat);

/* Brings back the unfinished tables of the history; returns how many. */
int table_restore(void);

/* Frees every table. */
void table_free_all(void);

/* ---------------------------------------------------------------------
 * Plain HTTP (http.c)
 */

struct mg_context;

/* The QR code of text as an SVG picture (caller frees), or NULL. */
char *http_qr_svg(const char *text);

/* Registers /qr.svg?u=TEXT: the QR code of TEXT. */
void http_start(struct mg_context *ctx);

/* ---------------------------------------------------------------------
 * Connections (ws.c)
 */

/* Registers the WebSocket handler at /ws. */
void ws_start(struct mg_context *ctx);

/* Makes the computers' actions that are due and sends the new states. */
void ws_tick(void);

/*
 * Sends every connection a close frame saying that the server is stopping,
 * so that its page closes it at once (see serve.c, Stopping).
 */
void ws_goodbye(void);

#endif
