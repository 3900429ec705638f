//===- polyrt-gen.cpp - Generate, convert and inspect graph files -------===//
//
//   polyrt-gen kron|uniform -s SCALE [-d DEGREE] [--seed N] [-u] [--simple] -o FILE
//   polyrt-gen grid --rows R --cols C [--seed N] [-u] [--simple] -o FILE
//   polyrt-gen convert IN -o OUT [-u] [--simple]
//   polyrt-gen metis FILE --ranks P[,P...]
//   polyrt-gen --info FILE
//   polyrt-gen --partition FILE
//   polyrt-gen --rank-model FILE --ranks P[,P...] [--strategy S] [--value-bytes B]
//              [--communication ring|alltoallv] [-v]
//   polyrt-gen --topology
//
// The output format follows the extension of FILE: .sg .wsg .el .wel (the
// weighted ones get weights uniform in [1, 255]), or .ligra: Ligra's binary
// format, FILE.config, FILE.adj and FILE.idx, for `-b FILE`, or .gemini,
// .wgemini: Gemini's binary edge list, .adj, .wadj: GBBS's and Ligra's
// AdjacencyGraph text, or .galois, .wgalois: Galois's binary .gr.
//
//===----------------------------------------------------------------------===//
#include "metis_partition.h"
#include "polyrt/edge_list.h"
#include "polyrt/io.h"
#include "polyrt/numa.h"
#include "polyrt/numa_partition.h"
#include "polyrt/program.h"
#include "polyrt/rank_model.h"
#include "polyrt/timer.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr uint64_t kDefaultSeed = 27491095; // GAPBS's kRandSeed

const char *const kUsage = R"(usage:
  polyrt-gen kron|uniform -s SCALE [-d DEGREE] [--seed N] [-u] [--simple] -o FILE
  polyrt-gen grid --rows R --cols C [--seed N] [-u] [--simple] -o FILE
  polyrt-gen convert INPUT [-u] [--simple] -o FILE
  polyrt-gen metis FILE --ranks P[,P...]
  polyrt-gen --info FILE
  polyrt-gen --partition FILE
  polyrt-gen --rank-model FILE --ranks P[,P...] [--strategy S] [--value-bytes B]
             [--communication ring|alltoallv] [-v]
  polyrt-gen --topology

