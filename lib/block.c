/*
 * block.c - the allocation of the solver's block.
 *
 * The table of the-300 is 256 MiB, read all over by the solver's kernel
 * (each group reads groups of earlier blocks, megabytes apart) and at
 * random by the computer players.  With pages of 4 KiB such a read misses
 * the processor's TLB as well as its caches, and a page walk comes before
 * the read; filling the table also faults once every 4 KiB.  So a block of
 * 2 MiB or more is aligned to 2 MiB and the system is asked to back it
 * with huge pages (madvise() with MADV_HUGEPAGE, where the system has it:
 * Linux's transparent huge pages, in their default "madvise" mode).  It is
 * advice only: a system without it, or that declines, gives the same
 * block in pages of its usual size, and nothing else changes.  On the-300
 * this took a quarter to a third of the solve's CPU time off
 * (docs/internals/solver.md, Memory).
 *
 * The block is freed with free(), as any other.
 */
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */
#include <stddef.h>
#include <stdlib.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "solver.h"

/* The size of a huge page on x86-64 and arm64 (with 4 KiB pages). */
#define HUGE_PAGE ((size_t)2 << 20)

void *
shut__block_alloc(size_t size)
{
	void *p = NULL;

	if (size < HUGE_PAGE)
		return malloc(size);
	if (posix_memalign(&p, HUGE_PAGE, size) != 0)
		return NULL;
#if defined(MADV_HUGEPAGE)
	/* Advice: its failure changes nothing but the speed. */
	(void)madvise(p, size, MADV_HUGEPAGE);
#endif
	return p;
}
