import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFinished, openTusStore, parseMetadata, type TusStore, UPLOAD_EXPIRY_MS } from './tus-store.ts';

describe('parseMetadata', () => {
  it('reads base64 pairs, an empty value and nothing; refuses a malformed header', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    expect(parseMetadata(`filename ${b64('talk.webm')},kind ${b64('doc')}, flag`)).toEqual({
      filename: 'talk.webm',
      kind: 'doc',
      flag: '',
    });
    expect(parseMetadata(undefined)).toEqual({});
    expect(parseMetadata('a b c')).toBeNull();
    expect(parseMetadata('bad key! eA==')).toBeNull();
    expect(parseMetadata('key no*base64')).toBeNull();
  });
});

describe('the local tus store', () => {
  let dir: string;
  let store: TusStore;
  const tus = () => path.join(dir, 'tus');
  const upload = async (id: string, created: number, body = 'bytes') => {
    await writeFile(path.join(tus(), id), body);
    await writeFile(
      path.join(tus(), `${id}.json`),
      JSON.stringify({ creation_date: new Date(created).toISOString() }),
    );
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tus-store-'));
    store = await openTusStore(dir, undefined);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('sweeps uploads created before the expiry and stray files by their age, keeps the rest', async () => {
    const now = Date.now();
    await upload('old-upload', now - UPLOAD_EXPIRY_MS - 1000);
    await upload('new-upload', now);
    await writeFile(path.join(tus(), 'stray'), 'x');
    const long = (now - UPLOAD_EXPIRY_MS - 1000) / 1000;
    await utimes(path.join(tus(), 'stray'), long, long);
    expect(await store.sweep(now)).toBe(2);
    expect((await readdir(tus())).sort()).toEqual(['new-upload', 'new-upload.json']);
    await store.drop('new-upload');
    expect(await readdir(tus())).toEqual([]);
  });

  it('opens a finished upload as a stream with a link to adopt, which release removes', async () => {
    await upload('finished', Date.now(), 'all the bytes');
    const file = await openFinished(store, 'finished');
    expect(await text(file.stream)).toBe('all the bytes');
    expect(file.adoptFrom).toBe(path.join(tus(), 'finished.finishing'));
    expect((await readdir(tus())).sort()).toEqual(['finished', 'finished.finishing', 'finished.json']);
    await file.release();
    expect((await readdir(tus())).sort()).toEqual(['finished', 'finished.json']);
    await store.drop('finished');
  });
});
