// Reads a whitespace-separated series with fscanf, one number at a time (how the UCR Suite drivers read their data
// file), and prints the CPU time it took. find_peers.py subtracts it from UCR-MON's own time, which includes reading.
#include <cstdio>
#include <ctime>

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: fscanf_read FILE\n");
        return 2;
    }
    std::clock_t started = std::clock();
    FILE *file = std::fopen(argv[1], "r");
    if (!file) {
        std::fprintf(stderr, "fscanf_read: cannot open %s\n", argv[1]);
        return 1;
    }
    double value, checksum = 0;
    long long count = 0;
    while (std::fscanf(file, "%lf", &value) != EOF) {
        checksum += value;
        count++;
    }
    std::fclose(file);
    double seconds = double(std::clock() - started) / CLOCKS_PER_SEC;
    std::printf("numbers %lld checksum %.17g seconds %.6f\n", count, checksum, seconds);
    return 0;
}
