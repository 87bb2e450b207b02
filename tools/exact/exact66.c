/* exact66: the exact value of an Open 66 position, every legal move, for the player to move.

   Why a compiled oracle: the held-out set of tests/data needs positions with 8-10 tricks
   left solved exactly, which the Python search (otv66/ai/search.py) cannot do in minutes.
   This file is a second, independent reading of docs/rules.md 4-6 (like tests/referee.py);
   tests/test_exact_oracle.py checks it move by move against the Python engine's exact search
   on many random positions with few tricks left.

   The game: both players see everything but the face-down cards; when a card leaves a pile
   with a face-down card, the card turned up is drawn uniformly from the unseen pool (a chance
   node). The value of a position is the expectimax over those chance nodes of the game
   points of the deal (-3..+3; the match score is ignored). Reaching 66 always ends the deal
   (under claim "manual" claiming at once is never worse: the opponent's score only grows).
   Under claim "manual" a player who has just announced a marriage before his first trick
   may claim falsely and lose 2 game points: the only false claim that can beat playing on
   (with a trick won, no deal is lost by more than 2), so only that one is modelled.

   Exact arithmetic: with n unseen cards at the root every value is a whole multiple of
   1/n!, so values are int64 in units of 1/n! (n <= 16) and the pruning compares exactly.

   Search: fail-soft alpha-beta for the players, Ballard's Star1 at chance nodes, a
   transposition table keyed on the visible position and the unseen *set* (with bounds and
   the best move), equivalent cards searched once (same suit, adjacent among the cards not
   yet taken, same points, same face-down status; likewise equivalent unseen cards at a
   chance node, weighted), a plain K/Q lead where the marriage could be announced is only
   searched at the root (announcing never loses), and move ordering from the table.

   Protocol (stdin -> stdout, one position per line):
     in:  trump must_beat manual_claim turn lead avail0 avail1 under pool
          points0 points1 tricks0 tricks1 married0 married1 pending0 pending1
          (lead is a card 0..31 or -1; masks in decimal; cards are suit*8+rank, ace = rank 0)
     out: "denominator card:marriage:numerator ..." for every legal card move (values for
          the player to move), then " nodes N"; or "error <text>".
   Usage: exact66 [table_bits]   (default 22: 2^22 entries of 48 bytes) */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t Value;

typedef struct {
    uint32_t avail[2], under, pool;
    int turn, lead, claim_option;
    int points[2], tricks[2], married[2], pending[2];
} State;

typedef struct {
    int8_t card, marriage;
} Move;

typedef struct {
    uint64_t k1, k2, k3;
    Value lower, upper;
    Move best;
    uint8_t work;
    uint8_t used;
} Entry;

enum { WIN_SCORE = 66, HALF_SCORE = 33, LAST_TRICK = 10, TRICKS = 16, KING = 2, QUEEN = 3 };
static const int RANK_POINTS[8] = {11, 10, 4, 3, 2, 0, 0, 0};
#define POINTS(c) RANK_POINTS[(c) & 7]
#define SUIT_MASK(c) (0xFFu << ((c) & ~7))
#define BIT(c) (1u << (c))

static int trump, must_beat, manual_claim;
static uint32_t trump_mask;
static Value unit; /* one game point: n! */
static Entry *table;
static uint64_t table_mask;
static uint64_t nodes;

static uint32_t stronger(int card) { return (BIT(card) - 1u) & SUIT_MASK(card); }
static uint32_t marriage_pair(int card) { return BIT((card & ~7) + KING) | BIT((card & ~7) + QUEEN); }

static uint32_t remaining(const State *s) {
    return s->avail[0] | s->avail[1] | s->pool | (s->lead >= 0 ? BIT(s->lead) : 0u);
}

/* Game points to player 0 when `winner` reaches 66 (or wins a played-out deal). */
static Value win(const State *s, int winner, int loser_score) {
    int loser = 1 - winner;
    Value points = s->tricks[loser] == 0 ? 3 : loser_score < HALF_SCORE ? 2 : 1;
    return (winner == 0 ? points : -points) * unit;
}

static Value played_out(const State *s, int last_winner) {
    int score0 = s->points[0] + s->married[0] + (last_winner == 0 ? LAST_TRICK : 0);
    int score1 = s->points[1] + s->married[1] + (last_winner == 1 ? LAST_TRICK : 0);
    if (score0 == score1) return 0;
    return score0 > score1 ? win(s, 0, score1) : win(s, 1, score0);
}

