#pragma once
// The search as an animation: a widget (the graph view) grabbed once per step
// over a range of steps, optionally with a second one (the charts) drawn to
// its right in the same frame, as numbered PNG frames (frame-0001.png, …),
// and as a GIF or MP4 when ffmpeg is installed (looked up on the PATH when
// asked; a clear message otherwise). The StepCursor moves every view to each
// step in turn (so the charts' cursor marks the step the graph view shows)
// and back to where it was afterwards.
//
// Thread affinity: GUI thread (it grabs widgets). ffmpeg runs as a child
// process that the call waits for.

#include <optional>

#include <QString>
#include <QStringList>

class QWidget;

namespace frontier::ui {

class StepCursor;

struct AnimationRange {
  int first = 0; // steps as iterations (0-based), inclusive
  int last = 0;
};

// A range of steps as people write it, counted from 1 as every view names
// steps: "3-7" (inclusive), "3" (one step) or "" (all of them), of a run of
// `stepCount` steps. Nullopt with the reason, naming the value, in `error`.
std::optional<AnimationRange> parseAnimationSteps(const QString& text, int stepCount, QString* error);

// Writes one PNG per step of `range` into `folder` (made when missing):
// `widget`, and `beside` (when given) to its right, tops aligned; the files
// written in order, or empty with the reason in `error`.
QStringList exportFrames(StepCursor& cursor, QWidget& widget, const AnimationRange& range, const QString& folder,
                         QString* error, QWidget* beside = nullptr);

// ffmpeg's path, or "" when it is not installed.
QString findFfmpeg();

// Encodes frames written by exportFrames() in `folder` into `output` (.gif or
// .mp4, by its suffix) at `framesPerSecond`; false with the reason in `error`
// (no ffmpeg, another suffix, ffmpeg failed: its last lines).
bool encodeAnimation(const QString& folder, const QString& output, int framesPerSecond, QString* error);

// The whole job: `output` ending in .gif or .mp4 gets an animation (frames in
// a temporary folder, encoded by ffmpeg); any other path is a folder for the
// PNG frames. False with the reason in `error`.
bool exportAnimation(StepCursor& cursor, QWidget& widget, const AnimationRange& range, const QString& output,
                     QString* error, QWidget* beside = nullptr);

} // namespace frontier::ui
