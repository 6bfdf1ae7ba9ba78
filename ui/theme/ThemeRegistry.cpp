#include "theme/ThemeRegistry.h"

#include <algorithm>

#include "theme/BuiltinThemes.h"

namespace frontier::ui {

namespace {

std::vector<Theme>& registry() {
  static std::vector<Theme> all = {systemTheme(), lightTheme(), darkTheme(), projectorTheme(false),
                                   projectorTheme(true)};
  return all;
}

} // namespace

const std::vector<Theme>& themes() {
  return registry();
}

const Theme* findTheme(const QString& name) {
  const auto& all = registry();
  const auto it = std::find_if(all.begin(), all.end(),
                               [&](const Theme& theme) { return theme.name.compare(name, Qt::CaseInsensitive) == 0; });
  return it == all.end() ? nullptr : &*it;
}

QStringList themeNames() {
  QStringList names;
  for (const Theme& theme : registry()) {
    names.append(theme.name);
  }
  return names;
}

void registerTheme(Theme theme) {
  auto& all = registry();
  const auto it = std::find_if(all.begin(), all.end(), [&](const Theme& known) {
    return known.name.compare(theme.name, Qt::CaseInsensitive) == 0;
  });
  if (it != all.end()) {
    *it = std::move(theme);
  } else {
    all.push_back(std::move(theme));
  }
}

} // namespace frontier::ui
