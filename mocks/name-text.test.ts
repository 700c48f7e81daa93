import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { AUTHOR_UID } from './seed-ids';
import { type Auth, call, expectError, get, post, session } from './handlers/test-client';

// Issue 12 item 9: bidi controls never reach stored names, whatever the client sent.
const RLO = '\u202E';
const PDF = '\u202C';
const LRI = '\u2066';
const PDI = '\u2069';

let auth: Auth;
beforeEach(async () => {
  auth = await session();
});

const put = (path: string, body: unknown) => call('PUT', path, { body, auth });
const world = () => db.worlds.all().find((w) => w.uid === AUTHOR_UID && !w.deleted)!;
const CHAPTER = 'c_e810wl79lf'; // the author's

describe('names are stored without bidi controls', () => {
  it('story titles and chapter names', async () => {
    const story = await post('/api/v1/stories', { title: `${RLO}gnp.exe${PDF}` }, auth);
    expect(story.status).toBe(200);
    expect(db.stories.findFirst((q) => q.where({ id: story.body.id }))!.title).toBe('gnp.exe');
    const chapter = await post(
      `/api/v1/stories/${story.body.id}/chapters`,
      { name: `${LRI}第一章${PDI}` },
      auth,
    );
    expect(chapter.status).toBe(200);
    expect(db.chapters.findFirst((q) => q.where({ id: chapter.body.id }))!.name).toBe('第一章');
  });

  it('world titles, forbidden words, entry names, goals and relationships', async () => {
    const created = await post(
      '/api/v1/universes',
      { title: `${RLO}新世界`, background: '', forbidden_words: [`手${RLO}机`], cover: '' },
      auth,
    );
    expect(created.status).toBe(200);
    const stored = db.worlds.findFirst((q) => q.where({ id: created.body.id }))!;
    expect(stored.title).toBe('新世界');
    expect(stored.forbidden_words.map((w) => w.word)).toEqual(['手机']);

    const entry = await post(
      `/api/v1/universes/${world().id}/entries`,
      {
        name: `林${RLO}月`,
        description: '剑客。',
        type: 'character',
        character_target: `${LRI}找到师父${PDI}`,
        character_relationships: [
          { name: `白${RLO}鹤`, locked: false, relationships: [`师${RLO}徒`] },
        ],
      },
      auth,
    );
    expect(entry.status).toBe(200);
    const e = db.entries.findFirst((q) => q.where({ id: entry.body.id }))!;
    expect(e.name).toBe('林月');
    expect(e.character_target).toBe('找到师父');
    expect(e.character_relationships[0]).toMatchObject({ name: '白鹤', relationships: ['师徒'] });
  });

  it('a title of nothing but bidi controls is blank (42241 / 42204)', async () => {
    expectError(await post('/api/v1/stories', { title: `${RLO}${PDF}` }, auth), 42241);
    expectError(
      await post(
        '/api/v1/universes',
        { title: `${RLO} `, background: '', forbidden_words: [], cover: '' },
        auth,
      ),
      42204,
    );
  });

  it('nicknames', async () => {
    const res = await put('/api/v2/self/profile/nickname', { nickname: `${RLO}Alice${PDF}` });
    expect(res.status).toBe(200);
    expect(db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.nickname).toBe('Alice');
  });
});

describe('PUT /api/v1/chapters/{id}/content applies the chapter-name rule', () => {
  const path = `/api/v1/chapters/${CHAPTER}/content`;
  const base = async () => (await get(path, auth)).body.updated_at as number;

  it('refuses a blank or whitespace-only name (42241) and one over 30 (42204)', async () => {
    expectError(await put(path, { content: 'x', name: '', base_updated_at: await base() }), 42241);
    expectError(
      await put(path, { content: 'x', name: ' \u3000 ', base_updated_at: await base() }),
      42241,
    );
    expectError(
      await put(path, { content: 'x', name: '章'.repeat(31), base_updated_at: await base() }),
      42204,
    );
    expectError(
      await put(path, { content: 'x', name: 'x'.repeat(1_000_000), base_updated_at: await base() }),
      42204,
    );
  });

  it('stores 30 counted characters, trimmed and without bidi controls', async () => {
    const res = await put(path, {
      content: 'x',
      name: ` ${RLO}${'章'.repeat(30)} `,
      base_updated_at: await base(),
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('章'.repeat(30));
  });
});
