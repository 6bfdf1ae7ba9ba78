#pragma once
// What every engine's adapter to run::Run forwards as it is: the engines
// share the life cycle (finished, step, run, reset, settle, trace, pairs), so
// an adapter (IbfsRun.cpp, SsspRun.cpp) writes only what differs: its
// position, results, details and views.

#include <utility>

#include "run/Run.h"

namespace frontier::run {

template <class Engine> class EngineRun : public Run {
public:
  template <class... Args> explicit EngineRun(Args&&... args) : m_search(std::forward<Args>(args)...) {}

  bool finished() const override { return m_search.finished(); }
  engine::IterationStats step() override { return m_search.step(); }
  bool run(const std::function<void(const engine::Progress&)>& progress, const std::atomic<bool>* cancel) override {
    return m_search.run(progress, cancel);
  }
  void reset() override { m_search.reset(); }
  void settle() override { m_search.settle(); }
  const engine::RunTrace& trace() const override { return m_search.trace(); }
  const std::vector<graph::Pair>& pairs() const override { return m_search.pairs(); }

protected:
  Engine m_search;
};

} // namespace frontier::run
