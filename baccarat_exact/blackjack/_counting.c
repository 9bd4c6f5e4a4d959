/* Blackjack's counting mode in compiled code: shoes shuffled, dealt card by card, played
 * and settled, and the per-shoe sums of every way of betting.
 *
 * The round is baccarat_exact.blackjack.dealt.RoundDealer's, step for step (the deal, the
 * peek, insurance, blackjacks, surrender, splits and resplits in dealing order, doubles, a
 * paid Triple Seven, the dealer's draw only while a hand waits for it, his second card
 * dealt to settle where only it changes a result); every rule and pay comes from the
 * tables baccarat_exact.blackjack.counting_kernel makes from the round's definition and
 * the player's policy, so nothing of the game is restated here. A count is a row of whole
 * numbers (COUNT_ROW below): a true count in any unit, or an unbalanced count's running
 * count from its start; a red seven a count tags apart is the card 13, a seven to play.
 * The shoes are shuffled by ../model/shuffle.h, the shuffle the Python path uses too, so
 * both paths deal the same cards (and draw a counter's deck-estimation errors from the
 * same stream after the shuffle). The table (other players by the chart, the counter's
 * seat, wong-in, two hands) and the true count as the counter reckons it (divided by the
 * count's unit too; an unbalanced count is never reckoned) are baccarat_exact.blackjack.
 * true_count's, step for step; the sums are whole numbers (units x the settlement scale)
 * turned into floats the way the Python path turns them, so both give the same bytes.
 *
 * setup.py builds this module as an optional extension; without it the Python path
 * (baccarat_exact.analysis.blackjack.counting) computes the same results, and
 * tests/test_counting_kernel.py checks that both agree.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "../model/shuffle.h"

#define RANKS 13
#define SLOTS 10
#define ACE 0
#define SEVEN 6
#define TEN 9
#define STAND 0
#define DOUBLE 2
#define SPLIT 3
#define SURRENDER 4
#define BUST_OUTCOME 5
#define BLACKJACK_OUTCOME 6
#define OUTCOME_STRIDE 5 /* the settlement table's hands per outcome */
#define TOTALS 22
#define HAND_STATES (SLOTS * (SLOTS + 1) * 2 * 2 * TOTALS)
#define STATES (HAND_STATES + SLOTS * SLOTS)
#define MAX_COUNTS 16
#define MAX_HANDS 8
#define MAX_SPOTS 8 /* seven seats, and a counter's second spot */
#define MAX_CARDS 4096
/* a count's row (counting_kernel.py, dealt.COUNT_ROW): 13 rank tags, a red seven's tag,
 * the unit, the running count a shoe starts at, 1 if read per deck left (a true count) */
#define COUNT_ROW 17
#define RED_SEVEN 13
#define ROW_UNIT 14
#define ROW_START 15
#define ROW_PER_DECK 16

static inline int slot_of(int rank) { return rank < TEN ? rank : TEN; }
static inline int points_of(int rank) { return slot_of(rank) + 1; }

typedef struct {
    /* the round's tables */
    const int64_t *values;
    int64_t natural_row, surrender_row, bust_rows[3], seven_rows[3], stand_rows[3], total_step;
    const int8_t *pairs;  /* 13 x 13 */
    const int8_t *sevens; /* (split, doubled) */
    const int8_t *stops;  /* 2 x 32 */
    int64_t insurance[2], peeked[3];
    const int8_t *possible;
    int peek;
    /* the policy's */
    const int8_t *chart, *kept, *mask;
    const int32_t *first, *number, *indices;
    const int8_t *moves;
    int insures, insurance_index, departs;
    /* the counts */
    int counts, play;
    const int32_t *tags;
    int64_t running[MAX_COUNTS];
    /* the true count as the counter reckons it: cards a step of the deck estimate, the
     * rounding (0 none, 1 nearest, 2 towards zero, 3 down), this round's error in cards,
     * and whether the count is exact (no estimate, no rounding, no error) */
    int step, rounding, error, exact;
    /* the table: players, the counter's seat (1 first) */
    int seats, seat;
    int hole; /* the hole card as dealt (a red seven stays one until it is shown) */
    /* the shoe */
    uint8_t order[MAX_CARDS];
    int size, position, seen, out;
    int stood;
} Table;

