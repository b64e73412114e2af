/* The C counted search: state values, the grown-hand pivot, the walk
   (interpreter: part of _gensearch.c, included there once). */
/* ---- the search ----------------------------------------------------------------------- */

/* the parts whose lowest card is i: its rank's sets, then its suit's runs (by_low[i]) */
#define EACH_PART(P, i, part, ...)                                                         \
    do {                                                                                    \
        int g_;                                                                             \
        for (g_ = 0; g_ < 2; g_++) {                                                        \
            const GroupObject *G_ = (P)->groups[g_ ? 13 + (i) / 13 : (i) % 13];             \
            const CPart *end_;                                                              \
            if (!G_) continue;                                                              \
            end_ = G_->parts + G_->start[(i) + 1];                                          \
            for (part = G_->parts + G_->start[i]; part < end_; part++) __VA_ARGS__              \
        }                                                                                   \
    } while (0)

#define NO_LOW INT64_MIN /* value_at's and pivot_at's `low` when none is known */

/* the least deadwood of a state (search.GeneralSearch._value), kept in the layout's memo.
   `low`: a value the state's cannot be under (NO_LOW: none known): an option worth it is
   the least, so the rest are not asked (0 too where every value is at least 0); the value
   found and kept is the same */
static int64_t value_at(const PartsObject *P, const Mask *mask, int b, int fl, int64_t low) {
    LayoutObject *L = P->layout;
    uint64_t key[4];
    int64_t best = INF, v, stop = L->floor_zero && low < 0 ? 0 : low;
    int i, rest_fl, cap, done = 0;
    Mask rest, less;
    const CPart *part;
    const Slot *hit;
    STAT(ST_VALUE);
    if (empty(mask)) return L->base[b + OFFSET];
    make_key(mask, b, key);
    hit = lookup(&L->memo, key);
    if (hit) return unpack_value(payload(hit));
    STAT(ST_VALUE_MISS);
    i = lowest(mask);
    less = *mask;
    take_one(&less, i);
    if (L->is_flex[i]) {
        best = value_at(P, &less, b + 1, fl - 1, NO_LOW);
        rest_fl = fl - 1;
    } else {
        rest_fl = fl;
    }
    done = best == stop;
    cap = b + fl + L->jokers; /* wild cards a meld here could still be paid */
    if (!done) EACH_PART(P, i, part, {
        int k, top, left;
        if (done) break;
        if (!holds(mask, part->w)) continue;
        top = cap - part->flex_in;
        if (part->kmax < top) top = part->kmax;
        left = fl - part->flex_in;
        minus(mask, part->w, &rest);
        for (k = part->kmin; k <= top; k++) {
            v = value_at(P, &rest, b - k, left, NO_LOW);
            if (v < best) {
                best = v;
                if (v == stop) {
                    done = 1;
                    break;
                }
            }
        }
    });
    if (!done && b + rest_fl + L->jokers >= 0) {
        v = L->vals[i] + value_at(P, &less, b, rest_fl, NO_LOW);
        if (v < best) best = v;
    }
    store(&L->memo, L->limit, key, pack_value(best));
    return best;
}

static int64_t value(const PartsObject *P, const Mask *mask, int b, int fl) {
    return value_at(P, mask, b, fl, NO_LOW);
}

/* the nonzero fields of a mask word, each as its low bit */
static uint64_t held_fields(uint64_t w) { return (w | w >> 1 | w >> 2 | w >> 3) & LOW_BITS; }

/* the least deadwood of a state within the hand P grew from (pivot's states less the added
   copy): its cards lone in that hand (P->lone) set aside, their values added. No part of
   P's groups within that hand holds such a card (the hand's parts and the grown groups'
   parts within it are the same), so every arrangement of the state is one of the state
   without them with them deadwood: the least finite value is the rest's plus theirs (every
   finite path keeps b + fl + jokers >= 0, so each deadwood step of theirs is open on it);
   an impossible rest (near INF) is asked as before, so every value kept is the same. The
   states set aside are the base hand's, mostly kept already (lone_split searched it) */
static int64_t lone_strip(const PartsObject *P, const Mask *mask, int b, int fl, int64_t low) {
    const LayoutObject *L = P->layout;
    uint64_t t[4], open;
    int64_t sum = 0, v;
    int s;
    Mask core;
    for (s = 0; s < 4; s++) t[s] = mask->w[s] & P->lone[s];
    if (!(t[0] | t[1] | t[2] | t[3])) return value_at(P, mask, b, fl, low);
    STAT(ST_STRIP);
    for (s = 0; s < 4; s++) {
        core.w[s] = mask->w[s] - t[s];
        for (open = held_fields(t[s]); open; open &= open - 1) {
            int at = LOWEST_BIT(open);
            sum += (int64_t)(t[s] >> at & 0xF) * L->vals[13 * s + at / FIELD];
        }
    }
    v = value_at(P, &core, b, fl, low == NO_LOW ? NO_LOW : low - sum);
    return v < INF / 2 ? v + sum : value_at(P, mask, b, fl, low);
}

