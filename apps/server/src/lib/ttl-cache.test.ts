import { describe, expect, it } from 'vitest';
import { localCacheBus } from './cache-bus.ts';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('keeps a value for its lifetime, and not a value `keep` refuses', async () => {
    let now = 0;
    const cache = new TtlCache<string>(1000, 10, () => now);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get('a', load)).toBe('v1');
    expect(await cache.get('a', load)).toBe('v1');
    now = 1000;
    expect(await cache.get('a', load)).toBe('v2');
    // refused values are returned, never kept
    expect(await cache.get('b', load, () => false)).toBe('v3');
    expect(await cache.get('b', load, () => false)).toBe('v4');
  });

  it('is dropped by its own topic and by every topic it follows, in this process too', async () => {
    const bus = localCacheBus();
    const cache = new TtlCache<number>(60_000, 10, Date.now, { bus, topic: 'pages', follows: ['seminars'] });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('x', load);
    expect(await cache.get('x', load)).toBe(1);
    bus.publish('seminars');
    expect(await cache.get('x', load)).toBe(2);
    bus.publish('other');
    expect(await cache.get('x', load)).toBe(2);
    bus.publish('pages');
    expect(await cache.get('x', load)).toBe(3);
    await bus.close();
  });
});

describe('TtlCache loads', () => {
  it('loads a key once for callers that ask at the same time; a value not to be kept is loaded per caller', async () => {
    const cache = new TtlCache<string>(1000, 10);
    let loads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = async () => {
      loads++;
      await gate;
      return `v${loads}`;
    };
    const both = Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    release();
    expect(await both).toEqual(['v1', 'v1', 'v1']);
    expect(loads).toBe(1);
    loads = 0;
    const mine = (n: number) => async () => {
      loads++;
      return `mine${n}`;
    };
    const refused = await Promise.all([
      cache.get('b', mine(1), () => false),
      cache.get('b', mine(2), () => false),
    ]);
    expect(refused).toEqual(['mine1', 'mine2']);
    expect(loads).toBe(2);
  });
});

describe('TtlCache serving stale entries', () => {
  it('answers an entry past its lifetime while one load replaces it, but never one a change dropped', async () => {
    let now = 0;
    const bus = localCacheBus();
    const cache = new TtlCache<string>(1000, 10, () => now, { bus, topic: 'pages' }, true);
    let loads = 0;
    let release: () => void = () => {};
    const load = async () => {
      loads++;
      if (loads > 1)
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      return `v${loads}`;
    };
    expect(await cache.get('a', load)).toBe('v1');
    now = 5000;
    // past its lifetime: the old value at once, one load in the background
    expect(await cache.get('a', load)).toBe('v1');
    expect(await cache.get('a', load)).toBe('v1');
    expect(loads).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('a', load)).toBe('v2');
    // a change drops it: the next caller waits for a fresh load
    bus.publish('pages');
    const fresh = cache.get('a', load);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    expect(await fresh).toBe('v3');
    await bus.close();
  });
});
