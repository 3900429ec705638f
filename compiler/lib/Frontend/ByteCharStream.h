//===- ByteCharStream.h - An ANTLR char stream over raw bytes ---*- C++ -*-===//
//
// ANTLRInputStream decodes UTF-8 (and throws on malformed input), so its
// indices count code points. Feeding the lexer one byte per symbol instead
// makes every token's start/stop index a byte offset into the SourceMgr
// buffer, which turns into an exact SMLoc, and lets any file through: bytes
// above 0x7f can only appear inside strings and comments, where the grammar
// accepts any symbol.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_FRONTEND_BYTECHARSTREAM_H
#define POLYC_FRONTEND_BYTECHARSTREAM_H

#include "antlr4-runtime.h"

#include "llvm/ADT/StringRef.h"

namespace polyc {

class ByteCharStream : public antlr4::ANTLRInputStream {
public:
  ByteCharStream(llvm::StringRef bytes, llvm::StringRef sourceName) : bytes(bytes) {
    _data.reserve(bytes.size());
    for (char c : bytes)
      _data.push_back(static_cast<unsigned char>(c));
    name = sourceName.str();
  }

  // Token text straight from the buffer (the base class would re-encode each
  // byte as a code point).
  std::string getText(const antlr4::misc::Interval &interval) override {
    if (interval.a < 0 || interval.b < interval.a)
      return "";
    size_t start = static_cast<size_t>(interval.a);
    size_t stop = static_cast<size_t>(interval.b);
    if (start >= bytes.size())
      return "";
    return bytes.slice(start, std::min(stop + 1, bytes.size())).str();
  }

private:
  llvm::StringRef bytes;
};

} // namespace polyc

#endif