/* a // b for b > 0, as Python divides (down). */
static inline int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* true_count.rounded_quotient */
static inline int64_t rounded_quotient(int64_t n, int64_t d, int rounding)
{
    if (rounding == 3)
        return floor_div(n, d);
    int64_t size = n < 0 ? -n : n;
    int64_t whole = rounding == 1 ? (2 * size + d) / (2 * d) : size / d;
    return n >= 0 ? whole : -whole;
}

/* Reckoning.divisor: the unseen cards misjudged by this round's error, to the nearest step
 * (halves up), at least one step. */
static inline int64_t divisor_of(const Table *t, int64_t unseen)
{
    int64_t guess = unseen + t->error;
    if (t->step == 1)
        return guess < 1 ? 1 : guess;
    int64_t steps = floor_div(2 * guess + t->step, 2 * (int64_t)t->step);
    return (steps < 1 ? 1 : steps) * t->step;
}

/* The next card, seen: every count adds its tag. Past the shoe's end the table notes that
 * the shoe ran out and deals tens (the round is then dropped, as the Python path drops it). */
static inline int draw(Table *t)
{
    if (t->position >= t->size) {
        t->out = 1;
        return TEN;
    }
    int card = t->order[t->position++];
    for (int k = 0; k < t->counts; k++)
        t->running[k] += t->tags[k * COUNT_ROW + card];
    t->seen++;
    return card == RED_SEVEN ? SEVEN : card;
}

static inline int draw_hidden(Table *t)
{
    if (t->position >= t->size) {
        t->out = 1;
        return TEN;
    }
    int card = t->order[t->position++];
    t->hole = card;
    return card == RED_SEVEN ? SEVEN : card;
}

/* The hole card turned over: counted as the card it is. */
static inline void show(Table *t)
{
    for (int k = 0; k < t->counts; k++)
        t->running[k] += t->tags[k * COUNT_ROW + t->hole];
    t->seen++;
}

static inline int true_count_at_least(const Table *t, int64_t index)
{
    const int32_t *row = t->tags + t->play * COUNT_ROW;
    int64_t unit = row[ROW_UNIT];
    if (!row[ROW_PER_DECK]) /* an unbalanced count: its running count */
        return t->running[t->play] >= index * unit;
    int64_t unseen = t->size - t->seen, running = t->running[t->play] * 52;
    if (t->exact)
        return running >= index * unit * unseen;
    int64_t divisor = divisor_of(t, unseen) * unit;
    if (t->rounding)
        return rounded_quotient(running, divisor, t->rounding) >= index;
    return running >= index * divisor;
}

static inline int natural(int a, int b)
{
    return points_of(a) + points_of(b) == 11 && (slot_of(a) == ACE || slot_of(b) == ACE);
}

/* The policy's move: the chart's, and for the counter the index plays of the state in
 * order (the loop of IndexPolicy.depart); the other players play the chart. */
static int decide(Table *t, int up, int two, int hard, int has_ace, int extra, int pair,
                  int counter)
{
    int soft = has_ace && hard <= 11;
    int total = soft ? hard + 10 : hard;
    int state = pair >= 0 ? HAND_STATES + up * SLOTS + pair
                          : (((up * (SLOTS + 1) + extra + 1) * 2 + two) * 2 + soft) * TOTALS + total;
    int move = t->chart[state];
    if (!counter || !t->departs)
        return move;
    int begin = t->first[state], end = begin + t->number[state];
    for (int e = begin; e < end; e++) {
        int above = t->moves[2 * e], below = t->moves[2 * e + 1];
        if (above >= 0 && below >= 0 && move != above && move != below)
            continue;
        int wanted = true_count_at_least(t, t->indices[e]) ? above : below;
        if (wanted < 0) {
            if (move == SURRENDER && above == SURRENDER)
                move = t->kept[state];
            continue;
        }
        if (wanted == move || (t->mask[state] >> wanted & 1))
            return wanted;
    }
    return move;
}