Generators:
  kron      Graph500 Kronecker (A=.57, B=.19, C=.19), ids randomly permuted
  uniform   uniformly random edges
  grid      R x C grid, edges to the right and down neighbours
  convert   read a graph file (.el .wel .mtx .sg .wsg) and write it again
  metis     split FILE's vertices over each rank count P of --ranks with METIS
            (least communication volume, chunk-alpha's balance) and write
            FILE.part.P, the file configDistribution("metis") reads

Options:
  -s, --scale SCALE     2^SCALE vertices (kron, uniform; 0..30)
  -d, --degree DEGREE   DEGREE * 2^SCALE edges (default 16)
      --rows R, --cols C  grid size
      --seed N          random seed (default 27491095); same seed, same graph
  -u, --symmetrize      add the reverse of every edge: an undirected graph
      --simple          drop self-loops and duplicate edges (a duplicate keeps
                        its smallest weight): what triangle counting needs
  -o, --output FILE     output file: .sg .wsg .el or .wel (.wsg/.wel are
                        weighted, weights uniform in [1, 255]), or .ligra
                        (Ligra's binary format: FILE.config, FILE.adj and
                        FILE.idx, read by Ligra's -b FILE; no weights),
                        or .gemini/.wgemini (Gemini's binary edge list,
                        uint32 pairs; .wgemini adds float weights), or
                        .adj/.wadj (the AdjacencyGraph text GBBS and Ligra
                        read; .wadj: WeightedAdjacencyGraph), or
                        .galois/.wgalois (Galois's binary .gr, version 1;
                        .wgalois: uint32 weights)
  -v, --verbose         report the time of each step on stderr
      --info FILE       print the vertex and edge counts of a graph file
      --partition FILE  print how evenly each NUMA partition (vertex-balanced,
                        edge-balanced, chunk-alpha) splits the graph's out- and
                        in-edges over 2, 4 and 8 nodes: the largest node's edges
                        over the mean
      --rank-model FILE print, for each rank count P of --ranks, what a program
                        distributed over P MPI ranks would hold and send in one
                        exchange where every mirror's value changed (one row per
                        P; -v adds a row per rank; docs/distributed-model.md)
      --ranks P[,P...]  rank counts for metis and --rank-model
      --strategy S      chunk-alpha (default), edge-balanced, vertex-balanced,
                        hash (owner v mod P), metis (the owners FILE.part.P
                        gives) or cartesian (chunk-alpha's owners, edges cut
                        over a grid of ranks; a round also folds the
                        partials, counted in the totals, and -v adds a
                        "partials:" row per rank with that fold alone)
      --value-bytes B   the size of the value sent per vertex (default 8)
      --communication C ring (default, as polyc's) or alltoallv: how messages
                        are cut into pieces of < 2^31 bytes
      --topology        print the NUMA topology (honours POLYRT_NUMA_NODES)
  -h, --help            this message
)";

struct UsageError {
  std::string message;
};

struct Options {
  std::string command;
  std::optional<int> scale;
  int degree = 16;
  std::optional<int> rows, cols;
  uint64_t seed = kDefaultSeed;
  bool symmetrize = false;
  bool simple = false;
  bool verbose = false;
  std::string input, output;
  // --rank-model
  std::vector<int> ranks;
  polyrt::dist::Strategy strategy = polyrt::dist::Strategy::ChunkAlpha;
  int valueBytes = 8;
  polyrt::dist::Communication communication = polyrt::dist::Communication::Ring;
};

int parseNumber(const std::string &option, const std::string &text) {
  try {
    return polyrt::parseInt(text);
  } catch (const polyrt::Error &) {
    throw UsageError{option + " expects a whole number, not '" + text + "'"};
  }
}

/// --ranks: a comma-separated list of rank counts, each at least 1.
std::vector<int> parseRankCounts(const std::string &text) {
  std::vector<int> counts;
  size_t at = 0;
  while (true) {
    size_t comma = text.find(',', at);
    int p = parseNumber("--ranks", text.substr(at, comma == std::string::npos ? comma : comma - at));
    if (p < 1 || p > (1 << 20))
      throw UsageError{"--ranks expects rank counts from 1 to 1048576, not " + std::to_string(p)};
    counts.push_back(p);
    if (comma == std::string::npos)
      return counts;
    at = comma + 1;
  }
}

polyrt::dist::Strategy parseStrategy(const std::string &text) {
  using polyrt::dist::Strategy;
  if (text == "chunk-alpha")
    return Strategy::ChunkAlpha;
  if (text == "edge-balanced")
    return Strategy::EdgeBalanced;
  if (text == "vertex-balanced")
    return Strategy::VertexBalanced;
  if (text == "hash")
    return Strategy::Hash;
  if (text == "cartesian")
    return Strategy::Cartesian;
  if (text == "metis")
    return Strategy::Metis;
  throw UsageError{"--strategy expects chunk-alpha, edge-balanced, vertex-balanced, hash, "
                   "metis or cartesian, not '" + text + "'"};
}

Options parseArgs(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        throw UsageError{"option " + arg + " needs a value"};
      return argv[++i];
    };
    if (arg == "-h" || arg == "--help") {
      o.command = "help";
      return o;
    } else if (arg == "-s" || arg == "--scale") {
      o.scale = parseNumber(arg, value());
    } else if (arg == "-d" || arg == "--degree") {
      o.degree = parseNumber(arg, value());
    } else if (arg == "--rows") {
      o.rows = parseNumber(arg, value());
    } else if (arg == "--cols") {
      o.cols = parseNumber(arg, value());
    } else if (arg == "--seed") {
      std::string text = value();
      char *end = nullptr;
      errno = 0;
      o.seed = std::strtoull(text.c_str(), &end, 10);
      if (text.empty() || *end || errno || text[0] == '-')
        throw UsageError{"--seed expects a non-negative whole number, not '" + text + "'"};
    } else if (arg == "-u" || arg == "--symmetrize") {
      o.symmetrize = true;
    } else if (arg == "--simple") {
      o.simple = true;
    } else if (arg == "-v" || arg == "--verbose") {
      o.verbose = true;
    } else if (arg == "-o" || arg == "--output") {
      o.output = value();
    } else if (arg == "--info") {
      o.command = "info";
      o.input = value();
    } else if (arg == "--partition") {
      o.command = "partition";
      o.input = value();
    } else if (arg == "--rank-model") {
      o.command = "rank-model";
      o.input = value();
    } else if (arg == "--ranks") {
      o.ranks = parseRankCounts(value());
    } else if (arg == "--strategy") {
      o.strategy = parseStrategy(value());
    } else if (arg == "--value-bytes") {
      o.valueBytes = parseNumber(arg, value());
      if (o.valueBytes < 1 || o.valueBytes > (1 << 20))
        throw UsageError{"--value-bytes expects 1 to 1048576, not " + std::to_string(o.valueBytes)};
    } else if (arg == "--communication") {
      std::string how = value();
      if (how != "ring" && how != "alltoallv")
        throw UsageError{"--communication expects ring or alltoallv, not '" + how + "'"};
      o.communication = how == "ring" ? polyrt::dist::Communication::Ring
                                      : polyrt::dist::Communication::Alltoallv;
    } else if (arg == "--topology") {
      o.command = "topology";
    } else if (!arg.empty() && arg[0] == '-') {
      throw UsageError{"unknown option '" + arg + "'"};
    } else if (o.command.empty()) {
      if (arg != "kron" && arg != "uniform" && arg != "grid" && arg != "convert" && arg != "metis")
        throw UsageError{"unknown command '" + arg +
                         "' (expected kron, uniform, grid, convert or metis)"};
      o.command = arg;
    } else if ((o.command == "convert" || o.command == "metis") && o.input.empty()) {
      o.input = arg;
    } else {
      throw UsageError{"unexpected argument '" + arg + "'"};
    }
  }
  if (o.command.empty())
    throw UsageError{"no command given"};
  bool generating = o.command == "kron" || o.command == "uniform" || o.command == "grid";
  if (generating || o.command == "convert") {
    if (o.output.empty())
      throw UsageError{"no output file given (-o FILE)"};
    std::string ext = o.output.substr(std::min(o.output.size(), o.output.rfind('.')));
    if (ext != ".sg" && ext != ".wsg" && ext != ".el" && ext != ".wel" && ext != ".ligra" &&
        ext != ".gemini" && ext != ".wgemini" && ext != ".adj" && ext != ".wadj" &&
        ext != ".galois" && ext != ".wgalois")
      throw UsageError{"output file '" + o.output +
                       "' must end in .sg, .wsg, .el, .wel, .ligra, .gemini, .wgemini, .adj, "
                       ".wadj, .galois or .wgalois"};
  }
  if (o.command == "rank-model" && o.ranks.empty())
    throw UsageError{"--rank-model needs --ranks P[,P...]"};
  if (o.command == "metis" && (o.input.empty() || o.ranks.empty()))
    throw UsageError{"metis needs a graph file and --ranks P[,P...]"};
  if (o.command == "convert" && o.input.empty())
    throw UsageError{"convert needs an input file"};
  if (o.command == "kron" || o.command == "uniform") {
    if (!o.scale)
      throw UsageError{o.command + " needs a scale (-s SCALE)"};
    if (o.rows || o.cols)
      throw UsageError{"--rows/--cols apply to grid only"};
  }
  if (o.command == "grid") {
    if (!o.rows || !o.cols)
      throw UsageError{"grid needs --rows R and --cols C"};
    if (o.scale)
      throw UsageError{"-s applies to kron and uniform only"};
  }
  return o;
}

