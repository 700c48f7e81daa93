import type { RequestHandler, WebSocketHandler } from 'msw';
import {
  codeExpired,
  codeTooFrequent,
  codeWrong,
  oauthDenied,
  oauthTicketExpired,
  oauthUnsafeAddress,
  passwordWrong,
} from './auth';
import {
  chatLong,
  chatReplyFails,
  chatStreamDrops,
  dialoguePowerEmpty,
  explorationEmpty,
  modelDeleted,
  modelPaused,
  transAckFails,
  transPending,
} from './exploration';
import { networkDown, serverError, slowNetwork } from './faults';
import {
  allowanceClaimed,
  freeZeroPower,
  newUser,
  orderExpiresFast,
  paymentFails,
  vipNosub,
  vipSub,
} from './payment';
import {
  banned,
  loginStateError,
  phoneUnbound,
  refreshFails,
  signedIn,
  tokenExpired,
  tokenExpiringSoon,
  userLookupFails,
  type ClientSession,
} from './session';
import { socketDrops } from '../handlers/socket';
import {
  uploadMaintenance,
  uploadNeverFinishes,
  uploadSensitive,
  uploadTooFrequent,
  uploadTooLarge,
} from './upload';
import {
  recycleExpiring,
  recycleListFails,
  storiesEmpty,
  storiesListFails,
  storyBanned,
} from './stories';
import {
  aiDisabled,
  labClosed,
  power1000,
  powerEmpty,
  riskHits,
  saveFails,
  streamDrops,
} from './writing';
import { feedEmpty, followLimit, manyFans, reportLimit, squareEmpty, squareFails } from './social';
import {
  entriesListFails,
  glossaryEmpty,
  worldBanned,
  worldsEmpty,
  worldsListFails,
  worldsMany,
  worldsPending,
} from './worlds';

/**
 * The named scenarios of the demo (`?scenario=a,b` in the URL), listed in docs/scenarios.md.
 * - `fault` scenarios swap in failing handlers and are remembered across reloads until cleared;
 * - `state` scenarios change the mock database once, when named in the URL.
 */
export type ScenarioDef =
  | { kind: 'fault'; handlers: () => Array<RequestHandler | WebSocketHandler> }
  | { kind: 'state'; apply: () => Promise<ClientSession | void> };

