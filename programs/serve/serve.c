/*
 * serve.c - "shutbox serve": the command that runs the tables.
 *
 * It reads the options, finds the web client's folder, brings back the
 * unfinished tables of the history, starts civetweb (static files from the
 * web folder, the game on the WebSocket at /ws), prints the address to
 * open and its QR code, and then paces the computers' play until it is
 * stopped (Ctrl-C or SIGTERM).
 *
 * The web folder: --web DIR, else web/ beside the folder of the program
 * (build/shutbox finds the project's web/), else share/shutbox/web beside
 * it (an installed bin/shutbox).  civetweb gets one worker thread per
 * WebSocket it may hold open, plus room for page loads, since each open
 * socket keeps its thread.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <ifaddrs.h>
#include <limits.h>
#include <netdb.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <civetweb.h>
#include <qrencode.h>

#include "cmd.h"
#include "serve/serve.h"
#include "solve.h"
#include "util.h"

/*
 * The minutes a table may have nobody at it before it may be put away for
 * a new one, when the cap is reached (--idle).  Long enough for a pause in
 * a game with every phone asleep; short enough that tables opened and
 * left do not keep new ones out for long.
 */
#define SERVE_IDLE_MINUTES 30

/* Worker threads beyond one per WebSocket: for pages and files. */
#define SERVE_SPARE_THREADS 32

int
serve_apart(void *(*fn)(void *), void *arg)
{
	pthread_t th;

	if (pthread_create(&th, NULL, fn, arg) != 0)
		return -1;
	pthread_join(th, NULL);
	return 0;
}

pthread_mutex_t serve_list_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t serve_store_lock = PTHREAD_MUTEX_INITIALIZER;
struct serve_config serve_config;

static volatile sig_atomic_t serve_stop;

int64_t
serve_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
serve_on_signal(int sig)
{
	(void)sig;
	serve_stop = 1;
}

/* Whether dir holds the web client (its index.html). */
static int
serve_is_web(const char *dir)
{
	char path[PATH_MAX + 16];
	struct stat st;

	snprintf(path, sizeof(path), "%s/index.html", dir);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The web client's folder: beside the program, or installed beside it. */
static int
serve_find_web(char *buf, size_t len)
{
	static const char *const beside[] = { "/../web",
					      "/../share/shutbox/web" };
	char exe[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t i;

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) != NULL)
		*slash = '\0';
	for (i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
		snprintf(buf, len, "%s%s", exe, beside[i]);
		if (serve_is_web(buf))
			return 0;
	}
	return -1;
}

/* Reads a whole number from lo to hi, for option what. */
static int
serve_number(const char *what, const char *text, int lo, int hi, int *v)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 ||
	    n < lo || n > hi)
		return util_error("bad %s: %s: a number from %d to %d", what,
				  util_shown(text), lo, hi);
	*v = (int)n;
	return 0;
}

/* Checks --listen: ADDR:PORT, an IPv4 address or [IPv6], and a port. */
static int
serve_listen(const char *text)
{
	const char *colon = strrchr(text, ':');
	int port;

	if (colon == NULL || colon == text)
		return util_error("bad --listen: %s: use ADDR:PORT, as "
				  "127.0.0.1:8080",
				  util_shown(text));
	if (serve_number("--listen port", colon + 1, 0, 65535, &port) != 0)
		return CMD_EXIT_USAGE;
	if (strspn(text, "0123456789.") != (size_t)(colon - text) &&
	    (text[0] != '[' || colon[-1] != ']'))
		return util_error("bad --listen: %s: the address is an IPv4 "
				  "address, or an IPv6 one in brackets",
				  util_shown(text));
	return 0;
}

/*
 * Checks --url: http:// or https://, a host, and nothing a link or a
 * page could not hold as it is (blanks, quotes, angle brackets,
 * backslashes, control characters).
 */
