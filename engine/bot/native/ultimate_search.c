/* The bot's ultimate search in C: the same rules, evaluation and iterative deepening as
 * engine/games/ultimate.py, engine/evaluation/ultimate.py (the relevance evaluation), engine/bot/search.py and
 * engine/bot/iterative.py, node for node, at about thirty times their speed.
 *
 * Why: at a fixed time per move the bot's strength is its depth, and pure Python tops out near
 * 220,000 nodes a second. Nothing here decides differently from the Python search: same move order
 * (table move, two killers a ply, history), same principal-variation search, late-move reductions,
 * quiescence on sub-board captures, same iteration rule. tests/engine/bot/test_native_search.py checks the
 * evaluation value for value and the fixed-depth search values against the Python code.
 *
 * Loaded with ctypes by engine/bot/native_search.py; built by the package's build (setup.py, an optional
 * extension: without a compiler the bot searches in Python); scripts/build_native.sh rebuilds it in place.
 * Values are integers from x's point of view outside the search, the side to move's inside it.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ultimate_rules.h"

/* WIN, DRAW_SUB, REDUCE_LATE, the flags, the lines...: ultimate_interface.h, generated from the Python values
 * (engine/bot/native_interface.py), through ultimate_rules.h. Only the C search's own sizes are here. */
#define CHANCE_CUBE (CHANCE_SCALE * CHANCE_SCALE * CHANCE_SCALE)
#define INF (1 << 30)
#define MAX_PLY 96
/* The clock is read every ``stride`` nodes, a stride that follows the node rate: halved when two readings
 * were more than CHECK_GAP_HIGH seconds apart, doubled (up to CHECK_MAX) when they were less than CHECK_GAP_LOW
 * apart. So a slow stretch of nodes (a heavier evaluation, a busy machine) is still watched every 0.2 ms or
 * so, and a fast one pays one clock reading (~25 ns, vDSO) per hundreds of nodes. */
#define CHECK_FIRST 16
#define CHECK_MAX 1024
#define CHECK_GAP_LOW 50e-6
#define CHECK_GAP_HIGH 200e-6

typedef struct {
    uint64_t key;
    int32_t value;
    int16_t draft;
    uint8_t flag, move;
} Entry;

typedef struct {
    Entry *slots;
    uint64_t mask;
    int64_t hits;
} Table;

typedef struct {
    int32_t score;
    uint16_t xc, oc;
    uint8_t lx[9], lo[9];
    uint8_t cannot, valid;
} BigEntry;

typedef struct {
    const int8_t *tables; /* xs, os, x_threat, o_threat, cx, co: 2**18 signed bytes each */
    void *mapped;         /* the tables file mapped by ut_eval_map (its size below), or NULL: tables copied */
    size_t mapped_size;
    int free_move, rel, chance, big_two, big_one;
    int place[9];
    BigEntry *big; /* filled on first use, by (x won | drawn) | (o won | drawn) << 9 */
    int16_t *net;  /* the learned evaluation's weights (ut_eval_set_net), or NULL: the classic evaluation */
    int32_t net_b2;
} Eval;

typedef struct {
    const Eval *ev;
    Table *tt;
    int draw, limit, flags, timed, quiesce_plies;
    double deadline;
    int64_t count, settled;
    int killers[MAX_PLY + 4][2];
    int64_t history[100];
    int root_best, root_first, root_value, have_root;
    int stride, until_check; /* the clock-reading stride (see CHECK_FIRST) and the nodes left before the next */
    double last_check;
    jmp_buf timeout;
} Search;

static int drawn_value(const State *s, int draw) {
    return DRAW_SUB * (popcount(s->xwon) - popcount(s->owon)) + draw;
}

/* A finished game's value (x's view): earlier wins higher, a draw by the tie-break and the contempt. */
static int scoring(const State *s, int draw) {
    int o = outcome(s);
    if (!o) return drawn_value(s, draw);
    return o * (WIN + 81 - s->stones);
}

