# frontier_add_shaders(TARGET <name> SOURCE_DIR <dir> INCLUDE_DIR <dir>)
#
# Compiles every <dir>/**/*.comp with glslangValidator into a C++ header in the
# build tree: <build>/generated/shaders/<group>/<name>.h holding
#   const uint32_t k_<group>_<name>[] = { ... };
# Dependencies on #included files are tracked through glslang's depfile, so
# editing a shared header recompiles exactly the shaders that include it.
# Creates an INTERFACE library <name> whose include path reaches the headers.
find_program(GLSLANG_VALIDATOR glslangValidator REQUIRED)

function(frontier_add_shaders)
  cmake_parse_arguments(ARG "" "TARGET;SOURCE_DIR;INCLUDE_DIR" "" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${ARG_SOURCE_DIR}/*.comp")
  set(out_root "${CMAKE_BINARY_DIR}/generated/shaders")
  set(headers "")
  foreach(src IN LISTS sources)
    file(RELATIVE_PATH rel "${ARG_SOURCE_DIR}" "${src}")
    get_filename_component(group "${rel}" DIRECTORY)
    get_filename_component(name "${rel}" NAME_WE)
    string(MAKE_C_IDENTIFIER "k_${group}_${name}" var)
    set(out "${out_root}/${group}/${name}.h")
    add_custom_command(
      OUTPUT "${out}"
      COMMAND "${GLSLANG_VALIDATOR}" --quiet --spirv-val --target-env vulkan1.2
              -I${ARG_INCLUDE_DIR} --vn ${var} --depfile "${out}.d"
              -o "${out}" "${src}"
      DEPENDS "${src}"
      DEPFILE "${out}.d"
      COMMENT "GLSL ${rel}"
      VERBATIM)
    list(APPEND headers "${out}")
  endforeach()
  add_custom_target(${ARG_TARGET}_spirv DEPENDS ${headers})
  add_library(${ARG_TARGET} INTERFACE)
  add_dependencies(${ARG_TARGET} ${ARG_TARGET}_spirv)
  target_include_directories(${ARG_TARGET} INTERFACE "${out_root}" "${ARG_INCLUDE_DIR}")
endfunction()
