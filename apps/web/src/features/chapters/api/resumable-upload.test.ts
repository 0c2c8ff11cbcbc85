import { describe, expect, it } from 'vitest';
import { formatDuration, formatSpeed, unfinishedUploads } from './resumable-upload';

describe('resumable upload helpers', () => {
  it('formats speed and time left', () => {
    expect(formatSpeed(12_345_678, 'de')).toBe('12 MB/s');
    expect(formatSpeed(2_500_000, 'en')).toBe('2.5 MB/s');
    expect(formatSpeed(2_500_000, 'de')).toBe('2,5 MB/s');
    expect(formatSpeed(850_000, 'en')).toBe('850 kB/s');
    expect(formatDuration(9)).toBe('0:09');
    expect(formatDuration(247)).toBe('4:07');
    expect(formatDuration(3909)).toBe('1:05:09');
    expect(formatDuration(-3)).toBe('0:00');
  });

  it('lists the remembered unfinished uploads of one chapter and kind only', async () => {
    localStorage.clear();
    const entry = (chapter: string, kind: string | undefined, name: string) =>
      JSON.stringify({
        size: 100,
        metadata: { chapter_id: chapter, filename: name, ...(kind ? { kind } : {}) },
        creationTime: new Date().toISOString(),
        uploadUrl: '/api/chapters/uploads/abcdefghijklmnopqrstuvwx',
      });
    localStorage.setItem('tus::a::1', entry('30', 'video', 'a.mp4'));
    localStorage.setItem('tus::b::1', entry('30', undefined, 'b.mp4'));
    localStorage.setItem('tus::c::1', entry('30', 'doc', 'c.pdf'));
    localStorage.setItem('tus::d::1', entry('31', 'video', 'd.mp4'));
    const videos = await unfinishedUploads(30, 'video');
    expect(videos.map((u) => u.metadata.filename).sort()).toEqual(['a.mp4', 'b.mp4']);
    expect((await unfinishedUploads(30, 'doc')).map((u) => u.metadata.filename)).toEqual(['c.pdf']);
    expect(await unfinishedUploads(32, 'video')).toEqual([]);
  });
});
