#include "actions/FuzzyMatch.h"

#include <algorithm>

namespace frontier::ui {

namespace {

// The query found whole beats any scattered match.
constexpr int kWholeBonus = 1000;
constexpr int kWordStartBonus = 8;
constexpr int kRunBonus = 5;

bool startsWord(const QString& text, qsizetype at) {
  return at == 0 || !text[at - 1].isLetterOrNumber();
}

} // namespace

std::optional<int> fuzzyScore(const QString& query, const QString& text) {
  const QString haystack = text.toLower();
  const QString whole = query.simplified().toLower();
  if (whole.isEmpty()) {
    return 0;
  }
  if (const qsizetype at = haystack.indexOf(whole); at >= 0) {
    // Earlier and at a word start is better ("log" ranks Logarithmic above Catalog).
    return kWholeBonus + (startsWord(haystack, at) ? kWordStartBonus : 0) -
           static_cast<int>(std::min<qsizetype>(at, 500));
  }
  // Letters taken at their earliest place match whenever any placement does;
  // preferring word starts and runs often scores better but may run out of
  // letters: the better of the two that match.
  const auto scored = [&](bool preferWordStarts) -> std::optional<int> {
    int score = 0;
    qsizetype from = 0;
    qsizetype last = -2;
    for (const QChar c : whole) {
      if (c.isSpace()) {
        continue;
      }
      qsizetype found = haystack.indexOf(c, from);
      for (qsizetype i = found; preferWordStarts && i >= 0; i = haystack.indexOf(c, i + 1)) {
        if (i == last + 1 || startsWord(haystack, i)) {
          found = i;
          break;
        }
      }
      if (found < 0) {
        return std::nullopt;
      }
      score += found == last + 1 ? kRunBonus : 0;
      score += startsWord(haystack, found) ? kWordStartBonus : 0;
      score -= static_cast<int>(std::min<qsizetype>(found - from, 20)); // gaps cost a little
      last = found;
      from = found + 1;
    }
    return score;
  };
  const std::optional<int> earliest = scored(false);
  const std::optional<int> preferred = scored(true);
  if (!earliest) {
    return std::nullopt;
  }
  return preferred ? std::max(*earliest, *preferred) : earliest;
}

} // namespace frontier::ui