/* Play one hand to its end; its settlement row into rows[*n]. */
static void play_hand(Table *t, int up, int c0, int c1, int hard, int soft, int extra, int move,
                      int64_t *rows, int *n, int counter)
{
    const int8_t *paid = t->sevens + (extra >= 0 ? 2 : 0);
    int stake = 1, cards = 2;
    int sevens = (slot_of(c0) == SEVEN) + (slot_of(c1) == SEVEN);
    for (;;) {
        if (hard > 21) {
            rows[(*n)++] = t->bust_rows[stake];
            return;
        }
        if (cards == 3 && paid[stake - 1] && sevens == 3) {
            rows[(*n)++] = t->seven_rows[stake];
            return;
        }
        int total = soft && hard <= 11 ? hard + 10 : hard;
        if (stake == 2)
            move = STAND;
        else if (move < 0)
            move = decide(t, up, cards == 2, hard, soft, extra, -1, counter);
        if (move == STAND) {
            rows[(*n)++] = t->stand_rows[stake] + total * t->total_step;
            t->stood++;
            return;
        }
        if (move == DOUBLE)
            stake = 2;
        int card = draw(t);
        cards++;
        hard += points_of(card);
        soft |= slot_of(card) == ACE;
        sevens += slot_of(card) == SEVEN;
        move = -1;
    }
}

/* The hands a split pair becomes, played in turn, each taking its second card when its
 * turn comes; a pair card dealt so makes one more hand while the rules allow. */
static void play_split(Table *t, int up, int c0, int c1, int64_t *rows, int *n, int counter)
{
    int slot = slot_of(c0);
    int firsts[MAX_HANDS] = {c0, c1};
    int hands = 2, made = 2, possible = t->possible[slot];
    for (int i = 0; i < hands; i++) {
        int second = draw(t);
        while (made < possible && t->pairs[firsts[i] * RANKS + second] >= 0) {
            for (int j = hands; j > i + 1; j--)
                firsts[j] = firsts[j - 1];
            firsts[i + 1] = second;
            hands++;
            made++;
            second = draw(t);
        }
        int hard = points_of(firsts[i]) + points_of(second);
        int soft = slot == ACE || slot_of(second) == ACE;
        play_hand(t, up, firsts[i], second, hard, soft, slot, -1, rows, n, counter);
    }
}

static int64_t settle_all(const Table *t, const int64_t *rows, int n, int outcome)
{
    int64_t net = 0;
    for (int i = 0; i < n; i++)
        net += t->values[rows[i] + outcome * OUTCOME_STRIDE + n];
    return net;
}

/* What the counter's spots (lo..hi-1) win against the dealer's outcome. */
static int64_t settle_counter(const Table *t, int64_t rows[][MAX_HANDS], const int *n, int lo,
                              int hi, int outcome)
{
    int64_t net = 0;
    for (int i = lo; i < hi; i++)
        net += settle_all(t, rows[i], n[i], outcome);
    return net;
}

/* The dealer's play, then the counter's spots settled. */
static inline __attribute__((always_inline)) int64_t finish(Table *t, int up_rank, int hole, int64_t rows[][MAX_HANDS], const int *n,
                      int spots, int lo, int hi)
{
    int up = slot_of(up_rank);
    if (hole >= 0)
        show(t);
    if (t->stood == 0) {
        int64_t net = settle_counter(t, rows, n, lo, hi, BUST_OUTCOME);
        if (hole < 0 && (up == ACE || up == TEN)) {
            int changes = 0;
            for (int i = 0; i < spots && !changes; i++)
                changes = settle_all(t, rows[i], n[i], BLACKJACK_OUTCOME) !=
                          settle_all(t, rows[i], n[i], BUST_OUTCOME);
            if (changes && natural(up_rank, draw(t)))
                return settle_counter(t, rows, n, lo, hi, BLACKJACK_OUTCOME);
        }
        return net;
    }
    int second = hole;
    if (hole < 0) {
        second = draw(t);
        if (natural(up_rank, second))
            return settle_counter(t, rows, n, lo, hi, BLACKJACK_OUTCOME);
    }
    int hard = points_of(up_rank) + points_of(second);
    int ace = up == ACE || slot_of(second) == ACE;
    const int8_t *stops = t->stops + 32 * ace;
    int outcome;
    while ((outcome = stops[hard]) < 0) {
        int card = draw(t);
        hard += points_of(card);
        if (slot_of(card) == ACE && !ace) {
            ace = 1;
            stops = t->stops + 32;
        }
    }
    return settle_counter(t, rows, n, lo, hi, outcome);
}

