#===- AddStrata.cmake - Strata's CMake helpers ---------------------------===#
#
# Thin wrappers over MLIR's add_mlir_* functions that also install and export
# every Strata library into the StrataTargets export set, so that a downstream
# project can `find_package(Strata)` and link the dialects (CIRCT's pattern).
#
#===----------------------------------------------------------------------===#
include_guard()

# Installs `name` into the StrataTargets export set and records it so that
# StrataConfig.cmake can list every library.
function(add_strata_library_install name)
  install(TARGETS ${name}
    EXPORT StrataTargets
    COMPONENT ${name}
    LIBRARY DESTINATION lib
    ARCHIVE DESTINATION lib
    RUNTIME DESTINATION bin)
  set_property(GLOBAL APPEND PROPERTY STRATA_ALL_LIBS ${name})
  set_property(GLOBAL APPEND PROPERTY STRATA_EXPORTS ${name})
endfunction()

# A Strata library: an MLIR library that installs into StrataTargets instead
# of MLIRTargets.
function(add_strata_library name)
  add_mlir_library(${name} DISABLE_INSTALL ${ARGN})
  add_strata_library_install(${name})
endfunction()

# A library holding a dialect's IR (ops, attributes, types).
function(add_strata_dialect_library name)
  set_property(GLOBAL APPEND PROPERTY STRATA_DIALECT_LIBS ${name})
  add_strata_library(${name} ${ARGN} DEPENDS strata-headers)
endfunction()

# A library holding passes and rewrite patterns.
function(add_strata_transform_library name)
  set_property(GLOBAL APPEND PROPERTY STRATA_TRANSFORM_LIBS ${name})
  add_strata_library(${name} ${ARGN} DEPENDS strata-headers)
endfunction()

# Registers a TableGen target (made with add_public_tablegen_target) as one
# of the generated headers every Strata library waits for.
function(add_strata_incgen target)
  add_public_tablegen_target(${target})
  add_dependencies(strata-headers ${target})
endfunction()

# Generates a markdown reference page from `td_file` into <build>/docs/.
function(add_strata_doc td_file output_path command)
  add_mlir_doc(${td_file} ${output_path} Dialects/ ${command} ${ARGN})
  add_dependencies(strata-doc ${output_path}DocGen)
endfunction()

# A Strata tool: built into <build>/bin and installed.
macro(add_strata_tool name)
  add_llvm_executable(${name} ${ARGN})
  install(TARGETS ${name} EXPORT StrataTargets RUNTIME DESTINATION bin
    COMPONENT ${name})
  set_property(GLOBAL APPEND PROPERTY STRATA_EXPORTS ${name})
endmacro()

# A runtime library: plain C++17, linking neither MLIR nor LLVM (no
# add_mlir_* or add_llvm_* here), installed into StrataTargets.
function(add_strata_runtime_library name)
  add_library(${name} STATIC ${ARGN})
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${STRATA_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  add_strata_library_install(${name})
endfunction()

# A runtime plugin (strata-c/Plugin.h): libstrata-plugin-<name>.so in the
# build tree's lib/, where the runtime finds it, installed next to the
# libraries (unless NO_INSTALL: the tests' own). It links neither the
# runtime nor MLIR; only its strata_plugin_init is exported.
function(add_strata_runtime_plugin name)
  cmake_parse_arguments(ARG "NO_INSTALL" "" "" ${ARGN})
  add_library(strata-plugin-${name} MODULE ${ARG_UNPARSED_ARGUMENTS})
  target_include_directories(strata-plugin-${name} PRIVATE
    ${STRATA_SOURCE_DIR}/include)
  set_target_properties(strata-plugin-${name} PROPERTIES
    PREFIX "lib"
    LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  if(NOT ARG_NO_INSTALL)
    install(TARGETS strata-plugin-${name}
      LIBRARY DESTINATION lib COMPONENT strata-plugins)
  endif()
endfunction()

# A runtime tool (strata-run, strata-dump, ...): no MLIR, no LLVM.
function(add_strata_runtime_tool name)
  add_executable(${name} ${ARGN})
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${STRATA_TOOLS_DIR})
  install(TARGETS ${name} EXPORT StrataTargets RUNTIME DESTINATION bin
    COMPONENT ${name})
  set_property(GLOBAL APPEND PROPERTY STRATA_EXPORTS ${name})
endfunction()
