//===- distributed_program.cpp - dist::runMain as a program (tests) --------===//
//
//   distributed-program missing DIR   the last rank loads DIR/missing.sg, the
//                                     others a graph they wrote: the run must
//                                     end at once with the last rank's error
//   distributed-program account DIR   loads, refreshes twice and prints the
//                                     message accounting table; every rank
//                                     prints a line, only rank 0's is kept
//
//===----------------------------------------------------------------------===//
#include "polyrt/distributed.h"
#include "polyrt/edge_list.h"
#include "polyrt/io.h"

#include <cstdio>
#include <iostream>

using namespace polyrt;

int main(int argc, char **argv) {
  Usage usage;
  usage.arguments = {{1, "missing or account"}, {2, "a directory"}};
  return dist::runMain(argc, argv, usage, [&] {
    std::string mode = argument(argc, argv, 1), dir = argument(argc, argv, 2);
    int r = dist::rank();
    std::string good = dir + "/good-" + std::to_string(r) + ".sg";
    writeSerializedGraph(buildGraph<NoWeight>(generateUniform(13, 4, 5), 1 << 13, false), good);
    dist::EdgesPart part;
    if (mode == "missing") {
      dist::loadPart<NoWeight>(r == dist::ranks() - 1 ? dir + "/missing.sg" : good, part,
                               dist::Strategy::EdgeBalanced, -1);
      std::cout << "loaded" << std::endl;
      return;
    }
    dist::enableMessageAccounting();
    Graph<NoWeight> g = dist::loadPart<NoWeight>(good, part, dist::Strategy::VertexBalanced, -1);
    VertexArray<int32_t> values(g.numVertices(), 0);
    dist::Freshness f;
    for (int round = 0; round < 2; ++round) {
      for (int64_t i = 0; i < part.ownedCount(); ++i)
        values[part.ownedVertex(i)] = part.ownedVertex(i) + round;
      dist::wrote(f);
      dist::noteMode("pr", round == 0 ? "sparse" : "dense");
      dist::refreshMirrors(part, values, f, dist::Combining::Mirrors,
                           dist::Communication::Alltoallv, "pr");
    }
    std::cout << "rank " << r << " says hello" << std::endl;
    std::printf("rank %d printf\n", r);
  });
}
