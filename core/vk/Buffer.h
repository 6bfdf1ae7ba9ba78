#pragma once
// A Vulkan buffer with its own memory. Move-only; the destructor frees both,
// or, when its context reuses freed buffers (Context::reuseFreedBuffers),
// hands them back to the context for the next buffer of the same shape.
// Every buffer can be a storage buffer, an indirect-dispatch argument and the
// source or destination of a transfer.

#include <cstdint>
#include <string>

#include <vulkan/vulkan_raii.hpp>

namespace frontier::gpu {

class Context;

enum class BufferKind {
  Device,    // device-local; reached through upload/download or a copy
  Upload,    // host-visible, coherent: the host writes, the device reads
  Download,  // host-visible, cached where possible: the device writes, the host reads
};

// How shaders reach a buffer: through a descriptor binding only (at most
// maxStorageBufferRange bytes of it), or also by its device address.
enum class BufferAccess {
  Binding,
  Address,
};

class Buffer {
public:
  Buffer() = default;
  Buffer(Buffer&&) noexcept = default;
  Buffer& operator=(Buffer&& other) noexcept;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer();

  bool valid() const noexcept { return static_cast<bool>(*m_buffer); }
  uint64_t size() const noexcept { return m_size; }
  BufferKind kind() const noexcept { return m_kind; }
  const std::string& name() const noexcept { return m_name; }
  ::vk::Buffer handle() const noexcept { return *m_buffer; }
  // Device address for BufferAccess::Address buffers, else 0.
  uint64_t address() const noexcept { return m_address; }

  // Host pointer for Upload and Download buffers (nullptr for Device).
  void* mapped() const noexcept { return m_mapped; }
  // Makes device writes visible to the host (a no-op on coherent memory).
  void invalidate() const;
  // Makes host writes visible to the device (a no-op on coherent memory).
  void flush() const;

private:
  friend class Context;
  void release() noexcept;  // to the context that reuses it, if any
  const Context* m_recycler = nullptr;
  ::vk::raii::DeviceMemory m_memory{nullptr};
  ::vk::raii::Buffer m_buffer{nullptr};
  uint64_t m_size = 0;
  uint64_t m_address = 0;
  BufferKind m_kind = BufferKind::Device;
  std::string m_name;
  void* m_mapped = nullptr;
  bool m_coherent = true;
};

// A range of a buffer bound to one descriptor binding.
struct BufferRange {
  BufferRange(const Buffer& b) : buffer(&b) {}  // NOLINT: whole buffers convert implicitly
  BufferRange(const Buffer& b, uint64_t off, uint64_t len) : buffer(&b), offset(off), size(len) {}
  const Buffer* buffer;
  uint64_t offset = 0;
  uint64_t size = VK_WHOLE_SIZE;
};

// Index of the memory type to use: the first allowed by `typeBits` with all
// `required` flags, preferring one that also has all `preferred` flags.
// Returns -1 when none qualifies. Pure, unit-tested.
int chooseMemoryType(const VkPhysicalDeviceMemoryProperties& properties, uint32_t typeBits,
                     VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred);

} // namespace frontier::gpu
