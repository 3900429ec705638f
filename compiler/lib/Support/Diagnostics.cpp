//===- Diagnostics.cpp ----------------------------------------------------===//
#include "polyc/Support/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace polyc;

namespace {

/// Longest source line shown whole; longer ones show a window around the
/// column of this many bytes on each side.
constexpr size_t kLongestShownLine = 200;
constexpr size_t kWindowHalf = 60;

bool isText(llvm::StringRef line) {
  return llvm::all_of(line, [](char c) { return llvm::isPrint(c) || c == '\t'; });
}

} // namespace

void DiagnosticEngine::print(llvm::SMLoc loc, llvm::SourceMgr::DiagKind kind,
                             const llvm::Twine &message) {
  if (stopped)
    return;
  llvm::SMDiagnostic diagnostic = sources.GetMessage(loc, kind, message);
  llvm::StringRef line = diagnostic.getLineContents();
  if (!loc.isValid() || (line.size() <= kLongestShownLine && isText(line))) {
    sources.PrintMessage(llvm::errs(), diagnostic);
    return;
  }
  // "file:line:col: error: message" as usual, then the window by hand: a
  // SMDiagnostic's caret column is also the column its header prints.
  std::string where = diagnostic.getFilename().str() + ":" +
                      std::to_string(diagnostic.getLineNo()) + ":" +
                      std::to_string(diagnostic.getColumnNo() + 1);
  sources.PrintMessage(llvm::errs(), llvm::SMDiagnostic(where, kind, message.str()));
  size_t column = std::min<size_t>(diagnostic.getColumnNo(), line.size());
  size_t begin = column > kWindowHalf ? column - kWindowHalf : 0;
  size_t end = std::min(line.size(), column + kWindowHalf);
  std::string shown = begin > 0 ? "..." : "";
  size_t caret = shown.size() + (column - begin);
  for (char c : line.substr(begin, end - begin))
    shown += llvm::isPrint(c) ? c : '?';
  if (end < line.size())
    shown += "...";
  llvm::errs() << shown << "\n" << std::string(caret, ' ') << "^\n";
}

bool DiagnosticEngine::admitError() {
  ++errors;
  if (stopped)
    return false;
  if (errorLimit == 0 || errors <= errorLimit)
    return true;
  sources.PrintMessage(llvm::errs(),
                       llvm::SMDiagnostic("polyc", llvm::SourceMgr::DK_Error,
                                          "too many errors emitted, stopping now "
                                          "[-ferror-limit=" + std::to_string(errorLimit) + "]"));
  stopped = true;
  return false;
}

void DiagnosticEngine::error(llvm::SMLoc loc, const llvm::Twine &message) {
  if (admitError())
    print(loc, llvm::SourceMgr::DK_Error, message);
}

void DiagnosticEngine::warning(llvm::SMLoc loc, const llvm::Twine &message) {
  print(loc, llvm::SourceMgr::DK_Warning, message);
}

void DiagnosticEngine::note(llvm::SMLoc loc, const llvm::Twine &message) {
  print(loc, llvm::SourceMgr::DK_Note, message);
}

void DiagnosticEngine::error(const llvm::Twine &message) {
  if (!admitError())
    return;
  // Through the SourceMgr too, so that a diagnostic handler (the fuzz target
  // installs one) sees every diagnostic; without one this prints
  // "polyc: error: message".
  sources.PrintMessage(llvm::errs(),
                       llvm::SMDiagnostic("polyc", llvm::SourceMgr::DK_Error, message.str()));
}
