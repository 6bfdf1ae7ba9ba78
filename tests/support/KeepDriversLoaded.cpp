// Linked into the sanitizer build's GPU tests only (tests/gpu/CMakeLists.txt).
//
// Mesa's lavapipe (mesa-vulkan-drivers 22.3.6-1+deb12u2, Debian 12) keeps a
// 128-byte block in a global of its own for the life of the library: a
// program that only creates and destroys a Vulkan instance shows it. The
// Vulkan loader unloads the driver when the instance is destroyed, the
// global goes with the library, and LeakSanitizer then reports the block as
// leaked from an "<unknown module>", in every test. With dlclose a no-op the
// drivers and layers stay loaded until the process ends, their globals stay
// reachable, and LeakSanitizer reports only what is really lost (our own
// leaks among them). This definition wins over libc's for the whole process
// (the executable exports it: see the link option beside it).

extern "C" int dlclose(void* handle) {
  (void)handle;
  return 0;
}
