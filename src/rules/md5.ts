import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Hex MD5 of a UTF-8 string: how the login payload sends a password (spec 1 §3). */
export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}
