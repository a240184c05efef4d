/* evogame native VM: a fixed interpreter of lowered RECYCLE games (evogame/native/lower.py).
 *
 * The Python engine (evogame/engine) is the reference: every work charge, chance draw,
 * evaluation order and error message below mirrors a line there (named in comments).
 * Memory safety: every index into a table is checked (`chk`), every loop is bounded by the
 * engine's caps, temporaries live in a per-game arena with a size limit; a broken rule
 * ends its game with an error, never the process.
 */
#include <limits.h>
#include <stddef.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <math.h> /* ISMCTS's UCB1: log, sqrt (libm, as Python's math) */

#include "vm_core.h"

/* ---- executed-node marks (tests only) ----
 * Built with -DEVOGAME_OPHITS (`evogame.native.build.ophits_library`, which only the
 * opcode-coverage test loads), every node the VM dispatches -- through a table of
 * evaluators, `ev`'s switch, an action, the option walker or the item lister -- marks its
 * offset in a byte array the caller owns (`vm_ophits`), so the test reads which opcodes
 * ran. The default build has no marks and no cost. */
#ifdef EVOGAME_OPHITS
static uint8_t *vm_hit;
static int64_t vm_hit_len;
void vm_ophits(uint8_t *buf, int64_t len) {
    vm_hit = buf;
    vm_hit_len = len;
}
#define HIT(off) ((void)((uint64_t)(off) < (uint64_t)vm_hit_len && (vm_hit[(off)] = 1)))
#else
#define HIT(off) ((void)0)
#endif

/* ---- the compiled tier (evogame/native/compiled.py) ----
 * Compiled, this file is the VM. Compiled with EVOGAME_TIER2 and a generated prefix (one
 * game's code section as T2_IMG, and the evaluator `fn_choose`/`afn_choose` picked for
 * each node the VM reached, as T2_INODES/T2_ANODES, the nodes `ev` reached, as
 * T2_LNODES, and the choices and item nodes `expand` listed, as T2_XNODES), it is that
 * game's specialised engine: each listed node gets a function of its own (N<off>, A<off>,
 * L<off>, X<off>) that calls its evaluator with a constant node, inlined
 * (FNQ), so the C compiler folds the node's operands and turns every child call with a
 * constant offset into a direct call. Nodes
 * not listed run through the tables as in the VM; `vm_new` checks that the VM would pick
 * the same evaluator for every listed node, so a stale prefix is refused, never run. */
#ifdef EVOGAME_TIER2
#define FNQ static inline __attribute__((always_inline))
#define GCODE(g) ((void)(g), T2_IMG)
#define T2_DECL_I(off, fn) static int64_t N##off(State *st, V *env, const int32_t *n);
#define T2_DECL_A(off, fn) static int A##off(State *st, V *env, const int32_t *n, struct Path *path);
T2_INODES(T2_DECL_I)
T2_ANODES(T2_DECL_A)
#define T2_ENT_I(off, fn) [off] = N##off,
#define T2_ENT_A(off, fn) [off] = A##off,
static const IFn T2_IFN[T2_CODELEN] = {T2_INODES(T2_ENT_I)};
static const AFn T2_AFN[T2_CODELEN] = {T2_ANODES(T2_ENT_A)};
/* list-valued nodes with a function of their own (T2_LNODES: `lfn_choose`) */
#define T2_DECL_L(off, fn) static V L##off(State *st, V *env, const int32_t *n);
T2_LNODES(T2_DECL_L)
#define T2_ENT_L(off, fn) [off] = L##off,
static const LFn T2_LFN[T2_CODELEN] = {T2_LNODES(T2_ENT_L)};
/* a child at a constant offset with a function of its own is called directly */
#define IFN_AT(st, off) (T2_IFN[(off)] ? T2_IFN[(off)] : (st)->g->ifn[(off)])
#define AFN_AT(st, off) (T2_AFN[(off)] ? T2_AFN[(off)] : (st)->g->afn[(off)])
#define UNROLL _Pragma("GCC unroll 16")
#else
#define FNQ static
#define GCODE(g) ((g)->code)
#define IFN_AT(st, off) ((st)->g->ifn[(off)])
#define AFN_AT(st, off) ((st)->g->afn[(off)])
#define UNROLL
#endif

/* ===================================================================== random */
/* CPython's _randommodule.c: MT19937 with init_by_array seeding, getrandbits, and
 * Random._randbelow_with_getrandbits / shuffle from random.py (3.11). */

static void mt_init_genrand(MT *m, uint32_t s) {
    m->mt[0] = s;
    for (int i = 1; i < 624; i++)
        m->mt[i] = 1812433253U * (m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) + (uint32_t)i;
    m->idx = m->tw = 624;
}

static MT MT_BASE; /* init_genrand(19650218), where every init_by_array starts */
static int MT_BASE_READY;