static int
serve_check_url(const char *url)
{
	const char *host = strncmp(url, "http://", 7) == 0    ? url + 7
			   : strncmp(url, "https://", 8) == 0 ? url + 8
							      : NULL;

	if (host == NULL)
		return util_error("bad --url: %s: an address that starts with "
				  "http:// or https://",
				  util_shown(url));
	if (host[0] == '\0' || strchr("/:?#", host[0]) != NULL)
		return util_error("bad --url: %s: no host", util_shown(url));
	if (strlen(url) > SERVE_URL_MAX)
		return util_error("bad --url: longer than %d characters",
				  SERVE_URL_MAX);
	for (const char *c = url; *c != '\0'; c++)
		if ((unsigned char)*c <= ' ' || (unsigned char)*c >= 0x7f ||
		    strchr("\"'<>\\`", *c) != NULL)
			return util_error("bad --url: %s: character %d cannot "
					  "be in a link",
					  util_shown(url), (int)(c - url) + 1);
	return 0;
}

/* An address of this machine on the network, for 0.0.0.0. */
static void
serve_lan_address(char *buf, size_t len)
{
	struct ifaddrs *ifa, *i;

	snprintf(buf, len, "127.0.0.1");
	if (getifaddrs(&ifa) != 0)
		return;
	for (i = ifa; i != NULL; i = i->ifa_next) {
		const struct sockaddr_in *sin =
		    (const struct sockaddr_in *)(const void *)i->ifa_addr;

		if (sin == NULL || sin->sin_family != AF_INET ||
		    ntohl(sin->sin_addr.s_addr) >> 24 == 127)
			continue;
		inet_ntop(AF_INET, &sin->sin_addr, buf, (socklen_t)len);
		break;
	}
	freeifaddrs(ifa);
}

/* The address to open, from the one listened on and the port bound. */
static void
serve_url(const char *listen, int port, char *buf, size_t len)
{
	char host[64];
	size_t hlen = (size_t)(strrchr(listen, ':') - listen);

	if (hlen >= sizeof(host))
		hlen = sizeof(host) - 1;
	memcpy(host, listen, hlen);
	host[hlen] = '\0';
	if (strcmp(host, "0.0.0.0") == 0 || strcmp(host, "[::]") == 0)
		serve_lan_address(host, sizeof(host));
	snprintf(buf, len, "http://%s:%d/", host, port);
}

/*
 * Prints the QR code of text with half blocks, two rows a line, light
 * modules drawn and a quiet zone of two around it.
 */
static void
serve_qr(const char *text)
{
	QRcode *qr = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1);
	int w, x, y;

	if (qr == NULL)
		return;
	w = qr->width;
	for (y = -2; y < w + 2; y += 2) {
		printf("  ");
		for (x = -2; x < w + 2; x++) {
			int top = y >= 0 && y < w && x >= 0 && x < w &&
				  (qr->data[y * w + x] & 1);
			int bot = y + 1 >= 0 && y + 1 < w && x >= 0 && x < w &&
				  (qr->data[(y + 1) * w + x] & 1);

			fputs(top && bot ? " "
			      : top	 ? "\u2584"
			      : bot	 ? "\u2580"
					 : "\u2588",
			      stdout);
		}
		putchar('\n');
	}
	QRcode_free(qr);
}

/* Starts civetweb; NULL after one line on standard error. */
static struct mg_context *
serve_start(const char *listen, const char *web)
{
	char threads[16], interval[16];
	struct mg_callbacks cb;
	struct mg_context *ctx;
	const char *options[] = {
		"listening_ports",
		listen,
		"document_root",
		web,
		"num_threads",
		threads,
		"enable_directory_listing",
		"no",
		/*
		 * A state is written as a frame header and its payload: without
		 * this, Nagle's algorithm holds the payload until the client
		 * acknowledges the header, which it delays by 40 ms.
		 */
		"tcp_nodelay",
		"1",
		/*
		 * A connection silent for an interval is sent a ping; one
		 * that has answered none of six is closed at the seventh
		 * interval, so that a phone gone away shows offline after
		 * --gone seconds.
		 */
		"enable_websocket_ping_pong",
		"yes",
		"websocket_timeout_ms",
		interval,
		"request_timeout_ms",
		"10000",
		"additional_header",
		"X-Content-Type-Options: nosniff\r\n"
		"Content-Security-Policy: default-src 'self'; "
		"connect-src 'self'; img-src 'self' data:",
		NULL,
	};

	snprintf(threads, sizeof(threads), "%d",
		 serve_config.max_conns + SERVE_SPARE_THREADS);
	snprintf(interval, sizeof(interval), "%d",
		 serve_config.gone_s * 1000 / 7);
	memset(&cb, 0, sizeof(cb));
	mg_init_library(0);
	ctx = mg_start(&cb, NULL, options);
	if (ctx == NULL)
		util_fail("serve: cannot listen on %s (in use, or not an "
			  "address of this machine)",
			  listen);
	return ctx;
}

