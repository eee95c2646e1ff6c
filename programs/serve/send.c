/*
 * send.c - what "shutbox serve" writes to its WebSocket connections: the
 * frames made under a table's lock and written after it, and each
 * connection's writer, a thread of its own that alone writes to its socket.
 *
 * A connection's frames are handed to its writer in order (ws_flush()) and
 * written by it without the connection's lock, so that a socket slow to
 * take them, or a client that never reads, holds up its own writer alone:
 * never a table, nor the computers' pace, which one thread keeps for every
 * table.  Its queue holds one state at most (a newer one lets the older
 * go; an older one is let go itself) and at most WS_QUEUE_MAX other frames:
 * a reply to the client's own message waits for room, holding up only the
 * client's own thread; another thread's frame past that is dropped.
 */
#include <stdlib.h>
#include <string.h>

#include <civetweb.h>

#include "serve/conn.h"
#include "serve/serve.h"

void
ws_put(struct ws_conn *c)
{
	int last;

	pthread_mutex_lock(&serve_list_lock);
	last = --c->refs == 0;
	pthread_mutex_unlock(&serve_list_lock);
	if (last) {
		pthread_cond_destroy(&c->room);
		pthread_cond_destroy(&c->more);
		pthread_mutex_destroy(&c->lock);
		free(c->q);
		free(c);
	}
}

/* Room for one frame more; NULL when memory ran out. */
struct ws_frame *
ws_out_add(struct ws_out *out)
{
	if (out->n == out->cap) {
		int cap = out->cap ? 2 * out->cap : 8;
		struct ws_frame *f = realloc(out->f, sizeof(*f) * (size_t)cap);

		if (f == NULL)
			return NULL;
		out->f = f;
		out->cap = cap;
	}
	memset(&out->f[out->n], 0, sizeof(out->f[0]));
	return &out->f[out->n++];
}

/* A reply to c, from c's own thread; text is freed (NULL: no memory). */
void
ws_reply(struct ws_out *out, struct ws_conn *c, char *text)
{
	struct ws_frame *f = text != NULL ? ws_out_add(out) : NULL;

	if (f == NULL) {
		free(text);
		return;
	}
	f->c = c;
	f->text = text;
}

void
ws_error(struct ws_out *out, struct ws_conn *c, const char *why)
{
	ws_reply(out, c, proto_error(why));
}

/* Whether frame f is still to be sent to its connection (locked). */
static int
ws_due(const struct ws_frame *f)
{
	const struct ws_conn *c = f->c;

	if (c->mc == NULL)
		return 0;
	if (f->bye)
		return 1;
	if (c->bye || f->text == NULL)
		return 0;
	return f->seq == 0 || (c->table == f->table && f->seq > c->sent);
}

/* Writes state text of len bytes, with WS_HEAD bytes before it free. */
static void
ws_write_state(struct mg_connection *mc, char *text, size_t len)
{
	unsigned char *h;
	size_t n;
	int i;

	if (len < 126) {
		h = (unsigned char *)text - 2;
		h[1] = (unsigned char)len;
	} else if (len < 65536) {
		h = (unsigned char *)text - 4;
		h[1] = 126;
		h[2] = (unsigned char)(len >> 8);
		h[3] = (unsigned char)len;
	} else {
		h = (unsigned char *)text - 10;
		h[1] = 127;
		for (i = 0; i < 8; i++)
			h[2 + i] =
			    (unsigned char)((uint64_t)len >> (56 - 8 * i));
	}
	h[0] = 0x80 | MG_WEBSOCKET_OPCODE_TEXT; /* the final frame */
	n = len + (size_t)((unsigned char *)text - h);
	mg_lock_connection(mc);
	mg_write(mc, h, n);
	mg_unlock_connection(mc);
}

/* Lets frame f go: its text, and its hold on its connection. */
static void
ws_frame_free(struct ws_frame *f)
{
	free(f->text != NULL && f->seq > 0 ? f->text - WS_HEAD : f->text);
	if (f->held)
		ws_put(f->c);
}

/* Writes frame f to mc, when it is still due (c locked), and marks it. */
static struct mg_connection *
ws_take(struct ws_frame *f)
{
	struct ws_conn *c = f->c;

	if (!ws_due(f))
		return NULL;
	if (f->seq > 0)
		c->sent = f->seq;
	return c->mc;
}

static void
ws_write(struct mg_connection *mc, struct ws_frame *f)
{
	if (f->bye)
		ws_going_away(mc);
	else if (f->seq > 0)
		ws_write_state(mc, f->text, strlen(f->text));
	else
		mg_websocket_write(mc, MG_WEBSOCKET_OPCODE_TEXT, f->text,
				   strlen(f->text));
}

/*
 * Queues frame f for its connection's writer (c locked), a state due to it
 * (of the table it is at).  A state lets go the states queued before it,
 * which it holds all of (those of another table can never be due), unless
 * one queued is as new as it: then it is f that is let go, as a state
 * older than one queued.  So a queue holds one state at most.  0 when f
 * was queued; else the caller lets it go: 1 for a state older than one
 * queued, -1 when the queue is full (a client that does not read), whose
 * later states will say what it missed.
 */
