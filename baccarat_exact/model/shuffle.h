/* The counting simulators' shuffle, as baccarat_exact/model/shuffle.py defines it (read its
 * docstring): shoe `number` of `seed` is a xoshiro256** stream seeded through splitmix64;
 * a bounded draw is Lemire's multiply-and-reject; the shuffle is Fisher-Yates from the last
 * card down. A kernel that includes this header deals the same shoes as the Python path. */
#ifndef BACCARAT_EXACT_SHUFFLE_H
#define BACCARAT_EXACT_SHUFFLE_H

#include <stdint.h>

#define BE_GOLDEN 0x9E3779B97F4A7C15ULL

typedef struct {
    uint64_t s[4];
} be_stream;

static inline uint64_t be_finalize(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t be_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline void be_stream_init(be_stream *stream, uint64_t seed, uint64_t number) {
    uint64_t x = be_finalize((be_finalize(seed + BE_GOLDEN) ^ number) + BE_GOLDEN);
    for (int i = 0; i < 4; i++) {
        x += BE_GOLDEN;
        stream->s[i] = be_finalize(x);
    }
}

static inline uint64_t be_next(be_stream *stream) {
    uint64_t *s = stream->s;
    uint64_t result = be_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = be_rotl(s[3], 45);
    return result;
}

/* A uniform integer in [0, n), 1 <= n, without bias. */
static inline uint64_t be_below(be_stream *stream, uint64_t n) {
    __uint128_t product = (__uint128_t)be_next(stream) * n;
    uint64_t low = (uint64_t)product;
    if (low < n) {
        uint64_t threshold = (0 - n) % n;
        while (low < threshold) {
            product = (__uint128_t)be_next(stream) * n;
            low = (uint64_t)product;
        }
    }
    return (uint64_t)(product >> 64);
}

/* Shuffle cards[0..count) in place into shoe `number`'s dealing order. */
static inline void be_shuffle(unsigned char *cards, int count, uint64_t seed, uint64_t number) {
    be_stream stream;
    be_stream_init(&stream, seed, number);
    for (int i = count - 1; i > 0; i--) {
        int j = (int)be_below(&stream, (uint64_t)i + 1);
        unsigned char card = cards[i];
        cards[i] = cards[j];
        cards[j] = card;
    }
}

#endif