/* Between two checkpoints of the history, in ticks of 20 ms. */
#define SERVE_CHECKPOINT_TICKS 50

/*
 * Ctrl-C and SIGTERM raise serve_stop from before the server starts, so
 * that one that comes while it starts, or the moment it has said that
 * Ctrl-C stops it, stops it as cleanly as one later: before it listens,
 * it does not (serve_run()); after, serve_loop() ends at once.  A second
 * one of the same kind is not caught: it ends the server outright, the
 * tables as the history has them.
 */
static void
serve_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = serve_on_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/*
 * Paces the computers until a signal stops the server.  The tables'
 * connections to the history leave its checkpoints to this loop, on a
 * connection of its own, so that no move waits for the disk's sync that a
 * checkpoint makes (checkpoint).
 */
static void
serve_loop(struct store *checkpoint)
{
	int tick = 0;

	while (!serve_stop) {
		usleep(20000);
		ws_tick();
		if (++tick % SERVE_CHECKPOINT_TICKS == 0)
			store_checkpoint(checkpoint);
	}
}

/* ---------------------------------------------------------------------
 * Stopping
 *
 * mg_stop() raises civetweb's stop flag and waits for its threads, which
 * look at the flag only between polls of up to 2 s (SOCKET_TIMEOUT_QUANTUM,
 * fixed when civetweb is built), the listening thread's poll of its socket
 * and the poll of each quiet WebSocket: alone, it takes up to 2 s.  So each
 * page is first told that the server is stopping (ws_goodbye()), which it
 * answers by closing its socket, and that thread wakes; then, while
 * mg_stop() waits, a thread of ours knocks at the door: it connects every
 * few milliseconds and hangs up at once.  The listening thread's poll
 * returns, it sees the flag and closes the socket, and the next knock is
 * refused, which ends the knocking.  A knock before the flag is raised is
 * a connection with no request in it: a worker reads its end and goes back
 * to wait.  Nothing is lost: mg_stop() still waits for every worker, and
 * so for every action being recorded; a page that does not answer is
 * waited for as before.
 */

/* Between two knocks, in microseconds. */
#define SERVE_KNOCK_US 5000

struct serve_knock {
	struct sockaddr_storage addr;
	socklen_t len;
	atomic_int done; /* mg_stop() has returned */
};

/*
 * Where to knock: the address listened on (numeric, as serve_listen()
 * takes it; an IPv6 one may name its interface), the loopback for any.
 */
static int
serve_knock_address(struct serve_knock *k, const char *listen, int port)
{
	const struct addrinfo hints = { .ai_flags =
					    AI_NUMERICHOST | AI_NUMERICSERV,
					.ai_socktype = SOCK_STREAM };
	struct addrinfo *ai = NULL;
	char host[128], serv[16];
	size_t hlen = (size_t)(strrchr(listen, ':') - listen);

	if (listen[0] == '[') {
		if (hlen < 2 || hlen - 2 >= sizeof(host))
			return -1;
		memcpy(host, listen + 1, hlen - 2);
		host[hlen - 2] = '\0';
	} else {
		if (hlen >= sizeof(host))
			return -1;
		memcpy(host, listen, hlen);
		host[hlen] = '\0';
	}
	snprintf(serv, sizeof(serv), "%d", port);
	if (getaddrinfo(host, serv, &hints, &ai) != 0)
		return -1;
	if (ai->ai_addrlen > sizeof(k->addr)) {
		freeaddrinfo(ai);
		return -1;
	}
	memset(&k->addr, 0, sizeof(k->addr));
	memcpy(&k->addr, ai->ai_addr, ai->ai_addrlen);
	k->len = (socklen_t)ai->ai_addrlen;
	freeaddrinfo(ai);
	if (k->addr.ss_family == AF_INET6) {
		struct sockaddr_in6 *in6 =
		    (struct sockaddr_in6 *)(void *)&k->addr;

		if (IN6_IS_ADDR_UNSPECIFIED(&in6->sin6_addr))
			in6->sin6_addr = in6addr_loopback;
	} else if (k->addr.ss_family == AF_INET) {
		struct sockaddr_in *in = (struct sockaddr_in *)(void *)&k->addr;

		if (in->sin_addr.s_addr == htonl(INADDR_ANY))
			in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	} else {
		return -1;
	}
	return 0;
}

