/* A contract's shortfall with runs in one call (bots/contracts.py `from_state` with
 * `pair_search` or `_best_choice`, `_set_needs` and `_fill`; included once by _gensearch.c).
 *
 * shortfall_runs(windows, keep, rules, wilds, counts, mask, by_rank) -> the fewest cards the
 * hand lacks, or None where this call does not take it (the caller's Python answers then).
 * `windows`: the plan's run windows as 8-byte little-endian card masks, in plan order;
 * `rules`: (run_min, pure, sets, set_min, distinct, per_meld or -1, outnumber, runs: 1 to
 * 4); `counts`:
 * 52 bytes, copies per natural code; `by_rank`: 13 bytes, per rank the cards (suits any) or
 * the suits (distinct) held. Integers only, step for step the Python's: the windows
 * holding the most cards first (ties in plan order, the first `keep`), two runs' pairs tried
 * in order with the same bound and the same break (other counts: every choice in order,
 * skipped on the same bound), the needs filled smallest first
 * (ties by cards held, then pure after not), so the same least. */

#define SHORT_MAX_WINDOWS 64
#define SHORT_MAX_RUNS 4

typedef struct {
    int need, held, pure;
} ShortNeed;

static int short_need_less(const ShortNeed *a, const ShortNeed *b) {
    if (a->need != b->need) return a->need < b->need;
    if (a->held != b->held) return a->held < b->held;
    return a->pure < b->pure;
}

typedef struct {
    int run_min, pure, sets, set_min, distinct, per_meld, outnumber, runs;
} ShortRules;

/* _fill: missing cards once the wild cards fill what they may, smallest gaps first */
static int short_fill(const ShortRules *R, ShortNeed *needs, int n, int wilds) {
    int i, j, missing = 0;
    if (!wilds) {
        for (i = 0; i < n; i++) missing += needs[i].need;
        return missing;
    }
    for (i = 1; i < n; i++) { /* insertion sort: a stable ascending order of the tuples */
        ShortNeed x = needs[i];
        for (j = i; j > 0 && short_need_less(&x, &needs[j - 1]); j--) needs[j] = needs[j - 1];
        needs[j] = x;
    }
    for (i = 0; i < n; i++) {
        int room = 0, use;
        if (!needs[i].pure) {
            room = R->per_meld < 0 || needs[i].need < R->per_meld ? needs[i].need : R->per_meld;
            if (!R->outnumber && needs[i].held < room) room = needs[i].held;
        }
        use = wilds < room ? wilds : room;
        wilds -= use;
        missing += needs[i].need - use;
    }
    return missing;
}

/* _set_needs: the sets from the cards the runs leave (`taken`: copies per code, or NULL) */
static int short_set_needs(const ShortRules *R, const unsigned char *by_rank,
                           const unsigned char *counts, const unsigned char *taken,
                           ShortNeed *out) {
    int left[13], capped[13], r, c, i, j;
    if (!R->sets) return 0;
    for (r = 0; r < 13; r++) left[r] = by_rank[r];
    if (taken)
        for (c = 0; c < 52; c++) {
            if (!taken[c]) continue;
            if (!R->distinct) left[c % 13] -= taken[c];
            else if (counts[c] == taken[c]) left[c % 13] -= 1;
        }
    for (r = 0; r < 13; r++) capped[r] = left[r] < R->set_min ? left[r] : R->set_min;
    for (i = 1; i < 13; i++) { /* descending */
        int x = capped[i];
        for (j = i; j > 0 && capped[j - 1] < x; j--) capped[j] = capped[j - 1];
        capped[j] = x;
    }
    for (i = 0; i < R->sets && i < 12; i++) { /* (shortfall_runs takes at most 12 sets) */
        out[i].need = R->set_min - capped[i];
        out[i].held = capped[i];
        out[i].pure = 0;
    }
    return i;
}

