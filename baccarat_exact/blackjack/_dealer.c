/* The dealer's outcomes for one shoe less many removals, in compiled code.
 *
 * The same sum as baccarat_exact.blackjack.dealer.dealer_batch: for each removal R (the
 * player's cards) and each group g of dealer multisets (one outcome, one length l),
 *
 *     S_g(R) = sum over multisets m of g of orderings(m) * prod_v ff(n_v - R_v, m_v)
 *
 * contracted one value (a "step") at a time over a trie of the multisets: a node of
 * step s stands for the multisets sharing their counts of the values of steps s, s+1, ...
 * (and their group), and after step s a node holds the sum over its multisets of
 * orderings times the factors of the steps done. The removals are visited sorted, so
 * that one sharing its counts of the first steps with the one before it starts from the
 * step where they differ: the work is that of the distinct prefixes of the removals.
 * A step's nodes are summed in runs of nodes with as many children (a fixed trip count),
 * and in float the removals that differ only in the last step take it together, four
 * lanes of one vector; each node's sum is still its children's products added in their
 * order from 0, so every number is the one the plain loops give, to the bit.
 *
 * Two arithmetics, one loop:
 *
 * - probabilities (doubles): P_o(R) = sum over groups g of outcome o of S_g / ff(N - r, l)
 *   (r = cards removed), the bust 1 minus the others;
 * - exact numerators over ff(N - r, L), L the longest group: sum over g of outcome o of
 *   S_g * ff(N - r - l, L - l), the bust ff(N - r, L) minus the others (negative only for a
 *   removal of more cards of a value than the shoe holds, as numpy's path gives it too);
 *   unsigned 128-bit integers and a sign. Every partial sum of the contraction is at most ff(N', l) <= ff(N', L) with
 *   N' = sum_v max(n_v, L): raising each count to at least L makes every factor not yet
 *   multiplied at least 1, and the orderings of a multiset are at most its multinomial
 *   coefficient, so a partial sum is at most the sum over all multisets of length l of
 *   multinomial(m) * prod ff(n'_v, m_v) = ff(N', l) (Vandermonde); each numerator counts
 *   distinct sequences of L cards, so it is at most ff(N - r, L) <= ff(N', L) (a removal
 *   beyond the shoe's counts gives the sums of the removal capped at them, with smaller
 *   tails: no more). The plan is
 *   checked when it is made (distinct children, orderings at most the multinomial, lengths
 *   the sums of the counts) and ff(N', L) < 2**128 on every call: beyond it, ValueError,
 *   and the caller takes its Python-integer path.
 *
 * The module also sweeps a float state graph's optimal values (sweep_float, below): the
 * per-level numpy calls of that sweep cost more than its arithmetic.
 *
 * setup.py builds this module as an optional extension; without a C compiler (or without
 * 128-bit integers: EXACT is then 0) the package uses numpy for the same sums, and
 * tests/test_dealer_native.py checks that both give the same numbers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SLOTS 10
#define DRAWS 12      /* a multiset holds at most 11 cards of a value: counts 0-11 */
#define OUTCOMES 7
#define BUST 5
#define MAX_LENGTH 31 /* the longest a group may be (31! < 2**128) */
#define MAX_COUNT 1000000000LL
#define MAX_GROUPS 1024

#if defined(__GNUC__) || defined(__clang__)
/* four removals' sums at a time in the float path's last step (each lane the scalar
 * arithmetic: one product and one sum a child, in the children's order) */
#define LANES 4
typedef double lanes_t __attribute__((vector_size(4 * sizeof(double)), aligned(8)));
#else
#define LANES 1
#endif

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 u128;
#define EXACT 1
#else
#define EXACT 0
#endif

typedef struct {
    PyObject_HEAD
    int ready;
    int order[SLOTS];              /* the slot of each step */
    Py_ssize_t sizes[SLOTS + 1];   /* nodes of each step; sizes[SLOTS]: the groups */
    Py_ssize_t node_at[SLOTS + 1]; /* where each step's nodes start */
    int64_t *digits;               /* per node of steps 0-9: its count of the step's slot */
    int64_t *first, *end;          /* per node of steps 1-10: its children in the step before */
    int64_t *orderings;            /* per node of step 0 */
    /* per node of steps 1-10 again, grouped by its number of children (1 to DRAWS; in
     * node order within a number): the node and where its children start. The sums are
     * made in this order, a run of nodes with as many children each at a time (a fixed
     * trip count, no mispredicted loop exit); each node's own sum is the same. */
    int64_t *run_node, *run_first;
    Py_ssize_t run_at[SLOTS][DRAWS + 2]; /* step s: its nodes of k children from run_at[s][k] */
    int outcome[MAX_GROUPS], length[MAX_GROUPS]; /* per group */
    int longest;                                 /* the longest group */
    /* the groups as runs of one outcome each (run_end[i]: where run i stops), when each
     * outcome's groups are together (a table's are: grouped by outcome, then length);
     * runs = 0 otherwise */
    int runs, run_outcome[OUTCOMES];
    Py_ssize_t run_end[OUTCOMES];
} Plan;

/* A buffer's items of one integer type, copied (their count into *got when got is not
 * NULL, checked when want >= 0): the type is its item size and format codes ("ql" for
 * int64, "b" for int8). */
