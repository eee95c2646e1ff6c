/*
 * test_send.c - what the server writes to a connection (programs/serve/
 * send.c): the queue of a connection's writer, and the writer itself.
 *
 * civetweb's writes are stubbed here, and record what they were given, so
 * that the queue's rules and the order of the frames written are seen
 * without a socket: a connection's queue holds one state at most (a newer
 * one lets the older go, an older one is let go itself, one of another
 * table is stale), replies keep their order around it, a full queue
 * refuses all but the close frame, and the writer writes in order.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "serve/conn.h"

/* The stubs: the list's lock, proto_error() and civetweb's writes. */
pthread_mutex_t serve_list_lock = PTHREAD_MUTEX_INITIALIZER;

static pthread_mutex_t written_lock = PTHREAD_MUTEX_INITIALIZER;
static char written[16][64];
static int nwritten;

static void
record(const char *data, size_t len)
{
	pthread_mutex_lock(&written_lock);
	if (nwritten < 16)
		snprintf(written[nwritten++], sizeof(written[0]), "%.*s",
			 (int)len, data);
	pthread_mutex_unlock(&written_lock);
}

char *proto_error(const char *why);
char *
proto_error(const char *why)
{
	return strdup(why);
}

void mg_lock_connection(struct mg_connection *conn);
void mg_unlock_connection(struct mg_connection *conn);
int mg_write(struct mg_connection *conn, const void *buf, size_t len);
int mg_websocket_write(struct mg_connection *conn, int opcode, const char *data,
		       size_t len);

void
mg_lock_connection(struct mg_connection *conn)
{
	(void)conn;
}

void
mg_unlock_connection(struct mg_connection *conn)
{
	(void)conn;
}

/* A state's frame: its two bytes of header (a short text), then the text. */
int
mg_write(struct mg_connection *conn, const void *buf, size_t len)
{
	(void)conn;
	record((const char *)buf + 2, len - 2);
	return (int)len;
}

int
mg_websocket_write(struct mg_connection *conn, int opcode, const char *data,
		   size_t len)
{
	(void)conn;
	(void)opcode;
	record(data, len);
	return (int)len;
}

/* A connection at table 7, open (its mc is never followed by the stubs). */
static struct ws_conn *
conn_new(void)
{
	struct ws_conn *c = calloc(1, sizeof(*c));

	assert_non_null(c);
	assert_int_equal(pthread_mutex_init(&c->lock, NULL), 0);
	assert_int_equal(pthread_cond_init(&c->more, NULL), 0);
	assert_int_equal(pthread_cond_init(&c->room, NULL), 0);
	c->mc = (struct mg_connection *)(uintptr_t)1;
	c->table = 7;
	c->refs = 1;
	return c;
}

static void
conn_free(struct ws_conn *c)
{
	for (int i = 0; i < c->nq; i++)
		free(c->q[i].seq > 0 ? c->q[i].text - WS_HEAD : c->q[i].text);
	free(c->q);
	pthread_cond_destroy(&c->room);
	pthread_cond_destroy(&c->more);
	pthread_mutex_destroy(&c->lock);
	free(c);
}

/* A frame for c: a state of table at seq when seq > 0, else a reply. */
static struct ws_frame
frame(struct ws_conn *c, int64_t table, unsigned long seq, const char *text)
{
	struct ws_frame f = { .c = c, .table = table, .seq = seq };
	size_t n = strlen(text) + 1;
	char *s = malloc(WS_HEAD + n);

	assert_non_null(s);
	memcpy(s + WS_HEAD, text, n);
	f.text = seq > 0 ? s + WS_HEAD : memmove(s, s + WS_HEAD, n);
	return f;
}

static void
let_go(struct ws_frame *f)
{
	free(f->seq > 0 ? f->text - WS_HEAD : f->text);
}

static void
test_queue_states(void **state)
{
	struct ws_conn *c = conn_new();
	struct ws_frame f;

	(void)state;
	c->has_writer = 1; /* but none runs: the queue is only looked at */
	f = frame(c, 7, 6, "six");
	assert_int_equal(ws_queue(c, &f), 0);
	/* An older state than one queued is let go, not queued. */
	f = frame(c, 7, 5, "five");
	assert_int_equal(ws_queue(c, &f), 1);
	let_go(&f);
	assert_int_equal(c->nq, 1);
	assert_int_equal(c->q[0].seq, 6);
	/* A reply keeps its place; a newer state lets the older go. */
	f = frame(c, 0, 0, "reply");
	assert_int_equal(ws_queue(c, &f), 0);
	f = frame(c, 7, 9, "nine");
	assert_int_equal(ws_queue(c, &f), 0);
	assert_int_equal(c->nq, 2);
	assert_string_equal(c->q[0].text, "reply");
	assert_int_equal(c->q[1].seq, 9);
	/* A state of the table joined since: the other table's is stale. */
	c->table = 8;
	f = frame(c, 8, 1, "one");
	assert_int_equal(ws_queue(c, &f), 0);
	assert_int_equal(c->nq, 2);
	assert_int_equal(c->q[1].table, 8);
	conn_free(c);
}

static void
test_queue_full(void **state)
{
	struct ws_conn *c = conn_new();
	struct ws_frame f, bye = { .bye = 1 };
	int i;

	(void)state;
	c->has_writer = 1;
	for (i = 0; i < WS_QUEUE_MAX; i++) {
		f = frame(c, 0, 0, "r");
		assert_int_equal(ws_queue(c, &f), 0);
	}
	f = frame(c, 0, 0, "one too many");
	assert_int_equal(ws_queue(c, &f), -1);
	let_go(&f);
	/* A state still goes in (one at most), and the close frame. */
	f = frame(c, 7, 3, "state");
	assert_int_equal(ws_queue(c, &f), 0);
	bye.c = c;
	assert_int_equal(ws_queue(c, &bye), 0);
	assert_int_equal(c->nq, WS_QUEUE_MAX + 2);
	conn_free(c);
}

/* Waits, 5 s at most, until n frames were written. */
static void
wait_written(int n)
{
	for (int i = 0; i < 500; i++) {
		int have;

		pthread_mutex_lock(&written_lock);
		have = nwritten;
		pthread_mutex_unlock(&written_lock);
		if (have >= n)
			return;
		nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
	}
	fail_msg("%d frames written, not %d", nwritten, n);
}

static void
test_writer_order(void **state)
{
	struct ws_conn *c = conn_new();
	struct ws_out out = { 0 };
	const char *texts[] = { "first", "a state", "last" };

	(void)state;
	nwritten = 0;
	ws_writer_start(c);
	assert_int_equal(c->has_writer, 1);
	for (int i = 0; i < 3; i++) {
		struct ws_frame *f = ws_out_add(&out);

		assert_non_null(f);
		*f = frame(c, i == 1 ? 7 : 0, i == 1 ? 1 : 0, texts[i]);
	}
	ws_flush(&out);
	wait_written(3);
	for (int i = 0; i < 3; i++)
		assert_string_equal(written[i], texts[i]);
	assert_int_equal(c->sent, 1);
	/* Stopped, it writes nothing more, and has let everything go. */
	ws_writer_stop(c);
	assert_int_equal(c->has_writer, 0);
	assert_int_equal(c->nq, 0);
	conn_free(c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_queue_states),
		cmocka_unit_test(test_queue_full),
		cmocka_unit_test(test_writer_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
