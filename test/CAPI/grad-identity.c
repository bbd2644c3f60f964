//===- grad-identity.c - a VJP's identity is derived as documented ----------===//
//
// tc-grad stamps f_vjp with tc.semantic_hash = XXH3-128 of the text
//
//   tensorc-vjp/1\nforward=<module stamp>\nof=<f>\nwrt=<i,j,...>\nweights=<k>\nrules=<n>\n
//
// (docs/autodiff.md §5). This program recomputes that hash from the VJP's
// tc.vjp fields and the module's own stamp, for every VJP of the module
// file given, and prints "<name> <identity>: derived" or what is wrong.
//
//===----------------------------------------------------------------------===//
#include "tensorc/Dialects.h"
#include "tensorc/Parse.h"
#include "tensorc/SemanticHash.h"
#include "tensorc/Tool.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirAttribute field(MlirAttribute dict, const char *name) {
  return mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString(name));
}

static int checkVJP(MlirOperation func, MlirStringRef moduleStamp) {
  MlirAttribute vjp = mlirOperationGetDiscardableAttributeByName(func, mlirStringRefCreateFromCString("tc.vjp"));
  MlirAttribute id = mlirOperationGetDiscardableAttributeByName(func, mlirStringRefCreateFromCString("tc.semantic_hash"));
  MlirStringRef name = mlirStringAttrGetValue(mlirOperationGetInherentAttributeByName(func, mlirStringRefCreateFromCString("sym_name")));
  MlirStringRef forward = mlirStringAttrGetValue(field(vjp, "forward")), of = mlirStringAttrGetValue(field(vjp, "of"));
  MlirAttribute wrt = field(vjp, "wrt");
  char text[4096];
  int n = snprintf(text, sizeof text, "tensorc-vjp/1\nforward=%.*s\nof=%.*s\nwrt=", (int)forward.length, forward.data,
                   (int)of.length, of.data);
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(wrt); ++i)
    n += snprintf(text + n, sizeof text - (size_t)n, "%s%lld", i ? "," : "", (long long)mlirDenseI64ArrayGetElement(wrt, i));
  n += snprintf(text + n, sizeof text - (size_t)n, "\nweights=%lld\nrules=%lld\n",
                (long long)mlirIntegerAttrGetValueInt(field(vjp, "weights")),
                (long long)mlirIntegerAttrGetValueInt(field(vjp, "rules")));
  char expected[TC_HASH_TEXT_SIZE];
  tcFormatHash(tcHashBytes(text, (size_t)n), expected);
  MlirStringRef got = mlirStringAttrGetValue(id);
  bool derived = got.length == strlen(expected) && memcmp(got.data, expected, got.length) == 0;
  bool fromStamp = mlirStringRefEqual(forward, moduleStamp);
  printf("%.*s %.*s: %s\n", (int)name.length, name.data, (int)got.length, got.data,
         !derived ? "NOT the documented derivation" : !fromStamp ? "NOT from the module's stamp" : "derived");
  return !(derived && fromStamp);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f)
    return 2;
  static char source[1 << 20];
  size_t len = fread(source, 1, sizeof source - 1, f);
  fclose(f);
  MlirContext ctx = tcToolContextCreate();
  if (mlirLogicalResultIsFailure(tcRegisterDialects(ctx)))
    return 2;
  MlirModule m = tcParseSourceModule(ctx, mlirStringRefCreate(source, len), mlirStringRefCreateFromCString(argv[1]));
  if (mlirModuleIsNull(m))
    return 2;
  MlirStringRef stamp = mlirStringAttrGetValue(mlirOperationGetDiscardableAttributeByName(
      mlirModuleGetOperation(m), mlirStringRefCreateFromCString("tc.semantic_hash")));
  int failed = 0, vjps = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (!mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString("tc.vjp"))))
      failed |= checkVJP(op, stamp), ++vjps;
  printf("%d VJPs\n", vjps);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return failed;
}
