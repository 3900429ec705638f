//===- file.cpp - File helpers for the loaders and writers --------------===//
#include "detail/file.h"

#include "detail/progress.h"

#include <zlib.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <vector>

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

bool writesWeights(const std::string &path, const char *writer, const char *plain,
                   const char *weighted, bool graphHasWeights) {
  const std::string ext = extensionOf(path);
  if (ext != plain && ext != weighted)
    fileError(path, std::string(writer) + " writes " + plain + " or " + weighted + " files");
  if (ext == weighted && !graphHasWeights)
    fileError(path, std::string("the graph has no weights: write a ") + plain + " file");
  return ext == weighted;
}

std::string printable(std::string_view bytes) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size());
  for (size_t i = 0; i < bytes.size();) {
    unsigned char c = static_cast<unsigned char>(bytes[i]);
    // A UTF-8 sequence's length from its lead byte (0: not a lead byte).
    size_t length = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    bool valid = length > 0 && i + length <= bytes.size();
    for (size_t k = 1; valid && k < length; ++k)
      valid = (static_cast<unsigned char>(bytes[i + k]) & 0xc0) == 0x80;
    if (valid) {
      out.append(bytes.substr(i, length));
      i += length;
    } else if (c >= 0x20 && c < 0x7f) {
      out.push_back(static_cast<char>(c));
      ++i;
    } else {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
      ++i;
    }
  }
  return out;
}

namespace {
std::FILE *openOrThrow(const std::string &path, const char *mode, const char *verb) {
  std::FILE *f = std::fopen(path.c_str(), mode);
  if (!f)
    fileError(path, std::string("cannot ") + verb + " file: " + std::strerror(errno));
  return f;
}
} // namespace

