# Run by the build on every `ninja` (lib/Manifest/CMakeLists.txt), not when
# CMake configures: writes GitRevision.h, the source tree's `git rev-parse
# HEAD` with "-dirty" if tracked files differ from it ("unknown" outside a
# checkout), and rewrites it only when that changed, so a commit or an edit
# relinks the tools with the revision they were built from and an unchanged
# tree rebuilds nothing. Inputs: -DSOURCE_DIR=... -DOUTPUT=...
execute_process(COMMAND git rev-parse HEAD WORKING_DIRECTORY ${SOURCE_DIR}
  OUTPUT_VARIABLE revision RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT rc EQUAL 0 OR revision STREQUAL "")
  set(revision "unknown")
else()
  execute_process(COMMAND git diff --quiet HEAD -- WORKING_DIRECTORY ${SOURCE_DIR}
    RESULT_VARIABLE dirty ERROR_QUIET)
  if(NOT dirty EQUAL 0)
    string(APPEND revision "-dirty")
  endif()
endif()
set(text "/* Generated on every build by lib/Manifest/GitRevision.cmake; do not edit. */\n#define TC_TOOLCHAIN_GIT_REVISION \"${revision}\"\n")
set(old "")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
