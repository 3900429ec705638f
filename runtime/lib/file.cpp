//===- file.cpp - File helpers for the loaders and writers --------------===//
#include "detail/file.h"

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

namespace polyrt::detail {

void fileError(const std::string &path, const std::string &message) {
  throw Error(path + ": " + message);
}

void lineError(const std::string &path, int64_t line, const std::string &message) {
  throw Error(path + ":" + std::to_string(line) + ": " + message);
}

std::string extensionOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return "";
  std::string ext = path.substr(dot);
  for (char &c : ext)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

namespace {
std::FILE *openOrThrow(const std::string &path, const char *mode, const char *verb) {
  std::FILE *f = std::fopen(path.c_str(), mode);
  if (!f)
    fileError(path, std::string("cannot ") + verb + " file: " + std::strerror(errno));
  return f;
}
} // namespace

InFile::InFile(const std::string &path) : path_(path) {
  file_ = openOrThrow(path, "rb", "open");
  struct stat st;
  if (fstat(fileno(file_), &st) != 0 || S_ISDIR(st.st_mode)) {
    std::fclose(file_);
    fileError(path, "cannot read file: it is a directory");
  }
  size_ = S_ISREG(st.st_mode) ? static_cast<int64_t>(st.st_size) : -1;
}

InFile::~InFile() {
  if (file_)
    std::fclose(file_);
}

void InFile::read(void *data, int64_t bytes) {
  char *p = static_cast<char *>(data);
  while (bytes > 0) {
    size_t got = std::fread(p, 1, static_cast<size_t>(bytes), file_);
    if (got == 0) {
      if (std::ferror(file_))
        fileError(path_, std::string("cannot read file: ") + std::strerror(errno));
      fileError(path_, "file is truncated");
    }
    p += got;
    bytes -= static_cast<int64_t>(got);
  }
}

// A graph's CSR takes more memory than its text, so a file larger than half
// the memory cannot be loaded; a stream that passes that never ends as far
// as we can wait (/dev/zero, `yes |`).
int64_t largestInMemoryFile() {
  int64_t memory = INT64_MAX;
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages > 0 && pageSize > 0)
    memory = static_cast<int64_t>(pages) * pageSize;
  // An address-space limit (ulimit -v) is the memory there is, for us.
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    memory = std::min<int64_t>(memory, static_cast<int64_t>(limit.rlim_cur));
  return memory / 2;
}

std::string InFile::readAll(int64_t limit) {
  const std::string most = " bytes polyrt reads (half of this machine's memory or address-space "
                           "limit)";
  if (size_ > limit)
    fileError(path_, "the file is " + std::to_string(size_) + " bytes, more than the " +
                         std::to_string(limit) + most + ": too large to load as a graph");
  std::string data;
  if (size_ > 0) {
    data.resize(static_cast<size_t>(size_));
    data.resize(std::fread(data.data(), 1, data.size(), file_));
  }
  // Whatever is left (a pipe, or a file that grew).
  char buffer[1 << 16];
  size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, file_)) > 0) {
    // Doubling, but never past the limit: the last growth must fit beside
    // the old buffer in memory, or the limit would be a bad_alloc instead.
    if (data.size() + got > data.capacity())
      data.reserve(static_cast<size_t>(std::min<int64_t>(
          limit + static_cast<int64_t>(sizeof buffer), 2 * static_cast<int64_t>(data.capacity()) + got)));
    data.append(buffer, got);
    if (static_cast<int64_t>(data.size()) > limit)
      fileError(path_, "the input goes on past the " + std::to_string(limit) + most +
                           ": a stream that does not end, or a graph too large to load");
  }
  if (std::ferror(file_))
    fileError(path_, std::string("cannot read file: ") + std::strerror(errno));
  return data;
}

std::string readFile(const std::string &path) { return InFile(path).readAll(); }

OutFile::OutFile(const std::string &path) : path_(path) {
  file_ = openOrThrow(path, "wb", "create");
}

OutFile::~OutFile() {
  if (file_)
    std::fclose(file_);
}

void OutFile::write(const void *data, int64_t bytes) {
  if (bytes > 0 && std::fwrite(data, 1, static_cast<size_t>(bytes), file_) != static_cast<size_t>(bytes))
    fileError(path_, std::string("cannot write file: ") + std::strerror(errno));
}

void OutFile::close() {
  std::FILE *f = file_;
  file_ = nullptr;
  if (std::fclose(f) != 0)
    fileError(path_, std::string("cannot write file: ") + std::strerror(errno));
}

} // namespace polyrt::detail
