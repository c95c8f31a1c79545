/* Ultimate tic-tac-toe's rules for the C search (ultimate_search.c): the same as
 * engine/games/ultimate.py (states unpacked from its packed int), plus Zobrist keys: kept apart from the search,
 * as engine/games/ultimate.py is from engine/bot/search.py. */
#ifndef ULTIMATE_RULES_H
#define ULTIMATE_RULES_H

#include <stdint.h>
#include <string.h>
#include <time.h>

#include "ultimate_interface.h" /* the constants, lines and state layout, generated from the Python values */

static uint8_t has_line[512];
static uint16_t completes[512]; /* mine -> the cells each completing a line with two of mine (theirs or not) */
static uint64_t zob_stone[2][100], zob_last[100], zob_side;
static int ready;

typedef struct {
    uint32_t chunk[9]; /* x cells | o cells << 9, sub-board i + 1 */
    uint16_t closed, xwon, owon;
    uint8_t last, side, over, stones;
    uint64_t key;
} State;

static int popcount(uint32_t v) { return __builtin_popcount(v); }

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint16_t completing(uint16_t mine, uint16_t theirs) {
    uint16_t cells = 0;
    for (int i = 0; i < 8; i++) {
        uint16_t rest = LINES[i] & ~mine;
        if (popcount(rest) == 1 && !(rest & theirs)) cells |= rest;
    }
    return cells;
}

static void init(void) {
    if (ready) return;
    for (int m = 0; m < 512; m++) {
        has_line[m] = 0;
        for (int i = 0; i < 8; i++)
            if ((m & LINES[i]) == LINES[i]) has_line[m] = 1;
    }
    for (int m = 0; m < 512; m++) completes[m] = completing((uint16_t)m, 0);
    uint64_t seed = ZOBRIST_SEED;
    for (int p = 0; p < 2; p++)
        for (int m = 0; m < 100; m++) zob_stone[p][m] = splitmix(&seed);
    for (int m = 0; m < 100; m++) zob_last[m] = m ? splitmix(&seed) : 0;
    zob_side = splitmix(&seed);
    ready = 1;
}

/* -- rules (engine/games/ultimate.py) -------------------------------------------------------------- */

static int sent_to(const State *s) { return s->last % 10; }

static int legal_moves(const State *s, uint8_t *moves) {
    if (s->over) return 0;
    int n = 0, sub = sent_to(s);
    if (sub && !(s->closed >> (sub - 1) & 1)) {
        uint32_t c = s->chunk[sub - 1];
        uint32_t empty = ~(c | c >> 9) & NINE;
        for (int cell = 0; cell < 9; cell++)
            if (empty >> cell & 1) moves[n++] = (uint8_t)(10 * sub + cell + 1);
        return n;
    }
    for (int i = 0; i < 9; i++) {
        if (s->closed >> i & 1) continue;
        uint32_t c = s->chunk[i];
        uint32_t empty = ~(c | c >> 9) & NINE;
        for (int cell = 0; cell < 9; cell++)
            if (empty >> cell & 1) moves[n++] = (uint8_t)(10 * (i + 1) + cell + 1);
    }
    return n;
}

static void play(const State *s, int move, State *out) {
    *out = *s;
    int i = move / 10 - 1, cell = move % 10 - 1;
    uint16_t sb = (uint16_t)(1 << i);
    uint32_t c = s->chunk[i] | (uint32_t)1 << (cell + (s->side ? 9 : 0));
    out->chunk[i] = c;
    if (has_line[s->side ? c >> 9 & NINE : c & NINE]) {
        out->closed |= sb;
        if (s->side) {
            out->owon |= sb;
            if (has_line[out->owon] || out->closed == NINE) out->over = 1;
        } else {
            out->xwon |= sb;
            if (has_line[out->xwon] || out->closed == NINE) out->over = 1;
        }
    } else if (((c | c >> 9) & NINE) == NINE) {
        out->closed |= sb;
        if (out->closed == NINE) out->over = 1;
    }
    out->key = s->key ^ zob_stone[s->side][move] ^ zob_last[s->last] ^ zob_last[move] ^ zob_side;
    out->last = (uint8_t)move;
    out->side = s->side ^ 1;
    out->stones = s->stones + 1;
}

static int outcome(const State *s) {
    if (has_line[s->xwon]) return 1;
    if (has_line[s->owon]) return -1;
    return 0;
}

/* A state from its packed Python form: ``low`` is bits 0 to CELLS_SHIFT - 1 (side, last move, closed, won,
 * over), ``chunks`` the nine sub-boards' SUB_STRIDE bits each. */
static inline void unpack(uint64_t low, const uint32_t *chunks, State *s) {
    init();
    memset(s, 0, sizeof *s);
    s->side = low & SIDE_BIT;
    s->last = (uint8_t)(low >> LAST_SHIFT & 127);
    s->closed = (uint16_t)(low >> CLOSED_SHIFT & NINE);
    s->xwon = (uint16_t)(low >> X_WON_SHIFT & NINE);
    s->owon = (uint16_t)(low >> O_WON_SHIFT & NINE);
    s->over = (uint8_t)(low >> OVER_SHIFT & 1);
    s->key = zob_last[s->last] ^ (s->side ? zob_side : 0);
    for (int i = 0; i < 9; i++) {
        s->chunk[i] = chunks[i] & CHUNK_MASK;
        s->stones = (uint8_t)(s->stones + popcount(s->chunk[i]));
        for (int cell = 0; cell < 9; cell++) {
            int move = 10 * (i + 1) + cell + 1;
            if (s->chunk[i] >> cell & 1) s->key ^= zob_stone[0][move];
            if (s->chunk[i] >> (cell + 9) & 1) s->key ^= zob_stone[1][move];
        }
    }
}

#endif
