// The Debian package as a user gets it: CPack builds it from this build tree
// into a scratch folder, dpkg-deb unpacks it into a scratch root, and the
// programs, the desktop entry, the AppStream metainfo, the man pages, the
// licence files and the package's dependencies are checked there. The
// validators (desktop-file-utils, appstream) and dpkg-deb are required: a
// missing one fails the test (scripts/lib.sh installs them).
//
// One test case: every case is its own process under CTest, and the package
// is built once.

#include <cstdlib>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

#if defined(FRONTIER_CPACK_COMMAND) && defined(FRONTIER_BUILD_DIR) && defined(FRONTIER_LAB_PATH)

const std::vector<std::string> kNoDisplay{"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"};

// A program found on PATH, or empty.
std::filesystem::path onPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return {};
}

std::filesystem::path requireTool(const std::string& name, const std::string& package) {
  const std::filesystem::path tool = onPath(name);
  EXPECT_FALSE(tool.empty()) << name << " is missing (Debian package " << package
                             << "; scripts/lib.sh installs it)";
  return tool;
}

// The man page's text with roff's escapes of '-' and font changes removed.
std::string manText(const std::filesystem::path& page) {
  std::string text = readText(page);
  text = std::regex_replace(text, std::regex(R"(\\f[BIRP])"), "");
  text = std::regex_replace(text, std::regex(R"(\\-)"), "-");
  return text;
}

// The last word of the first line ("frontier-cli 1.2.3" -> "1.2.3").
std::string versionWord(const std::string& out) {
  const std::string line = out.substr(0, out.find('\n'));
  return line.substr(line.rfind(' ') + 1);
}

