/* Baccarat's fast counting mode in compiled code: deal shuffled shoes card by card, keep
 * the counts, bet each player's way and settle every bet from its pay table, adding up
 * per-shoe sums. It follows baccarat_exact/analysis/fast_counting.py step by step (read
 * its docstring); that module builds every table this step reads (the tableau, the pay
 * tables, the tags, the ramps) from the game's data, so nothing of the game is written
 * here, and computes the same floats in the same order without a compiler.
 *
 * The shuffle is baccarat_exact/model/shuffle.h, one stream per shoe number. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../model/shuffle.h"

#define CELLS 3600  /* 9 pair states x 400 events */
#define VALUES 10
#define ROUND_CARDS 6
#define ITEMS 24
#define LAYOUT 2  /* the tables' layout, as fast_counting.LAYOUT */

typedef struct {
    const unsigned char *deck;       /* card identities 4*rank+suit, the shoe before a shuffle */
    Py_ssize_t size;
    const unsigned char *value;      /* [52] point value of each identity */
    const uint16_t *rounds;          /* [10^4] by the two-card totals and the next two card
                                        values: event * 8 + cards the round takes */
    long long burn;                  /* -1: standard (turn one up, burn its value); else face down */
    long long cut_card;
    Py_ssize_t counts;
    const long long *tags;           /* [counts*10] tag of each point value */
    const double *means;             /* [counts] */
    Py_ssize_t players;
    const int *bet;                  /* [players] index of the bet's pay table */
    const int *count;                /* [players] index of the count it follows */
    const int *kind;                 /* [players] 0 TC >= threshold, 1 base+slope*TC > 0, 2 ramp */
    const double *threshold;         /* [players] */
    const double *base;              /* [players] */
    const double *slope;             /* [players] */
    const int *step_start;           /* [players+1] where each ramp's steps start */
    const double *step_tc;           /* [steps] */
    const double *step_units;        /* [steps+players] units below the first step, then each */
    const unsigned char *has_enter;  /* [players] */
    const double *enter;             /* [players] wong in (or back in after a wong out) */
    const unsigned char *has_leave;  /* [players] */
    const double *leave;             /* [players] wong out */
    const double *pays;              /* [bets*CELLS] units won per unit staked */
    const unsigned char *pairs;      /* [players] whether its bet looks at pairs (else: the
                                        first 400 cells, every pair state's alike) */
    const long long *by_value;       /* [10*counts] the tags by value, then count */
} Tables;

