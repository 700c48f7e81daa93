import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '@/lib/i18n';
import { ReportDialog } from '@/components/social/report-dialog';
import { EmailLoginForm } from '@/features/auth/components/email-login-form';
import { PhoneLoginForm } from '@/features/auth/components/phone-login-form';
import { LeaveDialog } from '@/features/exploration/components/leave-dialog';
import { SaveDialog } from '@/features/exploration/components/save-dialog';
import { WordBackgroundPanel } from '@/features/exploration/components/world/word-background-panel';
import { WordForbiddenPanel } from '@/features/exploration/components/world/word-forbidden-panel';
import { NicknameDialog } from '@/features/profile/components/nickname-dialog';
import { CopyWorldDialog } from '@/features/worlds/components/copy-world-dialog';
import { CreateWorldDialog } from '@/features/worlds/components/create-world-dialog';
import { ChaptersDialog } from '@/features/writing/editor/components/chapters-dialog';
import { RecommendedUsers } from '@/components/social/recommended-users';
import { feedEmpty } from '@mocks/scenarios/social';
import { db } from '@mocks/db';
import { AUTHOR_EMAIL, AUTHOR_PHONE, AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';
import { renderApp, renderWithProviders, signedInState } from './render';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const AUTHOR_PASSWORD = 'inkworld2026';

/** The seeded author's latest chat game: its game, chat and world. */
function authorGame() {
  const game = db.chatGames
    .findMany((q) => q.where({ uid: AUTHOR_UID }))
    .sort((a, b) => b.updated_at - a.updated_at)[0];
  if (!game) throw new Error('the seed has no chat game of the author');
  const universe = db.chatUniverses.findFirst((q) => q.where({ game_id: game.id }))!;
  return { game, universe };
}

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });
const onJump = vi.fn();
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

interface Case {
  name: string;
  method: string;
  path: RegExp;
  /** Renders the form, fills it validly and returns the button that sends it. */
  open: () => Promise<HTMLElement>;
  /** Whether the send has settled; by default the button is gone or no longer busy. */
  settled?: (button: HTMLElement) => boolean;
}

