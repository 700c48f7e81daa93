import { describe, expect, it } from 'vitest';
import { serviceFor } from './env';

describe('serviceFor', () => {
  it('sends the third-party auth host its calls (spec 1 §7)', () => {
    expect(serviceFor('/oauth2/user_token')).toBe('auth');
    expect(serviceFor('/api/v1/auth/oauth_proxy/login')).toBe('auth');
    expect(serviceFor('/v2/oauth/wechat/callback')).toBe('main');
  });

  it('sends the worlds service the calls spec 1 §7 lists with the worlds', () => {
    expect(serviceFor('/api/v1/universes/w_1')).toBe('worlds');
    expect(serviceFor('/api/v1/audit/images/img_1')).toBe('worlds');
    expect(serviceFor('/api/v2/stories/s_1/continue_writing_character')).toBe('worlds');
    expect(serviceFor('/api/v1/stories/s_1')).toBe('main');
  });
});
