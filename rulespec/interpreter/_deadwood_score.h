/* The Look's Python methods: stats, lookahead, potential, a discard's score and the whole discard choice
   (interpreter: part of _deadwood.c, included there once). */
static PyObject *l_stats(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask;
    int64_t dw, count, worst;
    if (n_args(nargs, 1, "stats") || read_mask(args[0], &mask, 0)) return NULL;
    look_stats((LookObject *)self, mask, &dw, &count, &worst);
    return Py_BuildValue("(LLL)", (long long)dw, (long long)count, (long long)worst);
}

static PyObject *l_dead_mask(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask;
    if (n_args(nargs, 1, "dead_mask") || read_mask(args[0], &mask, 0)) return NULL;
    return PyLong_FromUnsignedLongLong(look_dead_mask((LookObject *)self, mask));
}

/* next_turn(mask, pool, limit, weight): MaskLook.next_turn_mask for a pool of distinct
 * cards (a mask) not meeting the hand; limit None: no knock count. */
static int read_limit(PyObject *arg, int *has_limit, int64_t *limit) {
    *has_limit = arg != Py_None;
    *limit = 0;
    if (*has_limit) {
        *limit = PyLong_AsLongLong(arg);
        if (*limit == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

static PyObject *l_next_turn(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask, pool;
    int64_t total, ready, limit, weight;
    int has_limit;
    if (n_args(nargs, 4, "next_turn") || read_mask(args[0], &mask, 0) ||
        read_mask(args[1], &pool, 0) || read_limit(args[2], &has_limit, &limit))
        return NULL;
    weight = PyLong_AsLongLong(args[3]);
    if (weight == -1 && PyErr_Occurred()) return NULL;
    if (mask & pool) {
        PyErr_SetString(PyExc_ValueError, "next_turn: the pool holds a card of the hand");
        return NULL;
    }
    if (!pool) return Py_BuildValue("(dii)", 0.0, 0, 0);
    look_next_turn((LookObject *)self, mask, pool, has_limit, limit, weight, &total, &ready);
    return Py_BuildValue("(dii)", (double)total, BIT_COUNT(pool), (int)ready);
}

/* A pair's term: the chance one of its `outs` (of `total` unseen cards) comes within `draws`
 * draws, times the pair's value in the unit (partials._mask_potential's formula). */
static double pot_term(const LookObject *L, int a, int b, long long outs, long long total,
                       double draws, double unit) {
    double chance = 1 - pow(1 - (double)outs / (double)total, draws);
    return chance * ((double)(L->values[a] + L->values[b]) / unit);
}

/* pot(mask, pool, draws, unit): partials.potential of the hand's deadwood pairs, the pool a
 * mask of distinct cards: 1 - (1 - outs / total) ** draws per pair, times its value. */
static double look_pot(LookObject *L, uint64_t mask, uint64_t pool, double draws, double unit) {
    int total = BIT_COUNT(pool);
    uint64_t rest;
    double gain = 0.0;
    if (!total || draws <= 0) return 0.0;
    rest = look_dead_mask(L, mask);
    while (rest) {
        int a = LOWEST_BIT(rest);
        uint64_t mates;
        rest &= rest - 1;
        mates = L->partners[a] & rest;
        while (mates) {
            int b = LOWEST_BIT(mates), outs;
            mates &= mates - 1;
            outs = BIT_COUNT(L->outs[a * 52 + b] & pool);
            if (outs) {
                double term = pot_term(L, a, b, outs, total, draws, unit);
                if (term != 0.0) gain += term;
            }
        }
    }
    return gain;
}

static PyObject *l_pot(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask, pool;
    double draws, unit;
    if (n_args(nargs, 4, "pot") || read_mask(args[0], &mask, 0) || read_mask(args[1], &pool, 0))
        return NULL;
    draws = PyFloat_AsDouble(args[2]);
    if (draws == -1.0 && PyErr_Occurred()) return NULL;
    unit = PyFloat_AsDouble(args[3]);
    if (unit == -1.0 && PyErr_Occurred()) return NULL;
    return PyFloat_FromDouble(look_pot((LookObject *)self, mask, pool, draws, unit));
}

/* pot_dead's pool as layers: the masks of the natural cards unseen at least once, twice, ...
 * (a card of more than 8 copies: -1, the caller sums in Python). */
static int read_layers(LookObject *L, PyObject *pool) {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    memset(L->layer, 0, sizeof(L->layer));
    L->n_layers = 0;
    while (PyDict_Next(pool, &pos, &key, &value)) {
        long code = PyLong_AsLong(key), copies = PyLong_AsLong(value), i;
        if ((code == -1 || copies == -1) && PyErr_Occurred()) return -2;
        if (code < 0 || code >= 52 || copies <= 0) continue;
        if (copies > 8) return -1;
        for (i = 0; i < copies; i++) L->layer[i] |= 1ULL << code;
        if (copies > L->n_layers) L->n_layers = (int)copies;
    }
    return 0;
}

/* pot_dead(dead, pool, total, draws, unit, stamp): partials._mask_potential of a deadwood
 * mask over a pool of several copies (two-deck games: `pool` a dict of card -> copies, read
 * once per stamp as the masks of the natural cards unseen at least once, twice, ...);
 * `total` the pool's size, jokers counted. Each pair's outs are counted copy by copy; the
 * terms as look_pot's, in its order. A pair's term is kept for `stamp` (> 0: the caller's
 * name for this pool, draws and unit, never reused), as partials keeps its terms per pool.
 * None where a card has more than 8 copies. */
static PyObject *l_pot_dead(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LookObject *L = (LookObject *)self;
    uint64_t rest;
    int i;
    long long total, stamp;
    double draws, unit, gain = 0.0;
    if (n_args(nargs, 6, "pot_dead") || read_mask(args[0], &rest, 0)) return NULL;
    if (!PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "pot_dead: the pool is a dict");
        return NULL;
    }
    total = PyLong_AsLongLong(args[2]);
    if (total == -1 && PyErr_Occurred()) return NULL;
    draws = PyFloat_AsDouble(args[3]);
    if (draws == -1.0 && PyErr_Occurred()) return NULL;
    unit = PyFloat_AsDouble(args[4]);
    if (unit == -1.0 && PyErr_Occurred()) return NULL;
    stamp = PyLong_AsLongLong(args[5]);
    if (stamp == -1 && PyErr_Occurred()) return NULL;
    if (stamp <= 0) {
        PyErr_SetString(PyExc_ValueError, "pot_dead: a stamp is > 0");
        return NULL;
    }
    if (total <= 0 || draws <= 0) return PyFloat_FromDouble(0.0);
    if (!L->terms && !(L->terms = PyMem_Calloc(52 * 52, sizeof(PotTerm)))) return PyErr_NoMemory();
    if (L->layer_stamp != stamp) {
        int got = read_layers(L, args[1]);
        L->layer_stamp = got ? 0 : stamp;
        if (got == -2) return NULL;
        if (got == -1) Py_RETURN_NONE;
    }
    for (; rest; rest &= rest - 1) { /* the pairs a < b in look_pot's order */
        int a = LOWEST_BIT(rest);
        uint64_t mates;
        for (mates = L->partners[a] & rest & (rest - 1); mates; mates &= mates - 1) {
            int b = LOWEST_BIT(mates);
            PotTerm *kept = &L->terms[a * 52 + b];
            if (kept->stamp != stamp) {
                long long outs = 0;
                for (i = 0; i < L->n_layers; i++)
                    outs += BIT_COUNT(L->outs[a * 52 + b] & L->layer[i]);
                kept->stamp = stamp;
                kept->term = outs ? pot_term(L, a, b, outs, total, draws, unit) : 0.0;
            }
            if (kept->term != 0.0) gain += kept->term;
        }
    }
    return PyFloat_FromDouble(gain);
}

/* score(rest, pool, mode, limit, weight, knock, look, pot, draws, max_cards): the smart
 * bot's cost of a hand left after a discard, without meld credit (SmartBot's
 * `_mask_discard_score` less the danger, and `_best_after_discard`'s fast loop): mode 0 the
 * cost (maskscore.mask_cost); mode 1 less `pot` times the potential; mode 2, for a hand of
 * at most max_cards cards, `look` times the one-draw lookahead (maskscore.ahead, `knock`
 * per chance to knock) plus 1 - look times the cost, less `pot` times the potential. */
/* The weights of a discard's score (SmartBot's constants, as the caller reads them). */
typedef struct {
    int has_limit;
    int64_t limit;
    long max_cards;
    double weight, knock, look, pot, draws;
} Weights;

static int read_weights(PyObject *const *args, Weights *w) {
    if (read_limit(args[0], &w->has_limit, &w->limit)) return -1;
    w->weight = PyFloat_AsDouble(args[1]);
    w->knock = PyFloat_AsDouble(args[2]);
    w->look = PyFloat_AsDouble(args[3]);
    w->pot = PyFloat_AsDouble(args[4]);
    w->draws = PyFloat_AsDouble(args[5]);
    w->max_cards = PyLong_AsLong(args[6]);
    return PyErr_Occurred() ? -1 : 0;
}

static double look_score(LookObject *L, uint64_t rest, uint64_t pool, int mode, const Weights *w) {
    double score = look_cost(L, rest, w->weight);
    if (mode == 2) {
        int n = BIT_COUNT(pool);
        double got;
        if (BIT_COUNT(rest) > w->max_cards) return score;
        if (!n) {
            got = look_cost(L, rest, w->weight);
        } else {
            int64_t total, ready;
            look_next_turn(L, rest, pool, w->has_limit, w->limit, (int64_t)w->weight, &total,
                           &ready);
            got = (double)total / (double)n - w->knock * (double)ready / (double)n;
        }
        score = w->look * got + (1 - w->look) * score;
    }
    if (mode >= 1 && w->pot != 0.0) score -= w->pot * look_pot(L, rest, pool, w->draws, 1.0);
    return score;
}

static PyObject *l_score(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t rest, pool;
    long mode;
    Weights w;
    if (n_args(nargs, 10, "score") || read_mask(args[0], &rest, 0) ||
        read_mask(args[1], &pool, 0))
        return NULL;
    mode = PyLong_AsLong(args[2]);
    if ((mode == -1 && PyErr_Occurred()) || read_weights(args + 3, &w)) return NULL;
    if (rest & pool) {
        PyErr_SetString(PyExc_ValueError, "score: the pool holds a card of the hand");
        return NULL;
    }
    return PyFloat_FromDouble(look_score((LookObject *)self, rest, pool, (int)mode, &w));
}

/* least(mask, cards, pool, mode, <weights as score's>): the least score(mask less one card
 * of `cards`, pool, mode), the cards taken lowest first (`_best_after_discard`'s loop);
 * None for no card. */
static PyObject *l_least(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask, cards, pool;
    long mode;
    Weights w;
    double best = 0.0;
    int any = 0;
    if (n_args(nargs, 11, "least") || read_mask(args[0], &mask, 0) ||
        read_mask(args[1], &cards, 0) || read_mask(args[2], &pool, 0))
        return NULL;
    mode = PyLong_AsLong(args[3]);
    if ((mode == -1 && PyErr_Occurred()) || read_weights(args + 4, &w)) return NULL;
    if ((cards & ~mask) || (mask & pool)) {
        PyErr_SetString(PyExc_ValueError, "least: cards of the hand wanted, and a pool apart");
        return NULL;
    }
    while (cards) {
        int card = LOWEST_BIT(cards);
        double score;
        cards &= cards - 1;
        score = look_score((LookObject *)self, mask ^ (1ULL << card), pool, (int)mode, &w);
        if (!any || score < best) {
            best = score;
            any = 1;
        }
    }
    if (!any) Py_RETURN_NONE;
    return PyFloat_FromDouble(best);
}

/* choose(mask, cards, dangers, pool, keep, <weights as score's>): SmartBot's discard on the
 * mask path in one call: each card's plain score plus its danger (dangers: one per card of
 * the `cards` mask, lowest first), the `keep` best by (score, card) scored again with the
 * lookahead (mode 2) plus the danger; the card of the least (deep score, card). */
static PyObject *l_choose(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LookObject *L = (LookObject *)self;
    uint64_t mask, cards, pool;
    long keep;
    Weights w;
    int order[52], n = 0, i, j, best = -1;
    double danger[52], shallow[52], best_score = 0.0;
    PyObject *fast;
    if (n_args(nargs, 12, "choose") || read_mask(args[0], &mask, 0) ||
        read_mask(args[1], &cards, 0) || read_mask(args[3], &pool, 0))
        return NULL;
    keep = PyLong_AsLong(args[4]);
    if ((keep == -1 && PyErr_Occurred()) || read_weights(args + 5, &w)) return NULL;
    if ((cards & ~mask) || (mask & pool) || !cards) {
        PyErr_SetString(PyExc_ValueError,
                        "choose: cards of the hand wanted, and a pool apart from it");
        return NULL;
    }
    fast = PySequence_Fast(args[2], "dangers");
    if (!fast) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != BIT_COUNT(cards)) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "choose: one danger per card wanted");
        return NULL;
    }
    while (cards) {
        int card = LOWEST_BIT(cards);
        cards &= cards - 1;
        danger[card] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, n));
        shallow[card] = look_score(L, mask ^ (1ULL << card), 0, 0, &w) + danger[card];
        /* insertion by (score, card): the cards come lowest first, so ties keep them */
        for (i = n; i > 0 && shallow[card] < shallow[order[i - 1]]; i--) order[i] = order[i - 1];
        order[i] = card;
        n++;
    }
    Py_DECREF(fast);
    if (PyErr_Occurred()) return NULL;
    for (j = 0; j < n && j < keep; j++) {
        int card = order[j];
        double deep = look_score(L, mask ^ (1ULL << card), pool, 2, &w) + danger[card];
        if (best < 0 || deep < best_score || (deep == best_score && card < best)) {
            best = card;
            best_score = deep;
        }
    }
    if (best < 0) {
        PyErr_SetString(PyExc_ValueError, "choose: keep at least one card");
        return NULL;
    }
    return PyLong_FromLong(best);
}