bool weightedOutput(const std::string &path) {
  size_t dot = path.rfind('.');
  std::string ext = dot == std::string::npos ? "" : path.substr(dot);
  return ext == ".wsg" || ext == ".wel" || ext == ".wgemini" || ext == ".wadj" ||
         ext == ".wgalois";
}

/// g without self-loops and duplicate edges. (Neighbour lists are sorted by
/// id, duplicates by weight: the first of a run is kept.)
template <typename W> polyrt::Graph<W> simplified(const polyrt::Graph<W> &g) {
  if (g.directed())
    throw polyrt::Error("--simple needs an undirected graph (add -u)");
  const polyrt::VertexId n = g.numVertices();
  std::vector<polyrt::EdgeOffset> offsets(static_cast<size_t>(n) + 1, 0);
  std::vector<polyrt::VertexId> neighbors;
  std::vector<W> weights;
  neighbors.reserve(static_cast<size_t>(g.numEdges()));
  for (polyrt::VertexId u = 0; u < n; ++u) {
    for (polyrt::EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e) {
      polyrt::VertexId v = g.outNeighbors()[e];
      if (v == u || (e > g.outOffsets()[u] && g.outNeighbors()[e - 1] == v))
        continue;
      neighbors.push_back(v);
      if constexpr (polyrt::Graph<W>::kWeighted)
        weights.push_back(g.outWeights()[e]);
    }
    offsets[static_cast<size_t>(u) + 1] = static_cast<polyrt::EdgeOffset>(neighbors.size());
  }
  return polyrt::Graph<W>(n, std::move(offsets), std::move(neighbors), std::move(weights),
                          /*directed=*/false);
}

