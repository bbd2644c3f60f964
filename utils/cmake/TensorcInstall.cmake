# What `cmake --install` puts under the prefix (docs/embedding.md):
#
#   include/tensorc/*.h                 the public C API (test-only headers aside)
#   lib/libtensorc.a                    the compiler's libraries as one archive
#   lib/cmake/tensorc/                  find_package(tensorc CONFIG): tensorc::tensorc
#   lib/pkgconfig/tensorc.pc            pkg-config --cflags --libs tensorc
#   share/tensorc/dialects/*.irdl.mlir  the three dialects, one file each
#   share/tensorc/tensorc.irdl.mlir     the three in one, for mlir-opt --irdl-file=
#   share/tensorc/contracts/            the shipped numerical contracts
#   bin/                                the tools
#
# One archive, because the libraries of lib/ depend on each other in an
# order only CMake's graph knows; an embedder links one name. Its link
# requirements are written once here (TC_EMBED_LINK) and given to both the
# CMake package and tensorc.pc: the MLIR C API archives in one group
# (Debian's libMLIR.so exports no C API), libMLIR.so, libLLVM.so, xxHash,
# jansson, the C++ runtime, and an rpath to LLVM's library directory. The
# installed files name the prefix relative to themselves, so a prefix can
# be moved.
include(GNUInstallDirs)

set(TC_ARCHIVE_PARTS tensorc_mlir_registry tensorc_tool tensorc_tool_support tensorc_target tensorc_runtime
  tensorc_transforms tensorc_autodiff tensorc_contract tensorc_manifest tensorc_host tensorc_cache tensorc_ir tensorc_io
  tensorc_env)

set(tc_mri "CREATE ${CMAKE_BINARY_DIR}/lib/libtensorc.a\n")
set(tc_part_files "")
foreach(part ${TC_ARCHIVE_PARTS})
  string(APPEND tc_mri "ADDLIB $<TARGET_FILE:${part}>\n")
  list(APPEND tc_part_files "$<TARGET_FILE:${part}>")
endforeach()
string(APPEND tc_mri "SAVE\nEND\n")
file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/libtensorc.mri CONTENT "${tc_mri}")
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/lib/libtensorc.a
  COMMAND ${CMAKE_COMMAND} -E rm -f ${CMAKE_BINARY_DIR}/lib/libtensorc.a
  COMMAND ${CMAKE_AR} -M < ${CMAKE_BINARY_DIR}/libtensorc.mri
  DEPENDS ${TC_ARCHIVE_PARTS} ${tc_part_files} ${CMAKE_BINARY_DIR}/libtensorc.mri
  COMMENT "Combining tensorc's libraries into libtensorc.a")
add_custom_target(tensorc_archive ALL DEPENDS ${CMAKE_BINARY_DIR}/lib/libtensorc.a)

# The three dialects in one IRDL program: stock mlir-opt takes one --irdl-file.
set(tc_irdl_all "// tensorc's dialects tc_tensor, tc_loop and tc_kernel in one IRDL program,\n"
  "// for `mlir-opt --irdl-file=` (which takes one file). Generated from dialects/.\n")
foreach(d tc_tensor tc_loop tc_kernel)
  file(READ ${PROJECT_SOURCE_DIR}/dialects/${d}.irdl.mlir tc_text)
  string(APPEND tc_irdl_all "${tc_text}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/dialects/${d}.irdl.mlir)
endforeach()
string(JOIN "" tc_irdl_all ${tc_irdl_all})
file(WRITE ${CMAKE_BINARY_DIR}/share/tensorc/tensorc.irdl.mlir "${tc_irdl_all}")

# The link line, once. Paths into LLVM are absolute (Debian's llvm-22).
set(TC_EMBED_LINK "-Wl,--start-group" ${TC_MLIR_CAPI_ARCHIVES} "-Wl,--end-group" ${TC_LIBMLIR} ${TC_LIBLLVM}
  ${TC_XXHASH} ${TC_JANSSON} stdc++ m dl pthread "-Wl,-rpath,${TC_LLVM_LIBDIR}")
# A sanitizer build's archive needs the sanitizer runtimes in the host too.
if(TC_SANITIZE)
  list(APPEND TC_EMBED_LINK "-fsanitize=${TC_SANITIZE}")
endif()
set(TC_EMBED_INCLUDES ${MLIR_INCLUDE_DIRS})
list(REMOVE_DUPLICATES TC_EMBED_INCLUDES)
set(tc_pc_libs "")
foreach(item ${TC_EMBED_LINK})
  if(item MATCHES "^(-|/)")
    string(APPEND tc_pc_libs " ${item}")
  else()
    string(APPEND tc_pc_libs " -l${item}")
  endif()
endforeach()
set(tc_pc_cflags "")
foreach(dir ${TC_EMBED_INCLUDES})
  string(APPEND tc_pc_cflags " -I${dir}")
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/utils/cmake/tensorc.pc.in ${CMAKE_BINARY_DIR}/pkgconfig/tensorc.pc @ONLY)
configure_file(${PROJECT_SOURCE_DIR}/utils/cmake/tensorcConfig.cmake.in ${CMAKE_BINARY_DIR}/cmake/tensorcConfig.cmake @ONLY)
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/tensorcConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)

file(GLOB tc_public_headers ${PROJECT_SOURCE_DIR}/include/tensorc/*.h)
list(REMOVE_ITEM tc_public_headers ${PROJECT_SOURCE_DIR}/include/tensorc/TestFaults.h)
install(FILES ${tc_public_headers} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tensorc)
install(FILES ${CMAKE_BINARY_DIR}/lib/libtensorc.a DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${CMAKE_BINARY_DIR}/cmake/tensorcConfig.cmake ${CMAKE_BINARY_DIR}/cmake/tensorcConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tensorc)
install(FILES ${CMAKE_BINARY_DIR}/pkgconfig/tensorc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES ${PROJECT_SOURCE_DIR}/dialects/tc_tensor.irdl.mlir ${PROJECT_SOURCE_DIR}/dialects/tc_loop.irdl.mlir
  ${PROJECT_SOURCE_DIR}/dialects/tc_kernel.irdl.mlir DESTINATION ${CMAKE_INSTALL_DATADIR}/tensorc/dialects)
install(FILES ${CMAKE_BINARY_DIR}/share/tensorc/tensorc.irdl.mlir DESTINATION ${CMAKE_INSTALL_DATADIR}/tensorc)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/contracts/ DESTINATION ${CMAKE_INSTALL_DATADIR}/tensorc/contracts)
install(TARGETS tensor-opt tensor-translate tensorc tensor-ref tensor-run tensor-conform tensor-import-onnx
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
