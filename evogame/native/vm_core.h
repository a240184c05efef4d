/* evogame native VM: core data structures. See evogame/native/__init__.py.
 *
 * A fixed interpreter of the lowered program (evogame/native/lower.py): no per-game compile.
 * Semantics are those of the Python engine (evogame/engine), which is the reference; every
 * work charge, chance draw and error message here mirrors a line there.
 */
#ifndef EVOGAME_VM_CORE_H
#define EVOGAME_VM_CORE_H
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vm_ops.h" /* generated from lower.py: opcodes and image layout */

/* ---- Python-compatible Mersenne Twister (random.Random) ---- */
typedef struct {
    uint32_t mt[624];
    int idx;           /* the next draw: out[idx] */
    int tw;            /* words of this round twisted and tempered so far (out[0, tw) made) */
    uint32_t out[624]; /* mt[] tempered: the draws, made MT_CHUNK at a time by `mt_refill` */
} MT;

/* ---- values ---- */
typedef struct {
    int32_t n;
    int32_t *v;
} L; /* a list of scalars: cards, slots, seats, ints, string ids */
typedef struct {
    int32_t n;
    L *v;
} LL; /* a list of lists (CARDSETS) */
typedef union {
    int64_t i;
    L l;
    LL ll;
} V;

#define NONE_CARD (-1)
#define UNSET INT64_MIN

/* ---- arena: chunked bump allocation, released per game (never moves memory) ---- */
typedef struct Chunk {
    struct Chunk *next;
    size_t used, cap;
    char data[];
} Chunk;
typedef struct {
    Chunk *head; /* current chunk */
    Chunk *first;
    size_t total;
    size_t live; /* bytes handed out since the last reset */
} Arena;

typedef struct {
    int32_t block, pc, first;
} Frame;

#define MAXFRAMES 64
#define MAXCYC 64
#define LSEEN_L 1 /* Game.lseen: a node `ev` evaluated */
#define LSEEN_X 2 /* Game.lseen: an item node `expand` listed */
#define LSEEN_FCHK 4 /* Game.lseen: a filter whose shape was looked at */
#define LSEEN_FATT 8 /* Game.lseen: ... and is an attribute filter (vm.c `filter_att_shape`) */
#define LSEEN_C 16 /* Game.lseen: a choice `list_choice` listed */

#define MEMO_WR 2 /* storage writes of a memoized loop pass at most (vm.c `memo_pass`) */

struct Game;
/* a cycle record: the hashes of positions seen since the last chance event or real
 * decision (State.seen); the played game's is malloc'd, a determinized copy's in the arena */
typedef struct Seen {
    uint64_t *cells;
    int64_t cap, n;
    int in_arena;
} Seen;

typedef struct Option Option;

typedef struct State {
    struct Game *g;
    Option *opts; /* the current choice's options (shared by clones, as in Python) */
    int32_t nopts;
    MT *rng;
    Seen *seen; /* cycle record, NULL in trials */
    int32_t terminal, capped, cycle, errored;
    const char *errmsg; /* the error that ended the game (State.error) */
    int64_t decisions, steps, past4, loop_steps, calm_entropy, entropy;
    int64_t max_decisions, max_steps, max_work;
    int32_t nframes, npc, ntc;
    int32_t nlocs, nints, nstrs, npts; /* slots this state has grown to (as Python's lists) */
    Frame frames[MAXFRAMES];
    int32_t pc[MAXCYC][2], tc[MAXCYC][2];
    /* arrays in the same allocation */
    int32_t *loclen; /* [loc_cap] */
    int32_t *cards;  /* [loc_cap * card_cap] */
    int32_t *where;  /* [card_cap] */
    int64_t *ints;   /* [int_cap] */
    uint64_t *lstamp; /* [loc_cap]: per location, the stamp of its contents (vm.c `TOUCH`) */
    int32_t *strs;   /* [str_cap] */
    int32_t *pts;    /* [pt_cap]: interned point map id, -1 none */
    V *env;          /* [nvars] */
    int32_t *deck_uses;
    size_t bytes;
} State;

/* an option of the current choice */
struct Option {
    int32_t kind; /* 0 fast leaf: node = action; 1 walked item: node = item, path */
    int32_t node;
    int32_t npath;
    int32_t *path;
    /* the bindings: with `cap` = NULL, a copy of all of them; else cap = {k, slot...} and
     * env = the values of those k slots, the others being the listed state's own */
    const int32_t *cap;
    V *env;
};

typedef struct {
    int32_t ncond;
    int32_t *cond; /* (attr index or -1, value sid) pairs */
    int64_t pts;
} Award;
typedef struct {
    int32_t nawards;
    Award *aw;
    int32_t *key;
    int32_t keylen;
    uint64_t hash;
    int32_t *cache; /* [card_cap] scores, INT32_MIN = not yet */
} PointMap;