TEST(Package, DebInstallsWorkingProgramsAndValidMetadata) {
  const std::filesystem::path dpkgDeb = requireTool("dpkg-deb", "dpkg");
  const std::filesystem::path desktopValidate = requireTool("desktop-file-validate", "desktop-file-utils");
  const std::filesystem::path appstreamcli = requireTool("appstreamcli", "appstream");
  ASSERT_FALSE(dpkgDeb.empty());

  TempDir dir;
  const std::filesystem::path out = dir.path() / "out";
  const ProcessResult packed = test::runProcess(
      FRONTIER_CPACK_COMMAND,
      {"--config", std::string(FRONTIER_BUILD_DIR) + "/CPackConfig.cmake", "-G", "DEB", "-B", out.string()});
  ASSERT_EQ(packed.status, 0) << describe(packed) << packed.out;
  std::filesystem::path deb;
  for (const auto& entry : std::filesystem::directory_iterator(out)) {
    if (entry.path().extension() == ".deb") {
      deb = entry.path();
    }
  }
  ASSERT_FALSE(deb.empty()) << "no .deb in " << out << ":\n" << packed.out;
  EXPECT_EQ(deb.filename().string().rfind(std::string("frontier-lab_") + FRONTIER_PROJECT_VERSION + "_", 0), 0U)
      << deb.filename();

  // The control file: the Qt 6 runtime, the Vulkan loader, Mesa's drivers recommended.
  const ProcessResult control = test::runProcess(dpkgDeb, {"-f", deb.string()});
  ASSERT_EQ(control.status, 0) << describe(control);
  EXPECT_TRUE(contains(control.out, std::string("Version: ") + FRONTIER_PROJECT_VERSION + "\n")) << control.out;
  std::string depends;
  std::string recommends;
  std::istringstream fields(control.out);
  for (std::string line; std::getline(fields, line);) {
    if (line.rfind("Depends: ", 0) == 0) {
      depends = line;
    } else if (line.rfind("Recommends: ", 0) == 0) {
      recommends = line;
    }
  }
  for (const char* library :
       {"libvulkan1", "libqt6core6", "libqt6gui6", "libqt6widgets6", "libqt6charts6", "libqt6svg6", "zlib1g"}) {
    EXPECT_TRUE(contains(depends, library)) << library << " missing from " << depends;
  }
  EXPECT_TRUE(contains(recommends, "mesa-vulkan-drivers")) << control.out;

  const std::filesystem::path root = dir.path() / "root";
  const ProcessResult extracted = test::runProcess(dpkgDeb, {"-x", deb.string(), root.string()});
  ASSERT_EQ(extracted.status, 0) << describe(extracted);
  const std::filesystem::path usr = root / "usr";

  // The installed programs report the project's version; frontier-lab without a display.
  const ProcessResult cliVersion = test::runProcess(usr / "bin/frontier-cli", {"--version"});
  EXPECT_EQ(cliVersion.status, 0) << describe(cliVersion);
  EXPECT_EQ(versionWord(cliVersion.out), FRONTIER_PROJECT_VERSION) << cliVersion.out;
  const ProcessResult labVersion = test::runProcess(usr / "bin/frontier-lab", {"--version"}, kNoDisplay);
  EXPECT_EQ(labVersion.status, 0) << describe(labVersion);
  EXPECT_EQ(versionWord(labVersion.out), FRONTIER_PROJECT_VERSION) << labVersion.out;

  // The desktop entry, its icon and the AppStream metainfo, validated.
  const std::string appId = "io.github.frontierlab.FrontierLab";
  const std::filesystem::path desktop = usr / "share/applications" / (appId + ".desktop");
  ASSERT_TRUE(std::filesystem::exists(desktop)) << desktop;
  EXPECT_TRUE(std::filesystem::exists(usr / "share/icons/hicolor/scalable/apps" / (appId + ".svg")));
  if (!desktopValidate.empty()) {
    const ProcessResult valid = test::runProcess(desktopValidate, {desktop.string()});
    EXPECT_EQ(valid.status, 0) << describe(valid) << valid.out;
  }
  const std::filesystem::path metainfo = usr / "share/metainfo" / (appId + ".metainfo.xml");
  ASSERT_TRUE(std::filesystem::exists(metainfo)) << metainfo;
  EXPECT_TRUE(contains(readText(metainfo), std::string("version=\"") + FRONTIER_PROJECT_VERSION + "\""));
  if (!appstreamcli.empty()) {
    const ProcessResult valid = test::runProcess(appstreamcli, {"validate", "--no-net", metainfo.string()});
    EXPECT_EQ(valid.status, 0) << describe(valid) << valid.out;
  }

  // Man pages, from each program's --help.
  const std::filesystem::path man = usr / "share/man/man1";
  ASSERT_TRUE(std::filesystem::exists(man / "frontier-cli.1")) << man;
  ASSERT_TRUE(std::filesystem::exists(man / "frontier-lab.1")) << man;
  const std::string cliMan = manText(man / "frontier-cli.1");
  for (const char* word : {"--help", "--version", "devices", "selftest", "info", "convert", "generate", "paths"}) {
    EXPECT_TRUE(contains(cliMan, word)) << word << " missing from frontier-cli.1";
  }
  EXPECT_TRUE(contains(cliMan, FRONTIER_PROJECT_VERSION)) << "frontier-cli.1 does not name the version";
  const std::string labMan = manText(man / "frontier-lab.1");
  for (const char* word : {"--help", "--version", "--device", "--strategy", "--pairs", "--seed", "--compare",
                           "--repeats", "--run", "--screenshot", "--export-trace", "--quit"}) {
    EXPECT_TRUE(contains(labMan, word)) << word << " missing from frontier-lab.1";
  }
  EXPECT_TRUE(contains(labMan, FRONTIER_PROJECT_VERSION)) << "frontier-lab.1 does not name the version";

  // The licence and the third-party notices.
  const std::filesystem::path doc = usr / "share/doc/frontier-lab";
  EXPECT_TRUE(contains(readText(doc / "LICENSE"), "Copyright (c) 2026 The Frontier Lab developers"));
  const std::string notices = readText(doc / "THIRD_PARTY_NOTICES");
  for (const char* part : {"Qt Charts", "GPL-3", "LGPL-3", "CLI11", "BSD 3-Clause", "nlohmann-json", "zlib"}) {
    EXPECT_TRUE(contains(notices, part)) << part << " missing from THIRD_PARTY_NOTICES";
  }
}

#endif

} // namespace
} // namespace frontier::clitest
