/* One shoe's exact counts over the six-card universe, in compiled code.
 *
 * The same sum as baccarat_exact.engine.counting (docs/method.md):
 *
 *     count[c] = sum over multisets m of A[m, c] * W_lo(m) * W_hi(m)
 *
 * where W_lo (W_hi) is the product of the falling factorials ff(n_v, m_v) (or powers
 * n_v ** m_v, for an infinite shoe's weights) over the values 0-4 (5-9). Every weight,
 * term and partial sum is a non-negative integer of at most N**6 (the coefficients count
 * orderings, and the orderings of all multisets, weighted, add up to ff(N, 6) <= N**6;
 * a sum over low halves is at most 6!/(6-k)! * N**k <= N**6), whatever the order of the
 * additions. So double arithmetic is exact while N**6 < 2**53 (N <= 456), and unsigned
 * 64-bit arithmetic while N**6 < 2**63 (N <= 1448): the first is taken up to 456 cards
 * (the compiler vectorises it over many columns), the second beyond. Larger shoes are
 * refused with ValueError and take the package's Python-integer path.
 *
 * A Counter is made once per set of columns (its tables copied in) and called once per
 * shoe: counter(values, infinite=False) -> list of int. setup.py builds this module as an
 * optional extension; without a C compiler the package uses numpy for the same sum, and
 * tests/test_engine.py checks that both give the same integers.
 *
 * shoe_pair_states (below) sums one shoe's pair states in 128-bit integers where they are
 * exact; tests/test_pairs_compiled.py compares it with the Python integers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define VALUES 10
#define CARDS 6
#define HALF 462          /* multisets of at most 6 cards over 5 values */
#define MULTISETS 5005    /* multisets of exactly 6 cards over 10 values */
#define FLOAT_CARDS 456   /* the largest N with N**6 < 2**53 */
#define MAX_CARDS 1448    /* the largest N with N**6 < 2**63 */
#define MAX_COLUMNS 400   /* one column per event at most */
#define PAIRED_COLUMNS 8  /* up to this many, columns are summed two at a time (measured) */
#define LANES 16          /* the wide kernel sums 16 columns a step, the rest in smaller steps */
#define FIXED_COLUMNS 64  /* the AVX-512 kernel has a sum for each whole number of LANES to this */
#define PAIR_CHUNK 64     /* the pair sums widen their 32-bit sums after this many row pairs */
#define MAX_PAIRS 105     /* the inner rows of a split come two at a time: at most 210 / 2 */
#define MAX_LIMBS 4       /* a weight below 2**53 is at most four 15-bit limbs */

enum { GENERIC, WIDE, AVX512_KERNEL }; /* the kernels, each faster than the one before */
static int best_kernel(void);

#ifdef _MSC_VER
#define restrict __restrict
#endif

typedef struct {
    PyObject_HEAD
    Py_ssize_t columns;
    Py_ssize_t stride;     /* columns stored per row: the columns, or more (zero columns
                            * after them, see Counter_init) */
    int64_t offsets[CARDS + 2]; /* where the half-multisets of each size start */
    /* A half-multiset h > 0 is parent[h] with one more card of value last[h] (0-4 in
     * its half), its count[h]-th: its weight is parent's times (n - count[h] + 1). */
    int16_t parent[HALF];
    uint8_t last[HALF], count[HALF];
    uint16_t *table;       /* (MULTISETS, stride) coefficients (at most 6! = 720), in
                            * block order */
    double *table_float;   /* the same, as doubles */
    int16_t *pair_table;   /* for the x86-64 kernels, a table of more than PAIRED_COLUMNS
                            * columns (NULL otherwise): per card split k, its rows two at
                            * a time, each column's two coefficients side by side (see
                            * make_pair_table and sum_pairs) */
    int64_t pair_slab[CARDS + 1]; /* where split k's rows start in pair_table */
    /* Columns derived from the counted ones (see read_derived): derived many, each
     * of_denominator[d] times the denominator plus its terms (coefficient, position)
     * from term_start[d] to term_start[d + 1]. */
    Py_ssize_t derived;
    uint64_t *of_denominator, *coefficient;
    Py_ssize_t *term_start, *position;
} Counter;

static int
copy_buffer(PyObject *source, void *into, Py_ssize_t bytes, const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(source, &view, PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (view.len != bytes) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes, got %zd", what, bytes,
                     view.len);
        PyBuffer_Release(&view);
        return -1;
    }
    memcpy(into, view.buf, (size_t)bytes);
    PyBuffer_Release(&view);
    return 0;
}

/* Checks the half-multisets' layout and links each to its parent. */
static int
link_halves(Counter *self, const uint8_t half[HALF][5])
{
    const int64_t *offsets = self->offsets;
    Py_ssize_t rows = 0;
    if (offsets[0] != 0 || offsets[1] != 1 || offsets[CARDS + 1] != HALF)
        goto bad_offsets;
    for (int k = 0; k <= CARDS; k++) {
        if (offsets[k + 1] <= offsets[k])
            goto bad_offsets;
        rows += (offsets[k + 1] - offsets[k]) * (offsets[CARDS - k + 1] - offsets[CARDS - k]);
    }
    if (rows != MULTISETS)
        goto bad_offsets;
    for (int size = 0; size <= CARDS; size++) {
        for (int64_t h = offsets[size]; h < offsets[size + 1]; h++) {
            int total = 0, top = -1;
            for (int v = 0; v < 5; v++) {
                total += half[h][v];
                if (half[h][v])
                    top = v;
            }
            if (total != size)
                goto bad_half;
            if (size == 0)
                continue;
            uint8_t want[5];
            memcpy(want, half[h], 5);
            want[top]--;
            int64_t p = offsets[size - 1];
            while (p < offsets[size] && memcmp(half[p], want, 5) != 0)
                p++;
            if (p == offsets[size])
                goto bad_half;
            self->parent[h] = (int16_t)p;
            self->last[h] = (uint8_t)top;
            self->count[h] = half[h][top];
        }
    }
    return 0;
bad_offsets:
    PyErr_SetString(PyExc_ValueError, "offsets: not where the half-multisets of each size start");
    return -1;
bad_half:
    PyErr_SetString(PyExc_ValueError, "half: not the half-multisets of 5 values, by size");
    return -1;
}

static int make_pair_table(Counter *self);
static int read_derived(Counter *self, PyObject *derived);
static void free_derived(Counter *self);

static int
Counter_init(Counter *self, PyObject *args, PyObject *kwds)
{
    PyObject *half_buffer, *offsets, *table, *derived = NULL;
    Py_ssize_t columns;
    static char *names[] = {"half", "offsets", "table", "columns", "derived", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOn|O", names, &half_buffer, &offsets,
                                     &table, &columns, &derived))
        return -1;
    if (columns < 1 || columns > MAX_COLUMNS) {
        PyErr_SetString(PyExc_ValueError, "columns: expected 1 to 400");
        return -1;
    }
    uint8_t half[HALF][5];
    if (copy_buffer(half_buffer, half, sizeof half, "half") < 0 ||
        copy_buffer(offsets, self->offsets, sizeof self->offsets, "offsets") < 0 ||
        link_halves(self, (const uint8_t(*)[5])half) < 0)
        return -1;
    /* The x86-64 kernels sum more than PAIRED_COLUMNS columns in whole blocks of LANES
     * (the pair sums, below); the generic kernel, where columns beyond whole blocks are
     * more than half a block (they cost it about as much as a block): such a table is
     * padded with zero columns to a whole block. */
    Py_ssize_t stride = columns;
    if (columns > PAIRED_COLUMNS && columns % LANES &&
        (columns % LANES > LANES / 2 || best_kernel() != GENERIC))
        stride = columns + LANES - columns % LANES;
    size_t cells = MULTISETS * (size_t)columns, stored = MULTISETS * (size_t)stride;
    PyMem_Free(self->table);
    PyMem_Free(self->table_float);
    PyMem_Free(self->pair_table);
    self->pair_table = NULL;
    self->table = PyMem_Calloc(stored, sizeof(uint16_t));
    self->table_float = PyMem_Calloc(stored, sizeof(double));
    self->columns = 0;
    uint16_t *given = PyMem_Malloc(sizeof(uint16_t) * cells);
    if (self->table == NULL || self->table_float == NULL || given == NULL) {
        PyMem_Free(given);
        PyErr_NoMemory();
        return -1;
    }
    if (copy_buffer(table, given, (Py_ssize_t)(sizeof(uint16_t) * cells), "table") < 0) {
        PyMem_Free(given);
        return -1;
    }
    for (size_t i = 0; i < cells; i++) {
        if (given[i] > 720) { /* a coefficient counts orderings of 6 cards */
            PyMem_Free(given);
            PyErr_SetString(PyExc_ValueError, "table: a coefficient above 6! = 720");
            return -1;
        }
        size_t at = i / (size_t)columns * (size_t)stride + i % (size_t)columns;
        self->table[at] = given[i];
        self->table_float[at] = given[i];
    }
    PyMem_Free(given);
    self->stride = stride;
    self->columns = columns;
    if (read_derived(self, derived) < 0) {
        self->columns = 0;
        return -1;
    }
    return make_pair_table(self);
}

