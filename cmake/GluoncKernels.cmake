# gluonc_add_kernels: compile Gluon kernels with gluonc as part of a build.
#
#   gluonc_add_kernels(<target>
#     SOURCE <file.py> KERNEL <name> SIGNATURE <signature>
#     [DEFINES NAME=VALUE ...] [ARCHS sm_90a ...] [NUM_WARPS 4]
#     [OUTPUT_DIR <dir>] [OPT_LEVEL 3] [OPTIONS --debug ...] [FATBIN]
#     [LAUNCHER [LAUNCHER_NAME <name>]] [INCLUDE_DIRS <dir> ...])
#
# Adds a custom target <target> that writes <kernel>.<arch>.cubin (.hsaco
# for AMD's gfx* architectures) and <kernel>.<arch>.json for each
# architecture into OUTPUT_DIR (default
# ${CMAKE_CURRENT_BINARY_DIR}/<target>), rebuilding when the source or
# gluonc changes, and when a file the source imports changes (gluonc's
# -MD depfile, read through add_custom_command's DEPFILE; under Ninja only
# where policy CMP0116 is NEW, cmake_minimum_required(VERSION 3.20) or
# later). INCLUDE_DIRS are searched for imports after the source's folder
# (gluonc -I). With FATBIN one gluonc command compiles every
# architecture instead: the NVIDIA ones' images go into <kernel>.fatbin,
# the AMD ones' into <kernel>.hipfb, with each arch's JSON and
# <kernel>.index.json, which gluonrt_kernel_load takes. With LAUNCHER one
# command also writes <name>.launcher.h and .c (gluonc --emit launcher;
# <name> is LAUNCHER_NAME, default the kernel's name): typed C functions
# <name>_load and <name>_launch with every arch's image embedded, built
# into the static library <target>_launcher, which links gluonc::gluonrt
# and puts the header on its users' include path. OPTIONS are passed to
# gluonc as they are (--debug, --no-fp-fusion). <target>_OUTPUT_DIR is set
# in the caller's scope.
#
# gluonc is the `gluonc` target of this build when there is one, else the
# program GLUONC_EXECUTABLE names, else `gluonc` on the PATH.

