#pragma once
// The command palette's filter: how well a typed query matches an action's path.

#include <optional>

#include <QString>

namespace frontier::ui {

// None when the query's characters (spaces ignored) do not all appear in
// `text` in order, case-insensitively; otherwise a score, higher for the
// query found whole, for letters at the start of words and for runs of
// consecutive letters. An empty query matches everything with 0.
std::optional<int> fuzzyScore(const QString& query, const QString& text);

} // namespace frontier::ui