template <typename W> void buildAndWrite(const polyrt::EdgeList &el, const Options &o) {
  double t = polyrt::now();
  polyrt::VertexId n = 0;
  if (o.command == "grid")
    n = *o.rows * *o.cols;
  else
    n = polyrt::VertexId{1} << *o.scale;
  polyrt::Graph<W> g = polyrt::buildGraph<W>(el, n, o.symmetrize);
  if (o.simple)
    g = simplified(g);
  if (o.verbose)
    std::fprintf(stderr, "build CSR:  %.3f s\n", polyrt::now() - t);
  t = polyrt::now();
  polyrt::writeGraph(g, o.output);
  if (o.verbose)
    std::fprintf(stderr, "write:      %.3f s\n", polyrt::now() - t);
  std::printf("%s: %d vertices, %lld edges, %s\n", o.output.c_str(), g.numVertices(),
              static_cast<long long>(g.numEdges()), g.directed() ? "directed" : "undirected");
}

void generate(const Options &o) {
  double t = polyrt::now();
  polyrt::EdgeList el;
  if (o.command == "kron")
    el = polyrt::generateKronecker(*o.scale, o.degree, o.seed);
  else if (o.command == "uniform")
    el = polyrt::generateUniform(*o.scale, o.degree, o.seed);
  else
    el = polyrt::generateGrid(*o.rows, *o.cols, o.seed);
  if (o.verbose)
    std::fprintf(stderr, "generate:   %.3f s (%zu edges)\n", polyrt::now() - t, el.size());
  if (weightedOutput(o.output))
    buildAndWrite<int32_t>(el, o);
  else
    buildAndWrite<polyrt::NoWeight>(el, o);
}

template <typename W> polyrt::Graph<W> symmetrized(const polyrt::Graph<W> &g) {
  // Every stored edge and its reverse, through the edge-list builder.
  polyrt::EdgeList el;
  el.reserve(g.numEdges());
  for (polyrt::VertexId u = 0; u < g.numVertices(); ++u)
    for (polyrt::EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e) {
      int32_t w = 1;
      if constexpr (polyrt::Graph<W>::kWeighted)
        w = static_cast<int32_t>(g.outWeights()[e]);
      el.push_back(polyrt::Edge{u, g.outNeighbors()[e], w});
    }
  return polyrt::buildGraph<W>(el, g.numVertices(), true);
}

template <typename W> void convertAs(const Options &o) {
  double t = polyrt::now();
  polyrt::Graph<W> g = polyrt::loadGraph<W>(o.input);
  if (o.verbose)
    std::fprintf(stderr, "load:       %.3f s\n", polyrt::now() - t);
  if (o.symmetrize && g.directed())
    g = symmetrized(g);
  if (o.simple)
    g = simplified(g);
  t = polyrt::now();
  polyrt::writeGraph(g, o.output);
  if (o.verbose)
    std::fprintf(stderr, "write:      %.3f s\n", polyrt::now() - t);
  std::printf("%s: %d vertices, %lld edges, %s\n", o.output.c_str(), g.numVertices(),
              static_cast<long long>(g.numEdges()), g.directed() ? "directed" : "undirected");
}

void info(const std::string &path) {
  polyrt::Graph<polyrt::NoWeight> g = polyrt::loadGraph<polyrt::NoWeight>(path);
  polyrt::EdgeOffset selfLoops = 0, maxDegree = 0;
  for (polyrt::VertexId u = 0; u < g.numVertices(); ++u) {
    maxDegree = std::max(maxDegree, g.outDegree(u));
    for (polyrt::EdgeOffset e = g.outOffsets()[u]; e < g.outOffsets()[u + 1]; ++e)
      selfLoops += g.outNeighbors()[e] == u;
  }
  std::printf("file: %s\n", path.c_str());
  std::printf("vertices: %d\n", g.numVertices());
  std::printf("edges: %lld\n", static_cast<long long>(g.numEdges()));
  std::printf("directed: %s\n", g.directed() ? "yes" : "no");
  std::printf("max out-degree: %lld\n", static_cast<long long>(maxDegree));
  std::printf("self-loops: %lld\n", static_cast<long long>(selfLoops));
}

