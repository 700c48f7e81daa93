import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { countText } from '@/rules/text-count';
import { db } from '@mocks/db';
import { NSFW_WORDS, RISK_WORDS, SENSITIVE_WORDS, SERVER_LIMITS } from '@mocks/handlers/worlds';
import { type Auth, call, post, session } from '@mocks/handlers/test-client';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { toEntryBody } from '@/rules/entry-draft';
import {
  checkEntry,
  checkForbiddenWord,
  checkTitle,
  emptyEntryDraft,
} from '@/rules/world-form-rules';

/**
 * Issue 4: every rule is checked at the field and again by the mock server. These properties
 * say the two agree: whatever the form lets through is not bounced by the server for its
 * shape (only moderation and the server's stricter description/background limits may refuse
 * it, and the form shows those at the field).
 */

const MODERATED = [...RISK_WORDS, ...SENSITIVE_WORDS, ...NSFW_WORDS];
const moderated = (texts: string[]) => texts.some((t) => MODERATED.some((w) => t.includes(w)));

// Mostly allowed characters (so valid drafts are common), some symbols the name rule
// refuses, spaces, and Latin words (counted once however long).
const piece = fc.oneof(
  { arbitrary: fc.constantFrom(...'林月白鹤剑山（）／・AbZ09'), weight: 8 },
  { arbitrary: fc.constantFrom(' ', '_', '-', '!', '·', '。', 'é', '😀'), weight: 1 },
  { arbitrary: fc.stringMatching(/^[a-z]{1,12}$/), weight: 2 },
);
const text = (maxPieces: number) =>
  fc.array(piece, { maxLength: maxPieces }).map((parts) => parts.join(''));

let auth: Auth;
let worldId: string;
beforeEach(async () => {
  auth = await session();
  worldId = db.worlds.all().find((w) => w.uid === AUTHOR_UID && !w.deleted)!.id;
});

describe('the world and entry forms agree with the mock server', () => {
  it('property: an entry the form accepts is created, unless moderated or over the server description limit', async () => {
    const sent = { normal: 0, character: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('normal' as const, 'character' as const),
        text(24),
        text(8),
        text(36),
        fc.array(fc.record({ name: text(6), tags: fc.array(text(4), { maxLength: 3 }) }), {
          maxLength: 10,
        }),
        async (type, name, description, target, relationships) => {
          const draft = {
            ...emptyEntryDraft(type),
            name,
            description,
            character_target: target,
            character_relationships: relationships.map((r) => ({
              name: r.name,
              locked: false,
              relationships: r.tags,
            })),
          };
          const body = toEntryBody(draft);
          const texts = [
            body.name,
            body.description,
            body.character_target ?? '',
            ...(body.character_relationships ?? []).map((r) => r.name),
          ];
          if (Object.keys(checkEntry(draft)).length > 0 || moderated(texts)) return;
          if (countText(description) > SERVER_LIMITS.description) return;
          const answer = await call('POST', `/api/v1/universes/${worldId}/entries`, {
            body,
            auth,
          });
          expect(answer.status, JSON.stringify({ body, answer: answer.body })).toBe(200);
          sent[type] += 1;
        },
      ),
      { numRuns: 120 },
    );
    // The generators reach the server with both kinds, not only with refused drafts.
    expect(sent.normal).toBeGreaterThan(0);
    expect(sent.character).toBeGreaterThan(0);
  });

  it('property: a world whose title and forbidden words the form accepts is created', async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        text(24),
        fc.array(text(4), { maxLength: 22 }),
        async (title, candidates) => {
          const words: string[] = [];
          for (const w of candidates) if (!checkForbiddenWord(w, words)) words.push(w.trim());
          if (checkTitle(title) || moderated([title, ...words])) return;
          const answer = await post(
            '/api/v1/universes',
            { title: title.trim(), background: '', forbidden_words: words, cover: '' },
            auth,
          );
          expect(answer.status, JSON.stringify({ title, words, answer: answer.body })).toBe(200);
          sent += 1;
        },
      ),
      { numRuns: 40 },
    );
    expect(sent).toBeGreaterThan(0);
  });
});