/*
 * Knocks until a knock is refused or mg_stop() has returned.  A connect()
 * that gets no answer (a firewall that drops) gives up after 100 ms, as
 * Linux bounds connect() by the send timeout: then civetweb stops as
 * slowly as it would alone, but it stops.
 */
static void *
serve_knock_run(void *arg)
{
	const struct timeval limit = { .tv_sec = 0, .tv_usec = 100000 };
	struct serve_knock *k = arg;
	int fd, rc;

	while (!atomic_load(&k->done)) {
		usleep(SERVE_KNOCK_US);
		fd = socket(k->addr.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			break;
		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof(limit));
		rc = connect(fd, (const struct sockaddr *)&k->addr, k->len);
		close(fd);
		if (rc != 0)
			break;
	}
	return NULL;
}

/* Stops civetweb: goodbye to the pages, knocks while it stops. */
static void
serve_halt(struct mg_context *ctx, const char *listen, int port)
{
	struct serve_knock k;
	pthread_t thread;
	int knocking;

	ws_goodbye();
	atomic_init(&k.done, 0);
	knocking = serve_knock_address(&k, listen, port) == 0 &&
		   pthread_create(&thread, NULL, serve_knock_run, &k) == 0;
	mg_stop(ctx);
	if (knocking) {
		atomic_store(&k.done, 1);
		pthread_join(thread, NULL);
	}
}

/* Runs the server at listen, the client from web. */
static int
serve_run(const char *listen, const char *web)
{
	struct mg_server_port ports[4];
	struct mg_context *ctx;
	struct store *checkpoint;
	/* Static: the pages read it through serve_config.base. */
	static char url[SERVE_URL_MAX + 1];
	char why[512];
	int back;

	serve_signals();
	/*
	 * Every table is recorded in the history: without it there is
	 * nothing to serve, so an unusable one stops the server before it
	 * listens, as it stops history and stats.
	 */
	if (store_open(&checkpoint, serve_config.db, why, sizeof(why)) < 0)
		return util_fail("%s", why);
	back = table_restore();
	/* Stopped while it opened the history: it never listens. */
	if (serve_stop) {
		store_close(checkpoint);
		table_free_all();
		return CMD_EXIT_OK;
	}
	if ((ctx = serve_start(listen, web)) == NULL) {
		store_close(checkpoint);
		table_free_all();
		return CMD_EXIT_FAIL;
	}
	ws_start(ctx);
	http_start(ctx);
	if (mg_get_server_ports(ctx, 4, ports) < 1) {
		mg_stop(ctx);
		store_close(checkpoint);
		table_free_all();
		return util_fail("serve: no port to listen on");
	}
	if (serve_config.url != NULL)
		snprintf(url, sizeof(url), "%s", serve_config.url);
	else
		serve_url(listen, ports[0].port, url, sizeof(url));
	atomic_store(&serve_config.base, url);
	printf("Open %s\n", url);
	/* The address given is not where it listens: that is said too. */
	if (serve_config.url != NULL)
		printf("(listening on %.*s:%d)\n",
		       (int)(strrchr(listen, ':') - listen), listen,
		       ports[0].port);
	if (strncmp(listen, "127.", 4) == 0 || strncmp(listen, "[::1]", 5) == 0)
		printf("(this computer only: --listen 0.0.0.0:%d opens it to "
		       "the local network)\n",
		       ports[0].port);
	serve_qr(url);
	if (back > 0)
		printf("%d unfinished table%s brought back\n", back,
		       back == 1 ? "" : "s");
	printf("Ctrl-C stops the server; every table is kept in the "
	       "history.\n");
	fflush(stdout);
	serve_loop(checkpoint);
	serve_halt(ctx, listen, ports[0].port);
	store_close(checkpoint);
	table_free_all();
	return CMD_EXIT_OK;
}

