/*
 * Simulated annealing for a cyclic base round over Z_m x Z_k plus h fixed points that a map
 * sigma of order three keeps: sigma(x, r) = (u x mod m, levels[r]), sigma(oo_i) = oo_fixed[i].
 *
 * Offline only: tournaments/pairing/schedules/orbit_anneal.py compiles and runs it, then checks
 * what it prints with tournaments.pairing.cyclic.  It is C because the search needs tens of
 * millions of moves (84 players: 35 million in 30 s); the same loop in Python is a hundred
 * times slower.
 *
 * The state is a sigma-invariant base round, so only one table of each orbit of three tables
 * is searched (a third of the search space, as in rotational.py's CP-SAT model):
 *   - a point orbit is {p, sigma(p), sigma^2(p)}; a point that sigma keeps (a fixed player)
 *     sits at a kept table with one whole point orbit;
 *   - every other table orbit is four point orbits with a turn each: its t-th table takes
 *     element (turn + t) mod 3 of each.
 * The cost is the number of pairs whose difference class another pair already uses (and
 * FORBIDDEN for a pair that repeats whatever the round).  Moves: turn one orbit in a table
 * orbit, swap two point orbits between table orbits, or swap a kept table's orbit with one
 * of a table orbit; Metropolis acceptance with a temperature that cools by 3 % every `sweep`
 * moves and starts again from `t0` below `t1`.  The run depends on the seed only (the time
 * limit just stops it), so a seed that found a base round finds it again.
 *
 * usage: orbit_anneal m k h u levels fixed seed seconds t0 t1 sweep
 *   levels: the image of each level, e.g. 1,2,0; fixed: the image of each fixed point
 * prints the base round as JSON on success (exit 0); exit 1 when the time ran out,
 * exit 2 with one line on stderr for bad arguments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define FORBIDDEN 4

static int m, k, h, n, finite_points;
static int *class_of; /* n * n: difference class of a pair, -1 if it always repeats */
static int *uses;     /* per class: pairs of the base round in it */
static unsigned long long rng_state;

static unsigned next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 11);
}

static double uniform(void) { return (double)(next_random() & 0xffffff) / 16777216.0; }

/* The difference class of a pair, as tournaments.pairing.cyclic._diff_key; 0 if none. */
static int class_key(int p, int q, int key[3]) {
    if (p >= finite_points || q >= finite_points) {
        if (p >= finite_points && q >= finite_points) return 0;
        int fixed = p >= finite_points ? p : q, other = p >= finite_points ? q : p;
        key[0] = fixed, key[1] = other / m, key[2] = -2;
        return 1;
    }
    int r = p / m, x = p % m, s = q / m, y = q % m;
    if (r == s) {
        int d = ((y - x) % m + m) % m;
        if (m - d < d) d = m - d;
        if (2 * d == m) return 0;
        key[0] = r, key[1] = r, key[2] = d;
        return 1;
    }
    if (r > s) {
        int t = r; r = s; s = t;
        t = x; x = y; y = t;
    }
    key[0] = r, key[1] = s, key[2] = ((y - x) % m + m) % m;
    return 1;
}

/* Adds (sign 1) or removes (sign -1) a pair; returns the change of the cost. */
static inline int pair_change(int p, int q, int sign) {
    int c = class_of[p * n + q];
    if (c < 0) return FORBIDDEN * sign;
    int before = uses[c];
    uses[c] = before + sign;
    if (sign > 0) return before >= 1;
    return -(before >= 2);
}

static int orbit_count, kept_count, group_count;
static int (*orbit)[3];   /* point orbits, in sigma's order */
static int *kept_point;   /* points sigma keeps */
static int *kept_orbit;   /* the orbit beside each kept point */
static int (*member)[4];  /* the four orbits of each table orbit */
static int (*turn)[4];    /* and the element of each that its first table takes */

static void table_orbit(int g, int sign, int *delta) {
    for (int t = 0; t < 3; t++) {
        int x[4];
        for (int i = 0; i < 4; i++) x[i] = orbit[member[g][i]][(turn[g][i] + t) % 3];
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++) *delta += pair_change(x[i], x[j], sign);
    }
}

static void kept_table(int f, int sign, int *delta) {
    const int *o = orbit[kept_orbit[f]];
    int x[4] = {kept_point[f], o[0], o[1], o[2]};
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) *delta += pair_change(x[i], x[j], sign);
}

