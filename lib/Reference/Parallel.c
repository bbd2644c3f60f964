//===- Parallel.c - the evaluator's own worker threads ---------------------===//
//
// The fast kernels (Blocked.c) and the per-element passes after them split
// their work into independent items: a block of output columns, a row of
// results. tcRefParallelFor runs items on `threads` POSIX threads that take
// the next item from an atomic counter, and joins them before it returns.
// No thread outlives the call, so nothing of it is left in a process that
// forks afterwards (the gate runs artifacts in forked children), and
// nothing is shared with the compiler's runtime: the evaluator does not use
// OpenMP, whose runtime the artifacts load themselves (and which
// utils/check-independence.py keeps out of the evaluator's link graph).
//
// Every item computes its own outputs in a fixed order, so results never
// depend on the thread count or on which thread ran which item.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "RefInternal.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <unistd.h>

enum { MAX_THREADS = 256 };

typedef struct Team {
  RefTaskFn fn;
  void *ctx;
  int64_t items;
  atomic_int_fast64_t next;
} Team;

static void *work(void *arg) {
  Team *team = arg;
  for (int64_t i; (i = atomic_fetch_add(&team->next, 1)) < team->items;)
    team->fn(team->ctx, i);
  return NULL;
}

int tcRefDefaultThreads(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

void tcRefParallelFor(int threads, int64_t items, RefTaskFn fn, void *ctx) {
  Team team = {fn, ctx, items, 0};
  if (threads > items)
    threads = (int)items;
  if (threads > MAX_THREADS)
    threads = MAX_THREADS;
  pthread_t helpers[MAX_THREADS];
  int started = 0;
  for (int t = 1; t < threads; ++t) // a thread that cannot start leaves its items to the others
    started += pthread_create(&helpers[started], NULL, work, &team) == 0;
  work(&team);
  for (int t = 0; t < started; ++t)
    pthread_join(helpers[t], NULL);
}