/* The most game points `player` can still win: 3 while his opponent has no trick, 2 while the
   opponent's counted score is below 33 (scores only grow), else 1. The value of any position
   lies in [-best_outcome(s, 1), best_outcome(s, 0)]: cuts for the players, and Star1's bounds. */
static Value best_outcome(const State *s, int player) {
    int other = 1 - player;
    return (s->tricks[other] == 0 ? 3 : s->points[other] + s->married[other] < HALF_SCORE ? 2 : 1) * unit;
}

static uint32_t legal_cards(const State *s) {
    uint32_t avail = s->avail[s->turn];
    if (s->lead < 0) return avail;
    uint32_t follow = avail & SUIT_MASK(s->lead);
    if (follow) {
        uint32_t beating = follow & stronger(s->lead);
        return must_beat && beating ? beating : follow;
    }
    return avail & trump_mask ? avail & trump_mask : avail;
}

/* Classes of interchangeable cards of `cards`: first card and size of each. */
static int card_classes(uint32_t cards, uint32_t left, uint32_t split, int *first, int *size) {
    int count = 0;
    for (int suit = 0; suit < 32; suit += 8) {
        int open = -1;
        for (int card = suit; card < suit + 8; card++) {
            if (!(left & BIT(card))) continue;
            if (!(cards & BIT(card))) {
                open = -1;
                continue;
            }
            if (open >= 0 && POINTS(card) == POINTS(first[open]) &&
                ((split >> card) & 1) == ((split >> first[open]) & 1)) {
                size[open]++;
            } else {
                open = count;
                first[count] = card;
                size[count++] = 1;
            }
        }
    }
    return count;
}

/* The moves worth searching, best-looking first; at the root plain K/Q leads are kept too. */
static int moves_of(const State *s, Move *out, int keep_plain) {
    int first[32], size[32], keys[40];
    uint32_t legal = legal_cards(s), left = remaining(s);
    int count = 0, classes = card_classes(legal, left, s->under, first, size);
    for (int i = 0; i < classes; i++) {
        int card = first[i], points = POINTS(card);
        if (s->lead < 0) {
            int rank = card & 7;
            if ((rank == KING || rank == QUEEN) && (legal & marriage_pair(card)) == marriage_pair(card)) {
                out[count] = (Move){(int8_t)card, 1};
                keys[count++] = -100 - points;
                if (!keep_plain) continue;
            }
            out[count] = (Move){(int8_t)card, 0};
            keys[count++] = stronger(card) & left ? points : -points;
        } else {
            int beats = ((card >> 3) == (s->lead >> 3) && card < s->lead) ||
                        ((card >> 3) != (s->lead >> 3) && (card >> 3) == trump);
            out[count] = (Move){(int8_t)card, 0};
            keys[count++] = beats ? points : 50 + points;
        }
    }
    for (int i = 1; i < count; i++) { /* insertion sort: a handful of moves */
        Move move = out[i];
        int key = keys[i], j = i;
        for (; j > 0 && keys[j - 1] > key; j--) {
            keys[j] = keys[j - 1];
            out[j] = out[j - 1];
        }
        keys[j] = key;
        out[j] = move;
    }
    return count;
}

static void key_of(const State *s, uint64_t *k1, uint64_t *k2, uint64_t *k3) {
    *k1 = (uint64_t)s->avail[0] | (uint64_t)s->avail[1] << 32;
    *k2 = (uint64_t)s->under | (uint64_t)s->pool << 32;
    *k3 = (uint64_t)s->turn | (uint64_t)(s->lead + 1) << 1 | (uint64_t)s->points[0] << 7 |
          (uint64_t)s->points[1] << 15 | (uint64_t)(s->tricks[0] > 0) << 23 | (uint64_t)(s->tricks[1] > 0) << 24 |
          (uint64_t)s->married[0] << 25 | (uint64_t)s->married[1] << 33 | (uint64_t)s->pending[0] << 41 |
          (uint64_t)s->pending[1] << 49;
}

static Entry *slot_of(uint64_t k1, uint64_t k2, uint64_t k3) {
    uint64_t h = k1 * 0x9E3779B97F4A7C15ull ^ k2 * 0xC2B2AE3D27D4EB4Full ^ k3 * 0x165667B19E3779F9ull;
    h ^= h >> 29;
    return &table[(h & table_mask) & ~1ull]; /* buckets of two: [0] keeps big subtrees, [1] the latest */
}

static Value node(const State *s, Value alpha, Value beta);

