import { cashierHandlers } from '../cashier';
import { accountHandlers } from './account';
import { chargingHandlers } from './charging';
import { eventsHandlers } from './events';
import { explorationHandlers } from './exploration';
import { feedbackHandlers } from './feedback';
import { paymentHandlers } from './payment';
import { profileHandlers } from './profile';
import { settingsHandlers } from './settings';
import { socialHandlers } from './social';
import { squareHandlers } from './square';
import { socketHandlers } from './socket';
import { uploadHandlers } from './upload';
import { storiesHandlers } from './stories';
import { worldsHandlers } from './worlds';
import { writingHandlers } from './writing';

/** Every handler of the mock backend, shared by the browser worker, Vitest and Storybook. */
export const handlers = [
  ...accountHandlers,
  ...feedbackHandlers,
  ...profileHandlers,
  ...settingsHandlers,
  ...uploadHandlers,
  ...storiesHandlers,
  ...worldsHandlers,
  ...writingHandlers,
  ...socialHandlers,
  ...squareHandlers,
  ...eventsHandlers,
  ...explorationHandlers,
  ...paymentHandlers,
  ...cashierHandlers,
  ...chargingHandlers,
  ...socketHandlers,
];
