import { accountHandlers } from './account';
import { profileHandlers } from './profile';
import { settingsHandlers } from './settings';

/** Every handler of the mock backend, shared by the browser worker, Vitest and Storybook. */
export const handlers = [...accountHandlers, ...profileHandlers, ...settingsHandlers];
