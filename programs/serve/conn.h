/*
 * conn.h - a WebSocket connection of "shutbox serve" and the frames written
 * to it, shared by ws.c (the connections and their messages), again.c (the
 * next game with the same players) and send.c (the writing).
 */
#ifndef SHUTBOX_SERVE_CONN_H
#define SHUTBOX_SERVE_CONN_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct mg_connection;

struct ws_frame;

struct ws_conn {
	pthread_mutex_t lock;	  /* guards mc, sent and the queue */
	struct mg_connection *mc; /* NULL until the handshake, and closed */
	unsigned long sent;	  /* the last state of its table sent */
	int refs;		  /* its own thread, frames (list lock) */
	/*
	 * Its writer (ws_writer()), a thread that alone writes to it, and the
	 * frames queued for it, in order (under its lock).  Without one (no
	 * thread could be had), frames are written by the thread that made
	 * them.
	 */
	pthread_t writer;
	pthread_cond_t more; /* a frame queued, or quit */
	pthread_cond_t room; /* a frame taken from the queue */
	int has_writer, quit;
	int bye;     /* told the server stops: no frame after that one */
	int bye_out; /* its writer has written (or let go) that one */
	struct ws_frame *q;
	int nq, capq;
	/*
	 * Written by its own thread, under its lock and the list's; seats
	 * and handed also by another, under the list's lock and its
	 * table's, when a computer takes a seat or the host drops one
	 * (ws_unseat()).
	 */
	int64_t table;	/* 0: at no table */
	unsigned seats; /* bit i: seat i is its (0: watching) */
	/*
	 * Seats of its table a computer or the host's drop took from it:
	 * its at the next game.
	 */
	unsigned handed;
	int host;
	/* Its own thread's only: */
	char refused[100]; /* turned away at a cap: why ("": let in) */
	double tokens;	   /* messages it may send now */
	int fragments;	   /* in a message sent in fragments, refused */
	int64_t last_ms;
	char addr[48];
};

/*
 * The most frames queued for a connection's writer: states coalesce, so
 * only replies to its own messages (at most SERVE_RATE_BURST at once) and
 * notes fill it; past it, a client that does not read loses frames.
 */
#define WS_QUEUE_MAX 128

/* Room before a state's text for its WebSocket frame's header. */
#define WS_HEAD 10

/*
 * One frame to write: a state when seq > 0, else a reply.  A state's text
 * has WS_HEAD bytes of room before it, so that the frame goes out in one
 * write: civetweb's mg_websocket_write() writes the header and the text
 * apart, two packets where one will do.
 */
struct ws_frame {
	struct ws_conn *c;
	char *text; /* a state's: WS_HEAD bytes into what was allocated */
	int64_t table;
	unsigned long seq;
	unsigned seats; /* a state: the client's seats and host token */
	int host;
	int held; /* a ref on c was taken for it */
	int bye;  /* the close frame of a stop (ws_going_away()), no text */
};

/* The frames made under a table's lock, to write after it. */
struct ws_out {
	struct ws_frame *f;
	int n, cap;
};

/* Lets c go: freed when its last holder does (refs, under the list lock). */
void ws_put(struct ws_conn *c);

/* Room for one frame more in out; NULL when memory ran out. */
struct ws_frame *ws_out_add(struct ws_out *out);

/* A reply to c, from c's own thread; text is freed (NULL: no memory). */
void ws_reply(struct ws_out *out, struct ws_conn *c, char *text);

/* An error reply to c, from c's own thread, saying why. */
void ws_error(struct ws_out *out, struct ws_conn *c, const char *why);

/*
 * Queues frame f, due to its connection (locked), for the connection's
 * writer: 0 when queued; else the caller lets it go (1: a state older than
 * one queued; -1: the queue is full).
 */
int ws_queue(struct ws_conn *c, const struct ws_frame *f);

/*
 * Hands the frames of out to their connections' writers, in order (or,
 * for a connection without one, writes them), and lets them go.
 */
void ws_flush(struct ws_out *out);

/* Starts c's writer; without one, frames are written where they are made. */
void ws_writer_start(struct ws_conn *c);

/* Stops c's writer and waits for it: nothing is left queued. */
void ws_writer_stop(struct ws_conn *c);

/* Writes the close frame of a stop to mc: status 1001 and why. */
void ws_going_away(struct mg_connection *mc);

/* ---------------------------------------------------------------------
 * Between ws.c and again.c
 */

struct table;
struct json_t;

/*
 * Every client of table t (locked) gets its new state in out: the state
 * is made once, and each client's copy differs only by its seats and
 * whether it is the host.
 */
void ws_broadcast(struct table *t, struct ws_out *out);

/*
 * The address the server printed, for the links of a page opened on this
 * computer itself; "" until it is known.
 */
const char *ws_origin(void);

/* Every page at table t (locked) goes on to its next game. */
void ws_moved(struct ws_out *out, const struct table *t);

/*
 * Whether a page at table t still open is one whose player the host
 * dropped from seat i (it watches since: ws_unseat()).
 */
int ws_dropped_here(const struct table *t, int i);

/*
 * What sends connection c at table t (locked) on to its next game
 * (again.c), at the same seats, or NULL when memory ran out.
 */
struct json_t *ws_moved_msg(const struct ws_conn *c, const struct table *t);

/*
 * Another game with the same players (again.c), asked by client c, the
 * host of table t (locked), once its game is over: every page at t goes
 * on to it.  Anything else is refused with an error reply.
 */
void ws_again(struct ws_out *out, struct ws_conn *c, struct table *t);

#endif
