#include "ReportFormat.h"

#include "FrontierVersion.h"

namespace frontier::report {

nlohmann::json versioned(nlohmann::json body, std::string_view kind) {
  body["format"] = kReportFormat;
  body["format_version"] = kReportFormatVersion;
  body["kind"] = kind;
  body["program"] = std::string("frontier-lab ") + kVersion;
  return body;
}

namespace {

std::string versionMessage(const std::string& file, int found) {
  const std::string wanted = "this build reads version " + std::to_string(kReportFormatVersion);
  if (found == 0) {
    return file + ": report has no format version (written by a build before reports were versioned); " + wanted;
  }
  return file + ": report format version " + std::to_string(found) + " is " +
         (found > kReportFormatVersion ? "newer" : "older") + " than this build's; " + wanted;
}

} // namespace

ReportVersionError::ReportVersionError(const std::string& file, int found)
    : std::runtime_error(versionMessage(file, found)), m_found(found) {}

std::string checkReportVersion(const nlohmann::json& report, const std::string& file) {
  if (!report.is_object()) {
    throw std::runtime_error(file + ": not a Frontier Lab report (expected a JSON object)");
  }
  const auto format = report.find("format");
  if (format != report.end() && *format != kReportFormat) {
    throw std::runtime_error(file + ": not a Frontier Lab report (format " + format->dump() + ")");
  }
  // Reports from before the stamp have the run keys but no version: named
  // as such rather than as "not a report".
  const bool looksLikeReport = format != report.end() || report.contains("runs") || report.contains("totals") ||
                               report.contains("results") || report.contains("rows");
  if (!looksLikeReport) {
    throw std::runtime_error(file + ": not a Frontier Lab report (no \"format\" key)");
  }
  const auto version = report.find("format_version");
  const int found = version != report.end() && version->is_number_integer() ? version->get<int>() : 0;
  if (found != kReportFormatVersion) {
    throw ReportVersionError(file, found);
  }
  const auto kind = report.find("kind");
  return kind != report.end() && kind->is_string() ? kind->get<std::string>() : std::string("run");
}

} // namespace frontier::report
