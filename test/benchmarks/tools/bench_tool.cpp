//===- bench_tool.cpp - Helpers of scripts/bench.sh ---------------------===//
//
//   bench-tool sources GRAPH K SEED
//       K source vertices for BFS/SSSP, one per line: a seeded random choice
//       among the vertices with out-edges whose BFS reaches at least 1% of
//       the vertices with out-edges (a "non-trivial reach").
//   bench-tool rss FILE COMMAND [ARGS...]
//       Runs the command (its output as bench-tool's) and writes its peak
//       resident memory, in KiB (wait4's ru_maxrss), to FILE; exits with its
//       status (128 + the signal that ended it).
//   bench-tool check ALGO GRAPH [--source S] OUTPUT...
//       Checks that the outputs (one value per vertex, as the examples and the
//       baselines print them) agree, and prints "work_edges: N", the number of
//       edges the algorithm traverses by definition (below), the same for
//       every implementation. Exit status 0 when they agree, 1 when not (the
//       first difference is named), 2 when it cannot check.
//
// Agreement, per algorithm:
//   pr, prdelta, bc  every value within 1e-5 relative of the first output's
//                (the outputs have 6 significant digits; a rounding step is
//                at most 1e-5 relative) -- the largest difference is printed;
//   sssp, cc     every value equal to the first output's (both answers are
//                unique: distances, and the smallest id reaching a vertex);
//   tc           the one number, the triangle count, equal;
//   bfs          every output is a valid BFS tree: parent[source] = source,
//                -1 exactly for the unreached vertices, and every other
//                vertex's parent is an in-neighbour one level closer.
// work_edges (stored edges: an undirected edge counts twice):
//   pr       20 * |E| (20 iterations over every edge);
//   prdelta  the sum over the 10 rounds of the frontier's out-degree sum, the
//            frontiers taken from a serial run of prdelta.gt's algorithm;
//   bfs,sssp,bc the out-degree sum of the vertices the source reaches (each
//            of their out-edges is looked at at least once);
//   cc, tc   |E| (each edge is looked at at least once).
//
//===----------------------------------------------------------------------===//
#include "polyrt/graph.h"
#include "polyrt/io.h"
#include "polyrt/types.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <stdexcept>
#include <vector>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using polyrt::EdgeOffset;
using polyrt::Graph;
using polyrt::NoWeight;
using polyrt::VertexId;

struct Usage {
  std::string message;
};
struct Disagree {
  std::string message;
};

/// Levels of a BFS from source over out-edges (-1: unreached).
std::vector<int32_t> bfsLevels(const Graph<NoWeight> &g, VertexId source) {
  std::vector<int32_t> level(g.numVertices(), -1);
  std::vector<VertexId> frontier{source}, next;
  level[source] = 0;
  for (int32_t depth = 1; !frontier.empty(); ++depth) {
    next.clear();
    for (VertexId u : frontier)
      for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e) {
        VertexId v = g.outNeighbors()[e];
        if (level[v] < 0) {
          level[v] = depth;
          next.push_back(v);
        }
      }
    frontier.swap(next);
  }
  return level;
}

int64_t reachedOutEdges(const Graph<NoWeight> &g, const std::vector<int32_t> &level) {
  int64_t sum = 0;
  for (VertexId v = 0; v < g.numVertices(); ++v)
    if (level[v] >= 0)
      sum += g.outDegree(v);
  return sum;
}

int sources(const std::string &path, int count, uint64_t seed) {
  Graph<NoWeight> g = polyrt::loadGraph<NoWeight>(path);
  const int64_t n = g.numVertices();
  int64_t withEdges = 0;
  for (VertexId v = 0; v < n; ++v)
    withEdges += g.outDegree(v) > 0;
  if (withEdges == 0)
    throw Usage{path + ": no vertex has an out-edge"};
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int64_t> pick(0, n - 1);
  std::vector<VertexId> chosen;
  for (int attempt = 0; static_cast<int>(chosen.size()) < count; ++attempt) {
    if (attempt == 1000)
      throw Usage{path + ": no " + std::to_string(count) +
                  " sources with a non-trivial reach in 1000 attempts"};
    VertexId v = static_cast<VertexId>(pick(random));
    if (g.outDegree(v) == 0 || std::find(chosen.begin(), chosen.end(), v) != chosen.end())
      continue;
    std::vector<int32_t> level = bfsLevels(g, v);
    int64_t reached = std::count_if(level.begin(), level.end(), [](int32_t l) { return l >= 0; });
    if (reached * 100 >= withEdges)
      chosen.push_back(v);
  }
  for (VertexId v : chosen)
    std::cout << v << '\n';
  return 0;
}

/// The lines of an output file (without the trailing newline).
std::vector<std::string> readLines(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Usage{"cannot read '" + path + "'"};
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    lines.emplace_back(text, start, end - start);
    start = end + 1;
  }
  return lines;
}