static void
free_derived(Counter *self)
{
    PyMem_Free(self->of_denominator);
    PyMem_Free(self->coefficient);
    PyMem_Free(self->term_start);
    PyMem_Free(self->position);
    self->of_denominator = self->coefficient = NULL;
    self->term_start = self->position = NULL;
    self->derived = 0;
}

/* The derived columns: None, or a sequence of (terms, of_denominator), terms a sequence
 * of (position, coefficient) with 0 <= position < columns, each an int. A call appends
 * each derived column's count to the row, of_denominator * the denominator (the count of
 * every six-card sequence: ff(N, 6), or N**6 for an infinite shoe's weights) plus the
 * coefficient * the count at position of each term. It is summed modulo 2**64 (the
 * coefficients taken modulo 2**64 too) and read as a signed 64-bit integer: exact, since
 * a column's count is at most the denominator, N**6 < 2**63, in size. */
static int
read_derived(Counter *self, PyObject *derived)
{
    free_derived(self);
    if (derived == NULL || derived == Py_None)
        return 0;
    PyObject *items = PySequence_Fast(derived, "derived: expected a sequence");
    if (items == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items), terms = 0;
    PyObject **each = PySequence_Fast_ITEMS(items);
    PyObject **found = PyMem_Calloc((size_t)n + 1, sizeof(PyObject *));
    if (found == NULL) {
        Py_DECREF(items);
        PyErr_NoMemory();
        return -1;
    }
    int ok = 0;
    for (Py_ssize_t d = 0; d < n; d++) {
        if (!PyTuple_Check(each[d]) || PyTuple_GET_SIZE(each[d]) != 2) {
            PyErr_SetString(PyExc_TypeError, "derived: each column is (terms, of_denominator)");
            goto done;
        }
        found[d] = PySequence_Fast(PyTuple_GET_ITEM(each[d], 0), "derived: terms a sequence");
        if (found[d] == NULL)
            goto done;
        terms += PySequence_Fast_GET_SIZE(found[d]);
    }
    self->of_denominator = PyMem_Calloc((size_t)n + 1, sizeof(uint64_t));
    self->term_start = PyMem_Calloc((size_t)n + 1, sizeof(Py_ssize_t));
    self->coefficient = PyMem_Calloc((size_t)terms + 1, sizeof(uint64_t));
    self->position = PyMem_Calloc((size_t)terms + 1, sizeof(Py_ssize_t));
    if (!self->of_denominator || !self->term_start || !self->coefficient || !self->position) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t t = 0;
    for (Py_ssize_t d = 0; d < n; d++) {
        self->of_denominator[d] = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(each[d], 1));
        if (PyErr_Occurred())
            goto done;
        self->term_start[d] = t;
        for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(found[d]); k++, t++) {
            PyObject *term = PySequence_Fast_GET_ITEM(found[d], k);
            if (!PyTuple_Check(term) || PyTuple_GET_SIZE(term) != 2) {
                PyErr_SetString(PyExc_TypeError, "derived: each term is (position, coefficient)");
                goto done;
            }
            Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(term, 0));
            if (at == -1 && PyErr_Occurred())
                goto done;
            if (at < 0 || at >= self->columns) {
                PyErr_SetString(PyExc_ValueError, "derived: a term's position past the columns");
                goto done;
            }
            self->position[t] = at;
            self->coefficient[t] = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(term, 1));
            if (PyErr_Occurred())
                goto done;
        }
    }
    self->term_start[n] = t;
    self->derived = n;
    ok = 1;
done:
    for (Py_ssize_t d = 0; d < n; d++)
        Py_XDECREF(found[d]);
    PyMem_Free(found);
    Py_DECREF(items);
    if (!ok) {
        free_derived(self);
        return -1;
    }
    return 0;
}