int
ws_queue(struct ws_conn *c, const struct ws_frame *f)
{
	int i, j;

	if (f->seq > 0) {
		for (i = 0; i < c->nq; i++)
			if (c->q[i].seq > 0 && c->q[i].table == f->table &&
			    c->q[i].seq >= f->seq)
				return 1;
		for (i = j = 0; i < c->nq; i++)
			if (c->q[i].seq > 0)
				ws_frame_free(&c->q[i]);
			else
				c->q[j++] = c->q[i];
		c->nq = j;
	}
	/* One state at most: only other frames fill it (a close, never). */
	if (c->nq >= WS_QUEUE_MAX && f->seq == 0 && !f->bye)
		return -1;
	if (c->nq == c->capq) {
		int cap = c->capq ? 2 * c->capq : 4;
		struct ws_frame *q = realloc(c->q, sizeof(*q) * (size_t)cap);

		if (q == NULL)
			return -1;
		c->q = q;
		c->capq = cap;
	}
	c->q[c->nq++] = *f;
	pthread_cond_signal(&c->more);
	return 0;
}

/*
 * Hands the frames to their connections' writers, in order (or, for a
 * connection without one, writes them), and lets them go.  So a socket
 * slow to take its frames holds up its own writer alone: never a table,
 * nor the computers' pace, which every table shares.
 */
void
ws_flush(struct ws_out *out)
{
	int i;

	for (i = 0; i < out->n; i++) {
		struct ws_frame *f = &out->f[i];
		struct ws_conn *c = f->c;
		struct mg_connection *mc;

		pthread_mutex_lock(&c->lock);
		/*
		 * A reply to its own message (not held) waits for room: a
		 * client that floods and does not read holds up only its own
		 * thread.  Another thread's frame never waits.
		 */
		while (c->has_writer && !c->quit && !f->held &&
		       c->nq >= WS_QUEUE_MAX && ws_due(f))
			pthread_cond_wait(&c->room, &c->lock);
		if (c->has_writer && !c->quit && ws_due(f) &&
		    ws_queue(c, f) == 0) {
			pthread_mutex_unlock(&c->lock);
			continue;
		}
		if (!c->has_writer && (mc = ws_take(f)) != NULL)
			ws_write(mc, f);
		pthread_mutex_unlock(&c->lock);
		ws_frame_free(f);
	}
	free(out->f);
	memset(out, 0, sizeof(*out));
}

/*
 * A connection's writer: writes its queued frames in order, each without
 * its lock (so that queuing never waits on the socket).  mc stays valid
 * while it runs: the close handler stops it and waits for it before
 * civetweb closes the connection.
 */
static void *
ws_writer(void *arg)
{
	struct ws_conn *c = arg;

	pthread_mutex_lock(&c->lock);
	for (;;) {
		struct mg_connection *mc;
		struct ws_frame f;

		while (c->nq == 0 && !c->quit)
			pthread_cond_wait(&c->more, &c->lock);
		if (c->nq == 0)
			break;
		f = c->q[0];
		memmove(c->q, c->q + 1, sizeof(*c->q) * (size_t)--c->nq);
		mc = c->quit ? NULL : ws_take(&f);
		pthread_mutex_unlock(&c->lock);
		if (mc != NULL)
			ws_write(mc, &f);
		ws_frame_free(&f);
		pthread_mutex_lock(&c->lock);
		c->bye_out |= f.bye;
		pthread_cond_broadcast(&c->room);
	}
	c->bye_out = 1;
	pthread_cond_broadcast(&c->room);
	pthread_mutex_unlock(&c->lock);
	return NULL;
}

/* Starts c's writer; without one, frames are written where they are made. */
void
ws_writer_start(struct ws_conn *c)
{
	pthread_attr_t attr;
	int made;

	if (pthread_attr_init(&attr) != 0)
		return;
	/* It only writes: a small stack (an ASan build's frames are big). */
	pthread_attr_setstacksize(&attr, 256 * 1024);
	made = pthread_create(&c->writer, &attr, ws_writer, c) == 0;
	pthread_attr_destroy(&attr);
	pthread_mutex_lock(&c->lock);
	c->has_writer = made;
	pthread_mutex_unlock(&c->lock);
}

/* Stops c's writer (mc cleared) and waits for it: nothing is left queued. */
void
ws_writer_stop(struct ws_conn *c)
{
	pthread_mutex_lock(&c->lock);
	c->quit = 1;
	pthread_cond_signal(&c->more);
	pthread_cond_broadcast(&c->room);
	pthread_mutex_unlock(&c->lock);
	/* Only this thread (the connection's own) changes has_writer. */
	if (c->has_writer)
		pthread_join(c->writer, NULL);
	pthread_mutex_lock(&c->lock);
	c->has_writer = 0;
	pthread_mutex_unlock(&c->lock);
}

/* The close frame of a stop: status 1001 (going away) and why. */
void
ws_going_away(struct mg_connection *mc)
{
	static const char why[] = "the server is stopping";
	char frame[2 + sizeof(why)];

	frame[0] = (char)(1001 >> 8);
	frame[1] = (char)(1001 & 0xff);
	memcpy(frame + 2, why, sizeof(why));
	mg_websocket_write(mc, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, frame,
			   sizeof(frame) - 1);
}