function(gluonc_add_kernels target)
  cmake_parse_arguments(ARG "FATBIN;LAUNCHER"
                        "SOURCE;KERNEL;SIGNATURE;NUM_WARPS;OUTPUT_DIR;OPT_LEVEL;LAUNCHER_NAME"
                        "DEFINES;ARCHS;OPTIONS;INCLUDE_DIRS" ${ARGN})
  foreach(required SOURCE KERNEL SIGNATURE)
    if(NOT DEFINED ARG_${required})
      message(FATAL_ERROR "gluonc_add_kernels(${target}): ${required} is required")
    endif()
  endforeach()
  if(NOT ARG_ARCHS)
    set(ARG_ARCHS sm_90a)
  endif()
  if(NOT ARG_NUM_WARPS)
    set(ARG_NUM_WARPS 4)
  endif()
  if(NOT ARG_OPT_LEVEL)
    set(ARG_OPT_LEVEL 3)
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/${target})
  endif()
  get_filename_component(source ${ARG_SOURCE} ABSOLUTE)

  if(TARGET gluonc)
    set(compiler $<TARGET_FILE:gluonc>)
    set(compiler_dependency gluonc)
  elseif(GLUONC_EXECUTABLE)
    set(compiler ${GLUONC_EXECUTABLE})
    set(compiler_dependency ${GLUONC_EXECUTABLE})
  else()
    find_program(GLUONC_EXECUTABLE gluonc REQUIRED)
    set(compiler ${GLUONC_EXECUTABLE})
    set(compiler_dependency ${GLUONC_EXECUTABLE})
  endif()

  set(define_args)
  foreach(define IN LISTS ARG_DEFINES)
    list(APPEND define_args -D "${define}")
  endforeach()
  foreach(dir IN LISTS ARG_INCLUDE_DIRS)
    get_filename_component(dir "${dir}" ABSOLUTE)
    list(APPEND define_args -I "${dir}")
  endforeach()
  # gluonc's depfile names the outputs by absolute path; Ninja matches them
  # to its build-relative ones only where CMake rewrites depfiles (policy
  # CMP0116, NEW from cmake_minimum_required(VERSION 3.20)). Elsewhere the
  # kernels depend on the source alone, as before.
  set(depfile_policy OLD)
  if(POLICY CMP0116)
    cmake_policy(GET CMP0116 depfile_policy)
  endif()
  set(use_depfile OFF)
  if(depfile_policy STREQUAL "NEW" OR NOT CMAKE_GENERATOR MATCHES "Ninja")
    set(use_depfile ON)
  endif()

  set(outputs)
  if(ARG_FATBIN OR ARG_LAUNCHER)
    set(outputs)
    set(emit)
    list(LENGTH ARG_ARCHS arch_count)
    if(ARG_FATBIN OR arch_count GREATER 1)
      list(APPEND outputs ${ARG_OUTPUT_DIR}/${ARG_KERNEL}.index.json)
    endif()
    foreach(arch IN LISTS ARG_ARCHS)
      list(APPEND outputs ${ARG_OUTPUT_DIR}/${ARG_KERNEL}.${arch}.json)
      set(container fatbin)
      set(image cubin)
      if(arch MATCHES "^gfx")
        set(container hipfb)
        set(image hsaco)
      endif()
      if(ARG_FATBIN)
        list(APPEND emit ${container})
      else()
        list(APPEND emit ${image})
        list(APPEND outputs ${ARG_OUTPUT_DIR}/${ARG_KERNEL}.${arch}.${image})
      endif()
    endforeach()
    list(REMOVE_DUPLICATES emit)
    if(ARG_FATBIN)
      foreach(container IN LISTS emit)
        list(APPEND outputs ${ARG_OUTPUT_DIR}/${ARG_KERNEL}.${container})
      endforeach()
    endif()
    set(launcher_args)
    if(ARG_LAUNCHER)
      if(NOT ARG_LAUNCHER_NAME)
        set(ARG_LAUNCHER_NAME ${ARG_KERNEL})
      endif()
      list(APPEND emit launcher)
      set(launcher_source ${ARG_OUTPUT_DIR}/${ARG_LAUNCHER_NAME}.launcher.c)
      list(APPEND outputs ${launcher_source}
           ${ARG_OUTPUT_DIR}/${ARG_LAUNCHER_NAME}.launcher.h)
      set(launcher_args --launcher-name ${ARG_LAUNCHER_NAME})
    endif()
    string(JOIN "," arch_list ${ARG_ARCHS})
    string(JOIN "," emit_list ${emit})
    set(depfile_args)
    set(depfile_option)
    if(use_depfile)
      list(GET outputs 0 first_output)
      set(depfile_args -MD -MF ${ARG_OUTPUT_DIR}/${ARG_KERNEL}.d
                       -MT ${first_output})
      set(depfile_option DEPFILE ${ARG_OUTPUT_DIR}/${ARG_KERNEL}.d)
    endif()
    add_custom_command(
      OUTPUT ${outputs}
      COMMAND ${compiler} ${source} -k ${ARG_KERNEL} -s "${ARG_SIGNATURE}"
              ${define_args} --arch ${arch_list} --emit ${emit_list}
              -w ${ARG_NUM_WARPS} -O${ARG_OPT_LEVEL} ${launcher_args}
              ${ARG_OPTIONS} -o ${ARG_OUTPUT_DIR} ${depfile_args}
      DEPENDS ${source} ${compiler_dependency}
      ${depfile_option}
      COMMENT "gluonc ${ARG_KERNEL} (${arch_list}, ${emit_list}) from ${ARG_SOURCE}"
      VERBATIM)
    add_custom_target(${target} ALL DEPENDS ${outputs})
    if(ARG_LAUNCHER)
      add_library(${target}_launcher STATIC ${launcher_source})
      add_dependencies(${target}_launcher ${target})
      target_include_directories(${target}_launcher PUBLIC ${ARG_OUTPUT_DIR})
      target_link_libraries(${target}_launcher PUBLIC gluonc::gluonrt)
      set_target_properties(${target}_launcher PROPERTIES
        LINKER_LANGUAGE C POSITION_INDEPENDENT_CODE ON)
    endif()
    set(${target}_OUTPUT_DIR ${ARG_OUTPUT_DIR} PARENT_SCOPE)
    return()
  endif()
  foreach(arch IN LISTS ARG_ARCHS)
    set(stem ${ARG_OUTPUT_DIR}/${ARG_KERNEL}.${arch})
    set(image cubin)
    if(arch MATCHES "^gfx")
      set(image hsaco)
    endif()
    # One depfile per arch: each command writes its own.
    set(depfile_args)
    set(depfile_option)
    if(use_depfile)
      set(depfile_args -MD -MF ${stem}.d -MT ${stem}.${image})
      set(depfile_option DEPFILE ${stem}.d)
    endif()
    add_custom_command(
      OUTPUT ${stem}.${image} ${stem}.json
      COMMAND ${compiler} ${source} -k ${ARG_KERNEL} -s "${ARG_SIGNATURE}"
              ${define_args} --arch ${arch} -w ${ARG_NUM_WARPS}
              -O${ARG_OPT_LEVEL} ${ARG_OPTIONS} -o ${ARG_OUTPUT_DIR}
              ${depfile_args}
      DEPENDS ${source} ${compiler_dependency}
      ${depfile_option}
      COMMENT "gluonc ${ARG_KERNEL} (${arch}) from ${ARG_SOURCE}"
      VERBATIM)
    list(APPEND outputs ${stem}.${image} ${stem}.json)
  endforeach()
  add_custom_target(${target} ALL DEPENDS ${outputs})
  set(${target}_OUTPUT_DIR ${ARG_OUTPUT_DIR} PARENT_SCOPE)
endfunction()
