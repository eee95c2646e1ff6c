/*
 * sim_svg.c - the chart of "shutbox sim --svg FILE": the distribution of
 * a turn's score, as a person would want to look at it.
 *
 * A bar chart of the simulated share of each score (grouped into ranges
 * when there are many scores), with the exact distribution drawn over it
 * as a line of dots where the strategy could be evaluated; a title naming
 * the rule set and the strategy, a line of what was played, axes with
 * their ticks and titles, and a legend with the shut rate and the mean.
 * Plain SVG 1.1 written by hand: no library, no script, no external font
 * (the generic sans-serif family).
 *
 * The chart is written whole to a new file beside FILE and renamed over
 * it, so that a full disk never leaves half a chart in place of a good
 * one; a device or a FIFO is written in place (sim_svg_open()).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "sim.h"
#include "util.h"

/* The canvas and the plot area inside it, in pixels. */
#define SVG_W	   860
#define SVG_H	   520
#define SVG_LEFT   80
#define SVG_RIGHT  30
#define SVG_TOP	   78
#define SVG_BOTTOM 70
#define SVG_ROWS   60 /* the most bars */

#define SVG_BAR	  "#6b9bd1"
#define SVG_EXACT "#c0392b"
#define SVG_INK	  "#222222"
#define SVG_GRID  "#dddddd"

struct svg {
	FILE *f;
	const struct sim *s;
	struct sim_row *row;
	int rows;
	double ymax; /* the share at the top of the axis, a tick */
	double ystep;
};

/* Writes text with the characters XML reserves escaped. */
static void
svg_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

static double
svg_x(const struct svg *v, double row)
{
	double plot = SVG_W - SVG_LEFT - SVG_RIGHT;

	return SVG_LEFT + plot * row / v->rows;
}

static double
svg_y(const struct svg *v, double share)
{
	double plot = SVG_H - SVG_TOP - SVG_BOTTOM;

	return SVG_TOP + plot * (1 - share / v->ymax);
}

/*
 * The step of the share axis: the smallest of 1, 2 and 5 times a power of
 * ten that needs at most 8 ticks above zero.
 */
static void
svg_scale(struct svg *v, double top)
{
	static const double nice[] = { 1, 2, 5 };
	double decade;
	int i = 0;

	if (top <= 0)
		top = 1;
	decade = pow(10, floor(log10(top)) - 2);
	while (top / (nice[i] * decade) > 8) {
		if (++i == 3) {
			i = 0;
			decade *= 10;
		}
	}
	v->ystep = nice[i] * decade;
	v->ymax = ceil(top / v->ystep - 1e-9) * v->ystep;
}

static double
svg_share(const struct svg *v, int i)
{
	return (double)v->row[i].count / (double)v->s->turns->games;
}

/* n with its thousands separated by commas: "1,000,000". */
static void
svg_count(uint64_t n, char *buf, size_t len)
{
	char digits[24];
	size_t nd, j = 0;

	nd = (size_t)snprintf(digits, sizeof(digits), "%llu",
			      (unsigned long long)n);
	for (size_t i = 0; i < nd && j + 1 < len; i++) {
		if (i > 0 && (nd - i) % 3 == 0 && j + 2 < len)
			buf[j++] = ',';
		buf[j++] = digits[i];
	}
	buf[j] = '\0';
}

static void
svg_head(const struct svg *v)
{
	char played[32], seed[32];
	const struct sim *s = v->s;
	FILE *f = v->f;

	svg_count(s->turns->games, played, sizeof(played));
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)s->seed);
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"sans-serif\" font-size=\"13\" fill=\"%s\">\n"
		"<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
		SVG_W, SVG_H, SVG_W, SVG_H, SVG_INK, SVG_W, SVG_H);
	fprintf(f,
		"<text x=\"%d\" y=\"30\" font-size=\"19\" "
		"font-weight=\"bold\">The score of a turn: ",
		SVG_LEFT);
	svg_text(f, s->spec);
	fprintf(f, ", played by %s</text>\n", s->name[0]);
	fprintf(f,
		"<text x=\"%d\" y=\"52\" fill=\"#555555\">%s turns "
		"simulated (seed %s)%s%s</text>\n",
		SVG_LEFT, played, seed,
		s->exact ? "; the exact distribution over them" : "",
		s->stopped ? "; stopped early" : "");
}

