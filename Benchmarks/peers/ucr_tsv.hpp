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

}  // namespace ucr