/*
 * Half this computer's memory, the default of --memory-all (4 GiB when it
 * cannot be told).
 */
static size_t
serve_memory_half(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || size <= 0)
		return (size_t)4 << 30;
	return (size_t)pages / 2 * (size_t)size;
}

static int
serve_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "listen", required_argument, NULL, 'l' },
		{ "db", required_argument, NULL, 'D' },
		{ "web", required_argument, NULL, 'w' },
		{ "pace", required_argument, NULL, 'p' },
		{ "max-tables", required_argument, NULL, 't' },
		{ "idle", required_argument, NULL, 'i' },
		{ "max-clients", required_argument, NULL, 'c' },
		{ "clients-per-address", required_argument, NULL, 'P' },
		{ "memory", required_argument, NULL, 'm' },
		{ "tables-per-address", required_argument, NULL, 'a' },
		{ "gone", required_argument, NULL, 'g' },
		{ "memory-all", required_argument, NULL, 'M' },
		{ "url", required_argument, NULL, 'u' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *listen = "127.0.0.1:8080", *web = NULL;
	static char found[PATH_MAX];
	int help = 0, idle = SERVE_IDLE_MINUTES, all = 0, c, rc;

	serve_config.pace_ms = 900;
	serve_config.max_tables = 200;
	serve_config.max_bytes = (size_t)SERVE_MEMORY_MIB << 20;
	serve_config.tables_per_addr = 20;
	serve_config.max_conns = 1000;
	serve_config.max_per_ip = 100;
	serve_config.gone_s = 60;
	opterr = 0;
	while ((c = getopt_long(argc, argv, UTIL_GETOPT("h"), longopts,
				NULL)) != -1) {
		rc = 0;
		if (c == 'l')
			listen = optarg;
		else if (c == 'D')
			rc = util_db(optarg, &serve_config.db);
		else if (c == 'w')
			web = optarg;
		else if (c == 'p')
			rc = serve_number("--pace", optarg, 0, 60000,
					  &serve_config.pace_ms);
		else if (c == 't')
			rc = serve_number("--max-tables", optarg, 1, 10000,
					  &serve_config.max_tables);
		else if (c == 'i')
			rc = serve_number("--idle", optarg, 0, 10080, &idle);
		else if (c == 'c')
			rc = serve_number("--max-clients", optarg, 1, 10000,
					  &serve_config.max_conns);
		else if (c == 'P')
			rc = serve_number("--clients-per-address", optarg, 1,
					  10000, &serve_config.max_per_ip);
		else if (c == 'm')
			rc = solve_memory(optarg, &serve_config.max_bytes);
		else if (c == 'a')
			rc = serve_number("--tables-per-address", optarg, 1,
					  10000, &serve_config.tables_per_addr);
		else if (c == 'M')
			rc = serve_number("--memory-all", optarg, 1, 1 << 24,
					  &all);
		else if (c == 'g')
			rc = serve_number("--gone", optarg, 2, 3600,
					  &serve_config.gone_s);
		else if (c == 'u') {
			rc = serve_check_url(optarg);
			serve_config.url = optarg;
		} else if (c == 'h')
			help = 1;
		else
			return util_option_error(&cmd_serve_entry, longopts,
						 argv, c);
		if (rc != 0)
			return rc;
	}
	if (help)
		return util_help(&cmd_serve_entry, argc, argv);
	serve_config.idle_ms = (int64_t)idle * 60000;
	serve_config.max_all_bytes =
	    all > 0 ? (size_t)all << 20 : serve_memory_half();
	if (optind < argc)
		return util_error("serve: unexpected argument '%s'",
				  util_shown(argv[optind]));
	if ((rc = serve_listen(listen)) != 0)
		return rc;
	if (web != NULL && !serve_is_web(web))
		return util_error("bad --web: %s: no index.html there",
				  util_shown(web));
	if (web == NULL && serve_find_web(found, sizeof(found)) < 0)
		return util_fail("serve: the web client is not beside the "
				 "program; give its folder with --web");
	return serve_run(listen, web != NULL ? web : found);
}