/* The share axis: gridlines, ticks and labels, and its title. */
static void
svg_yaxis(const struct svg *v)
{
	FILE *f = v->f;
	int ticks = (int)(v->ymax / v->ystep + 0.5);

	for (int i = 0; i <= ticks; i++) {
		double share = v->ystep * i, y = svg_y(v, share);

		fprintf(f,
			"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
			"stroke=\"%s\"/>\n",
			SVG_LEFT, y, SVG_W - SVG_RIGHT, y,
			i ? SVG_GRID : SVG_INK);
		fprintf(f,
			"<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">"
			"%g%%</text>\n",
			SVG_LEFT - 8, y + 4, 100 * share);
	}
	fprintf(f,
		"<text transform=\"translate(22 %d) rotate(-90)\" "
		"text-anchor=\"middle\">share of turns</text>\n",
		(SVG_TOP + SVG_H - SVG_BOTTOM) / 2);
}

/* The score axis: a tick and label every few bars, and its title. */
static void
svg_xaxis(const struct svg *v)
{
	FILE *f = v->f;
	int every = v->rows <= 25 ? 1 : v->rows <= 60 ? 5 : 10;
	int base = SVG_H - SVG_BOTTOM;

	for (int i = 0; i < v->rows; i += every) {
		double x = (svg_x(v, i) + svg_x(v, i + 1)) / 2;
		const struct sim_row *r = &v->row[i];

		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"%s\"/>\n",
			x, base, x, base + 5, SVG_INK);
		if (r->lo == r->hi)
			fprintf(f,
				"<text x=\"%.1f\" y=\"%d\" "
				"text-anchor=\"middle\">%llu</text>\n",
				x, base + 20, (unsigned long long)r->lo);
		else
			fprintf(f,
				"<text x=\"%.1f\" y=\"%d\" "
				"text-anchor=\"middle\">%llu-%llu</text>\n",
				x, base + 20, (unsigned long long)r->lo,
				(unsigned long long)r->hi);
	}
	fprintf(f,
		"<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">score of the "
		"turn%s</text>\n",
		(SVG_LEFT + SVG_W - SVG_RIGHT) / 2, SVG_H - 18,
		v->s->rules.score == SHUT_SCORE_COUNT ? " (tiles left open)"
		: v->s->rules.score == SHUT_SCORE_DIGITS
		    ? " (the open tiles read as a number)"
		    : " (the sum of the tiles left open)");
}

static void
svg_bars(const struct svg *v)
{
	FILE *f = v->f;
	double gap = (svg_x(v, 1) - svg_x(v, 0)) * 0.12;

	fprintf(f, "<g fill=\"%s\">\n", SVG_BAR);
	for (int i = 0; i < v->rows; i++) {
		double share = svg_share(v, i), y = svg_y(v, share);

		if (share <= 0)
			continue;
		fprintf(f,
			"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\"><title>%.3f%%</title></rect>\n",
			svg_x(v, i) + gap, y,
			svg_x(v, i + 1) - svg_x(v, i) - 2 * gap,
			svg_y(v, 0) - y, 100 * share);
	}
	fputs("</g>\n", f);
}

/* The exact distribution: a line through a dot at each bar's centre. */
static void
svg_exact(const struct svg *v)
{
	FILE *f = v->f;

	if (!v->s->exact)
		return;
	fprintf(f,
		"<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" "
		"points=\"",
		SVG_EXACT);
	for (int i = 0; i < v->rows; i++)
		fprintf(f, "%s%.1f,%.1f", i ? " " : "",
			(svg_x(v, i) + svg_x(v, i + 1)) / 2,
			svg_y(v, v->row[i].exact));
	fprintf(f, "\"/>\n<g fill=\"%s\">\n", SVG_EXACT);
	for (int i = 0; i < v->rows; i++)
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.8\"/>\n",
			(svg_x(v, i) + svg_x(v, i + 1)) / 2,
			svg_y(v, v->row[i].exact));
	fputs("</g>\n", f);
}

