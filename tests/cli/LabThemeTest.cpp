// frontier-lab --theme: the names it takes are listed by --help (no display
// needed), a name no theme has exits 2 naming the allowed ones, and a known
// one runs a scripted session to the end.

#include <filesystem>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

#ifdef FRONTIER_LAB_PATH

const std::vector<std::string> kThemes{"system", "light", "dark"};

ProcessResult lab(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
  return test::runProcess(FRONTIER_LAB_PATH, args, env);
}

TEST(LabThemeHelp, NamesEveryTheme) {
  const ProcessResult r = lab({"--help"}, {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"});
  EXPECT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "--theme")) << r.out;
  for (const std::string& name : kThemes) {
    EXPECT_TRUE(contains(r.out, name)) << name << " missing from:\n" << r.out;
  }
}

class LabTheme : public NeedsDisplay {};

TEST_F(LabTheme, UnknownNameExitsTwoNamingTheAllowedOnes) {
  const ProcessResult r = lab({"demo:karate", "--theme", "nonsense", "--quit"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "nonsense")) << r.err;
  for (const std::string& name : kThemes) {
    EXPECT_TRUE(contains(r.err, name)) << name << " missing from:\n" << r.err;
  }
}

TEST_F(LabTheme, DarkScriptedRunSavesAPicture) {
  TempDir dir;
  const std::string shot = dir / "dark.png";
  const ProcessResult r =
      lab({"demo:karate", "--pairs", "random:4", "--run", "--theme", "dark", "--screenshot", shot, "--quit"});
  EXPECT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(std::filesystem::exists(shot) && std::filesystem::file_size(shot) > 0) << describe(r);
}

#endif

} // namespace
} // namespace frontier::clitest
