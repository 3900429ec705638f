//===- file.h - File helpers for the loaders and writers (internal) -----===//
#ifndef POLYRT_DETAIL_FILE_H
#define POLYRT_DETAIL_FILE_H

#include "polyrt/types.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace polyrt::detail {

/// "path: message" as an Error.
[[noreturn]] void fileError(const std::string &path, const std::string &message);
/// "path:line: message" as an Error.
[[noreturn]] void lineError(const std::string &path, int64_t line, const std::string &message);

/// The lower-case extension of path with its dot (".sg"), or "".
std::string extensionOf(const std::string &path);

/// For a writer of `plain` files with a weighted twin (".sg" and ".wsg"):
/// whether path asks for weights. fileError when path has neither extension
/// ("<writer> writes .sg or .wsg files") or asks for weights the graph does
/// not have ("the graph has no weights: write a .sg file").
bool writesWeights(const std::string &path, const char *writer, const char *plain,
                   const char *weighted, bool graphHasWeights);

/// bytes as they may be shown in a message: control bytes and bytes that are
/// not UTF-8 become \xNN, so that a message quoting binary data is neither
/// cut at a NUL nor garbles the terminal.
std::string printable(std::string_view bytes);

/// The whole file (an Error naming it when it cannot be read, or when it is
/// larger than largestInMemoryFile(), checked as a stream is read).
std::string readFile(const std::string &path);

/// Half of this machine's physical memory (or of the process's address-space
/// limit, if lower): the largest input read whole.
int64_t largestInMemoryFile();

/// Whether bytes start with gzip's magic number (1f 8b).
bool isGzipMagic(std::string_view bytes);

class Gunzip;

/// A file opened for binary reading, closed on destruction. It can be
/// looked into without consuming (peek: a stream cannot be rewound), be
/// decompressed as gzip from any point (startGunzip); an in-memory input
/// reads the same way.
class InFile {
public:
  explicit InFile(const std::string &path);
  /// An input named path whose bytes are contents.
  InFile(const std::string &path, std::string contents);
  ~InFile();
  InFile(const InFile &) = delete;
  InFile &operator=(const InFile &) = delete;
  const std::string &path() const { return path_; }
  /// The bytes left to read when they are known: a regular file's size less
  /// what was read, or an in-memory input's; -1 for a stream, including any
  /// decompressed input.
  int64_t size() const;
  bool gzipped() const { return gunzip_ != nullptr; }
  /// Reads exactly bytes bytes (an Error saying the file is truncated otherwise).
  void read(void *data, int64_t bytes);
  /// Up to bytes bytes (0 at the end of the input).
  int64_t readSome(void *data, int64_t bytes);
  /// The next (up to) bytes bytes, left unread: fewer only at the end.
  std::string_view peek(int64_t bytes);
  /// From here on the bytes are gzip data (one or more members), read
  /// decompressed; size() becomes -1.
  void startGunzip();
  /// The rest of the file; an Error once it passes `limit` bytes (before
  /// allocating for a regular file, as it is read for a stream or a
  /// decompressed input).
  std::string readAll(int64_t limit = largestInMemoryFile());
  /// readAll for a text format: an Error at the first NUL byte, as soon as
  /// it is read (no text graph has one: binary or compressed data).
  std::string readText(int64_t limit = largestInMemoryFile());

private:
  friend class Gunzip;
  int64_t readRaw(char *data, int64_t bytes);
  int64_t readDecoded(char *data, int64_t bytes);
  std::string readWhole(int64_t limit, bool text);
  std::string path_;
  std::FILE *file_ = nullptr;
  int64_t size_ = 0;       // the raw file's size, -1 for a stream
  int64_t rawConsumed_ = 0; // raw bytes read from file_
  std::string pending_;    // bytes peeked (or the whole input, in memory)
  size_t pendingPos_ = 0;
  std::unique_ptr<Gunzip> gunzip_;
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
