import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { PDF, SAMPLE_WEBM, seminarFixtures } from '../../test/fixtures.ts';

/** Range requests on the media routes follow RFC 9110 §14 (issue 11 item 5). */
describe('range requests on media', () => {
  let t: TestApp;
  let student: Agent;
  let docUrl: string;
  let videoUrl: string;
  let video: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const s = await t.make.user();
    student = await t.loginAs(s.email);
    const seminar = await fx.seminar(trainer.id, { bookedBy: [s.id] });
    const chapter = await fx.chapter(seminar.id);
    docUrl = `/api/chapters/doc/${(await fx.doc(chapter.id)).id}/download`;
    videoUrl = `/api/chapters/video/${(await fx.video(chapter.id)).id}/stream`;
    video = await readFile(SAMPLE_WEBM);
  });
  afterAll(() => t.close());

  it('ignores a range unit it does not know: 200 with the whole file', async () => {
    for (const range of ['items=0-5', 'pages=1-2', 'bytes 0-5']) {
      const res = await student.get(docUrl, { headers: { range } });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers['content-range']).toBeUndefined();
    }
  });

  it('answers a satisfiable multi-range with 206 multipart/byteranges, parts in the order asked', async () => {
    const res = await student.get(docUrl, { headers: { range: 'bytes=0-1, 4-5' } });
    expect(res.statusCode).toBe(206);
    const type = String(res.headers['content-type']);
    const boundary = /^multipart\/byteranges; boundary=(\S+)$/.exec(type)?.[1];
    expect(boundary).toBeTruthy();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const body = res.rawPayload.toString('latin1');
    const expected =
      `--${boundary}\r\nContent-Type: application/pdf\r\nContent-Range: bytes 0-1/${PDF.length}\r\n\r\n` +
      `${PDF.subarray(0, 2).toString('latin1')}\r\n` +
      `--${boundary}\r\nContent-Type: application/pdf\r\nContent-Range: bytes 4-5/${PDF.length}\r\n\r\n` +
      `${PDF.subarray(4, 6).toString('latin1')}\r\n--${boundary}--\r\n`;
    expect(body).toBe(expected);

    const reversed = await student.get(videoUrl, { headers: { range: `bytes=-4,0-2` } });
    expect(reversed.statusCode).toBe(206);
    const text = reversed.rawPayload.toString('latin1');
    expect(text.indexOf(`bytes ${video.length - 4}-${video.length - 1}/${video.length}`)).toBeLessThan(
      text.indexOf(`bytes 0-2/${video.length}`),
    );
  });

  it('serves one satisfiable range of several as a single 206', async () => {
    const res = await student.get(videoUrl, { headers: { range: `bytes=10-19, ${video.length + 5}-` } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-19/${video.length}`);
    expect(res.rawPayload.equals(video.subarray(10, 20))).toBe(true);
  });

  it('sends the whole file for overlapping ranges, and 416 when nothing is satisfiable', async () => {
    const overlap = await student.get(docUrl, { headers: { range: 'bytes=0-5, 3-8' } });
    expect(overlap.statusCode).toBe(200);
    expect(overlap.rawPayload.equals(PDF)).toBe(true);
    const none = await student.get(docUrl, {
      headers: { range: `bytes=${PDF.length}-, ${PDF.length + 9}-` },
    });
    expect(none.statusCode).toBe(416);
    expect(none.headers['content-range']).toBe(`bytes */${PDF.length}`);
    expect(none.json().code).toBe('media.range');
  });
});