/// The largest node's share of the edges over the mean (1.0: perfect).
double imbalance(const polyrt::Partition &p, const polyrt::EdgeOffset *offsets) {
  double mean = double(offsets[p.numVertices()]) / p.nodes(), worst = 0;
  for (int k = 0; k < p.nodes(); ++k)
    worst = std::max(worst, double(offsets[p.end(k)] - offsets[p.begin(k)]) / mean);
  return worst;
}

/// The same for chunk-alpha's measure, alpha * |V_i| + |E_i|.
double alphaImbalance(const polyrt::Partition &p, const polyrt::EdgeOffset *offsets,
                      double alpha) {
  auto load = [&](polyrt::VertexId begin, polyrt::VertexId end) {
    return alpha * (end - begin) + double(offsets[end] - offsets[begin]);
  };
  double mean = load(0, p.numVertices()) / p.nodes(), worst = 0;
  for (int k = 0; k < p.nodes(); ++k)
    worst = std::max(worst, load(p.begin(k), p.end(k)) / mean);
  return worst;
}

void partitionReport(const std::string &path) {
  polyrt::Graph<polyrt::NoWeight> g = polyrt::loadGraph<polyrt::NoWeight>(path);
  g.buildInEdges();
  std::printf("%s: %d vertices, %lld edges\n", path.c_str(), g.numVertices(),
              static_cast<long long>(g.numEdges()));
  std::printf("partition        nodes  out-edges max/mean  in-edges max/mean  in a|V|+|E| max/mean\n");
  const std::pair<const char *, polyrt::PartitionStrategy> strategies[] = {
      {"vertex-balanced", polyrt::PartitionStrategy::VertexBalanced},
      {"edge-balanced", polyrt::PartitionStrategy::EdgeBalanced},
      {"chunk-alpha", polyrt::PartitionStrategy::ChunkAlpha}};
  for (const auto &[name, how] : strategies)
    for (int nodes : {2, 4, 8}) {
      if (nodes > g.numVertices())
        continue;
      // Each direction balances the edges it walks: out for push, in for pull.
      polyrt::Partition out = polyrt::partitionVertices(g.numVertices(), g.outOffsets(), nodes, how);
      polyrt::Partition in = polyrt::partitionVertices(g.numVertices(), g.inOffsets(), nodes, how);
      // chunk-alpha's own measure, with its default alpha = 8 * (N - 1).
      std::printf("%-16s %5d  %18.4f  %17.4f  %19.4f\n", name, nodes,
                  imbalance(out, g.outOffsets()), imbalance(in, g.inOffsets()),
                  alphaImbalance(in, g.inOffsets(), polyrt::defaultPartitionAlpha(nodes)));
    }
}

const char *strategyName(polyrt::dist::Strategy how) {
  switch (how) {
  case polyrt::dist::Strategy::ChunkAlpha:
    return "chunk-alpha";
  case polyrt::dist::Strategy::EdgeBalanced:
    return "edge-balanced";
  case polyrt::dist::Strategy::VertexBalanced:
    return "vertex-balanced";
  case polyrt::dist::Strategy::Cartesian:
    return "cartesian";
  case polyrt::dist::Strategy::Metis:
    return "metis";
  case polyrt::dist::Strategy::Hash:
    break;
  }
  return "hash";
}

/// metis: FILE.part.P for each P.
void metisFiles(const Options &o) {
  polyrt::Graph<polyrt::NoWeight> g = polyrt::loadGraph<polyrt::NoWeight>(o.input);
  g.buildInEdges();
  for (int p : o.ranks) {
    double t = polyrt::now();
    std::vector<int32_t> ranks = polyrt::tools::metisPartition(g, p);
    std::string path = o.input + ".part." + std::to_string(p);
    polyrt::tools::writePartitionFile(ranks, path);
    std::printf("%s: %d vertices over %d ranks (%.1f s)\n", path.c_str(), g.numVertices(), p,
                polyrt::now() - t);
  }
}

