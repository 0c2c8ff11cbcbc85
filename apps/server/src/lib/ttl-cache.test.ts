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
