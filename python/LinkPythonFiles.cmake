#===- LinkPythonFiles.cmake - Symlink the package's .py files ------------===#
#
# Run with cmake -P at build time (python/CMakeLists.txt): mirrors every .py
# file under SOURCE_DIR into DEST_DIR as a symlink, and removes links whose
# source is gone, so the build tree's package follows the source tree.
#
#===----------------------------------------------------------------------===#

file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/*.py
     ${SOURCE_DIR}/*.typed)
foreach(source ${sources})
  get_filename_component(dir ${DEST_DIR}/${source} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  if(NOT IS_SYMLINK ${DEST_DIR}/${source})
    file(REMOVE ${DEST_DIR}/${source})
    file(CREATE_LINK ${SOURCE_DIR}/${source} ${DEST_DIR}/${source} SYMBOLIC)
  endif()
endforeach()

# Dangling links: a source file was removed or renamed.
file(GLOB_RECURSE links LIST_DIRECTORIES false ${DEST_DIR}/*.py)
foreach(link ${links})
  if(IS_SYMLINK ${link} AND NOT EXISTS ${link})
    file(REMOVE ${link})
  endif()
endforeach()