static int short_read_rules(PyObject *obj, ShortRules *R) {
    long v[8];
    int i;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 8) {
        PyErr_SetString(PyExc_TypeError, "shortfall_runs: rules must be a tuple of 8 integers");
        return -1;
    }
    for (i = 0; i < 8; i++) {
        v[i] = PyLong_AsLong(PyTuple_GET_ITEM(obj, i));
        if (v[i] == -1 && PyErr_Occurred()) return -1;
    }
    R->run_min = (int)v[0], R->pure = (int)v[1], R->sets = (int)v[2], R->set_min = (int)v[3];
    R->distinct = (int)v[4], R->per_meld = (int)v[5], R->outnumber = (int)v[6];
    R->runs = (int)v[7];
    return 0;
}

/* _best_choice over run_bound and run_missing: every choice of k of the n windows in
 * lexicographic order (itertools.combinations'), a choice skipped when its bound reaches the
 * best so far; -1: no choice holds */
static int short_choices(const ShortRules *R, int k, int n, const int *order, const int *count,
                         const uint64_t *held, const int *gaps, int floor, int wilds,
                         const unsigned char *by_rank, const unsigned char *counts) {
    int idx[SHORT_MAX_RUNS], i, best = -1;
    ShortNeed needs[SHORT_MAX_RUNS + 13];
    unsigned char taken[52];
    if (k > n) return -1;
    for (i = 0; i < k; i++) idx[i] = i;
    for (;;) {
        int pure_need = 0, all = 0, rest, bound;
        for (i = 0; i < k; i++) {
            all += gaps[idx[i]];
            if (i < R->pure) pure_need += gaps[idx[i]];
        }
        rest = all - pure_need + floor - wilds;
        bound = pure_need + (rest > 0 ? rest : 0);
        if (best < 0 || bound < best) {
            uint64_t acc = 0, over = 0, bits;
            int bad = 0, m = k, got;
            for (i = 0; i < k; i++) {
                over |= acc & held[order[idx[i]]];
                acc |= held[order[idx[i]]];
            }
            memset(taken, 0, sizeof taken);
            bits = acc;
            while (bits) {
                taken[LOWEST_BIT(bits)] = 1;
                bits &= bits - 1;
            }
            bits = over;
            while (bits) { /* a card two windows claim: as many copies as claims */
                int c = LOWEST_BIT(bits), claims = 0;
                bits &= bits - 1;
                for (i = 0; i < k; i++) claims += (int)(held[order[idx[i]]] >> c & 1);
                if (claims > counts[c]) bad = 1;
                taken[c] = (unsigned char)claims;
            }
            if (!bad) {
                for (i = 0; i < k; i++) {
                    int held_n = count[order[idx[i]]];
                    needs[i].need = R->run_min - held_n;
                    needs[i].held = held_n;
                    needs[i].pure = i < R->pure;
                }
                if (R->sets) m += short_set_needs(R, by_rank, counts, taken, needs + k);
                got = short_fill(R, needs, m, wilds);
                if (best < 0 || got < best) best = got;
            }
        }
        for (i = k - 1; i >= 0 && idx[i] == n - k + i; i--) /* the next choice */
            ;
        if (i < 0) return best;
        idx[i]++;
        for (i++; i < k; i++) idx[i] = idx[i - 1] + 1;
    }
}

