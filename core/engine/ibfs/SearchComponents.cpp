// What a Search takes from the device's component labels (engine/components):
// the component filter's labels and the component count `tuned` reads. The
// run that computes them counts their kernel in its GPU time.

#include "engine/ibfs/SearchImpl.h"

namespace frontier::engine {

const std::vector<graph::VertexId>& Search::Impl::componentLabels() {
  ComponentLabelsRun computed;
  const std::vector<graph::VertexId>& labels = graph->deviceComponentLabels(spans, &computed);
  // Computed by this call: the labels' spans open the run's timeline (the
  // recorder's origin is their first timestamp) and count in its GPU time;
  // the first iteration takes their time (finishLevels), as it takes a
  // batch's clears, so that the iterations still add up to the run.
  for (const KernelSpan& span : computed.spans) {
    trace.kernels.push_back(span);
    trace.totals.gpuMs += span.durationNs() / 1e6;
    componentsNs += span.durationNs();
  }
  trace.totals.submittedMs += computed.submittedNs / 1e6;
  trace.totals.wallMs += computed.wallMs;
  return labels;
}

graph::GraphStats Search::Impl::tunedShape() {
  graph::GraphStats shape = graph->degreeShape();
  (void)componentLabels();  // computed on the device by the first run that needs them
  const ComponentCounts counts = graph->deviceComponentCounts();
  shape.components = counts.components;
  shape.largestComponent = counts.largest;
  return shape;
}

} // namespace frontier::engine
