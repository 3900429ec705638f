//===- Diagnostics.cpp ----------------------------------------------------===//
#include "polyc/Support/Diagnostics.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace polyc;

void DiagnosticEngine::error(llvm::SMLoc loc, const llvm::Twine &message) {
  ++errors;
  sources.PrintMessage(loc, llvm::SourceMgr::DK_Error, message);
}

void DiagnosticEngine::warning(llvm::SMLoc loc, const llvm::Twine &message) {
  sources.PrintMessage(loc, llvm::SourceMgr::DK_Warning, message);
}

void DiagnosticEngine::note(llvm::SMLoc loc, const llvm::Twine &message) {
  sources.PrintMessage(loc, llvm::SourceMgr::DK_Note, message);
}

void DiagnosticEngine::error(const llvm::Twine &message) {
  ++errors;
  llvm::WithColor::error(llvm::errs(), "polyc") << message << "\n";
}
