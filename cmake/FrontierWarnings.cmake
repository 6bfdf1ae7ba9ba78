# One warnings target, linked by every target of the project.
add_library(frontier_warnings INTERFACE)
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  target_compile_options(frontier_warnings INTERFACE
    -Wall -Wextra -Wconversion -Wshadow -Wsign-conversion -Wnon-virtual-dtor
    -Wold-style-cast -Woverloaded-virtual -Wnull-dereference)
  if(FRONTIER_WERROR)
    target_compile_options(frontier_warnings INTERFACE -Werror)
  endif()
endif()
