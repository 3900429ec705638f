//===- io_text_header.cpp - What an edge list's header comments say -----===//
//
// SNAP's edge lists start with comments such as
//   # Undirected graph: ../../data/output/amazon.ungraph.txt
//   # Nodes: 334863 Edges: 925872
// which the loader honours (docs/runtime.md, "Graph files"); polyrt-gen writes
// the second when the ids alone would lose trailing isolated vertices.
//
//===----------------------------------------------------------------------===//
#include "detail/io_detail.h"

#include <charconv>
#include <climits>
#include <strings.h>

namespace polyrt::detail {

TextHeader readTextHeader(std::string_view text) {
  TextHeader header;
  size_t pos = 0;
  for (int64_t line = 1; pos < text.size(); ++line) {
    size_t nl = text.find('\n', pos);
    std::string_view body = text.substr(pos, nl == std::string_view::npos ? nl : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    while (!body.empty() && isBlank(body.front()))
      body.remove_prefix(1);
    if (body.empty())
      continue;
    if (body.front() != '#' && body.front() != '%')
      break; // the first edge line ends the header
    body.remove_prefix(1);
    while (!body.empty() && isBlank(body.front()))
      body.remove_prefix(1);
    constexpr std::string_view kUndirected = "undirected graph", kNodes = "nodes:";
    if (body.size() >= kUndirected.size() &&
        strncasecmp(body.data(), kUndirected.data(), kUndirected.size()) == 0)
      header.undirected = true;
    if (body.size() >= kNodes.size() && strncasecmp(body.data(), kNodes.data(), kNodes.size()) == 0) {
      body.remove_prefix(kNodes.size());
      while (!body.empty() && isBlank(body.front()))
        body.remove_prefix(1);
      int64_t nodes = 0;
      auto [ptr, ec] = std::from_chars(body.data(), body.data() + body.size(), nodes);
      if (!body.empty() && body.front() >= '0' && body.front() <= '9' && (ptr == body.data() + body.size() || isBlank(*ptr))) {
        header.nodes = ec == std::errc::result_out_of_range ? INT64_MAX : nodes;
        header.nodesLine = line;
      }
    }
  }
  return header;
}

} // namespace polyrt::detail