/* roomsearch.RoomSearch.pivot: the added copy of `code` decided first while the mask holds
   more of it than the hand (`held`); its parts: those of its rank's sets and suit's runs
   (the grown hand's groups) that hold it */
static int64_t pivot_at(const PartsObject *P, int code, int held, const Mask *mask, int b, int fl,
                        int64_t low) {
    LayoutObject *L = P->layout;
    uint64_t key[4];
    int64_t best = INF, v, stop = L->floor_zero && low < 0 ? 0 : low;
    int g;
    Mask rest, less;
    const Slot *hit;
    if (code < 0) return value_at(P, mask, b, fl, low);
    if (field(mask->w, code) <= held) return lone_strip(P, mask, b, fl, low);
    STAT(ST_PIVOT);
    make_key(mask, b, key);
    hit = lookup(&L->memo, key);
    if (hit) return unpack_value(payload(hit));
    STAT(ST_PIVOT_MISS);
    rest = *mask;
    take_one(&rest, code);
    v = L->vals[code] + lone_strip(P, &rest, b, fl, NO_LOW);
    if (v < best) best = v;
    if (best == stop) goto found;
    for (g = 0; g < 2; g++) {
        const GroupObject *G = P->groups[g ? 13 + code / 13 : code % 13];
        const CPart *part;
        if (!G) continue;
        for (part = G->parts; part < G->parts + G->n; part++) {
            int k, top, left;
            uint64_t w[4];
            if (!field(part->w, code)) continue;
            memcpy(w, part->w, sizeof w);
            w[code / 13] -= 1ULL << (FIELD * (code % 13));
            if (!holds(&rest, w)) continue;
            left = fl - part->flex_in;
            top = b + left + L->jokers;
            if (part->kmax < top) top = part->kmax;
            minus(&rest, w, &less);
            for (k = part->kmin; k <= top; k++) {
                v = lone_strip(P, &less, b - k, left, NO_LOW);
                if (v < best) {
                    best = v;
                    if (v == stop) goto found; /* (value_at's rule) */
                }
            }
        }
    }
found:
    store(&L->memo, L->limit, key, pack_value(best));
    return best;
}

static int64_t pivot(const PartsObject *P, int code, int held, const Mask *mask, int b, int fl) {
    return pivot_at(P, code, held, mask, b, fl, NO_LOW);
}

/* does a part of these groups hold `code` with its other cards in `full`? (roomsearch.melds) */
static int melds(const PartsObject *P, int code, const Mask *full) {
    int g;
    for (g = 0; g < 2; g++) {
        const GroupObject *G = P->groups[g ? 13 + code / 13 : code % 13];
        const CPart *part;
        if (!G) continue;
        for (part = G->parts; part < G->parts + G->n; part++) {
            uint64_t w[4];
            if (!field(part->w, code)) continue;
            memcpy(w, part->w, sizeof w);
            w[code / 13] -= 1ULL << (FIELD * (code % 13));
            if (holds(full, w)) return 1;
        }
    }
    return 0;
}

/* search.GeneralSearch.choose: the walk's choice for the lowest card of the state (which
   it moves on): MELD (*taken, *k), WILD (a card of a wild rank as a spare wild card) or DEAD;
   *card: the lowest card. The first part in order, then the fewest wild cards, that keeps
   the least deadwood; else deadwood unless a card of a wild rank does better as a spare. */
enum { MELD, WILD, DEAD };

static int choose(const PartsObject *P, int code, int held, Mask *mask, int *b, int *fl,
                  const CPart **taken, int *took_k, int *card) {
    const LayoutObject *L = P->layout;
    const CPart *part;
    int64_t target = pivot(P, code, held, mask, *b, *fl);
    STAT(ST_CHOOSE);
    int i = lowest(mask), floor = *b + *fl + L->jokers, found = 0;
    *card = i;
    EACH_PART(P, i, part, {
        int k;
        Mask rest;
        if (found) break;
        if (!holds(mask, part->w)) continue;
        minus(mask, part->w, &rest);
        for (k = part->kmin; k <= part->kmax; k++) {
            if (floor - k - part->flex_in < 0) break;
            if (pivot_at(P, code, held, &rest, *b - k, *fl - part->flex_in, target) == target) {
                *mask = rest;
                *b -= k;
                *fl -= part->flex_in;
                *taken = part;
                *took_k = k;
                found = 1;
                break;
            }
        }
    });
    if (found) return MELD;
    take_one(mask, i);
    if (L->is_flex[i]) {
        *fl -= 1;
        if (pivot_at(P, code, held, mask, *b + 1, *fl, target) == target) {
            *b += 1;
            return WILD;
        }
    }
    return DEAD;
}

/* roomsearch.RoomSearch.dead_summary's walk: (deadwood cards, highest value among those not
   wild-capable or NONE) from the start, remembered per state in the layout's walks */