/* Deal, play and settle one round with `mine` spots of the counter's at the table (the
 * others' in seat order around them); what one unit on each of his spots won x scale. */
static inline __attribute__((always_inline)) int64_t deal_round(Table *t, int mine, int spots,
                                                                int lo, int hi)
{
    int firsts[MAX_SPOTS], seconds[MAX_SPOTS];
    for (int i = 0; i < spots; i++)
        firsts[i] = draw(t);
    int up_rank = draw(t);
    for (int i = 0; i < spots; i++)
        seconds[i] = draw(t);
    int up = slot_of(up_rank);
    int hole = t->peek ? draw_hidden(t) : -1;
    int64_t insurance = 0;
    int dealer_natural = hole >= 0 && natural(up_rank, hole);
    if (hole >= 0 && up == ACE && mine && t->insures &&
        true_count_at_least(t, t->insurance_index))
        insurance = mine * t->insurance[dealer_natural ? 0 : 1];
    if (dealer_natural) {
        show(t);
        for (int i = lo; i < hi; i++) {
            int first = firsts[i], second = seconds[i];
            if (natural(first, second)) {
                insurance += t->peeked[1];
                continue;
            }
            int hard = points_of(first) + points_of(second);
            int has_ace = slot_of(first) == ACE || slot_of(second) == ACE;
            int pair = t->pairs[first * RANKS + second];
            insurance += decide(t, up, 1, hard, has_ace, -1, pair, 1) == SURRENDER ? t->peeked[2]
                                                                                   : t->peeked[0];
        }
        return insurance;
    }
    int64_t rows[MAX_SPOTS][MAX_HANDS];
    int n[MAX_SPOTS];
    t->stood = 0;
    for (int i = 0; i < spots; i++) {
        int first = firsts[i], second = seconds[i], counter = lo <= i && i < hi;
        n[i] = 0;
        if (natural(first, second)) {
            rows[i][n[i]++] = t->natural_row;
            continue;
        }
        int pair = t->pairs[first * RANKS + second];
        int hard = points_of(first) + points_of(second);
        int has_ace = slot_of(first) == ACE || slot_of(second) == ACE;
        int move = decide(t, up, 1, hard, has_ace, -1, pair, counter);
        if (move == SURRENDER)
            rows[i][n[i]++] = t->surrender_row;
        else if (move == SPLIT)
            play_split(t, up, first, second, rows[i], &n[i], counter);
        else
            play_hand(t, up, first, second, hard, has_ace, -1, move, rows[i], &n[i], counter);
    }
    return insurance + finish(t, up_rank, hole, rows, n, spots, lo, hi);
}

static int64_t play_round(Table *t, int mine)
{
    if (t->seats == 1 && mine == 1) /* the counter alone: the same round, its loops unrolled */
        return deal_round(t, 1, 1, 0, 1);
    return deal_round(t, mine, t->seats - 1 + mine, t->seat - 1, t->seat - 1 + mine);
}

typedef struct {
    Py_buffer view;
    int held;
} Buffer;

static int get(PyObject *source, Buffer *b, Py_ssize_t itemsize, Py_ssize_t want, int writable,
               const char *what)
{
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(source, &b->view, flags) < 0)
        return -1;
    b->held = 1;
    if (b->view.itemsize != itemsize || (want >= 0 && b->view.len != want * itemsize)) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items of %zd bytes", what, want,
                     itemsize);
        return -1;
    }
    return 0;
}

