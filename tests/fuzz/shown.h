/*
 * shown.h - the check the fuzz targets make of text shown to a person: no
 * control character but the line end (no C0, DEL or C1) and nothing that
 * is not well-formed UTF-8.  It decodes on its own, rather than with the
 * front-end layer's escaper that it checks.
 */
#ifndef SHOWN_H
#define SHOWN_H

#include <stddef.h>

/* Traps unless the len bytes at text may be shown as they are. */
static void
shown_check(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, n, k;
	unsigned long cp;

	while (i < len) {
		if (s[i] < 0x80) {
			if ((s[i] < 0x20 && s[i] != '\n') || s[i] == 0x7f)
				__builtin_trap();
			i++;
			continue;
		}
		if (s[i] >= 0xc2 && s[i] <= 0xdf) {
			n = 1;
			cp = s[i] & 0x1fu;
		} else if (s[i] >= 0xe0 && s[i] <= 0xef) {
			n = 2;
			cp = s[i] & 0x0fu;
		} else if (s[i] >= 0xf0 && s[i] <= 0xf4) {
			n = 3;
			cp = s[i] & 0x07u;
		} else {
			__builtin_trap();
		}
		if (len - i - 1 < n)
			__builtin_trap();
		for (k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				__builtin_trap();
			cp = cp << 6 | (s[i + k] & 0x3fu);
		}
		/* C1 controls, overlong forms, surrogates, beyond Unicode. */
		if (cp < 0xa0 || (n == 2 && cp < 0x800) ||
		    (n == 3 && cp < 0x10000) ||
		    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			__builtin_trap();
		i += n + 1;
	}
}

#endif
