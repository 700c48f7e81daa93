import { describe, expect, it } from 'vitest';
import { FEEDBACK_PER_DAY, FEEDBACK_TEXT_MAX } from '@/rules/feedback';
import { clock } from '../clock';
import { db } from '../db';
import { type Answer, expectError, post, session } from './test-client';

const send = async (body: unknown, auth?: Awaited<ReturnType<typeof session>>): Promise<Answer> =>
  post('/api/v1/feedback', body, auth ?? (await session()));

describe('POST /api/v1/feedback', () => {
  it('keeps an appeal and answers its id', async () => {
    const auth = await session();
    const answer = await send({ category: 'appeal', content: '  我没有输入违规内容  ' }, auth);
    expect(answer.status).toBe(200);
    const body = answer.body as { feedback_id: string; created_at: number };
    expect(body.feedback_id).toMatch(/^fb_/);
    const row = db.feedback.findFirst((q) => q.where({ id: body.feedback_id }));
    expect(row).toMatchObject({ category: 'appeal', content: '我没有输入违规内容' });
    expect(row?.created_at).toBe(body.created_at);
  });

  it('needs a login', async () => {
    expectError(await post('/api/v1/feedback', { category: 'bug', content: 'x' }), 40103, 401);
  });

  it('refuses a blank text, an unknown category, and a text over the limit', async () => {
    const auth = await session();
    expectError(await send({ category: 'bug', content: '   ' }, auth), 42200);
    expectError(await send({ category: 'praise', content: '好' }, auth), 42200);
    expectError(await send({ content: '好' }, auth), 42200);
    expectError(
      await send({ category: 'bug', content: '字'.repeat(FEEDBACK_TEXT_MAX + 1) }, auth),
      42244,
    );
    expect(
      (await send({ category: 'bug', content: '字'.repeat(FEEDBACK_TEXT_MAX) }, auth)).status,
    ).toBe(200);
    expect(db.feedback.findMany()).toHaveLength(1);
  });

  it('takes the same text once a day and at most 5 a day, again the next day', async () => {
    const auth = await session();
    expect((await send({ category: 'other', content: '第 0 条' }, auth)).status).toBe(200);
    expectError(await send({ category: 'appeal', content: '第 0 条' }, auth), 42245);
    for (let i = 1; i < FEEDBACK_PER_DAY; i += 1)
      expect((await send({ category: 'other', content: `第 ${i} 条` }, auth)).status).toBe(200);
    expectError(await send({ category: 'other', content: '再来一条' }, auth), 40324);
    clock.shift(86_400_000);
    expect((await send({ category: 'other', content: '第 0 条' }, auth)).status).toBe(200);
  });
});
