import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MP4, SAMPLE_WEBM } from '../test/fixtures.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { type FileStore, putFile } from './file-store.ts';
import { openFileStore } from './open-file-store.ts';
import { readVideoSeconds, secondsOf } from './video-duration.ts';

/** the sample MP4 rearranged as a camera writes it: ftyp, a large mdat, then moov (no "fast start") */
async function cameraMp4(): Promise<Buffer> {
  const mp4 = await readFile(SAMPLE_MP4);
  const boxes = new Map<string, Buffer>();
  for (let p = 0; p < mp4.length; p += mp4.readUInt32BE(p)) {
    boxes.set(mp4.toString('latin1', p + 4, p + 8), mp4.subarray(p, p + mp4.readUInt32BE(p)));
  }
  const media = Buffer.concat([boxes.get('mdat')!.subarray(8), Buffer.alloc(8 * 1024 * 1024)]);
  const mdatHead = Buffer.alloc(8);
  mdatHead.writeUInt32BE(media.length + 8);
  mdatHead.write('mdat', 4, 'latin1');
  return Buffer.concat([boxes.get('ftyp')!, mdatHead, media, boxes.get('moov')!]);
}

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3(['elearn-lengths']);
  dir = await mkdtemp(path.join(tmpdir(), 'video-duration-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const backends = [
  { name: 'local disk', open: () => openFileStore(undefined, dir) },
  {
    name: 'S3',
    open: () =>
      openFileStore(
        { ...s3.settings('elearn-lengths'), prefix: `run-${randomBytes(4).toString('hex')}/` },
        '',
      ),
  },
];

describe.each(backends)('readVideoSeconds on the $name (issue 34)', (backend) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await backend.open();
    await putFile(store, 'videos/sample.webm', await readFile(SAMPLE_WEBM));
    await putFile(store, 'videos/sample.mp4', await readFile(SAMPLE_MP4));
    await putFile(
      store,
      'videos/garbage.mp4',
      Buffer.from('not a video at all, only some text '.repeat(100)),
    );
    await putFile(store, 'videos/empty.webm', Buffer.alloc(0));
    // the sample's first kilobytes: a header that promises more than the file holds
    await putFile(store, 'videos/cut.mp4', (await readFile(SAMPLE_MP4)).subarray(0, 2048));
    await putFile(store, 'videos/camera.mp4', await cameraMp4());
  });
  afterAll(async () => {
    for (const k of ['sample.webm', 'sample.mp4', 'garbage.mp4', 'empty.webm', 'cut.mp4', 'camera.mp4']) {
      await store.remove(`videos/${k}`);
    }
    await store.close();
  });

  it("reads the sample WebM's length (5.008 s) as 5 seconds", async () => {
    expect(await readVideoSeconds(store, 'videos/sample.webm', 'video/webm')).toBe(5);
  });
  it("reads the sample MP4's length, with or without the MIME type", async () => {
    expect(await readVideoSeconds(store, 'videos/sample.mp4', 'video/mp4')).toBe(5);
    expect(await readVideoSeconds(store, 'videos/sample.mp4')).toBe(5);
  });
  it("reads a camera's MP4 (moov after 8 MB of media data) by ranges: the media data is skipped", async () => {
    let bytes = 0;
    // the real store, counting the bytes it hands out
    const counting: FileStore = Object.assign(Object.create(store) as FileStore, {
      read: async (key: string, range?: { start: number; end: number }) => {
        const stream = await store.read(key, range);
        stream.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        return stream;
      },
    });
    expect(await readVideoSeconds(counting, 'videos/camera.mp4', 'video/mp4')).toBe(5);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(1024 * 1024);
  });
  it('answers null, never throws, for a garbage, empty, cut or missing file', async () => {
    expect(await readVideoSeconds(store, 'videos/garbage.mp4', 'video/mp4')).toBeNull();
    expect(await readVideoSeconds(store, 'videos/empty.webm', 'video/webm')).toBeNull();
    expect(await readVideoSeconds(store, 'videos/cut.mp4', 'video/mp4')).toBeNull();
    expect(await readVideoSeconds(store, 'videos/missing.webm', 'video/webm')).toBeNull();
  });
});

describe('secondsOf', () => {
  it('rounds to whole seconds, at least 1; no length, NaN or an absurd one is null', () => {
    expect(secondsOf(5.5)).toBe(6);
    expect(secondsOf(0.2)).toBe(1);
    expect(secondsOf(0)).toBeNull();
    expect(secondsOf(undefined)).toBeNull();
    expect(secondsOf(Number.NaN)).toBeNull();
    expect(secondsOf(Number.POSITIVE_INFINITY)).toBeNull();
    expect(secondsOf(1e12)).toBeNull();
  });
});