export const SCENARIOS = {
  'network-down': { kind: 'fault', handlers: networkDown },
  'server-500': { kind: 'fault', handlers: serverError },
  'slow-network': { kind: 'fault', handlers: () => slowNetwork() },
  'signed-in': { kind: 'state', apply: () => signedIn() },
  'token-expiring-soon': { kind: 'state', apply: () => tokenExpiringSoon() },
  'token-expired': { kind: 'state', apply: () => tokenExpired() },
  banned: { kind: 'state', apply: () => banned() },
  'phone-unbound': { kind: 'state', apply: () => phoneUnbound() },
  'user-lookup-fails': { kind: 'state', apply: () => userLookupFails() },
  'refresh-fails': { kind: 'fault', handlers: refreshFails },
  'login-state-error': { kind: 'fault', handlers: loginStateError },
  'socket-drop': { kind: 'fault', handlers: () => socketDrops() },
  'save-fails': { kind: 'fault', handlers: saveFails },
  'stream-drops': { kind: 'fault', handlers: streamDrops },
  'ai-disabled': { kind: 'fault', handlers: aiDisabled },
  'lab-closed': { kind: 'fault', handlers: labClosed },
  'power-empty': { kind: 'state', apply: () => powerEmpty() },
  'power-1000': { kind: 'state', apply: () => power1000() },
  'risk-warned': { kind: 'state', apply: () => riskHits(2) },
  'risk-suspended': { kind: 'state', apply: () => riskHits(5) },
  'upload-sensitive': { kind: 'fault', handlers: uploadSensitive },
  'upload-never-finishes': { kind: 'fault', handlers: uploadNeverFinishes },
  'upload-too-large': { kind: 'fault', handlers: uploadTooLarge },
  'upload-maintenance': { kind: 'fault', handlers: uploadMaintenance },
  'upload-too-frequent': { kind: 'fault', handlers: uploadTooFrequent },
  'code-wrong': { kind: 'fault', handlers: codeWrong },
  'code-expired': { kind: 'fault', handlers: codeExpired },
  'password-wrong': { kind: 'fault', handlers: passwordWrong },
  'code-too-frequent': { kind: 'fault', handlers: () => codeTooFrequent() },
  'oauth-denied': { kind: 'fault', handlers: oauthDenied },
  'oauth-unsafe-address': { kind: 'fault', handlers: oauthUnsafeAddress },
  'oauth-ticket-expired': { kind: 'fault', handlers: oauthTicketExpired },
  'stories-empty': { kind: 'state', apply: () => storiesEmpty() },
  'stories-list-fails': { kind: 'fault', handlers: storiesListFails },
  'recycle-list-fails': { kind: 'fault', handlers: recycleListFails },
  'recycle-expiring': { kind: 'state', apply: () => recycleExpiring() },
  'story-banned': { kind: 'state', apply: () => storyBanned() },
  'worlds-empty': { kind: 'state', apply: () => worldsEmpty() },
  'worlds-many': { kind: 'state', apply: () => worldsMany() },
  'world-banned': { kind: 'state', apply: () => worldBanned() },
  'worlds-list-fails': { kind: 'fault', handlers: worldsListFails },
  'glossary-empty': { kind: 'state', apply: () => glossaryEmpty() },
  'entries-list-fails': { kind: 'fault', handlers: entriesListFails },
  'worlds-pending': { kind: 'fault', handlers: worldsPending },
  'feed-empty': { kind: 'state', apply: () => feedEmpty() },
  'follow-limit': { kind: 'state', apply: () => followLimit() },
  'square-fails': { kind: 'fault', handlers: squareFails },
  'square-empty': { kind: 'state', apply: () => squareEmpty() },
  'report-limit': { kind: 'state', apply: () => reportLimit() },
  'many-fans': { kind: 'state', apply: () => manyFans() },
  'free-zero-power': { kind: 'state', apply: () => freeZeroPower() },
  'vip-sub': { kind: 'state', apply: () => vipSub() },
  'vip-nosub': { kind: 'state', apply: () => vipNosub() },
  'new-user': { kind: 'state', apply: () => newUser() },
  'allowance-claimed': { kind: 'state', apply: () => allowanceClaimed() },
  'payment-fails': { kind: 'fault', handlers: paymentFails },
  'order-expires-fast': { kind: 'fault', handlers: orderExpiresFast },
  'exploration-empty': { kind: 'state', apply: async () => explorationEmpty() },
  'chat-long': { kind: 'state', apply: async () => void (await chatLong()) },
  'model-paused': { kind: 'state', apply: () => modelPaused() },
  'model-deleted': { kind: 'state', apply: () => modelDeleted() },
  'dialogue-power-empty': { kind: 'state', apply: () => dialoguePowerEmpty() },
  'chat-stream-drops': { kind: 'fault', handlers: chatStreamDrops },
  'chat-reply-fails': { kind: 'fault', handlers: chatReplyFails },
  'trans-pending': { kind: 'state', apply: () => transPending() },
  'trans-ack-fails': { kind: 'fault', handlers: transAckFails },
} satisfies Record<string, ScenarioDef>;

export type ScenarioName = keyof typeof SCENARIOS;

export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(SCENARIOS, name);
}

/** Parses `?scenario=a,b`; unknown names are reported, not silently dropped. */
export function parseScenarioParam(value: string | null): {
  names: ScenarioName[];
  unknown: string[];
} {
  const names: ScenarioName[] = [];
  const unknown: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const name = raw.trim();
    if (!name) continue;
    if (isScenarioName(name)) {
      if (!names.includes(name)) names.push(name);
    } else unknown.push(name);
  }
  return { names, unknown };
}

export function faultHandlers(
  names: readonly ScenarioName[],
): Array<RequestHandler | WebSocketHandler> {
  return names.flatMap((n) => {
    const def: ScenarioDef = SCENARIOS[n];
    return def.kind === 'fault' ? def.handlers() : [];
  });
}

/** Applies the state scenarios in order; returns the last client session one of them opened. */
export async function applyStateScenarios(
  names: readonly ScenarioName[],
): Promise<ClientSession | null> {
  let session: ClientSession | null = null;
  for (const n of names) {
    const def: ScenarioDef = SCENARIOS[n];
    if (def.kind !== 'state') continue;
    const result = await def.apply();
    if (result) session = result;
  }
  return session;
}

export { networkDown, serverError, slowNetwork, signedIn, tokenExpired, tokenExpiringSoon };
export {
  codeExpired,
  codeTooFrequent,
  codeWrong,
  oauthDenied,
  oauthTicketExpired,
  oauthUnsafeAddress,
  passwordWrong,
};
export { aiDisabled, labClosed, powerEmpty, saveFails, streamDrops };
export {
  entriesListFails,
  glossaryEmpty,
  worldBanned,
  worldsEmpty,
  worldsListFails,
  worldsMany,
  worldsPending,
};
export { feedEmpty, followLimit, manyFans, reportLimit, squareEmpty, squareFails };
