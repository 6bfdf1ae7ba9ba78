#include "CliProgress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>

namespace frontier::cli {

namespace {

std::atomic<bool> g_interrupted{false};
// Progress lines alive: the stages that look at the flag. Outside them
// Ctrl-C does what it always does.
std::atomic<int> g_stages{0};

extern "C" void onInterrupt(int) {
  if (g_stages.load() == 0 || g_interrupted.exchange(true)) {
    // Nothing would look at the flag, or the second Ctrl-C: the default
    // action, at once.
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
    return;
  }
  static const char message[] = "\ninterrupted: stopping (Ctrl-C again to end at once)\n";
  const ssize_t ignored = write(STDERR_FILENO, message, sizeof message - 1);
  (void)ignored;
}

// Work quicker than this shows no progress at all.
constexpr double kQuiet = 1.0;

std::string clock(double seconds) {
  const long total = std::lround(std::max(0.0, seconds));
  char text[32];
  if (total >= 3600) {
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
  } else {
    std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
  }
  return text;
}

} // namespace

void installInterruptHandler() {
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    return true;
  }();
  (void)installed;
}

const std::atomic<bool>& interruptFlag() {
  return g_interrupted;
}

bool interrupted() {
  return g_interrupted.load();
}

void throwIfInterrupted() {
  if (interrupted()) {
    throw Interrupted();
  }
}

ProgressLine::ProgressLine(std::string what)
    : m_what(std::move(what)), m_terminal(isatty(STDERR_FILENO) == 1), m_start(std::chrono::steady_clock::now()) {
  ++g_stages;
  draw(0, {}, false);
}

ProgressLine::~ProgressLine() {
  --g_stages;
  // Stopped by an exception: end the redrawn line without claiming 100%.
  if (!m_finished && m_terminal && m_lastDraw != std::chrono::steady_clock::time_point{}) {
    std::fputc('\n', stderr);
  }
}

void ProgressLine::update(double fraction, const std::string& detail) {
  m_fraction = std::clamp(fraction, 0.0, 1.0);
  draw(m_fraction, detail, false);
}

void ProgressLine::finish() {
  if (!m_finished) {
    draw(1.0, {}, true);
    m_finished = true;
  }
}

std::function<bool(double)> ProgressLine::loadCallback() {
  return [this](double fraction) {
    update(fraction);
    return !interrupted();
  };
}

std::function<void(const engine::Progress&)> ProgressLine::searchCallback() {
  return [this](const engine::Progress& p) {
    update(p.fraction(), "batch " + std::to_string(std::min(p.batch + 1, p.batches)) + "/" + std::to_string(p.batches) +
                             " level " + std::to_string(p.level));
  };
}

void ProgressLine::draw(double fraction, const std::string& detail, bool last) {
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - m_start).count();
  const int tenth = static_cast<int>(fraction * 10);
  if (!m_terminal) {
    // Plain lines: each tenth and the end, for work that has lasted a
    // second (quick work prints nothing).
    if (last ? m_lastTenth < 0 || m_lastTenth == 10 : tenth == m_lastTenth || elapsed < kQuiet) {
      return;
    }
    m_lastTenth = tenth;
    std::fprintf(stderr, "%s: %3.0f%% (%s elapsed)%s%s\n", m_what.c_str(), fraction * 100, clock(elapsed).c_str(),
                 detail.empty() ? "" : " ", detail.c_str());
    return;
  }
  // A terminal: after the first quiet second, redrawn at most 10 times a second.
  if (last ? m_lastDraw == std::chrono::steady_clock::time_point{}
           : elapsed < kQuiet || now - m_lastDraw < std::chrono::milliseconds(100)) {
    return;
  }
  m_lastDraw = now;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(fraction * kWidth);
  std::string bar(static_cast<size_t>(filled), '#');
  bar.append(static_cast<size_t>(kWidth - filled), '-');
  // The remaining time assumes the rest goes as fast as what is done; shown
  // once there is enough behind to say.
  std::string eta;
  if (last) {
    eta = "in " + clock(elapsed);
  } else if (fraction > 0.01 && elapsed > 0.5) {
    eta = clock(elapsed * (1 - fraction) / fraction) + " left";
  }
  std::fprintf(stderr, "\r\033[K%s [%s] %3.0f%% %s%s%s%s", m_what.c_str(), bar.c_str(), fraction * 100, eta.c_str(),
               detail.empty() ? "" : "  ", detail.c_str(), last ? "\n" : "");
  std::fflush(stderr);
}

} // namespace frontier::cli
