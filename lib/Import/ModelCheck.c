//===- ModelCheck.c - reading a model file and checking its graph ----------===//
//
// What makes a model invalid ONNX (exit 2) is checked here, before any node
// is imported, so that a malformed model is always reported as such even if
// it also uses an unsupported op: bytes that do not unpack as a ModelProto,
// no graph, no default-domain opset import, a node without an op type, a
// value defined twice, a node input, graph output or initializer name that
// nothing defines before its use. An opset outside 1..21 is valid ONNX that
// tensorc does not import (exit 3); which ops opsets 1-6 may use is decided
// node by node (tcImpLegacyOp).
//
//===----------------------------------------------------------------------===//
#include "ImportModel.h"

#include "tensorc/Import.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

unsigned char *tcImpReadFile(const char *path, size_t *size, char *err, size_t errSize) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errSize, "cannot open '%s': %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, len = 0;
  unsigned char *data = malloc(cap);
  for (size_t got; data && (got = fread(data + len, 1, cap - len, f)) > 0;) {
    len += got;
    if (len == cap) {
      unsigned char *bigger = realloc(data, cap *= 2);
      if (!bigger)
        free(data);
      data = bigger;
    }
  }
  bool bad = ferror(f) || !data;
  fclose(f);
  if (bad) {
    free(data);
    snprintf(err, errSize, "cannot read '%s'", path);
    return NULL;
  }
  *size = len;
  return data;
}

ImpModelStorage *tcImpModelLoad(Importer *im) {
  char err[512];
  size_t size;
  unsigned char *bytes = tcImpReadFile(im->path, &size, err, sizeof err);
  if (!bytes) {
    im->status = TC_EXIT_USAGE;
    fprintf(im->err, "tensor-import-onnx: %s\n", err);
    return NULL;
  }
  im->model = tcOnnx__model_proto__unpack(NULL, size, bytes);
  free(bytes); // protobuf-c copies what it keeps: the tensors' bytes now live in the message
  if (!im->model) {
    tcImpInvalid(im, "not an ONNX model (the protobuf does not parse as a ModelProto)");
    return NULL;
  }
  ImpModelStorage *s = calloc(1, sizeof *s);
  s->model = im->model;
  return s;
}

void tcImpModelStorageDestroy(ImpModelStorage *storage) {
  if (!storage)
    return;
  tcOnnx__model_proto__free_unpacked(storage->model, NULL);
  free(storage);
}

static bool checkOpset(Importer *im) {
  bool found = false;
  for (size_t i = 0; i < im->model->n_opset_import; ++i) {
    const Onnx__OperatorSetIdProto *o = im->model->opset_import[i];
    if (o->domain && *o->domain && strcmp(o->domain, "ai.onnx") != 0)
      continue;
    found = true;
    im->opset = o->has_version ? o->version : 1;
  }
  if (!found) // valid when no node uses the default domain; those nodes are then unsupported
    return tcImpUnsupported(im, "the model imports no opset of the default ONNX domain");
  if (im->opset < 1 || im->opset > 21)
    return tcImpUnsupported(im, "opset %" PRId64 " (tensor-import-onnx imports opsets 1 to 21)", im->opset);
  return true;
}

static bool declareNew(Importer *im, const char *name, const char *what) {
  if (!name)
    return tcImpInvalid(im, "a %s has no name", what);
  if (tcImpLookup(im, name))
    return tcImpInvalid(im, "value '%s' is defined twice", name);
  tcImpDeclare(im, name);
  return true;
}

static bool checkNode(Importer *im, const Onnx__NodeProto *node) {
  im->node = node;
  if (!node->op_type || !*node->op_type)
    return tcImpInvalid(im, "a node has no op_type");
  for (size_t i = 0; i < node->n_input; ++i)
    if (*node->input[i] && !tcImpLookup(im, node->input[i]))
      return tcImpInvalid(im, "input '%s' is not defined before its use", node->input[i]);
  for (size_t i = 0; i < node->n_output; ++i)
    if (*node->output[i] && !declareNew(im, node->output[i], "node output"))
      return false;
  im->node = NULL;
  return true;
}

bool tcImpModelCheck(Importer *im) {
  const Onnx__GraphProto *g = im->model->graph;
  if (!g)
    return tcImpInvalid(im, "the model has no graph");
  size_t cap = g->n_input + g->n_initializer + 1;
  for (size_t i = 0; i < g->n_node; ++i)
    cap += g->node[i]->n_output;
  im->capValues = cap;
  im->values = calloc(cap, sizeof *im->values);
  im->tableSize = 2 * cap + 1;
  im->table = calloc(im->tableSize, sizeof *im->table);
  for (size_t i = 0; i < g->n_initializer; ++i)
    if (!declareNew(im, g->initializer[i]->name, "initializer"))
      return false;
  for (size_t i = 0; i < g->n_input; ++i) {
    const char *name = g->input[i]->name;
    if (!name)
      return tcImpInvalid(im, "a graph input has no name");
    if (!tcImpLookup(im, name))
      tcImpDeclare(im, name);
  }
  for (size_t i = 0; i < g->n_node; ++i)
    if (!checkNode(im, g->node[i]))
      return false;
  for (size_t i = 0; i < g->n_output; ++i)
    if (!g->output[i]->name || !tcImpLookup(im, g->output[i]->name))
      return tcImpInvalid(im, "graph output '%s' is not defined by the graph",
                          g->output[i]->name ? g->output[i]->name : "");
  return checkOpset(im);
}

TcExitCode tcOnnxPrintOpTypes(const char *path, FILE *out, FILE *err) {
  Importer im = {.path = path, .err = err, .status = TC_EXIT_SUCCESS};
  ImpModelStorage *storage = tcImpModelLoad(&im);
  if (!storage)
    return im.status;
  const Onnx__GraphProto *g = im.model->graph;
  for (size_t i = 0; g && i < g->n_node; ++i) {
    const char *op = g->node[i]->op_type ? g->node[i]->op_type : "";
    bool seen = false;
    for (size_t j = 0; j < i && !seen; ++j)
      seen = g->node[j]->op_type && strcmp(g->node[j]->op_type, op) == 0;
    if (!seen)
      fprintf(out, "%s\n", op);
  }
  tcImpModelStorageDestroy(storage);
  return g ? TC_EXIT_SUCCESS : (tcImpInvalid(&im, "the model has no graph"), im.status);
}

TcExitCode tcOnnxPrintInputs(const char *path, FILE *out, FILE *err) {
  Importer im = {.path = path, .err = err, .status = TC_EXIT_SUCCESS};
  ImpModelStorage *storage = tcImpModelLoad(&im);
  if (!storage)
    return im.status;
  const Onnx__GraphProto *g = im.model->graph;
  for (size_t i = 0; g && i < g->n_input; ++i) {
    const char *name = g->input[i]->name ? g->input[i]->name : "";
    bool init = false; // an initializer listed as an input (IR version < 4)
    for (size_t k = 0; k < g->n_initializer && !init; ++k)
      init = g->initializer[k]->name && strcmp(g->initializer[k]->name, name) == 0;
    if (!init)
      fprintf(out, "%s\n", name);
  }
  tcImpModelStorageDestroy(storage);
  return g ? TC_EXIT_SUCCESS : (tcImpInvalid(&im, "the model has no graph"), im.status);
}