static void
Counter_dealloc(Counter *self)
{
    PyMem_Free(self->table);
    PyMem_Free(self->table_float);
    PyMem_Free(self->pair_table);
    free_derived(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The shoe's ten counts, each non-negative, adding up to at most MAX_CARDS. */
static int
read_values(PyObject *values, long long *counts, long long *cards)
{
    if (!PyTuple_Check(values) || PyTuple_GET_SIZE(values) != VALUES) {
        PyErr_SetString(PyExc_TypeError, "values: expected a tuple of 10 ints");
        return -1;
    }
    *cards = 0;
    for (int v = 0; v < VALUES; v++) {
        long long n = PyLong_AsLongLong(PyTuple_GET_ITEM(values, v));
        if (n == -1 && PyErr_Occurred())
            return -1;
        if (n < 0 || n > MAX_CARDS || (*cards += n) > MAX_CARDS) {
            PyErr_SetString(PyExc_ValueError,
                            "values: counts must be non-negative and add up to at most 1448");
            return -1;
        }
        counts[v] = n;
    }
    return 0;
}

/* The sum, in one arithmetic: the 924 half weights down the parent tree, then per block
 * k (low half of size k) and per high half, the sum over the low halves of coefficient
 * x low weight, times the high weight. Up to PAIRED_COLUMNS columns, two at a time, each
 * with two sets of sums (four independent chains) over the block's rows (contiguous, so
 * in cache); more, all columns per row, a loop the compiler vectorises (doubles). */
#define DEFINE_HALVES(NAME, TYPE)                                                         \
    static inline void NAME(const Counter *self, const long long *counts, int infinite,  \
                            TYPE *restrict low, TYPE *restrict high)                      \
    {                                                                                     \
        TYPE step[VALUES][CARDS]; /* n - j (0 once the value runs out), or n (weights) */ \
        for (int v = 0; v < VALUES; v++)                                                  \
            for (int j = 0; j < CARDS; j++)                                               \
                step[v][j] =                                                              \
                    (TYPE)(infinite ? counts[v] : (counts[v] > j ? counts[v] - j : 0));   \
        low[0] = high[0] = 1;                                                             \
        for (int h = 1; h < HALF; h++) {                                                  \
            int v = self->last[h], j = self->count[h] - 1;                                \
            low[h] = low[self->parent[h]] * step[v][j];                                   \
            high[h] = high[self->parent[h]] * step[v + 5][j];                             \
        }                                                                                 \
    }

/* Card split k of the table: the multisets with k low cards, n_low low halves (from
 * low_start) by n_high high halves (from high_start); in the table (block order) the
 * high half is the outer index. The pair kernel sums over the larger set inside. */
typedef struct {
    int64_t low_start, high_start, rows; /* rows: where the split starts in the table */
    int n_low, n_high, inner, outer, inner_low;
} SplitShape;

static SplitShape
split_shape(const Counter *self, int k)
{
    const int64_t *offsets = self->offsets;
    SplitShape shape;
    shape.low_start = offsets[k];
    shape.high_start = offsets[CARDS - k];
    shape.n_low = (int)(offsets[k + 1] - offsets[k]);
    shape.n_high = (int)(offsets[CARDS - k + 1] - offsets[CARDS - k]);
    shape.rows = 0;
    for (int s = 0; s < k; s++)
        shape.rows += (offsets[s + 1] - offsets[s]) * (offsets[CARDS - s + 1] - offsets[CARDS - s]);
    shape.inner_low = shape.n_low >= shape.n_high;
    shape.inner = shape.inner_low ? shape.n_low : shape.n_high;
    shape.outer = shape.inner_low ? shape.n_high : shape.n_low;
    return shape;
}

/* pair_table (see sum_pairs) for the x86-64 kernels, where the table has more than
 * PAIRED_COLUMNS columns (stored in whole blocks of 16); per split, per outer half, the
 * inner halves two at a time (a zero row after an odd last one), each column's two
 * coefficients side by side. */
static int
make_pair_table(Counter *self)
{
    Py_ssize_t width = self->stride;
    if (best_kernel() == GENERIC || width <= PAIRED_COLUMNS || width % 16)
        return 0;
    size_t cells = 0;
    for (int k = 0; k <= CARDS; k++) {
        SplitShape shape = split_shape(self, k);
        if ((shape.inner + 1) / 2 > MAX_PAIRS) /* not the halves of six cards: no pair sums */
            return 0;
        self->pair_slab[k] = (int64_t)cells;
        cells += (size_t)shape.outer * (size_t)((shape.inner + 1) / 2) * 2 * (size_t)width;
    }
    self->pair_table = PyMem_Calloc(cells, sizeof(int16_t));
    if (self->pair_table == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int k = 0; k <= CARDS; k++) {
        SplitShape shape = split_shape(self, k);
        int pairs = (shape.inner + 1) / 2;
        for (int o = 0; o < shape.outer; o++)
            for (int i = 0; i < shape.inner; i++) {
                int l = shape.inner_low ? i : o, h = shape.inner_low ? o : i;
                const uint16_t *from =
                    self->table + (size_t)(shape.rows + (int64_t)h * shape.n_low + l) * (size_t)width;
                int16_t *to = self->pair_table + self->pair_slab[k] +
                              ((size_t)o * (size_t)pairs + (size_t)(i / 2)) * 2 * (size_t)width + i % 2;
                for (Py_ssize_t c = 0; c < width; c++)
                    to[2 * c] = (int16_t)from[c];
            }
    }
    return 0;
}

/* The 924 half weights down the parent tree, in each arithmetic. */
DEFINE_HALVES(halves_float, double)
DEFINE_HALVES(halves_int, uint64_t)

#define DEFINE_SUM(NAME, TYPE, ENTRY, TABLE, TARGET, HALVES)                              \
    TARGET static void NAME(const Counter *self, const long long *counts, int infinite,   \
                     TYPE *restrict total, TYPE *restrict partial)                        \
    {                                                                                     \
        TYPE low[HALF], high[HALF];                                                       \
        HALVES(self, counts, infinite, low, high);                                        \
        Py_ssize_t n = self->stride;                                                      \
        const ENTRY *restrict block = self->TABLE;                                        \
        for (Py_ssize_t c = 0; c < n; c++)                                                \
            total[c] = 0;                                                                 \
        for (int k = 0; k <= CARDS; k++) {                                                \
            int64_t first = self->offsets[k], end = self->offsets[k + 1];                 \
            for (int64_t h = self->offsets[CARDS - k]; h < self->offsets[CARDS - k + 1];  \
                 h++, block += (end - first) * n) {                                       \
                if (n > PAIRED_COLUMNS) {                                                 \
                    for (Py_ssize_t c = 0; c < n; c++)                                    \
                        partial[c] = 0;                                                   \
                    const ENTRY *restrict row = block;                                    \
                    for (int64_t l = first; l < end; l++, row += n) {                     \
                        TYPE weight = low[l];                                             \
                        for (Py_ssize_t c = 0; c < n; c++)                                \
                            partial[c] += row[c] * weight;                                \
                    }                                                                     \
                    for (Py_ssize_t c = 0; c < n; c++)                                    \
                        total[c] += partial[c] * high[h];                                 \
                    continue;                                                             \
                }                                                                         \
                Py_ssize_t c = 0;                                                         \
                for (; c + 1 < n; c += 2) {                                               \
                    TYPE a0 = 0, b0 = 0, a1 = 0, b1 = 0;                                  \
                    const ENTRY *restrict row = block + c;                                \
                    int64_t l = first;                                                    \
                    for (; l + 1 < end; l += 2, row += 2 * n) {                           \
                        a0 += row[0] * low[l];                                            \
                        b0 += row[1] * low[l];                                            \
                        a1 += row[n] * low[l + 1];                                        \
                        b1 += row[n + 1] * low[l + 1];                                    \
                    }                                                                     \
                    if (l < end) {                                                        \
                        a0 += row[0] * low[l];                                            \
                        b0 += row[1] * low[l];                                            \
                    }                                                                     \
                    total[c] += (a0 + a1) * high[h];                                      \
                    total[c + 1] += (b0 + b1) * high[h];                                  \
                }                                                                         \
                if (c < n) { /* an odd number of columns: the last one alone */           \
                    TYPE a0 = 0, a1 = 0;                                                  \
                    const ENTRY *restrict row = block + c;                                \
                    int64_t l = first;                                                    \
                    for (; l + 1 < end; l += 2, row += 2 * n) {                           \
                        a0 += row[0] * low[l];                                            \
                        a1 += row[n] * low[l + 1];                                        \
                    }                                                                     \
                    if (l < end)                                                          \
                        a0 += row[0] * low[l];                                            \
                    total[c] += (a0 + a1) * high[h];                                      \
                }                                                                         \
            }                                                                             \
        }                                                                                 \
    }

DEFINE_SUM(sum_float_generic, double, double, table_float, , halves_float)
DEFINE_SUM(sum_int_generic, uint64_t, uint16_t, table, , halves_int)

typedef void (*SumFloat)(const Counter *, const long long *, int, double *, double *);
typedef void (*SumInt)(const Counter *, const long long *, int, uint64_t *, uint64_t *);

/* The same sums compiled again for x86-64 processors with AVX2 and FMA (four doubles an
 * instruction, a multiply-add in one: about a quarter faster for many columns), and for
 * those with AVX-512 too, chosen when the module loads by what the processor has. These
 * kernels read the coefficients as 16-bit integers (a quarter of the doubles' bytes),
 * which leaves more of the cache to the Python work around a call. The integers are
 * exact whatever the order or fusing of the operations (above), so every kernel gives
 * the same counts; tests/test_engine.py runs each. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define WIDE_KERNEL 1
#include <immintrin.h>
#define AVX2 __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx2,fma")))
DEFINE_SUM(sum_float_wide, double, uint16_t, table, AVX2, halves_float)
DEFINE_SUM(sum_int_wide, uint64_t, uint16_t, table, AVX2, halves_int)
DEFINE_SUM(sum_float_any512, double, uint16_t, table, AVX512, halves_float)
DEFINE_SUM(sum_int_512, uint64_t, uint16_t, table, AVX512, halves_int)

/* The pair kernels sum in 32-bit integers, where the doubles kernels spent most of their
 * instructions turning the 16-bit coefficients into doubles (measured in one run, 30
 * columns: AVX-512 16.4 -> 12.2 us, AVX2 30.9 -> 14.0 us). Per card split k (k low cards), the larger of the two halves'
 * sets is the inner one: the sum over it, for each multiset of the other half (the outer
 * one), is
 *
 *     part[c] = sum over inner halves i of A[i, c] * w(i),
 *     w(i) = sum over j of limb_j(i) * 2**(15 j)
 *
 * with each weight cut into 15-bit limbs (as few as the split's largest weight needs, at
 * most four: a weight is at most N**6 < 2**53). One instruction (vpmaddwd) multiplies
 * two inner rows' coefficients of a column by a limb of each row's weight and adds the
 * two products: at most 2 * 720 * (2**15 - 1) < 2**25.5, so the sums of up to
 * PAIR_CHUNK = 64 row pairs stay below 2**32 and are exact as unsigned 32-bit integers; they are then widened, shifted by their limb and added in 64 bits.
 * part[c] is exact (at most N**6, as every partial sum above), and so is part[c] times
 * the outer half's weight, and their sum, in doubles. */

/* A pair sum: part (width columns) of the rows' pairs, given the limbs (MAX_PAIRS apart). */
typedef void (*PairSum)(const int16_t *, const int32_t *, int, Py_ssize_t, uint64_t *);

/* An AVX-512 pair sum of WIDTH columns (16 a register) and LIMBS limbs, all its sums in
 * registers. */
#define DEFINE_PAIRS_512(NAME, WIDTH, LIMBS)                                              \
    AVX512 static void NAME(const int16_t *restrict rows, const int32_t *restrict limbs,  \
                            int pairs, Py_ssize_t width, uint64_t *restrict out)          \
    {                                                                                     \
        enum { G = WIDTH / 16 };                                                          \
        (void)width;                                                                      \
        __m512i wide[2 * G];                                                              \
        for (int g = 0; g < 2 * G; g++)                                                   \
            wide[g] = _mm512_setzero_si512();                                             \
        for (int start = 0; start < pairs; start += PAIR_CHUNK) {                         \
            int end = pairs - start > PAIR_CHUNK ? start + PAIR_CHUNK : pairs;            \
            __m512i sums[LIMBS][G];                                                       \
            for (int j = 0; j < LIMBS; j++)                                               \
                for (int g = 0; g < G; g++)                                               \
                    sums[j][g] = _mm512_setzero_si512();                                  \
            for (int p = start; p < end; p++) {                                           \
                const int16_t *row = rows + (size_t)p * 2 * WIDTH;                        \
                for (int g = 0; g < G; g++) {                                             \
                    __m512i a = _mm512_loadu_si512((const void *)(row + 32 * g));         \
                    for (int j = 0; j < LIMBS; j++)                                       \
                        sums[j][g] = _mm512_add_epi32(                                    \
                            sums[j][g],                                                   \
                            _mm512_madd_epi16(a, _mm512_set1_epi32(limbs[j * MAX_PAIRS + p]))); \
                }                                                                         \
            }                                                                             \
            for (int j = 0; j < LIMBS; j++)                                               \
                for (int g = 0; g < G; g++) {                                             \
                    __m512i lo = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(sums[j][g])); \
                    __m512i hi = _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(sums[j][g], 1)); \
                    wide[2 * g] = _mm512_add_epi64(wide[2 * g], _mm512_slli_epi64(lo, 15 * j)); \
                    wide[2 * g + 1] =                                                     \
                        _mm512_add_epi64(wide[2 * g + 1], _mm512_slli_epi64(hi, 15 * j)); \
                }                                                                         \
        }                                                                                 \
        for (int g = 0; g < 2 * G; g++)                                                   \
            _mm512_storeu_si512((void *)(out + 8 * g), wide[g]);                          \
    }

