/*
 * unit_solver.h - what the solver's tests share: a solver for a spec or a
 * rule set and an objective written as text, the value of an open set, and
 * doubles compared to a relative 1e-12.  Each fails the test, saying why,
 * when the library refuses.  Include after cmocka.h, math.h, shutbox.h and
 * unit.h.
 */
#ifndef UNIT_SOLVER_H
#define UNIT_SOLVER_H

static inline void
objective_of(struct shut_objective *o, const char *text)
{
	if (shut_objective_parse(o, text, NULL, 0) != 0)
		fail_msg("objective \"%s\" refused", text);
}

static inline struct shut_solver *
solve_rules(const struct shut_rules *r, const char *objective, unsigned flags,
	    int threads)
{
	struct shut_solver_options opt = { .flags = flags, .threads = threads };
	struct shut_objective o;
	struct shut_solver *s = NULL;
	int rc;

	objective_of(&o, objective);
	rc = shut_solver_new(&s, r, &o, &opt);
	if (rc != 0)
		fail_msg("solving for %s failed: %s", objective,
			 shut_strerror(rc));
	return s;
}

static inline struct shut_solver *
solve(const char *spec, const char *objective, unsigned flags)
{
	struct shut_rules r;

	rules_of(&r, spec);
	return solve_rules(&r, objective, flags, 1);
}

static inline struct shut_value
value_at(const struct shut_solver *s, uint32_t open)
{
	struct shut_position pos = { open, 0, 0 };
	struct shut_value v;

	assert_int_equal(shut_solver_value(s, &pos, &v), 0);
	return v;
}

/* Whether two doubles agree to a relative 1e-12 (zero only with zero). */
static inline int
agree(double a, double b)
{
	if (a == b)
		return 1;
	return fabs(a - b) <= 1e-12 * fmax(fabs(a), fabs(b));
}

static inline void
assert_agree(double got, double want, const char *what, uint32_t open)
{
	if (!agree(got, want))
		fail_msg("%s at open %#x: %.17g, want %.17g", what,
			 (unsigned)open, got, want);
}

#endif
