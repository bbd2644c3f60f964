//===- IdentityCheck.c - the stamp checks of the IR contract ---------------===//
//
// Two checks enforce invariant 1 of design.md (docs/ir-contract.md):
//
// - on input, a stamp must match the program, and the module's word is not
//   evidence: the semantic hash is recomputed and must equal the stamp,
//   whatever `tc.manifest` says. Only a module with no tc_tensor op left
//   cannot be checked that way (lowering legitimately changed its content),
//   and only for such a module the manifest provides a chain of custody: if
//   its IR hash is the `ir_after` of its last successful record, it is byte
//   for byte (in generic form) what a tensorc run produced, and that run
//   checked the stamp. Custody protects against accidents, not forgery, and
//   the manifest says when it was relied on (custody "records"). A declared
//   contract is bound to the stamp by `tc.contract_stamp`, the contract's
//   hash when tc-stamp stamped the module: a contract edited, added or
//   removed after stamping is drift;
// - after each pass, the stamp and the contract stamp must be exactly what
//   they were: a pass may change how the program runs, never what it is.
//   Only tc-stamp may add them to a module that has none. The declared
//   contract (`tc.contract`) must not change either (invariant 3: it is
//   declared before compiling).
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
  if (mlirAttributeIsNull(stamp))
    tcFixedTextAppend(mlirStringRefCreateFromCString("none"), &sink->text);
  else if (mlirAttributeIsAString(stamp))
    tcFixedTextAppend(mlirStringAttrGetValue(stamp), &sink->text);
  else
    mlirAttributePrint(stamp, tcFixedTextAppend, &sink->text);
  return sink->buf;
}

static MlirAttribute getAttr(MlirOperation module, const char *name) {
  return mlirOperationGetDiscardableAttributeByName(module, mlirStringRefCreateFromCString(name));
}

