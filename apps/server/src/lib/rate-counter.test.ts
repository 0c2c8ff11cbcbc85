import { describe, expect, it } from 'vitest';
import { memoryRateCounter, type RateCounter, redisRateCounter } from './rate-counter.ts';

/** The same contract for the in-memory counter and, when TEST_REDIS_URL is set (CI), for Redis. */
function contract(name: string, make: () => RateCounter) {
  describe(`${name} rate counter`, () => {
    it('counts hits per key in a window, peeks without counting and clears', async () => {
      const c = make();
      const key = `test:${Date.now()}:${Math.random()}`;
      try {
        expect((await c.peek(key)).count).toBe(0);
        expect((await c.hit(key, 60)).count).toBe(1);
        const second = await c.hit(key, 60);
        expect(second.count).toBe(2);
        expect(second.resetInSeconds).toBeGreaterThan(0);
        expect(second.resetInSeconds).toBeLessThanOrEqual(60);
        expect((await c.peek(key)).count).toBe(2);
        expect((await c.hit(`${key}:other`, 60)).count).toBe(1);
        await c.clear(key);
        expect((await c.peek(key)).count).toBe(0);
      } finally {
        await c.clear(`${key}:other`);
        await c.close();
      }
    });

    it('reserves atomically: of 200 parallel reservations exactly the limit is allowed; release gives one back', async () => {
      const c = make();
      const key = `test:${Date.now()}:${Math.random()}`;
      try {
        const results = await Promise.all(Array.from({ length: 200 }, () => c.reserve(key, 60, 5)));
        expect(results.filter((r) => r.allowed)).toHaveLength(5);
        expect((await c.peek(key)).count).toBe(5);
        await c.release(key);
        expect((await c.reserve(key, 60, 5)).allowed).toBe(true);
        expect((await c.reserve(key, 60, 5)).allowed).toBe(false);
      } finally {
        await c.clear(key);
        await c.close();
      }
    });

    it('forgets a window once it has passed', async () => {
      const a = make();
      const key = `test:${Date.now()}:${Math.random()}`;
      try {
        await a.hit(key, 1);
        await new Promise((r) => setTimeout(r, 1100));
        expect((await a.peek(key)).count).toBe(0);
        expect((await a.hit(key, 1)).count).toBe(1);
      } finally {
        await a.close();
      }
    });
  });
}

contract('memory', () => memoryRateCounter());

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(!!redisUrl)('redis (TEST_REDIS_URL)', () => {
  contract('redis', () => redisRateCounter(redisUrl ?? '', `elearn-test:${process.pid}:`));

  it('two instances see one counter (login failures split across instances)', async () => {
    const one = redisRateCounter(redisUrl ?? '', 'elearn-test-shared:');
    const two = redisRateCounter(redisUrl ?? '', 'elearn-test-shared:');
    const key = `login:${Date.now()}`;
    try {
      for (let i = 0; i < 3; i++) await one.hit(key, 60);
      for (let i = 0; i < 2; i++) await two.hit(key, 60);
      expect((await one.peek(key)).count).toBe(5);
      expect((await two.hit(key, 60)).count).toBe(6);
    } finally {
      await one.clear(key);
      await one.close();
      await two.close();
    }
  });
});