static Value floor_div(Value a, Value b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static Value ceil_div(Value a, Value b) { return -floor_div(-a, b); }

/* The average over the card turned up for `owner`.
   Star1: the children are searched in turn, stopping once the bounds of the rest cannot bring
   the average back into the window (Star2 probing was tried: it searched more nodes here). */
static Value chance(const State *s, int owner, Value alpha, Value beta) {
    int first[32], size[32];
    Value total = __builtin_popcount(s->pool), low = -best_outcome(s, 1), high = best_outcome(s, 0);
    int classes = card_classes(s->pool, remaining(s), 0, first, size);
    Value sum_lower = low * total, sum_upper = high * total;
    for (int i = 0; i < classes; i++) {
        Value weight = size[i];
        State child = *s;
        child.pool &= ~BIT(first[i]);
        child.avail[owner] |= BIT(first[i]);
        sum_lower -= weight * low;
        sum_upper -= weight * high;
        Value child_alpha = floor_div(alpha * total - sum_upper, weight);
        Value child_beta = ceil_div(beta * total - sum_lower, weight);
        Value value = node(&child, child_alpha > low ? child_alpha : low, child_beta < high ? child_beta : high);
        if (value <= child_alpha) return ceil_div(sum_upper + weight * value, total);
        if (value >= child_beta) return floor_div(sum_lower + weight * value, total);
        sum_lower += weight * value;
        sum_upper += weight * value;
    }
    return sum_lower / total; /* exact: every child was exact, and the average is a multiple of 1/n! */
}

/* The value after the player to move plays `move` (docs/rules.md 4-6). */
static Value play(const State *s, Move move, Value alpha, Value beta) {
    State c = *s;
    int player = s->turn, card = move.card;
    c.avail[player] &= ~BIT(card);
    if (s->lead < 0) {
        c.lead = card;
        c.turn = 1 - player;
        if (move.marriage) {
            int points = (card >> 3) == trump ? 40 : 20;
            if (c.tricks[player]) {
                c.married[player] += points;
                if (c.points[player] + c.married[player] >= WIN_SCORE)
                    return win(&c, player, c.points[1 - player] + c.married[1 - player]);
            } else {
                c.pending[player] += points;
                c.claim_option = manual_claim;
            }
        }
    } else {
        int winner;
        if ((card >> 3) == (s->lead >> 3))
            winner = card < s->lead ? player : 1 - player;
        else
            winner = (card >> 3) == trump ? player : 1 - player;
        c.points[winner] += POINTS(card) + POINTS(s->lead);
        if (c.tricks[winner] == 0 && c.pending[winner]) {
            c.married[winner] += c.pending[winner];
            c.pending[winner] = 0;
        }
        c.tricks[winner]++;
        c.lead = -1;
        c.turn = winner;
        if (c.tricks[0] + c.tricks[1] == TRICKS) return played_out(&c, winner);
        if (c.points[winner] + c.married[winner] >= WIN_SCORE)
            return win(&c, winner, c.points[1 - winner] + c.married[1 - winner]);
    }
    if (c.under & BIT(card)) {
        c.under &= ~BIT(card);
        return chance(&c, player, alpha, beta);
    }
    return node(&c, alpha, beta);
}

/* A player to move: the announcer's false claim first (see the top), then max (player 0) or min. */
static Value node(const State *s, Value alpha, Value beta) {
    nodes++;
    if (s->claim_option) {
        State c = *s;
        c.claim_option = 0;
        Value claim = (c.turn == 1 ? -2 : 2) * unit; /* the announcer is the other player */
        Value value = node(&c, alpha, beta);
        if (c.turn == 1) return value > claim ? value : claim;
        return value < claim ? value : claim;
    }
    Value low_bound = -best_outcome(s, 1), high_bound = best_outcome(s, 0);
    if (high_bound <= alpha) return high_bound;
    if (low_bound >= beta) return low_bound;
    if (alpha < low_bound) alpha = low_bound;
    if (beta > high_bound) beta = high_bound;
    uint64_t k1, k2, k3;
    key_of(s, &k1, &k2, &k3);
    Entry *bucket = slot_of(k1, k2, k3);
    Move hint = {-1, 0};
    for (int i = 0; i < 2; i++) {
        Entry *e = &bucket[i];
        if (e->used && e->k1 == k1 && e->k2 == k2 && e->k3 == k3) {
            if (e->lower >= beta || e->lower == e->upper) return e->lower;
            if (e->upper <= alpha) return e->upper;
            if (e->lower > alpha) alpha = e->lower;
            if (e->upper < beta) beta = e->upper;
            hint = e->best;
            break;
        }
    }
    Move moves[40];
    int count = moves_of(s, moves, 0);
    for (int i = 1; i < count; i++) {
        if (moves[i].card == hint.card && moves[i].marriage == hint.marriage) {
            memmove(moves + 1, moves, (size_t)i * sizeof(Move));
            moves[0] = hint;
            break;
        }
    }
    uint64_t before = nodes;
    int maximize = s->turn == 0;
    Value low = alpha, high = beta, best = maximize ? -4 * unit : 4 * unit;
    Move best_move = moves[0];
    for (int i = 0; i < count; i++) { /* the first move always: even an empty window needs a bound */
        Value value = play(s, moves[i], low, high);
        if (maximize ? value > best : value < best) {
            best = value;
            best_move = moves[i];
            if (maximize && value > low) low = value;
            if (!maximize && value < high) high = value;
            if (low >= high) break;
        }
    }
    uint64_t spent = nodes - before;
    uint8_t work = 0;
    while (spent >>= 1) work++;
    Entry *e = bucket[0].used && bucket[0].work > work &&
                       !(bucket[0].k1 == k1 && bucket[0].k2 == k2 && bucket[0].k3 == k3)
                   ? &bucket[1]
                   : &bucket[0];
    e->k1 = k1, e->k2 = k2, e->k3 = k3, e->best = best_move, e->work = work, e->used = 1;
    e->lower = best > alpha ? best : low_bound;
    e->upper = best < beta ? best : high_bound;
    return best;
}

static void solve(const State *root) {
    Value factorial = 1;
    for (int i = 2; i <= __builtin_popcount(root->pool); i++) factorial *= i;
    unit = factorial;
    memset(table, 0, (table_mask + 1) * sizeof(Entry));
    nodes = 0;
    Move moves[40];
    int count = moves_of(root, moves, 1);
    Value values[40];
    for (int i = 0; i < count; i++) {
        Value value = play(root, moves[i], -3 * unit, 3 * unit);
        values[i] = root->turn == 0 ? value : -value;
    }
    /* every legal card: the value of its class's first card */
    int first[32], size[32];
    int classes = card_classes(legal_cards(root), remaining(root), root->under, first, size);
    printf("%lld", (long long)unit);
    for (int c = 0; c < classes; c++) {
        for (int i = 0; i < count; i++) {
            if (moves[i].card != first[c]) continue;
            int card = first[c];
            for (int k = 0; k < size[c]; card++) {
                if (!(legal_cards(root) & BIT(card))) continue;
                printf(" %d:%d:%lld", card, moves[i].marriage, (long long)values[i]);
                k++;
            }
        }
    }
    printf(" nodes %llu\n", (unsigned long long)nodes);
    fflush(stdout);
}

int main(int argc, char **argv) {
    int bits = argc > 1 ? atoi(argv[1]) : 22;
    if (bits < 10 || bits > 30) {
        fprintf(stderr, "table_bits must be 10..30\n");
        return 2;
    }
    table_mask = (1ull << bits) - 1;
    table = calloc(table_mask + 1, sizeof(Entry));
    if (!table) {
        fprintf(stderr, "no memory for the table\n");
        return 2;
    }
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        State s = {0};
        unsigned long long avail0, avail1, under, pool;
        int lead;
        int read = sscanf(line, "%d %d %d %d %d %llu %llu %llu %llu %d %d %d %d %d %d %d %d", &trump, &must_beat,
                          &manual_claim, &s.turn, &lead, &avail0, &avail1, &under, &pool, &s.points[0], &s.points[1],
                          &s.tricks[0], &s.tricks[1], &s.married[0], &s.married[1], &s.pending[0], &s.pending[1]);
        if (read != 17 || trump < 0 || trump > 3 || s.turn < 0 || s.turn > 1 || lead < -1 || lead > 31 ||
            (avail0 | avail1 | under | pool) >> 32 || __builtin_popcount((unsigned)pool) > 16 ||
            (avail0 & avail1) || (pool & (avail0 | avail1))) {
            printf("error malformed position\n");
            fflush(stdout);
            continue;
        }
        s.lead = lead;
        s.avail[0] = (uint32_t)avail0, s.avail[1] = (uint32_t)avail1;
        s.under = (uint32_t)under, s.pool = (uint32_t)pool;
        trump_mask = 0xFFu << (8 * trump);
        if (!legal_cards(&s)) {
            printf("error no card to play\n");
            fflush(stdout);
            continue;
        }
        solve(&s);
    }
    free(table);
    return 0;
}
