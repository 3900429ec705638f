//===- InlineSchedule.cpp - Splitting a single-file program ---------------===//
#include "polyc/Frontend/InlineSchedule.h"

using namespace polyc;

size_t polyc::findInlineSchedule(llvm::StringRef text) {
  size_t lineStart = 0;
  while (lineStart < text.size()) {
    size_t lineEnd = text.find('\n', lineStart);
    llvm::StringRef line = text.slice(lineStart, lineEnd).trim();
    if (line == "schedule:")
      return lineStart;
    if (lineEnd == llvm::StringRef::npos)
      break;
    lineStart = lineEnd + 1;
  }
  return llvm::StringRef::npos;
}

namespace {

/// Copies `text` with everything before `keepFrom` blanked out (newlines
/// kept), so that locations in the copy match the original file.
std::string blankPrefix(llvm::StringRef text, size_t keepFrom) {
  std::string out = text.str();
  for (size_t i = 0; i < keepFrom; ++i)
    if (out[i] != '\n')
      out[i] = ' ';
  return out;
}

} // namespace

ProgramBuffers polyc::addProgramBuffers(llvm::SourceMgr &sources,
                                        std::unique_ptr<llvm::MemoryBuffer> file) {
  ProgramBuffers buffers;
  llvm::StringRef text = file->getBuffer();
  size_t split = findInlineSchedule(text);
  if (split == llvm::StringRef::npos) {
    buffers.algorithm = sources.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
    return buffers;
  }
  llvm::StringRef name = file->getBufferIdentifier();
  buffers.algorithm = sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text.substr(0, split), name), llvm::SMLoc());
  buffers.inlineSchedule = sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(blankPrefix(text, split), name), llvm::SMLoc());
  return buffers;
}