/* An AVX2 pair sum of LIMBS limbs over any whole number of blocks of 16 columns (two
 * registers), a block at a time (16 registers hold no more). */
#define DEFINE_PAIRS_256(NAME, LIMBS)                                                     \
    AVX2 static void NAME(const int16_t *restrict rows, const int32_t *restrict limbs,    \
                          int pairs, Py_ssize_t width, uint64_t *restrict out)            \
    {                                                                                     \
        for (Py_ssize_t g = 0; g < width / 16; g++) {                                     \
            __m256i wide[4];                                                              \
            for (int w = 0; w < 4; w++)                                                   \
                wide[w] = _mm256_setzero_si256();                                         \
            for (int start = 0; start < pairs; start += PAIR_CHUNK) {                     \
                int end = pairs - start > PAIR_CHUNK ? start + PAIR_CHUNK : pairs;        \
                __m256i sums[LIMBS][2];                                                   \
                for (int j = 0; j < LIMBS; j++)                                           \
                    sums[j][0] = sums[j][1] = _mm256_setzero_si256();                     \
                const int16_t *row = rows + (size_t)start * 2 * (size_t)width + 32 * g;  \
                for (int p = start; p < end; p++, row += 2 * width) {                     \
                    __m256i a = _mm256_loadu_si256((const __m256i *)row);                 \
                    __m256i b = _mm256_loadu_si256((const __m256i *)(row + 16));          \
                    for (int j = 0; j < LIMBS; j++) {                                     \
                        __m256i limb = _mm256_set1_epi32(limbs[j * MAX_PAIRS + p]);       \
                        sums[j][0] = _mm256_add_epi32(sums[j][0], _mm256_madd_epi16(a, limb)); \
                        sums[j][1] = _mm256_add_epi32(sums[j][1], _mm256_madd_epi16(b, limb)); \
                    }                                                                     \
                }                                                                         \
                for (int j = 0; j < LIMBS; j++)                                           \
                    for (int h = 0; h < 2; h++) {                                         \
                        __m256i s = sums[j][h];                                           \
                        __m256i lo = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(s));    \
                        __m256i hi = _mm256_cvtepu32_epi64(_mm256_extracti128_si256(s, 1)); \
                        wide[2 * h] = _mm256_add_epi64(wide[2 * h], _mm256_slli_epi64(lo, 15 * j)); \
                        wide[2 * h + 1] =                                                 \
                            _mm256_add_epi64(wide[2 * h + 1], _mm256_slli_epi64(hi, 15 * j)); \
                    }                                                                     \
            }                                                                             \
            for (int w = 0; w < 4; w++)                                                   \
                _mm256_storeu_si256((__m256i *)(out + 16 * g + 4 * w), wide[w]);          \
        }                                                                                 \
    }

