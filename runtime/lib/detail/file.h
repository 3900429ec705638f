//===- file.h - File helpers for the loaders and writers (internal) -----===//
#ifndef POLYRT_DETAIL_FILE_H
#define POLYRT_DETAIL_FILE_H

#include "polyrt/types.h"

#include <cstdint>
#include <cstdio>
#include <string>

namespace polyrt::detail {

/// "path: message" as an Error.
[[noreturn]] void fileError(const std::string &path, const std::string &message);
/// "path:line: message" as an Error.
[[noreturn]] void lineError(const std::string &path, int64_t line, const std::string &message);

/// The lower-case extension of path with its dot (".sg"), or "".
std::string extensionOf(const std::string &path);

/// The whole file (an Error naming it when it cannot be read, or when it is
/// larger than largestInMemoryFile(), checked as a stream is read).
std::string readFile(const std::string &path);

/// Half of this machine's physical memory (or of the process's address-space
/// limit, if lower): the largest input read whole.
int64_t largestInMemoryFile();

/// A file opened for binary reading, closed on destruction.
class InFile {
public:
  explicit InFile(const std::string &path);
  ~InFile();
  InFile(const InFile &) = delete;
  InFile &operator=(const InFile &) = delete;
  int64_t size() const { return size_; } // -1 if not a regular file
  /// Reads exactly bytes bytes (an Error saying the file is truncated otherwise).
  void read(void *data, int64_t bytes);
  /// The rest of the file; an Error once it passes `limit` bytes (before
  /// allocating for a regular file, as it is read for a stream).
  std::string readAll(int64_t limit = largestInMemoryFile());

private:
  std::string path_;
  std::FILE *file_ = nullptr;
  int64_t size_ = 0;
};

/// A file opened for binary writing; close() reports write errors.
class OutFile {
public:
  explicit OutFile(const std::string &path);
  ~OutFile();
  OutFile(const OutFile &) = delete;
  OutFile &operator=(const OutFile &) = delete;
  void write(const void *data, int64_t bytes);
  void close();

private:
  std::string path_;
  std::FILE *file_ = nullptr;
};

} // namespace polyrt::detail

#endif