/* -- evaluation (engine/evaluation/ultimate.py, _make_relevance_evaluate) -------------------------- */

static const BigEntry *big_entry(const Eval *ev, uint32_t index) {
    BigEntry *e = &ev->big[index];
    if (e->valid) return e;
    uint16_t xb = index & NINE, ob = index >> 9, drawn = xb & ob;
    uint16_t xw = xb & ~drawn, ow = ob & ~drawn;
    int score = 0, x2 = 0, x1 = 0, o2 = 0, o1 = 0;
    for (int s = 0; s < 9; s++) score += (xw >> s & 1) ? ev->place[s] : 0;
    for (int s = 0; s < 9; s++) score -= (ow >> s & 1) ? ev->place[s] : 0;
    for (int i = 0; i < 8; i++) {
        if (!(LINES[i] & ob)) {
            int n = popcount(xw & LINES[i]);
            x2 += n == 2, x1 += n == 1;
        }
        if (!(LINES[i] & xb)) {
            int n = popcount(ow & LINES[i]);
            o2 += n == 2, o1 += n == 1;
        }
    }
    e->score = score + ev->big_two * (x2 - o2) + ev->big_one * (x1 - o1);
    int x_all = 1, o_all = 1;
    for (int s = 0; s < 9; s++) e->lx[s] = e->lo[s] = 0;
    for (int i = 0; i < 8; i++) {
        if (!(LINES[i] & ob)) {
            x_all = 0;
            for (int s = 0; s < 9; s++) e->lx[s] += LINES[i] >> s & 1;
        }
        if (!(LINES[i] & xb)) {
            o_all = 0;
            for (int s = 0; s < 9; s++) e->lo[s] += LINES[i] >> s & 1;
        }
    }
    e->cannot = (uint8_t)((x_all ? X_CANNOT_WIN : 0) | (o_all ? O_CANNOT_WIN : 0));
    e->xc = completing(xw, ob);
    e->oc = completing(ow, xb);
    e->valid = 1;
    return e;
}

static int wins_now(const State *s, uint16_t completes, int sub, int free_move, const int8_t *threats) {
    if (!free_move) return (completes >> (sub - 1) & 1) && threats[s->chunk[sub - 1]];
    for (int i = 0; i < 9; i++)
        if ((completes >> i & 1) && threats[s->chunk[i]]) return 1;
    return 0;
}

/* -- learned evaluation (engine/evaluation/ultimate_net.py: the features, the layout, the integers) ------- */