static void *
read_items(PyObject *source, Py_ssize_t itemsize, const char *codes, Py_ssize_t want,
           Py_ssize_t *got, const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(source, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    const char *format = view.format ? view.format : "B";
    char code = format[strlen(format) - 1];
    if (view.itemsize != itemsize || strchr(codes, code) == NULL ||
        (want >= 0 && view.len != want * itemsize)) {
        if (want >= 0)
            PyErr_Format(PyExc_ValueError, "%s: expected %zd int%zd items", what, want,
                         8 * itemsize);
        else
            PyErr_Format(PyExc_ValueError, "%s: expected int%zd items", what, 8 * itemsize);
        PyBuffer_Release(&view);
        return NULL;
    }
    void *items = PyMem_Malloc((size_t)(view.len ? view.len : 1));
    if (items == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(items, view.buf, (size_t)view.len);
    if (got)
        *got = view.len / itemsize;
    PyBuffer_Release(&view);
    return items;
}

/* An int64 buffer's items, copied (count checked when want >= 0). */
static int64_t *
read_int64(PyObject *source, Py_ssize_t want, Py_ssize_t *got, const char *what)
{
    return read_items(source, 8, "ql", want, got, what);
}

/* An int8 buffer's items, copied (its count into *got): small weights, an eighth of the
 * bytes of int64. */
static int8_t *
read_int8(PyObject *source, Py_ssize_t *got, const char *what)
{
    return read_items(source, 1, "b", -1, got, what);
}

static void
Plan_free(Plan *self)
{
    PyMem_Free(self->digits);
    PyMem_Free(self->first);
    PyMem_Free(self->end);
    PyMem_Free(self->orderings);
    PyMem_Free(self->run_node);
    PyMem_Free(self->run_first);
    self->digits = self->first = self->end = self->orderings = NULL;
    self->run_node = self->run_first = NULL;
    self->ready = 0;
}

#if EXACT
/* The multinomial coefficient l! / prod m_v! (l <= 31: below 2**128). */
static u128
multinomial(const int *counts)
{
    u128 value = 1;
    int done = 0;
    for (int v = 0; v < SLOTS; v++)
        for (int k = 1; k <= counts[v]; k++) {
            done++;
            value = value * (u128)done / (u128)k; /* a binomial step: exact */
        }
    return value;
}
#endif

/* Checks the trie: every step's children ranges, distinct counts among siblings, and
 * for each multiset its length and orderings against its group. */
static int
check_plan(Plan *self)
{
    int64_t *parent[SLOTS];
    for (int s = 0; s < SLOTS; s++)
        parent[s] = NULL;
    int ok = 0;
    for (int s = 0; s < SLOTS; s++) {
        parent[s] = PyMem_Malloc(sizeof(int64_t) * (size_t)self->sizes[s]);
        if (parent[s] == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        const int64_t *first = self->first + self->node_at[s + 1] - self->sizes[0];
        const int64_t *end = self->end + self->node_at[s + 1] - self->sizes[0];
        const int64_t *digits = self->digits + self->node_at[s];
        for (Py_ssize_t j = 0; j < self->sizes[s + 1]; j++) {
            int seen[DRAWS] = {0};
            for (int64_t c = first[j]; c < end[j]; c++) {
                if (seen[digits[c]]++) {
                    PyErr_SetString(PyExc_ValueError, "starts: two children with one count");
                    goto done;
                }
                parent[s][c] = j;
            }
        }
    }
    self->longest = 0;
    for (Py_ssize_t i = 0; i < self->sizes[0]; i++) {
        int counts[SLOTS], total = 0;
        int64_t node = i;
        for (int s = 0; s < SLOTS; s++) {
            counts[self->order[s]] = (int)self->digits[self->node_at[s] + node];
            total += counts[self->order[s]];
            node = parent[s][node];
        }
        if (total != self->length[node]) {
            PyErr_SetString(PyExc_ValueError, "lengths: not the multisets' sizes");
            goto done;
        }
#if EXACT
        if ((u128)self->orderings[i] > multinomial(counts)) {
            PyErr_SetString(PyExc_ValueError, "orderings: more than the multinomial");
            goto done;
        }
#endif
    }
    for (Py_ssize_t g = 0; g < self->sizes[SLOTS]; g++)
        if (self->length[g] > self->longest)
            self->longest = self->length[g];
    int seen_outcome[OUTCOMES] = {0};
    self->runs = 0;
    for (Py_ssize_t g = 0; g < self->sizes[SLOTS]; g++) {
        if (g > 0 && self->outcome[g] == self->outcome[g - 1]) {
            self->run_end[self->runs - 1] = g + 1;
            continue;
        }
        if (seen_outcome[self->outcome[g]]++) { /* an outcome's groups apart: no runs */
            self->runs = 0;
            break;
        }
        self->run_outcome[self->runs] = self->outcome[g];
        self->run_end[self->runs++] = g + 1;
    }
    ok = 1;
done:
    for (int s = 0; s < SLOTS; s++)
        PyMem_Free(parent[s]);
    return ok ? 0 : -1;
}

static int
Plan_init(Plan *self, PyObject *args, PyObject *kwds)
{
    PyObject *order, *sizes, *digits, *starts, *orderings, *outcomes, *lengths;
    static char *names[] = {"order",     "sizes",    "digits",  "starts",
                            "orderings", "outcomes", "lengths", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOO", names, &order, &sizes, &digits,
                                     &starts, &orderings, &outcomes, &lengths))
        return -1;
    if (self->ready) { /* a call may be reading it with the GIL released */
        PyErr_SetString(PyExc_TypeError, "Plan: already made");
        return -1;
    }
    Plan_free(self);
    int64_t *items = read_int64(order, SLOTS, NULL, "order");
    if (items == NULL)
        return -1;
    int used[SLOTS] = {0};
    for (int s = 0; s < SLOTS; s++) {
        if (items[s] < 0 || items[s] >= SLOTS || used[items[s]]++) {
            PyMem_Free(items);
            PyErr_SetString(PyExc_ValueError, "order: not an order of the 10 slots");
            return -1;
        }
        self->order[s] = (int)items[s];
    }
    PyMem_Free(items);
    if ((items = read_int64(sizes, SLOTS + 1, NULL, "sizes")) == NULL)
        return -1;
    Py_ssize_t total = 0;
    for (int s = 0; s <= SLOTS; s++) {
        if (items[s] < 1 || items[s] > (1 << 24) || (s == SLOTS && items[s] > MAX_GROUPS)) {
            PyMem_Free(items);
            PyErr_SetString(PyExc_ValueError, "sizes: each step from 1 to 2**24 nodes");
            return -1;
        }
        self->sizes[s] = (Py_ssize_t)items[s];
        self->node_at[s] = total;
        total += self->sizes[s];
    }
    PyMem_Free(items);
    Py_ssize_t below = self->node_at[SLOTS]; /* nodes of steps 0-9 */
    Py_ssize_t above = total - self->sizes[0];
    Py_ssize_t groups = self->sizes[SLOTS];
    int64_t *starts_items = NULL, *outcome_items = NULL, *length_items = NULL;
    if ((self->digits = read_int64(digits, below, NULL, "digits")) == NULL ||
        (starts_items = read_int64(starts, above, NULL, "starts")) == NULL ||
        (self->orderings = read_int64(orderings, self->sizes[0], NULL, "orderings")) == NULL ||
        (outcome_items = read_int64(outcomes, groups, NULL, "outcomes")) == NULL ||
        (length_items = read_int64(lengths, groups, NULL, "lengths")) == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < below; i++)
        if (self->digits[i] < 0 || self->digits[i] >= DRAWS) {
            PyErr_SetString(PyExc_ValueError, "digits: a count outside 0-11");
            goto fail;
        }
    for (Py_ssize_t i = 0; i < self->sizes[0]; i++)
        if (self->orderings[i] < 0 || self->orderings[i] > ((int64_t)1 << 62)) {
            PyErr_SetString(PyExc_ValueError, "orderings: negative or too large");
            goto fail;
        }
    for (Py_ssize_t g = 0; g < groups; g++) {
        if (outcome_items[g] < 0 || outcome_items[g] >= OUTCOMES || outcome_items[g] == BUST ||
            length_items[g] < 1 || length_items[g] > MAX_LENGTH) {
            PyErr_SetString(PyExc_ValueError, "outcomes, lengths: a group outside the table");
            goto fail;
        }
        self->outcome[g] = (int)outcome_items[g];
        self->length[g] = (int)length_items[g];
    }
    self->first = starts_items;
    starts_items = NULL;
    self->end = PyMem_Malloc(sizeof(int64_t) * (size_t)above);
    if (self->end == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int s = 0; s < SLOTS; s++) { /* step s's children ranges, per node of step s + 1 */
        int64_t *first = self->first + self->node_at[s + 1] - self->sizes[0];
        int64_t *end = self->end + self->node_at[s + 1] - self->sizes[0];
        Py_ssize_t n = self->sizes[s + 1];
        for (Py_ssize_t j = 0; j < n; j++) {
            end[j] = j + 1 < n ? first[j + 1] : self->sizes[s];
            if ((j == 0 && first[j] != 0) || end[j] <= first[j] || end[j] > self->sizes[s]) {
                PyErr_SetString(PyExc_ValueError, "starts: not increasing from 0 in each step");
                goto fail;
            }
        }
    }
    self->run_node = PyMem_Malloc(sizeof(int64_t) * (size_t)above);
    self->run_first = PyMem_Malloc(sizeof(int64_t) * (size_t)above);
    if (self->run_node == NULL || self->run_first == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int s = 0; s < SLOTS; s++) { /* a counting sort of step s's nodes by children */
        const int64_t *first = self->first + self->node_at[s + 1] - self->sizes[0];
        const int64_t *end = self->end + self->node_at[s + 1] - self->sizes[0];
        int64_t *node = self->run_node + self->node_at[s + 1] - self->sizes[0];
        int64_t *node_first = self->run_first + self->node_at[s + 1] - self->sizes[0];
        Py_ssize_t n = self->sizes[s + 1], *at = self->run_at[s];
        for (int k = 0; k < DRAWS + 2; k++)
            at[k] = 0;
        for (Py_ssize_t j = 0; j < n; j++) {
            if (end[j] - first[j] > DRAWS) { /* siblings have distinct counts 0-11 */
                PyErr_SetString(PyExc_ValueError, "starts: more children than counts");
                goto fail;
            }
            at[end[j] - first[j] + 1]++;
        }
        for (int k = 1; k < DRAWS + 2; k++)
            at[k] += at[k - 1];
        Py_ssize_t next[DRAWS + 1];
        memcpy(next, at, sizeof(next));
        for (Py_ssize_t j = 0; j < n; j++) {
            Py_ssize_t i = next[end[j] - first[j]]++;
            node[i] = j;
            node_first[i] = first[j];
        }
    }
    PyMem_Free(outcome_items);
    PyMem_Free(length_items);
    if (check_plan(self) < 0) {
        Plan_free(self);
        return -1;
    }
    self->ready = 1;
    return 0;
fail:
    PyMem_Free(starts_items);
    PyMem_Free(outcome_items);
    PyMem_Free(length_items);
    Plan_free(self);
    return -1;
}

static void
Plan_dealloc(Plan *self)
{
    Plan_free(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* What one call reads: the shoe's counts, the removals (rows of 10, visited in the
 * order given) and the row of the result each fills. */
typedef struct {
    long long counts[SLOTS], cards;
    Py_buffer removed, index;
    Py_ssize_t n;
    long long top[SLOTS]; /* the largest removal of each step's slot, at most its count + 1 */
    long long most;       /* the most cards a removal takes out */
} Call;

static int
read_call(const Plan *self, PyObject *counts, PyObject *removed, PyObject *index, Call *call)
{
    if (!self->ready) {
        PyErr_SetString(PyExc_ValueError, "Plan: not initialised");
        return -1;
    }
    if (!PyTuple_Check(counts) || PyTuple_GET_SIZE(counts) != SLOTS) {
        PyErr_SetString(PyExc_TypeError, "counts: expected a tuple of 10 ints");
        return -1;
    }
    call->cards = 0;
    for (int v = 0; v < SLOTS; v++) {
        long long n = PyLong_AsLongLong(PyTuple_GET_ITEM(counts, v));
        if (n == -1 && PyErr_Occurred())
            return -1;
        if (n < 0 || n > MAX_COUNT) {
            PyErr_SetString(PyExc_ValueError, "counts: each from 0 to 10**9");
            return -1;
        }
        call->counts[v] = n;
        call->cards += n;
    }
    if (PyObject_GetBuffer(removed, &call->removed, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return -1;
    if (PyObject_GetBuffer(index, &call->index, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&call->removed);
        return -1;
    }
    const char *formats[2] = {call->removed.format, call->index.format};
    for (int b = 0; b < 2; b++) {
        const char *format = formats[b] ? formats[b] : "B";
        char code = format[strlen(format) - 1];
        if ((b ? call->index.itemsize : call->removed.itemsize) != 8 ||
            (code != 'q' && code != 'l'))
            goto bad;
    }
    call->n = call->index.len / 8;
    if (call->removed.len != call->n * SLOTS * 8)
        goto bad;
    const int64_t *rows = call->removed.buf, *at = call->index.buf;
    for (int s = 0; s < SLOTS; s++)
        call->top[s] = 0;
    call->most = 0;
    char *seen = PyMem_Calloc((size_t)(call->n ? call->n : 1), 1);
    if (seen == NULL) {
        PyErr_NoMemory();
        goto release;
    }
    for (Py_ssize_t k = 0; k < call->n; k++) {
        long long r = 0;
        if (at[k] < 0 || at[k] >= call->n || seen[at[k]]++) {
            PyMem_Free(seen);
            goto bad_index;
        }
        for (int s = 0; s < SLOTS; s++) {
            long long b = rows[k * SLOTS + self->order[s]];
            if (b < 0 || b > MAX_COUNT) {
                PyMem_Free(seen);
                goto bad_removed;
            }
            long long capped = b < call->counts[self->order[s]] ? b : call->counts[self->order[s]];
            if (capped > call->top[s])
                call->top[s] = capped;
            r += b;
        }
        if (r > call->most)
            call->most = r;
    }
    PyMem_Free(seen);
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "removed, index: expected (n, 10) and (n,) int64 arrays");
    goto release;
bad_index:
    PyErr_SetString(PyExc_ValueError, "index: not an order of the removals' rows");
    goto release;
bad_removed:
    PyErr_SetString(PyExc_ValueError, "removed: each count from 0 to 10**9");
release:
    PyBuffer_Release(&call->removed);
    PyBuffer_Release(&call->index);
    return -1;
}

static void
release_call(Call *call)
{
    PyBuffer_Release(&call->removed);
    PyBuffer_Release(&call->index);
}

/* Step s's nodes of K children each (run_at[s][K] to run_at[s][K + 1]): each node's sum of
 * its children's values times their factors, in the children's order from 0 (the sum of
 * the nested loop it replaces, to the bit). */
#define RUN(TYPE, K)                                                                    \
    for (Py_ssize_t i = at[K]; i < at[(K) + 1]; i++) {                                  \
        const int64_t c_ = node_first[i];                                               \
        TYPE sum = 0;                                                                   \
        for (int t = 0; t < (K); t++)                                                   \
            sum += source[c_ + t] * (TYPE)f[digits[c_ + t]];                            \
        into[node[i]] = sum;                                                            \
    }

/* The contraction for every removal, in one arithmetic: ``FACTORS[s]`` holds
 * ff(n - b, a) for the step's slot, b = 0..top[s], a = 0..11 (rows of DRAWS), as
 * FACTOR_TYPE (multiplied as TYPE); ``sums`` receives the groups' sums of the removal
 * visited k-th before FINISH(k, sums) runs. */
/* Step s of the contraction for the removal ``row``: the nodes of step s + 1 from those of
 * step s, each by runs of as many children (RUN). */
#define STEP(TYPE, FACTOR_TYPE, FACTORS, s, row)                                        \
    do {                                                                                \
        long long b = (row)[self->order[s]];                                            \
        if (b > call->top[s])                                                           \
            b = call->top[s];                                                           \
        const FACTOR_TYPE *f = FACTORS[s] + b * DRAWS;                                  \
        const TYPE *source = values + self->node_at[s];                                 \
        TYPE *into = values + self->node_at[(s) + 1];                                   \
        const int64_t *digits = self->digits + self->node_at[s];                        \
        const int64_t *node = self->run_node + self->node_at[(s) + 1] - self->sizes[0]; \
        const int64_t *node_first = self->run_first + self->node_at[(s) + 1] - self->sizes[0]; \
        const Py_ssize_t *at = self->run_at[s];                                         \
        for (int k_ = 1; k_ <= DRAWS; k_++) {                                           \
            if (at[k_] == at[k_ + 1])                                                   \
                continue;                                                               \
            switch (k_) { /* a fixed number of children: unrolled */                    \
            case 1: RUN(TYPE, 1); break;                                                \
            case 2: RUN(TYPE, 2); break;                                                \
            case 3: RUN(TYPE, 3); break;                                                \
            case 4: RUN(TYPE, 4); break;                                                \
            case 5: RUN(TYPE, 5); break;                                                \
            case 6: RUN(TYPE, 6); break;                                                \
            default: RUN(TYPE, k_); break;                                              \
            }                                                                           \
        }                                                                               \
    } while (0)

/* The contraction for every removal, in one arithmetic: ``FACTORS[s]`` holds
 * ff(n - b, a) for the step's slot, b = 0..top[s], a = 0..11 (rows of DRAWS), as
 * FACTOR_TYPE (multiplied as TYPE). Steps 0-8 here, from the first whose count differs
 * from the removal before; LAST(k, taken) makes the last step and finishes the removal
 * visited k-th (and, setting taken, the removals after it that it takes along). */
#define CONTRACT(TYPE, FACTOR_TYPE, FACTORS, LAST)                                      \
    do {                                                                                \
        const int64_t *rows = call->removed.buf;                                        \
        for (Py_ssize_t i = 0; i < self->sizes[0]; i++)                                 \
            values[i] = (TYPE)self->orderings[i];                                       \
        for (Py_ssize_t k = 0; k < call->n;) {                                          \
            const int64_t *row = rows + k * SLOTS;                                      \
            int from = 0;                                                               \
            if (k > 0)                                                                  \
                while (from < SLOTS - 1 &&                                              \
                       row[self->order[from]] == row[self->order[from] - SLOTS])        \
                    from++;                                                             \
            for (int s = from; s < SLOTS - 1; s++)                                      \
                STEP(TYPE, FACTOR_TYPE, FACTORS, s, row);                               \
            Py_ssize_t taken_ = 1;                                                      \
            LAST(k, taken_);                                                            \
            k += taken_;                                                                \
        }                                                                               \
    } while (0)

/* Where a call's scratch goes: the nodes' values and each step's factor rows. */
static void *
scratch(const Plan *self, const Call *call, size_t item, void **factor)
{
    size_t cells = (size_t)(self->node_at[SLOTS] + self->sizes[SLOTS]);
    for (int s = 0; s < SLOTS; s++)
        cells += (size_t)(call->top[s] + 1) * DRAWS;
    char *memory = PyMem_Malloc(item * cells);
    if (memory == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    size_t at = (size_t)(self->node_at[SLOTS] + self->sizes[SLOTS]);
    for (int s = 0; s < SLOTS; s++) {
        factor[s] = memory + item * at;
        at += (size_t)(call->top[s] + 1) * DRAWS;
    }
    return memory;
}

/* ff(n, k) in long double, rounded to double (0 when k > n). */
static double
falling_float(long long n, int k)
{
    long double value = 1;
    for (int j = 0; j < k; j++)
        value *= (long double)(n - j > 0 ? n - j : 0);
    return (double)value;
}

static PyObject *
Plan_probabilities(Plan *self, PyObject *args)
{
    PyObject *counts, *removed, *index, *out_object;
    if (!PyArg_ParseTuple(args, "OOOO", &counts, &removed, &index, &out_object))
        return NULL;
    Call call_data, *call = &call_data;
    if (read_call(self, counts, removed, index, call) < 0)
        return NULL;
    Py_buffer out_view;
    if (PyObject_GetBuffer(out_object, &out_view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE |
                                                      PyBUF_FORMAT) < 0) {
        release_call(call);
        return NULL;
    }
    const char *format = out_view.format ? out_view.format : "B";
    if (out_view.itemsize != 8 || format[strlen(format) - 1] != 'd' ||
        out_view.len != call->n * OUTCOMES * 8) {
        PyErr_SetString(PyExc_ValueError, "out: expected an (n, 7) float64 array");
        goto fail;
    }
    void *factor_memory[SLOTS];
    double *values = scratch(self, call, sizeof(double), factor_memory);
    int L = self->longest;
    double *inverse = PyMem_Malloc(sizeof(double) * (size_t)(call->most + 1) * (size_t)(L + 1));
#if LANES > 1
    lanes_t *lane_sums = PyMem_Malloc(sizeof(lanes_t) * (size_t)self->sizes[SLOTS]);
#else
    void *lane_sums = PyMem_Malloc(1);
#endif
    if (values == NULL || inverse == NULL || lane_sums == NULL) {
        PyMem_Free(values);
        PyMem_Free(inverse);
        PyMem_Free(lane_sums);
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto fail;
    }
    double *factor[SLOTS];
    for (int s = 0; s < SLOTS; s++) {
        factor[s] = factor_memory[s];
        long long n = call->counts[self->order[s]];
        for (long long b = 0; b <= call->top[s]; b++)
            for (int a = 0; a < DRAWS; a++)
                factor[s][b * DRAWS + a] = falling_float(n - b, a);
    }
    for (long long r = 0; r <= call->most; r++)
        for (int l = 0; l <= L; l++) {
            double whole = falling_float(call->cards - r, l);
            inverse[r * (L + 1) + l] = whole > 0 ? 1.0 / whole : 0.0;
        }
    double *out = out_view.buf;
    const int64_t *at = call->index.buf;
    const int64_t *removed_rows = call->removed.buf;
    Py_BEGIN_ALLOW_THREADS
#define FINISH_FLOAT(k, sums, stride)                                                \
    do {                                                                              \
        const int64_t *row_ = removed_rows + (k) * SLOTS;                             \
        long long r_ = 0;                                                             \
        for (int v = 0; v < SLOTS; v++)                                               \
            r_ += row_[v];                                                            \
        const double *inv_ = inverse + r_ * (L + 1);                                  \
        double *o_ = out + at[k] * OUTCOMES;                                          \
        for (int q = 0; q < OUTCOMES; q++)                                            \
            o_[q] = 0.0;                                                              \
        if (self->runs) { /* each outcome's sum in a register: the same additions */  \
            Py_ssize_t g = 0;                                                         \
            for (int u = 0; u < self->runs; u++) {                                    \
                double sum_ = 0.0;                                                    \
                for (; g < self->run_end[u]; g++)                                     \
                    sum_ += (sums)[g * (stride)] * inv_[self->length[g]];           \
                o_[self->run_outcome[u]] = sum_;                                      \
            }                                                                         \
        }                                                                             \
        else                                                                          \
            for (Py_ssize_t g = 0; g < self->sizes[SLOTS]; g++)                       \
                o_[self->outcome[g]] += (sums)[g * (stride)] * inv_[self->length[g]]; \
        double rest_ = 0.0;                                                           \
        for (int q = 0; q < OUTCOMES; q++)                                            \
            rest_ += o_[q];                                                           \
        o_[BUST] = 1.0 - rest_;                                                       \
    } while (0)
#if LANES > 1
    /* removals after the k-th sharing its counts of steps 0-8 (at most LANES in all) take
     * the last step with it, a lane each: each lane's sums are the scalar path's */
#define LAST_FLOAT(k, taken)                                                          \
    do {                                                                              \
        const int64_t *row0_ = rows + (k) * SLOTS;                                    \
        Py_ssize_t m_ = 1;                                                            \
        while (m_ < LANES && (k) + m_ < call->n) {                                    \
            const int64_t *next_ = row0_ + m_ * SLOTS;                                \
            int same_ = 1;                                                            \
            for (int s_ = 0; s_ < SLOTS - 1 && same_; s_++)                           \
                same_ = next_[self->order[s_]] == row0_[self->order[s_]];             \
            if (!same_)                                                               \
                break;                                                                \
            m_++;                                                                     \
        }                                                                             \
        if (m_ == 1) {                                                                \
            STEP(double, double, factor, SLOTS - 1, row0_);                           \
            FINISH_FLOAT((k), (values + self->node_at[SLOTS]), 1);                    \
            break;                                                                    \
        }                                                                             \
        lanes_t vf[DRAWS]; /* each lane's factor row (lanes past m_: the first's) */  \
        for (int l_ = 0; l_ < LANES; l_++) {                                          \
            long long b = row0_[(l_ < m_ ? l_ : 0) * SLOTS + self->order[SLOTS - 1]]; \
            if (b > call->top[SLOTS - 1])                                             \
                b = call->top[SLOTS - 1];                                             \
            for (int a_ = 0; a_ < DRAWS; a_++)                                        \
                vf[a_][l_] = factor[SLOTS - 1][b * DRAWS + a_];                       \
        }                                                                             \
        const double *source = values + self->node_at[SLOTS - 1];                     \
        const int64_t *digits = self->digits + self->node_at[SLOTS - 1];              \
        const Py_ssize_t off_ = self->node_at[SLOTS] - self->sizes[0];                \
        const int64_t *node = self->run_node + off_, *node_first = self->run_first + off_; \
        const Py_ssize_t *runs_ = self->run_at[SLOTS - 1];                            \
        for (int k_ = 1; k_ <= DRAWS; k_++) {                                         \
            if (runs_[k_] == runs_[k_ + 1])                                           \
                continue;                                                             \
            switch (k_) {                                                             \
            case 1: LANE_RUN(1); break;                                               \
            case 2: LANE_RUN(2); break;                                               \
            case 3: LANE_RUN(3); break;                                               \
            case 4: LANE_RUN(4); break;                                               \
            case 5: LANE_RUN(5); break;                                               \
            case 6: LANE_RUN(6); break;                                               \
            default: LANE_RUN(k_); break;                                             \
            }                                                                         \
        }                                                                             \
        for (Py_ssize_t l_ = 0; l_ < m_; l_++)                                        \
            FINISH_FLOAT((k) + l_, ((const double *)lane_sums + l_), LANES);          \
        taken = m_;                                                                   \
    } while (0)
#define LANE_RUN(K)                                                                   \
    for (Py_ssize_t i = runs_[K]; i < runs_[(K) + 1]; i++) {                          \
        const int64_t c_ = node_first[i];                                             \
        lanes_t sum = {0.0};                                                          \
        for (int t = 0; t < (K); t++)                                                 \
            sum += source[c_ + t] * vf[digits[c_ + t]];                               \
        lane_sums[node[i]] = sum;                                                     \
    }
#else
#define LAST_FLOAT(k, taken)                                                          \
    do {                                                                              \
        STEP(double, double, factor, SLOTS - 1, rows + (k) * SLOTS);                  \
        FINISH_FLOAT((k), (values + self->node_at[SLOTS]), 1);                        \
    } while (0)
#endif
    CONTRACT(double, double, factor, LAST_FLOAT);
    Py_END_ALLOW_THREADS
    PyMem_Free(values);
    PyMem_Free(inverse);
    PyMem_Free(lane_sums);
    PyBuffer_Release(&out_view);
    release_call(call);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&out_view);
    release_call(call);
    return NULL;
}

#if EXACT
/* ff(n, k) in 128 bits, or 0 with *over set when it does not fit (0 when k > n). */
static u128
falling_u128(long long n, int k, int *over)
{
    u128 value = 1;
    for (int j = 0; j < k; j++) {
        long long m = n - j;
        if (m <= 0)
            return 0;
        if (value > ~(u128)0 / (u128)m) {
            *over = 1;
            return 0;
        }
        value *= (u128)m;
    }
    return value;
}

static PyObject *
from_u128(u128 x)
{
    if ((x >> 64) == 0)
        return PyLong_FromUnsignedLongLong((unsigned long long)x);
    unsigned char bytes[16];
    for (int i = 0; i < 16; i++)
        bytes[i] = (unsigned char)(x >> (8 * i));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, 16,
                                          Py_ASNATIVEBYTES_LITTLE_ENDIAN |
                                              Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
#else
    return _PyLong_FromByteArray(bytes, 16, 1, 0);
#endif
}
#endif

static PyObject *
Plan_numerators(Plan *self, PyObject *args)
{
    PyObject *counts, *removed, *index, *picks_object = Py_None, *weights_object = Py_None;
    if (!PyArg_ParseTuple(args, "OOO|OO", &counts, &removed, &index, &picks_object,
                          &weights_object))
        return NULL;
    if ((picks_object == Py_None) != (weights_object == Py_None)) {
        PyErr_SetString(PyExc_TypeError, "picks and weights: both or neither");
        return NULL;
    }
#if !EXACT
    PyErr_SetString(PyExc_NotImplementedError, "built without 128-bit integers");
    return NULL;
#else
    Call call_data, *call = &call_data;
    if (read_call(self, counts, removed, index, call) < 0)
        return NULL;
    int L = self->longest, over = 0;
    long long raised = 0; /* N' = sum of max(n_v, L) */
    for (int v = 0; v < SLOTS; v++)
        raised += call->counts[v] > L ? call->counts[v] : L;
    falling_u128(raised, L, &over);
    if (over) {
        PyErr_SetString(PyExc_ValueError,
                        "counts: the dealer's sums may pass 2**128 (ff(N', longest))");
        release_call(call);
        return NULL;
    }
    /* picks (a removal's row each) and weights (7 of -1, 0 or 1 a pick): the signed sums
     * of w_o * numerator_o, as the sums of the outcomes weighted +1 and -1 apart (together
     * at most the whole ff(N - r, L): each outcome once) and their difference's sign */
    int64_t *picks = NULL;
    int8_t *weights = NULL;
    Py_ssize_t n_picks = 0, n_weights = 0;
    if (picks_object != Py_None) {
        picks = read_int64(picks_object, -1, &n_picks, "picks");
        weights = picks == NULL ? NULL : read_int8(weights_object, &n_weights, "weights");
        if (weights == NULL) {
            PyMem_Free(picks);
            release_call(call);
            return NULL;
        }
        int bad = n_weights != n_picks * OUTCOMES;
        for (Py_ssize_t k = 0; k < n_picks && !bad; k++)
            bad = picks[k] < 0 || picks[k] >= call->n;
        for (Py_ssize_t i = 0; i < n_weights && !bad; i++)
            bad = weights[i] < -1 || weights[i] > 1;
        if (bad) {
            PyErr_SetString(PyExc_ValueError,
                            "picks: removal rows, with 7 weights of -1, 0 or 1 each, expected");
            PyMem_Free(picks);
            PyMem_Free(weights);
            release_call(call);
            return NULL;
        }
    }
    void *factor_memory[SLOTS];
    u128 *values = scratch(self, call, sizeof(u128), factor_memory);
    /* per r: ff(N - r - l, L - l) for l = 0..L (l = 0: ff(N - r, L), the whole) */
    u128 *tails = PyMem_Malloc(sizeof(u128) * (size_t)(call->most + 1) * (size_t)(L + 1));
    u128 *numbers = PyMem_Malloc(sizeof(u128) * (size_t)(call->n ? call->n : 1) * OUTCOMES);
    /* a removal of more cards of a value than the shoe holds (a term with no chance, which
     * callers may still ask for) can leave the others above the whole: a negative bust */
    char *negative = PyMem_Calloc((size_t)(call->n ? call->n : 1), 1);
    PyObject *result = NULL;
    if (values == NULL || tails == NULL || numbers == NULL || negative == NULL) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    u128 *factor[SLOTS];
    /* the same factors in 64 bits where every one a step reads (counts up to the step's
     * largest digit) fits, as for six decks: a 128-by-64-bit product, not 128 by 128 */
    uint64_t *narrow[SLOTS];
    int fits = 1;
    for (int s = 0; s < SLOTS; s++) {
        int64_t most = 0;
        for (Py_ssize_t i = self->node_at[s]; i < self->node_at[s] + self->sizes[s]; i++)
            most = self->digits[i] > most ? self->digits[i] : most;
        int wide = 0;
        u128 largest = falling_u128(call->counts[self->order[s]], (int)most, &wide);
        fits &= !wide && (largest >> 64) == 0;
    }
    for (int s = 0; s < SLOTS; s++) {
        factor[s] = factor_memory[s];
        narrow[s] = factor_memory[s]; /* the same memory, read as one or the other */
        long long n = call->counts[self->order[s]];
        for (long long b = 0; b <= call->top[s]; b++)
            for (int a = 0; a < DRAWS; a++) { /* a <= 11 < ... each at most ff(N', L) */
                u128 value = a > L ? 0 : falling_u128(n - b, a, &over);
                if (fits)
                    narrow[s][b * DRAWS + a] = (value >> 64) == 0 ? (uint64_t)value : 0;
                else
                    factor[s][b * DRAWS + a] = value;
            }
    }
    for (long long r = 0; r <= call->most; r++)
        for (int l = 0; l <= L; l++)
            tails[r * (L + 1) + l] = falling_u128(call->cards - r - l, L - l, &over);
    if (over) { /* cannot happen below the bound checked above */
        PyErr_SetString(PyExc_RuntimeError, "a factor beyond 2**128");
        goto done;
    }
    const int64_t *removed_rows = call->removed.buf;
    const int64_t *at = call->index.buf;
    Py_BEGIN_ALLOW_THREADS
#define FINISH_EXACT(k, sums)                                                         \
    do {                                                                              \
        const int64_t *row_ = removed_rows + (k) * SLOTS;                             \
        long long r_ = 0;                                                             \
        for (int v = 0; v < SLOTS; v++)                                               \
            r_ += row_[v];                                                            \
        const u128 *tail_ = tails + r_ * (L + 1);                                     \
        u128 *o_ = numbers + at[k] * OUTCOMES;                                        \
        for (int q = 0; q < OUTCOMES; q++)                                            \
            o_[q] = 0;                                                                \
        for (Py_ssize_t g = 0; g < self->sizes[SLOTS]; g++)                           \
            o_[self->outcome[g]] += (sums)[g] * tail_[self->length[g]];               \
        u128 rest_ = 0;                                                               \
        for (int q = 0; q < OUTCOMES; q++)                                            \
            rest_ += o_[q];                                                           \
        negative[at[k]] = rest_ > tail_[0];                                           \
        o_[BUST] = rest_ > tail_[0] ? rest_ - tail_[0] : tail_[0] - rest_;            \
    } while (0)
#define LAST_NARROW(k, taken)                                                         \
    do {                                                                              \
        STEP(u128, uint64_t, narrow, SLOTS - 1, rows + (k) * SLOTS);                  \
        FINISH_EXACT((k), (values + self->node_at[SLOTS]));                           \
    } while (0)
#define LAST_WIDE(k, taken)                                                           \
    do {                                                                              \
        STEP(u128, u128, factor, SLOTS - 1, rows + (k) * SLOTS);                      \
        FINISH_EXACT((k), (values + self->node_at[SLOTS]));                           \
    } while (0)
    if (fits)
        CONTRACT(u128, uint64_t, narrow, LAST_NARROW);
    else
        CONTRACT(u128, u128, factor, LAST_WIDE);
    Py_END_ALLOW_THREADS
    if (picks != NULL) {
        result = PyList_New(n_picks);
        if (result == NULL)
            goto done;
        for (Py_ssize_t k = 0; k < n_picks; k++) {
            const int8_t *weight = weights + k * OUTCOMES;
            const u128 *row = numbers + picks[k] * OUTCOMES;
            /* the sums weighted +1 and -1 apart: at most the whole < 2**128 each, the bust
             * of a removal the shoe cannot give aside (then the caller's Python integers) */
            u128 plus = 0, minus = 0;
            int wrapped = 0;
            for (int q = 0; q < OUTCOMES; q++) {
                int w = weight[q];
                if (q == BUST && negative[picks[k]])
                    w = -w;
                u128 *side = w > 0 ? &plus : &minus;
                if (w != 0) {
                    wrapped |= *side + row[q] < *side;
                    *side += row[q];
                }
            }
            if (wrapped) {
                PyErr_SetString(PyExc_OverflowError, "picks: a sum beyond 128 bits");
                Py_CLEAR(result);
                goto done;
            }
            PyObject *number;
            if (plus >= minus)
                number = from_u128(plus - minus);
            else {
                PyObject *size = from_u128(minus - plus);
                number = size == NULL ? NULL : PyNumber_Negative(size);
                Py_XDECREF(size);
            }
            if (number == NULL) {
                Py_CLEAR(result);
                goto done;
            }
            PyList_SET_ITEM(result, k, number);
        }
        goto done;
    }
    result = PyList_New(call->n * OUTCOMES);
    if (result == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < call->n * OUTCOMES; i++) {
        PyObject *number = from_u128(numbers[i]);
        if (number != NULL && i % OUTCOMES == BUST && negative[i / OUTCOMES]) {
            Py_SETREF(number, PyNumber_Negative(number));
        }
        if (number == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, number);
    }
done:
    PyMem_Free(negative);
    PyMem_Free(picks);
    PyMem_Free(weights);
    PyMem_Free(values);
    PyMem_Free(tails);
    PyMem_Free(numbers);
    release_call(call);
    return result;
#endif
}

/* The float state graph's optimal sweep over states lo..hi-1, most cards first (a state's
 * successors all hold more cards: later in the order), in the very arithmetic of the numpy
 * sweep (graph.py's optimal_array over graph_hits.py's plans), so that both give the same
 * bits: a hit is bust_part + (p_0 + pairwise(p_1, ...)) over the products p_k = weight_k *
 * value(target_k) of the state's cards that go on (np.add.reduceat's sum of a run: its first
 * item plus numpy's pairwise sum of the rest, from 0.0 below eight items, else eight
 * accumulators added in pairs and the rest in turn), and each maximum keeps the first
 * operand only when it is larger (np.maximum). No contraction of a product and a sum into
 * one rounding: setup.py builds with -ffp-contract=off. */
static double
run_sum(const double *p, Py_ssize_t n)
{
    if (n == 1)
        return p[0];
    const double *rest = p + 1;
    Py_ssize_t m = n - 1;
    double sum;
    Py_ssize_t i;
    if (m < 8) {
        sum = 0.0;
        for (i = 0; i < m; i++)
            sum += rest[i];
    }
    else {
        sum = ((rest[0] + rest[1]) + (rest[2] + rest[3])) +
              ((rest[4] + rest[5]) + (rest[6] + rest[7]));
        for (i = 8; i < m; i++)
            sum += rest[i];
    }
    return p[0] + sum;
}

static double
larger(double a, double b)
{
    return (a > b || a != a) ? a : b;
}

static PyObject *
sweep_float(PyObject *module, PyObject *args)
{
    (void)module;
    Py_ssize_t lo, hi;
    PyObject *objects[11];
    if (!PyArg_ParseTuple(args, "nnOOOOOOOOOOO", &lo, &hi, &objects[0], &objects[1],
                          &objects[2], &objects[3], &objects[4], &objects[5], &objects[6],
                          &objects[7], &objects[8], &objects[9], &objects[10]))
        return NULL;
    /* weights, targets, counts, offsets, bust_part, stand, doubling, surrendering, plays,
     * fixed, values */
    static const char *names[11] = {"weights", "targets",      "counts", "offsets",
                                    "bust_part", "stand",      "doubling", "surrendering",
                                    "plays",   "fixed",        "values"};
    Py_buffer views[11];
    int got = 0;
    PyObject *result = NULL;
    Py_ssize_t n = -1, m = -1;
    for (; got < 11; got++) {
        int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (got == 10 ? PyBUF_WRITABLE : 0);
        if (PyObject_GetBuffer(objects[got], &views[got], flags) < 0)
            goto done;
    }
    m = views[0].len / 8;
    n = views[4].len / 8;
    for (int k = 0; k < 11; k++) {
        const char *format = views[k].format ? views[k].format : "B";
        char code = format[strlen(format) - 1];
        Py_ssize_t want = k < 2 ? m : n;
        int ok;
        if (k == 1 || k == 2 || k == 3)
            ok = views[k].itemsize == 8 && (code == 'q' || code == 'l');
        else if (k == 8)
            ok = views[k].itemsize == 1 && code == '?';
        else
            ok = views[k].itemsize == 8 && code == 'd';
        if (!ok || views[k].len != want * views[k].itemsize) {
            PyErr_Format(PyExc_ValueError, "%s: expected %zd items of its type", names[k], want);
            goto done;
        }
    }
    if (lo < 0 || hi > n || lo > hi) {
        PyErr_SetString(PyExc_ValueError, "lo, hi: a range of the states expected");
        goto done;
    }
    const double *weights = views[0].buf;
    const int64_t *targets = views[1].buf, *counts = views[2].buf, *offsets = views[3].buf;
    const double *bust_part = views[4].buf, *stand = views[5].buf, *doubling = views[6].buf;
    const double *surrendering = views[7].buf, *fixed = views[9].buf;
    const char *plays = views[8].buf;
    double *values = views[10].buf;
    /* every run within the pairs, every target a state after the run's own */
    for (Py_ssize_t i = lo; i < hi; i++) {
        if (counts[i] < 0 || counts[i] > SLOTS || offsets[i] < 0 || offsets[i] + counts[i] > m) {
            PyErr_SetString(PyExc_ValueError, "counts, offsets: runs within the pairs expected");
            goto done;
        }
        for (int64_t k = offsets[i]; k < offsets[i] + counts[i]; k++)
            if (targets[k] <= i || targets[k] >= n) {
                PyErr_SetString(PyExc_ValueError, "targets: later states expected");
                goto done;
            }
    }
    double products[SLOTS];
    for (Py_ssize_t i = hi - 1; i >= lo; i--) {
        double hit = bust_part[i];
        if (counts[i]) {
            const double *w = weights + offsets[i];
            const int64_t *t = targets + offsets[i];
            for (int64_t k = 0; k < counts[i]; k++)
                products[k] = w[k] * values[t[k]];
            hit = hit + run_sum(products, (Py_ssize_t)counts[i]);
        }
        double best = larger(larger(larger(stand[i], hit), doubling[i]), surrendering[i]);
        values[i] = plays[i] ? best : fixed[i];
    }
    Py_INCREF(Py_None);
    result = Py_None;
done:
    for (int k = 0; k < got; k++)
        PyBuffer_Release(&views[k]);
    return result;
}

static PyMethodDef module_methods[] = {
    {"sweep_float", (PyCFunction)sweep_float, METH_VARARGS,
     PyDoc_STR("sweep_float(lo, hi, weights, targets, counts, offsets, bust_part, stand, "
               "doubling, surrendering, plays, fixed, values): the float graph's optimal "
               "values of states hi-1 down to lo into values, as the numpy sweep gives them.")},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef Plan_methods[] = {
    {"probabilities", (PyCFunction)Plan_probabilities, METH_VARARGS,
     PyDoc_STR("probabilities(counts, removed, index, out): the dealer's outcome "
               "probabilities for the shoe less each removal, into out (n x 7 float64)'s "
               "rows index.")},
    {"numerators", (PyCFunction)Plan_numerators, METH_VARARGS,
     PyDoc_STR("numerators(counts, removed, index, picks=None, weights=None) -> list: the "
               "exact outcome numerators over ff(N - r, longest), row index[k] for the k-th "
               "removal, flat; with picks ((m,) int64: removal rows) and weights ((m, 7) "
               "int8 of -1, 0 or 1), the m signed sums of weight x numerator instead.")},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PlanType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "baccarat_exact.blackjack._dealer.Plan",
    .tp_doc = PyDoc_STR("Plan(order, sizes, digits, starts, orderings, outcomes, lengths): "
                        "one dealer table's multiset trie, checked."),
    .tp_basicsize = sizeof(Plan),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Plan_init,
    .tp_dealloc = (destructor)Plan_dealloc,
    .tp_methods = Plan_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "baccarat_exact.blackjack._dealer",
    .m_doc = PyDoc_STR("The dealer's outcomes for a shoe less many removals, compiled."),
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__dealer(void)
{
    if (PyType_Ready(&PlanType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&PlanType);
    if (PyModule_AddObject(m, "Plan", (PyObject *)&PlanType) < 0 ||
        PyModule_AddIntConstant(m, "EXACT", EXACT) < 0) {
        Py_DECREF(&PlanType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
