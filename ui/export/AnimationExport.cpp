#include "export/AnimationExport.h"

#include <algorithm>

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QWidget>

#include "models/StepCursor.h"

namespace frontier::ui {

namespace {

const char* const kFramePattern = "frame-%04d.png"; // ffmpeg's image2 pattern, as named below

QString frameName(int number) {
  return QStringLiteral("frame-%1.png").arg(number, 4, 10, QLatin1Char('0'));
}

// Frames of one size, whatever the device pixel ratio: what an encoder needs.
QImage grabbed(QWidget& widget) {
  QImage image = widget.grab().toImage().convertToFormat(QImage::Format_RGB32);
  image.setDevicePixelRatio(1);
  return image;
}

QImage frameOf(QWidget& widget, QWidget* beside) {
  QImage left = grabbed(widget);
  if (beside == nullptr) {
    return left;
  }
  const QImage right = grabbed(*beside);
  QImage frame(left.width() + right.width(), std::max(left.height(), right.height()), QImage::Format_RGB32);
  // The gap under the shorter one in the window's background.
  frame.fill(widget.palette().color(QPalette::Window));
  QPainter painter(&frame);
  painter.drawImage(0, 0, left);
  painter.drawImage(left.width(), 0, right);
  return frame;
}

} // namespace

std::optional<AnimationRange> parseAnimationSteps(const QString& text, int stepCount, QString* error) {
  if (stepCount <= 0) {
    *error = QObject::tr("nothing to animate: run a search first");
    return std::nullopt;
  }
  const QString trimmed = text.trimmed();
  if (trimmed.isEmpty()) {
    return AnimationRange{0, stepCount - 1};
  }
  const QStringList ends = trimmed.split(QLatin1Char('-'));
  bool firstOk = false;
  bool lastOk = ends.size() == 1;
  const int first = ends.front().trimmed().toInt(&firstOk);
  const int last = ends.size() == 2 ? ends.back().trimmed().toInt(&lastOk) : first;
  if (ends.size() > 2 || !firstOk || !lastOk) {
    *error = QObject::tr("steps '%1': expected FIRST-LAST or one step, counted from 1 (e.g. 2-5)").arg(text);
    return std::nullopt;
  }
  if (first < 1 || last > stepCount || first > last) {
    *error = QObject::tr("steps '%1': the run has steps 1 to %2, and the first must not come after the last")
                 .arg(text)
                 .arg(stepCount);
    return std::nullopt;
  }
  return AnimationRange{first - 1, last - 1};
}

QStringList exportFrames(StepCursor& cursor, QWidget& widget, const AnimationRange& range, const QString& folder,
                         QString* error, QWidget* beside) {
  if (range.first < 0 || range.last < range.first) {
    *error = QObject::tr("There are no steps to export: run some steps first.");
    return {};
  }
  if (!QDir().mkpath(folder)) {
    *error = QObject::tr("Cannot make the folder %1.").arg(folder);
    return {};
  }
  const int was = cursor.step();
  QStringList files;
  for (int step = range.first; step <= range.last; ++step) {
    cursor.moveTo(step); // every view follows at once (direct connections)
    const QString path = QDir(folder).filePath(frameName(step - range.first + 1));
    if (!frameOf(widget, beside).save(path, "PNG")) {
      *error = QObject::tr("Cannot write %1.").arg(path);
      cursor.moveTo(was);
      return {};
    }
    files << path;
  }
  cursor.moveTo(was);
  return files;
}

QString findFfmpeg() {
  return QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
}

bool encodeAnimation(const QString& folder, const QString& output, int framesPerSecond, QString* error) {
  const QString ffmpeg = findFfmpeg();
  if (ffmpeg.isEmpty()) {
    *error = QObject::tr("ffmpeg is not installed (it makes GIF and MP4 files); the PNG frames are in %1.").arg(folder);
    return false;
  }
  const QString suffix = QFileInfo(output).suffix().toLower();
  QStringList arguments = {QStringLiteral("-y"),
                           QStringLiteral("-loglevel"),
                           QStringLiteral("error"),
                           QStringLiteral("-framerate"),
                           QString::number(framesPerSecond),
                           QStringLiteral("-i"),
                           QDir(folder).filePath(QString::fromLatin1(kFramePattern))};
  if (suffix == QStringLiteral("mp4")) {
    // H.264 needs even sizes and a common pixel format to play everywhere.
    arguments << QStringLiteral("-vf") << QStringLiteral("pad=ceil(iw/2)*2:ceil(ih/2)*2") << QStringLiteral("-pix_fmt")
              << QStringLiteral("yuv420p");
  } else if (suffix != QStringLiteral("gif")) {
    *error = QObject::tr("%1: an animation is a .gif or an .mp4 file.").arg(output);
    return false;
  }
  arguments << output;
  QProcess process;
  process.setProcessChannelMode(QProcess::MergedChannels);
  process.start(ffmpeg, arguments);
  if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
    const QString said = QString::fromLocal8Bit(process.readAll()).trimmed().right(600);
    *error = QObject::tr("ffmpeg could not make %1: %2").arg(output, said.isEmpty() ? process.errorString() : said);
    return false;
  }
  return true;
}

bool exportAnimation(StepCursor& cursor, QWidget& widget, const AnimationRange& range, const QString& output,
                     QString* error, QWidget* beside) {
  const QString suffix = QFileInfo(output).suffix().toLower();
  if (suffix != QStringLiteral("gif") && suffix != QStringLiteral("mp4")) {
    return !exportFrames(cursor, widget, range, output, error, beside).isEmpty();
  }
  if (findFfmpeg().isEmpty()) {
    *error = QObject::tr("ffmpeg is not installed, so no %1 can be made; choose a folder to get the PNG frames.")
                 .arg(suffix.toUpper());
    return false;
  }
  const QTemporaryDir frames;
  if (!frames.isValid()) {
    *error = QObject::tr("Cannot make a temporary folder for the frames.");
    return false;
  }
  constexpr int kFramesPerSecond = 2; // a step every half second: slow enough to follow
  return !exportFrames(cursor, widget, range, frames.path(), error, beside).isEmpty() &&
         encodeAnimation(frames.path(), output, kFramesPerSecond, error);
}

} // namespace frontier::ui
