#pragma once
// The version stamp every JSON report carries, and the check made when one is
// read back. A report is an object with
//   "format": "frontier-lab-report", "format_version": N, "kind": K
// where K says what wrote it: "run" (frontier-cli run/sssp --json, a bench's
// --reports-dir), "comparison" (the comparison window), "bench" (frontier-cli
// bench --json) or "sssp-bench" (frontier-cli sssp-bench --json). A change
// that renames or removes a key, or changes its unit, raises the version;
// added keys do not.

#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace frontier::report {

inline constexpr const char* kReportFormat = "frontier-lab-report";
inline constexpr int kReportFormatVersion = 1;

// `body` with the three keys above (and "program": the version of the
// program that wrote it) added.
nlohmann::json versioned(nlohmann::json body, std::string_view kind);

// A report of another format version (or none: written before reports were
// versioned). The message names the file and both versions.
class ReportVersionError : public std::runtime_error {
public:
  ReportVersionError(const std::string& file, int found);
  int found() const noexcept { return m_found; } // 0 when the report has no version
private:
  int m_found;
};

// Throws ReportVersionError unless `report` is this format at this version;
// std::runtime_error naming `file` when it is no report at all. Returns the
// kind.
std::string checkReportVersion(const nlohmann::json& report, const std::string& file);

} // namespace frontier::report