typedef struct {
    int64_t owner;
    int32_t vis, name, index;
    int32_t slot;
} LocKey;

/* an integer expression node's evaluator, chosen for its opcode and its children's shapes
 * when first evaluated (vm.c `fn_resolve`); n points at the node */
typedef int64_t (*IFn)(struct State *st, V *env, const int32_t *n);
/* an action node's function, likewise (vm.c `afn_choose`) */
struct Path;
typedef int (*AFn)(struct State *st, V *env, const int32_t *n, struct Path *path);
/* the own function, in the compiled tier, of a node `ev` reached (vm.c `lfn_choose`) */
typedef V (*LFn)(struct State *st, V *env, const int32_t *n);

typedef struct Game {
    const int32_t *img;
    int64_t imglen, codelen; /* the image's length, its code section's */
    const int32_t *code;
    IFn *ifn; /* [codelen]: per node offset, its integer evaluator (`evi`) */
    AFn *afn; /* [codelen]: per node offset, its action function (`run`) */
    int64_t *kval; /* [codelen]: the value of a constant node (`fold`) */
    int32_t *pm_memo; /* [codelen]: the point map a (set ... points) node made last, -1 none */
    struct PtsTmpl **ptmpl; /* [codelen]: a (set ... points) node's description (vm.c `ptmpl_make`) */
    uint8_t *lseen;         /* [codelen]: LSEEN_* bits: what reached the node (vm.c `vm_tier2_nodes`) */
    int32_t nplayers, nteams, nstr, nattrs, ndecks, nvars, card_cap;
    int32_t loc_cap, int_cap, str_cap, pt_cap;
    int32_t root, order, score;
    int32_t ndecl;
    const int32_t *decl; /* (var, value) pairs */
    int32_t nsetup;
    const int32_t *setup;
    const int32_t *team_of;
    const int32_t *team_start, *team_members; /* members of team t: [start[t], start[t+1]) */
    const int32_t *str_attr;                  /* string id -> attr index or -1 */
    /* layouts (static keys first, dynamic ones appended) */
    int32_t nloc_keys;
    LocKey *loc_keys;
    int32_t nsto_keys[3];
    LocKey *sto_keys[3]; /* owner, name (vis = kind) */
    /* decks */
    const int32_t *deck_off; /* per deck: offset in img of [ncards, back, nattrs*ncards values] */
    int32_t ncards;          /* ids allocated so far */
    int32_t *attr;           /* [nattrs * card_cap] */
    int32_t *deck_of_card;   /* back per card */
    int32_t *back_of_name;   /* deck name (lowering id) -> back, numbered at first creation */
    int32_t nbacks;
    int32_t ncreated, created_cap;
    int32_t *created; /* (deck, use, first id, count) */
    /* point maps */
    int32_t npm, pm_cap;
    PointMap *pm;
    /* scratch */
    Arena arena;
    jmp_buf *jb;
    char errbuf[200];
    int32_t err_kind; /* 1 capped, 2 error */
    const int32_t *varkind; /* per variable: 0 scalar, 1 list, 2 list of lists */
    int32_t *allp, *allt;   /* 0..nplayers-1, 0..nteams-1 */
    int32_t *othp, *otht;   /* per seat (team) c at c * nplayers (nteams): the others, in order */
    Seen main_seen; /* the played game's cycle record */
    int32_t ncov;
    uint8_t *cov; /* per condition: 1 false seen, 2 true seen (coverage images) */
    int64_t arena_limit; /* bytes of arena a game may hold (`vm_set_arena_limit`) */
    int32_t oom;         /* the game ran out of the arena's limit (flag 16 beside 8) */
    struct State *main; /* the played game's state, outside the arena */
    /* memos of loop passes (vm.c `afn_each_memo`) */
    uint64_t lclock;             /* the last location stamp handed out (`TOUCH`) */
    struct MemoInfo **memo_info; /* [codelen], lazily: a loop's body's inputs (`memo_scan`) */
    struct MemoEnt *memo;        /* lazily: the passes' memo table */
    uint32_t memo_gen;           /* entries of another game are empty (bumped by `new_state`) */
    int32_t memo_on, memo_nw;    /* a pass being recorded: its writes so far */
    int32_t memo_off;            /* passes are all run (`vm_set_memo_off`) */
    int32_t memo_wk[MEMO_WR];    /* (kind, slot, value) of each write, in order */
    int32_t memo_ws[MEMO_WR];
    int64_t memo_wv[MEMO_WR];
} Game;

#endif
