/*
 * http.c - what "shutbox serve" answers over plain HTTP besides the files.
 *
 * civetweb serves the web client's files from the web folder itself
 * (document_root, no directory listing).  The one answer made here is
 * /qr.svg?u=TEXT: the QR code of TEXT as an SVG picture, so that the host's
 * page can show each seat's link as a code for a phone's camera without a
 * QR encoder in JavaScript and without any file from outside the project.
 * TEXT is at most HTTP_QR_TEXT bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <civetweb.h>
#include <qrencode.h>

#include "serve/serve.h"

#define HTTP_QR_TEXT 512
/* Modules of light around the code, as the QR standard asks. */
#define HTTP_QR_QUIET 4

/* Appends to a growing buffer; -1 when memory ran out. */
static int
http_append(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
	if (*len + n + 1 > *cap) {
		size_t c = (*cap + n + 1) * 2;
		char *b = realloc(*buf, c);

		if (b == NULL)
			return -1;
		*buf = b;
		*cap = c;
	}
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[*len] = '\0';
	return 0;
}

char *
http_qr_svg(const char *text)
{
	QRcode *qr = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
	char *buf = NULL, item[96];
	size_t len = 0, cap = 0;
	int x, y, n, w, bad = 0;

	if (qr == NULL)
		return NULL;
	w = qr->width + 2 * HTTP_QR_QUIET;
	n = snprintf(item, sizeof(item),
		     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 "
		     "%d %d\" shape-rendering=\"crispEdges\">",
		     w, w);
	bad |= http_append(&buf, &len, &cap, item, (size_t)n);
	n = snprintf(item, sizeof(item),
		     "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/><path "
		     "fill=\"#000\" d=\"",
		     w, w);
	bad |= http_append(&buf, &len, &cap, item, (size_t)n);
	for (y = 0; y < qr->width && !bad; y++)
		for (x = 0; x < qr->width; x++) {
			if (!(qr->data[y * qr->width + x] & 1))
				continue;
			n = snprintf(item, sizeof(item), "M%d %dh1v1h-1z",
				     x + HTTP_QR_QUIET, y + HTTP_QR_QUIET);
			bad |= http_append(&buf, &len, &cap, item, (size_t)n);
		}
	bad |= http_append(&buf, &len, &cap, "\"/></svg>\n", 10);
	QRcode_free(qr);
	if (bad) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* GET /qr.svg?u=TEXT */
static int
http_qr(struct mg_connection *conn, void *data)
{
	const struct mg_request_info *ri = mg_get_request_info(conn);
	const char *qs = ri->query_string;
	char text[HTTP_QR_TEXT + 1], *svg;

	(void)data;
	/* An empty text (or one that begins with %00) has no QR code. */
	if (qs == NULL ||
	    mg_get_var(qs, strlen(qs), "u", text, sizeof(text)) < 1 ||
	    text[0] == '\0') {
		mg_send_http_error(conn, 400, "qr.svg?u=TEXT, at most %d bytes",
				   HTTP_QR_TEXT);
		return 400;
	}
	if ((svg = http_qr_svg(text)) == NULL) {
		mg_send_http_error(conn, 500, "no QR code for that text");
		return 500;
	}
	mg_send_http_ok(conn, "image/svg+xml", (long long)strlen(svg));
	mg_write(conn, svg, strlen(svg));
	free(svg);
	return 200;
}

void
http_start(struct mg_context *ctx)
{
	mg_set_request_handler(ctx, "/qr.svg$", http_qr, NULL);
}
