//===- Attributes.c - node attributes with their ONNX defaults -------------===//
//
// ONNX attributes are optional with per-op defaults; tc_tensor attributes are
// all required (docs/dialects.md §1.2), so importers read every attribute
// with its ONNX default and write it out. An attribute of the wrong kind
// (an INT where a FLOAT is due) makes the model invalid; an attribute the
// importer does not know makes it unsupported (ignoring one could change the
// meaning). Constant inputs that tc_tensor needs as attributes (Reshape's
// shape, Slice's starts) are read here too.
//
//===----------------------------------------------------------------------===//
#include "ImportInternal.h"

#include <string.h>

const Onnx__AttributeProto *tcImpAttr(Importer *im, const char *name) {
  for (size_t i = 0; i < im->node->n_attribute; ++i)
    if (im->node->attribute[i]->name && strcmp(im->node->attribute[i]->name, name) == 0)
      return im->node->attribute[i];
  return NULL;
}

static bool wrongKind(Importer *im, const char *name, const char *want) {
  return tcImpInvalid(im, "attribute '%s' must be %s", name, want);
}

bool tcImpAttrInt(Importer *im, const char *name, int64_t def, int64_t *out) {
  const Onnx__AttributeProto *a = tcImpAttr(im, name);
  *out = def;
  if (!a)
    return true;
  if (a->ref_attr_name && *a->ref_attr_name)
    return tcImpUnsupported(im, "attribute '%s' refers to a function attribute", name);
  if (!a->has_i || (a->has_type && a->type != ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT))
    return wrongKind(im, name, "an INT");
  *out = a->i;
  return true;
}

bool tcImpAttrFloat(Importer *im, const char *name, float def, float *out) {
  const Onnx__AttributeProto *a = tcImpAttr(im, name);
  *out = def;
  if (!a)
    return true;
  if (!a->has_f || (a->has_type && a->type != ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT))
    return wrongKind(im, name, "a FLOAT");
  *out = a->f;
  return true;
}

bool tcImpAttrString(Importer *im, const char *name, const char *def, char *buf, size_t size) {
  const Onnx__AttributeProto *a = tcImpAttr(im, name);
  snprintf(buf, size, "%s", def);
  if (!a)
    return true;
  if (!a->has_s || (a->has_type && a->type != ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING))
    return wrongKind(im, name, "a STRING");
  if (a->s.len >= size || memchr(a->s.data, 0, a->s.len))
    return tcImpUnsupported(im, "attribute '%s' is not a short string", name);
  memcpy(buf, a->s.data, a->s.len);
  buf[a->s.len] = '\0';
  return true;
}

bool tcImpAttrInts(Importer *im, const char *name, int64_t *out, int max, int *n, bool *present) {
  const Onnx__AttributeProto *a = tcImpAttr(im, name);
  *n = 0;
  *present = a != NULL;
  if (!a)
    return true;
  if (a->has_type && a->type != ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS)
    return wrongKind(im, name, "a list of INTS");
  if (a->n_ints > (size_t)max)
    return tcImpUnsupported(im, "attribute '%s' has %zu entries, more than %d", name, a->n_ints, max);
  for (size_t i = 0; i < a->n_ints; ++i)
    out[i] = a->ints[i];
  *n = (int)a->n_ints;
  return true;
}

bool tcImpKnownAttrs(Importer *im, const char *const *known) {
  for (size_t i = 0; i < im->node->n_attribute; ++i) {
    const char *name = im->node->attribute[i]->name ? im->node->attribute[i]->name : "";
    bool ok = false;
    for (const char *const *k = known; *k && !ok; ++k)
      ok = strcmp(*k, name) == 0;
    if (!ok)
      return tcImpUnsupported(im, "attribute '%s' is not supported", name);
  }
  return true;
}

bool tcImpNotKnown(Importer *im, const char *what, const ImpValue *v) {
  if (!mlirValueIsNull(v->value) && mlirValueIsABlockArgument(v->value))
    return tcImpUnsupported(im,
                            "input '%s' must be known at import time (a constant or computed from static "
                            "shapes); it is graph input '%s' (--bind %s=TENSOR.pb gives its value)",
                            what, v->name, v->name);
  return tcImpUnsupported(im,
                          "input '%s' must be known at import time (a constant or computed from static "
                          "shapes)",
                          what);
}

bool tcImpConstInts(Importer *im, int i, const char *what, int64_t *out, int max, int *n) {
  ImpValue *v = tcImpInput(im, i);
  *n = 0;
  if (!v)
    return tcImpInvalid(im, "input '%s' is missing", what);
  char buf[IMP_MAX_RANK * 40 + 8];
  if (v->sizes)
    return tcImpUnsupported(im,
                            "input '%s' is the size expression %s of a dynamic shape; %s needs it known at "
                            "import time",
                            what, tcImpFormatSizes(im, v->sizes, v->rank ? (int)v->dims[0] : 1, buf, sizeof buf),
                            im->node->op_type);
  if (!v->data)
    return tcImpNotKnown(im, what, v);
  if (!tcImpIsInt(v->dtype))
    return tcImpInvalid(im, "input '%s' must be an integer tensor, not %s", what, tcImpDtypeName(v->dtype));
  int64_t count = tcImpNumElements(v->rank, v->dims);
  if (count > max)
    return tcImpUnsupported(im, "input '%s' has %" PRId64 " entries, more than %d", what, count, max);
  for (int64_t k = 0; k < count; ++k)
    out[k] = tcImpDataInt(v->data, v->dtype, k);
  *n = (int)count;
  return true;
}

bool tcImpAxis(Importer *im, int64_t a, int r, int64_t *out) {
  if (a < -r || a >= r)
    return tcImpInvalid(im, "axis %" PRId64 " is out of range for rank %d", a, r);
  *out = a < 0 ? a + r : a;
  return true;
}