static int64_t floor_div(int64_t a, int64_t b) { /* b > 0; Python's // */
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static void net_add(int32_t *acc, const int16_t *row) {
    for (int j = 0; j < NET_HIDDEN; j++) acc[j] += row[j];
}

/* The net's value of an unfinished state (x's view): the lit features' rows summed with b1, clipped to
 * [0, NET_QA], times w2 plus b2, scaled to the classic evaluation's units. */
static int net_value(const Eval *ev, const State *s) {
    const int16_t *w1 = ev->net, *b1 = w1 + NET_FEATURES * NET_HIDDEN, *w2 = b1 + NET_HIDDEN;
    int32_t acc[NET_HIDDEN];
    for (int j = 0; j < NET_HIDDEN; j++) acc[j] = b1[j];
    for (int i = 0; i < 9; i++) {
        if (s->closed >> i & 1) continue;
        uint32_t x = s->chunk[i] & NINE, o = s->chunk[i] >> 9;
        for (int l = 0; l < 8; l++) {
            const int *L = BIG_LINES[l];
            int st = (int)((x >> L[0] & 1) + 2 * (o >> L[0] & 1)) + 3 * (int)((x >> L[1] & 1) + 2 * (o >> L[1] & 1)) +
                     9 * (int)((x >> L[2] & 1) + 2 * (o >> L[2] & 1));
            net_add(acc, w1 + ((i * 8 + l) * 27 + st) * NET_HIDDEN);
        }
    }
    uint16_t drawn = s->closed & ~(s->xwon | s->owon);
    for (int l = 0; l < 8; l++) {
        int st = 0, unit = 1;
        for (int k = 0; k < 3; k++, unit *= 4) {
            int c = BIG_LINES[l][k];
            int kind = (s->xwon >> c & 1) ? 1 : (s->owon >> c & 1) ? 2 : (drawn >> c & 1) ? 3 : 0;
            st += kind * unit;
        }
        net_add(acc, w1 + (NET_BIG_OFFSET + l * 64 + st) * NET_HIDDEN);
    }
    int sub = sent_to(s);
    int forced = (sub && !(s->closed >> (sub - 1) & 1)) ? sub : 0;
    net_add(acc, w1 + (NET_FORCED_OFFSET + forced) * NET_HIDDEN);
    net_add(acc, w1 + (NET_SIDE_OFFSET + s->side) * NET_HIDDEN);
    int64_t out = ev->net_b2;
    for (int j = 0; j < NET_HIDDEN; j++) {
        int32_t h = acc[j] < 0 ? 0 : acc[j] > NET_QA ? NET_QA : acc[j];
        out += (int64_t)h * w2[j];
    }
    int64_t v = floor_div(out * NET_OUT_SCALE, (int64_t)NET_QA * NET_QB);
    return (int)(v > NET_VALUE_LIMIT ? NET_VALUE_LIMIT : v < -NET_VALUE_LIMIT ? -NET_VALUE_LIMIT : v);
}

static int evaluate(const Eval *ev, const State *s, int draw) {
    const int8_t *xs = ev->tables, *os = xs + (1 << 18), *xt = os + (1 << 18), *ot = xt + (1 << 18);
    const int8_t *cx = ot + (1 << 18), *co = cx + (1 << 18);
    uint16_t drawn = s->closed & ~(s->xwon | s->owon);
    uint32_t index = (uint32_t)(s->xwon | drawn) | (uint32_t)(s->owon | drawn) << 9;
    const BigEntry *e = big_entry(ev, index);
    if (e->cannot == (X_CANNOT_WIN | O_CANNOT_WIN)) return drawn_value(s, draw);
    int sub = sent_to(s);
    int free_move = !sub || (s->closed >> (sub - 1) & 1);
    if (s->side) {
        if (e->oc && wins_now(s, e->oc, sub, free_move, ot)) return -(WIN + 80 - s->stones);
    } else if (e->xc && wins_now(s, e->xc, sub, free_move, xt)) {
        return WIN + 80 - s->stones;
    }
    if (ev->net) return net_value(ev, s);
    int v = 0;
    for (int i = 0; i < 9; i++) v += xs[s->chunk[i]] * e->lx[i] - os[s->chunk[i]] * e->lo[i];
    v = v * ev->rel / 10; /* C division truncates toward zero, as _tenths does */
    if (ev->chance) {
        int a[9], b[9];
        for (int i = 0; i < 9; i++) a[i] = cx[s->chunk[i]], b[i] = co[s->chunk[i]];
        int64_t t = 0;
        for (int l = 0; l < 8; l++) {
            const int *L = BIG_LINES[l];
            t += a[L[0]] * a[L[1]] * a[L[2]] - b[L[0]] * b[L[1]] * b[L[2]];
        }
        t *= ev->chance;
        v += (int)(t / CHANCE_CUBE);
    }
    if (s->closed) v += e->score;
    if (free_move) v += s->side ? -ev->free_move : ev->free_move;
    else v += s->side ? ot[s->chunk[sub - 1]] : xt[s->chunk[sub - 1]];
    if (e->cannot) {
        int d = drawn_value(s, draw);
        if (e->cannot == X_CANNOT_WIN) return v < d ? v : d;
        return v > d ? v : d;
    }
    return v;
}

/* -- search (engine/bot/search.py: enhanced_alphabeta) ---------------------------------------------- */

/* Set by the SIGINT handler ut_think installs with FLAG_INTERRUPTIBLE: the search stops as at its deadline. */
static volatile sig_atomic_t stop_requested;

static void on_sigint(int sig) {
    (void)sig;
    stop_requested = 1;
}

static void tick(Search *S, int64_t n) {
    (void)n;
    if (!S->timed || --S->until_check > 0) return;
    double t = now();
    if (t >= S->deadline || stop_requested) longjmp(S->timeout, 1);
    double gap = t - S->last_check;
    if (gap > CHECK_GAP_HIGH && S->stride > 1)
        S->stride >>= 1;
    else if (gap < CHECK_GAP_LOW && S->stride < CHECK_MAX)
        S->stride <<= 1;
    S->last_check = t, S->until_check = S->stride;
}

static int captures(const State *s, uint8_t *moves) {
    if (s->over) return 0;
    int n = 0, sub = sent_to(s);
    int lo = 0, hi = 9;
    if (sub && !(s->closed >> (sub - 1) & 1)) lo = sub - 1, hi = sub;
    for (int i = lo; i < hi; i++) {
        if (s->closed >> i & 1) continue;
        uint32_t c = s->chunk[i], x = c & NINE, o = c >> 9;
        uint32_t mine = s->side ? o : x, theirs = s->side ? x : o; /* an open sub-board: no line yet */
        uint16_t cells = completes[mine] & ~theirs & NINE;
        for (int cell = 0; cell < 9; cell++)
            if (cells >> cell & 1) moves[n++] = (uint8_t)(10 * (i + 1) + cell + 1);
    }
    return n;
}

static int settle(Search *S, const State *s, int a, int b, int color, int left) {
    int best = color * evaluate(S->ev, s, S->draw);
    if (best >= b || !left) return best;
    uint8_t moves[81];
    int n = captures(s, moves);
    for (int i = 0; i < n; i++) {
        tick(S, ++S->settled);
        State child;
        play(s, moves[i], &child);
        int value = child.over ? color * scoring(&child, S->draw)
                               : -settle(S, &child, -b, -(a > best ? a : best), -color, left - 1);
        if (value > best) {
            best = value;
            if (best >= b) break;
        }
    }
    return best;
}

static int search(Search *S, const State *s, int ply, int a, int b, int color) {
    tick(S, ++S->count);
    if (ply == S->limit) {
        if (s->over) return color * scoring(s, S->draw);
        if (!(S->flags & FLAG_NO_QUIESCENCE)) return settle(S, s, a, b, color, S->quiesce_plies);
        return color * evaluate(S->ev, s, S->draw);
    }
    uint8_t moves[81];
    int n = legal_moves(s, moves);
    if (!n) return color * scoring(s, S->draw);
    int a0 = a, draft = S->limit - ply, tt_move = 0;
    Entry *slot = NULL;
    if (!(S->flags & FLAG_NO_TABLE)) {
        slot = &S->tt->slots[s->key & S->tt->mask];
        if (slot->key == s->key && slot->move) {
            tt_move = slot->move;
            if (ply && slot->draft >= draft &&
                (slot->flag == TT_EXACT || (slot->flag == TT_LOWER ? slot->value >= b : slot->value <= a))) {
                S->tt->hits++;
                return slot->value;
            }
        }
    }
    /* history order, stable (Python's sorted(reverse=True) keeps ties ascending) */
    for (int i = 1; i < n; i++) {
        uint8_t m = moves[i];
        int64_t h = S->history[m];
        int j = i;
        while (j > 0 && S->history[moves[j - 1]] < h) moves[j] = moves[j - 1], j--;
        moves[j] = m;
    }
    int front[3], nf = 0;
    if (tt_move) {
        for (int i = 0; i < n; i++)
            if (moves[i] == tt_move) front[nf++] = tt_move;
    }
    for (int k = 0; k < 2; k++) {
        int km = S->killers[ply][k];
        if (!km) continue;
        int dup = 0, present = 0;
        for (int f = 0; f < nf; f++) dup |= front[f] == km;
        for (int i = 0; i < n && !dup; i++) present |= moves[i] == km;
        if (!dup && present) front[nf++] = km;
    }
    if (nf) {
        uint8_t ordered[81];
        int m = 0;
        for (int f = 0; f < nf; f++) ordered[m++] = (uint8_t)front[f];
        for (int i = 0; i < n; i++) {
            int in_front = 0;
            for (int f = 0; f < nf; f++) in_front |= moves[i] == front[f];
            if (!in_front) ordered[m++] = moves[i];
        }
        memcpy(moves, ordered, (size_t)n);
    }
    int best = -INF, best_move = 0;
    int reduce = !(S->flags & FLAG_NO_REDUCTIONS) && S->limit - ply >= 3;
    for (int i = 0; i < n; i++) {
        int m = moves[i], value;
        State child;
        play(s, m, &child);
        if (i) {
            if (reduce && i >= REDUCE_LATE) {
                value = -search(S, &child, ply + 2, -a - 1, -a, -color);
                if (value > a) value = -search(S, &child, ply + 1, -a - 1, -a, -color);
            } else {
                value = -search(S, &child, ply + 1, -a - 1, -a, -color);
            }
            if (a < value && value < b) value = -search(S, &child, ply + 1, -b, -a, -color);
        } else {
            value = -search(S, &child, ply + 1, -b, -a, -color);
        }
        if (value > best) {
            best = value;
            best_move = m;
            if (ply == 0) {
                if (!S->have_root) S->root_first = m, S->have_root = 1;
                S->root_best = m;
                S->root_value = color * value;
            }
            if (value > a) {
                a = value;
                if (a >= b) {
                    int *pair = S->killers[ply];
                    if (pair[0] != m) pair[1] = pair[0], pair[0] = m;
                    S->history[m] += (int64_t)draft * draft;
                    break;
                }
            }
        }
    }
    if (slot) {
        slot->key = s->key;
        slot->draft = (int16_t)draft;
        slot->flag = best >= b ? TT_LOWER : best <= a0 ? TT_UPPER : TT_EXACT;
        slot->value = best;
        slot->move = (uint8_t)best_move;
    }
    return best;
}

/* -- the interface (ctypes) ------------------------------------------------------------------ */

uint32_t ut_abi(void) { return UT_ABI; }

void *ut_table_new(int bits) {
    Table *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->slots = calloc((size_t)1 << bits, sizeof(Entry)); /* untouched pages cost nothing */
    if (!t->slots) {
        free(t);
        return NULL;
    }
    t->mask = ((uint64_t)1 << bits) - 1;
    return t;
}

void ut_table_free(void *table) {
    Table *t = table;
    if (!t) return;
    free(t->slots);
    free(t);
}

/* ``tables + offset``: the six relevance tables (signed bytes, 2**18 each, copied); ``params``: free_move,
 * relevance, chance, big_two, big_one, then the nine won sub-board weights by place. */
static Eval *eval_alloc(const int32_t *params) {
    init();
    Eval *ev = calloc(1, sizeof *ev);
    if (!ev) return NULL;
    ev->big = calloc((size_t)1 << 18, sizeof(BigEntry));
    if (!ev->big) {
        free(ev);
        return NULL;
    }
    ev->free_move = params[0], ev->rel = params[1], ev->chance = params[2];
    ev->big_two = params[3], ev->big_one = params[4];
    for (int s = 0; s < 9; s++) ev->place[s] = params[5 + s];
    return ev;
}

/* The evaluation with the six tables copied from ``tables + offset`` (tables computed in Python). */
void *ut_eval_new(const int8_t *tables, int64_t offset, const int32_t *params) {
    Eval *ev = eval_alloc(params);
    if (!ev) return NULL;
    int8_t *copy = malloc((size_t)6 << 18);
    if (!copy) {
        ut_eval_free(ev);
        return NULL;
    }
    memcpy(copy, tables + offset, (size_t)6 << 18);
    ev->tables = copy;
    return ev;
}

/* The evaluation with the six tables read in place from the file ``path``, from byte ``offset`` on (the
 * tables file, its header checked by the caller): mapped, not read nor copied, so that only the pages a search
 * touches are brought in, from the page cache, by the kernel (reading and copying 1.5 MB of fresh memory took
 * 2 ms of sm-bot's start-up). NULL when the file cannot be mapped. */
void *ut_eval_map(const char *path, int64_t offset, const int32_t *params) {
    size_t size = (size_t)offset + ((size_t)6 << 18);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return NULL;
    struct stat st;
    void *map = MAP_FAILED;
    if (offset >= 0 && fstat(fd, &st) == 0 && (size_t)st.st_size >= size)
        map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return NULL;
    Eval *ev = eval_alloc(params);
    if (!ev) {
        munmap(map, size);
        return NULL;
    }
    ev->mapped = map, ev->mapped_size = size;
    ev->tables = (const int8_t *)map + offset;
    return ev;
}

/* Switch ``eval`` to the learned evaluation: ``weights`` holds w1 (NET_FEATURES rows of NET_HIDDEN), b1 and w2
 * (NET_HIDDEN each), copied; ``b2`` the output bias. Returns 0, or -1 without memory. */
int ut_eval_set_net(void *eval, const int16_t *weights, int b2) {
    Eval *ev = eval;
    size_t count = (size_t)(NET_FEATURES + 2) * NET_HIDDEN;
    int16_t *copy = malloc(count * sizeof *copy);
    if (!copy) return -1;
    memcpy(copy, weights, count * sizeof *copy);
    free(ev->net);
    ev->net = copy, ev->net_b2 = b2;
    return 0;
}

void ut_eval_free(void *eval) {
    Eval *ev = eval;
    if (ev) free(ev->net);
    if (!ev) return;
    if (ev->mapped)
        munmap(ev->mapped, ev->mapped_size);
    else
        free((void *)ev->tables);
    free(ev->big);
    free(ev);
}

int ut_evaluate(const void *eval, uint64_t low, const uint32_t *chunks, int draw) {
    State s;
    unpack(low, chunks, &s);
    return evaluate(eval, &s, draw);
}

/* Legal moves, ascending (for the tests of the rules): their number. */
int ut_legal_moves(uint64_t low, const uint32_t *chunks, uint8_t *out) {
    State s;
    unpack(low, chunks, &s);
    return legal_moves(&s, out);
}

/* One fixed-depth search without deadline, fresh killers and history (x's view), captures searched up
 * to ``quiesce_plies`` past the depth; ``nodes`` gets the count. For the tests that hold it to Python. */
int ut_search_depth(void *table, const void *eval, uint64_t low, const uint32_t *chunks, int draw, int depth,
                    int flags, int quiesce_plies, int64_t *nodes) {
    State s;
    unpack(low, chunks, &s);
    Search *S = calloc(1, sizeof *S);
    Table fallback = {0};
    S->ev = eval, S->tt = table ? table : &fallback, S->draw = draw, S->limit = depth;
    S->quiesce_plies = quiesce_plies;
    S->flags = flags | (table ? 0 : FLAG_NO_TABLE);
    int color = s.side ? -1 : 1;
    int value = color * search(S, &s, 0, -INF, INF, color);
    *nodes = S->count + S->settled;
    free(S);
    return value;
}

static void table_line(const Table *t, const State *root, int limit, int32_t *pv, int32_t *length) {
    State s = *root;
    int n = 0;
    while (n < limit && n < 81) {
        const Entry *e = &t->slots[s.key & t->mask];
        if (e->key != s.key || !e->move) break;
        uint8_t moves[81];
        int k = legal_moves(&s, moves), legal = 0;
        for (int i = 0; i < k; i++) legal |= moves[i] == e->move;
        if (!legal) break;
        pv[n++] = e->move;
        State child;
        play(&s, e->move, &child);
        s = child;
    }
    *length = n;
}

/* Iterative deepening until ``deadline`` (CLOCK_MONOTONIC seconds, as Python's time.monotonic), as
 * engine.bot.iterative.think: a new iteration whenever the deadline has not passed, captures searched up to
 * ``quiesce_plies`` past each iteration's depth. ``out``: move, value (x's view), depth, partial, solved,
 * principal variation's length; ``counts``: nodes, table hits, search start (microseconds of the
 * monotonic clock); ``pv``: room for 81 moves. Returns 0, or -1 for a finished game or no memory, or
 * INTERRUPTED when ``flags`` has FLAG_INTERRUPTIBLE and SIGINT came during the call (caught meanwhile). */
int ut_think(void *table, const void *eval, uint64_t low, const uint32_t *chunks, int draw, double deadline,
             int max_depth, int flags, int quiesce_plies, int32_t *out, int64_t *counts, int32_t *pv) {
    State root;
    unpack(low, chunks, &root);
    uint8_t moves[81];
    int n = legal_moves(&root, moves);
    if (!n || !table) return -1;
    Search *S = calloc(1, sizeof *S);
    if (!S) return -1;
    double start = now();
    Table *tt = table;
    int64_t hits0 = tt->hits;
    int empty = 81 - root.stones, color = root.side ? -1 : 1;
    /* volatile: read after the longjmp of a timeout */
    volatile int have = 0, move = moves[0], value = 0, depth_done = 0, partial = 0, solved = 0;
    volatile int64_t nodes = 0;
    S->ev = eval, S->tt = tt, S->draw = draw, S->flags = flags, S->deadline = deadline;
    S->quiesce_plies = quiesce_plies;
    S->stride = S->until_check = CHECK_FIRST, S->last_check = start;
    struct sigaction caught, previous;
    int interruptible = flags & FLAG_INTERRUPTIBLE;
    if (interruptible) {
        memset(&caught, 0, sizeof caught);
        caught.sa_handler = on_sigint;
        sigemptyset(&caught.sa_mask);
        stop_requested = 0;
        sigaction(SIGINT, &caught, &previous);
    }
    for (int depth = 1; depth <= max_depth && depth <= 81; depth++) {
        if (depth > 1 && (now() >= deadline || stop_requested)) break; /* else deepen: a cut iteration counts */
        S->limit = depth, S->timed = depth > 1, S->count = S->settled = 0, S->have_root = 0;
        if (setjmp(S->timeout)) {
            nodes += S->count + S->settled;
            if (have && S->have_root && S->root_first == move && S->root_best != move) {
                move = S->root_best, value = S->root_value, partial = 1;
                pv[0] = move;
                out[5] = 1;
            }
            break;
        }
        int v = color * search(S, &root, 0, -INF, INF, color);
        nodes += S->count + S->settled;
        have = 1, move = S->root_best, value = v, depth_done = depth, partial = 0;
        solved = (v >= WIN || v <= -WIN) || depth >= empty;
        table_line(tt, &root, depth, pv, &out[5]);
        if (!out[5] || pv[0] != move) pv[0] = move, out[5] = 1;
        if (solved || n == 1) break;
    }
    out[0] = move, out[1] = value, out[2] = depth_done, out[3] = partial, out[4] = solved;
    counts[0] = nodes, counts[1] = tt->hits - hits0, counts[2] = (int64_t)(start * 1e6);
    free(S);
    if (interruptible) {
        sigaction(SIGINT, &previous, NULL);
        if (stop_requested) return INTERRUPTED;
    }
    return 0;
}
