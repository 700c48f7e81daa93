/** Stable ids of the seed that scenarios and docs refer to (see factories.ts). */
export const AUTHOR_UID = 'u_author';
export const AUTHOR_PHONE = '13800138000';
export const AUTHOR_EMAIL = 'author@inkworld.test';