const struct cmd_entry cmd_serve_entry = {
	.name = "serve",
	.usage = "[--listen ADDR:PORT] [--url URL] [--db PATH] [--web DIR] "
		 "[--pace MS] "
		 "[--max-tables N] [--idle MIN] [--max-clients N] "
		 "[--clients-per-address N] "
		 "[--memory MIB] [--memory-all MIB] [--tables-per-address N] "
		 "[--gone SECONDS]",
	.help = "host tables in the browser: phones as seats, the box on any "
		"screen",
	.options =
	    "  --listen ADDR:PORT  where to listen (default: "
	    "127.0.0.1:8080, this computer\n"
	    "                      only); --listen 0.0.0.0:8080 opens the "
	    "server to the local\n"
	    "                      network, so that phones on it can join: "
	    "anyone who can\n"
	    "                      reach this computer can then open a "
	    "table\n"
	    "  --db PATH           the history database, where every "
	    "table's game is recorded\n"
	    "                      as it is played (default: as for play); "
	    "one that cannot be\n"
	    "                      opened stops the server before it "
	    "starts\n"
	    "  --web DIR           the web client's folder (default: web/ "
	    "beside the folder\n"
	    "                      of the program, else share/shutbox/web "
	    "beside it)\n"
	    "  --pace MS           the time between two actions of a "
	    "computer (default: 900)\n"
	    "  --max-tables N      tables held at once (default: 200); "
	    "when the cap is\n"
	    "                      reached, a finished one is let go for a "
	    "new one, else the\n"
	    "                      one nobody has been at for longest, "
	    "after --idle\n"
	    "  --idle MIN          a table nobody has been at for MIN "
	    "minutes (default: 30)\n"
	    "                      may be put away for a new one: its game "
	    "stays in the\n"
	    "                      history, unfinished, and it is not "
	    "brought back\n"
	    "  --max-clients N     browser connections at once (default: "
	    "1000)\n"
	    "  --clients-per-address N\n"
	    "                      of them from one address (default: 100); "
	    "behind a proxy,\n"
	    "                      where every page comes from one address, "
	    "raise it\n"
	    "  --memory MIB        the most memory each solver of a table "
	    "(its computers' or\n"
	    "                      its hints') may take (default: 512): a "
	    "table whose rules\n"
	    "                      need more is refused with the reason\n"
	    "  --memory-all MIB    the most memory the solvers of every game "
	    "not finished\n"
	    "                      may take together (default: half this "
	    "computer's): a\n"
	    "                      table past it is refused until a game "
	    "ends\n"
	    "  --tables-per-address N\n"
	    "                      tables not finished that one address "
	    "may have made at\n"
	    "                      once (default: 20); past it, the one "
	    "nobody has been at\n"
	    "                      longest, if for --idle minutes, is put "
	    "away for the next;\n"
	    "                      behind a proxy, where every page comes "
	    "from one address,\n"
	    "                      raise it\n"
	    "  --url URL           the address phones open, printed with its "
	    "QR code and put\n"
	    "                      in the seats' links of a page opened on "
	    "this computer\n"
	    "                      itself (default: from --listen, with this "
	    "computer's\n"
	    "                      address on the network for 0.0.0.0)\n"
	    "  --gone SECONDS      a connection that answers nothing, not "
	    "even the server's\n"
	    "                      pings, for about SECONDS (default: 60, "
	    "2 to 3600) is\n"
	    "                      closed: its seat shows offline until the "
	    "page connects\n"
	    "                      again\n"
	    "\n"
	    "It prints the address to open, with its QR code for a phone's "
	    "camera.  A\n"
	    "table is made in the browser: rules from a preset or any key, "
	    "seats for\n"
	    "people and computers.  Each person's seat has its own link; "
	    "others watch.\n"
	    "The server rolls the dice and checks every action.  Unfinished "
	    "tables are\n"
	    "brought back when the server starts again.\n",
	.exec = serve_exec,
};