#define MAX_STEPS 512
static int walk(const PartsObject *P, int code, int held, Mask mask, int fl, int64_t *count_out,
                int64_t *worst_out) {
    LayoutObject *L = P->layout;
    uint64_t keys[MAX_STEPS][4];
    int cards[MAX_STEPS];
    int n = 0, b = 0, i, k;
    int64_t count, worst;
    const CPart *part;
    for (;;) {
        const Slot *hit;
        if (n >= MAX_STEPS) return -1;
        STAT(ST_WALK_STEP);
        make_key(&mask, b, keys[n]);
        hit = lookup(&L->walks, keys[n]);
        if (hit) {
            unpack_walk(payload(hit), &count, &worst);
            break;
        }
        STAT(ST_WALK_MISS);
        if (empty(&mask)) {
            count = L->jokers - L->used[b + OFFSET];
            worst = -INF;
            store(&L->walks, L->limit, keys[n], pack_walk(count, worst));
            break;
        }
        cards[n] = choose(P, code, held, &mask, &b, &fl, &part, &k, &i) == DEAD ? i : -1;
        n++;
    }
    while (n-- > 0) {
        i = cards[n];
        if (i >= 0) {
            count++;
            if (!L->is_flex[i] && L->vals[i] > worst) worst = L->vals[i];
        }
        store(&L->walks, L->limit, keys[n], pack_walk(count, worst));
    }
    *count_out = count;
    *worst_out = worst;
    return 0;
}

/* ---- lone cards: deadwood in every arrangement, kept out of the search ---------------- */

/* OR into cover, field by field, the parts of a group within `full` */
static void cover_group(const GroupObject *G, const Mask *full, uint64_t *cover) {
    const CPart *part;
    if (!G) return;
    for (part = G->parts; part < G->parts + G->n; part++)
        if (holds(full, part->w)) {
            cover[0] |= part->w[0];
            cover[1] |= part->w[1];
            cover[2] |= part->w[2];
            cover[3] |= part->w[3];
        }
}

/* the hand's (`full`) value and walk summary, from a search of its cards less the lone ones:
   the natural cards (not of a wild rank) that no part within the hand holds (`cover`: its
   parts ORed, cover_group), every copy. No part holds a lone card, so every state holding
   it has the options of the state without it, each worth its value more (a finite value;
   an impossible one stays impossible): the least deadwood is the rest's plus theirs, and
   the walk makes the same choices, the lone cards deadwood where they come up. The states
   searched are fewer, and hands that differ in lone cards alone share all of them. `code`
   and `held` as for pivot (-1: the hand itself). Returns walk's error. */
/* the hand less its lone cards: *core; their values summed, their number, the highest of
   their values (-INF: none) and, when `counts` is given, their copies by code added there */
static void lone_core(const PartsObject *P, const Mask *full, const uint64_t *cover, Mask *core,
                      int64_t *sum, int64_t *n, int64_t *top, int *counts) {
    const LayoutObject *L = P->layout;
    int c, copies, s;
    uint64_t open;
    *core = *full;
    *sum = *n = 0;
    *top = -INF;
    for (s = 0; s < 4; s++) /* the codes held and not covered, a field's low bit each */
        for (open = held_fields(full->w[s]) & ~held_fields(cover[s]); open; open &= open - 1) {
            c = 13 * s + LOWEST_BIT(open) / FIELD;
            if (L->is_flex[c]) continue;
            copies = field(full->w, c);
            core->w[s] -= (uint64_t)copies << (FIELD * (c % 13));
            *sum += copies * L->vals[c];
            *n += copies;
            if (L->vals[c] > *top) *top = L->vals[c];
            if (counts) counts[c] += copies;
        }
}

static int lone_split(const PartsObject *P, int code, int held, const Mask *full, int fl,
                      const uint64_t *cover, int64_t *v, int64_t *count, int64_t *worst) {
    Mask core;
    int64_t sum, n, top;
    lone_core(P, full, cover, &core, &sum, &n, &top, NULL);
    *v = pivot(P, code, held, &core, 0, fl);
    if (*v >= INF) { /* (no arrangement: the caller says so) */
        *count = 0;
        *worst = -INF;
        return 0;
    }
    if (walk(P, code, held, core, fl, count, worst)) return -1;
    *v += sum;
    *count += n;
    if (top > *worst) *worst = top;
    return 0;
}

/* a part's natural codes, lowest first, as a tuple */
static PyObject *codes_of(const CPart *part) {
    PyObject *out, *item;
    int c, j, n = 0, at = 0;
    for (c = 0; c < 52; c++) n += field(part->w, c);
    out = PyTuple_New(n);
    if (!out) return NULL;
    for (c = 0; c < 52; c++)
        for (j = field(part->w, c); j > 0; j--) {
            item = PyLong_FromLong(c);
            if (!item) {
                Py_DECREF(out);
                return NULL;
            }
            PyTuple_SET_ITEM(out, at++, item);
        }
    return out;
}