/* The legend, top right: what the marks are, the shut rate, the mean. */
static void
svg_legend(const struct svg *v)
{
	const struct sim *s = v->s;
	FILE *f = v->f;
	struct sim_ci shut, mean;
	int x = SVG_W - SVG_RIGHT - 340, y = SVG_TOP + 8;

	sim_share(s->turns->shut, s->turns->games, &shut);
	sim_mean(&s->turns->score, &s->turns->score2, s->turns->games, 0,
		 &mean);
	fprintf(f,
		"<rect x=\"%d\" y=\"%d\" width=\"332\" height=\"%d\" "
		"fill=\"#ffffff\" fill-opacity=\"0.9\" stroke=\"%s\"/>\n",
		x - 8, y - 4, s->exact ? 96 : 76, SVG_GRID);
	fprintf(f,
		"<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"12\" "
		"fill=\"%s\"/><text x=\"%d\" y=\"%d\">simulated</text>\n",
		x, y + 4, SVG_BAR, x + 22, y + 15);
	if (s->exact)
		fprintf(f,
			"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
			"stroke=\"%s\" stroke-width=\"1.5\"/><circle "
			"cx=\"%d\" cy=\"%d\" r=\"2.8\" fill=\"%s\"/>"
			"<text x=\"%d\" y=\"%d\">exact</text>\n",
			x, y + 30, x + 14, y + 30, SVG_EXACT, x + 7, y + 30,
			SVG_EXACT, x + 22, y + 35);
	y += s->exact ? 58 : 38;
	fprintf(f, "<text x=\"%d\" y=\"%d\">shut %.2f%% (95%%: %.2f-%.2f%%)", x,
		y, 100 * shut.mean, 100 * shut.lo, 100 * shut.hi);
	if (s->exact)
		fprintf(f, ", exact %.2f%%", 100 * s->value.shut);
	fprintf(f, "</text>\n<text x=\"%d\" y=\"%d\">mean %.3f", x, y + 20,
		mean.mean);
	if (!isnan(mean.lo))
		fprintf(f, " (95%%: %.3f-%.3f)", mean.lo, mean.hi);
	if (s->exact)
		fprintf(f, ", exact %.3f", s->value.expected);
	fputs("</text>\n", f);
}

static void
svg_draw(struct svg *v)
{
	double top = 0;

	v->rows = sim_rows(v->s, SVG_ROWS, v->row);
	for (int i = 0; i < v->rows; i++) {
		double a = svg_share(v, i), b = v->row[i].exact;

		top = a > top ? a : top;
		top = b > top ? b : top;
	}
	/* Room above the highest bar for the legend. */
	svg_scale(v, top * 1.3);
	svg_head(v);
	svg_yaxis(v);
	svg_bars(v);
	svg_exact(v);
	svg_xaxis(v);
	svg_legend(v);
	fputs("</svg>\n", v->f);
}

/* ---------------------------------------------------------------------
 * The file
 */

/* The most symbolic links followed from FILE, Linux's own limit. */
#define SVG_LINKS 40

/* The end of the temporary file's name, for mkstemp(). */
#define SVG_TEMP ".XXXXXX"

/* The text of the symbolic link path, malloc'ed; NULL with errno set. */
static char *
svg_readlink(const char *path)
{
	char *buf = NULL, *grown;
	size_t size = 128;
	ssize_t n;

	for (;;) {
		if ((grown = realloc(buf, size)) == NULL)
			break;
		buf = grown;
		if ((n = readlink(path, buf, size)) < 0)
			break;
		if ((size_t)n < size) {
			buf[n] = '\0';
			return buf;
		}
		size *= 2;
	}
	free(buf);
	return NULL;
}

/*
 * The file that path names once its symbolic links are followed, as a
 * malloc'ed string: a relative link is read from the link's directory,
 * and a link that leads nowhere gives the name of the file it would
 * make.  NULL with errno set on failure (ELOOP for a loop of links).
 */
static char *
svg_target(const char *path)
{
	char *cur = strdup(path), *link, *next;
	const char *slash;
	struct stat st;
	size_t dir;

	for (int i = 0; cur != NULL; i++) {
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		link = i < SVG_LINKS ? svg_readlink(cur) : NULL;
		if (i == SVG_LINKS)
			errno = ELOOP;
		next = NULL;
		if (link != NULL) {
			slash = strrchr(cur, '/');
			dir = link[0] != '/' && slash != NULL
				  ? (size_t)(slash - cur) + 1
				  : 0;
			next = malloc(dir + strlen(link) + 1);
		}
		if (next != NULL) {
			memcpy(next, cur, dir);
			strcpy(next + dir, link);
		}
		free(link);
		free(cur);
		cur = next;
	}
	return NULL;
}

/*
 * Opens FILE itself, to draw the chart straight into it: a device or a
 * FIFO, which a rename would replace with a regular file, and a link
 * whose target has no name to rename to (Linux's /proc/self/fd/N).
 */
static int
svg_open_in_place(struct sim *s)
{
	s->svg_file = fopen(s->svg, "w");
	if (s->svg_file == NULL)
		return util_fail("sim: cannot write %s: %s", util_shown(s->svg),
				 strerror(errno));
	return CMD_EXIT_OK;
}