const cases: Case[] = [
  {
    name: 'nickname dialog',
    method: 'PUT',
    path: /\/api\/v2\/self\/profile\/nickname$/,
    open: async () => {
      renderWithProviders(<NicknameDialog dialogId={1} onClose={vi.fn()} current="" />, {
        preloadedState: await signedInState(),
      });
      const dialog = within(await dialogNamed(t('account:nickname.title')));
      fill(await dialog.findByLabelText(t('account:nickname.label')), '墨客新名');
      await dialog.findByText(t('account:remaining', { remaining: 3, total: 3 }));
      return dialog.getByRole('button', { name: t('account:save') });
    },
  },
  {
    name: 'report dialog',
    method: 'POST',
    path: /\/api\/v1\/reports$/,
    open: async () => {
      const story = db.stories.findFirst((q) =>
        q.where((s) => s.share_status === 'square' && s.deleted_at === 0 && s.uid !== AUTHOR_UID),
      )!;
      const target = { kind: 'story' as const, id: story.share_id!, title: story.title };
      renderWithProviders(<ReportDialog dialogId={1} onClose={vi.fn()} target={target} />, {
        preloadedState: await signedInState(),
      });
      const dialog = within(
        await dialogNamed(t('social:report.titleOf.story', { title: story.title })),
      );
      fireEvent.click(dialog.getByRole('radio', { name: t('social:report.types.spam') }));
      return dialog.getByRole('button', { name: t('social:report.submit') });
    },
  },
  {
    name: 'e-mail login form',
    method: 'POST',
    path: /\/v2\/user\/email_login$/,
    open: async () => {
      renderWithProviders(
        <EmailLoginForm
          onLoggedIn={vi.fn()}
          onForgotPassword={vi.fn()}
          onCreateAccount={vi.fn()}
        />,
      );
      fill(await screen.findByLabelText(t('auth:email')), AUTHOR_EMAIL);
      fill(screen.getByLabelText(t('auth:password')), AUTHOR_PASSWORD);
      return screen.getByRole('button', { name: t('auth:submit') });
    },
  },
  {
    name: 'phone login: send code',
    method: 'POST',
    path: /\/v2\/user\/phone_message$/,
    open: async () => {
      renderWithProviders(<PhoneLoginForm onLoggedIn={vi.fn()} />);
      fill(await screen.findByLabelText(t('auth:phone')), AUTHOR_PHONE);
      return screen.getByRole('button', { name: t('auth:sendCode') });
    },
    // Sent: the button counts down to the next send.
    settled: (button) => button.textContent !== t('auth:sendCode'),
  },
  {
    name: 'copy-world dialog',
    method: 'POST',
    path: /\/api\/v1\/universes$/,
    open: async () => {
      const source = db.worlds
        .all()
        .find((w) => w.uid !== AUTHOR_UID && w.share_status === 'square')!;
      renderWithProviders(<CopyWorldDialog onClose={vi.fn()} initialShareId={source.share_id} />, {
        preloadedState: await signedInState(),
        route: '/dashboard/worlds',
      });
      const dialog = within(await dialogNamed(t('worlds:copy.title')));
      return dialog.getByRole('button', { name: t('worlds:copy.submit') });
    },
  },
  {
    name: 'exploration world background',
    method: 'PUT',
    path: /\/api\/v2\/chats\/[^/]+\/universe\/background$/,
    open: async () => {
      const { game, universe } = authorGame();
      renderWithProviders(
        <WordBackgroundPanel chatId={game.chat_id} background={universe.background} />,
        { preloadedState: await signedInState() },
      );
      fill(
        await screen.findByLabelText(t('exploration:world.background')),
        `${universe.background}。雨夜。`,
      );
      return screen.getByRole('button', { name: t('exploration:world.save') });
    },
  },
  {
    name: 'exploration forbidden word',
    method: 'POST',
    path: /\/api\/v2\/chats\/[^/]+\/universe\/forbidden_words$/,
    open: async () => {
      const { game } = authorGame();
      renderWithProviders(<WordForbiddenPanel chatId={game.chat_id} words={[]} />, {
        preloadedState: await signedInState(),
      });
      fill(await screen.findByLabelText(t('exploration:world.newWord')), '雷雨');
      return screen.getByRole('button', { name: t('exploration:world.addWord') });
    },
  },
  {
    name: 'save dialog',
    method: 'POST',
    path: /\/api\/v2\/chat_games\/[^/]+\/chat_archives$/,
    open: async () => {
      const { game } = authorGame();
      renderWithProviders(<SaveDialog gameId={game.id} onClose={vi.fn()} />, {
        preloadedState: await signedInState(),
      });
      const dialog = within(await dialogNamed(t('exploration:savePoints.saveTitle')));
      fill(dialog.getByLabelText(t('exploration:savePoints.titleLabel')), '雨夜之前');
      return dialog.getByRole('button', { name: t('exploration:savePoints.save') });
    },
  },
  {
    name: 'leave dialog (save and leave)',
    method: 'POST',
    path: /\/api\/v2\/chat_games\/[^/]+\/chat_archives$/,
    open: async () => {
      const { game } = authorGame();
      renderWithProviders(<LeaveDialog gameId={game.id} onStay={vi.fn()} onLeave={vi.fn()} />, {
        preloadedState: await signedInState(),
      });
      const dialog = within(await dialogNamed(t('exploration:leave.title')));
      return dialog.getByRole('button', { name: t('exploration:leave.saveAndLeave') });
    },
  },
  {
    name: 'create-world dialog',
    method: 'POST',
    path: /\/api\/v1\/universes$/,
    open: async () => {
      renderWithProviders(<CreateWorldDialog onClose={vi.fn()} />, {
        preloadedState: await signedInState(),
        route: '/dashboard/worlds',
      });
      const dialog = within(await dialogNamed(t('worlds:create.title')));
      fill(dialog.getByLabelText(t('worlds:fields.title')), '雨城');
      fill(dialog.getByLabelText(t('worlds:fields.background')), '一座终年下雨的城市。');
      return dialog.getByRole('button', { name: t('worlds:create.submit') });
    },
  },
  {
    name: 'chapters dialog (new chapter)',
    method: 'POST',
    path: /\/api\/v1\/stories\/[^/]+\/chapters$/,
    open: async () => {
      const chapter = db.chapters.findFirst((q) => q.where({ story_id: 'n_lcygh4duya' }))!;
      renderWithProviders(
        <ChaptersDialog
          storyId={chapter.story_id}
          currentId={chapter.id}
          currentName={chapter.name}
          onJump={onJump}
          onRenameCurrent={vi.fn()}
          onClose={vi.fn()}
        />,
        { preloadedState: await signedInState() },
      );
      const dialog = within(await dialogNamed(t('writing:editor.chapters.title')));
      const add = await dialog.findByRole('button', { name: t('writing:editor.chapters.add') });
      await waitFor(() => expect(add).toBeEnabled());
      fireEvent.click(add);
      fill(dialog.getByLabelText(t('writing:editor.chapters.newName')), '第二夜');
      return dialog.getByRole('button', { name: t('writing:editor.chapters.create') });
    },
    // The form stays busy once created: the editor jumps to the new chapter.
    settled: () => onJump.mock.calls.length > 0,
  },
  {
    name: 'new story (title dialog)',
    method: 'POST',
    path: /\/api\/v1\/stories$/,
    open: async () => {
      renderApp('/dashboard/novels', { preloadedState: await signedInState() });
      fireEvent.click(await screen.findByRole('button', { name: t('stories:list.create') }));
      const dialog = within(await dialogNamed(t('stories:list.createHeading')));
      fill(dialog.getByLabelText(t('stories:list.titleLabel')), '雨夜');
      return dialog.getByRole('button', { name: t('stories:list.createSubmit') });
    },
  },
  {
    name: 'recommended users (follow all)',
    method: 'POST',
    path: /\/api\/v2\/follow_all_recommend_user$/,
    open: async () => {
      await feedEmpty();
      renderWithProviders(<RecommendedUsers lead="你还没有关注任何人" onFollowed={vi.fn()} />, {
        route: '/',
        preloadedState: await signedInState(),
      });
      return screen.findByRole('button', { name: t('social:recommend.followAll') });
    },
  },
];

const notBusy = (button: HTMLElement) =>
  !button.isConnected || button.getAttribute('aria-busy') !== 'true';

describe('a form that writes sends once, however fast it is submitted twice', () => {
  const seen: string[] = [];
  const record = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  beforeEach(() => {
    seen.length = 0;
    onJump.mockClear();
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });

  it.each(cases)('$name', async ({ method, path, open, settled = notBusy }) => {
    const button = await open();
    const sent = () =>
      seen.filter((s) => s.startsWith(`${method} `) && path.test(s.slice(method.length + 1)));
    // Two clicks in the same frame: React has not re-rendered the button disabled in between.
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitFor(() => expect(sent().length).toBeGreaterThan(0));
    // Settled: the button is gone (the dialog closed) or no longer busy.
    await waitFor(() => expect(settled(button)).toBe(true));
    expect(sent()).toHaveLength(1);
  });
});
