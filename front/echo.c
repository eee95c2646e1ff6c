/*
 * echo.c - text from outside shown back: what a person typed, a name, a
 * spec's bad item, a record read from the history.
 *
 * Such text may hold anything, and a terminal obeys some bytes: ESC starts
 * a sequence that moves the cursor, recolours the screen or sets the
 * window's title, BEL rings, CR and BS overwrite what was shown, and C1
 * controls (U+0080-U+009F, bytes 0xc2 0x80-0x9f in UTF-8; 0x9b alone is
 * CSI to a terminal not in UTF-8 mode) do what ESC does.  So every echo goes
 * through front_escaped(), which writes each control character and each
 * byte that is not part of well-formed UTF-8 as \x1b, and names are refused
 * when they hold one (front_check_name()).
 *
 * Well-formed UTF-8 is Unicode's (table 3-7 of the standard): no overlong
 * forms, no surrogates, nothing above U+10FFFF.  A backslash is shown as it
 * is: the escapes are for a person to read, not to be read back.
 *
 * Escaped too are the characters that show nothing, or that set the direction
 * of the text after them (name_unseen(): U+202E turns the rest of a line back
 * to front where the terminal, or a page, lays text out both ways), and a
 * name may not hold one either: a name that looks like another's, or that
 * turns the words around it, is no name.  Other characters that only look
 * odd are shown as they are.
 *
 * Columns: a name is laid out by the columns it takes on a terminal
 * (front_columns()), not its bytes or characters: 日本 takes four.
 */
#define _XOPEN_SOURCE 700 /* wcwidth() */
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "front.h"

/*
 * The length of the well-formed UTF-8 character at s[0..len) (len >= 1),
 * or 0 when s does not start one.
 */
static size_t
utf8_char(const unsigned char *s, size_t len)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* The second byte's range rules out overlongs, surrogates and more. */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (len < n || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

/*
 * Whether the well-formed character of n bytes at u is one a name may not
 * hold: one that sets the direction of the text after it (U+061C, U+200E,
 * U+200F, U+202A-U+202E, U+2066-U+2069), breaks a line (U+2028, U+2029),
 * or shows nothing where it stands alone: the format characters U+00AD,
 * U+034F, U+180E, U+200B, U+2060-U+206F and U+FEFF, and the fillers
 * U+115F, U+1160, U+3164 and U+FFA0.  And the zero-width joiner U+200D,
 * which makes one emoji of several on some terminals and not on others,
 * so that a name's columns cannot be known (its board and its columns of
 * totals were drawn across one another).  The non-joiner U+200C, which
 * keeps the letters of Persian apart, draws nothing and stays.
 */
static int
name_unseen(const unsigned char *u, size_t n)
{
	if (n == 2)
		return (u[0] == 0xc2 && u[1] == 0xad) ||
		       (u[0] == 0xcd && u[1] == 0x8f) ||
		       (u[0] == 0xd8 && u[1] == 0x9c);
	if (n != 3)
		return 0;
	if (u[0] == 0xe2 && u[1] == 0x80)
		return u[2] == 0x8b || u[2] == 0x8d || u[2] == 0x8e ||
		       u[2] == 0x8f || (u[2] >= 0xa8 && u[2] <= 0xae);
	if (u[0] == 0xe2 && u[1] == 0x81)
		return u[2] >= 0xa0 && u[2] <= 0xaf;
	if (u[0] == 0xe1)
		return (u[1] == 0x85 && (u[2] == 0x9f || u[2] == 0xa0)) ||
		       (u[1] == 0xa0 && u[2] == 0x8e);
	return (u[0] == 0xe3 && u[1] == 0x85 && u[2] == 0xa4) ||
	       (u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf) ||
	       (u[0] == 0xef && u[1] == 0xbe && u[2] == 0xa0);
}

/*
 * The character at s[0..len): its length in bytes, and whether it must be
 * escaped (a control character, or a byte that starts no character, which
 * is then taken alone).
 */
static size_t
echo_char(const char *s, size_t len, int *escape)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = utf8_char(u, len);

	if (n == 0) {
		*escape = 1;
		return 1;
	}
	*escape = u[0] < 0x20 || u[0] == 0x7f ||
		  (u[0] == 0xc2 && u[1] < 0xa0) || name_unseen(u, n);
	return n;
}

