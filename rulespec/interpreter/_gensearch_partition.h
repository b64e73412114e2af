/* The going-out partition search in C: partsearch._Partitioner._dfs on a hand's Parts
   (interpreter: part of _gensearch.c, included there once, after _gensearch_calls.h).

   The same search as partsearch.py's `_dfs` / `_place_lowest` / `_absorb`, step for step
   and in the same order, so the partition found is the same one: the lowest card left is
   the lowest natural card of a part (its rank's sets, then its suit's runs, in part order;
   each with its fewest wild cards first), or, for a card of a wild rank, one spare wild
   card, or the card left out; the bounds are the same (`_needs`: cards no two of which
   could share a meld; `_room`: places for spare wild cards; the exchange argument that a
   run part skipping a natural card left never takes a wild card). A state is (cards left,
   wild cards owed or spare, melds so far, whether a card is still to be left out, the
   going-out contract's tally); its answer is a fact of the state, so the memo (one per
   call) changes which states are visited, never the answer. The partition is read back
   from the memo's choices. Size targets (`going_out.partition_sizes`) stay in Python. The
   methods that run it are in _gensearch_partcalls.h. */

#define PZ_MELD 1
#define PZ_FLEX 2
#define PZ_LEFT 3
#define PZ_END 4

typedef struct {
    uint64_t k[5];
    uint64_t v; /* 0: empty; else bit 63 set: 1 << 62 set when found, the choice below it */
} PzSlot;

typedef struct {
    const PartsObject *P;
    const uint64_t *share; /* by code: the codes that could share a meld with it */
    const uint32_t *windows; /* run windows: rank mask | length << 13 */
    Py_ssize_t n_windows;
    int most, needs_on, per_meld, outnumber, exchange, wild_in_drop;
    uint64_t counts;     /* bit n: n melds may make the partition; ~0: any */
    uint64_t wild_sizes; /* bit n: an all-wild meld of n cards */
    uint64_t drop;       /* bit c: code c may be the card left out */
    int contract[5], has_contract;
    int cls; /* with a card still to be left out: which drop mask and wild_in_drop (partition_each) */
    PzSlot *table;
    Py_ssize_t cap, count;
    int failed; /* out of memory */
} Pz;

static void pz_key(const Pz *z, const Mask *m, int b, int used, int drop, const int *got,
                   uint64_t *k) {
    k[0] = m->w[0];
    k[1] = m->w[1];
    k[2] = m->w[2];
    k[3] = m->w[3];
    k[4] = (uint64_t)(b + OFFSET) | (uint64_t)used << 12 | (uint64_t)drop << 20 |
           (uint64_t)got[0] << 24 | (uint64_t)got[1] << 32 | (uint64_t)got[2] << 40 |
           (uint64_t)(drop ? z->cls : 0) << 48;
}

static PzSlot *pz_find(const Pz *z, const uint64_t *k) {
    uint64_t h = mix(k[0] ^ mix(k[1] ^ mix(k[2] ^ mix(k[3] ^ mix(k[4])))));
    Py_ssize_t mask = z->cap - 1, i = (Py_ssize_t)(h & (uint64_t)mask);
    for (;;) {
        PzSlot *s = &z->table[i];
        if (!s->v || !memcmp(s->k, k, sizeof s->k)) return s;
        i = (i + 1) & mask;
    }
}

static void pz_store(Pz *z, const uint64_t *k, uint64_t v) {
    PzSlot *s;
    if (2 * (z->count + 1) > z->cap) {
        Py_ssize_t old_cap = z->cap, i;
        PzSlot *old = z->table, *grown = calloc((size_t)old_cap * 2, sizeof(PzSlot));
        if (!grown) {
            z->failed = 1;
            return;
        }
        z->table = grown;
        z->cap = old_cap * 2;
        for (i = 0; i < old_cap; i++)
            if (old[i].v) *pz_find(z, old[i].k) = old[i];
        free(old);
    }
    s = pz_find(z, k);
    if (!s->v) z->count++;
    memcpy(s->k, k, sizeof s->k);
    s->v = v | 1ULL << 63;
}

static int pz_cards(const Mask *m) { /* natural cards in the mask */
    int c, n = 0;
    for (c = 0; c < 52; c++) n += field(m->w, c);
    return n;
}

/* `_complete`: may the melds so far (their number, the contract's tally) end a partition? */
static int pz_complete(const Pz *z, int used, const int *got) {
    if (used > 63 || !(z->counts >> used & 1)) return 0;
    if (z->has_contract &&
        (got[0] < z->contract[0] || got[1] < z->contract[2] || got[2] < z->contract[4]))
        return 0;
    return 1;
}

/* `_absorb`: can w spare wild cards fill all-wild melds (sizes tried smallest first)? The
   sizes are appended to `out` when it is given. */
