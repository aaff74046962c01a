// 1-NN DTW driver over the headers of the EAPrunedDTW paper code (Herrmann & Webb 2021,
// github.com/HerrmannM/paper-2021-EAPElasticDist, BSD-3-Clause), written for GestureLab's peer harness
// (published_peers.py). Nothing of that repository is copied here: this file only includes its headers from
// the tree the user placed. It runs the same search as the paper's own launcher
// (nnclassification/src/main.cpp, function NN1, with "-dist cdtw <wr> lb-keogh2 eap" or "-dist dtw lb-keogh2
// eap"): for each query, candidates in training order, LB_Keogh(query, envelope of candidate), then
// LB_Keogh(candidate, envelope of query), then EAP DTW with the best-so-far as cut-off; the first strictly
// smaller distance wins. Unlike the launcher, which prints only the number of correct labels, it prints the
// nearest neighbour of every query, so that predictions can be compared one by one.
//
// Build: g++ -std=gnu++17 -O3 -DNDEBUG -I <eap>/nnclassification/src eap_nn1.cpp -o eap_nn1
// Usage: eap_nn1 TRAIN.tsv QUERIES.tsv <w|full> <none|keogh|keogh2>
//        (UCR TSV rows: label, then the values; w: |i - j| <= w; full: unconstrained DTW)
// Prints one JSON object: seconds (wall time of the search, envelopes included), correct, predictions.

#include "utils.hpp"
#include "distances/dtw/cdtw.hpp"
#include "distances/dtw/dtw.hpp"
#include "distances/dtw/lowerbounds/envelopes.hpp"
#include "distances/dtw/lowerbounds/lb_keogh.hpp"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "ucr_tsv.hpp"

namespace {

using ucr::Row;

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: " << argv[0] << " TRAIN.tsv QUERIES.tsv <w|full> <none|keogh|keogh2>\n";
    return 1;
  }
  const auto halves = ucr::read_equal_length(argv[1], argv[2]);
  const auto& train = halves.train;
  const auto& queries = halves.queries;
  const size_t length = halves.length;
  const std::string window_arg = argv[3], lb = argv[4];
  const bool full = window_arg == "full";
  // As the launcher: "dtw" takes envelopes over the whole length, "cdtw" over its window.
  const size_t w = full ? length : std::strtoul(window_arg.c_str(), nullptr, 10);
  if (lb != "none" && lb != "keogh" && lb != "keogh2") { std::cerr << "unknown lower bound " << lb << "\n"; return 1; }

  auto distance = [&](const std::vector<double>& candidate, const std::vector<double>& query, double ub) {
    return full ? dtw<false>(candidate.data(), length, query.data(), length, ub)
                : cdtw<false>(candidate.data(), length, query.data(), length, w, ub);
  };

  std::vector<size_t> predictions(queries.size());
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::vector<double>> up(train.size(), std::vector<double>(length)), lo = up;
  if (lb != "none") {
    for (size_t c = 0; c < train.size(); ++c) { get_envelopes(train[c].values.data(), length, up[c].data(), lo[c].data(), w); }
  }
  std::vector<double> query_up(length), query_lo(length);
  for (size_t q = 0; q < queries.size(); ++q) {
    const auto& query = queries[q].values;
    bool query_envelope = false;
    double bsf = POSITIVE_INFINITY;
    size_t best = train.size();
    for (size_t c = 0; c < train.size(); ++c) {
      const auto& candidate = train[c].values;
      double v;
      if (lb == "none") {
        v = distance(candidate, query, bsf);
      } else {
        v = lb_Keogh(query.data(), length, up[c].data(), lo[c].data(), bsf);
        if (v < bsf && lb == "keogh2") {
          if (!query_envelope) {
            get_envelopes(query.data(), length, query_up.data(), query_lo.data(), w);
            query_envelope = true;
          }
          v = lb_Keogh(candidate.data(), length, query_up.data(), query_lo.data(), bsf);
        }
        if (v < bsf) { v = distance(candidate, query, bsf); }
      }
      if (v < bsf) {
        bsf = v;
        best = c;
      }
    }
    predictions[q] = best;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  size_t correct = 0;
  for (size_t q = 0; q < queries.size(); ++q) {
    if (predictions[q] < train.size() && train[predictions[q]].label == queries[q].label) { ++correct; }
  }
  std::cout << std::setprecision(9) << "{\"code\": \"eap\", \"window\": " << (full ? length - 1 : w) << ", \"lb\": \"" << lb
            << "\", \"seconds\": " << seconds << ", \"correct\": " << correct << ", \"predictions\": [";
  for (size_t q = 0; q < predictions.size(); ++q) { std::cout << (q ? "," : "") << predictions[q]; }
  std::cout << "]}\n";
  return 0;
}