static void mt_init_by_array(MT *m, const uint32_t *key, int len) {
    if (!MT_BASE_READY) {
        mt_init_genrand(&MT_BASE, 19650218U);
        MT_BASE_READY = 1;
    }
    memcpy(m->mt, MT_BASE.mt, sizeof m->mt);
    m->idx = m->tw = 624;
    int i = 1, j = 0, k = 624 > len ? 624 : len;
    for (; k; k--) {
        m->mt[i] = (m->mt[i] ^ ((m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= 624) {
            m->mt[0] = m->mt[623];
            i = 1;
        }
        if (j >= len) j = 0;
    }
    for (k = 623; k; k--) {
        m->mt[i] = (m->mt[i] ^ ((m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= 624) {
            m->mt[0] = m->mt[623];
            i = 1;
        }
    }
    m->mt[0] = 0x80000000U;
}

/* random.Random(seed) for an int seed >= 0 (the key is the seed's 32-bit words) */
static void mt_seed(MT *m, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    mt_init_by_array(m, key, key[1] ? 2 : 1);
}

/* mt_seed of two streams at once: the two recurrences are independent, so interleaving
 * them lets the processor run both (seeding is a third of a short game's time) */
static void mt_seed2(MT *a, uint64_t sa, MT *b, uint64_t sb) {
    if (!MT_BASE_READY) {
        mt_init_genrand(&MT_BASE, 19650218U);
        MT_BASE_READY = 1;
    }
    uint32_t ka[2] = {(uint32_t)sa, (uint32_t)(sa >> 32)}, kb[2] = {(uint32_t)sb, (uint32_t)(sb >> 32)};
    int la = ka[1] ? 2 : 1, lb = kb[1] ? 2 : 1;
    uint32_t *x = a->mt, *y = b->mt;
    memcpy(x, MT_BASE.mt, sizeof a->mt);
    memcpy(y, MT_BASE.mt, sizeof b->mt);
    int i = 1, ja = 0, jb = 0;
    for (int k = 624; k; k--) {
        x[i] = (x[i] ^ ((x[i - 1] ^ (x[i - 1] >> 30)) * 1664525U)) + ka[ja] + (uint32_t)ja;
        y[i] = (y[i] ^ ((y[i - 1] ^ (y[i - 1] >> 30)) * 1664525U)) + kb[jb] + (uint32_t)jb;
        i++;
        if (i >= 624) {
            x[0] = x[623];
            y[0] = y[623];
            i = 1;
        }
        if (++ja >= la) ja = 0;
        if (++jb >= lb) jb = 0;
    }
    for (int k = 623; k; k--) {
        x[i] = (x[i] ^ ((x[i - 1] ^ (x[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        y[i] = (y[i] ^ ((y[i - 1] ^ (y[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= 624) {
            x[0] = x[623];
            y[0] = y[623];
            i = 1;
        }
    }
    x[0] = y[0] = 0x80000000U;
    a->idx = b->idx = a->tw = b->tw = 624;
}

/* init_by_array of up to MT_LANES streams at once, each exactly `mt_seed` (random.Random(
 * seed)). One stream's seeding is a chain of 1,247 dependent multiplies, so it runs at the
 * multiplier's latency; the streams of a batch's games are independent, and laid side by
 * side (word i of every stream in one row) the same chain advances all of them in vector
 * lanes at once. Measured: `bench/bench_engine.py` (seeding was a third of a short game). */
#define MT_LANES 16
#define MT_VECS (MT_LANES / 8)
typedef uint32_t MTVec __attribute__((vector_size(32))); /* 8 lanes */
typedef struct {
    MTVec w[624][MT_VECS];
} MTLanes;

/* r[q][l] becomes r[l][q] (the usual three stages: pairs of words, pairs of pairs, halves) */
typedef uint32_t MTMask __attribute__((vector_size(32)));
static inline __attribute__((always_inline)) void mt_transpose8(MTVec r[8]) {
    MTVec a[8], b[8];
    for (int q = 0; q < 8; q += 2) {
        a[q] = __builtin_shuffle(r[q], r[q + 1], (MTMask){0, 8, 1, 9, 4, 12, 5, 13});
        a[q + 1] = __builtin_shuffle(r[q], r[q + 1], (MTMask){2, 10, 3, 11, 6, 14, 7, 15});
    }
    for (int q = 0; q < 8; q += 4) {
        for (int h = 0; h < 2; h++) {
            b[q + 2 * h] = __builtin_shuffle(a[q + h], a[q + h + 2], (MTMask){0, 1, 8, 9, 4, 5, 12, 13});
            b[q + 2 * h + 1] = __builtin_shuffle(a[q + h], a[q + h + 2], (MTMask){2, 3, 10, 11, 6, 7, 14, 15});
        }
    }
    for (int q = 0; q < 4; q++) {
        r[q] = __builtin_shuffle(b[q], b[q + 4], (MTMask){0, 1, 2, 3, 8, 9, 10, 11});
        r[q + 4] = __builtin_shuffle(b[q], b[q + 4], (MTMask){4, 5, 6, 7, 12, 13, 14, 15});
    }
}

/* AVX2 only: without a vector multiply of 32-bit words (SSE2) the lanes are slower than
 * `mt_seed2`, which `seeded_one` takes there */
static __attribute__((noinline, target("avx2"))) void
mt_seed_lanes(MTLanes *t, MT *const *dst, const uint64_t *seeds, int n) {
    if (!MT_BASE_READY) {
        mt_init_genrand(&MT_BASE, 19650218U);
        MT_BASE_READY = 1;
    }
    /* step k adds key[j] + j, j = k mod len: lanes of one-word keys add key[0] at every step */
    MTVec add[2][MT_VECS];
    for (int l = 0; l < MT_LANES; l++) {
        uint64_t s = l < n ? seeds[l] : 0;
        uint32_t k0 = (uint32_t)s, k1 = (uint32_t)(s >> 32);
        add[0][l / 8][l % 8] = k0;
        add[1][l / 8][l % 8] = k1 ? k1 + 1U : k0;
    }
    /* the previous word stays in registers: the chain is the arithmetic, not a store and
     * its reload */
    MTVec prev[MT_VECS];
    for (int v = 0; v < MT_VECS; v++) prev[v] = (MTVec){0} + MT_BASE.mt[0];
    int i = 1;
    for (int k = 0; k < 624; k++) {
        for (int v = 0; v < MT_VECS; v++) {
            /* row i is still init_genrand's, but for the last step (row 1, made at step 0) */
            MTVec x = k < 623 ? (MTVec){0} + MT_BASE.mt[i] : t->w[i][v];
            x = (x ^ ((prev[v] ^ (prev[v] >> 30)) * 1664525U)) + add[k & 1][v];
            t->w[i][v] = prev[v] = x;
        }
        if (++i >= 624) {
            memcpy(t->w[0], t->w[623], sizeof t->w[0]);
            i = 1;
        }
    }
    for (int k = 623; k; k--) {
        for (int v = 0; v < MT_VECS; v++) {
            MTVec x = (t->w[i][v] ^ ((prev[v] ^ (prev[v] >> 30)) * 1566083941U)) - (uint32_t)i;
            t->w[i][v] = prev[v] = x;
        }
        if (++i >= 624) {
            memcpy(t->w[0], t->w[623], sizeof t->w[0]);
            i = 1;
        }
    }
    /* out to the streams, 8 words of 8 lanes at a time, transposed in registers (a word
     * at a time, the copy cost as much as the seeding) */
    for (int w = 0; w < 624; w += 8) {
        for (int v = 0; v < MT_VECS && 8 * v < n; v++) {
            MTVec r[8];
            for (int q = 0; q < 8; q++) r[q] = t->w[w + q][v];
            mt_transpose8(r);
            for (int q = 0; q < 8 && 8 * v + q < n; q++) memcpy(dst[8 * v + q]->mt + w, &r[q], sizeof r[q]);
        }
    }
    for (int l = 0; l < n; l++) {
        dst[l]->mt[0] = 0x80000000U;
        dst[l]->idx = dst[l]->tw = 624;
    }
}

/* The two streams (chance, players) of a batch's games, each kind seeded SEED_GROUP games
 * at a time by `mt_seed_lanes` as the batch reaches them: `seeded_deal` gives game i's
 * chance stream, `seeded_play` its players' stream. The players' streams are seeded only
 * when a game first draws from one (`PlayMT`): a game whose decisions are all forced, or
 * that has none, never does, and its seeding was half the seeding's cost. */
#define SEED_GROUP MT_LANES
typedef struct {
    MT mt[SEED_GROUP];
    int64_t base; /* the group's first game; -1 before the first */
} SeedGroup;
typedef struct {
    SeedGroup deal, play;
    MTLanes lanes;
} Seeded;

/* this thread's groups (kept for its next batch), emptied for a batch starting */
static Seeded *seeded_start(void) {
    static __thread Seeded *mine;
    if (!mine && posix_memalign((void **)&mine, 64, sizeof *mine)) mine = NULL; /* MTVec rows: 32-byte aligned */
    if (mine) mine->deal.base = mine->play.base = -1;
    return mine;
}

/* game i's stream of one kind (of n games seeded `seeds`), from its group, seeding the
 * group of games [i, i + SEED_GROUP) when i is not in the one seeded last */
static MT *seeded_one(MTLanes *lanes, SeedGroup *grp, int64_t i, int64_t n, const uint64_t *seeds) {
    if (grp->base < 0 || i < grp->base || i >= grp->base + SEED_GROUP) {
        int m = (int)(n - i < SEED_GROUP ? n - i : SEED_GROUP);
        static int avx2 = -1;
        if (avx2 < 0) avx2 = __builtin_cpu_supports("avx2");
        if (m <= 4 || !avx2) { /* a few streams: the lanes (all of them) would cost more */
            int k = 0;
            for (; k + 1 < m; k += 2) mt_seed2(&grp->mt[k], seeds[i + k], &grp->mt[k + 1], seeds[i + k + 1]);
            if (k < m) mt_seed(&grp->mt[k], seeds[i + k]);
        } else {
            MT *dst[MT_LANES];
            for (int k = 0; k < m; k++) dst[k] = &grp->mt[k];
            mt_seed_lanes(lanes, dst, seeds + i, m);
        }
        grp->base = i;
    }
    return &grp->mt[i - grp->base];
}

static MT *seeded_deal(Seeded *s, int64_t i, int64_t n, const uint64_t *seeds) {
    return seeded_one(&s->lanes, &s->deal, i, n, seeds);
}

/* A game's players' stream: `mt`, or (NULL) game i's of a batch, seeded at its first use */
typedef struct {
    MT *mt;
    Seeded *s;
    int64_t i, n;
    const uint64_t *seeds;
} PlayMT;

static inline MT *play_mt(PlayMT *p) {
    if (__builtin_expect(!p->mt, 0)) p->mt = seeded_one(&p->s->lanes, &p->s->play, p->i, p->n, p->seeds);
    return p->mt;
}

/* The twist and its tempering, MT_CHUNK words at a time as the draws reach them: a game
 * draws some tens of words from each of its streams, and twisting all 624 words of a fresh
 * stream was a tenth of a short game's time. CPython's genrand_uint32 twists the words in
 * place in increasing order, word k reading words k + 1 and k + 397 (mod 624; those below k
 * already twisted), so twisting them in the same order a chunk at a time makes the same
 * words. Written without a table or a branch so that the compiler vectorises each part,
 * and out of line so that `mt_next` is a load. */
#define MT_MIX(u, v, w) ((w) ^ ((((u) & 0x80000000U) | ((v) & 0x7fffffffU)) >> 1) ^ (-((v) & 1U) & 0x9908b0dfU))
#define MT_CHUNK 64
static __attribute__((noinline, optimize("tree-vectorize"))) void mt_refill(MT *m) {
    uint32_t *x = m->mt;
    if (m->idx >= 624) m->idx = m->tw = 0; /* a round's words all drawn: the next round */
    int a = m->tw, b = a + MT_CHUNK < 624 ? a + MT_CHUNK : 624;
    int e1 = b < 624 - 397 ? b : 624 - 397;
    for (int k = a; k < e1; k++) x[k] = MT_MIX(x[k], x[k + 1], x[k + 397]);
    int e2 = b < 623 ? b : 623;
    for (int k = a > 624 - 397 ? a : 624 - 397; k < e2; k++) x[k] = MT_MIX(x[k], x[k + 1], x[k - (624 - 397)]);
    if (b == 624) x[623] = MT_MIX(x[623], x[0], x[396]);
    for (int k = a; k < b; k++) {
        uint32_t y = x[k];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        m->out[k] = y ^ (y >> 18);
    }
    m->tw = b;
}

static inline uint32_t mt_next(MT *m) {
    if (__builtin_expect(m->idx >= m->tw, 0)) mt_refill(m);
    return m->out[m->idx++];
}

/* a copy of the stream's state: what a copy will draw (the words not yet drawn) */
static void mt_copy(MT *dst, const MT *src) {
    memcpy(dst->mt, src->mt, sizeof dst->mt);
    dst->idx = src->idx;
    dst->tw = src->tw;
    if (src->idx < src->tw) memcpy(dst->out + src->idx, src->out + src->idx, sizeof(uint32_t) * (size_t)(src->tw - src->idx));
}

static inline uint64_t mt_getrandbits(MT *m, int k) {
    if (k <= 32) return mt_next(m) >> (32 - k);
    uint64_t lo = mt_next(m);
    uint64_t hi = mt_next(m) >> (64 - k);
    return lo | (hi << 32);
}

/* Random._randbelow_with_getrandbits(n), n >= 1 */
static inline uint64_t mt_below(MT *m, uint64_t n) {
    int k = 64 - __builtin_clzll(n);
    uint64_t r = mt_getrandbits(m, k);
    while (r >= n) r = mt_getrandbits(m, k);
    return r;
}

/* Random.shuffle: for i from n-1 down to 1, swap x[i] with x[_randbelow(i + 1)]. The
 * rejection of _randbelow is taken without a branch, word by word (a rejected word swaps
 * x[i] with itself and i stays): a quarter of the words are rejected, at random, and a
 * mispredicted branch for each cost more than the rest of the shuffle. */
static void mt_shuffle(MT *m, int32_t *x, int32_t n) {
    int32_t i = n - 1;
    while (i >= 1) {
        if (m->idx >= m->tw) mt_refill(m);
        int idx = m->idx, tw = m->tw;
        const uint32_t *o = m->out;
        while (idx < tw && i >= 1) {
            uint32_t below = (uint32_t)i + 1; /* i < 2^31: one word, k = 32 - clz bits */
            uint32_t r = o[idx++] >> __builtin_clz(below);
            int32_t ok = r < below;
            int32_t j = ok ? (int32_t)r : i;
            int32_t a = x[i], b = x[j];
            x[j] = a;
            x[i] = b;
            i -= ok;
        }
        m->idx = idx;
    }
}

/* ===================================================================== errors, arena */

#define ERR_CAPPED 1
#define ERR_GAME 2

static void fail(Game *g, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
static void fail(Game *g, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->errbuf, sizeof g->errbuf, fmt, ap);
    va_end(ap);
    g->err_kind = ERR_GAME;
    longjmp(*g->jb, 1);
}

/* The VM's own room (cards, locations, storages, memory) ran out: not the game's fault;
 * the caller lowers the game again with more room and replays (`NativeGame`). */
#define ERR_ROOM 3
static void room(Game *g, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
static void room(Game *g, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->errbuf, sizeof g->errbuf, fmt, ap);
    va_end(ap);
    g->err_kind = ERR_ROOM;
    longjmp(*g->jb, 1);
}

static void cap(Game *g) __attribute__((noreturn));
static void cap(Game *g) {
    g->err_kind = ERR_CAPPED;
    longjmp(*g->jb, 1);
}

#define CHUNK (1u << 20)

static void *amem_slow(Game *g, size_t n);

/* bump allocation in the current chunk (inline: most temporaries are a few bytes) */
static inline void *amem(Game *g, size_t n) {
    Arena *a = &g->arena;
    n = (n + 15) & ~(size_t)15;
    Chunk *c = a->head;
    if (__builtin_expect(!c || c->used + n > c->cap, 0)) return amem_slow(g, n);
    void *p = c->data + c->used;
    c->used += n;
    a->live += n;
    return p;
}

/* the next chunk of the chain (n rounded already) */
static __attribute__((noinline)) void *amem_slow(Game *g, size_t n) {
    Arena *a = &g->arena;
    Chunk *c = a->head;
    /* the next chunk of the chain, kept from an earlier game, or a new one */
    Chunk *nx = c ? c->next : a->first;
    if (nx && nx->cap >= n) {
        nx->used = 0;
        c = nx;
    } else {
        size_t cap_ = n > CHUNK ? n : CHUNK;
        if ((int64_t)(a->total + cap_) > g->arena_limit) {
            g->oom = 1;
            room(g, "native: out of memory (a game used more than %lld MB)", (long long)(g->arena_limit >> 20));
        }
        Chunk *fresh = malloc(sizeof(Chunk) + cap_);
        if (!fresh) fail(g, "native: out of memory");
        fresh->cap = cap_;
        fresh->used = 0;
        fresh->next = nx; /* a too-small kept chunk stays later in the chain */
        if (c)
            c->next = fresh;
        else
            a->first = fresh;
        a->total += cap_;
        c = fresh;
    }
    a->head = c;
    void *p = c->data + c->used;
    c->used += n;
    a->live += n;
    return p;
}

typedef struct {
    Chunk *head;
    size_t used, live;
} Mark;

static Mark arena_mark(Arena *a) {
    Mark m = {a->head, a->head ? a->head->used : 0, a->live};
    return m;
}

/* everything allocated since `m` is garbage: hand it out again */
static void arena_release(Arena *a, Mark m) {
    a->head = m.head;
    if (m.head) m.head->used = m.used;
    a->live = m.live;
}

static void arena_reset(Arena *a) {
    a->head = NULL;
    a->live = 0;
    if (a->first) a->first->used = 0;
    /* the chain is kept; amem walks it again from the first chunk */
}

static void arena_free(Arena *a) {
    Chunk *c = a->first;
    while (c) {
        Chunk *n = c->next;
        free(c);
        c = n;
    }
    a->first = a->head = NULL;
    a->total = 0;
}

static L lnew(Game *g, int32_t n) {
    L l;
    l.n = n;
    l.v = n > 0 ? amem(g, sizeof(int32_t) * (size_t)n) : NULL;
    return l;
}

static L lcopy(Game *g, L x) {
    L l = lnew(g, x.n);
    if (x.n) memcpy(l.v, x.v, sizeof(int32_t) * (size_t)x.n);
    return l;
}

static LL llnew(Game *g, int32_t n) {
    LL l;
    l.n = n;
    l.v = n > 0 ? amem(g, sizeof(L) * (size_t)n) : NULL;
    return l;
}

/* ===================================================================== state */

#define IMG(i) (g->img[(i)])

static inline int32_t in_range(int32_t n, int32_t cap) { return n < 0 ? 0 : n > cap ? cap : n; }

static inline int32_t *LOCV(State *st, int32_t s) { return st->cards + (size_t)s * (size_t)st->g->card_cap; }

/* Location s of st was just changed: it gets a stamp no contents had before. Stamps are
 * handed out by the game (one clock for all its states) and copied with a state, so two
 * states with one stamp at a slot hold the same cards there; 0, every slot's stamp in a new
 * game, is an empty location. A loop pass's memo (`afn_each_memo`) keys locations by it. */
static inline void TOUCH(State *st, int32_t s) { st->lstamp[s] = ++st->g->lclock; }

/* a storage write of a pass being recorded (`memo_pass`) */
static inline __attribute__((always_inline)) void memo_write(Game *g, int32_t kind, int64_t slot, int64_t v) {
    if (__builtin_expect(g->memo_on, 0)) { /* left on by an error in a pass: bounded, and reset by the next */
        int32_t i = g->memo_nw;
        if (i <= MEMO_WR) g->memo_nw = i + 1;
        if (i < MEMO_WR) {
            g->memo_wk[i] = kind;
            g->memo_ws[i] = (int32_t)slot;
            g->memo_wv[i] = v;
        }
    }
}


static size_t state_bytes(Game *g) {
    size_t n = sizeof(State);
    n += sizeof(int32_t) * (size_t)g->loc_cap;                          /* loclen */
    n += sizeof(int32_t) * (size_t)g->loc_cap * (size_t)g->card_cap;   /* cards */
    n += sizeof(int32_t) * (size_t)g->card_cap;                         /* where */
    n += sizeof(int64_t) * (size_t)g->int_cap;
    n += sizeof(uint64_t) * (size_t)g->loc_cap; /* lstamp */
    n += sizeof(int32_t) * (size_t)g->str_cap;
    n += sizeof(int32_t) * (size_t)g->pt_cap;
    n += sizeof(V) * (size_t)g->nvars;
    n += sizeof(int32_t) * (size_t)(g->ndecks + 1);
    return (n + 15) & ~(size_t)15;
}

static void state_wire(State *st) {
    Game *g = st->g;
    char *p = (char *)(st + 1);
    p = (char *)(((uintptr_t)p + 15) & ~(uintptr_t)15);
    st->env = (V *)p;
    p += sizeof(V) * (size_t)g->nvars;
    st->ints = (int64_t *)p;
    p += sizeof(int64_t) * (size_t)g->int_cap;
    st->lstamp = (uint64_t *)p;
    p += sizeof(uint64_t) * (size_t)g->loc_cap;
    st->loclen = (int32_t *)p;
    p += sizeof(int32_t) * (size_t)g->loc_cap;
    st->where = (int32_t *)p;
    p += sizeof(int32_t) * (size_t)g->card_cap;
    st->strs = (int32_t *)p;
    p += sizeof(int32_t) * (size_t)g->str_cap;
    st->pts = (int32_t *)p;
    p += sizeof(int32_t) * (size_t)g->pt_cap;
    st->deck_uses = (int32_t *)p;
    p += sizeof(int32_t) * (size_t)(g->ndecks + 1);
    st->cards = (int32_t *)p;
}

static State *state_alloc(Game *g, int main_state) {
    size_t n = state_bytes(g) + 16;
    State *st;
    if (main_state) { /* the played game's own state lives outside the arena (`gc_main`) */
        if (!g->main) g->main = malloc(n);
        if (!g->main) room(g, "native: out of memory");
        st = g->main;
    } else {
        st = amem(g, n);
    }
    memset(st, 0, sizeof(State));
    st->g = g;
    st->bytes = n;
    state_wire(st);
    return st;
}

/* memcpy of a few bytes (a multiple of 4), inline: a trial copies a dozen small pieces,
 * and each call of the library's memcpy cost more than its bytes did (Red7: 6% of its
 * time in memmove). The empty asm keeps the compiler from making the loop a memcpy call. */
static inline __attribute__((always_inline)) void copy_small(void *restrict d, const void *restrict s, size_t bytes) {
    if (bytes > 512) {
        memcpy(d, s, bytes);
        return;
    }
    size_t k = 0;
    for (; k + 16 <= bytes; k += 16) {
        __builtin_memcpy((char *)d + k, (const char *)s + k, 16);
        __asm__("" : "+r"(k));
    }
    for (; k < bytes; k += 4) {
        __builtin_memcpy((char *)d + k, (const char *)s + k, 4);
        __asm__("" : "+r"(k));
    }
}

/* `dst` (an allocation of its own `bytes`) becomes a copy of `src`: everything but the
 * cards beyond each location's length (no location exists beyond the layout's keys), and
 * the bindings only `with_env` (a trial's action runs on bindings of its own) */
static inline __attribute__((always_inline)) void state_copy_env(State *dst, const State *src, int with_env) {
    Game *g = src->g;
    size_t bytes = dst->bytes;
    /* the fields, then only the frames and turn cycles in use: the stacks' unused room
     * (nearly 2 KB) was most of a trial copy's bytes */
    memcpy(dst, src, offsetof(State, frames));
    copy_small(dst->frames, src->frames, sizeof(Frame) * (size_t)in_range(src->nframes, MAXFRAMES));
    copy_small(dst->pc, src->pc, sizeof src->pc[0] * (size_t)in_range(src->npc, MAXCYC));
    copy_small(dst->tc, src->tc, sizeof src->tc[0] * (size_t)in_range(src->ntc, MAXCYC));
    memcpy(&dst->loclen, &src->loclen, sizeof(State) - offsetof(State, loclen));
    dst->bytes = bytes;
    state_wire(dst);
    if (with_env) memcpy(dst->env, src->env, sizeof(V) * (size_t)g->nvars);
    /* storages up to this state's counts (`grow_storage` clears the rest when they grow):
     * the room left for storages named in play was half of a trial copy */
    copy_small(dst->ints, src->ints, sizeof(int64_t) * (size_t)in_range(src->nints, g->int_cap));
    copy_small(dst->loclen, src->loclen, sizeof(int32_t) * (size_t)g->loc_cap);
    copy_small(dst->lstamp, src->lstamp, sizeof(uint64_t) * (size_t)in_range(g->nloc_keys, g->loc_cap));
    copy_small(dst->where, src->where, sizeof(int32_t) * (size_t)g->ncards);
    copy_small(dst->strs, src->strs, sizeof(int32_t) * (size_t)in_range(src->nstrs, g->str_cap));
    copy_small(dst->pts, src->pts, sizeof(int32_t) * (size_t)in_range(src->npts, g->pt_cap));
    copy_small(dst->deck_uses, src->deck_uses, sizeof(int32_t) * (size_t)(g->ndecks + 1));
    for (int32_t s = 0; s < g->nloc_keys && s < g->loc_cap; s++)
        if (src->loclen[s]) copy_small(LOCV(dst, s), LOCV(src, s), sizeof(int32_t) * (size_t)src->loclen[s]);
}

static void state_copy(State *dst, const State *src) { state_copy_env(dst, src, 1); }

/* State.clone (with_env: its bindings too): the chance stream is shared (a trial) or
 * copied by the caller */
static inline __attribute__((always_inline)) State *state_clone_env(State *src, int with_env) {
    State *c = amem(src->g, src->bytes);
    c->bytes = src->bytes;
    state_copy_env(c, src, with_env);
    c->seen = NULL;
    return c;
}

static State *state_clone(State *src) { return state_clone_env(src, 1); }

/* State.assign (ensure keeps a trial): become `src`, keeping this state's cycle record */
static void state_assign(State *dst, State *src) {
    Seen *seen = dst->seen;
    state_copy(dst, src);
    dst->seen = seen;
}

static inline int64_t work4(State *st) { return st->past4 + 4 * st->steps; }

static void count_steps(State *st, int64_t k) {
    st->steps += k;
    if (st->steps > st->max_steps) cap(st->g);
}

/* ===================================================================== layouts */

static int32_t loc_lookup(Game *g, int64_t owner, int32_t vis, int32_t name, int32_t index) {
    for (int32_t i = 0; i < g->nloc_keys; i++) {
        LocKey *k = &g->loc_keys[i];
        if (k->owner == owner && k->vis == vis && k->name == name && k->index == index) return i;
    }
    if (g->nloc_keys >= g->loc_cap) room(g, "native: more than %d locations", g->loc_cap);
    LocKey *k = &g->loc_keys[g->nloc_keys];
    k->owner = owner;
    k->vis = vis;
    k->name = name;
    k->index = index;
    k->slot = g->nloc_keys;
    return g->nloc_keys++;
}

static int32_t sto_lookup(Game *g, int kind, int64_t owner, int32_t name) {
    int32_t cap_ = kind == 0 ? g->int_cap : kind == 1 ? g->str_cap : g->pt_cap;
    LocKey *ks = g->sto_keys[kind];
    for (int32_t i = 0; i < g->nsto_keys[kind]; i++)
        if (ks[i].owner == owner && ks[i].name == name) return i;
    if (g->nsto_keys[kind] >= cap_) room(g, "native: more than %d storages", cap_);
    LocKey *k = &ks[g->nsto_keys[kind]];
    k->owner = owner;
    k->name = name;
    k->vis = kind;
    k->index = 0;
    return g->nsto_keys[kind]++;
}

/* State.grow_locs / grow_storage: a state learns slots made since it was created */
static void grow_locs(State *st) { st->nlocs = st->g->nloc_keys; }
/* A state's storages beyond its own counts are not copied with it (`state_copy`): the
 * slots it learns start empty here, as Python's grown lists do. Storage slots are never
 * values (no variable holds one), so none is read or written before its state grows. */
static void grow_storage(State *st) {
    Game *g = st->g;
    for (int32_t i = in_range(st->nints, g->int_cap); i < in_range(g->nsto_keys[0], g->int_cap); i++) st->ints[i] = 0;
    for (int32_t i = in_range(st->nstrs, g->str_cap); i < in_range(g->nsto_keys[1], g->str_cap); i++) st->strs[i] = 0;
    for (int32_t i = in_range(st->npts, g->pt_cap); i < in_range(g->nsto_keys[2], g->pt_cap); i++) st->pts[i] = -1;
    st->nints = g->nsto_keys[0];
    st->nstrs = g->nsto_keys[1];
    st->npts = g->nsto_keys[2];
}

/* ===================================================================== point maps */

static uint64_t hash_ints(const int32_t *v, int32_t n, uint64_t h) {
    for (int32_t i = 0; i < n; i++) {
        h ^= (uint64_t)(uint32_t)v[i] + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9ULL;
    }
    return h;
}

/* The point map described by key = [nawards, (ncond, (k, v)*, pts_lo, pts_hi)*]; interned
 * per game (Python memoises scorers by the same description). */
static int32_t pm_intern(Game *g, const int32_t *key, int32_t keylen) {
    uint64_t h = hash_ints(key, keylen, 1469598103934665603ULL);
    for (int32_t i = 0; i < g->npm; i++)
        if (g->pm[i].hash == h && g->pm[i].keylen == keylen && !memcmp(g->pm[i].key, key, sizeof(int32_t) * (size_t)keylen)) return i;
    if (g->npm >= g->pm_cap) {
        int32_t nc = g->pm_cap ? g->pm_cap * 2 : 16;
        if (nc > 100000) fail(g, "native: more than 100,000 point maps");
        PointMap *np_ = realloc(g->pm, sizeof(PointMap) * (size_t)nc);
        if (!np_) fail(g, "native: out of memory");
        g->pm = np_;
        g->pm_cap = nc;
    }
    PointMap *pm = &g->pm[g->npm];
    memset(pm, 0, sizeof *pm);
    pm->hash = h;
    pm->keylen = keylen;
    pm->key = malloc(sizeof(int32_t) * (size_t)keylen);
    pm->cache = malloc(sizeof(int32_t) * (size_t)g->card_cap);
    pm->nawards = key[0];
    pm->aw = malloc(sizeof(Award) * (size_t)(key[0] > 0 ? key[0] : 1));
    if (!pm->key || !pm->cache || !pm->aw) fail(g, "native: out of memory");
    memcpy(pm->key, key, sizeof(int32_t) * (size_t)keylen);
    for (int32_t c = 0; c < g->card_cap; c++) pm->cache[c] = INT32_MIN;
    int32_t p = 1;
    for (int32_t a = 0; a < key[0]; a++) {
        Award *aw = &pm->aw[a];
        aw->ncond = pm->key[p++];
        aw->cond = &pm->key[p];
        p += 2 * aw->ncond;
        aw->pts = (int64_t)(((uint64_t)(uint32_t)pm->key[p + 1] << 32) | (uint32_t)pm->key[p]);
        p += 2;
    }
    return g->npm++;
}

/* _PointTable.__missing__: the sum of the awards whose (attribute, value) conditions the
 * card meets; an attribute no deck has never matches. */
static int64_t pm_score_new(Game *g, int32_t pm, int32_t card) {
    PointMap *m = &g->pm[pm];
    __int128 v = 0; /* _PointTable.__missing__: beyond 64 bits an error */
    for (int32_t a = 0; a < m->nawards; a++) {
        Award *aw = &m->aw[a];
        int ok = 1;
        for (int32_t c = 0; c < aw->ncond && ok; c++) {
            int32_t key = aw->cond[2 * c], val = aw->cond[2 * c + 1];
            int32_t at = (key >= 0 && key < g->nstr) ? g->str_attr[key] : -1;
            if (at < 0 || card >= g->ncards || g->attr[(size_t)at * (size_t)g->card_cap + (size_t)card] != val) ok = 0;
        }
        if (ok) v += aw->pts;
    }
    if (v < INT64_MIN || v > INT64_MAX) fail(g, "(points of a card): integer overflow (beyond 64 bits)");
    if (v >= INT32_MIN + 1 && v <= INT32_MAX) m->cache[card] = (int32_t)v;
    return (int64_t)v;
}

/* a card's points, from the map's cache once it is known (inline: scores are leaves) */
static inline int64_t pm_score(Game *g, int32_t pm, int32_t card) {
    if (pm < 0 || card < 0) return 0;
    int32_t cached = g->pm[pm].cache[card];
    return cached != INT32_MIN ? cached : pm_score_new(g, pm, card);
}

static inline int32_t pm_of(State *st, int64_t slot) {
    if (slot < 0 || slot >= st->g->pt_cap) fail(st->g, "native: point map slot out of range");
    return st->pts[slot];
}

/* ===================================================================== expressions */

static V ev(State *st, V *env, int32_t off);

static inline int32_t *C(Game *g, int32_t off) {
    if (off <= 0 || off >= g->codelen) fail(g, "native: bad code offset");
    return (int32_t *)&GCODE(g)[off];
}

/* An integer-valued node is evaluated through the game's table of evaluators, one per node
 * offset, chosen for the node's opcode and its children's shapes when it is first reached
 * (`fn_resolve`, after `ev`): a node costs one indirect call to a small function, where
 * `ev`'s switch costs the prologue of a large one, and the commonest shapes (a storage
 * read, a comparison with a constant, the size of a named location) are one call, not
 * three or four. Static slots are checked once, when the shape is chosen. */
static inline int64_t evi(State *st, V *env, int32_t off) {
    Game *g = st->g;
#ifdef EVOGAME_TIER2
    /* a constant offset with a function of its own: a direct call */
    if (__builtin_constant_p(off) && off > 0 && off < T2_CODELEN && T2_IFN[off]) return T2_IFN[off](st, env, T2_IMG + off);
#endif
    if (off <= 0 || off >= g->codelen) fail(g, "native: bad code offset");
    HIT(off);
    return g->ifn[off](st, env, GCODE(g) + off);
}

static int32_t chk_slot(State *st, int64_t s);

static inline __attribute__((always_inline)) L evl(State *st, V *env, int32_t off) {
    Game *g = st->g;
    const int32_t *n = C(g, off);
#ifdef EVOGAME_TIER2
    if (T2_LFN[off]) return T2_LFN[off](st, env, n).l; /* a constant offset: a direct call */
#endif
    HIT(off);
    if (n[0] == OP_LOCCARDS) {
        int32_t s = chk_slot(st, evi(st, env, n[1]));
        L l = {st->loclen[s], st->cards + (size_t)s * (size_t)g->card_cap};
        return l;
    }
    if (n[0] == OP_VAR) return env[n[1]].l;
    if (n[0] == OP_ALLP) { /* the players of every (all player 'P ...): not worth ev's switch */
        L l = {g->nplayers, g->allp};
        return l;
    }
    return ev(st, env, off).l;
}

static inline LL evll(State *st, V *env, int32_t off) {
#ifdef EVOGAME_TIER2
    if (off > 0 && off < T2_CODELEN && T2_LFN[off]) return T2_LFN[off](st, env, T2_IMG + off).ll;
#endif
    return ev(st, env, off).ll;
}

static int64_t pymod(int64_t x, int64_t n) {
    int64_t r = x % n;
    return r < 0 ? r + n : r;
}

/* the next of a cycle [current, queued next] of n seats or teams (x_RelPlayer's NEXT) */
static inline int64_t cycle_next(const int32_t *c, int32_t n) { return c[1] >= 0 ? c[1] : (c[0] + 1) % n; }

static V vi(int64_t i) {
    V v;
    v.ll.v = NULL;
    v.i = i;
    return v;
}
static V vl(L l) {
    V v;
    v.l = l;
    return v;
}
static V vll(LL l) {
    V v;
    v.ll = l;
    return v;
}

static int32_t chk_slot(State *st, int64_t s) {
    if (s < 0 || s >= st->g->loc_cap) fail(st->g, "native: location slot out of range");
    return (int32_t)s;
}

/* a collection's members as scalars, or as lists (is_ll) */
typedef struct {
    int32_t n;
    int is_ll;
    L l;
    LL ll;
} Coll;

/* inlined: a 40-byte struct returned by value was assembled in memory with 4-byte stores
 * and read back with 16-byte loads, a stalled store forward each (Red7: 12% of its time) */
static inline __attribute__((always_inline)) Coll coll_of(State *st, V *env, int32_t off, int is_ll) {
    Coll c;
    c.is_ll = is_ll;
    if (is_ll) {
        c.ll = evll(st, env, off);
        c.n = c.ll.n;
        c.l.n = 0;
        c.l.v = NULL;
    } else {
        c.l = evl(st, env, off);
        c.n = c.l.n;
        c.ll.n = 0;
        c.ll.v = NULL;
    }
    return c;
}

static Coll coll_copy(Game *g, Coll c) {
    if (c.is_ll) {
        LL x = llnew(g, c.n);
        if (c.n) memcpy(x.v, c.ll.v, sizeof(L) * (size_t)c.n);
        c.ll = x;
    } else {
        c.l = lcopy(g, c.l);
    }
    return c;
}

/* a binder's slot is checked where it is bound (an image is data: it may be corrupt) */
static inline void bind(Game *g, V *env, int32_t var, Coll c, int32_t j) {
    if (__builtin_expect((uint32_t)var >= (uint32_t)g->nvars, 0)) fail(g, "native: bad variable");
    if (c.is_ll)
        env[var] = vl(c.ll.v[j]);
    else
        env[var] = vi(c.l.v[j]);
}

static L score_cards_sorted_stable(State *st, L cards, int32_t pm) {
    /* sorted(cards, key=score): a stable insertion sort (lists are hands, small) */
    Game *g = st->g;
    L out = lcopy(g, cards);
    int64_t *key = amem(g, sizeof(int64_t) * (size_t)(out.n + 1));
    for (int32_t i = 0; i < out.n; i++) key[i] = pm_score(g, pm, out.v[i]);
    for (int32_t i = 1; i < out.n; i++) {
        int32_t c = out.v[i];
        int64_t k = key[i];
        int32_t j = i - 1;
        while (j >= 0 && key[j] > k) {
            out.v[j + 1] = out.v[j];
            key[j + 1] = key[j];
            j--;
        }
        out.v[j + 1] = c;
        key[j + 1] = k;
    }
    return out;
}

/* ops.union: all cards of the parts in order, each once (one part: itself) */
static L set_union(Game *g, L *parts, int32_t n) {
    if (n == 1) return parts[0];
    int32_t tot = 0;
    for (int32_t i = 0; i < n; i++) tot += parts[i].n;
    L out = lnew(g, tot);
    int32_t k = 0;
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = 0; j < parts[i].n; j++) {
            int32_t c = parts[i].v[j];
            int dup = 0;
            for (int32_t m = 0; m < k; m++)
                if (out.v[m] == c) {
                    dup = 1;
                    break;
                }
            if (!dup) out.v[k++] = c;
        }
    out.n = k;
    return out;
}

static int l_has(L l, int32_t c) {
    for (int32_t i = 0; i < l.n; i++)
        if (l.v[i] == c) return 1;
    return 0;
}

static L set_op(Game *g, int op, L *parts, int32_t n) {
    if (op == 0) return set_union(g, parts, n);
    if (op == 1) { /* intersection, in the order of the first part */
        if (n == 0) return lnew(g, 0);
        L out = lnew(g, parts[0].n);
        int32_t k = 0;
        for (int32_t j = 0; j < parts[0].n; j++) {
            int32_t c = parts[0].v[j];
            int all = 1;
            for (int32_t i = 1; i < n && all; i++) all = l_has(parts[i], c);
            if (all) out.v[k++] = c;
        }
        out.n = k;
        return out;
    }
    /* disjunction: cards in exactly one part, in first-seen order */
    int32_t tot = 0;
    for (int32_t i = 0; i < n; i++) tot += parts[i].n;
    L seen = lnew(g, tot);
    int32_t *cnt = amem(g, sizeof(int32_t) * (size_t)(tot + 1));
    int32_t k = 0;
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = 0; j < parts[i].n; j++) {
            int32_t c = parts[i].v[j];
            int dup_in_part = 0;
            for (int32_t m = 0; m < j; m++)
                if (parts[i].v[m] == c) dup_in_part = 1;
            if (dup_in_part) continue;
            int32_t m;
            for (m = 0; m < k; m++)
                if (seen.v[m] == c) break;
            if (m == k) {
                seen.v[k] = c;
                cnt[k++] = 1;
            } else {
                cnt[m]++;
            }
        }
    L out = lnew(g, k);
    int32_t o = 0;
    for (int32_t m = 0; m < k; m++)
        if (cnt[m] == 1) out.v[o++] = seen.v[m];
    out.n = o;
    return out;
}

/* ops.extreme: most (least) points, ties broken at random (a chance event) */
static int32_t extreme(State *st, int32_t pm, L cards, int want_max) {
    Game *g = st->g;
    if (!cards.n) return NONE_CARD;
    st->past4 += 4 * (cards.n >> 2);
    int64_t best = 0;
    int32_t *tied = amem(g, sizeof(int32_t) * (size_t)cards.n);
    int32_t nt = 0;
    for (int32_t i = 0; i < cards.n; i++) {
        int64_t v = pm_score(g, pm, cards.v[i]);
        if (nt == 0 || (want_max ? v > best : v < best)) {
            best = v;
            nt = 0;
            tied[nt++] = cards.v[i];
        } else if (v == best) {
            tied[nt++] = cards.v[i];
        }
    }
    if (nt == 1) return tied[0];
    st->entropy += 1;
    return tied[mt_below(st->rng, (uint64_t)nt)];
}

/* RECYCLE's integers are signed 64-bit: a result beyond them ends the game with this
 * error, worded as the Python engine's `ops.overflow` words it (docs/language.md) */
#define OVERFLOW "integer overflow (beyond 64 bits)"

static L team_members(Game *g, int64_t t) {
    if (t < 0 || t >= g->nteams) fail(g, "internal error IndexError: list index out of range");
    L l;
    l.n = g->team_start[t + 1] - g->team_start[t];
    l.v = (int32_t *)&g->team_members[g->team_start[t]];
    return l;
}

static int32_t attr_of(Game *g, int32_t at, int64_t card) {
    if (at < 0 || card < 0 || card >= g->ncards) return 0; /* "" */
    return g->attr[(size_t)at * (size_t)g->card_cap + (size_t)card];
}

#ifdef EVOGAME_PROFILE
int64_t vm_op_counts[256];
/* The listing's counters (bench/bench_listing.py reads them; vm_lc_names says what each
 * is). A `*_tsc` counter sums time-stamp-counter ticks: wall cycles, descheduled time
 * included, so only their ratios mean anything on a loaded machine. */
int64_t vm_lc[32];
int64_t vm_lc_coll[256], vm_lc_coll_tsc[256]; /* per opcode of an `any` item's collection */
const char *vm_lc_names = "listings,listings_tsc,options,one_option_listings,guards,guards_true,guards_tsc,"
                          "anys,any_members,anys_tsc,ensures,ensure_trials,ensure_trials_tsc,leaves,leaves_kept,"
                          "walks,walks_tsc,rollouts,rollout_decisions,rollout_options,rollout_score_checks,rollouts_tsc";
enum { LC_LIST, LC_LIST_T, LC_OPTS, LC_ONE, LC_GUARD, LC_GUARD_TRUE, LC_GUARD_T, LC_ANY, LC_ANY_MEM, LC_ANY_T, LC_ENS, LC_ENS_TRIAL,
       LC_ENS_T, LC_LEAF, LC_LEAF_KEPT, LC_WALK, LC_WALK_T, LC_ROLL, LC_ROLL_DEC, LC_ROLL_OPTS, LC_ROLL_SCORE, LC_ROLL_T };
static inline uint64_t lc_tsc(void) { return __builtin_ia32_rdtsc(); }
#define LC(i, v) (vm_lc[(i)] += (int64_t)(v))
#define LC_T0(t) uint64_t t = lc_tsc()
#define LC_T(i, t) (vm_lc[(i)] += (int64_t)(lc_tsc() - (t)))
#else
#define LC(i, v) ((void)0)
#define LC_T0(t) ((void)0)
#define LC_T(i, t) ((void)0)
#endif

/* A child of a node whose evaluator was chosen by `fn_choose`: its offset was checked then */
#define EVK(st, env, off) (HIT(off), IFN_AT(st, off)((st), (env), GCODE((st)->g) + (off)))

/* One body per opcode (issue 37): the case of `ev_at` or `run_switch` and the node's own
 * function (`fn_choose`, `afn_choose`: fn_rdint, afn_move, ...) call the same body. K = 1
 * in the node's own function, whose children's offsets the chooser checked (EVK, RUNK:
 * direct calls through the tables); K = 0 in the switch, which checks each offset as it
 * goes (evi, run). The bodies are inlined with K and their flags constant, so each caller
 * keeps only its own calls. */
#define BODY static inline __attribute__((always_inline))
#define EVQ(K, st, env, off) ((K) ? EVK(st, env, off) : evi(st, env, off))

/* (other player) and (other team) are made once per seat in `vm_new` up to this many seats */
#define OTHERS_MAX 64

/* the overflow error of (op a b), out of the evaluators' hot paths */
static void overflow2(Game *g, const char *op, int64_t a, int64_t b) __attribute__((noreturn, cold, noinline));
static void overflow2(Game *g, const char *op, int64_t a, int64_t b) { fail(g, "(%s %lld %lld): " OVERFLOW, op, (long long)a, (long long)b); }

/* (op a b) for arith's opcode n[1]: + - * / % ^ (ops.add, sub, mul, quot, mod, power) */
static inline __attribute__((always_inline)) int64_t arith(Game *g, int32_t op, int64_t a, int64_t b) {
    int64_t r;
    switch (op) {
    case 0:
        if (__builtin_add_overflow(a, b, &r)) overflow2(g, "+", a, b);
        return r;
    case 1:
        if (__builtin_sub_overflow(a, b, &r)) overflow2(g, "-", a, b);
        return r;
    case 2:
        if (__builtin_mul_overflow(a, b, &r)) overflow2(g, "*", a, b);
        return r;
    case 3: /* truncates toward zero (C#); x // 0 = 0; INT64_MIN // -1 is 2^63 */
        if (!b) return 0;
        if (a == INT64_MIN && b == -1) overflow2(g, "//", a, b);
        return a / b;
    case 4:
        if (!b || b == -1) return 0;
        return a % b;
    default: {
        if (b < 0 || b > 64) fail(g, "(^ %lld %lld): the exponent must be in 0..64", (long long)a, (long long)b);
        /* the partial powers grow in magnitude, so one beyond 64 bits means the result is */
        int64_t p = 1;
        for (int64_t i = 0; i < b; i++)
            if (__builtin_mul_overflow(p, a, &p)) overflow2(g, "^", a, b);
        return p;
    }
    }
}

/* (inc S v) or (dec S v) of storage *p: the storage keeps its value on an overflow */
static inline __attribute__((always_inline)) void incdec(Game *g, int64_t *p, int64_t v, int inc) {
    int64_t r;
    if (inc ? __builtin_add_overflow(*p, v, &r) : __builtin_sub_overflow(*p, v, &r))
        overflow2(g, inc ? "inc" : "dec", *p, v);
    *p = r;
}

/* (sum|max|min coll 'V value), for `ev` (checked 0: each child's offset checked as it is
 * evaluated) and for the node's own evaluator (checked 1: `fn_choose` checked them once) */
static inline __attribute__((always_inline)) int64_t aggint(State *st, V *env, const int32_t *n, int checked) {
    Game *g = st->g;
    Coll c = coll_of(st, env, n[2], n[5]);
    int32_t kind = n[1];
    if (kind == 0) {
        __int128 sum = 0; /* ops.total: the sum's bounds, not a partial sum's */
        for (int32_t j = 0; j < c.n; j++) {
            bind(g, env, n[3], c, j);
            sum += checked ? EVK(st, env, n[4]) : evi(st, env, n[4]); /* at most 2^31 items of at most 2^63: no 128-bit overflow */
        }
        st->past4 += 4 * (int64_t)c.n;
        if (sum < INT64_MIN || sum > INT64_MAX) fail(g, "(sumof ...): " OVERFLOW);
        return (int64_t)sum;
    }
    int64_t acc = 0;
    for (int32_t j = 0; j < c.n; j++) {
        bind(g, env, n[3], c, j);
        int64_t v = checked ? EVK(st, env, n[4]) : evi(st, env, n[4]);
        if (j == 0 || (kind == 1 ? v > acc : v < acc)) acc = v;
    }
    st->past4 += 4 * (int64_t)c.n;
    return acc;
}

/* (any|all coll 'V cond), likewise */
static inline __attribute__((always_inline)) int64_t aggbool(State *st, V *env, const int32_t *n, int checked) {
    Game *g = st->g;
    Coll c = coll_of(st, env, n[2], n[6]);
    if (n[5]) st->past4 += 4 * (c.n >> 2);
    for (int32_t j = 0; j < c.n; j++) {
        bind(g, env, n[3], c, j);
        int r = (checked ? EVK(st, env, n[4]) : evi(st, env, n[4])) != 0;
        if (n[1] && r) return 1;
        if (!n[1] && !r) return 0;
    }
    return n[1] ? 0 : 1;
}

/* (partition attr parts...) and (partition attr sets): the groups of cards by attr's value */
static inline __attribute__((always_inline)) V partition_of(State *st, V *env, const int32_t *n) {
    Game *g = st->g;
    int32_t attr = (int32_t)evi(st, env, n[1]);
    LL parts;
    L one;
    if (n[0] == OP_PARTITION && n[2] == 1) { /* the commonest: one collection */
        one = evl(st, env, n[3]);
        parts.n = 1;
        parts.v = &one;
    } else if (n[0] == OP_PARTITION) {
        parts = llnew(g, n[2]);
        for (int32_t i = 0; i < n[2]; i++) parts.v[i] = evl(st, env, n[3 + i]);
    } else {
        parts = evll(st, env, n[2]);
    }
    int32_t at = (attr >= 0 && attr < g->nstr) ? g->str_attr[attr] : -1;
    int32_t tot = 0;
    for (int32_t i = 0; i < parts.n; i++) tot += parts.v[i].n;
    /* groups in order of first appearance, members in order: each card's group is found
     * once (gi), then the groups are laid out one after another in one list's memory */
    int32_t *scratch = amem(g, sizeof(int32_t) * (size_t)(3 * tot + 1));
    int32_t *gi = scratch, *gv = scratch + tot, *gc = scratch + 2 * tot;
    int32_t ng = 0, k = 0;
    for (int32_t i = 0; i < parts.n; i++)
        for (int32_t j = 0; j < parts.v[i].n; j++) {
            int32_t v = at < 0 ? 0 : attr_of(g, at, parts.v[i].v[j]);
            int32_t m = 0;
            while (m < ng && gv[m] != v) m++;
            if (m == ng) {
                gv[ng] = v;
                gc[ng++] = 0;
            }
            gc[m]++;
            gi[k++] = m;
        }
    st->past4 += 4 * (tot >> 3);
    LL out = llnew(g, ng);
    L all = lnew(g, tot);
    for (int32_t m = 0, at0 = 0; m < ng; m++) {
        out.v[m].v = all.v + at0;
        out.v[m].n = 0;
        at0 += gc[m];
    }
    k = 0;
    for (int32_t i = 0; i < parts.n; i++)
        for (int32_t j = 0; j < parts.v[i].n; j++) {
            L *grp = &out.v[gi[k++]];
            grp->v[grp->n++] = parts.v[i].v[j];
        }
    return vll(out);
}

/* (filter coll 'V cond), for `ev` (checked 0) and for the node's own function in the
 * compiled tier (checked 1: `lfn_choose` checked the condition's offset once) */
static inline __attribute__((always_inline)) V filter_of(State *st, V *env, const int32_t *n, int checked) {
    Game *g = st->g;
    Coll c = coll_of(st, env, n[1], n[5]);
    if (n[4]) st->past4 += 4 * (c.n >> 2);
    /* one loop for both kinds (is_ll is a constant where the node is) */
    V out = c.is_ll ? vll(llnew(g, c.n)) : vl(lnew(g, c.n));
    int32_t k = 0;
    for (int32_t j = 0; j < c.n; j++) {
        bind(g, env, n[2], c, j);
        if (!(checked ? EVK(st, env, n[3]) : evi(st, env, n[3]))) continue;
        if (c.is_ll)
            out.ll.v[k++] = c.ll.v[j];
        else
            out.l.v[k++] = c.l.v[j];
    }
    if (c.is_ll)
        out.ll.n = k;
    else
        out.l.n = k;
    return out;
}

/* node off is (cardatt A 'V), 'V the binding var (offsets checked by `filter_att_shape`) */
static inline int att_of_var(const int32_t *code, int32_t off, int32_t var) {
    const int32_t *a = code + off;
    return a[0] == OP_ATT && code[a[2]] == OP_VAR && code[a[2] + 1] == var;
}

/* (filter cards 'V (OP (cardatt A 'V) X)), or (OP X (cardatt A 'V)), where X does not read
 * 'V (`filter_att_shape`): X is evaluated once, then each card's attribute is compared with
 * it. The cards are not bound to 'V in turn: 'V is read only inside the condition. X is
 * evaluated only when there is a card, where the condition would first have been. */
static inline __attribute__((always_inline)) V filter_att_of(State *st, V *env, const int32_t *n) {
    Game *g = st->g;
    const int32_t *code = GCODE(g), *cmp = code + n[3];
    L c = evl(st, env, n[1]);
    if (n[4]) st->past4 += 4 * (c.n >> 2);
    L out = lnew(g, c.n);
    int32_t k = 0;
    if (c.n) {
        int left = att_of_var(code, cmp[2], n[2]); /* which side is the card's attribute */
        const int32_t *att = code + cmp[left ? 2 : 3];
        int64_t x = evi(st, env, cmp[left ? 3 : 2]);
        const int32_t *row = g->attr + (size_t)att[1] * (size_t)g->card_cap;
        int32_t op = cmp[1];
        for (int32_t j = 0; j < c.n; j++) {
            int32_t card = c.v[j];
            int64_t a = card >= 0 && card < g->ncards ? row[card] : 0, l = left ? a : x, r = left ? x : a;
            int keep = op == 0 ? l == r : op == 1 ? l != r : op == 2 ? l < r : op == 3 ? l > r : op == 4 ? l <= r : l >= r;
            out.v[k] = card; /* kept or not, without a branch: a card's suit is a coin toss */
            k += keep;
        }
    }
    out.n = k;
    return vl(out);
}

/* --- one body per expression opcode: `ev_at`'s case and the node's own function (`BODY`) */

BODY int64_t ebody_locp(State *st, V *env, const int32_t *n, int K) { /* owner slots... */
    int64_t o = EVQ(K, st, env, n[1]);
    if (o < 0 || o >= st->g->nplayers) fail(st->g, "internal error IndexError: list index out of range");
    return n[2 + o];
}

BODY int64_t ebody_stop(State *st, V *env, const int32_t *n, int K) { /* kind owner n slots... */
    int64_t o = EVQ(K, st, env, n[2]);
    if (o < 0 || o >= n[3]) fail(st->g, "internal error IndexError: list index out of range");
    return n[4 + o];
}

BODY int64_t ebody_rdint(State *st, V *env, const int32_t *n, int K) {
    int64_t s = EVQ(K, st, env, n[1]);
    if (s < 0 || s >= st->g->int_cap) fail(st->g, "native: storage slot out of range");
    return st->ints[s];
}

BODY int64_t ebody_rdstr(State *st, V *env, const int32_t *n, int K) {
    int64_t s = EVQ(K, st, env, n[1]);
    if (s < 0 || s >= st->g->str_cap) fail(st->g, "native: storage slot out of range");
    return st->strs[s];
}

/* (op a b): `op` as `arith` numbers it (0 +, 1 -, 2 *, then / % ^) */
BODY int64_t ebody_arith(State *st, V *env, const int32_t *n, int32_t op, int K) {
    int64_t a = EVQ(K, st, env, n[2]), b = EVQ(K, st, env, n[3]);
    return arith(st->g, op, a, b);
}

/* (op a b), op 0 == 1 != 2 < 3 > 4 <= 5 >=; `k`: b is a constant kept in g->kval */
BODY int64_t ebody_cmp(State *st, V *env, const int32_t *n, int32_t op, int K, int k) {
    int64_t a = EVQ(K, st, env, n[2]);
    int64_t b = k ? st->g->kval[n[3]] : EVQ(K, st, env, n[3]);
    switch (op) {
    case 0:
        return a == b;
    case 1:
        return a != b;
    case 2:
        return a < b;
    case 3:
        return a > b;
    case 4:
        return a <= b;
    default:
        return a >= b;
    }
}

BODY int64_t ebody_and(State *st, V *env, const int32_t *n, int K) {
    UNROLL for (int32_t i = 0; i < n[1]; i++)
        if (!EVQ(K, st, env, n[2 + i])) return 0;
    return 1;
}

BODY int64_t ebody_or(State *st, V *env, const int32_t *n, int K) {
    UNROLL for (int32_t i = 0; i < n[1]; i++)
        if (EVQ(K, st, env, n[2 + i])) return 1;
    return 0;
}

BODY int64_t ebody_att(State *st, V *env, const int32_t *n, int K) { return attr_of(st->g, n[1], EVQ(K, st, env, n[2])); }

/* (score card pts): ops.score, a quarter of work; the point map first, then the card */
BODY int64_t ebody_score(State *st, V *env, const int32_t *n, int K) {
    int32_t pm = pm_of(st, EVQ(K, st, env, n[2]));
    int64_t card = EVQ(K, st, env, n[1]);
    st->past4 += 1;
    return card < 0 ? 0 : pm_score(st->g, pm, (int32_t)card);
}

/* a condition recording the value it took (coverage.CoverageCompiler) */
BODY int64_t ebody_cov(State *st, V *env, const int32_t *n, int K) {
    int64_t v = EVQ(K, st, env, n[2]);
    if (n[1] >= 0 && n[1] < st->g->ncov) st->g->cov[n[1]] |= v ? 2 : 1;
    return v;
}

static inline __attribute__((always_inline)) V ev_at(State *st, V *env, const int32_t *n, int32_t off);
static int filter_att_shape(Game *g, const int32_t *n);

static V ev(State *st, V *env, int32_t off) {
    Game *g = st->g;
    const int32_t *n = C(g, off);
#ifdef EVOGAME_TIER2
    if (T2_LFN[off]) return T2_LFN[off](st, env, n);
#endif
    g->lseen[off] |= LSEEN_L; /* for the compiled tier's list (`lfn_choose`) */
    HIT(off);
    return ev_at(st, env, n, off);
}

/* the node n (at offset off): `ev`'s body, inlined where the node is a constant (the compiled
 * tier's own functions: `fn_ev`, `lfn_ev`), so that the compiler keeps only its case */
static inline __attribute__((always_inline)) V ev_at(State *st, V *env, const int32_t *n, int32_t off) {
    Game *g = st->g;
    (void)off;
#ifdef EVOGAME_PROFILE
    vm_op_counts[n[0] & 255]++;
#endif
    switch (n[0]) {
    case OP_INT:
        return vi(n[1]);
    case OP_INT64:
        return vi((int64_t)(((uint64_t)(uint32_t)n[2] << 32) | (uint32_t)n[1]));
    case OP_STR:
        return vi(n[1]);
    case OP_VAR:
        if (n[1] < 0 || n[1] >= g->nvars) fail(g, "native: bad variable");
        return env[n[1]];
    case OP_GAME:
        return vi(-1);
    case OP_PCUR:
        return vi(st->pc[st->npc - 1][0]);
    case OP_PNEXT:
        return vi(cycle_next(st->pc[st->npc - 1], g->nplayers));
    case OP_PPREV:
        return vi(pymod(st->pc[st->npc - 1][0] - 1, g->nplayers));
    case OP_NUMP:
        return vi(pymod(evi(st, env, n[1]), g->nplayers));
    case OP_OWNER: {
        int64_t c = evi(st, env, n[1]);
        if (c < 0) fail(g, "(owner ...) of no card");
        if (c >= g->ncards || st->where[c] < 0 || st->where[c] >= g->nloc_keys) fail(g, "native: bad card");
        int64_t o = g->loc_keys[st->where[c]].owner;
        if (o < 0 || o >= TEAM_BASE) fail(g, "(owner ...) of a card on the table");
        return vi(o);
    }
    case OP_TCUR:
        return vi(st->tc[st->ntc - 1][0]);
    case OP_TNEXT:
        return vi(cycle_next(st->tc[st->ntc - 1], g->nteams));
    case OP_TPREV:
        return vi(pymod(st->tc[st->ntc - 1][0] - 1, g->nteams));
    case OP_NUMT:
        return vi(pymod(evi(st, env, n[1]), g->nteams));
    case OP_TEAMOF: {
        int64_t p = evi(st, env, n[1]);
        if (p < 0 || p >= g->nplayers) fail(g, "internal error IndexError: list index out of range");
        return vi(g->team_of[p]);
    }
    case OP_ALLP: {
        L l = {g->nplayers, g->allp};
        return vl(l);
    }
    case OP_ALLT: {
        L l = {g->nteams, g->allt};
        return vl(l);
    }
    case OP_OTHP: {
        int32_t cur = st->pc[st->npc - 1][0];
        if (cur >= 0 && cur < g->nplayers && g->nplayers <= OTHERS_MAX) { /* made once per seat (`vm_new`): lists are values */
            L o = {g->nplayers - 1, g->othp + (size_t)cur * (size_t)g->nplayers};
            return vl(o);
        }
        L l = lnew(g, g->nplayers - 1);
        int32_t k = 0;
        for (int32_t p = 0; p < g->nplayers; p++)
            if (p != cur && k < l.n) l.v[k++] = p;
        l.n = k;
        return vl(l);
    }
    case OP_OTHT: {
        int32_t cur = st->tc[st->ntc - 1][0];
        if (cur >= 0 && cur < g->nteams && g->nteams <= OTHERS_MAX) {
            L o = {g->nteams - 1, g->otht + (size_t)cur * (size_t)g->nteams};
            return vl(o);
        }
        L l = lnew(g, g->nteams);
        int32_t k = 0;
        for (int32_t t = 0; t < g->nteams; t++)
            if (t != cur) l.v[k++] = t;
        l.n = k;
        return vl(l);
    }
    case OP_RANGE: { /* ops.int_range: at most 1,000,000 integers, each of 32 bits */
        int64_t lo = evi(st, env, n[1]), hi = evi(st, env, n[2]);
        int64_t cnt = hi < lo ? 0 : (int64_t)((__int128)hi - lo + 1 > 1000000 ? 1000001 : hi - lo + 1);
        if (cnt > 1000000) fail(g, "(range %lld..%lld): more than 1,000,000 integers", (long long)lo, (long long)hi);
        if (cnt && (lo < INT32_MIN || hi > INT32_MAX)) fail(g, "(range %lld..%lld): an integer beyond 32 bits", (long long)lo, (long long)hi);
        L l = lnew(g, (int32_t)cnt);
        for (int64_t i = 0; i < cnt; i++) l.v[i] = (int32_t)(lo + i);
        return vl(l);
    }
    case OP_STRS: {
        L l = {n[1], &n[2]};
        return vl(l);
    }
    case OP_FILTER: /* coll var cond counted is_ll */
        if (!(g->lseen[off] & LSEEN_FCHK)) g->lseen[off] |= LSEEN_FCHK | (filter_att_shape(g, n) ? LSEEN_FATT : 0);
        if (g->lseen[off] & LSEEN_FATT) return filter_att_of(st, env, n);
        return filter_of(st, env, n, 0);
    case OP_LOC:
        return vi(n[1]);
    case OP_LOCP:
        return vi(ebody_locp(st, env, n, 0));
    case OP_LOCDYN: { /* owner vis name index */
        int64_t o = evi(st, env, n[1]);
        int32_t name = (int32_t)evi(st, env, n[3]);
        int32_t idx = n[4] ? (int32_t)evi(st, env, n[4]) : 0;
        int32_t s = loc_lookup(g, o, n[2], name, idx);
        if (s >= st->nlocs) grow_locs(st);
        return vi(s);
    }
    case OP_INDEXED: { /* owner vis name: slots of that name, by index */
        int64_t o = evi(st, env, n[1]);
        int32_t name = (int32_t)evi(st, env, n[3]);
        L out = lnew(g, g->nloc_keys);
        int32_t *ix = amem(g, sizeof(int32_t) * (size_t)(g->nloc_keys + 1));
        int32_t k = 0;
        for (int32_t i = 0; i < g->nloc_keys; i++) {
            LocKey *lk = &g->loc_keys[i];
            if (lk->owner == o && lk->vis == n[2] && lk->name == name) {
                int32_t j = k++;
                while (j > 0 && ix[j - 1] > lk->index) {
                    ix[j] = ix[j - 1];
                    out.v[j] = out.v[j - 1];
                    j--;
                }
                ix[j] = lk->index;
                out.v[j] = i;
            }
        }
        out.n = k;
        return vl(out);
    }
    case OP_LOCCARDS: {
        int32_t s = chk_slot(st, evi(st, env, n[1]));
        L l = {st->loclen[s], LOCV(st, s)};
        return vl(l);
    }
    case OP_LOCSSETS: {
        L slots = evl(st, env, n[1]);
        LL out = llnew(g, slots.n);
        for (int32_t i = 0; i < slots.n; i++) {
            int32_t s = chk_slot(st, slots.v[i]);
            out.v[i].n = st->loclen[s];
            out.v[i].v = LOCV(st, s);
        }
        return vll(out);
    }
    case OP_TEAMMEM:
        return vl(team_members(g, evi(st, env, n[1])));
    case OP_SETOP: { /* op n parts... */
        L *parts = amem(g, sizeof(L) * (size_t)(n[2] + 1));
        for (int32_t i = 0; i < n[2]; i++) parts[i] = evl(st, env, n[3 + i]);
        return vl(set_op(g, n[1], parts, n[2]));
    }
    case OP_SETOPALL: {
        LL sets = evll(st, env, n[2]);
        return vl(set_op(g, n[1], sets.v, sets.n));
    }
    case OP_SORT: { /* the point map, then the cards (Python's order) */
        int32_t pm = pm_of(st, evi(st, env, n[2]));
        L cards = evl(st, env, n[1]);
        return vl(score_cards_sorted_stable(st, cards, pm));
    }
    case OP_PICK: { /* end kind coll idx */
        int end = n[1], kind = n[2];
        if (kind == 1) {
            LL c = evll(st, env, n[3]);
            int64_t i = end == 0 ? c.n - 1 : end == 1 ? 0 : evi(st, env, n[4]);
            if (c.n && i >= 0 && i < c.n) return vl(c.v[i]);
            L e = {0, NULL};
            return vl(e);
        }
        L c = evl(st, env, n[3]);
        if (kind == 2) {
            int64_t i = end == 0 ? c.n - 1 : end == 1 ? 0 : evi(st, env, n[4]);
            if (i >= 0 && i < c.n) return vi(c.v[i]);
            fail(g, "no location at the %s of a collection of %d", end == 0 ? "top" : end == 1 ? "bottom" : "nth", c.n);
        }
        if (end == 0) return vi(c.n ? c.v[c.n - 1] : NONE_CARD);
        if (end == 1) return vi(c.n ? c.v[0] : NONE_CARD);
        int64_t i = evi(st, env, n[4]);
        return vi(i >= 0 && i < c.n ? c.v[i] : NONE_CARD);
    }
    case OP_SEQ: { /* top count coll: Python slices c[len-k:] / c[:max(k,0)] */
        int64_t k = evi(st, env, n[2]);
        L c = evl(st, env, n[3]);
        L out;
        if (n[1]) {
            if (k <= 0) {
                out.n = 0;
                out.v = NULL;
                return vl(out);
            }
            int64_t start = (int64_t)c.n - k;
            if (start < 0) start += c.n; /* a negative slice start counts from the end */
            if (start < 0) start = 0;
            out.n = c.n - (int32_t)start;
            out.v = c.v + start;
            return vl(lcopy(g, out));
        }
        int64_t m = k < 0 ? 0 : k > c.n ? c.n : k;
        out.n = (int32_t)m;
        out.v = c.v;
        return vl(lcopy(g, out));
    }
    case OP_RUNSEQ: { /* top len coll pts */
        L cards = evl(st, env, n[3]);
        if (!cards.n) return vl(lnew(g, 0));
        int32_t pm = pm_of(st, evi(st, env, n[4]));
        L seq = lnew(g, cards.n);
        for (int32_t i = 0; i < cards.n; i++) seq.v[i] = n[1] ? cards.v[cards.n - 1 - i] : cards.v[i];
        L out = lnew(g, cards.n);
        int32_t k = 0;
        out.v[k++] = seq.v[0];
        int64_t step = 0;
        for (int32_t i = 1; i < seq.n; i++) {
            int64_t d = pm_score(g, pm, seq.v[i]) - pm_score(g, pm, out.v[k - 1]);
            if ((d != 1 && d != -1) || (step && d != step)) break;
            step = d;
            out.v[k++] = seq.v[i];
        }
        out.n = k;
        if (k < evi(st, env, n[2])) return vl(lnew(g, 0));
        if (n[1])
            for (int32_t i = 0; i < k / 2; i++) {
                int32_t t = out.v[i];
                out.v[i] = out.v[k - 1 - i];
                out.v[k - 1 - i] = t;
            }
        return vl(out);
    }
    case OP_TUPLES: { /* size coll pts: groups of equal points, by value, first k of each */
        int64_t k = evi(st, env, n[1]);
        int32_t pm = pm_of(st, evi(st, env, n[3]));
        L cards = evl(st, env, n[2]);
        st->past4 += 4 * (cards.n >> 2);
        int64_t *val = amem(g, sizeof(int64_t) * (size_t)(cards.n + 1));
        for (int32_t i = 0; i < cards.n; i++) val[i] = pm_score(g, pm, cards.v[i]);
        LL out = llnew(g, cards.n);
        int32_t no = 0;
        if (k > 0) {
            /* distinct values in increasing order */
            int64_t last = 0;
            int have = 0;
            for (;;) {
                int found = 0;
                int64_t best = 0;
                for (int32_t i = 0; i < cards.n; i++)
                    if ((!have || val[i] > last) && (!found || val[i] < best)) {
                        best = val[i];
                        found = 1;
                    }
                if (!found) break;
                int32_t cnt = 0;
                for (int32_t i = 0; i < cards.n; i++) cnt += val[i] == best;
                if (cnt >= k) {
                    L grp = lnew(g, (int32_t)k);
                    int32_t m = 0;
                    for (int32_t i = 0; i < cards.n && m < k; i++)
                        if (val[i] == best) grp.v[m++] = cards.v[i];
                    out.v[no++] = grp;
                }
                last = best;
                have = 1;
            }
        }
        out.n = no;
        return vll(out);
    }
    case OP_PARTITION:
    case OP_PARTALL: /* attr n parts... | attr sets */
        return partition_of(st, env, n);
    case OP_SUBSETS: {
        L cards = evl(st, env, n[1]);
        int32_t m = cards.n;
        if (m > 16) fail(g, "(subsets ...) of %d cards: more than 65,535 subsets", m);
        st->past4 += 4 * ((int64_t)1 << (m - 4 > 0 ? m - 4 : 0));
        int32_t total = (1 << m) - 1;
        LL out = llnew(g, total);
        int32_t no = 0;
        int32_t idx[17];
        for (int32_t k = 1; k <= m; k++) { /* itertools.combinations order */
            for (int32_t i = 0; i < k; i++) idx[i] = i;
            for (;;) {
                L s = lnew(g, k);
                for (int32_t i = 0; i < k; i++) s.v[i] = cards.v[idx[i]];
                out.v[no++] = s;
                int32_t i = k - 1;
                while (i >= 0 && idx[i] == i + m - k) i--;
                if (i < 0) break;
                idx[i]++;
                for (int32_t j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
            }
        }
        out.n = no;
        return vll(out);
    }
    case OP_PERMS: {
        L cards = evl(st, env, n[1]);
        int32_t m = cards.n;
        if (m > 7) fail(g, "(permutations ...) of %d cards: more than 5,040 orderings", m);
        int32_t f = 1;
        for (int32_t i = 2; i <= m; i++) f *= i;
        st->past4 += 4 * (f >> 4);
        LL out = llnew(g, f);
        /* itertools.permutations order (lexicographic in positions) */
        int32_t idx[8], cyc[8];
        for (int32_t i = 0; i < m; i++) {
            idx[i] = i;
            cyc[i] = m - i;
        }
        int32_t no = 0;
        L s = lnew(g, m);
        for (int32_t i = 0; i < m; i++) s.v[i] = cards.v[idx[i]];
        out.v[no++] = s;
        while (m > 0) {
            int32_t i;
            for (i = m - 1; i >= 0; i--) {
                cyc[i]--;
                if (cyc[i] == 0) {
                    int32_t first = idx[i];
                    for (int32_t j = i; j < m - 1; j++) idx[j] = idx[j + 1];
                    idx[m - 1] = first;
                    cyc[i] = m - i;
                } else {
                    int32_t j = m - cyc[i];
                    int32_t t = idx[i];
                    idx[i] = idx[j];
                    idx[j] = t;
                    L p = lnew(g, m);
                    for (int32_t q = 0; q < m; q++) p.v[q] = cards.v[idx[q]];
                    out.v[no++] = p;
                    break;
                }
            }
            if (i < 0) break;
        }
        out.n = no;
        return vll(out);
    }
    case OP_RUNS: { /* largest len coll pts */
        int32_t pm = pm_of(st, evi(st, env, n[4]));
        L cards = evl(st, env, n[3]);
        st->past4 += 4 * (cards.n >> 2);
        int32_t m = cards.n;
        int64_t *val = amem(g, sizeof(int64_t) * (size_t)(m + 1));
        int64_t *dv = amem(g, sizeof(int64_t) * (size_t)(m + 1));
        int32_t nd = 0;
        for (int32_t i = 0; i < m; i++) {
            val[i] = pm_score(g, pm, cards.v[i]);
            int32_t j;
            for (j = 0; j < nd; j++)
                if (dv[j] == val[i]) break;
            if (j == nd) dv[nd++] = val[i];
        }
        for (int32_t i = 1; i < nd; i++) { /* sort the distinct values */
            int64_t x = dv[i];
            int32_t j = i - 1;
            while (j >= 0 && dv[j] > x) {
                dv[j + 1] = dv[j];
                j--;
            }
            dv[j + 1] = x;
        }
        int64_t k = evi(st, env, n[2]);
        LL out = llnew(g, nd);
        int32_t *width = amem(g, sizeof(int32_t) * (size_t)(nd + 1));
        int32_t no = 0, start = 0;
        for (int32_t i = 1; i <= nd; i++) {
            if (i == nd || dv[i] != dv[i - 1] + 1) {
                int32_t w = i - start;
                if (w >= k) {
                    int32_t cnt = 0;
                    for (int32_t q = start; q < i; q++)
                        for (int32_t c = 0; c < m; c++) cnt += val[c] == dv[q];
                    L r = lnew(g, cnt);
                    int32_t o = 0;
                    for (int32_t q = start; q < i; q++)
                        for (int32_t c = 0; c < m; c++)
                            if (val[c] == dv[q]) r.v[o++] = cards.v[c];
                    width[no] = w;
                    out.v[no++] = r;
                }
                start = i;
            }
        }
        out.n = no;
        if (n[1] && no) {
            int32_t best = 0;
            for (int32_t i = 0; i < no; i++)
                if (width[i] > best) best = width[i];
            int32_t o = 0;
            for (int32_t i = 0; i < no; i++)
                if (width[i] == best) out.v[o++] = out.v[i];
            out.n = o;
        }
        return vll(out);
    }
    case OP_AGGCARDS: { /* coll var cards is_ll */
        Coll c = coll_of(st, env, n[1], n[4]);
        LL out = llnew(g, c.n);
        for (int32_t j = 0; j < c.n; j++) {
            bind(g, env, n[2], c, j);
            out.v[j] = evl(st, env, n[3]);
        }
        return vll(out);
    }
    case OP_EXTREMUM: { /* max coll pts */
        L cards = evl(st, env, n[2]);
        if (!cards.n) return vi(NONE_CARD);
        int32_t pm = pm_of(st, evi(st, env, n[3]));
        return vi(extreme(st, pm, cards, n[1]));
    }
    case OP_STO:
        return vi(n[2]);
    case OP_STOP: /* kind owner n slots... */
        return vi(ebody_stop(st, env, n, 0));
    case OP_STODYN: { /* kind owner name is_team */
        int64_t o = evi(st, env, n[2]);
        if (n[4]) o += TEAM_BASE;
        int32_t name = (int32_t)evi(st, env, n[3]);
        int32_t s = sto_lookup(g, n[1], o, name);
        int32_t have = n[1] == 0 ? st->nints : n[1] == 1 ? st->nstrs : st->npts;
        if (s >= have) grow_storage(st);
        return vi(s);
    }
    case OP_RDINT:
        return vi(ebody_rdint(st, env, n, 0));
    case OP_RDSTR:
        return vi(ebody_rdstr(st, env, n, 0));
    case OP_SIZE:
        return vi(evl(st, env, n[1]).n);
    case OP_SIZELL:
        return vi(evll(st, env, n[1]).n);
    case OP_ARITH:
        return vi(ebody_arith(st, env, n, n[1], 0));
    case OP_TRI: { /* ops.tri: k (k + 1) / 2, exact in 128 bits */
        int64_t k = evi(st, env, n[1]);
        __int128 r = (__int128)k * ((__int128)k + 1) / 2;
        if (r < INT64_MIN || r > INT64_MAX) fail(g, "(tri %lld): " OVERFLOW, (long long)k);
        return vi((int64_t)r);
    }
    case OP_ABS: { /* ops.absolute: |k|; only |INT64_MIN| is beyond 64 bits */
        int64_t k = evi(st, env, A_ABS_N(n));
        if (k == INT64_MIN) fail(g, "(abs %lld): " OVERFLOW, (long long)k);
        return vi(k < 0 ? -k : k);
    }
    case OP_LESSER: { /* ops.lesser: min(a, b) */
        int64_t a = evi(st, env, A_LESSER_A(n)), b = evi(st, env, A_LESSER_B(n));
        return vi(a <= b ? a : b);
    }
    case OP_CYCDIST: { /* ops.cyclic_distance: min(d, m - d), d = (a - b) mod m; 0 for m <= 0 */
        int64_t a = evi(st, env, A_CYCDIST_A(n)), b = evi(st, env, A_CYCDIST_B(n));
        int64_t m = evi(st, env, A_CYCDIST_N(n));
        if (m <= 0) return vi(0);
        int64_t ra = a % m, rb = b % m; /* each in (-m, m): their floor residues, no overflow */
        if (ra < 0) ra += m;
        if (rb < 0) rb += m;
        int64_t d = ra - rb;
        if (d < 0) d += m;
        return vi(d <= m - d ? d : m - d);
    }
    case OP_FIB: {
        int64_t k = evi(st, env, n[1]);
        if (k > 90) fail(g, "(fib %lld) is too large", (long long)k);
        int64_t a = 0, b = 1;
        for (int64_t i = 0; i < k; i++) {
            int64_t t = a + b;
            a = b;
            b = t;
        }
        return vi(a);
    }
    case OP_RANDOM: { /* State.rand_int: randint(lo, hi), or lo when hi < lo */
        int64_t lo = evi(st, env, n[1]), hi = evi(st, env, n[2]);
        st->entropy += 1;
        if (hi < lo) return vi(lo);
        return vi(lo + (int64_t)mt_below(st->rng, (uint64_t)(hi - lo) + 1));
    }
    case OP_SUMPTS: { /* coll pts: ops.sum_points (the point map first, then the cards) */
        int32_t pm = pm_of(st, evi(st, env, n[2]));
        L cards = evl(st, env, n[1]);
        st->past4 += 4 * (cards.n >> 2);
        __int128 s = 0; /* ops.sum_points: beyond 64 bits an error */
        for (int32_t i = 0; i < cards.n; i++) s += pm_score(g, pm, cards.v[i]);
        if (s < INT64_MIN || s > INT64_MAX) fail(g, "(sum ... using ...): " OVERFLOW);
        return vi((int64_t)s);
    }
    case OP_SCORE: /* card pts: ops.score, a quarter of work */
        return vi(ebody_score(st, env, n, 0));
    case OP_AGGINT: /* kind coll var value is_ll */
        return vi(aggint(st, env, n, 0));
    case OP_ATT:
        return vi(ebody_att(st, env, n, 0));
    case OP_ATTDYN: {
        int64_t c = evi(st, env, n[2]);
        int32_t a = (int32_t)evi(st, env, n[1]);
        int32_t at = (a >= 0 && a < g->nstr) ? g->str_attr[a] : -1;
        return vi(at < 0 ? 0 : attr_of(g, at, c));
    }
    case OP_AND:
        return vi(ebody_and(st, env, n, 0));
    case OP_OR:
        return vi(ebody_or(st, env, n, 0));
    case OP_NOT:
        return vi(!EVQ(0, st, env, n[1]));
    case OP_CMP:
        return vi(ebody_cmp(st, env, n, n[1], 0, 0));
    case OP_AGGBOOL: /* any coll var cond counted is_ll */
        return vi(aggbool(st, env, n, 0));
    case OP_SNAP:
        return vl(lcopy(g, evl(st, env, n[1])));
    case OP_COV: /* a condition recording the value it took (coverage.CoverageCompiler) */
        return vi(ebody_cov(st, env, n, 0));
    case OP_SNAPLL: {
        LL x = evll(st, env, n[1]);
        LL out = llnew(g, x.n);
        if (x.n) memcpy(out.v, x.v, sizeof(L) * (size_t)x.n);
        return vll(out);
    }
    default:
        fail(g, "native: opcode %d is not an expression", n[0]);
    }
}

/* ===================================================================== integer evaluators */

#ifdef EVOGAME_TIER2 /* the node's own case of ev, compiled for it */
FNQ int64_t fn_ev(State *st, V *env, const int32_t *n) { return ev_at(st, env, n, (int32_t)(n - T2_IMG)).i; }
#else
FNQ int64_t fn_ev(State *st, V *env, const int32_t *n) { return ev(st, env, (int32_t)(n - GCODE(st->g))).i; }
#endif

FNQ int64_t fn_k1(State *st, V *env, const int32_t *n) {
    (void)st;
    (void)env;
    return n[1];
}

FNQ int64_t fn_k2(State *st, V *env, const int32_t *n) {
    (void)st;
    (void)env;
    return n[2];
}

FNQ int64_t fn_game(State *st, V *env, const int32_t *n) {
    (void)st;
    (void)env;
    (void)n;
    return -1;
}

FNQ int64_t fn_var(State *st, V *env, const int32_t *n) {
    (void)st;
    return env[n[1]].i;
}

FNQ int64_t fn_pcur(State *st, V *env, const int32_t *n) {
    (void)env;
    (void)n;
    return st->pc[st->npc - 1][0];
}

/* (game sto X) and the like: a static storage slot, read directly */
FNQ int64_t fn_rdint_sto(State *st, V *env, const int32_t *n) {
    (void)env;
    return st->ints[GCODE(st->g)[n[1] + 2]];
}

FNQ int64_t fn_rdint(State *st, V *env, const int32_t *n) { return ebody_rdint(st, env, n, 1); }

FNQ int64_t fn_rdstr_sto(State *st, V *env, const int32_t *n) {
    (void)env;
    return st->strs[GCODE(st->g)[n[1] + 2]];
}

FNQ int64_t fn_rdstr(State *st, V *env, const int32_t *n) { return ebody_rdstr(st, env, n, 1); }

FNQ int64_t fn_stop(State *st, V *env, const int32_t *n) { return ebody_stop(st, env, n, 1); }

FNQ int64_t fn_locp(State *st, V *env, const int32_t *n) { return ebody_locp(st, env, n, 1); }

/* comparisons, one function per operator; `k`: the right side is a constant */
#define CMP_FNS(name, OPR)                                                                           \
    FNQ int64_t fn_cmp_##name(State *st, V *env, const int32_t *n) { return ebody_cmp(st, env, n, OPR, 1, 0); } \
    FNQ int64_t fn_cmpk_##name(State *st, V *env, const int32_t *n) { return ebody_cmp(st, env, n, OPR, 1, 1); }
CMP_FNS(eq, 0)
CMP_FNS(ne, 1)
CMP_FNS(lt, 2)
CMP_FNS(gt, 3)
CMP_FNS(le, 4)
CMP_FNS(ge, 5)
#undef CMP_FNS

/* (OP (game sto|str X) K): a static storage compared with a constant, in one call */
#define CMP_STO_FNS(name, OPR)                                                          \
    FNQ int64_t fn_cmpk_int_##name(State *st, V *env, const int32_t *n) {            \
        (void)env;                                                                      \
        const int32_t *code = GCODE(st->g);                                              \
        return st->ints[code[code[n[2] + 1] + 2]] OPR st->g->kval[n[3]];                 \
    }                                                                                   \
    FNQ int64_t fn_cmpk_str_##name(State *st, V *env, const int32_t *n) {            \
        (void)env;                                                                      \
        const int32_t *code = GCODE(st->g);                                              \
        return (int64_t)st->strs[code[code[n[2] + 1] + 2]] OPR st->g->kval[n[3]];        \
    }
CMP_STO_FNS(eq, ==)
CMP_STO_FNS(ne, !=)
CMP_STO_FNS(lt, <)
CMP_STO_FNS(gt, >)
CMP_STO_FNS(le, <=)
CMP_STO_FNS(ge, >=)
#undef CMP_STO_FNS

static const IFn CMPK_INT_FN[6] = {fn_cmpk_int_eq, fn_cmpk_int_ne, fn_cmpk_int_lt, fn_cmpk_int_gt, fn_cmpk_int_le, fn_cmpk_int_ge};
static const IFn CMPK_STR_FN[6] = {fn_cmpk_str_eq, fn_cmpk_str_ne, fn_cmpk_str_lt, fn_cmpk_str_gt, fn_cmpk_str_le, fn_cmpk_str_ge};

static const IFn CMP_FN[6] = {fn_cmp_eq, fn_cmp_ne, fn_cmp_lt, fn_cmp_gt, fn_cmp_le, fn_cmp_ge};
static const IFn CMPK_FN[6] = {fn_cmpk_eq, fn_cmpk_ne, fn_cmpk_lt, fn_cmpk_gt, fn_cmpk_le, fn_cmpk_ge};

/* (op a b): one evaluator per operator, so the VM's table picks the operation once */
FNQ int64_t fn_add(State *st, V *env, const int32_t *n) { return ebody_arith(st, env, n, 0, 1); }
FNQ int64_t fn_sub(State *st, V *env, const int32_t *n) { return ebody_arith(st, env, n, 1, 1); }
FNQ int64_t fn_mul(State *st, V *env, const int32_t *n) { return ebody_arith(st, env, n, 2, 1); }
/* / % ^ */
FNQ int64_t fn_arith(State *st, V *env, const int32_t *n) { return ebody_arith(st, env, n, n[1], 1); }

/* (size X) of a list of lists */
FNQ int64_t fn_sizell(State *st, V *env, const int32_t *n) { return evll(st, env, n[1]).n; }

FNQ int64_t fn_and(State *st, V *env, const int32_t *n) { return ebody_and(st, env, n, 1); }

FNQ int64_t fn_or(State *st, V *env, const int32_t *n) { return ebody_or(st, env, n, 1); }

FNQ int64_t fn_not(State *st, V *env, const int32_t *n) { return !EVQ(1, st, env, n[1]); }

/* (size (game vloc X)): a static location's length */
FNQ int64_t fn_size_loc(State *st, V *env, const int32_t *n) {
    (void)env;
    const int32_t *code = GCODE(st->g);
    return st->loclen[code[code[n[1] + 1] + 1]];
}

/* (size LOC): a location's length */
FNQ int64_t fn_size_cards(State *st, V *env, const int32_t *n) {
    int32_t s = chk_slot(st, EVK(st, env, GCODE(st->g)[n[1] + 1]));
    return st->loclen[s];
}

FNQ int64_t fn_size(State *st, V *env, const int32_t *n) { return evl(st, env, n[1]).n; }

FNQ int64_t fn_att(State *st, V *env, const int32_t *n) { return ebody_att(st, env, n, 1); }

/* (cardatt X 'C): an attribute of a bound card */
FNQ int64_t fn_att_var(State *st, V *env, const int32_t *n) { return attr_of(st->g, n[1], env[GCODE(st->g)[n[2] + 1]].i); }

/* (top|bottom|N LOC): a card of a location, read in place */
FNQ int64_t fn_pick_top_loc(State *st, V *env, const int32_t *n) {
    int32_t s = chk_slot(st, EVK(st, env, GCODE(st->g)[n[3] + 1]));
    int32_t len = st->loclen[s];
    return len ? LOCV(st, s)[len - 1] : NONE_CARD;
}

FNQ int64_t fn_pick_bottom_loc(State *st, V *env, const int32_t *n) {
    int32_t s = chk_slot(st, EVK(st, env, GCODE(st->g)[n[3] + 1]));
    return st->loclen[s] ? LOCV(st, s)[0] : NONE_CARD;
}

/* the same from a named location (a static slot, checked when chosen) */
static inline int32_t static_slot(State *st, const int32_t *n, int32_t k) {
    const int32_t *code = GCODE(st->g);
    return code[code[n[k] + 1] + 1];
}

FNQ int64_t fn_pick_top_sloc(State *st, V *env, const int32_t *n) {
    (void)env;
    int32_t s = static_slot(st, n, 3), len = st->loclen[s];
    return len ? LOCV(st, s)[len - 1] : NONE_CARD;
}

FNQ int64_t fn_pick_bottom_sloc(State *st, V *env, const int32_t *n) {
    (void)env;
    int32_t s = static_slot(st, n, 3);
    return st->loclen[s] ? LOCV(st, s)[0] : NONE_CARD;
}

FNQ int64_t fn_pick_nth_sloc(State *st, V *env, const int32_t *n) {
    int32_t s = static_slot(st, n, 3), len = st->loclen[s];
    int64_t i = EVK(st, env, n[4]);
    return i >= 0 && i < len ? LOCV(st, s)[i] : NONE_CARD;
}

FNQ int64_t fn_pick_nth_loc(State *st, V *env, const int32_t *n) {
    int32_t s = chk_slot(st, EVK(st, env, GCODE(st->g)[n[3] + 1]));
    int32_t len = st->loclen[s];
    int64_t i = EVK(st, env, n[4]);
    return i >= 0 && i < len ? LOCV(st, s)[i] : NONE_CARD;
}

FNQ int64_t fn_score(State *st, V *env, const int32_t *n) { return ebody_score(st, env, n, 1); }

/* (score 'C using (game points X)): a bound card scored by a named point map */
FNQ int64_t fn_score_var_sto(State *st, V *env, const int32_t *n) {
    const int32_t *code = GCODE(st->g);
    int32_t pm = st->pts[code[n[2] + 2]];
    int64_t card = env[code[n[1] + 1]].i;
    st->past4 += 1;
    return card < 0 ? 0 : pm_score(st->g, pm, (int32_t)card);
}

FNQ int64_t fn_aggint(State *st, V *env, const int32_t *n) { return aggint(st, env, n, 1); }
FNQ int64_t fn_aggbool(State *st, V *env, const int32_t *n) { return aggbool(st, env, n, 1); }

FNQ int64_t fn_cov(State *st, V *env, const int32_t *n) { return ebody_cov(st, env, n, 1); }

static int ok_off(Game *g, int32_t off) { return off > 0 && off < g->codelen; }

/* node `off` is a named location whose slot is in range */
static int is_static_loc(Game *g, int32_t off) {
    const int32_t *l = GCODE(g) + off;
    return l[0] == OP_LOC && l[1] >= 0 && l[1] < g->loc_cap;
}

/* a node whose value is fixed by the code (declared constants make many: (- 'WINDOW 1),
 * (> 'TRICK 0)): its value, worked out once and kept in g->kval */
FNQ int64_t fn_kval(State *st, V *env, const int32_t *n) {
    (void)env;
    return st->g->kval[n - GCODE(st->g)];
}

/* Whether node `off` is a constant, with its value in *v: literals and the pure arithmetic,
 * comparisons and logic of constants (what `ev` would compute, without an error: an
 * overflow is left to `ev` to report). */
static int fold(Game *g, int32_t off, int64_t *v, int depth) {
    if (!ok_off(g, off) || depth > 32) return 0;
    const int32_t *n = GCODE(g) + off;
    int64_t a, b;
    switch (n[0]) {
    case OP_INT:
    case OP_STR:
    case OP_LOC:
        *v = n[1];
        return 1;
    case OP_STO:
        *v = n[2];
        return 1;
    case OP_ARITH:
        if (n[1] < 0 || n[1] > 2 || !fold(g, n[2], &a, depth + 1) || !fold(g, n[3], &b, depth + 1)) return 0;
        if (n[1] == 0) return !__builtin_add_overflow(a, b, v);
        if (n[1] == 1) return !__builtin_sub_overflow(a, b, v);
        return !__builtin_mul_overflow(a, b, v);
    case OP_CMP:
        if (!fold(g, n[2], &a, depth + 1) || !fold(g, n[3], &b, depth + 1)) return 0;
        switch (n[1]) {
        case 0:
            *v = a == b;
            break;
        case 1:
            *v = a != b;
            break;
        case 2:
            *v = a < b;
            break;
        case 3:
            *v = a > b;
            break;
        case 4:
            *v = a <= b;
            break;
        default:
            *v = a >= b;
        }
        return 1;
    case OP_NOT:
        if (!fold(g, n[1], &a, depth + 1)) return 0;
        *v = !a;
        return 1;
    case OP_AND:
    case OP_OR: {
        int and_ = n[0] == OP_AND;
        if (n[1] < 0) return 0;
        for (int32_t i = 0; i < n[1]; i++)
            if (!fold(g, n[2 + i], &a, depth + 1)) return 0;
        /* all constant: the first deciding child decides, as `ev` stops there */
        for (int32_t i = 0; i < n[1]; i++) {
            fold(g, n[2 + i], &a, depth + 1);
            if (and_ ? !a : a != 0) {
                *v = and_ ? 0 : 1;
                return 1;
            }
        }
        *v = and_ ? 1 : 0;
        return 1;
    }
    default:
        return 0;
    }
}

/* The evaluator of node n: a specialised one when its shape is known (every child offset
 * and static slot it reads without a check is checked here), else `ev`'s switch. */
static IFn fn_choose(Game *g, const int32_t *n) {
    const int32_t *code = GCODE(g);
    int32_t op = n[0];
    if (op == OP_ARITH || op == OP_CMP || op == OP_NOT || op == OP_AND || op == OP_OR) {
        int64_t v;
        if (fold(g, (int32_t)(n - code), &v, 0)) {
            g->kval[n - code] = v;
            return fn_kval;
        }
    }
    switch (op) {
    case OP_INT:
    case OP_STR:
    case OP_LOC:
        return fn_k1;
    case OP_STO:
        return fn_k2;
    case OP_GAME:
        return fn_game;
    case OP_VAR:
        return n[1] >= 0 && n[1] < g->nvars ? fn_var : fn_ev;
    case OP_PCUR:
        return fn_pcur;
    case OP_RDINT:
    case OP_RDSTR: {
        if (!ok_off(g, n[1])) return fn_ev;
        const int32_t *c = code + n[1];
        int str = n[0] == OP_RDSTR;
        if (c[0] == OP_STO && c[2] >= 0 && c[2] < (str ? g->str_cap : g->int_cap)) return str ? fn_rdstr_sto : fn_rdint_sto;
        return str ? fn_rdstr : fn_rdint;
    }
    case OP_STOP:
        return ok_off(g, n[2]) ? fn_stop : fn_ev;
    case OP_LOCP:
        return ok_off(g, n[1]) ? fn_locp : fn_ev;
    case OP_CMP: {
        if (!ok_off(g, n[2]) || !ok_off(g, n[3])) return fn_ev;
        int k = n[1] >= 0 && n[1] < 5 ? n[1] : 5; /* `ev`: anything else is >= */
        int64_t v;
        if (!fold(g, n[3], &v, 0)) return CMP_FN[k];
        g->kval[n[3]] = v; /* the constant right side, read from there */
        IFn a = fn_choose(g, code + n[2]);
        return a == fn_rdint_sto ? CMPK_INT_FN[k] : a == fn_rdstr_sto ? CMPK_STR_FN[k] : CMPK_FN[k];
    }
    case OP_ARITH:
        if (!ok_off(g, n[2]) || !ok_off(g, n[3])) return fn_ev;
        return n[1] == 0 ? fn_add : n[1] == 1 ? fn_sub : n[1] == 2 ? fn_mul : fn_arith;
    case OP_AND:
    case OP_OR:
        if (n[1] < 0) return fn_ev;
        for (int32_t i = 0; i < n[1]; i++)
            if (!ok_off(g, n[2 + i])) return fn_ev;
        return n[0] == OP_AND ? fn_and : fn_or;
    case OP_NOT:
        return ok_off(g, n[1]) ? fn_not : fn_ev;
    case OP_SIZE: {
        if (!ok_off(g, n[1])) return fn_ev;
        const int32_t *c = code + n[1];
        if (c[0] != OP_LOCCARDS || !ok_off(g, c[1])) return fn_size;
        return is_static_loc(g, c[1]) ? fn_size_loc : fn_size_cards;
    }
    case OP_SIZELL:
        return ok_off(g, n[1]) ? fn_sizell : fn_ev;
    case OP_ATT: {
        if (!ok_off(g, n[2]) || n[1] < 0 || n[1] >= g->nattrs) return fn_ev;
        const int32_t *c = code + n[2];
        return c[0] == OP_VAR && c[1] >= 0 && c[1] < g->nvars ? fn_att_var : fn_att;
    }
    case OP_PICK: {
        if (n[2] != 0 || !ok_off(g, n[3]) || (n[1] == 2 && !ok_off(g, n[4]))) return fn_ev;
        const int32_t *c = code + n[3];
        if (c[0] != OP_LOCCARDS || !ok_off(g, c[1])) return fn_ev;
        if (is_static_loc(g, c[1])) return n[1] == 0 ? fn_pick_top_sloc : n[1] == 1 ? fn_pick_bottom_sloc : fn_pick_nth_sloc;
        return n[1] == 0 ? fn_pick_top_loc : n[1] == 1 ? fn_pick_bottom_loc : fn_pick_nth_loc;
    }
    case OP_SCORE: {
        if (!ok_off(g, n[1]) || !ok_off(g, n[2])) return fn_ev;
        const int32_t *c = code + n[1], *p = code + n[2];
        if (c[0] == OP_VAR && c[1] >= 0 && c[1] < g->nvars && p[0] == OP_STO && p[2] >= 0 && p[2] < g->pt_cap) return fn_score_var_sto;
        return fn_score;
    }
    case OP_AGGINT:
        return ok_off(g, n[4]) && n[3] >= 0 && n[3] < g->nvars ? fn_aggint : fn_ev;
    case OP_AGGBOOL:
        return ok_off(g, n[4]) && n[3] >= 0 && n[3] < g->nvars ? fn_aggbool : fn_ev;
    case OP_COV:
        return ok_off(g, n[2]) ? fn_cov : fn_ev;
    default:
        return fn_ev;
    }
}

/* node off is the same for every card a filter binds to `var` in turn: it does not read
 * `var`, draws nothing and charges no work (constants, storages, the current player,
 * locations and their top or bottom cards, attributes of these, other bindings) */
static int invariant_of(Game *g, int32_t off, int32_t var, int depth) {
    if (!ok_off(g, off) || depth > 8) return 0;
    const int32_t *n = GCODE(g) + off;
    int32_t op = n[0];
    /* only opcodes whose evaluator `fn_choose` picks without looking at the node's
     * children's children: a corrupt image's cycle of nodes cannot send it round */
    if (op != OP_INT && op != OP_STR && op != OP_LOC && op != OP_STO && op != OP_GAME && op != OP_VAR && op != OP_PCUR &&
        op != OP_RDINT && op != OP_RDSTR && op != OP_ATT && op != OP_LOCP && op != OP_PICK)
        return 0;
    IFn f = fn_choose(g, n);
    if (f == fn_k1 || f == fn_k2 || f == fn_kval || f == fn_game || f == fn_pcur || f == fn_rdint_sto || f == fn_rdstr_sto ||
        f == fn_pick_top_sloc || f == fn_pick_bottom_sloc)
        return 1;
    if (f == fn_var) return n[1] != var;
    if (f == fn_att || f == fn_att_var) return invariant_of(g, n[2], var, depth + 1);
    if (f == fn_locp) return invariant_of(g, n[1], var, depth + 1);
    if (f == fn_pick_top_loc || f == fn_pick_bottom_loc) return invariant_of(g, GCODE(g)[n[3] + 1], var, depth + 1);
    return 0;
}

/* a filter of cards whose condition compares the card's attribute with something that does
 * not change from card to card (`filter_att_of`) */
static int filter_att_shape(Game *g, const int32_t *n) {
    int32_t var = n[2];
    if (n[0] != OP_FILTER || n[5] || var < 0 || var >= g->nvars || !ok_off(g, n[1]) || !ok_off(g, n[3])) return 0;
    const int32_t *code = GCODE(g), *cmp = code + n[3];
    if (cmp[0] != OP_CMP || cmp[1] < 0 || cmp[1] > 5 || !ok_off(g, cmp[2]) || !ok_off(g, cmp[3])) return 0;
    for (int left = 1; left >= 0; left--) {
        const int32_t *att = code + cmp[left ? 2 : 3];
        if (att[0] != OP_ATT || !ok_off(g, att[2]) || !ok_off(g, att[2] + 1) || !att_of_var(code, cmp[left ? 2 : 3], var)) continue;
        /* the side `filter_att_of` takes: the left one, when both are */
        return att[1] >= 0 && att[1] < g->nattrs && invariant_of(g, cmp[left ? 3 : 2], var, 0);
    }
    return 0;
}

/* every table entry starts here: choose the node's evaluator, keep it, and run it */
static int64_t fn_resolve(State *st, V *env, const int32_t *n) {
    Game *g = st->g;
    IFn f = fn_choose(g, n);
    g->ifn[n - GCODE(g)] = f;
    return f(st, env, n);
}

/* ===================================================================== actions */

typedef struct Path {
    const int32_t *v;
    int32_t n, pos;
} Path;

static int32_t path_next(Game *g, Path *p) {
    if (p->pos >= p->n) fail(g, "native: an option's path ran out");
    return p->v[p->pos++];
}

/* ops.take: lift card c from the location physically holding it */
static inline __attribute__((always_inline)) void take(State *st, int32_t c) {
    Game *g = st->g;
    if (c < 0 || c >= g->ncards) fail(g, "native: bad card");
    int32_t s = st->where[c];
    if (s < 0 || s >= g->loc_cap) fail(g, "a card to move is not where the engine put it");
    int32_t *v = LOCV(st, s);
    int32_t len = st->loclen[s];
    if (len && v[len - 1] == c) {
        st->loclen[s]--;
        TOUCH(st, s);
        return;
    }
    for (int32_t i = 0; i < len; i++)
        if (v[i] == c) {
            memmove(v + i, v + i + 1, sizeof(int32_t) * (size_t)(len - i - 1));
            st->loclen[s]--;
            TOUCH(st, s);
            return;
        }
    fail(g, "a card to move is not where the engine put it");
}

/* list.insert(i, c) into location s */
static inline __attribute__((always_inline)) void insert_at(State *st, int32_t s, int64_t i, int32_t c) {
    Game *g = st->g;
    int32_t len = st->loclen[s];
    if (len >= g->card_cap) room(g, "native: a location holds more than %d cards", g->card_cap);
    if (i < 0) i += len;
    if (i < 0) i = 0;
    if (i > len) i = len;
    int32_t *v = LOCV(st, s);
    memmove(v + i + 1, v + i, sizeof(int32_t) * (size_t)(len - i));
    v[i] = c;
    st->loclen[s] = len + 1;
    TOUCH(st, s);
}

static void create_cards(State *st, int32_t deck, int32_t slot) {
    Game *g = st->g;
    if (deck < 0 || deck >= g->ndecks) fail(g, "native: bad deck");
    int32_t use = st->deck_uses[deck]++;
    int32_t first = -1, count = 0;
    for (int32_t i = 0; i < g->ncreated; i++)
        if (g->created[4 * i] == deck && g->created[4 * i + 1] == use) {
            first = g->created[4 * i + 2];
            count = g->created[4 * i + 3];
        }
    const int32_t *d = &g->img[g->deck_off[deck]];
    if (first < 0) { /* card ids are allocated once per (deck, use), shared by all states */
        count = d[0];
        first = g->ncards;
        if (first + count > g->card_cap) room(g, "native: more than %d cards", g->card_cap);
        if (g->ncreated >= g->created_cap) {
            int32_t nc = g->created_cap ? 2 * g->created_cap : 16;
            int32_t *nw = realloc(g->created, sizeof(int32_t) * 4 * (size_t)nc);
            if (!nw) fail(g, "native: out of memory");
            g->created = nw;
            g->created_cap = nc;
        }
        /* decks with one name share a back, numbered as they are first created */
        if (d[1] < 0 || d[1] >= g->ndecks) fail(g, "native: bad deck name");
        if (g->back_of_name[d[1]] < 0) g->back_of_name[d[1]] = g->nbacks++;
        for (int32_t c = 0; c < count; c++) {
            g->deck_of_card[first + c] = g->back_of_name[d[1]];
            for (int32_t a = 0; a < g->nattrs; a++) g->attr[(size_t)a * (size_t)g->card_cap + (size_t)(first + c)] = d[2 + c * g->nattrs + a];
        }
        int32_t *e = &g->created[4 * g->ncreated++];
        e[0] = deck;
        e[1] = use;
        e[2] = first;
        e[3] = count;
        g->ncards = first + count;
    }
    for (int32_t c = first; c < first + count; c++) {
        if (st->loclen[slot] >= g->card_cap) room(g, "native: a location holds more than %d cards", g->card_cap);
        LOCV(st, slot)[st->loclen[slot]++] = c;
        st->where[c] = slot;
    }
    TOUCH(st, slot);
}

static int64_t *int_slot(State *st, int64_t s) {
    if (s < 0 || s >= st->g->int_cap) fail(st->g, "native: storage slot out of range");
    return &st->ints[s];
}

/* a copy of the bindings (a loop: games bind a handful of variables, where memcpy's call
 * and size dispatch cost more than the copy) */
static inline V *env_copy(Game *g, const V *env) {
    int32_t nv = g->nvars;
    V *e = amem(g, sizeof(V) * (size_t)nv);
    for (int32_t i = 0; i < nv; i++) e[i] = env[i];
    return e;
}

static int afn_resolve(State *st, V *env, const int32_t *n, Path *path);
FNQ int afn_initpts(State *st, V *env, const int32_t *n, Path *path);

/* Run an action (see `run_switch`) through the game's table of action functions, as `evi` */
static inline int run(State *st, V *env, int32_t off, Path *path) {
    Game *g = st->g;
#ifdef EVOGAME_TIER2
    if (__builtin_constant_p(off) && off > 0 && off < T2_CODELEN && T2_AFN[off]) return T2_AFN[off](st, env, T2_IMG + off, path);
#endif
    if (off <= 0 || off >= g->codelen) fail(g, "native: bad code offset");
    HIT(off);
    return g->afn[off](st, env, GCODE(g) + off, path);
}

/* State.keep_if: do the body on a trial copy sharing the chance stream; keep it (position
 * and bindings) only if the condition holds there, else count its work */
static void keep_if(State *st, V *env, int32_t body, int32_t cond, Path *path) {
    Game *g = st->g;
    State *trial = state_clone(st);
    V *e = env_copy(g, env);
    run(trial, e, body, path);
    if (evi(trial, e, cond)) {
        state_assign(st, trial);
        memcpy(env, e, sizeof(V) * (size_t)g->nvars);
    } else {
        st->past4 += work4(trial) - work4(st);
    }
}

/* --- one body per action opcode: `run_switch`'s case and the node's own function (`BODY`) */

#define RUNK(st, env, off, path) (HIT(off), AFN_AT(st, off)((st), (env), GCODE((st)->g) + (off), (path)))
#define RUNQ(K, st, env, off, path) ((K) ? RUNK(st, env, off, path) : run(st, env, off, path))

/* (move|remember C (top|bottom|N) loc): src slot where idx; `sloc`: the location is a named
 * one, its slot read from the code (`afn_move_sloc`); `remember` leaves the card where it was */
BODY int body_move(State *st, V *env, const int32_t *n, int K, int is_move, int sloc) {
    Game *g = st->g;
    int64_t c = EVQ(K, st, env, n[1]);
    if (c < 0) return 0;
    if (c >= g->ncards) fail(g, "native: bad card");
    int32_t s = sloc ? GCODE(g)[n[2] + 1] : chk_slot(st, EVQ(K, st, env, n[2]));
    int64_t i = n[3] == 2 ? EVQ(K, st, env, n[4]) : 0;
    if (is_move) take(st, (int32_t)c);
    insert_at(st, s, n[3] == 0 ? st->loclen[s] : n[3] == 1 ? 0 : i, (int32_t)c);
    if (is_move) st->where[c] = s;
    return 1;
}

/* (set T v), Python evaluating the value before the target; `sto`: T is a named storage,
 * its slot read from the code (`afn_setint_sto`) */
BODY int body_setint(State *st, V *env, const int32_t *n, int K, int sto) {
    int64_t v = EVQ(K, st, env, n[2]);
    int64_t s = sto ? GCODE(st->g)[n[1] + 2] : EVQ(K, st, env, n[1]);
    *(sto ? &st->ints[s] : int_slot(st, s)) = v;
    memo_write(st->g, 0, s, v);
    return 1;
}

BODY int body_incdec(State *st, V *env, const int32_t *n, int K) {
    int64_t *p = int_slot(st, EVQ(K, st, env, n[1]));
    incdec(st->g, p, EVQ(K, st, env, n[2]), n[0] == OP_INCINT);
    return 1;
}

BODY int body_setstr(State *st, V *env, const int32_t *n, int K) {
    int64_t v = EVQ(K, st, env, n[2]);
    int64_t s = EVQ(K, st, env, n[1]);
    if (s < 0 || s >= st->g->str_cap) fail(st->g, "native: storage slot out of range");
    st->strs[s] = (int32_t)v;
    memo_write(st->g, 1, s, (int32_t)v);
    return 1;
}

BODY int body_do(State *st, V *env, const int32_t *n, Path *path, int K) {
    int r = 1;
    UNROLL for (int32_t i = 0; i < n[1]; i++) r = RUNQ(K, st, env, n[2 + i], path);
    return n[1] == 1 ? r : 1;
}

BODY int body_guard(State *st, V *env, const int32_t *n, Path *path, int K) {
    if (EVQ(K, st, env, n[1])) RUNQ(K, st, env, n[2], path);
    return 1;
}

BODY int body_repeat(State *st, V *env, const int32_t *n, Path *path, int K) {
    int64_t k = EVQ(K, st, env, n[1]);
    count_steps(st, k);
    for (int64_t i = 0; i < k; i++) RUNQ(K, st, env, n[2], path);
    return 1;
}

/* a collection that is never written while an `all` walks it (made fresh, or a constant
 * table): walked in place, where a view of a location is copied first */
static int coll_is_fresh(int32_t op) {
    return op == OP_ALLP || op == OP_ALLT || op == OP_OTHP || op == OP_OTHT || op == OP_RANGE || op == OP_STRS || op == OP_FILTER || op == OP_TEAMMEM;
}

BODY int body_each(State *st, V *env, const int32_t *n, Path *path, int K) { /* coll var body any is_ll */
    Game *g = st->g;
    Coll c = coll_of(st, env, n[1], n[5]);
    if (!coll_is_fresh(K ? GCODE(g)[n[1]] : C(g, n[1])[0])) c = coll_copy(g, c);
    if (path && n[4]) { /* an option's any: the member its path names */
        if (c.n) {
            int32_t j = path_next(g, path);
            if (j < 0 || j >= c.n) fail(g, "native: an option's member is gone");
            bind(g, env, n[2], c, j);
            RUNQ(K, st, env, n[3], path);
        }
        return 1;
    }
    for (int32_t j = 0; j < c.n; j++) {
        bind(g, env, n[2], c, j);
        RUNQ(K, st, env, n[3], path);
    }
    return 1;
}

/* Run an action. Returns 0 when a primitive did nothing (a move of no card, a forget of an
 * empty place, a repeat all of nothing), 1 otherwise. `path`, when given, is an option's
 * branch: each `any` takes the member it names, each `ensure` whether it held. */
static int run_switch(State *st, V *env, int32_t off, Path *path) {
    Game *g = st->g;
    int32_t *n = C(g, off);
    HIT(off);
    switch (n[0]) {
    case OP_MOVE:
        return body_move(st, env, n, 0, 1, 0);
    case OP_REMEMBER:
        return body_move(st, env, n, 0, 0, 0);
    case OP_FORGET: { /* slot where idx */
        int32_t s = chk_slot(st, evi(st, env, n[1]));
        int32_t len = st->loclen[s];
        if (!len) return 0;
        int64_t i = n[2] == 0 ? len - 1 : n[2] == 1 ? 0 : evi(st, env, n[3]);
        if (i < 0 || i >= len) return 0;
        int32_t *v = LOCV(st, s);
        memmove(v + i, v + i + 1, sizeof(int32_t) * (size_t)(len - i - 1));
        st->loclen[s] = len - 1;
        TOUCH(st, s);
        return 1;
    }
    case OP_SHUFFLE: {
        int32_t s = chk_slot(st, evi(st, env, n[1]));
        st->entropy += 1;
        mt_shuffle(st->rng, LOCV(st, s), st->loclen[s]);
        TOUCH(st, s);
        return 1;
    }
    case OP_FARO: {
        int32_t sa = chk_slot(st, evi(st, env, n[1]));
        int32_t sb = chk_slot(st, evi(st, env, n[2]));
        if (sa == sb) { /* Python's merge of a list with itself, then clear(): empty */
            st->loclen[sa] = 0;
            TOUCH(st, sa);
            return 1;
        }
        int32_t la = st->loclen[sa], lb = st->loclen[sb];
        if (la + lb > g->card_cap) room(g, "native: a location holds more than %d cards", g->card_cap);
        int32_t *m = amem(g, sizeof(int32_t) * (size_t)(la + lb + 1));
        int32_t k = 0;
        for (int32_t i = 0; i < la || i < lb; i++) {
            if (i < la) m[k++] = LOCV(st, sa)[i];
            if (i < lb) m[k++] = LOCV(st, sb)[i];
        }
        memcpy(LOCV(st, sa), m, sizeof(int32_t) * (size_t)k);
        st->loclen[sa] = k;
        st->loclen[sb] = 0;
        TOUCH(st, sa);
        TOUCH(st, sb);
        for (int32_t i = 0; i < k; i++) st->where[m[i]] = sa;
        return 1;
    }
    case OP_SETINT:
        return body_setint(st, env, n, 0, 0);
    case OP_INCINT:
    case OP_DECINT:
        return body_incdec(st, env, n, 0);
    case OP_SETSTR:
        return body_setstr(st, env, n, 0);
    case OP_INITPTS:
        return afn_initpts(st, env, n, path);
    case OP_CYCLE: { /* next? target */
        int64_t t = evi(st, env, n[2]);
        st->pc[st->npc - 1][n[1] ? 1 : 0] = (int32_t)t;
        return 1;
    }
    case OP_PASS:
        return 1;
    case OP_REPEAT:
        return body_repeat(st, env, n, path, 0);
    case OP_REPEATALL: {
        int32_t k = evl(st, env, n[1]).n;
        count_steps(st, k);
        for (int32_t i = 0; i < k; i++) run(st, env, n[2], path);
        return k > 0;
    }
    case OP_CREATEDECK:
        create_cards(st, n[1], chk_slot(st, evi(st, env, n[2])));
        return 1;
    case OP_EACH:
        return body_each(st, env, n, path, 0);
    case OP_DO:
        return body_do(st, env, n, path, 0);
    case OP_GUARD:
        return body_guard(st, env, n, path, 0);
    case OP_LET:
        env[n[2]] = ev(st, env, n[1]);
        run(st, env, n[3], path);
        return 1;
    case OP_ENSURE:
        if (path && !path_next(g, path)) return 1;
        keep_if(st, env, n[2], n[1], path);
        return 1;
    case OP_COVACT: { /* a move recording what it did (coverage.MOVED 1, NOTHING 2) */
        int r = run(st, env, n[2], path);
        if (n[1] >= 0 && n[1] < g->ncov) g->cov[n[1]] |= r ? 1 : 2;
        return r;
    }
    default:
        fail(g, "native: opcode %d is not an action", n[0]);
    }
}

/* --- actions through a per-node table, as integer expressions (`fn_choose`): the
 * commonest actions get small functions of their own, the rest `run_switch` */


FNQ int afn_switch(State *st, V *env, const int32_t *n, Path *path) { return run_switch(st, env, (int32_t)(n - GCODE(st->g)), path); }

FNQ int afn_move(State *st, V *env, const int32_t *n, Path *path) { (void)path; return body_move(st, env, n, 1, 1, 0); }

/* (move C (top|bottom|N (game vloc X))): to a named location */
FNQ int afn_move_sloc(State *st, V *env, const int32_t *n, Path *path) { (void)path; return body_move(st, env, n, 1, 1, 1); }

/* (set|inc|dec (game sto X) v): a static storage slot */
FNQ int afn_setint_sto(State *st, V *env, const int32_t *n, Path *path) { (void)path; return body_setint(st, env, n, 1, 1); }

FNQ int afn_setint(State *st, V *env, const int32_t *n, Path *path) { (void)path; return body_setint(st, env, n, 1, 0); }

FNQ int afn_incdec(State *st, V *env, const int32_t *n, Path *path) { (void)path; return body_incdec(st, env, n, 1); }

FNQ int afn_setstr(State *st, V *env, const int32_t *n, Path *path) { (void)path; return body_setstr(st, env, n, 1); }

FNQ int afn_do(State *st, V *env, const int32_t *n, Path *path) { return body_do(st, env, n, path, 1); }

FNQ int afn_guard(State *st, V *env, const int32_t *n, Path *path) { return body_guard(st, env, n, path, 1); }

FNQ int afn_repeat(State *st, V *env, const int32_t *n, Path *path) { return body_repeat(st, env, n, path, 1); }


FNQ int afn_each(State *st, V *env, const int32_t *n, Path *path) { return body_each(st, env, n, path, 1); } /* coll var body any is_ll */

static inline int pm_is(Game *g, int32_t pm, const int32_t *key, int32_t len) {
    return g->pm[pm].keylen == len && !memcmp(g->pm[pm].key, key, sizeof(int32_t) * (size_t)len);
}

/* the (set ... points) node n's target, evaluated after its description, gets map pm */
static inline int set_pts(State *st, V *env, const int32_t *n, int32_t pm) {
    int64_t s = evi(st, env, n[1]);
    if (s < 0 || s >= st->g->pt_cap) fail(st->g, "native: storage slot out of range");
    st->pts[s] = pm;
    return 1;
}

#define PTS_SEEN 8
/* A (set ... points) node's description as a key with its constants in place, and where
 * its other operands go (made once per node: `ptmpl_make`) */
typedef struct PtsTmpl {
    int32_t len, nd;
    int32_t *key;  /* [len]: constants in place, 0 where an operand is evaluated */
    int32_t *doff; /* [nd]: the evaluated operands, in order */
    int32_t *dpos; /* [nd]: where each goes in the key; -1 - pos for a 64-bit award */
    /* the maps this node made last (up to PTS_SEEN, with up to PTS_SEEN operands), by
     * their operands' values: a trick's precedence has one map per led suit */
    int32_t nseen, next;
    int32_t seen_pm[PTS_SEEN];
    int64_t seen_vals[PTS_SEEN * PTS_SEEN];
} PtsTmpl;

static PtsTmpl *ptmpl_make(Game *g, const int32_t *n, int32_t off) {
    int64_t room_ = g->codelen - off; /* the description is read within the code */
    int32_t na = room_ > 2 ? n[2] : -1;
    if (na < 0) fail(g, "native: bad point map");
    int32_t p = 3, len = 1;
    for (int32_t a = 0; a < na; a++) {
        int32_t nc = p < room_ ? n[p] : -1;
        if (nc < 0 || nc > 100000 || p + 2 * (int64_t)nc + 2 > room_) fail(g, "native: bad point map");
        len += 1 + 2 * nc + 2;
        p += 1 + 2 * nc + 1;
    }
    PtsTmpl *t = calloc(1, sizeof(PtsTmpl));
    if (t) {
        t->key = calloc((size_t)len, sizeof(int32_t));
        t->doff = calloc((size_t)len, sizeof(int32_t));
        t->dpos = calloc((size_t)len, sizeof(int32_t));
    }
    if (!t || !t->key || !t->doff || !t->dpos) {
        if (t) {
            free(t->key);
            free(t->doff);
            free(t->dpos);
        }
        free(t);
        fail(g, "native: out of memory");
    }
    int32_t q = 0, nd = 0;
    int64_t v;
    t->key[q++] = na;
    p = 3;
    for (int32_t a = 0; a < na; a++) {
        int32_t nc = n[p++];
        t->key[q++] = nc;
        for (int32_t i = 0; i < 2 * nc + 1; i++, p++) {
            int wide = i == 2 * nc; /* the award's points: two words */
            if (fold(g, n[p], &v, 0)) { /* constants have no effect and raise no error */
                t->key[q] = (int32_t)(uint32_t)(uint64_t)v;
                if (wide) t->key[q + 1] = (int32_t)(uint32_t)((uint64_t)v >> 32);
            } else {
                t->doff[nd] = n[p];
                t->dpos[nd++] = wide ? -1 - q : q;
            }
            q += wide ? 2 : 1;
        }
    }
    t->len = len;
    t->nd = nd;
    g->ptmpl[off] = t; /* complete: the game owns it (vm_free) */
    return t;
}

/* (set (... points X) ((cond...) pts)*): the description, then the target. The point map is
 * interned by its description (as Python memoises scorers). Only the operands that are not
 * constants are evaluated, and a node finds the maps it made before by their values (the
 * commonest case, a trick's precedence set every trick with the led suit its one operand,
 * cost 31 evaluations and a comparison of 52 words); a new description is interned. */
FNQ int afn_initpts(State *st, V *env, const int32_t *n, Path *path) { /* target nawards [ncond (k v)* pts]* */
    (void)path;
    Game *g = st->g;
    int32_t off = (int32_t)(n - GCODE(g));
    PtsTmpl *t = g->ptmpl[off] ? g->ptmpl[off] : ptmpl_make(g, n, off);
    int64_t small[64];
    int64_t *vals = t->nd <= 64 ? small : amem(g, sizeof(int64_t) * (size_t)t->nd);
    for (int32_t d = 0; d < t->nd; d++) {
        int64_t v = evi(st, env, t->doff[d]);
        /* as the key holds it: a condition's operand as 32 bits */
        vals[d] = t->dpos[d] >= 0 ? (int64_t)(int32_t)v : v;
    }
    int32_t pm = -1;
    int cacheable = t->nd <= PTS_SEEN;
    if (cacheable)
        for (int32_t i = 0; i < t->nseen && pm < 0; i++) {
            const int64_t *sv = &t->seen_vals[i * PTS_SEEN];
            int32_t d = 0;
            while (d < t->nd && sv[d] == vals[d]) d++;
            if (d == t->nd) pm = t->seen_pm[i];
        }
    if (pm < 0) {
        int32_t small_key[256];
        int32_t *key = t->len <= 256 ? small_key : amem(g, sizeof(int32_t) * (size_t)t->len);
        memcpy(key, t->key, sizeof(int32_t) * (size_t)t->len);
        for (int32_t d = 0; d < t->nd; d++) {
            int32_t q = t->dpos[d];
            int64_t v = vals[d];
            if (q >= 0) {
                key[q] = (int32_t)v;
            } else {
                key[-1 - q] = (int32_t)(uint32_t)(uint64_t)v;
                key[-q] = (int32_t)(uint32_t)((uint64_t)v >> 32);
            }
        }
        if (g->npm <= 16) /* a few maps (a trick's precedence by led suit): compared, not hashed */
            for (int32_t i = 0; i < g->npm && pm < 0; i++)
                if (pm_is(g, i, key, t->len)) pm = i;
        if (pm < 0) pm = pm_intern(g, key, t->len);
        if (cacheable) {
            int32_t i = t->nseen < PTS_SEEN ? t->nseen++ : t->next++ % PTS_SEEN;
            t->seen_pm[i] = pm;
            memcpy(&t->seen_vals[i * PTS_SEEN], vals, sizeof(int64_t) * (size_t)t->nd);
        }
    }
    g->pm_memo[off] = pm;
    return set_pts(st, env, n, pm);
}

/* A (set ... points) whose description is all constants: once interned, its map is known,
 * and only the target is evaluated (constants have no effect and raise no error) */
FNQ int afn_initpts_k(State *st, V *env, const int32_t *n, Path *path) {
    Game *g = st->g;
    int32_t pm = g->pm_memo[n - GCODE(g)];
    if (pm < 0) return afn_initpts(st, env, n, path);
    return set_pts(st, env, n, pm);
}

/* node `off` reads neither `var` nor chance and changes nothing but work charges and
 * coverage marks, so evaluated again on the same state (with `var` bound to anything) it
 * gives the same value and charges the same work. Conservative: an opcode not listed here
 * counts as impure. Children precede their parents in the image (`lower.py` emits them
 * first), so a child's offset below its parent's bounds the walk; `budget` bounds its
 * size. */
static int pure_of(Game *g, int32_t off, int32_t var, int32_t *budget) {
    if (!ok_off(g, off) || --*budget < 0) return 0;
    const int32_t *n = GCODE(g) + off;
    int64_t room_ = g->codelen - off; /* n[0 .. room_ - 1] are in the image */
#define PURE_KID(k) ((k) < room_ && n[k] < off && pure_of(g, n[k], var, budget))
    switch (n[0]) {
    case OP_INT:
    case OP_STR:
    case OP_GAME:
    case OP_PCUR:
    case OP_LOC:
    case OP_STO:
    case OP_ALLP:
    case OP_ALLT:
    case OP_OTHP:
    case OP_OTHT:
    case OP_STRS:
        return 1;
    case OP_VAR:
        return room_ > 1 && n[1] != var;
    case OP_LOCP:   /* owner base... */
    case OP_RDINT:  /* storage */
    case OP_RDSTR:  /* storage */
    case OP_LOCCARDS:
    case OP_SIZE:
    case OP_SIZELL:
    case OP_NOT:
        return PURE_KID(1);
    case OP_STOP: /* kind owner len base... */
    case OP_ATT:  /* attr card */
    case OP_COV:  /* index value */
        return PURE_KID(2);
    case OP_CMP:   /* op a b */
    case OP_ARITH: /* op a b */
        return PURE_KID(2) && PURE_KID(3);
    case OP_RANGE: /* lo hi */
    case OP_SCORE: /* card points */
        return PURE_KID(1) && PURE_KID(2);
    case OP_PICK: /* end kind coll idx */
        return room_ > 2 && PURE_KID(3) && (n[1] != 2 || PURE_KID(4));
    case OP_AND:
    case OP_OR: {
        if (room_ < 2 || n[1] < 0 || n[1] > room_ - 2) return 0;
        for (int32_t i = 0; i < n[1]; i++)
            if (!PURE_KID(2 + i)) return 0;
        return 1;
    }
    case OP_AGGBOOL: /* any coll var cond counted is_ll */
    case OP_AGGINT:  /* agg coll var value is_ll: the bound variable is the aggregate's own */
        return room_ > 4 && n[3] != var && PURE_KID(2) && PURE_KID(4);
    case OP_FILTER: /* coll var cond counted is_ll */
        return room_ > 3 && n[2] != var && PURE_KID(1) && PURE_KID(3);
    default:
        return 0;
    }
#undef PURE_KID
}

/* A loop's pass whose guards all fail changes nothing: `(all COLL 'V BODY)` where BODY is `(COND ACTION)` or a `do` of such, every COND `pure_of` apart from
 * 'V. Once a pass finds every COND false, the state is as it was before the pass, so every
 * later pass finds them false again and only charges their work. The loop stops there and
 * charges that work for the passes left, and leaves 'V bound to the last member, as the
 * passes would have: the same state, work and coverage as running them. */
static int guard_is_pure(Game *g, int32_t off, int32_t var, int32_t *budget) {
    if (!ok_off(g, off) || g->codelen - off < 3) return 0;
    const int32_t *b = GCODE(g) + off;
    return b[0] == OP_GUARD && ok_off(g, b[1]) && ok_off(g, b[2]) && pure_of(g, b[1], var, budget);
}

static int guards_are_pure(Game *g, int32_t body, int32_t var) {
    int32_t budget = 256;
    if (!ok_off(g, body)) return 0;
    const int32_t *b = GCODE(g) + body;
    if (b[0] != OP_DO) return guard_is_pure(g, body, var, &budget);
    if (g->codelen - body < 2 || b[1] < 1 || b[1] > g->codelen - body - 2) return 0;
    for (int32_t i = 0; i < b[1]; i++)
        if (!guard_is_pure(g, b[2 + i], var, &budget)) return 0;
    return 1;
}

/* A guard whose condition is `(== (game sto|str X) K)`: a static storage slot equal to a
 * constant, the shape `fn_choose` gives `fn_cmpk_int_eq` / `fn_cmpk_str_eq` (the constant
 * folded into g->kval here as there). Such a condition reads one slot, charges no work and
 * marks no coverage (a coverage image wraps it in OP_COV, another shape). */
static int kguard_is(Game *g, int32_t off) {
    if (!ok_off(g, off) || g->codelen - off < 3) return 0;
    const int32_t *code = GCODE(g), *gd = code + off;
    if (gd[0] != OP_GUARD || !ok_off(g, gd[1]) || !ok_off(g, gd[2]) || g->codelen - gd[1] < 4) return 0;
    const int32_t *c = code + gd[1];
    int64_t v;
    if (c[0] != OP_CMP || c[1] != 0 || !ok_off(g, c[2]) || !ok_off(g, c[3]) || g->codelen - c[2] < 2) return 0;
    const int32_t *rd = code + c[2];
    if ((rd[0] != OP_RDINT && rd[0] != OP_RDSTR) || !ok_off(g, rd[1]) || g->codelen - rd[1] < 3) return 0;
    const int32_t *sto = code + rd[1];
    int32_t cap_ = rd[0] == OP_RDSTR ? g->str_cap : g->int_cap;
    if (sto[0] != OP_STO || sto[2] < 0 || sto[2] >= cap_ || !fold(g, c[3], &v, 0)) return 0;
    g->kval[c[3]] = v;
    return 1;
}

/* a `do` of two or more guards, every one `kguard_is` (a chain such as one action per value
 * of a rule kept in storage) */
static int kguards_are(Game *g, int32_t body) {
    if (!ok_off(g, body)) return 0;
    const int32_t *b = GCODE(g) + body;
    if (b[0] != OP_DO || g->codelen - body < 2 || b[1] < 2 || b[1] > g->codelen - body - 2) return 0;
    for (int32_t i = 0; i < b[1]; i++)
        if (!kguard_is(g, b[2 + i])) return 0;
    return 1;
}

/* one pass of a body `guards_are_pure` accepted: whether any guard held. With `k` (the body
 * `kguards_are`), each condition is read inline, the slot then the constant, in the guards'
 * order and after the actions before it (one may write the slot): the values
 * `fn_cmpk_*_eq` gives, without a call per guard. */
static inline __attribute__((always_inline)) int guarded_pass(State *st, V *env, int32_t body, Path *path, int k) {
    const int32_t *code = GCODE(st->g), *b = code + body;
    if (b[0] == OP_GUARD) {
        if (!EVK(st, env, b[1])) return 0;
        RUNK(st, env, b[2], path);
        return 1;
    }
    int held = 0;
    UNROLL for (int32_t i = 0; i < b[1]; i++) {
        const int32_t *gd = code + b[2 + i];
        int hold;
        if (k) {
            const int32_t *c = code + gd[1], *rd = code + c[2];
            int32_t s = code[rd[1] + 2];
            HIT(gd[1]);
            hold = (rd[0] == OP_RDSTR ? (int64_t)st->strs[s] : st->ints[s]) == st->g->kval[c[3]];
        } else {
            hold = EVK(st, env, gd[1]) != 0;
        }
        if (hold) {
            RUNK(st, env, gd[2], path);
            held = 1;
        }
    }
    return held;
}

static inline __attribute__((always_inline)) int each_guard(State *st, V *env, const int32_t *n, Path *path, int k) {
    if (path && n[4]) return afn_each(st, env, n, path); /* an option's any: one member */
    Game *g = st->g;
    Coll c = coll_of(st, env, n[1], n[5]);
    if (!coll_is_fresh(GCODE(g)[n[1]])) c = coll_copy(g, c);
    for (int32_t j = 0; j < c.n; j++) {
        bind(g, env, n[2], c, j);
        int64_t w = st->past4;
        if (guarded_pass(st, env, n[3], path, k)) continue;
        int64_t left = c.n - 1 - j;
        if (left) {
            st->past4 += left * (st->past4 - w);
            bind(g, env, n[2], c, c.n - 1);
        }
        break;
    }
    return 1;
}

FNQ int afn_each_guard(State *st, V *env, const int32_t *n, Path *path) { return each_guard(st, env, n, path, 0); } /* as afn_each */

/* as afn_each_guard, its body a chain of storage-equals-constant guards (`kguards_are`) */
FNQ int afn_each_kguard(State *st, V *env, const int32_t *n, Path *path) { return each_guard(st, env, n, path, 1); }

/* ---- a memo of loop passes ----
 * `(all COLL 'V BODY)` where BODY only sets storage from values it computes out of cards in
 * locations, storage, point maps, constants and outer variables (Red7's rescoring of every
 * palette under the rule in force, done for every seat on every option tried, most of them
 * on palettes the option did not touch). `memo_scan` reads the body once and lists its
 * inputs: each location it reads cards from, each storage slot it reads or writes, each
 * outer variable and the current player it reads, every one of them at a slot known before
 * the pass (a static slot, or a seat's by 'V, an outer variable or the current player). A
 * pass's key is then the scalars it reads (which name those seats), then each input's value,
 * a location's value being its stamp (`TOUCH`: one stamp, one set of contents). A pass whose
 * key was met before (in this game, by this loop or one whose body is the same but for its
 * variables' names: `memo_eq`) is not run: the storage writes it made are made again, in
 * order, and the work it charged is charged again. The body is a function of its key alone (it reads nothing else,
 * draws no chance, moves no card, counts no step, binds only variables of its own that
 * nothing reads after it, and one that failed was never kept), so the state, the work, the
 * bindings read later and the records are those of running it. Not where a node counts as
 * seen by the tests (EVOGAME_OPHITS) or marks coverage (OP_COV is no input). */
#define MEMO_SLOTS 256 /* entries, direct-mapped by the key's hash (32 KB: a lookup stays in cache) */
#define MEMO_IN 9      /* inputs of a body at most */
#define MEMO_KW 9      /* words of a key at most: scalars, then inputs */

enum { MI_LOC = 1, MI_INT, MI_STR, MI_PTS, MI_TGT };

/* an input of a pass: the value at a slot (a location's stamp, a storage's value), the slot
 * static or a seat's by one of the pass's scalars (Memoinfo.sc) */
typedef struct MemoIn {
    int32_t kind; /* MI_* but MI_TGT */
    int32_t slot; /* static slot, or -1: code[base + the scalar own's value], own in [0, lim) */
    int32_t own, lim, base;
} MemoIn;

typedef struct MemoInfo {
    int32_t ok;      /* 1 memoized, -1 not */
    int32_t id;      /* the node whose entries it uses: its own, or another loop's with the same body */
    int32_t guarded; /* the body `guards_are_pure` (a pass whose guards all fail ends the loop) */
    int32_t k;       /* and `kguards_are` */
    int32_t heavy;   /* aggregates, filters, partitions and runs in the body */
    int32_t nin, nsc, nkw; /* nkw = nsc + inputs with a value */
    int32_t node[MEMO_IN], kind[MEMO_IN]; /* input nodes (LOC, LOCP, STO, STOP) and their MI_* */
    int32_t sc[MEMO_IN];  /* scalars read: a variable's index, or -1 the current player */
    MemoIn in[MEMO_IN];   /* the inputs with a value, as the key reads them */
} MemoInfo;

typedef struct MemoEnt { /* two cache lines */
    uint32_t gen;
    int32_t node;
    int64_t dwork;
    int64_t key[MEMO_KW];
    int32_t held, nw;
    int32_t ws[MEMO_WR]; /* 2 x slot + kind (0 int, 1 string) */
    int64_t wv[MEMO_WR];
} __attribute__((aligned(128))) MemoEnt;

/* whether nodes a and b name the same slot whenever the key is made: the same opcode and
 * words, owners the same variable or both the current player */
static int memo_same(Game *g, int32_t a, int32_t b) {
    const int32_t *code = GCODE(g), *x = code + a, *y = code + b;
    if (x[0] != y[0]) return 0;
    int32_t len, own;
    switch (x[0]) {
    case OP_LOC:
        return x[1] == y[1];
    case OP_STO:
        return x[1] == y[1] && x[2] == y[2];
    case OP_LOCP:
        len = 2 + g->nplayers, own = 1;
        break;
    case OP_STOP:
        if (x[1] != y[1] || x[3] != y[3]) return 0;
        len = 4 + x[3], own = 2;
        break;
    default:
        return 0;
    }
    const int32_t *ox = code + x[own], *oy = code + y[own];
    if (ox[0] != oy[0] || (ox[0] == OP_VAR && ox[1] != oy[1])) return 0;
    for (int32_t i = own + 1; i < len; i++)
        if (x[i] != y[i]) return 0;
    return 1;
}

/* a scalar the pass reads (a variable bound outside it, 'V, or -1 the current player) */
static int memo_sc(MemoInfo *mi, int32_t v) {
    for (int32_t i = 0; i < mi->nsc; i++)
        if (mi->sc[i] == v) return 1;
    if (mi->nsc >= MEMO_IN) return 0;
    mi->sc[mi->nsc++] = v;
    return 1;
}

/* an input node (its slot `memo_slot_ok`): the scalar naming its seat is read too */
static int memo_add(Game *g, MemoInfo *mi, int32_t kind, int32_t in) {
    for (int32_t i = 0; i < mi->nin; i++)
        if (mi->kind[i] == kind && memo_same(g, mi->node[i], in)) return 1;
    if (mi->nin >= MEMO_IN) return 0;
    const int32_t *code = GCODE(g), *n = code + in;
    if (n[0] == OP_LOCP || n[0] == OP_STOP) {
        const int32_t *o = code + (n[0] == OP_LOCP ? n[1] : n[2]);
        if (!memo_sc(mi, o[0] == OP_PCUR ? -1 : o[1])) return 0;
    }
    mi->kind[mi->nin] = kind;
    mi->node[mi->nin++] = in;
    return 1;
}

/* the key's reading of each input, made once `memo_act` accepted the body */
static void memo_compile(Game *g, MemoInfo *mi) {
    const int32_t *code = GCODE(g);
    int32_t k = 0;
    for (int32_t i = 0; i < mi->nin; i++) {
        const int32_t *n = code + mi->node[i];
        MemoIn *in = &mi->in[k];
        if (mi->kind[i] == MI_TGT && (n[0] == OP_STO || n[0] == OP_LOC)) continue; /* a static target: nothing to read */
        in->kind = mi->kind[i];
        in->slot = n[0] == OP_LOC ? n[1] : n[0] == OP_STO ? n[2] : -1;
        if (in->slot < 0) {
            const int32_t *o = code + (n[0] == OP_LOCP ? n[1] : n[2]);
            int32_t v = o[0] == OP_PCUR ? -1 : o[1];
            for (int32_t j = 0; j < mi->nsc; j++)
                if (mi->sc[j] == v) in->own = j;
            in->lim = n[0] == OP_LOCP ? g->nplayers : n[3];
            in->base = mi->node[i] + (n[0] == OP_LOCP ? 2 : 4);
        }
        if (in->kind == MI_TGT) { /* a seat's target: its seat is in the key already */
            continue;
        }
        k++;
    }
    mi->nkw = mi->nsc + k;
    mi->nin = k; /* from here, in[0, nin) */
    if (mi->nkw > MEMO_KW) mi->ok = -1;
}

/* whether variable v is bound inside the body (inner[0..ninner)) */
static int memo_inner(const int32_t *inner, int32_t ninner, int32_t v) {
    for (int32_t i = 0; i < ninner; i++)
        if (inner[i] == v) return 1;
    return 0;
}

/* node `slot_node` (a LOC, LOCP, STO or STOP) names a slot known when the key is made:
 * static, or a seat's by a variable bound outside the body (or 'V) or the current player */
static int memo_slot_ok(Game *g, int32_t off, int32_t want_op, int32_t kind, const int32_t *inner, int32_t ninner) {
    if (!ok_off(g, off)) return 0;
    const int32_t *code = GCODE(g), *n = code + off;
    int64_t room_ = g->codelen - off;
    int32_t own;
    if (want_op == OP_LOC) {
        /* static locations only (`state_copy` copies the stamps of the layout's keys) */
        int32_t lim = in_range(g->nloc_keys, g->loc_cap);
        if (n[0] == OP_LOC) return room_ >= 2 && n[1] >= 0 && n[1] < lim;
        if (n[0] != OP_LOCP || room_ < 2 + g->nplayers) return 0;
        for (int32_t i = 0; i < g->nplayers; i++)
            if (n[2 + i] < 0 || n[2 + i] >= lim) return 0;
        own = n[1];
    } else {
        int32_t cap_ = kind == 0 ? g->int_cap : kind == 1 ? g->str_cap : g->pt_cap;
        if (n[0] == OP_STO) return room_ >= 3 && n[1] == kind && n[2] >= 0 && n[2] < cap_;
        if (n[0] != OP_STOP || room_ < 4 || n[1] != kind || n[3] < 0 || n[3] > room_ - 4) return 0;
        for (int32_t i = 0; i < n[3]; i++)
            if (n[4 + i] < 0 || n[4 + i] >= cap_) return 0;
        own = n[2];
    }
    if (!ok_off(g, own) || own >= off) return 0;
    const int32_t *o = code + own;
    if (o[0] == OP_PCUR) return 1;
    return o[0] == OP_VAR && g->codelen - own >= 2 && o[1] >= 0 && o[1] < g->nvars && (g->varkind[o[1]] & 3) == 0 && !memo_inner(inner, ninner, o[1]);
}

#define MEMO_BIND(v)                                                                                            \
    do {                                                                                                        \
        if ((v) < 0 || (v) >= g->nvars || (g->varkind[(v)] & KEY_VAR) || (v) == var || *ninner >= 16) return 0; \
        inner[(*ninner)++] = (v);                                                                               \
    } while (0)

/* whether expression node `off` is a function of inputs the key holds (listed in mi) */
static int memo_expr(Game *g, int32_t off, int32_t var, MemoInfo *mi, int32_t *inner, int32_t *ninner, int *budget) {
    if (!ok_off(g, off) || --*budget < 0) return 0;
    const int32_t *code = GCODE(g), *n = code + off;
    int64_t room_ = g->codelen - off;
#define ME(k) ((k) < room_ && n[k] < off && memo_expr(g, n[k], var, mi, inner, ninner, budget))
    switch (n[0]) {
    case OP_INT:
    case OP_INT64:
    case OP_STR:
    case OP_GAME:
        return 1;
    case OP_PCUR:
        return memo_sc(mi, -1);
    case OP_VAR:
        if (room_ < 2 || n[1] < 0 || n[1] >= g->nvars) return 0;
        if (memo_inner(inner, *ninner, n[1])) return 1;
        return (g->varkind[n[1]] & 3) == 0 && memo_sc(mi, n[1]); /* 'V or outer: a scalar */
    case OP_LOCCARDS:
        return room_ >= 2 && n[1] < off && memo_slot_ok(g, n[1], OP_LOC, 0, inner, *ninner) && memo_add(g, mi, MI_LOC, n[1]);
    case OP_RDINT:
    case OP_RDSTR: {
        int32_t kind = n[0] == OP_RDINT ? 0 : 1;
        return room_ >= 2 && n[1] < off && memo_slot_ok(g, n[1], OP_STO, kind, inner, *ninner) && memo_add(g, mi, kind ? MI_STR : MI_INT, n[1]);
    }
    case OP_SCORE: /* card points */
        return room_ >= 3 && n[2] < off && memo_slot_ok(g, n[2], OP_STO, 2, inner, *ninner) && memo_add(g, mi, MI_PTS, n[2]) && ME(1);
    case OP_RUNS: /* largest length coll points */
        mi->heavy++;
        return room_ >= 5 && n[4] < off && memo_slot_ok(g, n[4], OP_STO, 2, inner, *ninner) && memo_add(g, mi, MI_PTS, n[4]) && ME(2) && ME(3);
    case OP_ATT: /* attr card */
        return ME(2);
    case OP_SIZE:
    case OP_SIZELL:
    case OP_NOT:
        return ME(1);
    case OP_ARITH:
    case OP_CMP:
        return ME(2) && ME(3);
    case OP_AND:
    case OP_OR:
        if (room_ < 2 || n[1] < 0 || n[1] > room_ - 2) return 0;
        for (int32_t i = 0; i < n[1]; i++)
            if (!ME(2 + i)) return 0;
        return 1;
    case OP_AGGINT:  /* agg coll var value is_ll */
    case OP_AGGBOOL: /* any coll var cond counted is_ll */
        mi->heavy++;
        if (room_ < 6 || !ME(2)) return 0;
        MEMO_BIND(n[3]);
        return ME(4);
    case OP_FILTER: /* coll var cond counted is_ll */
        mi->heavy++;
        if (room_ < 6 || !ME(1)) return 0;
        MEMO_BIND(n[2]);
        return ME(3);
    case OP_PARTITION: /* attr parts... */
        mi->heavy++;
        if (room_ < 3 || n[2] < 1 || n[2] > room_ - 3 || !ME(1)) return 0;
        for (int32_t i = 0; i < n[2]; i++)
            if (!ME(3 + i)) return 0;
        return 1;
    default:
        return 0;
    }
#undef ME
}

/* whether action node `off` only sets storage (at slots the key holds) from such values */
static int memo_act(Game *g, int32_t off, int32_t var, MemoInfo *mi, int32_t *inner, int32_t *ninner, int *budget) {
    if (!ok_off(g, off) || --*budget < 0) return 0;
    const int32_t *code = GCODE(g), *n = code + off;
    int64_t room_ = g->codelen - off;
#define ME(k) ((k) < room_ && n[k] < off && memo_expr(g, n[k], var, mi, inner, ninner, budget))
#define MA(k) ((k) < room_ && n[k] < off && memo_act(g, n[k], var, mi, inner, ninner, budget))
    switch (n[0]) {
    case OP_DO:
        if (room_ < 2 || n[1] < 0 || n[1] > room_ - 2) return 0;
        for (int32_t i = 0; i < n[1]; i++)
            if (!MA(2 + i)) return 0;
        return 1;
    case OP_GUARD:
        return room_ >= 3 && ME(1) && MA(2);
    case OP_SETINT:
    case OP_SETSTR: {
        int32_t kind = n[0] == OP_SETINT ? 0 : 1;
        return room_ >= 3 && n[1] < off && memo_slot_ok(g, n[1], OP_STO, kind, inner, *ninner) && memo_add(g, mi, MI_TGT, n[1]) && ME(2);
    }
    case OP_LET: /* value var body */
        if (room_ < 4 || !ME(1)) return 0;
        MEMO_BIND(n[2]);
        return MA(3);
    default:
        return 0;
    }
#undef ME
#undef MA
}
#undef MEMO_BIND

/* the operands of the opcodes a memoized body holds, for `memo_eq`: i an immediate, x a
 * child, v a variable, p one immediate per seat, n a count then that many immediates, X a
 * count then that many children */
static const char *memo_form(int32_t op) {
    switch (op) {
    case OP_INT: case OP_STR: case OP_LOC: return "i";
    case OP_INT64: case OP_STO: return "ii";
    case OP_GAME: case OP_PCUR: return "";
    case OP_VAR: return "v";
    case OP_LOCCARDS: case OP_RDINT: case OP_RDSTR: case OP_SIZE: case OP_SIZELL: case OP_NOT: return "x";
    case OP_LOCP: return "xp";
    case OP_STOP: return "ixn";
    case OP_SCORE: case OP_GUARD: case OP_SETINT: case OP_SETSTR: return "xx";
    case OP_RUNS: return "ixxx";
    case OP_ATT: return "ix";
    case OP_ARITH: case OP_CMP: return "ixx";
    case OP_AND: case OP_OR: case OP_DO: return "X";
    case OP_AGGINT: return "ixvxi";
    case OP_AGGBOOL: return "ixvxii";
    case OP_FILTER: return "xvxii";
    case OP_PARTITION: return "xX";
    case OP_LET: return "xvx";
    default: return NULL;
    }
}

/* whether the subtrees at a and b (each in a body `memo_act` accepted) are the same but for
 * their variables, named one for one (va[] / vb[]: each side's partner, -1 none yet) */
static int memo_eq(Game *g, int32_t a, int32_t b, int32_t *va, int32_t *vb, int *budget) {
    const int32_t *code = GCODE(g), *x = code + a, *y = code + b;
    if (--*budget < 0 || x[0] != y[0]) return 0;
    const char *f = memo_form(x[0]);
    if (!f) return 0;
    int32_t k = 1;
    for (; *f; f++) {
        switch (*f) {
        case 'i':
            if (x[k] != y[k]) return 0;
            k++;
            break;
        case 'v': {
            int32_t p = x[k], q = y[k];
            if (p < 0 || q < 0 || p >= g->nvars || q >= g->nvars) return 0;
            if (va[p] < 0 && vb[q] < 0) va[p] = q, vb[q] = p;
            if (va[p] != q || vb[q] != p) return 0;
            k++;
            break;
        }
        case 'x':
            if (!memo_eq(g, x[k], y[k], va, vb, budget)) return 0;
            k++;
            break;
        case 'p':
            for (int32_t i = 0; i < g->nplayers; i++, k++)
                if (x[k] != y[k]) return 0;
            break;
        case 'n':
        case 'X': {
            int32_t cnt = x[k];
            if (cnt != y[k++]) return 0;
            for (int32_t i = 0; i < cnt; i++, k++)
                if (*f == 'n' ? x[k] != y[k] : !memo_eq(g, x[k], y[k], va, vb, budget)) return 0;
            break;
        }
        }
    }
    return 1;
}

/* whether loop b's passes may use loop a's entries: the same body, variables renamed */
static int memo_shares(Game *g, int32_t a, int32_t b) {
    if (a == b) return 1;
    const int32_t *na = GCODE(g) + a, *nb = GCODE(g) + b;
    if (na[0] != OP_EACH || nb[0] != OP_EACH) return 0;
    int32_t *va = malloc(sizeof(int32_t) * 2 * (size_t)g->nvars + 1);
    if (!va) return 0;
    for (int32_t i = 0; i < 2 * g->nvars; i++) va[i] = -1;
    int ok = na[2] >= 0 && na[2] < g->nvars && nb[2] >= 0 && nb[2] < g->nvars;
    if (ok) {
        va[na[2]] = nb[2], va[g->nvars + nb[2]] = na[2]; /* 'V is the other's 'V */
        int eb = 4096;
        ok = memo_eq(g, na[3], nb[3], va, va + g->nvars, &eb);
    }
    free(va);
    return ok;
}

/* the memo description of loop node n (made once; ok -1 where the loop is not memoized) */
static MemoInfo *memo_scan(Game *g, const int32_t *n) {
    int32_t off = (int32_t)(n - GCODE(g));
    if (!g->memo_info) {
        g->memo_info = calloc((size_t)(g->codelen > 0 ? g->codelen : 1), sizeof(MemoInfo *));
        if (!g->memo_info) fail(g, "native: out of memory");
    }
    if (g->memo_info[off]) return g->memo_info[off];
    MemoInfo *mi = calloc(1, sizeof(MemoInfo));
    if (!mi) fail(g, "native: out of memory");
    int32_t inner[16], ninner = 0;
    int budget = 1024;
    int ok = g->codelen - off >= 6 && ok_off(g, n[1]) && ok_off(g, n[3]) && n[2] >= 0 && n[2] < g->nvars && !(g->varkind[n[2]] & KEY_VAR);
    ok = ok && memo_act(g, n[3], n[2], mi, inner, &ninner, &budget);
#ifdef EVOGAME_OPHITS
    ok = 0;
#endif
    mi->ok = ok && mi->heavy > 0 ? 1 : -1; /* a pass without an aggregate is cheaper than its key */
    mi->id = off;
    if (mi->ok == 1) memo_compile(g, mi);
    if (mi->ok == 1) {
        /* a loop whose body is an earlier memoized loop's, variables renamed one for one,
         * shares its entries: the same key gives the same writes and work */
        for (int32_t o = 1; o < g->codelen; o++) {
            MemoInfo *other = g->memo_info[o];
            if (o == off || !other || other->ok != 1 || other->id != o) continue;
            if (memo_shares(g, o, off)) {
                mi->id = o;
                break;
            }
        }
        mi->guarded = guards_are_pure(g, n[3], n[2]);
        mi->k = mi->guarded && kguards_are(g, n[3]);
    }
    g->memo_info[off] = mi;
    return mi;
}

/* pass's key now (1), or 0 when a slot is out of range (the pass is then run unkeyed: it
 * meets the same error, or reads another slot) */
static inline __attribute__((always_inline)) int memo_key(State *st, V *env, const MemoInfo *mi, int64_t *key) {
    int32_t nsc = mi->nsc;
    UNROLL for (int32_t i = 0; i < nsc; i++) {
        int32_t v = mi->sc[i];
        key[i] = v < 0 ? st->pc[st->npc - 1][0] : env[v].i;
    }
    UNROLL for (int32_t i = 0; i < mi->nin; i++) {
        const MemoIn *in = &mi->in[i];
        int32_t s = in->slot;
        if (s < 0) {
            int64_t o = key[in->own];
            if (o < 0 || o >= in->lim) return 0;
            s = GCODE(st->g)[in->base + o];
        }
        int64_t v;
        switch (in->kind) {
        case MI_LOC:
            v = (int64_t)st->lstamp[s];
            break;
        case MI_INT:
            v = st->ints[s];
            break;
        case MI_STR:
            v = st->strs[s];
            break;
        default: /* MI_PTS */
            v = st->pts[s];
            break;
        }
        key[nsc + i] = v;
    }
    return 1;
}

/* one pass of a memoized loop's body, 'V bound: whether a guard held (1 unless guarded) */
FNQ int memo_pass(State *st, V *env, const int32_t *n, const MemoInfo *mi, Path *path) {
    Game *g = st->g;
    int64_t key[MEMO_KW];
    int32_t body = n[3];
    if (!g->memo) {
        g->memo = calloc(MEMO_SLOTS, sizeof(MemoEnt));
        if (!g->memo) fail(g, "native: out of memory");
    }
    if (__builtin_expect(g->memo_off, 0) || !memo_key(st, env, mi, key)) {
        g->memo_on = 0;
        if (mi->guarded) return mi->k ? guarded_pass(st, env, body, path, 1) : guarded_pass(st, env, body, path, 0);
        RUNK(st, env, body, path);
        return 1;
    }
    int32_t off = mi->id; /* its own node, or the first with its body */
    static const uint64_t MUL[MEMO_KW] = {0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL, 0xD6E8FEB86659FD93ULL, 0xFF51AFD7ED558CCDULL,
                                          0xC4CEB9FE1A85EC53ULL, 0x94D049BB133111EBULL, 0xBF58476D1CE4E5B9ULL, 0x27D4EB2F165667C5ULL};
    int32_t nkw = mi->nkw;
    uint64_t h = (uint64_t)off;
    UNROLL for (int32_t i = 0; i < nkw; i++) h += (uint64_t)key[i] * MUL[i]; /* independent products */
    h ^= h >> 31;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 29;
    MemoEnt *e = &g->memo[h & (MEMO_SLOTS - 1)];
    int same = e->gen == g->memo_gen && e->node == off;
    UNROLL for (int32_t i = 0; i < nkw; i++) same &= e->key[i] == key[i];
    if (same) {
        for (int32_t i = 0; i < e->nw; i++) {
            if (!(e->ws[i] & 1))
                st->ints[e->ws[i] >> 1] = e->wv[i];
            else
                st->strs[e->ws[i] >> 1] = (int32_t)e->wv[i];
        }
        st->past4 += e->dwork;
        return e->held;
    }
    int64_t w = st->past4;
    g->memo_on = 1;
    g->memo_nw = 0;
    int held;
    if (mi->guarded)
        held = mi->k ? guarded_pass(st, env, body, path, 1) : guarded_pass(st, env, body, path, 0);
    else
        held = (RUNK(st, env, body, path), 1);
    g->memo_on = 0;
    if (g->memo_nw > MEMO_WR) return held; /* too many writes to keep */
    e->gen = g->memo_gen;
    e->node = off;
    e->held = held;
    e->nw = g->memo_nw;
    e->dwork = st->past4 - w;
    UNROLL for (int32_t i = 0; i < nkw; i++) e->key[i] = key[i];
    for (int32_t i = 0; i < e->nw; i++) {
        e->ws[i] = 2 * g->memo_ws[i] + g->memo_wk[i];
        e->wv[i] = g->memo_wv[i];
    }
    return held;
}

/* The compiled tier: each memoized loop's description is in the prefix (T2_MEMOS, written
 * by `vm_tier2_nodes` and checked against `memo_scan` when the game is loaded), a constant
 * the C compiler folds into the loop's own function: the key's reads unrolled, no lookups
 * of the description. */
#ifndef T2_MEMOS
#define T2_MEMOS(X)
#endif
#ifdef EVOGAME_TIER2
#define T2_MEMO_CASE(o, ...)                    \
    case o: {                                   \
        static const MemoInfo m_ = __VA_ARGS__; \
        return &m_;                             \
    }
static inline __attribute__((always_inline)) const MemoInfo *memo_of(Game *g, int32_t off) {
    switch (off) { T2_MEMOS(T2_MEMO_CASE) }
    return g->memo_info[off];
}
#else
#define memo_of(g, off) ((const MemoInfo *)(g)->memo_info[(off)])
#endif

/* whether two descriptions read the same key the same way (but for `id`) */
static int memo_info_same(const MemoInfo *a, const MemoInfo *b) {
    if (a->ok != b->ok || a->guarded != b->guarded || a->k != b->k || a->nsc != b->nsc || a->nin != b->nin || a->nkw != b->nkw) return 0;
    for (int32_t i = 0; i < a->nsc; i++)
        if (a->sc[i] != b->sc[i]) return 0;
    for (int32_t i = 0; i < a->nin; i++) {
        const MemoIn *x = &a->in[i], *y = &b->in[i];
        if (x->kind != y->kind || x->slot != y->slot || (x->slot < 0 && (x->own != y->own || x->lim != y->lim || x->base != y->base))) return 0;
    }
    return 1;
}

/* (all COLL 'V BODY), BODY memoized (`memo_scan`): each pass through `memo_pass`; with
 * guards (`guards_are_pure`), a pass whose guards all fail ends the loop as `each_guard` */
FNQ int afn_each_memo(State *st, V *env, const int32_t *n, Path *path) {
    if (path && n[4]) return afn_each(st, env, n, path); /* an option's any: one member */
    Game *g = st->g;
    const MemoInfo *mi = memo_of(g, (int32_t)(n - GCODE(g)));
    Coll c = coll_of(st, env, n[1], n[5]);
    if (!coll_is_fresh(GCODE(g)[n[1]])) c = coll_copy(g, c);
    for (int32_t j = 0; j < c.n; j++) {
        bind(g, env, n[2], c, j);
        int64_t w = st->past4;
        if (memo_pass(st, env, n, mi, path) || !mi->guarded) continue;
        int64_t left = c.n - 1 - j;
        if (left) {
            st->past4 += left * (st->past4 - w);
            bind(g, env, n[2], c, c.n - 1);
        }
        break;
    }
    return 1;
}

static int initpts_is_static(Game *g, const int32_t *n) {
    int64_t room_ = g->codelen - (n - GCODE(g)), v;
    if (room_ < 3 || n[2] < 0) return 0;
    int32_t p = 3;
    for (int32_t a = 0; a < n[2]; a++) {
        if (p >= room_) return 0;
        int32_t nc = n[p++];
        if (nc < 0 || p + 2 * (int64_t)nc + 1 > room_) return 0;
        for (int32_t i = 0; i < 2 * nc + 1; i++)
            if (!fold(g, n[p++], &v, 0)) return 0;
    }
    return 1;
}

static AFn afn_choose(Game *g, const int32_t *n) {
    const int32_t *code = GCODE(g);
    switch (n[0]) {
    case OP_MOVE:
        if (!ok_off(g, n[1]) || !ok_off(g, n[2]) || (n[3] == 2 && !ok_off(g, n[4]))) return afn_switch;
        return is_static_loc(g, n[2]) ? afn_move_sloc : afn_move;
    case OP_SETINT: {
        if (!ok_off(g, n[1]) || !ok_off(g, n[2])) return afn_switch;
        const int32_t *t = code + n[1];
        return t[0] == OP_STO && t[2] >= 0 && t[2] < g->int_cap ? afn_setint_sto : afn_setint;
    }
    case OP_INCINT:
    case OP_DECINT:
        return ok_off(g, n[1]) && ok_off(g, n[2]) ? afn_incdec : afn_switch;
    case OP_SETSTR:
        return ok_off(g, n[1]) && ok_off(g, n[2]) ? afn_setstr : afn_switch;
    case OP_DO:
        if (n[1] < 0) return afn_switch;
        for (int32_t i = 0; i < n[1]; i++)
            if (!ok_off(g, n[2 + i])) return afn_switch;
        return afn_do;
    case OP_GUARD:
        return ok_off(g, n[1]) && ok_off(g, n[2]) ? afn_guard : afn_switch;
    case OP_REPEAT:
        return ok_off(g, n[1]) && ok_off(g, n[2]) ? afn_repeat : afn_switch;
    case OP_EACH:
        if (!ok_off(g, n[1]) || !ok_off(g, n[3]) || n[2] < 0 || n[2] >= g->nvars) return afn_switch;
        if (memo_scan(g, n)->ok == 1) return afn_each_memo;
        if (!guards_are_pure(g, n[3], n[2])) return afn_each;
        return kguards_are(g, n[3]) ? afn_each_kguard : afn_each_guard;
    case OP_INITPTS:
        return initpts_is_static(g, n) ? afn_initpts_k : afn_initpts;
    default:
        return afn_switch;
    }
}

static int afn_resolve(State *st, V *env, const int32_t *n, Path *path) {
    Game *g = st->g;
    AFn f = afn_choose(g, n);
    g->afn[n - GCODE(g)] = f;
    return f(st, env, n, path);
}

/* ===================================================================== the compiled tier's list */

/* every evaluator a node can be given, by name, for the compiled tier's prefix */
#define IFN_LIST(X) \
    X(fn_ev) \
    X(fn_k1) \
    X(fn_k2) \
    X(fn_game) \
    X(fn_var) \
    X(fn_pcur) \
    X(fn_rdint_sto) \
    X(fn_rdint) \
    X(fn_rdstr_sto) \
    X(fn_rdstr) \
    X(fn_stop) \
    X(fn_locp) \
    X(fn_add) \
    X(fn_sub) \
    X(fn_mul) \
    X(fn_arith) \
    X(fn_sizell) \
    X(fn_and) \
    X(fn_or) \
    X(fn_not) \
    X(fn_size_loc) \
    X(fn_size_cards) \
    X(fn_size) \
    X(fn_att) \
    X(fn_att_var) \
    X(fn_pick_top_loc) \
    X(fn_pick_bottom_loc) \
    X(fn_pick_top_sloc) \
    X(fn_pick_bottom_sloc) \
    X(fn_pick_nth_sloc) \
    X(fn_pick_nth_loc) \
    X(fn_score) \
    X(fn_score_var_sto) \
    X(fn_aggint) \
    X(fn_aggbool) \
    X(fn_cov) \
    X(fn_kval) \
    X(fn_cmp_eq) \
    X(fn_cmp_ne) \
    X(fn_cmp_lt) \
    X(fn_cmp_gt) \
    X(fn_cmp_le) \
    X(fn_cmp_ge) \
    X(fn_cmpk_eq) \
    X(fn_cmpk_ne) \
    X(fn_cmpk_lt) \
    X(fn_cmpk_gt) \
    X(fn_cmpk_le) \
    X(fn_cmpk_ge) \
    X(fn_cmpk_int_eq) \
    X(fn_cmpk_int_ne) \
    X(fn_cmpk_int_lt) \
    X(fn_cmpk_int_gt) \
    X(fn_cmpk_int_le) \
    X(fn_cmpk_int_ge) \
    X(fn_cmpk_str_eq) \
    X(fn_cmpk_str_ne) \
    X(fn_cmpk_str_lt) \
    X(fn_cmpk_str_gt) \
    X(fn_cmpk_str_le) \
    X(fn_cmpk_str_ge)
#define AFN_LIST(X) \
    X(afn_switch) \
    X(afn_move) \
    X(afn_move_sloc) \
    X(afn_setint_sto) \
    X(afn_setint) \
    X(afn_incdec) \
    X(afn_setstr) \
    X(afn_do) \
    X(afn_guard) \
    X(afn_repeat) \
    X(afn_each) \
    X(afn_each_guard) \
    X(afn_each_kguard) \
    X(afn_each_memo) \
    X(afn_initpts) \
    X(afn_initpts_k)
#define REG_ENTRY(f) {(void *)f, #f},
static const struct {
    void *fn;
    const char *name;
} FN_NAMES[] = {IFN_LIST(REG_ENTRY) AFN_LIST(REG_ENTRY)};

static const char *fn_name(void *f) {
    for (size_t i = 0; i < sizeof FN_NAMES / sizeof FN_NAMES[0]; i++)
        if (FN_NAMES[i].fn == f) return FN_NAMES[i].name;
    return NULL;
}

/* ---- list-valued nodes with a function of their own in the compiled tier ---- */
FNQ V lfn_filter(State *st, V *env, const int32_t *n) { return filter_of(st, env, n, 1); }
FNQ V lfn_filter_att(State *st, V *env, const int32_t *n) { return filter_att_of(st, env, n); }
FNQ V lfn_ev(State *st, V *env, const int32_t *n) { return ev_at(st, env, n, (int32_t)(n - GCODE(st->g))); }

/* the function in the compiled tier of a node `ev` reached (it marks them: Game.lseen) */
static LFn lfn_choose(Game *g, const int32_t *n) {
    if (filter_att_shape(g, n)) return lfn_filter_att;
    if (n[0] == OP_FILTER && ok_off(g, n[3]) && n[2] >= 0 && n[2] < g->nvars) return lfn_filter;
    return lfn_ev; /* any other node `ev` reached: its own case */
}

static const char *lfn_name(LFn f) {
    return f == lfn_filter ? "lfn_filter" : f == lfn_filter_att ? "lfn_filter_att" : f == lfn_ev ? "lfn_ev" : NULL;
}

#ifdef EVOGAME_TIER2
/* each marks its node (HIT: nothing outside the tests' marked build), since a direct call
 * at a constant offset passes by the marks of `evi`, `evl` and `run` */
#define T2_DEF_L(off, fn) \
    static V L##off(State *st, V *env, const int32_t *n) { (void)n; HIT(off); return fn(st, env, T2_IMG + off); }
T2_LNODES(T2_DEF_L)
#define T2_DEF_I(off, fn) \
    static int64_t N##off(State *st, V *env, const int32_t *n) { (void)n; HIT(off); return fn(st, env, T2_IMG + off); }
#define T2_DEF_A(off, fn) \
    static int A##off(State *st, V *env, const int32_t *n, Path *path) { (void)n; HIT(off); return fn(st, env, T2_IMG + off, path); }
T2_INODES(T2_DEF_I)
T2_ANODES(T2_DEF_A)
#endif

/* ===================================================================== listing options */

typedef struct {
    Option *v;
    int32_t n, cap;
} Opts;

#ifdef EVOGAME_TIER2
/* the item nodes `expand` reached (T2_XNODES), each with a function of its own */
typedef void (*XFn)(State *st, V *env, Opts *out);
#define T2_DECL_X(off, fn) static void X##off(State *st, V *env, Opts *out);
T2_XNODES(T2_DECL_X)
#define T2_ENT_X(off, fn) [off] = X##off,
static const XFn T2_XFN[T2_CODELEN] = {T2_XNODES(T2_ENT_X)};
#endif

static void opt_push(Game *g, Opts *o, int32_t kind, int32_t node, const int32_t *path, int32_t npath, const int32_t *cap, V *env) {
    if (o->n >= o->cap) {
        int32_t nc = o->cap ? 2 * o->cap : 16;
        if (nc > 1000000) fail(g, "native: more than 1,000,000 options");
        Option *nv = amem(g, sizeof(Option) * (size_t)nc);
        if (o->n) memcpy(nv, o->v, sizeof(Option) * (size_t)o->n);
        o->v = nv;
        o->cap = nc;
    }
    Option *op = &o->v[o->n++];
    op->kind = kind;
    op->node = node;
    op->npath = npath;
    op->path = NULL;
    if (npath) {
        op->path = amem(g, sizeof(int32_t) * (size_t)npath);
        memcpy(op->path, path, sizeof(int32_t) * (size_t)npath);
    }
    op->cap = cap;
    op->env = env;
}

/* An option's bindings, whole: `base` (the bindings of the state it was listed on, or of
 * a copy of it) with the slots it keeps set to its values */
static inline V *opt_bind(V *e, const Option *o) {
    for (int32_t j = 0; j < o->cap[0]; j++) e[o->cap[1 + j]] = o->env[j];
    return e;
}

/* The bindings an option's action runs with. An option that keeps its item's binders sets
 * them in the state's own bindings: an action writes only binders of its own, each in a
 * slot of its own read only inside it, and stale binders are not the position (state_key
 * reads KEY_VAR slots only), so what it leaves there nothing reads (a copy of them all was
 * a tenth of a decision's cost in Agram4). A walked option's are a copy of its own. */
static V *opt_env(Game *g, V *base, const Option *o) {
    return o->cap ? opt_bind(base, o) : env_copy(g, o->env);
}

/* --- the general walker (options.item): branches on trial copies, continuation passing.
 * One case per opcode with a walk, as the Python engine's `options.WALKS`
 * (tests/engine/test_bodies.py checks the two have the same opcodes), reading the
 * opcode's operands by name; any other action is done as one */

typedef struct K {
    int kind; /* 1 seq, 2 each, 3 repeat, 4 check, 5 through (the count into *failed) */
    int32_t node;
    int32_t j, n;
    Coll members;
    int32_t acted;
    int *failed;
    const struct K *next;
} K;

typedef struct {
    Opts *out;
    V *env0;
    int32_t item;
    int chance;
    int32_t *path;
    int32_t npath, path_cap;
    int64_t work4;
} Ctx;

static State *fork_trial(Ctx *ctx, State *st) {
    Game *g = st->g;
    State *c = state_clone(st);
    if (ctx->chance) {
        c->rng = amem(g, sizeof(MT));
        mt_copy(c->rng, st->rng);
    }
    c->seen = NULL;
    c->past4 = 4; /* work: one per trial copy */
    c->steps = 0;
    return c;
}

static void done_trial(Ctx *ctx, State *t) { ctx->work4 += work4(t); }

static void path_push(Game *g, Ctx *ctx, int32_t v) {
    if (ctx->npath >= ctx->path_cap) fail(g, "native: an option's path is longer than %d", ctx->path_cap);
    ctx->path[ctx->npath++] = v;
}

static void walk(Ctx *ctx, State *st, V *env, int32_t acted, int32_t off, const K *k);

static void cont(Ctx *ctx, State *st, V *env, int32_t acted, const K *k) {
    Game *g = st->g;
    if (!k) {
        if (acted) opt_push(g, ctx->out, 1, ctx->item, ctx->path, ctx->npath, NULL, ctx->env0);
        return;
    }
    switch (k->kind) {
    case 1: { /* the rest of a do */
        int32_t *n = C(g, k->node);
        if (k->j == A_DO_NITEMS(n)) {
            cont(ctx, st, env, acted, k->next);
            return;
        }
        K nk = *k;
        nk.j = k->j + 1;
        walk(ctx, st, env, acted, A_DO_ITEMS(n, k->j), &nk);
        return;
    }
    case 2: { /* the rest of an all */
        int32_t *n = C(g, k->node);
        if (k->j == k->members.n) {
            cont(ctx, st, env, acted, k->next);
            return;
        }
        bind(g, env, A_EACH_VAR(n), k->members, k->j);
        K nk = *k;
        nk.j = k->j + 1;
        walk(ctx, st, env, acted, A_EACH_BODY(n), &nk);
        return;
    }
    case 3: { /* the rest of a repeat */
        int32_t *n = C(g, k->node);
        if (k->j >= k->n) {
            cont(ctx, st, env, acted, k->next);
            return;
        }
        K nk = *k;
        nk.j = k->j + 1;
        walk(ctx, st, env, acted, A_REPEAT_ACTION(n), &nk);
        return;
    }
    case 4: { /* an ensure's condition on its branch */
        int32_t *n = C(g, k->node);
        if (evi(st, env, A_ENSURE_COND(n)))
            cont(ctx, st, env, k->acted + acted, k->next);
        else
            *k->failed = 1;
        return;
    }
    case 5: /* the end of a walk run through (walk_through) */
        *k->failed = acted;
        return;
    }
}

/* Whether walking `off` never branches: it reaches its continuation exactly once, on the
 * state and bindings it was given, as its last act (no any, no ensure; options._once) */
static int walk_once(Game *g, int32_t off) {
    int32_t *n = C(g, off);
    switch (n[0]) {
    case OP_DO:
        for (int32_t j = 0; j < A_DO_NITEMS(n); j++)
            if (!walk_once(g, A_DO_ITEMS(n, j))) return 0;
        return 1;
    case OP_GUARD:
        return walk_once(g, A_GUARD_BODY(n));
    case OP_LET:
        return walk_once(g, A_LET_BODY(n));
    case OP_EACH:
        return !A_EACH_ANY(n) && walk_once(g, A_EACH_BODY(n));
    case OP_ENSURE:
        return 0;
    case OP_REPEAT:
        return walk_once(g, A_REPEAT_ACTION(n));
    default:
        return 1;
    }
}

/* Walk `off` (walk_once) and return the actions counted at its end, one frame deep: a
 * repeat or an all of such a walk loops instead of nesting a continuation per turn, so
 * a repeat of 100,000 stays off the C stack (options._through) */
static int32_t walk_through(Ctx *ctx, State *st, V *env, int32_t acted, int32_t off) {
    int out = 0;
    K nk = {5, off, 0, 0, {0}, 0, &out, NULL};
    walk(ctx, st, env, acted, off, &nk);
    return (int32_t)out;
}

static void walk(Ctx *ctx, State *st, V *env, int32_t acted, int32_t off, const K *k) {
    Game *g = st->g;
    int32_t *n = C(g, off);
    HIT(off);
    switch (n[0]) {
    case OP_DO: {
        if (A_DO_NITEMS(n) == 0) {
            cont(ctx, st, env, acted, k);
            return;
        }
        K nk = {1, off, 1, 0, {0}, 0, NULL, k};
        walk(ctx, st, env, acted, A_DO_ITEMS(n, 0), &nk);
        return;
    }
    case OP_GUARD:
        if (evi(st, env, A_GUARD_COND(n)))
            walk(ctx, st, env, acted, A_GUARD_BODY(n), k);
        else
            cont(ctx, st, env, acted, k);
        return;
    case OP_LET:
        env[A_LET_VAR(n)] = ev(st, env, A_LET_VALUE(n));
        walk(ctx, st, env, acted, A_LET_BODY(n), k);
        return;
    case OP_EACH: {
        Coll c = coll_copy(g, coll_of(st, env, A_EACH_COLL(n), A_EACH_IS_LL(n)));
        if (A_EACH_ANY(n)) { /* any: one branch per member */
            st->past4 += 4 * (int64_t)c.n; /* work: one per candidate option tried */
            if (!c.n) {
                cont(ctx, st, env, acted, k);
                return;
            }
            for (int32_t j = 0; j < c.n; j++) {
                State *s = st;
                V *e = env;
                if (j < c.n - 1) {
                    s = fork_trial(ctx, st);
                    e = env_copy(g, env);
                }
                bind(g, e, A_EACH_VAR(n), c, j);
                path_push(g, ctx, j);
                walk(ctx, s, e, acted, A_EACH_BODY(n), k);
                ctx->npath--;
                if (s != st) done_trial(ctx, s);
            }
            return;
        }
        if (walk_once(g, A_EACH_BODY(n))) {
            for (int32_t j = 0; j < c.n; j++) {
                bind(g, env, A_EACH_VAR(n), c, j);
                acted = walk_through(ctx, st, env, acted, A_EACH_BODY(n));
            }
            cont(ctx, st, env, acted, k);
            return;
        }
        K nk = {2, off, 0, 0, c, 0, NULL, k};
        cont(ctx, st, env, acted, &nk);
        return;
    }
    case OP_ENSURE: {
        int failed = 0;
        State *trial = fork_trial(ctx, st);
        K nk = {4, off, 0, 0, {0}, acted, &failed, k};
        path_push(g, ctx, 1);
        walk(ctx, trial, env_copy(g, env), 0, A_ENSURE_BODY(n), &nk);
        ctx->npath--;
        done_trial(ctx, trial);
        if (failed) {
            path_push(g, ctx, 0);
            cont(ctx, st, env, acted, k);
            ctx->npath--;
        }
        return;
    }
    case OP_REPEAT: {
        int64_t cnt = evi(st, env, A_REPEAT_COUNT(n));
        count_steps(st, cnt);
        int32_t times = (int32_t)(cnt > INT32_MAX ? INT32_MAX : cnt);
        if (walk_once(g, A_REPEAT_ACTION(n))) {
            for (int32_t j = 0; j < times; j++)
                acted = walk_through(ctx, st, env, acted, A_REPEAT_ACTION(n));
            cont(ctx, st, env, acted, k);
            return;
        }
        K nk = {3, off, 0, times, {0}, 0, NULL, k};
        cont(ctx, st, env, acted, &nk);
        return;
    }
    default: {
        st->steps += 1; /* work: one per action done provisionally */
        int r = run(st, env, off, NULL);
        cont(ctx, st, env, acted + (r != 0), k);
        return;
    }
    }
}

static void walk_item(State *st, V *env, int32_t item, int chance, Opts *out) {
    Game *g = st->g;
    Ctx ctx;
    ctx.out = out;
    ctx.env0 = env_copy(g, env);
    ctx.item = item;
    ctx.chance = chance;
    ctx.path_cap = 4096;
    ctx.path = amem(g, sizeof(int32_t) * (size_t)ctx.path_cap);
    ctx.npath = 0;
    ctx.work4 = 0;
    State *trial = fork_trial(&ctx, st);
    walk(&ctx, trial, env_copy(g, env), 0, item, NULL);
    done_trial(&ctx, trial);
    st->past4 += ctx.work4;
}

/* --- items decided before their first action (ActionCompiler.expand) */

static void expand(State *st, V *env, int32_t off, Opts *out);

/* an item node's options: in the compiled tier, a node with a function of its own, at a
 * constant offset, is a direct call */
static inline __attribute__((always_inline)) void expand_child(State *st, V *env, int32_t off, Opts *out) {
#ifdef EVOGAME_TIER2
    if (off > 0 && off < T2_CODELEN && T2_XFN[off]) {
        T2_XFN[off](st, env, out);
        return;
    }
#endif
    expand(st, env, off, out);
}

/* expand's body for the node n at off: inlined into `expand`, and in the compiled tier
 * into each item node's own function (X<off>), where n is constant, the switch folds to
 * its one case and each child's function is called directly */
static inline __attribute__((always_inline)) void expand_at(State *st, V *env, const int32_t *n, Opts *out) {
    Game *g = st->g;
    switch (n[0]) {
    case OP_XGUARD: {
        LC_T0(t0);
        int64_t ok = evi(st, env, n[1]);
        LC(LC_GUARD, 1), LC(LC_GUARD_TRUE, ok != 0), LC_T(LC_GUARD_T, t0);
        if (ok) expand_child(st, env, n[2], out);
        return;
    }
    case OP_XANY: { /* coll var body is_ll */
        LC_T0(t0);
        Coll c = coll_of(st, env, n[1], n[4]);
#ifdef EVOGAME_PROFILE
        {
            int64_t dt = (int64_t)(lc_tsc() - t0);
            int32_t op = GCODE(g)[n[1]] & 255;
            LC(LC_ANY, 1), LC(LC_ANY_MEM, c.n), LC(LC_ANY_T, dt);
            vm_lc_coll[op]++;
            vm_lc_coll_tsc[op] += dt;
        }
#endif
        st->past4 += 4 * (int64_t)c.n; /* work: one per candidate option tried */
        for (int32_t j = 0; j < c.n; j++) {
            bind(g, env, n[2], c, j);
            expand_child(st, env, n[3], out);
        }
        return;
    }
    case OP_XLET:
        env[n[2]] = ev(st, env, n[1]);
        expand_child(st, env, n[3], out);
        return;
    case OP_XENSURE: {
        Opts offered = {NULL, 0, 0};
        expand_child(st, env, n[2], &offered);
        if (!offered.n) return;
        LC_T0(t0);
        LC(LC_ENS, 1), LC(LC_ENS_TRIAL, offered.n);
        /* The trials' bindings: the listed ones, with each option's binders set in turn.
         * A trial's action and test write only binders of their own (each binder has a
         * slot of its own, and an action reads a binder only inside it), so what one trial
         * leaves there the next never reads: one copy serves them all (a copy per trial, of
         * Red7's 60 bindings, was a fifth of its trials' cost) */
        V *shared = env_copy(g, env);
        for (int32_t i = 0; i < offered.n; i++) {
            Option *o = &offered.v[i];
            /* the trial is garbage once tested: its memory (a whole state, most of it room)
             * is handed to the next trial, which then finds it in the cache rather than
             * streaming fresh memory (Red7 went through 10 MB of arena a game) */
            Mark mk = arena_mark(&g->arena);
            V *e2 = o->cap ? opt_bind(shared, o) : env_copy(g, o->env);
            State *trial = state_clone_env(st, 0); /* State.trial: shares the chance stream */
            trial->env = e2;
            run(trial, e2, o->node, NULL);
            int ok = evi(trial, e2, n[1]) != 0;
            st->past4 += work4(trial) - work4(st);
            arena_release(&g->arena, mk);
            if (ok) opt_push(g, out, o->kind, o->node, o->path, o->npath, o->cap, o->env);
        }
        LC_T(LC_ENS_T, t0);
        return;
    }
    case OP_XLEAF: { /* action src (0: always acts) k slot... (the item's binders) */
        LC(LC_LEAF, 1);
        if (n[2] && evi(st, env, n[2]) < 0) return;
        LC(LC_LEAF_KEPT, 1);
        /* the option keeps the values of its item's binders only: nothing else its action
         * can read changes while options are listed (a copy of all 18 of The Game's
         * bindings for each option was a third of the listing) */
        int32_t k = n[3];
        V *kept = amem(g, sizeof(V) * (size_t)(k + 1));
        for (int32_t j = 0; j < k; j++) {
            if ((uint32_t)n[4 + j] >= (uint32_t)g->nvars) fail(g, "native: bad variable");
            kept[j] = env[n[4 + j]];
        }
        opt_push(g, out, 0, n[1], NULL, 0, &n[3], kept);
        return;
    }
    case OP_WALK: {
        LC_T0(t0);
        walk_item(st, env, n[1], n[2], out);
        LC(LC_WALK, 1), LC_T(LC_WALK_T, t0);
        return;
    }
    default:
        fail(g, "native: opcode %d is not a choice item", n[0]);
    }
}

static void expand(State *st, V *env, int32_t off, Opts *out) {
    Game *g = st->g;
    const int32_t *n = C(g, off);
    g->lseen[off] |= LSEEN_X; /* for the compiled tier's list of item nodes */
    HIT(off);
    expand_at(st, env, n, out);
}

static inline __attribute__((always_inline)) void list_choice_at(State *st, V *env, const int32_t *n, Opts *out);
#ifdef EVOGAME_TIER2
#define T2_DEF_X(off, fn) \
    static void X##off(State *st, V *env, Opts *out) { HIT(off); fn##_at(st, env, T2_IMG + off, out); }
T2_XNODES(T2_DEF_X)
#endif

static inline __attribute__((always_inline)) void list_choice_at(State *st, V *env, const int32_t *n, Opts *out) {
    int32_t ni = n[1];
    UNROLL for (int32_t i = 0; i < ni; i++) expand_child(st, env, n[2 + i], out);
    if (!out->n) { /* (otherwise ...) items are offered only when nothing else is */
        int32_t nf = n[2 + ni];
        UNROLL for (int32_t i = 0; i < nf; i++) expand_child(st, env, n[3 + ni + i], out);
    }
}

/* a choice's options: its items', in order */
static void list_choice(State *st, V *env, int32_t off, Opts *out) {
#ifdef EVOGAME_TIER2
    if (off > 0 && off < T2_CODELEN && T2_XFN[off]) { /* each item's function called directly */
        T2_XFN[off](st, env, out);
        return;
    }
#endif
    Game *g = st->g;
    const int32_t *n = C(g, off);
    g->lseen[off] |= LSEEN_C;
    HIT(off);
    LC_T0(t0);
    list_choice_at(st, env, n, out);
    LC(LC_LIST, 1), LC(LC_OPTS, out->n), LC(LC_ONE, out->n == 1), LC_T(LC_LIST_T, t0);
}

/* ===================================================================== the stage loop */

#define CYCLE_CHECK_AFTER 256

static uint64_t mix(uint64_t h, uint64_t x) {
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

/* State._key, hashed: the whole position (64 bits; equal keys are equal positions) */
static uint64_t state_key(State *st, int at_choice) {
    Game *g = st->g;
    uint64_t h = mix(1469598103934665603ULL, (uint64_t)at_choice);
    h = mix(h, (uint64_t)st->nlocs);
    for (int32_t s = 0; s < st->nlocs; s++) h = hash_ints(LOCV(st, s), st->loclen[s], mix(h, (uint64_t)st->loclen[s]));
    h = mix(h, (uint64_t)st->nints);
    for (int32_t i = 0; i < st->nints; i++) h = mix(h, (uint64_t)st->ints[i]);
    h = hash_ints(st->strs, st->nstrs, mix(h, (uint64_t)st->nstrs));
    h = hash_ints(st->pts, st->npts, mix(h, (uint64_t)st->npts));
    for (int32_t f = 0; f < st->nframes; f++) h = hash_ints(&st->frames[f].block, 3, h);
    h = mix(h, (uint64_t)st->npc);
    h = hash_ints(&st->pc[0][0], 2 * st->npc, h);
    h = mix(h, (uint64_t)st->ntc);
    h = hash_ints(&st->tc[0][0], 2 * st->ntc, h);
    for (int32_t i = 0; i < g->nvars; i++) {
        if (!(g->varkind[i] & KEY_VAR)) continue; /* stale bindings are not the position */
        V v = st->env[i];
        switch (g->varkind[i] & 3) {
        case 0:
            h = mix(h, (uint64_t)v.i);
            break;
        case 1:
            if (v.l.v) h = hash_ints(v.l.v, v.l.n, mix(h, (uint64_t)v.l.n + 7));
            else h = mix(h, (uint64_t)v.i);
            break;
        default:
            if (!v.ll.v) {
                h = mix(h, (uint64_t)v.i);
                break;
            }
            h = mix(h, (uint64_t)v.ll.n + 11);
            for (int32_t j = 0; j < v.ll.n; j++)
                if (v.ll.v[j].v || !v.ll.v[j].n) h = hash_ints(v.ll.v[j].v, v.ll.v[j].n, mix(h, (uint64_t)v.ll.v[j].n));
        }
    }
    return h | 1; /* 0 marks an empty cell */
}

static void seen_clear(Seen *sn) {
    if (sn->n) memset(sn->cells, 0, sizeof(uint64_t) * (size_t)sn->cap);
    sn->n = 0;
}

/* State._calm */
static int calm(State *st) {
    if (st->entropy != st->calm_entropy) {
        st->calm_entropy = st->entropy;
        st->loop_steps = 0;
        seen_clear(st->seen);
        return 0;
    }
    return st->loop_steps > CYCLE_CHECK_AFTER;
}

/* State._check_cycle: the record holds positions seen since the last chance event or real
 * decision (it is cleared on either), so a repeat means the game loops for ever */
static int check_cycle(State *st, int at_choice) {
    Game *g = st->g;
    Seen *sn = st->seen;
    uint64_t key = state_key(st, at_choice);
    if (2 * (sn->n + 1) > sn->cap) {
        int64_t nc = sn->cap ? 2 * sn->cap : 1024;
        uint64_t *nw;
        if (sn->in_arena) {
            nw = amem(g, sizeof(uint64_t) * (size_t)nc);
            memset(nw, 0, sizeof(uint64_t) * (size_t)nc);
        } else {
            nw = calloc((size_t)nc, sizeof(uint64_t));
            if (!nw) room(g, "native: out of memory");
        }
        for (int64_t i = 0; i < sn->cap; i++)
            if (sn->cells[i]) {
                int64_t j = (int64_t)(sn->cells[i] % (uint64_t)nc);
                while (nw[j]) j = (j + 1) % nc;
                nw[j] = sn->cells[i];
            }
        if (!sn->in_arena) free(sn->cells);
        sn->cells = nw;
        sn->cap = nc;
    }
    int64_t j = (int64_t)(key % (uint64_t)sn->cap);
    while (sn->cells[j]) {
        if (sn->cells[j] == key) return 1;
        j = (j + 1) % sn->cap;
    }
    sn->cells[j] = key;
    sn->n++;
    return 0;
}

static const char *keep_error(Game *g) {
    size_t n = strlen(g->errbuf) + 1;
    char *m = amem(g, n);
    memcpy(m, g->errbuf, n);
    return m;
}

static void end_game(State *st, int capped_, int cycle_, int errored_) {
    st->terminal = 1;
    st->nopts = 0;
    st->opts = NULL;
    st->capped = capped_;
    st->cycle = cycle_;
    st->errored = errored_;
}

/* Temporaries of a long game: when the arena holds more than GC_AFTER bytes, at the top
 * of the loop of the played game's state (whose memory is outside the arena), the only
 * values still reachable are its bindings: they are copied to a fresh arena (views of
 * locations stay views, as Python's lists stay aliases) and the old one is freed. */
#define GC_AFTER ((size_t)64 << 20)

static int in_cards(State *st, const int32_t *p) {
    return p >= st->cards && p < st->cards + (size_t)st->g->loc_cap * (size_t)st->g->card_cap;
}

static void gc_main(State *st) {
    Game *g = st->g;
    Arena old = g->arena;
    memset(&g->arena, 0, sizeof(Arena));
    for (int32_t i = 0; i < g->nvars; i++) {
        V *v = &st->env[i];
        if ((g->varkind[i] & 3) == 1 && v->l.v && !in_cards(st, v->l.v)) {
            v->l = lcopy(g, v->l);
        } else if ((g->varkind[i] & 3) == 2 && v->ll.v) {
            LL x = llnew(g, v->ll.n);
            for (int32_t j = 0; j < v->ll.n; j++) {
                L e = v->ll.v[j];
                x.v[j] = (e.v && !in_cards(st, e.v)) ? lcopy(g, e) : e;
            }
            v->ll = x;
        }
    }
    arena_free(&old);
}

static void check_deadline(Game *g);

/* State._run: scripted steps until the next decision or the end */
static void run_loop(State *st) {
    Game *g = st->g;
    int check = st->seen != NULL;
    while (st->nframes) {
        if (g->arena.live > GC_AFTER && st == g->main) gc_main(st);
        check_deadline(g);
        Frame *fr = &st->frames[st->nframes - 1];
        int32_t *b = C(g, fr->block);
        HIT(fr->block);
        int32_t team = b[1], end = b[2], nitems = b[3];
        if (fr->pc == 0 && end) {
            st->steps += 1;
            st->loop_steps += 1;
            if (st->steps > st->max_steps || st->past4 + 4 * st->steps > 4 * st->max_work) cap(g);
            if (check && calm(st) && check_cycle(st, 0)) {
                end_game(st, 0, 1, 0);
                return;
            }
            if (evi(st, st->env, end)) {
                st->nframes--;
                if (team)
                    st->ntc--;
                else
                    st->npc--;
                continue;
            }
            if (fr->first) {
                fr->first = 0;
            } else {
                int32_t *cyc = team ? st->tc[st->ntc - 1] : st->pc[st->npc - 1];
                if (cyc[1] >= 0) {
                    cyc[0] = cyc[1];
                    cyc[1] = -1;
                } else {
                    cyc[0] = (cyc[0] + 1) % (team ? g->nteams : g->nplayers);
                }
            }
        }
        if (fr->pc >= nitems) {
            if (!end)
                st->nframes--; /* the game body is done */
            else
                fr->pc = 0;
            continue;
        }
        int32_t *it = &b[4 + 4 * fr->pc];
        fr->pc += 1;
        if (it[0] == 2) { /* EXEC */
            st->steps += 1;
            run(st, st->env, it[1], NULL);
        } else if (it[0] == 1 || it[0] == 3) { /* CHOICE, or (let ... (choice ...)) */
            if (it[0] == 3) st->env[it[3]] = ev(st, st->env, it[2]);
            Opts out = {NULL, 0, 0};
            list_choice(st, st->env, it[1], &out);
            if (!out.n) fail(g, "a choice with no option");
            if (st->decisions >= st->max_decisions || work4(st) > 4 * st->max_work) cap(g);
            if (check && calm(st) && check_cycle(st, 1)) {
                end_game(st, 0, 1, 0);
                return;
            }
            st->loop_steps += 1;
            st->opts = out.v;
            st->nopts = out.n;
            return;
        } else { /* STAGE */
            int32_t *inner = C(g, it[1]);
            if (st->nframes >= MAXFRAMES) fail(g, "native: stages nested deeper than %d", MAXFRAMES);
            if (inner[1]) {
                if (st->ntc >= MAXCYC) fail(g, "native: stages nested deeper than %d", MAXCYC);
                st->tc[st->ntc][0] = st->tc[st->ntc - 1][0];
                st->tc[st->ntc][1] = -1;
                st->ntc++;
            } else {
                if (st->npc >= MAXCYC) fail(g, "native: stages nested deeper than %d", MAXCYC);
                st->pc[st->npc][0] = st->pc[st->npc - 1][0];
                st->pc[st->npc][1] = -1;
                st->npc++;
            }
            Frame *nf = &st->frames[st->nframes++];
            nf->block = it[1];
            nf->pc = 0;
            nf->first = 1;
        }
    }
    end_game(st, 0, 0, 0);
}

/* State._advance: setup or an option's action, then the loop; errors and caps end the game */
static void advance(State *st, int setup, Option *opt, V *env) {
    Game *g = st->g;
    jmp_buf jb;
    jmp_buf *saved = g->jb;
    g->jb = &jb;
    if (setjmp(jb)) {
        g->jb = saved;
        if (g->err_kind == ERR_CAPPED)
            end_game(st, 1, 0, 0);
        else if (g->err_kind == ERR_ROOM)
            longjmp(*saved, 1); /* not the game's verdict: the whole game is played again */
        else {
            end_game(st, 0, 0, 1);
            st->errmsg = keep_error(g);
        }
        return;
    }
    if (setup) {
        for (int32_t i = 0; i < g->ndecl; i++) st->env[g->decl[2 * i]] = ev(st, st->env, g->decl[2 * i + 1]);
        for (int32_t i = 0; i < g->nsetup; i++) run(st, st->env, g->setup[i], NULL);
    }
    if (opt) {
        if (opt->kind == 0) {
            run(st, env, opt->node, NULL);
        } else {
            Path p = {opt->path, opt->npath, 0};
            run(st, env, opt->node, &p);
        }
    }
    run_loop(st);
    g->jb = saved;
}

static State *new_state(Game *g, MT *rng, int64_t max_decisions, int64_t max_steps, int detect_cycles) {
    State *st = state_alloc(g, 1);
    st->rng = rng;
    memset(st->loclen, 0, sizeof(int32_t) * (size_t)g->loc_cap);
    memset(st->lstamp, 0, sizeof(uint64_t) * (size_t)g->loc_cap);
    g->memo_gen++; /* a new game: the memo's entries are of games before */
    g->memo_on = 0;
    memset(st->ints, 0, sizeof(int64_t) * (size_t)g->int_cap);
    memset(st->strs, 0, sizeof(int32_t) * (size_t)g->str_cap); /* "" is string 0 */
    for (int32_t i = 0; i < g->pt_cap; i++) st->pts[i] = -1;
    for (int32_t i = 0; i < g->nvars; i++) {
        st->env[i].ll.v = NULL;
        st->env[i].i = UNSET;
    }
    memset(st->deck_uses, 0, sizeof(int32_t) * (size_t)(g->ndecks + 1));
    for (int32_t c = 0; c < g->card_cap; c++) st->where[c] = -1;
    st->nlocs = g->nloc_keys;
    grow_storage(st);
    st->npc = st->ntc = 1;
    st->pc[0][0] = 0;
    st->pc[0][1] = -1;
    st->tc[0][0] = 0;
    st->tc[0][1] = -1;
    st->nframes = 1;
    st->frames[0].block = g->root;
    st->frames[0].pc = 0;
    st->frames[0].first = 1;
    st->max_decisions = max_decisions;
    st->max_steps = max_steps;
    st->max_work = 10 * max_steps; /* WORK_PER_STEP_CAP */
    st->seen = detect_cycles ? &g->main_seen : NULL;
    if (st->seen) seen_clear(st->seen);
    advance(st, 1, NULL, NULL);
    return st;
}

/* State.apply_action */
static void apply_action(State *st, int32_t i) {
    Game *g = st->g;
    Option *o = &st->opts[i];
    if (st->nopts > 1) st->entropy += 1;
    st->decisions += 1;
    st->past4 += 4 * (st->steps + st->nopts);
    st->nopts = 0;
    st->opts = NULL;
    st->steps = 0;
    advance(st, 0, o, opt_env(g, st->env, o));
}

/* State.scores: each seat's value of the scoring expression, that seat made current and
 * no seat queued next (CARDSTOCK's ProcessScore scores on a fresh copy of the cycle) */
static void scores(State *st, int64_t *out) {
    Game *g = st->g;
    int32_t saved = st->pc[st->npc - 1][0], queued = st->pc[st->npc - 1][1];
    st->pc[st->npc - 1][1] = -1;
    jmp_buf *outer = g->jb;
    for (int32_t p = 0; p < g->nplayers; p++) {
        jmp_buf jb;
        g->jb = &jb;
        st->pc[st->npc - 1][0] = p;
        if (setjmp(jb))
            out[p] = 0;
        else
            out[p] = evi(st, st->env, g->score);
    }
    g->jb = outer;
    st->pc[st->npc - 1][0] = saved;
    st->pc[st->npc - 1][1] = queued;
}

/* ===================================================================== PIPMC */

/* State.determinize: a clone in which every card `player` cannot see is redealt at random
 * among the unseen places (each deck's cards among its own places, in a canonical order
 * first), drawing from `rng`, which the clone keeps as its chance stream; then the
 * current choice's options are listed again (State.rebuild_options). */
static State *determinize(State *st, int32_t player, MT *rng) {
    Game *g = st->g;
    State *c = state_clone(st);
    int32_t nl = c->nlocs;
    int32_t total = 0;
    for (int32_t s_ = 0; s_ < nl; s_++) total += c->loclen[s_];
    int32_t *ps = amem(g, sizeof(int32_t) * (size_t)(total + 1)); /* places: slot */
    int32_t *pi = amem(g, sizeof(int32_t) * (size_t)(total + 1)); /* places: index */
    int32_t *pd = amem(g, sizeof(int32_t) * (size_t)(total + 1)); /* places: deck */
    int32_t np_ = 0, maxdeck = -1;
    for (int32_t s_ = 0; s_ < nl; s_++) {
        LocKey *k = &g->loc_keys[s_];
        int vis = k->vis;
        int seen = vis == VIS_VLOC || vis == VIS_MEM || (vis == VIS_ILOC && k->owner == player) || (vis == VIS_OLOC && k->owner != player);
        if (seen) continue;
        int32_t *v = LOCV(c, s_);
        for (int32_t i = 0; i < c->loclen[s_]; i++) {
            ps[np_] = s_;
            pi[np_] = i;
            pd[np_] = g->deck_of_card[v[i]];
            if (pd[np_] > maxdeck) maxdeck = pd[np_];
            np_++;
        }
    }
    /* each deck's hidden cards in ascending id order (the canonical order: Python sorts
     * them), by marking them and reading the ids up once, linear where the insertion sort
     * per deck it replaces was quadratic; then shuffled deck by deck, in deck order, and
     * put back in place order */
    int32_t nd_ = maxdeck + 1;
    int32_t *cnt = amem(g, sizeof(int32_t) * (size_t)(2 * nd_ + 1));
    int32_t *cur = cnt + nd_;
    memset(cnt, 0, sizeof(int32_t) * (size_t)(2 * nd_ + 1));
    uint8_t *hid = amem(g, (size_t)g->card_cap + 1);
    memset(hid, 0, (size_t)g->card_cap);
    for (int32_t j = 0; j < np_; j++) {
        hid[LOCV(c, ps[j])[pi[j]]] = 1;
        cnt[pd[j]]++;
    }
    for (int32_t d = 0, at = 0; d < nd_; d++) { /* cur[d]: where deck d's cards start */
        cur[d] = at;
        at += cnt[d];
    }
    int32_t *cards = amem(g, sizeof(int32_t) * (size_t)(np_ + 1));
    for (int32_t card = 0, left = np_; left && card < g->card_cap; card++)
        if (hid[card]) {
            cards[cur[g->deck_of_card[card]]++] = card;
            left--;
        }
    for (int32_t d = 0, at = 0; d < nd_; d++) { /* every deck with a card, in deck order */
        if (cnt[d]) mt_shuffle(rng, cards + at, cnt[d]);
        cur[d] = at;
        at += cnt[d];
    }
    for (int32_t j = 0; j < np_; j++) {
        int32_t card = cards[cur[pd[j]]++];
        LOCV(c, ps[j])[pi[j]] = card;
        c->where[card] = ps[j];
        TOUCH(c, ps[j]);
    }
    c->rng = rng;
    c->seen = NULL;
    if (st->seen) {
        Seen *sn = amem(g, sizeof(Seen));
        memset(sn, 0, sizeof *sn);
        sn->in_arena = 1;
        c->seen = sn;
    }
    /* rebuild_options */
    if (c->terminal || !c->nframes) return c;
    Frame *fr = &c->frames[c->nframes - 1];
    int32_t *b = C(g, fr->block);
    if (fr->pc < 1) return c;
    int32_t *it = &b[4 + 4 * (fr->pc - 1)];
    if (it[0] != 1 && it[0] != 3) return c;
    jmp_buf jb;
    jmp_buf *saved = g->jb;
    g->jb = &jb;
    if (setjmp(jb)) {
        g->jb = saved;
        if (g->err_kind == ERR_ROOM) longjmp(*saved, 1);
        /* Python's str() of the exception: a cap's is empty */
        char msg[240];
        snprintf(msg, sizeof msg, "determinization: %s", g->err_kind == ERR_CAPPED ? "" : g->errbuf);
        snprintf(g->errbuf, sizeof g->errbuf, "%s", msg);
        end_game(c, 0, 0, 1);
        c->errmsg = keep_error(g);
        return c;
    }
    if (it[0] == 3) c->env[it[3]] = ev(c, c->env, it[2]);
    Opts out = {NULL, 0, 0};
    list_choice(c, c->env, it[1], &out);
    g->jb = saved;
    if (!out.n) {
        snprintf(g->errbuf, sizeof g->errbuf, "determinization: a choice with no option");
        end_game(c, 0, 0, 1);
        c->errmsg = keep_error(g);
        return c;
    }
    c->opts = out.v;
    c->nopts = out.n;
    return c;
}

static uint64_t hash_str(uint64_t h, const char *s) {
    for (; s && *s; s++) h = mix(h, (uint64_t)(unsigned char)*s);
    return h;
}

/* State.outcome_key(i): the position at the next decision after option i (played on a
 * copy with a copy of the chance stream), or the end with its verdicts and scores */
static uint64_t outcome_key_work(State *view, int32_t i, int64_t *work) {
    Game *g = view->g;
    State *c = state_clone(view);
    MT *r = amem(g, sizeof(MT));
    mt_copy(r, view->rng);
    c->rng = r;
    c->seen = NULL;
    apply_action(c, i);
    if (work) *work = work4(c) - work4(view); /* State.outcome: before the key's scores */
    if (c->terminal) {
        int64_t *sc = amem(g, sizeof(int64_t) * (size_t)g->nplayers);
        scores(c, sc);
        uint64_t h = mix(0x5151515151ULL, 0xabc);
        h = mix(h, (uint64_t)c->errored);
        if (c->errored) h = hash_str(h, c->errmsg);
        h = mix(mix(h, (uint64_t)c->capped), (uint64_t)c->cycle);
        for (int32_t p = 0; p < g->nplayers; p++) h = mix(h, (uint64_t)sc[p]);
        return h | 1;
    }
    return state_key(c, 1);
}

static uint64_t outcome_key(State *view, int32_t i) { return outcome_key_work(view, i, NULL); }

/* mcts.rollout: random play to the end, or to `horizon` decisions and then on until the
 * scores differ from `still` (the scores before the move), when given */
static void rollout(State *d, MT *rng, int32_t horizon, const int64_t *still) {
    Game *g = d->g;
    int64_t stop = horizon > 0 ? d->decisions + horizon : -1;
    int64_t now[64];
    while (!d->terminal) {
        if (d->decisions == stop) {
            if (!still) return;
            LC(LC_ROLL_SCORE, 1);
            scores(d, now);
            if (memcmp(now, still, sizeof(int64_t) * (size_t)g->nplayers) != 0) return;
            stop++; /* look again after the next decision */
        }
        int32_t k = d->nopts;
        LC(LC_ROLL_DEC, 1), LC(LC_ROLL_OPTS, k);
        apply_action(d, k > 1 ? (int32_t)mt_below(rng, (uint64_t)k) : 0);
    }
}

/* mcts.outcome_of: seat's value given the finished game's scores `sc`: by rank (0),
 * score (1) or win (2) */
static double value_of(Game *g, const int64_t *sc, int32_t seat, int by) {
    int32_t n = g->nplayers;
    if (by == 1) return (double)(g->order ? sc[seat] : -sc[seat]);
    if (by == 2) {
        int64_t best = sc[0];
        for (int32_t p = 1; p < n; p++)
            if (g->order ? sc[p] > best : sc[p] < best) best = sc[p];
        int32_t k = 0;
        for (int32_t p = 0; p < n; p++) k += sc[p] == best;
        return sc[seat] == best ? 1.0 / k : 0.0;
    }
    int32_t rank = 0; /* seats strictly better */
    for (int32_t p = 0; p < n; p++)
        if (g->order ? sc[p] > sc[seat] : sc[p] < sc[seat]) rank++;
    return (double)((n - 1) - rank) / (double)(n - 1);
}

/* mcts.outcomes: a finished game's value to every seat (out[nplayers]), its scores
 * evaluated once (one evaluation of the scoring expression per seat, not per seat and
 * value); a one-seat game by rank is 1 without them, as in Python */
static void outcome_values(State *st, int by, double *out) {
    Game *g = st->g;
    int64_t sc[64];
    int32_t n = g->nplayers;
    if (n > 64) fail(g, "native: more than 64 players");
    if (by == 0 && n == 1) {
        out[0] = 1.0;
        return;
    }
    scores(st, sc);
    for (int32_t p = 0; p < n; p++) out[p] = value_of(g, sc, p, by);
}

/* mcts.outcome: a finished game's value to `seat` */
static double outcome_value(State *st, int32_t seat, int by) {
    double v[64];
    outcome_values(st, by, v);
    return v[seat];
}

typedef struct {
    int32_t rollouts, horizon, by;
    double work4; /* quarters of work of all rollouts so far */
    /* the course record: per searched decision [decision, moves, (mean, var) x moves] */
    double *rec;
    int64_t nrec, rec_cap;
    int overflow;
    int32_t policy; /* 0 PIPMC; 1 the strong player (greedy play-outs); 2 ISMCTS, `rollouts` its iterations; 3 greedy */
    int64_t whole; /* nrec after the last whole decision's record: a game that ends in an error
                      inside a search leaves a record cut mid-decision, kept only up to here */
} Pipmc;

static int32_t strong_choose(State *st, MT *rng, Pipmc *pp);
static int32_t ismcts_choose(State *st, MT *rng, Pipmc *pp);
static int32_t greedy_player_choose(State *st, MT *rng);

static void rec_push(Pipmc *pp, double x) {
    if (!pp->rec) return; /* a searcher whose course is not recorded (depth's weak seats) */
    if (pp->nrec < pp->rec_cap)
        pp->rec[pp->nrec] = x;
    else
        pp->overflow = 1;
    pp->nrec++;
}

/* The options a searcher tries, into cand (room for n + nv + 1), their count returned: when
 * the view lists as many options as the real position (nv == n), one option per different
 * outcome of the view (`State.outcome_key`); otherwise every real option, after listing the
 * view's keys all the same, as Python does (their work is the copies'). */
static int32_t distinct_moves(State *view, int32_t n, int32_t nv, int32_t *cand) {
    Game *g = view->g;
    int32_t nc = 0;
    if (nv == n) {
        uint64_t *keys = amem(g, sizeof(uint64_t) * (size_t)(nv + 1));
        for (int32_t a = 0; a < nv; a++) {
            Mark mk = arena_mark(&g->arena);
            keys[a] = outcome_key(view, a);
            arena_release(&g->arena, mk);
            int dup = 0;
            for (int32_t b = 0; b < a && !dup; b++) dup = keys[b] == keys[a];
            if (!dup) cand[nc++] = a;
        }
    } else {
        for (int32_t a = 0; a < nv; a++) {
            Mark mk = arena_mark(&g->arena);
            outcome_key(view, a);
            arena_release(&g->arena, mk);
        }
        for (int32_t a = 0; a < n; a++) cand[nc++] = a;
    }
    return nc;
}

/* A searcher's start (PIMCPlayer.choose): one determinization of seat `me`'s view, drawn
 * from `rng`, and the options to try (`distinct_moves`), in the arena */
typedef struct {
    State *view;
    int32_t nv;    /* the view's options (0 when the view has ended) */
    int32_t nc;    /* the options to try */
    int32_t *cand; /* [nc] */
} SearchView;

static SearchView search_view(State *st, int32_t me, MT *rng) {
    Game *g = st->g;
    if (g->nplayers > 64) fail(g, "native: more than 64 players");
    SearchView sv;
    sv.view = determinize(st, me, rng);
    sv.nv = sv.view->terminal ? 0 : sv.view->nopts;
    sv.cand = amem(g, sizeof(int32_t) * (size_t)(st->nopts + sv.nv + 1));
    sv.nc = distinct_moves(sv.view, st->nopts, sv.nv, sv.cand);
    return sv;
}

/* PIMCPlayer.choose */
static int32_t pipmc_choose(State *st, MT *rng, Pipmc *pp) {
    Game *g = st->g;
    int32_t n = st->nopts;
    if (n <= 1) return 0;
    if (pp->policy == 2) return ismcts_choose(st, rng, pp);
    if (pp->policy == 3) return greedy_player_choose(st, rng);
    if (pp->policy) return strong_choose(st, rng, pp);
    int32_t me = st->pc[st->npc - 1][0];
    int64_t still[64];
    Mark m0 = arena_mark(&g->arena);
    SearchView sv = search_view(st, me, rng);
    int32_t nc = sv.nc, *cand = sv.cand;
    int32_t best = 0;
    double best_value = -1.0 / 0.0;
    int64_t w0 = work4(st);
    rec_push(pp, (double)st->decisions);
    rec_push(pp, (double)nc);
    for (int32_t ci = 0; ci < nc; ci++) {
        int32_t a = cand[ci];
        double total = 0.0, total_sq = 0.0;
        for (int32_t r = 0; r < pp->rollouts; r++) {
            Mark mk = arena_mark(&g->arena);
            State *d = determinize(st, me, rng);
            if (pp->horizon > 0) scores(d, still);
            if (!d->terminal) apply_action(d, a < d->nopts ? a : a % d->nopts);
            LC_T0(t0);
            rollout(d, rng, pp->horizon, pp->horizon > 0 ? still : NULL);
            LC(LC_ROLL, 1), LC_T(LC_ROLL_T, t0);
            pp->work4 += (double)(work4(d) - w0);
            double v = outcome_value(d, me, pp->by);
            total += v;
            total_sq += v * v;
            arena_release(&g->arena, mk);
        }
        double k = pp->rollouts;
        rec_push(pp, total / k);
        rec_push(pp, k > 1 ? (total_sq - total * total / k) / (k - 1) : 0.0);
        if (total > best_value) {
            best = a;
            best_value = total;
        }
    }
    pp->whole = pp->nrec;
    arena_release(&g->arena, m0);
    return best;
}

/* ===================================================================== careful players */

/* evogame/fitness/careful.py's games, move for move and draw for draw (the Python module
 * is the reference; its constants come from the caller): `careful_random` is its
 * `random_decisions`, `careful_one` its `careful_game` with a budget. */
typedef struct {
    int32_t samples, tries, max_options;
    int64_t look_steps;
    int64_t budget4; /* Budget.left, in quarters of work */
} Careful;

#define CAREFUL_WORST INT64_MIN /* careful._WORST (-inf) */
#define CAREFUL_NONE INT64_MAX  /* float("inf"): no sample yet */

/* careful.end_now(st)[me], higher always better (careful.standing) */
static int64_t careful_standing(State *st, int32_t me, int64_t look_steps) {
    Game *g = st->g;
    int64_t sc[64];
    if (st->terminal) {
        scores(st, sc);
    } else {
        Mark mk = arena_mark(&g->arena);
        State *c = state_clone(st);
        MT *r = amem(g, sizeof(MT));
        mt_seed(r, 0); /* the ending's chance events, the same for every look */
        c->rng = r;
        c->seen = NULL;
        c->nframes = 1; /* the stages in progress left as if ended */
        c->npc = 1;
        c->ntc = 1;
        c->nopts = 0;
        c->opts = NULL;
        c->steps = 0;
        c->max_steps = look_steps;
        advance(c, 0, NULL, NULL);
        scores(c->errored ? st : c, sc);
        arena_release(&g->arena, mk);
    }
    return g->order ? sc[me] : -sc[me];
}

/* Random.sample(range(n), k), n > k >= 1, into out (unsorted) */
static void py_sample(MT *rng, int32_t n, int32_t k, int32_t *out, int32_t *pool) {
    int64_t setsize = 21;
    if (k > 5) { /* += 4 ** ceil(log(3k, 4)); 3k is never a power of 4 */
        int64_t v = 1;
        while (v < 3 * (int64_t)k) v *= 4;
        setsize += v;
    }
    if (n <= setsize) {
        for (int32_t i = 0; i < n; i++) pool[i] = i;
        for (int32_t i = 0; i < k; i++) {
            int32_t j = (int32_t)mt_below(rng, (uint64_t)(n - i));
            out[i] = pool[j];
            pool[j] = pool[n - i - 1];
        }
    } else {
        for (int32_t i = 0; i < k; i++) {
            int32_t j, dup;
            do {
                j = (int32_t)mt_below(rng, (uint64_t)n);
                dup = 0;
                for (int32_t q = 0; q < i && !dup; q++) dup = out[q] == j;
            } while (dup);
            out[i] = j;
        }
    }
}

/* careful.careful_choice */
static int32_t careful_choose(State *st, MT *rng, Careful *cf) {
    Game *g = st->g;
    int32_t n = st->nopts;
    if (n <= 1) return 0;
    if (g->nplayers > 64) fail(g, "native: more than 64 players");
    int32_t me = st->pc[st->npc - 1][0];
    Mark m0 = arena_mark(&g->arena);
    int32_t k = n <= cf->max_options ? n : cf->max_options;
    int32_t *looked = amem(g, sizeof(int32_t) * (size_t)(n + 1));
    if (n <= cf->max_options) {
        for (int32_t i = 0; i < n; i++) looked[i] = i;
    } else {
        int32_t *pool = amem(g, sizeof(int32_t) * (size_t)(n + 1));
        py_sample(rng, n, k, looked, pool);
        for (int32_t i = 1; i < k; i++) /* sorted */
            for (int32_t j = i; j > 0 && looked[j - 1] > looked[j]; j--) {
                int32_t t = looked[j];
                looked[j] = looked[j - 1];
                looked[j - 1] = t;
            }
    }
    int64_t *worst = amem(g, sizeof(int64_t) * (size_t)k);
    for (int32_t i = 0; i < k; i++) worst[i] = CAREFUL_NONE;
    /* careful._views: every view drawn before any is looked at */
    State **views = amem(g, sizeof(State *) * (size_t)(cf->samples + 1));
    for (int32_t s = 0; s < cf->samples; s++) {
        State *view = NULL;
        for (int32_t t = 0; t < cf->tries; t++) {
            MT *r = amem(g, sizeof(MT));
            mt_seed(r, mt_getrandbits(rng, 32));
            view = determinize(st, me, r);
            if (!view->terminal && view->nopts == n) break;
            view = NULL;
        }
        if (!view) {
            view = state_clone(st);
            MT *r = amem(g, sizeof(MT));
            mt_seed(r, mt_getrandbits(rng, 32));
            view->rng = r;
        }
        view->seen = NULL;
        views[s] = view;
    }
    for (int32_t s = 0; s < cf->samples; s++) {
        State *view = views[s];
        int64_t base = careful_standing(view, me, cf->look_steps);
        for (int32_t i = 0; i < k; i++) {
            Mark mk = arena_mark(&g->arena);
            State *c = state_clone(view);
            MT *r = amem(g, sizeof(MT));
            mt_copy(r, view->rng);
            c->rng = r;
            c->seen = NULL;
            c->max_steps = cf->look_steps;
            apply_action(c, looked[i]);
            cf->budget4 -= work4(c) - work4(view);
            /* `c.error or c.capped`: an error's message is never empty */
            int64_t change = (c->errored && c->errmsg && c->errmsg[0]) || c->capped ? CAREFUL_WORST : careful_standing(c, me, cf->look_steps) - base;
            if (change < worst[i]) worst[i] = change;
            arena_release(&g->arena, mk);
        }
    }
    int64_t best = worst[0];
    for (int32_t i = 1; i < k; i++)
        if (worst[i] > best) best = worst[i];
    int32_t nties = 0;
    for (int32_t i = 0; i < k; i++)
        if (worst[i] == best) looked[nties++] = looked[i];
    int32_t a = looked[mt_below(rng, (uint64_t)nties)];
    arena_release(&g->arena, m0);
    return a;
}

/* careful.random_decisions(seed): out[0] the decisions of the random game, -1 when it does
 * not end on its own. careful.careful_game(seed, cap, budget): out = {1 when the budget ran
 * out first (None), decisions, terminal, capped, cycle, errored, frames, the root frame's
 * pc}, budget4 updated. Returns 0, or -1 when the VM cannot (its room, its time limit, more
 * than 64 seats, a coverage image): the caller then plays the game in Python. */
static int64_t careful_game_vm(Game *g, int32_t mode, uint64_t seed, int64_t cap_, int64_t max_decisions, int64_t max_steps, int64_t factor, Careful *cf, int64_t *out, char *error) {
    if (g->nplayers > 64 || g->ncov > 0) {
        snprintf(error, 200, "native: no careful games here");
        return -1;
    }
    jmp_buf top;
    g->jb = &top;
    if (setjmp(top)) {
        snprintf(error, 200, "%s", g->errbuf);
        g->jb = NULL;
        return -1;
    }
    MT deal, play;
    arena_reset(&g->arena);
    mt_seed2(&deal, seed, &play, seed);
    if (mode == 0) {
        State *st = new_state(g, &deal, max_decisions, max_steps, 1);
        while (!st->terminal) apply_action(st, (int32_t)mt_below(&play, (uint64_t)st->nopts));
        out[0] = st->capped || st->cycle || st->errored ? -1 : st->decisions;
        g->jb = NULL;
        return 0;
    }
    State *st = new_state(g, &deal, cap_ + 1, max_steps, 1);
    st->max_work *= factor;
    int ran_out = 0;
    while (!st->terminal && st->decisions < cap_) {
        if (cf->budget4 <= 0) {
            ran_out = 1;
            break;
        }
        apply_action(st, careful_choose(st, &play, cf));
    }
    out[0] = ran_out;
    out[1] = st->decisions;
    out[2] = st->terminal;
    out[3] = st->capped;
    out[4] = st->cycle;
    out[5] = st->errored;
    out[6] = st->nframes;
    out[7] = st->nframes ? st->frames[0].pc : 0;
    g->jb = NULL;
    return 0;
}

/* ===================================================================== settled games */

/* evogame/fitness/settled.py's games, draw for draw (the Python module is the reference).
 * mode 0, its `_play`: the random game on deal `seed` (the players' draws seeded by it),
 * out = {decisions, the decision after which the scores last changed (0: none did), 1 when
 * it did not end on its own (capped, a cycle, an error)}. mode 1, its `_fixed_from`: the
 * same game replayed to decision `at`, then `nroll` random continuations of a copy of it,
 * continuation r drawing from random.Random(the int whose 32-bit words, low first, are
 * keys[4r .. 4r + klen[r]]); out[0] = 1 when every one ends with the scores of decision
 * `at`. mode 2, evogame/fitness/shared_ends.py's `endings` (the same random game as mode 0,
 * on a coverage image too): out = {1 when it did not end on its own, the scores at its end
 * (nplayers of them, from out[1])}, and g->cov what its conditions decided (`vm_coverage`).
 * Returns 0, or -1 when the VM cannot (its room, its time limit, more than 64 seats, a
 * coverage image but in mode 2): the caller then plays the game in Python. */
static int64_t settled_game_vm(Game *g, int32_t mode, uint64_t seed, int64_t max_decisions, int64_t max_steps, int64_t at, int32_t nroll, const uint32_t *keys, const int32_t *klen, int64_t *out, char *error) {
    if (g->nplayers > 64 || (g->ncov > 0 && mode != 2)) {
        snprintf(error, 200, "native: no settled games here");
        return -1;
    }
    jmp_buf top;
    g->jb = &top;
    if (setjmp(top)) {
        snprintf(error, 200, "%s", g->errbuf);
        g->jb = NULL;
        return -1;
    }
    MT deal, play;
    arena_reset(&g->arena);
    mt_seed2(&deal, seed, &play, seed);
    /* mode 2: the setup's conditions count too (the Python module clears its hits
     * before the new state) */
    if (mode == 2 && g->ncov) memset(g->cov, 0, (size_t)g->ncov);
    State *st = new_state(g, &deal, max_decisions, max_steps, 1);
    size_t nb = sizeof(int64_t) * (size_t)g->nplayers;
    int64_t before[64], now[64];
    if (mode == 2) {
        while (!st->terminal) apply_action(st, (int32_t)mt_below(&play, (uint64_t)st->nopts));
        out[0] = st->capped || st->cycle || st->errored;
        scores(st, out + 1);
        g->jb = NULL;
        return 0;
    }
    if (mode == 0) {
        int64_t n = 0, last = 0;
        scores(st, before);
        while (!st->terminal) {
            apply_action(st, (int32_t)mt_below(&play, (uint64_t)st->nopts));
            n++;
            scores(st, now);
            if (memcmp(now, before, nb) != 0) {
                last = n;
                memcpy(before, now, nb);
            }
        }
        out[0] = n;
        out[1] = last;
        out[2] = st->capped || st->cycle || st->errored;
        g->jb = NULL;
        return 0;
    }
    for (int64_t i = 0; i < at && !st->terminal; i++) apply_action(st, (int32_t)mt_below(&play, (uint64_t)st->nopts));
    scores(st, before); /* there */
    int fixed = 1;
    for (int32_t r = 0; r < nroll && fixed; r++) {
        MT rr;
        mt_init_by_array(&rr, keys + 4 * r, klen[r]);
        Mark mk = arena_mark(&g->arena);
        State *c = state_clone(st); /* State.clone: a copy of the chance stream and of the cycle record */
        MT *cr = amem(g, sizeof(MT));
        mt_copy(cr, st->rng);
        c->rng = cr;
        if (st->seen) {
            Seen *sn = amem(g, sizeof(Seen));
            *sn = *st->seen;
            sn->in_arena = 1;
            if (sn->cap) {
                sn->cells = amem(g, sizeof(uint64_t) * (size_t)sn->cap);
                memcpy(sn->cells, st->seen->cells, sizeof(uint64_t) * (size_t)sn->cap);
            }
            c->seen = sn;
        }
        while (!c->terminal) {
            apply_action(c, (int32_t)mt_below(&rr, (uint64_t)c->nopts));
            scores(c, now);
            if (memcmp(now, before, nb) != 0) {
                fixed = 0;
                break;
            }
        }
        arena_release(&g->arena, mk);
    }
    out[0] = fixed;
    g->jb = NULL;
    return 0;
}

/* ===================================================================== guards */

/* A crash in the VM (a bug it has, never a rule file's fault) must not take the process
 * down: while a call runs, SIGSEGV, SIGBUS and SIGFPE return to the call's entry (on an
 * alternate stack, so a stack overflow is caught too), which reports the crash; the
 * caller then gives up on this game (`NativeCrash`). */
static sigjmp_buf crash_jb;
static volatile sig_atomic_t crash_sig;
static char crash_stack[1 << 16];

typedef struct {
    struct sigaction old[3];
    stack_t oldss;
} Guard;

static const int GUARDED[3] = {SIGSEGV, SIGBUS, SIGFPE};

static void on_crash(int sig) {
    crash_sig = sig;
    siglongjmp(crash_jb, 1);
}

static void guard_on(Guard *gd) {
    stack_t ss;
    ss.ss_sp = crash_stack;
    ss.ss_size = sizeof crash_stack;
    ss.ss_flags = 0;
    sigaltstack(&ss, &gd->oldss);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++) sigaction(GUARDED[i], &sa, &gd->old[i]);
}

static void guard_off(Guard *gd) {
    for (int i = 0; i < 3; i++) sigaction(GUARDED[i], &gd->old[i], NULL);
    sigaltstack(&gd->oldss, NULL);
}

/* A wall-clock deadline (the evaluator's time limit): past it, the game in play stops
 * with the VM's "no room" verdict and the caller's own time limit takes over. */
static double vm_deadline;
static uint32_t deadline_tick;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void vm_set_deadline(double seconds_from_now) { vm_deadline = seconds_from_now > 0 ? now_s() + seconds_from_now : 0; }

static void check_deadline(Game *g) {
    if (vm_deadline > 0 && (++deadline_tick & 63) == 0 && now_s() > vm_deadline) room(g, "native: the time limit was reached");
}

/* ===================================================================== the API */

void vm_free(Game *g);

/* The compiled tier's prefix for this game: the evaluator picked so far for each node, as
 * the X-macro lists T2_INODES and T2_ANODES, and the nodes `ev` reached, as T2_LNODES
 * (evogame/native/compiled.py). Returns the text's length, or -1 when `cap` is too small. */
int64_t vm_tier2_nodes(Game *g, char *out, int64_t cap) {
    int64_t k = 0;
    /* past the buffer, only count: snprintf(NULL, 0, ...) writes nothing */
#define AT (k < cap ? out + k : NULL), (k < cap ? (size_t)(cap - k) : 0)
    for (int pass = 0; pass < 2; pass++) {
        k += snprintf(AT, "#define T2_%sNODES(X)", pass ? "A" : "I");
        for (int64_t off = 1; off < g->codelen; off++) {
            const char *name = fn_name(pass ? (void *)g->afn[off] : (void *)g->ifn[off]);
            if (!name) continue; /* never reached: resolved at run time, as in the VM */
            k += snprintf(AT, " X(%lld, %s)", (long long)off, name);
        }
        k += snprintf(AT, "\n");
    }
    k += snprintf(AT, "#define T2_LNODES(X)");
    for (int64_t off = 1; off < g->codelen; off++) {
        const char *name = (g->lseen[off] & LSEEN_L) ? lfn_name(lfn_choose(g, GCODE(g) + off)) : NULL;
        if (name) k += snprintf(AT, " X(%lld, %s)", (long long)off, name);
    }
    k += snprintf(AT, "\n#define T2_XNODES(X)");
    for (int64_t off = 1; off < g->codelen; off++)
        if ((g->lseen[off] & (LSEEN_X | LSEEN_C)) == LSEEN_X) /* (both: a corrupt image; left to the VM's way) */
            k += snprintf(AT, " X(%lld, expand)", (long long)off);
        else if ((g->lseen[off] & (LSEEN_X | LSEEN_C)) == LSEEN_C)
            k += snprintf(AT, " X(%lld, list_choice)", (long long)off);
    k += snprintf(AT, "\n#define T2_MEMOS(X)");
    for (int64_t off = 1; off < g->codelen; off++) {
        const MemoInfo *m = g->memo_info && g->afn[off] == afn_each_memo ? g->memo_info[off] : NULL;
        if (!m || m->ok != 1) continue;
        k += snprintf(AT, " X(%lld, {.ok = 1, .id = %d, .guarded = %d, .k = %d, .nsc = %d, .nin = %d, .nkw = %d, .sc = {", (long long)off, m->id, m->guarded, m->k, m->nsc, m->nin, m->nkw);
        for (int32_t i = 0; i < m->nsc; i++) k += snprintf(AT, "%s%d", i ? ", " : "", m->sc[i]);
        k += snprintf(AT, "}, .in = {");
        for (int32_t i = 0; i < m->nin; i++) {
            const MemoIn *in = &m->in[i];
            k += snprintf(AT, "%s{%d, %d, %d, %d, %d}", i ? ", " : "", in->kind, in->slot, in->own, in->lim, in->base);
        }
        k += snprintf(AT, "}})");
    }
    k += snprintf(AT, "\n");
#undef AT
    return k < cap ? k : -1;
}

Game *vm_new(const int32_t *img, int64_t len, char *err, int64_t errlen) {
    Game *g = calloc(1, sizeof(Game));
    if (!g) return NULL;
#define BAD(msg)                                  \
    do {                                          \
        snprintf(err, (size_t)errlen, "%s", msg); \
        vm_free(g);                               \
        return NULL;                              \
    } while (0)
    if (len < H_CODELEN + 1 || img[H_MAGIC] != IMG_MAGIC || img[H_VERSION] != IMG_VERSION) BAD("not a native image of this version");
    g->img = img;
    g->imglen = len;
    g->nplayers = img[H_NPLAYERS];
    g->nteams = img[H_NTEAMS];
    g->nstr = img[H_NSTR];
    g->nattrs = img[H_NATTRS];
    g->ndecks = img[H_NDECKS];
    g->nvars = img[H_NVARS];
    g->card_cap = img[H_CARD_CAP];
    g->loc_cap = img[H_LOC_CAP];
    g->int_cap = img[H_INT_CAP];
    g->str_cap = img[H_STR_CAP];
    g->pt_cap = img[H_PT_CAP];
    g->root = img[H_ROOT];
    g->order = img[H_ORDER];
    g->score = img[H_SCORE];
    if (g->nplayers < 1 || g->nteams < 1 || g->card_cap < 1 || g->card_cap > 30000) BAD("bad header");
    int32_t code = img[H_CODE];
    if (code <= 0 || code + img[H_CODELEN] > len) BAD("bad code section");
    g->code = img + code;
    g->codelen = img[H_CODELEN];
    g->ifn = malloc(sizeof(IFn) * (size_t)(g->codelen > 0 ? g->codelen : 1));
    if (!g->ifn) BAD("out of memory");
    g->afn = malloc(sizeof(AFn) * (size_t)(g->codelen > 0 ? g->codelen : 1));
    g->kval = calloc((size_t)(g->codelen > 0 ? g->codelen : 1), sizeof(int64_t));
    g->pm_memo = malloc(sizeof(int32_t) * (size_t)(g->codelen > 0 ? g->codelen : 1));
    g->ptmpl = calloc((size_t)(g->codelen > 0 ? g->codelen : 1), sizeof(struct PtsTmpl *));
    g->lseen = calloc((size_t)(g->codelen > 0 ? g->codelen : 1), 1);
    if (!g->afn || !g->kval || !g->pm_memo || !g->ptmpl || !g->lseen) BAD("out of memory");
    for (int64_t i = 0; i < g->codelen; i++) {
        g->ifn[i] = fn_resolve;
        g->afn[i] = afn_resolve;
        g->pm_memo[i] = -1;
    }
    const int32_t *d = img + img[H_DECL];
    g->ndecl = d[0];
    g->decl = d + 1;
    g->nsetup = d[1 + 2 * g->ndecl];
    g->setup = d + 2 + 2 * g->ndecl;
    const int32_t *t = img + img[H_TEAMS];
    g->team_of = t;
    g->team_start = t + g->nplayers;
    g->team_members = t + g->nplayers + g->nteams + 1;
    g->str_attr = img + img[H_STRATTR];
    g->varkind = img + img[H_VARKINDS];
    const int32_t *lk = img + img[H_LOCKEYS];
    g->loc_keys = calloc((size_t)g->loc_cap, sizeof(LocKey));
    g->nloc_keys = lk[0];
    for (int32_t i = 0; i < lk[0]; i++) {
        g->loc_keys[i].owner = lk[1 + 4 * i];
        g->loc_keys[i].vis = lk[2 + 4 * i];
        g->loc_keys[i].name = lk[3 + 4 * i];
        g->loc_keys[i].index = lk[4 + 4 * i];
        g->loc_keys[i].slot = i;
    }
    const int32_t *sk = img + img[H_STOKEYS];
    for (int kind = 0; kind < 3; kind++) {
        int32_t cap_ = kind == 0 ? g->int_cap : kind == 1 ? g->str_cap : g->pt_cap;
        g->sto_keys[kind] = calloc((size_t)cap_, sizeof(LocKey));
        g->nsto_keys[kind] = sk[0];
        for (int32_t i = 0; i < sk[0]; i++) {
            g->sto_keys[kind][i].owner = sk[1 + 2 * i];
            g->sto_keys[kind][i].name = sk[2 + 2 * i];
            g->sto_keys[kind][i].vis = kind;
        }
        sk += 1 + 2 * sk[0];
    }
    const int32_t *dk = img + img[H_DECKS];
    g->deck_off = malloc(sizeof(int32_t) * (size_t)(g->ndecks + 1));
    for (int32_t i = 0; i < g->ndecks; i++) ((int32_t *)g->deck_off)[i] = (int32_t)(dk + 1 + g->ndecks - img) + dk[1 + i];
    g->attr = calloc((size_t)(g->nattrs ? g->nattrs : 1) * (size_t)g->card_cap, sizeof(int32_t));
    g->deck_of_card = calloc((size_t)g->card_cap, sizeof(int32_t));
    g->back_of_name = malloc(sizeof(int32_t) * (size_t)(g->ndecks + 1));
    if (g->back_of_name)
        for (int32_t i = 0; i <= g->ndecks; i++) g->back_of_name[i] = -1;
    g->allp = malloc(sizeof(int32_t) * (size_t)g->nplayers);
    g->allt = malloc(sizeof(int32_t) * (size_t)g->nteams);
    /* the others of each seat, for up to OTHERS_MAX seats (more make theirs as asked) */
    int32_t np = g->nplayers <= OTHERS_MAX ? g->nplayers : 0, nt = g->nteams <= OTHERS_MAX ? g->nteams : 0;
    g->othp = malloc(sizeof(int32_t) * (size_t)(np * np + 1));
    g->otht = malloc(sizeof(int32_t) * (size_t)(nt * nt + 1));
    if (!g->loc_keys || !g->attr || !g->deck_of_card || !g->allp || !g->allt || !g->othp || !g->otht || !g->deck_off) BAD("out of memory");
    for (int32_t i = 0; i < g->nplayers; i++) g->allp[i] = i;
    for (int32_t i = 0; i < g->nteams; i++) g->allt[i] = i;
    for (int32_t c = 0; c < np; c++)
        for (int32_t i = 0, k = 0; i < np; i++)
            if (i != c) g->othp[(size_t)c * (size_t)np + (size_t)k++] = i;
    for (int32_t c = 0; c < nt; c++)
        for (int32_t i = 0, k = 0; i < nt; i++)
            if (i != c) g->otht[(size_t)c * (size_t)nt + (size_t)k++] = i;
    g->arena_limit = (int64_t)512 << 20;
    g->ncov = img[H_NCOV];
    g->cov = calloc((size_t)(g->ncov + 1), 1);
    if (!g->cov) BAD("out of memory");
#ifdef EVOGAME_TIER2
    if (g->codelen != T2_CODELEN || memcmp(g->code, T2_IMG, sizeof(int32_t) * (size_t)T2_CODELEN)) BAD("the compiled game is not this image");
    g->code = T2_IMG;
    /* Each compiled node is checked against the evaluator the VM picks for it, from a
     * table walked by one loop a kind (cold code: unrolled per node, these checks were
     * about an eighth of a large game's compile time). */
    {
        char why[192];
#define T2_ROW(off, fn) {off, (void (*)(void))fn, (void (*)(void))N##off, #fn},
#define T2_ROW_A(off, fn) {off, (void (*)(void))fn, (void (*)(void))A##off, #fn},
#define T2_ROW_L(off, fn) {off, (void (*)(void))fn, (void (*)(void))L##off, #fn},
        typedef struct { int32_t off; void (*want)(void), (*mine)(void); const char *name; } T2Row;
        static const T2Row rows_i[] = {T2_INODES(T2_ROW) {0, 0, 0, 0}};
        static const T2Row rows_a[] = {T2_ANODES(T2_ROW_A) {0, 0, 0, 0}};
        static const T2Row rows_l[] = {T2_LNODES(T2_ROW_L) {0, 0, 0, 0}};
        for (int kind = 0; kind < 3; kind++) {
            const T2Row *r = kind == 0 ? rows_i : kind == 1 ? rows_a : rows_l;
            for (; r->name; r++) {
                const int32_t *at = T2_IMG + r->off;
                void (*got)(void) = kind == 0   ? (void (*)(void))fn_choose(g, at)
                                    : kind == 1 ? (void (*)(void))afn_choose(g, at)
                                                : (void (*)(void))lfn_choose(g, at);
                if (got != r->want) {
                    snprintf(why, sizeof why, "compiled node %d is not %s", (int)r->off, r->name);
                    BAD(why);
                }
                if (kind == 0) g->ifn[r->off] = (IFn)r->mine;
                if (kind == 1) g->afn[r->off] = (AFn)r->mine;
            }
        }
    }
#define T2_CHK_X(off, fn) \
    if ((T2_IMG[off] == OP_CHOICE) != (strcmp(#fn, "list_choice") == 0)) BAD("compiled node " #off " is not " #fn);
    T2_XNODES(T2_CHK_X)
#define T2_CHK_M(o, ...)                                                                                              \
    {                                                                                                                 \
        static const MemoInfo m_ = __VA_ARGS__;                                                                       \
        MemoInfo *mine = memo_scan(g, T2_IMG + o);                                                                    \
        if (!memo_info_same(&m_, mine) || !memo_shares(g, m_.id, o)) BAD("compiled memo of node " #o " is not its loop's"); \
        mine->id = m_.id;                                                                                             \
    }
    T2_MEMOS(T2_CHK_M)
#endif
    return g;
#undef BAD
}

void vm_free(Game *g) {
    if (!g) return;
    if (g->memo_info)
        for (int64_t i = 0; i < g->codelen; i++) free(g->memo_info[i]);
    free(g->memo_info);
    free(g->memo);
    arena_free(&g->arena);
    free(g->main);
    for (int32_t i = 0; i < g->npm; i++) {
        free(g->pm[i].key);
        free(g->pm[i].cache);
        free(g->pm[i].aw);
    }
    free(g->pm);
    free(g->loc_keys);
    for (int k = 0; k < 3; k++) free(g->sto_keys[k]);
    free((void *)g->deck_off);
    free(g->attr);
    free(g->deck_of_card);
    free(g->back_of_name);
    free(g->cov);
    free(g->created);
    free(g->allp);
    free(g->allt);
    free(g->othp);
    free(g->otht);
    free(g->main_seen.cells);
    free(g->ifn);
    free(g->afn);
    free(g->kval);
    free(g->pm_memo);
    if (g->ptmpl)
        for (int64_t i = 0; i < g->codelen; i++)
            if (g->ptmpl[i]) {
                free(g->ptmpl[i]->key);
                free(g->ptmpl[i]->doff);
                free(g->ptmpl[i]->dpos);
                free(g->ptmpl[i]);
            }
    free(g->ptmpl);
    free(g->lseen);
    free(g);
}

/* ---- searching seats (players.md): which seats the weak PIPMC player takes ---- */
/* Bit p set: seat p (p < 64) is the weak PIPMC player when `vm_play` has one; every seat
 * by default (the depth phase). Process-wide, as the deadline is: `vm_set_weak_seats` sets
 * it before each call (NativeGame.play), so PIPMC can sit at any set of seats at once. */
static int64_t weak_seats = -1;
void vm_set_weak_seats(int64_t mask) { weak_seats = mask; }

/* The arena's limit in bytes (512 MB from `vm_new`): a game whose temporaries need more
 * ends with flags 8 | 16 (`NativeGame.play` plays it again with a higher limit). Chunks
 * kept from earlier games beyond a lowered limit are freed (nothing lives in the arena
 * between calls: every game resets it). */
void vm_set_arena_limit(Game *g, int64_t bytes) {
    g->arena_limit = bytes;
    if ((int64_t)g->arena.total > bytes) arena_free(&g->arena);
}
/* The kind of the searcher (bits 0-1) and of the weak player (bits 2-3): 0 PIPMC, 1 the
 * strong player (greedy play-outs, `strong_choose`), 2 ISMCTS (`ismcts_choose`), 3 the
 * greedy player (`greedy_player_choose`); bit 4:
 * the game is one-seat or cooperative (the greedy key's first part is then 0). Set before
 * each call, as `weak_seats`. */
static int32_t rollout_policy = 0;
void vm_set_rollout_policy(int32_t bits) { rollout_policy = bits; }

/* The memo of loop passes (`afn_each_memo`) off (1) or on (0, the default): the same games
 * either way (tests/native/test_memo.py compares them) */
void vm_set_memo_off(Game *g, int32_t off) { g->memo_off = off; }

/* simulate.play_one: one game, every seat a uniform random player but `pip_seat` (-1:
 * none), a PIPMC player; with `weak`, every other seat is the weak PIPMC player (one
 * player seated at all of them, as `play_one` seats one object); all draw from the game's
 * players' stream. */
/* Places' card counts at a game's end (`GameRecord.sizes`): per requested key (owner,
 * visibility, name id, index; 4 int32 each) the cards in the place of that key, 0 when the
 * game never made it. A scan of the game's keys per place: only when asked for. */
static void place_sizes(const State *st, const int32_t *keys, int32_t nkeys, int32_t *out) {
    const Game *g = st->g;
    for (int32_t j = 0; j < nkeys; j++) {
        const int32_t *k = keys + 4 * j;
        int32_t c = 0;
        for (int32_t s = 0; s < st->nlocs && s < g->nloc_keys; s++) {
            const LocKey *lk = &g->loc_keys[s];
            if (lk->owner == k[0] && lk->vis == k[1] && lk->name == k[2] && lk->index == k[3]) {
                c = st->loclen[s];
                break;
            }
        }
        out[j] = c;
    }
}

static void play_game(Game *g, MT *deal, PlayMT *play, int32_t pip_seat, Pipmc *pp, Pipmc *weak, int64_t max_decisions, int64_t max_steps, int64_t *scores_out, int32_t *flags, int64_t *work_out, int32_t *ndec, int32_t *branching, int32_t *who, char *error, const int32_t *size_keys, int32_t nsizes, int32_t *sizes_out) {
    jmp_buf top; /* nothing escapes a game: what no rule catches ends it with an error */
    g->jb = &top;
    if (setjmp(top)) {
        for (int32_t p = 0; p < g->nplayers; p++) scores_out[p] = 0;
        /* 16 beside 8: the room that ran out was the arena's memory (`vm_set_arena_limit`) */
        *flags = g->err_kind == ERR_ROOM ? (g->oom ? 8 | 16 : 8) : 4;
        snprintf(error, 200, "%s", g->errbuf);
        g->jb = NULL;
        return;
    }
    g->oom = 0;
    arena_reset(&g->arena);
    State *st = new_state(g, deal, max_decisions, max_steps, 1);
    double w_pip = pp ? pp->work4 : 0.0, w_weak = weak ? weak->work4 : 0.0;
    int32_t k = 0;
    while (!st->terminal) {
        int32_t m = st->nopts;
        int32_t p = st->pc[st->npc - 1][0];
        if (k < max_decisions) {
            branching[k] = m;
            who[k] = p;
        }
        k++;
        int32_t choice;
        if (p == pip_seat && pp)
            choice = pipmc_choose(st, play_mt(play), pp);
        else if (weak && (weak_seats >> (p & 63) & 1))
            choice = pipmc_choose(st, play_mt(play), weak);
        else
            choice = m > 1 ? (int32_t)mt_below(play_mt(play), (uint64_t)m) : 0; /* forced: no draw */
        apply_action(st, choice);
    }
    scores(st, scores_out);
    *flags = (st->capped ? 1 : 0) | (st->cycle ? 2 : 0) | (st->errored ? 4 : 0);
    if (nsizes && !st->errored) place_sizes(st, size_keys, nsizes, sizes_out);
    /* play_one: the game's work plus its searcher's look-ahead */
    *work_out = work4(st) + (pp ? (int64_t)(pp->work4 - w_pip) : 0) +
                (weak ? (int64_t)(weak->work4 - w_weak) : 0);
    *ndec = k;
    /* the caller's buffer is zeroed: a game with no error leaves it alone, so its pages
     * (200 bytes a game) are never touched, nor faulted in */
    if (st->errored) snprintf(error, 200, "%s", st->errmsg ? st->errmsg : "");
    g->jb = NULL;
}

/* Play games [0, n) with uniform random players, as evogame.simulate.play_one does: game
 * i's chance stream is seeded deal_seeds[i], its players' stream play_seeds[i]; a forced
 * decision draws nothing. pip_seats (may be NULL): per game the seat of a PIPMC player
 * (rollouts, horizon, by: 0 rank, 1 score, 2 win), -1 for none; with weak_rollouts > 0
 * every other seat is a PIPMC player (weak_rollouts, weak_horizon, by), unrecorded (the
 * depth phase: a searcher against weaker ones). The PIPMC player's course record goes
 * to rec (rec_cap doubles; per game rec_n[i] values: per searched decision [decision,
 * moves, (mean, variance) per move]).
 *
 * cov_out (may be NULL): per game, what each condition recorded (1 false, 2 true).
 * With `continuous`, the two streams are seeded once, from the first game's seeds, and
 * run on from game to game, as a hand-written simulator's single stream does (benchmarks
 * only: a game then depends on the games before it, and a batch cut short is not resumed
 * the same way).
 *
 * Per game: scores[np], flags (1 capped, 2 cycle, 4 error, 8 out of the VM's room), work
 * in quarters, decisions, and per decision its options and its player, appended to
 * branching/who (capacity dec_cap; games that do not fit are left for the next call).
 * errors: 200 bytes a game, zeroed by the caller (written for a game with an error only).
 * Returns the number of games played. */
static int64_t play_many(Game *g, uint8_t *cov_out, int64_t n, int32_t continuous, const uint64_t *deal_seeds, const uint64_t *play_seeds, const int32_t *pip_seats, int32_t rollouts, int32_t horizon, int32_t by, int32_t weak_rollouts, int32_t weak_horizon, int64_t max_decisions, int64_t max_steps, int64_t *scores_out, int32_t *flags, int64_t *work_out, int32_t *ndec, int32_t *branching, int32_t *who, int64_t dec_cap, char *errors, double *rec, int64_t rec_cap, int64_t *rec_n, const int32_t *size_keys, int32_t nsizes, int32_t *sizes_out) {
    int64_t used = 0, rused = 0;
    MT one_deal, one_play, *deal = &one_deal, *play = &one_play;
    Seeded *sd = continuous ? NULL : seeded_start();
    if (continuous) mt_seed2(deal, deal_seeds[0], play, play_seeds[0]);
    for (int64_t i = 0; i < n; i++) {
        if (used + max_decisions > dec_cap) return i;
        PlayMT pl = {play, NULL, i, n, play_seeds};
        if (sd) {
            deal = seeded_deal(sd, i, n, deal_seeds);
            pl.mt = NULL;
            pl.s = sd;
        } else if (!continuous)
            mt_seed2(deal, deal_seeds[i], play, play_seeds[i]);
        ndec[i] = 0;
        work_out[i] = 0;
        Pipmc pp = {rollouts, horizon, by, 0.0, rec ? rec + rused : NULL, 0, rec ? rec_cap - rused : 0, 0};
        Pipmc weak = {weak_rollouts, weak_horizon, by, 0.0, NULL, 0, 0, 0};
        pp.policy = rollout_policy & 3; /* vm_set_rollout_policy */
        weak.policy = rollout_policy >> 2 & 3;
        int32_t seat = pip_seats ? pip_seats[i] : -1;
        if (cov_out) memset(g->cov, 0, (size_t)g->ncov);
        play_game(g, deal, &pl, seat, seat >= 0 ? &pp : NULL, weak_rollouts > 0 ? &weak : NULL, max_decisions, max_steps, scores_out + i * g->nplayers, flags + i, work_out + i, ndec + i, branching + used, who + used, errors + 200 * i, size_keys, nsizes, sizes_out ? sizes_out + i * nsizes : NULL);
        if (pp.overflow) {
            if (i == 0) {
                rec_n[0] = -pp.nrec; /* the record needs this much room: call again */
                return 0;
            }
            return i; /* this game again, with room of its own */
        }
        if (pp.nrec != pp.whole) pp.nrec = pp.whole; /* a game out of room inside a search left its last decision half recorded */
        if (rec_n) rec_n[i] = pp.nrec;
        if (cov_out && g->ncov) memcpy(cov_out + i * g->ncov, g->cov, (size_t)g->ncov);
        rused += pp.nrec;
        used += ndec[i];
    }
    return n;
}

/* meaningful.moves_sample: over up to `games` random games, per game (T, R, B): decisions,
 * decisions with two or more different moves (options grouped by outcome_key), and the
 * different moves at those; the last game cut short once `max_options` options were
 * examined or the work (the games' and the look-ahead copies', in quarters) reached
 * `budget4` (0: none). totals: games sampled, options examined, different moves; work4:
 * the work spent. With a coverage image, g->cov holds what the conditions decided. */
static int64_t moves_many(Game *g, int64_t games, const uint64_t *deal_seeds, const uint64_t *play_seeds, int64_t max_options, int64_t budget4, int64_t max_decisions, int64_t max_steps, int64_t *sample, int64_t *totals, int64_t *work4_out, char *error) {
    int64_t options = 0, moves = 0, work = 0, ng = 0;
    jmp_buf top;
    g->jb = &top;
    if (setjmp(top)) { /* the VM's own room ran out: the caller samples in Python */
        snprintf(error, 200, "%s", g->errbuf);
        g->jb = NULL;
        return -1;
    }
    if (g->cov) memset(g->cov, 0, (size_t)g->ncov);
    for (int64_t gi = 0; gi < games; gi++) {
        MT deal, play;
        arena_reset(&g->arena);
        mt_seed2(&deal, deal_seeds[gi], &play, play_seeds[gi]);
        State *st = new_state(g, &deal, max_decisions, max_steps, 1);
        int64_t T = 0, R = 0, B = 0;
#define SPENT (options >= max_options || (budget4 > 0 && work + work4(st) >= budget4))
        while (!st->terminal && !SPENT) {
            int32_t n = st->nopts;
            T++;
            if (n > 1) {
                uint64_t *keys = amem(g, sizeof(uint64_t) * (size_t)n);
                int32_t d = 0;
                for (int32_t i = 0; i < n; i++) {
                    Mark mk = arena_mark(&g->arena);
                    int64_t w = 0;
                    uint64_t key = outcome_key_work(st, i, &w);
                    arena_release(&g->arena, mk);
                    work += w;
                    int dup = 0;
                    for (int32_t j = 0; j < d && !dup; j++) dup = keys[j] == key;
                    if (!dup) keys[d++] = key;
                }
                options += n;
                moves += d;
                if (d > 1) {
                    R++;
                    B += d;
                }
            }
            apply_action(st, n > 1 ? (int32_t)mt_below(&play, (uint64_t)n) : 0);
        }
        work += work4(st);
        sample[3 * ng] = T;
        sample[3 * ng + 1] = R;
        sample[3 * ng + 2] = B;
        ng++;
        if (SPENT) break;
#undef SPENT
    }
    totals[0] = ng;
    totals[1] = options;
    totals[2] = moves;
    *work4_out = work;
    g->jb = NULL;
    return ng;
}

/* evaluate._silent_stretch's probes: game i dealt by deal_seeds[i] (State(deal seed,
 * max_decisions, max_steps)), then a random play-out from its first position
 * (mcts.rollout with horizon 1 and `still` the scores there: to the end, or past the
 * first decision until the scores differ), the choices drawn from one stream seeded
 * `play_seed` (random.Random(play_seed)) run on from probe to probe. out[i]: the decisions
 * probe i took. Returns 0, or -1 when the VM cannot (its room, its time limit, more than
 * 64 seats, a coverage image): the caller then plays the probes in Python. */
static int64_t silent_many(Game *g, int64_t probes, const uint64_t *deal_seeds, uint64_t play_seed, int64_t max_decisions, int64_t max_steps, int64_t *out, char *error) {
    if (g->nplayers > 64 || g->ncov > 0) {
        snprintf(error, 200, "native: no silent probes here");
        return -1;
    }
    jmp_buf top;
    g->jb = &top;
    if (setjmp(top)) {
        snprintf(error, 200, "%s", g->errbuf);
        g->jb = NULL;
        return -1;
    }
    MT play;
    mt_seed(&play, play_seed);
    int64_t still[64];
    for (int64_t i = 0; i < probes; i++) {
        MT deal;
        arena_reset(&g->arena);
        mt_seed(&deal, deal_seeds[i]);
        State *st = new_state(g, &deal, max_decisions, max_steps, 1);
        int64_t start = st->decisions;
        scores(st, still);
        rollout(st, &play, 1, still);
        out[i] = st->decisions - start;
    }
    g->jb = NULL;
    return 0;
}

#define CRASHED (-2)

/* The entry points: the guarded calls. CRASHED when the VM crashed (`vm_error` says how);
 * sigsetjmp must be taken in the entry point itself, hence a macro. */
#define GUARDED_RETURN(g, call)                                                                  \
    do {                                                                                         \
        Guard gd_;                                                                               \
        guard_on(&gd_);                                                                          \
        if (sigsetjmp(crash_jb, 1)) {                                                            \
            guard_off(&gd_);                                                                     \
            snprintf((g)->errbuf, sizeof(g)->errbuf, "the native engine crashed (signal %d)", (int)crash_sig); \
            (g)->jb = NULL;                                                                      \
            return CRASHED;                                                                      \
        }                                                                                        \
        int64_t r_ = (call);                                                                     \
        guard_off(&gd_);                                                                         \
        return r_;                                                                               \
    } while (0)

int64_t vm_play(Game *g, uint8_t *cov_out, int64_t n, int32_t continuous, const uint64_t *deal_seeds, const uint64_t *play_seeds, const int32_t *pip_seats, int32_t rollouts, int32_t horizon, int32_t by, int32_t weak_rollouts, int32_t weak_horizon, int64_t max_decisions, int64_t max_steps, int64_t *scores_out, int32_t *flags, int64_t *work_out, int32_t *ndec, int32_t *branching, int32_t *who, int64_t dec_cap, char *errors, double *rec, int64_t rec_cap, int64_t *rec_n, const int32_t *size_keys, int32_t nsizes, int32_t *sizes_out) {
    GUARDED_RETURN(g, play_many(g, cov_out, n, continuous, deal_seeds, play_seeds, pip_seats, rollouts, horizon, by, weak_rollouts, weak_horizon, max_decisions, max_steps, scores_out, flags, work_out, ndec, branching, who, dec_cap, errors, rec, rec_cap, rec_n, size_keys, nsizes, sizes_out));
}

int64_t vm_moves(Game *g, int64_t games, const uint64_t *deal_seeds, const uint64_t *play_seeds, int64_t max_options, int64_t budget4, int64_t max_decisions, int64_t max_steps, int64_t *sample, int64_t *totals, int64_t *work4_out, char *error) {
    GUARDED_RETURN(g, moves_many(g, games, deal_seeds, play_seeds, max_options, budget4, max_decisions, max_steps, sample, totals, work4_out, error));
}

int64_t vm_silent(Game *g, int64_t probes, const uint64_t *deal_seeds, uint64_t play_seed, int64_t max_decisions, int64_t max_steps, int64_t *out, char *error) {
    GUARDED_RETURN(g, silent_many(g, probes, deal_seeds, play_seed, max_decisions, max_steps, out, error));
}

int64_t vm_settled(Game *g, int32_t mode, uint64_t seed, int64_t max_decisions, int64_t max_steps, int64_t at, int32_t nroll, const uint32_t *keys, const int32_t *klen, int64_t *out, char *error) {
    GUARDED_RETURN(g, settled_game_vm(g, mode, seed, max_decisions, max_steps, at, nroll, keys, klen, out, error));
}

/* careful.py's games (`careful_game_vm`); cfg = {samples, tries, max_options, look_steps},
 * budget4: in and out */
int64_t vm_careful(Game *g, int32_t mode, uint64_t seed, int64_t cap_, int64_t max_decisions, int64_t max_steps, int64_t factor, const int64_t *cfg, int64_t *budget4, int64_t *out, char *error) {
    Careful cf = {(int32_t)cfg[0], (int32_t)cfg[1], (int32_t)cfg[2], cfg[3], *budget4};
    Guard gd_;
    guard_on(&gd_);
    if (sigsetjmp(crash_jb, 1)) {
        guard_off(&gd_);
        snprintf(g->errbuf, sizeof g->errbuf, "the native engine crashed (signal %d)", (int)crash_sig);
        g->jb = NULL;
        return CRASHED;
    }
    int64_t r = careful_game_vm(g, mode, seed, cap_, max_decisions, max_steps, factor, &cf, out, error);
    guard_off(&gd_);
    if (r == 0) *budget4 = cf.budget4;
    return r;
}

/* a deliberate fault, for the tests of the guard */
static __attribute__((noinline)) int64_t fault(void) {
    volatile int32_t *p = NULL;
    return *p;
}

int64_t vm_crash_test(Game *g) { GUARDED_RETURN(g, fault()); }

void vm_error(Game *g, char *out) { snprintf(out, 200, "%s", g->errbuf); }


/* what the conditions of a coverage image decided since the last vm_moves or game */
void vm_coverage(Game *g, uint8_t *out) {
    if (g->ncov) memcpy(out, g->cov, (size_t)g->ncov);
}

/* Python-compatible random draws, for the tests: n values of randrange(below) */
void vm_rng_test(uint64_t seed, int64_t below, int64_t n, int64_t *out) {
    MT m;
    mt_seed(&m, seed);
    for (int64_t i = 0; i < n; i++) out[i] = (int64_t)mt_below(&m, (uint64_t)below);
}

/* for the tests: random.Random(seed); x = list(range(size)); then `rounds` times a
 * randrange(size) is drawn (and dropped) and x shuffled, each round's x written to out */
void vm_shuffle_test(uint64_t seed, int32_t size, int32_t rounds, int32_t *out) {
    MT m;
    mt_seed(&m, seed);
    int32_t *x = out;
    for (int32_t i = 0; i < size; i++) x[i] = i;
    for (int32_t r = 0; r < rounds; r++) {
        int32_t *y = out + (size_t)r * (size_t)size;
        if (r) memcpy(y, y - size, sizeof(int32_t) * (size_t)size);
        (void)mt_below(&m, (uint64_t)size);
        mt_shuffle(&m, y, size);
    }
}

/* ===================================================================== greedy play-outs */
/* evogame/players/greedy.py, `key` and `greedy_choice`: each option taken on a copy (with a
 * copy of the chance stream) up to the next decision, ranked by (standing: minus the seats
 * scoring strictly better, 0 in one-seat or cooperative games; minus the sum of |change| of
 * the integer storages; the options at the next decision when it is the mover's own or the
 * game is a team's, else 0), the first best option kept; a move ending in an error last. */
typedef struct {
    int worst;
    int64_t standing, change, kept;
} GKey;

static int gkey_better(const GKey *a, const GKey *b) {
    if (a->worst != b->worst) return b->worst;
    if (a->standing != b->standing) return a->standing > b->standing;
    if (a->change != b->change) return a->change > b->change;
    return a->kept > b->kept;
}

/* the greedy key of each of the n options of st (n >= 2) into out */
static void greedy_keys(State *st, GKey *out) {
    Game *g = st->g;
    int32_t n = st->nopts;
    int32_t me = st->pc[st->npc - 1][0];
    int team = g->nplayers == 1 || (rollout_policy >> 4 & 1);
    int64_t sc[64];
    if (g->nplayers > 64) fail(g, "native: more than 64 players");
    for (int32_t a = 0; a < n; a++) {
        Mark mk = arena_mark(&g->arena);
        State *c = state_clone(st);
        MT *r = amem(g, sizeof(MT));
        mt_copy(r, st->rng);
        c->rng = r;
        c->seen = NULL;
        apply_action(c, a);
        GKey k = {0, 0, 0, 0};
        if (c->errored) {
            k.worst = 1;
        } else {
            if (!team) {
                scores(c, sc);
                for (int32_t p = 0; p < g->nplayers; p++)
                    k.standing -= g->order ? sc[p] > sc[me] : sc[p] < sc[me];
            }
            int32_t ni = c->nints < st->nints ? c->nints : st->nints;
            for (int32_t i = 0; i < ni; i++) {
                int64_t d = c->ints[i] - st->ints[i];
                k.change -= d < 0 ? -d : d;
            }
            if (!c->terminal && (team || c->pc[c->npc - 1][0] == me)) k.kept = c->nopts;
        }
        arena_release(&g->arena, mk);
        out[a] = k;
    }
}

static int32_t greedy_choice(State *st) {
    Game *g = st->g;
    int32_t n = st->nopts;
    if (n <= 1) return 0;
    Mark mk = arena_mark(&g->arena);
    GKey *keys = amem(g, sizeof(GKey) * (size_t)n);
    greedy_keys(st, keys);
    int32_t best = 0;
    for (int32_t a = 1; a < n; a++)
        if (gkey_better(&keys[a], &keys[best])) best = a;
    arena_release(&g->arena, mk);
    return best;
}

/* GreedyPlayer.choose: `greedy_choice` on one determinization of the player's view (a
 * uniform random option when the view's option count differs) */
static int32_t greedy_player_choose(State *st, MT *rng) {
    Game *g = st->g;
    int32_t n = st->nopts;
    Mark m0 = arena_mark(&g->arena);
    State *view = determinize(st, st->pc[st->npc - 1][0], rng);
    int32_t nv = view->terminal ? 0 : view->nopts;
    int32_t a = nv != n ? (int32_t)mt_below(rng, (uint64_t)n) : greedy_choice(view);
    arena_release(&g->arena, m0);
    return a;
}

/* mcts.rollout with the greedy policy: as `rollout`, each decision `greedy_choice` */
static void rollout_greedy(State *d, int32_t horizon, const int64_t *still) {
    Game *g = d->g;
    int64_t stop = horizon > 0 ? d->decisions + horizon : -1;
    int64_t now[64];
    while (!d->terminal) {
        if (d->decisions == stop) {
            if (!still) return;
            scores(d, now);
            if (memcmp(now, still, sizeof(int64_t) * (size_t)g->nplayers) != 0) return;
            stop++;
        }
        apply_action(d, greedy_choice(d));
    }
}

/* PIMCPlayer.choose with policy "greedy" (`_choose_worlds`, the strong player): the same
 * `rollouts` determinizations (worlds), each with a chance stream of its own seeded from
 * the player's, for every move searched, each played out greedily: the moves are compared
 * on the same deals and the same later shuffles (common random numbers) */
#define STRONG_WIDTH 4 /* mcts.WIDTH */
#define STRONG_Z 1.96  /* mcts.GUARD_Z */
static int32_t strong_choose(State *st, MT *rng, Pipmc *pp) {
    Game *g = st->g;
    int32_t n = st->nopts;
    int32_t me = st->pc[st->npc - 1][0];
    int64_t still[64];
    Mark m0 = arena_mark(&g->arena);
    SearchView sv = search_view(st, me, rng);
    int32_t nc = sv.nc, *cand = sv.cand;
    if (sv.nv == n && n > 1) { /* the greedy key's order in the view, first WIDTH kept */
        GKey *keys = amem(g, sizeof(GKey) * (size_t)n);
        greedy_keys(sv.view, keys);
        for (int32_t i = 1; i < nc; i++) {
            int32_t x = cand[i], j = i - 1;
            while (j >= 0 && gkey_better(&keys[x], &keys[cand[j]])) {
                cand[j + 1] = cand[j];
                j--;
            }
            cand[j + 1] = x;
        }
    }
    if (nc > STRONG_WIDTH) nc = STRONG_WIDTH;
    int32_t k = pp->rollouts;
    double *vals = amem(g, sizeof(double) * (size_t)(nc * k + 1));
    State **worlds = amem(g, sizeof(State *) * (size_t)k);
    for (int32_t r = 0; r < k; r++) {
        worlds[r] = determinize(st, me, rng);
        MT *wr = amem(g, sizeof(MT));
        mt_seed(wr, mt_below(rng, (uint64_t)1 << 31));
        worlds[r]->rng = wr;
        worlds[r]->seen = NULL; /* each play-out gets a record of its own */
    }
    int64_t w0 = work4(st);
    rec_push(pp, (double)st->decisions);
    rec_push(pp, (double)nc);
    for (int32_t ci = 0; ci < nc; ci++) {
        int32_t a = cand[ci];
        double total = 0.0, total_sq = 0.0;
        for (int32_t r = 0; r < k; r++) {
            Mark mk = arena_mark(&g->arena);
            State *d = state_clone(worlds[r]);
            MT *dr = amem(g, sizeof(MT));
            mt_copy(dr, worlds[r]->rng);
            d->rng = dr;
            if (st->seen) {
                Seen *sn = amem(g, sizeof(Seen));
                memset(sn, 0, sizeof *sn);
                sn->in_arena = 1;
                d->seen = sn;
            }
            if (pp->horizon > 0) scores(d, still);
            if (!d->terminal) apply_action(d, a < d->nopts ? a : a % d->nopts);
            rollout_greedy(d, pp->horizon, pp->horizon > 0 ? still : NULL);
            pp->work4 += (double)(work4(d) - w0);
            double v = outcome_value(d, me, pp->by);
            vals[ci * k + r] = v;
            total += v;
            total_sq += v * v;
            arena_release(&g->arena, mk);
        }
        double kk = k;
        rec_push(pp, total / kk);
        rec_push(pp, k > 1 ? (total_sq - total * total / kk) / (kk - 1) : 0.0);
    }
    pp->whole = pp->nrec;
    /* the guard: a move replaces the greedy one (cand[0]) only when its paired gain has
     * mean > STRONG_Z standard errors */
    int32_t best = 0;
    double best_gain = 0.0;
    for (int32_t j = 1; j < nc; j++) {
        double mean = 0.0, var = 0.0;
        for (int32_t r = 0; r < k; r++) mean += vals[j * k + r] - vals[r];
        mean /= k;
        for (int32_t r = 0; r < k; r++) {
            double x = (vals[j * k + r] - vals[r]) - mean;
            var += x * x;
        }
        var = k > 1 ? var / (k - 1) : 0.0;
        if (mean > best_gain && mean * mean > STRONG_Z * STRONG_Z * var / k) { /* mean > 0 */
            best = j;
            best_gain = mean;
        }
    }
    int32_t choice = cand[best];
    arena_release(&g->arena, m0);
    return choice;
}

/* ===================================================================== ISMCTS */
/* mcts.ISMCTSPlayer.choose (single-observer ISMCTS), `pp->rollouts` iterations: each
 * determinizes from the root player's view, descends by UCB1 with availability counts
 * among the actions legal in this determinization, expands one untried action (drawn at
 * random among them, in index order), plays out at random and backs up each node's reward
 * for the seat that moved into it; the most visited root action wins (ties: lowest).
 * At most one node per iteration: all are allocated before the first; children are a
 * list per node (action, sibling). */
#define ISMCTS_C 0.7 /* ISMCTSPlayer's exploration */
typedef struct {
    int32_t seat, action, first, next; /* first child, next sibling: node indices, -1 none */
    int64_t visits, avail;
    double reward;
} INode;

static int32_t ismcts_choose(State *st, MT *rng, Pipmc *pp) {
    Game *g = st->g;
    int32_t n = st->nopts;
    int32_t me = st->pc[st->npc - 1][0];
    int32_t np_ = g->nplayers;
    if (np_ > 64) fail(g, "native: more than 64 players");
    int32_t iters = pp->rollouts;
    Mark m0 = arena_mark(&g->arena);
    INode *nd = amem(g, sizeof(INode) * (size_t)(iters + 1));
    int32_t *path = amem(g, sizeof(int32_t) * (size_t)(iters + 2));
    int32_t nn = 1;
    nd[0] = (INode){-1, -1, -1, -1, 0, 0, 0.0};
    int64_t w0 = work4(st);
    double values[64];
    for (int32_t it = 0; it < iters; it++) {
        Mark mk = arena_mark(&g->arena);
        State *d = determinize(st, me, rng);
        int32_t node = 0, depth = 0;
        path[depth++] = 0;
        while (!d->terminal) {
            int32_t legal = d->nopts;
            int32_t *kid = amem(g, sizeof(int32_t) * (size_t)legal);
            for (int32_t a = 0; a < legal; a++) kid[a] = -1;
            for (int32_t c = nd[node].first; c >= 0; c = nd[c].next)
                if (nd[c].action < legal) kid[nd[c].action] = c;
            int32_t untried = 0;
            for (int32_t a = 0; a < legal; a++) untried += kid[a] < 0;
            if (untried) {
                int32_t pick = (int32_t)mt_below(rng, (uint64_t)untried), a = 0;
                for (;; a++)
                    if (kid[a] < 0 && pick-- == 0) break;
                int32_t c = nn++;
                nd[c] = (INode){d->pc[d->npc - 1][0], a, -1, nd[node].first, 0, 0, 0.0};
                nd[node].first = c;
                apply_action(d, a);
                path[depth++] = c;
                break;
            }
            int32_t best = 0;
            double best_score = -1.0 / 0.0;
            for (int32_t a = 0; a < legal; a++) {
                INode *ch = &nd[kid[a]];
                ch->avail += 1;
                double score = ch->reward / (double)ch->visits + ISMCTS_C * sqrt(log((double)ch->avail) / (double)ch->visits);
                if (score > best_score) {
                    best = a;
                    best_score = score;
                }
            }
            node = kid[best];
            apply_action(d, best);
            path[depth++] = node;
        }
        rollout(d, rng, 0, NULL);
        pp->work4 += (double)(work4(d) - w0);
        outcome_values(d, pp->by, values);
        for (int32_t i = 0; i < depth; i++) {
            INode *x = &nd[path[i]];
            x->visits += 1;
            if (x->seat >= 0) x->reward += values[x->seat];
        }
        arena_release(&g->arena, mk);
    }
    int32_t best = -1;
    int64_t most = -1;
    for (int32_t c = nd[0].first; c >= 0; c = nd[c].next)
        if (nd[c].visits > most || (nd[c].visits == most && nd[c].action < best)) {
            most = nd[c].visits;
            best = nd[c].action;
        }
    arena_release(&g->arena, m0);
    (void)n;
    return best < 0 ? 0 : best;
}

/* ---- Batch statistics (issue 38): `GameStats.add` folded in C ------------------------------
 * `evogame play` needs per batch only the sums `evogame.metrics.stats.GameStats` keeps, not a
 * record per game: vm_play_stats plays games [0, n) as vm_play does (random players, and per
 * game a PIPMC seat pip_seats[i], -1 none; no course record) and adds each game to the sums in
 * game order, with the same double additions as `GameStats.add`, so the floats are the same
 * bit for bit. rot (may be NULL): per game the rotation r of `simulate._run_batch` (entry k of
 * the players at seat (k + r) % n; sums per entry, win share by turn position by seat).
 *
 * Out: per game its scores (rotated: scores_out[i * np + k] = raw[(k + r) % np]) and flags
 * (as vm_play's), errors as vm_play's (200 bytes a game, zeroed by the caller);
 * fsum[3 * np]: win share sum per entry, win share sum per turn position, score sum per entry;
 * isum[ST_N] (ST_* below); bf_hist[hist_cap]: decisions per number of options (a decision
 * with hist_cap options or more counts in isum[ST_BF_OVER] instead). A game out of the VM's
 * room counts in isum[ST_ROOM] and in no sum: the caller then plays the batch again its way.
 * With ftotal (3 * np doubles, may be NULL), the games are a run of batches of `batch` games
 * (the last may be shorter): after each, fsum is merged into ftotal and zeroed
 * (`stats_merge`), so that one call folds many batches exactly as `simulate` merges them.
 * Returns n, or -1 when scratch memory cannot be had (or batch < 1 with ftotal). */
/* `GameStats.merge`'s float sums: total += a batch's sums, item by item, then the batch's
 * sums start again from zero (a run of batches folded in one call: the same additions, in
 * the same order, as merging each batch's `GameStats` into the run's total) */
static void stats_merge(double *ftotal, double *fsum, int32_t k) {
    for (int32_t j = 0; j < k; j++) {
        ftotal[j] += fsum[j];
        fsum[j] = 0.0;
    }
}

enum { ST_GAMES, ST_DEC_SUM, ST_DEC_SQ, ST_DEC_MIN, ST_DEC_MAX, ST_BF_SUM, ST_BF_COUNT, ST_TERMINATED, ST_CAPPED, ST_CYCLES, ST_ERRORS, ST_ROOM, ST_BF_OVER, ST_N };

static int64_t stats_many(Game *g, int64_t n, const uint64_t *deal_seeds, const uint64_t *play_seeds, const int32_t *pip_seats, int32_t rollouts, int32_t horizon, int32_t by, const int32_t *rot, int64_t max_decisions, int64_t max_steps, int64_t *scores_out, int32_t *flags, char *errors, double *fsum, int64_t *isum, int64_t *bf_hist, int64_t hist_cap, int64_t batch, double *ftotal) {
    int32_t np_ = g->nplayers;
    /* play_game writes decision k only while k < max_decisions */
    int32_t *br = malloc(sizeof(int32_t) * (size_t)(max_decisions + 1) * 2);
    if (!br) return -1;
    int32_t *who = br + max_decisions + 1;
    int64_t raw[np_];
    double win[np_];
    uint8_t seen[np_];
    double *win_sum = fsum, *win_pos = fsum + np_, *score_sum = fsum + 2 * np_;
    Seeded *sd = seeded_start();
    MT one_deal, one_play;
    for (int64_t i = 0; i < n; i++) {
        MT *deal = &one_deal;
        PlayMT pl = {&one_play, sd, i, n, play_seeds};
        if (sd) {
            deal = seeded_deal(sd, i, n, deal_seeds);
            pl.mt = NULL;
        } else
            mt_seed2(deal, deal_seeds[i], &one_play, play_seeds[i]);
        Pipmc pp = {rollouts, horizon, by, 0.0, NULL, 0, 0, 0};
        int32_t seat = pip_seats ? pip_seats[i] : -1;
        int64_t work = 0;
        int32_t nd = 0;
        play_game(g, deal, &pl, seat, seat >= 0 ? &pp : NULL, NULL, max_decisions, max_steps, raw, flags + i, &work, &nd, br, who, errors + 200 * i, NULL, 0, NULL);
        int32_t f = flags[i];
        if (f & 8) {
            isum[ST_ROOM]++;
            if (ftotal && ((i + 1) % batch == 0 || i + 1 == n)) stats_merge(ftotal, fsum, 3 * np_);
            continue;
        }
        if (nd > max_decisions) nd = (int32_t)max_decisions; /* never: a game is capped there */
        /* win_shares: 1/k to each of the k seats tied for the best score */
        int64_t best = raw[0];
        for (int32_t p = 1; p < np_; p++)
            if (g->order ? raw[p] > best : raw[p] < best) best = raw[p];
        int32_t k = 0;
        for (int32_t p = 0; p < np_; p++) k += raw[p] == best;
        double share = 1.0 / (double)k;
        for (int32_t p = 0; p < np_; p++) win[p] = raw[p] == best ? share : 0.0;
        int32_t r = rot ? rot[i] : 0;
        for (int32_t p = 0; p < np_; p++) {
            int32_t s = (p + r) % np_;
            scores_out[i * np_ + p] = raw[s];
            win_sum[p] += win[s];
            score_sum[p] += (double)raw[s];
        }
        /* turn_order: seats by first decision, then the others in seat order; the share of
         * position pos is its seat's (rotation maps seats to entries and back) */
        memset(seen, 0, (size_t)np_);
        int32_t pos = 0;
        for (int32_t j = 0; j < nd && pos < np_; j++) {
            int32_t s = who[j];
            if (s >= 0 && s < np_ && !seen[s]) {
                seen[s] = 1;
                win_pos[pos++] += win[s];
            }
        }
        for (int32_t s = 0; s < np_; s++)
            if (!seen[s]) win_pos[pos++] += win[s];
        int64_t d = nd;
        isum[ST_DEC_SUM] += d;
        isum[ST_DEC_SQ] += d * d;
        if (isum[ST_GAMES] == 0 || d < isum[ST_DEC_MIN]) isum[ST_DEC_MIN] = d;
        if (isum[ST_GAMES] == 0 || d > isum[ST_DEC_MAX]) isum[ST_DEC_MAX] = d;
        isum[ST_GAMES]++;
        for (int32_t j = 0; j < nd; j++) {
            int32_t m = br[j];
            isum[ST_BF_SUM] += m;
            if (m >= 0 && m < hist_cap)
                bf_hist[m]++;
            else
                isum[ST_BF_OVER]++;
        }
        isum[ST_BF_COUNT] += d;
        isum[ST_TERMINATED] += (f & 7) == 0;
        isum[ST_CAPPED] += (f & 1) != 0;
        isum[ST_CYCLES] += (f & 2) != 0;
        isum[ST_ERRORS] += (f & 4) != 0;
        if (ftotal && ((i + 1) % batch == 0 || i + 1 == n)) stats_merge(ftotal, fsum, 3 * np_);
    }
    free(br);
    return n;
}

/* The seeds of games first, first + 1, ...: out[k] = (first_seed + k * step) mod 2^63, the
 * arithmetic progression `simulate.deal_seed` / `play_seed` make over consecutive games
 * (Python's big-integer way cost about 0.4 us a seed, a tenth of a short game) */
void vm_seed_run(uint64_t *out, int64_t n, uint64_t first_seed, uint64_t step) {
    uint64_t x = first_seed;
    for (int64_t k = 0; k < n; k++, x += step) out[k] = x & 0x7fffffffffffffffULL;
}

int64_t vm_play_stats(Game *g, int64_t n, const uint64_t *deal_seeds, const uint64_t *play_seeds, const int32_t *pip_seats, int32_t rollouts, int32_t horizon, int32_t by, const int32_t *rot, int64_t max_decisions, int64_t max_steps, int64_t *scores_out, int32_t *flags, char *errors, double *fsum, int64_t *isum, int64_t *bf_hist, int64_t hist_cap, int64_t batch, double *ftotal) {
    if (ftotal && batch < 1) return -1;
    GUARDED_RETURN(g, stats_many(g, n, deal_seeds, play_seeds, pip_seats, rollouts, horizon, by, rot, max_decisions, max_steps, scores_out, flags, errors, fsum, isum, bf_hist, hist_cap, batch, ftotal));
}