static PyObject *short_runs(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    ShortRules R;
    ShortNeed needs[16] = {{0, 0, 0}};
    Py_ssize_t wbytes, i, nw;
    long keep, wilds;
    uint64_t mask, held[SHORT_MAX_WINDOWS];
    int count[SHORT_MAX_WINDOWS], order[SHORT_MAX_WINDOWS], gaps[SHORT_MAX_WINDOWS];
    int n = 0, k, j, floor = 0, best = -1, found;
    const unsigned char *wins, *counts, *by_rank;
    unsigned char taken[52];
    (void)self;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "shortfall_runs takes 7 arguments");
        return NULL;
    }
    if (!PyBytes_Check(args[0]) || !PyBytes_Check(args[4]) || !PyBytes_Check(args[6]) ||
        PyBytes_GET_SIZE(args[4]) != 52 || PyBytes_GET_SIZE(args[6]) != 13)
        Py_RETURN_NONE;
    keep = PyLong_AsLong(args[1]);
    if (keep == -1 && PyErr_Occurred()) return NULL;
    if (short_read_rules(args[2], &R) < 0) return NULL;
    wilds = PyLong_AsLong(args[3]);
    if (wilds == -1 && PyErr_Occurred()) return NULL;
    mask = PyLong_AsUnsignedLongLong(args[5]);
    if (PyErr_Occurred()) return NULL;
    wbytes = PyBytes_GET_SIZE(args[0]);
    nw = wbytes / 8;
    if (wbytes % 8 || nw > SHORT_MAX_WINDOWS || R.sets > 12 || wilds < 0 || keep < 2 ||
        R.runs < 1 || R.runs > SHORT_MAX_RUNS || wilds > 1000)
        Py_RETURN_NONE;
    wins = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    counts = (const unsigned char *)PyBytes_AS_STRING(args[4]);
    by_rank = (const unsigned char *)PyBytes_AS_STRING(args[6]);
    for (i = 0; i < nw; i++) { /* the windows holding some card: most held first, stable */
        uint64_t w = 0, h;
        int b;
        for (b = 0; b < 8; b++) w |= (uint64_t)wins[8 * i + b] << (8 * b);
        h = mask & w;
        if (!h) continue;
        held[i] = h;
        count[i] = BIT_COUNT(h);
        for (j = n; j > 0 && count[order[j - 1]] < count[i]; j--) order[j] = order[j - 1];
        order[j] = (int)i;
        n++;
    }
    if (n > keep) n = (int)keep;
    for (k = 0; k < n; k++) gaps[k] = R.run_min - count[order[k]];
    found = short_set_needs(&R, by_rank, counts, NULL, needs);
    for (k = 0; k < found; k++) floor += needs[k].need;
    if (R.runs != 2) { /* one run, three or four: every choice in order */
        best = short_choices(&R, R.runs, n, order, count, held, gaps, floor, (int)wilds, by_rank,
                             counts);
        if (best < 0) best = R.runs * R.run_min + floor;
        return PyLong_FromLong(best);
    }
    for (k = 0; k + 1 < n; k++) { /* two runs: pair_search, its bound breaking both loops */
        int gi = gaps[k], ni = count[order[k]];
        uint64_t hi = held[order[k]];
        if (best >= 0) {
            int gj = gaps[k + 1], lead = !R.pure ? 0 : R.pure == 1 ? gi : gi + gj;
            int rest = gi + gj - lead + floor - (int)wilds;
            if (lead + (rest > 0 ? rest : 0) >= best) break;
        }
        for (j = k + 1; j < n; j++) {
            int gj = gaps[j], nj = count[order[j]], m = 2, got;
            uint64_t hj = held[order[j]], over = hi & hj, rest_bits;
            if (best >= 0) {
                int lead = !R.pure ? 0 : R.pure == 1 ? gi : gi + gj;
                int rest = gi + gj - lead + floor - (int)wilds;
                if (lead + (rest > 0 ? rest : 0) >= best) break;
            }
            rest_bits = over;
            while (rest_bits) { /* two windows claim one card */
                if (counts[LOWEST_BIT(rest_bits)] < 2) break;
                rest_bits &= rest_bits - 1;
            }
            if (rest_bits) continue;
            needs[0].need = R.run_min - ni, needs[0].held = ni, needs[0].pure = R.pure > 0;
            needs[1].need = R.run_min - nj, needs[1].held = nj, needs[1].pure = R.pure > 1;
            if (R.sets) {
                uint64_t all = hi | hj;
                memset(taken, 0, sizeof taken);
                while (all) {
                    taken[LOWEST_BIT(all)] = 1;
                    all &= all - 1;
                }
                rest_bits = over;
                while (rest_bits) {
                    taken[LOWEST_BIT(rest_bits)] = 2;
                    rest_bits &= rest_bits - 1;
                }
                m += short_set_needs(&R, by_rank, counts, taken, needs + 2);
            }
            got = short_fill(&R, needs, m, (int)wilds);
            if (best < 0 || got < best) best = got;
        }
    }
    if (best < 0) best = 2 * R.run_min + floor; /* no pair holds */
    return PyLong_FromLong(best);
}
