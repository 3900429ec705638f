//===- Diagnostics.cpp ----------------------------------------------------===//
#include "polyc/Support/Diagnostics.h"

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
  // Through the SourceMgr too, so that a diagnostic handler (the fuzz target
  // installs one) sees every diagnostic; without one this prints
  // "polyc: error: message".
  sources.PrintMessage(llvm::errs(),
                       llvm::SMDiagnostic("polyc", llvm::SourceMgr::DK_Error, message.str()));
}