#define DEFINE_PAIRS_WIDTH(WIDTH)                                                         \
    DEFINE_PAIRS_512(pairs_512_##WIDTH##_1, WIDTH, 1)                                     \
    DEFINE_PAIRS_512(pairs_512_##WIDTH##_2, WIDTH, 2)                                     \
    DEFINE_PAIRS_512(pairs_512_##WIDTH##_3, WIDTH, 3)                                     \
    DEFINE_PAIRS_512(pairs_512_##WIDTH##_4, WIDTH, 4)
DEFINE_PAIRS_WIDTH(16)
DEFINE_PAIRS_WIDTH(32)
DEFINE_PAIRS_WIDTH(48)
DEFINE_PAIRS_WIDTH(64)
DEFINE_PAIRS_256(pairs_256_1, 1)
DEFINE_PAIRS_256(pairs_256_2, 2)
DEFINE_PAIRS_256(pairs_256_3, 3)
DEFINE_PAIRS_256(pairs_256_4, 4)

static const PairSum PAIRS_512[4][MAX_LIMBS] = {
    {pairs_512_16_1, pairs_512_16_2, pairs_512_16_3, pairs_512_16_4},
    {pairs_512_32_1, pairs_512_32_2, pairs_512_32_3, pairs_512_32_4},
    {pairs_512_48_1, pairs_512_48_2, pairs_512_48_3, pairs_512_48_4},
    {pairs_512_64_1, pairs_512_64_2, pairs_512_64_3, pairs_512_64_4},
};
static const PairSum PAIRS_256[MAX_LIMBS] = {pairs_256_1, pairs_256_2, pairs_256_3, pairs_256_4};

/* The sum with pair_table (above) and the pair sums of its width (by limbs); counts has
 * at most FLOAT_CARDS cards. */
static void
sum_pairs(const Counter *self, const long long *counts, int infinite, double *total,
          const PairSum *sums)
{
    uint64_t low[HALF], high[HALF];
    halves_int(self, counts, infinite, low, high);
    Py_ssize_t width = self->stride;
    int32_t limbs[MAX_LIMBS * MAX_PAIRS];
    uint64_t part[MAX_COLUMNS];
    for (Py_ssize_t c = 0; c < width; c++)
        total[c] = 0;
    for (int k = 0; k <= CARDS; k++) {
        SplitShape shape = split_shape(self, k);
        const uint64_t *inner = shape.inner_low ? low + shape.low_start : high + shape.high_start;
        const uint64_t *outer = shape.inner_low ? high + shape.high_start : low + shape.low_start;
        int pairs = (shape.inner + 1) / 2;
        uint64_t top = 0;
        for (int i = 0; i < shape.inner; i++)
            top = inner[i] > top ? inner[i] : top;
        int used = 1;
        while (used < MAX_LIMBS && top >> (15 * used))
            used++;
        for (int j = 0; j < used; j++)
            for (int p = 0; p < pairs; p++) {
                uint64_t first = inner[2 * p];
                uint64_t second = 2 * p + 1 < shape.inner ? inner[2 * p + 1] : 0;
                limbs[j * MAX_PAIRS + p] = (int32_t)(((first >> (15 * j)) & 0x7fff) |
                                                     (((second >> (15 * j)) & 0x7fff) << 16));
            }
        const int16_t *rows = self->pair_table + self->pair_slab[k];
        size_t step = (size_t)pairs * 2 * (size_t)width;
        for (int o = 0; o < shape.outer; o++, rows += step) {
            if (outer[o] == 0) /* a half the shoe cannot deal */
                continue;
            sums[used - 1](rows, limbs, pairs, width, part);
            double weight = (double)outer[o];
            for (Py_ssize_t c = 0; c < width; c++)
                total[c] += (double)part[c] * weight;
        }
    }
}

static void
sum_float_wide_any(const Counter *self, const long long *counts, int infinite, double *total,
                   double *partial)
{
    if (self->pair_table != NULL)
        sum_pairs(self, counts, infinite, total, PAIRS_256);
    else
        sum_float_wide(self, counts, infinite, total, partial);
}

/* The AVX-512 kernels: the pair sums (up to FIXED_COLUMNS columns, the AVX2 ones past
 * that), the doubles for PAIRED_COLUMNS columns or fewer. */
static void
sum_float_512(const Counter *self, const long long *counts, int infinite, double *total,
              double *partial)
{
    if (self->pair_table == NULL)
        sum_float_any512(self, counts, infinite, total, partial);
    else if (self->stride <= FIXED_COLUMNS)
        sum_pairs(self, counts, infinite, total, PAIRS_512[self->stride / 16 - 1]);
    else
        sum_pairs(self, counts, infinite, total, PAIRS_256);
}

#endif

/* The best kernel the build and the processor have: AVX512_KERNEL (AVX-512 with its
 * byte, word, doubleword and vector-length parts), WIDE (AVX2 and FMA) or GENERIC. */
static int
best_kernel(void)
{
#ifdef WIDE_KERNEL
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
        return GENERIC;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
        return AVX512_KERNEL;
    return WIDE;
#else
    return GENERIC;
#endif
}

static const char *const KERNEL_NAMES[] = {"generic", "wide", "avx512"};
static const char *const AVAILABLE[] = {"generic", "generic, wide", "generic, wide, avx512"};

static SumFloat sum_float = sum_float_generic;
static SumInt sum_int = sum_int_generic;
static int kernel = GENERIC;

/* Sums with the kernel ``which`` (only one best_kernel() allows). */
static void
set_kernel(int which)
{
    kernel = which;
    sum_float = sum_float_generic;
    sum_int = sum_int_generic;
#ifdef WIDE_KERNEL
    if (which == WIDE) {
        sum_float = sum_float_wide_any;
        sum_int = sum_int_wide;
    }
    else if (which >= AVX512_KERNEL) {
        sum_float = sum_float_512;
        sum_int = sum_int_512;
    }
#endif
}

/* Chooses the kernel by name: "generic", or "wide" or "avx512" where the processor and
 * the build have them. */
static PyObject *
use_kernel(PyObject *module, PyObject *name)
{
    const char *wanted = PyUnicode_AsUTF8(name);
    if (wanted == NULL)
        return NULL;
    int best = best_kernel();
    for (int which = GENERIC; which <= best; which++) {
        if (strcmp(wanted, KERNEL_NAMES[which]) == 0) {
            set_kernel(which);
            Py_RETURN_NONE;
        }
    }
    PyErr_Format(PyExc_ValueError, "kernel %R: not available here (available: %s)", name,
                 AVAILABLE[best]);
    return NULL;
}

static PyObject *
Counter_call(Counter *self, PyObject *args, PyObject *kwds)
{
    PyObject *values;
    int infinite = 0;
    static char *names[] = {"values", "infinite", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|p", names, &values, &infinite))
        return NULL;
    long long counts[VALUES], cards;
    if (read_values(values, counts, &cards) < 0)
        return NULL;
    Py_ssize_t n = self->columns;
    if (n < 1) {
        PyErr_SetString(PyExc_ValueError, "Counter: not initialised");
        return NULL;
    }
    uint64_t row[MAX_COLUMNS];
    if (cards <= FLOAT_CARDS) {
        double total[MAX_COLUMNS], partial[MAX_COLUMNS];
        sum_float(self, counts, infinite, total, partial);
        for (Py_ssize_t c = 0; c < n; c++)
            row[c] = (uint64_t)total[c];
    }
    else {
        uint64_t partial[MAX_COLUMNS];
        sum_int(self, counts, infinite, row, partial);
    }
    PyObject *result = PyList_New(n + self->derived);
    if (result == NULL)
        return NULL;
    for (Py_ssize_t c = 0; c < n; c++) {
        PyObject *count = PyLong_FromUnsignedLongLong(row[c]);
        if (count == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, c, count);
    }
    if (self->derived) {
        uint64_t denominator = 1;
        for (int k = 0; k < CARDS; k++)
            denominator *= (uint64_t)(infinite ? cards : (cards > k ? cards - k : 0));
        for (Py_ssize_t d = 0; d < self->derived; d++) {
            uint64_t count = self->of_denominator[d] * denominator;
            for (Py_ssize_t t = self->term_start[d]; t < self->term_start[d + 1]; t++)
                count += self->coefficient[t] * row[self->position[t]];
            PyObject *made = PyLong_FromLongLong((long long)count);
            if (made == NULL) {
                Py_DECREF(result);
                return NULL;
            }
            PyList_SET_ITEM(result, n + d, made);
        }
    }
    return result;
}

static PyTypeObject CounterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "baccarat_exact.engine._sixcard.Counter",
    .tp_doc = PyDoc_STR("Counter(half, offsets, table, columns, derived=None): one shoe's "
                        "exact counts, called as counter(values, infinite=False)."),
    .tp_basicsize = sizeof(Counter),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Counter_init,
    .tp_dealloc = (destructor)Counter_dealloc,
    .tp_call = (ternaryfunc)Counter_call,
};

/* The pair states of one shoe whose cards of unknown suit are averaged over
 * (baccarat_exact.engine.pairs: _rank, _rank_parts and _state_counts, the same formulas):
 * shoe_pair_states(rows, counts, cards) -> (the 9 counts times scale**2, scale), or None
 * where this step does not apply (the caller then takes the Python integers, which also
 * say why a shoe is refused).
 *
 * rows holds each rank's suit counts at the start (None: known by count only), counts
 * its cards now. A rank whose cards all have known suits has integer terms (d = 1);
 * another's are expectations, exact fractions of the products of its suit counts and
 * ff(cards, k) / ff(start, k), reduced, over their least common denominator d; scale is
 * the least common multiple of the ranks' d. Every step before the sums is an exact
 * integer below 2**128 (start <= 1448: the suited four-card deals of the start, at most
 * ff(start, 4) < 2**42, times ff(cards, 4) < 2**42; d at most ff(start, 2) ff(start, 4)
 * < 2**63; scale < 2**32 checked as it is made). The sums are then taken modulo 2**128,
 * so every count is exact when its true value is below 2**128, whatever the intermediate
 * values: each count is a number of four-card prefixes times scale**2 (at most
 * ff(N, 4) * scale**2) times ff(N - 4, 2), at most N**6 * scale**2 < 2**63 * 2**64 for
 * N <= 1448 (N**6 < 2**63) and scale < 2**32. Past those bounds the result is None. */
#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;

/* A Python int from an unsigned 128-bit integer. */
static PyObject *
long_from_u128(u128 value)
{
    uint64_t high = (uint64_t)(value >> 64), low = (uint64_t)value;
    if (high == 0)
        return PyLong_FromUnsignedLongLong(low);
    PyObject *top = PyLong_FromUnsignedLongLong(high);
    PyObject *bits = PyLong_FromLong(64);
    PyObject *shifted = (top && bits) ? PyNumber_Lshift(top, bits) : NULL;
    PyObject *bottom = shifted ? PyLong_FromUnsignedLongLong(low) : NULL;
    PyObject *result = bottom ? PyNumber_Or(shifted, bottom) : NULL;
    Py_XDECREF(top);
    Py_XDECREF(bits);
    Py_XDECREF(shifted);
    Py_XDECREF(bottom);
    return result;
}

static u128
gcd_u128(u128 a, u128 b)
{
    while (b != 0) {
        u128 r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* ff(n, k): n (n - 1) ... (n - k + 1), 0 where k > n (n >= 0). */
static u128
falling(long long n, int k)
{
    u128 product = 1;
    for (int i = 0; i < k; i++)
        product *= (u128)(n - i > 0 ? n - i : 0);
    return product;
}

typedef struct {
    u128 d, unsuited, suited, four_uu, four_us, four_ss;
} RankPart;

/* One rank's terms over its denominator (pairs._rank): 1 made, 0 where this step does not
 * apply, -1 on an error. */
static int
rank_part(PyObject *row, long long cards, RankPart *part)
{
    memset(part, 0, sizeof *part);
    part->d = 1;
    if (row == Py_None)
        return cards <= 1; /* more cards known by count only: the caller refuses them */
    if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 4) {
        PyErr_SetString(PyExc_TypeError, "shoe_pair_states: a row is 4 suit counts or None");
        return -1;
    }
    long long m[4], start = 0;
    for (int k = 0; k < 4; k++) {
        m[k] = PyLong_AsLongLong(PyTuple_GET_ITEM(row, k));
        if (m[k] == -1 && PyErr_Occurred())
            return -1;
        if (m[k] < 0 || m[k] > MAX_CARDS)
            return 0;
        start += m[k];
    }
    if (start > MAX_CARDS || start < cards)
        return 0;
    long long pairs[4], suited = 0, squares = 0, further = 0;
    for (int k = 0; k < 4; k++) {
        pairs[k] = m[k] * (m[k] - 1);
        suited += pairs[k];
        squares += pairs[k] * pairs[k];
        further += pairs[k] * (m[k] - 2) * (m[k] - 3);
    }
    u128 fours = (u128)(suited * suited - squares + further); /* _suited_fours, >= 0 */
    u128 pair_n = (u128)suited, pair_d = 1, four_n = fours, four_d = 1;
    if (start != cards) { /* expectations: Fraction(x * ff(cards, k), ff(start, k)) */
        pair_n = start > 1 ? (u128)suited * falling(cards, 2) : 0;
        pair_d = start > 1 ? falling(start, 2) : 1;
        four_n = start > 3 ? fours * falling(cards, 4) : 0;
        four_d = start > 3 ? falling(start, 4) : 1;
        u128 g = gcd_u128(pair_n, pair_d);
        pair_n /= g;
        pair_d /= g;
        g = gcd_u128(four_n, four_d);
        four_n /= g;
        four_d /= g;
    }
    u128 d = pair_d / gcd_u128(pair_d, four_d) * four_d;
    u128 suited_d = pair_n * (d / pair_d), fours_d = four_n * (d / four_d);
    part->d = d;
    part->suited = suited_d;
    part->four_ss = fours_d;
    part->unsuited = falling(cards, 2) * d - suited_d;
    part->four_us = suited_d * falling(cards > 2 ? cards - 2 : 0, 2) - fours_d;
    part->four_uu = falling(cards, 4) * d - fours_d - 2 * part->four_us;
    return 1;
}

/* One shoe's 9 pair-state counts times scale**2, and the scale (see above): 1 made, 0
 * where this step does not apply, -1 on an error. */
static int
pair_states_u128(PyObject *rows, PyObject *counts, long long cards, u128 states[9], u128 *scale_out)
{
    Py_ssize_t n = PyTuple_GET_SIZE(rows);
    if (n != PyTuple_GET_SIZE(counts) || n > 13) {
        PyErr_SetString(PyExc_ValueError, "shoe_pair_states: a row and a count per rank");
        return -1;
    }
    if (cards < 6 || cards > MAX_CARDS)
        return 0;
    RankPart parts[13];
    u128 scale = 1;
    for (Py_ssize_t r = 0; r < n; r++) {
        long long c = PyLong_AsLongLong(PyTuple_GET_ITEM(counts, r));
        if (c == -1 && PyErr_Occurred())
            return -1;
        if (c < 0 || c > cards)
            return 0;
        int made = rank_part(PyTuple_GET_ITEM(rows, r), c, &parts[r]);
        if (made <= 0)
            return made;
        scale = scale / gcd_u128(scale, parts[r].d) * parts[r].d; /* < 2**32 * 2**63 */
        if (scale >= ((u128)1 << 32))
            return 0;
    }
    u128 u_sum = 0, s_sum = 0, uu = 0, us = 0, ss = 0, f11 = 0, f12 = 0, f22 = 0;
    for (Py_ssize_t r = 0; r < n; r++) {
        u128 factor = scale / parts[r].d;
        u128 unsuited = parts[r].unsuited * factor, suited = parts[r].suited * factor;
        u_sum += unsuited;
        s_sum += suited;
        uu += unsuited * unsuited;
        us += unsuited * suited;
        ss += suited * suited;
        f11 += parts[r].four_uu * factor;
        f12 += parts[r].four_us * factor;
        f22 += parts[r].four_ss * factor;
    }
    u128 w = scale, n128 = (u128)cards;
    u128 first_four = falling(cards, 4), other_two = (n128 - 2) * (n128 - 3);
    u128 rest = (n128 - 4) * (n128 - 5);
    u128 *c = states;
    /* index 3 * Player's state + Banker's state; no pair 0, pair 1, suited pair 2 */
    c[4] = u_sum * u_sum - uu + f11 * w;
    c[5] = c[7] = u_sum * s_sum - us + f12 * w;
    c[8] = s_sum * s_sum - ss + f22 * w;
    u128 any_pair = u_sum * other_two * w, any_suited = s_sum * other_two * w;
    c[3] = any_pair - c[4] - c[5];
    c[1] = any_pair - c[4] - c[7];
    c[6] = any_suited - c[7] - c[8];
    c[2] = any_suited - c[5] - c[8];
    c[0] = first_four * w * w - (c[1] + c[2] + c[3] + c[4] + c[5] + c[6] + c[7] + c[8]);
    for (int k = 0; k < 9; k++)
        c[k] *= rest;
    *scale_out = scale;
    return 1;
}

static PyObject *
shoe_pair_states(PyObject *module, PyObject *args)
{
    PyObject *rows, *counts;
    long long cards;
    if (!PyArg_ParseTuple(args, "O!O!L", &PyTuple_Type, &rows, &PyTuple_Type, &counts, &cards))
        return NULL;
    u128 c[9], scale;
    int made = pair_states_u128(rows, counts, cards, c, &scale);
    if (made <= 0)
        return made < 0 ? NULL : Py_NewRef(Py_None);
    PyObject *states = PyTuple_New(9);
    if (states == NULL)
        return NULL;
    for (int k = 0; k < 9; k++) {
        PyObject *count = long_from_u128(c[k]);
        if (count == NULL) {
            Py_DECREF(states);
            return NULL;
        }
        PyTuple_SET_ITEM(states, k, count);
    }
    return Py_BuildValue("(NK)", states, (unsigned long long)scale);
}
#endif

/* A result object of the type maker[0], its four slots written by the slot descriptors
 * maker[1:5] (a frozen dataclass's slots, written as its own __init__ would): (bet, line
 * counts, denominator, weight). A new reference, or NULL on an error. */
static PyObject *
make_result(PyObject *maker, PyObject *bet, PyObject *counts, PyObject *denominator,
            PyObject *weight)
{
    PyTypeObject *type = (PyTypeObject *)PyTuple_GET_ITEM(maker, 0);
    PyObject *made = type->tp_alloc(type, 0);
    if (made == NULL)
        return NULL;
    PyObject *fields[4] = {bet, counts, denominator, weight};
    for (int k = 0; k < 4; k++) {
        PyObject *slot = PyTuple_GET_ITEM(maker, k + 1);
        if (Py_TYPE(slot)->tp_descr_set(slot, made, fields[k]) < 0) {
            Py_DECREF(made);
            return NULL;
        }
    }
    return made;
}

/* Whether maker is (a type, four slot descriptors), as make_result reads it: 0, or -1 with
 * a TypeError naming the function ``name``. */
static int
check_maker(PyObject *maker, const char *name)
{
    if (PyTuple_GET_SIZE(maker) != 5 || !PyType_Check(PyTuple_GET_ITEM(maker, 0))) {
        PyErr_Format(PyExc_TypeError, "%s: maker is (type, four slots)", name);
        return -1;
    }
    for (int k = 1; k < 5; k++) {
        if (Py_TYPE(PyTuple_GET_ITEM(maker, k))->tp_descr_set == NULL) {
            PyErr_Format(PyExc_TypeError, "%s: maker's slots are descriptors", name);
            return -1;
        }
    }
    return 0;
}

/* value_results(maker, bets, row, denominator, values, results): for each (position,
 * columns) of values, the bet's line counts are row[c] for its columns and last the
 * denominator less their sum; results[position] = maker's result (bet, counts,
 * denominator, 1). */
static PyObject *
value_results(PyObject *module, PyObject *args)
{
    PyObject *maker, *bets, *row, *denominator, *values, *results;
    if (!PyArg_ParseTuple(args, "O!O!O!OO!O!", &PyTuple_Type, &maker, &PyTuple_Type, &bets,
                          &PyList_Type, &row, &denominator, &PyTuple_Type, &values,
                          &PyList_Type, &results))
        return NULL;
    if (check_maker(maker, "value_results") < 0)
        return NULL;
    PyObject *one = PyLong_FromLong(1);
    if (one == NULL)
        return NULL;
    Py_ssize_t n_values = PyTuple_GET_SIZE(values), n_row = PyList_GET_SIZE(row);
    for (Py_ssize_t v = 0; v < n_values; v++) {
        PyObject *item = PyTuple_GET_ITEM(values, v), *at;
        Py_ssize_t position;
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 ||
            !PyTuple_Check(at = PyTuple_GET_ITEM(item, 1)) ||
            (position = PyLong_AsSsize_t(PyTuple_GET_ITEM(item, 0))) < 0 ||
            position >= PyList_GET_SIZE(results) || position >= PyTuple_GET_SIZE(bets)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError,
                                "value_results: each value is (position, columns)");
            goto fail;
        }
        Py_ssize_t lines = PyTuple_GET_SIZE(at);
        PyObject *counts = PyTuple_New(lines + 1);
        if (counts == NULL)
            goto fail;
        PyObject *rest = denominator;
        Py_INCREF(rest);
        for (Py_ssize_t k = 0; k < lines; k++) {
            Py_ssize_t column = PyLong_AsSsize_t(PyTuple_GET_ITEM(at, k));
            if (column < 0 || column >= n_row) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_IndexError, "value_results: a column past the row");
                Py_DECREF(rest);
                Py_DECREF(counts);
                goto fail;
            }
            PyObject *count = PyList_GET_ITEM(row, column);
            Py_INCREF(count);
            PyTuple_SET_ITEM(counts, k, count);
            PyObject *less = PyNumber_Subtract(rest, count);
            Py_DECREF(rest);
            if (less == NULL) {
                Py_DECREF(counts);
                goto fail;
            }
            rest = less;
        }
        PyTuple_SET_ITEM(counts, lines, rest);
        PyObject *made =
            make_result(maker, PyTuple_GET_ITEM(bets, position), counts, denominator, one);
        Py_DECREF(counts);
        if (made == NULL)
            goto fail;
        if (PyList_SetItem(results, position, made) < 0)
            goto fail;
    }
    Py_DECREF(one);
    Py_RETURN_NONE;
fail:
    Py_DECREF(one);
    return NULL;
}

/* Whether a Python int is 1 (-1 on an error: not an int). */
static int
is_one(PyObject *value)
{
    int overflow = 0;
    long long n = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (n == -1 && PyErr_Occurred())
        return -1;
    return !overflow && n == 1;
}

/* results[position] = maker's result (bets[position], counts, denominator, weight),
 * taking the three references (NULL where making one failed: then -1 with its error). */
static int
put_result(PyObject *maker, PyObject *bets, Py_ssize_t position, PyObject *counts,
           PyObject *denominator, PyObject *weight, PyObject *results)
{
    PyObject *made = NULL;
    if (counts != NULL && denominator != NULL && weight != NULL)
        made = make_result(maker, PyTuple_GET_ITEM(bets, position), counts, denominator, weight);
    Py_XDECREF(counts);
    Py_XDECREF(denominator);
    Py_XDECREF(weight);
    if (made == NULL || PyList_SetItem(results, position, made) < 0)
        return -1;
    return 0;
}

/* One bet of pair_lines, (position, lines, summed, rest), checked against bets and results:
 * 0, or -1 with a ValueError. */
static int
read_pair_item(PyObject *item, PyObject *bets, PyObject *results, Py_ssize_t *position,
               Py_ssize_t *lines, PyObject **summed, Py_ssize_t *rest)
{
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 4 ||
        !PyTuple_Check(*summed = PyTuple_GET_ITEM(item, 2)) ||
        (*position = PyLong_AsSsize_t(PyTuple_GET_ITEM(item, 0))) < 0 ||
        (*lines = PyLong_AsSsize_t(PyTuple_GET_ITEM(item, 1))) < 1 ||
        (*rest = PyLong_AsSsize_t(PyTuple_GET_ITEM(item, 3))) < 0 || *rest >= *lines ||
        *position >= PyList_GET_SIZE(results) || *position >= PyTuple_GET_SIZE(bets)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError,
                            "pair_results: each bet is (position, lines, summed, rest)");
        return -1;
    }
    return 0;
}