enum {
    B_CARDS, B_TAGS, B_VALUES, B_ROWS, B_PAIRS, B_SEVENS, B_STOPS, B_MONEY, B_POSSIBLE,
    B_CHART, B_KEPT, B_MASK, B_FIRST, B_NUMBER, B_INDICES, B_MOVES,
    B_STEPS, B_THRESHOLDS, B_UNITS, B_WONG, B_HAS_WONG, B_TOTALS, B_LOWEST, B_BINS, B_ORDERS,
    B_COUNT
};

PyDoc_STRVAR(deal_doc,
"deal(cards, tags, play_count, values, rows, pairs, sevens, stops, money, possible, peek,\n"
"     chart, kept, mask, first, number, indices, moves, insurance_index, insures,\n"
"     seed, first_shoe, last_shoe, burn, stop, scale, steps, thresholds, units, wong,\n"
"     has_wong, totals, lowest, bins, orders, seats, seat, wong_in, has_wong_in,\n"
"     wong_leave, has_wong_leave, two_hands_at, has_two_hands, step, rounding, error)\n"
"Deal shoes first_shoe..last_shoe-1 and write each strategy's per-shoe sums; orders\n"
"(empty: shuffle) gives each shoe's cards in dealing order instead.");

static PyObject *deal(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *o[B_COUNT];
    Buffer b[B_COUNT];
    memset(b, 0, sizeof b);
    int play, peek, insurance_index, insures, burn, stop, scale;
    int seats, seat, has_wong_in, has_wong_leave, has_two_hands, step, rounding, error_cards;
    double wong_in, wong_leave, two_hands_at;
    unsigned long long seed;
    long long first_shoe, last_shoe;
    if (!PyArg_ParseTuple(args, "OOiOOOOOOOiOOOOOOOiiKLLiiiOOOOOOOOOiidididiiii", &o[B_CARDS],
                          &o[B_TAGS],
                          &play, &o[B_VALUES], &o[B_ROWS], &o[B_PAIRS], &o[B_SEVENS],
                          &o[B_STOPS], &o[B_MONEY], &o[B_POSSIBLE], &peek, &o[B_CHART],
                          &o[B_KEPT], &o[B_MASK], &o[B_FIRST], &o[B_NUMBER], &o[B_INDICES],
                          &o[B_MOVES], &insurance_index, &insures, &seed, &first_shoe,
                          &last_shoe, &burn, &stop, &scale, &o[B_STEPS], &o[B_THRESHOLDS],
                          &o[B_UNITS], &o[B_WONG], &o[B_HAS_WONG], &o[B_TOTALS], &o[B_LOWEST],
                          &o[B_BINS], &o[B_ORDERS], &seats, &seat, &wong_in, &has_wong_in,
                          &wong_leave, &has_wong_leave, &two_hands_at, &has_two_hands, &step,
                          &rounding, &error_cards))
        return NULL;
    PyObject *result = NULL;
    Table *t = PyMem_Calloc(1, sizeof(Table));
    if (t == NULL)
        return PyErr_NoMemory();
    if (get(o[B_CARDS], &b[B_CARDS], 1, -1, 0, "cards") < 0 ||
        get(o[B_TAGS], &b[B_TAGS], 4, -1, 0, "tags") < 0 ||
        get(o[B_VALUES], &b[B_VALUES], 8, -1, 0, "values") < 0 ||
        get(o[B_ROWS], &b[B_ROWS], 8, 9, 0, "rows") < 0 ||
        get(o[B_PAIRS], &b[B_PAIRS], 1, RANKS * RANKS, 0, "pairs") < 0 ||
        get(o[B_SEVENS], &b[B_SEVENS], 1, 4, 0, "sevens") < 0 ||
        get(o[B_STOPS], &b[B_STOPS], 1, 64, 0, "stops") < 0 ||
        get(o[B_MONEY], &b[B_MONEY], 8, 5, 0, "money") < 0 ||
        get(o[B_POSSIBLE], &b[B_POSSIBLE], 1, SLOTS, 0, "possible") < 0 ||
        get(o[B_CHART], &b[B_CHART], 1, STATES, 0, "chart") < 0 ||
        get(o[B_KEPT], &b[B_KEPT], 1, STATES, 0, "kept") < 0 ||
        get(o[B_MASK], &b[B_MASK], 1, STATES, 0, "mask") < 0 ||
        get(o[B_FIRST], &b[B_FIRST], 4, STATES, 0, "first") < 0 ||
        get(o[B_NUMBER], &b[B_NUMBER], 4, STATES, 0, "number") < 0 ||
        get(o[B_INDICES], &b[B_INDICES], 4, -1, 0, "indices") < 0 ||
        get(o[B_STEPS], &b[B_STEPS], 8, -1, 0, "steps") < 0 ||
        get(o[B_THRESHOLDS], &b[B_THRESHOLDS], 8, -1, 0, "thresholds") < 0 ||
        get(o[B_UNITS], &b[B_UNITS], 8, -1, 0, "units") < 0 ||
        get(o[B_BINS], &b[B_BINS], 8, -1, 1, "bins") < 0)
        goto done;
    Py_ssize_t cards = b[B_CARDS].view.len, entries = b[B_INDICES].view.len / 4;
    Py_ssize_t strategies = b[B_STEPS].view.len / 8 - 1;
    Py_ssize_t shoes = (Py_ssize_t)(last_shoe - first_shoe);
    if (get(o[B_MOVES], &b[B_MOVES], 1, 2 * entries, 0, "moves") < 0 ||
        get(o[B_WONG], &b[B_WONG], 8, strategies, 0, "wong") < 0 ||
        get(o[B_HAS_WONG], &b[B_HAS_WONG], 1, strategies, 0, "has_wong") < 0 ||
        get(o[B_TOTALS], &b[B_TOTALS], 8, shoes * strategies * 5, 1, "totals") < 0 ||
        get(o[B_LOWEST], &b[B_LOWEST], 8, shoes * strategies, 1, "lowest") < 0 ||
        get(o[B_ORDERS], &b[B_ORDERS], 1, -1, 0, "orders") < 0)
        goto done;
    const uint8_t *orders = b[B_ORDERS].view.len ? b[B_ORDERS].view.buf : NULL;
    if (orders != NULL && b[B_ORDERS].view.len != shoes * cards) {
        PyErr_SetString(PyExc_ValueError, "deal: orders must hold every shoe's cards");
        goto done;
    }
    int counts = (int)(b[B_TAGS].view.len / 4 / COUNT_ROW);
    /* the Kelly bins: whole true counts -range..range, the ends taking the counts beyond */
    Py_ssize_t bin_rows = b[B_BINS].view.len / 8 / 3;
    int kelly_range = (int)((bin_rows - 1) / 2);
    const int64_t *steps = b[B_STEPS].view.buf;
    if (seats < 1 || seats > 7 || seat < 1 || seat > seats || (has_two_hands && seats > 6) ||
        (step != 1 && step != 13 && step != 26 && step != 52) || rounding < 0 ||
        rounding > 3 || error_cards < 0 || error_cards > 8 * 52) {
        PyErr_SetString(PyExc_ValueError, "deal: inconsistent table or true count");
        goto done;
    }
    if (cards < 1 || cards > MAX_CARDS || counts < 1 || counts > MAX_COUNTS ||
        b[B_TAGS].view.len != (Py_ssize_t)counts * COUNT_ROW * 4 || play < 0 || play >= counts ||
        strategies < 0 || shoes < 0 || burn < 0 || stop > cards || scale < 1 ||
        b[B_BINS].view.len != bin_rows * 3 * 8 || bin_rows != 2 * (Py_ssize_t)kelly_range + 1 ||
        steps[strategies] != b[B_THRESHOLDS].view.len / 8 ||
        b[B_UNITS].view.len / 8 != steps[strategies] + strategies) {
        PyErr_SetString(PyExc_ValueError, "deal: inconsistent arguments");
        goto done;
    }
    const uint8_t *base = b[B_CARDS].view.buf;
    for (Py_ssize_t i = 0; i < cards; i++)
        if (base[i] > RED_SEVEN) {
            PyErr_SetString(PyExc_ValueError, "deal: a card is not a rank index 0-12 or 13");
            goto done;
        }
    for (Py_ssize_t i = 0; orders != NULL && i < shoes * cards; i++)
        if (orders[i] > RED_SEVEN) {
            PyErr_SetString(PyExc_ValueError, "deal: a card is not a rank index 0-12 or 13");
            goto done;
        }
    for (int k = 0; k < counts; k++) {
        const int32_t *row = (const int32_t *)b[B_TAGS].view.buf + k * COUNT_ROW;
        if (row[ROW_UNIT] < 1 || (row[ROW_PER_DECK] != 0 && row[ROW_PER_DECK] != 1)) {
            PyErr_SetString(PyExc_ValueError,
                            "deal: a count's unit is below 1 or its reading not 0 or 1");
            goto done;
        }
        if (!row[ROW_PER_DECK] && !(step == 1 && rounding == 0 && error_cards == 0)) {
            PyErr_SetString(PyExc_ValueError,
                            "deal: an unbalanced count's running count is not reckoned");
            goto done;
        }
    }
    const int64_t *rows = b[B_ROWS].view.buf, *money = b[B_MONEY].view.buf;
    t->values = b[B_VALUES].view.buf;
    t->natural_row = rows[0];
    t->surrender_row = rows[1];
    t->bust_rows[1] = rows[2];
    t->bust_rows[2] = rows[3];
    t->seven_rows[1] = rows[4];
    t->seven_rows[2] = rows[5];
    t->stand_rows[1] = rows[6];
    t->stand_rows[2] = rows[7];
    t->total_step = rows[8];
    t->pairs = b[B_PAIRS].view.buf;
    t->sevens = b[B_SEVENS].view.buf;
    t->stops = b[B_STOPS].view.buf;
    t->insurance[0] = money[0];
    t->insurance[1] = money[1];
    t->peeked[0] = money[2];
    t->peeked[1] = money[3];
    t->peeked[2] = money[4];
    t->possible = b[B_POSSIBLE].view.buf;
    t->peek = peek;
    t->chart = b[B_CHART].view.buf;
    t->kept = b[B_KEPT].view.buf;
    t->mask = b[B_MASK].view.buf;
    t->first = b[B_FIRST].view.buf;
    t->number = b[B_NUMBER].view.buf;
    t->indices = b[B_INDICES].view.buf;
    t->moves = b[B_MOVES].view.buf;
    t->departs = entries > 0;
    t->insures = insures;
    t->insurance_index = insurance_index;
    t->counts = counts;
    t->play = play;
    t->tags = b[B_TAGS].view.buf;
    t->size = (int)cards;
    t->seats = seats;
    t->seat = seat;
    t->step = step;
    t->rounding = rounding;
    t->exact = step == 1 && rounding == 0 && error_cards == 0;
    for (Py_ssize_t i = 0; i < STATES; i++)
        if (t->first[i] < 0 || t->number[i] < 0 || t->first[i] + t->number[i] > entries) {
            PyErr_SetString(PyExc_ValueError, "deal: an index play outside the table");
            goto done;
        }
    const double *thresholds = b[B_THRESHOLDS].view.buf, *wong = b[B_WONG].view.buf;
    const int64_t *units = b[B_UNITS].view.buf;
    const int8_t *has_wong = b[B_HAS_WONG].view.buf;
    double *totals = b[B_TOTALS].view.buf, *lowest = b[B_LOWEST].view.buf;
    int64_t *bins = b[B_BINS].view.buf;
    int64_t won[64], low[64], bet[64], bets[64];
    if (strategies > 64) {
        PyErr_SetString(PyExc_ValueError, "deal: at most 64 ways of betting");
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t k = 0; k < shoes; k++) {
        /* the shoe's stream: its shuffle, then the counter's deck-estimation errors */
        be_stream stream;
        be_stream_init(&stream, (uint64_t)seed, (uint64_t)(first_shoe + k));
        if (orders != NULL) {
            memcpy(t->order, orders + k * cards, (size_t)cards);
        } else {
            memcpy(t->order, base, (size_t)cards);
            for (int i = (int)cards - 1; i > 0; i--) {
                int j = (int)be_below(&stream, (uint64_t)i + 1);
                uint8_t card = t->order[i];
                t->order[i] = t->order[j];
                t->order[j] = card;
            }
        }
        t->position = burn;
        t->seen = 0;
        t->out = 0;
        t->error = 0;
        for (int c = 0; c < t->counts; c++)
            t->running[c] = t->tags[c * COUNT_ROW + ROW_START];
        for (Py_ssize_t s = 0; s < strategies; s++)
            won[s] = low[s] = bet[s] = bets[s] = 0;
        int64_t rounds = 0;
        int seated = !has_wong_in;
        const int64_t unit = t->tags[ROW_UNIT], per_deck = t->tags[ROW_PER_DECK];
        while (t->position < stop) {
            int64_t running = t->running[0];
            if (error_cards)
                t->error = (int)be_below(&stream, 2 * (uint64_t)error_cards + 1) - error_cards;
            double tc;
            if (!per_deck) { /* an unbalanced count: its running count, in points */
                tc = (double)running / (double)unit;
            } else if (t->exact) {
                tc = (double)running * 52.0 / (double)((t->size - t->seen) * unit);
            } else {
                int64_t unseen = divisor_of(t, t->size - t->seen) * unit;
                tc = t->rounding ? (double)rounded_quotient(running * 52, unseen, t->rounding)
                                 : (double)running * 52.0 / (double)unseen;
            }
            int mine = 1;
            if (has_wong_in) {
                seated = seated ? !has_wong_leave || tc >= wong_leave : tc >= wong_in;
                mine = seated;
            }
            if (mine && has_two_hands && tc >= two_hands_at)
                mine = 2;
            int64_t net = play_round(t, mine);
            if (t->out)
                break;
            double whole = floor(tc);
            if (whole < -kelly_range)
                whole = -kelly_range;
            if (whole > kelly_range)
                whole = kelly_range;
            int64_t *bin = bins + 3 * ((int)whole + kelly_range);
            bin[0] += mine;
            bin[1] += net;
            bin[2] += net * net;
            for (Py_ssize_t s = 0; s < strategies; s++) {
                int64_t i = steps[s], end = steps[s + 1];
                while (i < end && thresholds[i] <= tc)
                    i++;
                int64_t u = units[i + s];
                if (has_wong[s] && tc < wong[s])
                    u = 0;
                won[s] += u * net;
                if (won[s] < low[s])
                    low[s] = won[s];
                bet[s] += u * mine;
                bets[s] += u * mine > 0;
            }
            rounds++;
        }
        for (Py_ssize_t s = 0; s < strategies; s++) {
            double w = (double)won[s] / (double)scale;
            double *row = totals + (k * strategies + s) * 5;
            row[0] = w;
            row[1] = w * w;
            row[2] = (double)bet[s];
            row[3] = (double)bets[s];
            row[4] = (double)rounds;
            lowest[k * strategies + s] = (double)low[s] / (double)scale;
        }
    }
    Py_END_ALLOW_THREADS
    result = Py_None;
    Py_INCREF(result);
done:
    for (int i = 0; i < B_COUNT; i++)
        if (b[i].held)
            PyBuffer_Release(&b[i].view);
    PyMem_Free(t);
    return result;
}

static PyMethodDef methods[] = {
    {"deal", deal, METH_VARARGS, deal_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "baccarat_exact.blackjack._counting",
    .m_doc = PyDoc_STR("Blackjack's counting mode, compiled: shoes dealt, played, settled."),
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__counting(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "MAX_CARDS", MAX_CARDS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
