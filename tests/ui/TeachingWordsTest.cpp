// The words a class meets beside the pictures are explained where they
// appear: the status arrays' caption, the comparison's strategy time-bar
// legend and the comparison table's column headers, in the glossary's
// sentences (read from the glossary, not repeated here).

#include <QApplication>
#include <QHeaderView>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTableWidget>
#include <QToolTip>
#include <QtTest>

#include "UiTestSupport.h"
#include "compare/CompareSummary.h"
#include "compare/CompareTable.h"
#include "compare/CompareWindow.h"
#include "compare/StrategyTimeBars.h"
#include "models/Glossary.h"
#include "widgets/StatusArrayView.h"
#include "windows/MainWindow.h"

using frontier::ui::CompareWindow;
using frontier::ui::MainWindow;

class TeachingWordsTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void statusArrayCaptionIsExplained() {
    const frontier::ui::StatusArrayView view;
    const QString tip = view.captionTip();
    for (const char* word : {"status arrays", "frontier", "unvisited", "batch"}) {
      const QString text = frontier::ui::explain(QString::fromLatin1(word));
      QVERIFY2(!text.isEmpty(), word);
      QVERIFY2(tip.contains(text.toHtmlEscaped()), qPrintable(QString::fromLatin1(word) + ": " + tip));
    }
  }

  void comparisonLegendAndHeadersAreExplained() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString opened = frontier::test::openAndPrepare(window, QStringLiteral("demo:karate"));
    QVERIFY2(opened.isEmpty(), qPrintable(opened));
    CompareWindow* compare = window.showCompareWindow();
    QVERIFY(QTest::qWaitForWindowExposed(compare));
    compare->specsEdit()->setText(QStringLiteral("coalesced,workgroups"));
    QSignalSpy finished(compare, &CompareWindow::comparisonFinished);
    QString error;
    QVERIFY2(compare->runComparison(&error), qPrintable(error));
    QVERIFY(finished.wait(300000));

    // Every column header says what it measures; a kernel's column says what the kernel does.
    QTableWidget* table = compare->table();
    QVERIFY(table->columnCount() > frontier::ui::CompareTable::FirstKernel);
    for (int column = 0; column < table->columnCount(); ++column) {
      const QTableWidgetItem* header = table->horizontalHeaderItem(column);
      QVERIFY(header != nullptr);
      QVERIFY2(!header->toolTip().isEmpty(), qPrintable(header->text()));
    }
    bool kernelExplained = false;
    for (size_t kind = 0; kind < frontier::ui::kSummaryKinds; ++kind) {
      const auto k = static_cast<frontier::engine::KernelKind>(kind);
      for (int column = frontier::ui::CompareTable::FirstKernel; column < table->columnCount(); ++column) {
        if (table->horizontalHeaderItem(column)->text().startsWith(
                QString::fromStdString(std::string(frontier::engine::kernelName(k))) + QLatin1Char(' '))) {
          QVERIFY(table->horizontalHeaderItem(column)->toolTip().contains(frontier::ui::explainKernel(k)));
          kernelExplained = true;
        }
      }
    }
    QVERIFY(kernelExplained);

    // Hovering a legend entry of the strategy time bars shows what that kernel does.
    frontier::ui::StrategyTimeBars* bars = compare->strategyBars();
    const auto legend = bars->legend();
    QVERIFY(!legend.empty());
    for (const auto& entry : legend) {
      const QPointF at = entry.box.center();
      QMouseEvent move(QEvent::MouseMove, at, bars->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
      QApplication::sendEvent(bars, &move);
      QTRY_VERIFY2(QToolTip::text().contains(frontier::ui::explainKernel(entry.kind).toHtmlEscaped()),
                   qPrintable(QToolTip::text()));
    }
  }
};

QTEST_MAIN(TeachingWordsTest)
#include "TeachingWordsTest.moc"