static int pz_absorb(const Pz *z, int w, int used, const int *got, PyObject *out) {
    int size;
    if (w == 0) return pz_complete(z, used, got);
    for (size = 1; size < 64 && size <= w; size++) {
        if (!(z->wild_sizes >> size & 1) || used >= z->most) continue;
        if (pz_absorb(z, w - size, used + 1, got, NULL)) {
            if (out) {
                PyObject *step = Py_BuildValue("(()i)", size);
                if (!step || PyList_Append(out, step) < 0) {
                    Py_XDECREF(step);
                    return -1;
                }
                Py_DECREF(step);
                return pz_absorb(z, w - size, used + 1, got, out);
            }
            return 1;
        }
    }
    return 0;
}

/* `_needs`: cards of no wild rank, no two of which could share a meld (a bound on melds) */
static int pz_needs(const Pz *z, const Mask *m) {
    const LayoutObject *L = z->P->layout;
    uint64_t apart = 0;
    int c, n = 0, copies;
    if (!z->needs_on) return 0;
    for (c = 0; c < 52; c++) {
        if (L->is_flex[c]) continue;
        for (copies = field(m->w, c); copies > 0; copies--) {
            if (z->share[c] & apart) break;
            apart |= 1ULL << c;
            n++;
        }
    }
    return n;
}

/* `_room`: could b spare wild cards still find places? */
static int pz_room(const Pz *z, const Mask *m, int b, int melds) {
    if (b <= 0 || z->wild_sizes) return 1;
    if (z->per_meld >= 0 && (int64_t)b > (int64_t)z->per_meld * (z->most - melds)) return 0;
    if (!z->outnumber) return b <= pz_cards(m);
    return 1;
}

/* partshare.inside: the ranks, not in `ranks`, inside every shortest run window holding them */
static int pz_inside(const Pz *z, int ranks) {
    const LayoutObject *L = z->P->layout;
    int length = L->span[ranks], in = (1 << 13) - 1;
    Py_ssize_t i;
    for (i = 0; i < z->n_windows; i++) {
        int w = z->windows[i] & 0x1FFF, len = z->windows[i] >> 13;
        if (len == length && (w & ranks) == ranks) in &= w;
    }
    return in & ~ranks;
}

/* `_hole_fields` of a part of group g (a rank's sets below 13, a suit's runs from 13) */
static void pz_holes(const Pz *z, int g, const CPart *part, uint64_t *holes) {
    const LayoutObject *L = z->P->layout;
    int s, r, count = 0, have = 0;
    for (s = 0; s < 4; s++) {
        holes[s] = 0;
        for (r = 0; r < 13; r++) {
            int n = field(part->w, 13 * s + r);
            count += n;
            if (n) have |= 1 << s;
        }
    }
    if (g < 13 && (count > 1 || !L->has_runs)) { /* a set: its rank's cards it could take */
        for (s = 0; s < 4; s++)
            if (!L->set_distinct || !(have >> s & 1)) holes[s] |= 0xFULL << (FIELD * g);
    } else if (g >= 13 && count >= 2) { /* a run: the ranks inside its span */
        int suit = g - 13, ranks = 0, in;
        for (r = 0; r < 13; r++)
            if (field(part->w, 13 * suit + r)) ranks |= 1 << r;
        in = pz_inside(z, ranks);
        for (r = 0; r < 13; r++)
            if (in >> r & 1) holes[suit] |= 0xFULL << (FIELD * r);
    }
}

/* `_counted`: the contract's tally with one more meld of this part and k wild cards */
static void pz_counted(const Pz *z, int g, const CPart *part, int k, const int *got, int *out) {
    int s, r, count = 0, size;
    out[0] = got[0];
    out[1] = got[1];
    out[2] = got[2];
    if (!z->has_contract) return;
    for (s = 0; s < 4; s++)
        for (r = 0; r < 13; r++) count += field(part->w, 13 * s + r);
    if (count < 2) return;
    size = count + k;
    if (g < 13) {
        if (z->contract[0]) {
            out[0] = got[0] + (size >= z->contract[1]);
            if (out[0] > z->contract[0]) out[0] = z->contract[0];
        }
        return;
    }
    if (size < z->contract[3]) return;
    out[1] = got[1] + 1 < z->contract[2] ? got[1] + 1 : z->contract[2];
    out[2] = got[2] + (k == 0) < z->contract[4] ? got[2] + (k == 0) : z->contract[4];
}

static uint64_t pz_choice(int kind, int g, Py_ssize_t p, int k) {
    return (uint64_t)kind | (uint64_t)g << 3 | (uint64_t)p << 8 | (uint64_t)(k + OFFSET) << 32;
}

/* `_dfs`: can every card of m be placed (b wild cards spare, < 0 owed; drop: a card is
   still to be left out)? 1 yes, 0 no; the choice is kept in the memo. */
