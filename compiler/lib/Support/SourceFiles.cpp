//===- SourceFiles.cpp - Reading programs and schedules, bounded ----------===//
#include "polyc/Support/SourceFiles.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

using namespace polyc;
namespace fs = llvm::sys::fs;

namespace {

llvm::Error tooLarge(uint64_t maxBytes, const llvm::Twine &size) {
  return llvm::createStringError(
      std::make_error_code(std::errc::file_too_large),
      "it is " + size + "; polyc reads programs and schedules of at most " +
          llvm::Twine(maxBytes >> 20) + " MiB (is it a graph or a binary file?)");
}

} // namespace

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
polyc::readSourceFile(llvm::StringRef path, uint64_t maxBytes) {
  llvm::Expected<fs::file_t> file = fs::openNativeFileForRead(path);
  if (!file)
    return file.takeError();
  auto close = llvm::make_scope_exit([&] { fs::closeFile(*file); });
  fs::file_status status;
  if (std::error_code ec = fs::status(*file, status))
    return llvm::errorCodeToError(ec);
  if (status.type() == fs::file_type::directory_file)
    return llvm::errorCodeToError(std::make_error_code(std::errc::is_a_directory));
  // A regular file says its size; a pipe or a device is read until it ends
  // or passes the limit.
  if (status.type() == fs::file_type::regular_file && status.getSize() > maxBytes)
    return tooLarge(maxBytes, llvm::Twine(status.getSize()) + " bytes");
  llvm::SmallString<0> contents;
  constexpr size_t kChunk = 64 * 1024;
  while (true) {
    size_t used = contents.size();
    contents.resize_for_overwrite(used + kChunk);
    llvm::Expected<size_t> read =
        fs::readNativeFile(*file, llvm::MutableArrayRef<char>(contents.data() + used, kChunk));
    if (!read)
      return read.takeError();
    contents.truncate(used + *read);
    if (*read == 0)
      break;
    if (contents.size() > maxBytes)
      return tooLarge(maxBytes, "more than " + llvm::Twine(maxBytes) + " bytes");
  }
  return llvm::MemoryBuffer::getMemBufferCopy(contents, path);
}