static int read_buffer(PyObject *source, Py_buffer *view, Py_ssize_t item, Py_ssize_t least,
                const char *name) {
    if (PyObject_GetBuffer(source, view, PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (view->len % item != 0 || view->len / item < least) {
        PyErr_Format(PyExc_ValueError, "%s: expected at least %zd items of %zd bytes", name,
                     least, item);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* One player as the deal reads it: where its bet's pays are, its count, how it stakes. */
typedef struct {
    const double *pays;       /* its bet's pay table */
    const double *units;      /* its ramp's units: below the first step, then each */
    const double *step_tc;    /* its ramp's steps */
    double threshold, base, slope, enter, leave;
    int count, kind, steps, pairs;
    unsigned char has_enter, has_leave;
} Player;

/* What a player did in the shoe so far. */
typedef struct {
    double won, staked, units;
    long long bets;
    int inside;
} Tally;

/* One shoe: its hands dealt, and each player's win, units staked and hands bet. */
static void deal_shoe(const Tables *restrict t, const Player *restrict players_of,
                      unsigned char *restrict cards, unsigned char *restrict values, uint64_t seed, uint64_t number,
                      long long *restrict running, Tally *restrict tally,
                      long long *restrict hands, double *restrict won, double *restrict staked,
                      long long *restrict bet_hands, double *restrict tc,
                      int *restrict active) {
    const Py_ssize_t size = t->size, players = t->players, counts = t->counts;
    const unsigned char *restrict value = t->value;
    const uint16_t *restrict rounds = t->rounds;
    const long long *restrict by_value = t->by_value;
    const double *restrict means = t->means;
    memcpy(cards, t->deck, (size_t)size);
    be_shuffle(cards, (int)size, seed, number);
    for (Py_ssize_t i = 0; i < size; i++)
        values[i] = value[cards[i]];
    for (Py_ssize_t k = 0; k < counts; k++)
        running[k] = 0;
    Py_ssize_t position = 0;
    long long seen = 0;
    if (t->burn < 0 && size) {
        unsigned char v = value[cards[0]];
        long long burned = v ? v : 10;
        for (Py_ssize_t k = 0; k < counts; k++)
            running[k] += by_value[v * counts + k];
        seen = 1;
        position = 1 + burned < size ? 1 + burned : size;
    } else if (t->burn >= 0) {
        position = t->burn < size ? t->burn : size;
    }
    for (Py_ssize_t p = 0; p < players; p++) {
        tally[p].inside = !players_of[p].has_enter;  /* a wonging player starts out */
        tally[p].won = tally[p].staked = 0.0;
        tally[p].bets = 0;
    }
    const Py_ssize_t cut = size - t->cut_card;
    long long dealt = 0;
    while (size - position >= ROUND_CARDS) {
        const Py_ssize_t start = position;
        const double per_deck = 52.0 / (double)(size - seen);  /* one division a round */
        for (Py_ssize_t k = 0; k < counts; k++)
            tc[k] = ((double)running[k] - (double)seen * means[k]) * per_deck;
        int bettors = 0;
        for (Py_ssize_t p = 0; p < players; p++) {
            const Player *restrict q = players_of + p;
            Tally *restrict r = tally + p;
            const double x = tc[q->count];
            double u;
            if (q->kind == 0) {
                u = x >= q->threshold ? 1.0 : 0.0;
            } else if (q->kind == 1) {
                u = q->base + q->slope * x > 0 ? 1.0 : 0.0;
            } else {
                if (r->inside && q->has_leave && x < q->leave)
                    r->inside = 0;
                if (!r->inside && q->has_enter && x >= q->enter)
                    r->inside = 1;
                u = 0.0;
                if (r->inside) {
                    int i = 0;
                    while (i < q->steps && q->step_tc[i] <= x)
                        i++;
                    u = q->units[i];
                }
            }
            r->units = u;
            active[bettors] = (int)p;  /* without a branch: kept only where it bets */
            bettors += u > 0;
        }
        const unsigned char *restrict c = cards + start;
        /* the round from one table made from the rules' deal (a round's draws are a coin
         * toss to a branch predictor, and each hand waits for the one before): the two
         * hands' two-card totals and the next two cards' values give the event and the
         * cards taken; 6 cards are always there */
        const unsigned char *restrict v = values + start;
        const int player = (v[0] + v[2]) % 10, banker = (v[1] + v[3]) % 10;
        const int round = rounds[((player * 10 + banker) * 10 + v[4]) * 10 + v[5]];
        const int event = round >> 3, used = round & 7;
        const int v4 = v[4], v5 = v[5];
        const long long fifth = used > 4, sixth = used > 5;
        const long long *restrict t0 = by_value + v[0] * counts;
        const long long *restrict t1 = by_value + v[1] * counts;
        const long long *restrict t2 = by_value + v[2] * counts;
        const long long *restrict t3 = by_value + v[3] * counts;
        const long long *restrict t4 = by_value + v4 * counts;
        const long long *restrict t5 = by_value + v5 * counts;
        for (Py_ssize_t k = 0; k < counts; k++)
            running[k] += t0[k] + t1[k] + t2[k] + t3[k] + fifth * t4[k] + sixth * t5[k];
        seen += used;
        const int player_pair = c[0] >> 2 == c[2] >> 2 ? (c[0] == c[2] ? 2 : 1) : 0;
        const int banker_pair = c[1] >> 2 == c[3] >> 2 ? (c[1] == c[3] ? 2 : 1) : 0;
        const int cells[2] = {event, (3 * player_pair + banker_pair) * 400 + event};
        for (int i = 0; i < bettors; i++) {  /* those who bet, in order */
            const int p = active[i];
            Tally *restrict r = tally + p;
            const double u = r->units;
            r->won += u * players_of[p].pays[cells[players_of[p].pairs]];
            r->staked += u;
            r->bets += 1;
        }
        dealt++;
        position = start + used;
        if (start >= cut)
            break;
    }
    *hands = dealt;
    for (Py_ssize_t p = 0; p < players; p++) {
        won[p] = tally[p].won;
        staked[p] = tally[p].staked;
        bet_hands[p] = tally[p].bets;
    }
}

PyDoc_STRVAR(deal_doc,
             "deal(tables, seed, first, last, hands, won, staked, bets): deal shoes first..last-1.");

static PyObject *deal(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *sources;
    unsigned long long seed;
    long long first, last;
    PyObject *out_hands, *out_won, *out_staked, *out_bets;
    if (!PyArg_ParseTuple(args, "O!KLLOOOO", &PyTuple_Type, &sources, &seed, &first, &last,
                          &out_hands, &out_won, &out_staked, &out_bets))
        return NULL;
    if (PyTuple_GET_SIZE(sources) != ITEMS) {
        PyErr_SetString(PyExc_ValueError, "tables: expected 24 items");
        return NULL;
    }
    if (first < 0 || last < first) {
        PyErr_SetString(PyExc_ValueError, "shoes: 0 <= first <= last");
        return NULL;
    }
    Tables t;
    Py_buffer views[ITEMS + 4];
    int held = 0;
    PyObject *result = NULL;
    unsigned char *cards = NULL, *values = NULL, *pairs = NULL;
    long long *running = NULL, *by_value = NULL;
    double *tc = NULL;
    Tally *tally = NULL;
    Player *players_of = NULL;
    int *active = NULL;
#define ITEM(i) PyTuple_GET_ITEM(sources, i)
#define READ(i, type, least, name)                                                   \
    if (read_buffer(ITEM(i), &views[held], sizeof(type), (least), name) < 0)                 \
        goto done;                                                                    \
    held++;
    READ(0, unsigned char, ROUND_CARDS, "deck")
    t.deck = views[0].buf;
    t.size = views[0].len;
    READ(1, unsigned char, 52, "value")
    t.value = views[1].buf;
    for (int i = 0; i < 52; i++)
        if (t.value[i] > 9) {
            PyErr_SetString(PyExc_ValueError, "value: point values are 0-9");
            goto done;
        }
    for (Py_ssize_t i = 0; i < t.size; i++)
        if (t.deck[i] >= 52) {
            PyErr_SetString(PyExc_ValueError, "deck: card identities are 0-51");
            goto done;
        }
    READ(2, uint16_t, 10000, "rounds")
    t.rounds = views[2].buf;
    for (int i = 0; i < 10000; i++)
        if ((t.rounds[i] & 7) < 4 || (t.rounds[i] & 7) > 6 || (t.rounds[i] >> 3) >= 400) {
            PyErr_SetString(PyExc_ValueError, "rounds: event * 8 + cards (4-6), events 0-399");
            goto done;
        }
    t.burn = PyLong_AsLongLong(ITEM(3));
    t.cut_card = PyLong_AsLongLong(ITEM(4));
    t.counts = PyLong_AsSsize_t(ITEM(5));
    t.players = PyLong_AsSsize_t(ITEM(6));
    if (PyErr_Occurred())
        goto done;
    if (t.counts < 1 || t.players < 0 || t.cut_card < 0 || t.cut_card > t.size) {
        PyErr_SetString(PyExc_ValueError, "counts, players or cut card out of range");
        goto done;
    }
    READ(7, long long, t.counts * VALUES, "tags")
    t.tags = views[held - 1].buf;
    READ(8, double, t.counts, "means")
    t.means = views[held - 1].buf;
    READ(9, int, t.players, "bet")
    t.bet = views[held - 1].buf;
    READ(10, int, t.players, "count")
    t.count = views[held - 1].buf;
    READ(11, int, t.players, "kind")
    t.kind = views[held - 1].buf;
    READ(12, double, t.players, "threshold")
    t.threshold = views[held - 1].buf;
    READ(13, double, t.players, "base")
    t.base = views[held - 1].buf;
    READ(14, double, t.players, "slope")
    t.slope = views[held - 1].buf;
    READ(15, int, t.players + 1, "step_start")
    t.step_start = views[held - 1].buf;
    Py_ssize_t steps = t.step_start[t.players];
    for (Py_ssize_t p = 0; p < t.players; p++)
        if (t.step_start[p] < 0 || t.step_start[p] > t.step_start[p + 1]) {
            PyErr_SetString(PyExc_ValueError, "step_start must increase");
            goto done;
        }
    if (t.step_start[0] != 0) {
        PyErr_SetString(PyExc_ValueError, "step_start must start at 0");
        goto done;
    }
    READ(16, double, steps, "step_tc")
    t.step_tc = views[held - 1].buf;
    READ(17, double, steps + t.players, "step_units")
    t.step_units = views[held - 1].buf;
    READ(18, unsigned char, t.players, "has_enter")
    t.has_enter = views[held - 1].buf;
    READ(19, double, t.players, "enter")
    t.enter = views[held - 1].buf;
    READ(20, unsigned char, t.players, "has_leave")
    t.has_leave = views[held - 1].buf;
    READ(21, double, t.players, "leave")
    t.leave = views[held - 1].buf;
    READ(22, double, CELLS, "pays")
    t.pays = views[held - 1].buf;
    Py_ssize_t bets = views[held - 1].len / (Py_ssize_t)(sizeof(double) * CELLS);
    if (t.burn < -1) {
        PyErr_SetString(PyExc_ValueError, "burn: -1 (standard) or a number of cards");
        goto done;
    }
    for (Py_ssize_t p = 0; p < t.players; p++)
        if (t.bet[p] < 0 || t.bet[p] >= bets || t.count[p] < 0 || t.count[p] >= t.counts ||
            t.kind[p] < 0 || t.kind[p] > 2) {
            PyErr_SetString(PyExc_ValueError, "a player's bet, count or kind is out of range");
            goto done;
        }
    if (PyLong_AsLong(ITEM(23)) != LAYOUT) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "tables: another layout's (rebuild the step)");
        goto done;
    }
    Py_ssize_t shoes = (Py_ssize_t)(last - first), players = t.players;
    if (read_buffer(out_hands, &views[held], sizeof(long long), shoes, "hands") < 0)
        goto done;
    long long *hands = views[held++].buf;
    if (read_buffer(out_won, &views[held], sizeof(double), shoes * players, "won") < 0)
        goto done;
    double *won = views[held++].buf;
    if (read_buffer(out_staked, &views[held], sizeof(double), shoes * players, "staked") < 0)
        goto done;
    double *staked = views[held++].buf;
    if (read_buffer(out_bets, &views[held], sizeof(long long), shoes * players, "bets") < 0)
        goto done;
    long long *bet_hands = views[held++].buf;
    for (int i = held - 4; i < held; i++)
        if (views[i].readonly) {
            PyErr_SetString(PyExc_ValueError, "the outputs must be writable");
            goto done;
        }
    pairs = malloc((size_t)players + 1);
    by_value = malloc(sizeof(long long) * VALUES * (size_t)t.counts);
    if (!pairs || !by_value) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t p = 0; p < players; p++) {
        const double *row = t.pays + (Py_ssize_t)t.bet[p] * CELLS;
        pairs[p] = 0;
        for (int i = 400; i < CELLS && !pairs[p]; i++)
            pairs[p] = row[i] != row[i % 400];
    }
    for (int v = 0; v < VALUES; v++)
        for (Py_ssize_t k = 0; k < t.counts; k++)
            by_value[v * t.counts + k] = t.tags[k * VALUES + v];
    t.pairs = pairs;
    t.by_value = by_value;
    cards = malloc((size_t)t.size);
    values = malloc((size_t)t.size);
    tally = malloc(sizeof(Tally) * ((size_t)players + 1));
    players_of = malloc(sizeof(Player) * ((size_t)players + 1));
    running = malloc(sizeof(long long) * (size_t)t.counts);
    tc = malloc(sizeof(double) * (size_t)t.counts);
    active = malloc(sizeof(int) * ((size_t)players + 1));
    if (!active || !cards || !values || !tally || !players_of || !running || !tc) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t p = 0; p < players; p++) {
        Player *q = players_of + p;
        q->pays = t.pays + (Py_ssize_t)t.bet[p] * CELLS;
        q->units = t.step_units + t.step_start[p] + p;
        q->step_tc = t.step_tc + t.step_start[p];
        q->steps = t.step_start[p + 1] - t.step_start[p];
        q->threshold = t.threshold[p];
        q->base = t.base[p];
        q->slope = t.slope[p];
        q->enter = t.enter[p];
        q->leave = t.leave[p];
        q->count = t.count[p];
        q->kind = t.kind[p];
        q->pairs = pairs[p];
        q->has_enter = t.has_enter[p];
        q->has_leave = t.has_leave[p];
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t s = 0; s < shoes; s++)
        deal_shoe(&t, players_of, cards, values, (uint64_t)seed, (uint64_t)(first + s), running, tally,
                  hands + s, won + s * players, staked + s * players, bet_hands + s * players, tc, active);
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
done:
    free(cards);
    free(values);
    free(pairs);
    free(by_value);
    free(tally);
    free(active);
    free(players_of);
    free(running);
    free(tc);
    for (int i = 0; i < held; i++)
        PyBuffer_Release(&views[i]);
    return result;
#undef READ
#undef ITEM
}

static PyMethodDef methods[] = {
    {"deal", (PyCFunction)deal, METH_VARARGS, deal_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "baccarat_exact.engine._baccount",
    .m_doc = PyDoc_STR("Baccarat's fast counting mode: shoes dealt, counted, bet and settled."),
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__baccount(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "LAYOUT", LAYOUT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
