#include "CompareDevices.h"

#include <stdexcept>
#include <string>

#include "run/DeviceInputs.h"
#include "vk/Context.h"

namespace frontier::ui {

CompareDevices::CompareDevices() = default;

CompareDevices::~CompareDevices() {
  clear();
}

void CompareDevices::clear() {
  m_inputs.clear();
  m_contexts.clear();
  m_list.clear();
  m_own = nullptr;
}

std::vector<run::DeviceInputs*> CompareDevices::prepare(const std::vector<uint32_t>& list, run::DeviceInputs& own,
                                                        const gpu::ContextOptions& options) {
  const bool ownFirst = !list.empty() && own.context().info().index == list.front();
  if (list != m_list || (ownFirst ? &own : nullptr) != m_own) {
    clear();
  }
  if (m_list.empty() && !list.empty()) {
    try {
      for (size_t slot = 0; slot < list.size(); ++slot) {
        if (slot == 0 && ownFirst) {
          m_contexts.emplace_back();
          m_inputs.emplace_back();
          continue;
        }
        const std::string device = "device " + std::to_string(list[slot]);
        gpu::ContextOptions slotOptions = options;
        slotOptions.deviceRequest = std::to_string(list[slot]);
        try {
          m_contexts.push_back(std::make_unique<gpu::Context>(slotOptions));
        } catch (const std::exception& error) {
          throw std::runtime_error("Cannot open " + device + ", which runs the comparison's entry " +
                                   std::to_string(slot + 1) + ": " + error.what());
        }
        m_inputs.push_back(std::make_unique<run::DeviceInputs>(*m_contexts.back(), own.graph()));
        try {
          // Uploaded here rather than in the first run, so that a device too
          // small for the graph fails the comparison before anything runs.
          m_inputs.back()->deviceGraph();
        } catch (const std::exception& error) {
          throw std::runtime_error(device + " '" + m_contexts.back()->info().name +
                                   "' cannot hold the graph for the comparison: " + error.what());
        }
      }
    } catch (...) {
      clear();
      throw;
    }
    m_list = list;
    m_own = ownFirst ? &own : nullptr;
  }
  std::vector<run::DeviceInputs*> perSlot;
  for (const std::unique_ptr<run::DeviceInputs>& inputs : m_inputs) {
    perSlot.push_back(inputs ? inputs.get() : &own);
  }
  return perSlot;
}

} // namespace frontier::ui
