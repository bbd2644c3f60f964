//===- RefTool.c - what tensor-ref's two modes share -----------------------===//
//
// See RefTool.h.
//
//===----------------------------------------------------------------------===//
#include "RefTool.h"

#include "tensorc/Npy.h"
#include "tensorc/Tool.h"

#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

//===-- Finding the function ------------------------------------------------===//

static MlirStringRef symName(MlirOperation op) {
  MlirAttribute a = mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
  return mlirAttributeIsNull(a) ? mlirStringRefCreate(NULL, 0) : mlirStringAttrGetValue(a);
}

bool tcRefToolIsPublicDefinition(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length != 9 || memcmp(name.data, "func.func", 9) != 0)
    return false;
  MlirAttribute vis = mlirOperationGetInherentAttributeByName(op, mlirStringRefCreateFromCString("sym_visibility"));
  bool isPrivate = !mlirAttributeIsNull(vis) && mlirStringRefEqual(mlirStringAttrGetValue(vis),
                                                                   mlirStringRefCreateFromCString("private"));
  return !isPrivate && !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

MlirOperation tcRefToolFindFunction(MlirModule module, const char *wanted) {
  MlirOperation found = {NULL};
  int count = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!tcRefToolIsPublicDefinition(op))
      continue;
    MlirStringRef name = symName(op);
    if (wanted ? mlirStringRefEqual(name, mlirStringRefCreateFromCString(wanted)) : count++ == 0)
      found = op;
  }
  if (!wanted && count > 1) {
    fprintf(stderr, "tensor-ref: the program has %d public functions: choose one with --fn\n", count);
    return (MlirOperation){NULL};
  }
  if (mlirOperationIsNull(found))
    fprintf(stderr, "tensor-ref: no public function%s%s in the program\n", wanted ? " named " : "",
            wanted ? wanted : "");
  return found;
}

int tcRefToolMissingFunctionClass(MlirOperation module, const char *wanted) {
  if (wanted)
    return TC_EXIT_USAGE;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (tcRefToolIsPublicDefinition(op))
      return TC_EXIT_USAGE; // several: choose one with --fn
  return TC_EXIT_STRUCTURAL;
}

//===-- Outputs ---------------------------------------------------------------===//

static void printElement(const TcRefTensor *t, int64_t k) {
  if (t->dtype == TC_REF_I1)
    printf("%s", t->data[k].i ? "true" : "false");
  else if (tcRefDtypeIsFloat(t->dtype))
    printf(t->dtype == TC_REF_F64 ? "%.17g" : "%.9g", t->data[k].f);
  else if (t->dtype >= TC_REF_UI8 && t->dtype <= TC_REF_UI64)
    printf("%" PRIu64, t->data[k].u);
  else
    printf("%" PRId64, t->data[k].i);
}

static void printNested(const TcRefTensor *t, intptr_t dim, int64_t *k) {
  if (dim == t->rank) {
    printElement(t, (*k)++);
    return;
  }
  printf("[");
  for (int64_t i = 0; i < t->dims[dim]; ++i) {
    if (i)
      printf(", ");
    printNested(t, dim + 1, k);
  }
  printf("]");
}

void tcRefToolPrintTensor(const char *what, intptr_t i, const TcRefTensor *t) {
  int64_t k = 0;
  printf("%s #%ld: tensor<", what, (long)i);
  for (intptr_t d = 0; d < t->rank; ++d)
    printf("%" PRId64 "x", t->dims[d]);
  printf("%s> = ", tcRefDtypeName(t->dtype));
  printNested(t, 0, &k);
  printf("\n");
}

bool tcRefToolWriteNpy(const char *dir, const char *name, const TcRefTensor *t) {
  TcNpyArray a;
  char path[4096], err[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  bool ok = tcRefTensorToNpy(t, &a) && tcNpyWrite(path, &a, err, sizeof err);
  if (!ok)
    fprintf(stderr, "tensor-ref: cannot write '%s'\n", path);
  tcNpyArrayDestroy(&a);
  return ok;
}

bool tcRefToolMakeDir(const char *dir) {
  struct stat st;
  if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
    return true;
  if (errno == EEXIST)
    errno = ENOTDIR;
  fprintf(stderr, "tensor-ref: cannot create directory '%s': %s\n", dir, strerror(errno));
  return false;
}
