# tc_embed_files(OUT_C SYMBOL_PREFIX FILE...): generates OUT_C, a C file that
# defines `const char <prefix><name>[]` (NUL-terminated) and
# `const unsigned long <prefix><name>_size` for each FILE, where <name> is the
# file's name up to its first dot. The bytes are written as hex so any text
# (quotes, backslashes, non-ASCII) embeds unchanged.
function(tc_embed_files out_c prefix)
  add_custom_command(
    OUTPUT "${out_c}"
    COMMAND ${CMAKE_COMMAND} -DOUT=${out_c} -DPREFIX=${prefix}
            "-DFILES=${ARGN}" -P "${PROJECT_SOURCE_DIR}/utils/cmake/TensorcEmbedScript.cmake"
    DEPENDS ${ARGN} "${PROJECT_SOURCE_DIR}/utils/cmake/TensorcEmbedScript.cmake"
    COMMENT "Embedding ${prefix} files"
    VERBATIM)
endfunction()
