/* The single evaluation's arithmetic in C: a compiled lower bound for odds(shoe).
 *
 * Same tables and the same float64 arithmetic as baccarat_exact.engine.counting._count_one:
 * per shoe, a (10, 7) table of falling factorials looked up, 924 half weights (products of
 * 5), 5,005 multiset weights (products of 2) and their products with the 3 columns of the
 * main bets. Every value is an integer below 2**53, so the order of the sums does not
 * matter. Built and run by benchmarks/bench_engine.py --floor, which writes the tables and
 * checks that the counts are the engine's.
 *
 * usage: floor DIR SHOES REPEATS   (raw little-endian tables read from DIR)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define HALF 462
#define MULTISETS 5005

static void *load(const char *dir, const char *name, size_t bytes) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    void *data = malloc(bytes);
    if (fread(data, 1, bytes, f) != bytes) { fprintf(stderr, "short read: %s\n", path); exit(2); }
    fclose(f);
    return data;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: floor DIR SHOES REPEATS\n"); return 2; }
    const char *dir = argv[1];
    int shoes = atoi(argv[2]), repeats = atoi(argv[3]);
    const double *falling = load(dir, "falling.bin", 457 * 7 * sizeof(double));
    const int32_t *index = load(dir, "half_index.bin", 5 * 2 * HALF * sizeof(int32_t));
    const int32_t *col_lo = load(dir, "col_lo.bin", MULTISETS * sizeof(int32_t));
    const int32_t *col_hi = load(dir, "col_hi.bin", MULTISETS * sizeof(int32_t));
    const double *flat = load(dir, "flat.bin", 3 * MULTISETS * sizeof(double)); /* by column */
    const int32_t *values = load(dir, "values.bin", (size_t)shoes * 10 * sizeof(int32_t));
    const double *c0 = flat, *c1 = flat + MULTISETS, *c2 = flat + 2 * MULTISETS;
    double *out = calloc((size_t)shoes * 3, sizeof(double));
    double table[70], halves[2 * HALF];
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int r = 0; r < repeats; r++) {
        for (int s = 0; s < shoes; s++) {
            for (int v = 0; v < 10; v++)
                for (int j = 0; j < 7; j++) table[v * 7 + j] = falling[values[s * 10 + v] * 7 + j];
            for (int h = 0; h < 2 * HALF; h++)
                halves[h] = table[index[h]] * table[index[2 * HALF + h]] *
                            table[index[4 * HALF + h]] * table[index[6 * HALF + h]] *
                            table[index[8 * HALF + h]];
            double a0 = 0, a1 = 0, a2 = 0, b0 = 0, b1 = 0, b2 = 0;
            int m = 0;
            for (; m + 1 < MULTISETS; m += 2) { /* two independent sets of sums */
                double w = halves[col_lo[m]] * halves[HALF + col_hi[m]];
                double u = halves[col_lo[m + 1]] * halves[HALF + col_hi[m + 1]];
                a0 += w * c0[m]; a1 += w * c1[m]; a2 += w * c2[m];
                b0 += u * c0[m + 1]; b1 += u * c1[m + 1]; b2 += u * c2[m + 1];
            }
            for (; m < MULTISETS; m++) {
                double w = halves[col_lo[m]] * halves[HALF + col_hi[m]];
                a0 += w * c0[m]; a1 += w * c1[m]; a2 += w * c2[m];
            }
            out[s * 3] = a0 + b0; out[s * 3 + 1] = a1 + b1; out[s * 3 + 2] = a2 + b2;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + 1e-9 * (end.tv_nsec - start.tv_nsec);
    printf("%.4f\n", seconds * 1e6 / ((double)shoes * repeats));
    for (int s = 0; s < shoes; s++)
        for (int c = 0; c < 3; c++) printf("%.0f\n", out[s * 3 + c]);
    return 0;
}
