//===- IdentityCheck.c - the stamp checks of the IR contract ---------------===//
//
// Two checks enforce invariant 1 of design.md (docs/ir-contract.md):
//
// - on input, a stamp must match the program. Recomputing the semantic hash
//   only makes sense for the program as its producer wrote it; after a
//   lowering the content has legitimately changed. So the manifest provides
//   a chain of custody: if the module's IR hash is the `ir_after` of its
//   last successful record, the module is byte for byte (in generic form)
//   what a tensorc run produced, and that run checked the stamp. Otherwise
//   (no manifest, or IR edited since) the semantic hash is recomputed and
//   must equal the stamp;
// - after each pass, the stamp must be exactly what it was: a pass may
//   change how the program runs, never what it is. Only tc-stamp may add a
//   stamp to a module that has none. The declared contract (`tc.contract`)
//   must not change either (invariant 3: it is declared before compiling).
//
// Every violation is semantic drift, reported at the module's location with
// both values and, after a pass, the pass's name.
//
//===----------------------------------------------------------------------===//
#include "tensorc/TextBuffer.h"
#include "tensorc/Driver.h"

#include "tensorc/SemanticHash.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

// A stamp printed for a message (cut at 256 bytes).
typedef struct Sink {
  char buf[256];
  TcFixedText text;
} Sink;

// The stamp as text: a string's contents, or any other attribute printed.
static const char *stampText(MlirAttribute stamp, Sink *sink) {
  sink->text = tcFixedTextInit(sink->buf, sizeof sink->buf);
  if (mlirAttributeIsAString(stamp))
    tcFixedTextAppend(mlirStringAttrGetValue(stamp), &sink->text);
  else
    mlirAttributePrint(stamp, tcFixedTextAppend, &sink->text);
  return sink->buf;
}

static MlirAttribute getStamp(MlirOperation module) {
  return mlirOperationGetDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_SEMANTIC_HASH_ATTR));
}

static bool isRecordString(MlirAttribute record, const char *key, const char *expected) {
  MlirAttribute value = mlirDictionaryAttrGetElementByName(record, mlirStringRefCreateFromCString(key));
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAString(value))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(value);
  return s.length == strlen(expected) && memcmp(s.data, expected, s.length) == 0;
}

// True if the module is what the run that wrote its last record left.
static bool custodyIntact(MlirOperation module, MlirAttribute records) {
  if (mlirAttributeIsNull(records) || mlirArrayAttrGetNumElements(records) == 0)
    return false;
  MlirAttribute last = mlirArrayAttrGetElement(records, mlirArrayAttrGetNumElements(records) - 1);
  char irHash[TC_HASH_TEXT_SIZE];
  tcFormatHash(tcComputeIRHash(module), irHash);
  return isRecordString(last, "status", "success") && isRecordString(last, "ir_after", irHash);
}

TcExitCode tcCheckInput(MlirOperation module) {
  MlirAttribute records;
  if (mlirLogicalResultIsFailure(tcManifestGetRecordsAttr(module, &records)))
    return TC_EXIT_STRUCTURAL;
  MlirAttribute stamp = getStamp(module);
  if (mlirAttributeIsNull(stamp))
    return TC_EXIT_SUCCESS;
  MlirLocation loc = mlirOperationGetLocation(module);
  Sink sink;
  TcHash128 stamped, computed;
  if (!mlirAttributeIsAString(stamp) || !tcParseHash(mlirStringAttrGetValue(stamp), &stamped)) {
    tcEmitError(loc, "tc.semantic_hash must be a string of the form xxh3-128:<32 hex digits>, not '%s'",
                stampText(stamp, &sink));
    return TC_EXIT_DRIFT;
  }
  if (custodyIntact(module, records))
    return TC_EXIT_SUCCESS;
  if (mlirLogicalResultIsFailure(tcComputeSemanticHash(module, &computed)))
    return TC_EXIT_STRUCTURAL;
  if (tcHashEqual(stamped, computed))
    return TC_EXIT_SUCCESS;
  char text[TC_HASH_TEXT_SIZE];
  tcEmitError(loc, "tc.semantic_hash does not match the program: the stamp says %s, the program hashes to %s",
              stampText(stamp, &sink), tcFormatHash(computed, text));
  return TC_EXIT_DRIFT;
}

TcIdentity tcIdentityGet(MlirOperation module) {
  TcIdentity id = {getStamp(module), mlirOperationGetDiscardableAttributeByName(
                                         module, mlirStringRefCreateFromCString(TC_CONTRACT_ATTR))};
  return id;
}

static TcExitCode checkStamp(MlirOperation module, MlirAttribute before, const TcPipelineStep *step,
                             const char *stepText) {
  MlirAttribute after = getStamp(module);
  MlirLocation loc = mlirOperationGetLocation(module);
  Sink was, now;
  if (mlirAttributeIsNull(before)) {
    if (mlirAttributeIsNull(after) || (step->isTensorc && strcmp(step->passName, "tc-stamp") == 0))
      return TC_EXIT_SUCCESS;
    tcEmitError(loc, "pass '%s' added tc.semantic_hash (%s); only tc-stamp may stamp a program", stepText,
                stampText(after, &now));
    return TC_EXIT_DRIFT;
  }
  if (mlirAttributeIsNull(after)) {
    tcEmitError(loc, "pass '%s' dropped tc.semantic_hash (it was %s)", stepText, stampText(before, &was));
    return TC_EXIT_DRIFT;
  }
  if (!mlirAttributeEqual(before, after)) {
    tcEmitError(loc, "pass '%s' changed tc.semantic_hash from %s to %s", stepText, stampText(before, &was),
                stampText(after, &now));
    return TC_EXIT_DRIFT;
  }
  return TC_EXIT_SUCCESS;
}

TcExitCode tcCheckStepIdentity(MlirOperation module, const TcIdentity *before, const TcPipelineStep *step,
                               const char *stepText) {
  TcExitCode rc = checkStamp(module, before->stamp, step, stepText);
  if (rc != TC_EXIT_SUCCESS)
    return rc;
  MlirAttribute contract =
      mlirOperationGetDiscardableAttributeByName(module, mlirStringRefCreateFromCString(TC_CONTRACT_ATTR));
  bool same = mlirAttributeIsNull(before->contract) ? mlirAttributeIsNull(contract)
                                                   : !mlirAttributeIsNull(contract) &&
                                                         mlirAttributeEqual(before->contract, contract);
  if (same)
    return TC_EXIT_SUCCESS;
  tcEmitError(mlirOperationGetLocation(module), "pass '%s' %s tc.contract; the contract is declared before "
                                                "compiling and no pass may change it",
              stepText, mlirAttributeIsNull(contract) ? "dropped" : "changed");
  return TC_EXIT_DRIFT;
}
