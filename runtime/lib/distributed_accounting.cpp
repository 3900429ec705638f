//===- distributed_accounting.cpp - --account-messages ---------------------===//
//
// Each rank counts its own rounds; at the end rank 0 gathers every rank's
// rows (as text lines, since ranks may differ in what they counted) and
// prints the table.
//
//===----------------------------------------------------------------------===//
#include "polyrt/distributed.h"

#include "detail/distributed_detail.h"

#include <mpi.h>

#include <cinttypes>
#include <cstdio>
#include <map>
#include <sstream>

namespace polyrt::dist {
namespace {

struct Round {
  std::string mode;
  detail::RoundCounts counts;
  EdgeOffset edges = 0;
};
struct Traversal {
  std::string name;
  std::vector<Round> rounds;
  bool lastHasMode = false;
  std::string pendingMode; // noted before its round
};

bool enabled = false;
std::vector<Traversal> traversals; // in the order first seen

Traversal &traversalNamed(const char *name) {
  for (Traversal &t : traversals)
    if (t.name == name)
      return t;
  traversals.push_back(Traversal{name, {}, false, {}});
  return traversals.back();
}

} // namespace

void enableMessageAccounting() { enabled = true; }

void noteMode(const char *traversal, const char *mode) {
  if (!enabled)
    return;
  Traversal &t = traversalNamed(traversal);
  if (!t.rounds.empty() && !t.lastHasMode) {
    t.rounds.back().mode = mode;
    t.lastHasMode = true;
  } else {
    t.pendingMode = mode;
  }
}

void detail::recordRound(const char *traversal, const RoundCounts &counts, EdgeOffset numEdges,
                         const char *mode) {
  if (!enabled)
    return;
  Traversal &t = traversalNamed(traversal);
  if (mode) { // (a mode of its own: what noteMode says is for another round)
    t.rounds.push_back(Round{mode, counts, numEdges});
    t.lastHasMode = true;
    return;
  }
  t.lastHasMode = !t.pendingMode.empty();
  t.rounds.push_back(Round{t.lastHasMode ? t.pendingMode : "-", counts, numEdges});
  t.pendingMode.clear();
}

detail::RoundCounts detail::lastRound(const char *traversal) {
  for (const Traversal &t : traversals)
    if (t.name == traversal && !t.rounds.empty())
      return t.rounds.back().counts;
  return {};
}

void detail::printMessageAccounting() {
  int any = enabled ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (!any)
    return;
  // One line per round: traversal round mode records messages bytes peers edges.
  std::ostringstream mine;
  for (const Traversal &t : traversals)
    for (size_t i = 0; i < t.rounds.size(); ++i) {
      const Round &round = t.rounds[i];
      mine << t.name << ' ' << i + 1 << ' ' << round.mode << ' ' << round.counts.records << ' '
           << round.counts.messages << ' ' << round.counts.bytes << ' ' << round.counts.peers
           << ' ' << round.edges << '\n';
    }
  std::string text = mine.str();
  int p = ranks(), r = rank();
  if (text.size() > INT32_MAX)
    throw Error("the message accounting table is larger than 2 GiB");
  int size = static_cast<int>(text.size());
  std::vector<int> sizes(p), at(p, 0);
  MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  int64_t total = 0;
  for (int q = 0; q < p; ++q) {
    at[q] = static_cast<int>(total);
    total += sizes[q];
  }
  if (r == 0 && total > INT32_MAX)
    throw Error("the message accounting table is larger than 2 GiB");
  std::string all(r == 0 ? total : 0, '\0');
  MPI_Gatherv(text.data(), size, MPI_CHAR, all.data(), sizes.data(), at.data(), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  if (r != 0)
    return;
  // Rows by traversal (in rank 0's order, then new names), rank and round.
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::string>> rows;
  std::map<std::string, Round> totals;
  for (int q = 0; q < p; ++q) {
    std::istringstream lines(all.substr(at[q], sizes[q]));
    std::string name, mode;
    int64_t round, records, messages, bytes, peers, edges;
    while (lines >> name >> round >> mode >> records >> messages >> bytes >> peers >> edges) {
      if (!rows.count(name))
        order.push_back(name);
      char line[512];
      std::snprintf(line, sizeof line,
                    "%-24s %4d %5" PRId64 " %-8s %12" PRId64 " %10" PRId64 " %14" PRId64
                    " %5" PRId64 " %12.6f",
                    name.c_str(), q, round, mode.c_str(), records, messages, bytes, peers,
                    edges > 0 ? double(bytes) / double(edges) : 0.0);
      rows[name].push_back(line);
      Round &sum = totals[name];
      sum.counts.records += records;
      sum.counts.messages += messages;
      sum.counts.bytes += bytes;
      sum.edges = edges;
    }
  }
  std::fflush(stdout);
  std::fprintf(stderr, "polyrt message accounting\n%-24s %4s %5s %-8s %12s %10s %14s %5s %12s\n",
               "traversal", "rank", "round", "mode", "records", "messages", "bytes", "peers",
               "bytes/edge");
  for (const std::string &name : order) {
    for (const std::string &line : rows[name])
      std::fprintf(stderr, "%s\n", line.c_str());
    const Round &sum = totals[name];
    std::fprintf(stderr,
                 "%-24s %4s %5s %-8s %12" PRId64 " %10" PRId64 " %14" PRId64 " %5s %12.6f\n",
                 name.c_str(), "all", "total", "-", sum.counts.records, sum.counts.messages,
                 sum.counts.bytes, "-",
                 sum.edges > 0 ? double(sum.counts.bytes) / double(sum.edges) : 0.0);
  }
  std::fflush(stderr);
}

} // namespace polyrt::dist