double parseNumber(const std::string &text, const std::string &path, size_t line) {
  const char *begin = text.c_str();
  char *end = nullptr;
  errno = 0;
  double value = std::strtod(begin, &end);
  if (end == begin || *end != '\0')
    throw Disagree{path + ":" + std::to_string(line + 1) + ": not a number: '" + text + "'"};
  return value;
}

/// The per-vertex values of an output (a leading "negative cycle" line is
/// compared like a value).
std::vector<std::string> perVertex(const std::string &path, int64_t n) {
  std::vector<std::string> lines = readLines(path);
  if (static_cast<int64_t>(lines.size()) != n &&
      !(static_cast<int64_t>(lines.size()) == n + 1 && lines[0] == "negative cycle"))
    throw Disagree{path + ": " + std::to_string(lines.size()) + " lines for " +
                   std::to_string(n) + " vertices"};
  return lines;
}

void checkFloats(const std::vector<std::string> &files, int64_t n) {
  std::vector<std::string> ref = perVertex(files[0], n);
  std::vector<double> refValues(ref.size());
  for (size_t i = 0; i < ref.size(); ++i)
    refValues[i] = parseNumber(ref[i], files[0], i);
  double worst = 0;
  for (size_t f = 1; f < files.size(); ++f) {
    std::vector<std::string> got = perVertex(files[f], n);
    for (size_t i = 0; i < got.size(); ++i) {
      double a = refValues[i], b = parseNumber(got[i], files[f], i);
      double scale = std::max(std::fabs(a), std::fabs(b));
      double diff = std::fabs(a - b);
      if (!(diff <= 1.0000001e-5 * scale) && !(a == b))
        throw Disagree{"vertex " + std::to_string(i) + ": " + files[0] + " has " + ref[i] +
                       ", " + files[f] + " has " + got[i]};
      if (scale > 0)
        worst = std::max(worst, diff / scale);
    }
  }
  std::cout << "max_relative_difference: " << worst << '\n';
}

void checkExact(const std::vector<std::string> &files, int64_t n) {
  std::vector<std::string> ref = perVertex(files[0], n);
  for (size_t f = 1; f < files.size(); ++f) {
    std::vector<std::string> got = perVertex(files[f], n);
    if (got.size() != ref.size())
      throw Disagree{files[0] + " and " + files[f] + " differ in length"};
    for (size_t i = 0; i < got.size(); ++i)
      if (got[i] != ref[i])
        throw Disagree{"line " + std::to_string(i + 1) + ": " + files[0] + " has " + ref[i] +
                       ", " + files[f] + " has " + got[i]};
  }
}

void checkBfsTree(const Graph<NoWeight> &g, VertexId source, const std::vector<int32_t> &level,
                  const std::string &path) {
  std::vector<std::string> lines = perVertex(path, g.numVertices());
  for (VertexId v = 0; v < g.numVertices(); ++v) {
    double value = parseNumber(lines[v], path, v);
    int64_t p = static_cast<int64_t>(value);
    auto bad = [&](const std::string &why) {
      return Disagree{path + ": vertex " + std::to_string(v) + " has parent " + lines[v] + ": " +
                      why};
    };
    if (value != static_cast<double>(p))
      throw bad("not an integer");
    if (level[v] < 0) {
      if (p != -1)
        throw bad("the source does not reach it (expected -1)");
      continue;
    }
    if (v == source) {
      if (p != source)
        throw bad("the source must be its own parent");
      continue;
    }
    if (p < 0 || p >= g.numVertices())
      throw bad("the source reaches it at level " + std::to_string(level[v]));
    const VertexId *begin = g.inNeighbors() + g.inOffsets()[v];
    const VertexId *end = g.inNeighbors() + g.inOffsets()[v + 1];
    if (!std::binary_search(begin, end, static_cast<VertexId>(p)))
      throw bad("no edge from the parent");
    if (level[p] != level[v] - 1)
      throw bad("the parent is at level " + std::to_string(level[p]) + ", the vertex at " +
                std::to_string(level[v]));
  }
}

