// 1-NN DTW driver over the header-only distances of tempo (Monash Time Series Analytics Library,
// github.com/MonashTS/tempo, BSD-3-Clause), written for GestureLab's peer harness (published_peers.py).
// Nothing of tempo is copied here: this file only includes its headers from the tree the user placed
// (src/tempo/distance/core/elastic/dtw.hpp, dtw_lb_enhanced.hpp, dtw_lb_keogh.hpp). tempo's current tree has
// no 1-NN program; this driver runs the search of its former nn1dist tool (tag v0.0.1,
// "-dist cdtw <wr> lb-enhanced 5" or "-dist dtw lb-enhanced 5"): for each query, LB_Enhanced with v = 5 bands
// (query against the candidate and its Keogh envelope) and, when it is <= the best so far, tempo's early
// abandoned and pruned DTW with the best so far as cut-off; the cost is tempo's ad2, (a - b)^2. Candidates are
// visited in training order and the first strictly smaller distance wins. "tryfirst" adds that tool's first
// pass (the first two training series of each class, then all of them again); on UWaveGestureLibraryX it is
// about 10 % slower, so it is off by default.
//
// Build: g++ -std=c++20 -O3 -DNDEBUG -I <tempo>/src tempo_nn1.cpp -o tempo_nn1
// Usage: tempo_nn1 TRAIN.tsv QUERIES.tsv <w|full> <v> [plain|tryfirst]
//        (UCR TSV rows: label, then the values; w: |i - j| <= w; full: unconstrained DTW; v: LB_Enhanced bands,
//        0 = LB_Keogh only)
// Prints one JSON object: seconds (wall time of the search, envelopes included), correct, predictions.

#include <tempo/distance/core/elastic/dtw.hpp>
#include <tempo/distance/core/elastic/dtw_lb_enhanced.hpp>
#include <tempo/distance/core/elastic/dtw_lb_keogh.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "ucr_tsv.hpp"

namespace {

namespace td = tempo::distance;

using ucr::Row;

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5 && argc != 6) {
    std::cerr << "usage: " << argv[0] << " TRAIN.tsv QUERIES.tsv <w|full> <v> [plain|tryfirst]\n";
    return 1;
  }
  const auto halves = ucr::read_equal_length(argv[1], argv[2]);
  const auto& train = halves.train;
  const auto& queries = halves.queries;
  const size_t length = halves.length;
  const std::string window_arg = argv[3];
  const size_t v = std::strtoul(argv[4], nullptr, 10);
  const bool try_first = argc == 6 && std::string(argv[5]) == "tryfirst";
  const bool full = window_arg == "full";
  // tempo's dtw runs unconstrained for any window > length - 2; envelopes cap the window at length - 1.
  const size_t w = full ? length : std::strtoul(window_arg.c_str(), nullptr, 10);
  const double PINF = td::utils::PINF<double>;
  auto cost = [](double a, double b) { return td::univariate::ad2<double>(a, b); };

  // Indices tried first: the first two of each class (classes in label order).
  std::vector<size_t> first;
  if (try_first) {
    std::map<std::string, std::vector<size_t>> by_class;
    for (size_t c = 0; c < train.size(); ++c) { by_class[train[c].label].push_back(c); }
    for (const auto& [label, indices] : by_class) {
      for (size_t k = 0; k < indices.size() && k < 2; ++k) { first.push_back(indices[k]); }
    }
  }

  std::vector<size_t> predictions(queries.size());
  std::vector<double> buffer;
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::vector<double>> up(train.size(), std::vector<double>(length)), lo = up;
  for (size_t c = 0; c < train.size(); ++c) {
    td::univariate::get_keogh_envelopes(train[c].values.data(), length, up[c].data(), lo[c].data(), w);
  }
  for (size_t q = 0; q < queries.size(); ++q) {
    const double* query = queries[q].values.data();
    double bsf = PINF;
    size_t best = train.size();
    auto visit = [&](size_t c) {
      const double* candidate = train[c].values.data();
      const double bound = td::univariate::lb_Enhanced<double>(query, length, candidate, length, up[c].data(), lo[c].data(),
                                                               cost, v, w, bsf);
      if (bound <= bsf) {
        auto cell = [candidate, query](size_t i, size_t j) { return td::univariate::ad2<double>(candidate[i], query[j]); };
        const double d = td::dtw<double>(length, length, cell, w, bsf, buffer);
        if (d < bsf) {
          bsf = d;
          best = c;
        }
      }
    };
    for (size_t c : first) { visit(c); }
    for (size_t c = 0; c < train.size(); ++c) { visit(c); }
    predictions[q] = best;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  size_t correct = 0;
  for (size_t q = 0; q < queries.size(); ++q) {
    if (predictions[q] < train.size() && train[predictions[q]].label == queries[q].label) { ++correct; }
  }
  std::cout << std::setprecision(9) << "{\"code\": \"tempo\", \"window\": " << (full ? length - 1 : w)
            << ", \"lb\": \"enhanced" << v << "\", \"try_first\": " << (try_first ? "true" : "false")
            << ", \"seconds\": " << seconds << ", \"correct\": " << correct << ", \"predictions\": [";
  for (size_t q = 0; q < predictions.size(); ++q) { std::cout << (q ? "," : "") << predictions[q]; }
  std::cout << "]}\n";
  return 0;
}
