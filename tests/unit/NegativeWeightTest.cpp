// The readers reject negative weights at their line and column (shortest
// paths need weights >= 0) and keep zero weights.

#include <gtest/gtest.h>

#include <string>

#include "graph/GraphError.h"
#include "graph/GraphIO.h"

using frontier::graph::Format;
using frontier::graph::GraphError;
using frontier::graph::parseGraph;

namespace {

// The error parseGraph throws for `text`, or an empty one when it loads.
GraphError loadError(const std::string& text, Format format) {
  try {
    parseGraph(text, format, {}, "input");
  } catch (const GraphError& error) {
    return error;
  }
  return GraphError("", "");
}

} // namespace

TEST(NegativeWeight, DimacsNamesTheArcLine) {
  const GraphError error = loadError("c roads\np sp 3 2\na 1 2 5\na 2 3 -4\n", Format::Dimacs);
  EXPECT_EQ(error.line(), 4U);
  EXPECT_EQ(error.column(), 7U);
  EXPECT_NE(std::string(error.what()).find(">= 0"), std::string::npos) << error.what();
  EXPECT_NE(std::string(error.what()).find("'-4'"), std::string::npos) << error.what();
}

TEST(NegativeWeight, MetisNamesTheVertexLine) {
  const GraphError error = loadError("3 2 001\n2 1\n1 1 3 -2\n2 -2\n", Format::Metis);
  EXPECT_EQ(error.line(), 3U);
  EXPECT_NE(std::string(error.what()).find("negative"), std::string::npos) << error.what();
}

TEST(NegativeWeight, MatrixMarketIntegerAndReal) {
  const GraphError integer =
      loadError("%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 3\n2 3 -1\n", Format::MatrixMarket);
  EXPECT_EQ(integer.line(), 4U);
  const GraphError real =
      loadError("%%MatrixMarket matrix coordinate real symmetric\n% c\n3 3 2\n2 1 -0.5\n3 2 1.5\n", Format::MatrixMarket);
  EXPECT_EQ(real.line(), 4U);
}

TEST(NegativeWeight, SnapWeightColumn) {
  const GraphError error = loadError("0 1 2.5\n1 2 -7\n", Format::Snap);
  EXPECT_EQ(error.line(), 2U);
}

TEST(NegativeWeight, ZeroWeightsLoad) {
  const auto dimacs = parseGraph("p sp 3 2\na 1 2 0\na 2 3 0\n", Format::Dimacs);
  ASSERT_TRUE(dimacs.weighted());
  EXPECT_EQ(dimacs.out().weights, (std::vector<double>{0, 0}));
  const auto mtx = parseGraph("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 0.0\n", Format::MatrixMarket);
  EXPECT_EQ(mtx.out().weights, (std::vector<double>{0}));
}
