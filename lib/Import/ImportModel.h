//===- ImportModel.h - loading and checking an ONNX model --------*- C -*-===//
//
// The model file is read once into memory and unpacked by protobuf-c; the
// unpacked message owns every tensor's bytes, which large constants borrow,
// so the storage outlives the module (TcOnnxImport::storage).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_LIB_IMPORT_MODEL_H
#define TENSORC_LIB_IMPORT_MODEL_H

#include "ImportInternal.h"

typedef struct ImpModelStorage {
  Onnx__ModelProto *model;
} ImpModelStorage;

/// Reads and unpacks im->path; sets im->model. NULL after reporting (usage
/// error for an unreadable file, invalid model for bad protobuf).
ImpModelStorage *tcImpModelLoad(Importer *im);
void tcImpModelStorageDestroy(ImpModelStorage *storage);
/// Checks the graph's structure and the opset, and declares every value
/// name in the value table. False after reporting.
bool tcImpModelCheck(Importer *im);
/// Declares a value name (the table must have room).
ImpValue *tcImpDeclare(Importer *im, const char *name);
/// Reads a whole file; NULL with a message in `err` if it cannot.
unsigned char *tcImpReadFile(const char *path, size_t *size, char *err, size_t errSize);

#endif // TENSORC_LIB_IMPORT_MODEL_H