/* One (line, states) of a bet's summed lines, not its rest line: 0, or -1 with an error. */
static int
read_pair_line(PyObject *pair, Py_ssize_t lines, Py_ssize_t rest, Py_ssize_t *line,
               PyObject **line_states)
{
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
        !PyTuple_Check(*line_states = PyTuple_GET_ITEM(pair, 1)) ||
        (*line = PyLong_AsSsize_t(PyTuple_GET_ITEM(pair, 0))) < 0 || *line >= lines ||
        *line == rest) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError,
                            "pair_results: each line is (line, states), not the rest");
        return -1;
    }
    return 0;
}

/* The j-th pair state of line_states (0 to n_states - 1), or -1 with an error. */
static Py_ssize_t
read_state(PyObject *line_states, Py_ssize_t j, Py_ssize_t n_states)
{
    Py_ssize_t state = PyLong_AsSsize_t(PyTuple_GET_ITEM(line_states, j));
    if (state < 0 || state >= n_states) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_IndexError, "pair_results: a state past the 9");
        return -1;
    }
    return state;
}

/* pair_results(maker, bets, states, total, weight, pair_lines, gcd, results): for each
 * (position, lines, summed, rest) of pair_lines, the bet's line counts are, for each
 * (line, line states) of summed, the sum of those states' counts, and at rest the total
 * less the others; with weight not 1, counts, total and weight are divided by their
 * greatest common divisor (gcd: math.gcd); results[position] = maker's result (bet,
 * counts, total, weight), as pricing.results.reduced_bet_odds makes it. */