bool isGzipMagic(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

/// gzip decompression (zlib's inflate) over an InFile's raw bytes. Members
/// follow one another (as `cat a.gz b.gz` makes); a member cut short is
/// "truncated", anything else that is not gzip data "corrupt".
class Gunzip {
public:
  Gunzip(std::string start) : input_(std::move(start)) {
    z_.zalloc = Z_NULL;
    z_.zfree = Z_NULL;
    z_.opaque = Z_NULL;
    z_.next_in = reinterpret_cast<Bytef *>(input_.data());
    z_.avail_in = static_cast<uInt>(input_.size());
    if (inflateInit2(&z_, 16 + MAX_WBITS) != Z_OK) // 16: gzip only
      throw Error("cannot start zlib's decompression");
  }
  ~Gunzip() { inflateEnd(&z_); }

  int64_t read(InFile &in, char *data, int64_t bytes) {
    bytes = std::min<int64_t>(bytes, int64_t(1) << 30);
    z_.next_out = reinterpret_cast<Bytef *>(data);
    z_.avail_out = static_cast<uInt>(bytes);
    while (z_.avail_out == static_cast<uInt>(bytes)) {
      if (z_.avail_in == 0 && !rawEnd_) {
        input_.resize(1 << 16);
        int64_t got = in.readRaw(input_.data(), static_cast<int64_t>(input_.size()));
        input_.resize(static_cast<size_t>(got));
        rawEnd_ = got == 0;
        z_.next_in = reinterpret_cast<Bytef *>(input_.data());
        z_.avail_in = static_cast<uInt>(got);
      }
      if (memberEnded_) {
        if (z_.avail_in == 0 && rawEnd_)
          return 0;
        if (z_.avail_in == 0)
          continue;
        inflateReset(&z_); // the next member
        memberEnded_ = false;
      }
      if (z_.avail_in == 0 && rawEnd_)
        fileError(in.path(), "the gzip data is truncated (it ends inside a compressed member)");
      int rc = inflate(&z_, Z_NO_FLUSH);
      if (rc == Z_STREAM_END)
        memberEnded_ = true;
      else if (rc != Z_OK && rc != Z_BUF_ERROR)
        fileError(in.path(), std::string("corrupt gzip data (") +
                                 (z_.msg ? z_.msg : "zlib error " + std::to_string(rc)) + ")");
    }
    return bytes - z_.avail_out;
  }

private:
  z_stream z_{};
  std::string input_;
  bool rawEnd_ = false, memberEnded_ = false;
};

InFile::InFile(const std::string &path) : path_(path) {
  file_ = openOrThrow(path, "rb", "open");
  struct stat st;
  if (fstat(fileno(file_), &st) != 0 || S_ISDIR(st.st_mode)) {
    std::fclose(file_);
    file_ = nullptr;
    fileError(path, "cannot read file: it is a directory");
  }
  size_ = S_ISREG(st.st_mode) ? static_cast<int64_t>(st.st_size) : -1;
}

InFile::InFile(const std::string &path, std::string contents)
    : path_(path), pending_(std::move(contents)) {}

InFile::~InFile() {
  if (file_)
    std::fclose(file_);
}

int64_t InFile::size() const {
  if (gunzip_ || (file_ && size_ < 0))
    return -1;
  int64_t left = static_cast<int64_t>(pending_.size() - pendingPos_);
  if (file_)
    left += std::max<int64_t>(0, size_ - rawConsumed_);
  return left;
}

int64_t InFile::readRaw(char *data, int64_t bytes) {
  if (!file_ || bytes <= 0)
    return 0;
  size_t got = std::fread(data, 1, static_cast<size_t>(bytes), file_);
  if (got == 0 && std::ferror(file_))
    fileError(path_, std::string("cannot read file: ") + std::strerror(errno));
  rawConsumed_ += static_cast<int64_t>(got);
  LoadProgress::bytesRead(static_cast<int64_t>(got));
  return static_cast<int64_t>(got);
}

int64_t InFile::readDecoded(char *data, int64_t bytes) {
  return gunzip_ ? gunzip_->read(*this, data, bytes) : readRaw(data, bytes);
}

int64_t InFile::readSome(void *data, int64_t bytes) {
  if (bytes <= 0)
    return 0;
  if (pendingPos_ < pending_.size()) {
    int64_t k = std::min<int64_t>(bytes, static_cast<int64_t>(pending_.size() - pendingPos_));
    std::memcpy(data, pending_.data() + pendingPos_, static_cast<size_t>(k));
    pendingPos_ += static_cast<size_t>(k);
    if (pendingPos_ == pending_.size()) {
      std::string().swap(pending_);
      pendingPos_ = 0;
    }
    return k;
  }
  return readDecoded(static_cast<char *>(data), bytes);
}

std::string_view InFile::peek(int64_t bytes) {
  if (pendingPos_ > 0) {
    pending_.erase(0, pendingPos_);
    pendingPos_ = 0;
  }
  while (static_cast<int64_t>(pending_.size()) < bytes) {
    // Grown as the data arrives, not to what a caller asks (a header's claim).
    size_t old = pending_.size();
    int64_t want = std::min<int64_t>(bytes, std::max<int64_t>(2 * static_cast<int64_t>(old), 1 << 16));
    pending_.resize(static_cast<size_t>(want));
    int64_t got = readDecoded(pending_.data() + old, want - static_cast<int64_t>(old));
    pending_.resize(old + static_cast<size_t>(got));
    if (got == 0)
      break;
  }
  return std::string_view(pending_).substr(0, std::min<size_t>(pending_.size(), bytes));
}

void InFile::startGunzip() {
  if (gunzip_)
    return;
  gunzip_ = std::make_unique<Gunzip>(pending_.substr(pendingPos_));
  pending_.clear();
  pendingPos_ = 0;
}

void InFile::read(void *data, int64_t bytes) {
  char *p = static_cast<char *>(data);
  while (bytes > 0) {
    int64_t got = readSome(p, std::min<int64_t>(bytes, int64_t(1) << 24)); // progress between pieces
    if (got == 0)
      fileError(path_, "file is truncated");
    p += got;
    bytes -= got;
  }
}

// A graph's CSR takes more memory than its text, so a file larger than half
// the memory cannot be loaded; a stream that passes that never ends as far
// as we can wait (/dev/zero, `yes |`, a gzip bomb).
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

std::string InFile::readAll(int64_t limit) { return readWhole(limit, false); }

std::string InFile::readText(int64_t limit) { return readWhole(limit, true); }

std::string InFile::readWhole(int64_t limit, bool text) {
  const std::string most = " bytes polyrt reads (half of this machine's memory or address-space "
                           "limit)";
  int64_t known = size();
  if (known > limit)
    fileError(path_, "the file is " + std::to_string(known) + " bytes, more than the " +
                         std::to_string(limit) + most + ": too large to load as a graph");
  // A known size is read in place; the rest (a pipe, decompressed data, a
  // file that grew) in pieces kept apart until its end: a buffer grown by
  // doubling holds its old and new copies at once, twice the bound at the bound.
  std::string data;
  std::vector<std::string> pieces;
  int64_t total = 0;
  // Reads into buffer[filled, capacity) until it is full or the input ends;
  // false at the end. Checks the bound, and a text input for a NUL byte.
  auto fill = [&](std::string &buffer, int64_t &filled, int64_t capacity) {
    while (filled < capacity) {
      int64_t got = readSome(buffer.data() + filled, std::min<int64_t>(capacity - filled, int64_t(1) << 24));
      if (got == 0)
        return false;
      if (const char *nul = text ? static_cast<const char *>(
                                       std::memchr(buffer.data() + filled, 0, static_cast<size_t>(got)))
                                 : nullptr) {
        int64_t at = total + (nul - (buffer.data() + filled));
        const char *dataEnd = &buffer == &data ? nul : data.data() + data.size();
        int64_t line = 1 + std::count(static_cast<const char *>(data.data()), dataEnd, '\n');
        for (const std::string &piece : pieces)
          line += std::count(piece.begin(), piece.end(), '\n');
        if (&buffer != &data)
          line += std::count(static_cast<const char *>(buffer.data()), nul, '\n');
        lineError(path_, line, "a NUL byte (\\x00) at byte " + std::to_string(at) +
                                   " of the input: a text graph has none (is this binary data?)");
      }
      filled += got;
      total += got;
      if (total > limit)
        fileError(path_, "the input goes on past the " + std::to_string(limit) + most +
                             (gunzip_ ? " once decompressed: a gzip bomb, " : ": ") +
                             "a stream that does not end, or a graph too large to load");
    }
    return true;
  };
  bool more = true;
  if (known > 0) {
    data.resize(static_cast<size_t>(known));
    int64_t filled = 0;
    more = fill(data, filled, known);
    data.resize(static_cast<size_t>(filled));
  }
  for (int64_t size = int64_t(1) << 16; more; size = std::min<int64_t>(2 * size, int64_t(1) << 24)) {
    std::string piece(static_cast<size_t>(size), '\0');
    int64_t filled = 0;
    more = fill(piece, filled, size);
    piece.resize(static_cast<size_t>(filled));
    if (filled > 0)
      pieces.push_back(std::move(piece));
  }
  if (data.empty() && pieces.size() == 1)
    return std::move(pieces[0]);
  data.reserve(static_cast<size_t>(total));
  for (std::string &piece : pieces) {
    data += piece;
    std::string().swap(piece);
  }
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