/// prdelta.gt run serially (push, in vertex order): the sum over its rounds of
/// the frontier's out-degree sum.
int64_t prdeltaWork(const Graph<NoWeight> &g) {
  const int64_t n = g.numVertices();
  const double damp = 0.85, epsilon2 = 0.1;
  const double betaScore = (1.0 - damp) / static_cast<int32_t>(n);
  std::vector<double> rank(n, 0.0), ngh(n, 0.0), delta(n, 1.0 / static_cast<int32_t>(n));
  std::vector<uint8_t> member(n, 1);
  int64_t work = 0;
  for (int round = 1; round <= 10; ++round) {
    for (VertexId u = 0; u < n; ++u) {
      if (!member[u])
        continue;
      work += g.outDegree(u);
      for (EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
        ngh[g.outNeighbors()[e]] += delta[u] / static_cast<int32_t>(g.outDegree(u));
    }
    for (VertexId v = 0; v < n; ++v) {
      if (round == 1) {
        delta[v] = damp * ngh[v] + betaScore;
        rank[v] += delta[v];
        delta[v] = delta[v] - 1.0 / static_cast<int32_t>(n);
      } else {
        delta[v] = ngh[v] * damp;
        rank[v] += delta[v];
      }
      ngh[v] = 0;
      member[v] = std::fabs(delta[v]) > epsilon2 * rank[v];
    }
  }
  return work;
}

int check(const std::string &algo, const std::string &path, int64_t source,
          const std::vector<std::string> &files) {
  // sssp_delta (delta-stepping) computes what sssp (Bellman-Ford) does.
  bool weighted = algo == "sssp" || algo == "sssp_delta";
  // Every check reads the unweighted structure (a .wsg's weights are ignored).
  Graph<NoWeight> g = polyrt::loadGraph<NoWeight>(path);
  g.buildInEdges();
  const int64_t n = g.numVertices();
  bool needsSource = algo == "bfs" || algo == "bc" || weighted;
  if (needsSource && (source < 0 || source >= n))
    throw Usage{algo + " needs --source S with S a vertex of the graph"};
  int64_t work = 0;
  if (algo == "pr" || algo == "pr_float") {
    checkFloats(files, n);
    work = 20 * g.numEdges();
  } else if (algo == "prdelta") {
    checkFloats(files, n);
    work = prdeltaWork(g);
  } else if (algo == "cc" || algo == "cc_afforest" || algo == "kcore_ordered") {
    checkExact(files, n);
    work = g.numEdges();
  } else if (algo == "tc") {
    checkExact(files, 1); // the count, one line
    work = g.numEdges();
  } else if (needsSource) {
    std::vector<int32_t> level = bfsLevels(g, static_cast<VertexId>(source));
    if (weighted) {
      checkExact(files, n);
      // The distances must also mark exactly the reached vertices.
      std::vector<std::string> lines = perVertex(files[0], n);
      size_t skip = lines.size() == static_cast<size_t>(n) ? 0 : 1;
      for (VertexId v = 0; v < n; ++v)
        if ((lines[v + skip] == "2147483647") != (level[v] < 0))
          throw Disagree{files[0] + ": vertex " + std::to_string(v) + " has distance " +
                         lines[v + skip] + " but is " + (level[v] < 0 ? "not " : "") +
                         "reached"};
    } else if (algo == "bc") {
      checkFloats(files, n);
    } else {
      for (const std::string &file : files)
        checkBfsTree(g, static_cast<VertexId>(source), level, file);
    }
    work = reachedOutEdges(g, level);
  } else {
    throw Usage{"unknown algorithm '" + algo +
                "' (pr, pr_float, prdelta, bfs, sssp, sssp_delta, cc, cc_afforest, kcore_ordered, tc, "
                "bc)"};
  }
  std::cout << "work_edges: " << work << '\n';
  return 0;
}

/// bench-tool rss: the command's exit status, its peak RSS written to `file`.
int runMeasuringRss(const std::string &file, char **command) {
  const pid_t child = fork();
  if (child < 0)
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (child == 0) {
    execvp(command[0], command);
    std::fprintf(stderr, "bench-tool: cannot run %s: %s\n", command[0], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  while (wait4(child, &status, 0, &usage) < 0)
    if (errno != EINTR)
      throw std::runtime_error(std::string("wait4: ") + std::strerror(errno));
  std::ofstream(file) << usage.ru_maxrss << '\n';
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int usage(const std::string &message) {
  std::cerr << "bench-tool: " << message << "\n"
            << "usage: bench-tool sources GRAPH K SEED\n"
            << "       bench-tool rss FILE COMMAND [ARGS...]\n"
            << "       bench-tool check ALGO GRAPH [--source S] OUTPUT...\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.size() >= 3 && args[0] == "rss")
      return runMeasuringRss(args[1], argv + 3);
    if (args.size() == 4 && args[0] == "sources")
      return sources(args[1], std::stoi(args[2]), std::stoull(args[3]));
    if (args.size() >= 4 && args[0] == "check") {
      int64_t source = -1;
      size_t i = 3;
      if (args[i] == "--source") {
        if (i + 1 >= args.size())
          return usage("--source needs a vertex");
        source = std::stoll(args[i + 1]);
        i += 2;
      }
      std::vector<std::string> files(args.begin() + i, args.end());
      if (files.empty())
        return usage("no output files");
      return check(args[1], args[2], source, files);
    }
    return usage("bad arguments");
  } catch (const Usage &u) {
    return usage(u.message);
  } catch (const Disagree &d) {
    std::cout << "DISAGREE: " << d.message << '\n';
    return 1;
  } catch (const std::exception &e) {
    return usage(e.what());
  }
}
