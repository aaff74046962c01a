// The UCR archive's tab-separated format, read the same way by both peer drivers: one series a line, the class
// label first, then the values. Ours (GestureLab's harness), not the peers' code.
#pragma once

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace ucr {

struct Row {
  std::string label;
  std::vector<double> values;
};

inline std::vector<Row> read_tsv(const std::string& path) {
  std::ifstream in(path);
  if (!in) { std::cerr << "cannot read " << path << "\n"; std::exit(2); }
  std::vector<Row> rows;
  std::string line, token;
  while (std::getline(in, line)) {
    if (line.empty()) { continue; }
    std::istringstream fields(line);
    Row row;
    fields >> row.label;
    while (fields >> token) { row.values.push_back(std::strtod(token.c_str(), nullptr)); }
    rows.push_back(std::move(row));
  }
  return rows;
}

/// The training and query files, which must hold series of one length (printed to stderr and exit 2 otherwise).
struct Halves {
  std::vector<Row> train, queries;
  size_t length;
};

inline Halves read_equal_length(const std::string& train_path, const std::string& queries_path) {
  Halves h{read_tsv(train_path), read_tsv(queries_path), 0};
  if (h.train.empty() || h.queries.empty()) { std::cerr << "empty input\n"; std::exit(2); }
  h.length = h.train[0].values.size();
  for (const auto* rows : {&h.train, &h.queries}) {
    for (const auto& r : *rows) { if (r.values.size() != h.length) { std::cerr << "unequal lengths\n"; std::exit(2); } }
  }
  return h;
}

}  // namespace ucr