/// --rank-model: a row per rank count (and with -v a row per rank, in the
/// accounting table's terms: what the rank sends in one exchange).
void rankModelReport(const Options &o) {
  using namespace polyrt::dist;
  polyrt::Graph<polyrt::NoWeight> g = polyrt::loadGraph<polyrt::NoWeight>(o.input);
  g.buildInEdges();
  std::printf("%s: %d vertices, %lld edges; %s, %d-byte values (mirrors: a 1-byte header "
              "per peer; per edge: %d-byte records), %s\n",
              o.input.c_str(), g.numVertices(), static_cast<long long>(g.numEdges()),
              strategyName(o.strategy), o.valueBytes, o.valueBytes + 4,
              o.communication == Communication::Ring ? "ring" : "alltoallv");
  // mirrors: the values of each shared list (list_encoding.h); per-edge:
  // batched and per-update, one {vertex, value} record per cut edge.
  std::printf("%5s %11s %13s %13s %14s %11s %12s %10s %10s %10s\n", "ranks", "mirrors/|V|",
              "max|E_i|/mean", "mirrors rec/E", "per-edge rec/E", "mirrors B/E", "per-edge B/E",
              "msgs mirr", "msgs batch", "msgs upd");
  for (int p : o.ranks) {
    std::vector<int32_t> owner;
    if (o.strategy == Strategy::Metis && p > 1)
      owner = readPartitionFile(o.input + ".part." + std::to_string(p), g.numVertices(), p);
    RankModel model =
        modelRanks(g, p, o.strategy, -1, o.valueBytes, o.communication, std::move(owner));
    double n = double(model.numVertices), m = double(std::max<polyrt::EdgeOffset>(1, model.numEdges));
    ExchangeCounts mirrors = model.total(Combining::Mirrors);
    ExchangeCounts batched = model.total(Combining::Batched);
    ExchangeCounts perUpdate = model.total(Combining::PerUpdate);
    std::printf("%5d %11.4f %13.4f %13.4f %14.4f %11.4f %12.4f %10lld %10lld %10lld\n", p,
                double(model.totalMirrors()) / n, double(model.maxInEdges()) / (m / p),
                double(mirrors.records) / m, double(batched.records) / m,
                double(mirrors.bytes) / m, double(batched.bytes) / m,
                static_cast<long long>(mirrors.messages), static_cast<long long>(batched.messages),
                static_cast<long long>(perUpdate.messages));
    if (!o.verbose)
      continue;
    if (o.strategy == Strategy::Cartesian)
      std::printf("  (a %d x %d grid; partials: ranks rank count, then records messages bytes "
                  "of the partial fold)\n",
                  model.partition.rows(), p / model.partition.rows());
    std::printf("  %5s %5s %10s %12s %10s %12s   %-34s %-34s %s\n", "ranks", "rank", "|V_i|",
                "|E_i|", "|V'_i|", "cut-edges", "mirrors: records messages bytes",
                "batched: records messages bytes", "per-update: records messages bytes");
    for (int r = 0; r < p; ++r) {
      const RankModelRow &row = model.rows[r];
      std::printf("  %5d %5d %10lld %12lld %10lld %12lld", p, r,
                  static_cast<long long>(row.vertices), static_cast<long long>(row.inEdges),
                  static_cast<long long>(row.mirrors), static_cast<long long>(row.cutEdges));
      for (const ExchangeCounts &c : row.sent)
        std::printf("   %10lld %8lld %14lld", static_cast<long long>(c.records),
                    static_cast<long long>(c.messages), static_cast<long long>(c.bytes));
      std::printf("\n");
      // Cartesian: the partial fold alone (its own round in the accounting
      // table), included in the row above.
      if (o.strategy == Strategy::Cartesian) {
        const ExchangeCounts &f = row.partialSent;
        std::printf("  partials: %5d %5d %10lld   %10lld %8lld %14lld\n", p, r,
                    static_cast<long long>(row.partials), static_cast<long long>(f.records),
                    static_cast<long long>(f.messages), static_cast<long long>(f.bytes));
      }
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  try {
    o = parseArgs(argc, argv);
  } catch (const UsageError &e) {
    std::fprintf(stderr, "polyrt-gen: error: %s\n(run 'polyrt-gen --help' for usage)\n",
                 e.message.c_str());
    return 2;
  }
  if (o.command == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  return polyrt::runMain(argc, argv, [&] {
    if (o.command == "info")
      info(o.input);
    else if (o.command == "partition")
      partitionReport(o.input);
    else if (o.command == "rank-model")
      rankModelReport(o);
    else if (o.command == "topology")
      std::printf("%s\n", polyrt::topology().describe().c_str());
    else if (o.command == "metis")
      metisFiles(o);
    else if (o.command == "convert")
      // Weighted: double keeps any weight; symmetrizing goes through an
      // int32 edge list, so then the weights must be integers.
      !weightedOutput(o.output) ? convertAs<polyrt::NoWeight>(o)
      : o.symmetrize            ? convertAs<int32_t>(o)
                                : convertAs<double>(o);
    else
      generate(o);
  });
}