void
front_escaped(struct front_text *t, const char *s, size_t len, size_t max)
{
	size_t i = 0, shown = 0, n, k;
	int escape;

	while (i < len) {
		if (max > 0 && shown == max) {
			front_printf(t, "...");
			return;
		}
		n = echo_char(s + i, len - i, &escape);
		/* A character, or its escape, goes in whole or not at all. */
		if (t->len + (escape ? 4 * n : n) >= t->size) {
			t->cut = 1;
			return;
		}
		for (k = 0; k < n; k++)
			if (escape)
				front_printf(t, "\\x%02x",
					     (unsigned char)s[i + k]);
			else
				t->buf[t->len++] = s[i + k];
		t->buf[t->len] = '\0';
		i += n;
		shown++;
	}
}

size_t
front_unshowable(const char *s, size_t len)
{
	size_t i = 0, n;
	int escape;

	while (i < len) {
		n = echo_char(s + i, len - i, &escape);
		if (escape)
			return i;
		i += n;
	}
	return len;
}

int
front_check_name(const char *s, size_t len, char *why, size_t whylen)
{
	const unsigned char *u = (const unsigned char *)s;
	struct front_text t;
	size_t at = front_unshowable(s, len), i, n, nth = 1;
	int escape, unseen;

	if (at == len)
		return 0;
	/* What comes before is well-formed: its characters can be counted. */
	for (i = 0; i < at; i += echo_char(s + i, len - i, &escape))
		nth++;
	n = echo_char(s + at, len - at, &escape);
	unseen = utf8_char(u + at, len - at) > 0 && name_unseen(u + at, n);
	front_text_init(&t, why, whylen);
	front_printf(&t, "character %zu is %s (", nth,
		     unseen ? "invisible, or turns the text around it"
		     : utf8_char(u + at, len - at) > 0 ? "a control character"
						       : "not UTF-8");
	if (unseen)
		front_printf(&t, "U+%04X",
			     n == 2 ? (unsigned)(u[at] & 0x1f) << 6 |
					  (u[at + 1] & 0x3f)
				    : (unsigned)(u[at] & 0x0f) << 12 |
					  (unsigned)(u[at + 1] & 0x3f) << 6 |
					  (u[at + 2] & 0x3f));
	else
		front_escaped(&t, s + at, echo_char(s + at, len - at, &escape),
			      0);
	front_printf(&t, ")");
	return -1;
}

/*
 * The columns and the bytes of the character at s (not at its NUL), n
 * bytes left: one column a character where the locale cannot read it.
 */
static int
char_columns(const char *s, size_t n, size_t *bytes)
{
	mbstate_t st;
	wchar_t wc;
	size_t k;
	int w;

	memset(&st, 0, sizeof(st));
	k = mbrtowc(&wc, s, n, &st);
	if (k == 0 || k == (size_t)-1 || k == (size_t)-2) {
		k = 1;
		while (k < n && ((unsigned char)s[k] & 0xc0) == 0x80)
			k++;
		*bytes = k;
		return 1;
	}
	*bytes = k;
	w = wcwidth(wc);
	return w < 0 ? 1 : w;
}

int
front_columns(const char *s, size_t n)
{
	size_t i = 0, k;
	int cols = 0;

	while (i < n && s[i] != '\0') {
		cols += char_columns(s + i, n - i, &k);
		i += k;
	}
	return cols;
}

size_t
front_fit(const char *s, int cols, int *used)
{
	size_t i = 0, k, n = strlen(s);
	int have = 0, w;

	while (i < n && (w = char_columns(s + i, n - i, &k)) + have <= cols) {
		have += w;
		i += k;
	}
	*used = have;
	return i;
}

void
front_pad(struct front_text *t, const char *s, int cols)
{
	int used;
	size_t n = front_fit(s, cols, &used);

	front_printf(t, "%.*s%*s", (int)n, s, cols - used, "");
}

size_t
front_wrap(const char *s, int cols)
{
	int used;
	size_t n = front_fit(s, cols, &used), k;

	if (s[n] == '\0' || s[n] == ' ')
		return n;
	for (k = n; k > 0; k--)
		if (s[k - 1] == ' ')
			return k - 1 > 0 ? k - 1 : n;
	if (n == 0 && s[0] != '\0') /* a character wider than cols */
		for (n = 1; ((unsigned char)s[n] & 0xc0) == 0x80; n++)
			;
	return n;
}