static int parse_list(const char *text, int *out, int room) {
    int count = 0;
    char *end;
    while (count < room) {
        out[count++] = (int)strtol(text, &end, 10);
        if (*end != ',') break;
        text = end + 1;
    }
    return count;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int fail(const char *why) {
    fprintf(stderr, "orbit_anneal: %s\n", why);
    return 2;
}

static int accept(int delta, double temperature) {
    return delta <= 0 || uniform() < exp(-delta / temperature);
}

int main(int argc, char **argv) {
    if (argc != 12) return fail("usage: orbit_anneal m k h u levels fixed seed seconds t0 t1 sweep");
    m = atoi(argv[1]), k = atoi(argv[2]), h = atoi(argv[3]);
    long unit = atol(argv[4]);
    finite_points = m * k, n = finite_points + h;
    if (m < 2 || k < 1 || h < 0 || n % 4 || n > 4000) return fail("need m >= 2 and a multiple of four players");
    int *levels = malloc(sizeof(int) * (size_t)(k + 1)), *fixed = malloc(sizeof(int) * (size_t)(h + 1));
    if (parse_list(argv[5], levels, k + 1) != k) return fail("levels: one image per level");
    if (h && parse_list(argv[6], fixed, h + 1) != h) return fail("fixed: one image per fixed point");
    rng_state = (unsigned long long)atoll(argv[7]) * 2654435761ULL + 88172645463325252ULL;
    double seconds = atof(argv[8]), t0 = atof(argv[9]), t1 = atof(argv[10]);
    long sweep = atol(argv[11]);
    if (t0 <= 0 || t1 <= 0 || t1 > t0 || sweep < 1) return fail("need t0 >= t1 > 0 and sweep >= 1");

    int *sigma = malloc(sizeof(int) * (size_t)n);
    for (int p = 0; p < n; p++) {
        if (p >= finite_points) {
            if (fixed[p - finite_points] < 0 || fixed[p - finite_points] >= h) return fail("fixed: out of range");
            sigma[p] = finite_points + fixed[p - finite_points];
        } else {
            int r = p / m, x = p % m;
            if (levels[r] < 0 || levels[r] >= k) return fail("levels: out of range");
            sigma[p] = levels[r] * m + (int)(((unit * x) % m + m) % m);
        }
    }
    orbit = malloc(sizeof(*orbit) * (size_t)n);
    kept_point = malloc(sizeof(int) * (size_t)n);
    char *seen = calloc((size_t)n, 1);
    for (int p = 0; p < n; p++) {
        if (seen[p]) continue;
        int a = p, b = sigma[a], c = sigma[b];
        if (b == a) {
            kept_point[kept_count++] = p, seen[p] = 1;
            continue;
        }
        if (c == a || sigma[c] != a || seen[b] || seen[c]) return fail("the map is not of order three");
        orbit[orbit_count][0] = a, orbit[orbit_count][1] = b, orbit[orbit_count][2] = c;
        seen[a] = seen[b] = seen[c] = 1;
        orbit_count++;
    }
    if (orbit_count < kept_count || (orbit_count - kept_count) % 4)
        return fail("the map's orbits do not fill tables of four");
    group_count = (orbit_count - kept_count) / 4;

    class_of = malloc(sizeof(int) * (size_t)n * (size_t)n);
    int (*keys)[3] = malloc(sizeof(*keys) * (size_t)n * (size_t)n);
    int classes = 0;
    for (int p = 0; p < n; p++)
        for (int q = 0; q < n; q++) {
            int key[3], id = -1;
            class_of[p * n + q] = -1;
            if (p == q || !class_key(p, q, key)) continue;
            for (int i = 0; i < classes && id < 0; i++)
                if (keys[i][0] == key[0] && keys[i][1] == key[1] && keys[i][2] == key[2]) id = i;
            if (id < 0) {
                id = classes++;
                keys[id][0] = key[0], keys[id][1] = key[1], keys[id][2] = key[2];
            }
            class_of[p * n + q] = id;
        }
    uses = calloc((size_t)classes, sizeof(int));

    kept_orbit = malloc(sizeof(int) * (size_t)(kept_count + 1));
    member = malloc(sizeof(*member) * (size_t)(group_count + 1));
    turn = malloc(sizeof(*turn) * (size_t)(group_count + 1));
    int *order = malloc(sizeof(int) * (size_t)orbit_count);
    for (int i = 0; i < orbit_count; i++) order[i] = i;
    for (int i = orbit_count - 1; i > 0; i--) {
        int j = (int)(next_random() % (unsigned)(i + 1)), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (int f = 0; f < kept_count; f++) kept_orbit[f] = order[f];
    for (int g = 0; g < group_count; g++)
        for (int i = 0; i < 4; i++) member[g][i] = order[kept_count + 4 * g + i], turn[g][i] = (int)(next_random() % 3);

    int cost = 0;
    for (int f = 0; f < kept_count; f++) kept_table(f, 1, &cost);
    for (int g = 0; g < group_count; g++) table_orbit(g, 1, &cost);
    double started = now(), temperature = t0;
    long moves = 0, since = 0;
    while (cost > 0 && group_count > 0) {
        moves++;
        if ((moves & 4095) == 0 && now() - started > seconds) break;
        int kind = (int)(next_random() % 10), delta = 0, undo = 0;
        if (kind < 2) {
            int g = (int)(next_random() % (unsigned)group_count), i = (int)(next_random() % 4), old = turn[g][i];
            table_orbit(g, -1, &delta);
            turn[g][i] = (old + 1 + (int)(next_random() % 2)) % 3;
            table_orbit(g, 1, &delta);
            if (!accept(delta, temperature)) {
                table_orbit(g, -1, &undo), turn[g][i] = old, table_orbit(g, 1, &undo);
                delta = 0;
            }
        } else if (kind < 9 || kept_count == 0) {
            int a = (int)(next_random() % (unsigned)group_count), b = (int)(next_random() % (unsigned)group_count);
            if (a == b) continue;
            int i = (int)(next_random() % 4), j = (int)(next_random() % 4);
            int mi = member[a][i], mj = member[b][j], ti = turn[a][i], tj = turn[b][j];
            table_orbit(a, -1, &delta), table_orbit(b, -1, &delta);
            member[a][i] = mj, member[b][j] = mi;
            turn[a][i] = (int)(next_random() % 3), turn[b][j] = (int)(next_random() % 3);
            table_orbit(a, 1, &delta), table_orbit(b, 1, &delta);
            if (!accept(delta, temperature)) {
                table_orbit(a, -1, &undo), table_orbit(b, -1, &undo);
                member[a][i] = mi, member[b][j] = mj, turn[a][i] = ti, turn[b][j] = tj;
                table_orbit(a, 1, &undo), table_orbit(b, 1, &undo);
                delta = 0;
            }
        } else {
            int f = (int)(next_random() % (unsigned)kept_count), g = (int)(next_random() % (unsigned)group_count);
            int i = (int)(next_random() % 4), mf = kept_orbit[f], mi = member[g][i], ti = turn[g][i];
            kept_table(f, -1, &delta), table_orbit(g, -1, &delta);
            kept_orbit[f] = mi, member[g][i] = mf, turn[g][i] = (int)(next_random() % 3);
            kept_table(f, 1, &delta), table_orbit(g, 1, &delta);
            if (!accept(delta, temperature)) {
                kept_table(f, -1, &undo), table_orbit(g, -1, &undo);
                kept_orbit[f] = mf, member[g][i] = mi, turn[g][i] = ti;
                kept_table(f, 1, &undo), table_orbit(g, 1, &undo);
                delta = 0;
            }
        }
        cost += delta;
        if (++since >= sweep) {
            since = 0, temperature *= 0.97;
            if (temperature < t1) temperature = t0;
        }
    }
    fprintf(stderr, "orbit_anneal: cost %d after %ld moves in %.1f s\n", cost, moves, now() - started);
    if (cost > 0) return 1;
    const char *sep = "";
    printf("[");
    for (int f = 0; f < kept_count; f++) {
        const int *o = orbit[kept_orbit[f]];
        printf("%s[%d,%d,%d,%d]", sep, kept_point[f], o[0], o[1], o[2]);
        sep = ",";
    }
    for (int g = 0; g < group_count; g++)
        for (int t = 0; t < 3; t++) {
            printf("%s[", sep);
            for (int i = 0; i < 4; i++) printf("%s%d", i ? "," : "", orbit[member[g][i]][(turn[g][i] + t) % 3]);
            printf("]");
            sep = ",";
        }
    printf("]\n");
    return 0;
}
