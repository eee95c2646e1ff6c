/*
 * error.c - names of the library's error codes.
 */
#include "shut_error.h"

static const char *const messages[] = {
	"success",
	"bad argument",
	"spec item is not key=value",
	"unknown key",
	"unknown preset",
	"bad value",
	"bad start set",
	"first-throw tile is not in the start set",
	"rounds=until-shut needs shut=win",
	"battle needs exactly two players",
	"digits scoring would overflow 64 bits",
	"out of memory",
	"table too big for memory",
	"bad throw",
	"illegal move",
	"not expected now",
	"bad number of players",
	"rule set not supported here",
	"bad tile list",
	"dice count not allowed now",
	"input ended",
	"a game that could never end",
	"stopped by its caller",
};

const char *
shut_strerror(int code)
{
	/* No negation of code before it is known to be in range. */
	if (code > 0 ||
	    code < -(int)(sizeof(messages) / sizeof(messages[0]) - 1))
		return "unknown error";
	return messages[-code];
}