static PyObject *
pair_results(PyObject *module, PyObject *args)
{
    PyObject *maker, *bets, *states, *total, *weight, *pair_lines, *gcd, *results;
    if (!PyArg_ParseTuple(args, "O!O!O!OOO!OO!", &PyTuple_Type, &maker, &PyTuple_Type, &bets,
                          &PyTuple_Type, &states, &total, &weight, &PyTuple_Type, &pair_lines,
                          &gcd, &PyList_Type, &results))
        return NULL;
    if (check_maker(maker, "pair_results") < 0)
        return NULL;
    int whole = is_one(weight);
    if (whole < 0)
        return NULL;
    Py_ssize_t n_states = PyTuple_GET_SIZE(states);
    for (Py_ssize_t b = 0; b < PyTuple_GET_SIZE(pair_lines); b++) {
        PyObject *summed;
        Py_ssize_t position, lines, rest;
        if (read_pair_item(PyTuple_GET_ITEM(pair_lines, b), bets, results, &position, &lines,
                           &summed, &rest) < 0)
            return NULL;
        PyObject *counts = PyTuple_New(lines), *others = PyLong_FromLong(0);
        if (counts == NULL || others == NULL)
            goto fail_counts;
        for (Py_ssize_t k = 0; k < lines; k++) {
            PyObject *zero = PyLong_FromLong(0);
            if (zero == NULL)
                goto fail_counts;
            PyTuple_SET_ITEM(counts, k, zero);
        }
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(summed); k++) {
            PyObject *line_states;
            Py_ssize_t line;
            if (read_pair_line(PyTuple_GET_ITEM(summed, k), lines, rest, &line, &line_states) < 0)
                goto fail_counts;
            PyObject *count = PyLong_FromLong(0);
            for (Py_ssize_t j = 0; count != NULL && j < PyTuple_GET_SIZE(line_states); j++) {
                Py_ssize_t state = read_state(line_states, j, n_states);
                if (state < 0) {
                    Py_CLEAR(count);
                    break;
                }
                PyObject *more = PyNumber_Add(count, PyTuple_GET_ITEM(states, state));
                Py_DECREF(count);
                count = more;
            }
            if (count == NULL)
                goto fail_counts;
            PyObject *sum = PyNumber_Add(others, count);
            Py_SETREF(others, sum);
            PyObject *old = PyTuple_GET_ITEM(counts, line);
            PyTuple_SET_ITEM(counts, line, count);
            Py_DECREF(old);
            if (others == NULL)
                goto fail_counts;
        }
        PyObject *last = PyNumber_Subtract(total, others);
        Py_CLEAR(others);
        if (last == NULL)
            goto fail_counts;
        Py_DECREF(PyTuple_GET_ITEM(counts, rest)); /* the 0 put there */
        PyTuple_SET_ITEM(counts, rest, last);
        PyObject *denominator = total, *reduced_weight = weight;
        Py_INCREF(denominator);
        Py_INCREF(reduced_weight);
        if (!whole) {
            PyObject *common = NULL, *gcd_args = PyTuple_New(lines + 1);
            if (gcd_args != NULL) {
                Py_INCREF(weight);
                PyTuple_SET_ITEM(gcd_args, 0, weight);
                for (Py_ssize_t k = 0; k < lines; k++) {
                    Py_INCREF(PyTuple_GET_ITEM(counts, k));
                    PyTuple_SET_ITEM(gcd_args, k + 1, PyTuple_GET_ITEM(counts, k));
                }
                common = PyObject_Call(gcd, gcd_args, NULL);
                Py_DECREF(gcd_args);
            }
            int divides = common == NULL ? -1 : is_one(common);
            divides = divides < 0 ? -1 : !divides;
            if (divides < 0) {
                Py_XDECREF(common);
                goto fail_made;
            }
            if (divides) {
                for (Py_ssize_t k = 0; k < lines; k++) {
                    PyObject *part = PyNumber_FloorDivide(PyTuple_GET_ITEM(counts, k), common);
                    if (part == NULL) {
                        Py_DECREF(common);
                        goto fail_made;
                    }
                    Py_DECREF(PyTuple_GET_ITEM(counts, k));
                    PyTuple_SET_ITEM(counts, k, part);
                }
                Py_SETREF(denominator, PyNumber_FloorDivide(total, common));
                Py_SETREF(reduced_weight, PyNumber_FloorDivide(weight, common));
            }
            Py_DECREF(common);
            if (denominator == NULL || reduced_weight == NULL)
                goto fail_made;
        }
        if (put_result(maker, bets, position, counts, denominator, reduced_weight, results) < 0)
            return NULL;
        continue;
    fail_made:
        Py_XDECREF(denominator);
        Py_XDECREF(reduced_weight);
    fail_counts:
        Py_XDECREF(counts);
        Py_XDECREF(others);
        return NULL;
    }
    Py_RETURN_NONE;
}

