# PrefixOnnxSymbols.cmake - gives protoc-c's ONNX code tensorc's prefix.
#
# protoc-c names every function and descriptor it generates after the proto
# package (`onnx__model_proto__unpack`, `onnx__tensor_proto__descriptor`),
# and has no option for a prefix. Those are global symbols of
# libtensorc_import.a, and every global symbol of tensorc's archives starts
# with `tc` (test/symbol-prefix.test), so this script, run on the generated
# onnx.pb-c.c and onnx.pb-c.h right after protoc-c, renames each lowercase
# `onnx__` identifier to `tcOnnx__`. Only those identifiers become symbols:
# the types (`Onnx__ModelProto`) and enum constants (`ONNX__...`) keep
# their names, and the wire format does not depend on any of them.
#
# Usage: cmake -DDIR=<directory of onnx.pb-c.c and onnx.pb-c.h> -P PrefixOnnxSymbols.cmake
foreach(name onnx.pb-c.c onnx.pb-c.h)
  file(READ ${DIR}/${name} text)
  string(REGEX REPLACE "([^A-Za-z0-9_])onnx__" "\\1tcOnnx__" text "${text}")
  file(WRITE ${DIR}/${name} "${text}")
endforeach()
