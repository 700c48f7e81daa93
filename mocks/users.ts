import type { UserRecord } from './db';

/**
 * A new user record: the given fields over the defaults of a fresh account. Used by the
 * seed factories and by the handlers that create an account on first login. Keys come in
 * the schema's order, so the seed file stays byte-stable.
 */
export function newUser(
  fields: Pick<UserRecord, 'uid' | 'nickname' | 'created_at'> & Partial<UserRecord>,
): UserRecord {
  const { uid, nickname, created_at, ...rest } = fields;
  return {
    uid,
    nickname,
    headimgurl: '',
    phone: '',
    callcode: '86',
    email: '',
    pwd: '',
    created_at,
    model_length: 100,
    model_type: 'v1',
    shut: false,
    shut_time: 0,
    shut_end_time: 0,
    is_official: false,
    bio: '',
    ...rest,
  };
}