static int read_i64s(PyObject *seq, int64_t *dest, Py_ssize_t n, const char *name) {
    PyObject *fast = PySequence_Fast(seq, name);
    Py_ssize_t i;
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd entries wanted", name, n);
        Py_DECREF(fast);
        return -1;
    }
    for (i = 0; i < n; i++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        dest[i] = (int64_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_u64s(PyObject *seq, uint64_t *dest, Py_ssize_t n, const char *name) {
    PyObject *fast = PySequence_Fast(seq, name);
    Py_ssize_t i;
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd entries wanted", name, n);
        Py_DECREF(fast);
        return -1;
    }
    for (i = 0; i < n; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        dest[i] = (uint64_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_melds(LookObject *L, PyObject *seq) {
    PyObject *fast = PySequence_Fast(seq, "melds"), *row;
    Py_ssize_t c, j, n = 0;
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 52) {
        PyErr_SetString(PyExc_ValueError, "melds: 52 rows wanted");
        Py_DECREF(fast);
        return -1;
    }
    for (c = 0; c < 52; c++) n += PySequence_Size(PySequence_Fast_GET_ITEM(fast, c));
    L->melds = PyMem_Malloc(sizeof(uint64_t) * (size_t)(n + 1));
    if (!L->melds || PyErr_Occurred()) goto fail;
    n = 0;
    for (c = 0; c < 52; c++) {
        row = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, c), "melds row");
        if (!row) goto fail;
        L->start[c] = (int)n;
        for (j = 0; j < PySequence_Fast_GET_SIZE(row); j++) {
            unsigned long long m = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(row, j));
            if (m == (unsigned long long)-1 && PyErr_Occurred()) {
                Py_DECREF(row);
                goto fail;
            }
            L->melds[n++] = (uint64_t)m;
        }
        Py_DECREF(row);
    }
    L->start[52] = (int)n;
    Py_DECREF(fast);
    return 0;
fail:
    if (!PyErr_Occurred()) PyErr_NoMemory();
    Py_DECREF(fast);
    return -1;
}
