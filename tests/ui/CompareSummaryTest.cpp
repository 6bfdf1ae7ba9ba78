// The numbers of a comparison without a GPU: entry specs, ratios to the
// baseline, and the why-line naming the kernel that changed most.

#include <QtTest>

#include "compare/CompareSummary.h"
#include "compare/Variant.h"

namespace {

// A run whose kernels took `identify` and `expand` nanoseconds in total.
frontier::engine::RunTrace traceOf(double identifyNs, double expandNs, uint32_t iterations) {
  frontier::engine::RunTrace trace;
  trace.algorithm = "ibfs";
  trace.iterations.resize(iterations);
  trace.kernels.push_back({frontier::engine::KernelKind::Identify, 0, 0, 0, identifyNs});
  trace.kernels.push_back({frontier::engine::KernelKind::ExpandTopDown, 0, 0, identifyNs, identifyNs + expandNs});
  trace.totals.gpuMs = (identifyNs + expandNs) / 1e6;
  trace.totals.wallMs = trace.totals.gpuMs * 2;
  trace.totals.searchEdges = 1000000;
  return trace;
}

} // namespace

class CompareSummaryTest : public QObject {
  Q_OBJECT
private slots:
  void specsParse() {
    const auto variants = frontier::ui::variantsFromList("workgroups, coalesced+lb+agg ,near-far+delta=250+batch=8");
    QCOMPARE(variants.size(), size_t{3});
    QVERIFY(!variants[0].sssp);
    QCOMPARE(variants[1].spec, std::string("coalesced+lb+agg"));
    QVERIFY(variants[1].run.strategy.options.loadBalancedExpand);
    QVERIFY(variants[1].run.strategy.options.aggregatedAppends);
    QVERIFY(variants[2].sssp);
    QCOMPARE(variants[2].run.sssp.delta, 250.0);
    QCOMPARE(variants[2].run.sssp.iterationsPerSubmit, 8U);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, frontier::ui::variantsFromList("coalesced"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, frontier::ui::variantsFromList("a,b,c,d,e"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, frontier::ui::variantFromSpec("near-far+batch=99"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, frontier::ui::variantFromSpec("delta-step+delta=x"));
    try {
      frontier::ui::variantFromSpec("bellman-ford+wat");
      QFAIL("accepted an unknown switch");
    } catch (const std::invalid_argument& error) {
      QVERIFY(QString(error.what()).contains("wat"));
    }
  }

  void differencesAndWhy() {
    // B spends 6 ms less in expand and 1 ms more in identify: 2x faster overall.
    const auto a = frontier::ui::summarize(traceOf(2e6, 8e6, 10));
    const auto b = frontier::ui::summarize(traceOf(3e6, 2e6, 7));
    QCOMPARE(a.gpuMs, 10.0);
    QCOMPARE(a.share(static_cast<size_t>(frontier::engine::KernelKind::ExpandTopDown)), 0.8);
    const frontier::ui::Difference d = frontier::ui::differenceFrom(a, b);
    QCOMPARE(d.gpuRatio, 0.5);
    QCOMPARE(d.wallRatio, 0.5);
    QCOMPARE(d.rateRatio, 2.0);
    QCOMPARE(d.iterationDelta, int64_t{-3});
    QCOMPARE(d.largestKind, static_cast<size_t>(frontier::engine::KernelKind::ExpandTopDown));
    QCOMPARE(d.kindDeltaNs[d.largestKind], -6e6);
    const QString why = frontier::ui::explainDifference("A", a, "B", b);
    QVERIFY2(why.startsWith("B is 2.00× faster than A"), qPrintable(why));
    QVERIFY2(why.contains("expand-top-down −6"), qPrintable(why));
    QVERIFY2(why.contains("(86% of"), qPrintable(why)); // 6 of the 7 ms that moved
    QVERIFY2(why.contains("3 fewer iterations"), qPrintable(why));
    const QString back = frontier::ui::explainDifference("B", b, "A", a);
    QVERIFY2(back.startsWith("A is 2.00× slower than B"), qPrintable(back));
    QCOMPARE(frontier::ui::ratioText(0.5), QStringLiteral("×0.50"));
  }
};

QTEST_MAIN(CompareSummaryTest)
#include "CompareSummaryTest.moc"
