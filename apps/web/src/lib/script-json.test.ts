import { describe, expect, it } from 'vitest';
import { scriptJson } from './script-json';

describe('scriptJson', () => {
  it('never ends its script element or opens a comment, and parses back to the same value', () => {
    const value = { title: '</script><script>alert(1)</script><!-- & \u2028 \u2029 >', n: 1 };
    const text = scriptJson(value);
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
