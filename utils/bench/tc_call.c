//===- tc_call.c - time an entry point of a tensorc artifact --------------===//
//
// tc_call LIB.so FN [--in DT:COUNT[:FILE]]... [--out DT:COUNT[:FILE]]...
//         [--dims D,D,...] [--reps R] [--min-sample S] [--budget S] [--label TEXT]
//
// The tensorc side of utils/bench: dlopen the shared library `tensorc
// compile` wrote and call the entry point FN through its packed wrapper
// `FN__tc_packed` (docs/abi.md §3), one pointer per input then per output,
// every buffer 64-byte aligned as docs/abi.md recommends. Inputs come from
// raw files (the driver writes the reference evaluator's inputs as raw) or
// are drawn; outputs with a FILE are written after the last call, so the
// driver can judge them against the reference under the contract before it
// trusts the timing. DT is f32 or f64; COUNT is the number of elements. The
// thread count is the environment's (OMP_NUM_THREADS, BLIS_NUM_THREADS),
// which the driver sets per run, as a user of the artifact would. An entry
// point with run-time sizes (tensorc-abi/2, docs/dynamic-shapes.md §3) takes
// `--dims`: every input's shape, then every output's, passed as the last
// argument; a call that returns a code other than 0 fails the run.
// Measurement and output: bench_util.h.
//
//===----------------------------------------------------------------------===//
#include "bench_util.h"

#include <dlfcn.h>

enum { MAX_ARGS = 64 };

typedef struct {
  size_t bytes;
  const char *file; // NULL: drawn (inputs) or not written (outputs)
  void *data;
} Buffer;

typedef struct {
  void (*packed)(void **);
  int32_t (*packedDynamic)(void **);
  void *args[MAX_ARGS + 1];
} Call;

static void callPacked(void *ctx) {
  Call *c = ctx;
  if (!c->packedDynamic) {
    c->packed(c->args);
    return;
  }
  int32_t code = c->packedDynamic(c->args);
  if (code != 0) {
    char text[32];
    snprintf(text, sizeof text, "%d", (int)code);
    benchFail("the entry point refused the shapes, code", text);
  }
}

/// Parses "D,D,..." (the --dims list) into a new array.
static int64_t *parseDims(const char *list) {
  size_t n = 1;
  for (const char *c = list; *c; ++c)
    n += *c == ',';
  int64_t *dims = benchAlloc(n * sizeof *dims);
  char *end;
  for (size_t i = 0; i < n; ++i, list = end + 1) {
    dims[i] = strtoll(list, &end, 10);
    if (end == list || (*end != ',' && *end != '\0'))
      benchFail("--dims takes a comma-separated list of sizes", list);
  }
  return dims;
}

/// Parses DT:COUNT[:FILE] into `b`.
static void parseBuffer(char *spec, Buffer *b, int isInput, int index) {
  char *count = strchr(spec, ':');
  if (!count)
    benchFail("expected DT:COUNT[:FILE]", spec);
  *count++ = '\0';
  char *file = strchr(count, ':');
  if (file)
    *file++ = '\0';
  size_t width = strcmp(spec, "f32") == 0 ? 4 : strcmp(spec, "f64") == 0 ? 8 : 0;
  if (!width)
    benchFail("unsupported dtype (f32, f64)", spec);
  b->bytes = width * strtoull(count, NULL, 10);
  b->file = file;
  b->data = benchAlloc(b->bytes);
  if (isInput && file)
    benchReadRaw(file, b->data, b->bytes);
  else if (isInput)
    benchFillRandom(b->data, b->bytes / width, width == 8, 17 + (uint64_t)index);
}

int main(int argc, char **argv) {
  if (argc < 3)
    benchFail("usage: tc_call LIB.so FN [--in DT:COUNT[:FILE]]... [--out ...]", NULL);
  BenchPlan plan = BENCH_DEFAULT_PLAN;
  Buffer buffers[MAX_ARGS];
  int isOutput[MAX_ARGS];
  int n = 0, seenOutput = 0;
  const char *label = "tensorc";
  int64_t *dims = NULL;
  for (int i = 3; i < argc; ++i) {
    if (benchParsePlan(argc, argv, &i, &plan))
      continue;
    int in = strcmp(argv[i], "--in") == 0, out = strcmp(argv[i], "--out") == 0;
    if (strcmp(argv[i], "--label") == 0 && i + 1 < argc) {
      label = argv[++i];
      continue;
    }
    if (strcmp(argv[i], "--dims") == 0 && i + 1 < argc) {
      dims = parseDims(argv[++i]);
      continue;
    }
    if ((!in && !out) || i + 1 >= argc || n == MAX_ARGS)
      benchFail("bad argument", argv[i]);
    if (in && seenOutput)
      benchFail("inputs come before outputs", argv[i + 1]);
    seenOutput |= out;
    isOutput[n] = out;
    parseBuffer(argv[++i], &buffers[n], in, n);
    ++n;
  }
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    benchFail("cannot load the artifact", dlerror());
  char symbol[512];
  snprintf(symbol, sizeof symbol, "%s__tc_packed", argv[2]);
  Call call = {0};
  *(void **)(dims ? (void *)&call.packedDynamic : (void *)&call.packed) = dlsym(lib, symbol);
  if (!call.packed && !call.packedDynamic)
    benchFail("no packed entry point", symbol);
  for (int k = 0; k < n; ++k)
    call.args[k] = buffers[k].data;
  call.args[n] = dims; // read only by an entry point with run-time sizes
  benchMeasure(callPacked, &call, plan);
  printf(", \"impl\": \"%s\"}\n", label);
  for (int k = 0; k < n; ++k)
    if (isOutput[k] && buffers[k].file)
      benchWriteRaw(buffers[k].file, buffers[k].data, buffers[k].bytes);
  return 0;
}