/*
 * Opens a new file of a name of its own, target.XXXXXX, beside target,
 * the file the chart is to replace; the chart will have mode.  A file
 * made and then not opened is left in svg_tmp for sim_svg_close().
 */
static int
svg_open_temp(struct sim *s, const char *target, mode_t mode)
{
	size_t len = strlen(target) + sizeof(SVG_TEMP);
	int fd;

	if ((s->svg_tmp = malloc(len)) == NULL)
		return util_fail("out of memory");
	snprintf(s->svg_tmp, len, "%s%s", target, SVG_TEMP);
	if ((fd = mkstemp(s->svg_tmp)) < 0) {
		/* No file was made: the name must not be removed. */
		free(s->svg_tmp);
		s->svg_tmp = NULL;
		return util_fail("sim: cannot write %s: %s", util_shown(s->svg),
				 strerror(errno));
	}
	if (fchmod(fd, mode) != 0 || (s->svg_file = fdopen(fd, "w")) == NULL) {
		int e = errno;

		close(fd);
		return util_fail("sim: cannot write %s: %s", util_shown(s->svg),
				 strerror(e));
	}
	return CMD_EXIT_OK;
}

/*
 * Opens the chart's file before the games are played, so that a chart
 * that cannot be written is refused at once, not after the run.  An empty
 * name and a directory are refused by name: a file could be made beside
 * them, and only the rename after the run would fail.
 *
 * A regular file, or none yet, is replaced whole: the chart goes to a new
 * file of a unique name beside it (so that no file of the user's is
 * touched), which is renamed over it once written.  A symbolic link
 * stays a link: the file it leads to is the one replaced.  The new file
 * keeps the mode of the one it replaces, or has the usual mode of a new
 * file.
 */
int
sim_svg_open(struct sim *s)
{
	struct stat file, at;
	char *target;
	mode_t mode;
	int found, rc;

	if (s->svg[0] == '\0')
		return util_error("bad --svg: an empty name");
	found = stat(s->svg, &file) == 0;
	if (found && S_ISDIR(file.st_mode))
		return util_error("bad --svg: %s: a directory",
				  util_shown(s->svg));
	if (found && !S_ISREG(file.st_mode))
		return svg_open_in_place(s);
	if ((target = svg_target(s->svg)) == NULL)
		return util_fail("sim: cannot write %s: %s", util_shown(s->svg),
				 strerror(errno));
	if (found && (lstat(target, &at) != 0 || at.st_dev != file.st_dev ||
		      at.st_ino != file.st_ino)) {
		free(target);
		return svg_open_in_place(s);
	}
	if (found) {
		mode = file.st_mode & 0777;
	} else {
		mode = umask(0);
		umask(mode);
		mode = 0666 & ~mode;
	}
	rc = svg_open_temp(s, target, mode);
	free(target);
	return rc;
}

/* Closes the chart's file, and removes a new one not put in place. */
void
sim_svg_close(struct sim *s)
{
	if (s->svg_file != NULL)
		fclose(s->svg_file);
	s->svg_file = NULL;
	if (s->svg_tmp != NULL)
		remove(s->svg_tmp);
	free(s->svg_tmp);
	s->svg_tmp = NULL;
}

/* Renames tmp, target.XXXXXX, over target.  Returns rename()'s value. */
static int
svg_rename(const char *tmp)
{
	size_t n = strlen(tmp) - strlen(SVG_TEMP);
	char *target = malloc(n + 1);
	int rc;

	if (target == NULL)
		return -1;
	memcpy(target, tmp, n);
	target[n] = '\0';
	rc = rename(tmp, target);
	free(target);
	return rc;
}

int
sim_svg(struct sim *s)
{
	struct svg v = { .s = s, .f = s->svg_file };
	int rc = CMD_EXIT_OK, bad;

	v.row = malloc(SHUT_SIM_BINS * sizeof(*v.row));
	if (v.row == NULL)
		return util_fail("out of memory");
	svg_draw(&v);
	free(v.row);
	bad = ferror(v.f);
	s->svg_file = NULL;
	if ((fclose(v.f) != 0) | bad ||
	    (s->svg_tmp != NULL && svg_rename(s->svg_tmp) != 0))
		rc = util_fail("sim: cannot write %s: %s", util_shown(s->svg),
			       strerror(errno));
	else if (s->svg_tmp != NULL) {
		/* In place now: nothing is left for sim_svg_close() to remove.
		 */
		free(s->svg_tmp);
		s->svg_tmp = NULL;
	}
	return rc;
}
