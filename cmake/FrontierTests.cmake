# How tests are registered with CTest, shared by tests/ and the scratch
# project of tests/runner (which checks that scripts/test catches failures).
#
# Counting contract (see scripts/test-report):
# - GoogleTest: each test case is its own CTest test; a skip exits 77
#   (tests/support/GTestMain.cpp) and CTest's SKIP_RETURN_CODE counts it as
#   skipped; a failure is a failure even when the output also shows a skip.
# - QTest: one CTest test per program, decided by its exit status; skipped
#   functions are listed by name from the output. No output matching decides
#   a result.
include(GoogleTest)

set(FRONTIER_TESTS_SUPPORT_DIR ${CMAKE_CURRENT_LIST_DIR}/../tests/support)

# frontier_add_gtest(<name> LIBS <libs...> SOURCES <files...> [LABEL <label>]
#                    [TIMEOUT <s>] [FILTER <gtest filter>])
function(frontier_add_gtest name)
  cmake_parse_arguments(ARG "" "LABEL;TIMEOUT;FILTER" "LIBS;SOURCES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES} ${FRONTIER_TESTS_SUPPORT_DIR}/GTestMain.cpp)
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest)
  if(TARGET frontier_warnings)
    target_link_libraries(${name} PRIVATE frontier_warnings)
  endif()
  target_include_directories(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${FRONTIER_TESTS_SUPPORT_DIR}/..)
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 600)
  endif()
  # Properties pass through a generated script as one flat list, so a list
  # value would shift every name and value after it: the environment is one
  # variable (the data folder); tests/support/GTestMain.cpp turns validation
  # on for every GoogleTest program.
  set(env_property)
  if(FRONTIER_DATA_DIR)
    set(env_property ENVIRONMENT "FRONTIER_DATA_DIR=${FRONTIER_DATA_DIR}")
  endif()
  set(filter)
  if(ARG_FILTER)
    set(filter TEST_FILTER "${ARG_FILTER}")
  endif()
  gtest_discover_tests(${name}
    DISCOVERY_TIMEOUT 60
    ${filter}
    PROPERTIES LABELS "${ARG_LABEL}" TIMEOUT ${ARG_TIMEOUT}
               ${env_property}
               SKIP_RETURN_CODE 77)
  # gtest_discover_tests also marks a test skipped when its output shows
  # "[  SKIPPED ]", a pattern that cannot be removed: GTestMain.cpp prints
  # skips in another form, so that only the exit status decides.
endfunction()

# frontier_add_qtest(<name> LIBS <libs...> SOURCES <files...> [LABEL <label>])
function(frontier_add_qtest name)
  cmake_parse_arguments(ARG "" "LABEL" "LIBS;SOURCES" ${ARGN})
  if(NOT ARG_LABEL)
    set(ARG_LABEL ui)
  endif()
  add_executable(${name} ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES AUTOMOC ON)
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} Qt6::Test)
  if(TARGET frontier_warnings)
    target_link_libraries(${name} PRIVATE frontier_warnings)
  endif()
  target_include_directories(${name} PRIVATE ${FRONTIER_TESTS_SUPPORT_DIR}/.. ${CMAKE_CURRENT_SOURCE_DIR})
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS ${ARG_LABEL} TIMEOUT 600
    ENVIRONMENT "${FRONTIER_TEST_ENV};QT_QPA_PLATFORM=xcb")
endfunction()
