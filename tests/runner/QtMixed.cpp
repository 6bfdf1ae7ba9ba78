// A QTest program that passes one function, skips one and fails one.
#include <QtTest>

class Mixed : public QObject {
  Q_OBJECT
private slots:
  void passes() { QVERIFY(true); }
  void skipped() { QSKIP("no data for this one"); }
  void fails() { QCOMPARE(1, 2); }
};

QTEST_GUILESS_MAIN(Mixed)
#include "QtMixed.moc"