#ifdef __SIZEOF_INT128__
#define MAX_PAIR_LINES 16

/* One shoe's pure pair bets, from its pair states to their results in one step, in
 * 128-bit integers: pair_results(..., *shoe_pair_states(...)) as the Python makes them
 * (pair_states_u128's bounds; a line's count and the total, ff(N, 6) * scale**2, are
 * below 2**127; the common factor divides the weight scale**2 < 2**64). True when done;
 * False where the step does not apply (the bounds, more than MAX_PAIR_LINES lines): the
 * caller then takes the Python integers. */
static PyObject *
shoe_pair_results(PyObject *module, PyObject *args)
{
    PyObject *maker, *bets, *rows, *shoe_counts, *pair_lines, *results;
    long long cards;
    if (!PyArg_ParseTuple(args, "O!O!O!O!LO!O!", &PyTuple_Type, &maker, &PyTuple_Type, &bets,
                          &PyTuple_Type, &rows, &PyTuple_Type, &shoe_counts, &cards,
                          &PyTuple_Type, &pair_lines, &PyList_Type, &results))
        return NULL;
    if (check_maker(maker, "shoe_pair_results") < 0)
        return NULL;
    u128 states[9], scale;
    int made = pair_states_u128(rows, shoe_counts, cards, states, &scale);
    if (made <= 0)
        return made < 0 ? NULL : Py_NewRef(Py_False);
    for (Py_ssize_t b = 0; b < PyTuple_GET_SIZE(pair_lines); b++) {
        PyObject *summed;
        Py_ssize_t position, lines, rest;
        if (read_pair_item(PyTuple_GET_ITEM(pair_lines, b), bets, results, &position, &lines,
                           &summed, &rest) < 0)
            return NULL;
        if (lines > MAX_PAIR_LINES)
            Py_RETURN_FALSE;
    }
    uint64_t weight = (uint64_t)(scale * scale);
    u128 total = (u128)falling(cards, CARDS) * weight;
    for (Py_ssize_t b = 0; b < PyTuple_GET_SIZE(pair_lines); b++) {
        PyObject *summed;
        Py_ssize_t position, lines, rest;
        read_pair_item(PyTuple_GET_ITEM(pair_lines, b), bets, results, &position, &lines, &summed,
                       &rest); /* read above */
        u128 counts[MAX_PAIR_LINES] = {0}, others = 0;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(summed); k++) {
            PyObject *line_states;
            Py_ssize_t line;
            if (read_pair_line(PyTuple_GET_ITEM(summed, k), lines, rest, &line, &line_states) < 0)
                return NULL;
            u128 count = 0;
            for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(line_states); j++) {
                Py_ssize_t state = read_state(line_states, j, 9);
                if (state < 0)
                    return NULL;
                count += states[state];
            }
            counts[line] = count;
            others += count;
        }
        counts[rest] = total - others;
        uint64_t common = weight; /* gcd(weight, *counts), as reduced_bet_odds takes it */
        for (Py_ssize_t k = 0; k < lines && common > 1; k++)
            common = (uint64_t)gcd_u128(common, counts[k] % common);
        if (weight == 1 || common == 0)
            common = 1;
        PyObject *tuple = PyTuple_New(lines), *denominator = long_from_u128(total / common);
        PyObject *reduced = PyLong_FromUnsignedLongLong(weight / common);
        for (Py_ssize_t k = 0; tuple != NULL && k < lines; k++) {
            PyObject *count = long_from_u128(counts[k] / common);
            if (count == NULL)
                Py_CLEAR(tuple);
            else
                PyTuple_SET_ITEM(tuple, k, count);
        }
        if (put_result(maker, bets, position, tuple, denominator, reduced, results) < 0)
            return NULL;
    }
    Py_RETURN_TRUE;
}
#endif

static PyObject *
kernels(PyObject *module, PyObject *unused)
{
    return Py_BuildValue("(ss)", KERNEL_NAMES[kernel], AVAILABLE[best_kernel()]);
}

static PyMethodDef methods[] = {
    {"use_kernel", (PyCFunction)use_kernel, METH_O,
     PyDoc_STR("use_kernel(name): sum with the 'generic', 'wide' (AVX2) or 'avx512' kernel.")},
    {"kernels", (PyCFunction)kernels, METH_NOARGS,
     PyDoc_STR("kernels() -> (the kernel in use, the kernels available here).")},
    {"value_results", (PyCFunction)value_results, METH_VARARGS,
     PyDoc_STR("value_results(maker, bets, row, denominator, values, results): the value "
               "bets' results written into results.")},
    {"pair_results", (PyCFunction)pair_results, METH_VARARGS,
     PyDoc_STR("pair_results(maker, bets, states, total, weight, pair_lines, gcd, results): "
               "the pair bets' results written into results.")},
#ifdef __SIZEOF_INT128__
    {"shoe_pair_states", (PyCFunction)shoe_pair_states, METH_VARARGS,
     PyDoc_STR("shoe_pair_states(rows, counts, cards) -> (one shoe's 9 pair-state counts "
               "times scale**2, scale) or None.")},
    {"shoe_pair_results", (PyCFunction)shoe_pair_results, METH_VARARGS,
     PyDoc_STR("shoe_pair_results(maker, bets, rows, counts, cards, pair_lines, results) -> "
               "whether the pure pair bets' results of one shoe were written into results.")},
#endif
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "baccarat_exact.engine._sixcard",
    .m_doc = PyDoc_STR("One shoe's exact six-card counts in compiled code."),
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__sixcard(void)
{
    if (PyType_Ready(&CounterType) < 0)
        return NULL;
    set_kernel(best_kernel());
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&CounterType);
    if (PyModule_AddObject(m, "Counter", (PyObject *)&CounterType) < 0 ||
        PyModule_AddIntConstant(m, "MAX_CARDS", MAX_CARDS) < 0) {
        Py_DECREF(&CounterType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
