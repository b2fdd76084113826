# gosparseConfig.cmake — find_package(gosparse) for an installed libgosparse.
#
# Imported targets:
#   gosparse::gosparse          the shared library (libgosparse.so, a link to
#                               libgosparse.so.0, the SONAME, a link to the file)
#   gosparse::gosparse_static   the static archive (libgosparse.a; embeds the Go
#                               runtime, links pthread, dl and m)
# Both carry the include directory of gosparse.h. Relocatable: paths are found
# relative to this file (PREFIX/lib/cmake/gosparse).

get_filename_component(_gosparse_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

if(NOT TARGET gosparse::gosparse)
  add_library(gosparse::gosparse SHARED IMPORTED)
  set_target_properties(gosparse::gosparse PROPERTIES
    IMPORTED_LOCATION "${_gosparse_prefix}/lib/libgosparse.so"
    IMPORTED_SONAME "libgosparse.so.0"
    INTERFACE_INCLUDE_DIRECTORIES "${_gosparse_prefix}/include")
endif()

if(NOT TARGET gosparse::gosparse_static)
  find_package(Threads REQUIRED)
  add_library(gosparse::gosparse_static STATIC IMPORTED)
  set_target_properties(gosparse::gosparse_static PROPERTIES
    IMPORTED_LOCATION "${_gosparse_prefix}/lib/libgosparse.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "${_gosparse_prefix}/include"
    INTERFACE_LINK_LIBRARIES "Threads::Threads;${CMAKE_DL_LIBS};m")
endif()

foreach(_gosparse_file "${_gosparse_prefix}/include/gosparse.h" "${_gosparse_prefix}/lib/libgosparse.so")
  if(NOT EXISTS "${_gosparse_file}")
    set(gosparse_FOUND FALSE)
    set(gosparse_NOT_FOUND_MESSAGE "gosparse: ${_gosparse_file} is missing (incomplete install?)")
  endif()
endforeach()
unset(_gosparse_file)
unset(_gosparse_prefix)
