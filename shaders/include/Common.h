// Prelude shared by GLSL and C++: lets one header declare push-constant
// structs and binding indices for both sides of the host/shader interface.
#ifndef FRONTIER_SHADER_COMMON_H
#define FRONTIER_SHADER_COMMON_H

#ifdef __cplusplus
#include <cstdint>
#define FRONTIER_SHADER_NAMESPACE_BEGIN namespace frontier::shader {
#define FRONTIER_SHADER_NAMESPACE_END }
#define FRONTIER_CONST inline constexpr uint
// Push-constant blocks must fit the 128 bytes every Vulkan device guarantees.
#define FRONTIER_PUSH_CONSTANTS_FIT(T) static_assert(sizeof(T) <= 128, #T " exceeds 128 bytes of push constants")
FRONTIER_SHADER_NAMESPACE_BEGIN
using uint = uint32_t;
FRONTIER_SHADER_NAMESPACE_END
#else
#define FRONTIER_SHADER_NAMESPACE_BEGIN
#define FRONTIER_SHADER_NAMESPACE_END
#define FRONTIER_CONST const uint
#define FRONTIER_PUSH_CONSTANTS_FIT(T)
#endif

FRONTIER_SHADER_NAMESPACE_BEGIN
// Specialization constant of every kernel that reads arcs by address
// (AddressedArcs.glsl): 1 when an array may be spread over chunks. Far from
// the kernels' own constant ids (0, 1, ...).
FRONTIER_CONST kSpecChunkedArcs = 100;
FRONTIER_SHADER_NAMESPACE_END

#endif
