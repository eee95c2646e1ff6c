/*
 * stuck.c - clients that join a table and never read, for the protocol
 * test of a server whose clients stop reading: each socket asks for a
 * receive buffer of 1 KiB, so that what the server sends it backs up at
 * once, and holds it for the time given.  Node's sockets cannot ask for a
 * receive buffer.
 *
 * usage: stuck PORT TABLE N SECONDS
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* A client's text frame of text (under 126 bytes), masked by zeros. */
static int
send_frame(int fd, const char *text)
{
	unsigned char f[6 + 126];
	size_t n = strlen(text);

	f[0] = 0x81;
	f[1] = (unsigned char)(0x80 | n);
	memset(f + 2, 0, 4);
	memcpy(f + 6, text, n);
	return send(fd, f, 6 + n, 0) == (ssize_t)(6 + n) ? 0 : -1;
}

static int
stuck(int port, int table)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_port = htons((unsigned short)port) };
	char req[512], reply[512], join[120];
	int fd = socket(AF_INET, SOCK_STREAM, 0), small = 1024;
	ssize_t got;

	if (fd < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small)) < 0)
		return -1;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) < 0)
		return -1;
	snprintf(req, sizeof(req),
		 "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
		 "Upgrade: websocket\r\nConnection: Upgrade\r\n"
		 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
		 "Sec-WebSocket-Version: 13\r\n\r\n",
		 port);
	if (send(fd, req, strlen(req), 0) < 0)
		return -1;
	/* The handshake's reply, then never another byte read. */
	got = recv(fd, reply, sizeof(reply) - 1, 0);
	if (got <= 0)
		return -1;
	reply[got] = '\0';
	if (strstr(reply, " 101 ") == NULL)
		return -1;
	snprintf(join, sizeof(join),
		 "{\"type\":\"join\",\"table\":%d,\"seat\":\"\",\"host\":\"\"}",
		 table);
	return send_frame(fd, join) < 0 ? -1 : fd;
}

int
main(int argc, char **argv)
{
	int i, n;

	if (argc != 5) {
		fprintf(stderr, "usage: stuck PORT TABLE N SECONDS\n");
		return 2;
	}
	n = atoi(argv[3]);
	for (i = 0; i < n; i++)
		if (stuck(atoi(argv[1]), atoi(argv[2])) < 0) {
			perror("stuck");
			return 1;
		}
	printf("joined %d\n", n);
	fflush(stdout);
	sleep((unsigned)atoi(argv[4]));
	return 0;
}
