// A QTest program that skips everything from initTestCase.
#include <QtTest>

class InitSkip : public QObject {
  Q_OBJECT
private slots:
  void initTestCase() { QSKIP("a whole program skipped"); }
  void neverRuns() { QVERIFY(true); }
};

QTEST_GUILESS_MAIN(InitSkip)
#include "QtInitSkip.moc"