static int pz_dfs(Pz *z, const Mask *m, int b, int fl, int used, int drop, const int *got) {
    const PartsObject *P = z->P;
    const LayoutObject *L = P->layout;
    uint64_t key[5], found = 0;
    PzSlot *hit;
    int i, g;
    pz_key(z, m, b, used, drop, got, key);
    hit = pz_find(z, key);
    if (hit->v) return hit->v >> 62 & 1;
    if (empty(m)) {
        if (b >= 0 && !drop && pz_absorb(z, b, used, got, NULL)) found = pz_choice(PZ_END, 0, 0, 0);
    } else if (used + pz_needs(z, m) - drop <= z->most && pz_room(z, m, b, used)) {
        int closed = z->exchange && (!drop || z->wild_in_drop) && used < z->most;
        Mask rest;
        i = lowest(m);
        for (g = 0; g < 2 && !found && used < z->most; g++) {
            int gi = g ? 13 + i / 13 : i % 13;
            const GroupObject *G = P->groups[gi];
            Py_ssize_t p;
            if (!G) continue;
            for (p = G->start[i]; p < G->start[i + 1] && !found; p++) {
                const CPart *part = &G->parts[p];
                int left = fl - part->flex_in, top, k, now[3];
                if (!holds(m, part->w)) continue;
                top = part->kmax < b + left ? part->kmax : b + left;
                minus(m, part->w, &rest);
                if (closed) {
                    uint64_t holes[4];
                    pz_holes(z, gi, part, holes);
                    if ((rest.w[0] & holes[0]) | (rest.w[1] & holes[1]) |
                        (rest.w[2] & holes[2]) | (rest.w[3] & holes[3]))
                        top = 0;
                }
                for (k = part->kmin; k <= top; k++) {
                    pz_counted(z, gi, part, k, got, now);
                    if (pz_dfs(z, &rest, b - k, left, used + 1, drop, now)) {
                        found = pz_choice(PZ_MELD, gi, p, k);
                        break;
                    }
                    if (z->failed) return 0;
                }
            }
        }
        if (!found && L->is_flex[i]) { /* a card of a wild rank, played as a wild card */
            rest = *m;
            take_one(&rest, i);
            if (pz_dfs(z, &rest, b + 1, fl - 1, used, drop, got)) found = pz_choice(PZ_FLEX, 0, 0, 0);
        }
        if (!found && drop && z->drop >> i & 1) { /* the card left out */
            rest = *m;
            take_one(&rest, i);
            if (pz_dfs(z, &rest, b, fl - L->is_flex[i], used, 0, got))
                found = pz_choice(PZ_LEFT, 0, 0, 0);
        }
    }
    if (z->failed) return 0;
    pz_store(z, key, found ? found | 1ULL << 62 : 0);
    return found != 0;
}

static int pz_append(PyObject *out, PyObject *codes, int k) {
    PyObject *step = codes ? Py_BuildValue("(Ni)", codes, k) : NULL;
    if (!step || PyList_Append(out, step) < 0) {
        Py_XDECREF(step);
        return -1;
    }
    Py_DECREF(step);
    return 0;
}

/* the steps of the partition found from a state (partsearch's Step tuples, in order) */
static PyObject *pz_steps(Pz *z, Mask m, int b, int fl, int used, int drop, int *got) {
    PyObject *out = PyList_New(0);
    const LayoutObject *L = z->P->layout;
    while (out) {
        uint64_t key[5], v;
        int kind, i;
        pz_key(z, &m, b, used, drop, got, key);
        v = pz_find(z, key)->v;
        kind = (int)(v & 7);
        if (kind == PZ_END) {
            if (pz_absorb(z, b, used, got, out) < 0) Py_CLEAR(out);
            return out;
        }
        i = lowest(&m);
        if (kind == PZ_MELD) {
            int gi = (int)(v >> 3 & 31), k = (int)(v >> 32 & 0x3FF) - OFFSET, c, n, now[3];
            const CPart *part = &z->P->groups[gi]->parts[(v >> 8) & 0xFFFFFF];
            PyObject *codes = PyTuple_New(0);
            for (c = 0; c < 52 && codes; c++)
                for (n = field(part->w, c); n > 0 && codes; n--) {
                    PyObject *code = PyLong_FromLong(c);
                    if (!code || _PyTuple_Resize(&codes, PyTuple_GET_SIZE(codes) + 1) < 0) {
                        Py_XDECREF(code);
                        Py_CLEAR(codes);
                        break;
                    }
                    PyTuple_SET_ITEM(codes, PyTuple_GET_SIZE(codes) - 1, code);
                }
            if (!codes || pz_append(out, codes, k) < 0) {
                Py_CLEAR(out);
                break;
            }
            pz_counted(z, gi, part, k, got, now);
            got[0] = now[0];
            got[1] = now[1];
            got[2] = now[2];
            fl -= part->flex_in;
            minus(&m, part->w, &m);
            b -= k;
            used++;
        } else {
            if (pz_append(out, Py_BuildValue("(i)", i), kind == PZ_FLEX ? -1 : -2) < 0) {
                Py_CLEAR(out);
                break;
            }
            take_one(&m, i);
            if (kind == PZ_FLEX) {
                b++;
                fl--;
            } else {
                fl -= L->is_flex[i];
                drop = 0;
            }
        }
    }
    return out;
}