const char *tcCustodyGetName(TcCustody custody) {
  switch (custody) {
  case TC_CUSTODY_PRODUCER:
    return "producer";
  case TC_CUSTODY_DRIVER:
    return "driver";
  case TC_CUSTODY_RECORDS:
    return "records";
  case TC_CUSTODY_NONE:
    break;
  }
  return NULL;
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

static MlirWalkResult findTensorOp(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length > 10 && memcmp(name.data, "tc_tensor.", 10) == 0) {
    *(bool *)userData = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

// Whether the module is still at its producer's level: any tc_tensor op
// left means its stamp can be, and must be, recomputed.
static bool holdsTensorOps(MlirOperation module) {
  bool found = false;
  mlirOperationWalk(module, findTensorOp, &found, MlirWalkPreOrder);
  return found;
}

// The declared contract must be the one stamped with the program.
static TcExitCode checkContractStamp(MlirOperation module, MlirAttribute stamp) {
  MlirAttribute contract = getAttr(module, TC_CONTRACT_ATTR), bound = getAttr(module, TC_CONTRACT_STAMP_ATTR);
  MlirLocation loc = mlirOperationGetLocation(module);
  Sink sink;
  if (mlirAttributeIsNull(contract) && mlirAttributeIsNull(bound))
    return TC_EXIT_SUCCESS;
  if (mlirAttributeIsNull(stamp)) {
    if (mlirAttributeIsNull(bound))
      return TC_EXIT_SUCCESS; // an unstamped program's contract is bound when it is stamped
    tcEmitError(loc, "tc.contract_stamp (%s) without tc.semantic_hash: a contract stamp binds a contract to a "
                     "stamped program", stampText(bound, &sink));
    return TC_EXIT_DRIFT;
  }
  if (mlirAttributeIsNull(bound)) {
    tcEmitError(loc, "tc.contract is not bound to the stamp (no tc.contract_stamp): the contract was added after "
                     "the program was stamped; remove tc.semantic_hash and stamp the program with its contract");
    return TC_EXIT_DRIFT;
  }
  if (mlirAttributeIsNull(contract)) {
    tcEmitError(loc, "tc.contract_stamp says the program was stamped with contract %s, but it declares none: the "
                     "contract was removed after stamping", stampText(bound, &sink));
    return TC_EXIT_DRIFT;
  }
  TcContract *declared = NULL;
  if (mlirLogicalResultIsFailure(tcContractFromModule(module, &declared)) || !declared)
    return TC_EXIT_STRUCTURAL;
  char hash[TC_HASH_TEXT_SIZE];
  tcFormatHash(tcContractGetHash(declared), hash);
  tcContractDestroy(declared);
  if (mlirAttributeIsAString(bound) && mlirStringRefEqual(mlirStringAttrGetValue(bound),
                                                          mlirStringRefCreateFromCString(hash)))
    return TC_EXIT_SUCCESS;
  tcEmitError(loc, "tc.contract was edited after stamping: tc.contract_stamp says %s, the declared contract hashes "
                   "to %s", stampText(bound, &sink), hash);
  return TC_EXIT_DRIFT;
}

// The stamp against the recomputed hash, or for lowered IR the records.
static TcExitCode checkStampMatches(MlirOperation module, MlirAttribute stamp, MlirAttribute records,
                                    TcCustody *custody) {
  MlirLocation loc = mlirOperationGetLocation(module);
  Sink sink;
  TcHash128 stamped, computed;
  if (!mlirAttributeIsAString(stamp) || !tcParseHash(mlirStringAttrGetValue(stamp), &stamped)) {
    tcEmitError(loc, "tc.semantic_hash must be a string of the form xxh3-128:<32 hex digits>, not '%s'",
                stampText(stamp, &sink));
    return TC_EXIT_DRIFT;
  }
  if (mlirLogicalResultIsFailure(tcComputeSemanticHash(module, &computed)))
    return TC_EXIT_STRUCTURAL;
  *custody = TC_CUSTODY_PRODUCER;
  if (tcHashEqual(stamped, computed))
    return TC_EXIT_SUCCESS;
  *custody = TC_CUSTODY_RECORDS;
  if (!holdsTensorOps(module) && custodyIntact(module, records))
    return TC_EXIT_SUCCESS;
  *custody = TC_CUSTODY_NONE;
  char text[TC_HASH_TEXT_SIZE];
  tcEmitError(loc, "tc.semantic_hash does not match the program: the stamp says %s, the program hashes to %s%s",
              stampText(stamp, &sink), tcFormatHash(computed, text),
              holdsTensorOps(module) && !mlirAttributeIsNull(records)
                  ? " (the module's tc.manifest cannot vouch for a program at the tc_tensor level)"
                  : "");
  return TC_EXIT_DRIFT;
}

TcExitCode tcCheckInput(MlirOperation module, TcCustody *custodyOut) {
  TcCustody custody = TC_CUSTODY_NONE;
  MlirAttribute records;
  TcExitCode rc = TC_EXIT_SUCCESS;
  MlirAttribute stamp = getAttr(module, TC_SEMANTIC_HASH_ATTR);
  if (mlirLogicalResultIsFailure(tcManifestGetRecordsAttr(module, &records)))
    rc = TC_EXIT_STRUCTURAL;
  if (rc == TC_EXIT_SUCCESS && !mlirAttributeIsNull(stamp))
    rc = checkStampMatches(module, stamp, records, &custody);
  if (rc == TC_EXIT_SUCCESS)
    rc = checkContractStamp(module, stamp);
  if (custodyOut)
    *custodyOut = rc == TC_EXIT_SUCCESS ? custody : TC_CUSTODY_NONE;
  return rc;
}

TcIdentity tcIdentityGet(MlirOperation module) {
  TcIdentity id = {getAttr(module, TC_SEMANTIC_HASH_ATTR), getAttr(module, TC_CONTRACT_ATTR),
                   getAttr(module, TC_CONTRACT_STAMP_ATTR)};
  return id;
}

// One stamp attribute across a pass: kept byte for byte, or added by tc-stamp alone.
static TcExitCode checkStamp(MlirOperation module, const char *name, MlirAttribute before, const TcPipelineStep *step,
                             const char *stepText) {
  MlirAttribute after = getAttr(module, name);
  MlirLocation loc = mlirOperationGetLocation(module);
  Sink was, now;
  if (mlirAttributeIsNull(before)) {
    if (mlirAttributeIsNull(after) || (step->isTensorc && strcmp(step->passName, "tc-stamp") == 0))
      return TC_EXIT_SUCCESS;
    tcEmitError(loc, "pass '%s' added %s (%s); only tc-stamp may stamp a program", stepText, name,
                stampText(after, &now));
    return TC_EXIT_DRIFT;
  }
  if (mlirAttributeIsNull(after)) {
    tcEmitError(loc, "pass '%s' dropped %s (it was %s)", stepText, name, stampText(before, &was));
    return TC_EXIT_DRIFT;
  }
  if (!mlirAttributeEqual(before, after)) {
    tcEmitError(loc, "pass '%s' changed %s from %s to %s", stepText, name, stampText(before, &was),
                stampText(after, &now));
    return TC_EXIT_DRIFT;
  }
  return TC_EXIT_SUCCESS;
}

TcExitCode tcCheckStepIdentity(MlirOperation module, const TcIdentity *before, const TcPipelineStep *step,
                               const char *stepText) {
  TcExitCode rc = checkStamp(module, TC_SEMANTIC_HASH_ATTR, before->stamp, step, stepText);
  if (rc == TC_EXIT_SUCCESS)
    rc = checkStamp(module, TC_CONTRACT_STAMP_ATTR, before->contractStamp, step, stepText);
  if (rc != TC_EXIT_SUCCESS)
    return rc;
  MlirAttribute contract = getAttr(module, TC_CONTRACT_ATTR);
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
